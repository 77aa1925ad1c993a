"""The Referee page: start a game, then referee it at the table (tablet first).

One screen per step on a tablet: whose turn, the direction of play, the top card and what may
follow, the last step's outcome, the card grid, the choices, the live verdict and the actions
all fit without scrolling (a phone keeps the actions in a sticky bar).  Every action carries
the game version this tablet showed: a tablet that is behind is refused and shown the game as
it is now, never applied to whoever moves next.  Other tablets follow within two seconds.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from referee.app import follow, state, table
from referee.app.common import plain, variant_from_yaml, variant_sources
from referee.engine import IllegalStep, PickUp, SetupError
from referee.engine.steps import ZONES
from referee.store import Conflict, DamagedGame, NotFound, StorageError
from referee.variant.loader import VariantError

store = state.store()
FLASH = "flash"
TO_TOP, TO_TOP_DONE = "to_top", "to_top_done"
RESET_KEY = "reset_choice"  # set by the follower: start the next run with a fresh choice
SHOWN_KEY = "table_shown"  # the Table this tablet last drew (its steps, its version)

# The table's own layout rules (no user text): compact spacing so that one step fits on one
# tablet screen, and a sticky action bar on a phone.
TABLE_STYLE = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 4.1rem; padding-bottom: 1rem; }
.st-key-tbl_top [data-testid="stVerticalBlock"], .st-key-tbl_top { gap: 0.35rem; }
.st-key-tbl_top h3 { padding: 0.1rem 0; }
[data-testid="stMain"] [data-testid="stAlertContainer"] { padding: 0.45rem 0.75rem; }
[data-testid="stMainBlockContainer"] > div > [data-testid="stVerticalBlock"] { gap: 0.8rem; }
.st-key-card_grid { gap: 0.55rem; }
.st-key-card_grid button { min-width: 3.3rem; padding: 0 0.6rem; }
.st-key-card_grid button:disabled { opacity: 0.45; text-decoration: line-through; }
.st-key-tbl_choices [data-testid="stWidgetLabel"] { min-height: 1rem; margin-bottom: 0.1rem; }
.st-key-action_bar { background: var(--background-color, #fff); }
.st-key-action_buttons button { white-space: nowrap; }
@media (max-width: 700px) {
  [data-testid="stLayoutWrapper"]:has(> .st-key-action_bar) {
    position: sticky; bottom: 0; z-index: 50;
  }
  .st-key-action_bar { padding: 0.35rem 0 0.5rem 0; box-shadow: 0 -3px 8px rgba(0, 0, 0, 0.12); }
}
</style>
"""


def _to_top() -> None:
    """Ask the next drawing to scroll to the top, where the outcome of a step shows."""
    st.session_state[TO_TOP] = st.session_state.get(TO_TOP, 0) + 1


def _scroll_to_top() -> None:
    n = st.session_state.get(TO_TOP)
    if not n or st.session_state.get(TO_TOP_DONE) == n:
        return
    st.session_state[TO_TOP_DONE] = n
    # No user text: a fixed script (the counter only makes each request a new element).
    st.html(
        f"<script>/* {int(n)} */ document.querySelector('[data-testid=\"stMain\"]')"
        "?.scrollTo({top: 0});</script>",
        unsafe_allow_javascript=True,
    )


def _flash(kind: str, text: str) -> None:
    st.session_state[FLASH] = (kind, text)


def _reset_choice(tbl: table.Table | None = None) -> None:
    st.session_state["sel_card"] = None
    st.session_state["sel_count"] = 1
    st.session_state["sel_to"] = None
    st.session_state["sel_give"] = None
    st.session_state["sel_by"] = ""
    if tbl is not None:
        st.session_state["sel_zone"] = table.default_zone(tbl.game)
    else:
        st.session_state.pop("sel_zone", None)


def _table() -> table.Table | None:
    """The current game, cached in the session while the stored version matches."""
    gid = state.current_game_id()
    if not gid:
        return None
    try:
        tbl = table.load_table(store, gid, st.session_state.get(state.TABLE_KEY))
    except NotFound:
        state.set_game(None)
        _flash("warning", "That game is not stored here any more. Start a new one.")
        return None
    except VariantError:
        state.set_game(None)
        _flash("error", "That game's variant cannot be read any more.")
        return None
    except DamagedGame as e:
        state.set_game(None)
        _flash("error", e.message)
        return None
    except StorageError as e:  # the whole folder: callbacks run outside main.py's fault page
        _flash("error", e.message)
        return None
    st.session_state[state.TABLE_KEY] = tbl
    return tbl


# --- callbacks (they run before the page is drawn, so the screen shows the stored state) --------


