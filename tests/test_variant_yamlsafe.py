"""Unit tests for the safe YAML front-end (referee.files.yamlsafe)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from referee.files.yamlsafe import (
    MAX_BYTES,
    UNREADABLE,
    WARNING,
    Problem,
    YamlError,
    format_path,
    locate,
    parse_yaml,
    schema_problems,
)


def problems(text: str | bytes, **kw: Any) -> list[str]:
    with pytest.raises(YamlError) as info:
        parse_yaml(text, "f.yaml", **kw)
    return [str(p) for p in info.value.problems]


def test_problem_str_and_path_format() -> None:
    p = Problem("v.yaml", 3, 5, "karma_cards[2].effects[0].max", "-1 is less than the minimum 0")
    assert str(p) == "v.yaml:3:5: karma_cards[2].effects[0].max: -1 is less than the minimum 0"
    assert str(Problem("v.yaml", 1, 1, "", "bad")) == "v.yaml:1:1: (top level): bad"
    w = Problem("v.yaml", 2, 1, "burn", "burn 1 ...", WARNING)
    assert str(w) == "v.yaml:2:1: warning: burn: burn 1 ..."
    assert format_path(("karma_cards", 2, "effects", 0, "max")) == "karma_cards[2].effects[0].max"
    assert format_path((0, "a")) == "[0].a"
    assert format_path(()) == ""


def test_parse_returns_data_and_the_node_tree_it_came_from() -> None:
    data, node = parse_yaml("a: 1\nb: [x, {c: 2}]\n", "f.yaml")
    assert data == {"a": 1, "b": ["x", {"c": 2}]}
    assert isinstance(node, yaml.MappingNode)
    assert locate(node, ("b", 1, "c")) == (2, 12)
    assert locate(node, ("b", 1, "c"), at_key=True) == (2, 9)
    assert locate(node, ("b", 0)) == (2, 5)
    assert locate(node, ("b", 7)) == (2, 4)  # missing index: the list itself
    assert locate(node, ("zzz",)) == (1, 1)  # missing key: the mapping
    assert locate(None, ("a",)) == (0, 0)


def test_yaml_1_2_booleans_and_no_dates_or_merges() -> None:
    data, _ = parse_yaml(
        "a: yes\nb: No\nc: on\nd: true\ne: False\nf: 2024-01-02\n'<<': x\ng: ~\nh: 0x10\n", "f"
    )
    assert data == {
        "a": "yes",
        "b": "No",
        "c": "on",
        "d": True,
        "e": False,
        "f": "2024-01-02",
        "<<": "x",
        "g": None,
        "h": 16,
    }


def test_bytes_are_utf8_and_a_bom_is_fine() -> None:
    assert parse_yaml("name: café\n".encode(), "f")[0] == {"name": "café"}
    assert parse_yaml(b"\xef\xbb\xbfa: 1\n", "f")[0] == {"a": 1}


def test_invalid_utf8_is_located() -> None:
    with pytest.raises(YamlError) as info:
        parse_yaml(b"a: 1\nbb: \xff\n", "f.yaml")
    (p,) = info.value.problems
    assert (p.line, p.column, p.severity) == (2, 5, UNREADABLE)
    assert "byte 0xff" in p.message


def test_size_is_checked_before_parsing() -> None:
    assert problems("a: [" * 10 + "x" * MAX_BYTES) == [
        f"f.yaml:1:1: (top level): the file is too large (more than {MAX_BYTES:,} bytes); "
        "expected at most 256 KiB"
    ]
    assert problems(b"a: 12345\n", max_bytes=4)[0].endswith("expected at most 0 KiB")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "a: 1\nb: 2\na: 3\n",
            "f.yaml:3:1: (top level): duplicate key 'a' (first at line 1); expected each key once",
        ),
        (
            "x: {k: 1, k: 2}\n",
            "f.yaml:1:11: x: duplicate key 'k' (first at line 1); expected each key once",
        ),
        (
            "a: &x 1\nb: *x\n",
            "f.yaml:1:4: a: anchors (&x) are not allowed; expected the value written out in full",
        ),
        (
            "b: *x\n",
            "f.yaml:1:4: b: aliases (*x) are not allowed; expected the value written out in full",
        ),
        (
            "a: !!python/object:os.system x\n",
            "f.yaml:1:4: a: the tag !!python/object:os.system is not allowed; expected plain values without tags",
        ),
        (
            "a: !custom x\n",
            "f.yaml:1:4: a: the tag !custom is not allowed; expected plain values without tags",
        ),
        (
            "a: !!set {x}\n",
            "f.yaml:1:4: a: the tag !!set is not allowed; expected plain values without tags",
        ),
        (
            "? [a]\n: b\n",
            "f.yaml:1:3: (top level): a key must be a plain value; expected a name before ':'",
        ),
        (
            "a: b: c\n",
            "f.yaml:1:5: (top level): invalid YAML: mapping values are not allowed here; expected valid YAML (check indentation, colons, quotes and brackets)",
        ),
        (
            "a:\n\t- 1\n",
            "f.yaml:2:1: (top level): a tab character cannot indent YAML; expected spaces",
        ),
        (
            "a: 1\n---\nb: 2\n",
            "f.yaml:2:1: (top level): a second YAML document starts here ('---'); expected a single document",
        ),
        ("", "f.yaml:1:1: (top level): the file is empty; expected a YAML mapping of fields"),
        (
            "# only\n",
            "f.yaml:1:1: (top level): the file holds only comments; expected a YAML mapping of fields",
        ),
        (
            "a: 'open\n",
            "f.yaml:2:1: (top level): invalid YAML: found unexpected end of stream (while scanning a quoted scalar started at line 1); expected valid YAML (check indentation, colons, quotes and brackets)",
        ),
        (
            "a: !!int abc\n",
            "f.yaml:1:4: a: 'abc' is not a valid int; expected a whole number of at most 4,300 digits",
        ),
        (
            "a: !!bool maybe\n",
            "f.yaml:1:4: a: 'maybe' is not a valid bool; expected true or false",
        ),
        ("a: !!float x\n", "f.yaml:1:4: a: 'x' is not a valid float; expected a number"),
        (
            "a: " + "9" * 5000 + "\n",
            "f.yaml:1:4: a: '9999999999999999999999999999999999999...' is not a valid int; expected a whole number of at most 4,300 digits",
        ),
    ],
)
def test_located_parse_problems(text: str, expected: str) -> None:
    assert problems(text) == [expected]


def test_standard_explicit_tags_are_allowed() -> None:
    data, _ = parse_yaml(
        "a: !!str 3\nb: !!int '4'\nc: !!float 1\nd: !!null ''\ne: !!bool true\n", "f"
    )
    assert data == {"a": "3", "b": 4, "c": 1.0, "d": None, "e": True}


def test_depth_and_node_caps() -> None:
    assert "nested more than 64 deep" in problems("[" * 100 + "]" * 100)[0]
    parse_yaml("[" * 64 + "]" * 64, "f")  # exactly at the cap is fine
    assert "more than 50 values" in problems("[" + ",".join("1" * 60) + "]", max_nodes=50)[0]


SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "n"],
    "properties": {
        "id": {
            "title": "Id",
            "type": "string",
            "pattern": "^[a-z]+$",
            "x-expected": "lowercase letters",
        },
        "n": {"title": "Count", "type": "integer", "minimum": 0, "maximum": 9},
        "colour": {"title": "Colour", "enum": ["red", "blue"]},
        "tags": {"type": "array", "minItems": 1, "maxItems": 2, "uniqueItems": True},
        "name": {"type": "string", "minLength": 1},
        "kind": {"const": "card"},
        "either": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
        "shape": {
            "oneOf": [
                {
                    "type": "object",
                    "properties": {"side": {"type": "integer", "minimum": 1}},
                    "required": ["side"],
                },
                {"type": "string"},
            ]
        },
    },
}


def schema_lines(text: str) -> list[str]:
    data, node = parse_yaml(text, "s.yaml")
    return [str(p) for p in schema_problems(SCHEMA, data, node, "s.yaml")]


def test_schema_problems_in_plain_words_sorted_by_position() -> None:
    text = (
        "id: Abc\n"
        "n: three\n"
        "colour: green\n"
        "tags: [a, a, b]\n"
        "name: ''\n"
        "kind: deck\n"
        "either: 1.5\n"
        "shape: {side: 0}\n"
        "color: red\n"
    )
    assert schema_lines(text) == [
        "s.yaml:1:5: id: 'Abc' is not in the right form; expected lowercase letters",
        "s.yaml:2:4: n: expected an integer, got 'three'",
        "s.yaml:3:9: colour: 'green' is not allowed here; expected one of: red, blue",
        "s.yaml:4:7: tags: 'a' is listed twice; expected each item once",
        "s.yaml:4:7: tags: the list has 3 items; expected at most 2",
        "s.yaml:5:7: name: the text is empty; expected at least 1 character",
        "s.yaml:6:7: kind: 'deck' is not allowed here; expected 'card'",
        "s.yaml:7:9: either: expected an integer or a string, got 1.5",
        "s.yaml:8:15: shape.side: 0 is less than the minimum 1",
        "s.yaml:9:1: color: unknown field 'color'; expected one of: id, n, colour, tags, name, kind, either, shape (did you mean 'colour'?)",
    ]


def test_schema_required_minimum_maximum_and_integers() -> None:
    assert schema_lines("n: -1\ntags: []\n") == [
        "s.yaml:1:1: (top level): missing required field 'id'; expected 'id' here",
        "s.yaml:1:4: n: -1 is less than the minimum 0",
        "s.yaml:2:7: tags: the list is empty; expected at least 1 item",
    ]
    assert schema_lines("id: a\nn: 10\n") == ["s.yaml:2:4: n: 10 is more than the maximum 9"]
    assert schema_lines("id: a\nn: 3.0\n") == ["s.yaml:2:4: n: expected an integer, got 3.0"]
    assert schema_lines("id: a\nn: true\n") == ["s.yaml:2:4: n: expected an integer, got true"]
    assert schema_lines("id: a\nn: 3\n") == []


def test_schema_problems_are_capped() -> None:
    text = "id: a\nn: 1\n" + "".join(f"k{i}: 1\n" for i in range(150))
    lines = schema_lines(text)
    assert len(lines) == 101
    assert lines[-1].endswith("and 50 more problems like these; expected them fixed too")


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

YAMLISH = st.text(alphabet=st.sampled_from(list("ab:-[]{},&*!'\"#|>? \n\t01.~")), max_size=80)


@settings(max_examples=300, deadline=None)
@given(YAMLISH)
def test_parse_yaml_only_ever_raises_yaml_error(text: str) -> None:
    try:
        parse_yaml(text, "f")
    except YamlError as e:
        assert e.problems and all(p.line >= 1 for p in e.problems)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=60))
def test_parse_yaml_survives_any_bytes(data: bytes) -> None:
    try:
        parse_yaml(data, "f")
    except YamlError as e:
        assert e.problems


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('a:\n  b: [1, "\\ud800"]\n', "f.yaml:2:10: a.b[1]: the text holds a lone surrogate"),
        ("a:\n  - b: " + "9" * 30 + "\n", "f.yaml:2:8: a[0].b: a number of 30 digits is too large"),
        ("a:\n  - b: -9223372036854775808\n", "f.yaml:2:8: a[0].b: a number of 19 digits"),
        ('"\\udfff": 1\n', "f.yaml:1:1: (top level): the text holds a lone surrogate"),
    ],
)
def test_values_refused_while_building_name_their_path(text: str, expected: str) -> None:
    """Issue 8 item 4: FILE:LINE:COL: path: what is wrong -- the path, not "(top level)"."""
    (found,) = problems(text)
    assert found.startswith(expected), found
