"""Bad and doubtful variant files, each with its exact expected problem lines.

``KARMA_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_variant_cases.py`` rewrites every
``.expected`` file from what the loader says now: the one documented command, see
variant_cases/README.md.  A message that lists the whole menu of effects is written in the
golden file as ``{menu}`` (or ``{bare}``, the effects that may be written by name alone), filled
in from the registry, so a new effect unit touches no golden file (issue 30.7).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.commands.cli import main
from referee.variant.loader import load_variant_file, load_variant_text
from referee.variant.menu import MENU
from referee.variant.schema_gen import bare_effect_names

CASES = Path(__file__).parent / "variant_cases"
BAD = sorted((CASES / "bad").glob("*.yaml"))
WARN = sorted((CASES / "warn").glob("*.yaml"))


UPDATE = os.environ.get("KARMA_UPDATE_GOLDEN") == "1"


LISTS = {"{menu}": ", ".join(MENU), "{bare}": ", ".join(bare_effect_names())}
"""The menu as the loader's messages list it, by the placeholder a golden file writes."""


def expected_lines(path: Path) -> list[str]:
    text = path.with_suffix(".expected").read_text(encoding="utf-8")
    for key, value in LISTS.items():
        text = text.replace(key, value)
    return text.splitlines()


def _golden(line: str) -> str:
    """A line as a golden file keeps it: the menu's lists as their placeholders."""
    for key, value in sorted(LISTS.items(), key=lambda kv: -len(kv[1])):
        line = line.replace(value, key)
    return line


def check_lines(path: Path, lines: list[str]) -> None:
    """The loader's lines equal the golden file's (rewritten instead with KARMA_UPDATE_GOLDEN=1)."""
    if UPDATE:
        text = "".join(f"{_golden(x)}\n" for x in lines)
        path.with_suffix(".expected").write_text(text, "utf-8")
    assert lines == expected_lines(path)


def test_there_are_enough_cases() -> None:
    assert len(BAD) >= 30
    assert len(WARN) >= 10
    for path in [*BAD, *WARN]:
        assert path.with_suffix(".expected").is_file(), path


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_case_is_rejected_with_exact_lines(path: Path) -> None:
    result = load_variant_text(path.read_bytes(), path.name)
    assert not result.ok
    assert result.variant is None
    check_lines(path, [str(p) for p in result.problems])
    assert result.errors, "a bad case needs at least one error"


@pytest.mark.parametrize("path", WARN, ids=lambda p: p.stem)
def test_warning_case_loads_with_exact_warnings(path: Path) -> None:
    result = load_variant_text(path.read_bytes(), path.name)
    assert result.ok, [str(p) for p in result.errors]
    assert result.warnings
    check_lines(path, [str(p) for p in result.problems])


@pytest.mark.parametrize("path", BAD[:5] + WARN[:2], ids=lambda p: p.stem)
def test_file_loader_reports_the_same(path: Path) -> None:
    result = load_variant_file(path)
    lines = [str(p).replace(str(path), path.name, 1) for p in result.problems]
    assert lines == expected_lines(path)


def test_validate_prints_every_case(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(CASES / "bad")
    assert main(["validate", "-q", *(p.name for p in BAD)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [line for p in BAD for line in expected_lines(p)]

    monkeypatch.chdir(CASES / "warn")
    assert main(["validate", *(p.name for p in WARN)]) == 0
    out = capsys.readouterr().out.splitlines()
    for p in WARN:
        assert set(expected_lines(p)) <= set(out)
        n = len(expected_lines(p))
        assert f"{p.name}: valid ({n} warning{'s' if n > 1 else ''})" in out
    assert main(["validate", "--strict", WARN[0].name]) == 1


def test_every_semantic_error_and_warning_kind_is_covered() -> None:
    """Each check of the loader appears in some case (a guard against untested checks)."""
    text = "\n".join(line for p in [*BAD, *WARN] for line in expected_lines(p))
    for phrase in (
        "cards for the deal",
        "could never burn",
        "already used by",
        "already has powers",
        "the deck has no",
        "overlaps",
        "is less than min",
        "already has a range",
        "so no number could follow",
        "is listed twice on this card",
        "'give_pile' and 'clear_pile' contradict",
        "'value' and 'transparent' contradict",
        "needs a chosen player",
        "the highest rank",
        "the deal gives no cards",
        "duplicate key",
        "invalid YAML",
        "anchors (&d)",
        "the tag !!python",
        "Karma cards are always wild",
        "'value' changes nothing",
        "see-through",
        "minimum hand",
        "0 copies",
        "burn 1",
        "never counts",
        "no range allows",
        "never burns at",
        "restricts nothing",
        "also karma_cards",
        "so only wild cards",
    ):
        assert phrase in text, phrase