def _select(card: Any) -> None:
    tbl = _table()
    st.session_state["sel_card"] = card
    st.session_state["sel_count"] = 1
    st.session_state["sel_to"] = None
    st.session_state["sel_give"] = None
    if tbl is not None:  # a new card: the zone due now, whatever was chosen for the last one
        st.session_state["sel_zone"] = table.default_zone(tbl.game)
    st.session_state.pop(FLASH, None)


def _proposed(tbl: table.Table) -> Any:
    card = st.session_state.get("sel_card")
    if card is None or not tbl.game.variant.is_card(card):
        return None
    return table.propose(
        tbl.game,
        card,
        st.session_state.get("sel_count") or 1,
        st.session_state.get("sel_zone") or "hand",
        st.session_state.get("sel_to"),
        st.session_state.get("sel_give"),
        st.session_state.get("sel_by"),
    )


ACTION_WORDS = {"play": "play", "pickup": "pick-up", "undo": "undo", "redo": "redo"}


def _do(action: str, shown: int) -> None:
    """Carry out an action the tablet showed at version ``shown`` — only if it still is."""
    old = st.session_state.get(SHOWN_KEY)  # the game as this tablet drew it
    if old is not None and old.version != shown:
        old = None
    tbl = _table()
    if tbl is None:
        return
    moved_on = old is None or not table.same_game(old, tbl)
    if tbl.version != shown and moved_on:
        _reset_choice(tbl)
        _flash("warning", table.stale_words(old, tbl, ACTION_WORDS[action]))
        return
    try:
        if action == "play":
            step = _proposed(tbl)
            if step is None:
                return
            table.commit(store, tbl, step)
            _reset_choice(tbl)
            _to_top()
        elif action == "pickup":
            who = tbl.game.turn
            if who is None:
                return
            table.commit(store, tbl, PickUp(who))
            _reset_choice(tbl)
            _to_top()
        elif action == "undo":
            if not tbl.game.can_undo():
                return
            words = table.step_words(tbl.game.history[-1][1])
            n = tbl.game.step_count
            table.undo(store, tbl)
            _reset_choice(tbl)
            _to_top()
            _flash("info", f"Undid step {n}: {words}")
            return
        elif action == "redo":
            if not tbl.game.can_redo():
                return
            table.redo(store, tbl)
            _reset_choice(tbl)
            _to_top()
        st.session_state.pop(FLASH, None)
    except IllegalStep as e:
        _reset_choice(tbl)
        _flash("error", table.verdict_words(e.verdict))
    except Conflict:
        st.session_state.pop(state.TABLE_KEY, None)
        fresh = _table()
        _reset_choice(fresh)
        if fresh is not None:
            _flash("warning", table.stale_words(old, fresh, ACTION_WORDS[action]))
    except StorageError as e:
        st.session_state.pop(state.TABLE_KEY, None)
        _flash("error", f"That step was not recorded: {e.message}")


def _leave() -> None:
    state.set_game(None)
    _reset_choice()
    st.session_state.pop(FLASH, None)


# --- drawing --------------------------------------------------------------------------------


def _show_flash() -> bool:
    flash = st.session_state.get(FLASH)
    if not flash:
        return False
    kind, text = flash
    getattr(st, kind)(plain(text))
    return True


