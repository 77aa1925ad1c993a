"""The rules sheet and the plain-words description of every effect of the menu."""

from __future__ import annotations

import re

import pytest
from support import explain

from referee.variant import Effect, builtin
from referee.variant.menu import MENU
from referee.variant.sheet import describe_effect, describe_effects, rules_sheet
from referee.words.markdown import markdown_literal

EXPECTED = {
    "wild": [Effect("wild")],
    "value": [Effect("value", {"value": 0}), Effect("value", {"value": 9})],
    "next_range": [
        Effect("next_range", {"max": 5}),
        Effect("next_range", {"min": 7, "max": 11}),
        Effect("next_range", {"min": 10}),
        Effect("next_range"),
    ],
    "one_time": [Effect("one_time")],
    "give_pile": [Effect("give_pile")],
    "clear_pile": [Effect("clear_pile")],
    "play_again": [Effect("play_again")],
    "play_table_card": [Effect("play_table_card")],
    "bottom_to_top": [Effect("bottom_to_top")],
    "skip": [Effect("skip"), Effect("skip", {"target": "next"})],
    "reverse": [Effect("reverse")],
    "pass_hands": [Effect("pass_hands"), Effect("pass_hands", {"direction": "left"})],
    "exchange_hands": [Effect("exchange_hands")],
    "swap_seats": [Effect("swap_seats")],
    "rotate_seats": [Effect("rotate_seats"), Effect("rotate_seats", {"direction": "right"})],
    "give_card": [Effect("give_card")],
    "transparent": [Effect("transparent")],
}

SENTENCES = {
    Effect("wild"): "It may be played on anything, even when the next play is restricted.",
    Effect("value", {"value": 0}): "On top of the pile it counts as 0, so any card may follow.",
    Effect(
        "value", {"value": 9}
    ): "On top of the pile it counts as 9, so the next player must play 9 or higher.",
    Effect(
        "next_range", {"max": 5}
    ): "The next player must play a number 5 or lower, or a Karma card.",
    Effect(
        "next_range", {"min": 7, "max": 11}
    ): "The next player must play a number from 7 to 11, or a Karma card.",
    Effect(
        "next_range", {"min": 10}
    ): "The next player must play a number 10 or higher, or a Karma card.",
    Effect("next_range"): "It does not restrict the next play.",
    Effect(
        "skip"
    ): "The player picks another player who is still in; that player loses their next turn.",
    Effect("skip", {"target": "next"}): "The next player loses their turn.",
    Effect("pass_hands"): "Everyone passes their whole hand to the player on their right.",
    Effect(
        "pass_hands", {"direction": "left"}
    ): "Everyone passes their whole hand to the player on their left.",
    Effect(
        "rotate_seats"
    ): "Everyone leaves their cards where they are and moves one seat to the left.",
    Effect(
        "rotate_seats", {"direction": "right"}
    ): "Everyone leaves their cards where they are and moves one seat to the right.",
    Effect("reverse"): "The direction of play turns around.",
}


def _examples(name: str) -> list[Effect]:
    """The effect's own examples from its unit (or the bare effect): a new effect needs no
    entry here to be checked."""
    examples = MENU[name].examples or ({"effect": name},)
    return [Effect(name, {k: v for k, v in e.items() if k != "effect"}) for e in examples]


def test_every_menu_effect_is_described() -> None:
    assert set(EXPECTED) <= set(MENU)
    cases = {name: EXPECTED.get(name) or _examples(name) for name in MENU}
    seen = set()
    for name, effects in cases.items():
        for e in effects:
            text = describe_effect(e)
            assert text.endswith(".") and len(text) > 20, name
            assert name not in text, "plain words, not the effect's id"
            seen.add(text)
    assert len(seen) == sum(len(v) for v in cases.values()), "each effect reads differently"


@pytest.mark.parametrize("effect", list(SENTENCES), ids=lambda e: f"{e.name}{dict(e.params)}")
def test_sentences_with_parameters(effect: Effect) -> None:
    assert describe_effect(effect) == SENTENCES[effect]


def test_one_time_is_said_last_and_lists_compose() -> None:
    text = describe_effects([Effect("one_time"), Effect("give_pile")])
    assert text.startswith("The player gives the whole pile")
    assert text.endswith("It is used only once: it leaves the game as it takes effect.")
    assert describe_effects([]) == "It has no other effect."


def test_restrictions_name_wild_ranks_of_a_variant_without_karma_cards() -> None:
    sh = builtin("shithead")
    text = describe_effects([Effect("next_range", {"max": 7})], sh)
    assert text == "The next player must play a 7 or lower, or a wild 2, 8 or 10."


