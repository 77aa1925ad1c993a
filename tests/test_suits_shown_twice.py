"""Issue 42, suits: a card shown twice is refused.  Where the pack's suits count, the table
remembers the suited cards it saw face up where they still are - on the pile, and out of the
game (burned, cleared, a one-time card) - and refuses a play that shows one of them again while
every copy the pack holds (one a deck) is accounted for (R4.3).  The record needs nothing new:
replay derives it from the steps' ``suit:``.  docs/rulings.md, ruling 154; docs/house-rules.md,
rule 111; the scenario tests/scenarios/r4-the-jack-of-hearts-shown-twice.yaml."""

from __future__ import annotations

from typing import Any

import support
from support import SUITED

from referee.engine import Game, PickUp, Play, Position, Step
from referee.records import export_record, load_record_text, replay
from referee.variant import variant_from_data
from referee.variant.model import SUITS, Variant
from referee.words.reasons import Reason

NAMES = ["Ann", "Ben", "Cal"]


def variant(decks: int = 1, powers: list[dict[str, Any]] | None = None) -> Variant:
    return variant_from_data(
        {
            "id": "suited",
            "name": "Suited",
            "players": [{"decks": decks, "min": 2, "max": 5}],
            "ranks": {"pack": "ordinary", "suits": True},
            "rank_powers": powers
            if powers is not None
            else [{"rank": "J", "effects": [{"effect": "wild", "when": {"suit": "hearts"}}]}],
            "deal": {"face_down": 3, "face_up": 3, "hand": 3},
            "min_hand": 3,
            "burn": 4,
        }
    )


def game(v: Variant, pile: tuple[int, ...] = (5,)) -> Game:
    start = Position("Ann", pile=pile, hand=dict.fromkeys(NAMES, 6))
    return Game.from_position(v, NAMES, start)


def test_a_second_jack_of_hearts_from_one_pack_is_refused_while_the_first_lies_on_the_pile() -> (
    None
):
    g = game(variant())
    g.push(Play("Ann", (11,), suit="hearts"))
    twice = g.advice.explain(g.state, Play("Ben", (11,), suit="hearts"))
    assert not twice.legal and twice.reason is Reason.SHOWN_TWICE and twice.rule == "R4.3"
    assert twice.field == "suit"
    assert str(twice).startswith(
        "No: the Jack of hearts is on the pile already. There is only one."
    )
    # Another suit, or no suit shown, is a play like any other (R5.2: a Jack on a Jack).
    assert g.advice.explain(g.state, Play("Ben", (11,), suit="spades")).legal
    assert g.advice.explain(g.state, Play("Ben", (11,))).legal
    # The tablet's choices say it too: one tap on hearts gives this verdict.
    g.push(Play("Ben", (12,)))  # a Queen: Cal to move, whose choices the table offers
    jacks = {
        c.suit: c.judgement
        for c in g.choices.table(g.state)
        if c.card == 11 and c.zone == "hand" and c.copies == 1
    }
    assert jacks["hearts"].reason is Reason.SHOWN_TWICE
    assert jacks["spades"].reason is Reason.TOO_LOW  # a plain Jack on a Queen (R5.2)


def test_a_card_that_burned_stays_seen_a_card_picked_up_is_not_followed() -> None:
    v = variant(powers=[{"rank": 10, "effects": ["wild", "clear_pile"]}])
    g = game(v)
    g.push(Play("Ann", (11,), suit="clubs"))
    g.push(Play("Ben", (10,)))  # the pile leaves the game (R8.5), the Jack of clubs with it
    assert not g.state.pile and g.state.gone_suits == ((11, "clubs"),)
    left = g.advice.explain(g.state, Play("Ben", (11,), suit="clubs"))  # Ben plays again
    assert left.reason is Reason.SHOWN_TWICE
    assert "the Jack of clubs has left the game" in str(left)
    # A pick-up takes the pile's cards into a hand: the referee does not follow their suits.
    g2 = game(v)
    g2.push(Play("Ann", (9,), suit="diamonds"))
    g2.push(PickUp("Ben"))
    assert (
        g2.state.suits == ()
        and g2.advice.explain(g2.state, Play("Cal", (9,), suit="diamonds")).legal
    )


def test_with_two_decks_two_copies_of_each_card() -> None:
    v = variant(decks=2, powers=[])
    g = game(v)
    g.push(Play("Ann", (9,), suit="hearts"))
    assert g.advice.explain(g.state, Play("Ben", (9,), suit="hearts")).legal
    g.push(Play("Ben", (9,), suit="hearts"))
    twice = g.advice.explain(g.state, Play("Cal", (9,), suit="hearts"))
    assert twice.reason is Reason.SHOWN_TWICE
    assert str(twice).startswith("No: the two 9s of hearts were all seen already.")


def test_copies_laid_together_show_one_suit() -> None:
    """Ruling 149: a play of several copies shows one suit, its player's choice; the others'
    suits the table did not see."""
    g = game(variant(powers=[]))
    g.push(Play("Ann", (9, 9), suit="spades"))
    assert g.state.suits == ((1, "spades"),)
    assert g.advice.explain(g.state, Play("Ben", (9,), suit="hearts")).legal
    assert g.advice.explain(g.state, Play("Ben", (9,), suit="spades")).reason is Reason.SHOWN_TWICE


def test_bottoms_up_moves_a_cards_suit_with_it_and_undo_forgets_it() -> None:
    v = variant(powers=[{"rank": 3, "effects": ["wild", "bottom_to_top"]}])
    g = game(v, pile=())
    g.push(Play("Ann", (9,), suit="spades"))  # on the empty pile, place 0
    g.push(Play("Ben", (10,), suit="clubs"))
    g.push(Play("Cal", (3,)))  # the 9 of spades moves from the bottom onto the top
    assert g.state.pile[-1] == 9 and (len(g.state.pile) - 1, "spades") in g.state.suits
    assert g.state.shown(9, "spades") == (1, 0) and g.state.shown(10, "clubs") == (1, 0)
    g.past.undo()
    g.past.undo()
    g.past.undo()
    assert g.state.suits == () and g.advice.explain(g.state, Play("Ann", (9,), suit="spades")).legal


def test_a_record_keeps_nothing_new_replay_derives_it_from_the_steps() -> None:
    text = SUITED.replace(
        "steps: []",
        "steps:\n  - {by: Ann, play: [J], suit: hearts}\n"
        "  - {by: Ben, play: [J], suit: hearts, expect: illegal}\n"
        "  - {by: Ben, play: [Q]}",
    )
    result = replay(load_record_text(text, "r.yaml"))
    assert all(r.ok for r in result.results), [r.verdict for r in result.results]
    assert result.results[1].reason.startswith("No: the Jack of hearts is on the pile already.")
    again = replay(load_record_text(export_record(result.game), "again.yaml"))
    assert again.game.state.suits == result.game.state.suits == ((1, "hearts"),)


def test_bots_never_show_a_card_twice() -> None:
    """No listed play shows a suited card the table has seen (one deck), and some show one."""

    def look(g: Game, steps: list[Step]) -> int:
        assert all(s in SUITS for _, s in g.state.suits)
        suited = [s for s in steps if isinstance(s, Play) and s.suit is not None]
        for step in suited:
            on_pile, gone = g.state.shown(step.cards[0], step.suit)
            assert on_pile + gone == 0, step
        return len(suited)

    v = variant(powers=[{"rank": "J", "effects": [{"effect": "wild", "when": {"colour": "red"}}]}])
    assert support.walk_listed_steps(v, look)
