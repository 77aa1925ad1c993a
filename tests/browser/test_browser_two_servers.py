"""Several app servers, one game (issue 18 point 2): two `karma app` processes on one
PostgreSQL server, a tablet on each, in public mode.  A stale step is refused across servers
exactly as on one; killing a server (SIGKILL) loses no acknowledged step; a visitor without the
game's link opens nothing."""

from __future__ import annotations

import re
import signal
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from referee.store import Store
from referee.store.access import split_ticket

from .tableui import note, play, play_button, steps_shown, tap_card, unfollowing
from .test_browser_app import (
    LANDSCAPE,
    PORTRAIT,
    _dispatch_play,
    new_page,
    start_game,
    turn_shown,
    widget,
)

pytestmark = pytest.mark.browser


def test_two_app_servers_one_game(browser: Browser, make_server: Any, pg_server: Any) -> None:
    database = pg_server.new_database()
    # Tablets whose follow requests are lost: a stale tablet stays stale.
    env = {"KARMA_DATABASE_URL": database, "KARMA_ACCESS": "public", "KARMA_FOLLOW_SECONDS": "600"}
    first, second = make_server(env=env), make_server(env=env)
    one = new_page(browser, PORTRAIT)
    ticket = start_game(one, first.url, ["Ann", "Ben", "Cal"])
    gid, key = split_ticket(ticket)
    assert key is not None and len(key) >= 22  # public mode: the link carries the key
    two = new_page(browser, LANDSCAPE)
    unfollowing(two)
    two.goto(f"{second.url}/?game={ticket}")
    turn_shown(two, "Ann")

    # A stranger on either server, with the bare id or a truncated key, opens nothing.
    for bad in (gid, f"{gid}.{key[:-3]}"):
        stranger = new_page(browser, PORTRAIT)
        stranger.goto(f"{second.url}/?game={bad}")
        expect(widget(stranger, "np_start")).to_be_visible()
        expect(stranger.locator('[data-glance="turn"]')).to_have_count(0)
        stranger.context.close()

    # A stale step on the second server is refused: the first server stored Ann's 4 first.
    tap_card(two, 9)
    play(one, 4, 1)
    play_button(two).click()
    warn = note(two, "warning")
    expect(warn).to_contain_text("Another tablet recorded a step first: Ann plays 4")
    turn_shown(two, "Ben")
    db = Store(database)
    assert db.load_game(gid).steps == [{"by": "Ann", "play": [4]}]

    # An acknowledged step survives kill -9 of the server that stored it.
    play(two, 6, 2)
    second.stop(signal.SIGKILL)
    one.reload()
    steps_shown(one, 2)
    turn_shown(one, "Cal")

    # Killed in the middle of a save: the step is stored whole or not at all.
    second.start()
    two.goto(f"{second.url}/?game={ticket}")
    turn_shown(two, "Cal")
    tap_card(two, 7)
    _dispatch_play(two)
    second.stop(signal.SIGKILL)
    steps = db.load_game(gid).steps
    assert steps[:2] == [{"by": "Ann", "play": [4]}, {"by": "Ben", "play": [6]}]
    assert steps[2:] in ([], [{"by": "Cal", "play": [7]}])
    one.reload()
    steps_shown(one, len(steps))
    expect(one.get_by_text(re.compile(r"damaged"))).to_have_count(0)
    db.dispose()
