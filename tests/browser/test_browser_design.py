"""Issue 29.10 in real Chromium: the Design page shows a slip at its field, keeps the work
through a reload, keeps a panel open while it is edited, shares a link with a Copy button and
a QR code, and hands the design to the Simulate page with the variant it started from."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Server
from .test_browser_app import LANDSCAPE, PORTRAIT, fill, new_page, rerun, settled, shot

pytestmark = pytest.mark.browser


def box(locator: Any) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None
    return dict(found)


def below(page: Page, message: Any, field: str, within: float = 140) -> None:
    """``message`` is drawn just under the field ``field`` (a widget key), overlapping it
    from side to side: it is seen where the change is made."""
    f, m = box(page.locator(f".st-key-{field}").first), box(message)
    gap = m["y"] - (f["y"] + f["height"])
    assert 0 <= gap <= within, (field, f, m)
    assert m["x"] < f["x"] + f["width"] and f["x"] < m["x"] + m["width"], (field, f, m)


def open_design(page: Page, url: str) -> None:
    page.goto(f"{url}/design")
    expect(page.get_by_role("heading", name="Design your Karma")).to_be_visible()
    settled(page)


def _slips_placed(page: Page, viewport: dict[str, int]) -> None:
    """Each slip right under the field it is about, and the deal's above the deck."""
    note = page.get_by_text(re.compile(r"^With 1 deck, no card has 5 copies"))
    expect(note).to_be_visible()
    below(page, note, "d0_burn")
    error = page.get_by_text(re.compile(r"^To: 6 players need 96 cards for the deal"))
    expect(error).to_be_visible()
    below(page, error, "d0_players_0_max")  # under the row of the players it is about
    heading = box(page.get_by_role("heading", name="The deck", exact=True))
    assert box(error)["y"] < heading["y"]
    expect(page.get_by_text(re.compile(r"^2 things to fix before this variant"))).to_be_visible()
    shot(page, f"design-slip-{viewport['width']}x{viewport['height']}")


def test_a_slip_is_shown_at_its_field_a_reload_keeps_the_work_and_a_panel_stays_open(
    browser: Browser, server: Server
) -> None:
    """Two checks on one visit to the Design page (issue 40: they were two tests).  Typed on
    a tablet held upright; after a reload the work is back and, the tablet turned, each slip is
    still under its field.  Then, upright again, a Karma card's panel stays open while it is
    edited, and a new effect starts empty with the panel still open."""
    page = new_page(browser, PORTRAIT)
    open_design(page, server.url)
    fill(page, "d0_name", "Our Slow Karma")
    fill(page, "d0_burn", "5")
    expect(page.get_by_text(re.compile(r"^With 1 deck, no card has 5 copies"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"can be played, but look at the 1 note"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"is ready to play\."))).to_have_count(0)
    fill(page, "d0_deal_hand", "10")
    _slips_placed(page, PORTRAIT)

    page.set_viewport_size(LANDSCAPE)
    page.reload()
    expect(page.get_by_text("Your design is back, just as you left it.")).to_be_visible()
    expect(page.locator(".st-key-d0_name input")).to_have_value("Our Slow Karma")
    expect(page.locator(".st-key-d0_burn input")).to_have_value("5")
    expect(page.locator(".st-key-d0_deal_hand input")).to_have_value("10")
    _slips_placed(page, LANDSCAPE)

    page.set_viewport_size(PORTRAIT)
    settled(page)
    name = page.locator(".st-key-d0_kc_1_name input")
    expect(name).to_be_hidden()
    rerun(page, page.locator(".st-key-design_open_kc_five_or_below summary").click)
    expect(name).to_be_visible()
    fill(page, "d0_kc_1_name", "Four or Below")  # the panel's title changes with it
    expect(page.locator(".st-key-design_open_kc_five_or_below summary")).to_contain_text(
        "Four or Below × 3"
    )
    expect(name).to_be_visible()
    fill(page, "d0_kc_1_copies", "2")
    expect(page.locator(".st-key-design_open_kc_five_or_below summary")).to_contain_text("× 2")
    expect(name).to_have_value("Four or Below")
    # A new effect starts empty, and the panel stays open for the choice.
    page.locator(".st-key-d0_karma_cards_1_add_effect button").click()
    settled(page)
    expect(page.get_by_text("Choose what it does.")).to_be_visible()
    expect(page.locator(".st-key-d1_kc_1_name input")).to_be_visible()


