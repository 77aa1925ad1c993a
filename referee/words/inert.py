"""What the referee writes out stays inert: one rule for every way out.

A group's own words (player, card, variant and game names, card texts, descriptions) go out
through terminals, HTML pages, spreadsheets and JSON.  Each medium has characters that *act*
instead of showing; this module shows them instead:

* terminal and everywhere else: every control character (C0, DEL, C1), the bidi controls and the
  line/paragraph separators are written as visible escapes (``\\x1b``, ``\\u202e``), so nothing
  a name holds can move the cursor, redraw, recolour, ring, or reorder the text around it;
* HTML: the text is made visible as above, then HTML-escaped (quotes too) as the very last step;
* CSV and spreadsheet cells: a text cell that a spreadsheet would read as a formula (``=``, ``+``,
  ``-``, ``@``, tab, CR, or their full-width forms first) gets a leading apostrophe;
* JSON: standard escapes, and the controls JSON leaves raw (C1, bidi, separators) as ``\\uXXXX``;
* Markdown: :mod:`referee.words.markdown` (which starts from :func:`visible`).

Nothing here imports the rest of the project: every layer may use it.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Arabic letter mark, LRM, RLM, the embeddings and overrides (LRE RLE PDF LRO RLO) and the
isolates (LRI RLI FSI PDI): characters that change the order in which text around them shows."""

_ACTIVE = "\x00-\x1f\x7f-\x9f\u2028\u2029" + "".join(sorted(BIDI_CONTROLS))
_UNSAFE = re.compile(f"[{_ACTIVE}]")
# JSON escapes C0 itself; these it would leave raw.
_JSON_RAW = re.compile(f"[\x7f-\x9f\u2028\u2029{''.join(sorted(BIDI_CONTROLS))}]")


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def is_active(ch: str) -> bool:
    """Whether the character acts on a terminal or on the order of the text around it."""
    return bool(_UNSAFE.match(ch))


def visible(text: object) -> str:
    """One line of text with every active character shown as an escape (``\\x1b``, ``\\u202e``).

    Newlines and tabs are escaped too: a name must not start a line of its own (a fake "all
    steps hold."), so a writer joins its lines itself."""
    return _UNSAFE.sub(lambda m: _escape(m.group()), str(text))


def visible_lines(text: object) -> str:
    """Several lines: as :func:`visible`, but newlines and tabs are kept as they are."""
    return "\n".join(
        "\t".join(visible(part) for part in line.split("\t")) for line in str(text).split("\n")
    )


def html_text(text: object) -> str:
    """Text for an HTML page: active characters made visible, then escaped (quotes included)."""
    return html.escape(visible(text), quote=True)


_FORMULA_START = frozenset("=+-@\t\r\n\uff1d\uff0b\uff0d\uff20")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def csv_cell(value: Any) -> Any:
    """A spreadsheet cell that stays data: a text starting like a formula gets a leading
    apostrophe (how spreadsheets mark text).  Numbers, and texts that are plain numbers, stay.
    Active characters are made visible, so a cell cannot hide a line break or a control."""
    if not isinstance(value, str):
        return value
    if _NUMBER.fullmatch(value):
        return value
    text = visible(value)
    if value[:1] in _FORMULA_START or text[:1] in _FORMULA_START:
        return "'" + text
    return text


def json_text(data: Any, indent: int | None = 2) -> str:
    """JSON that a terminal shows as it is: non-ASCII letters stay readable, every control and
    bidi control is a ``\\uXXXX`` escape (JSON itself escapes only C0)."""
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class InertWriter:
    """A text stream that shows every active character it is given (:func:`visible_lines`):
    what the ``karma`` command puts on standard output cannot redraw the terminal, whichever
    command wrote it and however."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(visible_lines(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, encoding, fileno ...
        return getattr(self.stream, name)
