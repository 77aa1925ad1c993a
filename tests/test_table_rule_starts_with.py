"""Who starts by a named card of a suit (issue 42, docs/rulings.md ruling 167):
``table: {starts_with: [3 of diamonds]}``, or ARC's order ``[4 of clubs, 4 of hearts, 4 of
spades, 4 of diamonds]`` then the 5s.  Whoever holds the card in their hand starts (R2.3) and
opens the game with it: the first play shows that card (rule 111's suit shown).  At a table the
table tells the card the starter holds (a record's ``opening_card``), or ``nobody``."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_with_table
from test_properties_house_rules import one_filter_along

from referee.app import table
from referee.engine import NONE_HELD, Game, Play, SetupError, Told
from referee.records import export_record, load_record_text, replay
from referee.records.record import RecordError
from referee.table.setup import SetUp
from referee.table.state import Seat, State, ZoneCards
from referee.tablerules import RULES
from referee.tablerules.starts_with import order
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet

NAMES = ["Cal", "Ann", "Ben"]
DIAMOND = ["3 of diamonds"]
ARC = ["4 of clubs", "4 of hearts", "4 of spades", "4 of diamonds"]


def _data(starts_with: Any = DIAMOND, suits: bool = True, **table: Any) -> dict[str, Any]:
    ranks: dict[str, Any] = {"pack": "ordinary", "ace": "high"}
    if suits:
        ranks["suits"] = True
    data: dict[str, Any] = {
        **support.house_data(rank_powers=[{"rank": 10, "effects": ["wild", "clear_pile"]}]),
        "ranks": ranks,
    }
    data["table"] = {"starts_with": starts_with, **table}
    return data


def _variant(starts_with: Any = DIAMOND) -> Variant:
    return variant_from_data(_data(starts_with))


def _problems(data: dict[str, Any]) -> list[str]:
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    return [p.message for p in result.problems if p.severity == "error"]


# --- the declaration and its check --------------------------------------------------------------


def test_the_order_is_the_cards_named_then_the_same_suits_of_each_next_rank() -> None:
    assert order(_variant())[:3] == ((3, "diamonds"), (4, "diamonds"), (5, "diamonds"))
    assert order(_variant())[-1] == (14, "diamonds") and len(order(_variant())) == 12
    arc = order(_variant(ARC))
    assert arc[:5] == ((4, "clubs"), (4, "hearts"), (4, "spades"), (4, "diamonds"), (5, "clubs"))
    assert order(variant_from_data(support.house_data())) == ()  # no such rule


def test_the_loader_wants_suits_that_count() -> None:
    (problem,) = _problems(_data(suits=False))
    assert "suits do not count" in problem and "suits: true" in problem


@pytest.mark.parametrize(
    ("starts_with", "said"),
    [
        (["3"], "'3' is not a card of a suit"),
        (["red 3"], "'red 3' is not a card of a suit"),
        (["3 of diamonds", "4 of clubs"], "more than one rank"),
    ],
)
def test_the_loader_wants_cards_of_one_rank_each_of_a_suit(starts_with: Any, said: str) -> None:
    (problem,) = _problems(_data(starts_with))
    assert said in problem


@pytest.mark.parametrize(
    ("table", "said"),
    [
        ({"starts": "lowest"}, "so does starts: lowest"),
        ({"throw_in": True}, "(throw_in)"),
        ({"turn_up": True}, "(turn_up)"),
    ],
)
def test_one_way_to_say_who_starts(table: dict[str, Any], said: str) -> None:
    assert any(said in p for p in _problems(_data(**table)))


def test_the_rules_sheet_says_it() -> None:
    sheet = rules_sheet(_variant())
    assert (
        "Whoever holds the 3 of diamonds in their hand starts, and opens the game with it. If "
        "nobody does, the 4 of diamonds, and so on up. Play goes clockwise." in sheet
    )
    arc = rules_sheet(_variant(ARC))
    assert (
        "If nobody does, the 4 of hearts, then the 4 of spades, then the 4 of diamonds, then "
        "the 4s in the same order" not in arc
    )
    assert "then the 4 of diamonds, then the 5s in the same order, and so on up." in arc


# --- the first play ---------------------------------------------------------------------------


def _dealt(card: tuple[int, str] = (3, "diamonds"), starts_with: Any = DIAMOND) -> Game:
    return Game.deal(_variant(starts_with), NAMES, told=Told(opening_card=card))


def test_the_first_play_must_show_the_starting_card() -> None:
    g = _dealt()
    assert g.turn == "Cal" and g.state.opening == (3, "diamonds")
    for play, said in (
        (Play("Cal", (5,)), "Cal holds the 3 of diamonds, so Cal must open the game with it."),
        (Play("Cal", (3,)), "Cal must show the 3 of diamonds in this first play."),
        (Play("Cal", (3,), suit="clubs"), "Cal must show the 3 of diamonds"),
    ):
        before = g.state.copy()
        v = g.advice.explain(g.state, play)
        assert not v.legal and v.rule == "R2.3" and said in v.message
        assert g.state == before  # a refused play changes nothing
    assert g.advice.explain(g.state, Play("Cal", (3, 3), suit="diamonds")).legal
    g.push(Play("Cal", (3,), suit="diamonds"))
    assert g.turn == "Ann" and not g.state.first_play
    assert g.advice.explain(g.state, Play("Ann", (5,))).legal  # afterwards, as usual


def test_the_table_offers_the_suit_of_that_rank_at_the_first_play_only() -> None:
    g = _dealt()
    assert 3 in g.choices.suited(g.state) and 5 not in g.choices.suited(g.state)
    legal = [c for c in g.choices.table(g.state) if c.judgement.legal]
    assert legal and all(c.card == 3 and c.suit == "diamonds" for c in legal)
    # The hint names the card with its suit ("a 3" said any 3, and a 3 of clubs is refused).
    assert "Cal may play from their hand: the 3 of diamonds." in g.advice.hint(g.state)
    g.push(Play("Cal", (3,), suit="diamonds"))
    assert 3 not in g.choices.suited(g.state)


def test_where_nobody_holds_one_the_first_player_listed_plays_anything() -> None:
    g = _dealt(NONE_HELD)
    assert g.state.opening is None
    assert g.advice.explain(g.state, Play("Cal", (9,))).legal


def test_a_later_card_of_the_order() -> None:
    g = _dealt((5, "hearts"), ARC)
    assert not g.advice.explain(g.state, Play("Cal", (4,), suit="clubs")).legal
    assert g.advice.explain(g.state, Play("Cal", (5,), suit="hearts")).legal


def test_the_table_must_say_who_holds_it_and_only_where_one_starts() -> None:
    with pytest.raises(SetupError, match="say who holds the 3 of diamonds") as e:
        Game.deal(_variant(), NAMES)
    assert e.value.field == "opening_card"
    with pytest.raises(SetupError, match="does not say who starts here"):
        _dealt((3, "clubs"))
    with pytest.raises(SetupError, match="no card says who starts here"):
        Game.deal(variant_from_data(support.house_data()), NAMES, told=Told(opening_card=(3, "x")))
    with pytest.raises(SetupError, match="every 3 lies face up"):
        Game.deal(
            _variant(),
            NAMES,
            {"Ann": [3, 3, 3], "Ben": [3, 9, 9]},
            Told(opening_card=(3, "diamonds")),
        )


def _seats(*hands: tuple[int, ...]) -> State:
    """A deal with full information before its set-up: each seat's hand as given."""
    seats = [Seat(ZoneCards(Counter(h)), ZoneCards(), ZoneCards()) for h in hands]
    return State(names=NAMES[: len(hands)], seats=seats, draw_cards=[])


