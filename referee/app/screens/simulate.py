"""The Simulate page: the designer's answers for a variant, each with its margin.

All the work is in ``referee.simulate`` (the same analysis as ``karma simulate`` and the Design
page); this page only asks, shows progress and draws.  During a run the answers fill in after
every chunk of games; **Cancel** (any click, in fact) reruns the page, which ends the run between
two chunks and keeps the answers so far.  A variant handed over by the Design page arrives in
``st.session_state["simulate_variant"]`` (and the one it started from in
``"simulate_parent"``) and is offered first.
"""

from __future__ import annotations

import json
import os
from contextlib import closing
from dataclasses import replace
from typing import Any

import altair as alt
import streamlit as st

from referee.app import state, trial
from referee.app.common import group_words, md, variant_from_yaml, variant_sources
from referee.simulate import BOTS, DEFAULT_STEP_CAP
from referee.simulate.analysis import (
    BOT_NAMES,
    BOT_WORDS,
    DEFAULT_BOTS,
    Analysis,
    Question,
    powered_cards,
)
from referee.simulate.answers import Pace, headlines, to_csv, to_dict, to_text
from referee.simulate.estimate import Estimate, estimate_run
from referee.simulate.stats import how_often
from referee.variant.loader import VariantError
from referee.variant.model import Variant

HANDED_OVER = "simulate_variant"  # a Variant, set by the Design page
PARENT = "simulate_parent"  # the Variant it started from, set by the Design page
ANALYSIS = "simulate_analysis"
SEEN = "simulate_variant_seen"
SPEED = "simulate_speed"
NONE = "none"

st.title("Simulate")
st.caption(
    "Computer players play the variant many times and answer a designer's questions: does it "
    "end, is it fair, what is each card worth, how long is a game. Every answer comes with its "
    "margin (95% sure), and the run stops once the answers are sure enough."
)


# --- charts ----------------------------------------------------------------------------------


def _values(rows: list[dict[str, Any]]) -> alt.Data:
    return alt.Data(values=rows)  # type: ignore[no-untyped-call]


def worth_chart(a: Analysis) -> Any:
    """Each card's worth in points, with its 95% interval as an error bar."""
    shown = sorted((c for c in a.cards if c.measured), key=lambda c: -c.worth.value)
    rows = [
        {
            "card": c.name,
            "points": round(c.worth.value * 100, 1),
            "low": round(c.worth.low * 100, 1),
            "high": round(c.worth.high * 100, 1),
            "a copy": round(c.per_copy.value * 100, 1),
        }
        for c in shown
    ]
    order = [c.name for c in shown]  # by worth, the strongest on top
    title = "worth, all copies (points)"
    base = alt.Chart(_values(rows)).encode(
        y=alt.Y("card:N", sort=order, title=None),
        tooltip=["card:N", "points:Q", "a copy:Q", "low:Q", "high:Q"],
    )
    bars = base.mark_bar().encode(x=alt.X("points:Q", title=title))
    err = base.mark_errorbar(ticks=True).encode(
        x=alt.X("low:Q", title=title), x2=alt.X2("high:Q", title=None)
    )
    return alt.layer(bars, err)


def seat_chart(a: Analysis) -> Any:
    """Each seat's share of the losses with its interval, and the fair share as a rule."""
    rows = [
        {
            "seat": f"seat {j + 1}",
            "share": s.value,
            "low": s.low,
            "high": s.high,
        }
        for j, s in enumerate(a.seats.shares)
        if s.known
    ]
    base = alt.Chart(_values(rows)).encode(
        x=alt.X("seat:N", sort=None, title=None),
        tooltip=[
            "seat:N",
            alt.Tooltip("share:Q", format=".0%"),
            alt.Tooltip("low:Q", format=".0%"),
            alt.Tooltip("high:Q", format=".0%"),
        ],
    )
    bars = base.mark_bar().encode(
        y=alt.Y("share:Q", title="share of games lost", axis=alt.Axis(format="%"))
    )
    err = base.mark_errorbar(ticks=True).encode(
        y=alt.Y("low:Q", title="share of games lost", axis=alt.Axis(format="%")),
        y2=alt.Y2("high:Q", title=None),
    )
    fair = (
        alt.Chart(_values([{"fair": 1 / max(1, len(a.seats.shares))}]))
        .mark_rule(strokeDash=[4, 4])
        .encode(y=alt.Y("fair:Q", title="share of games lost"))
    )
    return alt.layer(bars, err, fair)


def length_chart(a: Analysis) -> Any:
    """The length of the games, as a share of games by length; the parent's overlaid."""
    rows = []
    reports = [(a.question.variant.name, a.report)]
    if a.parent_report is not None and a.question.parent is not None:
        reports.append((a.question.parent.name, a.parent_report))
    for name, r in reports:
        total = max(1, r.games)
        for b in r.steps.histogram:
            rows.append({"variant": name, "steps": (b.low + b.high) / 2, "share": b.games / total})
    return (
        alt.Chart(_values(rows))
        .mark_area(opacity=0.45, interpolate="step")
        .encode(
            x=alt.X("steps:Q", title="steps in a game"),
            y=alt.Y("share:Q", title="share of games", axis=alt.Axis(format="%"), stack=None),
            color=alt.Color("variant:N", title=None, legend=alt.Legend(orient="bottom")),
            tooltip=["variant:N", "steps:Q", alt.Tooltip("share:Q", format=".1%")],
        )
    )


