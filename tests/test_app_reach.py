"""Reaching the app from a tablet: LAN address, share links, QR codes, the banner (issue 10)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from referee.app import glance, reach, table
from referee.commands.app import add_arguments, banner
from referee.engine import Game, Play
from referee.variant.registry import builtin

LAN = {"KARMA_HOST": "0.0.0.0", "KARMA_PORT": "8501"}


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "localhost", "0.0.0.0", "::", "::1", "[::1]", "127.1.2.3", "a.localhost"]
)
def test_local_addresses_are_never_shared(host: str) -> None:
    assert reach.is_local(host)
    assert reach.base_url(f"{host}:8501", env={}) is None
    assert (
        reach.base_url(f"{host}:8501", env={"KARMA_HOST": "127.0.0.1", "KARMA_PORT": "1"}) is None
    )


def test_share_links_use_the_address_the_browser_used_when_it_is_this_computer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(reach, "lan_address", lambda: "192.168.1.20")
    assert reach.base_url("192.168.1.20:8501", env={}) == "http://192.168.1.20:8501"
    assert reach.base_url("192.168.1.20:9999", env=LAN) == "http://192.168.1.20:8501"


@pytest.mark.parametrize(
    "forged", ["evil.example.com", "evil.example.com:8501", "10.9.9.9:8501", "karma.lan"]
)
def test_a_forged_host_never_reaches_a_link(forged: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18 point 4: a Host header naming another machine (DNS rebinding, a proxy passing
    Host through) gives the LAN address this computer prints, or no link at all."""
    monkeypatch.setattr(reach, "lan_address", lambda: "192.168.1.20")
    assert reach.base_url(forged, env=LAN) == "http://192.168.1.20:8501"
    assert reach.base_url(forged, env={}) is None
    public = {**LAN, "KARMA_PUBLIC_URL": "https://karma.example.org"}
    assert reach.base_url(forged, env=public) == "https://karma.example.org"


def test_share_links_from_a_browser_on_this_computer() -> None:
    # A browser on the server itself (localhost) gets the LAN address, when there is one.
    base = reach.base_url("localhost:8501", env=LAN)
    lan = reach.lan_address()
    assert base == (f"http://{lan}:8501" if lan else None)
    assert base is None or not reach.is_local(base.split("//")[1].split(":")[0])


def test_a_configured_public_url_wins() -> None:
    env = {**LAN, "KARMA_PUBLIC_URL": "https://karma.example.org/"}
    assert reach.base_url("10.0.0.2:8501", env=env) == "https://karma.example.org"
    assert reach.game_link("https://karma.example.org", "ab c") == (
        "https://karma.example.org/?game=ab%20c"
    )
    # A "public" URL that is this machine is no public URL.
    assert reach.public_base({"KARMA_PUBLIC_URL": "http://127.0.0.1:8501"}) is None


def test_private_host_has_no_lan_url() -> None:
    assert reach.lan_url("127.0.0.1", 8501) is None
    assert reach.lan_url("10.1.2.3", 8501) == "http://10.1.2.3:8501"


def test_the_app_listens_on_every_interface_by_default() -> None:
    import argparse

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args([]).host == "0.0.0.0"
    assert parser.parse_args(["--host", "127.0.0.1"]).host == "127.0.0.1"
    makefile = (Path(__file__).resolve().parents[1] / "Makefile").read_text()
    assert "HOST   ?= 0.0.0.0" in makefile


def test_the_banner_prints_the_lan_address_and_a_qr_code() -> None:
    text = banner("0.0.0.0", 8502, Path("/data"), {"KARMA_PUBLIC_URL": "http://192.168.7.7:8502"})
    assert "http://localhost:8502" in text and "http://192.168.7.7:8502" in text
    assert "█" in text  # the QR code, drawn in blocks
    private = banner("127.0.0.1", 8502, Path("/data"), {})
    assert "Private to this computer" in private and "█" not in private


def test_the_qr_code_decodes_to_the_link() -> None:
    import zxingcpp

    url = "http://192.168.1.20:8501/?game=AbC123"
    image = Image.open(io.BytesIO(reach.qr_png(url)))
    found = zxingcpp.read_barcodes(image)
    assert [r.text for r in found] == [url]


