"""Fuzz with hypothesis (issue 8 item 4), beside the fixed-seed mutations of test_fuzz.py: any
value of any type put anywhere in a shipped variant or a scenario, and any characters (lone
surrogate escapes and control characters included) written into a quoted scalar.  Through the
loader API and through `karma validate` / `karma replay` in-process: only located problems or a
clean load, exit 0, 1 or 2, never an exception, and each file judged in under 2 s.

Derandomized (a fixed seed), so a failure reproduces on every run."""

from __future__ import annotations

import contextlib
import io
import time
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.commands.cli import main
from referee.records import RecordError, load_record_text, replay
from referee.variant.loader import load_variant_text

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = sorted((ROOT / "variants").glob("*.yaml"))
SCENARIOS = sorted((ROOT.parent / "shared" / "scenarios").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "scenarios").glob("*.yaml")
)
FILES = [(p, p.read_text(encoding="utf-8")) for p in [*VARIANTS, *SCENARIOS]]
LIMIT_S = 2.0  # CPU seconds per file (time.process_time): load on the machine does not count

FUZZ = settings(
    max_examples=150,
    deadline=None,  # timed below, per file, against the 2 s
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

numbers = st.one_of(
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([2**53 + 1, -(2**63), 10**4300 - 1, 2**31, -1, 0]),
    st.floats(allow_nan=True, allow_infinity=True),
)
scalars = st.one_of(numbers, st.booleans(), st.none(), st.text(max_size=40))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
# Any code point, lone surrogates (Cs) and control characters (Cc) included, written as a YAML
# double-quoted escape so that the file itself stays valid UTF-8.
odd_chars = st.one_of(
    st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=()),
    st.characters(categories=["Cs", "Cc", "Cf", "Co", "Cn"]),
    st.sampled_from(["\ud800", "\udfff", "\x00", "\x1b", "\x85", "\u2028", "\ufeff", "\ufffe"]),
)


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*path, i))
    return out


def _judge(path: Path, text: str, tmp: Path) -> None:
    """The loader and the CLI on one mutated file: a clean answer, in time."""
    is_variant = path.parent.name == "variants"
    started = time.process_time()
    if is_variant:
        result = load_variant_text(text, "fuzz.yaml")
        assert result.variant is not None or result.errors
        assert all(p.message and p.file == "fuzz.yaml" for p in result.errors)
    else:
        try:
            record = load_record_text(text, "fuzz.yaml")
        except RecordError as e:
            assert e.problems and all(p.message and p.file == "fuzz.yaml" for p in e.problems)
        else:
            replay(record)
    assert time.process_time() - started < LIMIT_S, text[:200]
    f = tmp / "fuzz.yaml"
    f.write_text(text, encoding="utf-8", errors="surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    started = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["validate" if is_variant else "replay", str(f)])
    assert time.process_time() - started < LIMIT_S, text[:200]
    assert code in (0, 1, 2)
    assert "Traceback" not in out.getvalue() + err.getvalue()


@FUZZ
@given(st.sampled_from(FILES), st.data())
def test_any_value_anywhere(tmp_path_factory: Any, file: tuple[Path, str], data: Any) -> None:
    path, text = file
    doc = yaml.safe_load(text)
    where = data.draw(st.sampled_from([p for p in _paths(doc) if p]))
    parent = doc
    for key in where[:-1]:
        parent = parent[key]
    action = data.draw(st.sampled_from(["replace", "replace", "delete", "duplicate", "nest"]))
    if action == "delete":
        del parent[where[-1]]
    elif action == "duplicate" and isinstance(parent, list):
        parent.insert(where[-1], parent[where[-1]])
    elif action == "nest":
        parent[where[-1]] = [parent[where[-1]]]
    else:
        parent[where[-1]] = data.draw(values)
    try:
        mutated = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    except (yaml.YAMLError, ValueError, OverflowError):
        return  # PyYAML itself cannot write this value; nothing for the referee to read
    _judge(path, mutated, tmp_path_factory.mktemp("fz"))


@FUZZ
@given(st.sampled_from(FILES), st.data())
def test_any_characters_in_any_line(
    tmp_path_factory: Any, file: tuple[Path, str], data: Any
) -> None:
    path, text = file
    lines = text.splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    chars = data.draw(st.lists(odd_chars, min_size=1, max_size=6))
    quoted = '"' + "".join(_escape(c) for c in chars) + '"'
    line = lines[i]
    key, sep, _ = line.partition(": ")
    how = data.draw(st.sampled_from(["value", "new key", "raw"]))
    if how == "value" and sep:
        lines[i] = f"{key}: {quoted}"
    elif how == "new key":
        lines.insert(i, f"{quoted}: 1")
    else:  # the characters themselves, unescaped, in the middle of a line
        raw = "".join(c for c in chars if not 0xD800 <= ord(c) <= 0xDFFF) or "\x07"
        cut = data.draw(st.integers(0, len(line)))
        lines[i] = line[:cut] + raw + line[cut:]
    _judge(path, "\n".join(lines) + "\n", tmp_path_factory.mktemp("fz"))