def new_game_form() -> None:
    st.title("Karma Referee")
    st.write("Start a new game, or carry on with one from the list below.")
    _show_flash()
    sources = variant_sources(store)
    if not sources:
        st.error("No variants found.")
        return
    by_key = {s.key: s for s in sources}
    key = st.selectbox(
        "Which Karma?",
        list(by_key),
        format_func=lambda k: by_key[k].label,  # select options show as text (not Markdown)
        key="new_variant",
    )
    src = by_key[key]
    try:
        variant = variant_from_yaml(src.yaml)
    except VariantError as e:
        st.error(plain(f"This variant has a mistake: {e}"))
        return
    if variant.description:
        st.caption(plain(variant.description))
    lo, hi = variant.min_players, variant.max_players
    n = st.number_input(
        f"How many players? ({lo} to {hi})", min_value=lo, max_value=hi, value=lo, key="new_n"
    )
    st.write("Names, in seating order (clockwise). The first player starts.")
    cols = st.columns(2)
    names = []
    for i in range(int(n)):
        with cols[i % 2]:
            name = st.text_input(
                f"Player {i + 1}", key=f"new_name_{i}", placeholder=f"Player {i + 1}", max_chars=30
            )
        names.append(name.strip() or f"Player {i + 1}")
    game_name = st.text_input(
        "Name this game (optional)",
        key="new_game_name",
        placeholder=f"{variant.name}: {', '.join(names)}",
        max_chars=80,
    )
    face_up: dict[str, list[Any]] = {}
    cards = variant.all_cards()
    with st.expander("Face-up cards (optional: lets the referee know them)"):
        st.caption(
            f"After the deal each player lays {variant.deal.face_up} cards face up. "
            "Enter them here, or leave a player on “not entered”."
        )
        for i, name in enumerate(names):
            if not st.toggle(plain(f"Enter {name}'s face-up cards"), key=f"new_fu_on_{i}"):
                continue
            fcols = st.columns(max(1, variant.deal.face_up))
            chosen = []
            for j in range(variant.deal.face_up):
                with fcols[j]:
                    chosen.append(
                        st.selectbox(
                            f"Card {j + 1}",
                            cards,
                            format_func=variant.card_name,  # shown as text
                            key=f"new_fu_{i}_{j}",
                        )
                    )
            face_up[name] = chosen
    if st.button("Start the game", type="primary", key="new_start", width="stretch"):
        try:
            gid = table.new_game(
                store,
                variant_id=src.id,
                variant_yaml=src.yaml,
                builtin=src.builtin,
                players=names,
                face_up=face_up or None,
                name=game_name.strip(),
            )
        except SetupError as e:
            st.error(plain(f"This game cannot start: {e}"))
            return
        except StorageError as e:
            st.error(plain(f"The game could not be stored: {e.message}"))
            return
        state.set_game(gid)
        _reset_choice()
        _to_top()
        st.session_state.pop(FLASH, None)
        st.rerun()
    games = state.recent_games(limit=5)
    if games:
        st.subheader("Carry on with a game")
        for g in games:
            status = f"{g.loser} lost" if g.over and g.loser else table.steps_words(g.step_count)
            if st.button(plain(f"{g.name} — {status}"), key=f"resume_{g.id}", width="stretch"):
                state.set_game(g.id)
                _reset_choice()
                _to_top()
                st.rerun()
        st.caption("Every stored game is on the Games page (search, rename, delete).")


def table_screen(tbl: table.Table) -> None:
    st.session_state[SHOWN_KEY] = tbl
    _scroll_to_top()
    game = tbl.game
    v = game.variant
    n = game.step_count
    s = game.state
    with st.container(key="tbl_top"):
        if game.over:
            st.subheader(
                plain(f"Game over: {game.loser} lost." if game.loser else "Game over."),
                anchor=False,
            )
        else:
            st.subheader(plain(f"{game.turn}'s turn"), anchor=False)
        title = tbl.name if v.name in tbl.name else f"{tbl.name} · {v.name}"
        facts = [
            table.direction_words(game),
            f"Top card: {table.top_words(game)}",
            f"Pile {len(s.pile)} · Draw pile {s.draw_pile} · Out of play {s.out_of_play}",
        ]
        st.caption(plain(" · ".join(f for f in facts if f)))
        flashed = _show_flash()
        if tbl.skipped:
            st.warning(f"{tbl.skipped} stored steps could not be replayed and were left out.")
        last = table.last_step_words(game)
        if last and not flashed:
            st.success(plain(f"Last step ({n}): {last}"))
        if not game.over:
            st.info(plain(game.hint()))
    if not game.over:
        _step_controls(tbl)
    else:
        _actions(tbl, None)

    st.caption(plain(f"{title} · {table.steps_words(n)} so far"))
    st.table(
        [{k: (plain(x) if isinstance(x, str) else x) for k, x in row.items()} for row in _rows(tbl)]
    )
    with st.expander(f"Game log (last {table.LOG_LENGTH} steps)"):
        lines = table.log_lines(game)
        if not lines:
            st.write("No steps yet.")
        for line in lines:
            st.text(f"{line.number}. {line.text}")
    _export(tbl)
    follow.follow(store, state.process_store(), tbl.gid, tbl.version, _followed)


def _rows(tbl: table.Table) -> list[dict[str, Any]]:
    game = tbl.game
    rows = table.player_table(game)
    for row, name in zip(rows, game.state.names, strict=True):
        row["Hand cards known"] = table.known_cards_words(game, name, "hand")
    return rows


