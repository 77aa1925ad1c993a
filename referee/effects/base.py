"""What every effect unit shares: the traits a card shows on the pile, the resolution a played
card's effects work on, and a few helpers (who is next, which zone a card comes from)."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.state import Range, Seat, State, ZoneName
from referee.variant.menu import EffectSpec, Param, Params
from referee.variant.model import Card, Variant

__all__ = ["EffectSpec", "Param", "Params", "Resolution", "Traits", "first_zone", "next_in"]


@dataclass
class Traits:
    """How a card behaves on the pile, derived from its effects (R5)."""

    wild: bool = False
    value: int | None = None  # None: a number counts its rank (a Karma card counts 0)
    restrict: Range | None = None  # the next play must be a number in this range (R5.4)
    transparent: bool = False
    one_time: bool = False
    needs_target: bool = False
    skips_chosen: bool = False  # the chosen player loses a turn, so they must still be in (R8.6)
    give_effect: str | None = None  # the effect that gives a card: `give` is judged before it
    target_rule: str = ""  # the rule of the effect that needs a chosen player
    restrict_rule: str = ""  # the rule of the effect that restricts the next play
    first_rule: str | None = None  # the rule of the card's first effect

    @property
    def takes_give(self) -> bool:
        """A play of this card may say which card is given (`give`)."""
        return self.give_effect is not None


@dataclass
class Resolution:
    """What a played card's effects may touch, and the flow events they raise."""

    state: State
    variant: Variant
    mover: int  # seat of the player who played
    card: Card
    target: int | None = None  # seat of the chosen player (`to`)
    give: Card | None = None
    # --- flow events (boardgame.io's "events"): applied by the engine after all effects ---
    play_again: bool = False
    follow_up: bool = False
    continue_from: int | None = None  # seat the turn passes from (R8.11), default the mover's
    landed: bool = False  # a card was moved onto the top of the pile (R7.1, R8.4)
    stopped: bool = False  # a dry run stopped before an effect (Game._dry_run)
    # --- words for the table (empty in a game that keeps no history) ---
    notes: list[str] = field(default_factory=list)
    quiet: bool = False  # the simulator: no words are made

    def name(self, seat: int) -> str:
        return self.state.names[seat]

    def say(self, text: str) -> None:
        if not self.quiet:
            self.notes.append(text)


def first_zone(seat: Seat) -> ZoneName | None:
    """The zone a player gives or plays a table card from, in order of play."""
    if seat.hand.count:
        return "hand"
    if seat.face_up.count:
        return "face_up"
    if seat.face_down.count:
        return "face_down"
    return None


def next_in(state: State, seat: int) -> int | None:
    """The first seat after ``seat`` (current direction) whose player is in, skips ignored."""
    n = len(state.seats)
    for k in range(1, n + 1):
        i = (seat + k * state.direction) % n
        if state.seats[i].total:
            return i
    return None
