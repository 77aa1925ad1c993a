"""Build the JSON Schemas for variant files and game records from code.

The effect part is generated from the menu (``referee.variant.menu.MENU``) so that the schema,
the loader and the rules sheet cannot drift apart.  The loader validates against
:func:`variant_schema` directly; ``python -m referee.variant.schema_gen`` writes the checked-in
copies under ``schemas/`` (for editors), and a test asserts they are equal.

Every schema node that describes a field has a ``title`` and a ``description`` (editors show
them as hover help).  ``x-expected`` is a project annotation: the plain words the error messages
use for "what is expected" (``referee.files.yamlsafe``); validators ignore it.
"""

from __future__ import annotations

import copy
import functools
import json
import sys
from pathlib import Path
from typing import Any

from referee.files.resources import SCHEMA_ID_BASE
from referee.variant.declare import MOST_EFFECTS, node
from referee.variant.fields import DEFS, VARIANT
from referee.variant.menu import MENU, EffectDecl, Param

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMAS_DIR = Path(__file__).resolve().parents[2] / "schemas"  # for editors, in a checkout
SERVED_DIR = Path(__file__).resolve().parents[1] / "app" / "static"  # what the app serves

RECORD_CARD_PATTERN = (
    "^([a-z][a-z0-9_]*|[JQKA]|Jack|Queen|King|Ace|Joker|JACK|QUEEN|KING|ACE|JOKER|[2-9]|10)$"
)
"""A card in a record: a special card's id, or in an ordinary pack a label or name (``Q``,
``Queen``, ``queen``, ``Joker``) or a number written as text (``'7'``); which of them the
variant has is the loader's to say."""


def _f(title: str, description: str, **rest: Any) -> dict[str, Any]:
    return {"title": title, "description": description, **rest}


def _int(title: str, description: str, minimum: int, maximum: int, **rest: Any) -> dict[str, Any]:
    return _f(title, description, type="integer", minimum=minimum, maximum=maximum, **rest)


def bare_effect_names() -> list[str]:
    """Effects that may be written by their name alone (no required parameter)."""
    return [n for n, s in MENU.items() if not any(p.required for p in s.params)]


def _param_schema(p: Param) -> dict[str, Any]:
    out = _f(p.name, p.description, type=p.type)
    if p.choices:
        out["enum"] = list(p.choices)
    if p.minimum is not None:
        out["minimum"] = p.minimum
    if p.maximum is not None:
        out["maximum"] = p.maximum
    if p.default is not None:
        out["default"] = p.default
    return out


def _effect_def(spec: EffectDecl) -> dict[str, Any]:
    props: dict[str, Any] = {
        "effect": _f("Effect name", f"{spec.title} ({spec.rule}).", const=spec.name)
    }
    for p in spec.params:
        props[p.name] = _param_schema(p)
    # No ``examples``: yaml-language-server offers an object example in a flow list
    # (``[one_time, ]``) as "[object Object]"; each form's title names it instead.
    return _f(
        spec.title,
        f"{spec.description} ({spec.rule})",
        type="object",
        properties=props,
        required=["effect", *(p.name for p in spec.params if p.required)],
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
        "effect": _f(
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
                "effect": _f(
                    "Effect name",
                    "Which effect of the menu (RULES.md R9).",
                    enum=names,
                    **{"x-expected": "an effect on the menu: " + ", ".join(names)},
                )
            },
            **{
                "x-expected": "an effect: a name such as wild, or a mapping such as "
                "{effect: next_range, max: 5}",
                "x-discriminator": {
                    "property": "effect",
                    "title": "Effect name",
                    "x-expected": "an effect on the menu",
                },
            },
        ),
        "effect_name": _f(
            "Effect name",
            "An effect written by its name alone, with its default parameters.",
            type="string",
            enum=bare,
            **{
                "x-expected": "an effect name (" + ", ".join(bare) + "); an effect with "
                "a required parameter is written as a mapping, e.g. {effect: value, value: 0}"
            },
        ),
        "effects": _f(
            "Effects",
            "The effects, in order, from the menu (RULES.md R9).",
            type="array",
            items={"$ref": "#/$defs/effect"},
            maxItems=MOST_EFFECTS,
        ),
    }
    for spec in MENU.values():
        defs[f"effect_{spec.name}"] = _effect_def(spec)
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


def _card(title: str, description: str) -> dict[str, Any]:
    return _f(
        title,
        description,
        type=["integer", "string"],
        minimum=0,
        maximum=99,
        pattern=RECORD_CARD_PATTERN,
        examples=[7, "five_or_below", "Q", "joker"],
        **{
            "x-expected": "a card: a number such as 7, a Karma card id such as five_or_below, "
            "or in an ordinary pack a name such as Q, Queen or joker"
        },
    )


def _player(title: str, description: str, **rest: Any) -> dict[str, Any]:
    return _f(title, description, type="string", minLength=1, examples=["Ann"], **rest)


def _counts(title: str, description: str) -> dict[str, Any]:
    return _f(
        title,
        description,
        type="object",
        additionalProperties=_int("Count", "How many cards.", 0, 999),
        examples=[{"Ann": 3, "Ben": 2}],
    )


