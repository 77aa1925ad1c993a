"""The Simulate page: computer players play a variant many times; the balance report.

All the work is in ``referee.simulate``; this page only asks, shows progress and draws.  Before
a run it shows how long it will take (from a short measured run on this machine); during a run
it redraws the report after every chunk of games, and since every Streamlit call between two
chunks checks whether the browser tab is still there, a closed tab or a rerun ends the run.
A variant handed over by the Design page ("test this variant") arrives in
``st.session_state["simulate_variant"]`` and is offered first.
"""

from __future__ import annotations

import json
import os

import altair as alt
import streamlit as st

from referee.app import state
from referee.app.common import group_words, md, variant_from_yaml, variant_sources
from referee.simulate import BOTS, DEFAULT_STEP_CAP, Report, simulate_live
from referee.simulate.estimate import Estimate, estimate_run
from referee.variant.loader import VariantError
from referee.variant.model import Variant

HANDED_OVER = "simulate_variant"  # a Variant, set by the Design page
REPORT = "simulate_report"
SEEN = "simulate_variant_seen"
SPEED = "simulate_speed"  # (what was measured) -> the Estimate of one game on one core
REDRAW = 0.5  # seconds between two redraws of the report during a run

st.title("Simulate")
st.caption(
    "Computer players play the variant many times, so you can see how it plays: how long games "
    "last, how often the pile is picked up or burns, which cards get played, and whether the "
    "first seats have an edge. Every card is known to the computer players."
)

# --- the report, drawn live during a run and in full afterwards ---------------------------------


def draw_report(report: Report, final: bool) -> None:
    """The report; while a run is going (``final`` false) without downloads."""
    st.subheader("Report" if final else "Report so far")
    st.caption(
        md(
            f"{report.variant_name}: {report.players} players, {report.games} games, "
            f"seed {report.seed}, computer players: {', '.join(report.bots)}. "
            f"{report.seconds:.1f} s ({report.games_per_second:,.0f} games per second)."
        )
    )
    if report.may_not_end:
        st.warning(
            f"{report.cap_share:.1%} of the games had not ended after {report.step_cap} steps: "
            "this variant may not end."
        )
    m1, m2, m3, m4 = st.columns(4)
    m1.metric("Steps per game (mean)", f"{report.steps.mean:.1f}")
    m2.metric("Pick-ups per game", f"{report.pickups_per_game:.2f}")
    m3.metric("Burns per game", f"{report.burns_per_game:.2f}")
    m4.metric("Games stopped at the cap", f"{report.capped} ({report.cap_share:.1%})")
    t = report.steps
    st.write(
        f"Game length in steps (plays and pick-ups): shortest {t.min}, median {t.median:g}, 90% of games within "
        f"{t.p90}, longest {t.max}."
    )

    g1, g2 = st.columns(2)
    with g1:
        st.markdown("**Game length (steps)**")
        hist = (
            alt.Chart(alt.Data(values=report.histogram_rows()))  # type: ignore[no-untyped-call]
            .mark_bar()
            .encode(
                x=alt.X("steps:N", sort=None, title="steps"),
                y=alt.Y("games:Q", title="games"),
                tooltip=["steps:N", "games:Q"],
            )
        )
        st.altair_chart(hist, width="stretch")
    with g2:
        st.markdown("**Who loses, by seat** (seat 1 starts)")
        seats = (
            alt.Chart(alt.Data(values=report.seat_rows()))  # type: ignore[no-untyped-call]
            .mark_bar()
            .encode(
                x=alt.X("seat:N", sort=None, title="seat"),
                y=alt.Y("share:Q", title="share of games lost", axis=alt.Axis(format="%")),
                tooltip=["seat:N", "games:Q", alt.Tooltip("share:Q", format=".1%")],
            )
        )
        st.altair_chart(seats, width="stretch")

    st.markdown("**Computer players**")
    st.dataframe(report.bot_rows(), hide_index=True)
    st.markdown("**Cards played per game**")
    # A static table, not st.dataframe: the dataframe's own "Download as CSV" would write card
    # names as typed, and a name like "=1+2" is a formula in a spreadsheet (issue 19).  The
    # report's own CSV (below) carries card ids only.
    st.table(
        [
            {
                "card": md(row["card"]),
                "plays per game": f"{row['plays per game']:.2f}",
                "cards per game": f"{row['cards per game']:.2f}",
                "power": "yes" if row["power"] else "no",
            }
            for row in report.card_rows()
        ]
    )

    if not final:
        return
    name = report.variant_id or "variant"
    dl1, dl2 = st.columns(2)
    dl1.download_button(
        "Download the report (JSON)",
        data=json.dumps(report.to_dict(), indent=2),
        file_name=f"{name}-simulation.json",
        mime="application/json",
        key="simulate_download_json",
        on_click="ignore",
    )
    dl2.download_button(
        "Download the report (CSV)",
        data=report.to_csv(),
        file_name=f"{name}-simulation.csv",
        mime="text/csv",
        key="simulate_download_csv",
        on_click="ignore",
    )
    with st.expander("The report as text"):
        st.code(report.to_text(), language=None)


