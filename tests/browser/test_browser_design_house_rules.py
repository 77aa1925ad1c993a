"""Issue 42 in real Chromium: a group builds three house rules on the Design page with taps
alone - "you must play if you can", "strictly higher" and "the lowest ordinary card starts" -
and the variant the page gives them (its file and its rules sheet) says all three."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Browser, Page, expect

from .conftest import Server
from .test_browser_app import PORTRAIT, new_page, pick_option, rerun
from .test_browser_design import open_design

pytestmark = pytest.mark.browser


def tap_switch(page: Page, rule: str) -> None:
    """Tap a table rule's switch (its label, as a finger does) and wait for the page."""
    box = page.locator(f".st-key-d0_table_{rule} label").first
    rerun(page, box.click)
    expect(page.locator(f".st-key-d0_table_{rule} input")).to_be_checked()


def test_three_house_rules_built_with_taps_are_in_the_file_and_the_rules_sheet(
    browser: Browser, server: Server
) -> None:
    page = new_page(browser, PORTRAIT)
    open_design(page, server.url)
    tap_switch(page, "must_play")
    tap_switch(page, "strictly_higher")
    starts = page.get_by_role("combobox", name="Who starts")
    expect(starts).to_have_value("The player to the dealer's left")  # the rule book's (R2.3)
    lowest = "Whoever has the lowest ordinary card (not a power card)"
    rerun(page, lambda: pick_option(page, starts, lowest))
    expect(starts).to_have_value(lowest)

    with page.expect_download() as dl:
        page.locator(".st-key-design_download button").click()
    data = yaml.safe_load(Path(dl.value.path()).read_text(encoding="utf-8"))
    assert data["table"] == {"must_play": True, "starts": "lowest_plain", "strictly_higher": True}

    rerun(page, page.get_by_text("Rules sheet", exact=True).first.click)
    sheet = page.locator('[data-testid="stExpander"]').filter(has_text="The deal (R2)")
    for words in (
        "If you can play, you must",
        "A number card goes only on a number card of a lower value, never on the same value",
        "Whoever has the lowest ordinary number card in their hand starts",
    ):
        expect(sheet.get_by_text(words, exact=False).first).to_be_visible()