def _card_lists(title: str, description: str) -> dict[str, Any]:
    return _f(
        title,
        description,
        type="object",
        additionalProperties=_f(
            "Cards",
            "The cards, by number or Karma card id.",
            type="array",
            items=_card("Card", "One card."),
        ),
        examples=[{"Ann": [16, 14, "bottoms_up"]}],
    )


def _house_variant_defs() -> dict[str, Any]:
    """The variant schema inside the record schema (a record may carry its house variant,
    which an editor then checks as it checks a variant file): its body as ``house_variant``
    and its own definitions beside the record's, so one file holds everything and an editor
    needs nothing else, offline and later."""
    v = copy.deepcopy(variant_schema())  # (it may be kept: never change it)
    inner = v.pop("$defs", {})
    for key in ("$schema", "$id", "examples"):
        v.pop(key, None)
    return {**inner, "house_variant": v}


@functools.cache
def record_schema() -> dict[str, Any]:
    """The JSON Schema of a game record's shape (GAME-RECORDS.md); semantics are the loader's."""
    expect = _f(
        "Expected verdict",
        "legal (the default) or illegal: an illegal step is rejected and changes nothing.",
        type="string",
        enum=["legal", "illegal"],
    )
    says = _f(
        "Says",
        "Words the referee must say for this step (a project addition): each phrase must be in "
        "its verdict, what to do instead, or what happens next.",
        type=["string", "array"],
        minLength=1,
        items={"type": "string", "minLength": 1},
        examples=["may cut in only with a 9", ["No: 4 is lower than 9.", "must pick up"]],
    )
    rule = _f(
        "Rule cited",
        "The rule the verdict must cite (a project addition), e.g. R5.5.",
        type="string",
        pattern=r"^R\d+(\.\d+)?$",
        examples=["R5.5"],
        **{"x-expected": "a rule number such as R5.5"},
    )
    defs: dict[str, Any] = {
        "card": _card("Card", "A number card by its number, or a Karma card by its id."),
        "step": _f(
            "Step",
            "A play ({by, play}), a pick-up ({pickup}) or a check ({check}).",
            examples=[{"by": "Ann", "play": [4]}, {"pickup": "Ben"}, {"check": {"turn": "Ann"}}],
            **{
                "if": {"type": "object", "required": ["check"]},
                "then": {"$ref": "#/$defs/check_step"},
                "else": {
                    "if": {"type": "object", "required": ["pickup"]},
                    "then": {"$ref": "#/$defs/pickup_step"},
                    "else": {"$ref": "#/$defs/play_step"},
                },
            },
        ),
        "play_step": _f(
            "Play",
            "A play by one player: identical cards from one zone (R4.1).",
            type="object",
            required=["by", "play"],
            additionalProperties=False,
            properties={
                "by": _player("By", "The player who plays."),
                "play": _f(
                    "Cards played",
                    "Every card put down; identical cards (e.g. [7, 7]).",
                    type="array",
                    minItems=1,
                    items={"$ref": "#/$defs/card"},
                ),
                "from": _f(
                    "From zone",
                    "hand (the default), face_up or face_down; draw_pile where the table "
                    "rule gamble lets a player turn over the draw pile's top card (a project "
                    "addition).",
                    type="string",
                    enum=["hand", "face_up", "face_down", "draw_pile"],
                ),
                "to": _player("To", "The player chosen by the card's effect."),
                "give": {
                    **_card("Card given", "For Give a Card: the card handed over, if known."),
                },
                "expect": expect,
                "says": says,
                "rule": rule,
            },
            examples=[{"by": "Cal", "play": ["give_the_pile_to_a_friend"], "to": "Ann"}],
            **{"x-expected": "a step: {by: NAME, play: [CARDS]}, {pickup: NAME} or {check: {...}}"},
        ),
        "pickup_step": _f(
            "Pick-up",
            "That player picks up the whole pile (R6.2).",
            type="object",
            required=["pickup"],
            additionalProperties=False,
            properties={
                "pickup": _player("Pick-up by", "The player who picks up the pile."),
                "take": _card(
                    "Face-up card taken",
                    "Where the table rule take_face_up applies: the face-up card the player "
                    "takes into the hand with the pile (a project addition).",
                ),
                "expect": expect,
                "says": says,
                "rule": rule,
            },
            examples=[{"pickup": "Ben"}, {"pickup": "Ann", "take": 7}],
        ),
        "check_step": _f(
            "Check",
            "Assertions about the state now; only the fields present are compared.",
            type="object",
            required=["check"],
            additionalProperties=False,
            properties={
                "check": _f(
                    "Check",
                    "The fields to compare with the referee's state.",
                    type="object",
                    additionalProperties=False,
                    properties={
                        "turn": _f(
                            "Turn",
                            "The player who moves next, or null once the game is over.",
                            type=["string", "null"],
                        ),
                        "top": {
                            **_card("Top card", "The card on top, or null for an empty pile."),
                            "type": ["integer", "string", "null"],
                        },
                        "pile": _int("Pile", "How many cards the pile holds.", 0, 999),
                        "draw_pile": _int(
                            "Draw pile", "How many cards the draw pile holds.", 0, 999
                        ),
                        "burned": _int("Burned", "How many cards are out of play.", 0, 999),
                        "hand": _counts("Hand counts", "Player -> how many hand cards."),
                        "face_up": _counts("Face-up counts", "Player -> how many face-up cards."),
                        "face_down": _counts(
                            "Face-down counts", "Player -> how many face-down cards."
                        ),
                        "out": _f(
                            "Out",
                            "Exactly the players who are out (compared as a set).",
                            type="array",
                            items=_player("Player", "A player who is out."),
                        ),
                        "loser": _f(
                            "Loser",
                            "The player who lost, or null while the game goes on.",
                            type=["string", "null"],
                        ),
                        "advice": _f(
                            "Advice",
                            "What the referee says the player to move may do now, word for "
                            "word (a project addition).",
                            type="string",
                        ),
                        "next": _f(
                            "Next",
                            "What the next play may be, as the table's 'Next:' line says it "
                            "(a project addition).",
                            type="string",
                        ),
                    },
                )
            },
            examples=[{"check": {"turn": "Ann", "pile": 0}}],
        ),
    }
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": SCHEMA_ID_BASE + "record.schema.json",
        "title": "Karma game record",
        "description": "A game at a physical table: the variant, the seating, the face-up cards "
        "and the steps in order; with expect and check it is a referee scenario (GAME-RECORDS.md).",
        "type": "object",
        "required": ["variant", "players", "steps"],
        "additionalProperties": False,
        "properties": {
            "variant": _f(
                "Variant",
                "A built-in variant id, a path to a variant file relative to this record, or "
                "(a project addition, for house variants shared with a game) the variant itself, "
                "checked as a variant file is.",
                anyOf=[{"type": "string", "minLength": 1}, {"$ref": "#/$defs/house_variant"}],
                examples=["classic", "../variants/shithead.yaml"],
            ),
            "name": _f("Name", "A short name for the game or scenario.", type="string"),
            "description": _f("Description", "What the game or scenario shows.", type="string"),
            "result": _f("Result", "How the game ended, in plain words.", type="string"),
            "players": _f(
                "Players",
                "Seating order, clockwise; the first player starts (R2.3).",
                type="array",
                minItems=2,
                maxItems=20,
                uniqueItems=True,
                items=_player("Player", "A player's name."),
                examples=[["Ann", "Ben", "Cal"]],
            ),
            "face_up": _card_lists(
                "Face-up cards", "The face-up cards each player chose after the deal."
            ),
            "start": _f(
                "Start position",
                "Start from a position instead of a fresh deal (R2.4).",
                type="object",
                additionalProperties=False,
                properties={
                    "turn": _player("Turn", "Who moves first."),
                    "pile": _f(
                        "Pile",
                        "The pile, bottom to top.",
                        type="array",
                        maxItems=999,
                        items={"$ref": "#/$defs/card"},
                    ),
                    "draw_pile": _int("Draw pile", "How many cards the draw pile holds.", 0, 999),
                    "hand": _counts("Hand", "Player -> how many hand cards."),
                    "face_up": _card_lists("Face-up", "Player -> their face-up cards."),
                    "face_down": _counts("Face-down", "Player -> how many face-down cards."),
                    "top_played_by": _player(
                        "Top card played by",
                        "Who played the pile's top card (optional): what it asks of the next "
                        "play binds everyone but them. Left out, it binds the first step.",
                    ),
                },
                required=["turn"],
                examples=[{"turn": "Ann", "pile": [6, 9], "draw_pile": 0}],
            ),
            "steps": _f(
                "Steps",
                "The steps in order, numbered from 1 (checks included).",
                type="array",
                items={"$ref": "#/$defs/step"},
            ),
        },
        "$defs": {**defs, **_house_variant_defs()},
        "examples": [
            {
                "variant": "classic",
                "players": ["Ann", "Ben"],
                "steps": [{"by": "Ann", "play": [4]}, {"pickup": "Ben"}],
            }
        ],
    }


def render(schema: dict[str, Any]) -> str:
    """The checked-in text of a schema."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


GENERATED = {"variant.schema.json": variant_schema, "record.schema.json": record_schema}


def main(argv: list[str] | None = None) -> int:
    """Write the checked-in schema files from the effect units, or with ``--check`` only say
    whether they are up to date (exit 1 when not): a new effect touches no schema by hand."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m referee.variant.schema_gen",
        description=(
            f"Write the JSON Schemas made from the effect units (variant.schema.json, "
            f"record.schema.json) to {SCHEMAS_DIR}, which editors read in a checkout, and to "
            f"{SERVED_DIR}, which the app serves."
        ),
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 and name the files that differ from the generated ones",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    stale = []
    for name, build in GENERATED.items():
        text = render(build())
        for path in (SCHEMAS_DIR / name, SERVED_DIR / name):
            if args.check:
                if not path.exists() or path.read_text(encoding="utf-8") != text:
                    stale.append(path)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path}")
    for path in stale:
        print(f"{path} is out of date: run python -m referee.variant.schema_gen")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
