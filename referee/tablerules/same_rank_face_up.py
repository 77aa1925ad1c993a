"""The same rank on from the face-up cards (docs/rulings.md, ruling 110): who lays the last hand
cards, with the draw pile gone, may at once play face-up cards of the same rank too, out of
turn, before the next player steps.

This file is the whole rule: its field, its words and its hook into the engine.
"""

from __future__ import annotations

from referee.table.state import Seat, State, ZoneName
from referee.tablerules.spec import Referee, TableRule
from referee.variant.model import Card, Variant
from referee.variant.table import switch


class SameRankFaceUp(TableRule):
    name = "same_rank_face_up"
    order = 50
    rule = "R6.1"
    declared = switch(
        "same_rank_face_up",
        "The same rank on from the face-up cards",
        "A player who lays the last hand cards, with the draw pile gone, may at once play "
        "face-up cards of the same rank too, before the next player steps.",
        "Who plays their last hand cards (draw pile gone) may add face-up cards of the same rank",
    )

    def goes_on(
        self, ref: Referee, s: State, seat: Seat, card: Card, held: tuple[int, int]
    ) -> tuple[ZoneName, int] | None:
        if seat.hand.count or s.draw_pile:
            return None
        most = ref.possible(s, card, seat.face_up)
        return ("face_up", most) if most else None

    def goes_on_words(self, by: str, card: str, next_player: str) -> str:
        return f"{by} may also play a face-up {card} before {next_player} steps."

    def sheet(self, variant: Variant) -> str:
        return (
            "When you play your last hand cards and the draw pile is gone, you may at once "
            "play face-up cards of the same rank too, before the next player goes."
        )
