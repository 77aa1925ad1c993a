"""A card's list of effects in a variant file (R9), as a declared field: each effect of the menu
(``referee.variant.menu``), its parameters declared fields of their own.

Apart from ``referee.variant.declare`` because the menu reads the fields' kinds (an effect's
parameters are fields) and this field reads the menu.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.variant import conditions
from referee.variant.declare import Field, node
from referee.variant.menu import MENU
from referee.variant.model import Effect, Variant


@dataclass(frozen=True)
class Eff:
    """One well-formed effect of a list, as the cross-field checks read it."""

    index: int
    name: str
    params: dict[str, Any]
    when: dict[str, Any] | None = None  # its conditions (``when:``), if it has any


@dataclass(frozen=True, kw_only=True)
class Effects(Field):
    """A card's list of effects from the menu (R9): ``#/$defs/effects``."""

    lo: int = 0

    def schema(self) -> dict[str, Any]:
        return node(self.title, self.about, minItems=self.lo or None, ref="#/$defs/effects")

    def sound(self, raw: object) -> list[Eff]:
        """The well-formed effects of the list (the schema reports the others)."""
        out = []
        for i, item in enumerate(raw if isinstance(raw, list) else []):
            name, params, when = parts(item)
            if when is not None and conditions.tame(when) != when:
                continue  # the schema says what is wrong with it
            if name in MENU and (isinstance(item, str) or params_ok(name, params)):
                out.append(Eff(i, name, params, when))
        return out

    def build(self, raw: Any, pack: Variant) -> tuple[Effect, ...]:
        return tuple(effect_from_data(e) for e in raw)

    def back(self, value: Any) -> list[Any]:
        return [effect_to_data(e) for e in value]

    def tame(self, raw: object) -> list[Any]:
        """The effects as the Design page shows them: each of the menu with its parameters of
        the kind declared, one not chosen yet as ``{effect: None}``; anything else dropped."""
        out: list[Any] = []
        for item in (raw if isinstance(raw, list) else [])[:MOST_EFFECTS]:
            name, given, when = parts(item)
            if isinstance(item, dict) and item.get("effect", "") is None:
                out.append({"effect": None})
            elif name in MENU:
                kept = {p.key: given[p.key] for p in MENU[name].params if p.key in given}
                params = {k: v for k, v in kept.items() if params_ok(name, {k: v}, partial=True)}
                if when := conditions.tame(when):
                    params[WHEN] = when
                bare = not params and not (MENU[name].params and isinstance(item, dict))
                out.append(name if bare else {"effect": name, **params})
        return out


WHEN = "when"
"""The key of an effect's conditions (``referee.variant.conditions``): not a parameter."""

MOST_EFFECTS = 12
"""Most effects on one card (the schema's ``maxItems``)."""


def params_ok(name: str, params: Mapping[Any, Any], partial: bool = False) -> bool:
    """Parameters the schema accepts (the checks leave the others to the schema); ``partial``:
    some of them, those missing aside.  A parameter is a number or a choice: one the schema
    accepts is its own tamed value (of its kind, within its bounds)."""
    specs = {p.key: p for p in MENU[name].params}
    if not partial and any(not p.optional and p.key not in params for p in specs.values()):
        return False
    return all(k in specs and specs[k].tame(v) == v for k, v in params.items())


def parts(item: object) -> tuple[str, dict[str, Any], Any]:
    """An effect as a list holds it - a bare name, or a mapping - taken apart: its name ("" when
    it is not a text), its parameters and its conditions (``when``).  The loader's view, the
    model and the Design page all read an effect so."""
    if not isinstance(item, dict):
        return (item if isinstance(item, str) else ""), {}, None
    name = item.get("effect")
    params = {k: v for k, v in item.items() if k not in ("effect", WHEN)}
    return (name if isinstance(name, str) else ""), params, item.get(WHEN)


def effect_from_data(raw: object) -> Effect:
    """An effect of valid data: a bare name, or a mapping with its parameters (a KeyError for
    one not on the menu)."""
    name, params, when = parts(raw)
    return MENU[name].effect(params, when)


def effect_to_data(effect: Effect) -> str | dict[str, Any]:
    """The YAML form of an effect: a bare name without parameters, else a mapping."""
    if not effect.params and not effect.when:
        return effect.name
    order = [p.key for p in MENU[effect.name].params]
    params = sorted(
        effect.params.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99
    )
    out = {"effect": effect.name, **{k: list(v) if isinstance(v, tuple) else v for k, v in params}}
    if effect.when:
        out[WHEN] = dict(effect.when)
    return out
