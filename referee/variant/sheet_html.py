"""The rules sheet as a standalone, printable HTML page (``karma rules FILE --format html``).

The words are the Markdown sheet's (:func:`referee.variant.sheet.rules_sheet`), so there is one
text of the rules; this module only turns that small, known Markdown (headings, paragraphs,
lists, tables, bold, italics, code and backslash escapes) into HTML.  Tags are written only by
this module's own code and every run of text is escaped as the very last step
(:func:`referee.words.inert.html_text`: control and bidi characters shown as escapes, then HTML
escaped), with no private stand-in characters in between, so nothing a variant holds can add
markup, a script or a link to the page.
"""

from __future__ import annotations

import re

from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.inert import html_text

STYLE = """
@page { size: A4; margin: 16mm 14mm; }
body { font: 11pt/1.45 "Liberation Sans", Arial, sans-serif; color: #111; max-width: 46em;
       margin: 2em auto; padding: 0 1em; }
h1 { font-size: 20pt; margin: 0 0 .3em; }
h2 { font-size: 14pt; margin: 1.2em 0 .4em; border-bottom: 1px solid #999;
     break-after: avoid; page-break-after: avoid; }
h3 { font-size: 12pt; margin: 1em 0 .2em; break-after: avoid; page-break-after: avoid; }
table { border-collapse: collapse; margin: .4em 0 .8em; }
th, td { border: 1px solid #999; padding: .25em .6em; text-align: left; }
tr, li, p { break-inside: avoid; page-break-inside: avoid; }
code { font-family: "Liberation Mono", monospace; }
@media print { body { margin: 0; max-width: none; } }
"""

_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_LIST_ITEM = re.compile(r"^(- |\d+\. )")
_MARKERS = (("**", "b"), ("*", "i"), ("`", "code"))

# A character of the sheet's Markdown and whether a backslash escaped it (then it is text).
_Char = tuple[str, bool]


def _chars(text: str) -> list[_Char]:
    out: list[_Char] = []
    i = 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] in _PUNCTUATION:
            out.append((text[i + 1], True))
            i += 2
        else:
            out.append((text[i], False))
            i += 1
    return out


def _text(chars: list[_Char]) -> str:
    return html_text("".join(c for c, _ in chars))


def _render(chars: list[_Char]) -> str:
    """Bold, italics and code spans around unescaped markers; everything else is text.

    Tags are written here and only here; every run of text goes through :func:`html_text`
    (escape *after* every transformation), so no character of the input can become markup."""
    marks = "".join(c if not escaped else "\x00" for c, escaped in chars)
    out: list[str] = []
    run_start = i = 0
    while i < len(chars):
        for marker, tag in _MARKERS:
            if not marks.startswith(marker, i):
                continue
            close = marks.find(marker, i + len(marker) + 1)
            if close < 0:
                continue
            inner = chars[i + len(marker) : close]
            out.append(_text(chars[run_start:i]))
            body = _text(inner) if tag == "code" else _render(inner)
            out.append(f"<{tag}>{body}</{tag}>")
            i = run_start = close + len(marker)
            break
        else:
            i += 1
    out.append(_text(chars[run_start:]))
    return "".join(out)


def _inline(text: str) -> str:
    """Inline Markdown to HTML: backslash escapes kept literal, then bold, italics and code."""
    return _render(_chars(text))


def _cells(row: str) -> list[str]:
    """A table row's cells: split at every ``|`` that no backslash escapes."""
    cells, cell, i = [], [], 0
    row = row.strip()
    while i < len(row):
        if row[i] == "\\" and i + 1 < len(row):
            cell.append(row[i : i + 2])
            i += 2
            continue
        if row[i] == "|":
            cells.append("".join(cell))
            cell = []
        else:
            cell.append(row[i])
        i += 1
    cells.append("".join(cell))
    return cells[1:-1] if len(cells) > 1 else cells


def markdown_to_html(markdown: str) -> str:
    """The sheet's Markdown as HTML body elements."""
    out: list[str] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif m := re.match(r"(#{1,3}) (.*)", line):
            level = len(m.group(1))
            out.append(f"<h{level}>{_inline(m.group(2))}</h{level}>")
            i += 1
        elif line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(lines[i])
                i += 1
            cells = [_cells(r) for r in rows]
            head, body = cells[0], [c for c in cells[1:] if not set("".join(c)) <= set("-: ")]
            out.append("<table><thead><tr>")
            out += [f"<th>{_inline(c.strip())}</th>" for c in head]
            out.append("</tr></thead><tbody>")
            for row in body:
                out.append(
                    "<tr>" + "".join(f"<td>{_inline(c.strip())}</td>" for c in row) + "</tr>"
                )
            out.append("</tbody></table>")
        elif re.match(r"(- |\d+\. )", line):
            tag = "ul" if line.startswith("- ") else "ol"
            out.append(f"<{tag}>")
            while i < len(lines) and re.match(r"(- |\d+\. )", lines[i]):
                item = _inline(_LIST_ITEM.sub("", lines[i]))
                out.append(f"<li>{item}</li>")
                i += 1
            out.append(f"</{tag}>")
        else:
            # The first line always belongs to the paragraph (a "#x" that is no heading must not
            # stop the loop); the next ones until a blank line or another block.
            para = [lines[i]]
            i += 1
            while (
                i < len(lines) and lines[i].strip() and not re.match(r"(#|\||- |\d+\. )", lines[i])
            ):
                para.append(lines[i])
                i += 1
            out.append(f"<p>{_inline(' '.join(para))}</p>")
    return "\n".join(out)


def rules_sheet_html(variant: Variant) -> str:
    """A complete HTML document: print it, or open it on any device."""
    title = html_text(variant.name)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title} — rules</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"{markdown_to_html(rules_sheet(variant))}\n</body>\n</html>\n"
    )
