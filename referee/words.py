"""Tiny helpers for the plain words the referee says at the table."""


def cards(n: int) -> str:
    """'1 card', '3 cards'."""
    return f"{n} card" if n == 1 else f"{n} cards"


NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def copies(k: int, name: str) -> str:
    """'7', 'two 7s', 'three Five or Below cards': what a play puts down, said aloud."""
    if k == 1:
        return name
    count = NUMBERS[k] if k < len(NUMBERS) else str(k)
    return f"{count} {name}s" if name.isdigit() else f"{count} {name} cards"
