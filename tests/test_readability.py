"""Issue 20: words an eight-year-old follows.  Every sentence a child reads on the Referee page
(a verdict's answer and what to do, an outcome, the advice for the next player) is measured:
the Flesch-Kincaid grade (textstat 0.7.3, offline) of at most 4 for 90 % of the sentences and
at most 6 for any, and at most 16 words for 90 %.

The sentences come from the wording tables (``tests/wording_cases.py``: every reason code and
every outcome in four variants) and from random games of every built-in variant, played in
table mode as a referee sees them, with illegal tries at every step.  ``make test`` prints the
figures (``tests/conftest.py``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
import textstat
from wording_cases import EXTRA, outcome_cases, situations, variant

from referee.engine import Game, PickUp, Play, Step, Verdict
from referee.variant.registry import builtin, builtin_ids
from referee.words.sentences import verdict_text

TABLE_VARIANTS = ("classic", "shithead", "second-edition", "house")
NAMES = ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal")
GAMES = 4  # random games per built-in variant
STEP_CAP = 300

MAX_GRADE, MOST_GRADE, MOST_WORDS, MOST = 6.0, 4.0, 16, 0.9

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")


def sentences(text: str) -> list[str]:
    """A text split into its sentences ('Ann plays 9. Ben may play …' gives two)."""
    return [s for s in _SENTENCE_END.split(text.strip()) if s]


def shown(v: Verdict) -> str:
    """What a child reads of a verdict on the Referee page."""
    return verdict_text(v)


def _from_tables() -> Iterator[str]:
    for vid in TABLE_VARIANTS:
        for _, game, step in situations(variant(vid)):
            yield shown(game.advice.explain(game.state, step))
    for vid in (*TABLE_VARIANTS, EXTRA):
        for _, game, step in outcome_cases(vid):
            yield from game.push(step).messages


def _tries(game: Game, rng: random.Random) -> Iterator[Step]:
    """Steps a player at the table might propose now, most of them illegal."""
    mover = game.turn
    assert mover is not None
    others = [n for n in game.players if n != mover]
    cards = game.variant.all_cards()
    zone = game.zone_to_play() or "hand"
    yield PickUp(mover)
    yield Play(rng.choice(others), (rng.choice(cards),))
    for card in rng.sample(cards, min(4, len(cards))):
        to = rng.choice([None, *others]) if game.choices.needs[card].needs_target else None
        yield Play(mover, (card,), zone, to)
    card = rng.choice(cards)
    yield Play(mover, (card, card), zone)
    yield Play(
        mover, (card,), rng.choice([z for z in ("hand", "face_up", "face_down") if z != zone])
    )


def _from_games() -> Iterator[str]:
    """Random games of every built-in variant, refereed in table mode (hands hidden) while a
    full-information copy picks the legal steps."""
    for vid in builtin_ids():
        v = builtin(vid)
        for seed in range(GAMES):
            rng = random.Random(f"{vid}-{seed}")
            players = list(NAMES[: rng.randint(v.min_players, min(v.max_players, len(NAMES)))])
            full = Game.shuffled(v, players, seed)
            table = Game.deal(v, players, full.initial_face_up, full.told)
            for _ in range(STEP_CAP):
                if full.over:
                    yield shown(table.advice.explain(table.state, PickUp(players[0])))
                    break
                for verdict in table.advice.explain_many(table.state, list(_tries(table, rng))):
                    yield shown(verdict)
                step = rng.choice(full.choices.legal_steps(full.state))
                full.push(step)
                yield from table.push(step).messages


@dataclass(frozen=True)
class Figures:
    sentences: int
    grade_p90: float
    grade_max: float
    words_p90: int
    words_max: int
    share_grade: float  # of sentences at most MOST_GRADE
    share_words: float  # of sentences at most MOST_WORDS
    hardest: tuple[tuple[float, str], ...]
    longest: tuple[tuple[int, str], ...]

    def lines(self) -> list[str]:
        return [
            f"readability (issue 20): {self.sentences} distinct sentences; "
            f"Flesch-Kincaid grade p90 {self.grade_p90:.1f}, max {self.grade_max:.1f} "
            f"({self.share_grade:.0%} at most {MOST_GRADE:g}); "
            f"words p90 {self.words_p90}, max {self.words_max} "
            f"({self.share_words:.0%} at most {MOST_WORDS})",
            *(f"  grade {g:5.1f}: {s}" for g, s in self.hardest[:3]),
            *(f"  {n:2d} words: {s}" for n, s in self.longest[:3]),
        ]


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def measure(texts: Iterator[str]) -> Figures:
    found = sorted({s for text in texts for s in sentences(text)})
    grade = {s: float(textstat.flesch_kincaid_grade(s)) for s in found}
    words = {s: int(textstat.lexicon_count(s)) for s in found}
    return Figures(
        sentences=len(found),
        grade_p90=_p90(list(grade.values())),
        grade_max=max(grade.values()),
        words_p90=int(_p90([float(n) for n in words.values()])),
        words_max=max(words.values()),
        share_grade=sum(g <= MOST_GRADE for g in grade.values()) / len(found),
        share_words=sum(n <= MOST_WORDS for n in words.values()) / len(found),
        hardest=tuple(sorted(((g, s) for s, g in grade.items()), reverse=True)[:10]),
        longest=tuple(sorted(((n, s) for s, n in words.items()), reverse=True)[:10]),
    )


def _all_texts() -> Iterator[str]:
    yield from _from_tables()
    yield from _from_games()


def test_sentences_split_where_a_reader_stops() -> None:
    assert sentences("No: 1 is lower than 6. Ann may play 6 or higher — or pick up the pile.") == [
        "No: 1 is lower than 6.",
        "Ann may play 6 or higher — or pick up the pile.",
    ]
    assert sentences("The pile burns (4 cards)! Ann plays again.") == [
        "The pile burns (4 cards)!",
        "Ann plays again.",
    ]


def test_the_measure_can_fail() -> None:
    """The face-down advice the audit found (grade 14.2, 43 words) fails both limits."""
    hard = (
        "Instead: Eve may turn over a face-down card: it goes on the pile if it is a number from "
        "1 to 7, a Karma card or a wild card (8 or 10), otherwise Eve picks up the pile — or pick "
        "up the pile."
    )
    f = measure(iter([hard]))
    assert f.grade_max > MAX_GRADE and f.words_max > MOST_WORDS


@pytest.mark.xdist_group("advice_words")  # the advice's property test runs once for both
def test_every_verdict_of_the_advice_property_test_is_easy(
    report_figures: Callable[[list[str]], None],
) -> None:
    """Issue 39.6: over every verdict the property test of the advice produces (random valid
    variants, reachable states, what a table might propose there), not only hand-picked
    ones; its refusals carry the advice, said as kinds where a list would be long."""
    from test_advice import words_of_the_property_test

    f = measure(iter(words_of_the_property_test()))
    report_figures(
        [line.replace("(issue 20)", "(issue 39, random variants)") for line in f.lines()]
    )
    assert f.sentences > 1000
    assert f.grade_max <= MAX_GRADE, f.hardest
    assert f.share_grade >= MOST, f.hardest
    assert f.share_words >= MOST, f.longest


def test_every_sentence_a_child_reads_is_easy(
    report_figures: Callable[[list[str]], None],
) -> None:
    f = measure(_all_texts())
    report_figures(f.lines())
    assert f.sentences > 300
    assert f.grade_max <= MAX_GRADE, f.hardest
    assert f.share_grade >= MOST, f.hardest
    assert f.share_words >= MOST, f.longest
