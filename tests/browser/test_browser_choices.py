"""Choices made at the table (issue 42), tapped through in a real browser: a contest for the
pile, whose loser may be the card's own player, is one extra tap on the one table - the
question "Who lost the contest?", every player offered, the card's player too; so is the player
who swaps their face-up and face-down cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from referee.app.table import new_game
from referee.store import Store

from .conftest import Server
from .tableui import Reruns, option, play_button, step_drawn, tap, verdict
from .test_browser_app import new_page, settled, turn_shown
from .test_browser_table import PHONE

pytestmark = pytest.mark.browser

CONTEST = Path(__file__).resolve().parents[1] / "scenarios" / "variants" / "contest.yaml"


def test_the_loser_of_a_contest_is_one_tap_and_may_be_the_cards_own_player(
    browser: Browser, server: Server
) -> None:
    store = Store(server.data_dir / "karma.sqlite3")
    gid = new_game(
        store,
        variant_id="contest",
        variant_yaml=CONTEST.read_text(encoding="utf-8"),
        builtin=False,
        players=["Ann", "Ben", "Cal"],
        face_up=None,
    )
    page = new_page(browser, PHONE)
    reruns = Reruns(page)
    page.goto(f"{server.url}/?game={gid}")
    turn_shown(page, "Ann")
    settled(page)
    before = reruns.count()
    tap(page, 11)
    expect(verdict(page, "ask")).to_contain_text(
        "Who lost the contest? Choose a player just above."
    )
    expect(play_button(page)).to_be_disabled()
    group = "11: who lost the contest?"
    for name in ("Ann", "Ben", "Cal"):  # every player, the card's own player too
        expect(option(page, group, name)).to_be_visible()
    option(page, group, "Ann").click()
    expect(verdict(page, "yes")).to_be_visible()
    assert reruns.count() == before, "a tap went to the server"
    play_button(page).click()
    step_drawn(page, 1)
    turn_shown(page, "Ben")  # play goes on after the card's player, who took the pile
    assert store.load_game(gid).steps == [{"by": "Ann", "play": [11], "to": "Ann"}]


SWAP = Path(__file__).resolve().parents[1] / "scenarios" / "variants" / "swap-table-cards.yaml"


def test_a_swap_of_table_cards_is_one_tap_on_the_player_who_swaps(
    browser: Browser, server: Server
) -> None:
    """swap_table_cards (ruling 137): the card asks its own question, offers every player (the
    card's own player too), and one tap on a player makes the play legal, judged in the page."""
    store = Store(server.data_dir / "karma.sqlite3")
    gid = new_game(
        store,
        variant_id="swap-table-cards",
        variant_yaml=SWAP.read_text(encoding="utf-8"),
        builtin=False,
        players=["Ann", "Ben", "Cal"],
        face_up=None,
    )
    page = new_page(browser, PHONE)
    reruns = Reruns(page)
    page.goto(f"{server.url}/?game={gid}")
    turn_shown(page, "Ann")
    settled(page)
    before = reruns.count()
    tap(page, 11)
    expect(verdict(page, "ask")).to_contain_text(
        "Who swaps their face-up and face-down cards? Choose a player just above."
    )
    expect(play_button(page)).to_be_disabled()
    group = "11: who swaps their face-up and face-down cards?"
    for name in ("Ann", "Ben", "Cal"):
        expect(option(page, group, name)).to_be_visible()
    option(page, group, "Ben").click()
    expect(verdict(page, "yes")).to_be_visible()
    assert reruns.count() == before, "a tap went to the server"
    play_button(page).click()
    step_drawn(page, 1)
    turn_shown(page, "Ben")
    assert store.load_game(gid).steps == [{"by": "Ann", "play": [11], "to": "Ben"}]
