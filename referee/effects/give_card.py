"""Give a card (R8.9): one card, chosen in order of play, goes to a chosen player's hand."""

from __future__ import annotations

from referee.effects.base import Resolution, first_zone, hand_over
from referee.effects.spec import PER_COPY, TARGET, EffectSpec, Params
from referee.table.state import ZoneCards
from referee.variant.model import Card, Variant


class GiveCard(EffectSpec):
    name = "give_card"
    title = "Give a card"
    rule = "R8.9"
    description = "Give one of your cards (in order of play) to a chosen player, as a hand card."
    help = "The player gives one of their cards to another player."
    targeted = True
    params = (TARGET, PER_COPY)
    gives_card = True  # a play may say which card (`give`)
    order = 160
    copyable = False  # a mirror never copies it: a copy cannot say which card is given (ruling 45)

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.9: one card, chosen in order of play, becomes a hand card of the chosen (or the
        next) player; per copy, one card for each (the first may be named, ``give``)."""
        to = self.aimed_at(r, params)
        if to is None:
            return
        for i in range(self.times(r, params)):
            self._give_one(r, to, r.give if i == 0 else None)

    def _give_one(self, r: Resolution, to: int, card: Card | None) -> None:
        s = r.state
        giver = s.seats[r.seat]  # the card's player, wherever they sit now (ruling 113)
        zone_name = first_zone(giver)
        if zone_name is None:
            r.say(f"{r.player} has no card left to give.")
            return
        zone = giver.zone(zone_name)
        receiver = s.seats[to].hand
        if card is None and (zone.order is not None or s.draw_cards is not None):
            # Full information (the simulator knows every card): a blind card is the next in
            # its order, else the giver's choice is their lowest card (as a careful player's).
            # Only a real table, which cannot see hands, is left not knowing what went.
            card = (
                zone.order[-1] if zone_name == "face_down" and zone.order else _lowest_known(zone)
            )
        if card is None and zone.unknown == 0 and len(zone.known) == 1:
            card = next(iter(zone.known))
        given = hand_over(s, giver, zone_name, card, receiver)
        what = "a card" if given is None else r.variant.card_name(given)
        r.say(f"{r.player} gives {what} to {r.name(to)}.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        who = "the next player" if self.arg(params, "target") == "next" else "any other player"
        return self._sheet(who, params)

    def sheet_same_player(self, params: Params, variant: Variant | None) -> str:
        """After an effect that chose the player (Take a card): one back to that player."""
        return self._sheet("that same player", params).replace("gives", "then gives", 1)

    def _sheet(self, who: str, params: Params) -> str:
        each = (
            " With several played together, one card for each."
            if self.arg(params, "count") == "per_copy"
            else ""
        )
        return (
            f"The player gives one of their cards to {who}: a hand card if they have "
            "one, otherwise a face-up card, otherwise a face-down card without looking." + each
        )


def _lowest_known(zone: ZoneCards) -> Card | None:
    return min(zone.known, key=_sort_key) if zone.known else None


def _sort_key(card: Card) -> tuple[int, int, str]:
    return (0, card, "") if isinstance(card, int) else (1, 0, card)
