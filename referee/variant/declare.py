"""How a field of the variant file is declared once, and what is derived from its declaration.

Every field of a variant file is one declaration (``referee/variant/fields.py``; a table rule's
in its unit): its key, its kind and bounds (a whole number from ``lo`` to ``hi``, a text, a
choice, a switch, a few of the deck's cards, a mapping of fields, a list of rows, a list of
effects: ``referee.variant.effect_list``), whether it may be left out, its words - the title and help an
editor shows, the label the Design page shows - and the attribute of the model it fills.  An
effect's parameters are fields too (``referee.variant.menu``).  From the declarations come:

- the JSON Schema (:meth:`Field.schema`, ``referee.variant.schema_gen``);
- the typed view the loader's cross-field checks read (:meth:`Field.sound`): each value of the
  kind declared, or left out, so that no check reads raw data again;
- the model (:meth:`Field.build`) and the way back to data (:meth:`Field.back`: a field left out
  when it holds the model's default, so a file says only what it changes);
- the Design page's fields - each drawn from its declaration: its label, kind, bounds, length
  and choices (``referee/app/screens/design.py``, read by path with :func:`leaves`) - and the
  drafts it reads back (:meth:`Field.tame`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass
from typing import Any

from referee.variant.model import Variant

ORDER = (
    *("title", "description", "type", "enum", "const", "pattern", "minLength", "maxLength"),
    *("minimum", "maximum", "minItems", "maxItems", "uniqueItems", "items", "required"),
    *("additionalProperties", "properties", "$defs", "anyOf", "$ref", "default", "examples"),
    *("x-expected", "x-discriminator"),
    *("if", "then", "else"),
)
"""The order of a schema node's keys, so that the schema file reads the same every time."""

SANE = 1_000_000
"""Far beyond every bound: a larger number is the schema's to report, never computed with."""


_SPELT = {"x_expected": "x-expected", "x_discriminator": "x-discriminator", "ref": "$ref"}


def node(title: str, about: str, **keys: Any) -> dict[str, Any]:
    """A schema node with its title and description (an editor's hover help), its keys in
    ``ORDER``; empty ones left out (``x_expected`` is written ``x-expected``, ``ref`` ``$ref``).
    Every schema the project writes is made of these: the variant's and the record's."""
    given = {_SPELT.get(k, k): v for k, v in keys.items() if v not in (None, (), [], "")}
    out: dict[str, Any] = {"title": title, "description": about}
    for k in ORDER:
        if k in given:
            value = given.pop(k)
            out[k] = list(value) if isinstance(value, tuple) else value
    assert not given, f"unknown schema keys {sorted(given)}"
    return out


def whole(value: object) -> int | None:
    """A whole number the checks may compute with (never a bool, never an absurd one)."""
    if isinstance(value, int) and not isinstance(value, bool) and -SANE <= value <= SANE:
        return value
    return None


@dataclass(frozen=True)
class Field:
    """One field of the variant file: its key, words and place in the model."""

    key: str
    title: str
    about: str  # the schema's description: an editor's hover help
    _: KW_ONLY
    label: str = ""  # the Design page's label for it (its title, unless it says otherwise)
    optional: bool = False  # may be left out: the model keeps its default
    default: Any = None  # where it is left out, as the schema says (a choice, a parameter)
    always: bool = False  # written back even when it holds the default (an empty list)
    attr: str | None = None  # the model's attribute (None: the key; "": several, see build)
    examples: tuple[Any, ...] = ()
    expected: str = ""  # the words "expected ..." of a schema message, where the kind's are poor

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.title)

    @property
    def name(self) -> str:
        return self.key if self.attr is None else self.attr

    def schema(self) -> dict[str, Any]:
        return node(
            self.title, self.about, **self.body(), examples=self.examples, x_expected=self.expected
        )

    def body(self) -> dict[str, Any]:
        return {}

    def sound(self, raw: object) -> Any:
        """The value as the cross-field checks may read it, or None when it is not of the kind
        declared (the schema says so)."""
        return raw

    def build(self, raw: Any, pack: Variant) -> Any:
        """The model's value from valid data; ``pack`` names the deck's ranks."""
        return raw

    def back(self, value: Any) -> Any:
        """The data of the model's value."""
        return value

    def tame(self, raw: object) -> Any:
        """A draft's value as the Design page may show it, or None (empty)."""
        return self.sound(raw)

    def parts(self) -> Sequence[Field]:
        """The fields inside this one (a mapping's, a row's), for :func:`leaves`."""
        return ()


