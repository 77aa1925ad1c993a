"""Issue 42: several face-up cards of one rank taken with the pile (table: {take_face_up_rank:
true}, docs/rulings.md, ruling 141): the unit, its words, the record form, the tablet's choice,
and the simulator."""

from __future__ import annotations

import support
import yaml

from referee.app.tableview_data import selection_from, table_data
from referee.app.view import step_facts
from referee.engine import Game, PickUp, Position, Step
from referee.records import RecordError, load_record_text, step_from_data, step_to_data
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import TableRules, Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason


def house(**table: object) -> Variant:
    data = support.house_data()
    data["table"] = table
    return variant_from_data(data)


def _on_face_up(v: Variant) -> Game:
    """Ann has no hand cards and no draw pile is left: face up she has two 4s and a 9, the
    pile's 10 beats them all."""
    start = Position(
        "Ann",
        hand={"Ben": 3},
        face_up={"Ann": (4, 4, 9)},
        face_down={"Ann": 1, "Ben": 3},
        draw_pile=0,
        pile=(10,),
    )
    return Game.from_position(v, ["Ann", "Ben"], start)


def test_the_rule_loads_saves_and_is_said() -> None:
    v = house(take_face_up_rank=True)
    assert v.table == TableRules(take_face_up_rank=True)
    assert variant_to_data(v)["table"] == {"take_face_up_rank": True}
    assert "or several of the same rank (they choose)" in rules_sheet(v)
    assert "several of the same rank" not in rules_sheet(house(take_face_up=True))


def test_set_with_take_face_up_it_warns_that_one_is_enough() -> None:
    data = support.house_data()
    data["table"] = {"take_face_up": True, "take_face_up_rank": True}
    found = load_variant_text(yaml.safe_dump(data))
    assert found.ok
    assert any("take_face_up_rank already takes a face-up card" in str(w) for w in found.warnings)


def test_a_pick_up_takes_one_face_up_card_or_several_of_its_rank() -> None:
    g = _on_face_up(house(take_face_up_rank=True))
    assert g.choices.take_options(g.state) == ((4, 1), (4, 2), (9, 1))
    needed = g.advice.explain(g.state, PickUp("Ann"))
    assert not needed.legal and needed.reason == Reason.TAKE_NEEDED
    hint = g.advice.hint(g.state)
    assert hint == "Ann must pick up the pile and one face-up card, or more of one rank."
    too_many = g.advice.explain(g.state, PickUp("Ann", 9, 2))
    assert not too_many.legal and too_many.rule == "R4.3" and too_many.field == "take"
    assert not g.advice.explain(g.state, PickUp("Ann", 4, 3)).legal
    assert not g.advice.explain(g.state, PickUp("Ann", 4, 0)).legal
    ok = g.advice.explain(g.state, PickUp("Ann", 4, 2))
    assert ok.legal and ok.reason == Reason.PICK_UP_TAKE
    assert "Ann takes two 4s from the face-up cards too." in ok.message
    out = g.push(PickUp("Ann", 4, 2))
    assert "Ann takes two 4s from the face-up cards into the hand." in out.messages
    assert g.zone("Ann", "hand").known == {10: 1, 4: 2}
    assert g.zone("Ann", "face_up").known == {9: 1}
    g.past.undo()
    assert g.zone("Ann", "face_up").known == {4: 2, 9: 1}
    assert g.advice.explain(g.state, PickUp("Ann", 4)).legal  # one of them alone, too


def test_take_face_up_alone_takes_one_card_only() -> None:
    g = _on_face_up(house(take_face_up=True))
    assert g.choices.take_options(g.state) == ((4, 1), (9, 1))
    refused = g.advice.explain(g.state, PickUp("Ann", 4, 2))
    assert not refused.legal and refused.reason == Reason.TAKE_ONE and refused.rule == "R6.2"
    assert (
        refused.message == "No: Ann may take only one face-up card with the pile.\nSay which one."
    )
    assert "one face-up card." in g.advice.hint(g.state)


def test_a_record_lists_the_copies_and_reads_the_old_form() -> None:
    v = house(take_face_up_rank=True)
    assert step_to_data(PickUp("Ann", 4, 2), v) == {"pickup": "Ann", "take": [4, 4]}
    assert step_to_data(PickUp("Ann", 4), v) == {"pickup": "Ann", "take": 4}  # as before
    assert step_from_data({"pickup": "Ann", "take": [4, 4]}) == PickUp("Ann", 4, 2)
    assert step_from_data({"pickup": "Ann", "take": 4}) == PickUp("Ann", 4, 1)


def test_a_record_taking_different_cards_is_refused_where_it_says_so() -> None:
    text = "variant: classic\nplayers: [Ann, Ben]\nsteps:\n  - {pickup: Ann, take: [4, 9]}\n"
    try:
        load_record_text(text)
    except RecordError as e:
        said = str(e)
    else:
        raise AssertionError("a take of different cards was accepted")
    assert "<record>:4:" in said and "expected copies of one card" in said


def test_the_tablet_offers_each_card_and_each_count_in_one_choice() -> None:
    g = _on_face_up(house(take_face_up_rank=True))
    data = table_data(g, 0)
    take = data["take"]
    assert isinstance(take, dict)
    assert take["values"] == [["4", "4"], ["4*2", "two 4s"], ["9", "9"]]
    sel = selection_from({"take": "4*2"}, g)
    assert sel is not None and (sel.take, sel.take_copies) == (4, 2)
    stray = selection_from({"take": "9*2"}, g)  # not offered: nothing taken
    assert stray is not None and stray.take is None
    assert (4, 2) in step_facts(g).takes


def test_the_simulator_lists_every_count_and_the_bots_play_it() -> None:
    v = house(take_face_up_rank=True)

    def every_count(g: Game, steps: list[Step]) -> int:
        picks = [s for s in steps if isinstance(s, PickUp)]
        if not picks or picks[0].take is None:
            return 0
        face_up = g.zone(g.turn or "", "face_up").known
        assert {(p.take, p.copies) for p in picks} == {
            (c, k) for c, n in face_up.items() for k in range(1, n + 1)
        }
        return any(p.copies > 1 for p in picks)

    assert support.walk_listed_steps(v, every_count)
    support.bots_finish(v)