def test_second_edition_sheet_is_complete() -> None:
    v = builtin("second-edition")
    sheet = rules_sheet(v)
    assert sheet.startswith(f"# {markdown_literal(v.name)}\n")
    assert markdown_literal(v.description) in sheet
    for heading in (
        "## Players and decks",
        "## The deck",
        "## The deal",
        "## Order of play (R3)",
        "## What you may play",
        "## Burning the pile (R7)",
        "## Picking up and drawing (R6)",
        "## The Karma cards (R8)",
        "## The end (R10)",
    ):
        assert heading in sheet, heading
    assert "| 2–6 | 1 | 62 |" in sheet and "| 7–12 | 2 | 124 |" in sheet
    assert "| numbers 1 to 16 | 3 of each (48 cards) |" in sheet
    assert "| **total** | **62** |" in sheet
    for card in v.karma_cards:
        assert f"### {markdown_literal(card.name)} ×{card.copies}" in sheet
        assert f"| {markdown_literal(card.name)} (Karma card) | {card.copies} |" in sheet
        assert markdown_literal(card.text) in sheet
        assert describe_effects(card.effects, v) in sheet
    assert "The direction of play turns around." in sheet
    assert "When the top 3 cards of the pile are identical" in sheet
    assert "draw back up to 3 hand cards" in sheet
    assert "The last player left holding cards loses" in sheet


def test_rank_powers_appear_on_the_sheet() -> None:
    sheet = rules_sheet(builtin("shithead"))
    assert "## The Karma cards" not in sheet
    for rank in (2, 7, 8, 10):
        assert f"### Every {rank}" in sheet
    assert "Karma cards are wild" not in sheet
    assert "When the top 4 cards" in sheet


def test_a_groups_own_words_stay_plain_text_on_the_sheet() -> None:
    """Issue 8: names and texts reach the sheet (Markdown) escaped, never as links or images."""
    import dataclasses

    v = builtin("classic")
    card = dataclasses.replace(v.karma_cards[0], name="![x](http://198.51.100.7/i.png)")
    hostile = dataclasses.replace(
        v,
        name="# [Click](http://198.51.100.7/)",
        description="<img src=x onerror=alert(1)> $x^2$ :red[hi]\n# heading",
        karma_cards=(card, *v.karma_cards[1:]),
    )
    sheet = rules_sheet(hostile)
    for unescaped in (r"(?<!\\)\]\(http", r"(?<!\\)<img", r"(?<!\\):red\[", r"(?<!\\)\$x"):
        assert not re.search(unescaped, sheet), unescaped
    assert "\\!\\[x\\]\\(http\\:\u2060\\/\\/198\\.51\\.100\\.7\\/i\\.png\\)" in sheet
    assert "\n# heading" not in sheet


def test_a_core_rule_change_changes_the_sheet_and_the_referee(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 21: the sheet's core-rule sentences come from the table the engine reads
    (referee.variant.core): a burn that passes the turn is said so, and refereed so."""
    from referee.engine import Game, Play, Position
    from referee.variant import core

    v = builtin("classic")
    start = Position("Ann", hand={"Ann": 3, "Ben": 3}, draw_pile=10, pile=(9,) * (v.burn - 1))
    assert "whoever completed the run plays again" in rules_sheet(v)
    assert Game.from_position(v, ["Ann", "Ben"], start).push(Play("Ann", (9,))).next_player == "Ann"

    monkeypatch.setattr(core, "RULES", core.CoreRules(burn_plays_again=False))
    sheet = rules_sheet(v)
    assert "whoever completed the run plays again" not in sheet
    assert "the turn passes to the next player, who starts a new pile" in sheet
    game = Game.from_position(v, ["Ann", "Ben"], start)
    assert game.push(Play("Ann", (9,))).next_player == "Ben"

    monkeypatch.setattr(core, "RULES", core.CoreRules(equal_may_follow=False))
    assert "of a lower value (not the same)" in rules_sheet(v)
    on_nine = Position("Ann", hand={"Ann": 3, "Ben": 3}, draw_pile=10, pile=(9,))
    assert not explain(Game.from_position(v, ["Ann", "Ben"], on_nine), Play("Ann", (9,))).legal


def test_the_core_rule_does_not_contradict_a_card_that_limits_where_cards_go() -> None:
    """Issue 39.7: with "only a 15 or higher may go on the Ace" the sheet may not simply say
    that a number goes on the same value or lower (an Ace on an Ace): it says a card's own
    power comes first.  A variant without such a card keeps the plain sentence."""
    from pathlib import Path

    from referee.variant.loader import load_variant_file
    from referee.variant.registry import builtin

    case = Path(__file__).parent / "variant_cases" / "warn" / "takes-only-above-ranks.yaml"
    limited = load_variant_file(case).variant
    assert limited is not None
    said = rules_sheet(limited)
    assert "of the same value or lower, unless a card's own power below says where" in said
    assert "same value or lower.\n" not in said
    assert "- A number card goes on a number card of the same value or lower.\n" in rules_sheet(
        builtin("classic")
    )


@pytest.mark.parametrize(
    ("effect", "params", "begins"),
    [
        ("value", {"value": 0}, "on top of the pile"),
        ("wild", {}, "it may be played"),
        ("exchange_hands", {}, "the player"),
    ],
)
def test_a_sentence_after_its_condition_goes_on_in_lower_case(
    effect: str, params: dict[str, object], begins: str
) -> None:
    """'Only when it is played on its own: on top of the pile it counts as 0', not '...: On
    top': the unit's sentence goes on after the condition, whatever its first word."""
    said = describe_effect(Effect(effect, params, {"cards": 1}), builtin("classic"))
    assert said.startswith(f"Only when it is played on its own: {begins}"), said
