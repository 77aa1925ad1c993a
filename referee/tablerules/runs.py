"""Runs of consecutive ranks laid together (issue 42, docs/rulings.md ruling 166; SHCOM: "more
than one card ... if they are in sequence").

R4.1 lets a play hold several copies of one card only.  At a table that plays runs, a play may
also be ``runs`` or more number cards of consecutive ranks, each once, laid lowest first from
one zone (the hand, or the face-up cards once the hand is gone; never face-down cards, which go
one at a time, R4.2), with no wrap-around (a King, an Ace and a 2 are no run) and no Karma card
or joker in it.  A run is judged by its lowest card, as that card played alone would be (R5,
a restriction included: R5.4); it counts as its top card for the next play (R5.2).  Only plain
cards stand inside a run: a number with powers may only end it, and its powers happen once, as
if it had been played alone on the card below it.  A run never burns (R7.1 reads the identical
cards on top, and its top card differs from the one below it).

This file is the whole rule's shape: its field, its words, its check, and the check of a run's
cards (``refuse_run``) that the one filter (``referee.engine.legality.Rules``) asks; the engine
lays a run (``referee.engine.game.Game``) and lists the runs held (``referee.engine.choices``:
the legal steps, and the runs the tablet offers on the card each ends with, ``run_starts``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.effects.base import Refusal
from referee.tablerules.spec import TableRule
from referee.variant.declare import Int
from referee.variant.model import Card, Variant
from referee.variant.table import TableCheck
from referee.words import and_list


def is_run(cards: Sequence[Card]) -> bool:
    """Whether a play's cards are not all the same card (a run, where runs are played)."""
    return len(cards) > 1 and cards[0] != cards[-1]


class Runs(TableRule):
    name = "runs"
    order = 1000  # last: a new table rule, drawn after the others by the random variants
    rule = "R4.1"
    place = "play"
    declared = Int(
        key="runs",
        title="Runs",
        about="A run of this many number cards or more in a row (4, 5, 6) may be laid "
        "together, lowest first. It goes on the pile as its lowest card would and counts as "
        "its top card. Leave it out for no runs.",
        label="Runs of cards in a row: the shortest",
        lo=2,
        hi=13,
        optional=True,
        empty="no runs",
        examples=(3,),
    )

    def shortest_run(self, variant: Variant) -> int:
        value = self.value(variant)
        return value if isinstance(value, int) else 0

    def refuse_run(self, variant: Variant, cards: Sequence[Card], by: str) -> Refusal | None:
        """The check of a run's own cards: long enough, number cards only, each once, in a row
        lowest first, and a card with powers only at the end (None: a run it allows)."""
        n = self.shortest_run(variant)
        if not n:  # asked only where runs are played
            return None
        odd = next((c for c in cards if not isinstance(c, int)), None)
        if odd is not None:
            name = variant.card_name(odd)
            return self._no(f"{name} may not go in a run: a run is number cards only.")
        numbers = [c for c in cards if isinstance(c, int)]
        if any(b != a + 1 for a, b in zip(numbers, numbers[1:], strict=False)):
            if sorted(set(numbers)) == sorted(numbers) and _in_a_row(sorted(numbers)):
                lowest = variant.card_name(min(numbers))
                return self._no(f"a run is laid lowest first, from the {lowest} up.")
            names = and_list([variant.card_name(c) for c in cards])
            return self._no(f"{names} are not cards in a row, so they are not a run.")
        if len(cards) < n:
            names = and_list([variant.card_name(c) for c in cards])
            return self._no(
                f"a run here is at least {n} cards in a row; {names} are only {len(cards)}."
            )
        inside = next((c for c in cards[:-1] if variant.effects_of(c)), None)
        if inside is not None:
            name = variant.card_name(inside)
            return self._no(f"{name} has a power, so it may only end a run, not go inside it.")
        return None

    def _no(self, words: str) -> Refusal:
        return Refusal(self.name, self.name, self.rule, words, field="play")

    def sheet(self, variant: Variant) -> str:
        n = self.shortest_run(variant)
        return (
            f"You may lay a run of {n} or more cards in a row (say 4, 5, 6) together, lowest "
            "first, from one place. It goes on the pile as its lowest card would, and the next "
            "player must beat its top card. A card with a power may only end a run; its power "
            "happens once. No Karma card or joker in a run, no King-Ace-2, and a run never "
            "burns the pile."
        )

    def check(self, c: TableCheck) -> None:
        n = c.value if isinstance(c.value, int) else 0
        ranks = c.view.get("ranks")
        if not n or not isinstance(ranks, Mapping):
            return
        low, high = ranks.get("low"), ranks.get("high")
        if isinstance(low, int) and isinstance(high, int):
            count = high - low + 1
        elif c.pack is not None:
            count = len(c.pack.ranks)
        else:
            return
        if n > count:
            c.warn(
                f"runs of {n} cards need {n} ranks in a row, but the deck has {count}; "
                "expected a shorter run",
                f"The deck has only {count} number ranks, so a run of {n} can never be laid.",
            )


def _in_a_row(numbers: Sequence[int]) -> bool:
    return all(b == a + 1 for a, b in zip(numbers, numbers[1:], strict=False))
