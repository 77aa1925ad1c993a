"""Replaying a record: each step judged by the engine with its verdict, each ``expect``, ``says``
and ``check`` compared (``karma replay``); a game started from a record's start."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.engine import (
    ZONES,
    Game,
    Outcome,
    PickUp,
    Play,
    Position,
    SetupError,
    Step,
    Told,
    Verdict,
)
from referee.records.record import Record, RecordStep, yaml_words
from referee.variant.model import Card, Variant
from referee.words import sentences


def start_game(
    variant: Variant,
    players: Sequence[str],
    face_up: Mapping[str, Sequence[Card]] | None = None,
    start: Position | None = None,
    told: Told | None = None,
) -> Game:
    """A game as a record (or the app's store) starts it: a start position, or a deal (R2)
    with what the table did at set-up (``told``: a turned-up card, ruling 156; the cards
    thrown in, ruling 159; the starting card the starter holds, ruling 167).

    A start position where the mover can take no step is refused (docs/rulings.md, "A start
    with no step"): R2.4 takes the position as it is, so nobody could ever move."""
    if start is None:
        return Game.deal(variant, players, face_up or None, told)
    if told:
        if told.opening_card is not None:
            raise SetupError(
                "a start position is a game under way; its first play is made already.",
                "opening_card",
            )
        where = "turned_up" if told.turned_up is not None else "thrown"
        raise SetupError(
            "a start position shows its pile; nothing is turned up or thrown in.", where
        )
    game = Game.from_position(variant, players, start)
    if not has_a_step(game):
        raise SetupError(sentences.no_step_at_start(start.turn), "start.turn")
    return game


def has_a_step(game: Game) -> bool:
    """Whether the player to move may take some step, asked of ``Advice.explain`` (the hands
    are hidden at a table, so the full-information ``legal_steps`` cannot say).  Cheap when
    there is a step: a pile to pick up, or the first card that fits."""
    mover = game.turn
    if mover is None:
        return False
    if game.advice.explain(game.state, PickUp(mover)).legal:
        return True
    if any(
        game.advice.explain(game.state, PickUp(mover, c)).legal
        for c in game.choices.take_choices(game.state)
    ):
        return True  # a pick-up that takes a face-up card along (ruling 108)
    others = [None, *(n for n in game.players if n != mover)]
    return any(
        game.advice.explain(game.state, Play(mover, (card,), zone, to)).legal
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
        if game.advice.explain(game.state, step).legal:
            game.push(step)
        else:
            refused += 1
    return refused


def new_game(record: Record) -> Game:
    """The game as the record starts it: a fresh deal, or a start position (R2)."""
    told = Told(record.turned_up, record.thrown or {}, record.opening_card)
    return start_game(record.variant, record.players, record.face_up, record.start, told)


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
    # The step's field the refusal is about (``to``, ``give``, ...), where it is about one:
    # GAME-RECORDS.md asks the verdict on a `to` or `give` a card takes none to name it.
    field: str = ""

    def to_dict(self) -> dict[str, Any]:
        extra: dict[str, Any] = {"instead": self.instead} if self.verdict == "illegal" else {}
        if self.verdict == "illegal" and self.field:
            extra["field"] = self.field
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
        verdict = game.advice.explain(game.state, rs.step)
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
                _RECORD_FIELD.get(verdict.field or "", verdict.field or ""),
            )
        )
    return ReplayResult(record, game, results)


# A verdict's field by the name a record gives it (GAME-RECORDS.md: a play's zone is `from`).
_RECORD_FIELD = {"zone": "from"}


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
            compare("advice", expected, game.advice.hint(game.state) if not game.over else "")
        elif key == "next":  # a project addition: the table's 'Next:' line
            said = (
                ""
                if game.over
                else sentences.next_play(game.advice.facts(game.state), game.advice.voice)
            )
            compare("next", expected, said)
    return failures


def game_from_record(record: Record) -> Game:
    """A game with the record's legal steps applied (illegal ones change nothing, R11.3)."""
    game = new_game(record)
    push_legal(game, (rs.step for rs in record.steps if rs.step is not None))
    return game
