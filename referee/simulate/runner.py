"""Self-play: one game at a time (``play``), and many in parallel (``simulate``).

Determinism: game ``i`` of a run with seed ``S`` is dealt with ``game_seed(S, i)`` and its bots
draw from ``random.Random(bot_seed(S, i))``; every figure the report keeps is a sum of integers
over games, so the report is the same for a seed whatever ``jobs`` is and however the games are
cut into chunks.

Seats: game ``i`` seats bot ``bots[(i + j) % len(bots)]`` at seat ``j`` (players ``P1..PN``
clockwise, ``P1`` starts), so the line-up rotates by one seat per game and over any
``len(bots)`` consecutive games every bot sits in every seat equally often.
"""

from __future__ import annotations

import math
import os
import random
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import get_all_start_methods, get_context
from multiprocessing.context import BaseContext

from referee.engine import Game, Play, Step
from referee.engine.listing import Listing
from referee.simulate.bots import BOTS, Bot
from referee.simulate.report import Report, Tally
from referee.simulate.results import GameResult
from referee.table.state import State
from referee.variant.model import Variant

__all__ = [
    "DEFAULT_STEP_CAP",
    "GameResult",
    "Progress",
    "bot_seed",
    "estimate_seconds",
    "friendly_duration",
    "game_seed",
    "play",
    "play_games",
    "seat_names",
    "seating",
    "simulate",
    "simulate_live",
]

DEFAULT_STEP_CAP = 2000
MAX_WORK = 100_000_000
"""The most games x players x step cap one run may ask for (the CLI and the Simulate page alike):
a bound on the work, since a variant that never ends plays every game to the cap.  At about
30,000 steps a second on one core that is under an hour in the very worst case; a typical run
(1,000 games x 4 players x 2,000) asks for 8,000,000."""
Progress = Callable[[int, int], None]

_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit value from any integer."""
    z = (z + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def game_seed(seed: int, index: int) -> int:
    """The deal's seed of game ``index`` in a run seeded ``seed`` (stable across processes)."""
    return _mix(_mix(seed & _MASK) ^ (index & _MASK))


def bot_seed(seed: int, index: int) -> int:
    """The seed of the bots' random numbers in game ``index`` (independent of the deal's)."""
    return _mix(game_seed(seed, index) ^ 0x5EED_B075)


def seat_names(players: int) -> list[str]:
    return [f"P{j + 1}" for j in range(players)]


