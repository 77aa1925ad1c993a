"""``give_pile`` with ``answers`` (issue 42, docs/rulings.md, ruling 168): a card that gives the
pile away may be deflected.  PAGATV's superjoker forces the next player to pick up the pile
unless they lay a red Jack on it, which throws it on to the player after them; ISSUE's "a 3
flashed at you unless you reflect it with your own 3".  Through the one filter: the player it
is given to bound, refused in its own words, advised, listed by legal_steps alike; the answer an
ordinary play, the take the ordinary pick-up.  The scenario
tests/scenarios/r8-a-red-jack-throws-the-pile-on.yaml; docs/house-rules.md."""

from __future__ import annotations

from typing import Any

import support
import yaml

from referee.effects.give_pile import Deflect
from referee.engine import Game, PickUp, Play, Position
from referee.variant.loader import load_variant_text, variant_from_data, variant_to_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import HouseRule, Reason

NAMES = ["Ann", "Ben", "Cal", "Dan"]


def potato(target: str = "chosen", answers: list[Any] | None = None, once: bool = False) -> Variant:
    """A Hot Potato that gives the pile away, passed on with a 3 (or the cards named); a 10
    clears the pile; a 6 gives the pile to the next player, and cannot be passed on."""
    give: dict[str, Any] = {"effect": "give_pile", "target": target, "answers": answers or [3]}
    return support.house(
        [
            {
                "id": "potato",
                "name": "Hot Potato",
                "copies": 2,
                "effects": ["one_time", give] if once else [give],
            }
        ],
        [
            {"rank": 10, "effects": ["wild", "clear_pile"]},
            {"rank": 6, "effects": [{"effect": "give_pile", "target": "next"}]},
        ],
    )


def game(v: Variant, pile: tuple[Any, ...] = (2, 2), **face_down: int) -> Game:
    hands = dict.fromkeys(NAMES, 5)
    for n in face_down:
        hands[n] = 0
    start = Position("Ann", hand=hands, draw_pile=0, pile=pile, face_down=face_down)
    return Game.from_position(v, NAMES, start)


def test_the_player_it_is_given_to_answers_at_once_or_picks_it_up() -> None:
    g = game(potato())
    out = g.push(Play("Ann", ("potato",), to="Cal"))
    assert out.next_player == "Cal"  # at once: Ben waits (ruling 168)
    assert "Ann gives the pile to Cal, who may pass it on with a 3, or pick it up." in out.messages
    assert g.state.pile == [2, 2, "potato"]  # not handed over yet
    v = g.advice.explain(g.state, Play("Cal", (4,)))
    assert not v.legal and v.reason is Reason.HOUSE_RULE and v.rule == "R8.1"
    assert isinstance(v.data, HouseRule) and v.data.code == "pass_pile"
    assert v.message.startswith("No: Cal must pass the pile on with a 3, or pick it up.")
    legal = {c.card for c in g.choices.table(g.state) if c.judgement.legal}
    assert legal == {3}  # the table's choices: a 3, or the pick-up
    assert g.advice.hint(g.state) == (
        "Cal may pass the pile on with a card from their hand: a 3. Or Cal may pick up the pile."
    )
    out = g.push(PickUp("Cal"))  # the take is the pick-up: that is Cal's turn (R6.2)
    assert out.picked_up == 3 and out.next_player == "Dan"
    assert "give_pile" not in g.state.pending


def test_an_answer_passes_the_pile_on_to_whoever_goes_next() -> None:
    g = game(potato())
    g.push(Play("Ann", ("potato",), to="Cal"))
    out = g.push(Play("Cal", (3,)))
    assert "Cal passes the pile on." in out.messages and out.next_player == "Dan"
    p = g.state.pending["give_pile"]
    assert isinstance(p, Deflect) and p.by == "Cal"
    assert not g.is_legal(Play("Dan", (5,)))  # Dan must pass it on too, or take it
    g.push(Play("Dan", (3,)))
    out = g.push(PickUp("Ann"))  # round to Ann, who gave it: she may be given it back
    assert out.picked_up == 5 and g.zone("Ann", "hand").count == 9
    assert out.next_player == "Ben"


