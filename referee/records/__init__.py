"""Game records and referee scenarios (GAME-RECORDS.md): load, replay, export.

A record is *malformed* when its shape is wrong (an unknown key, a wrong type, a player or card
that does not exist, a step with no action): loading raises :class:`RecordError` with located
problems.  A well-formed step that breaks a rule is *illegal*: replay gives it its verdict and
goes on.

Paths: a record names its variant by built-in id or inline.  Only :func:`load_record_file` (the
command line) may follow a path, and only to a regular file inside the record's own folder tree
(symlinks resolved), opened without blocking.  :func:`load_record_text` -- what the app uses for
an upload or a link -- refuses every path unless called with ``allow_paths=True`` and a
``base_dir``, so no user input makes the app read a file on the server.

Size limits, measured (issue 8 item 6): an exported game takes 30-34 bytes and 5.4-5.7 YAML
values a step (random play of every built-in variant, 2-4 players with 9-letter names, face-up
cards known), so a 5,000-step game is 147-165 KiB and 27,000-29,000 values.  The limits --
``RECORD_MAX_BYTES`` 512 KiB and ``RECORD_MAX_NODES`` 80,000 -- leave about three times that.
The pure-Python parser refuses the worst hostile file within the limits (512 KiB of ``1,``) in
about 2 s; alias bombs and deep nesting are refused by :mod:`referee.yamlsafe` as before.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from referee.engine import (
    ZONES,
    Game,
    Outcome,
    PickUp,
    Play,
    Position,
    SetupError,
    Step,
    Verdict,
)
from referee.resources import RECORD_SCHEMA, modeline, schema_text
from referee.variant.loader import VariantError, load_variant_text, read_limited, variant_to_data
from referee.variant.model import Card, Variant
from referee.variant.registry import builtin, builtin_ids
from referee.words import sentences
from referee.words.names import check_players, nfc_data
from referee.yamlsafe import Problem, YamlError, format_path, locate, parse_yaml, schema_problems

__all__ = [
    "Record",
    "check_state",
    "has_a_step",
    "position_from_data",
    "position_to_data",
    "push_legal",
    "start_game",
    "step_from_data",
    "step_to_data",
    "RecordError",
    "RecordStep",
    "ReplayResult",
    "StepResult",
    "export_record",
    "game_from_record",
    "load_record_file",
    "load_record_text",
    "new_game",
    "replay",
]


class RecordError(Exception):
    """A record that cannot be read or is malformed; ``problems`` are located."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class RecordStep:
    """One entry of ``steps``: a step with its expectation, or a ``check``."""

    number: int  # 1-based, checks included
    line: int
    step: Step | None = None
    expect: str = "legal"
    check: dict[str, Any] | None = None
    says: tuple[str, ...] = ()  # words the referee must say for the step (a project addition)
    rule: str | None = None  # the rule its verdict must cite (a project addition)


@dataclass
class Record:
    filename: str
    variant: Variant
    variant_ref: str | None  # a built-in id or the path as written; None when inline
    players: tuple[str, ...]
    face_up: dict[str, tuple[Card, ...]] | None = None
    start: Position | None = None
    steps: list[RecordStep] = field(default_factory=list)
    name: str = ""
    description: str = ""


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


