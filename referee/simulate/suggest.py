"""What to change (issue 44.4): when the designer's answers find a problem, try the variants
next to this one and propose the smallest change that fixes it, with its measured effect.

The problems: games that do not end, a seat with an edge, one card worth far more than the rest,
a game decided by luck.  The changes tried are small edits of the variant *as its file says
it* (``variant_to_data``), so the Design page applies the very change that was measured:

* an effect added to the card, as its unit proposes (``EffectDecl.remedy``: ``one_time``, "Hot
  Potato once per game"; ``only_on``, "only on 7 or lower"); the change's kind is the effect;
* ``copies``: one copy fewer of a Karma card;
* ``target``: a card aimed at the next player lets its player choose, and back;
* ``starts``: the holder of the lowest card starts (a seat with an edge);
* ``hand``: one hand card more (more choices: more skill).

Each change is played on the same deal seeds as the check (common random numbers), fewest
changes first (``Change.size``), and the first that fixes the problem with its margin is the
proposal; the rest are not played.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from referee.simulate.analysis import Analysis, Question, Workers, analyse
from referee.simulate.stats import Interval, SeatEdge
from referee.variant.loader import VariantError, variant_from_data, variant_to_data
from referee.variant.menu import Remedy
from referee.variant.model import Card, Variant

__all__ = ["Change", "Suggestion", "changes_for", "problems", "suggest"]

TRY_GAMES = {"ends": 100, "strong": 120, "seat": 240, "luck": 160}
"""Deals each change is played on, by problem: enough for the margin that says "fixed"."""


@dataclass(frozen=True)
class Change:
    """One small edit of a variant's data; ``words`` says it as the group would."""

    kind: str
    card: str  # a Karma card's id or a rank ("" for a table change)
    words: str
    size: int  # 1: one number or one switch; more: a new effect with a parameter

    def apply(self, data: dict[str, Any]) -> dict[str, Any]:
        """The variant data with this change made (a copy)."""
        out = copy.deepcopy(data)
        if self.kind == "starts":
            out.setdefault("table", {})["starts"] = "lowest"
            return out
        if self.kind == "hand":
            out["deal"]["hand"] = int(out["deal"]["hand"]) + 1
            return out
        holder = _holder(out, self.card)
        if holder is None:
            return out
        effects = holder.setdefault("effects", [])
        remedy = _REMEDIES.get(self.kind)
        if remedy is not None:
            effects.append({"effect": self.kind, **remedy.params} if remedy.params else self.kind)
        elif self.kind == "copies":
            holder["copies"] = int(holder["copies"]) - 1
        elif self.kind == "target":
            for i, e in enumerate(effects):
                if isinstance(e, dict) and e.get("target") in ("next", "chosen"):
                    effects[i] = {**e, "target": "chosen" if e["target"] == "next" else "next"}
                elif isinstance(e, str) and e in _TARGETED:
                    effects[i] = {"effect": e, "target": "next"}
        return out

    def variant(self, v: Variant) -> Variant | None:
        """``v`` with this change, or None when the change makes no valid variant."""
        try:
            return variant_from_data(self.apply(variant_to_data(v)))
        except (VariantError, ValueError, KeyError, TypeError):
            return None


def _targeted() -> frozenset[str]:
    from referee.variant.menu import MENU

    return frozenset(n for n, spec in MENU.items() if any(p.key == "target" for p in spec.params))


_TARGETED = _targeted()


def _remedies() -> dict[str, Remedy]:
    """The effects a unit proposes adding (``EffectDecl.remedy``), by name, smallest first."""
    from referee.variant.menu import MENU

    found = {n: spec.remedy for n, spec in MENU.items() if spec.remedy is not None}
    return dict(sorted(found.items(), key=lambda item: (item[1].size, item[0])))


_REMEDIES = _remedies()


