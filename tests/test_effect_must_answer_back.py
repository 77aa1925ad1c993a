"""``must_answer`` with ``answer: back`` (issue 42, docs/rulings.md): an answer sends the demand
back to the player who laid it. "A 3 flashed at you, unless you reflect it with your own 3" -
the reflection goes back to the one who flashed it, and to no one else; "a battle between two
players that ends when one cannot answer". Through the one filter: the chosen player bound,
the turn passed back, refused in its own words, advised, listed by legal_steps alike."""

from __future__ import annotations

import support

from referee.effects.must_answer import Answer
from referee.engine import Game, PickUp, Play, Position, Step
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import HouseRule, Reason

NAMES = ["Ann", "Ben", "Cal", "Dan"]
BACK = {"effect": "must_answer", "answer": "back"}


def flashed(back: bool = True) -> Variant:
    answer = BACK if back else "must_answer"
    return support.house([], [{"rank": 3, "effects": ["wild", "choose_next", answer]}])


def battle() -> Variant:
    return support.house(
        [], [{"rank": 3, "effects": ["wild", BACK]}, {"rank": 10, "effects": ["wild"]}]
    )


def game(v: Variant, hand: int = 5, **out: int) -> Game:
    hands = dict.fromkeys(NAMES, hand) | out
    return Game.from_position(v, NAMES, Position("Ann", hand=hands, draw_pile=0, pile=(9,)))


def test_a_reflection_must_go_back_to_the_one_who_flashed_it() -> None:
    g = game(flashed())
    assert g.push(Play("Ann", (3,), to="Cal")).next_player == "Cal"  # the flash: anyone
    v = g.advice.explain(g.state, Play("Cal", (3,), to="Dan"))
    assert not v.legal and v.reason == Reason.HOUSE_RULE and v.rule == "R5.5"
    assert isinstance(v.data, HouseRule) and v.data.code == "sent_back"
    assert v.message == "No: Cal must send it back to Ann, who played a 3."
    assert g.is_legal(Play("Cal", (3,), to="Ann"))
    assert g.push(Play("Cal", (3,), to="Ann")).next_player == "Ann"
    assert not g.is_legal(Play("Ann", (3,), to="Ben"))  # now back to Cal, who sent it
    assert [n for n in NAMES if g.is_legal(Play("Ann", (3,), to=n))] == ["Cal"]
    assert g.is_legal(PickUp("Ann"))


def test_without_back_a_reflection_goes_to_anyone() -> None:
    g = game(flashed(back=False))
    g.push(Play("Ann", (3,), to="Cal"))
    assert g.is_legal(Play("Cal", (3,), to="Dan"))


def test_the_advice_offers_the_three_that_goes_back() -> None:
    g = game(flashed())
    g.push(Play("Ann", (3,), to="Cal"))
    assert g.advice.hint(g.state).startswith("Cal may play from their hand: a wild 3.")


def test_a_battle_goes_back_and_forth_until_one_cannot_answer() -> None:
    g = game(battle())
    g.push(Play("Ann", (3,)))
    assert g.turn == "Ben"
    assert not g.is_legal(Play("Ben", (10,)))  # a wild card does not answer it
    o = g.push(Play("Ben", (3,)))
    assert o.next_player == "Ann" and "It goes back to Ann." in o.messages
    o = g.push(Play("Ann", (3,)))
    assert o.next_player == "Ben" and "It goes back to Ben." in o.messages
    o = g.push(PickUp("Ben"))
    assert o.next_player == "Cal" and not g.state.pile  # play goes on after the loser (R6.2)


def test_a_player_who_is_out_is_not_sent_back_to() -> None:
    g = game(battle(), hand=5, Ann=1)
    g.push(Play("Ann", (3,)))  # Ann's last card: Ann is out
    o = g.push(Play("Ben", (3,)))
    assert o.next_player == "Cal" and "It goes back to Ann." not in o.messages
    f = game(flashed(), hand=5, Ann=1)
    f.push(Play("Ann", (3,), to="Cal"))
    assert f.is_legal(Play("Cal", (3,), to="Dan"))  # nobody to send it back to


def test_the_rules_sheet_says_it() -> None:
    sheet = rules_sheet(battle())
    assert "An answer sends it back to the player who laid it" in sheet
    assert "sends it back" not in rules_sheet(flashed(back=False))


def test_listed_steps_send_it_back_and_bots_finish() -> None:
    """Random walks over the listed steps: every answer listed goes back to the one who laid
    the demand (and came up), each listed step worded legal; the bots play games to their end."""

    def look(g: Game, steps: list[Step]) -> int:
        p = g.state.pending.get("must_answer")
        if not isinstance(p, Answer) or not p.back or g.turn == p.by or p.by not in g.state.names:
            return 0
        if not g.state.is_in(g.state.seat_of(p.by)):
            return 0
        answers = [s for s in steps if isinstance(s, Play) and s.cards[0] == 3]
        assert all(s.to in (None, p.by) for s in answers)
        return len(answers)

    for v in (flashed(), battle()):
        assert support.walk_listed_steps(v, look) > 0
        support.bots_finish(v)


def test_the_tablet_judges_each_player_the_three_may_go_to() -> None:
    """What a tablet shows (``tableview_data.judged_choices``, the one table): Cal's 3 asks
    whom it is for, one tap on a player; only Ann, who flashed it, gets a yes, and the others
    get the words that say why."""
    from referee.app import tableview_data as td
    from referee.app.view import step_facts

    g = game(flashed())
    g.push(Play("Ann", (3,), to="Cal"))
    said, found = td.judged_choices(g, step_facts(g))
    threes = {
        to: said[i]
        for (card, zone, k, to, *_), i in found.items()
        if card == 3 and zone == "hand" and k == 1
    }
    assert getattr(threes["Ann"], "legal", None) is True
    for other in ("Ben", "Dan"):
        assert getattr(threes[other], "legal", None) is False
        assert "Cal must send it back to Ann, who played a 3." in threes[other].answer
