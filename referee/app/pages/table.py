"""The Referee page: start a game, then referee it at the table (tablet first)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from referee.app import state, table
from referee.app.common import md, variant_from_yaml, variant_sources
from referee.engine import IllegalStep, PickUp, SetupError
from referee.engine.steps import ZONES
from referee.store import Conflict, NotFound
from referee.variant.loader import VariantError

store = state.store()
FLASH = "flash"


def _flash(kind: str, text: str) -> None:
    st.session_state[FLASH] = (kind, text)


def _reset_choice(tbl: table.Table | None = None) -> None:
    st.session_state["sel_card"] = None
    st.session_state["sel_count"] = 1
    st.session_state["sel_to"] = None
    st.session_state["sel_give"] = None
    if tbl is not None:
        st.session_state["sel_zone"] = table.default_zone(tbl.game)


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
    st.session_state[state.TABLE_KEY] = tbl
    return tbl


def _reload_after_conflict() -> None:
    st.session_state.pop(state.TABLE_KEY, None)
    _flash(
        "warning",
        "Another tablet changed this game a moment ago. Here is the game as it is now: "
        "please check and try again.",
    )


# --- callbacks (they run before the page is drawn, so the screen shows the stored state) --------


def _select(card: Any) -> None:
    tbl = _table()
    st.session_state["sel_card"] = card
    st.session_state["sel_count"] = 1
    st.session_state["sel_to"] = None
    st.session_state["sel_give"] = None
    if tbl is not None and "sel_zone" not in st.session_state:
        st.session_state["sel_zone"] = table.default_zone(tbl.game)
    st.session_state.pop(FLASH, None)


def _proposed(tbl: table.Table) -> Any:
    card = st.session_state.get("sel_card")
    if card is None:
        return None
    return table.propose(
        tbl.game,
        card,
        st.session_state.get("sel_count") or 1,
        st.session_state.get("sel_zone") or "hand",
        st.session_state.get("sel_to"),
        st.session_state.get("sel_give"),
    )


def _do(action: str) -> None:
    tbl = _table()
    if tbl is None:
        return
    try:
        if action == "play":
            step = _proposed(tbl)
            if step is None:
                return
            table.commit(store, tbl, step)
            _reset_choice(tbl)
        elif action == "pickup":
            who = tbl.game.turn
            if who is None:
                return
            table.commit(store, tbl, PickUp(who))
            _reset_choice(tbl)
        elif action == "undo":
            table.undo(store, tbl)
            _reset_choice(tbl)
            _flash("info", "The last step was undone.")
            return
        elif action == "redo":
            table.redo(store, tbl)
            _reset_choice(tbl)
        st.session_state.pop(FLASH, None)
    except IllegalStep as e:
        _flash("error", table.verdict_words(e.verdict))
    except Conflict:
        _reload_after_conflict()
    except IndexError:
        pass


def _leave() -> None:
    state.set_game(None)
    _reset_choice()
    st.session_state.pop(FLASH, None)


# --- drawing --------------------------------------------------------------------------------


def _show_flash() -> None:
    flash = st.session_state.get(FLASH)
    if not flash:
        return
    kind, text = flash
    getattr(st, kind)(md(text))


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
        format_func=lambda k: by_key[k].label,
        key="new_variant",
    )
    src = by_key[key]
    try:
        variant = variant_from_yaml(src.yaml)
    except VariantError as e:
        st.error(md(f"This variant has a mistake: {e}"))
        return
    if variant.description:
        st.caption(md(variant.description))
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
    face_up: dict[str, list[Any]] = {}
    cards = variant.all_cards()
    with st.expander("Face-up cards (optional: lets the referee know them)"):
        st.caption(
            f"After the deal each player lays {variant.deal.face_up} cards face up. "
            "Enter them here, or leave a player on “not entered”."
        )
        for i, name in enumerate(names):
            if not st.toggle(md(f"Enter {name}'s face-up cards"), key=f"new_fu_on_{i}"):
                continue
            fcols = st.columns(max(1, variant.deal.face_up))
            chosen = []
            for j in range(variant.deal.face_up):
                with fcols[j]:
                    chosen.append(
                        st.selectbox(
                            f"Card {j + 1}",
                            cards,
                            format_func=variant.card_name,
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
            )
        except SetupError as e:
            st.error(md(f"This game cannot start: {e}"))
            return
        state.set_game(gid)
        _reset_choice()
        st.session_state.pop(FLASH, None)
        st.rerun()
    games = store.list_games(limit=10)
    if games:
        st.subheader("Carry on with a game")
        for g in games:
            status = f"{g.loser} lost" if g.over and g.loser else f"{g.step_count} steps"
            if st.button(md(f"{g.name} — {status}"), key=f"resume_{g.id}", width="stretch"):
                state.set_game(g.id)
                _reset_choice()
                st.rerun()


def _stat(col: Any, label: str, value: object) -> None:
    with col:
        st.caption(label)
        st.markdown(f"**{md(value)}**")


def table_screen(tbl: table.Table) -> None:
    game = tbl.game
    v = game.variant
    history = game.history  # one list of references per run
    n = len(history)
    title = tbl.name if v.name in tbl.name else f"{tbl.name} · {v.name}"
    st.caption(md(f"{title} · {n} step{'' if n == 1 else 's'} so far"))
    if game.over:
        st.header(md(f"Game over: {game.loser} lost." if game.loser else "Game over."))
    else:
        st.header(md(f"{game.turn}'s turn"))
        st.info(md(game.hint()))
    _show_flash()
    if tbl.skipped:
        st.warning(f"{tbl.skipped} stored steps could not be replayed and were left out.")
    restriction = table.restriction_words(game)
    if restriction:
        st.warning(md(restriction))
    s = game.state
    c: Any = st.columns(4)
    _stat(c[0], "Top card", table.top_words(game))
    _stat(c[1], "Pile", len(s.pile))
    _stat(c[2], "Draw pile", s.draw_pile)
    _stat(c[3], "Out of play", s.burned)

    if history:
        _, last = history[-1]
        said = [m for m in last.messages if m != last.hint]
        st.success(md("Last step: " + " ".join(said)))

    st.table(table.player_table(game))

    if not game.over:
        _step_controls(tbl)
    _buttons(tbl)

    with st.expander(f"Game log (last {table.LOG_LENGTH} steps)"):
        lines = table.log_lines(game, history=history)
        if not lines:
            st.write("No steps yet.")
        for line in lines:
            st.text(f"{line.number}. {line.text}")
    _export(tbl)


def _step_controls(tbl: table.Table) -> None:
    game = tbl.game
    v = game.variant
    if "sel_zone" not in st.session_state:
        st.session_state["sel_zone"] = table.default_zone(game)
    sel = st.session_state.get("sel_card")
    st.subheader("Which card was played?")
    ranks = list(v.ranks)
    per_row = 8
    cols: Any
    for start in range(0, len(ranks), per_row):
        cols = st.columns(per_row)
        for col, card in zip(cols, ranks[start : start + per_row], strict=False):
            with col:
                st.button(
                    str(card),
                    key=f"card_{card}",
                    on_click=_select,
                    args=(card,),
                    type="primary" if sel == card else "secondary",
                    width="stretch",
                )
    karma = list(v.karma_cards)
    for start in range(0, len(karma), 3):
        cols = st.columns(3)
        for col, k in zip(cols, karma[start : start + 3], strict=False):
            with col:
                st.button(
                    md(k.name),
                    key=f"card_{k.id}",
                    on_click=_select,
                    args=(k.id,),
                    type="primary" if sel == k.id else "secondary",
                    width="stretch",
                )
    if sel is None or not v.is_card(sel):
        st.caption("Tap the card that was put down, then check the verdict and press Play.")
        return
    chosen = v.karma(sel) if isinstance(sel, str) else None
    if chosen is not None and chosen.text:
        st.caption(md(f"{chosen.name}: {chosen.text}"))
    c1, c2 = st.columns(2)
    with c1:
        st.segmented_control(
            "How many?",
            list(range(1, table.max_count(game, sel) + 1)),
            key="sel_count",
            required=True,
        )
    with c2:
        st.segmented_control(
            "From",
            list(ZONES),
            format_func=lambda z: table.ZONE_LABELS[z],
            key="sel_zone",
            required=True,
        )
    traits = game.traits(sel)
    if traits.needs_target:
        st.segmented_control(
            md(f"{v.card_name(sel)}: which player?"),
            table.others(game),
            format_func=md,
            key="sel_to",
        )
    if traits.takes_give:
        st.selectbox(
            "Which card is given? (if you saw it)",
            [None, *v.all_cards()],
            format_func=lambda c: "Not seen" if c is None else v.card_name(c),
            key="sel_give",
        )
    step = _proposed(tbl)
    verdict = table.verdict_for(game, step)
    if verdict is None:
        return
    if verdict.legal:
        st.success(md(table.verdict_words(verdict)))
    else:
        st.error(md(table.verdict_words(verdict)))
    st.button(
        "Play",
        key="do_play",
        type="primary",
        on_click=_do,
        args=("play",),
        disabled=not verdict.legal,
        width="stretch",
    )


def _buttons(tbl: table.Table) -> None:
    game = tbl.game
    c: Any = st.columns(3)
    with c[0]:
        st.button(
            "Pick up the pile",
            key="do_pickup",
            on_click=_do,
            args=("pickup",),
            disabled=game.over,
            width="stretch",
        )
    with c[1]:
        st.button(
            "Undo",
            key="do_undo",
            icon=":material/undo:",
            on_click=_do,
            args=("undo",),
            disabled=not game.can_undo(),
            width="stretch",
        )
    with c[2]:
        st.button(
            "Redo",
            key="do_redo",
            icon=":material/redo:",
            on_click=_do,
            args=("redo",),
            disabled=not game.can_redo(),
            width="stretch",
        )


def _export(tbl: table.Table) -> None:
    c: Any = st.columns(2)
    with c[0]:
        try:
            import referee.records  # noqa: F401
        except ImportError:
            pass
        else:
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


tbl = _table()
if tbl is None:
    new_game_form()
else:
    table_screen(tbl)