def test_the_next_player_gets_it_where_the_card_says_so() -> None:
    g = game(potato("next"))
    assert g.push(Play("Ann", ("potato",))).next_player == "Ben"
    assert not g.is_legal(Play("Ben", (9,))) and g.is_legal(Play("Ben", (3,)))


def test_an_answer_is_an_ordinary_play_its_own_powers_happen() -> None:
    """A 10 named as an answer clears the pile as it always does: nothing is left to give, and
    its player plays again (R8.5); a 6 that gives the pile itself gives it on at once."""
    g = game(potato(answers=[3, 10, 6]))
    g.push(Play("Ann", ("potato",), to="Cal"))
    out = g.push(Play("Cal", (10,)))
    assert g.state.pile == [] and out.plays_again and "give_pile" not in g.state.pending
    g = game(potato(answers=[6]))
    g.push(Play("Ann", ("potato",), to="Cal"))
    g.push(Play("Cal", (6,)))  # its own give: Dan takes the pile now, no passing on
    assert g.zone("Dan", "hand").count == 9 and "give_pile" not in g.state.pending


def test_the_answer_must_still_go_on_the_pile() -> None:
    g = game(potato(answers=[3, 9]), pile=(8,))
    g.push(Play("Ann", ("potato",), to="Ben"))
    assert g.is_legal(Play("Ben", (9,)))
    g2 = game(potato(answers=[3, 9]), pile=(8, "potato"))  # a Hot Potato counts 0
    assert g2.top == "potato"
    g3 = game(potato(answers=[3]), pile=(9,))
    g3.push(Play("Ann", ("potato",), to="Ben"))
    assert g3.is_legal(Play("Ben", (3,)))  # on the Hot Potato, which counts 0 (R5.4)


def test_a_blind_card_is_turned_over_whatever_it_is() -> None:
    """R7.5 on a pile given away: a face-down card that does not fit is picked up with the
    pile; one that fits and passes it on passes it on; one that fits without passing it on
    stays on the pile, and its player takes the pile (ruling 168)."""
    for card, taken, passed in ((3, 0, True), (5, 4, False)):
        g = game(potato(), pile=(2, 2), Ben=2)
        g.push(Play("Ann", ("potato",), to="Ben"))
        out = g.push(Play("Ben", (card,), zone="face_down"))
        assert g.zone("Ben", "hand").count == taken, card
        assert ("give_pile" in g.state.pending) is passed
        assert out.next_player == "Cal"
        if not passed:
            assert "That does not pass it on, so Ben takes the pile (4 cards)." in out.messages


def test_a_player_who_is_out_takes_it_at_once() -> None:
    """R8: the pile may be given to a player who is out; holding nothing, they have nothing to
    pass it on with, so they take it at once and are in again (ruling 168)."""
    hands = {"Ann": 5, "Ben": 5, "Cal": 0, "Dan": 5}
    start = Position("Ann", hand=hands, draw_pile=0, pile=(2, 2))
    g = Game.from_position(potato(), NAMES, start)
    out = g.push(Play("Ann", ("potato",), to="Cal"))
    assert g.zone("Cal", "hand").count == 3 and "give_pile" not in g.state.pending
    assert out.next_player == "Ben" and out.came_in == ("Cal",)


def test_on_an_empty_pile_there_is_nothing_to_pass_on() -> None:
    g = game(potato(once=True), pile=())  # it leaves the game first (R8.1)
    out = g.push(Play("Ann", ("potato",), to="Cal"))
    assert "give_pile" not in g.state.pending and out.next_player == "Ben"


