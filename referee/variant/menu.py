"""The menu of effects (RULES.md R9): names, parameters and plain words.

This is data, not behaviour: the schema, the loader's checks, the rules sheet and the app's
composer all read it; the engine's handlers live in ``referee.effects``.  Adding an effect means
one entry here and one handler there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Param:
    """One parameter of an effect: its JSON type, default and allowed values."""

    name: str
    type: str  # "integer" or "string"
    description: str
    default: Any = None
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    required: bool = False


@dataclass(frozen=True)
class EffectSpec:
    """An entry on the menu. ``targeted`` effects need a chosen player (`to`)."""

    name: str
    title: str
    rule: str
    description: str
    params: tuple[Param, ...] = ()
    targeted: bool = False
    # Only judged while the card lies on the pile (wild, value, transparent), or resolved
    # when the card is played (the rest).
    passive: bool = False
    examples: tuple[dict[str, Any], ...] = field(default_factory=tuple)


MENU: dict[str, EffectSpec] = {
    spec.name: spec
    for spec in (
        EffectSpec(
            "wild",
            "Wild",
            "R5.3",
            "May be played on anything, even under a restriction.",
            passive=True,
        ),
        EffectSpec(
            "value",
            "Counts as a value",
            "R5.4",
            "While on top, counts as this value (0: anything may follow).",
            params=(
                Param(
                    "value",
                    "integer",
                    "The value it counts as.",
                    required=True,
                    minimum=0,
                    maximum=99,
                ),
            ),
            passive=True,
            examples=({"effect": "value", "value": 0},),
        ),
        EffectSpec(
            "next_range",
            "Restricts the next play",
            "R5.4",
            "The next play must be a number from min to max, or a wild card.",
            params=(
                Param(
                    "min",
                    "integer",
                    "Lowest number allowed next (default: any).",
                    minimum=0,
                    maximum=99,
                ),
                Param(
                    "max",
                    "integer",
                    "Highest number allowed next (default: any).",
                    minimum=0,
                    maximum=99,
                ),
            ),
            examples=(
                {"effect": "next_range", "max": 5},
                {"effect": "next_range", "min": 7, "max": 11},
            ),
        ),
        EffectSpec(
            "one_time",
            "One-time",
            "R8",
            "Removed from the game as it resolves (it never stays on the pile).",
        ),
        EffectSpec(
            "give_pile",
            "Give the pile",
            "R8.1",
            "Give the whole pile to a chosen player, as hand cards.",
            targeted=True,
        ),
        EffectSpec(
            "clear_pile",
            "Clear the pile",
            "R8.5",
            "Remove the whole pile from the game; the same player plays again.",
        ),
        EffectSpec(
            "play_again",
            "Play again",
            "R6.6",
            "The same player plays again, on top of this card.",
        ),
        EffectSpec(
            "play_table_card",
            "Play a table card",
            "R8.3",
            "The same player at once plays a table card: face-up, else one face-down, else hand.",
        ),
        EffectSpec(
            "bottom_to_top",
            "Bottom to top",
            "R8.4",
            "The bottom card of the pile is moved onto the top; the next play is judged against it.",
        ),
        EffectSpec(
            "skip",
            "Lose a turn",
            "R8.6",
            "A player loses their next turn: a chosen one, or simply the next player.",
            params=(
                Param(
                    "target",
                    "string",
                    "Who loses a turn: a chosen player, or the next player.",
                    default="chosen",
                    choices=("chosen", "next"),
                ),
            ),
            targeted=True,  # when target is "chosen"; see EffectSpec.needs_target
            examples=({"effect": "skip", "target": "chosen"},),
        ),
        EffectSpec("reverse", "Reverse", "R9", "Reverse the direction of play."),
        EffectSpec(
            "pass_hands",
            "Pass the hands",
            "R8.8",
            "Every player, out ones included, passes their whole hand to a neighbour.",
            params=(
                Param(
                    "direction",
                    "string",
                    "right: to the previous seat; left: to the next seat (clockwise).",
                    default="right",
                    choices=("left", "right"),
                ),
            ),
        ),
        EffectSpec(
            "exchange_hands",
            "Exchange hands",
            "R8.10",
            "Swap hand cards with a chosen player, even if one hand is empty.",
            targeted=True,
        ),
        EffectSpec(
            "swap_seats",
            "Change seats",
            "R8.11",
            "Trade seats, and the cards lying there, with a chosen player.",
            targeted=True,
        ),
        EffectSpec(
            "rotate_seats",
            "Everyone moves a seat",
            "R9",
            "Everyone leaves their cards and moves one seat left or right.",
            params=(
                Param(
                    "direction",
                    "string",
                    "left: to the next seat (clockwise); right: to the previous seat.",
                    default="left",
                    choices=("left", "right"),
                ),
            ),
        ),
        EffectSpec(
            "give_card",
            "Give a card",
            "R8.9",
            "Give one of your cards (in order of play) to a chosen player, as a hand card.",
            targeted=True,
        ),
        EffectSpec(
            "transparent",
            "See-through",
            "R9",
            "Counts as the card beneath it (and passes on a restriction it was played under).",
            passive=True,
        ),
    )
}


def needs_target(effect: str, params: dict[str, Any]) -> bool:
    """Whether this effect, with these parameters, needs a chosen player."""
    spec = MENU[effect]
    if effect == "skip":
        return params.get("target", "chosen") == "chosen"
    return spec.targeted
