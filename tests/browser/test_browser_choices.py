"""Choices made at the table (issue 42), tapped through in a real browser: a contest for the
pile, whose loser may be the card's own player, is one extra tap on the one table - the
question "Who lost the contest?", every player offered, the card's player too; so is the player
who swaps their face-up and face-down cards, and the number a joker is named as (a list beside
the card; where it must fit as the card named, each name judged as that card), and higher or
lower said of a 9 (one segment beside the card)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from support import RUNS, SUITED, SUPERJOKER

from referee.app import table
from referee.app.table import new_game
from referee.store import Store

from .conftest import Server
from .tableui import Reruns, let_go, option, play_button, step_drawn, tap, verdict
from .test_browser_app import PORTRAIT, new_page, no_horizontal_scroll, settled, turn_shown
from .test_browser_table import PHONE, axe_violations

pytestmark = pytest.mark.browser

VARIANTS = Path(__file__).resolve().parents[1] / "scenarios" / "variants"


def opened(
    browser: Browser, server: Server, vid: str = "", record: str = ""
) -> tuple[Store, str, Page, Reruns]:
    """A new game of the scenario variant ``vid`` for Ann, Ben and Cal (or one started from
    ``record``), opened on a phone at Ann's turn, the page settled; its reruns counted from
    before the page loads."""
    store = Store(server.data_dir / "karma.sqlite3")
    if record:
        gid = table.import_record(store, record, "game.yaml")
    else:
        gid = new_game(
            store,
            variant_id=vid,
            variant_yaml=(VARIANTS / f"{vid}.yaml").read_text(encoding="utf-8"),
            builtin=False,
            players=["Ann", "Ben", "Cal"],
            face_up=None,
        )
    page = new_page(browser, PHONE)
    reruns = Reruns(page)
    page.goto(f"{server.url}/?game={gid}")
    turn_shown(page, "Ann")
    settled(page)
    return store, gid, page, reruns


@pytest.mark.parametrize(
    ("vid", "question", "chosen"),
    [
        # contest_pile: the loser may be the card's own player, who takes the pile; play goes
        # on after them
        ("contest", "Who lost the contest?", "Ann"),
        # swap_table_cards (ruling 137): the chosen player swaps their face-up and face-down
        # cards
        ("swap-table-cards", "Who swaps their face-up and face-down cards?", "Ben"),
    ],
)
def test_a_choice_made_at_the_table_is_one_tap_on_a_player(
    browser: Browser, server: Server, vid: str, question: str, chosen: str
) -> None:
    """The card asks its own question and offers every player, the card's own player too; one
    tap on a player makes the play legal, judged in the page with no rerun; the stored step
    names the player chosen."""
    store, gid, page, reruns = opened(browser, server, vid)
    before = reruns.count()
    tap(page, 11)
    expect(verdict(page, "ask")).to_contain_text(f"{question} Choose a player just above.")
    expect(play_button(page)).to_be_disabled()
    group = f"11: {question[0].lower()}{question[1:]}"
    for name in ("Ann", "Ben", "Cal"):
        expect(option(page, group, name)).to_be_visible()
    option(page, group, chosen).click()
    expect(verdict(page, "yes")).to_be_visible()
    assert reruns.count() == before, "a tap went to the server"
    play_button(page).click()
    step_drawn(page, 1)
    turn_shown(page, "Ben")
    assert store.load_game(gid).steps == [{"by": "Ann", "play": [11], "to": chosen}]


def test_a_card_that_chooses_only_sometimes_asks_only_then(
    browser: Browser, server: Server
) -> None:
    """Issue 42, ruling 152: a Jack gives the pile to a player its player chooses, but only when
    there is a pile. On the empty pile the Jack is judged at once, with no question; on the
    Jack that now lies there, the next Jack asks whom it is for, and one tap answers it."""
    vid = "jack-when-pile"
    store, gid, page, _ = opened(browser, server, vid)
    tap(page, 11)
    expect(verdict(page, "yes")).to_be_visible()  # an empty pile: no question
    play_button(page).click()
    step_drawn(page, 1)
    turn_shown(page, "Ben")
    settled(page)
    tap(page, 11)
    expect(verdict(page, "ask")).to_contain_text("Who is the 11 for? Choose a player just above.")
    option(page, "11: which player?", "Ann").click()
    expect(verdict(page, "yes")).to_be_visible()
    play_button(page).click()
    step_drawn(page, 2)
    turn_shown(page, "Cal")
    steps = store.load_game(gid).steps
    assert steps == [{"by": "Ann", "play": [11]}, {"by": "Ben", "play": [11], "to": "Ann"}]


def test_a_card_its_player_names_is_one_choice_in_one_list(
    browser: Browser, server: Server
) -> None:
    """Issue 42, ruling 153: a joker counts as the number its player names. Its one list beside
    the card offers every number, highest first; choosing a Queen is judged in the page with no
    rerun ("It counts as a Queen."), and the stored step says what it was named."""
    vid = "named-jokers"
    store, gid, page, reruns = opened(browser, server, vid)
    before = reruns.count()
    tap(page, "joker")
    named = page.get_by_label("Joker: which card does it count as?")
    expect(named).to_be_visible()
    named.select_option("12")
    expect(verdict(page, "yes")).to_contain_text("It counts as a Queen.")
    assert reruns.count() == before, "a tap went to the server"
    play_button(page).click()
    step_drawn(page, 1)
    turn_shown(page, "Ben")
    assert store.load_game(gid).steps == [{"by": "Ann", "play": ["joker"], "as": 12}]


def test_a_suit_is_one_tap_only_for_a_card_whose_powers_read_it(
    browser: Browser, server: Server
) -> None:
    """Issue 42 (ruling 149): the Jack, whose power belongs to hearts, asks "Which suit?" with
    none shown until tapped (a Jack on a King is refused); one tap on Hearts makes it legal,
    judged in the page with no rerun; the stored step says the suit. The Queen asks nothing."""
    store, gid, page, reruns = opened(browser, server, record=SUITED)
    before = reruns.count()
    tap(page, 12)
    expect(page.get_by_role("group", name="Which suit? (if it counts)")).to_have_count(0)
    let_go(page, 12)  # (on a phone a chosen card folds the grid to it)
    tap(page, 11)
    expect(verdict(page, "no")).to_contain_text("a Jack is lower than a King")
    option(page, "Which suit? (if it counts)", "♥ Hearts").click()
    expect(verdict(page, "yes")).to_contain_text("a Jack of hearts is wild")
    assert reruns.count() == before, "a tap went to the server"
    play_button(page).click()
    step_drawn(page, 1)
    turn_shown(page, "Ben")
    assert store.load_game(gid).steps == [{"by": "Ann", "play": [11], "suit": "hearts"}]


THREE_OF_DIAMONDS = """
variant:
  id: three-of-diamonds
  name: The Three of Diamonds Starts
  players: [{decks: 1, min: 2, max: 4}]
  ranks: {pack: ordinary, ace: high, suits: true}
  deal: {face_down: 3, face_up: 3, hand: 3}
  min_hand: 3
  burn: 4
  table: {starts_with: [3 of diamonds]}
