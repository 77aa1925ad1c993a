"""The menu of table rules (``table:`` in a variant file), as the variant side reads it.

A table rule is a unit, like an effect: one module under ``referee/tablerules/`` (a subclass of
:class:`referee.tablerules.spec.TableRule`, which adds the engine's hooks to the declaration
here), registered on :data:`TABLE_RULES` as its class is defined.  What the variant side reads
of it is declared here: its field (a switch, or a choice), where and what the rules sheet says
of it, and its own check for the loader.  A rule left out of a file plays as the rule book says
(its field's default); the model keeps only the rules a file sets otherwise
(``referee.variant.model.TableRules``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.variant.declare import Field, Flag
from referee.variant.model import Variant

SHEET_PLACES = ("deal", "start", "play", "picking_up", "burn")
"""Where the rules sheet says a table rule: with the deal (R2.1), by who starts (R2.3), with
what may be played (R4-R5), with picking up and drawing (R6), or with burning the pile (R7)."""


@dataclass
class TableCheck:
    """A table rule set in one file, as the loader's cross-field checks see it: its value, the
    file's typed view (``referee.variant.declare.Field.sound``), and ``error`` / ``warn``, which
    report at the rule's field with the file's words and, third, a family's."""

    value: Any
    view: Mapping[str, Any]
    error: Callable[[str, str], None]
    warn: Callable[[str, str], None]
    pack: Variant | None = None  # how the file names ranks (an ordinary pack says Q)

    def beside(self, other: str) -> bool:
        """Whether this rule is set, and the table rule ``other`` too, in the same file (a
        pair of rules where one changes nothing, or says what the other says)."""
        table = self.view.get("table")
        return bool(self.value) and isinstance(table, Mapping) and bool(table.get(other))

    @property
    def powers(self) -> bool:
        """Whether some card of the deck has a power: a Karma card, a joker or a number with
        rank powers (every special card is wild, R5.3)."""
        return bool(
            self.view.get("karma_cards") or self.view.get("jokers") or self.view.get("rank_powers")
        )


class TableRuleDecl:
    """What the variant file knows of one table rule; ``name`` is its key under ``table:``."""

    name: ClassVar[str] = ""
    order: ClassVar[int] = 1000  # its place in the schema, a written file and the Design page
    declared: ClassVar[Field]  # its field: a switch (``Flag``) or a choice (``Choice``)
    place: ClassVar[str] = "picking_up"  # where the rules sheet says it (``SHEET_PLACES``)
    # Its sentence stands instead of the rule book's there (who starts, whether one may pick up).
    instead: ClassVar[bool] = False
    setup_question: ClassVar[str] = ""  # what the table is asked as a game is set up
    # What the table tells of its set-up for this rule: a record's field (docs/records.md), kept
    # with a stored game and asked on the New game page (``told_question``); "": nothing.
    told: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name:
            if cls.name in _UNITS or cls.declared.key != cls.name:
                raise ValueError(f"a second table rule, or a field not named {cls.name!r}")
            _UNITS[cls.name] = cls()
            _ORDERED.clear()

    @property
    def default(self) -> Any:
        """Its value where a file leaves it out: the rule book's way."""
        return self.declared.default

    def value(self, variant: Variant) -> Any:
        return variant.table.get(self.name, self.default)

    def question(self, variant: Variant) -> str:
        """What the table is asked as a game of ``variant`` is set up ("": nothing)."""
        return self.setup_question

    def told_question(self, variant: Variant) -> str:
        """What the New game page asks for ``told`` ("": nothing)."""
        return ""

    def told_step(self, variant: Variant) -> str:
        """What a rematch asks the table to tell on the New game page, as "deal, ..., then
        start the game" says it (each rule that asks something says its own step)."""
        return ""

    def sheet(self, variant: Variant) -> str:
        """Its sentence for the rules sheet, where it is set (a bullet, or the sentence that
        stands instead of the rule book's)."""
        return self.declared.about

    def check(self, c: TableCheck) -> None:
        """What a schema cannot say of it (errors and warnings at its field)."""

    def runs_across_plays(self) -> bool:
        """Whether a run built up over several plays burns the pile (R7.1: it does), or only
        a single play of the burn count (R7.3); the engine and the rules sheet read it."""
        return True


def switch(key: str, title: str, about: str, label: str) -> Flag:
    """The field of a table rule that is on or off (off: the rule book's way)."""
    return Flag(key=key, title=title, about=about, label=label, optional=True)


_UNITS: dict[str, TableRuleDecl] = {}
_ORDERED: list[TableRuleDecl] = []


def table_rules() -> list[TableRuleDecl]:
    """Every table rule, in order (``order``, then name)."""
    if not _ORDERED:
        _ORDERED.extend(sorted(_UNITS.values(), key=lambda u: (u.order, u.name)))
    return _ORDERED


TABLE_RULES: Mapping[str, TableRuleDecl] = _UNITS
"""The table rules by name (``table_rules()`` lists them in order)."""


def active(variant: Variant) -> list[TableRuleDecl]:
    """The table rules a variant sets otherwise than the rule book, in order."""
    return [u for u in table_rules() if u.name in variant.table]
