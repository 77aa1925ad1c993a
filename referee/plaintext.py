"""User text made literal for Markdown: the one escape every layer uses.

Variant names, descriptions, card names and texts, player and game names come from other people.
Wherever they meet Markdown — the rules sheet, and every Streamlit element that renders Markdown
(st.markdown, captions, labels, table cells, expander titles) — they must show exactly as typed:
no link, image, heading, HTML, LaTeX or colour/icon directive.
"""

from __future__ import annotations

import re

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~:$&=^\"'])")


def markdown_literal(text: object) -> str:
    """Every ASCII punctuation mark backslash-escaped (CommonMark allows it, so it shows as
    itself), and line breaks as spaces (a new line could start a heading or a list)."""
    s = str(text).replace("\r", " ").replace("\n", " ")
    return _MD_SPECIAL.sub(r"\\\1", s)
