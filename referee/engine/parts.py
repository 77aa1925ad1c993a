"""What the parts of a game share: its attributes and the few helpers every part reads.

``Game`` is put together from three parts, each in its own module so that each reads on its
own: legality (``legality.Legality``: explain, hint, legal_steps), turn flow
(``flow.TurnFlow``: draws, skips, the next player, the end) and history (``history.History``:
push, undo, one redo stack).  ``game.Game`` sets the table up and applies a step.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from referee.effects import Resolution, Traits
from referee.engine.steps import Outcome, Play, Step, Verdict
from referee.state import Restriction, Seat, State, ZoneName
from referee.variant.model import Card, Variant
from referee.wording import Voice

if TYPE_CHECKING:
    from referee.engine.fast import FastTables
    from referee.engine.flow import Flow


class GameParts:
    """The attributes of a game, declared once for every part (set in ``Game.__init__``)."""

    variant: Variant
    state: State
    decks: int
    full_information: bool
    keep_history: bool
    players: tuple[str, ...]
    _traits: dict[Card, Traits]
    _copies: dict[Card, int]
    _fast: FastTables
    _voice: Voice
    _done: list[tuple[Step, State, Outcome]]
    _undone: list[Step]

    if TYPE_CHECKING:  # provided by the other parts

        @property
        def top(self) -> Card | None: ...
        def zone_to_play(self) -> str | None: ...
        def explain(self, step: Step) -> Verdict: ...
        def hint(self) -> str: ...
        def top_value(self) -> int | None: ...
        def restriction_of(self, card: Card) -> Restriction | None: ...
        def _fits_ok(self, card: Card, value: int | None) -> bool: ...
        def _apply(self, step: Step) -> Outcome: ...
        def _dry_run(self, step: Play, effect_name: str) -> AbstractContextManager[bool]: ...
        def _play(
            self,
            step: Play,
            origin: int,
            notes: list[str],
            flow: Flow,
            stop_at: str | None = None,
        ) -> Resolution | None: ...


def table_zone(seat: Seat) -> ZoneName:
    """R8.3: the follow-up comes from face-up, else face-down, else the hand."""
    if seat.face_up.count:
        return "face_up"
    if seat.face_down.count:
        return "face_down"
    return "hand"


def strength(card: Card) -> tuple[int, int]:
    """Karma cards count strongest; numbers by their rank (the full-information deal)."""
    return (1, 0) if isinstance(card, str) else (0, card)
