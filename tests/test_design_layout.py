"""The Design page lays out each mapping from its declarations (``designer.lines``): short
fields side by side, every other one on a line of its own."""

from __future__ import annotations

from referee.app import designer as d
from referee.variant.declare import written
from referee.variant.fields import DEAL, KARMA_CARD, TABLE, VARIANT


def keys(rows: list[list[object]]) -> list[list[str]]:
    return [[f.key for f in row] for row in rows]  # type: ignore[attr-defined]


def test_short_fields_share_a_line_and_the_rest_stand_alone() -> None:
    about = [d.FIELDS[k] for k in ("name", "id", "description", "author")]
    assert keys(d.lines(about)) == [["name", "id"], ["description"], ["author"]]


def test_a_cards_effects_and_its_text_box_stand_alone() -> None:
    assert keys(d.lines(list(KARMA_CARD.fields))) == [
        ["id", "name", "copies"],
        ["text"],
        ["rule"],
        ["effects"],
    ]


def test_the_deal_counts_share_a_line_and_the_rows_stand_alone() -> None:
    assert keys(d.lines(list(DEAL.fields))) == [["face_down", "face_up", "hand"], ["by_players"]]


def test_each_table_rule_switch_stands_alone() -> None:
    switches = [f for f in TABLE.parts() if type(f).__name__ == "Flag"]
    assert len(switches) > 2
    assert keys(d.lines(switches)) == [[f.key] for f in switches]


def test_a_draft_keeps_a_required_field_even_empty_and_an_optional_one_only_filled() -> None:
    name, description = d.FIELDS["name"], d.FIELDS["description"]
    cards = next(f for f in VARIANT.fields if f.key == "karma_cards")
    assert written(name, "")
    assert not written(description, "")
    assert written(description, "Ours")
    assert written(cards, [])  # always written, even empty
