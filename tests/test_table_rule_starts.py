"""The table rule ``starts`` (issue 31.2 and issue 42; docs/rulings.md rulings 67 and 124): who
starts - the first player listed, the holder of the lowest number card, or the holder of the
lowest *ordinary* number card (one whose rank has no power)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import support

from referee.engine import Game
from referee.simulate.bots import BOTS
from referee.simulate.runner import play
from referee.table.state import Seat, ZoneCards
from referee.tablerules import RULES
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import Card, TableRules, Variant
from referee.variant.registry import builtin
from referee.variant.sheet import rules_sheet

STARTS = RULES["starts"]
MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")
RESET_TWO = {"rank": 2, "effects": ["wild", {"effect": "value", "value": 0}]}
BURN_TEN = {"rank": 10, "effects": ["wild", "clear_pile"]}


def house(starts: str, powers: list[dict[str, object]] | None = None) -> Variant:
    data = support.house_data(rank_powers=[RESET_TWO, BURN_TEN] if powers is None else powers)
    data["table"] = {"starts": starts}
    return variant_from_data(data)


def known(cards: tuple[Card, ...]) -> ZoneCards:
    zone = ZoneCards()
    for c in cards:
        zone.add_known(c)
    return zone


def seats(*hands: tuple[Card, ...]) -> list[Seat]:
    return [Seat(known(hand), ZoneCards(), ZoneCards(unknown=3)) for hand in hands]


def test_the_lowest_ordinary_card_starts_not_a_card_with_a_power() -> None:
    """Ann's 2 resets the pile; Ben's 3 is the lowest ordinary card, so Ben starts (with
    ``lowest``, Ann's 2 would)."""
    table = seats((2, 9, 10), (3, 5, 8), (4, 4, 6))
    assert STARTS.first_seat(house("lowest_plain"), table) == 1
    assert STARTS.first_seat(house("lowest"), table) == 0
    # The 10 burns: no more ordinary than the 2.
    assert STARTS.first_seat(house("lowest_plain"), seats((10, 9), (2, 9), (10, 8))) == 2


def test_ties_go_to_the_earlier_seat_and_karma_cards_never_count() -> None:
    table = seats((2, 5, 7), ("x", 3), (3, 9))
    assert STARTS.first_seat(house("lowest_plain"), table) == 1


def test_with_no_ordinary_card_in_any_hand_the_lowest_card_of_all_starts() -> None:
    assert STARTS.first_seat(house("lowest_plain"), seats((10, 10), (2, 10), (10,))) == 1
    assert STARTS.first_seat(house("lowest_plain"), seats((), ())) == 0


def test_old_files_keep_their_meaning() -> None:
    """``lowest`` still counts a resetting 2 as the lowest card; ``first`` is the rule book's
    (R2.3) and is left out of the model and of a file written back."""
    assert STARTS.first_seat(house("lowest"), seats((9,), (2,))) == 1
    assert STARTS.first_seat(house("first"), seats((9,), (2,))) is None
    assert house("first").table == TableRules()
    v = house("lowest_plain")
    assert v.table == TableRules(starts="lowest_plain")
    assert variant_to_data(v)["table"] == {"starts": "lowest_plain"}


def test_in_a_shithead_deal_a_powered_two_no_longer_picks_the_starter() -> None:
    """Issue 42: with ``lowest``, the holder of a resetting 2 starts in most deals; with
    ``lowest_plain`` the starter holds the lowest card without a power, every deal."""
    base = builtin("shithead")
    names = ["Ann", "Ben", "Cal"]
    by_two = {"lowest": 0, "lowest_plain": 0}
    for how in by_two:
        v = replace(base, table=TableRules(starts=how))
        for seed in range(60):
            s = Game.shuffled(v, names, seed).state
            hands = [[c for c in seat.hand.known if isinstance(c, int)] for seat in s.seats]
            plain = [min((c for c in h if not v.effects_of(c)), default=99) for h in hands]
            assert s.mover == 0  # seated first, so the seating is listed from them (R2.3)
            if how == "lowest_plain":
                assert plain[0] == min(plain)
            by_two[how] += 2 in hands[0] and plain[0] != min(plain)
    assert by_two["lowest"] > 20 and by_two["lowest_plain"] == 0


def test_the_sheet_and_the_new_game_question_say_it_plainly() -> None:
    v = house("lowest_plain")
    sheet = rules_sheet(v)
    assert "Whoever has the lowest ordinary number card in their hand starts" in sheet
    assert "a card with a power does not count" in sheet
    assert STARTS.question(v) == (
        "Who has the lowest ordinary card in their hand (not a card with a power)? They start."
    )
    assert STARTS.question(house("lowest")) == "Who has the lowest card in their hand? They start."
    assert "Whoever has the lowest number card in their hand starts" in rules_sheet(house("lowest"))


def test_the_loader_warns_where_no_number_is_ordinary() -> None:
    powers = [{"rank": r, "effects": ["wild"]} for r in range(1, 11)]
    data = support.house_data(rank_powers=powers)
    data["table"] = {"starts": "lowest_plain"}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    (warning,) = [p for p in result.problems if "lowest_plain" in p.message]
    assert warning.path == "table.starts" and warning.severity == "warning"
    assert "no card is ordinary and lowest_plain counts every card" in warning.message
    data["rank_powers"] = powers[1:]  # the 1 is ordinary again
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert not [p for p in result.problems if "lowest_plain" in p.message]
    data["table"] = {"starts": "lowest_first"}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert not result.ok
    assert any("lowest_plain" in p.message for p in result.problems)


def test_the_bots_play_it_to_the_end() -> None:
    v = replace(builtin("shithead"), table=TableRules(starts="lowest_plain"))
    names = ["Ann", "Ben", "Cal"]
    for seed in range(3):
        game = Game.shuffled(v, names, seed)
        bots = {n: BOTS[b]() for n, b in zip(names, ("smart", "greedy", "random"), strict=True)}
        assert not play(game, bots, random.Random(seed)).capped


def test_the_lowest_ordinary_card_face_up_starts() -> None:
    """Ruling 126: the face-up cards decide, for all to see; a 2 that resets does not count,
    nor do the hands."""
    table = [
        Seat(known((1,)), known((2, 9, 9)), ZoneCards(unknown=3)),
        Seat(known((8,)), known((4, 7, 10)), ZoneCards(unknown=3)),
        Seat(known((9,)), known((5, 6, 6)), ZoneCards(unknown=3)),
    ]
    v = house("lowest_face_up")
    assert STARTS.first_seat(v, table) == 1
    assert STARTS.first_seat(house("lowest_plain"), table) == 0  # the hands: Ann's 1
    no_plain = [Seat(known(()), known(up), ZoneCards()) for up in ((10, 10), (2, 10))]
    assert STARTS.first_seat(v, no_plain) == 1  # no ordinary card face up: the lowest of all
    assert "Whoever has the lowest ordinary number card face up starts" in rules_sheet(v)
    assert STARTS.question(v) == (
        "Who has the lowest card face up (not a card with a power)? They start."
    )
    assert variant_to_data(v)["table"] == {"starts": "lowest_face_up"}


def test_with_full_information_the_lowest_face_up_card_starts() -> None:
    v = replace(builtin("shithead"), table=TableRules(starts="lowest_face_up"))
    for seed in range(20):
        s = Game.shuffled(v, ["Ann", "Ben", "Cal", "Dee"], seed).state
        ups = [[c for c in seat.face_up.known if not v.effects_of(c)] for seat in s.seats]
        lows = [min(u, default=99) for u in ups]
        assert lows[0] == min(lows)


def test_lowest_face_up_needs_face_up_cards() -> None:
    data = support.house_data()
    data["deal"] = {"face_down": 3, "face_up": 0, "hand": 3}
    data["table"] = {"starts": "lowest_face_up"}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert not result.ok
    (error,) = [p for p in result.problems if p.path == "table.starts"]
    assert "lowest_face_up needs face-up cards, and deal.face_up is 0" in error.message
    assert error.plain == "Nobody has cards face up here, so choose another way to start."


def test_the_new_game_page_asks_the_question_of_the_rules_answer(data_dir: Path) -> None:
    """At a real table the page asks who starts in the words of the variant's answer, and
    lists the seating from the player named (R2.3)."""
    from streamlit.testing.v1 import AppTest

    from referee.store import Store, default_path

    store = Store(default_path())
    for how in ("lowest_plain", "lowest_face_up"):
        data = variant_to_data(house(how))
        data["id"], data["name"] = f"our-{how}".replace("_", "-"), f"Ours {how}"
        store.save_variant(data["id"], data["name"], json.dumps(data))
    at = AppTest.from_file(MAIN, default_timeout=20).run()
    at.selectbox(key="np_variant").set_value("library:our-lowest-plain").run()
    for name in ("Ann", "Ben", "Cal"):
        at.text_input(key="np_name").input(name).run()
    ask = at.selectbox(key="np_lowest")
    assert ask.label == (
        "Who has the lowest ordinary card in their hand (not a card with a power)? They start."
    )
    ask.set_value("Ben").run()
    at.button(key="np_start").click().run()
    assert not at.exception
    (game,) = store.list_games()
    assert store.load_game(game.id).players == ("Ben", "Cal", "Ann")  # seated from Ben
    at = AppTest.from_file(MAIN, default_timeout=20).run()
    at.selectbox(key="np_variant").set_value("library:our-lowest-face-up").run()
    for name in ("Ann", "Ben"):
        at.text_input(key="np_name").input(name).run()
    assert at.selectbox(key="np_lowest").label == (
        "Who has the lowest card face up (not a card with a power)? They start."
    )


def test_with_every_face_up_card_entered_the_new_game_page_names_the_starter(
    data_dir: Path,
) -> None:
    """Ruling 126: the face-up cards are seen by all, so once every player's are entered the
    referee names who starts (the table may still change it); the hands are never known, so
    for the other answers the table says."""
    from streamlit.testing.v1 import AppTest

    from referee.app.setup import known_starter
    from referee.store import Store, default_path

    v = house("lowest_face_up")
    assert known_starter(v, ["Ann", "Ben"], {"Ann": [2, 9, 9], "Ben": [4, 7, 8]}) == "Ben"
    assert known_starter(v, ["Ann", "Ben"], {"Ann": [2, 9, 9]}) is None  # Ben's unknown
    assert known_starter(house("lowest_plain"), ["Ann", "Ben"], {"Ann": [3, 9, 9]}) is None
    store = Store(default_path())
    data = dict(variant_to_data(v), id="ours", name="Ours")
    store.save_variant("ours", "Ours", json.dumps(data))
    at = AppTest.from_file(MAIN, default_timeout=20).run()
    at.selectbox(key="np_variant").set_value("library:ours").run()
    for name in ("Ann", "Ben", "Cal"):
        at.text_input(key="np_name").input(name).run()
    assert at.selectbox(key="np_lowest").value == "Ann"  # not known yet: the first listed
    for who, cards in (("Ann", (9, 2, 10)), ("Ben", (8, 5, 7)), ("Cal", (6, 6, 9))):
        at.segmented_control(key="np_fu_who").set_value(who).run()
        for c in cards:
            at.button(key=f"np_fu_card_{c}").click().run()
    assert not at.exception
    assert at.selectbox(key="np_lowest").value == "Ben"  # 5, not Ann's 2 that resets
    assert any(support.plain(c.value) == "From the face-up cards: Ben starts." for c in at.caption)
    at.button(key="np_start").click().run()
    row = store.load_game(at.session_state["game_id"])
    assert row.players == ("Ben", "Cal", "Ann")
