"""Issue 19: what the referee writes out from a group's own words stays inert.

Every writer -- the HTML sheet, the Markdown sheet, the ``karma`` command's terminal output
(rules, validate, replay, simulate), the replay JSON and the report CSV -- is run over names and
texts drawn from all of Unicode, control and bidi characters included, and its output is checked
by what reads it: an HTML5 parser (html5lib, as browsers parse) finds no script, no event
handler, no ``javascript:`` URL and no tag the sheet does not write itself; a terminal gets no C0
or C1 control besides newline and tab and no bidi control; a spreadsheet gets no cell that
starts a formula.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
from dataclasses import replace
from pathlib import Path

import html5lib
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.commands.cli import main
from referee.simulate import simulate
from referee.variant.loader import dump_variant
from referee.variant.model import Variant
from referee.variant.registry import builtin
from referee.variant.sheet import rules_sheet
from referee.variant.sheet_html import markdown_to_html, rules_sheet_html
from referee.words.inert import BIDI_CONTROLS, csv_cell, html_text, json_text, visible

# The attack of the issue: \x01 and \x02 were the sheet converter's private stand-ins for < >.
STAND_INS = "\x01script\x02alert(1)\x01/script\x02"
IMG = '\x01img src=x onerror="alert(2)"\x02'
LINK = '\x01a href="javascript:alert(3)"\x02click\x01/a\x02'
RAW = '<script>alert(4)</script><img src=x onerror=alert(5)> **<b onclick="x">**'
TERMINAL = "\x1b[2J\x1b[H all steps hold.\x1b[8m\x08\x07\x9b31m\u202eevil\u2066"

SHEET_TAGS = {
    "html", "head", "body", "meta", "title", "style", "h1", "h2", "h3", "p", "ul", "ol", "li",
    "table", "thead", "tbody", "tr", "th", "td", "b", "i", "code",
}  # fmt: skip
# Active characters on a terminal: C0 but newline and tab, DEL, C1, and the bidi controls.
TERMINAL_ACTIVE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029" + "".join(sorted(BIDI_CONTROLS)) + "]"
)
FORMULA_START = tuple("=+-@\t\r\n\uff1d\uff0b\uff0d\uff20")

# Names and texts from all of Unicode (surrogates cannot be written out at all), with the
# characters that act made likely.
ACTIVE_CHARS = st.sampled_from(
    [chr(c) for c in range(0x20)] + ["\x7f", "\x85", "\x9b"] + sorted(BIDI_CONTROLS)
)
ANY_CHAR = st.one_of(
    st.characters(exclude_categories=("Cs",)), ACTIVE_CHARS, st.sampled_from("<>&\"'`*|\\=+-@:/")
)
words = st.text(ANY_CHAR, min_size=1, max_size=24)


def hostile_variant(name: str, card: str, text: str, description: str = "") -> Variant:
    """Second edition with a group's words in every place a sheet shows (the loader bypassed:
    a writer must be inert whatever reaches it)."""
    base = builtin("second-edition")
    first, *rest = base.karma_cards
    return replace(
        base,
        name=name,
        description=description,
        author=text,
        karma_cards=(replace(first, name=card, text=text), *rest),
    )


def html_is_inert(page: str) -> None:
    """What a browser would build from the page: only the sheet's own tags, no script."""
    doc = html5lib.parse(page, namespaceHTMLElements=False)
    for element in doc.iter():
        tag = element.tag
        assert isinstance(tag, str) and tag in SHEET_TAGS, tag
        for attribute, value in element.attrib.items():
            assert not attribute.lower().startswith("on"), attribute
            assert "javascript:" not in value.lower().replace(" ", ""), value
        assert tag != "script"
    assert "\x01" not in page and "\x02" not in page
    assert not TERMINAL_ACTIVE.search(page.replace("\n", "")), "an active character in the page"


def terminal_is_inert(text: str) -> None:
    found = TERMINAL_ACTIVE.search(text)
    assert found is None, f"{found.group()!r} reaches the terminal in {text[:200]!r}"