def seating(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bot at each seat in game ``index``: the line-up rotates one seat per game."""
    b = len(bots)
    return [bots[(index + j) % b] for j in range(players)]


WATCH_FROM = 60
"""From this step on a game is watched for going round in circles (a usual game of careful
players takes 80-200 steps; before this, watching would only cost time)."""


QUIET_PER_CARD = 10
"""A game in which no card leaves play (none burned or drawn, no face-up or face-down card
played) for this many steps per card in the game very probably goes round in circles: over
300 games of every built-in variant and of Hot Potato (a Karma card that gives the pile to the
next player), careful players, the longest such stretch in a game that still ended was 466
steps of a 64-card game (7.3 a card; docs/simulate.md)."""
QUIET_MIN = 300
"""... and never fewer steps than this (a small deck)."""


def quiet_bound(cards: int) -> int:
    """Steps without a card leaving play after which a game of ``cards`` cards is called
    stalled."""
    return max(QUIET_MIN, QUIET_PER_CARD * cards)


LOOK_AFTER = 12
"""Positions are remembered once no card has left play for this many steps: a game goes round
in circles only in such a stretch, and most stretches are shorter (remembering costs time)."""


class _Watch:
    """What ``play`` watches a game with, from step ``WATCH_FROM`` on: the figures that only
    change when a card leaves play, the step they last changed at, and (from ``LOOK_AFTER``
    quiet steps on) each position met since with the step it was met at, and (``looking``)
    the step after the last choice since then that was left to chance."""

    __slots__ = ("game", "fixers", "quiet", "mark", "since", "seen", "chance", "looking")

    def __init__(self, game: Game, bots: Mapping[str, Bot]) -> None:
        self.fixers: dict[str, Callable[[Game, Sequence[Step]], bool] | None] = {
            name: getattr(bot, "fixed", None) for name, bot in bots.items()
        }
        self.game = game
        self.quiet = quiet_bound(_cards_in_game(game.state))
        self.mark = (-1, -1, -1)
        self.since = 0
        self.seen: dict[Hashable, int] = {}
        self.chance = 0
        self.looking = False

    def chose(self, step: int, name: str, steps: Sequence[Step]) -> None:
        """``name`` chose among ``steps`` at ``step`` (while ``looking``): judged at once, at
        the position of the choice (a ``Listing`` is read there only)."""
        fixed = self.fixers[name]
        if fixed is None or not fixed(self.game, steps):
            self.chance = step + 1  # a bot without ``fixed`` leaves every choice to chance

    def stalled(self, state: State, step: int) -> str:
        """ "quiet" or "repeat" when the game at ``step`` is stalled (see ``play``), else ""."""
        table_cards = 0
        for z in state.seats:
            table_cards += z.face_up.count + z.face_down.count
        now = (state.out_of_play, state.draw_pile, table_cards)
        if now != self.mark:
            self.mark = now
            self.since = step
            if self.looking:
                self.seen.clear()
                self.chance = 0
                self.looking = False
            return ""
        quiet = step - self.since
        if quiet >= self.quiet:
            return "quiet"
        if quiet < LOOK_AFTER:
            return ""
        self.looking = True
        here = position(state)
        before = self.seen.get(here)
        self.seen[here] = step
        if before is None:
            return ""
        return "repeat" if before >= self.chance else ""


def _cards_in_game(s: State) -> int:
    return s.draw_pile + s.out_of_play + len(s.pile) + sum(z.total for z in s.seats)


def position(s: State) -> Hashable:
    """What decides the rest of a game, as one hashable value: whose turn, the direction, the
    pile, every seat's cards (the face-down ones in their order), what effects left pending and
    who may go on out of turn.  The draw pile and the cards out of play are left out: a game is
    watched for a repeat only while they stay the same (they only ever shrink and grow)."""
    return (
        s.mover,
        s.direction,
        tuple(s.names),  # seats may change hands (R8.11)
        tuple(s.pile),
        tuple(
            (
                frozenset(z.hand.known.items()),
                frozenset(z.face_up.known.items()),
                tuple(z.face_down.order) if z.face_down.order is not None else z.face_down.count,
            )
            for z in s.seats
        ),
        frozenset(s.pending.items()) if s.pending else None,
        s.going_on,
        s.first_play,
        s.through,
        s.held,
        s.named,
    )


def play(
    game: Game,
    bots: Mapping[str, Bot],
    rng: random.Random,
    step_cap: int = DEFAULT_STEP_CAP,
    *,
    watch: bool = True,
) -> GameResult:
    """Play ``game`` (full-information mode) to its end, to ``step_cap`` steps, or (``watch``)
    until it provably goes round in circles.

    ``bots`` maps each player's name to their bot.  A play that lands counts once for its card
    (``plays``) and once per copy (``cards``); a blind face-down card that does not fit counts
    as a pick-up, not a play (R7.5).  The loop is the simulator's hot path: it keeps bound
    methods in locals and asks a bot only when there is a choice.

    From step ``WATCH_FROM`` on (with ``watch``), a game that goes round in circles ends as
    soon as that is proved or very probable, not at the cap (``capped``, with ``stall`` saying
    why; "cap" at the step cap):

    * "repeat": a position comes back and no choice since its first time could have gone
      otherwise by chance (each bot says so of its choices: ``fixed``), so the same steps
      follow for ever.  Positions are remembered only until a card leaves play (burned, drawn,
      or played from the face-up or face-down cards): after that no earlier one can come back;
    * "quiet": no card has left play for ``quiet_bound`` steps (10 a card in the game).

    When the top card lets other players play out of turn (a cut-in), the first of them in
    seat order from the mover does, with every copy they may play (a bot always cuts in:
    docs/rulings.md); only variants with such a card look for it.
    """
    result = GameResult()
    plays = result.plays
    cards = result.cards
    # Given the state (bound once: hot path); a listing makes a card's plays
    # only when a bot asks for them: careful players seldom read their Karma cards' plays.
    listing = game.choices.listing
    out_of_turn = game.choices.out_of_turn_steps if game.choices.out_of_turn else None
    push = game.trusted_push()  # bots choose from legal_steps()
    choosers = {name: bot.choose for name, bot in bots.items()}
    steps_taken = pickups = picked = burns = 0
    watch_at = WATCH_FROM if watch else step_cap + 1
    watcher = _Watch(game, bots) if watch else None
    while True:
        state = game.state  # (an attribute, not the ``over`` property: hot path)
        if state.over:
            break
        if steps_taken >= step_cap:
            result.capped = True
            result.stall = "cap"
            break
        if watcher is not None and steps_taken >= watch_at:
            stall = watcher.stalled(state, steps_taken)
            if stall:
                result.capped = True
                result.stall = stall
                break
        if out_of_turn is not None and (cut_in := out_of_turn(state)):
            first = cut_in[0].by
            step = max((s for s in cut_in if s.by == first), key=_copies)
        else:
            steps = listing(state)
            lazy = steps if type(steps) is Listing else None
            listed = len(steps) if lazy is None else lazy.at_most(2)
            if listed == 1:
                step = steps[0]
            elif listed:
                name = state.names[state.mover]
                step = choosers[name](game, steps, rng)
                if watcher is not None and watcher.looking:
                    watcher.chose(steps_taken, name, steps)
            else:
                raise RuntimeError(
                    f"the engine lists no legal step for {game.turn} although the game is on "
                    f"(step {steps_taken}): {game.advice.hint(game.state)}"
                )
            if lazy is not None:  # the position moves on: its plays are not made any more
                lazy.close()
        outcome = push(step)
        steps_taken += 1
        if outcome.picked_up:
            pickups += 1
            picked += outcome.picked_up
        elif type(step) is Play:
            card = step.cards[0]
            if card == step.cards[-1]:
                plays[card] = plays.get(card, 0) + 1
                cards[card] = cards.get(card, 0) + len(step.cards)
            else:  # a run of cards in a row (ruling 166): each of its cards is played once
                for c in step.cards:
                    plays[c] = plays.get(c, 0) + 1
                    cards[c] = cards.get(c, 0) + 1
        burns += outcome.burned  # a bool: 1 where the step burned the pile
    result.steps = steps_taken
    result.pickups = pickups
    result.picked_cards = picked
    result.burns = burns
    result.loser = game.loser
    return result


def play_games(
    variant: Variant,
    players: int,
    seed: int,
    bots: Sequence[str],
    step_cap: int,
    start: int,
    stop: int,
) -> Tally:
    """Games ``start``..``stop - 1`` of a run, tallied (one worker's chunk)."""
    names = seat_names(players)
    tally = Tally.empty(players, bots)
    instances = {name: BOTS[name]() for name in dict.fromkeys(bots)}
    for index in range(start, stop):
        lineup = seating(bots, players, index)
        by_name: dict[str, Bot] = {n: instances[b] for n, b in zip(names, lineup, strict=True)}
        game = Game.shuffled(variant, names, game_seed(seed, index))
        result = play(game, by_name, random.Random(bot_seed(seed, index)), step_cap)
        tally.add(result, names, lineup)
    return tally


def _run_chunk(
    args: tuple[Variant, int, int, tuple[str, ...], int, int, int],
) -> Tally:
    return play_games(*args)


CHUNK_STEPS = 100_000
"""At most this many steps (games x step cap) in one chunk: a chunk takes at most a few seconds
even when every game runs to the cap, so a stopped run (a closed tab) ends soon."""


def _chunks(games: int, jobs: int, step_cap: int = DEFAULT_STEP_CAP) -> Iterator[tuple[int, int]]:
    # Enough chunks for a smooth progress bar and even load; never fewer than one game.
    size = max(1, min(500, math.ceil(games / max(jobs * 8, 50)), CHUNK_STEPS // step_cap))
    for start in range(0, games, size):
        yield start, min(games, start + size)


def _check(variant: Variant, players: int, games: int, bots: Sequence[str], jobs: int,
           step_cap: int) -> None:  # fmt: skip
    if variant.decks_for(players) is None:
        raise ValueError(
            f"{variant.name} is for {variant.min_players} to {variant.max_players} players, "
            f"not {players}."
        )
    if games < 1:
        raise ValueError("games must be at least 1.")
    if jobs < 1:
        raise ValueError("jobs must be at least 1.")
    if step_cap < 1:
        raise ValueError("the step cap must be at least 1.")
    if not bots:
        raise ValueError("name at least one bot.")
    work = games * players * step_cap
    if work > MAX_WORK:
        raise ValueError(
            f"that is too much for one run: {games:,} games x {players} players x a cap of "
            f"{step_cap:,} steps = {work:,}, over the limit of {MAX_WORK:,}; expected fewer "
            "games or a lower step cap."
        )
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise ValueError(
            f"unknown bot {', '.join(map(repr, unknown))}; the bots are {', '.join(BOTS)}."
        )


def _context() -> BaseContext:
    """Fork where it is safe (POSIX, one thread): quick to start, and scripts need no
    ``__main__`` guard.  Spawn in a threaded process (the Streamlit app), where forking could
    copy a lock another thread holds."""
    if "fork" in get_all_start_methods() and threading.active_count() == 1:
        return get_context("fork")
    return get_context("spawn")


def estimate_seconds(
    variant: Variant,
    players: int,
    bots: Sequence[str] = ("random",),
    step_cap: int = DEFAULT_STEP_CAP,
    games: int = 1,
    budget: float = 0.25,
) -> float:
    """Seconds ``games`` games take on one core, from a short measured run on this machine.

    Plays the first games of a run seeded 0 (at least one, at most 20) until ``budget`` seconds
    have passed; the measured seconds per game times ``games`` is the estimate.  Shown on the
    Simulate page before a run starts ("about 20 seconds")."""
    bots = tuple(bots)
    _check(variant, players, max(1, games), bots, 1, step_cap)
    began = time.perf_counter()
    played = 0
    while played < 20:
        play_games(variant, players, 0, bots, step_cap, played, played + 1)
        played += 1
        if time.perf_counter() - began >= budget:
            break
    return (time.perf_counter() - began) / played * games


def friendly_duration(seconds: float) -> str:
    """Plain words for a wait: "under a second", "about 20 seconds", "about 3 minutes"."""
    if seconds < 1:
        return "under a second"
    if seconds < 90:
        n = max(1, round(seconds / 5) * 5) if seconds >= 10 else round(seconds)
        return f"about {n} second{'s' if n != 1 else ''}"
    minutes = round(seconds / 60)
    if minutes < 90:
        return f"about {minutes} minutes"
    return f"about {seconds / 3600:.1f} hours"


def _tallies(
    variant: Variant,
    players: int,
    games: int,
    seed: int,
    bots: tuple[str, ...],
    jobs: int,
    step_cap: int,
) -> Iterator[tuple[int, Tally]]:
    """Play the run chunk by chunk, yielding (games done, the tally of the chunk just done).

    Whoever stops iterating (a closed browser tab raises in the page's loop) stops the run:
    in-process chunks simply are not played; worker chunks not yet started are cancelled.
    """
    chunks = list(_chunks(games, jobs, step_cap))
    done = 0
    if jobs == 1 or len(chunks) == 1:
        for start, stop in chunks:
            tally = play_games(variant, players, seed, bots, step_cap, start, stop)
            done += stop - start
            yield done, tally
        return
    workers = min(jobs, len(chunks), os.cpu_count() or jobs)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=_context())
    try:
        pending: dict[Future[Tally], int] = {
            pool.submit(_run_chunk, (variant, players, seed, bots, step_cap, a, b)): b - a
            for a, b in chunks
        }
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                tally = future.result()
                done += pending.pop(future)
                yield done, tally
    finally:  # done, a failing chunk, an interrupt or a consumer gone: drop the queued chunks
        pool.shutdown(wait=True, cancel_futures=True)


def simulate_live(
    variant: Variant,
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] = ("random",),
    jobs: int = 1,
    step_cap: int = DEFAULT_STEP_CAP,
) -> Iterator[Report]:
    """Like ``simulate``, but yields the report so far after every chunk (its ``games`` is the
    number done); the last one is the whole run's, equal to what ``simulate`` returns.  The
    Simulate page draws each, so its charts grow as results come in and a closed tab (Streamlit
    raises on the page's next call) ends the run between two chunks.  Raises ValueError for
    bad arguments before any game is played."""
    bots = tuple(bots)
    _check(variant, players, games, bots, jobs, step_cap)
    began = time.perf_counter()
    tally = Tally.empty(players, bots)
    for _done, part in _tallies(variant, players, games, seed, bots, jobs, step_cap):
        tally.merge(part)
        yield Report.build(
            variant,
            players=players,
            seed=seed,
            bots=bots,
            step_cap=step_cap,
            tally=tally,
            seconds=time.perf_counter() - began,
            jobs=jobs,
        )


def simulate(
    variant: Variant,
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] = ("random",),
    jobs: int = 1,
    step_cap: int = DEFAULT_STEP_CAP,
    progress: Progress | None = None,
) -> Report:
    """Self-play ``games`` games of ``variant`` and return the balance report.

    ``jobs`` > 1 plays chunks of games in that many worker processes (forked, or spawned when
    this process runs threads, e.g. in the app); the report does not depend on it.  ``progress(done,
    total)`` is called in this process as chunks finish; if it raises, the run stops there.
    Raises ValueError for bad arguments.
    """
    bots = tuple(bots)
    _check(variant, players, games, bots, jobs, step_cap)
    began = time.perf_counter()
    tally = Tally.empty(players, bots)
    if progress is not None:
        progress(0, games)
    for done, part in _tallies(variant, players, games, seed, bots, jobs, step_cap):
        tally.merge(part)
        if progress is not None:
            progress(done, games)
    seconds = time.perf_counter() - began
    return Report.build(
        variant,
        players=players,
        seed=seed,
        bots=bots,
        step_cap=step_cap,
        tally=tally,
        seconds=seconds,
        jobs=jobs,
    )


def _copies(step: Step) -> int:
    """How many cards a step plays (0 for a pick-up)."""
    return len(step.cards) if isinstance(step, Play) else 0
