"""Small helpers the parts of a game share: which zone a follow-up comes from, and how strong a
card is when a full-information deal sorts a player's cards."""

from __future__ import annotations

from referee.state import Seat, ZoneName
from referee.variant.model import Card


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
