"""The Referee page: set a game up, then referee it at the table (tablet first).

One screen per step: at the top, what everybody looks for (whose turn, the top card drawn as a
card, the direction of play, what may follow), then the cards to tap, the choices a card needs,
the live verdict and the actions: one table, a component of our own (``referee.app.tablecomp``),
whose every step goes to the step route (``referee.app.tableapi``).  Every action carries the
game version this tablet showed: a tablet that is behind is refused and shown the game as it is
now, never applied to whoever moves next.  Other tablets follow at once.  At the end: who went out in which order, who
lost and why, a few numbers, and a rematch in one tap.  A slip at setup (a face-up card, the
seating, a name) is put right in the game, checked against every step already recorded.
"""

from __future__ import annotations

from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from referee.app import (
    board,
    follow,
    live,
    newgame,
    setup,
    state,
    table,
    tableapi,
    tablecomp,
    tableview_data,
    view,
)
from referee.app.common import VariantSource, group_words, plain, variant_sources
from referee.app.faults import guarded
from referee.engine import SetupError, Told
from referee.store import Conflict, DamagedGame, NotFound, StorageError
from referee.variant.loader import VariantError
from referee.variant.model import Card

store = state.store()
FLASH = "flash"
TO_TOP, TO_TOP_DONE = "to_top", "to_top_done"
SHOWN_KEY = "table_shown"  # the Table this tablet last drew (its steps, its version)
FACTS_KEY = "table_facts"  # (gid, version, view.StepFacts): computed once per step
PRE_KEY = "table_pre"  # (gid, version, steps) and the component's precomputed verdicts
FOLLOW_KEY = "table_follow"  # (gid, follow token) of the game this tablet follows
PANELS_AT = "table_panels_at"  # (gid, version) of the game the page drew below the table
OWN_VERSION = "table_own_version"  # (gid, version) this page stored itself (not another tablet)
EXPORT_BOX = "table_export"  # {"tbl": the Table this tablet shows}: what Download exports

# The table's own layout rules (no user text): compact spacing so that one step fits on one
# screen; on a phone the action bar stays in the flow right under the choices.
TABLE_STYLE = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 3.9rem; padding-bottom: 1rem; }
.st-key-action_buttons button { white-space: nowrap; }
.st-key-end_actions button { min-height: 3.4rem; font-size: 1.2rem; }
/* Held sideways, a message about a step (refused, undone) sits beside the glance, as the last
   step's outcome does (board.BOARD_STYLE's .kr-head). */
@media (min-width: 900px) {
  .st-key-tbl_top { flex-direction: row; flex-wrap: wrap; align-items: center; }
  .st-key-tbl_top > div { flex: 1 1 34%; min-width: 0; }
  .st-key-tbl_top > div:first-child { flex: 1 1 58%; }
}
@media (min-width: 900px) and (max-height: 820px) {
  [data-testid="stMainBlockContainer"] { padding-top: 3.5rem; }
  .st-key-tbl_screen { gap: 0.3rem !important; }
  .kr-facts { gap: 0; }
}
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding-top: 3.4rem; padding-left: 0.6rem !important; padding-right: 0.6rem !important; }
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
    except SetupError as e:  # a start stored before such starts were refused (a dead start)
        state.set_game(None)
        _flash("error", f"That game cannot be played: {e}")
        return None
    except StorageError as e:  # the whole folder: callbacks run outside main.py's fault page
        _flash("error", e.message)
        return None
    st.session_state[state.TABLE_KEY] = tbl
    return tbl


# --- callbacks (they run before the page is drawn, so the screen shows the stored state) --------


def _facts(tbl: table.Table) -> view.StepFacts:
    """This step's facts, asked of the engine once per step (the stored version moves with
    every step, undo and redo) and reused for every tap until then."""
    cached = st.session_state.get(FACTS_KEY)
    mark = (tbl.gid, tbl.version, tbl.game.past.count)
    if cached is not None and cached[0] == mark:
        return cached[1]  # type: ignore[no-any-return]
    facts = view.step_facts(tbl.game)
    st.session_state[FACTS_KEY] = (mark, facts)
    return facts


