"""Fuzz (issue 8 item 4): mutations of the shipped variants and of every scenario — changed
types, huge, negative and float numbers, odd Unicode, deletions, duplications, deep nesting —
each gets located problems or loads; never a traceback, and each is judged in under 2 s."""

from __future__ import annotations

import contextlib
import io
import random
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from referee.commands.cli import main
from referee.records import RecordError, load_record_text, replay
from referee.variant.loader import load_variant_text

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = sorted((ROOT / "variants").glob("*.yaml"))
SCENARIOS = sorted((ROOT.parent / "shared" / "scenarios").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "scenarios").glob("*.yaml")
)
PER_FILE = 12
LIMIT_S = 2.0  # CPU seconds per file (time.process_time): load on the machine does not count

ODD_VALUES: list[Any] = [
    None,
    True,
    -1,
    0,
    2**31,
    -(2**63),
    2**53 + 1,
    10**30,
    1.5,
    -0.0,
    float("inf"),
    "",
    " ",
    "\u202e evil",
    "\x00",
    "😀" * 50,
    "a" * 5000,
    "[x](http://198.51.100.7/)",
    "![i](http://198.51.100.7/i.png)",
    "<script>alert(1)</script>",
    "$x^2$",
    ":red[hi]",
    [],
    {},
    [[[[[[]]]]]],
    {"a": {"b": {"c": []}}},
    ["x"] * 50,
]


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*path, i))
    return out


def _mutate(data: Any, rng: random.Random) -> Any:
    paths = [p for p in _paths(data) if p]
    path = rng.choice(paths)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    kind = rng.choice(["replace", "delete", "duplicate", "nest", "replace"])
    if kind == "delete":
        del parent[key]
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif kind == "nest":
        parent[key] = [[[parent[key]]]] if rng.random() < 0.5 else {"x": parent[key]}
    else:
        parent[key] = rng.choice(ODD_VALUES)
    return data


def _text_mutations(text: str, rng: random.Random) -> str:
    kind = rng.randrange(5)
    lines = text.splitlines()
    i = rng.randrange(len(lines))
    if kind == 0:  # a lone surrogate escape or a control character in a value
        lines[i] += ' # "\\ud800"' if rng.random() < 0.5 else "\x07"
        lines.insert(i, 'name: "\\udfff"')
    elif kind == 1:  # duplicate a line (duplicate keys, duplicate steps)
        lines.insert(i, lines[i])
    elif kind == 2:  # deep flow nesting
        lines.insert(i, "deep: " + "[" * 300 + "]" * 300)
    elif kind == 3:  # a 5,000-digit number
        lines.insert(i, "burn: " + "7" * 5000)
    else:  # cut the file short
        lines = lines[: i + 1]
    return "\n".join(lines) + "\n"


def _cases(path: Path) -> list[str]:
    rng = random.Random(path.name)
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    out = []
    for n in range(PER_FILE):
        if n % 3 == 2:
            out.append(_text_mutations(text, rng))
            continue
        mutated = _mutate(yaml.safe_load(text), rng)
        out.append(yaml.safe_dump(mutated, allow_unicode=True, sort_keys=False))
    assert data is not None
    return out


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.name)
def test_mutated_variants_get_located_problems(path: Path) -> None:
    for text in _cases(path):
        started = time.process_time()
        result = load_variant_text(text, "fuzz.yaml")  # never raises
        assert time.process_time() - started < LIMIT_S
        assert result.variant is not None or result.errors
        for p in result.errors:
            assert p.message and p.file == "fuzz.yaml"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_mutated_records_get_located_problems_or_replay(path: Path) -> None:
    for text in _cases(path):
        started = time.process_time()
        try:
            record = load_record_text(text, "fuzz.yaml")
        except RecordError as e:
            assert e.problems and all(p.message for p in e.problems)
        else:
            replay(record)  # a record that loads replays without raising (verdicts may fail)
        assert time.process_time() - started < LIMIT_S


def test_mutations_through_the_command_line(tmp_path: Path) -> None:
    """The CLI answers every mutated file with exit 0, 1 or 2 and no traceback."""
    rng = random.Random(7)
    picks = [*rng.sample(VARIANTS, 3), *rng.sample(SCENARIOS, 3)]
    for i, path in enumerate(picks):
        command = "validate" if path.parent.name == "variants" else "replay"
        for j, text in enumerate(_cases(path)[:6]):
            f = tmp_path / f"m{i}-{j}.yaml"
            f.write_text(text, encoding="utf-8", errors="surrogatepass")
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main([command, str(f)])
            assert code in (0, 1, 2), (command, f.read_text()[:200])
            assert "Traceback" not in out.getvalue() + err.getvalue()