players: [Ann, Ben, Cal]
opening_card: 3 of diamonds
steps: []
"""


def test_the_starting_card_is_one_suit_tap_at_the_first_play(
    browser: Browser, server: Server
) -> None:
    """Issue 42 (ruling 167): Ann holds the 3 of diamonds, so her first play must show it. A 5
    is refused in the rule's words; a 3 asks "Which suit?" and is refused until Diamonds is
    tapped, judged in the page with no rerun; the stored step says the suit. After the first
    play a 3 asks no suit."""
    store, gid, page, reruns = opened(browser, server, record=THREE_OF_DIAMONDS)
    before = reruns.count()
    tap(page, 5)
    expect(verdict(page, "no")).to_contain_text("Ann holds the 3 of diamonds, so Ann must open")
    let_go(page, 5)
    tap(page, 3)
    expect(verdict(page, "no")).to_contain_text("Ann must show the 3 of diamonds")
    option(page, "Which suit? (if it counts)", "♦ Diamonds").click()
    expect(verdict(page, "yes")).to_be_visible()
    assert reruns.count() == before, "a tap went to the server"
    play_button(page).click()
    step_drawn(page, 1)
    turn_shown(page, "Ben")
    assert store.load_game(gid).steps == [{"by": "Ann", "play": [3], "suit": "diamonds"}]
    settled(page)
    tap(page, 3)
    expect(page.get_by_role("group", name="Which suit? (if it counts)")).to_have_count(0)


def test_a_pile_given_away_is_passed_on_with_one_suit_tap(browser: Browser, server: Server) -> None:
    """Issue 42 (ruling 168): the joker gives the pile to Ben, who may pass it on with a red
    Jack. The table offers it ("Next: Pass the pile on with a Jack, or pick it up"); the Jack's
    one suit tap is the deflection: a Jack showing no suit is refused in the rule's words, one
    tap on Diamonds makes it legal, judged in the page with no rerun; the stored step is an
    ordinary play with its suit, and Cal is given the pile next."""
    store, gid, page, reruns = opened(browser, server, record=SUPERJOKER)
    tap(page, "joker")
    expect(verdict(page, "yes")).to_be_visible()
    play_button(page).click()
    step_drawn(page, 1)
    turn_shown(page, "Ben")
    settled(page)
    follow = page.locator('[data-glance="follow"]')
    expect(follow).to_have_text("Next: Pass the pile on with a Jack, or pick it up")
    before = reruns.count()
    tap(page, 11)
    expect(verdict(page, "no")).to_contain_text("Ben must pass the pile on with a red Jack")
    option(page, "Which suit? (if it counts)", "♦ Diamonds").click()
    expect(verdict(page, "yes")).to_be_visible()
    assert reruns.count() == before, "a tap went to the server"
    play_button(page).click()
    step_drawn(page, 2)
    turn_shown(page, "Cal")
    expect(follow).to_have_text("Next: Pass the pile on with a Jack, or pick it up")
    assert store.load_game(gid).steps == [
        {"by": "Ann", "play": ["joker"]},
        {"by": "Ben", "play": [11], "suit": "diamonds"},
    ]


def test_a_run_is_one_tap_on_the_card_that_tops_it(browser: Browser, server: Server) -> None:
    """Issue 42 (ruling 166), the run tap: where runs are played, the card a run ends with asks
    "the top of a run?" ("No run" until tapped, then each run it may top, nearest first). One
    tap shows the run with its verdict, judged in the page with no rerun: 6, 7, 8 and 9 are
    refused because the 7 has a power (R4.1), and Play stays off, so nothing changes; 4 to 6
    is a yes, and Play records it as the record writes it (play: [4, 5, 6]). On a phone and a
    tablet held upright the choice reads without a sideways scroll, and axe-core finds no
    serious problem with a run chosen."""
    store, gid, page, reruns = opened(browser, server, record=RUNS)
    before = reruns.count()
    tap(page, 9)
    group = "9: the top of a run?"
    expect(option(page, group, "No run")).to_have_attribute("aria-pressed", "true")
    expect(verdict(page, "yes")).to_be_visible()  # the 9 alone goes on the 3
    option(page, group, "6 to 9").click()
    refused = verdict(page, "no")
    expect(refused).to_contain_text("7 has a power, so it may only end a run")
    expect(refused).to_contain_text("The run: 6, 7, 8 and 9.")
    expect(refused).to_contain_text("R4.1")
    expect(play_button(page)).to_be_disabled()
    expect(page.get_by_role("group", name="How many?")).to_have_count(0)  # each card once
    let_go(page, 9)
    tap(page, 6)
    option(page, "6: the top of a run?", "4 to 6").click()
    expect(verdict(page, "yes")).to_contain_text("The run: 4, 5 and 6.")
    assert reruns.count() == before, "a tap went to the server"
    assert store.load_game(gid).steps == []  # the refused run changed nothing
    for size in (PHONE, PORTRAIT):
        page.set_viewport_size(size)
        expect(option(page, "6: the top of a run?", "4 to 6")).to_be_in_viewport()
        no_horizontal_scroll(page)
        assert axe_violations(page) == [], size
    play_button(page).click()
    step_drawn(page, 1)
    turn_shown(page, "Ben")
    assert store.load_game(gid).steps == [{"by": "Ann", "play": [4, 5, 6]}]


# A joker that must fit as the card named (ruling 170) on a 9.
MUST_FIT = """
variant:
  id: must-fit
  name: Named Jokers Must Fit
  players: [{decks: 1, min: 2, max: 4}]
  ranks: {pack: ordinary, ace: high}
  jokers: {copies: 2, effects: [{effect: named_value, fits: true}]}
  deal: {face_down: 3, face_up: 3, hand: 3}
  min_hand: 3
  burn: 4
