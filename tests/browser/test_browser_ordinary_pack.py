"""Issue 31.1 in real Chromium: the Design page makes an ordinary-pack variant with jokers
without typing YAML, and a game of it is refereed with its Queens and Jokers shown as such (the
card grid, the top card, the verdict, what may follow and the log); and the built-in Palace on
a phone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.variant.loader import load_variant_text

from .conftest import Server
from .tableui import card, count, play_button, press, tap_card, verdict_box
from .test_browser_app import (
    LANDSCAPE,
    PORTRAIT,
    fill,
    go_to,
    new_page,
    open_panel,
    pick_option,
    settled,
    start_game,
)

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def design_a_pack(page: Page, url: str) -> str:
    """An ordinary pack, Aces high, two jokers that turn play round; saved; the YAML text."""
    page.goto(f"{url}/design")
    expect(page.get_by_role("heading", name="Design your Karma")).to_be_visible()
    fill(page, "d0_name", "Pub Palace")  # a fresh session: the widgets' revision is 0
    fill(page, "d0_id", "pub-palace")
    page.get_by_text("An ordinary pack of cards").click()
    settled(page)
    fill(page, "d0_jokers_copies", "2")
    expect(page.get_by_text("A joker goes on anything (it is wild)")).to_be_visible()
    fill(page, "d0_jokers_text", "Play turns the other way round.")
    page.locator(".st-key-d0_jokers_None_add_effect button").click()  # the page's rev is 1
    settled(page)
    effect = page.locator(".st-key-d1_jokers_None_e_0_name input").first
    effect.click()
    effect.fill("Reverse")
    page.get_by_role("option", name=re.compile("^Reverse")).click()
    settled(page)
    expect(page.get_by_text("Pub Palace is ready to play.")).to_be_visible()
    with page.expect_download() as dl:
        page.locator(".st-key-design_download button").click()
    text = Path(dl.value.path()).read_text(encoding="utf-8")
    page.locator(".st-key-design_save button").click()
    expect(page.get_by_text("Saved Pub Palace.")).to_be_visible()
    return text


def top_card_is(page: Page, face: str, name: str, kind: str) -> None:
    top = page.locator('[data-glance="card"]')
    expect(top).to_have_class(re.compile(rf"\bkr-{kind}\b"))
    expect(page.locator('[data-glance="rank"]')).to_have_text(face)
    expect(top).to_contain_text(name)


def play_tapped(page: Page, n_after: int) -> None:
    press(page, play_button(page), n_after)


def test_design_an_ordinary_pack_with_jokers_and_referee_queens_and_jokers(
    browser: Browser, server: Server
) -> None:
    page = new_page(browser, LANDSCAPE)
    text = design_a_pack(page, server.url)
    variant = load_variant_text(text, "download.yaml").variant
    assert variant is not None and variant.ordinary and variant.jokers is not None
    assert "pack: ordinary" in text and "reverse" in text

    page.set_viewport_size(PORTRAIT)  # the tablet turned upright for the game
    go_to(page, "Referee")
    start_game(page, server.url, ["Ann", "Ben", "Cal"], "Pub Palace (our library)", goto=False)
    # The grid: a Queen reads Q, an Ace A, the joker by its name; no 12 anywhere.
    expect(card(page, 12)).to_have_text("Q")
    expect(card(page, 14)).to_have_text("A")
    expect(card(page, "joker")).to_contain_text("Joker")
    expect(card(page, "joker").locator(".kt-symbol")).to_be_visible()

    tap_card(page, 12)
    expect(verdict_box(page, True)).to_contain_text(
        "Yes: the pile is empty, so a Queen may start it."
    )
    play_tapped(page, 1)
    top_card_is(page, "Q", "Queen", "number")
    expect(page.locator('[data-glance="follow"]')).to_contain_text("Queen or higher")

    tap_card(page, 11)
    no = verdict_box(page, False)
    expect(no).to_contain_text("No: a Jack is lower than a Queen.")
    expect(no.locator(".kr-rule")).to_have_text("R5.2")

    tap_card(page, "joker")
    expect(verdict_box(page, True)).to_contain_text("a Joker is wild, so it goes on anything")
    play_tapped(page, 2)
    top_card_is(page, "★", "Joker", "joker")
    # The joker turned play round (its own effect): the direction shown says so.
    expect(page.locator('[data-glance="direction"]')).to_contain_text("Anticlockwise")

    tap_card(page, 11)  # anything goes on a joker: it counts 0
    expect(verdict_box(page, True)).to_be_visible()
    play_tapped(page, 3)
    top_card_is(page, "J", "Jack", "number")

    open_panel(page, "Game log", ".kr-log")
    chips = page.locator(".kr-log .kr-chip")
    expect(chips).to_have_count(3)
    assert [chips.nth(i).inner_text() for i in range(3)] == ["J", "★", "Q"]
    assert chips.nth(1).get_attribute("class") == "kr-chip kr-joker"
    log = page.locator(".kr-log")
    expect(log).to_contain_text("plays a Queen")
    expect(log).to_contain_text("plays a Joker")


@pytest.mark.parametrize("viewport", [PHONE], ids=["390x844"])
def test_palace_on_a_phone_shows_queens_and_jokers(
    browser: Browser, server: Server, viewport: dict[str, int]
) -> None:
    page = new_page(browser, viewport)
    start_game(page, server.url, ["Ann", "Ben"], "Palace (built in)")
    expect(card(page, 13)).to_have_text("K")
    tap_card(page, 13)
    play_tapped(page, 1)
    top_card_is(page, "K", "King", "number")
    tap_card(page, "joker")
    play_tapped(page, 2)
    top_card_is(page, "★", "Joker", "joker")


def choose(page: Page, key: str, option: str) -> None:
    """Pick an option of a select box by its words, typed as a person would: the box draws
    only the options near the top of its list (the effect menu is longer than that)."""
    box = page.locator(f".st-key-{key} input").first
    pick_option(page, box, re.compile(option), typed=option.strip("^$"))
    settled(page)


def test_design_house_rules_people_play_and_referee_them(browser: Browser, server: Server) -> None:
    """Issue 31, done when: the Design page builds an ordinary pack with jokers, "two 8s skip
    two", a Jack that makes the next player pick up the pile and "you must play if you can",
    without typing YAML; a game of it is refereed so."""
    page = new_page(browser, LANDSCAPE)
    page.goto(f"{server.url}/design")
    expect(page.get_by_role("heading", name="Design your Karma")).to_be_visible()
    fill(page, "d0_name", "Pub Rules")
    fill(page, "d0_id", "pub-rules")
    page.get_by_text("An ordinary pack of cards").click()
    settled(page)
    fill(page, "d0_jokers_copies", "2")
    page.locator(".st-key-d0_jokers_None_add_effect button").click()  # the page's rev is 1
    settled(page)
    choose(page, "d1_jokers_None_e_0_name", "^Reverse")
    # Two 8s skip two players.
    page.locator(".st-key-d1_rp_add button").click()  # rev 2
    settled(page)
    choose(page, "d2_rp_0_rank", "^8")
    choose(page, "d2_rank_powers_0_e_0_name", "^Lose a turn")
    choose(page, "d2_rank_powers_0_e_0_skip_target", "The next player")
    choose(page, "d2_rank_powers_0_e_0_skip_count", "once for each card")
    # A Jack makes the next player pick up the pile.
    page.locator(".st-key-d2_rp_add button").click()  # rev 3
    settled(page)
    choose(page, "d3_rp_1_rank", "Jack")
    choose(page, "d3_rank_powers_1_e_0_name", "^Give the pile$")
    choose(page, "d3_rank_powers_1_e_0_give_pile_target", "The next player")
    expect(
        page.locator(".st-key-design_open_rp_1").get_by_text(  # not the tooltip's copy
            "What it does: The next player takes the whole pile into their hand.", exact=True
        )
    ).to_be_visible()
    # You must play if you can.
    page.get_by_text("You must play if you can").click()
    expect(
        page.get_by_role("checkbox", name=re.compile("^You must play if you can"))
    ).to_be_checked()
    settled(page)
    expect(page.get_by_text("Pub Rules is ready to play.")).to_be_visible()
    variant = None
    for _ in range(10):
        # The file is the one the page drew last: on a busy machine the rerun the tick started
        # may not have begun when the page first looks settled, so look again (a person would
        # have waited for it).
        with page.expect_download() as dl:
            page.locator(".st-key-design_download button").click()
        text = Path(dl.value.path()).read_text(encoding="utf-8")
        variant = load_variant_text(text, "download.yaml").variant
        if variant is not None and variant.table.get("must_play"):
            break
        page.wait_for_timeout(1_000)
        settled(page)
    assert variant is not None and variant.ordinary and variant.table.get("must_play")
    powers = {p.rank: [(e.name, dict(e.params)) for e in p.effects] for p in variant.rank_powers}
    assert powers[8] == [("skip", {"count": "per_copy", "target": "next", "walk": "others"})]
    assert powers[11] == [("give_pile", {"target": "next"})]
    page.locator(".st-key-design_save button").click()
    expect(page.get_by_text("Saved Pub Rules.")).to_be_visible()

    page.set_viewport_size(PORTRAIT)  # the tablet turned upright for the game
    go_to(page, "Referee")
    start_game(
        page, server.url, ["Ann", "Ben", "Cal", "Dee"], "Pub Rules (our library)", goto=False
    )
    tap_card(page, 8)
    count(page, 2).click()
    expect(verdict_box(page, True)).to_be_visible()
    play_tapped(page, 1)
    # Two 8s: Ben and Cal lose their turns, so it is Dee's.
    expect(page.locator('[data-glance="turn"]').first).to_contain_text("Dee")
    tap_card(page, 11)
    expect(verdict_box(page, True)).to_be_visible()
    play_tapped(page, 2)
    # The Jack gives the pile to the next player (Ann), who still takes her turn (ruling 52).
    expect(page.locator('[data-glance="turn"]').first).to_contain_text("Ann")
    open_panel(page, "Game log", ".kr-log")
    log = page.locator(".kr-log")
    expect(log).to_contain_text("gives the pile")
    expect(log).to_contain_text("Cal loses this turn")
