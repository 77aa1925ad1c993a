"""Take a card (a house rule, issue 42: a choice made at the table): the card's player takes one
card from a chosen player, in that player's order of play - a hand card if they have one, else a
face-up card, else a face-down card - without looking where the cards are hidden.

It is Give a Card (R8.9) turned round, and what the table knows follows it the same way
(docs/rulings.md): the card taken is known only where the table can tell which it is (every
card it could be is the same card, or full information); otherwise the taker holds one more
card nobody named, and the referee forgets what it knew of the zone it came from (R4.3 bounds
what a player *may* hold, so no later play is wrongly refused).  "And gives one back" is this
effect followed by Give a Card on the same card: both act on the one chosen player, the gift
after the take, so a play may name the card given back (``give``).
"""

from __future__ import annotations

from referee.effects.base import Resolution, first_zone, hand_over
from referee.effects.spec import PER_COPY, TARGET, EffectSpec, Params
from referee.table.state import State, ZoneCards, ZoneName
from referee.variant.model import Card, Variant


class TakeCard(EffectSpec):
    name = "take_card"
    title = "Take a card"
    rule = "R9"
    description = (
        "Take one card from a chosen player who is still in, without looking: a hand card if "
        "they have one, otherwise a face-up card, otherwise a face-down card."
    )
    help = (
        "The player takes one card from another player, without looking at their hand. Add "
        "Give a card after it to give one back."
    )
    targeted = True
    params = (TARGET, PER_COPY)
    chosen_out = "they have no cards to take"
    shares_chosen = frozenset({"give_card"})  # "and gives one back": to the same player
    examples = ({"effect": "take_card"},)
    order = 158  # just before Give a card, which often follows it ("and give one back")
    copyable = False  # a mirror never copies it: a copy cannot name a player (ruling 45)

    def target_must_be_in(self, params: Params) -> bool:
        return self.needs_target(params)  # a player who is out has no card to take

    def resolve(self, r: Resolution, params: Params) -> None:
        """One card (per copy, one for each) from the chosen (or the next) player, in their
        order of play, into the taker's hand (ruling 140)."""
        seat = self.aimed_at(r, params)
        if seat is None:
            return
        for _ in range(self.times(r, params)):
            _take_one(r, seat)

    def sheet(self, params: Params, variant: Variant | None) -> str:
        who = "the next player" if self.arg(params, "target") == "next" else "another player"
        each = (
            " With several played together, one card for each."
            if self.arg(params, "count") == "per_copy"
            else ""
        )
        return (
            f"The player takes one card from {who}, without looking: a hand card if they have "
            "one, otherwise a face-up card, otherwise a face-down card." + each
        )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 0.5  # one more card to lose: worth little on its own


def _take_one(r: Resolution, seat: int) -> None:
    s = r.state
    victim = s.seats[seat]
    who = r.name(seat)
    zone_name = first_zone(victim)
    if zone_name is None:
        r.say(f"{who} has no card left to take.")
        return
    taker = s.seats[r.seat].hand  # the card's player, wherever they sit now (ruling 113)
    card = _which(s, victim.zone(zone_name), zone_name, seat)
    taken = hand_over(s, victim, zone_name, card, taker)
    what = "a card" if taken is None else r.variant.card_name(taken)
    r.say(f"{r.player} takes {what} from {who}.")


def _which(s: State, zone: ZoneCards, zone_name: ZoneName, seat: int) -> Card | None:
    """The card taken, where the table can tell: every card it could be is the same card; or,
    with full information, a face-down card in its blind order, the best face-up card (in view,
    the taker's choice), or a hand card drawn blind by the table as it lies: one of them by the
    pile and the victim's seat, which a dry run of the play sees as the play itself does (the
    mover did not: the filter's dry run and the play took different cards, and a card given
    back after a seat move was judged against the wrong hand)."""
    if zone.unknown:
        return None
    if len(zone.known) == 1:
        return next(iter(zone.known))
    if s.draw_cards is None and zone.order is None:
        return None  # a real table: several cards it could be
    if zone_name == "face_down" and zone.order:
        return zone.order[-1]
    cards = sorted(zone.known, key=_sort_key)
    if zone_name == "face_up":
        return cards[-1]
    return cards[(len(s.pile) + s.out_of_play + seat) % len(cards)]


def _sort_key(card: Card) -> tuple[int, int, str]:
    return (0, card, "") if isinstance(card, int) else (1, 0, card)