# --- loading -----------------------------------------------------------------------------------


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
        face_up = None
        if "face_up" in d:
            face_up = {}
            for name, cards in d["face_up"].items():
                self.player(("face_up", name), name, players, at_key=True)
                self.cards(("face_up", name), cards, variant)
                face_up[name] = tuple(cards)
        start = self.start(d["start"], players, variant) if "start" in d else None
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
        target = (root / rel).resolve() if root is not None else None
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
            if ids:
                expected += f" or one of: {ids}"
            self.problem(path, f"there is no card {card!r} in {variant.name}; expected {expected}")

    def cards(self, path: tuple[str | int, ...], cards: list[Any], variant: Variant) -> None:
        for i, c in enumerate(cards):
            self.card((*path, i), c, variant)

    def start(self, s: dict[str, Any], players: tuple[str, ...], variant: Variant) -> Position:
        self.player(("start", "turn"), s.get("turn"), players)
        if s.get("top_played_by") is not None:
            self.player(("start", "top_played_by"), s["top_played_by"], players)
        self.cards(("start", "pile"), s.get("pile", []), variant)
        for key in ("hand", "face_down", "face_up"):
            for name in s.get(key, {}):
                self.player(("start", key, name), name, players, at_key=True)
        for name, cards in s.get("face_up", {}).items():
            self.cards(("start", "face_up", name), cards, variant)
        return position_from_data(s)

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
            self.player((*path, "pickup"), s["pickup"], players)
            if s.get("take") is not None:
                self.card((*path, "take"), s["take"], variant)
            return RecordStep(number, line, step_from_data(s), expect, says=says, rule=rule)
        self.player((*path, "by"), s["by"], players)
        self.cards((*path, "play"), s["play"], variant)
        if s.get("to") is not None:
            self.player((*path, "to"), s["to"], players)
        if s.get("give") is not None:
            self.card((*path, "give"), s["give"], variant)
        return RecordStep(number, line, step_from_data(s), expect, says=says, rule=rule)


# --- replaying ---------------------------------------------------------------------------------


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
    if "face_up" in out:
        out["face_up"] = by_player(out["face_up"])
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
        for key in ("give", "take"):
            if s.get(key) is not None:
                s[key] = one(s[key])
        if isinstance(s.get("check"), dict) and s["check"].get("top") is not None:
            s["check"] = {**s["check"], "top": one(s["check"]["top"])}
        steps.append(s)
    if "steps" in out:
        out["steps"] = steps if out["steps"] is not None else None
    return out


def start_game(
    variant: Variant,
    players: Sequence[str],
    face_up: Mapping[str, Sequence[Card]] | None = None,
    start: Position | None = None,
) -> Game:
    """A game as a record (or the app's store) starts it: a start position, or a deal (R2).

    A start position where the mover can take no step is refused (docs/rulings.md, "A start
    with no step"): R2.4 takes the position as it is, so nobody could ever move."""
    if start is None:
        return Game.deal(variant, players, face_up or None)
    game = Game.from_position(variant, players, start)
    if not has_a_step(game):
        raise SetupError(sentences.no_step_at_start(start.turn), "start.turn")
    return game


def has_a_step(game: Game) -> bool:
    """Whether the player to move may take some step, asked of ``Game.explain`` (the hands
    are hidden at a table, so the full-information ``legal_steps`` cannot say).  Cheap when
    there is a step: a pile to pick up, or the first card that fits."""
    mover = game.turn
    if mover is None:
        return False
    if game.explain(PickUp(mover)).legal:
        return True
    if any(game.explain(PickUp(mover, c)).legal for c in game.take_choices()):
        return True  # a pick-up that takes a face-up card along (ruling 108)
    others = [None, *(n for n in game.players if n != mover)]
    return any(
        game.explain(Play(mover, (card,), zone, to)).legal
        for zone in ZONES
        for card in game.variant.all_cards()
        for to in others
    )


def push_legal(game: Game, steps: Iterable[Step]) -> int:
    """Apply the steps the rules allow; an illegal one changes nothing (R11.3).

    Returns how many steps were refused.
    """
    refused = 0
    for step in steps:
        if game.explain(step).legal:
            game.push(step)
        else:
            refused += 1
    return refused


def new_game(record: Record) -> Game:
    """The game as the record starts it: a fresh deal, or a start position (R2)."""
    return start_game(record.variant, record.players, record.face_up, record.start)


