"""Play a table card (R8.3): the same player at once plays from the table."""

from __future__ import annotations

from referee.effects.base import EffectSpec, Params, Resolution


class PlayTableCard(EffectSpec):
    name = "play_table_card"
    title = "Play a table card"
    rule = "R8.3"
    description = (
        "The same player at once plays a table card: face-up, else one face-down, else hand."
    )
    help = "The same player plays one of their table cards straight away."
    order = 80

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.3: a follow-up play from the table is due at once (the engine checks it lapses)."""
        r.follow_up = True

    def sheet(self, params: Params, variant: object) -> str:
        return (
            "The same player must straight away play from the table: face-up cards if they "
            "have any (several of a kind may go together), otherwise one face-down card "
            "without looking, otherwise from their hand. Any value may be played."
        )

    def bot_score(self, state: object, pile_size: int) -> float | None:
        return 2.5