def test_the_unit_checks_the_starting_card_the_table_told() -> None:
    """Issue 41: the unit owns its set-up (``set_up``): the card told is the first play's
    (``State.opening``), nobody's leaves none; each fault at ``opening_card``."""
    unit, v = RULES["starts_with"], _variant(ARC)
    s = State(names=list(NAMES), seats=[])
    unit.set_up(SetUp(v, 1, s, Told(opening_card=(4, "spades")), 0))
    assert s.opening == (4, "spades")
    s = State(names=list(NAMES), seats=[])
    unit.set_up(SetUp(v, 1, s, Told(opening_card=NONE_HELD), 0))
    assert s.opening is None
    for told, seen, words in (
        (None, {}, "say who holds the 4 of clubs (or that nobody does)."),
        ((3, "clubs"), {}, "the 3 of clubs does not say who starts here."),
        ((5, "hearts"), {5: 4}, "every 5 lies face up, so nobody holds the 5 of hearts."),
    ):
        with pytest.raises(SetupError) as e:
            unit.set_up(SetUp(v, 1, State([], [], seen=seen), Told(opening_card=told), 0))
        assert (str(e.value), e.value.field) == (words, "opening_card")
    said = unit.told_unasked(SetUp(v, 1, State([], []), Told(opening_card=(3, "x")), 0))
    assert said == "no card says who starts here, so there is no starting card."


