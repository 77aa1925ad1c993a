"""Setting up a game in a few taps (Streamlit): names typed one after another (Enter adds the
next), recent tables in one tap, the variant, and face-up cards tapped in a card grid.

Counted in a real browser (tests/browser/test_browser_table.py): a first game of four new names
is 2 taps besides typing them; a game with a recent table is 2 taps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from referee.engine import NONE_HELD, Game, SetupError, Told
from referee.tablerules import active as rules_of
from referee.variant.loader import VariantError
from referee.variant.model import Card, Variant
from referee.variant.table import active

from . import cardgrid, setup
from .common import VariantSource, plain, variant_from_yaml
from .glance import card_words

PLAYERS = "np_players"  # the names so far, in seating order
NAME_INPUT = "np_name"
VARIANT = "np_variant"
FACE_UP = "np_face_up"  # name -> the face-up cards tapped so far
FACE_UP_WHO = "np_fu_who"
PROBLEM = "np_problem"
STARTER = "np_starter"  # who the face-up cards entered say starts (a table rule), last run
TURNED_UP = "np_turned_up"  # the card the table turned up to start the pile (a table rule)
THROWN = "np_thrown"  # name -> the cards each player threw in before play (a table rule)
THROWN_WHO = "np_th_who"
HOLDS = "np_holds"  # + the card: who holds a starting card, by seat (len(names): nobody)

SETUP_STYLE = """
<style>
.st-key-np_chips { gap: 0.5rem; }
[class*="st-key-np_chip_"] { border: 2px solid #3a3f4b; border-radius: 2rem; padding: 0 0 0 0.9rem; }
[class*="st-key-np_chip_"] p { font-size: 1.1rem; font-weight: 600; margin: 0; }
[class*="st-key-np_chip_"] button { border: none; min-width: 44px; min-height: 44px; }
[class*="st-key-fix_up_"] button { min-width: 48px; min-height: 48px; }
/* An icon button's words are read out by a screen reader, not shown. */
[class*="st-key-np_chip_"] button [data-testid="stMarkdownContainer"],
[class*="st-key-fix_up_"] button [data-testid="stMarkdownContainer"] {
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap;
}
.st-key-np_start button { min-height: 3.5rem; font-size: 1.3rem; }
</style>
"""


def players() -> list[str]:
    return list(st.session_state.get(PLAYERS, []))


def _set_players(names: list[str]) -> None:
    st.session_state[PLAYERS] = names
    for key in (FACE_UP, THROWN):
        fu = st.session_state.get(key, {})
        st.session_state[key] = {n: c for n, c in fu.items() if n in names}


def _add_names() -> None:
    """Enter adds the typed name (or several, separated by commas) and empties the box for the
    next one, so a whole table is typed without a tap between names."""
    typed = str(st.session_state.get(NAME_INPUT, ""))
    st.session_state[NAME_INPUT] = ""
    st.session_state.pop(PROBLEM, None)
    new = [setup.clean_name(t) for t in typed.split(",")]
    new = [n for n in new if n]
    if not new:
        return
    try:
        names = setup.check_players([*players(), *new])
    except setup.NameProblem as e:
        st.session_state[PROBLEM] = str(e)
        return
    _set_players(names)


def _remove(i: int) -> None:
    names = players()
    if 0 <= i < len(names):
        names.pop(i)
        _set_players(names)


def _earlier(i: int) -> None:
    _set_players(setup.moved_earlier(players(), i))


def _use_recent(names: tuple[str, ...], variant_key: str | None) -> None:
    _set_players(list(names))
    st.session_state[FACE_UP] = {}
    st.session_state.pop(PROBLEM, None)
    if variant_key is not None:
        st.session_state[VARIANT] = variant_key


def _tap_face_up(card: Card, per_player: int) -> None:
    _tap(card, per_player, FACE_UP, FACE_UP_WHO)


def _untap_face_up(who: str, j: int) -> None:
    _untap(who, j, FACE_UP, FACE_UP_WHO)


def _tap_thrown(card: Card, per_player: int) -> None:
    _tap(card, per_player, THROWN, THROWN_WHO)


def _untap_thrown(who: str, j: int) -> None:
    _untap(who, j, THROWN, THROWN_WHO)


def _tap(card: Card, per_player: int, cards_key: str, who_key: str) -> None:
    who = st.session_state.get(who_key)
    names = players()
    if who not in names:
        return
    fu: dict[str, list[Card]] = dict(st.session_state.get(cards_key, {}))
    cards = list(fu.get(who, []))
    if len(cards) >= per_player:
        return
    cards.append(card)
    fu[who] = cards
    st.session_state[cards_key] = fu
    if len(cards) == per_player:  # on to the next player still to enter
        for n in names[names.index(who) + 1 :] + names[: names.index(who)]:
            if len(fu.get(n, [])) < per_player:
                st.session_state[who_key] = n
                break


def _untap(who: str, j: int, cards_key: str, who_key: str) -> None:
    fu: dict[str, list[Card]] = dict(st.session_state.get(cards_key, {}))
    cards = list(fu.get(who, []))
    if 0 <= j < len(cards):
        cards.pop(j)
        fu[who] = cards
        st.session_state[cards_key] = fu
        st.session_state[who_key] = who


def face_up_picker(
    variant: Variant,
    names: list[str],
    chosen: dict[str, list[Card]],
    key: str,
    on_tap: Callable[[Card, int], None],
    on_untap: Callable[[str, int], None],
    who_key: str,
    per: int | None = None,
    whose: str = "Whose face-up cards?",
) -> None:
    """Whose face-up cards (or ``whose`` other cards, at most ``per`` each), the cards tapped
    so far (tap one to take it back), and a card grid."""
    if per is None:
        per = variant.deal.for_players(len(names)).face_up
    if st.session_state.get(who_key) not in names:
        st.session_state[who_key] = next(
            (n for n in names if len(chosen.get(n, [])) < per), names[0]
        )
    st.segmented_control(whose, names, key=who_key, required=True, format_func=plain)
    with st.container(key=f"{key}_chosen", horizontal=True, gap="small"):
        for name in names:
            cards = chosen.get(name, [])
            shown = ", ".join(card_words(variant, c) for c in cards) or "not entered"
            st.caption(plain(f"{name}: {shown}"))
    who = st.session_state.get(who_key)
    mine = chosen.get(who, []) if isinstance(who, str) else []
    if mine:
        with st.container(key=f"{key}_mine", horizontal=True, gap="small"):
            for j, card in enumerate(mine):
                st.button(
                    plain(f"{card_words(variant, card)} ✕"),
                    key=f"{key}_undo_{j}",
                    on_click=on_untap,
                    args=(who, j),
                )
    cardgrid.grid(
        variant,
        f"{key}_grid",
        lambda c: on_tap(c, per),
        key_prefix=f"{key}_card",
        struck=lambda c: len(mine) >= per,
    )


def setup_screen(
    sources: list[VariantSource],
    recent: list[setup.RecentTable],
    start: Callable[[VariantSource, list[str], dict[str, list[Card]], Told | None], str | None],
) -> None:
    """The New game screen. ``start`` deals and stores the game and returns a problem in plain
    words, or None once the game is stored."""
    st.html(SETUP_STYLE)
    st.title("New game", anchor=False)
    by_key = {s.key: s for s in sources}
    if not by_key:
        st.error("No variants found.")
        return
    if recent:
        st.header("Play again with", anchor=False)
        with st.container(key="np_recent", horizontal=True, gap="small"):
            for i, r in enumerate(recent):
                src = setup.source_for(sources, r.variant_id)
                st.button(
                    plain(r.label),
                    key=f"np_recent_{i}",
                    on_click=_use_recent,
                    args=(r.players, src.key if src else None),
                    icon=":material/group:",
                )
    names = players()
    st.header("Who is playing?", anchor=False)
    st.caption(
        "Type a name and press Enter, then the next. Sit in this order, clockwise: the first player starts."
    )
    st.text_input(
        "Add a player",
        key=NAME_INPUT,
        on_change=_add_names,
        placeholder="A name, then Enter",
        max_chars=setup.NAME_MAX * 4,
    )
    if st.session_state.get(PROBLEM):
        st.error(plain(st.session_state[PROBLEM]))
    if names:
        with st.container(key="np_chips", horizontal=True, gap="small"):
            for i, name in enumerate(names):
                with st.container(
                    key=f"np_chip_{i}",
                    horizontal=True,
                    gap=None,
                    width="content",
                    vertical_alignment="center",
                ):
                    st.markdown(plain(f"{i + 1}. {name}"))
                    if i:
                        st.button(
                            plain(f"Move {name} one seat earlier"),  # read out, not shown
                            key=f"np_up_{i}",
                            icon=":material/arrow_back:",
                            on_click=_earlier,
                            args=(i,),
                            type="tertiary",
                        )
                    st.button(
                        plain(f"Take {name} out"),
                        key=f"np_del_{i}",
                        icon=":material/close:",
                        on_click=_remove,
                        args=(i,),
                        type="tertiary",
                    )
    if VARIANT not in st.session_state or st.session_state[VARIANT] not in by_key:
        st.session_state[VARIANT] = next(iter(by_key))
    key = st.selectbox(
        "Which Karma?", list(by_key), format_func=lambda k: by_key[k].label, key=VARIANT
    )
    src = by_key[key]
    try:
        variant = variant_from_yaml(src.yaml)
    except VariantError as e:
        st.error(plain(f"This variant has a mistake: {e}"))
        return
    lo, hi = variant.min_players, variant.max_players
    fits = lo <= len(names) <= hi
    chosen: dict[str, list[Card]] = {
        n: list(c) for n, c in st.session_state.get(FACE_UP, {}).items() if n in names
    }
    if names and fits:
        with st.expander("Face-up cards (you may skip this)"):
            st.caption(
                f"After the deal each player lays {variant.deal.for_players(len(names)).face_up} "
                "cards face up. Tap them "
                "here and the referee knows them; leave them out and it counts them as unknown."
            )
            face_up_picker(
                variant, names, chosen, "np_fu", _tap_face_up, _untap_face_up, FACE_UP_WHO
            )
    need = f"{lo} to {hi} players" if lo != hi else f"{lo} players"
    if not fits:
        st.info(plain(f"{variant.name} is for {need}. Add {'more ' if names else ''}names above."))
    told, holder = _told(variant, names, chosen) if fits and names else (None, None)
    asks = [q for u in active(variant) if (q := u.question(variant))]
    order = _who_starts(variant, names, chosen, asks[0], told) if fits and names and asks else names
    if holder is not None:  # they start: the seating is listed from them (R2.3)
        order = setup.starting_with(names, holder)
    label: Any = f"Start the game ({len(names)} players)" if fits else "Start the game"
    if st.button(label, type="primary", key="np_start", width="stretch", disabled=not fits):
        problem = start(src, order, {n: c for n, c in chosen.items() if c}, told)
        if problem:
            st.error(plain(problem))


def _told(
    variant: Variant, names: list[str], chosen: dict[str, list[Card]]
) -> tuple[Told | None, str | None]:
    """What the table did at set-up, asked only where a table rule needs it told (issue 42):
    the card turned up to start the pile (ruling 156), one choice among the variant's cards;
    the cards each player threw in (ruling 159), tapped as the face-up cards are; who holds the
    starting card (ruling 167), one choice among the players.  With who holds it, if anyone."""
    asks = {u.told: q for u in active(variant) if u.told and (q := u.told_question(variant))}
    turned = _turned_up(variant, asks["turned_up"]) if "turned_up" in asks else None
    thrown = _thrown(variant, names, asks["thrown"]) if "thrown" in asks else {}
    holder, card = _holder(variant, names) if "opening_card" in asks else (None, None)
    told = Told(turned_up=turned, thrown=thrown, opening_card=card)
    if thrown:
        try:
            game = Game.deal(variant, names, {n: c for n, c in chosen.items() if c}, told)
        except SetupError:
            return told, holder  # said when the game is started
        st.caption(plain(f"{game.turn} starts: the player after the last one to throw in."))
    return (told if told else None), holder


def _holder(variant: Variant, names: list[str]) -> tuple[str | None, tuple[int, str] | None]:
    """Who holds the starting card in their hand (ruling 167): one choice among the players,
    or "Nobody has it", which asks about the next card of the order, and so on.  The holder
    and their card; (None, NONE_HELD) where nobody holds any; (None, None) until answered."""
    order = next((o for u in rules_of(variant) if (o := u.opening_order(variant))), ())
    seats = list(range(len(names) + 1))  # by seat: a name is never mistaken for "nobody"
    words = [*names, "Nobody has it"]
    for rank, suit in order:
        key = f"{HOLDS}_{rank}_{suit}"
        if st.session_state.get(key) not in seats:
            st.session_state.pop(key, None)  # a seat of a table that was larger
        seat = st.selectbox(
            f"Who has the {variant.suited_name(rank, suit)} in their hand?",
            seats,
            index=None,
            key=key,
            format_func=words.__getitem__,
            placeholder="Choose who",
        )
        if seat is None:
            return None, None
        if seat < len(names):
            st.caption(plain(f"{names[seat]} starts, and plays it first."))
            return names[seat], (rank, suit)
    return None, NONE_HELD


def _thrown(variant: Variant, names: list[str], ask: str) -> dict[str, tuple[Card, ...]]:
    """The cards each player threw in, tapped per player (none: nobody threw any)."""
    thrown: dict[str, list[Card]] = {
        n: list(c) for n, c in st.session_state.get(THROWN, {}).items() if n in names
    }
    st.markdown(plain(ask))
    st.caption("Tap each player's cards; leave out a player who threw none.")
    per = variant.deal.for_players(len(names)).hand
    face_up_picker(
        variant, names, thrown, "np_th", _tap_thrown, _untap_thrown, THROWN_WHO, per, "Whose?"
    )
    return {n: tuple(c) for n, c in thrown.items() if c}


def _turned_up(variant: Variant, ask: str) -> Card | None:
    """The card turned up to start the pile, chosen in one list."""
    cards = variant.all_cards()
    if st.session_state.get(TURNED_UP) not in cards:
        st.session_state.pop(TURNED_UP, None)  # a card of another variant, chosen before
    card = st.selectbox(
        ask,
        cards,
        index=None,
        key=TURNED_UP,
        format_func=lambda c: card_words(variant, c),
        placeholder="Choose the card",
    )
    return card


def _who_starts(
    variant: Variant,
    names: list[str],
    chosen: dict[str, list[Card]],
    ask: str,
    told: Told | None = None,
) -> list[str]:
    """A table rule (issue 31.2, issue 42): the table names who starts - the referee names them
    where the face-up cards entered tell - and the seating is listed from them, clockwise, so
    the game starts with them (R2.3)."""
    known = setup.known_starter(variant, names, chosen, told)
    if known is not None and st.session_state.get(STARTER) != known:
        st.session_state["np_lowest"] = known  # named once; the table may still change it
    st.session_state[STARTER] = known
    lowest = st.selectbox(
        ask,
        names,
        key="np_lowest",  # options shown as typed: a selectbox renders no Markdown
    )
    if known is not None:
        st.caption(plain(f"From the face-up cards: {known} starts."))
    return setup.starting_with(names, lowest)


def reset() -> None:
    """Forget the setup (after a game started), keeping the players for the next one."""
    st.session_state.pop(FACE_UP, None)
    st.session_state.pop(FACE_UP_WHO, None)
    st.session_state.pop(TURNED_UP, None)
    for key in [k for k in st.session_state if str(k).startswith(HOLDS)]:
        st.session_state.pop(key, None)
    st.session_state.pop(THROWN, None)
    st.session_state.pop(THROWN_WHO, None)
    st.session_state.pop(PROBLEM, None)
