"""The draw-pile gamble (docs/rulings.md, ruling 109): a player who cannot play may turn over
the top card of the draw pile instead of picking up.  It is played if it fits (R5), else picked
up with the pile, as a blind face-down card is (R7.5): a play from the draw pile (``from:
draw_pile`` in a record), one card, one that can be there (R4.3).

This file is the whole rule: its field, its words and its hooks into the engine.
"""

from __future__ import annotations

from typing import Any

from referee.effects.base import Refusal
from referee.table.state import State
from referee.tablerules.spec import Referee, TableRule
from referee.variant.model import Card, Variant
from referee.variant.table import switch
from referee.words.reasons import CanPlay, NoFacts, NotOnDrawPile, Reason, Who


class Gamble(TableRule):
    name = "gamble"
    order = 40
    declared = switch(
        "gamble",
        "The draw-pile gamble",
        "A player who cannot play may turn over the top card of the draw pile instead of "
        "picking up: it is played if it fits, else picked up with the pile.",
        "If you cannot play, you may turn over the top card of the draw pile instead of picking up",
    )
    zone = "draw_pile"
    # Only a player known to hold nothing that may go (ruling 109); ``gamble_any_time``: anyone.
    only_when_stuck = True

    def _no(self, reason: Reason, facts: Any, rule: str = "R6.2", field: str = "zone") -> Refusal:
        return Refusal(self.name, reason.value, rule, "", reason, facts, field)

    def not_now(self, ref: Referee, s: State, by: str) -> Refusal | None:
        """Why the mover may not turn over the draw pile's top card now, whatever it is: the
        variant lacks the rule, the draw pile is empty, picking up is not open (it is the
        gamble's place), a play is due at once (R8.3: rulings 109 and 158), or they are known
        to hold a card that may go."""
        if not self.value(ref.variant):
            return self._no(Reason.NO_GAMBLE, Who(by))
        if not s.draw_pile:
            return self._no(Reason.GAMBLE_DRAW_PILE_EMPTY, Who(by))
        if not ref.could_pick_up(s, by):
            return self._no(Reason.GAMBLE_NOT_NOW, Who(by))
        if s.follow_up:  # a cover that must beat a value leaves the pick-up open (ruling 157)
            return self._no(Reason.GAMBLE_OWED, Who(by), "R8.3")
        playable = ref.known_plays(s, by) if self.only_when_stuck else None
        if playable is not None:
            names = tuple(ref.variant.card_name(c) for c in playable)
            return self._no(Reason.GAMBLE_CAN_PLAY, CanPlay(by, names))
        return None

    def refuse_from_zone(
        self, ref: Referee, s: State, by: str, card: Card, k: int
    ) -> Refusal | None:
        """One card, turned over when the gamble is open, one that can be there: the known top
        card with full information, else one still unseen (R4.3)."""
        if k > 1:
            return self._no(Reason.ONE_FROM_DRAW_PILE, NoFacts(), field="play")
        refused = self.not_now(ref, s, by)
        if refused is not None:
            return refused
        known = self.zone_card(s)
        if (known is not None and known != card) or (known is None and ref.unseen(s, card) < 1):
            facts = NotOnDrawPile(by, ref.variant.card_name(card), known is not None)
            return self._no(Reason.NOT_ON_DRAW_PILE, facts, "R4.3", "play")
        return None

    def zone_card(self, s: State) -> Card | None:
        return s.draw_cards[-1] if s.draw_cards else None

    def hint(self, ref: Referee, s: State) -> dict[str, Any]:
        return {"gamble": self.not_now(ref, s, s.names[s.mover]) is None}

    def sheet(self, variant: Variant) -> str:
        return (
            "If you cannot play while the draw pile lasts, you may turn over its top card "
            "instead of picking up. If it may go on the pile, it is played. If not, you pick "
            "up the pile with it."
        )