def _do(action: str, shown: int) -> None:
    """Undo or Redo at the end of a game, which the page draws (the table component sends its
    steps to the step route): for a tablet that showed version ``shown`` — only if it still
    does.  Taken as the step route takes a step (``tableapi.taking``: the same live game, lock,
    checks and words)."""
    gid = state.current_game_id()
    if not gid:
        return
    with tableapi.taking(store, gid, shown, action) as taken:
        done, gone, fault = taken.done, taken.tbl is None, taken.fault
        if taken.tbl is not None and done is not None:  # a change of this tablet's own
            st.session_state[OWN_VERSION] = (gid, taken.tbl.version)
    if fault is not None:  # the whole folder: callbacks run outside main.py's fault page
        _flash("error", fault.message)
        return
    if done is None and not gone:
        return
    st.session_state.pop(state.TABLE_KEY, None)  # the page draws the game as stored now
    if done is not None and done.stepped:
        _to_top()
    if done is not None and done.note is not None:
        _flash(*done.note)
    elif done is not None and done.stepped:
        st.session_state.pop(FLASH, None)
    elif gone:
        _table()  # says what is wrong with the stored game


def _leave() -> None:
    """Back to New game, with this game's players ready for the next one."""
    tbl = st.session_state.get(SHOWN_KEY)
    if tbl is not None:
        st.session_state[newgame.PLAYERS] = list(tbl.players or tbl.game.state.names)
    state.set_game(None)
    st.session_state.pop(FLASH, None)


def _rematch(shown: int) -> None:
    """Same players, same variant, seated as the rules say (ruling 80): one tap."""
    tbl = _table()
    if tbl is None or not tbl.game.over:
        return
    if setup.told_at_setup(tbl.variant):  # the table says what it turned up: New game asks
        st.session_state[newgame.PLAYERS] = setup.rematch_seating(tbl.game)
        src = setup.source_for(variant_sources(store), tbl.variant_id)
        if src is not None:
            st.session_state[newgame.VARIANT] = src.key
        state.set_game(None)
        _flash("info", setup.rematch_words(tbl.variant))
        return
    try:
        gid = setup.rematch(store, tbl)
    except (SetupError, StorageError, NotFound) as e:
        _flash("error", f"The rematch could not start: {getattr(e, 'message', e)}")
        return
    state.set_game(gid)
    _to_top()
    _flash("success", "Rematch! " + table.start_words(setup.rematch_seating(tbl.game)))


def _start(
    src: VariantSource, names: list[str], face_up: dict[str, list[Card]], told: Told | None
) -> str | None:
    try:
        names = setup.check_players(names)
        gid = table.new_game(
            store,
            variant_id=src.id,
            variant_yaml=src.yaml,
            builtin=src.builtin,
            players=names,
            face_up={n: c for n, c in face_up.items() if c} or None,
            told=told,
        )
    except setup.NameProblem as e:
        return str(e)
    except SetupError as e:
        return f"This game cannot start: {e}"
    except StorageError as e:
        return f"The game could not be stored: {e.message}"
    state.set_game(gid)
    newgame.reset()
    _to_top()
    st.session_state.pop(FLASH, None)
    st.rerun()
    return None  # pragma: no cover - st.rerun does not return


# --- drawing --------------------------------------------------------------------------------


def _show_flash() -> bool:
    flash = st.session_state.get(FLASH)
    if not flash:
        return False
    kind, text, *_ = flash
    getattr(st, kind)(plain(text))
    return True


def new_game_screen() -> None:
    _show_flash()
    sources = variant_sources(store)
    recent = setup.recent_tables(store)
    games = state.recent_games(limit=5)
    # The group's words on this page (names typed, recent players, stored games), each isolated.
    group_words(
        [*newgame.players(), *(n for r in recent for n in r.players)]
        + [w for g in games for w in (g.name, g.loser)]
        + [s.name for s in sources]
    )
    newgame.setup_screen(sources, recent, _start)
    if games:
        st.header("Carry on with a game", anchor=False)
        for g in games:
            status = f"{g.loser} lost" if g.over and g.loser else table.steps_words(g.step_count)
            if st.button(plain(f"{g.name} — {status}"), key=f"resume_{g.id}", width="stretch"):
                state.set_game(g.id)
                _to_top()
                st.rerun()
        st.caption("Every stored game is on the Games page (search, rename, delete).")