def leaves(fields: Sequence[Field], prefix: str = "") -> dict[str, Field]:
    """Every field by its path without row numbers (``players.decks``, ``deal.hand``), the
    mappings' own fields included: the Design page reads labels and bounds by it."""
    out: dict[str, Field] = {}
    for f in fields:
        path = f"{prefix}{f.key}"
        out[path] = f
        out |= leaves(f.parts(), f"{path}.")
    return out


@dataclass(frozen=True, kw_only=True)
class Int(Field):
    """A whole number from ``lo`` to ``hi``; ``empty``: what the Design page says an empty
    field means, where that is a choice of its own (an effect's optional parameter)."""

    lo: int
    hi: int
    default: int | None = None
    empty: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.empty:
            object.__setattr__(self, "label", f"{self.label} (leave empty for {self.empty})")

    def body(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.lo, "maximum": self.hi, "default": self.default}

    def sound(self, raw: object) -> int | None:
        return whole(raw)

    def tame(self, raw: object) -> int | None:
        n = whole(raw)
        return n if n is not None and self.lo <= n <= self.hi else None


@dataclass(frozen=True, kw_only=True)
class Text(Field):
    """A text of at most ``most`` characters (at least ``least``), perhaps of a form."""

    most: int = 0  # 0: no limit but the file's size
    least: int = 0
    pattern: str = ""
    area: bool = False  # the Design page gives it a box of several lines

    def body(self) -> dict[str, Any]:
        return {
            "type": "string",
            "pattern": self.pattern,
            "minLength": self.least or None,
            "maxLength": self.most or None,
        }

    def sound(self, raw: object) -> str | None:
        return raw if isinstance(raw, str) else None

    def tame(self, raw: object) -> str:
        """Cut to its length; an optional text not of its form left out (the page does not
        show it to be mended: a card's ``rule``)."""
        text = (raw[: self.most] if self.most else raw) if isinstance(raw, str) else ""
        bad = self.optional and self.pattern and not re.fullmatch(self.pattern, text)
        return "" if bad else text


@dataclass(frozen=True, kw_only=True)
class Choice(Field):
    """One of a few words (``words``: how the Design page says each)."""

    choices: tuple[str, ...]
    default: str | None = None
    words: tuple[str, ...] = ()

    def body(self) -> dict[str, Any]:
        return {"type": "string", "enum": self.choices, "default": self.default}

    def sound(self, raw: object) -> str | None:
        return raw if raw in self.choices else None


@dataclass(frozen=True, kw_only=True)
class Flag(Field):
    """A switch, off unless the file turns it on (an effect's: left out, ``default=None``, so
    a card that leaves it off is written as before)."""

    default: bool | None = False

    def body(self) -> dict[str, Any]:
        return {"type": "boolean", "default": self.default}

    def sound(self, raw: object) -> bool | None:
        return raw if isinstance(raw, bool) else None


@dataclass(frozen=True, kw_only=True)
class Cards(Field):
    """A few cards of the deck named one by one, each once: a number card by its rank (an
    ordinary pack's Jack is 11), a Karma card by its id, an ordinary pack's jokers as
    ``joker``.  The loader's checks say which the deck has (``CardCheck.card_ids``)."""

    most: int = 20

    def body(self) -> dict[str, Any]:
        card = {
            "anyOf": [
                {"type": "integer", "minimum": 0, "maximum": 99},
                {"type": "string", "minLength": 1, "maxLength": 40},
            ]
        }
        return {
            "type": "array",
            "items": card,
            "minItems": 1,
            "maxItems": self.most,
            "uniqueItems": True,
            "default": self.default,
        }

    def sound(self, raw: object) -> list[int | str] | None:
        if not isinstance(raw, list | tuple) or not 0 < len(raw) <= self.most:
            return None
        out: list[int | str] = []
        for c in raw:
            n = whole(c)
            if n is not None and 0 <= n <= 99:
                out.append(n)
            elif isinstance(c, str) and 0 < len(c) <= 40:
                out.append(c)
            else:
                return None
        return out if len(set(out)) == len(out) else None


