"""The checked-in schemas equal the generated ones, describe every field, and fit real files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from referee.commands.schema import SCHEMAS_DIR, SERVED_DIR, main
from referee.files.resources import SCHEMA_ID_BASE
from referee.files.yamlsafe import parse_yaml, schema_problems
from referee.records.schema import record_schema
from referee.variant.conditions import CONDITIONS
from referee.variant.declare import Cards, Choice, Flag, Int
from referee.variant.menu import MENU
from referee.variant.schema_gen import render, variant_schema

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.mark.parametrize(
    ("name", "build"),
    [("variant.schema.json", variant_schema), ("record.schema.json", record_schema)],
)
def test_checked_in_schema_equals_generated(name: str, build: Any) -> None:
    text = (SCHEMAS_DIR / name).read_text(encoding="utf-8")
    assert text == render(build()), "run: python -m referee.commands.schema"
    assert (SERVED_DIR / name).read_text(encoding="utf-8") == text  # what the app serves
    schema = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == f"{SCHEMA_ID_BASE}{name}"
    assert schema["title"] and schema["description"] and schema["examples"]
    for example in schema["examples"]:
        assert list(jsonschema.Draft202012Validator(schema).iter_errors(example)) == []


def test_check_mode_reports_up_to_date() -> None:
    assert main(["--check"]) == 0


def _property_schemas(node: Any, where: str = "") -> list[tuple[str, Any]]:
    found = []
    if isinstance(node, dict):
        for key, sub in node.get("properties", {}).items():
            found.append((f"{where}.{key}", sub))
        for key, sub in node.items():
            if key in ("const", "enum", "examples", "default"):
                continue
            found += _property_schemas(sub, f"{where}/{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            found += _property_schemas(sub, f"{where}[{i}]")
    return found


@pytest.mark.parametrize("build", [variant_schema, record_schema])
def test_every_property_has_a_title_and_description(build: Any) -> None:
    props = _property_schemas(build())
    assert len(props) > 30
    missing = [where for where, sub in props if not (sub.get("title") and sub.get("description"))]
    # `if` clauses only discriminate; they are not fields a person writes.
    missing = [m for m in missing if "/if" not in m]
    assert missing == []
    for name, sub in build()["$defs"].items():
        if name != "card":
            assert sub.get("title") and sub.get("description"), name


def test_every_effect_of_the_menu_has_a_definition_with_its_params() -> None:
    defs = variant_schema()["$defs"]
    for name, spec in MENU.items():
        d = defs[f"effect_{name}"]
        assert d["additionalProperties"] is False
        assert d["properties"]["effect"]["const"] == name
        # Every effect may carry a condition (``when``, issue 42) beside its own parameters.
        assert set(d["properties"]) == {"effect", "when", *(p.key for p in spec.params)}
        assert d["properties"]["when"]["$ref"] == "#/$defs/when"  # conditions (issue 42)
        for p in spec.params:
            prop = d["properties"][p.key]
            assert prop["title"] == p.key
            if isinstance(p, Choice):
                assert (prop["type"], prop["enum"]) == ("string", list(p.choices))
            elif isinstance(p, Cards):  # a few of the deck's cards, each once (issue 42)
                assert (prop["type"], prop["minItems"], prop["uniqueItems"]) == ("array", 1, True)
            elif isinstance(p, Flag):  # a switch, left out where off (ruling 155)
                assert prop["type"] == "boolean" and "default" not in prop
            else:
                assert isinstance(p, Int)
                assert (prop["type"], prop["minimum"], prop["maximum"]) == ("integer", p.lo, p.hi)
    assert set(defs["effect_name"]["enum"]) == set(MENU) - {"value", "plays_as"}  # a value needed
    when = defs["when"]  # drawn from the condition units' fields, each titled by its key
    assert when["additionalProperties"] is False
    assert set(when["properties"]) == set(CONDITIONS)
    assert all(when["properties"][k]["title"] == k for k in CONDITIONS)


def record_lines(text: str) -> list[str]:
    data, node = parse_yaml(text, "r.yaml")
    return [str(p) for p in schema_problems(record_schema(), data, node, "r.yaml")]


def test_shared_scenarios_fit_the_record_schema() -> None:
    files = sorted((SHARED / "scenarios").glob("*.yaml"))
    if not files:
        pytest.skip("no shared scenarios beside the repo")
    for path in files:
        assert record_lines(path.read_text(encoding="utf-8")) == [], path.name


def test_game_records_page_example_fits() -> None:
    text = """\
variant: classic
name: An example
players: [Ann, Ben, Cal]
face_up:
  Ann: [16, 14, bottoms_up]
  Ben: [12, 9, 9]
  Cal: [15, 11, five_or_below]
start:
  turn: Ann
  pile: [6, 9]
  draw_pile: 0
  hand: {Ann: 1, Ben: 2, Cal: 0}
  face_up: {Ann: [9, 9], Ben: [14], Cal: []}
  face_down: {Ann: 3, Ben: 3, Cal: 1}
steps:
  - {by: Ann, play: [4]}
  - {by: Ben, play: [3], expect: illegal}
  - {pickup: Ben}
  - {by: Cal, play: [9, 9], from: face_up, expect: illegal}
  - {by: Cal, play: [give_the_pile_to_a_friend], to: Ann}
  - {by: Ann, play: [give_a_card], to: Ben, give: 7}
  - check: {turn: Ann, top: null, pile: 0, hand: {Ann: 3}, out: [], loser: null, burned: 3}
"""
    assert record_lines(text) == []


def test_malformed_records_are_located() -> None:
    text = """\
variant: classic
players: [Ann, Ben]
steps:
  - {by: Ann, play: []}
  - {by: Ann, play: [4], frm: hand}
  - {pickup: Ben, expect: maybe}
  - check: {turn: Ann, piles: 2}
  - {play: [Four]}
  - 7
"""
    assert record_lines(text) == [
        "r.yaml:4:21: steps[0].play: the list is empty; expected at least 1 item",
        "r.yaml:5:26: steps[1].frm: unknown field 'frm'; expected one of: by, play, from, to, give, suit, as, limit, expect, says, rule (did you mean 'from'?)",
        "r.yaml:6:27: steps[2].expect: 'maybe' is not allowed here; expected one of: legal, illegal",
        "r.yaml:7:24: steps[3].check.piles: unknown field 'piles'; expected one of: turn, top, pile, draw_pile, burned, hand, face_up, face_down, out, loser, advice, next (did you mean 'pile'?)",
        "r.yaml:8:5: steps[4]: missing required field 'by'; expected 'by' (the player who plays) here",
        "r.yaml:8:13: steps[4].play[0]: 'Four' is not in the right form; expected a card: a number such as 7, a Karma card id such as five_or_below, or in an ordinary pack a name such as Q, Queen or joker",
        "r.yaml:9:5: steps[5]: expected a step: {by: NAME, play: [CARDS]}, {pickup: NAME} or {check: {...}}, got 7",
    ]


def test_karma_schema_writes_what_the_generator_makes(tmp_path: Path) -> None:
    """`karma schema --out schemas` is the one command that regenerates the checked-in schemas
    (issue 21): it writes the generator's output, which equals the checked-in copies."""
    from referee.commands.cli import main as karma

    assert karma(["schema", "--out", str(tmp_path)]) == 0
    for name, build in (
        ("variant.schema.json", variant_schema),
        ("record.schema.json", record_schema),
    ):
        written = (tmp_path / name).read_text(encoding="utf-8")
        assert written == render(build())
        assert written == (SCHEMAS_DIR / name).read_text(encoding="utf-8")