def test_the_unit_draws_who_holds_the_starting_card_with_full_information() -> None:
    """``draw_set_up``: the holder of the first card of the order in a hand is listed first
    and opens with it; the suits of a rank's copies are drawn, so only the seat is sure where
    one hand holds every copy."""
    unit, v = RULES["starts_with"], _variant()
    for seed in range(20):
        s = _seats((9, 9), (5, 6), (3, 3, 3, 3))  # Ben holds every 3
        t = SetUp(v, 1, s, Told(), 0, random.Random(seed))
        unit.draw_set_up(t)
        assert s.names == ["Ben", "Cal", "Ann"] and s.seats[0].hand.known[3] == 4
        assert s.opening == (3, "diamonds") and t.told == Told(opening_card=(3, "diamonds"))
    s = _seats((2,), (2,))  # no hand holds a 3 or higher: the first listed starts
    t = SetUp(v, 1, s, Told(), 0, random.Random(0))
    unit.draw_set_up(t)
    assert s.names == ["Cal", "Ann"] and s.opening is None and t.told.opening_card == NONE_HELD


# --- the record -------------------------------------------------------------------------------


def _record(starting: str, data: dict[str, Any] | None = None, steps: str = "[]") -> str:
    return (
        f"variant: {json.dumps(data or _data())}\nplayers: [Cal, Ann, Ben]\n"
        f"{starting}steps: {steps}\n"
    )


def test_a_record_says_the_card_and_an_export_writes_it_again() -> None:
    text = _record("opening_card: 3 of diamonds\n", steps="[{by: Cal, play: [3], suit: diamonds}]")
    record = load_record_text(text, "three.yaml")
    assert record.opening_card == (3, "diamonds") and replay(record).ok
    exported = export_record(replay(record).game)
    assert "\nopening_card: 3 of diamonds\n" in exported
    assert replay(load_record_text(exported, "again.yaml")).ok
    nobody = load_record_text(_record("opening_card: nobody\n"), "nobody.yaml")
    assert nobody.opening_card == NONE_HELD
    assert "\nopening_card: nobody\n" in export_record(replay(nobody).game)
    queen = load_record_text(
        _record("opening_card: Queen of hearts\n", _data(["Q of hearts"])), "q.yaml"
    )
    assert "\nopening_card: Q of hearts\n" in export_record(replay(queen).game)


