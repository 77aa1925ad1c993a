"""A card named as a number that must go where a card of that number could (issue 42,
docs/rulings.md ruling 170): ``named_value`` with ``fits: true`` ("a joker named 5 needs a 5 to
be allowed").  The card is not wild: the one R5 check asks a play of it as the card named (named
nothing, as itself, a card that counts 0), so the verdicts, the listed steps, the hint, the
tablet's one list and the bots agree; blind, it fits when the card named fits (R7.5)."""

from __future__ import annotations

from support import bots_finish, explain, house, walk_listed_steps

from referee.engine import Game, Play, Position
from referee.engine.steps import Step
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason

PLAYERS = ["Ann", "Ben", "Cal"]
POWERS = [
    {"rank": 7, "effects": [{"effect": "next_range", "max": 7}]},  # 7 or lower next
    {"rank": 10, "effects": ["wild", "clear_pile"]},  # wild: goes on anything
]


def variant(fits: bool = True, powers: bool = False) -> Variant:
    named: dict[str, object] = {"effect": "named_value"}
    if fits:
        named["fits"] = True
    if powers:
        named["powers"] = True
    joker = {"id": "joker", "name": "Joker", "copies": 2, "effects": [named]}
    return house([joker], POWERS)


def game(pile: tuple[object, ...] = (8,), fits: bool = True, powers: bool = False) -> Game:
    start = Position(
        "Ann",
        hand=dict.fromkeys(PLAYERS, 5),
        face_down=dict.fromkeys(PLAYERS, 3),
        pile=pile,  # type: ignore[arg-type]
        draw_pile=0,
    )
    return Game.from_position(variant(fits, powers), PLAYERS, start)


def test_named_lower_it_is_refused_with_a_plain_reason() -> None:
    g = game()
    refused = explain(g, Play("Ann", ("joker",), named=5))
    assert not refused.legal and refused.reason == Reason.NAMED_MUST_FIT
    assert str(refused).startswith(
        "No: a Joker named as a 5 goes only where a 5 could, and 5 is lower than 8."
    )
    assert refused.rule == "R5.2"
    assert explain(game(fits=False), Play("Ann", ("joker",), named=5)).legal  # on anything


def test_named_higher_or_a_wild_rank_it_goes() -> None:
    g = game()
    said = explain(g, Play("Ann", ("joker",), named=9))
    assert said.legal and said.reason == Reason.NAMED_FITS
    assert str(said).startswith("Yes: a Joker named as a 9 goes where a 9 could. It counts as a 9.")
    assert explain(g, Play("Ann", ("joker",), named=10)).legal  # a 10 goes on anything here
    g.push(Play("Ann", ("joker",), named=9))
    assert g.pile.top_value(g.state) == 9


def test_named_nothing_it_is_no_wild_card() -> None:
    assert not explain(game(), Play("Ann", ("joker",))).legal  # counts 0: lower than 8
    assert explain(game(pile=()), Play("Ann", ("joker",))).legal  # R5.1: an empty pile


def test_a_restriction_binds_the_card_named() -> None:
    """After a 7 ("7 or lower"), a joker named 9 is refused and one named 6 goes (R5.4)."""
    g = game(pile=(5,))
    g.push(Play("Ann", (7,)))
    assert not explain(g, Play("Ben", ("joker",), named=9)).legal
    assert explain(g, Play("Ben", ("joker",), named=6)).legal


def test_with_powers_too_it_fits_and_does_what_the_card_does() -> None:
    g = game(powers=True)
    said = explain(g, Play("Ann", ("joker",), named=10))
    assert str(said).startswith(
        "Yes: a Joker named as a 10 goes where a 10 could. It counts as a 10, and does what a "
        "10 does."
    )
    g.push(Play("Ann", ("joker",), named=10))
    assert g.state.pile == [] and g.turn == "Ann"  # cleared: Ann goes again


def test_blind_it_fits_as_the_card_named() -> None:
    """R7.5: a face-down joker named 9 on an 8 fits; named 5 it is turned over and misses."""
    g = game()
    for seat in g.state.seats:
        seat.hand.count = 0
    g.state.draw_pile = 0
    fits = explain(g, Play("Ann", ("joker",), "face_down", named=9))
    misses = explain(g, Play("Ann", ("joker",), "face_down", named=5))
    assert fits.legal and fits.reason == Reason.FACE_DOWN_FITS
    assert misses.legal and misses.reason == Reason.FACE_DOWN_MISSES


def test_the_hint_and_the_tablet_respect_it() -> None:
    from referee.app import tableview_data, view

    g = game()
    assert "a Joker" in g.advice.hint(g.state)  # it may go, named 8 or higher
    choices, index = tableview_data.judged_choices(g, view.step_facts(g))
    legal = {
        key[5]
        for key, i in index.items()
        if key[0] == "joker" and key[1] == "hand" and key[2] == 1 and choices[i].legal
    }
    assert legal == {8, 9, 10}  # none lower than 8, nor the joker as itself