players: [Ann, Ben, Cal]
start:
  turn: Ann
  pile: [9]
  draw_pile: 0
  hand: {Ann: 4, Ben: 4, Cal: 4}
  face_up: {Ann: [], Ben: [], Cal: []}
steps: []
"""


def test_a_joker_that_must_fit_is_judged_as_the_card_named(
    browser: Browser, server: Server
) -> None:
    """Issue 42, ruling 170: a joker named 5 needs a 5 to be allowed. The one list beside the
    card judges each name in the page with no rerun: as itself or named 5 it is refused on a 9,
    with the reason; named a Jack it goes, and the stored step says so."""
    store, gid, page, reruns = opened(browser, server, record=MUST_FIT)
    before = reruns.count()
    tap(page, "joker")
    named = page.get_by_label("Joker: which card does it count as?")
    expect(named).to_be_visible()
    expect(verdict(page, "no")).to_contain_text("lower than 9")  # itself: no wild card
    named.select_option("5")
    expect(verdict(page, "no")).to_contain_text("named as a 5 goes only where a 5 could")
    named.select_option("11")
    expect(verdict(page, "yes")).to_contain_text("It counts as a Jack.")
    assert reruns.count() == before, "a tap went to the server"
    play_button(page).click()
    step_drawn(page, 1)
    turn_shown(page, "Ben")
    assert store.load_game(gid).steps == [{"by": "Ann", "play": ["joker"], "as": 11}]


def test_higher_or_lower_is_one_tap_beside_the_card(browser: Browser, server: Server) -> None:
    """Issue 42 (ruling 171): the scribd sheet's 9 asks "Next play: higher or lower?" beside the
    card, not said until tapped (refused with the reason); one tap on Lower makes it legal,
    judged in the page with no rerun, and the stored step says it (limit: lower). The next
    player's Jack is then refused naming who chose."""
    store, gid, page, reruns = opened(browser, server, "nine-higher-or-lower")
    before = reruns.count()
    tap(page, 9)
    expect(verdict(page, "no")).to_contain_text("Ann must say higher or lower")
    option(page, "Next play: higher or lower?", "Lower").click()
    expect(verdict(page, "yes")).to_be_visible()
    assert reruns.count() == before, "a tap went to the server"
    play_button(page).click()
    step_drawn(page, 1)
    turn_shown(page, "Ben")
    assert store.load_game(gid).steps == [{"by": "Ann", "play": [9], "limit": "lower"}]
    settled(page)
    tap(page, 11)
    expect(verdict(page, "no")).to_contain_text("after 9 (Ann chose lower), a Jack is too high")
