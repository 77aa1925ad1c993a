"""What every effect unit shares: the traits a card shows on the pile, the resolution a played
card's effects work on, the proposal a unit's own check reads and the refusal it answers, and a
few helpers (who is next, which zone a card comes from)."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.state import Range, Seat, State, ZoneName
from referee.variant.model import Card, Variant

__all__ = ["Proposal", "Refusal", "Resolution", "Traits", "first_zone", "next_in"]


@dataclass
class Traits:
    """How a card behaves on the pile, derived from its effects (R5)."""

    wild: bool = False
    value: int | None = None  # None: a number counts its rank (a Karma card counts 0)
    restrict: Range | None = None  # the next play must be a number in this range (R5.4)
    transparent: bool = False
    leaves_game: bool = False  # removed as it resolves, never on the pile (a unit's leaves_game)
    needs_target: bool = False
    # The chosen player must still be in (an effect that acts on their turn, R8.6).
    chosen_must_be_in: bool = False
    checked: bool = False  # one of its effects checks plays of it (EffectSpec.refuse_own)
    # On top of the pile, it may let a player step out of turn (EffectSpec.lets_in).
    lets_in: bool = False
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
    stopped: bool = False  # a dry run stopped before an effect (Game._state_at)
    # --- words for the table (empty in a game that keeps no history) ---
    notes: list[str] = field(default_factory=list)
    quiet: bool = False  # the simulator: no words are made

    def name(self, seat: int) -> str:
        return self.state.names[seat]

    def say(self, text: str) -> None:
        if not self.quiet:
            self.notes.append(text)


@dataclass(frozen=True, slots=True)
class Proposal:
    """A proposed play, as an effect unit's own check sees it (``EffectSpec.refuse``,
    ``EffectSpec.refuse_own``): read only, judged before anything changes."""

    state: State
    variant: Variant
    by: str
    seat: int  # the mover's seat
    card: Card
    k: int  # how many copies
    zone: ZoneName

    @property
    def left_after(self) -> int:
        """The cards the mover holds once this play has left their zone."""
        return self.state.seats[self.seat].total - self.k

    @property
    def could_pick_up(self) -> bool:
        """Whether picking up the pile is open to the mover instead (R6.2, R6.3, R8.3)."""
        return bool(self.state.pile) and not self.state.follow_up


@dataclass(frozen=True, slots=True)
class Refusal:
    """An effect unit's answer to a proposal it does not allow: its own reason ``code`` and its
    words, and the rule they cite; the engine makes it a verdict (``Reason.HOUSE_RULE``)."""

    effect: str
    code: str
    rule: str
    words: str


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
