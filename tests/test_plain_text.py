"""Issue 8 item 2: common.plain, the one escape for user text on Streamlit's Markdown widgets.

What Streamlit does to a string before and while it parses Markdown (read in its front end):
it rewrites ``:material/`` in the raw source to an icon, finds ``:name[...]`` colour directives,
``$...$`` LaTeX, GFM autolinks, HTML, and in labels leading list/heading markers.  ``plain``
must leave none of them and still show every character as typed.
"""

from __future__ import annotations

import re
import string

from hypothesis import given
from hypothesis import strategies as st

from referee.app.common import md, plain
from referee.words.inert import is_active, visible

JOINER = "\u2060"
PUNCT = set(string.punctuation)


def shown(escaped: str) -> str:
    """What CommonMark shows for text made only of escapes and plain characters: a backslash
    before ASCII punctuation disappears; the invisible joiner is not seen."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", escaped).replace(JOINER, "")


def unescaped_specials(escaped: str) -> list[str]:
    """ASCII punctuation not preceded by its own backslash (it would mean something)."""
    out, i = [], 0
    while i < len(escaped):
        ch = escaped[i]
        if ch == "\\":
            assert i + 1 < len(escaped) and escaped[i + 1] in PUNCT, escaped
            i += 2
            continue
        if ch in PUNCT:
            out.append(ch)
        i += 1
    return out


HOSTILE = [
    "![pic](http://198.51.100.7/x.png)",
    "[click](http://198.51.100.7/go)",
    "[ref]: http://198.51.100.7/ref",
    '<img src="http://198.51.100.7/h.png" onerror="alert(1)">',
    "<script>alert(1)</script>",
    "&lt;b&gt; &amp; &#x41;",
    "$\\frac{1}{0}$ and $$x^2$$",
    ":red[loud] :blue-background[x] :rainbow[y] :small[z] :help[h]",
    ":material/home: :material/warning:",
    ":smile: :streamlit:",
    "# Heading",
    "## Two",
    "> quoted",
    "- item",
    "* star",
    "+ plus",
    "1. first",
    "1) first",
    "---",
    "===",
    "| a | b |",
    "`code` ```fence```",
    "**bold** __bold__ *it* _it_ ~~strike~~",
    "a\\b \\[ \\\\",
    "http://198.51.100.7/bare www.example.org mail@example.org",
    "<http://198.51.100.7/auto>",
    "Ann\n# heading\n- list\r\n> quote",
    "{curly} ^sup^ =mark= 'single' \"double\"",
    "ok: 1:2",
]


def test_plain_keeps_every_character_and_leaves_nothing_that_means_something() -> None:
    for text in HOSTILE:
        out = plain(text)
        assert unescaped_specials(out) == [], (text, out)
        assert shown(out) == text.replace("\r", " ").replace("\n", " "), (text, out)


def test_plain_has_no_line_break_so_no_heading_list_or_quote_can_start() -> None:
    for text in HOSTILE:
        out = plain(text)
        assert "\n" not in out and "\r" not in out
        assert not re.match(r"\s*([#>*+\-]|\d+[.)])", out), out


def test_streamlit_source_rewrites_do_not_fire() -> None:
    """Streamlit replaces ':material/' in the raw text before parsing, and tests the raw text
    for emoji shortcodes; neither pattern survives the escape."""
    for text in HOSTILE:
        out = plain(text)
        assert ":material/" not in out
        assert not re.search(r":(?!material\/|streamlit:)[\w+-][\w_+-]*:", out), out
        assert not re.search(r"(?<!\\)\$", out)
        assert not re.search(r"(?<!\\):[a-z-]+\\?\[", out.replace("\\:", "")), out


def test_addresses_do_not_become_links() -> None:
    """GFM autolinks bare addresses after parsing, escapes or not: a word joiner breaks them."""
    out = plain("see http://198.51.100.7/x, www.example.org or ann@example.org")
    assert "://" not in out.replace("\\", "")
    assert not re.search(r"(?i)www\\?\.", out)
    assert "@" in out and not re.search(r"\w@", out)
    assert shown(out) == "see http://198.51.100.7/x, www.example.org or ann@example.org"


def test_ordinary_names_stay_readable() -> None:
    assert plain("Ann") == "Ann"
    assert plain("Grandma Jo") == "Grandma Jo"
    assert plain("Zoë 🙂 李") == "Zoë 🙂 李"
    assert plain("") == ""
    assert plain(7) == "7"


def test_md_is_the_same_function() -> None:
    assert md is plain


@given(st.text())
def test_any_text_round_trips_and_is_inert(text: str) -> None:
    out = plain(text)
    assert unescaped_specials(out) == []
    assert "\n" not in out and "\r" not in out
    # shows as typed, except that control and bidi characters show as escapes (issue 19)
    assert shown(out) == visible(text.replace("\r", " ").replace("\n", " "))
    assert not any(is_active(ch) for ch in out)
    assert plain(text) == out  # deterministic
