"""The effects registry (RULES.md R9): one small handler per effect of the menu.

Each handler does two things, both optional: it contributes *traits* that judge plays while
the card lies on the pile (wild, a value, a restriction, see-through, one-time, needs a target),
and it *resolves* when its card is played: moves change the state (the pile, the zones), while
flow changes (play again, a follow-up, a skip, reverse, where the turn continues from) are
*events* on the resolution, which the engine's turn logic then applies.  No card is known here
by its name: a Karma card or a rank power is just a list of these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee import words
from referee.state import Restriction, State, ZoneCards
from referee.variant.menu import MENU, needs_target
from referee.variant.model import Card, Effect, Variant


@dataclass
class Traits:
    """How a card behaves on the pile, derived from its effects (R5)."""

    wild: bool = False
    value: int | None = None  # None: a number counts its rank (a Karma card counts 0)
    restrict: Restriction | None = None
    transparent: bool = False
    one_time: bool = False
    needs_target: bool = False
    takes_give: bool = False
    rules: list[str] = field(default_factory=list)


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
    # --- words for the table ---
    notes: list[str] = field(default_factory=list)

    def name(self, seat: int) -> str:
        return self.state.names[seat]


TraitFn = Callable[[dict[str, Any], Traits], None]
ResolveFn = Callable[[Resolution, dict[str, Any]], None]


@dataclass(frozen=True)
class Handler:
    name: str
    traits: TraitFn | None = None
    resolve: ResolveFn | None = None


EFFECTS: dict[str, Handler] = {}


def effect(name: str, *, traits: TraitFn | None = None) -> Callable[[ResolveFn], ResolveFn]:
    """Register a resolving handler (with optional traits) for a menu effect."""

    def register(fn: ResolveFn) -> ResolveFn:
        EFFECTS[name] = Handler(name, traits, fn)
        return fn

    return register


def passive(name: str, traits: TraitFn) -> None:
    """Register an effect that only judges plays while its card lies on the pile."""
    EFFECTS[name] = Handler(name, traits, None)


# --- passive effects ---------------------------------------------------------------------


def _wild(p: dict[str, Any], t: Traits) -> None:
    t.wild = True


def _value(p: dict[str, Any], t: Traits) -> None:
    t.value = int(p["value"])


def _transparent(p: dict[str, Any], t: Traits) -> None:
    t.transparent = True


def _one_time(p: dict[str, Any], t: Traits) -> None:
    t.one_time = True


passive("wild", _wild)
passive("value", _value)
passive("transparent", _transparent)
passive("one_time", _one_time)  # the engine removes the card as it lands (R8)


# --- resolving effects --------------------------------------------------------------------


def _next_range(p: dict[str, Any], t: Traits) -> None:
    t.restrict = (p.get("min"), p.get("max"))


@effect("next_range", traits=_next_range)
def next_range(r: Resolution, p: dict[str, Any]) -> None:
    """R5.4: the next play must be a number in [min, max], or a wild card."""
    r.state.restriction = (p.get("min"), p.get("max"))


@effect("give_pile")
def give_pile(r: Resolution, p: dict[str, Any]) -> None:
    """R8.1: the whole pile becomes the chosen player's hand cards (nothing if it is empty)."""
    assert r.target is not None
    n = r.state.pile_to_hand(r.target)
    if n:
        r.notes.append(
            f"{r.name(r.mover)} gives the pile ({words.cards(n)}) to {r.name(r.target)}."
        )
    else:
        r.notes.append("The pile is empty, so there is nothing to give.")


@effect("clear_pile")
def clear_pile(r: Resolution, p: dict[str, Any]) -> None:
    """R8.5: the pile leaves the game and the same player plays again."""
    n = r.state.burn_pile()
    r.play_again = True
    r.notes.append(
        f"The pile is cleared ({words.cards(n)} out of play)." if n else "The pile is cleared."
    )


@effect("play_again")
def play_again(r: Resolution, p: dict[str, Any]) -> None:
    """The same player plays again, on top of this card (R6.6)."""
    r.play_again = True


@effect("play_table_card")
def play_table_card(r: Resolution, p: dict[str, Any]) -> None:
    """R8.3: a follow-up play from the table is due at once (the engine checks it lapses)."""
    r.follow_up = True


@effect("bottom_to_top")
def bottom_to_top(r: Resolution, p: dict[str, Any]) -> None:
    """R8.4: the bottom card goes on top; the engine judges runs and restrictions on it."""
    s = r.state
    if len(s.pile) > 1:
        card = s.pile.pop(0)
        s.pile.append(card)
        r.landed = True
        r.notes.append(f"The bottom card ({r.variant.card_name(card)}) moves to the top.")


@effect("skip")
def skip(r: Resolution, p: dict[str, Any]) -> None:
    """R8.6: a player loses their next turn; the skip belongs to the person."""
    s = r.state
    if p.get("target", "chosen") == "chosen":
        assert r.target is not None
        seat: int | None = r.target
    else:
        seat = next_in(s, r.mover)
    if seat is None:
        return
    who = s.names[seat]
    s.skips[who] = s.skips.get(who, 0) + 1
    r.notes.append(f"{who} will lose their next turn.")


@effect("reverse")
def reverse(r: Resolution, p: dict[str, Any]) -> None:
    r.state.direction = -r.state.direction
    r.notes.append("The direction of play is reversed.")


