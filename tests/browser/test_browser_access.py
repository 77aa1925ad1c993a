"""Issue 28 points 4 and 6 in a real browser, in public mode: the organiser's sign-in sends
the password whatever the focus did, and there is a Sign out; "on this device" means the
browser (a new tab, a restarted browser), not one tab."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from referee.store.access import DEVICE_COOKIE, split_ticket

from .test_browser_app import PORTRAIT, TIMEOUT, new_page, settled, start_game

pytestmark = pytest.mark.browser

PUBLIC = {"KARMA_ACCESS": "public", "KARMA_ORGANISER_PASSWORD": "club-secret"}


def test_this_device_is_the_browser_not_the_tab_and_the_organiser_signs_in_after_a_tab(
    browser: Browser, make_server: Any
) -> None:
    """Two checks on one public app (issue 40: they were two tests, each starting a server).
    The Games page listed the games of this *tab's* session: a new tab or the typed Games
    address listed none.  Now a new tab and a restarted browser (its saved cookies) list them;
    another browser, or one whose data was cleared, lists none.  Then, on that browser's Games
    page, the organiser signs in and out: typing the password, pressing Tab (focus moves to the
    field's show-password eye) and clicking Sign in was refused 5 times of 5: the value was
    never sent."""
    server = make_server(env=PUBLIC)
    page = new_page(browser, PORTRAIT)
    gid, _ = split_ticket(start_game(page, server.url, ["Ann", "Ben"]))
    page.wait_for_function(f"document.cookie.includes('{DEVICE_COOKIE}=')")
    row = f".st-key-games_row_{gid}"

    tab = page.context.new_page()  # a new tab, the Games address typed
    tab.goto(f"{server.url}/games")
    expect(tab.locator(row)).to_be_visible(timeout=TIMEOUT)
    assert DEVICE_COOKIE not in tab.locator('[data-testid="stMain"]').inner_text()

    saved = page.context.storage_state()
    page.context.close()  # the browser closes; it starts again with its saved cookies
    again = browser.new_context(storage_state=saved, viewport=PORTRAIT)
    again.set_default_timeout(TIMEOUT)
    restarted = again.new_page()
    restarted.goto(f"{server.url}/games")
    expect(restarted.locator(row)).to_be_visible()
    again.close()

    cleared = new_page(browser, PORTRAIT)  # no cookies: another browser, or cleared data
    cleared.goto(f"{server.url}/games")
    expect(cleared.get_by_text("No games yet.", exact=False)).to_be_visible()
    expect(cleared.locator(row)).to_have_count(0)

    page = cleared  # the organiser, at the Games page
    page.get_by_text("Organiser", exact=True).click()
    box = page.get_by_label("Organiser's password")
    box.fill("club-secret")
    box.press("Tab")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text("Signed in as the organiser.")).to_be_visible()
    expect(page.get_by_text("That is not the organiser's password")).to_have_count(0)
    page.get_by_role("button", name=re.compile("Sign out")).click()
    expect(page.get_by_text(re.compile("Signed out"))).to_be_visible()
    settled(page)
    expect(page.get_by_role("button", name=re.compile("Sign out"))).to_have_count(0)