def _step_controls(tbl: table.Table) -> None:
    game = tbl.game
    v = game.variant
    if not st.session_state.get("sel_zone"):
        st.session_state["sel_zone"] = table.default_zone(game)
    sel = st.session_state.get("sel_card")
    if sel is not None and not v.is_card(sel):
        sel = st.session_state["sel_card"] = None
    playable = table.playable_cards(game)
    with st.container(key="card_grid", horizontal=True, gap="small"):
        for card in [*v.ranks, *(k.id for k in v.karma_cards)]:
            st.button(
                plain(v.card_name(card)) if isinstance(card, str) else str(card),
                key=f"card_{card}",
                on_click=_select,
                args=(card,),
                type="primary" if sel == card else "secondary",
                disabled=not playable.get(card, True),
            )
    with st.container(key="tbl_choices"):
        c: Any = st.columns([2, 3, 2])
        with c[0]:
            st.segmented_control(
                "How many?",
                list(range(1, table.max_count(game, sel if sel is not None else v.ranks[0]) + 1)),
                key="sel_count",
                required=True,
            )
        with c[1]:
            st.segmented_control(
                "From",
                list(ZONES),
                format_func=lambda z: table.ZONE_LABELS[z],
                key="sel_zone",
                required=True,
            )
        with c[2]:
            movers = ["", *table.others(game)]
            if st.session_state.get("sel_by") not in movers:
                st.session_state["sel_by"] = ""
            st.selectbox(
                "Played by",
                movers,
                format_func=lambda p: p or f"{game.turn} (their turn)",  # shown as text
                key="sel_by",
            )
        traits = game.traits(sel) if sel is not None else None
        if sel is not None and traits is not None and (traits.needs_target or traits.takes_give):
            d: Any = st.columns(2)
            if traits.needs_target:
                with d[0]:
                    st.segmented_control(
                        plain(f"{v.card_name(sel)}: which player?"),
                        [
                            p
                            for p in game.state.names
                            if p != (st.session_state.get("sel_by") or game.turn)
                        ],
                        format_func=plain,
                        key="sel_to",
                    )
            if traits.takes_give:
                with d[1]:
                    st.selectbox(
                        "Which card is given? (if you saw it)",
                        [None, *v.all_cards()],
                        format_func=lambda c: "Not seen" if c is None else v.card_name(c),
                        key="sel_give",
                    )
        chosen = v.karma(sel) if isinstance(sel, str) else None
        if chosen is not None and chosen.text:
            st.caption(plain(f"{chosen.name}: {chosen.text}"))
    _actions(tbl, sel)


def _verdict(tbl: table.Table, sel: Any) -> bool:
    """Show the live verdict; True when Play may be pressed."""
    game = tbl.game
    v = game.variant
    if sel is None:
        st.caption("Tap the card that was put down, check the verdict, then press Play.")
        return False
    if game.traits(sel).needs_target and not st.session_state.get("sel_to"):
        st.info(plain(f"Who is the {v.card_name(sel)} for? Tap a player above."))
        return False
    verdict = table.verdict_for(game, _proposed(tbl))
    if verdict is None:
        return False
    if verdict.legal:
        st.success(plain(table.verdict_words(verdict)))
    else:
        st.error(plain(table.verdict_words(verdict)))
    return verdict.legal


def _actions(tbl: table.Table, sel: Any) -> None:
    game = tbl.game
    shown = tbl.version
    with st.container(key="action_bar"):
        ok = _verdict(tbl, sel) if not game.over else False
        with st.container(key="action_buttons", horizontal=True, gap="small"):
            st.button(
                "Play",
                key="do_play",
                type="primary",
                on_click=_do,
                args=("play", shown),
                disabled=not ok,
                width="stretch",
            )
            st.button(
                "Pick up the pile",
                key="do_pickup",
                on_click=_do,
                args=("pickup", shown),
                disabled=not table.can_pick_up(game),
                width="stretch",
            )
            st.button(
                "Undo",
                key="do_undo",
                icon=":material/undo:",
                on_click=_do,
                args=("undo", shown),
                disabled=not game.can_undo(),
                width="stretch",
            )
            st.button(
                "Redo",
                key="do_redo",
                icon=":material/redo:",
                on_click=_do,
                args=("redo", shown),
                disabled=not game.can_redo(),
                width="stretch",
            )


def _followed() -> None:
    """Another tablet changed this game (referee.app.follow saw a new version): take it."""
    shown = st.session_state.get(SHOWN_KEY)
    if shown is None:
        return
    gid = shown.gid
    try:
        now = store.version(gid)
    except StorageError:
        return
    if now == shown.version:
        return
    try:
        fresh = table.load_table(store, gid)
    except (NotFound, VariantError, StorageError):
        return  # the page's own load says what is wrong
    if not table.same_game(shown, fresh):
        st.session_state[RESET_KEY] = True
        _flash("info", table.change_words(shown, fresh))
    st.session_state[state.TABLE_KEY] = fresh


def _export(tbl: table.Table) -> None:
    c: Any = st.columns(2)
    with c[0]:
        st.download_button(
            "Download the game record",
            data=lambda: table.export_text(tbl),
            file_name=f"karma-game-{tbl.gid}.yaml",
            mime="application/x-yaml",
            key="do_export",
            on_click="ignore",
            width="stretch",
        )
    with c[1]:
        st.button("Leave this game", key="do_leave", on_click=_leave, width="stretch")


st.html(TABLE_STYLE)
tbl = _table()
if st.session_state.pop(RESET_KEY, False):
    _reset_choice(tbl)
if tbl is None:
    new_game_form()
else:
    table_screen(tbl)
