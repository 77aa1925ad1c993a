"""What the Design and Simulate pages share around the analysis (``referee.simulate``):
the pace of this group's table, measured from the games the app refereed, and the Design
page's quick check.  No Streamlit here: the pages draw."""

from __future__ import annotations

import statistics
from collections.abc import Generator

from referee.simulate.analysis import Analysis, Question, Workers, analyse_live
from referee.simulate.answers import SECONDS_PER_STEP, Pace
from referee.store import StorageError, Store
from referee.variant.model import Variant

MIN_STEPS = 20
"""A refereed game shorter than this tells little about the pace (a test, an abandoned one)."""
MAX_STEP_SECONDS = 120.0
"""A game whose steps took longer than this on average was left open between sessions."""


def pace(store: Store, limit: int = 50) -> Pace:
    """Seconds per step at this group's table: the median over the finished games the app
    refereed (first to last step), or the documented default when there are none."""
    try:
        summaries = [g for g in store.list_games(limit=limit) if g.over]
        per_step = []
        for g in summaries:
            if g.step_count < MIN_STEPS:
                continue
            row = store.load_game(g.id)
            seconds = (row.updated - row.created) / g.step_count
            if 0 < seconds <= MAX_STEP_SECONDS:
                per_step.append(seconds)
    except (StorageError, ValueError, OSError):
        return Pace(SECONDS_PER_STEP, 0)
    if not per_step:
        return Pace(SECONDS_PER_STEP, 0)
    return Pace(statistics.median(per_step), len(per_step))


def quick(variant: Variant, parent: Variant | None = None, players: int = 4) -> Question:
    """The Design page's check: careful players, every answer within about ±8 points, at
    most 600 deals, on every core."""
    players = max(variant.min_players, min(players, variant.max_players))
    if parent is not None and parent.decks_for(players) is None:
        parent = None
    return Question(variant, players=players, max_games=600, target=0.08, parent=parent)


def run(
    q: Question, jobs: int = 0, workers: Workers | None = None
) -> Generator[Analysis, None, None]:
    """The answers as they fill in, on ``jobs`` processes (0: every core) or on ``workers``
    (the check's, shared with its search for a fix); stop iterating to cancel."""
    return analyse_live(q, jobs, workers)


def workers(jobs: int = 0) -> Workers:
    """The worker processes of one check: its run and the changes it then tries (a ``with``
    block ends them, at once when the page is stopped)."""
    return Workers(jobs)
