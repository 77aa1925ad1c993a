"""Every style rule the app writes on Streamlit's private markup still selects something
(issue 27.4), in a real browser.

tests/test_markup.py checks that each ``data-testid`` the app names is still in Streamlit's
bundle.  That is not enough: a rule such as ``.st-key-np_chips [data-testid="stVerticalBlock"]``
or ``[data-baseweb="select"] > div`` goes dead when Streamlit only moves things around (a
keyed container that became the block itself, a drop-down rebuilt on another library), and
nothing on screen says so; the drop-downs quietly shrank to 40 px that way.  Here a person's
walk through the app (New game with names typed, a game with a card's choices, the fix panel
and the log open, Design, Simulate, Rules and Games, a phone) reads every rule of the app's
own style sheets off the page, as the browser parsed them, and asks the page what each
selector matches.  Each selector must match something somewhere on the walk.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Server
from .tableui import play_button, press, tap_card, undo_button
from .test_browser_app import PORTRAIT, add_names, go_to, new_page, settled, start_game

pytestmark = pytest.mark.browser

# Every selector of the app's <style> sheets that names Streamlit's markup, with how many
# elements it matches now (pseudo-classes dropped: a :hover rule selects the element hovered).
RULES = r"""() => {
  const out = [];
  const walk = (rules) => { for (const r of rules) {
    if (r.cssRules && !r.selectorText) walk(r.cssRules);  // @media, @supports
    else if (r.selectorText && /data-testid|data-baseweb|stApp\b/.test(r.selectorText)) {
      for (const s of r.selectorText.split(/,(?![^(]*\))/)) {
        const q = s.trim().replace(
          /::?(hover|focus|focus-visible|focus-within|active|before|after|placeholder)\b/g, '');
        let n = -1;
        try { n = document.querySelectorAll(q).length; } catch (e) { n = -1; }
        out.push([s.trim(), n]);
      }
    }
  } };
  for (const sheet of document.styleSheets) {
    const node = sheet.ownerNode;
    if (!node || node.tagName !== 'STYLE' || !node.closest('[data-testid="stHtml"], .stHtml'))
      continue;  // Streamlit's own style sheets are not ours to check
    try { walk(sheet.cssRules); } catch (e) { /* a sheet from another origin */ }
  }
  return out;
}"""

# Drawn only for a moment, so no walk can be sure to meet them; their ids are still checked in
# Streamlit's bundle (tests/test_markup.py).
FLEETING = {
    '[data-testid="stStatusWidget"]': "the 'Running…' badge, only while a page is working",
    '[data-testid="stElementToolbar"] button': "a chart's toolbar, only while the pointer is on it",
}


def _read(page: Page, where: str, seen: dict[str, dict[str, int]]) -> None:
    settled(page)
    for selector, n in page.evaluate(RULES):
        counts = seen.setdefault(selector, {})
        counts[where] = max(n, counts.get(where, n))


def _page(page: Page, where: str, heading: str | None = None, last: str | None = None) -> None:
    """Open a page and wait until it has drawn: its heading, and ``last`` (a widget of the
    app's own key near its end), since the script state reads "not running" before the first
    run has begun.  ``where`` is the app's address (a page load) or a screen's name, gone to
    by the menu as a person does (no page load: issue 40)."""
    if where.startswith("http"):
        page.goto(where)
    else:
        go_to(page, where)
    if heading:
        expect(page.get_by_role("heading", name=heading).first).to_be_visible()
    if last:
        expect(page.locator(last).first).to_be_attached()
    expect(page.locator('[data-testid="stHtml"] style, .stHtml style').first).to_be_attached()
    settled(page)


def test_every_rule_on_streamlits_markup_still_selects_something(
    browser: Browser, server: Server
) -> None:
    seen: dict[str, dict[str, Any]] = {}
    page = new_page(browser, PORTRAIT)
    _page(page, server.url)
    add_names(page, ["Ann", "Ben", "Cal"])
    page.locator(".st-key-np_name input").fill("Dee")  # typed, not yet added: the Enter hint
    expect(page.locator('[data-testid="InputInstructions"]')).to_be_attached()
    _read(page, "new game", seen)
    page.locator(".st-key-np_name input").fill("")
    start_game(page, server.url, ["Ann", "Ben", "Cal"], goto=False)
    tap_card(page, 9)
    press(page, play_button(page), 1)
    page.get_by_text("Fix a mistake from the start").click()
    expect(page.locator(".st-key-fix_up_1 button")).to_be_visible()
    page.get_by_text("Game log").click()
    expect(page.locator(".kr-log")).to_be_visible()
    press(page, undo_button(page), 0)  # "Undid step 1: ...": a message box
    expect(page.get_by_text(re.compile(r"^Undid step 1: "))).to_be_visible()
    tap_card(page, 9)  # the choices: how many, from where, played by
    _read(page, "referee", seen)
    for screen, heading, last in (
        ("Design", "Design your Karma", ".st-key-design_upload"),
        ("Simulate", None, ".st-key-simulate_run"),
        ("Rules", None, None),
        ("Games", None, ".st-key-games_import"),
    ):
        _page(page, screen, heading, last)
        _read(page, screen.lower(), seen)
    _page(page, "Rules")
    page.set_viewport_size({"width": 390, "height": 844})  # the page menu folds away
    settled(page)
    expect(page.locator('[data-testid="stExpandSidebarButton"]')).to_be_visible()
    _read(page, "phone", seen)

    assert len(seen) > 20, f"the walk read too few rules: {sorted(seen)}"
    broken = {s: c for s, c in seen.items() if -1 in c.values()}
    assert not broken, f"selectors the browser cannot even run: {broken}"
    dead = sorted(s for s, c in seen.items() if max(c.values()) < 1 and s not in FLEETING)
    assert not dead, (
        "style rules on Streamlit's markup that select nothing any more (restyle them through "
        f"the app's own keys, or follow Streamlit's new markup): {dead}"
    )
    assert set(FLEETING) <= set(seen), "a fleeting rule named here is no longer written"
