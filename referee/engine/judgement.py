"""A verdict before its words (``Judgement``), and how the engine's parts make one.

The filter (``engine.legality.Rules``), the pile's one R5 check (``engine.pile.Pile``) and the
generator (``engine.choices``) all speak in judgements; the advice (``engine.advice``) words
them.  A unit's own refusal (``effects.Refusal``) becomes one here, in one way for all.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.effects import Refusal
from referee.words.reasons import Facts, HouseRule, Reason


class Judgement(NamedTuple):
    """A verdict before its words: legal or not, the rule, the reason and its facts."""

    legal: bool
    rule: str
    reason: Reason
    facts: Facts
    field: str | None = None


def yes(rule: str, reason: Reason, facts: Facts) -> Judgement:
    return Judgement(True, rule, reason, facts)


def no(rule: str, reason: Reason, facts: Facts, field: str | None = None) -> Judgement:
    return Judgement(False, rule, reason, facts, field)


def refused(by: str, r: Refusal) -> Judgement:
    """A unit's refusal as a verdict: the rule book's own reason when the unit keeps one of its
    rules (R8.3), else a house rule's (R9)."""
    if r.reason is not None and r.facts is not None:
        return no(r.rule, r.reason, r.facts, r.field)
    return no(r.rule, Reason.HOUSE_RULE, HouseRule(r.effect, r.code, by, r.words))