def run_cli(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue() + err.getvalue()


# --- the defects of the issue, one by one ---------------------------------------------------


def test_html_sheet_stand_in_characters_make_no_markup() -> None:
    """The issue's page: a live <script>, an <img onerror> and a javascript: link, from \\x01
    and \\x02 in the variant's name, a card's name and its text."""
    page = rules_sheet_html(hostile_variant(STAND_INS, IMG, LINK, RAW))
    html_is_inert(page)
    doc = html5lib.parse(page, namespaceHTMLElements=False)
    text = "".join(doc.itertext())
    assert "\\x01script\\x02alert(1)" in text  # shown, as an escape
    assert "<script>alert(4)</script>" in text  # shown exactly as typed


MARKDOWN = st.lists(
    st.one_of(words, st.sampled_from(["**", "*", "`", "\\", "|", "\n", "# ", "- ", "| a |"]))
).map("".join)


@settings(max_examples=150, deadline=None)
@given(markdown=MARKDOWN)
def test_the_html_converter_alone_is_inert_for_any_markdown(markdown: str) -> None:
    """Even Markdown that no sheet would hold (raw \x01, \x02, <, unbalanced markers): the
    converter writes only its own tags, so it cannot be tricked whatever reaches it."""
    html_is_inert(f"<!DOCTYPE html><html><body>{markdown_to_html(markdown)}</body></html>")
    # A "#" line that is no heading once looped for ever, filling memory with empty paragraphs.
    assert markdown_to_html("#x\n####") == "<p>#x</p>\n<p>####</p>"
    assert "<b>x</b>" in markdown_to_html("**x**") and "<code>\\*</code>" not in markdown_to_html(
        "`\\*`"
    )


def test_markdown_sheet_shows_control_characters_as_escapes() -> None:
    sheet = rules_sheet(hostile_variant(TERMINAL, TERMINAL, TERMINAL, TERMINAL))
    terminal_is_inert(sheet)
    assert "\\\\x1b" in sheet  # the escape, itself escaped for Markdown


def test_rules_and_replay_do_not_redraw_the_terminal(tmp_path: Path) -> None:
    """`karma rules` and `karma replay` printed names raw: ESC sequences redrew the terminal."""
    variant = tmp_path / "v.yaml"
    variant.write_text(dump_variant(hostile_variant("House", TERMINAL, TERMINAL, TERMINAL)))
    status, out = run_cli("rules", str(variant))
    terminal_is_inert(out)
    assert "\\x1b[2J" in out or "\\\\x1b" in out

    record = tmp_path / f"game{TERMINAL[:3]}.yaml"
    record.write_text(
        yaml.safe_dump({"variant": "classic", "players": [f"Ann{TERMINAL}", "Ben"], "steps": []})
    )
    status, out = run_cli("replay", str(record))
    assert status == 2  # the name is refused (ruling 60) ...
    terminal_is_inert(out)  # ... and the refusal, naming it, is inert
    assert "\\x1b" in out


def test_replay_verdicts_and_json_are_inert(tmp_path: Path) -> None:
    """A record whose player's name holds odd characters that a name may hold, replayed."""
    name = "Ann\u00ad\u200d</b>*\u0301"
    record = tmp_path / "game.yaml"
    record.write_text(
        yaml.safe_dump(
            {
                "variant": "classic",
                "players": [name, "Ben"],
                "steps": [{"check": {"turn": "Ben", "out": [name]}}],
            },
            allow_unicode=False,
        )
    )
    status, out = run_cli("replay", str(record))
    assert status == 1, out
    terminal_is_inert(out)
    status, out = run_cli("replay", "--json", str(record))
    terminal_is_inert(out)
    rows = json.loads(out)
    assert rows[0]["ok"] is False


def test_csv_cell_neutralises_formulas() -> None:
    for text in ("=1+2", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1", "\uff1d1+2"):
        cell = csv_cell(text)
        assert cell.startswith("'"), cell
    assert csv_cell("-3") == "-3" and csv_cell(2.5) == 2.5 and csv_cell("Ann") == "Ann"


def test_report_csv_of_a_hostile_variant_starts_no_formula() -> None:
    variant = replace(
        hostile_variant("=1+2", "+cmd|' /C calc'!A0", "@x"), id="x-hostile", description="-1"
    )
    report = simulate(variant, players=3, games=2, seed=1, bots=("random",), jobs=1)
    for row in csv.reader(io.StringIO(report.to_csv())):
        for cell in row:
            assert not cell.startswith(FORMULA_START) or re.fullmatch(r"-?\d+(\.\d+)?", cell)
    terminal_is_inert(report.to_text())


# --- every writer over all of Unicode -------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=words, card=words, text=words, description=words)
def test_every_writer_is_inert_for_any_words(
    name: str, card: str, text: str, description: str
) -> None:
    variant = hostile_variant(name, card, text, description)
    html_is_inert(rules_sheet_html(variant))
    terminal_is_inert(rules_sheet(variant))


@settings(max_examples=200, deadline=None)
@given(text=words)
def test_text_writers_are_inert_for_any_text(text: str) -> None:
    terminal_is_inert(visible(text))
    assert "<" not in html_text(text) and ">" not in html_text(text) and '"' not in html_text(text)
    cell = csv_cell(text)
    assert not cell.startswith(FORMULA_START) or re.fullmatch(r"[+-]?[\d.eE+-]+", cell)
    terminal_is_inert(json_text({"name": text}))
    assert json.loads(json_text({"name": text})) == {"name": text}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=words, card=words, text=words)
def test_cli_output_is_inert_for_any_words(
    tmp_path_factory: pytest.TempPathFactory, name: str, card: str, text: str
) -> None:
    folder = tmp_path_factory.mktemp("cli")
    variant = folder / "v.yaml"
    variant.write_text(dump_variant(hostile_variant(name, card, text)), encoding="utf-8")
    for argv in (("validate", str(variant)), ("rules", str(variant))):
        _, out = run_cli(*argv)
        terminal_is_inert(out)
    _, out = run_cli("rules", "--format", "html", str(variant))
    terminal_is_inert(out)
    for extra in ((), ("--csv",), ("--json",)):
        # one process: a pool of workers per example cost 2 CPU-s and changes no word
        argv = ("simulate", str(variant), "--games", "1", "--players", "3", "--jobs", "1")
        _, out = run_cli(*argv, *extra)
        terminal_is_inert(out)
    record = folder / "game.yaml"
    record.write_text(
        yaml.safe_dump({"variant": "classic", "players": [name, card], "steps": []}),
        encoding="utf-8",
    )
    for argv in (("replay", str(record)), ("replay", "--json", str(record))):
        _, out = run_cli(*argv)
        terminal_is_inert(out)


def test_report_csv_neutralises_whatever_a_row_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Today's report rows hold ids and numbers only; the CSV writer does not rely on it."""
    report = simulate(builtin("classic"), players=2, games=1, seed=1, bots=("random",), jobs=1)
    monkeypatch.setattr(
        type(report), "rows", lambda self: iter([("run", "=1+2", "@x"), ("a", "-1", 2)])
    )
    rows = list(csv.reader(io.StringIO(report.to_csv())))
    assert rows[1:] == [["run", "'=1+2", "'@x"], ["a", "-1", "2"]]
