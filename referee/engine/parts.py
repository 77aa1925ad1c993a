"""Small helpers the parts of a game share: which zone a follow-up comes from (the effects' own
``table_zone``), and how strong a card is when a full-information deal sorts a player's cards."""

from __future__ import annotations

from referee.effects.base import table_zone
from referee.variant.model import Card


def strength(card: Card) -> tuple[int, int]:
    """Karma cards count strongest; numbers by their rank (the full-information deal)."""
    return (1, 0) if isinstance(card, str) else (0, card)


__all__ = ["strength", "table_zone"]
