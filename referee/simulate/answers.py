"""The analysis in words and as data: the same answers for the Design page, the Simulate page
and ``karma simulate`` (text, JSON, CSV).  Every figure carries its 95% interval; a figure that
rests on the games that ended says how many.

Minutes at the table: a game's steps times the seconds a step takes.  The seconds come from the
games this app refereed (``Pace.measured``, computed by the app from its store) or, until there
are any, from :data:`SECONDS_PER_STEP`, a documented default (docs/simulate.md).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from referee.simulate.analysis import Analysis, players_words
from referee.simulate.stats import Interval, how_often, seat_edge
from referee.words.inert import csv_cell

__all__ = [
    "SECONDS_PER_STEP",
    "Pace",
    "comparison_lines",
    "headlines",
    "minutes",
    "to_csv",
    "to_dict",
    "to_text",
]

SECONDS_PER_STEP = 6.0
"""A step at a real table (a card played and cards drawn back up, or the pile picked up) takes
about 6 seconds: the default until this app has refereed games of its own to measure."""


@dataclass(frozen=True)
class Pace:
    """Seconds per step at the table, and where the figure comes from."""

    seconds: float = SECONDS_PER_STEP
    games: int = 0  # refereed games it was measured on (0: the default)

    def words(self) -> str:
        if self.games:
            return (
                f"{self.seconds:.0f} seconds a step, measured on the {self.games} game"
                f"{'s' if self.games != 1 else ''} this app refereed"
            )
        return (
            f"{self.seconds:.0f} seconds a step, a usual pace at a table (no games refereed "
            "here yet to measure yours)"
        )


def minutes(a: Analysis, pace: Pace = Pace()) -> Interval:
    """Minutes a game that ends takes at the table: steps times the pace, with the mean's
    interval (the pace itself is taken as known)."""
    s = a.steps
    k = pace.seconds / 60
    return Interval(s.value * k, s.low * k, s.high * k, s.n)


def _pts(x: Interval) -> str:
    """A difference of shares in points: "9 ± 3 points"."""
    return f"{x.value * 100:.0f} {x.plus_minus(100)} points"


def _num(x: Interval, digits: int = 0) -> str:
    return f"{x.value:,.{digits}f} {x.plus_minus(1, digits)}"


def _ends(a: Analysis) -> str:
    r = a.report
    if not a.games:
        return "No games yet."
    if not r.capped:
        return (
            f"Yes: all {a.games:,} games ended; "
            f"games that do not end are under {a.ends.margin * 100:.0f}%."
        )
    share = 1 - a.ends.value
    if a.may_not_end:
        said = "no game ends" if share >= 1 else f"{how_often(share)} does not end"
        return f"No: {said} ({share:.0%} {a.ends.plus_minus(100)}; {r.unfinished_words()})."
    return (
        f"Yes, almost always: {r.capped} of {a.games:,} games did not end ({r.unfinished_words()})."
    )


def _cards_lines(a: Analysis) -> list[str]:
    known = sorted((c for c in a.cards if c.measured), key=lambda c: -c.worth.value)
    rest = [c for c in a.cards if not c.measured and (c.worth.known or c.stalled)]
    return [c.words() for c in known + rest]


def _skill(a: Analysis) -> str:
    if not (a.careful.known and a.careless.known and a.skill.known):
        return "Not known yet."
    fair = 1 / a.question.players
    lead = (
        f"A careless player at this table loses {a.careless.points()} of games, a careful "
        f"one {a.careful.points()} (pure luck would be {fair:.0%}). "
    )
    if a.skill.low > 0.15:
        tail = f"Skill counts for a lot: {_pts(a.skill)}."
    elif a.skill.low > 0:
        tail = f"Skill counts for a little: {_pts(a.skill)}."
    else:
        tail = f"It is mostly luck: careful play makes no clear difference ({_pts(a.skill)})."
    return lead + tail


def comparison_lines(a: Analysis) -> list[str]:
    """Ours against the parent, each a difference with its margin, in words."""
    parent = a.question.parent
    if parent is None or a.parent_report is None:
        return []
    name = parent.name
    out: list[str] = []
    base = a.parent_steps
    d = a.length
    if d.known and base is not None and base.known and base.value > 0:
        pct = d.value / base.value * 100
        margin = d.plus_minus(100 / base.value) + "%"
        if d.low <= 0 <= d.high:
            out.append(
                f"Games are about as long as in {name} ({pct:+.0f}% {margin}, "
                f"{d.n:,} deals where both ended)."
            )
        else:
            longer = "longer" if pct > 0 else "shorter"
            out.append(
                f"Games are {abs(pct):.0f}% {margin} {longer} than in {name} "
                f"({d.n:,} deals where both ended)."
            )
    for what, x in (("pick-ups", a.pickups), ("burns", a.burns)):
        if not x.known:
            continue
        if x.low <= 0 <= x.high:
            out.append(f"About as many {what} a game as in {name} ({_num(x, 1)}).")
        else:
            more = "more" if x.value > 0 else "fewer"
            out.append(
                f"{abs(x.value):.1f} {x.plus_minus(1, 1)} {more} {what} a game than in {name}."
            )
    theirs = seat_edge(a.parent_report.loser_by_seat)
    out.append(
        f"Seats in {name}, played on the same {a.parent_report.games:,} deals: {theirs.words()}"
    )
    return out


def headlines(a: Analysis, pace: Pace = Pace()) -> list[tuple[str, str]]:
    """(question, answer) pairs in plain words, in the order a designer asks them."""
    q = a.question
    out = [("Who played", f"{a.games:,} games by {players_words(q.bots)}.")]
    out.append(("Does it end?", _ends(a)))
    if a.stall is not None:
        why = a.stall.words()
        if why:
            out.append(("Why not?", " ".join(why)))
    out.append(("Is it fair?", a.seats.words()))
    if a.steps.known:
        m = minutes(a, pace)
        out.append(
            (
                "How long is a game?",
                f"{_num(a.steps)} steps (plays and pick-ups) in the {a.steps.n:,} games that "
                f"ended: about {m.value:.0f} {m.plus_minus()} minutes at the table "
                f"for {q.players} players, at {pace.words()}.",
            )
        )
    cards = _cards_lines(a)
    if cards:
        out.append(
            (
                "What is each card worth?",
                "How much more often a player loses who never plays the card (all its copies, "
                "and one copy): " + "; ".join(cards) + ".",
            )
        )
    if q.skill:
        out.append(("Luck or skill?", _skill(a)))
    lines = comparison_lines(a)
    if lines:
        out.append((f"Against {q.parent.name if q.parent else ''}", " ".join(lines)))
    return out


_STOPPED = {
    "margins": "every headline margin within ±{t:.0f} points",
    "cap": "the most games asked for",
    "does not end": "most games do not end",
    "cancelled": "cancelled",
}


def to_text(a: Analysis, pace: Pace = Pace()) -> str:
    """The whole analysis for a terminal: the answers, then the detailed figures."""
    q = a.question
    why = _STOPPED.get(a.stopped, a.stopped).format(t=q.target * 100)
    lines = [
        f"{q.variant.name} ({q.variant.id}), {q.players} players, seed {q.seed}: "
        f"{a.games:,} games" + (f" (stopped: {why})" if a.stopped else " so far"),
        "",
    ]
    for question, answer in headlines(a, pace):
        lines.append(f"{question} {answer}")
    lines += ["", "Who loses, by seat (seat 1 starts):"]
    for j, s in enumerate(a.seats.shares):
        lines.append(f"  seat {j + 1}: {s.points()}  ({a.report.loser_by_seat[j]} games)")
    if a.cards:
        lines += ["", "Card worth (points more often lost by a player who never plays it):"]
        for c in sorted(a.cards, key=lambda c: -c.worth.value if c.worth.known else 0):
            lines.append(f"  {c.words()}  ({c.replayed} deals where it changed a choice)")
    lines += ["", "The figures of the games:", ""]
    return "\n".join(lines) + "\n" + a.report.to_text()


def _iv(x: Interval | None) -> dict[str, Any] | None:
    return None if x is None else x.to_dict()


def to_dict(a: Analysis, pace: Pace = Pace(), *, timing: bool = True) -> dict[str, Any]:
    """JSON-ready: every answer with its interval (value, low, high, n), and the report."""
    q = a.question
    m = minutes(a, pace) if a.steps.known else None
    data: dict[str, Any] = {
        "variant": {"id": q.variant.id, "name": q.variant.name},
        "players": q.players,
        "bots": list(q.bots),
        "players_words": players_words(q.bots),
        "seed": q.seed,
        "games": a.games,
        "stopped": a.stopped,
        "target_margin": q.target,
        "level": 0.95,
        "ends": {"share": _iv(a.ends), "may_not_end": a.may_not_end},
        "why_not": None
        if a.stall is None
        else {
            "card": a.stall.card,
            "name": a.stall.name,
            "plays_per_stalled_game": round(a.stall.per_stalled_game, 3),
            "plays_per_ended_game": round(a.stall.per_ended_game, 3),
            "replayed_without_power": a.stall.replayed,
            "ended_without_power": a.stall.ended_without,
            "burn": a.stall.burn_impossible,
            "words": a.stall.words(),
        },
        "seats": {
            "loss_share": [s.to_dict() for s in a.seats.shares],
            "p_value": None if not a.seats.tested else round(a.seats.p_value, 6),
            "edge": a.seats.edge,
            "words": a.seats.words(),
        },
        "loss_share_by_bot": {b: x.to_dict() for b, x in a.bots.items()},
        "steps_per_ended_game": _iv(a.steps),
        "minutes": None
        if m is None
        else {**m.to_dict(3), "seconds_per_step": pace.seconds, "measured_on": pace.games},
        "card_worth": {
            c.card: {
                "name": c.name,
                **c.worth.to_dict(),
                "copies": c.copies,
                "per_copy": c.per_copy.to_dict(),
                "replayed": c.replayed,
                "stalled_without": c.stalled,
                "measured": c.measured,
                "strong": c.strong,
                "words": c.words(),
            }
            for c in a.cards
        },
        "skill": {
            "careful_loss": _iv(a.careful),
            "careless_loss": _iv(a.careless),
            "difference": _iv(a.skill),
        },
        "answers": [{"question": k, "answer": v} for k, v in headlines(a, pace)],
        "report": a.report.to_dict(timing=timing),
    }
    if q.parent is not None:
        data["compare"] = {
            "parent": {"id": q.parent.id, "name": q.parent.name},
            "steps_difference": _iv(a.length),
            "parent_steps": _iv(a.parent_steps),
            "pickups_difference": _iv(a.pickups),
            "burns_difference": _iv(a.burns),
            "words": comparison_lines(a),
            "parent_report": None
            if a.parent_report is None
            else a.parent_report.to_dict(timing=False),
        }
    return data


def _rows(d: dict[str, Any], prefix: str = "") -> Iterable[tuple[str, str, Any]]:
    """Flatten the answers (not the nested report) into (section, key, value) rows."""
    for key, value in d.items():
        if key in ("report", "parent_report", "answers", "words"):
            continue
        name = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            yield from _rows(value, name)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, dict):
                    yield from _rows(item, f"{name}.{i + 1}")
                else:
                    yield name.split(".")[0], f"{name}.{i + 1}", item
        else:
            section = name.split(".")[0]
            yield section, name, value


def to_csv(a: Analysis, pace: Pace = Pace()) -> str:
    """``section,key,value`` rows: the answers with their intervals, then the report's rows."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("section", "key", "value"))
    for section, key, value in _rows(to_dict(a, pace)):
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif value is None:
            value = ""
        writer.writerow([csv_cell(cell) for cell in (section, key, value)])
    body = a.report.to_csv().split("\n", 1)[1]  # without its header
    return out.getvalue() + body
