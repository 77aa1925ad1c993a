"""Conditions on an effect (issue 42): ``when:`` on any effect of a card, one unit per condition.

An effect entry of a variant file may carry a condition - ``{effect: clear_pile, when: {pile:
empty}}`` - and then happens only when it holds: a condition composes with every effect that
acts as its card is played, instead of one keyword per effect.  Each condition is one unit, a
module of this package (a subclass of :class:`Condition`): its declaration (a field of the
``when`` mapping: key, kind, bounds, words), its test against the moment of the play
(:class:`Moment`) and its plain words for the rules sheet, the Design page and the verdicts.
Several keys in one ``when`` must all hold.

The engine asks a condition in one place per hook (``Resolution.happens`` for the effects that
act after a play, ``Arrival.happens`` for what a card carries over as it comes on top - a
restriction it sets while it lies there, asked of the play that laid it -
``referee.engine.pile.Pile.fit`` for those that decide where a card may go, the filter's own
checks for ``refuse_own``), always through :func:`holds`.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple

from referee.variant.declare import Field, node

__all__ = [
    "CONDITIONS",
    "by_play",
    "Condition",
    "Moment",
    "holds",
    "said",
    "suited",
    "tame",
    "when_schema",
]


class Moment(NamedTuple):
    """What a condition may read of a play, as it is made: cheap facts of the state."""

    pile_empty: bool  # the pile held no card as the play was made
    # How many cards the play lays (None: not known, the R5 check by the pile's view alone).
    cards: int | None
    zone: str | None = None  # where the play comes from: hand, face_up, face_down (None: not known)
    first: bool = False  # the first play of the game (a fresh deal, no step taken yet)
    # The card goes right on a card just like it: the pile's top as the play is made, as it
    # lies (None: not known).
    on_same: bool | None = None
    # The suit the play shows, where the pack's suits count (issue 42; None: no suit shown,
    # or a card moved or lying at a start, whose suit the table did not see).
    suit: str | None = None


class Condition:
    """One condition a ``when`` mapping may name: its field (the key and its value's kind),
    its test and its words.  Defining a subclass with a ``field`` registers it."""

    field: ClassVar[Field]
    order: ClassVar[int] = 1000
    # Whether the one R5 check may ask it: what it reads is shown by the pile's view (the fast
    # tables keep that check's answers per view), so an effect that decides where a card may
    # go (wild, only_on, ...) may hang on it.
    by_view: ClassVar[bool] = True
    # Whether it reads a card's suit: only a variant whose pack's suits count may name it
    # (``ranks: {pack: ordinary, suits: true}``).
    suited: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        key = cls.field.key
        if key in _UNITS:
            raise ValueError(f"two conditions are called {key!r}")
        _UNITS[key] = cls()
        CONDITIONS.clear()
        CONDITIONS.update({u.field.key: u for u in sorted(_UNITS.values(), key=_place)})

    @property
    def key(self) -> str:
        return self.field.key

    def test(self, value: Any, m: Moment) -> bool | None:
        """Whether it holds for this play; None: the moment does not show it (a ``by_view``
        condition always tells)."""
        raise NotImplementedError

    def words(self, value: Any) -> str:
        """Its plain words after "only when": 'the pile is empty'."""
        raise NotImplementedError

    def words_of_key(self) -> str:
        """What it is about, in plain words: 'the number of cards played'."""
        return self.field.title.lower()


_UNITS: dict[str, Condition] = {}
CONDITIONS: dict[str, Condition] = {}
"""Every condition by its key, in order."""


def _place(u: Condition) -> tuple[int, str]:
    return (u.order, u.field.key)


def holds(when: Mapping[str, Any], m: Moment, unknown: bool = False) -> bool:
    """Whether every condition of a ``when`` holds for this play: the one test the engine
    asks (an empty ``when``: always).  ``unknown``: the answer of a condition the moment does
    not show (the R5 check by the pile's view alone, without the number of cards: it answers
    for *some* play, and the filter asks again with the play)."""
    for k, v in when.items():
        said = CONDITIONS[k].test(v, m)
        if not (unknown if said is None else said):
            return False
    return True


def suited(when: Mapping[str, Any]) -> list[str]:
    """The conditions of a ``when`` that read a card's suit (issue 42)."""
    return [k for k in when if k in CONDITIONS and CONDITIONS[k].suited]


def by_play(when: Mapping[str, Any]) -> bool:
    """Whether a ``when`` reads something the pile's view does not show (the play's size, the
    zone it comes from)."""
    return any(not CONDITIONS[k].by_view for k in when if k in CONDITIONS)


def said(when: Mapping[str, Any]) -> str:
    """The plain words of a ``when``: 'only when the pile is empty and 2 cards are played'."""
    parts = [u.words(when[k]) for k, u in CONDITIONS.items() if k in when]  # in their order
    return "only when " + " and ".join(parts) if parts else ""


def tame(raw: object) -> dict[str, Any]:
    """The conditions of a draft ``when`` that are of the kind declared (others dropped)."""
    if not isinstance(raw, Mapping):
        return {}
    out = {}
    for k, v in raw.items():
        unit = CONDITIONS.get(k) if isinstance(k, str) else None
        if unit is not None and unit.field.tame(v) == v and v is not None:
            out[k] = v
    return out


def when_schema() -> dict[str, Any]:
    """The schema of a ``when`` mapping (``#/$defs/when``), from the conditions' fields."""
    return node(
        "When",
        "Only when this holds does the effect happen (every condition listed must hold).",
        type="object",
        properties={u.key: u.field.schema() | {"title": u.key} for u in CONDITIONS.values()},
        additionalProperties=False,
        x_expected="conditions: " + ", ".join(CONDITIONS),
    )


for _module in pkgutil.iter_modules(__path__):
    if not _module.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_module.name}")
