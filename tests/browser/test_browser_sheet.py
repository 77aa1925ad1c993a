"""Issue 19: the HTML rules sheet made from hostile words, opened in real Chromium, runs no
script (no dialog) and asks for nothing (no request besides the page itself)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Page

from referee.variant.registry import builtin
from referee.variant.sheet_html import rules_sheet_html

pytestmark = pytest.mark.browser

OUTSIDE = "198.51.100.7"  # TEST-NET-2: never a real host
STAND_INS = "\x01script\x02alert(1)\x01/script\x02"
IMG = f'\x01img src="http://{OUTSIDE}/x.png" onerror="alert(2)"\x02'
LINK = '\x01a href="javascript:alert(3)" id="go"\x02click\x01/a\x02'
RAW = f'<script>alert(4)</script><img src="http://{OUTSIDE}/y.png" onerror=alert(5)>'


def test_hostile_sheet_runs_nothing_and_requests_nothing(page: Page, tmp_path: Path) -> None:
    base = builtin("second-edition")
    first, *rest = base.karma_cards
    variant = replace(
        base,
        name=STAND_INS,
        description=RAW,
        author=LINK,
        karma_cards=(replace(first, name=IMG, text=f"{LINK} **{RAW}**"), *rest),
    )
    sheet = tmp_path / "sheet.html"
    sheet.write_text(rules_sheet_html(variant), encoding="utf-8")
    dialogs: list[str] = []
    requests: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(sheet.as_uri())
    page.wait_for_load_state("networkidle")  # anything the page would load or run has
    assert page.locator("script, img, a, [onerror], [onclick]").count() == 0
    assert dialogs == []
    assert requests == [sheet.as_uri()]
    body = page.inner_text("body")
    assert "\\x01script\\x02alert(1)" in body and "<script>alert(4)</script>" in body
