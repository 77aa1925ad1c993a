"""The JSON Schema of a game record (GAME-RECORDS.md): its shape only, the loader says the rest.

A record may carry its house variant, so the variant file's schema is inside it
(``house_variant``, made by ``referee.variant.schema_gen``); ``python -m referee.commands.schema``
writes the checked-in copy the loader reads.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from referee.effects.base import LIMITS
from referee.files.resources import SCHEMA_ID_BASE
from referee.variant.declare import node
from referee.variant.model import SUITS
from referee.variant.schema_gen import SCHEMA_DIALECT, variant_schema

RECORD_CARD_PATTERN = (
    "^([a-z][a-z0-9_]*|[JQKA]|Jack|Queen|King|Ace|Joker|JACK|QUEEN|KING|ACE|JOKER|[2-9]|10)$"
)
"""A card in a record: a special card's id, or in an ordinary pack a label or name (``Q``,
``Queen``, ``queen``, ``Joker``) or a number written as text (``'7'``); which of them the
variant has is the loader's to say."""


def _int(title: str, description: str, minimum: int, maximum: int, **rest: Any) -> dict[str, Any]:
    return node(title, description, type="integer", minimum=minimum, maximum=maximum, **rest)


def _card(title: str, description: str) -> dict[str, Any]:
    return node(
        title,
        description,
        type=["integer", "string"],
        minimum=0,
        maximum=99,
        pattern=RECORD_CARD_PATTERN,
        examples=[7, "five_or_below", "Q", "joker"],
        x_expected="a card: a number such as 7, a Karma card id such as five_or_below, "
        "or in an ordinary pack a name such as Q, Queen or joker",
    )


def _player(title: str, description: str, **rest: Any) -> dict[str, Any]:
    return node(title, description, type="string", minLength=1, examples=["Ann"], **rest)


def _counts(title: str, description: str) -> dict[str, Any]:
    return node(
        title,
        description,
        type="object",
        additionalProperties=_int("Count", "How many cards.", 0, 999),
        examples=[{"Ann": 3, "Ben": 2}],
    )


