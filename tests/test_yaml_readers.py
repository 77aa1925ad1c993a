"""The two YAML readers of referee.files.yamlsafe agree: libyaml's events composed by the checks
(the fast reader) and the pure-Python reader, which says every problem.  A file is taken from
the fast reader only when it reads it without a problem, so each message stays the pure-Python
one; these tests pin that both give the same data and the same places (line and column, which
the schema's problems name) for every file the project ships or replays, and that a file the
fast reader refuses is still said, located, as before."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from referee.files import yamlsafe
from referee.files.yamlsafe import MAX_NODES, YamlError, parse_yaml

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "scenarios"
FILES = sorted(
    {
        *ROOT.glob("variants/*.yaml"),
        *ROOT.glob("tests/**/*.yaml"),
        *SHARED.glob("*.yaml"),
    }
)


def _places(node: yaml.Node) -> list[tuple[object, ...]]:
    """Every node's kind, tag, value and start and end (line, column), without recursion."""
    out: list[tuple[object, ...]] = []
    stack = [node]
    while stack:
        n = stack.pop()
        value = n.value if isinstance(n, yaml.ScalarNode) else None
        out.append((type(n).__name__, n.tag, value, *_at(n.start_mark), *_at(n.end_mark)))
        if isinstance(n, yaml.MappingNode):
            stack.extend(part for pair in n.value for part in pair)
        elif isinstance(n, yaml.SequenceNode):
            stack.extend(n.value)
    return out


def _at(mark: yaml.Mark) -> tuple[int, int]:
    return mark.line, mark.column


def test_there_is_a_fast_reader_and_files_to_compare() -> None:
    assert yamlsafe._CParser is not None  # PyYAML's wheel carries libyaml
    assert len(FILES) > 100


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT.parent)))
def test_both_readers_give_the_same_data_and_places(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    try:
        slow = yamlsafe._read_located(text, path.name, MAX_NODES)
    except YamlError:  # a file of bad input (tests/variant_cases): the fast reader refuses it too
        assert yamlsafe._read_fast(text, MAX_NODES) is None
        return
    fast = yamlsafe._read_fast(text, MAX_NODES)
    assert fast is not None, path
    assert fast[0] == slow[0]
    assert _places(fast[1]) == _places(slow[1])


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a: [1, 2\n", "f.yaml:2:1: (top level): invalid YAML"),
        ("a: &x 1\nb: *x\n", "f.yaml:1:4: a: anchors (&x) are not allowed"),
        ("a: 1\na: 2\n", "f.yaml:2:1: (top level): duplicate key 'a' (first at line 1)"),
        ("a: !!python/object {}\n", "f.yaml:1:4: a: the tag !!python/object"),
        ("a: " + "[" * 70 + "]" * 70 + "\n", "f.yaml:1:"),
    ],
)
def test_a_file_the_fast_reader_refuses_is_said_by_the_pure_python_reader(
    text: str, said: str
) -> None:
    assert yamlsafe._read_fast(text, MAX_NODES) is None
    with pytest.raises(YamlError) as info:
        parse_yaml(text, "f.yaml")
    assert str(info.value.problems[0]).startswith(said)


def test_deep_nesting_never_reaches_libyamls_own_composer() -> None:
    """libyaml's composer recurses in C (RECIPES.md: it crashed the process on about 32,768
    nested brackets; the libyaml here refuses more than 1,000 levels itself): the fast reader
    composes in Python and stops at MAX_DEPTH, long before either."""
    for text in ("[" * 40_000, "a:\n" + "- " * 40_000 + "x\n", "{a: " * 40_000):
        assert yamlsafe._read_fast(text, MAX_NODES) is None
        with pytest.raises(YamlError) as info:
            parse_yaml(text, "f.yaml")
        assert "nested more than 64 deep" in str(info.value.problems[0])