@dataclass(frozen=True, kw_only=True)
class Obj:
    """A mapping of fields, made into one model object (``make``); ``defname`` names it in the
    schema's ``$defs`` (none: written where it is used)."""

    title: str
    about: str
    fields: tuple[Field, ...]
    make: Callable[..., Any]
    defname: str = ""
    examples: tuple[Any, ...] = ()

    def body(self) -> dict[str, Any]:
        return {
            "type": "object",
            "required": [f.key for f in self.fields if not f.optional],
            "additionalProperties": False,
            "properties": {f.key: f.schema() for f in self.fields},
        }

    def definition(self) -> dict[str, Any]:
        return node(self.title, self.about, **self.body(), examples=self.examples)

    def ref(self) -> dict[str, Any]:
        return {"$ref": f"#/$defs/{self.defname}"}

    def sound(self, raw: object) -> dict[str, Any]:
        """The fields of the kind declared ({} for what is not a mapping)."""
        if not isinstance(raw, dict):
            return {}
        out = {}
        for f in self.fields:
            if f.key in raw:
                value = f.sound(raw[f.key])
                if value is not None:
                    out[f.key] = value
        return out

    def build(self, raw: Mapping[str, Any], pack: Variant) -> Any:
        kwargs: dict[str, Any] = {}
        for f in self.fields:
            if f.key in raw:
                value = f.build(raw[f.key], pack)
                kwargs.update(value if f.attr == "" else {f.name: value})
        return self.make(**kwargs)

    def back(self, model: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in self.fields:
            value = model if f.attr == "" else getattr(model, f.name)
            if f.optional and not f.always and f.attr != "" and value == _default(model, f.name):
                continue
            data = f.back(value)
            if data is not None:
                out[f.key] = data
        return out

    def tame(self, raw: object) -> dict[str, Any]:
        """A draft's mapping: each field tamed, an optional one only when it holds something
        or is always written (the Design page asks for the required ones until they are
        filled in)."""
        given = raw if isinstance(raw, dict) else {}
        tamed = {f.key: f.tame(given.get(f.key)) for f in self.fields}
        return {f.key: tamed[f.key] for f in self.fields if written(f, tamed[f.key])}


def written(f: Field, value: Any) -> bool:
    """Whether a draft keeps ``value`` of ``f``: a required field always (the Design page asks
    for it until it is filled in), an optional one only when it holds something or is always
    written."""
    return not f.optional or f.always or value not in (None, "", [], {})


def _default(model: Any, name: str) -> Any:
    """The model class's default for one attribute (what a file that leaves it out gets)."""
    for f in dataclasses.fields(model):
        if f.name == name:
            if f.default is not dataclasses.MISSING:
                return f.default
            if f.default_factory is not dataclasses.MISSING:
                return f.default_factory()
    return dataclasses.MISSING


@dataclass(frozen=True, kw_only=True)
class One(Field):
    """A field holding one mapping (``obj``)."""

    obj: Obj

    def schema(self) -> dict[str, Any]:
        if self.obj.defname:
            return node(self.title, self.about, ref=self.obj.ref()["$ref"])
        return node(self.title, self.about, **self.obj.body(), examples=self.obj.examples)

    def sound(self, raw: object) -> dict[str, Any]:
        return self.obj.sound(raw)

    def build(self, raw: Any, pack: Variant) -> Any:
        return self.obj.build(raw, pack)

    def back(self, value: Any) -> Any:
        return self.obj.back(value)

    def tame(self, raw: object) -> dict[str, Any] | None:
        return None if self.optional and not isinstance(raw, dict) else self.obj.tame(raw)

    def parts(self) -> Sequence[Field]:
        return self.obj.fields


@dataclass(frozen=True, kw_only=True)
class Rows(Field):
    """A list of mappings (``obj``), at least ``lo`` and at most ``hi`` of them."""

    obj: Obj
    lo: int = 0
    hi: int

    def body(self) -> dict[str, Any]:
        return {"type": "array", "minItems": self.lo or None, "maxItems": self.hi} | {
            "items": self.obj.ref()
        }

    def sound(self, raw: object) -> list[dict[str, Any]]:
        """Every row, in place (a row that is not a mapping reads as {})."""
        return [self.obj.sound(r) for r in raw] if isinstance(raw, list) else []

    def build(self, raw: Any, pack: Variant) -> tuple[Any, ...]:
        return tuple(self.obj.build(r, pack) for r in raw)

    def back(self, value: Any) -> list[Any]:
        return [self.obj.back(v) for v in value]

    def tame(self, raw: object) -> list[dict[str, Any]]:
        rows = [r for r in (raw if isinstance(raw, list) else [])[: self.hi] if isinstance(r, dict)]
        return [self.obj.tame(r) for r in rows]

    def parts(self) -> Sequence[Field]:
        return self.obj.fields