def _card_lists(title: str, description: str) -> dict[str, Any]:
    return node(
        title,
        description,
        type="object",
        additionalProperties=node(
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
    expect = node(
        "Expected verdict",
        "legal (the default) or illegal: an illegal step is rejected and changes nothing.",
        type="string",
        enum=["legal", "illegal"],
    )
    says = node(
        "Says",
        "Words the referee must say for this step (a project addition): each phrase must be in "
        "its verdict, what to do instead, or what happens next.",
        type=["string", "array"],
        minLength=1,
        items={"type": "string", "minLength": 1},
        examples=["may cut in only with a 9", ["No: 4 is lower than 9.", "must pick up"]],
    )
    rule = node(
        "Rule cited",
        "The rule the verdict must cite (a project addition), e.g. R5.5.",
        type="string",
        pattern=r"^R\d+(\.\d+)?$",
        examples=["R5.5"],
        x_expected="a rule number such as R5.5",
    )
    defs: dict[str, Any] = {
        "card": _card("Card", "A number card by its number, or a Karma card by its id."),
        "step": node(
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
        "play_step": node(
            "Play",
            "A play by one player: identical cards, or a run where the variant allows one, from "
            "one zone (R4.1).",
            type="object",
            required=["by", "play"],
            additionalProperties=False,
            properties={
                "by": _player("By", "The player who plays."),
                "play": node(
                    "Cards played",
                    "Every card put down; identical cards (e.g. [7, 7]), or where the "
                    "variant's table rule runs allows it, a run of cards in a row, lowest "
                    "first (e.g. [4, 5, 6]).",
                    type="array",
                    minItems=1,
                    items={"$ref": "#/$defs/card"},
                ),
                "from": node(
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
                "suit": node(
                    "Suit shown",
                    "Where the pack's suits count (ranks: {pack: ordinary, suits: true}): the "
                    "suit the play shows, one of its cards' (a project addition, issue 42).",
                    type="string",
                    enum=list(SUITS),
                ),
                "as": {
                    **_card(
                        "Counts as",
                        "For a card its player names (named_value): the number it counts as on "
                        "the pile, e.g. 9 or Q (a project addition).",
                    ),
                },
                "limit": node(
                    "Higher or lower",
                    "For a card whose player says higher or lower (higher_or_lower): whether "
                    "the next play must be its number or higher, or its number or lower (a "
                    "project addition, issue 42).",
                    type="string",
                    enum=list(LIMITS),
                ),
                "expect": expect,
                "says": says,
                "rule": rule,
            },
            examples=[{"by": "Cal", "play": ["give_the_pile_to_a_friend"], "to": "Ann"}],
            x_expected="a step: {by: NAME, play: [CARDS]}, {pickup: NAME} or {check: {...}}",
        ),
        "pickup_step": node(
            "Pick-up",
            "That player picks up the whole pile (R6.2).",
            type="object",
            required=["pickup"],
            additionalProperties=False,
            properties={
                "pickup": _player("Pick-up by", "The player who picks up the pile."),
                "by": _player(
                    "By",
                    "The same player again, where a record names who steps as for a play "
                    "(optional).",
                ),
                "take": node(
                    "Face-up card taken",
                    "Where the table rule take_face_up applies: the face-up card the player "
                    "takes into the hand with the pile; where take_face_up_rank applies, a "
                    "list of copies of one card (e.g. [7, 7]) takes several (a project "
                    "addition).",
                    anyOf=[
                        {"$ref": "#/$defs/card"},
                        {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/card"}},
                    ],
                    examples=[7, [7, 7]],
                    x_expected="a card such as 7, or copies of one card such as [7, 7]",
                ),
                "to": _player(
                    "To",
                    "A pick-up chooses no player: a step that names one is illegal.",
                ),
                "give": {
                    **_card(
                        "Card given", "A pick-up gives no card: a step that names one is illegal."
                    ),
                },
                "expect": expect,
                "says": says,
                "rule": rule,
            },
            examples=[
                {"pickup": "Ben"},
                {"pickup": "Ann", "take": 7},
                {"pickup": "Ann", "take": [7, 7]},
            ],
        ),
        "check_step": node(
            "Check",
            "Assertions about the state now; only the fields present are compared.",
            type="object",
            required=["check"],
            additionalProperties=False,
            properties={
                "check": node(
                    "Check",
                    "The fields to compare with the referee's state.",
                    type="object",
                    additionalProperties=False,
                    properties={
                        "turn": node(
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
                        "out": node(
                            "Out",
                            "Exactly the players who are out (compared as a set).",
                            type="array",
                            items=_player("Player", "A player who is out."),
                        ),
                        "loser": node(
                            "Loser",
                            "The player who lost, or null while the game goes on.",
                            type=["string", "null"],
                        ),
                        "advice": node(
                            "Advice",
                            "What the referee says the player to move may do now, word for "
                            "word (a project addition).",
                            type="string",
                        ),
                        "next": node(
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
            "variant": node(
                "Variant",
                "A built-in variant id, a path to a variant file relative to this record, or "
                "(a project addition, for house variants shared with a game) the variant itself, "
                "checked as a variant file is.",
                anyOf=[{"type": "string", "minLength": 1}, {"$ref": "#/$defs/house_variant"}],
                examples=["classic", "../variants/shithead.yaml"],
            ),
            "name": node("Name", "A short name for the game or scenario.", type="string"),
            "description": node("Description", "What the game or scenario shows.", type="string"),
            "result": node("Result", "How the game ended, in plain words.", type="string"),
            "players": node(
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
            "turned_up": node(
                "Turned-up card",
                "Where the variant turns the draw pile's top card up to start the pile (a "
                "table rule, turn_up; a project addition): the card the table turned up.",
                **{"$ref": "#/$defs/card"},
            ),
            "thrown": _card_lists(
                "Cards thrown in",
                "Where the variant has a discard step before play (a table rule, throw_in; a "
                "project addition): the cards each player threw onto the pile.",
            ),
            "opening_card": node(
                "Starting card",
                "Where the variant says who starts by a card of a suit (a table rule, "
                "starts_with; a project addition): the card the starter, the first player "
                "listed, holds (such as '3 of diamonds'), or 'nobody' where no hand holds one.",
                type="string",
                minLength=1,
                maxLength=40,
                examples=["3 of diamonds", "nobody"],
            ),
            "start": node(
                "Start position",
                "Start from a position instead of a fresh deal (R2.4).",
                type="object",
                additionalProperties=False,
                properties={
                    "turn": _player("Turn", "Who moves first."),
                    "pile": node(
                        "Pile",
                        "The pile, bottom to top.",
                        type="array",
                        maxItems=999,
                        items={"$ref": "#/$defs/card"},
                    ),
                    "draw_pile": _int("Draw pile", "How many cards the draw pile holds.", 0, 999),
                    "hand": _counts("Hand", "Player -> how many hand cards."),
                    "face_up": _card_lists(
                        "Face-up",
                        "Player -> their face-up cards ([]: none). A player left out holds as many "
                        "as the deal gives, none of them known (R4.3).",
                    ),
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
            "steps": node(
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