def test_a_record_is_refused_where_the_card_is_missing_wrong_or_not_wanted() -> None:
    plain = support.house_data()
    for starting, data, said in (
        ("", None, "say who holds the 3 of diamonds"),
        ("opening_card: 3 of stars\n", None, "not a card of a suit"),
        ("opening_card: 3 of clubs\n", None, "does not say who starts here"),
        ("opening_card: nobody\n", plain, "no card says who starts here"),
    ):
        with pytest.raises(RecordError) as e:
            load_record_text(_record(starting, data), "bad.yaml")
        assert e.value.problems[0].path == "opening_card" and said in str(e.value)
    start = "start: {turn: Cal, pile: [4], hand: {Cal: 3, Ann: 3, Ben: 3}}\n"
    with pytest.raises(RecordError, match="its first play is made already"):
        load_record_text(_record("opening_card: 3 of diamonds\n" + start), "start.yaml")
    # A start position needs nothing told: the game is under way.
    assert replay(load_record_text(_record(start), "under-way.yaml")).ok


# --- the New game page ------------------------------------------------------------------------

MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")


def _page_with_ours(names: list[str]) -> tuple[Any, Any]:
    from streamlit.testing.v1 import AppTest

    from referee.store import Store, default_path

    store = Store(default_path())
    data = dict(_data(), id="ours", name="Ours")
    store.save_variant("ours", "Ours", json.dumps(data))
    at = AppTest.from_file(MAIN, default_timeout=20).run()
    for name in names:
        at.text_input(key="np_name").input(name).run()
    return at, store


def test_the_new_game_page_asks_who_holds_the_card(data_dir: Path) -> None:
    """Only for a variant that starts by a card: one choice among the players; the seating is
    listed from the holder, the card kept with the game; nothing starts before it is said."""
    at, store = _page_with_ours(["Ann", "Ben", "Cal"])
    assert not [s for s in at.selectbox if s.key.startswith("np_holds")]  # Classic: nothing
    at.selectbox(key="np_variant").set_value("library:ours").run()
    ask = at.selectbox(key="np_holds_3_diamonds")
    assert ask.label == "Who has the 3 of diamonds in their hand?" and ask.value is None
    assert ask.options == ["Ann", "Ben", "Cal", "Nobody has it"]
    at.button(key="np_start").click().run()
    assert [support.plain(e.value) for e in at.error] == [
        "This game cannot start: say who holds the 3 of diamonds (or that nobody does)."
    ]
    assert not store.list_games()
    at.selectbox(key="np_holds_3_diamonds").set_value(2).run()  # Cal
    assert "Cal starts, and plays it first." in [support.plain(c.value) for c in at.caption]
    at.button(key="np_start").click().run()
    assert not at.exception, at.exception
    row = store.load_game(at.session_state["game_id"])
    assert row.players == ("Cal", "Ann", "Ben") and row.told == {"opening_card": [3, "diamonds"]}


def test_nobody_has_it_asks_about_the_next_card(data_dir: Path) -> None:
    at, store = _page_with_ours(["Ann", "Ben"])
    at.selectbox(key="np_variant").set_value("library:ours").run()
    at.selectbox(key="np_holds_3_diamonds").set_value(2).run()  # nobody
    ask = at.selectbox(key="np_holds_4_diamonds")
    assert ask.label == "Who has the 4 of diamonds in their hand?"
    ask.set_value(1).run()  # Ben
    at.button(key="np_start").click().run()
    row = store.load_game(at.session_state["game_id"])
    assert row.players == ("Ben", "Ann") and row.told == {"opening_card": [4, "diamonds"]}
    game = table.load_table(store, row.id).game
    assert game.turn == "Ben" and game.state.opening == (4, "diamonds")


