"""only_on: where a card may land (issue 30: "a 10 may only be played on a 9 or lower").

One effect file, asked by the one R5 check: refused, advised, listed and decided blind alike.
"""

from __future__ import annotations

import support
import yaml
from support import explain

from referee.engine import Game, PickUp, Play, Position
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import Variant
from referee.words.reasons import HouseRule, Reason

TEN = {"rank": 10, "effects": ["wild", "clear_pile", {"effect": "only_on", "max": 9}]}
SEE = {"id": "see", "name": "See Through", "copies": 2, "effects": ["transparent"]}


def house() -> Variant:
    """Numbers 1 to 14; a wild 10 that clears the pile, but only on a 9 or lower."""
    data = support.house_data([SEE], [TEN])
    data["ranks"] = {"low": 1, "high": 14, "copies": 4}
    return variant_from_data(data)


def game(pile: tuple[object, ...], hand: int = 3, face_down: int = 0) -> Game:
    start = Position(
        "Ann",
        hand={"Ann": hand, "Ben": 3},
        face_down={"Ann": face_down, "Ben": 3},
        draw_pile=0,
        pile=pile,  # type: ignore[arg-type]
    )
    return Game.from_position(house(), ["Ann", "Ben"], start)


def test_it_goes_on_a_nine_or_lower_and_on_an_empty_pile() -> None:
    assert explain(game((9,)), Play("Ann", (10,))).legal
    assert explain(game((3,)), Play("Ann", (10,))).legal
    assert explain(game(()), Play("Ann", (10,))).legal  # R5.1: an empty pile takes any card


def test_not_on_a_card_above_nine_even_though_it_is_wild() -> None:
    g = game((12,))
    v = g.advice.explain(g.state, Play("Ann", (10,)))
    assert not v.legal and v.reason == Reason.HOUSE_RULE and v.rule == "R5.5"
    assert isinstance(v.data, HouseRule) and v.data.code == "only_on"
    assert v.message == "No: 10 may only go on a 9 or lower, and the pile counts 12."
    # The advice is read from the verdicts: it does not offer the 10 it just refused.
    assert v.instead == (
        "Ann may play from their hand: 12 or higher, or See Through. Or Ann may pick up the pile."
    )
    assert g.advice.explain(g.state, PickUp("Ann")).legal


def test_it_reads_the_value_the_pile_counts_seen_through() -> None:
    assert explain(game((8, "see")), Play("Ann", (10,))).legal  # counts as the 8 beneath
    assert not explain(game((12, "see")), Play("Ann", (10,))).legal


def test_a_face_down_ten_on_a_twelve_does_not_fit_and_is_picked_up() -> None:
    g = game((12,), hand=0, face_down=2)
    blind = Play("Ann", (10,), "face_down")
    verdict = g.advice.explain(g.state, blind)
    assert verdict.legal and verdict.reason == Reason.FACE_DOWN_MISSES
    out = g.push(blind)
    assert out.picked_up == 2 and not out.burned and g.state.pile == []  # picked up, not cleared
    assert g.zone("Ann", "hand").known == {12: 1, 10: 1}
    fits = game((9,), hand=0, face_down=2)
    assert fits.advice.explain(fits.state, blind).reason == Reason.FACE_DOWN_FITS
    out = fits.push(blind)
    assert fits.state.pile == [] and out.plays_again  # it fits, and clears the pile (R8.5)


def test_legal_steps_never_offer_it_on_a_higher_card() -> None:
    v = house()
    offered = 0
    for seed in range(20):
        g = Game.shuffled(v, ["Ann", "Ben", "Cal"], seed)
        for n in range(150):
            if g.over:
                break
            steps = g.choices.legal_steps(g.state)
            for step in steps:
                if isinstance(step, Play) and step.cards[0] == 10 and step.zone != "face_down":
                    value = g.pile.top_value(g.state)
                    assert value is None or value <= 9, (step, g.state.pile)
                    offered += 1
            g.push(steps[(seed + n) % len(steps)], trusted=True)
    assert offered  # the 10 was offered where it may go


def test_the_loader_checks_it() -> None:
    data = support.house_data(
        [], [{"rank": 10, "effects": [{"effect": "only_on", "min": 9, "max": 3}]}]
    )
    bad = load_variant_text(yaml.safe_dump(data), "v.yaml")
    assert bad.variant is None
    assert any("min 9 is more than max 3" in p.message for p in bad.errors)
