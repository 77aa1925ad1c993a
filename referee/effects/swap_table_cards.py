"""Swap face-up and face-down cards (a house rule, issue 42: a choice made at the table): the
card's player names a player who is in - themself too - and that player turns their table
cards round: the face-down cards come face up, the face-up cards go face down.

The referee tracks public cards only (R4.3), so each zone's cards keep what the table knew of
them (docs/rulings.md): the face-up cards everyone saw are known where they now lie face down
(still played blind, one at a time, R4.2), and the face-down cards come up as the referee knew
them - unknown at a real table, which never tells it what they are - like the face-up cards of
a player missing from a record's ``face_up``.  With full information every card stays known.
"""

from __future__ import annotations

from referee.effects.base import Resolution
from referee.effects.spec import EffectSpec, Params
from referee.table.state import Seat, State, ZoneCards
from referee.variant.model import Card, Variant


class SwapTableCards(EffectSpec):
    name = "swap_table_cards"
    title = "Swap face-up and face-down cards"
    rule = "R9"
    description = (
        "A chosen player who is still in, the player of the card too, swaps their face-up and "
        "face-down cards: the face-down cards are turned face up, the face-up ones face down."
    )
    help = (
        "The player picks someone, themself too. That player turns their face-down cards face "
        "up and lays their face-up cards face down."
    )
    targeted = True
    chosen_may_be_self = True
    chosen_question = "Who swaps their face-up and face-down cards?"
    chosen_out = "they have no cards to swap"
    examples = ({"effect": "swap_table_cards"},)
    order = 135

    def target_must_be_in(self, params: Params) -> bool:
        return True  # a player who is out has no table cards to turn round

    def resolve(self, r: Resolution, params: Params) -> None:
        """The chosen player's face-up and face-down zones change places, each with what the
        table knew of its cards (ruling 137)."""
        seat = r.chosen_seat()
        if seat is None:
            return
        who = r.name(seat)
        zones = r.state.seats[seat]
        if not zones.face_up.count and not zones.face_down.count:
            r.say(f"{who} has no face-up or face-down cards to swap.")
            return
        swap(zones)
        r.say(f"{who} swaps their face-up and face-down cards.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "The player chooses a player who is still in, themself too. That player turns their "
            "face-down cards face up and lays their face-up cards face down. Face-down cards are "
            "still played blind."
        )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 0.5


def swap(seat: Seat) -> None:
    """Turn a seat's table cards round: the face-up cards lie face down (known, in an order a
    blind choice reads with full information), the face-down cards lie face up."""
    up, down = seat.face_up, seat.face_down
    order: list[Card] | None = None
    if down.order is not None or up.order is not None:
        order = [c for c, n in sorted(up.known.items(), key=_key) for _ in range(n)]
    seat.face_down = ZoneCards(dict(up.known), up.unknown, order)
    seat.face_up = ZoneCards(dict(down.known), down.unknown)


def _key(item: tuple[Card, int]) -> tuple[int, int, str]:
    card = item[0]
    return (0, card, "") if isinstance(card, int) else (1, 0, card)