def _notes(tbl: table.Table) -> tuple[tuple[str, str], ...]:
    """What to tell the table above the step (a refusal, an undo's words, another tablet's
    step), and stored steps that could not be replayed.  A note is about the game as it was
    when it was said: once the game has moved on without a new one (a step taken through the
    table component, which does not rerun the page), it is dropped."""
    notes = []
    flash = st.session_state.get(FLASH)
    if flash:
        kind, text, *at = flash
        mark = (tbl.gid, tbl.version)
        if not at:
            st.session_state[FLASH] = (kind, text, mark)
            notes.append((kind, text))
        elif at[0] == mark:
            notes.append((kind, text))
        else:
            st.session_state.pop(FLASH, None)
    if tbl.skipped:
        notes.append(
            ("warning", f"{tbl.skipped} stored steps could not be replayed and were left out.")
        )
    return tuple(notes)


def table_screen(tbl: table.Table) -> None:
    st.session_state[SHOWN_KEY] = tbl
    live.server().recent.remember(tbl)
    # The group's words on this page: each shows whole, never reordering the text around it.
    group_words(tablecomp.group_of(tbl))
    st.session_state.setdefault(EXPORT_BOX, {})["tbl"] = tbl  # what Download exports
    game = tbl.game
    notes = _notes(tbl)
    if not game.over:
        # The whole table is one element of our own: the component draws the glance, the
        # notes, the step's controls and the players, and follows other tablets itself.
        _component_screen(tbl, notes)
        return
    # The end of the game: who went out in which order and who lost, drawn by the page.
    _scroll_to_top()
    # The screen's own container sets its spacing (compact, so that one step fits on one
    # screen), so no rule reaches into Streamlit's markup for it.
    with st.container(key="tbl_screen", gap="xsmall"):
        with st.container(key="tbl_top"):
            st.html(board.head_html(tbl, None if notes else _facts(tbl).last_step))
            if notes:  # the last of its container: nothing after it moves
                with st.container(key="tbl_notes"):
                    for kind, text in notes:
                        getattr(st, kind)(plain(text))
        _end_actions(tbl)
        # Undo: the last step may have been a slip.
        with st.container(key="action_buttons", horizontal=True, gap="small"):
            _undo_redo(tbl.version, _facts(tbl))
    st.html(board.foot_html(tbl, board.caption_words(tbl)))
    follow.follow(_follow_token(tbl.gid), state.process_store(), tbl.gid, tbl.version, _followed)


def below_the_table(tbl: table.Table) -> None:
    """The game log, the fix panel, Download and Leave: drawn with the page, not again with
    every step (a step redraws only the game's part: fewer elements for the browser to apply).
    An open panel shows the game as it is now: a step taken while one is open draws the whole
    page again (``_game_part``)."""
    group_words(tablecomp.group_of(tbl))
    log = st.expander(f"Game log (last {table.LOG_LENGTH} steps)", key=LOG_OPEN, on_change="rerun")
    if log.open:  # drawn only when opened
        with log:
            st.html(board.log_html(tbl))
    _fix_panel(tbl)
    _export(tbl)
    st.session_state[PANELS_AT] = (tbl.gid, tbl.version)  # drawn: see _part_alone


def _tokens(gid: str) -> tuple[str, str]:
    """The game's follow and step tokens, made once per game and session from its link key
    (set when the game is made, never changed; readable only by a visitor who holds the game's
    link): not a query on every step."""
    kept = st.session_state.get(FOLLOW_KEY)
    if kept is None or kept[0] != gid:
        key = store.access_key(gid)
        kept = (gid, follow.follow_token(gid, key), tableapi.step_token(gid, key))
        st.session_state[FOLLOW_KEY] = kept
    return str(kept[1]), str(kept[2])


def _follow_token(gid: str) -> str:
    return _tokens(gid)[0]


def _step_token(gid: str) -> str:
    return _tokens(gid)[1]


def _end_actions(tbl: table.Table) -> None:
    seating = setup.rematch_seating(tbl.game)
    with st.container(key="end_actions", horizontal=True, gap="small"):
        st.button(
            plain(f"Rematch: {seating[0]} starts"),
            key="do_rematch",
            type="primary",
            icon=":material/replay:",
            on_click=_rematch,
            args=(tbl.version,),
            width="stretch",
        )
        st.button(
            "New game",
            key="do_new",
            icon=":material/add:",
            on_click=_leave,
            width="stretch",
        )


