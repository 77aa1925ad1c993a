"""What the table did at set-up, told on the New game page in a real browser (issue 42, ruling
154): for a variant that turns the draw pile's top card up, one question, "Which card did you
turn up to start the pile?", a list of the variant's cards; the game starts on that card."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.store import Store

from .conftest import Server
from .test_browser_app import (
    LANDSCAPE,
    add_names,
    new_page,
    pick_option,
    settled,
    turn_shown,
    widget,
)
from .test_browser_ordinary_pack import top_card_is

pytestmark = pytest.mark.browser

VARIANTS = Path(__file__).resolve().parents[1] / "scenarios" / "variants"


@contextmanager
def asked(
    browser: Browser, server: Server, file: str, name: str, players: list[str], key: str
) -> Iterator[tuple[Page, Store]]:
    """The New game page with the players named and the variant in ``file`` (saved to the
    library as ``name``) chosen, after checking that Classic does not ask (``key``); the
    variant is taken out of the library again after the test."""
    store = Store(server.data_dir / "karma.sqlite3")
    vid = file.removesuffix(".yaml")
    store.save_variant(vid, name, (VARIANTS / file).read_text(encoding="utf-8"))
    try:
        page = new_page(browser, LANDSCAPE)
        page.goto(server.url)
        expect(widget(page, "np_start")).to_be_visible()
        add_names(page, players)
        expect(page.locator(f".st-key-{key}")).to_have_count(0)  # Classic asks nothing
        pick_option(page, widget(page, "np_variant", "input"), f"{name} (our library)")
        settled(page)
        yield page, store
    finally:
        store.delete_variant(vid)


def test_the_turned_up_card_is_asked_once_and_starts_the_pile(
    browser: Browser, server: Server
) -> None:
    """Only the variant that turns a card up asks; the card chosen lies on the pile when the
    game opens, and the game is stored with it."""
    with asked(
        browser, server, "turn-up.yaml", "Turn Up the Top Card", ["Ann", "Ben"], "np_turned_up"
    ) as (page, store):
        box = widget(page, "np_turned_up", "input")
        expect(page.get_by_text("Which card did you turn up to start the pile?")).to_be_visible()
        pick_option(page, box, "Q", typed="Q")
        settled(page)
        widget(page, "np_start").click()
        turn_shown(page, "Ann")
        top_card_is(page, "Q", "Queen", "number")
        (game,) = [g for g in store.list_games() if g.variant_id == "turn-up"]
        assert store.load_game(game.id).told == {"turned_up": 12}


def test_the_cards_thrown_in_are_tapped_and_say_who_starts(
    browser: Browser, server: Server
) -> None:
    """Only the variant with a discard step asks; Ben's two 3s tapped, the page names Cal (the
    player after him) as the starter, and the game opens at Cal's turn on the 3s."""
    with asked(
        browser, server, "throw-in.yaml", "Threes Thrown In", ["Ann", "Ben", "Cal"], "np_th_who"
    ) as (page, store):
        expect(page.get_by_text("Which cards did each player throw onto the pile?")).to_be_visible()
        page.locator(".st-key-np_th_who button").filter(has_text="Ben").click()
        settled(page)
        for shown in ("3", "3, 3"):
            page.locator(".st-key-np_th_card_3 button").click()
            expect(page.get_by_text(f"Ben: {shown}", exact=True)).to_be_visible()
            settled(page)
        expect(
            page.get_by_text("Cal starts: the player after the last one to throw in.")
        ).to_be_visible()
        widget(page, "np_start").click()
        turn_shown(page, "Cal")
        top_card_is(page, "3", "3", "number")
        (game,) = [g for g in store.list_games() if g.variant_id == "throw-in"]
        row = store.load_game(game.id)
        assert row.told == {"thrown": {"Ben": [3, 3]}} and row.players == ("Ann", "Ben", "Cal")
