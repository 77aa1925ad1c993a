"""Issue 29 in real Chromium: the Simulate page compares a variant with another on the same
deals, fills its answers in as games finish, stops on Cancel keeping the answers so far, and
draws its charts (seat edge and card worth with error bars, both variants' lengths)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import Server
from .test_browser_app import LANDSCAPE, fill, new_page, settled, shot, widget

pytestmark = pytest.mark.browser


def test_compare_then_cancel_keeps_the_answers_so_far(browser: Browser, server: Server) -> None:
    page = new_page(browser, LANDSCAPE)
    page.goto(f"{server.url}/simulate")
    expect(page.get_by_role("heading", name="Simulate")).to_be_visible()
    settled(page)
    widget(page, "simulate_variant_key", "input").click()
    page.get_by_role("option", name="Karma (second edition) (built in)").click()
    settled(page)
    widget(page, "simulate_compare", "input").click()
    page.get_by_role("option", name="Karma (built in)", exact=True).click()
    settled(page)
    page.get_by_text("More settings").click()
    fill(page, "simulate_games", "10000")  # far more than a test waits for
    fill(page, "simulate_margin", "0")  # never sure enough: only Cancel stops it
    widget(page, "simulate_run").click()

    # The answers fill in while it runs: a progress bar with the games so far, then Cancel.
    bar = page.locator('[data-testid="stProgress"]')
    expect(bar).to_contain_text(re.compile(r"[1-9][\d,]* games"), timeout=120_000)
    expect(page.get_by_text("Does it end?").first).to_be_visible(timeout=120_000)
    page.locator(".st-key-simulate_cancel button").click()

    stopped = page.get_by_text(re.compile(r"^Stopped by you after [\d,]+ games"))
    expect(stopped).to_be_visible(timeout=60_000)
    games = int(re.sub(r"\D", "", stopped.inner_text().split(" games")[0]))
    assert 0 < games < 10_000
    expect(bar).to_have_count(0)
    expect(page.get_by_text(re.compile(r"^Against Karma"))).to_be_visible()
    expect(page.get_by_text("What is each card worth?", exact=True)).to_be_visible()  # the heading
    charts = page.locator('[data-testid="stVegaLiteChart"]')
    expect(charts).to_have_count(3)
    for i in range(3):
        expect(charts.nth(i).locator("canvas, svg").first).to_be_visible()
    expect(page.get_by_role("button", name="Download the answers (JSON)")).to_be_visible()
    with page.expect_download() as info:
        page.get_by_role("button", name="Download the answers (JSON)").click()
    data = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert data["games"] == games and data["stopped"] == "cancelled"
    assert data["compare"]["parent"]["id"] == "classic" and data["compare"]["words"]
    assert data["compare"]["parent_report"]["games"] > 0
    shot(page, "simulate-cancelled-1024x768")
