"""Give a card (R8.9): one card, chosen in order of play, goes to a chosen player's hand."""

from __future__ import annotations

from referee.effects.base import Resolution, first_zone
from referee.effects.spec import EffectSpec, Params
from referee.state import ZoneCards
from referee.variant.model import Card, Variant


class GiveCard(EffectSpec):
    name = "give_card"
    title = "Give a card"
    rule = "R8.9"
    description = "Give one of your cards (in order of play) to a chosen player, as a hand card."
    help = "The player gives one of their cards to another player."
    targeted = True
    gives_card = True  # a play may say which card (`give`)
    order = 160

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.9: one card, chosen in order of play, becomes a hand card of the chosen player."""
        assert r.target is not None
        s = r.state
        giver = s.seats[r.mover]
        zone_name = first_zone(giver)
        if zone_name is None:
            r.say(f"{r.name(r.mover)} has no card left to give.")
            return
        zone = giver.zone(zone_name)
        receiver = s.seats[r.target].hand
        card = r.give
        if card is None and zone.order is not None:
            card = zone.order[-1] if zone_name == "face_down" else _lowest_known(zone)
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
            # The table cannot tell which card went: forget what it knew of that zone, so that
            # no later play is wrongly refused (R4.3 bounds what a player *may* hold).
            for c, n in zone.known.items():
                s.seen[c] = s.seen.get(c, 0) - n
            setattr(giver, zone_name, ZoneCards(unknown=zone.count - 1))
            receiver.add_unknown(1)
            what = "a card"
        r.say(f"{r.name(r.mover)} gives {what} to {r.name(r.target)}.")

    def sheet(self, params: Params, variant: Variant | None) -> str:
        return (
            "The player gives one of their cards to any other player: a hand card if they have "
            "one, otherwise a face-up card, otherwise a face-down card without looking."
        )


def _lowest_known(zone: ZoneCards) -> Card | None:
    return min(zone.known, key=_sort_key) if zone.known else None


def _sort_key(card: Card) -> tuple[int, int, str]:
    return (0, card, "") if isinstance(card, int) else (1, 0, card)