def _holder(data: dict[str, Any], card: str) -> dict[str, Any] | None:
    for k in data.get("karma_cards") or []:
        if k.get("id") == card:
            return k  # type: ignore[no-any-return]
    for p in data.get("rank_powers") or []:
        if str(p.get("rank")) == card:
            return p  # type: ignore[no-any-return]
    return None


def changes_for(v: Variant, card: Card) -> list[Change]:
    """The small changes of one card, smallest first."""
    name = v.card_name(card)
    names = {e.name for e in v.effects_of(card)}
    out = [
        Change(effect, str(card), f"{name} {remedy.words}", remedy.size)
        for effect, remedy in _REMEDIES.items()
        if effect not in names
    ]
    if isinstance(card, str) and not v.is_joker(card):
        n = v.copies_per_deck(card)
        if n > 1:
            out.append(
                Change("copies", card, f"{name}: {n - 1} cop{'y' if n == 2 else 'ies'}, not {n}", 1)
            )
    data = _holder(variant_to_data(v), str(card)) or {}
    for e in data.get("effects", []):
        target = e.get("target", "chosen") if isinstance(e, dict) else "chosen"
        if (e.get("effect") if isinstance(e, dict) else e) in _TARGETED:
            whom = "a player its player chooses" if target == "next" else "the next player"
            out.append(Change("target", str(card), f"{name} goes to {whom}", 1))
            break
    return sorted(out, key=lambda c: c.size)  # stable: a unit's own change first at its size


@dataclass(frozen=True)
class Problem:
    """A problem the check found: what (``ends``, ``strong``, ``seat``, ``luck``), in words,
    and the card it is about (if any)."""

    kind: str
    words: str
    card: Card | None = None


def problems(a: Analysis) -> list[Problem]:
    """The problems in the answers, the worst first."""
    out: list[Problem] = []
    v = a.question.variant
    if a.may_not_end:
        card = a.stall.card if a.stall is not None else None
        found: Card | None = None
        if card is not None:
            found = next((c for c in v.all_cards() if str(c) == card), None)
        most = a.ends.value < 0.5  # (a few games, 1 in 20 say: "some")
        out.append(
            Problem("ends", "Games do not end." if most else "Some games do not end.", found)
        )
    strong = next((c for c in a.cards if c.strong), None)
    if strong is not None:
        top = next(c for c in v.all_cards() if str(c) == strong.card)
        out.append(Problem("strong", f"{strong.name} is worth far more than the rest.", top))
    if a.seats.edge:
        out.append(Problem("seat", seat_words(a.seats)))
    if a.question.skill and a.skill.known and a.skill.low <= 0 and a.games >= 50:
        out.append(Problem("luck", "The game is decided by luck: careful play makes no clear "
                           "difference."))  # fmt: skip
    return out


def seat_words(seats: SeatEdge) -> str:
    """The seat problem in true words: the seat named (the furthest from a fair share) has an
    edge when it loses less often than a fair share, and none when it loses more often."""
    j = seats.worst
    if seats.shares[j].value > 1 / len(seats.shares):
        return f"Seat {j + 1} loses more often than the others."
    return f"Seat {j + 1} has an edge."


@dataclass(frozen=True)
class Suggestion:
    """The proposal for one problem: the change, what it measured and its words; ``change``
    None when no change tried fixed it."""

    problem: Problem
    change: Change | None
    effect: str
    games: int
    tried: int

    def words(self) -> str:
        if self.change is None:
            return f"{self.problem.words} None of the {self.tried} small changes tried fixed it."
        return (
            f"{self.problem.words} The smallest change that fixes it: {self.change.words}: "
            f"{self.effect} ({self.games} games on the same deals)."
        )


