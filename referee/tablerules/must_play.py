"""Must play if able (issue 31.2, docs/rulings.md ruling 67): a player who can play may not
pick up the pile instead (R6.2 changed).  The referee holds against the player only what the
table has seen (R4.3): a known card in the zone due that it would let go; a face-down card may
always be turned over.

This file is the whole rule: its field, its words and its hooks into the engine.
"""

from __future__ import annotations

from referee.effects.base import Refusal
from referee.table.state import State
from referee.tablerules.spec import Referee, TableRule
from referee.variant.model import Variant
from referee.variant.table import switch
from referee.words.reasons import CanPlay, Reason


class MustPlay(TableRule):
    name = "must_play"
    order = 10
    declared = switch(
        "must_play",
        "Must play if able",
        "A player who can play may not pick up the pile instead (R6.2 changed).",
        "You must play if you can (pick up only when nothing you hold may go)",
    )
    instead = True
    plays_close_pick_up = True

    def refuse_pick_up(self, ref: Referee, s: State, by: str) -> Refusal | None:
        playable = ref.known_plays(s, by)
        if playable is None:
            return None
        names = tuple(ref.variant.card_name(c) for c in playable)
        return Refusal(self.name, self.name, self.rule, "", Reason.MUST_PLAY, CanPlay(by, names))

    def sheet(self, variant: Variant) -> str:
        return (
            "If you can play, you must: pick up the whole pile into your hand only when nothing "
            "you hold may go (a face-down card may always be turned over). Your turn ends and "
            "the next player starts a new pile."
        )
