"""Streamlit's private markup (issue 27.4): the app's style sheets select a ``data-testid`` only
if it is named in ``referee.app.markup`` with why, and every one named is still drawn by the
installed Streamlit's frontend (its bundle holds the id).  A Streamlit upgrade that renames one
fails here, not silently on a tablet.  The Referee page's own are checked live in the browser
(tests/browser/test_browser_table.py)."""

from __future__ import annotations

import re
from pathlib import Path

import streamlit

from referee.app.markup import STREAMLIT_TEST_IDS

APP = Path(__file__).resolve().parents[1] / "referee" / "app"
USED = re.compile(r"data-testid\s*\^?=\s*\\?[\"']?([A-Za-z][A-Za-z0-9-]*)")


def used() -> dict[str, set[str]]:
    """data-testid value -> the files of referee/app that select it."""
    found: dict[str, set[str]] = {}
    for path in APP.rglob("*.py"):
        for m in USED.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(m.group(1), set()).add(str(path.relative_to(APP)))
    return found


def bundle() -> str:
    static = Path(streamlit.__file__).parent / "static"
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in static.rglob("*.js"))


def test_every_test_id_the_app_selects_is_named_with_why() -> None:
    unnamed = {k: v for k, v in used().items() if k not in STREAMLIT_TEST_IDS}
    assert not unnamed, f"name these in referee/app/markup.py, with why: {unnamed}"
    stale = set(STREAMLIT_TEST_IDS) - set(used())
    assert not stale, f"no longer used: drop them from referee/app/markup.py: {stale}"
    assert all(why.strip() for why in STREAMLIT_TEST_IDS.values())


def test_every_named_test_id_is_still_drawn_by_this_streamlit() -> None:
    js = bundle()
    gone = [k for k in STREAMLIT_TEST_IDS if not re.search(rf"[\"'`]{re.escape(k)}", js)]
    assert not gone, f"Streamlit {streamlit.__version__} no longer draws: {gone}"


def test_the_card_grid_and_the_phone_fold_read_no_private_markup() -> None:
    """The chosen and struck cards and the phone's fold are styled by the app's own keys."""
    for name in ("cardgrid.py", "screens/table.py"):
        text = (APP / name).read_text(encoding="utf-8")
        assert "stBaseButton-primary" not in text and "stBaseButton-tertiary" not in text, name
        assert ":has(" not in text, name
