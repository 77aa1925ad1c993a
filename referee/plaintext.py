"""User text made literal for Markdown: the one escape every layer uses.

Variant names, descriptions, card names and texts, player and game names come from other people.
Wherever they meet Markdown — the rules sheet, and every Streamlit element that renders Markdown
(st.markdown, captions, labels, table cells, expander titles) — they must show exactly as typed:
no link, image, heading, HTML, LaTeX or colour/icon directive; and no control or bidi character
(shown as an escape, :func:`referee.textout.visible`), so nothing reorders the text around them.

A group's word inside a sentence is also *isolated* (:func:`isolate_words`): wrapped in FSI…PDI
(U+2068/U+2069), so that a right-to-left name or one ending in digits or punctuation cannot pull
the words around it into its own direction ("Ann gives 2 cards to שרה, 3 left").
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable

from referee.textout import visible

# Every ASCII punctuation mark (CommonMark lets any be escaped): "/" too, as Streamlit rewrites
# ":material/" to an icon in the raw source before parsing; "@", "%", ";" ... cost nothing.
_MD_SPECIAL = re.compile("([" + re.escape(string.punctuation) + "])")
# GFM turns bare addresses into links *after* parsing (escapes do not stop it): an invisible
# word joiner inside "://", "www." and "@" keeps them text.
_AUTOLINK = re.compile(r"(://|(?i:www)(?=\.)|@)")
_JOINER = "\u2060"


def markdown_literal(text: object) -> str:
    """Every ASCII punctuation mark backslash-escaped (CommonMark allows it, so it shows as
    itself), line breaks as spaces (a new line could start a heading or a list), and an
    invisible word joiner in web and mail addresses so that they are not made links.  Control
    and bidi characters are shown as escapes (``\\x1b``, ``\\u202e``)."""
    s = visible(str(text).replace("\r", " ").replace("\n", " "))
    s = _AUTOLINK.sub(lambda m: m.group(1)[0] + _JOINER + m.group(1)[1:], s)
    return _MD_SPECIAL.sub(r"\\\1", s)


FSI, PDI = "\u2068", "\u2069"


def _word_pattern(words: Iterable[str]) -> re.Pattern[str] | None:
    """Whole words, longest first (so "Ann Lee" is one word, not "Ann" and then "Lee")."""
    unique = sorted({w for w in words if w and w.strip()}, key=lambda w: (-len(w), w))
    if not unique:
        return None
    alternatives = "|".join(re.escape(w) for w in unique)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def isolate_words(
    text: object, words: Iterable[str], literal: Callable[[str], str] = markdown_literal
) -> str:
    """``literal(text)`` with every whole occurrence of one of ``words`` wrapped in FSI…PDI.

    The isolates are added *after* the text is made literal (the pieces between and the words
    themselves go through ``literal``), so they are the only bidi controls in the result."""
    s = str(text)
    pattern = _word_pattern(words)
    if pattern is None:
        return literal(s)
    out: list[str] = []
    last = 0
    for m in pattern.finditer(s):
        out.append(literal(s[last : m.start()]))
        out.append(FSI + literal(m.group()) + PDI)
        last = m.end()
    out.append(literal(s[last:]))
    return "".join(out)
