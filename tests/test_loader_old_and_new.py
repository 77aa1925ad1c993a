"""Issue 41.6: the loader made from the fields' declarations (``referee.variant.loader``) says
exactly what the old, hand-written one said (``referee.variant.old_loader``), before the old one
is deleted: for every built-in variant, every variant file and record in tests/ and ../shared,
every house rule of docs/house-rules.md, and random valid and broken variants - the same model,
the same errors and warnings (each located, in the same words), the same data back."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import variant_data
from test_house_rules_doc import BASE, rules

from referee.variant import loader as new
from referee.variant import old_loader as old
from referee.yamlsafe import parse_yaml

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
FILES = sorted(
    {
        *(ROOT / "variants").glob("*.yaml"),
        *(ROOT / "tests").rglob("*.yaml"),
        *(SHARED / "scenarios").glob("*.yaml"),
    }
)


def said(result: Any) -> tuple[Any, list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """A load's outcome, whole: the model, and every problem with its plain words and field."""

    def lines(problems: list[Any]) -> list[tuple[str, str, str]]:
        return [(str(p), p.plain, p.concerns) for p in problems]

    return result.variant, lines(result.errors), lines(result.warnings)


def agree_on_data(data: Any) -> None:
    assert new.check_data(data) == old.check_data(data)
    errors, _ = old.check_data(data)
    if not errors:
        v = new.variant_from_data(data)
        assert v == old.variant_from_data(data)
        assert json.dumps(new.variant_to_data(v)) == json.dumps(old.variant_to_data(v))
        assert new.dump_variant(v) == old.dump_variant(v)


def test_there_are_files_of_every_kind() -> None:
    names = {p.parent.name for p in FILES}
    assert {"variants", "scenarios", "bad", "warn"} <= names
    assert len(FILES) > 100


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_every_file_loads_the_same(path: Path) -> None:
    """Each file read as a variant (a record too: it is then refused, in the same words), and a
    record's own variant, written in it or named by its path."""
    text = path.read_bytes()
    assert said(new.load_variant_text(text, path.name)) == said(
        old.load_variant_text(text, path.name)
    )
    assert said(new.load_variant_file(path)) == said(old.load_variant_file(path))
    try:
        data, _ = parse_yaml(text, path.name)
    except Exception:
        return
    if isinstance(data, dict) and "steps" in data and isinstance(data.get("variant"), dict):
        agree_on_data(data["variant"])


def test_every_house_rule_of_the_docs_loads_the_same() -> None:
    for _, _, _, lines, _ in rules():
        agree_on_data({**BASE, **yaml.safe_load(lines)})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_data())
def test_random_variants_load_the_same(data: dict[str, Any]) -> None:
    agree_on_data(data)


_ODD = st.sampled_from([None, -1, 0, 1, 2, 3, 99, 150, 10**7, True, "", "x", "Q", 2.5, [], {}])


@st.composite
def broken(draw: st.DrawFn) -> Any:
    """A random variant with a few values replaced by odd ones, or removed: the problems said
    about it, the cross-field rules' included, must be the same."""
    data = draw(variant_data())
    for _ in range(draw(st.integers(1, 4))):
        paths = list(_paths(data))
        path = draw(st.sampled_from(paths))
        holder = data
        for seg in path[:-1]:
            holder = holder[seg]
        if draw(st.booleans()) and isinstance(holder, dict):
            del holder[path[-1]]
        else:
            holder[path[-1]] = copy.deepcopy(draw(_ODD))
    return data


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Any:
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for key, value in items:
        yield (*path, key)
        yield from _paths(value, (*path, key))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(broken())
def test_broken_variants_are_told_the_same(data: Any) -> None:
    agree_on_data(data)
