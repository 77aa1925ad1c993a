"""Steps, verdicts and outcomes: small immutable values, like python-chess's Move."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import NamedTuple

from referee.table.setup import NONE_HELD as NONE_HELD
from referee.table.setup import SetupError as SetupError
from referee.table.setup import Told as Told
from referee.table.state import Restriction, ZoneName
from referee.variant.model import Card
from referee.words.reasons import Facts, NoFacts, Reason
from referee.words.sentences import verdict_line

ZONES: tuple[ZoneName, ...] = ("hand", "face_up", "face_down")
DRAW_PILE = "draw_pile"
"""Where a play comes from when a table rule lets a player who cannot play turn over the draw
pile's top card (``TableRules.gamble``, docs/rulings.md, ruling 109): not a player's zone."""
BLIND = ("face_down", DRAW_PILE)
"""Where a card is turned over whatever it is, and picked up with the pile if it misses (R7.5)."""


class Play(NamedTuple):
    """One or more identical cards from one zone (R4.1); `to` is the chosen player, `give` the
        card given (R8.9); `suit` the suit the play shows, where the pack's suits count (issue 42,
        ruling 149; None: none shown); `named` the number a card that its player names counts as (a
        record's ``as``, docs/rulings.md, ruling 153); `limit` higher or lower, as the player of a
    card that asks it says (a record's ``limit``, ruling 171).

        Steps are tuples: immutable, hashable and cheap to make, as the simulator makes millions.
    """

    by: str
    cards: tuple[Card, ...]
    zone: str = "hand"
    to: str | None = None
    give: Card | None = None
    suit: str | None = None
    named: int | None = None
    limit: str | None = None


class PickUp(NamedTuple):
    """The mover picks up the whole pile (R6.2); ``take`` is the face-up card they also take
    where the table rule says so (``TableRules.take_face_up``, docs/rulings.md, ruling 108),
    ``copies`` how many of it (more than one where ``take_face_up_rank`` says so, ruling 141).
    ``to`` and ``give``: a chosen player or a card given that a record names on a pick-up,
    which takes neither: well-formed, but an illegal step naming the field (GAME-RECORDS.md,
    ruling 174)."""

    by: str
    take: Card | None = None
    copies: int = 1
    to: str | None = None
    give: Card | None = None


Step = Play | PickUp


@dataclass(frozen=True, slots=True)
class Verdict:
    """The referee's word on a proposed step (R11.1).

    The engine decides ``legal``, the ``rule`` it cites, a ``reason`` (``referee.words.reasons``)
    and its typed facts (``data``); ``message`` and ``instead`` (what the mover may do now, on
    every illegal verdict) are their words, made by ``referee.words.sentences`` for the variant at hand.
    """

    legal: bool
    rule: str = ""
    message: str = ""
    instead: str = ""
    field: str | None = None  # the record field at fault, when there is one
    reason: Reason | None = None
    data: Facts = dataclasses.field(default_factory=NoFacts)

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return verdict_line(self)  # the rule as a trailing tag: '… [R5.2]'


class IllegalStep(ValueError):
    """Raised by Game.push for a step the rules do not allow; carries the verdict."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(str(verdict))
        self.verdict = verdict


class Outcome(NamedTuple):
    """What happens after an accepted step, as data and as words (R11.2)."""

    step: Step
    messages: tuple[str, ...] = ()
    burned: bool = False  # a run burned the pile (R7.1)
    removed: int = 0  # cards that left the game in this step
    picked_up: int = 0
    draws: tuple[tuple[str, int], ...] = ()
    next_player: str | None = None
    plays_again: bool = False
    follow_up: bool = False
    restriction: Restriction | None = None
    skipped: tuple[str, ...] = ()
    went_out: tuple[str, ...] = ()
    came_in: tuple[str, ...] = ()
    loser: str | None = None
    hint: str = ""

    @property
    def text(self) -> str:
        return " ".join(self.messages)


@dataclass(frozen=True)
class Position:
    """A game under way (R2.4, GAME-RECORDS.md `start`)."""

    turn: str
    pile: tuple[Card, ...] = ()
    draw_pile: int = 0
    hand: dict[str, int] = field(default_factory=dict)
    face_up: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    face_down: dict[str, int] = field(default_factory=dict)
    # The players whose face-up cards the start does not show (GAME-RECORDS.md: a player
    # missing from `face_up`): how many each holds, none of them known (R4.3).
    face_up_unknown: dict[str, int] = field(default_factory=dict)
    # Who played the pile's top card, when the start says so (docs/records.md): a demand it
    # makes ("answer it or pick up") binds everyone but them.  None: nobody at the table is
    # known to have played it, so it binds the first step, whoever takes it (ruling 7).
    top_played_by: str | None = None
