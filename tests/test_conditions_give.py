"""A condition on the effect whose play names a card to give (issue 42, ruling 163): "Give a
Card works only from the hand".  A play gives a card (R8.9) - and names the player and may name
the card (`to`, `give`) - only where the condition holds for that play: there as always,
elsewhere the effect does not happen, and a player or a card named is refused with the reason
in words.  The listed steps, the tablet's choices, the advice and the bots follow from the one
filter."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import budget, variant_data
from support import bots_finish, explain, house, walk_listed_steps
from test_choices_gifts import walk_dealt

from referee.engine import Game, Play, Position
from referee.engine.steps import Step
from referee.variant.loader import VariantError, variant_from_data
from referee.variant.model import Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason

GIFT = {"effect": "give_card", "when": {"from": "hand"}}


def _gifts(*effects: object) -> Variant:
    return house(rank_powers=[{"rank": 9, "effects": list(effects)}])


def _game(v: Variant, hand: int = 5, pile: tuple[int | str, ...] = (4,)) -> Game:
    start = Position(
        "Ann",
        hand={"Ann": hand, "Ben": 5, "Cal": 5},
        face_up={"Ann": (9, 9, 6), "Ben": (7, 7, 8), "Cal": (8, 10, 10)},
        face_down={"Ann": 3, "Ben": 3, "Cal": 3},
        pile=pile,
        draw_pile=0,
    )
    return Game.from_position(v, ["Ann", "Ben", "Cal"], start)


def test_from_the_hand_it_gives_a_card_to_a_player_chosen() -> None:
    g = _game(_gifts(GIFT))
    bare = explain(g, Play("Ann", (9,)))
    assert not bare.legal and bare.reason == Reason.NEEDS_TARGET
    assert explain(g, Play("Ann", (9,), to="Cal")).legal
    assert explain(g, Play("Ann", (9,), to="Cal", give=5)).legal  # a card she may hold
    g.push(Play("Ann", (9,), to="Cal"))
    assert g.state.seats[0].hand.count == 3 and g.state.seats[2].hand.count == 6


def test_from_the_table_it_gives_nothing_and_names_nobody() -> None:
    g = _game(_gifts(GIFT), hand=0)
    assert explain(g, Play("Ann", (9,), "face_up")).legal
    named = explain(g, Play("Ann", (9,), "face_up", to="Cal"))
    assert not named.legal and named.reason == Reason.NO_TARGET_WANTED
    given = explain(g, Play("Ann", (9,), "face_up", give=6))
    assert not given.legal and given.reason == Reason.NO_GIVE_WANTED
    assert str(given).startswith("No: 9 gives no card this time. It does that only when it is")
    assert "played from the hand" in str(given)
    g.push(Play("Ann", (9,), "face_up"))
    assert g.state.seats[0].face_up.count == 2 and g.state.seats[2].hand.count == 5


def test_a_gift_without_a_chosen_player_follows_its_condition_too() -> None:
    """To the next player (no `to`): the card named is refused where it gives none."""
    g = _game(_gifts({**GIFT, "target": "next"}), hand=0)
    assert explain(g, Play("Ann", (9,), "face_up")).legal
    assert explain(g, Play("Ann", (9,), "face_up", give=6)).reason == Reason.NO_GIVE_WANTED
    g.push(Play("Ann", (9,), "face_up"))
    assert g.state.seats[1].hand.count == 5  # Ben is given nothing


def test_the_sheet_says_when() -> None:
    sheet = rules_sheet(_gifts(GIFT))
    assert "only when it is played from the hand" in sheet.lower()


def test_the_tablet_offers_no_gift_where_the_play_gives_none() -> None:
    """The one table's choices: from the face-up cards the card needs no player (its verdict at
    once), and a card tapped as given gets the refusal in words."""
    from referee.app import tableview_data, view
    from referee.app.view import Ask, VerdictView

    g = _game(_gifts(GIFT), hand=0)
    said, index = tableview_data.judged_choices(g, view.step_facts(g))
    bare = said[index[(9, "face_up", 1, None, None, None, None, None, None)]]
    assert isinstance(bare, VerdictView) and bare.legal
    given = said[index[(9, "face_up", 1, None, 6, None, None, None, None)]]
    assert isinstance(given, VerdictView) and not given.legal
    assert "gives no card this time" in given.answer + given.detail
    g = _game(_gifts(GIFT))
    said, index = tableview_data.judged_choices(g, view.step_facts(g))
    assert isinstance(said[index[(9, "hand", 1, None, None, None, None, None, None)]], Ask)


def test_listed_steps_give_exactly_where_the_play_gives_and_bots_finish() -> None:
    v = house(
        rank_powers=[
            {"rank": 9, "effects": [GIFT]},
            {
                "rank": 8,
                "effects": [{"effect": "give_card", "target": "next", "when": {"cards": 1}}],
            },
        ]
    )

    def given(g: Game, steps: list[Step]) -> int:
        seen = 0
        for p in steps:
            if isinstance(p, Play) and p.cards[0] in (9, 8) and p.zone != "face_down":
                gives = p.zone == "hand" if p.cards[0] == 9 else len(p.cards) == 1
                if not gives:
                    assert p.to is None and p.give is None, p
                    seen += 1
                elif p.cards[0] == 9:
                    assert p.to is not None, p
        return seen

    assert walk_listed_steps(v, given) > 0  # plays that give nothing were listed
    bots_finish(v)


@st.composite
def _conditional_gift_variants(draw: st.DrawFn) -> Variant:
    """A random valid variant with a Karma card that gives a card under a condition."""
    data = draw(variant_data())
    when = draw(st.sampled_from([{"pile": "empty"}, {"from": "hand"}, {"cards": 1}]))
    target = draw(st.sampled_from(["chosen", "next"]))
    gift = {"effect": "give_card", "target": target, "when": when}
    data["karma_cards"] = [
        *data["karma_cards"],
        {"id": "gift", "name": "Gift", "copies": 2, "effects": [gift]},
    ]
    try:
        return variant_from_data(data)
    except VariantError:
        assume(False)
        raise


@budget(25)
@given(
    variant=_conditional_gift_variants(),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_listing_of_conditional_gifts_is_the_filters(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants with a gift under a condition: the listed plays are exactly
    the plays the filter accepts (``test_choices_gifts.walk``), each player judged at once as
    one by one."""
    walk_dealt(variant, players, seed)
