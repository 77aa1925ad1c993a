"""The JSON Schema of a variant file, made from the fields' declarations and the effect units.

The effect part comes from the menu (``referee.variant.menu.MENU``), so that the schema, the
loader and the rules sheet cannot drift apart.  The loader validates against
:func:`variant_schema`; ``python -m referee.commands.schema`` writes the checked-in copies (a test
keeps them equal).  Every node that describes a field has a ``title`` and a ``description``
(editors' hover help); ``x-expected`` is a project annotation, the words the error messages use
for "what is expected" (``referee.files.yamlsafe``), which validators ignore.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from referee.files.resources import SCHEMA_ID_BASE
from referee.variant.conditions import when_schema
from referee.variant.declare import node
from referee.variant.effect_list import MOST_EFFECTS, WHEN
from referee.variant.fields import DEFS, VARIANT
from referee.variant.menu import MENU, EffectDecl

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def bare_effect_names() -> list[str]:
    """Effects that may be written by their name alone (no required parameter)."""
    return [n for n, s in MENU.items() if all(p.optional for p in s.params)]


def _effect_def(spec: EffectDecl) -> dict[str, Any]:
    props: dict[str, Any] = {
        "effect": node("Effect name", f"{spec.title} ({spec.rule}).", const=spec.name)
    }
    for p in spec.params:  # titled by its key (its title is the Design page's label)
        props[p.key] = p.schema() | {"title": p.key}
    props[WHEN] = node(
        "When", "Only when these conditions hold does it happen.", ref="#/$defs/when"
    )
    # No ``examples``: yaml-language-server offers an object example in a flow list
    # (``[one_time, ]``) as "[object Object]"; each form's title names it instead.
    return node(
        spec.title,
        f"{spec.description} ({spec.rule})",
        type="object",
        properties=props,
        required=["effect", *(p.key for p in spec.params if not p.optional)],
        additionalProperties=False,
    )


def _effect_defs() -> dict[str, Any]:
    """``effect`` is an ``anyOf``: a bare name, or one mapping form per effect.  Editors complete
    and check each form (yaml-language-server does not look inside ``if``/``then``/``else``);
    ``x-discriminator`` tells the loader's messages (``referee.files.yamlsafe``) that the ``effect`` key
    picks the form, so a mistake is reported against the form it names, not every form."""
    names = list(MENU)
    bare = bare_effect_names()
    defs: dict[str, Any] = {
        "effect": node(
            "Effect",
            "One effect from the menu (RULES.md R9): a bare name such as `wild`, or a mapping "
            "such as `{effect: next_range, max: 5}` for an effect with parameters.",
            anyOf=[
                {"$ref": "#/$defs/effect_name"},
                *({"$ref": f"#/$defs/effect_{n}"} for n in names),
            ],
            # every name, for an editor's completion after `effect:` (a form whose other
            # required keys are missing is left out of it); applies to mappings only
            properties={
                "effect": node(
                    "Effect name",
                    "Which effect of the menu (RULES.md R9).",
                    enum=names,
                    x_expected="an effect on the menu: " + ", ".join(names),
                )
            },
            x_expected="an effect: a name such as wild, or a mapping such as "
            "{effect: next_range, max: 5}",
            x_discriminator={
                "property": "effect",
                "title": "Effect name",
                "x-expected": "an effect on the menu",
            },
        ),
        "effect_name": node(
            "Effect name",
            "An effect written by its name alone, with its default parameters.",
            type="string",
            enum=bare,
            x_expected="an effect name (" + ", ".join(bare) + "); an effect with "
            "a required parameter is written as a mapping, e.g. {effect: value, value: 0}",
        ),
        "effects": node(
            "Effects",
            "The effects, in order, from the menu (RULES.md R9).",
            type="array",
            items={"$ref": "#/$defs/effect"},
            maxItems=MOST_EFFECTS,
        ),
    }
    for spec in MENU.values():
        defs[f"effect_{spec.name}"] = _effect_def(spec)
    defs[WHEN] = when_schema()
    return defs


@functools.cache
def variant_schema() -> dict[str, Any]:
    """The JSON Schema of a variant file (cached: callers must not change it), made from the
    fields' declarations (``referee.variant.fields``) and the menu of effects."""
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": SCHEMA_ID_BASE + "variant.schema.json",
        **node(VARIANT.title, VARIANT.about, **VARIANT.body()),
        "$defs": {**{o.defname: o.definition() for o in DEFS}, **_effect_defs()},
        "examples": list(VARIANT.examples),
    }


def render(schema: dict[str, Any]) -> str:
    """The checked-in text of a schema."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