def test_a_share_link_has_a_copy_button_and_a_qr_code(browser: Browser, make_server: Any) -> None:
    """On an app that other devices reach, here at its public address (KARMA_PUBLIC_URL, a
    proxy in front of it).  An app private to this computer, as a test server on 127.0.0.1
    alone, offers no link at all (a link to 127.0.0.1 opens on no other device): that is
    test_browser_words_and_looks.py's
    test_the_phone_menu_says_menu_and_a_private_app_says_how_to_share."""
    import io

    import zxingcpp
    from PIL import Image

    public = "https://karma.example.org"
    server = make_server(env={"KARMA_PUBLIC_URL": public})
    page = new_page(browser, LANDSCAPE)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_design(page, server.url)
    page.locator(".st-key-design_share summary").click()
    share = page.locator(".st-key-design_share")
    image = share.get_by_role("img", name="A QR code of the link to this variant")
    expect(image).to_be_visible()
    assert share.get_by_text("?v=").count() == 0  # no wall of characters
    frame = share.frame_locator("iframe").first
    frame.get_by_role("button", name="Copy the link").click()
    expect(frame.get_by_text("Copied: paste it into a message.")).to_be_visible()
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(f"{public}/design?v="), link
    png = page.request.get(image.evaluate("e => e.src")).body()
    assert [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))] == [link]

    other = new_page(browser, LANDSCAPE)
    other.goto(server.url + link.removeprefix(public))  # as the proxy passes it on
    expect(other.get_by_text(re.compile(r"^Loaded .* from the shared link\."))).to_be_visible()


def test_the_design_goes_to_the_simulate_page_with_its_parent(
    browser: Browser, server: Server
) -> None:
    page = new_page(browser, LANDSCAPE)
    open_design(page, server.url)
    fill(page, "d0_name", "Karma, Our Way")
    page.locator(".st-key-design_to_simulate button").click()
    expect(page.get_by_role("heading", name="Simulate")).to_be_visible()
    settled(page)
    expect(page.get_by_role("combobox", name="Variant")).to_have_value(
        "Karma, Our Way (from the Design page)"
    )
    expect(page.get_by_role("combobox", name="Compare with")).to_have_value(
        "Karma (the variant it started from)"
    )


def test_a_stalling_card_cancelled_keeps_its_cause_and_a_proposed_fix_makes_games_end(
    browser: Browser, server: Server, tmp_path: Any
) -> None:
    """Issue 44: the Design page's check of Hot Potato (a Karma card that gives the pile away
    and stays in play), cancelled, still says which card keeps games going; run to its end, it
    proposes the smallest change that fixes it, which one tap applies, and the games end."""
    from referee.variant.loader import dump_variant, variant_from_data, variant_to_data
    from referee.variant.registry import builtin

    data = variant_to_data(builtin("second-edition"))
    data["id"], data["name"] = "hot-potato", "Hot Potato"
    data["karma_cards"].insert(
        0, {"id": "hot_potato", "name": "Hot Potato", "copies": 2, "effects": ["give_pile"]}
    )
    path = tmp_path / "hot-potato.yaml"
    path.write_text(dump_variant(variant_from_data(data)), encoding="utf-8")

    page = new_page(browser, LANDSCAPE)
    open_design(page, server.url)
    page.get_by_text("Start from a built-in variant, a saved one, or a file").click()
    page.locator(".st-key-design_upload input[type=file]").set_input_files(str(path))
    expect(page.get_by_text("Loaded Hot Potato from the file hot-potato.yaml.")).to_be_visible()
    settled(page)

    test = page.locator(".st-key-design_simulate button")
    cause = re.compile(r"In the games that did not end, Hot Potato was played")
    test.click()
    expect(page.get_by_text(cause).first).to_be_visible(timeout=180_000)
    page.locator(".st-key-design_simulate_cancel button").click()
    expect(page.get_by_text(re.compile(r"^Stopped by you after [\d,]+ games"))).to_be_visible(
        timeout=60_000
    )
    expect(page.get_by_text(cause).first).to_be_visible()
    expect(page.locator(".st-key-design_simulate_cancel")).to_have_count(0)

    test.click()  # to its end this time: the check, then the search for a change
    apply = page.locator(".st-key-design_apply_0 button")
    expect(apply).to_be_visible(timeout=600_000)
    expect(apply).to_have_text("Apply: Hot Potato once per game")
    expect(
        page.get_by_text(re.compile(r"The smallest change that fixes it: Hot Potato once"))
    ).to_be_visible()
    expect(page.locator(".st-key-design_simulate_cancel")).to_have_count(0)
    apply.click()
    expect(page.get_by_text(re.compile(r"^Changed: Hot Potato once per game"))).to_be_visible()
    settled(page)

    test.click()
    answer = page.get_by_text(re.compile(r"^Does it end\? Yes"))
    expect(answer).to_be_visible(timeout=600_000)
    # The first answers show while the check still sharpens them: it ends by itself (beside a
    # CPU hog that took over 45 s more: issue 40.2).
    expect(page.locator(".st-key-design_simulate_cancel")).to_have_count(0, timeout=600_000)
    shot(page, "design-fixed-1024x768")