@dataclass(frozen=True)
class StepResult:
    number: int
    kind: str  # "play", "pickup" or "check"
    verdict: str  # "legal", "illegal" or "check"
    ok: bool
    reason: str
    rule: str = ""
    expect: str | None = None
    outcome: Outcome | None = None
    line: int = 0
    instead: str = ""  # an illegal step: what the mover may do now (R11.1)

    def to_dict(self) -> dict[str, Any]:
        extra = {"instead": self.instead} if self.verdict == "illegal" else {}
        return {
            "step": self.number,
            "line": self.line,
            "kind": self.kind,
            "verdict": self.verdict,
            "ok": self.ok,
            "reason": self.reason,
            "rule": self.rule,
            "expect": self.expect,
            "consequences": list(self.outcome.messages) if self.outcome else [],
            **extra,
        }


@dataclass
class ReplayResult:
    record: Record
    game: Game
    results: list[StepResult]

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)


def replay(record: Record) -> ReplayResult:
    """Replay every step: verdicts against `expect`, state against `check` (GAME-RECORDS.md)."""
    game = new_game(record)
    results = []
    for rs in record.steps:
        if rs.check is not None:
            failures = check_state(game, rs.check)
            reason = "; ".join(failures) if failures else "the state is as stated"
            results.append(
                StepResult(rs.number, "check", "check", not failures, reason, line=rs.line)
            )
            continue
        assert rs.step is not None
        verdict = game.explain(rs.step)
        outcome = game.push(rs.step) if verdict.legal else None
        got = "legal" if verdict.legal else "illegal"
        reason = str(verdict) if not verdict.legal else (outcome.text if outcome else "")
        unsaid = _unsaid(rs, verdict, outcome)
        if unsaid:
            reason = f"{reason} ({'; '.join(unsaid)})"
        results.append(
            StepResult(
                rs.number,
                "pickup" if isinstance(rs.step, PickUp) else "play",
                got,
                got == rs.expect and not unsaid,
                reason,
                verdict.rule,
                rs.expect,
                outcome,
                rs.line,
                verdict.instead,
            )
        )
    return ReplayResult(record, game, results)


def _unsaid(rs: RecordStep, verdict: Verdict, outcome: Outcome | None) -> list[str]:
    """What a step's ``says`` and ``rule`` expect and the referee did not say (a project
    addition: the words of a scenario, checked as its verdicts are)."""
    heard = " ".join((sentences.verdict_text(verdict), outcome.text if outcome else ""))
    missing = [f"expected the words {p!r}" for p in rs.says if p not in heard]
    if rs.rule is not None and verdict.rule != rs.rule:
        missing.append(f"expected the rule {rs.rule}, the referee cites {verdict.rule}")
    return missing


def check_state(game: Game, check: dict[str, Any]) -> list[str]:
    """What differs between the game and a `check` entry (only the fields present)."""
    s = game.state
    failures = []

    def compare(name: str, expected: Any, actual: Any) -> None:
        if expected != actual:
            failures.append(
                f"{name}: expected {yaml_words(expected)}, the referee has {yaml_words(actual)}"
            )

    for key, expected in check.items():
        if key == "turn":
            compare("turn", expected, game.turn)
        elif key == "top":
            compare("top", expected, game.top)
        elif key == "pile":
            compare("pile", expected, len(s.pile))
        elif key == "draw_pile":
            compare("draw_pile", expected, s.draw_pile)
        elif key == "burned":
            compare("burned", expected, s.out_of_play)
        elif key in ("hand", "face_up", "face_down"):
            for player, n in expected.items():
                compare(f"{key}.{player}", n, game.zone(player, key).count)
        elif key == "out":
            compare("out", sorted(expected), sorted(game.out()))
        elif key == "loser":
            compare("loser", expected, game.loser)
        elif key == "advice":  # a project addition: the words of what may be done now
            compare("advice", expected, game.hint() if not game.over else "")
        elif key == "next":  # a project addition: the table's 'Next:' line
            said = "" if game.over else sentences.next_play(game.hint_data(), game.voice)
            compare("next", expected, said)
    return failures


def game_from_record(record: Record) -> Game:
    """A game with the record's legal steps applied (illegal ones change nothing, R11.3)."""
    game = new_game(record)
    push_legal(game, (rs.step for rs in record.steps if rs.step is not None))
    return game


