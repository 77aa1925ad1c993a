"""Writing a record: steps and positions as record data and back, and a whole game exported
as a record a group can keep or share."""

from __future__ import annotations

from typing import Any

import yaml

from referee.engine import NONE_HELD, Game, PickUp, Play, Position, Step, Told
from referee.files.resources import RECORD_SCHEMA, modeline
from referee.variant.loader import VariantError, variant_to_data
from referee.variant.model import Variant
from referee.variant.registry import builtin, builtin_ids


def _as_written(variant: Variant | None) -> Any:
    """How cards are written out: as the engine names them (the app's own store), or as a
    record writes them for this variant (a Queen as ``Q`` in an ordinary pack)."""
    return (lambda c: c) if variant is None else variant.record_card


def step_to_data(step: Step, variant: Variant | None = None) -> dict[str, Any]:
    """A step in its record form; with the variant, cards as a record writes them (``Q``)."""
    write = _as_written(variant)
    if isinstance(step, PickUp):
        p: dict[str, Any] = {"pickup": step.by}
        if step.take is not None and step.copies != 1:  # several of one rank (ruling 141)
            p["take"] = [write(step.take)] * step.copies
        elif step.take is not None:  # a table rule's face-up card (ruling 108)
            p["take"] = write(step.take)
        if step.to is not None:  # named on a pick-up: an illegal step (ruling 174)
            p["to"] = step.to
        if step.give is not None:
            p["give"] = write(step.give)
        return p
    d: dict[str, Any] = {"by": step.by, "play": [write(c) for c in step.cards]}
    if step.zone != "hand":
        d["from"] = step.zone
    if step.to is not None:
        d["to"] = step.to
    if step.give is not None:
        d["give"] = write(step.give)
    if step.suit is not None:  # only where the pack's suits count (issue 42)
        d["suit"] = step.suit
    if step.named is not None:  # the number a card was named as (ruling 153)
        d["as"] = write(step.named)
    if step.limit is not None:  # higher or lower, as its player said (ruling 171)
        d["limit"] = step.limit
    return d


def step_from_data(d: dict[str, Any]) -> Step:
    """A step from its record form (already checked by the loader or written by the app)."""
    if "pickup" in d:
        take = d.get("take")
        if isinstance(take, list):  # copies of one card (ruling 141)
            return PickUp(
                d["pickup"], take[0] if take else None, len(take), d.get("to"), d.get("give")
            )
        return PickUp(d["pickup"], take, 1, d.get("to"), d.get("give"))
    return Play(
        d["by"],
        tuple(d["play"]),
        d.get("from", "hand"),
        d.get("to"),
        d.get("give"),
        d.get("suit"),
        d.get("as"),
        d.get("limit"),
    )


def position_to_data(p: Position, variant: Variant | None = None) -> dict[str, Any]:
    """A start position in its record form; with the variant, cards as a record writes them."""
    write = _as_written(variant)
    out: dict[str, Any] = {
        "turn": p.turn,
        "pile": [write(c) for c in p.pile],
        "draw_pile": p.draw_pile,
        "hand": dict(p.hand),
        "face_up": {n: [write(c) for c in cs] for n, cs in p.face_up.items()},
        "face_down": dict(p.face_down),
    }
    if p.top_played_by is not None:  # only when known: older readers never see it
        out["top_played_by"] = p.top_played_by
    if p.face_up_unknown:  # the app's stored form; a record leaves these players out of face_up
        out["face_up_unknown"] = dict(p.face_up_unknown)
    return out


def position_from_data(d: dict[str, Any]) -> Position:
    return Position(
        turn=d["turn"],
        pile=tuple(d.get("pile", ())),
        draw_pile=int(d.get("draw_pile", 0)),
        hand=dict(d.get("hand", {})),
        face_up={n: tuple(c) for n, c in d.get("face_up", {}).items()},
        face_down=dict(d.get("face_down", {})),
        face_up_unknown=dict(d.get("face_up_unknown", {})),
        top_played_by=d.get("top_played_by"),
    )


def told_to_data(told: Told | None) -> dict[str, Any] | None:
    """What the table did at set-up, as the app's store keeps it (None: nothing told)."""
    if not told:
        return None
    out: dict[str, Any] = {}
    if told.turned_up is not None:
        out["turned_up"] = told.turned_up
    if any(told.thrown.values()):
        out["thrown"] = {n: list(cs) for n, cs in told.thrown.items() if cs}
    if told.opening_card is not None:
        out["opening_card"] = list(told.opening_card)
    return out


def told_from_data(d: dict[str, Any] | None) -> Told | None:
    """The stored form of :func:`told_to_data` back (None, or an empty one: nothing told)."""
    thrown = {n: tuple(cs) for n, cs in (d or {}).get("thrown", {}).items() if cs}
    card = (d or {}).get("opening_card")
    starting = (int(card[0]), str(card[1])) if isinstance(card, list) and len(card) == 2 else None
    told = Told(turned_up=(d or {}).get("turned_up"), thrown=thrown, opening_card=starting)
    return told if told else None


def export_record(
    game: Game, variant_ref: str | Variant | None = None, name: str = "", schema_base: str = ""
) -> str:
    """The game as a record (GAME-RECORDS.md); a variant that is not built in goes inline.

    It starts with the editor's schema line: ``record.schema.json`` under ``schema_base`` (the
    app's address, which serves it), or beside the file (referee.files.resources.modeline)."""
    v = game.variant
    ref: Any
    if isinstance(variant_ref, str):
        ref = variant_ref
    elif v.id in builtin_ids() and _same_as_builtin(v):
        ref = v.id
    else:
        ref = variant_to_data(v)
    head: dict[str, Any] = {}
    if name:
        head["name"] = name
    head["variant"] = ref
    head["players"] = list(game.players)
    write = v.record_card  # a Queen as Q in an ordinary pack (docs/records.md)
    if game.initial_face_up:
        head["face_up"] = {n: [write(c) for c in cs] for n, cs in game.initial_face_up.items()}
    if game.told is not None and game.told.turned_up is not None:
        head["turned_up"] = write(game.told.turned_up)  # only where a card was turned up
    if game.told is not None and any(game.told.thrown.values()):  # only where cards were
        head["thrown"] = {n: [write(c) for c in cs] for n, cs in game.told.thrown.items() if cs}
    if game.told is not None and game.told.opening_card is not None:  # ruling 167
        rank, suit = game.told.opening_card
        head["opening_card"] = (
            "nobody" if suit == NONE_HELD[1] else f"{v.rank_label(rank)} of {suit}"
        )
    if game.start is not None:
        head["start"] = position_to_data(game.start, v)
        # A player whose face-up cards nobody knows is left out of face_up (GAME-RECORDS.md).
        head["start"].pop("face_up_unknown", None)
    text = yaml.safe_dump(head, sort_keys=False, allow_unicode=True, default_flow_style=None)
    lines = [text.rstrip("\n"), "steps:"]
    for step in game.past.steps:
        flow = yaml.safe_dump(
            step_to_data(step, v), default_flow_style=True, allow_unicode=True, width=10_000
        ).strip()
        lines.append(f"  - {flow}")
    if not game.past.steps:
        lines[-1] = "steps: []"
    return modeline(RECORD_SCHEMA, schema_base) + "\n".join(lines) + "\n"


def _same_as_builtin(v: Variant) -> bool:

    try:
        return builtin(v.id) == v
    except (VariantError, KeyError):
        return False
