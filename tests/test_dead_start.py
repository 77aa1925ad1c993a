"""Issue 20, point 3: a start where the mover can take no step (docs/rulings.md, "A start with
no step").  The referee used to accept one: no hand cards, a draw pile left, an empty pile,
face-up cards only - face-up refused (R3.2), face-down refused (R3.3), pick-up refused (R6.3).
R2.4 takes a position as it is, so nothing could ever happen: the start is refused, located.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import budget, valid_variants
from support import plain

from referee.app import table
from referee.app.common import builtin_yaml
from referee.engine import ZONES, Game, PickUp, Play, Position, SetupError, Step
from referee.records import RecordError, load_record_text, start_game
from referee.store import Store, default_path
from referee.variant.model import Variant
from referee.variant.registry import builtin

DEAD = """\
variant: classic
players: [Dee, Eve, Fay]
start:
  turn: Eve
  pile: []
  draw_pile: 10
  hand: {Dee: 3, Fay: 3}
  face_up: {Eve: [9, 12]}
  face_down: {Eve: 3}
steps: []
"""


def test_the_dead_start_of_the_issue_is_refused_where_it_is() -> None:
    with pytest.raises(RecordError) as e:
        load_record_text(DEAD, "dead.yaml")
    [problem] = e.value.problems
    assert (problem.line, problem.path) == (4, "start.turn")
    assert problem.message == (
        "Eve can do nothing: the pile is empty, and Eve has no card to play yet (R2.4); "
        "expected a game that can start (R2)"
    )


def test_the_same_start_with_a_pile_or_a_hand_card_is_accepted() -> None:
    """Only the dead start is refused: a pile to pick up (R6.2), or one hand card, is a step."""
    load_record_text(DEAD.replace("pile: []", "pile: [5]"), "pile.yaml")
    load_record_text(DEAD.replace("{Dee: 3, Fay: 3}", "{Dee: 3, Eve: 1, Fay: 3}"), "hand.yaml")
    load_record_text(DEAD.replace("draw_pile: 10", "draw_pile: 0"), "table-cards.yaml")


def test_a_stored_dead_start_is_a_message_on_the_referee_page(data_dir: Path) -> None:
    """A game imported before such starts were refused opens as a plain message."""
    from streamlit.testing.v1 import AppTest

    store = Store(default_path())
    gid = store.create_game(
        name="Dead",
        variant_id="classic",
        variant_yaml=builtin_yaml("classic"),
        builtin=True,
        players=["Dee", "Eve", "Fay"],
        start={
            "turn": "Eve",
            "draw_pile": 10,
            "hand": {"Dee": 3, "Fay": 3},
            "face_up": {"Eve": [9]},
        },
    )
    with pytest.raises(SetupError):
        table.load_table(store, gid)
    main = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")
    at = AppTest.from_file(main, default_timeout=20)
    at.query_params["game"] = gid
    at.run()
    assert not at.exception, at.exception
    assert [plain(e.value) for e in at.error] == [
        "That game cannot be played: Eve can do nothing: the pile is empty, "
        "and Eve has no card to play yet (R2.4)."
    ]


# --- every accepted start has a step (a property over random valid variants) ------------------


def _some_step(game: Game) -> Step | None:
    """A legal step of the mover, searched wider than the referee's own check: a pick-up
    (with one or more of a face-up card, where a table rule takes them with the pile, ruling
    108 and 141), every card, one to three copies, every zone, every chosen player and every
    given card.  Judged by the filter alone (``is_legal``): the words of each of these
    thousands of verdicts are not the question here (the advice's own property tests word
    theirs)."""
    mover = game.turn
    assert mover is not None
    cards = game.variant.all_cards()
    for take in (None, *cards):
        for copies in (1, 2, 3) if take is not None else (1,):
            if game.is_legal(PickUp(mover, take, copies)):
                return PickUp(mover, take, copies)
    for zone in ZONES:
        for card in cards:
            for k in (1, 2, 3):
                for to in (None, *game.players):
                    for give in (None, *cards):
                        step = Play(mover, (card,) * k, zone, to, give)
                        if game.is_legal(step):
                            return step
    return None


@st.composite
def starts(draw: st.DrawFn, v: Variant) -> tuple[list[str], Position]:
    n = draw(st.integers(v.min_players, min(v.max_players, 4)))
    names = ["Ann", "Ben", "Cal", "Dee"][:n]
    cards = v.all_cards()
    small = st.integers(0, 2)
    return names, Position(
        turn=draw(st.sampled_from(names)),
        pile=tuple(draw(st.lists(st.sampled_from(cards), max_size=2))),
        draw_pile=draw(st.sampled_from([0, 0, 4])),
        hand={p: draw(small) for p in names},
        face_up={p: tuple(draw(st.lists(st.sampled_from(cards), max_size=2))) for p in names},
        face_down={p: draw(small) for p in names},
    )


@budget(150)
@given(data=st.data(), variant=valid_variants())
def test_every_accepted_start_has_a_legal_step(data: st.DataObject, variant: Variant) -> None:
    names, start = data.draw(starts(variant))
    try:
        game = start_game(variant, names, None, start)
    except SetupError:
        return
    assert _some_step(game) is not None, start


def test_a_deal_is_never_dead() -> None:
    """A fresh deal always gives the first player hand cards (the loader refuses a deal with
    none while a draw pile is left, ruling 22)."""
    for vid in ("classic", "mini-round", "second-edition", "shithead", "quick-duel"):
        game = start_game(builtin(vid), ["Ann", "Ben"])
        assert _some_step(game) is not None, vid
