"""User text made literal for Markdown: the one escape every layer uses.

Variant names, descriptions, card names and texts, player and game names come from other people.
Wherever they meet Markdown — the rules sheet, and every Streamlit element that renders Markdown
(st.markdown, captions, labels, table cells, expander titles) — they must show exactly as typed:
no link, image, heading, HTML, LaTeX or colour/icon directive.
"""

from __future__ import annotations

import re
import string

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
    invisible word joiner in web and mail addresses so that they are not made links."""
    s = str(text).replace("\r", " ").replace("\n", " ")
    s = _AUTOLINK.sub(lambda m: m.group(1)[0] + _JOINER + m.group(1)[1:], s)
    return _MD_SPECIAL.sub(r"\\\1", s)