def test_a_rematch_asks_who_holds_the_card_again(data_dir: Path) -> None:
    from streamlit.testing.v1 import AppTest

    from referee.store import Store, default_path

    store = Store(default_path())
    data = dict(_data(), id="ours", name="Ours")
    store.save_variant("ours", "Ours", json.dumps(data))
    ending = (
        f"variant: {json.dumps(data)}\nplayers: [Ann, Ben, Cal]\n"
        "start: {turn: Ben, pile: [3], hand: {Ann: 2, Ben: 1, Cal: 1},"
        " face_up: {Ann: [], Ben: [], Cal: []}}\n"
        "steps:\n  - {by: Ben, play: [7]}\n  - {by: Cal, play: [9]}\n"
    )
    gid = table.import_record(store, ending, "ending.yaml")
    at = AppTest.from_file(MAIN, default_timeout=20)
    at.query_params["game"] = gid
    at.run()
    at.button(key="do_rematch").click().run()
    assert not at.exception
    assert [g.id for g in store.list_games()] == [gid]  # nothing dealt before the table says
    assert [support.plain(i.value) for i in at.info][:1] == [
        "Rematch: deal, say who holds the 3 of diamonds, then start the game."
    ]
    at.selectbox(key="np_holds_3_diamonds").set_value(3).run()  # nobody: the next card
    assert at.selectbox(key="np_holds_4_diamonds").options[:3] == ["Ben", "Cal", "Ann"]
    at.selectbox(key="np_holds_4_diamonds").set_value(1).run()  # Cal
    at.button(key="np_start").click().run()
    row = store.load_game(at.session_state["game_id"])
    assert row.told == {"opening_card": [4, "diamonds"]}
    assert row.players == ("Cal", "Ann", "Ben")  # seated from the loser's left, from Cal


def test_the_tablet_offers_the_suit_tap_for_that_rank_at_the_first_play() -> None:
    """One tap more at the table, for the starting card's rank and only at the first play: the
    suit axis, with each suit's verdict looked up as the script looks it up."""
    from referee.app import tableview_data as td

    g = _dealt()
    data = td.table_data(g, 1)
    cards = {c["id"]: c for c in data["cards"]}  # type: ignore[attr-defined]
    assert "suit" in [a["name"] for a in cards["3"]["axes"]]
    assert "suit" not in [a["name"] for a in cards["5"]["axes"]]
    pre = data["pre"]["choices"]  # type: ignore[index]
    verdicts = data["pre"]["verdicts"]  # type: ignore[index]
    assert verdicts[pre["3"]["hand"]["1"][""][""]["diamonds"]]["legal"]
    assert not verdicts[pre["3"]["hand"]["1"][""][""]["clubs"]]["legal"]
    g.push(Play("Cal", (3,), suit="diamonds"))
    later = {c["id"]: c for c in td.table_data(g, 2)["cards"]}  # type: ignore[attr-defined]
    assert "suit" not in [a["name"] for a in later["3"]["axes"]]


# --- the simulator: full information, ranks only ----------------------------------------------

CHI2_99_9 = {6: 22.458}  # the chi-square distribution's 99.9th percentile, by degrees of freedom


def test_with_full_information_the_holder_is_drawn_each_copy_alike() -> None:
    """The deal knows ranks only; the suits of a rank's copies are exchangeable, so the 3 of
    diamonds is each 3 with the same chance wherever it lies.  Over 3,000 seeded deals, who
    starts by the 3 of diamonds (each seat), by the 4 of diamonds (no hand held the 3), or
    later, is counted against the chances each deal's hands give exactly (a seat holding two
    3s holds the 3 of diamonds one time in two): a chi-square test at a fixed threshold.  A
    draw that favoured the first 3 found, or a hand over the table, fails it."""
    v = _variant()
    seen = [0] * 7
    expected = [0.0] * 7
    for seed in range(3000):
        g = Game.shuffled(v, NAMES, seed)
        assert g.told is not None and g.told.opening_card is not None
        # The hands as dealt, before the holder was seated first.
        seats = sorted(range(3), key=lambda i: NAMES.index(g.players[i]))
        threes = [g.state.seats[i].hand.known.get(3, 0) / 4 for i in seats]
        fours = [g.state.seats[i].hand.known.get(4, 0) / 4 for i in seats]
        nobody = 1 - sum(threes)
        for i in range(3):
            expected[i] += threes[i]
            expected[3 + i] += nobody * fours[i]
        expected[6] += nobody * (1 - sum(fours))
        card = g.told.opening_card
        holder = NAMES.index(g.players[0])
        if card == (3, "diamonds"):
            seen[holder] += 1
            assert g.state.opening == card
        elif card == (4, "diamonds"):
            seen[3 + holder] += 1
        else:
            seen[6] += 1
        if card != NONE_HELD:  # the starter holds that rank and must open with it
            assert g.state.seats[0].hand.known.get(card[0], 0) >= 1
            assert {s.suit for s in g.choices.legal_steps(g.state)} == {card[1]}
    chi2 = sum((o - e) ** 2 / e for o, e in zip(seen, expected, strict=True))
    assert chi2 < CHI2_99_9[6], (chi2, seen, [round(e) for e in expected])


