"""docs/house-rules.md (issue 31.8): every house rule's lines load as a variant, every rule has
sources and a test that exists, and there are at least 50 of them."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from referee.variant.loader import load_variant_text

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "house-rules.md"
BASE = yaml.safe_load(
    re.search(r"^```yaml house-base\n(.*?)```$", DOC.read_text(encoding="utf-8"), re.M | re.S)[1]
)
"""The house base every rule's lines go on, as the document states it."""
RULE = re.compile(
    r"^#### (\d+)\. (.+?)\nSources: (.+?)\n```yaml\n(.*?)```\nPinned by: (.+?)$", re.M | re.S
)


def rules() -> list[tuple[int, str, str, str, str]]:
    text = DOC.read_text(encoding="utf-8")
    return [(int(n), title, src, lines, pin) for n, title, src, lines, pin in RULE.findall(text)]


def test_at_least_fifty_rules_numbered_in_order() -> None:
    found = rules()
    assert len(found) >= 50
    assert [n for n, *_ in found] == list(range(1, len(found) + 1))
    assert DOC.read_text(encoding="utf-8").count("#### ") == len(found)  # none unread


def test_every_rules_lines_load_as_a_variant() -> None:
    for n, title, _, lines, _ in rules():
        data = {**BASE, **yaml.safe_load(lines)}
        result = load_variant_text(yaml.safe_dump(data), f"rule {n}")
        assert result.variant is not None, (n, title, [str(p) for p in result.errors])


def test_every_rule_names_its_sources_and_a_test_that_exists() -> None:
    keys = set(re.findall(r"^\| ([A-Z0-9]+) \|", DOC.read_text(encoding="utf-8"), re.M))
    for n, _title, sources, _, pin in rules():
        named = set(re.findall(r"\b[A-Z]{3,}[0-9]*\b", sources.split(".")[0]))
        assert named and named <= keys, (n, sources)
        path, _, name = pin.strip("`").partition("::")
        file = (ROOT / path).resolve()
        assert file.is_file(), (n, path)
        if name:
            assert f"def {name}(" in file.read_text(encoding="utf-8"), (n, pin)
