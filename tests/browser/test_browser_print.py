"""Issue 11: the Rules page prints as the whole sheet, over as many pages as it needs, without
menus or buttons (printed to PDF by the real browser, read back with pypdf)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from pypdf import PdfReader

from referee.app.common import builtin_yaml
from referee.app.table import new_game
from referee.store import Store
from referee.variant.registry import builtin

from .conftest import Server

pytestmark = pytest.mark.browser


def test_the_rules_page_prints_whole(browser: Browser, server: Server) -> None:
    variant = builtin("second-edition")
    store = Store(Path(server.data_dir) / "karma.sqlite3")
    gid = new_game(
        store,
        variant_id="second-edition",
        variant_yaml=builtin_yaml("second-edition"),
        builtin=True,
        players=["Ann", "Ben"],
        face_up=None,
    )
    page = browser.new_page(viewport={"width": 768, "height": 1024})
    page.goto(f"{server.url}/rules?game={gid}")
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
    expect(page.get_by_role("heading", name="The end (R10)")).to_be_visible()
    page.emulate_media(media="print")
    # Printing waits for the print style to be in force (a busy machine may still be drawing).
    expect(page.get_by_role("button", name="Join from another device")).to_be_hidden()
    pdf = page.pdf(format="A4", print_background=False)
    reader = PdfReader(io.BytesIO(pdf))
    text = "\n".join(p.extract_text() for p in reader.pages)
    flat = " ".join(text.split())
    assert len(reader.pages) >= 3, len(reader.pages)
    last_card = variant.karma_cards[-1]
    assert " ".join(last_card.text.split()) in flat
    assert "The last player left holding cards loses" in flat
    for chrome in ("Download the rules", "Which variant?", "Join from another device"):
        assert chrome not in flat, chrome
    page.close()