def _component_screen(tbl: table.Table, notes: tuple[tuple[str, str], ...]) -> None:
    """The table, one component: a tap is answered in the browser; Play, Pick up, Undo and
    Redo go to the app server's step route (``tableapi``), which answers with the next step's
    data.  The page runs again only for what it draws itself: a play for another player to
    judge (the component's ``choice``), the game log or the fix panel open beside a step, a
    game to draw again (``refresh``: it ended, or is gone)."""
    facts = _facts(tbl)
    choice = tablecomp.value("choice")
    sel = None
    if isinstance(choice, dict) and choice.get("version") == tbl.version:
        sel = tableview_data.selection_from(choice, tbl.game)
    mark = (tbl.gid, tbl.version, tbl.game.past.count)
    kept = st.session_state.get(PRE_KEY)
    pre = kept[1] if kept is not None and kept[0] == mark else None
    group = tablecomp.group_of(tbl)
    data = tablecomp.screen_data(tbl, facts, group, sel=sel, pre=pre, notes=notes)
    st.session_state[PRE_KEY] = (mark, data["pre"])  # judged once per step, as the facts
    data["sel"] = choice if sel is not None else None
    # A step taken here asks the next drawing to scroll to the top: the component does it.
    asked = st.session_state.get(TO_TOP, 0)
    data["top"] = asked if asked and asked != st.session_state.get(TO_TOP_DONE) else None
    st.session_state[TO_TOP_DONE] = asked
    token = _follow_token(tbl.gid)
    # While the game log or the fix panel is open (drawn with the page, below the game's
    # part), the page draws again after each step, this tablet's or another's, so that they
    # show it.
    panels_open = bool(st.session_state.get(LOG_OPEN) or st.session_state.get(FIX_OPEN))
    data.update(
        tableapi.links(tbl.gid, _step_token(tbl.gid), token, follow.period_ms(), panels=panels_open)
    )
    if data["version_api"]:  # the component asks this app server for the game's version
        follow.watch(state.process_store(), tbl.gid, token, tbl.version)
    tablecomp.draw(data, _component_choice, _component_refresh)
    if not data["version_api"]:
        follow.follow(token, state.process_store(), tbl.gid, tbl.version, _followed)


def _component_choice() -> None:
    """The browser chose a play for another player: the rerun judges it (``judged``)."""


def _component_refresh() -> None:
    """The component asks the page to draw again (``refresh``): a step it took while a panel
    is open, another tablet's step it heard of then (``followed``: the page says what that
    tablet did), or a game that ended or is gone.  The rerun itself draws the game as stored."""
    asked = tablecomp.value("action")
    if isinstance(asked, dict) and asked.get("why") == "followed":
        _followed()


def _undo_redo(version: int, facts: view.StepFacts) -> None:
    """Undo and Redo at the end of a game (the table component draws its own while a game
    goes on)."""
    st.button(
        "Undo",
        key="do_undo",
        icon=":material/undo:",
        on_click=_do,
        args=("undo", version),
        disabled=not facts.can_undo,
        width="stretch",
    )
    st.button(
        "Redo",
        key="do_redo",
        icon=":material/redo:",
        on_click=_do,
        args=("redo", version),
        disabled=not facts.can_redo,
        width="stretch",
    )


# --- putting a slip right ----------------------------------------------------------------------

FIX_FOR = "fix_for"  # (gid, version) the fix panel was filled from
FIX_SEATS = "fix_seats"  # the setup's players (names before the fix) in their new order
FIX_FU = "fix_fu"
FIX_FU_WHO = "fix_fu_who"
FIX_NAMES = "fix_names"  # the names typed so far, by setup seat (kept while the panel is shut)
FIX_OPEN, LOG_OPEN = "fix_open", "log_open"  # the panels' open state: drawn only when open


def _fix_fill(tbl: table.Table) -> None:
    """Fill the fix panel from the game as stored, once per version."""
    if st.session_state.get(FIX_FOR) == (tbl.gid, tbl.version):
        return
    st.session_state[FIX_FOR] = (tbl.gid, tbl.version)
    seats = list(tbl.players or tbl.game.state.names)
    st.session_state[FIX_SEATS] = seats
    # Keyed by the setup's seat number, never by a name.
    st.session_state[FIX_NAMES] = dict(enumerate(seats))
    for i, name in enumerate(seats):
        st.session_state[f"fix_name_{i}"] = name
    st.session_state[FIX_FU] = {n: list(c) for n, c in (tbl.face_up or {}).items()}
    st.session_state.pop(FIX_FU_WHO, None)


