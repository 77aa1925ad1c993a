"""See-through (R9): the card counts as the card beneath it."""

from __future__ import annotations

from referee import words
from referee.effects.base import Arrival, Traits
from referee.effects.spec import CardCheck, EffectSpec, Params
from referee.table.state import Limit
from referee.variant.model import Variant


class Transparent(EffectSpec):
    name = "transparent"
    title = "See-through"
    rule = "R9"
    description = "Counts as the card beneath it (and passes on a restriction it was played under)."
    help = "The card is see-through: the next player plays on the card under it."
    passive = True
    see_through_by_play = True  # under a condition, the pile marks it as it is laid
    order = 170

    def traits(self, params: Params, traits: Traits) -> None:
        traits.transparent = True

    def on_top(self, params: Params, a: Arrival) -> None:
        """It counts as the card beneath, so a restriction it came under binds the next play
        too (docs/rulings.md, ruling 3)."""
        if a.before is not None:
            b = a.before
            a.state.pending[self.name] = Limit(a.by, b.card or a.card, b.name, b.rule, b)

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "It is see-through: the next player plays as if it were not there, on the card beneath."
        )

    def check(self, c: CardCheck) -> None:
        c.warn_never_on_pile("'transparent' never counts", self.title)
        if c.rank is not None and "wild" not in c.names:
            c.warn(
                f"a see-through {c.rank} that is not wild can only go where "
                f"{words.a_number(c.rank)} could (R5.2); expected 'wild' too, as most groups "
                "play it",
                None,
                f"A see-through {c.rank} that is not wild can only go where "
                f"{words.a_number(c.rank)} could. Most groups make it wild too.",
            )
