"""Reading a record: located problems for a malformed one (its shape, its players, its cards, a
step with no action), the size limits and the paths it may follow (the package's face says
why)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from referee.engine import NONE_HELD, Position, SetupError
from referee.files.resources import RECORD_SCHEMA, schema_text
from referee.files.yamlsafe import (
    Problem,
    YamlError,
    format_path,
    locate,
    parse_yaml,
    read_limited,
    schema_problems,
)
from referee.records.record import Record, RecordError, RecordStep, yaml_words
from referee.records.replay import new_game
from referee.records.write import position_from_data, step_from_data
from referee.variant.loader import load_variant_text
from referee.variant.model import SUITS, Card, Variant
from referee.variant.registry import builtin, builtin_ids
from referee.words.names import check_players, nfc_data

RECORD_MAX_BYTES = 512 * 1024
"""Largest record accepted (bytes): a 5,000-step export is 147-165 KiB (30-34 bytes a step),
so this holds about 15,000 steps; see the module docstring for the measurements."""


RECORD_MAX_NODES = 80_000
"""Most YAML values in a record: an export has 5.4-5.7 a step (27,000-29,000 for 5,000 steps).
It bounds parse time for the densest file under ``RECORD_MAX_BYTES`` (about 2 s)."""


@cache
def _schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(schema_text(RECORD_SCHEMA))
    return data


def load_record_file(path: str | Path) -> Record:
    """A record named on the command line (read without blocking; a FIFO is refused)."""
    p = Path(path)
    raw = read_limited(p, str(path), RECORD_MAX_BYTES)
    if isinstance(raw, Problem):
        raise RecordError([raw])
    return load_record_text(raw, str(path), base_dir=p.parent, allow_paths=True)


def load_record_text(
    text: str | bytes,
    filename: str = "<record>",
    base_dir: str | Path | None = None,
    *,
    allow_paths: bool = False,
) -> Record:
    """Parse and check a record; every problem is reported at once, located.

    By default (the app: an upload or a link) a ``variant:`` path is refused, never opened;
    only the command line passes ``allow_paths=True`` with the record's folder as ``base_dir``.
    """
    if not allow_paths:
        base_dir = None
    try:
        data, node = parse_yaml(
            text, filename, max_bytes=RECORD_MAX_BYTES, max_nodes=RECORD_MAX_NODES
        )
    except YamlError as e:
        raise RecordError([_name_step(p) for p in e.problems]) from None
    problems = schema_problems(_schema(), data, node, filename)
    if problems:
        raise RecordError([_name_step(p) for p in problems])
    # One spelling of every player's name (NFC): "Zoë" typed with a combining accent is still
    # Zoë wherever the record names her.  The game's own words and its variant stay as written.
    as_written = ("variant", "name", "description")
    data = {k: v if k in as_written else nfc_data(v) for k, v in data.items()}
    return _Builder(data, node, filename, base_dir).build()


_STEP_PATH = re.compile(r"^steps\[(\d+)\]\.?")


def _name_step(p: Problem) -> Problem:
    """Steps are numbered from 1 (GAME-RECORDS.md): say "step 3: to", not "steps[2].to"."""
    m = _STEP_PATH.match(p.path)
    if not m:
        return p
    rest = p.path[m.end() :]
    path = f"step {int(m.group(1)) + 1}" + (f": {rest}" if rest else "")
    return replace(p, path=path)


class _Builder:
    """Turns schema-valid data into a Record, checking names and cards against the variant."""

    def __init__(self, data: dict[str, Any], node: Any, filename: str, base_dir: Any) -> None:
        self.data = data
        self.node = node
        self.filename = filename
        self.base_dir = Path(base_dir) if base_dir is not None else None
        self.problems: list[Problem] = []

    def problem(self, path: tuple[str | int, ...], message: str, at_key: bool = False) -> None:
        line, col = locate(self.node, path, at_key=at_key)
        problem = Problem(self.filename, line, col, format_path(path), message)
        self.problems.append(_name_step(problem))

    def build(self) -> Record:
        variant, ref = self.variant()
        if variant is None:
            raise RecordError(self.problems)
        self.data = d = _read_cards(self.data, variant)
        players = tuple(d["players"])
        # Names people can tell apart (rulings 60-62): no control or direction characters, and
        # no two that look the same (the schema already refuses the very same name twice).
        for problem in check_players(players).problems:
            self.problem(("players", problem.index), problem.message)
        if variant.decks_for(len(players)) is None:
            self.problem(
                ("players",),
                f"{len(players)} players; {variant.name} is for {variant.min_players} to "
                f"{variant.max_players} players",
            )
        face_up = self.cards_by_player("face_up", d, players, variant)
        start = self.start(d["start"], players, variant) if "start" in d else None
        turned_up = d.get("turned_up")
        if turned_up is not None:
            self.card(("turned_up",), turned_up, variant)
        thrown = self.cards_by_player("thrown", d, players, variant)
        opening_card = self.opening_card(d.get("opening_card"), variant)
        steps = [self.step(i, s, players, variant) for i, s in enumerate(d["steps"] or [])]
        if self.problems:
            raise RecordError(sorted(self.problems, key=lambda p: p.sort_key))
        record = Record(
            filename=self.filename,
            variant=variant,
            variant_ref=ref,
            players=players,
            face_up=face_up,
            start=start,
            turned_up=turned_up,
            thrown=thrown,
            opening_card=opening_card,
            steps=steps,
            name=str(d.get("name", "")),
            description=str(d.get("description", "")),
        )
        try:
            new_game(record)
        except SetupError as e:
            path = tuple(e.field.split(".")) if e.field else ()
            self.problem(path, f"{str(e).rstrip('.')}; expected a game that can start (R2)")
            raise RecordError(self.problems) from None
        return record

    def variant(self) -> tuple[Variant | None, str | None]:
        ref = self.data["variant"]
        if isinstance(ref, dict):
            text = yaml.safe_dump(ref, sort_keys=False)
            result = load_variant_text(text, f"{self.filename} (variant)")
            if result.variant is None:
                for p in result.errors:
                    # point into the record itself: `variant.ranks.copies` at its own line
                    inner = _parse_path(p.path)
                    self.problem(
                        ("variant", *inner), p.message, at_key=p.message.startswith("unknown field")
                    )
            return result.variant, None
        if ref in builtin_ids():
            return builtin(ref), ref
        ids = ", ".join(builtin_ids())
        if self.base_dir is None:
            # Opened in the app (an upload, a link): never a path on the server.
            self.problem(
                ("variant",),
                f"there is no built-in variant called {_short(ref)}; expected a built-in id "
                f"({ids}) or the variant itself, written inline",
            )
            return None, None
        return self.variant_file(ref), ref

    def variant_file(self, ref: str) -> Variant | None:
        """A variant file named on the command line's record: only a regular file inside the
        record's own folder tree, read without blocking; its content is never echoed."""
        root = self.base_dir.resolve() if self.base_dir is not None else None
        rel = Path(ref)
        try:
            target = (root / rel).resolve() if root is not None else None
        except (ValueError, OSError):  # a name no file can have (a NUL), or a loop of links
            target = None
        if root is None or target is None or rel.is_absolute() or not target.is_relative_to(root):
            self.problem(
                ("variant",),
                f"{_short(ref)} is not a built-in variant nor a file beside the record; expected "
                f"a built-in id ({', '.join(builtin_ids())}), the variant written inline, or "
                "the path of a variant file inside the record's own folder",
            )
            return None
        raw = read_limited(target, ref)
        if isinstance(raw, Problem):
            self.problem(("variant",), f"cannot use the variant file {_short(ref)}: {raw.message}")
            return None
        result = load_variant_text(raw, ref)
        if result.variant is None:
            first = result.errors[0]
            self.problem(
                ("variant",),
                f"the variant file {_short(ref)} is not valid ({len(result.errors)} problem(s), "
                f"the first at line {first.line}, column {first.column}); expected a valid "
                f"variant file: check it with `karma validate`",
            )
        return result.variant

    def player(
        self,
        path: tuple[str | int, ...],
        name: object,
        players: tuple[str, ...],
        at_key: bool = False,
    ) -> None:
        if name not in players:
            self.problem(
                path,
                f"{name!r} is not a player; expected one of: {', '.join(players)}",
                at_key=at_key,
            )

    def named(self, path: tuple[str | int, ...], named: Any) -> None:
        """The number a card is named as (``as``, ruling 153): a number (in an ordinary pack a
        face's name, read as its number); whether the pack has it is the referee's verdict."""
        if named is not None and (not isinstance(named, int) or isinstance(named, bool)):
            self.problem(
                path,
                f"{_short(named)} is not a number card; expected the number a card counts as, "
                "such as 9 or Q",
            )

    def opening_card(self, said: Any, variant: Variant) -> tuple[int, str] | None:
        """The card of a suit the starter holds (``opening_card: 3 of diamonds``, ruling 167),
        or ``nobody``; None where the record leaves it out.  Whether it says who starts in
        this variant is the deal's to say."""
        if said is None:
            return None
        if isinstance(said, str) and said.strip().casefold() == "nobody":
            return NONE_HELD
        found = variant.parse_suited(said)
        if found is None or found[1] not in SUITS:
            self.problem(
                ("opening_card",),
                f"{_short(said)} is not a card of a suit; expected a card such as "
                "'3 of diamonds', or 'nobody'",
            )
            return None
        return found

    def card(self, path: tuple[str | int, ...], card: Any, variant: Variant) -> None:
        if not variant.is_card(card):
            ids = ", ".join(k.id for k in variant.specials)
            if variant.ordinary:
                expected = (
                    "a card A, 2–10, J, Q or K"
                    if variant.ace == "low"
                    else "a card 2–10, J, Q, K or A"
                )
            else:
                expected = f"a number {variant.ranks_low}–{variant.ranks_high}"
            if variant.without:  # a pack without some ranks (issue 42)
                gone = ", ".join(variant.rank_label(r) for r in variant.without)
                expected += f" but {gone}"
            if ids:
                expected += f" or one of: {ids}"
            self.problem(path, f"there is no card {card!r} in {variant.name}; expected {expected}")

    def cards(self, path: tuple[str | int, ...], cards: list[Any], variant: Variant) -> None:
        for i, c in enumerate(cards):
            self.card((*path, i), c, variant)

    def cards_by_player(
        self, key: str, d: dict[str, Any], players: tuple[str, ...], variant: Variant
    ) -> dict[str, tuple[Card, ...]] | None:
        """A field of cards per player (``face_up``, ``thrown``): each name at the table, each
        card of the variant; None where the record leaves it out."""
        if key not in d:
            return None
        out: dict[str, tuple[Card, ...]] = {}
        for name, cards in d[key].items():
            self.player((key, name), name, players, at_key=True)
            self.cards((key, name), cards, variant)
            out[name] = tuple(cards)
        return out

    def start(self, s: dict[str, Any], players: tuple[str, ...], variant: Variant) -> Position:
        self.player(("start", "turn"), s.get("turn"), players)
        if s.get("top_played_by") is not None:
            self.player(("start", "top_played_by"), s["top_played_by"], players)
        self.cards(("start", "pile"), s.get("pile", []), variant)
        for key in ("hand", "face_down", "face_up"):
            for name in s.get(key, {}):
                self.player(("start", key, name), name, players, at_key=True)
        shown = s.get("face_up", {})
        for name, cards in shown.items():
            self.cards(("start", "face_up", name), cards, variant)
        # GAME-RECORDS.md: a player missing from face_up (or a start without it) has as many
        # face-up cards as the deal gives, none of them known (R4.3); [] says they have none.
        dealt = variant.deal.for_players(len(players)).face_up
        unknown = {name: dealt for name in players if name not in shown and dealt}
        return replace(position_from_data(s), face_up_unknown=unknown)

    def pick_up(
        self,
        path: tuple[str | int, ...],
        s: dict[str, Any],
        players: tuple[str, ...],
        variant: Variant,
    ) -> None:
        """A pick-up's names and cards: the player, a `by` that must be the same player, and
        the face-up card(s) taken with the pile (ruling 108, 141)."""
        self.player((*path, "pickup"), s["pickup"], players)
        if "by" in s and s["by"] != s["pickup"]:  # `by` may say who steps, as for a play
            self.problem(
                (*path, "by"),
                f"{yaml_words(s['by'])} is not the player who picks up "
                f"({yaml_words(s['pickup'])}); expected the same name, or no 'by'",
            )
        take = s.get("take")
        if isinstance(take, list):  # copies of one card (ruling 141)
            self.cards((*path, "take"), take, variant)
            if len({repr(c) for c in take}) > 1:
                self.problem(
                    (*path, "take"),
                    f"these are different cards {take!r}; expected copies of one card, "
                    "such as [7, 7]",
                )
        elif take is not None:
            self.card((*path, "take"), take, variant)

    def step(
        self, i: int, s: dict[str, Any], players: tuple[str, ...], variant: Variant
    ) -> RecordStep:
        number = i + 1
        line, _ = locate(self.node, ("steps", i))
        path: tuple[str | int, ...] = ("steps", i)
        if "check" in s:
            c = s["check"]
            for key in ("turn", "loser"):
                if c.get(key) is not None:
                    self.player((*path, "check", key), c[key], players)
            for key in ("hand", "face_up", "face_down"):
                for name in c.get(key, {}):
                    self.player((*path, "check", key, name), name, players, at_key=True)
            listed: set[str] = set()
            for j, name in enumerate(c.get("out", [])):
                self.player((*path, "check", "out", j), name, players)
                if name in listed:
                    self.problem(
                        (*path, "check", "out", j),
                        f"{yaml_words(name)} is listed twice; expected each player once",
                    )
                listed.add(name)
            if c.get("top") is not None:
                self.card((*path, "check", "top"), c["top"], variant)
            return RecordStep(number, line, check=dict(c))
        expect = s.get("expect", "legal")
        said = s.get("says", ())
        says = (said,) if isinstance(said, str) else tuple(said)
        rule = s.get("rule")
        if "pickup" in s:
            self.pick_up(path, s, players, variant)
            self._choices(path, s, players, variant)
            return RecordStep(number, line, step_from_data(s), expect, says=says, rule=rule)
        self.player((*path, "by"), s["by"], players)
        self.cards((*path, "play"), s["play"], variant)
        self._choices(path, s, players, variant)
        self.named((*path, "as"), s.get("as"))
        return RecordStep(number, line, step_from_data(s), expect, says=says, rule=rule)

    def _choices(
        self,
        path: tuple[str | int, ...],
        s: dict[str, Any],
        players: tuple[str, ...],
        variant: Variant,
    ) -> None:
        """A step's chosen player (`to`) and card given (`give`) name a player and a card."""
        if s.get("to") is not None:
            self.player((*path, "to"), s["to"], players)
        if s.get("give") is not None:
            self.card((*path, "give"), s["give"], variant)