# --- the answers -----------------------------------------------------------------------------


def draw(a: Analysis, pace: Pace, final: bool) -> None:
    """The answers; while a run is going (``final`` false) without downloads."""
    if a.stopped == "cancelled":
        st.info(f"Stopped by you after {a.games:,} games: these are the answers so far.")
    for question, answer in headlines(a, pace):
        st.markdown(f"**{md(question)}** {md(answer)}")
    if a.may_not_end:
        st.warning(
            f"{how_often(1 - a.ends.value).capitalize()} did not end "
            f"({a.report.unfinished_words()}): this variant may not end."
        )
    g1, g2 = st.columns(2)
    with g1:
        st.markdown("**Who loses, by seat** (seat 1 starts; the line is a fair share)")
        st.altair_chart(seat_chart(a), width="stretch")
    with g2:
        st.markdown("**How long a game is**")
        st.altair_chart(length_chart(a), width="stretch")
    if any(c.measured for c in a.cards):
        st.markdown(
            "**What each card is worth** (points more often lost without it, all its copies; "
            "the strongest on top)"
        )
        st.altair_chart(worth_chart(a), width="stretch")
    st.markdown("**The cards**")
    # A static table, not st.dataframe: the dataframe's own "Download as CSV" would write card
    # names as typed, and a name like "=1+2" is a formula in a spreadsheet (issue 19).  The
    # answers' own CSV (below) carries card ids only.
    worth = {c.card: c for c in a.cards}
    st.table(
        [
            {
                "card": md(row["card"]),
                "plays per game": f"{row['plays per game']:.2f}",
                "worth (points)": (
                    f"{worth[key].worth.value * 100:.0f} {worth[key].worth.plus_minus(100)}"
                    if key in worth and worth[key].measured
                    else ""
                ),
                "copies": str(worth[key].copies) if key in worth else "",
                "worth of a copy": (
                    f"{worth[key].per_copy.value * 100:.0f} {worth[key].per_copy.plus_minus(100)}"
                    if key in worth and worth[key].measured
                    else ""
                ),
            }
            for key, row in zip(a.report.plays_per_game, a.report.card_rows(), strict=True)
        ]
    )
    if not final:
        return
    name = a.question.variant.id or "variant"
    dl1, dl2 = st.columns(2)
    dl1.download_button(
        "Download the answers (JSON)",
        data=json.dumps(to_dict(a, pace), indent=2),
        file_name=f"{name}-simulation.json",
        mime="application/json",
        key="simulate_download_json",
        on_click="ignore",
    )
    dl2.download_button(
        "Download the answers (CSV)",
        data=to_csv(a, pace),
        file_name=f"{name}-simulation.csv",
        mime="text/csv",
        key="simulate_download_csv",
        on_click="ignore",
    )
    with st.expander("All the figures as text"):
        st.code(to_text(a, pace), language=None)


# --- which variant ---------------------------------------------------------------------------

options: dict[str, tuple[str, Variant | None, str]] = {}  # key -> (label, variant, yaml)
handed = st.session_state.get(HANDED_OVER)
if isinstance(handed, Variant):
    options["design"] = (f"{handed.name} (from the Design page)", handed, "")
    if st.session_state.get(SEEN) != handed:  # newly handed over: select it
        st.session_state[SEEN] = handed
        st.session_state["simulate_variant_key"] = "design"
        if isinstance(st.session_state.get(PARENT), Variant):
            st.session_state["simulate_compare"] = "parent"
sources = variant_sources(state.store())
for source in sources:
    options[source.key] = (source.label, None, source.yaml)


def _variant(key: str) -> Variant | None:
    label, variant, text = options[key]
    if variant is not None:
        return variant
    try:
        return variant_from_yaml(text)
    except VariantError:
        return None


key = st.selectbox(
    "Variant", list(options), format_func=lambda k: options[k][0], key="simulate_variant_key"
)
variant = _variant(key)
if variant is None:
    st.error("This variant has mistakes, so it cannot be simulated. Fix it on the Design page.")
    st.stop()
assert variant is not None
# The group's words on this page, isolated wherever they appear in a sentence (issue 19).
group_words([variant.name, *(card.name for card in variant.karma_cards)])

compare: dict[str, str] = {NONE: "Nothing"}
parent_handed = st.session_state.get(PARENT)
if isinstance(parent_handed, Variant) and key == "design":
    compare["parent"] = f"{parent_handed.name} (the variant it started from)"
compare.update({k: options[k][0] for k in options if k != "design"})

# --- settings --------------------------------------------------------------------------------