def test_with_full_information_nobody_holding_one_leaves_the_first_player() -> None:
    nobody = 0
    for seed in range(100):
        g = Game.shuffled(_variant(), NAMES, seed)
        assert g.told is not None and g.told.opening_card is not None
        if g.told.opening_card == NONE_HELD:  # no diamond from the 3 up in any hand
            assert g.players == tuple(NAMES) and g.state.opening is None
            assert len(g.choices.legal_steps(g.state)) > 1
            nobody += 1
        g = Game.shuffled(_variant(ARC), NAMES, seed)
        assert g.told is not None and g.told.opening_card is not None
        rank, suit = g.told.opening_card
        assert rank in (4, 5, 6, 7) and g.state.seats[0].hand.known.get(rank, 0) >= 1
    assert 0 < nobody < 20  # about one deal in thirteen: nine hand cards, no diamond among them


def test_the_bots_play_it_to_the_end() -> None:
    support.bots_finish(_variant())
    support.bots_finish(_variant(ARC))


@budget(15)
@given(
    variant=variants_with_table(
        "starts_with",
        without=("starts", "throw_in", "turn_up"),
        value=["5 of hearts", "5 of clubs"],
        suited=True,
    ),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_that_start_by_a_card_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants that start by a card of a suit: every listed step is legal, a
    legal proposal is listed, undo is exact (the first play included)."""
    note(repr(variant))
    one_filter_along(variant, players, seed)


def test_must_play_counts_a_card_that_goes_in_some_suit_shown() -> None:
    """Pinned from this file's property test: with 'must play if able' (R6.2 changed), a card
    that may go only as some suit shown (here a Jack, wild as the Jack of hearts, rule 111)
    closes the pick-up, as the listed steps propose it - the filter asked each card with no
    suit only, so it let Ann pick up while the listing had her Jack of hearts go."""
    from referee.engine import PickUp, Position

    data = _data(None)
    data.pop("table")
    data["rank_powers"] = [
        {"rank": "J", "effects": [{"effect": "wild", "when": {"suit": "hearts"}}]}
    ]
    data["table"] = {"must_play": True}
    start = Position("Ann", (13,), 0, {"Ann": 0, "Ben": 3}, {"Ann": (11, 4)}, {"Ann": 3, "Ben": 3})
    g = Game.from_position(variant_from_data(data), ["Ann", "Ben"], start)
    assert g.advice.explain(g.state, Play("Ann", (11,), "face_up", suit="hearts")).legal
    v = g.advice.explain(g.state, PickUp("Ann"))
    assert not v.legal and "Jack" in v.message


def test_the_server_keeps_the_suit_tapped_for_the_first_play() -> None:
    """The table's step route settles the browser's selection against the game: the suit tapped
    for the starting card's rank is kept at the first play (it was dropped, since only cards
    whose powers read a suit kept one - found by the browser test), and dropped after it."""
    from referee.app import view
    from referee.app.view import Selection

    g = _dealt()
    shown = view.view(g, Selection(card=3, suit="diamonds"))
    assert shown.selection.suit == "diamonds" and shown.step is not None
    assert shown.step.suit == "diamonds"
    g.push(Play("Cal", (3,), suit="diamonds"))
    assert view.view(g, Selection(card=3, suit="clubs")).selection.suit is None