def _fix_earlier(i: int) -> None:
    st.session_state[FIX_SEATS] = setup.moved_earlier(st.session_state.get(FIX_SEATS, []), i)


def _fix_tap(card: Card, per: int) -> None:
    who = st.session_state.get(FIX_FU_WHO)
    fu = dict(st.session_state.get(FIX_FU, {}))
    cards = list(fu.get(who, []))
    if who is None or len(cards) >= per:
        return
    fu[who] = [*cards, card]
    st.session_state[FIX_FU] = fu


def _fix_untap(who: str, j: int) -> None:
    fu = dict(st.session_state.get(FIX_FU, {}))
    cards = list(fu.get(who, []))
    if 0 <= j < len(cards):
        cards.pop(j)
        fu[who] = cards
        st.session_state[FIX_FU] = fu


def _fix_save(shown: int) -> None:
    tbl = _table()
    if tbl is None:
        return
    if tbl.version != shown:
        _flash("warning", "Another tablet changed this game first: check the fix and save again.")
        st.session_state.pop(FIX_FOR, None)
        return
    seats = tuple(st.session_state.get(FIX_SEATS, []))
    setup_seats = list(tbl.players or tbl.game.state.names)
    typed = st.session_state.get(FIX_NAMES, {})
    names = {o: str(typed.get(setup_seats.index(o), o)) for o in seats}
    face_up = None
    if not tbl.from_position:
        per = tbl.variant.deal.for_players(len(setup_seats)).face_up
        fu = st.session_state.get(FIX_FU, {})
        part = [n for n, c in fu.items() if 0 < len(c) < per]
        if part:
            _flash(
                "error", f"{names.get(part[0], part[0])}'s face-up cards: tap all {per}, or none."
            )
            return
        face_up = {n: tuple(c) for n, c in fu.items() if c}
    fix = setup.SetupFix(seats=seats, names=names, face_up=face_up)
    try:
        words = setup.fix_words(tbl, fix)
        setup.fix_setup(store, tbl, fix)
    except setup.FixProblem as e:
        _flash("error", str(e))
        return
    except Conflict:
        st.session_state.pop(state.TABLE_KEY, None)
        _flash("warning", "Another tablet changed this game first: check the fix and save again.")
        return
    st.session_state.pop(state.TABLE_KEY, None)
    st.session_state.pop(FIX_FOR, None)
    _flash("success", words)


def _fix_typed(i: int) -> None:
    """A seat's name was typed: kept apart from the text box, which is not drawn while the
    panel is shut."""
    st.session_state.setdefault(FIX_NAMES, {})[i] = st.session_state.get(f"fix_name_{i}", "")


def _fix_panel(tbl: table.Table) -> None:
    _fix_fill(tbl)
    panel = st.expander(
        "Fix a mistake from the start (names, seats, face-up cards)",
        key=FIX_OPEN,
        on_change="rerun",
    )
    if not panel.open:  # drawn only when opened: no element of it is sent on a tap
        return
    st.html(newgame.SETUP_STYLE)
    typed = st.session_state.get(FIX_NAMES, {})
    for i, name in typed.items():  # the text boxes come back as they were left
        st.session_state.setdefault(f"fix_name_{i}", name)
    with panel:
        st.caption(
            "Put right what was entered wrongly when the game began. The steps played so far "
            "stay, as long as they still fit."
        )
        seats: list[str] = st.session_state.get(FIX_SEATS, [])
        setup_seats = list(tbl.players or tbl.game.state.names)
        for i, old in enumerate(seats):
            with st.container(key=f"fix_seat_{i}", horizontal=True, vertical_alignment="bottom"):
                seat = setup_seats.index(old)
                st.text_input(
                    f"Seat {i + 1}",
                    key=f"fix_name_{seat}",
                    max_chars=setup.NAME_MAX,
                    on_change=_fix_typed,
                    args=(seat,),
                )
                if i and not tbl.from_position:
                    st.button(
                        plain(f"Move seat {i + 1} one seat earlier"),  # read out, not shown
                        key=f"fix_up_{i}",
                        icon=":material/arrow_upward:",
                        on_click=_fix_earlier,
                        args=(i,),
                    )
        if not tbl.from_position:
            st.write("Face-up cards as they were laid out:")
            chosen = {n: list(c) for n, c in st.session_state.get(FIX_FU, {}).items()}
            newgame.face_up_picker(
                tbl.variant, seats, chosen, "fix_fu", _fix_tap, _fix_untap, FIX_FU_WHO
            )
        st.button(
            "Save the fix",
            key="fix_save",
            type="primary",
            on_click=_fix_save,
            args=(tbl.version,),
            width="stretch",
        )


