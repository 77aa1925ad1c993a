"""Tiny helpers for the plain words the referee says at the table."""


def cards(n: int) -> str:
    """'1 card', '3 cards'."""
    return f"{n} card" if n == 1 else f"{n} cards"