def _candidates(a: Analysis, p: Problem) -> list[Change]:
    v = a.question.variant
    out: list[Change] = []
    if p.card is not None:
        out += changes_for(v, p.card)
    if p.kind == "seat":
        if "starts" not in v.table:  # a table rule's change, by the name a file gives it
            out.append(Change("starts", "", "The holder of the lowest card starts", 1))
        for c in sorted(a.cards, key=lambda c: -c.worth.value if c.measured else 0)[:3]:
            card = next(x for x in v.all_cards() if str(x) == c.card)
            # the cheap changes of the strongest cards: a number or a switch, not an aim
            out += [ch for ch in changes_for(v, card) if ch.size == 1 and ch.kind != "target"]
    if p.kind == "luck":
        out.append(Change("hand", "", "One hand card more", 1))
    return sorted(out, key=lambda c: c.size)  # stable: the card's own changes first


def _pct(x: Interval) -> str:
    return f"{x.value * 100:.0f}% {x.plus_minus(100)}"


def _judge(a: Analysis, p: Problem, b: Analysis, minutes: Callable[[Analysis], str]) -> str:
    """The measured effect of a change in words when it fixes ``p`` (else "")."""
    if p.kind == "ends":
        unfinished = Interval(1 - b.ends.value, 1 - b.ends.high, 1 - b.ends.low, b.ends.n)
        if unfinished.high <= 0.05:
            return f"{_pct(unfinished)} unfinished, {minutes(b)}"
        return ""
    if p.kind == "strong":
        card = next((c for c in b.cards if c.card == str(p.card)), None)
        if card is not None and card.measured and card.worth.value <= 0.15:
            return f"worth {card.worth.value * 100:.0f} {card.worth.plus_minus(100)} points"
        return ""
    if p.kind == "seat":
        worst = a.seats.worst
        s = b.seats.shares[worst]
        fair = 1 / len(b.seats.shares)
        if not b.seats.edge and s.covers(fair) and s.margin <= 0.08:
            return f"seat {worst + 1} loses {_pct(s)} (a fair share is {fair:.0%})"
        return ""
    if p.kind == "luck" and b.skill.known and b.skill.low > 0:
        return f"careful play counts for {b.skill.value * 100:.0f} {b.skill.plus_minus(100)} points"
    return ""


def _tries(a: Analysis, p: Problem) -> Iterator[tuple[Change, Question]]:
    q = a.question
    n = TRY_GAMES[p.kind]
    for change in _candidates(a, p):
        v = change.variant(q.variant)
        if v is None or v.decks_for(q.players) is None:
            continue
        only = (str(p.card),) if p.kind == "strong" and p.card is not None else ()
        yield (
            change,
            replace(
                q,
                variant=v,
                max_games=n,
                min_games=n,
                target=0,
                cards=p.kind == "strong",
                only=only,
                skill=p.kind == "luck",
                parent=None,
            ),
        )


def suggest(
    a: Analysis,
    jobs: int = 0,
    minutes: Callable[[Analysis], str] | None = None,
    progress: Callable[[str], None] | None = None,
    workers: Workers | None = None,
) -> list[Suggestion]:
    """For each problem in ``a`` (a finished check), the smallest change that fixes it.  Every
    change is tried on ``workers`` (the check's own, when given; else started here once for
    all of them, only when there is a problem to fix)."""
    found_problems = problems(a)
    if not found_problems:
        return []
    if workers is None:
        with Workers(jobs) as own:
            return suggest(a, jobs, minutes, progress, own)
    say = minutes or _minutes
    out: list[Suggestion] = []
    for p in found_problems:
        tried = 0
        found: Suggestion | None = None
        for change, q in _tries(a, p):
            tried += 1
            if progress is not None:
                progress(f"Trying: {change.words}…")
            b = analyse(q, workers=workers)
            effect = _judge(a, p, b, say)
            if effect:
                found = Suggestion(p, change, effect, b.games, tried)
                break
        out.append(found or Suggestion(p, None, "", 0, tried))
    return out


def _minutes(b: Analysis) -> str:
    from referee.simulate.answers import minutes

    if not b.steps.known:
        return "no game ended"
    m = minutes(b)
    return f"{m.value:.0f} {m.plus_minus()} minutes"