def _followed() -> None:
    """Another tablet changed this game (the page's follow-along saw a new version): take it."""
    was: table.Table | None = st.session_state.get(SHOWN_KEY)
    if was is None:
        return
    gid = was.gid
    try:
        now = store.version(gid)
    except StorageError:
        return
    if now == was.version:
        return
    try:
        fresh = table.load_table(store, gid)
    except (NotFound, VariantError, StorageError):
        return  # the page's own load says what is wrong
    # This tablet's own Undo or Redo can be seen here before the page has drawn it: not
    # another tablet's.
    own = st.session_state.get(OWN_VERSION) == (gid, fresh.version)
    if not own and not table.same_game(was, fresh):
        _flash("info", table.change_words(was, fresh))
    st.session_state[state.TABLE_KEY] = fresh


def _as_stored(visitor: Any, gid: str, shown: table.Table) -> table.Table:
    """The game as stored now, or as this tablet last drew it when the store cannot say."""
    try:
        return table.load_table(visitor, gid, shown)
    except Exception:  # a download still gives the game this tablet drew
        return shown


def _export(tbl: table.Table) -> None:
    base = state.schema_base()  # now: the download itself runs outside the script
    # The game as stored when Download is pressed (the table component records steps without
    # drawing the page): the copy this tablet last drew while it is still the stored one.
    box = st.session_state.setdefault(EXPORT_BOX, {"tbl": tbl})
    visitor, gid = store, tbl.gid
    with st.container(key="tbl_export", horizontal=True, gap="small"):
        st.download_button(
            "Download the game record",
            data=lambda: table.export_text(_as_stored(visitor, gid, box["tbl"]), base),
            file_name=f"karma-game-{tbl.gid}.yaml",
            mime="application/x-yaml",
            key="do_export",
            on_click="ignore",
            width="stretch",
        )
        st.button("Leave this game", key="do_leave", on_click=_leave, width="stretch")


def _game_part(gid: str) -> None:
    """The table of game ``gid``: run again on its own (a Streamlit fragment) for every step,
    undo, follow-along and choice the server judges, so a step redraws only the table and not
    the whole app around it (the menu, the Join control).  When the game changed under it (left,
    a rematch, gone from the store), the whole page is drawn again instead: the address and the
    Join control then name the new game.  So it is too when the game log or the fix panel is
    open and the game moved on: they are drawn with the page (``below_the_table``)."""
    tbl = _table()
    if tbl is None or state.current_game_id() != gid:
        st.rerun(scope="app")
    panels_open = st.session_state.get(LOG_OPEN) or st.session_state.get(FIX_OPEN)
    if panels_open and _part_alone() and st.session_state.get(PANELS_AT) != (tbl.gid, tbl.version):
        st.rerun(scope="app")  # an open panel (below the game's part) shows the game as it is
    table_screen(tbl)


def _part_alone() -> bool:
    """Whether this run draws the game's part alone (a fragment's own run), not the page.
    The panels' mark is set once they are drawn, at the end of the page's run: a page run
    cut short by a rerun of the game's part alone (a tap, the follow-along) leaves it behind,
    and that rerun then draws the page again."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and ctx.fragment_ids_this_run)


def _game_fragment(gid: str) -> None:
    """:func:`_game_part` inside the fault handler: a fragment's own runs do not pass main.py's."""
    guarded(lambda: _game_part(gid), "table")


st.html(TABLE_STYLE)
tbl = _table()
if tbl is None:
    new_game_screen()
else:
    board.style()  # the table's style sheets: drawn once per page, not again with every step
    st.fragment(_game_fragment)(tbl.gid)
    below_the_table(tbl)
