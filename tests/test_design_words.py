"""Issue 29.10: every problem a variant can have, in a family's words on the Design page.

The golden cases (tests/variant_cases) hold every check of the loader and of the effect
units; each problem they give is said here as the page says it: no file words (no field paths,
no effect ids, no "expected"), short sentences (the measure of tests/test_readability.py: the
designer reads a little more than a child at the table, so the bar is grade 7 at most and
four in five sentences at grade 4), and shown at a field of the page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_readability import measure

from referee.app import designer as d
from referee.variant.loader import load_variant_text
from referee.variant.menu import MENU

CASES = Path(__file__).parent / "variant_cases"
FILES = sorted([*(CASES / "bad").glob("*.yaml"), *(CASES / "warn").glob("*.yaml")])
FILE_WORDS = re.compile(
    r"\[\d+\]|\bexpected\b|\bkarma_cards\b|\brank_powers\b|\bmin_hand\b|\bR\d+(\.\d+)?\b"
    r"|\b(" + "|".join(n for n in MENU if "_" in n) + r")\b"
)


def semantic(path: Path) -> list[tuple[str, str]]:
    """(path, plain words) of every problem a check of the loader or of an effect unit finds
    in the file (the schema's own findings are the widgets' to prevent)."""
    result = load_variant_text(path.read_bytes(), path.name)
    return [(p.path, d.plain_words(p)) for p in result.problems if p.plain]


def test_every_check_of_the_golden_cases_has_plain_words() -> None:
    found = [(f.name, p.path, p.message) for f in FILES for p in _problems(f) if not p.plain]
    schema_or_yaml = [x for x in found if _from_the_schema_or_yaml(x[2])]
    assert found == schema_or_yaml, "a check without plain words for the Design page"


def _problems(path: Path) -> list:  # type: ignore[type-arg]
    return load_variant_text(path.read_bytes(), path.name).problems


def _from_the_schema_or_yaml(message: str) -> bool:
    return bool(
        re.search(
            r"not allowed|is not in the right form|required field|unknown field|expected an |"
            r"less than the minimum|more than the maximum|the list is empty|the text is empty|"
            r"YAML|duplicate key|document|tab character|only comments|expected a mapping|"
            r"anchors|the tag",
            message,
        )
    )


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_plain_words_speak_no_file_format(path: Path) -> None:
    for where, words in semantic(path):
        assert not FILE_WORDS.search(words), (where, words)
        assert (words[0].isupper() or not words[0].isalpha()) and words.endswith("."), words
    for p in _problems(path):
        words = d.plain_words(p)
        assert words and not re.search(r"\[\d+\]|\bexpected\b", words), (p.message, words)


def test_plain_words_are_easy_to_read() -> None:
    words = [w for f in FILES for _, w in semantic(f)]
    assert len(words) >= 30
    f = measure(iter(words))
    assert f.grade_max <= 7.0, f.hardest
    assert f.share_grade >= 0.8, f.hardest
    assert f.share_words >= 0.9, f.longest


def test_a_problem_finds_its_field() -> None:
    assert d.prefixes("rank_powers[0].effects[1].value")[:2] == [
        "rank_powers[0].effects[1].value",
        "rank_powers[0].effects[1]",
    ]
    assert d.field_label("players[2].decks") == "Decks"
    assert d.field_label("deal.face_up") == "Face-up cards"
    assert d.field_label("karma_cards[0].effects[2]") == "Effect 3"
    assert d.field_label("karma_cards[0].effects[2].max") == ""
    [burn] = _problems(CASES / "warn" / "burn-only-with-two-decks.yaml")
    assert burn.path == "players[0].decks" and d.concerns(burn) == "burn"


def test_every_check_of_every_effect_unit_gives_plain_words() -> None:
    """A new effect unit's checks speak to the Design page too: each ``c.error`` / ``c.warn``
    in ``referee/effects/`` passes the family's words (the third argument), even one no
    golden case reaches yet."""
    import ast

    units = Path(__file__).resolve().parents[1] / "referee" / "effects"
    calls = []
    for path in sorted(units.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("error", "warn")
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "c"
            ):
                calls.append((path.name, node.lineno, len(node.args) + len(node.keywords)))
    assert len(calls) >= 15
    assert [c for c in calls if c[2] < 3] == [], "a check without plain words"


def test_every_check_of_the_loader_gives_plain_words() -> None:
    """The same for the loader's own checks: every ``r.error`` / ``r.warn`` of its named rules
    (``referee/variant/checks/``) gives the family's words (``plain=``, or the third argument)."""
    import ast

    checks = Path(__file__).resolve().parents[1] / "referee" / "variant" / "checks"
    missing, calls = [], 0
    trees = [(p.name, ast.parse(p.read_text(encoding="utf-8"))) for p in checks.glob("*.py")]
    for name, node in ((n, x) for n, tree in trees for x in ast.walk(tree)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("error", "warn")
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "r"
        ):
            calls += 1
            keywords = {k.arg for k in node.keywords}
            given = "plain" in keywords or len(node.args) >= 3
            if not given and node.args and not isinstance(node.args[0], ast.Name):
                missing.append((name, node.lineno))
    assert calls >= 25
    assert missing == [], f"checks at {missing}: a check without plain words"
