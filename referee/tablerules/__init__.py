"""The table rules (``table:`` in a variant file): one unit per rule, one module each.

Every module in this package (other than ``spec``) holds one table rule: a subclass of
:class:`referee.tablerules.spec.TableRule` with its field, its words for the rules sheet and
the Design page, its check for the loader, and its hooks into the engine.  The package imports
them all, so a new table rule is one new file here and its test: the schema, the loader, the
rules sheet, the Design page, the random variants of the property tests and the referee read it
from the registry, and no rule is read by its name.
"""

from __future__ import annotations

import importlib
import pkgutil

from referee.tablerules.spec import Referee, TableRule
from referee.variant.model import Variant
from referee.variant.table import table_rules

for _module in pkgutil.iter_modules(__path__):
    if _module.name != "spec" and not _module.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_module.name}")

RULES: dict[str, TableRule] = {u.name: u for u in table_rules() if isinstance(u, TableRule)}
"""Every table rule by name, in order."""

ZONES: dict[str, TableRule] = {}
"""The places a play may come from besides a player's own zones, each with the first rule that
opens it (asked where a variant sets none of them, to say so; where it sets one, that one)."""
TOLD: dict[str, TableRule] = {}
"""What the table may tell of its set-up (a record's field, a rule's ``told``), each with the
first rule that asks it (asked, where a variant sets none of them, why nothing is told)."""
for _rule in RULES.values():
    if _rule.zone:
        ZONES.setdefault(_rule.zone, _rule)
    if _rule.told and _rule.has("set_up"):
        TOLD.setdefault(_rule.told, _rule)


def active(variant: Variant) -> tuple[TableRule, ...]:
    """The table rules a variant sets otherwise than the rule book, in order."""
    return tuple(u for u in RULES.values() if u.name in variant.table)


def _step(rule: str) -> tuple[int, ...]:
    """'R2.3' -> (2, 3): the rule book's rules in their order."""
    return tuple(int(n) for n in rule.removeprefix("R").split("."))


SETTING_UP: tuple[TableRule, ...] = tuple(
    sorted((u for u in RULES.values() if u.has("set_up")), key=lambda u: _step(u.rule))
)
"""The table rules that make part of the set-up (``TableRule.set_up``), in the order of the rule
book's set-up steps they change (``rule``: the deal, R2.1, before who starts, R2.3), then in
order."""


__all__ = ["RULES", "SETTING_UP", "TOLD", "ZONES", "Referee", "TableRule", "active"]