# --- exporting ---------------------------------------------------------------------------------


def _as_written(variant: Variant | None) -> Any:
    """How cards are written out: as the engine names them (the app's own store), or as a
    record writes them for this variant (a Queen as ``Q`` in an ordinary pack)."""
    return (lambda c: c) if variant is None else variant.record_card


def step_to_data(step: Step, variant: Variant | None = None) -> dict[str, Any]:
    """A step in its record form; with the variant, cards as a record writes them (``Q``)."""
    write = _as_written(variant)
    if isinstance(step, PickUp):
        if step.take is not None:  # a table rule's face-up card (ruling 108)
            return {"pickup": step.by, "take": write(step.take)}
        return {"pickup": step.by}
    d: dict[str, Any] = {"by": step.by, "play": [write(c) for c in step.cards]}
    if step.zone != "hand":
        d["from"] = step.zone
    if step.to is not None:
        d["to"] = step.to
    if step.give is not None:
        d["give"] = write(step.give)
    return d


def step_from_data(d: dict[str, Any]) -> Step:
    """A step from its record form (already checked by the loader or written by the app)."""
    if "pickup" in d:
        return PickUp(d["pickup"], d.get("take"))
    return Play(d["by"], tuple(d["play"]), d.get("from", "hand"), d.get("to"), d.get("give"))


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
    return out


def position_from_data(d: dict[str, Any]) -> Position:
    return Position(
        turn=d["turn"],
        pile=tuple(d.get("pile", ())),
        draw_pile=int(d.get("draw_pile", 0)),
        hand=dict(d.get("hand", {})),
        face_up={n: tuple(c) for n, c in d.get("face_up", {}).items()},
        face_down=dict(d.get("face_down", {})),
        top_played_by=d.get("top_played_by"),
    )


def export_record(
    game: Game, variant_ref: str | Variant | None = None, name: str = "", schema_base: str = ""
) -> str:
    """The game as a record (GAME-RECORDS.md); a variant that is not built in goes inline.

    It starts with the editor's schema line: ``record.schema.json`` under ``schema_base`` (the
    app's address, which serves it), or beside the file (referee.resources.modeline)."""
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
    if game.start is not None:
        head["start"] = position_to_data(game.start, v)
    text = yaml.safe_dump(head, sort_keys=False, allow_unicode=True, default_flow_style=None)
    lines = [text.rstrip("\n"), "steps:"]
    for step in game.steps:
        flow = yaml.safe_dump(
            step_to_data(step, v), default_flow_style=True, allow_unicode=True, width=10_000
        ).strip()
        lines.append(f"  - {flow}")
    if not game.steps:
        lines[-1] = "steps: []"
    return modeline(RECORD_SCHEMA, schema_base) + "\n".join(lines) + "\n"


def _same_as_builtin(v: Variant) -> bool:
    from referee.variant.registry import builtin

    try:
        return builtin(v.id) == v
    except (VariantError, KeyError):
        return False


_SEGMENT = re.compile(r"\[(\d+)\]|\.?([^.\[]+)")


def _parse_path(path: str) -> tuple[str | int, ...]:
    """``karma_cards[2].effects[0].max`` -> its segments (the inverse of ``format_path``)."""
    return tuple(
        int(index) if index else key for index, key in _SEGMENT.findall(path) if index or key
    )


def yaml_words(value: Any) -> str:
    """A value as a record would write it (``null``, ``[Ann, Ben]``, ``'7'``), not as Python
    prints it (``None``, ``['Ann', 'Ben']``): messages speak the record's language."""
    if isinstance(value, tuple):
        value = list(value)
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1 << 20)
    return text.strip().removesuffix("...").strip()


def _short(text: object, limit: int = 60) -> str:
    """A user's value quoted for a message, cut to a sensible length."""
    r = repr(str(text))
    return r if len(r) <= limit else r[: limit - 4] + "...'"
