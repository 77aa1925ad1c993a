"""The table rule ``burn_passes_on`` (issue 42, docs/rulings.md ruling 122): after a burn the
next player starts the new pile, instead of the burner playing again (R7.4 changed)."""

from __future__ import annotations

import json

import support
from support import explain, legal_steps

from referee.engine import Game, Play, Position
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet

SKIP = {"id": "hop", "name": "Hop", "copies": 4, "effects": [{"effect": "skip", "target": "next"}]}


def house(on: bool = True) -> Variant:
    data = support.house_data([SKIP])
    if on:
        data["table"] = {"burn_passes_on": True}
    return variant_from_data(data)


def game(pile: tuple[int | str, ...] = (7, 7, 7), on: bool = True, players: int = 3) -> Game:
    """Ann to move with a 7, a 2 and two Hops face up; Ben and Cal hold unknown hands."""
    names = ["Ann", "Ben", "Cal"][:players]
    start = Position(
        "Ann",
        hand={n: 0 if n == "Ann" else 3 for n in names},
        face_up={"Ann": (7, 2, "hop", "hop")},
        face_down={n: 3 for n in names},
        draw_pile=0,
        pile=pile,
    )
    return Game.from_position(house(on), names, start)


def test_after_a_burn_the_next_player_starts_the_new_pile() -> None:
    g = game()
    o = g.push(Play("Ann", (7,), "face_up"))
    assert o.burned and not o.plays_again and o.next_player == "Ben"
    assert g.state.pile == [] and g.state.names[g.state.mover] == "Ben"
    assert "plays again" not in o.text
    # Ben starts it: any card may go on the empty pile (R5).
    assert explain(g, Play("Ben", (1,))).legal
    assert not explain(g, Play("Ann", (2,), "face_up")).legal


def test_without_the_rule_the_burner_plays_again() -> None:
    g = game(on=False)
    o = g.push(Play("Ann", (7,), "face_up"))
    assert o.burned and o.plays_again and o.next_player == "Ann"


def test_a_play_that_burns_does_nothing_else_so_its_skip_lapses() -> None:
    """R7.2: four Hops burn at once; the skip on them lapses, so Ben (not Cal) starts."""
    g = game(pile=("hop", "hop"))
    o = g.push(Play("Ann", ("hop", "hop"), "face_up"))
    assert o.burned and not o.skipped and o.next_player == "Ben"


def test_a_play_that_does_not_burn_passes_as_usual() -> None:
    g = game(pile=(7, 7))
    o = g.push(Play("Ann", (7,), "face_up"))
    assert not o.burned and o.next_player == "Ben"


def test_with_two_players_the_other_starts_and_the_full_information_game_agrees() -> None:
    g = game(players=2)
    assert g.push(Play("Ann", (7,), "face_up")).next_player == "Ben"
    full = Game.shuffled(house(), ["Ann", "Ben", "Cal"], 11, keep_history=True)
    s = full.state
    s.pile = [7, 7, 7]
    seat = s.seats[s.mover]
    seat.hand.add_known(7)
    mover = s.names[s.mover]
    step = next(p for p in legal_steps(full) if isinstance(p, Play) and p.cards == (7,))
    o = full.push(step)
    assert o.burned and o.next_player != mover and not o.plays_again


def test_it_is_on_the_sheet_instead_of_the_rule_books_sentence_and_loads() -> None:
    on, off = rules_sheet(house()), rules_sheet(house(on=False))
    assert "the turn passes to the next player, who starts a new pile." in on
    assert "plays again on the empty pile" not in on
    assert "whoever completed the run plays again on the empty pile." in off
    data = dict(support.house_data(), table={"burn_passes_on": True})
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok and result.variant is not None
    assert result.variant.table.get("burn_passes_on") is True