def test_the_listing_offers_only_what_fits() -> None:
    def named(game: Game, steps: list[Step]) -> int:
        found = 0
        for s in steps:
            if isinstance(s, Play) and s.named is not None and s.zone != "face_down":
                assert game.pile.may_land(game.state, s.named, len(s.cards), s.zone)
                found += 1
        return found

    assert walk_listed_steps(variant(), named) > 0


def test_listed_where_it_fits_only_named() -> None:
    """Full information: a joker that does not fit as itself (it counts 0) but fits named 9 or
    10 on an 8 is listed named so, as the filter allows (the listing's gate asked the card as
    itself only)."""
    g = Game.shuffled(variant(), ["Ann", "Ben"], 3, keep_history=True)
    s = g.state
    seat = s.seats[s.mover]
    for zone in (seat.hand, seat.face_up):
        zone.known.clear()
        zone.count = 0
    seat.hand.add_known("joker")
    s.pile = [8]
    s.draw_pile, s.draw_cards = 0, []
    s.first_play = False
    steps = g.choices.legal_steps(s)
    assert [p.named for p in steps if isinstance(p, Play)] == [10, 9, 8]
    assert all(explain(g, p).legal for p in steps)


def test_blind_named_nothing_it_misses() -> None:
    """R7.5: turned over named nothing, the joker is judged as itself (it counts 0): on an 8 it
    misses and is picked up with the pile - it does not land and reset the pile (the listing's
    gate may take it in for its named plays, ``FastTables.with_named``; the one R5 check on the
    card itself does not)."""
    g = game()
    for seat in g.state.seats:
        seat.hand.count = 0
    said = explain(g, Play("Ann", ("joker",), "face_down"))
    assert said.legal and said.reason == Reason.FACE_DOWN_MISSES
    g.push(Play("Ann", ("joker",), "face_down"))
    assert g.state.pile == []


def test_the_sheet_says_it() -> None:
    sheet = rules_sheet(variant())
    assert "it may go only where a card of that number could" in sheet
    assert "may be played on anything. As it is played" not in sheet
    assert "may be played on anything. As it is played" in rules_sheet(variant(fits=False))


def test_the_loader_refuses_it_wild_too() -> None:
    """Where it lies among the card's effects, 'wild' would undo or be undone by 'fits'."""
    import json

    from support import house_data

    from referee.variant.loader import load_variant_text

    for effects in (
        ["wild", {"effect": "named_value", "fits": True}],
        [{"effect": "named_value", "fits": True}, "wild"],
    ):
        bad = house_data([{"id": "joker", "name": "Joker", "copies": 2, "effects": effects}])
        result = load_variant_text(json.dumps(bad).encode(), "house.yaml")
        assert not result.ok and any("cannot also be 'wild'" in p.message for p in result.errors)


def test_must_play_counts_a_joker_that_goes_only_named() -> None:
    """With 'must play if able' (R6.2 changed) a known joker that goes only named (here named
    8 or higher on an 8) closes the pick-up, as the listed steps propose it."""
    from support import house_data

    from referee.engine import PickUp
    from referee.variant.loader import variant_from_data

    joker = {
        "id": "joker",
        "name": "Joker",
        "copies": 2,
        "effects": [{"effect": "named_value", "fits": True}],
    }
    data = house_data([joker], POWERS)
    data["table"] = {"must_play": True}
    start = Position(
        "Ann", (8,), 0, {"Ann": 0, "Ben": 3}, {"Ann": ("joker", 4)}, {"Ann": 3, "Ben": 3}
    )  # type: ignore[arg-type]
    g = Game.from_position(variant_from_data(data), ["Ann", "Ben"], start)
    assert explain(g, Play("Ann", ("joker",), "face_up", named=9)).legal
    refused = explain(g, PickUp("Ann"))
    assert not refused.legal and "Joker" in refused.message


def test_the_bots_play_it_to_the_end() -> None:
    bots_finish(variant())
    bots_finish(variant(powers=True))


def test_the_listing_has_every_card_that_goes_named() -> None:
    """A card that goes only named (as itself it counts 0, lower than the pile) is listed
    wherever some number named fits: the listing's quick test of which cards may land asks
    its names too (it asked the card as itself and left it out, while the hint said it)."""

    def missed(game: Game, steps: list[Step]) -> int:
        s, who = game.state, game.turn or ""
        zone = game.zone_to_play()
        held = game.zone(who, zone).known if zone in ("hand", "face_up") else {}
        if not held.get("joker"):
            return 0
        goes = any(explain(game, Play(who, ("joker",), zone, named=n)).legal for n in range(2, 15))
        listed = any(isinstance(p, Play) and p.cards[0] == "joker" for p in steps)
        assert listed == goes, (s.pile[-3:], steps)
        return int(goes)

    assert walk_listed_steps(variant(), missed) > 0