@effect("pass_hands")
def pass_hands(r: Resolution, p: dict[str, Any]) -> None:
    """R8.8: every seat passes its hand; right is the previous seat clockwise."""
    s = r.state
    hands = [seat.hand for seat in s.seats]
    shift = -1 if p.get("direction", "right") == "right" else 1
    n = len(hands)
    for i, hand in enumerate(hands):
        s.seats[(i + shift) % n].hand = hand
    r.notes.append(f"Everyone passes their hand to the {p.get('direction', 'right')}.")


@effect("exchange_hands")
def exchange_hands(r: Resolution, p: dict[str, Any]) -> None:
    """R8.10: swap hand cards with the chosen player, even when a hand is empty."""
    assert r.target is not None
    a, b = r.state.seats[r.mover], r.state.seats[r.target]
    a.hand, b.hand = b.hand, a.hand
    r.notes.append(f"{r.name(r.mover)} and {r.name(r.target)} swap hands.")


@effect("swap_seats")
def swap_seats(r: Resolution, p: dict[str, Any]) -> None:
    """R8.11: two people trade seats, each taking over the cards lying there."""
    assert r.target is not None
    s = r.state
    mover_name, target_name = s.names[r.mover], s.names[r.target]
    s.names[r.mover], s.names[r.target] = target_name, mover_name
    r.continue_from = r.mover  # play continues after the seat where the card was played
    r.notes.append(f"{mover_name} and {target_name} trade seats.")


@effect("rotate_seats")
def rotate_seats(r: Resolution, p: dict[str, Any]) -> None:
    """Everyone leaves their cards and moves one seat; left is the next seat clockwise."""
    s = r.state
    shift = 1 if p.get("direction", "left") == "left" else -1
    n = len(s.names)
    old = list(s.names)
    for i, who in enumerate(old):
        s.names[(i + shift) % n] = who
    r.continue_from = r.mover
    r.notes.append(f"Everyone moves one seat to the {p.get('direction', 'left')}.")


def _give_card_traits(p: dict[str, Any], t: Traits) -> None:
    t.takes_give = True


@effect("give_card", traits=_give_card_traits)
def give_card(r: Resolution, p: dict[str, Any]) -> None:
    """R8.9: one card, chosen in order of play, becomes a hand card of the chosen player."""
    assert r.target is not None
    s = r.state
    giver = s.seats[r.mover]
    zone_name = first_zone(giver)
    if zone_name is None:
        r.notes.append(f"{r.name(r.mover)} has no card left to give.")
        return
    zone = giver.zone(zone_name)
    receiver = s.seats[r.target].hand
    card = r.give
    if card is None and zone.order is not None:
        card = zone.order[-1] if zone_name == "face_down" else _any_known(zone)
    if card is None and zone.unknown == 0 and len(zone.known) == 1:
        card = next(iter(zone.known))
    if card is not None:
        if zone.take(card, 1):
            s.see(card)
        receiver.add_known(card)
        what = r.variant.card_name(card)
    elif not zone.known:
        zone.take_unknown(1)
        receiver.add_unknown(1)
        what = "a card"
    else:
        # The table cannot tell which card went: forget what it knew of that zone, so that no
        # later play is wrongly refused (R4.3 is a bound on what a player *may* hold).
        for c, n in zone.known.items():
            s.seen[c] = s.seen.get(c, 0) - n
        forgotten = ZoneCards(unknown=zone.count - 1)
        setattr(giver, zone_name, forgotten)
        receiver.add_unknown(1)
        what = "a card"
    r.notes.append(f"{r.name(r.mover)} gives {what} to {r.name(r.target)}.")


def _any_known(zone: ZoneCards) -> Card | None:
    return min(zone.known, key=_sort_key) if zone.known else None


def _sort_key(card: Card) -> tuple[int, int, str]:
    return (0, card, "") if isinstance(card, int) else (1, 0, card)


# --- shared helpers ------------------------------------------------------------------------


def first_zone(seat: Any) -> str | None:
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


def traits_of(effects: tuple[Effect, ...], karma: bool) -> Traits:
    """Combine a card's effects into its traits. Karma cards are wild and count 0 (R5.3-R5.4)."""
    t = Traits(wild=karma, value=0 if karma else None)
    for e in effects:
        handler = EFFECTS[e.name]
        if handler.traits is not None:
            handler.traits(dict(e.params), t)
        if needs_target(e.name, dict(e.params)):
            t.needs_target = True
        t.rules.append(MENU[e.name].rule)
    return t


def resolve(r: Resolution, effects: tuple[Effect, ...], stop_at: str | None = None) -> bool:
    """Resolve a play's effects once, in the order the card lists them (R8).

    With ``stop_at``, stop just before that effect and return True: the engine's dry run, so
    that a choice (the card given, the player chosen) is judged against the state that effect
    will actually see, after the card's earlier effects (a pass or an exchange of hands).
    """
    for e in effects:
        if e.name == stop_at:
            return True
        handler = EFFECTS[e.name]
        if handler.resolve is not None:
            handler.resolve(r, dict(e.params))
    return False


missing = set(MENU) - set(EFFECTS)
assert not missing, f"effects on the menu without a handler: {sorted(missing)}"