def _read_cards(d: dict[str, Any], variant: Variant) -> dict[str, Any]:
    """The record with every card as the engine names it (docs/records.md): in an ordinary
    pack ``Q``, ``Queen`` and ``12`` are one card, and ``Joker`` is ``joker``.  A card the
    variant lacks stays as written, for the located error."""

    def one(card: Any) -> Any:
        found = variant.parse_card(card)
        return card if found is None else found

    def many(cards: Any) -> Any:
        return [one(c) for c in cards] if isinstance(cards, list) else cards

    def by_player(lists: Any) -> Any:
        return {n: many(c) for n, c in lists.items()} if isinstance(lists, dict) else lists

    out = dict(d)
    for key, read in (("turned_up", one), ("face_up", by_player), ("thrown", by_player)):
        if out.get(key) is not None:
            out[key] = read(out[key])
    if isinstance(out.get("start"), dict):
        start = dict(out["start"])
        if "pile" in start:
            start["pile"] = many(start["pile"])
        if "face_up" in start:
            start["face_up"] = by_player(start["face_up"])
        out["start"] = start
    steps = []
    for s in out.get("steps") or []:
        s = dict(s)
        if "play" in s:
            s["play"] = many(s["play"])
        for key in ("give", "take", "as"):
            if s.get(key) is not None:
                s[key] = many(s[key]) if isinstance(s[key], list) else one(s[key])
        if isinstance(s.get("check"), dict) and s["check"].get("top") is not None:
            s["check"] = {**s["check"], "top": one(s["check"]["top"])}
        steps.append(s)
    if "steps" in out:
        out["steps"] = steps if out["steps"] is not None else None
    return out


_SEGMENT = re.compile(r"\[(\d+)\]|\.?([^.\[]+)")


def _parse_path(path: str) -> tuple[str | int, ...]:
    """``karma_cards[2].effects[0].max`` -> its segments (the inverse of ``format_path``)."""
    return tuple(
        int(index) if index else key for index, key in _SEGMENT.findall(path) if index or key
    )


def _short(text: object, limit: int = 60) -> str:
    """A user's value quoted for a message, cut to a sensible length."""
    r = repr(str(text))
    return r if len(r) <= limit else r[: limit - 4] + "...'"