def test_a_seat_trade_says_why_the_turn_goes_where_it_goes() -> None:
    game = Game.deal(builtin("family-create-your-karma"), ["Ann", "Ben", "Cal", "Dee"])
    game.push(Play("Ann", ("change_your_seat",), to="Cal"))
    state, done = game.state, list(game.past.done)
    words = table.last_step_words(game)
    # Issue 30.4: the view reads the history; it never pops and redoes the live game.
    assert game.state is state and game.past.done == done
    assert "Ann and Cal trade seats." in words
    assert words.endswith(
        "Seats now go Cal → Ben → Ann → Dee. Play carries on from the seat where Ann played, "
        "now Cal's, so it is Ben's turn."
    )
    assert game.turn == "Ben"
    d = glance.direction(game)
    assert d is not None and (d.words, d.order) == ("Clockwise", ("Ben", "Ann", "Dee", "Cal"))
    plain = Game.deal(builtin("classic"), ["Ann", "Ben"])
    plain.push(Play("Ann", (5,)))
    assert "Seats now go" not in table.last_step_words(plain)


def test_direction_follows_a_reverse() -> None:
    game = Game.deal(builtin("party-twelve"), ["Ann", "Ben", "Cal"])
    rev = next(
        k.id
        for k in game.variant.karma_cards
        if any(e.name == "reverse" for e in game.variant.effects_of(k.id))
    )
    game.push(Play("Ann", (rev,)))
    d = glance.direction(game)
    assert d is not None and not d.clockwise and d.words == "Anticlockwise"


def _popovers(node: object) -> list[object]:
    """Every popover under an AppTest node (the Join control sits in a container)."""
    found = []
    for child in getattr(node, "children", {}).values():
        if getattr(child, "type", "") == "popover":
            found.append(child)
        found += _popovers(child)
    return found


def test_the_join_control_shows_the_address_and_its_qr_code(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(With a game, the link names it: checked in the browser, test_browser_app.py.)"""
    from streamlit.testing.v1 import AppTest

    main = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")
    monkeypatch.delenv("KARMA_PUBLIC_URL", raising=False)
    monkeypatch.delenv("KARMA_HOST", raising=False)
    at = AppTest.from_file(main, default_timeout=20).run()
    join: list[Any] = _popovers(at.main)
    assert [type(e).__name__ for e in join[-1].children.values()] == ["Markdown"]
    assert "private to this computer" in join[-1].children[0].value
    monkeypatch.setenv("KARMA_PUBLIC_URL", "https://karma.example.org")
    at = AppTest.from_file(main, default_timeout=20).run()  # (a rerun loses the popover)
    join = _popovers(at.main)
    shown = list(join[-1].children.values())
    assert [type(e).__name__ for e in shown] == ["Markdown", "Code", "Image"]  # Image: the QR
    assert shown[1].value == "https://karma.example.org"


@pytest.mark.parametrize(
    "odd", ["[192.0.2.2]", "[192.0.2.2", "]", "[::1", "a]b[", "host:99999", "x\x00y", "[v1.x]"]
)
def test_an_odd_host_header_falls_back_to_the_known_address(
    odd: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 28 point 3: ``Host: [192.0.2.2]`` made ``urlsplit`` raise on every page."""
    monkeypatch.setattr(reach, "lan_address", lambda: "192.168.1.20")
    assert reach.base_url(odd, env=LAN) == "http://192.168.1.20:8501"
    assert reach.base_url(odd, env={}) is None
    reach.public_base({"KARMA_PUBLIC_URL": f"https://{odd}"})  # an odd setting raises nothing


def test_an_address_too_long_for_a_qr_code_gets_none() -> None:
    """A link with a 2,300-character game id cannot be a QR code (segno's DataOverflowError
    used to reach the page): the page then shows the link alone."""
    long = reach.game_link("https://karma.example.org", "x" * 2300)
    assert reach.qr_png(long) is None
    assert "too long" in reach.qr_text(long)
    assert reach.qr_png("https://karma.example.org") is not None