# --- which variant ---------------------------------------------------------------------------

options: dict[str, tuple[str, Variant | None, str]] = {}  # key -> (label, variant, yaml)
handed = st.session_state.get(HANDED_OVER)
if isinstance(handed, Variant):
    options["design"] = (f"{handed.name} (from the Design page)", handed, "")
    if st.session_state.get(SEEN) != handed:  # newly handed over: select it
        st.session_state[SEEN] = handed
        st.session_state["simulate_variant_key"] = "design"
for source in variant_sources(state.store()):
    options[source.key] = (source.label, None, source.yaml)

key = st.selectbox(
    "Variant", list(options), format_func=lambda k: options[k][0], key="simulate_variant_key"
)
label, variant, text = options[key]
if variant is None:
    try:
        variant = variant_from_yaml(text)
    except VariantError:
        st.error("This variant has mistakes, so it cannot be simulated. Fix it on the Design page.")
        st.stop()
assert variant is not None
# The group's words on this page, isolated wherever they appear in a sentence (issue 19).
group_words([variant.name, *(card.name for card in variant.karma_cards)])

# --- settings --------------------------------------------------------------------------------

c1, c2, c3 = st.columns(3)
players = c1.number_input(
    "Players",
    min_value=variant.min_players,
    max_value=variant.max_players,
    value=max(variant.min_players, min(4, variant.max_players)),
    step=1,
    key="simulate_players",
)
games = c2.number_input(
    "Games", min_value=1, max_value=100_000, value=500, step=100, key="simulate_games"
)
seed = c3.number_input("Seed", min_value=0, value=1, step=1, key="simulate_seed")
bots = st.multiselect(
    "Computer players (they take turns at the seats, one seat further each game)",
    list(BOTS),
    default=["random"],
    key="simulate_bots",
    help="random: any legal step. greedy: lowest card first, Karma cards kept back. "
    "smart: also burns, attacks the next player and spends Karma cards well.",
)
with st.expander("More settings"):
    d1, d2 = st.columns(2)
    step_cap = d1.number_input(
        "Stop a game after this many steps (plays and pick-ups)",
        min_value=10,
        max_value=100_000,
        value=DEFAULT_STEP_CAP,
        step=100,
        key="simulate_step_cap",
    )
    cores = os.cpu_count() or 1
    jobs = d2.number_input(
        "Processes (more is faster on a machine with several cores)",
        min_value=1,
        max_value=cores,
        value=1,
        step=1,
        key="simulate_jobs",
    )

# --- how long, and the run --------------------------------------------------------------------

# A bounded sample (referee.simulate.estimate): at most about 0.15 CPU-seconds, whatever the
# variant and the cap, measured again only when what it depends on changes.
measured = (key, id(variant), int(players), tuple(bots), int(step_cap))
speeds = st.session_state.setdefault(SPEED, {})
if bots and measured not in speeds:
    try:
        speeds[measured] = estimate_run(
            variant, players=int(players), bots=tuple(bots), step_cap=int(step_cap), games=1
        )
    except ValueError as e:
        speeds[measured] = str(e)
if bots:
    one_game = speeds[measured]
    workers = max(1, min(int(jobs), os.cpu_count() or 1))
    if isinstance(one_game, Estimate):
        st.caption(f"This will take {one_game.words(int(games), workers)}.")
    else:
        st.caption(md(f"No estimate: {one_game}"))

live = st.empty()
if st.button("Run the simulation", type="primary", disabled=not bots, key="simulate_run"):
    bar = st.progress(0.0, text="Starting…")
    total = int(games)
    shown = 0.0
    try:
        for partial in simulate_live(
            variant,
            players=int(players),
            games=total,
            seed=int(seed),
            bots=tuple(bots),
            jobs=int(jobs),
            step_cap=int(step_cap),
        ):
            # Every Streamlit call here raises StopException once the tab has closed (or the
            # script is asked to rerun), which ends the run between two chunks.
            bar.progress(partial.games / total, text=f"{partial.games} of {total} games")
            if partial.games < total and partial.seconds - shown >= REDRAW:
                shown = partial.seconds
                with live.container():
                    draw_report(partial, final=False)
            if partial.games == total:
                st.session_state[REPORT] = partial
    except ValueError as e:
        st.error(md(str(e)))
    live.empty()
    bar.empty()
if not bots:
    st.info("Choose at least one kind of computer player.")

# --- the report ------------------------------------------------------------------------------

report = st.session_state.get(REPORT)
if isinstance(report, Report):
    draw_report(report, final=True)