c1, c2 = st.columns(2)
players = c1.number_input(
    "Players",
    min_value=variant.min_players,
    max_value=variant.max_players,
    value=max(variant.min_players, min(4, variant.max_players)),
    step=1,
    key="simulate_players",
)
against = c2.selectbox(
    "Compare with", list(compare), format_func=compare.__getitem__, key="simulate_compare"
)
with st.expander("More settings"):
    bots = st.multiselect(
        "Computer players (they take turns at the seats, one seat further each game)",
        list(BOTS),
        default=list(DEFAULT_BOTS),
        key="simulate_bots",
        format_func=lambda b: BOT_NAMES.get(b, b),
        help=" ".join(f"{w[:1].upper()}{w[1:]}." for w in BOT_WORDS.values()),
    )
    d1, d2, d3 = st.columns(3)
    games = d1.number_input(
        "At most this many games", min_value=1, max_value=20_000, value=2000, step=100,
        key="simulate_games",
    )  # fmt: skip
    margin = d2.number_input(
        "Stop when sure within ± (points)", min_value=0, max_value=50, value=5, step=1,
        key="simulate_margin", help="0 plays every game.",
    )  # fmt: skip
    seed = d3.number_input("Seed", min_value=0, value=1, step=1, key="simulate_seed")
    e1, e2 = st.columns(2)
    step_cap = e1.number_input(
        "Stop a game after this many steps (plays and pick-ups)",
        min_value=10, max_value=100_000, value=DEFAULT_STEP_CAP, step=100,
        key="simulate_step_cap",
    )  # fmt: skip
    cores = os.cpu_count() or 1
    jobs = e2.number_input(
        "Processes (one per core is quickest)", min_value=1, max_value=cores, value=cores,
        step=1, key="simulate_jobs",
    )  # fmt: skip
    cards_on = st.checkbox("What each card is worth", value=True, key="simulate_cards")
    skill_on = st.checkbox("Luck or skill", value=True, key="simulate_skill")

parent: Variant | None = None
if against == "parent" and isinstance(parent_handed, Variant):
    parent = parent_handed
elif against != NONE and against in options:
    parent = _variant(against)
    if parent is None:
        st.warning("The variant to compare with has mistakes; it is left out.")

question = Question(
    variant,
    players=int(players),
    bots=tuple(bots),
    seed=int(seed),
    max_games=int(games),
    min_games=min(100, int(games)),
    target=int(margin) / 100,
    step_cap=int(step_cap),
    cards=bool(cards_on),
    skill=bool(skill_on),
    parent=parent,
)
problem = ""
try:
    question.check()
except ValueError as e:
    problem = str(e)

# --- how long ----------------------------------------------------------------------------------

if bots and not problem:
    measured = (key, id(variant), int(players), tuple(bots), int(step_cap))
    speeds = st.session_state.setdefault(SPEED, {})
    if measured not in speeds:
        try:
            speeds[measured] = estimate_run(
                variant, players=int(players), bots=tuple(bots), step_cap=int(step_cap), games=1
            )
        except ValueError as e:
            speeds[measured] = str(e)
    one = speeds[measured]
    if isinstance(one, Estimate):
        ways = 1 + (len(powered_cards(variant)) if cards_on else 0) + 2 * skill_on
        ways += parent is not None
        workers = max(1, min(int(jobs), cores))
        if one.at_least:
            st.caption(
                "It stops as soon as the answers are sure enough. Games may not end, and "
                f"then all the games asked for take {one.words(int(games) * ways, workers)}."
            )
        else:
            st.caption(
                "It stops as soon as the answers are sure enough; at most "
                f"{one.words(int(games) * ways, workers)}."
            )

# --- the run ---------------------------------------------------------------------------------

pace = trial.pace(state.store())
if st.session_state.get("simulate_cancel"):  # the click that stopped a run
    last = st.session_state.get(ANALYSIS)
    if isinstance(last, Analysis) and not last.done:
        st.session_state[ANALYSIS] = replace(last, done=True, stopped="cancelled")

if not bots:
    st.info("Choose at least one kind of computer player.")
elif problem:
    st.error(md(problem))
run = st.button(
    "Run the simulation", type="primary", disabled=bool(problem) or not bots, key="simulate_run"
)
if run:
    bar = st.progress(0.0, text="Starting…")
    stop = st.empty()
    stop.button("Cancel", key="simulate_cancel")
    live = st.empty()
    shown = None
    with closing(trial.run(question, int(jobs))) as answers:
        for partial in answers:
            # Every Streamlit call here raises once the tab has closed or Cancel is clicked
            # (a rerun), which ends the run and its workers at once (a run yields at least
            # every half second); the answers so far are kept.
            st.session_state[ANALYSIS] = partial
            widest = partial.headline_margin()
            sure = f"; sure within ± {widest * 100:.0f} points" if widest < 1 else ""
            left = partial.time_left_words()
            bar.progress(
                partial.progress(),
                text=f"{partial.games:,} games{sure}" + (f"; {left}" if left else ""),
            )
            if not partial.done and partial is not shown:
                shown = partial
                with live.container():
                    draw(partial, pace, final=False)
    live.empty()
    stop.empty()
    bar.empty()
    st.rerun()

answer = st.session_state.get(ANALYSIS)
if isinstance(answer, Analysis) and answer.done:
    draw(answer, pace, final=True)
