"""The rules sheet as a standalone, printable HTML page (``karma rules FILE --format html``).

The words are the Markdown sheet's (:func:`referee.variant.sheet.rules_sheet`), so there is one
text of the rules; this module only turns that small, known Markdown (headings, paragraphs,
lists, tables, bold, italics, code and backslash escapes) into HTML.  Every character of a
group's own words is HTML-escaped, so nothing in a variant can add markup to the page.
"""

from __future__ import annotations

import html
import re

from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet

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

_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
_LIST_ITEM = re.compile(r"^(- |\d+\. )")
_INLINE = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`")


def _inline(text: str) -> str:
    """Inline Markdown to HTML: escapes first (kept literal), then bold, italics and code."""
    slots: list[str] = []

    def keep(m: re.Match[str]) -> str:
        slots.append(m.group(1))
        return f"\x00{len(slots) - 1}\x00"

    text = _ESCAPED.sub(keep, text.replace("\x00", ""))

    def style(m: re.Match[str]) -> str:
        if m.group(1) is not None:
            return f"\x01b\x02{m.group(1)}\x01/b\x02"
        if m.group(2) is not None:
            return f"\x01i\x02{m.group(2)}\x01/i\x02"
        return f"\x01code\x02{m.group(3)}\x01/code\x02"

    text = html.escape(_INLINE.sub(style, text), quote=False)
    text = text.replace("\x01", "<").replace("\x02", ">")
    return re.sub(r"\x00(\d+)\x00", lambda m: html.escape(slots[int(m.group(1))]), text)


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
            cells = [re.split(r"(?<!\\)\|", r.strip()[1:-1]) for r in rows]
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
            para = []
            while (
                i < len(lines) and lines[i].strip() and not re.match(r"(#|\||- |\d+\. )", lines[i])
            ):
                para.append(lines[i])
                i += 1
            out.append(f"<p>{_inline(' '.join(para))}</p>")
    return "\n".join(out)


def rules_sheet_html(variant: Variant) -> str:
    """A complete HTML document: print it, or open it on any device."""
    title = html.escape(variant.name)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title} — rules</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"{markdown_to_html(rules_sheet(variant))}\n</body>\n</html>\n"
    )
