"""A game record as the project holds it (GAME-RECORDS.md): its values, the error a malformed
one raises, and how messages quote what it says."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from referee.engine import Position, Step
from referee.files.yamlsafe import Problem
from referee.variant.model import Card, Variant


class RecordError(Exception):
    """A record that cannot be read or is malformed; ``problems`` are located."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class RecordStep:
    """One entry of ``steps``: a step with its expectation, or a ``check``."""

    number: int  # 1-based, checks included
    line: int
    step: Step | None = None
    expect: str = "legal"
    check: dict[str, Any] | None = None
    says: tuple[str, ...] = ()  # words the referee must say for the step (a project addition)
    rule: str | None = None  # the rule its verdict must cite (a project addition)


@dataclass
class Record:
    filename: str
    variant: Variant
    variant_ref: str | None  # a built-in id or the path as written; None when inline
    players: tuple[str, ...]
    face_up: dict[str, tuple[Card, ...]] | None = None
    start: Position | None = None
    turned_up: Card | None = None  # the card turned up to start the pile (docs/records.md)
    thrown: dict[str, tuple[Card, ...]] | None = None  # the cards thrown in (docs/records.md)
    # The starting card the starter holds, or NONE_HELD (docs/records.md, ruling 167).
    opening_card: tuple[int, str] | None = None
    steps: list[RecordStep] = field(default_factory=list)
    name: str = ""
    description: str = ""


def yaml_words(value: Any) -> str:
    """A value as a record would write it (``null``, ``[Ann, Ben]``, ``'7'``), not as Python
    prints it (``None``, ``['Ann', 'Ben']``): messages speak the record's language."""
    if isinstance(value, tuple):
        value = list(value)
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1 << 20)
    return text.strip().removesuffix("...").strip()
