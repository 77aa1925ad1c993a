"""User text made literal for Markdown: the one escape every layer uses.

Variant names, descriptions, card names and texts, player and game names come from other people.
Wherever they meet Markdown — the rules sheet, and every Streamlit element that renders Markdown
(st.markdown, captions, labels, table cells, expander titles) — they must show exactly as typed:
no link, image, heading, HTML, LaTeX or colour/icon directive; and no control or bidi character
(shown as an escape, :func:`referee.words.inert.visible`), so nothing reorders the text around them.

A group's word inside a sentence is also *isolated* (:func:`isolate_words`): wrapped in FSI…PDI
(U+2068/U+2069), so that a right-to-left name or one ending in digits or punctuation cannot pull
the words around it into its own direction ("Ann gives 2 cards to שרה, 3 left").  A word that
begins and ends with a left-to-right letter and holds nothing right-to-left ("Ann", "Mary Lou")
cannot reorder anything in a left-to-right sentence, so it is left as it is: the marks go only
where they change what is seen (and text found by copying or searching stays as typed).
"""

from __future__ import annotations

import functools
import re
import string
import unicodedata
from collections.abc import Callable, Iterable

from referee.words.inert import visible

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


# Bidi classes that can change the order of the text around a word: right-to-left letters,
# Arabic digits and the explicit embeddings, overrides and isolates.
_RIGHT_TO_LEFT_OR_EXPLICIT = frozenset(
    {"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
)


def needs_isolation(word: str) -> bool:
    """True unless the word is left-to-right through and through: its first and last characters
    strong left-to-right letters and nothing right-to-left or explicit inside.  Such a word
    resolves to left-to-right as a whole (digits and marks between its letters included), so it
    acts on its neighbours exactly as any English word does (Unicode bidi rules W7, N1)."""
    classes = [unicodedata.bidirectional(ch) for ch in word]
    if not classes or classes[0] != "L" or classes[-1] != "L":
        return True
    return any(c in _RIGHT_TO_LEFT_OR_EXPLICIT for c in classes)


@functools.lru_cache(maxsize=64)
def _word_pattern(words: tuple[str, ...]) -> re.Pattern[str] | None:
    """Whole words that need isolating, longest first (so "Ann Lee" is one word, not "Ann" and
    then "Lee"; and "שרה 2" is found before "שרה").  Cached: a page run says the same words in
    every text it shows."""
    unique = sorted(
        {w for w in words if w and w.strip() and needs_isolation(w)}, key=lambda w: (-len(w), w)
    )
    if not unique:
        return None
    alternatives = "|".join(re.escape(w) for w in unique)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def isolate_words(
    text: object, words: Iterable[str], literal: Callable[[str], str] = markdown_literal
) -> str:
    """``literal(text)`` with every whole occurrence of one of ``words`` that needs it
    (:func:`needs_isolation`) wrapped in FSI…PDI.

    The isolates are added *after* the text is made literal (the pieces between and the words
    themselves go through ``literal``), so they are the only bidi controls in the result."""
    s = str(text)
    pattern = _word_pattern(tuple(words))
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
