"""Mirror (a house rule): the card copies the card below it.  On the pile it counts as that
card (as a see-through card does), and as it is played that card's powers happen again - those
that need no choice (a chosen player or a card to give cannot be named for a copy): each unit
says so itself (``EffectSpec.copyable``, ruling 45).

This file is the whole effect: the menu, the schema, the loader, the rules sheet, the Design
page and the bots read it from the registry.
"""

from __future__ import annotations

from dataclasses import replace

from referee.effects.base import Arrival, Resolution, Traits
from referee.effects.spec import UNITS, CardCheck, EffectSpec, Params
from referee.table.state import State
from referee.variant.model import Card, Variant


class Mirror(EffectSpec):
    name = "mirror"
    title = "Mirror"
    rule = "R9"
    description = (
        "Copies the card below it: counts as that card, and that card's powers happen again."
    )
    help = "It copies the card it lands on."
    examples = ({"effect": "mirror"},)
    order = 175
    see_through_by_play = True  # under a condition, the pile marks it as it is laid

    def traits(self, params: Params, traits: Traits) -> None:
        traits.transparent = True  # it counts as the card beneath it (R5.2 on a copy)

    def on_top(self, params: Params, a: Arrival) -> None:
        """On top, it is the card below come again: what that card carries over to the next
        play (a restriction) binds again, worked out from the value the mirror counts as
        (ruling 43: a copied "this number or lower" means the copied card's number)."""
        below = _below(a.state.pile, a.card)
        if below is None:
            return
        copy = replace(a, kind=below)
        for e in a.variant.effects_of(below):
            if e.name != self.name and copy.happens(e):  # asked of the mirror's own play
                UNITS[e.name].on_top(e.params, copy)

    def resolve(self, r: Resolution, params: Params) -> None:
        below = _below(r.state.pile, r.card)
        if below is None:
            r.say("There is no card below the mirror, so it copies nothing.")
            return
        copied = [
            e for e in r.variant.effects_of(below) if UNITS[e.name].copied_by_mirror(e.params)
        ]
        name = r.variant.card_name(below)
        if not copied:
            r.say(f"The mirror copies {name}.")
            return
        r.say(f"The mirror copies {name}, and its powers happen again.")
        for e in copied:
            if r.happens(e):  # a copied condition asks the mirror's own play
                UNITS[e.name].resolve(r, e.params)

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "It copies the card below it: the next player plays as if it were that card, and "
            "that card's powers happen again (not those that need a chosen player or a card "
            "to give)."
        )

    def check(self, c: CardCheck) -> None:
        if c.leaves_game:
            c.warn(
                "a one-time card leaves the pile as it resolves (R8), so a mirror never counts "
                "as the card below; expected it left out or one_time left out",
                None,
                "A one-time card leaves the pile at once, so the mirror never works. "
                "Keep only one of the two.",
            )
        if "transparent" in c.names:
            c.warn(
                "a mirror already counts as the card below; expected 'transparent' left out",
                None,
                "A mirror already counts as the card below it. Take out “See-through”.",
            )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 2.0


def _below(pile: list[Card], card: Card) -> Card | None:
    """The card the mirror lands on: the first card beneath its own copies."""
    for c in reversed(pile):
        if c != card:
            return c
    return None