def test_words_the_loader_and_the_way_back() -> None:
    v = potato("next", answers=[3, 10])
    assert (
        "The next player takes the whole pile into their hand, unless they pass it on at once "
        "with a 3 or a 10: the pile, with that card, goes on to the player whose turn comes "
        "next, who may pass it on again. Whoever does not picks it up, and that is their turn."
    ) in rules_sheet(v)
    again = variant_to_data(v)["karma_cards"][0]["effects"][0]
    assert again == {"effect": "give_pile", "target": "next", "answers": [3, 10]}
    plain = variant_from_data(support.house_data([], [{"rank": 9, "effects": ["give_pile"]}]))
    assert "pass it on" not in rules_sheet(plain)  # left out: as before
    data = support.house_data(
        [
            {
                "id": "p",
                "name": "P",
                "copies": 1,
                "effects": [{"effect": "give_pile", "answers": [12]}],
            }
        ]
    )
    bad = load_variant_text(yaml.safe_dump(data), "v.yaml")
    assert bad.variant is None and "the card 12 is not in the deck" in str(bad.errors[0])
    data["karma_cards"][0]["effects"][0]["answers"] = ["red J"]  # type: ignore[index]
    bad = load_variant_text(yaml.safe_dump(data), "v.yaml")
    assert bad.variant is None and "red J" in str(bad.errors[0])


def test_a_red_jack_shows_its_suit() -> None:
    data: dict[str, Any] = {
        "id": "superjoker",
        "name": "Superjoker",
        "players": [{"decks": 1, "min": 2, "max": 5}],
        "ranks": {"pack": "ordinary", "suits": True},
        "jokers": {
            "copies": 1,
            "effects": [
                "one_time",
                {"effect": "give_pile", "target": "next", "answers": ["red J"]},
            ],
        },
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
    }
    v = variant_from_data(data)
    g = Game.from_position(
        v, NAMES[:3], Position("Ann", hand=dict.fromkeys(NAMES[:3], 5), pile=(5,))
    )
    g.push(Play("Ann", ("joker",)))
    jacks = {
        c.suit: c.judgement.legal
        for c in g.choices.table(g.state)
        if c.card == 11 and c.zone == "hand" and c.copies == 1 and c.to is None
    }
    assert jacks == {None: False, "clubs": False, "diamonds": True, "hearts": True, "spades": False}
    assert "a red Jack" in rules_sheet(v)


def test_legal_steps_list_the_answers_and_the_pick_up_only() -> None:
    def look(g: Game, steps: list[Any]) -> int:
        p = g.state.pending.get("give_pile")
        if not isinstance(p, Deflect) or g.turn == p.by:
            return 0
        for s in steps:
            assert isinstance(s, PickUp) or s.zone == "face_down" or s.cards[-1] in (3, 10)
        return 1

    assert support.walk_listed_steps(potato("next", answers=[3, 10]), look) > 0


def test_the_bots_pass_it_on_when_they_hold_a_card_that_does() -> None:
    """Every bot but the random one lays a card that passes the pile on rather than take it."""
    import random

    from referee.simulate.bots import BOTS

    v = potato("next", answers=[3, 10])
    asked = 0
    for seed in range(8):
        g = Game.shuffled(v, ["Ann", "Ben", "Cal"], seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.over:
                break
            steps = g.choices.legal_steps(g.state)
            p = g.state.pending.get("give_pile")
            if isinstance(p, Deflect) and g.turn != p.by:
                answers = [s for s in steps if isinstance(s, Play) and s.zone != "face_down"]
                if answers:
                    asked += 1
                    for name in ("smart", "greedy"):
                        chosen = BOTS[name]().choose(g, steps, rng)
                        assert isinstance(chosen, Play), (name, seed)
            g.push(rng.choice(steps), trusted=True)
    assert asked > 0


def test_bots_finish_games_with_it() -> None:
    """One-time cards, as Give the Pile is (R8.1): two Hot Potatoes that stay in the game may
    give a pile back and forth for ever, as they do without ``answers``."""
    support.bots_finish(potato(once=True))
    support.bots_finish(potato("next", answers=[3, 10], once=True))
