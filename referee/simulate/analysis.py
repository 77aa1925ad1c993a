"""The designer's answers, one analysis behind the Design page, the Simulate page and
``karma simulate``: does the variant end (and if not, why), is it fair, what is each card worth,
how much does skill count, how does it differ from the variant it came from, how long is a game.

Each *deal* (game ``i`` of a run seeded ``S``: ``game_seed(S, i)``) is played several ways,
always from the same cards and the same random numbers (common random numbers, so that the
differences are the rule's and not the deal's):

* the *main game*, by the run's players (careful ``smart`` players by default);
* for each Karma card and powered rank, *restricted play* (Jaffe et al., "Evaluating
  Competitive Game Balance with Restricted Play", AIIDE 2012): the same deal with one player
  (``P{i % players + 1}``, so every seat takes its turn) never playing that card while it has
  any other step, a pick-up included.  A card's *worth* is how much more often that player
  loses: a paired difference, -1, 0 or 1 per deal, with Student's t interval.  When the player
  never had that card among its choices the two games are the same game and are not played
  twice (the difference is exactly 0);
* *careless against careful*: the same deal with that player a careless (``random``) player and
  a careful (``smart``) one, the rest of the table unchanged;
* the *parent* variant (the one this one started from), on the same deal seed.

The run stops when the headline margins (each seat's loss share and each card's worth) are
within ``target``, after ``min_games`` deals and at the latest at ``max_games`` deals; deals
are played in fixed chunks and merged in order, so the answer for a seed does not depend on
how many worker processes there are.
"""

from __future__ import annotations

import copy
import ctypes
import math
import os
import pickle
import random
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from typing import Any

from referee import words
from referee.engine import Game, Play, Step
from referee.engine.listing import Listing
from referee.simulate.bots import BOTS, Bot, fork_bot
from referee.simulate.report import Report, Tally
from referee.simulate.results import GameResult
from referee.simulate.runner import (
    DEFAULT_STEP_CAP,
    _check,
    _context,
    bot_seed,
    game_seed,
    play,
    seat_names,
    seating,
)
from referee.simulate.stats import Interval, MeanSums, SeatEdge, mean_interval, seat_edge, share
from referee.table.state import State
from referee.variant.model import Card, Variant

__all__ = [
    "BOT_NAMES",
    "BOT_WORDS",
    "CARELESS",
    "CAREFUL",
    "CHUNK",
    "DEFAULT_BOTS",
    "Analysis",
    "Question",
    "Workers",
    "analyse",
    "analyse_live",
    "players_words",
    "powered_cards",
]

CAREFUL = "smart"
CARELESS = "random"
DEFAULT_BOTS: tuple[str, ...] = (CAREFUL,)
"""Every answer is judged with careful players unless asked otherwise: they play as a family
does (shed low cards first, keep Karma cards for when they would pick up, burn when they can).
Careless (``random``) players make games ten times longer than any table plays them."""

BOT_WORDS = {
    "smart": "careful players (they keep Karma cards for when they need them, as a family does)",
    "greedy": "simple players (lowest card first, Karma cards only instead of picking up)",
    "random": "careless players (any move the rules allow, at random)",
}
"""How each kind of computer player is described wherever a result says who made it."""
BOT_NAMES = {"smart": "Careful players", "greedy": "Simple players", "random": "Careless players"}
"""Each kind of computer player's name where one is picked (never its id)."""

CHUNK = 10
"""Deals per chunk: the unit of work, of progress and of the stopping rule.  Fixed (not
derived from the number of processes), so the deals a run stops after are the same for any
``jobs``."""

STALL_GAMES = 10
"""From this many deals on, a run where clearly most games stall (the 95% interval of the share
that ends lies under one half) stops: that is the answer.  At 10 deals that takes at most one
game that ended; at 30, at most 9 (it was 30 deals whatever the share, until issue 44)."""
STALL_REPLAYS = 20
"""How many stalled deals are replayed with the suspected card never played by anyone."""


def players_words(bots: Sequence[str]) -> str:
    """ "careful players (…)" or "a mix: careful players (…) and careless players (…)"."""
    kinds = list(dict.fromkeys(bots))
    if len(kinds) == 1:
        return BOT_WORDS.get(kinds[0], kinds[0])
    return "a mix, taking turns at the seats: " + " and ".join(BOT_WORDS.get(b, b) for b in kinds)


def _measured(q: Question) -> list[Card]:
    """The cards whose worth a question measures."""
    if not q.cards:
        return []
    return [c for c in powered_cards(q.variant) if not q.only or str(c) in q.only]


def powered_cards(variant: Variant) -> list[Card]:
    """The cards whose worth is measured: every Karma card and every number with a power."""
    return [c for c in variant.all_cards() if isinstance(c, str) or variant.effects_of(c)]


@dataclass(frozen=True)
class Question:
    """What to find out, and how hard to try."""

    variant: Variant
    players: int = 4
    bots: tuple[str, ...] = DEFAULT_BOTS
    seed: int = 1
    max_games: int = 2000
    min_games: int = 100
    target: float = 0.05  # the headline margins: 5 points
    step_cap: int = DEFAULT_STEP_CAP
    cards: bool = True  # each card's worth (restricted play)
    skill: bool = True  # careless against careful
    parent: Variant | None = None  # compare with the variant this one started from
    only: tuple[str, ...] = ()  # with ``cards``: only these cards' worth (ids or ranks)

    def check(self) -> None:
        """Raise ValueError, in words, for a question that cannot be asked."""
        _check(self.variant, self.players, self.max_games, self.bots, 1, self.step_cap)
        if self.min_games < 1:
            raise ValueError("min_games must be at least 1.")
        if not 0 <= self.target < 1:
            raise ValueError("the margin to reach must be between 0 and 1 (0: play every game).")
        if self.parent is not None and self.parent.decks_for(self.players) is None:
            raise ValueError(
                f"{self.parent.name} is for {self.parent.min_players} to "
                f"{self.parent.max_players} players, not {self.players}: it cannot be compared "
                "at this table."
            )
        # The bound on work (MAX_WORK) is on the main games, as for ``simulate``: each
        # further way a deal is played (a card's restricted play, careless against careful,
        # the parent) is a bounded multiple of it, and most restricted games are not replayed.


# --- one deal, played every way -----------------------------------------------------------------


class Restricted:
    """A player who never plays ``card`` while it has any other step (restricted play): it
    chooses as ``base`` would, and where that is a play of ``card``, chooses again from the
    other steps.

    So a game in which the player never meant to play that card is the very same game as the
    unrestricted one, step for step and random number for random number: the two games part at
    the first step where the player would have played it, and the restricted game is played
    from there on only (``Fork``)."""

    def __init__(self, base: Bot, card: Card) -> None:
        self.base = base
        self.card = card
        self.name = f"{base.name} without {card}"

    def _kept(self, steps: Sequence[Step]) -> Sequence[Step]:
        card = self.card
        if isinstance(steps, Listing):
            return steps.without(card)  # the other cards' plays made only as they are read
        return [s for s in steps if not (isinstance(s, Play) and s.cards[0] == card)]

    def choose(self, game: Game, steps: Sequence[Step], rng: random.Random) -> Step:
        step = self.base.choose(game, steps, rng)
        if not (isinstance(step, Play) and step.cards[0] == self.card):
            return step
        kept = self._kept(steps)
        left = _count(kept)
        if not left:
            return step  # nothing else to do
        if left == 1:
            return kept[0]
        return self.base.choose(game, kept, rng)

    def fixed(self, game: Game, steps: Sequence[Step]) -> bool:
        base = getattr(self.base, "fixed", None)
        return base is not None and base(game, steps) and base(game, self._kept(steps))


def _count(steps: Sequence[Step], n: int = 2) -> int:
    """How many steps are listed, up to ``n`` (a ``Listing`` makes no more plays than that
    takes)."""
    return steps.at_most(n) if isinstance(steps, Listing) else min(n, len(steps))


def _lists_any(steps: Sequence[Step], cards: set[Card]) -> bool:
    """Whether a play of one of ``cards`` may be listed: a ``Listing`` is asked which cards it
    holds plays of, without making them (a card may turn out to have none)."""
    if isinstance(steps, Listing):
        return any(c in cards for c in steps.cards())
    return any(isinstance(s, Play) and s.cards[0] in cards for s in steps)


@dataclass
class Fork:
    """A game as it stood at a choice of the focus player, to be played on from there: the
    table, the bots' random numbers before the choice, and the bots themselves (copies)."""

    state: State
    rng: tuple[object, ...]
    bots: dict[int, Bot]  # id of a bot in the main game -> its copy as it was


class Forker:
    """The focus player of a main game: chooses as ``base`` does, and at the first step where
    it plays each of ``cards`` (with another step open) keeps a ``Fork`` for that card's
    restricted game."""

    def __init__(self, base: Bot, cards: Sequence[Card], seats: Sequence[Bot]) -> None:
        self.base = base
        self.name = base.name
        self.open = set(cards)  # the cards not forked for yet
        self.seats = seats  # every seat's bot (this one's base among them)
        self.forks: dict[Card, Fork] = {}

    def choose(self, game: Game, steps: Sequence[Step], rng: random.Random) -> Step:
        open_ = self.open
        if not open_ or not _lists_any(steps, open_):
            return self.base.choose(game, steps, rng)
        # (a card that may be listed and is not: the snapshot is only not used)
        before = copy.copy(self.base)
        drawn = rng.getstate()
        step = self.base.choose(game, steps, rng)
        if isinstance(step, Play) and step.cards[0] in open_:
            card = step.cards[0]
            open_.discard(card)
            others = (
                steps.without(card).at_most(1)
                if isinstance(steps, Listing)
                else any(not (isinstance(s, Play) and s.cards[0] == card) for s in steps)
            )
            if others:
                bots: dict[int, Bot] = {id(self.base): before}
                for bot in self.seats:
                    if id(bot) not in bots:
                        bots[id(bot)] = copy.copy(bot)
                self.forks[card] = Fork(game.state.copy(), drawn, bots)
        return step

    def fixed(self, game: Game, steps: Sequence[Step]) -> bool:
        base = getattr(self.base, "fixed", None)
        return base is not None and base(game, steps)


@dataclass
class DealResult:
    """Everything one deal told: the main game and each of its variations."""

    index: int
    lineup: list[str]
    main: GameResult
    focus: int  # the seat (0-based) of the restricted / careless player
    worth: dict[Card, int | None] = field(default_factory=dict)  # -1/0/1, None: unfinished
    replayed: set[Card] = field(default_factory=set)
    careful: bool | None = None  # the focus player lost with a careful player there
    careless: bool | None = None
    parent: GameResult | None = None


class _Player:
    """Plays deals of one question; bots are made once per process."""

    def __init__(self, q: Question) -> None:
        self.q = q
        self.names = seat_names(q.players)
        self.bots: dict[str, Bot] = {b: BOTS[b]() for b in {*q.bots, CAREFUL, CARELESS}}
        self.cards = _measured(q)

    def game(
        self, variant: Variant, index: int, lineup: Sequence[Bot], cap: int | None = None
    ) -> GameResult:
        q = self.q
        game = Game.shuffled(variant, self.names, game_seed(q.seed, index))
        by_name = dict(zip(self.names, lineup, strict=True))
        return play(game, by_name, random.Random(bot_seed(q.seed, index)), cap or q.step_cap)

    def deal(self, index: int, halted: Callable[[], bool] | None = None) -> DealResult:
        """The deal played every way; ``halted`` is asked between its games (a stalled game
        and its variations can take a second or two) and raises ``_Halted`` when it says so."""

        def check() -> None:
            if halted is not None and halted():
                raise _Halted

        q = self.q
        lineup = seating(q.bots, q.players, index)
        focus = index % q.players
        bots = [self.bots[b] for b in lineup]
        forker = Forker(bots[focus], self.cards, bots)
        main_game = Game.shuffled(q.variant, self.names, game_seed(q.seed, index))
        seats = dict(zip(self.names, [*bots[:focus], forker, *bots[focus + 1 :]], strict=True))
        main = play(main_game, seats, random.Random(bot_seed(q.seed, index)), q.step_cap)
        out = DealResult(index, lineup, main, focus)
        check()
        if q.parent is not None:  # on every deal, so both stand on the same games
            out.parent = self.game(q.parent, index, bots)
        if main.capped:  # no loser to compare with: the variations would tell nothing
            return out
        me = self.names[focus]
        lost = main.loser == me
        for card in self.cards:
            fork = forker.forks.get(card)
            if fork is None:  # the player never meant to play it: the very same game
                out.worth[card] = 0
                continue
            out.replayed.add(card)
            check()
            other = self._restricted(main_game, fork, bots, focus, card)
            out.worth[card] = None if other.capped else int(other.loser == me) - int(lost)
        if q.skill:
            check()
            out.careful, out.careless = self._skill(index, lineup, main, focus)
        return out

    def _restricted(
        self, main: Game, fork: Fork, bots: list[Bot], focus: int, card: Card
    ) -> GameResult:
        """The restricted game of ``card``, played on from its fork (the same table, the same
        random numbers and the same players as the main game there)."""
        game = Game(
            main.variant,
            fork.state.copy(),
            decks=main.decks,
            full_information=True,
            keep_history=False,
        )
        made: dict[int, Bot] = {}  # one copy for each bot, shared by its seats as before
        for b in bots:
            if id(b) not in made:
                made[id(b)] = fork_bot(fork.bots[id(b)], main, game)
        copies = [made[id(b)] for b in bots]
        copies[focus] = Restricted(copies[focus], card)
        rng = random.Random()
        rng.setstate(fork.rng)
        return play(game, dict(zip(self.names, copies, strict=True)), rng, self.q.step_cap)

    def _skill(
        self, index: int, lineup: list[str], main: GameResult, focus: int
    ) -> tuple[bool | None, bool | None]:
        """The focus player's loss as a careful player and as a careless one, same deal."""
        me = self.names[focus]
        results: dict[str, GameResult] = {}
        for kind in (CAREFUL, CARELESS):
            if lineup[focus] == kind:
                results[kind] = main
            else:
                bots = [self.bots[b] for b in lineup]
                bots[focus] = self.bots[kind]
                results[kind] = self.game(self.q.variant, index, bots)
        a, b = results[CAREFUL], results[CARELESS]
        return (
            None if a.capped else a.loser == me,
            None if b.capped else b.loser == me,
        )

    def stalled_without(self, card: Card, indices: Sequence[int]) -> tuple[int, int]:
        """Replay stalled deals with ``card``'s power taken away (the same cards dealt, the
        same players): (how many were replayed, how many of them ended)."""
        q = self.q
        plain = without_power(q.variant, card)
        ended = 0
        for index in indices:
            bots = [self.bots[b] for b in seating(q.bots, q.players, index)]
            ended += not self.game(plain, index, bots).capped
        return len(indices), ended


def without_power(variant: Variant, card: Card) -> Variant:
    """``variant`` with ``card``'s power taken away and nothing else changed: a Karma card
    becomes a plain wild card (R5.3), a number loses its power.  The deck is the same, so a
    deal seed deals the same cards."""
    if variant.is_joker(card) and variant.jokers is not None:
        return replace(variant, jokers=replace(variant.jokers, effects=()))
    if isinstance(card, str):
        cards = tuple(replace(k, effects=()) if k.id == card else k for k in variant.karma_cards)
        return replace(variant, karma_cards=cards)
    return replace(variant, rank_powers=tuple(p for p in variant.rank_powers if p.rank != card))


# --- tallies: sums that merge -------------------------------------------------------------------


@dataclass
class Sums:
    """Everything counted over some deals; ``merge`` adds another's in (integers only)."""

    main: Tally
    parent: Tally | None
    capped_plays: dict[Card, int] = field(default_factory=dict)  # plays in unfinished games
    capped_steps: int = 0  # steps of the unfinished games
    capped_indices: list[int] = field(default_factory=list)  # the first few unfinished deals
    worth: dict[Card, MeanSums] = field(default_factory=dict)
    replayed: dict[Card, int] = field(default_factory=dict)
    worth_stalls: dict[Card, int] = field(default_factory=dict)  # restricted games unfinished
    careful: list[int] = field(default_factory=lambda: [0, 0])  # losses, games
    careless: list[int] = field(default_factory=lambda: [0, 0])
    skill: MeanSums = field(default_factory=MeanSums)  # careless loss - careful loss
    length: MeanSums = field(default_factory=MeanSums)  # ours - parent, both ended
    pickups: MeanSums = field(default_factory=MeanSums)
    burns: MeanSums = field(default_factory=MeanSums)
    ended_length: MeanSums = field(default_factory=MeanSums)  # steps of games that ended
    parent_length: MeanSums = field(default_factory=MeanSums)  # the parent's, paired deals

    @classmethod
    def empty(cls, q: Question) -> Sums:
        parent = Tally.empty(q.players, q.bots) if q.parent is not None else None
        sums = cls(Tally.empty(q.players, q.bots), parent)
        for card in _measured(q):
            sums.worth[card] = MeanSums()
            sums.replayed[card] = 0
        return sums

    def add(self, d: DealResult, names: Sequence[str]) -> None:
        self.main.add(d.main, names, d.lineup)
        if not d.main.capped:
            self.ended_length.add(d.main.steps)
        else:
            self.capped_steps += d.main.steps
            for card, n in d.main.plays.items():
                self.capped_plays[card] = self.capped_plays.get(card, 0) + n
            if len(self.capped_indices) < STALL_REPLAYS:
                self.capped_indices.append(d.index)
        for card, diff in d.worth.items():
            if diff is not None:
                self.worth[card].add(diff)
            else:
                self.worth_stalls[card] = self.worth_stalls.get(card, 0) + 1
        for card in d.replayed:
            self.replayed[card] += 1
        for kind, lost in (("careful", d.careful), ("careless", d.careless)):
            if lost is not None:
                counts = getattr(self, kind)
                counts[0] += lost
                counts[1] += 1
        if d.careful is not None and d.careless is not None:
            self.skill.add(int(d.careless) - int(d.careful))
        if d.parent is not None and self.parent is not None:
            self.parent.add(d.parent, names, d.lineup)
            if not d.main.capped and not d.parent.capped:
                self.length.add(d.main.steps - d.parent.steps)
                self.parent_length.add(d.parent.steps)
                self.pickups.add(d.main.pickups - d.parent.pickups)
                self.burns.add(d.main.burns - d.parent.burns)

    def merge(self, o: Sums) -> None:
        self.main.merge(o.main)
        if self.parent is not None and o.parent is not None:
            self.parent.merge(o.parent)
        for card, n in o.capped_plays.items():
            self.capped_plays[card] = self.capped_plays.get(card, 0) + n
        self.capped_steps += o.capped_steps
        room = STALL_REPLAYS - len(self.capped_indices)
        self.capped_indices.extend(o.capped_indices[: max(0, room)])
        for card, s in o.worth.items():
            self.worth[card].merge(s)
        for card, n in o.replayed.items():
            self.replayed[card] += n
        for card, n in o.worth_stalls.items():
            self.worth_stalls[card] = self.worth_stalls.get(card, 0) + n
        for kind in ("careful", "careless"):
            mine, theirs = getattr(self, kind), getattr(o, kind)
            mine[0] += theirs[0]
            mine[1] += theirs[1]
        for name in ("skill", "length", "pickups", "burns", "ended_length", "parent_length"):
            getattr(self, name).merge(getattr(o, name))


def _play_chunk(
    q: Question, start: int, stop: int, halted: Callable[[], bool] | None = None
) -> Sums | None:
    """Deals ``start``..``stop - 1``, summed; None when ``halted`` says, between two games,
    that the run they are for has stopped (its answer is given: the rest would be thrown
    away)."""
    player = _Player(q)
    sums = Sums.empty(q)
    try:
        for index in range(start, stop):
            if halted is not None and halted():
                return None
            sums.add(player.deal(index, halted), player.names)
    except _Halted:
        return None
    return sums


class _Halted(Exception):
    """The run a deal is played for has stopped."""


# What a worker process keeps: the number of the last run that has stopped (shared with the
# process that owns the workers, ``Workers.halt``) and the question of the run it plays for now
# (unpickled once per run, so that the engine's tables kept per variant are found again).
_WORKER: dict[str, Any] = {}


def _init_worker(stopped: ctypes.c_int64) -> None:
    _WORKER["stopped"] = stopped


def _question(run: int, blob: bytes) -> Question:
    if _WORKER.get("run") != run:
        _WORKER["run"], _WORKER["q"] = run, pickle.loads(blob)
    q: Question = _WORKER["q"]
    return q


def _worker_chunk(task: tuple[int, bytes, int, int]) -> Sums | None:
    run, blob, start, stop = task
    stopped: ctypes.c_int64 = _WORKER["stopped"]
    return _play_chunk(_question(run, blob), start, stop, lambda: stopped.value >= run)


# --- the answers ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardWorth:
    """How much more often a player loses who never plays the card: points, with margin."""

    card: str  # the report key: a rank's number or a Karma card's id
    name: str
    worth: Interval  # a share difference: 0.09 is "9 points", for all its copies together
    replayed: int  # deals in which the restriction changed a choice
    strong: bool = False  # its strength dwarfs the others'
    copies: int = 1  # in the deck at this table
    stalled: int = 0  # of the ``replayed`` games without it, those that did not end

    @property
    def per_copy(self) -> Interval:
        """The worth of one copy: the card's worth shared by its copies."""
        k = max(1, self.copies)
        w = self.worth
        return Interval(w.value / k, w.low / k, w.high / k, w.n)

    @property
    def measured(self) -> bool:
        """Whether the worth says something: known, the card changed some games, and most
        of those still ended without it (a game that does not end has no loser)."""
        return self.worth.known and self.replayed > 0 and self.stalled * 2 < self.replayed

    def words(self) -> str:
        """ "Clear the Pile (2 copies): worth 14 ± 5 points for both, about 7 a copy"."""
        name = f"{self.name} ({self.copies} cop{'y' if self.copies == 1 else 'ies'})"
        if not self.worth.known and not self.stalled:
            return f"{name}: not known yet"
        if self.replayed == 0:
            return f"{name}: no player meant to play it in these games, so its worth is not known"
        if not self.measured:
            return (
                f"{name}: without it {self.stalled} of the {self.replayed} games it changed did "
                "not end, so its worth cannot be measured"
            )
        w = self.worth
        out = f"{name}: worth {w.value * 100:.0f} {w.plus_minus(100)} points"
        if self.copies > 1:
            both = "both" if self.copies == 2 else f"all {self.copies}"
            c = self.per_copy
            out += f" for {both}, about {c.value * 100:.0f} {c.plus_minus(100)} a copy"
        if self.stalled:
            out += f" (without it {self.stalled} of {self.replayed} games it changed did not end)"
        if self.strong:
            out += " (much stronger than the others)"
        return out


SURE_REPLAYS = 3
"""A card is said to keep games from ending when most of at least this many unfinished deals,
played again without its power, end: one game that did not end in 180, which then did, says
little (a careful player's Jack, played less often in it than in the games that ended)."""


@dataclass(frozen=True)
class Stall:
    """Why games do not end, as far as the run can see."""

    card: str | None  # the card passed round most in unfinished games
    name: str | None
    per_stalled_game: float  # its plays in 100 steps of the games that did not end
    per_ended_game: float  # ... and of those that ended
    replayed: int  # unfinished deals replayed with that card's power taken away
    ended_without: int  # ... of which ended
    burn_impossible: str | None  # "3 in a row burn, but ..." when no burn can happen

    def words(self) -> list[str]:
        out: list[str] = []
        if self.name is not None:
            out.append(
                f"In the games that did not end, {self.name} was played "
                f"{self.per_stalled_game:,.1f} times in 100 steps (in games that ended: "
                f"{self.per_ended_game:,.1f})."
            )
            if self.replayed:
                out.append(
                    f"The same games played again with {self.name} as a plain card (no power): "
                    f"{self.ended_without} of {self.replayed} end."
                )
                if self.ended_without * 2 > self.replayed >= SURE_REPLAYS:
                    out.append(f"{self.name} keeps games from ending.")
                elif self.ended_without * 2 > self.replayed:
                    out.append(f"{self.name} may keep games from ending: too few to be sure.")
        if self.burn_impossible:
            out.append(self.burn_impossible)
        return out


def _burn_problem(variant: Variant, players: int, burns: int) -> str | None:
    """A burn that cannot happen with these counts: not one burn in the games played, and no
    card has ``burn`` copies in the deck for this table."""
    decks = variant.decks_for(players) or 1
    most = max((variant.copies_per_deck(c) * decks for c in variant.all_cards()), default=0)
    if burns or most >= variant.burn:
        return None
    each = "only one of each card" if most == 1 else f"at most {words.number(most)} of any card"
    return (
        f"The pile never burned: it takes {variant.burn} of a kind in a row, and the deck for "
        f"{players} players has {each}."
    )


@dataclass(frozen=True)
class Analysis:
    """The answers so far (``done`` when the run has stopped)."""

    question: Question
    report: Report  # the main games' figures (lengths, pick-ups, plays by card, …)
    parent_report: Report | None
    ends: Interval  # the share of games that ended
    seats: SeatEdge
    bots: dict[str, Interval]  # each kind of player's loss share (games that ended)
    cards: tuple[CardWorth, ...]
    careful: Interval  # a careful player's loss share at this table
    careless: Interval
    skill: Interval  # careless minus careful, paired
    length: Interval  # ours minus the parent's, in steps, paired
    pickups: Interval
    burns: Interval
    steps: Interval  # steps of a game that ended, with the mean's interval
    parent_steps: Interval | None
    stall: Stall | None
    done: bool = False
    stopped: str = ""  # why the run stopped: "margins", "cap", "cancelled", "does not end"

    @property
    def games(self) -> int:
        return self.report.games

    @property
    def may_not_end(self) -> bool:
        return self.report.may_not_end

    def headline_margin(self) -> float:
        """The widest of the headline margins: each seat's loss share and each card's worth."""
        margins = [s.margin for s in self.seats.shares if s.known]
        margins += [c.worth.margin for c in self.cards if c.worth.known]
        if not margins or len(margins) < len(self.seats.shares):
            return math.inf
        return max(margins)

    def progress(self) -> float:
        """How far the run is, 0..1: games over the cap, or the margins over the target
        (a margin shrinks as one over the square root of the games)."""
        q = self.question
        by_games = self.games / q.max_games
        m = self.headline_margin()
        by_margin = 0.0 if not math.isfinite(m) or m <= 0 else min(1.0, (q.target / m) ** 2)
        if self.games < q.min_games:
            by_margin = min(by_margin, self.games / q.min_games)
        return 1.0 if self.done else min(0.99, max(by_games, by_margin))

    def seconds_left(self) -> float | None:
        """About how many seconds the run still takes: the time so far, scaled by how far it
        is (``progress``); None before the first answers or once done."""
        p = self.progress()
        if self.done or p <= 0 or self.report.seconds <= 0:
            return None
        return self.report.seconds * (1 - p) / p

    def time_left_words(self) -> str:
        """ "about 5 seconds left", or "" when there is nothing to say."""
        from referee.simulate.runner import friendly_duration

        left = self.seconds_left()
        if left is None:
            return ""
        return f"{friendly_duration(left)} left"


def _bots(report: Report) -> dict[str, Interval]:
    return {b: share(report.bot_losses.get(b, 0), n) for b, n in report.bot_seats.items()}


def _cards(q: Question, sums: Sums) -> tuple[CardWorth, ...]:
    rows = []
    decks = q.variant.decks_for(q.players) or 1
    for card, s in sums.worth.items():
        rows.append(
            CardWorth(
                str(card),
                q.variant.card_name(card),
                mean_interval(s),
                sums.replayed[card],
                copies=q.variant.copies_per_deck(card) * decks,
                stalled=sums.worth_stalls.get(card, 0),
            )
        )
    # Flag a card whose worth dwarfs the others': clearly above zero, at least twice the
    # next strongest card's and at least 15 points.
    known = sorted((c for c in rows if c.measured), key=lambda c: -c.worth.value)
    if len(known) >= 2:
        top, second = known[0], known[1]
        if top.worth.low > 0 and top.worth.value >= max(0.15, 2 * max(0.0, second.worth.value)):
            rows = [replace(c, strong=True) if c is top else c for c in rows]
    return tuple(rows)


def _stall(
    q: Question, sums: Sums, pool: Workers | None, run: int = 0, blob: bytes = b""
) -> Stall | None:
    """Why games do not end: the card played most often (per step) in the games that did not
    end, and (with ``pool``, once the run is done) the first stalled deals played again
    without its power."""
    t = sums.main
    if not t.capped:
        return None
    stalled_steps = max(1, sums.capped_steps)
    ended_steps = max(1, sum(n * g for n, g in t.lengths.items()) - sums.capped_steps)
    best: Card | None = None
    best_rate = 0.0
    for card in powered_cards(q.variant):
        rate = sums.capped_plays.get(card, 0) / stalled_steps
        if rate > best_rate:
            best, best_rate = card, rate
    burn = _burn_problem(q.variant, q.players, t.burns)
    if best is None:
        return Stall(None, None, 0.0, 0.0, 0, 0, burn)
    finished_plays = t.plays.get(best, 0) - sums.capped_plays.get(best, 0)
    per_ended = 100 * finished_plays / ended_steps if t.games > t.capped else 0.0
    replayed = ended_without = 0
    if pool is not None and sums.capped_indices:
        replayed, ended_without = _stalled_without(q, pool, run, blob, best, sums.capped_indices)
    return Stall(
        str(best),
        q.variant.card_name(best),
        100 * best_rate,
        per_ended,
        replayed,
        ended_without,
        burn,
    )


def _parent_steps(sums: Sums) -> Interval | None:
    """The parent's mean length over the deals where both games ended: the base of the
    comparison ("24% longer")."""
    return None if sums.parent is None else mean_interval(sums.parent_length)


def _answers(
    q: Question,
    sums: Sums,
    seconds: float,
    jobs: int,
    done: bool,
    stopped: str,
    stall: Stall | None = None,
) -> Analysis:
    report = Report.build(
        q.variant,
        players=q.players,
        seed=q.seed,
        bots=q.bots,
        step_cap=q.step_cap,
        tally=sums.main,
        seconds=seconds,
        jobs=jobs,
    )
    parent = None
    if q.parent is not None and sums.parent is not None:
        parent = Report.build(
            q.parent,
            players=q.players,
            seed=q.seed,
            bots=q.bots,
            step_cap=q.step_cap,
            tally=sums.parent,
        )
    t = sums.main
    if stall is None:
        stall = _stall(q, sums, None)  # so far: the replays come once the run is done
    return Analysis(
        question=q,
        report=report,
        parent_report=parent,
        ends=share(t.games - t.capped, t.games),
        seats=seat_edge(t.loser_seat),
        bots=_bots(report),
        cards=_cards(q, sums),
        careful=share(*sums.careful),
        careless=share(*sums.careless),
        skill=mean_interval(sums.skill),
        length=mean_interval(sums.length),
        pickups=mean_interval(sums.pickups),
        burns=mean_interval(sums.burns),
        steps=mean_interval(sums.ended_length),
        parent_steps=_parent_steps(sums),
        stall=stall,
        done=done,
        stopped=stopped,
    )


def _should_stop(q: Question, sums: Sums) -> str:
    """Why to stop after these deals, or "" to go on."""
    games = sums.main.games
    if games >= q.max_games:
        return "cap"
    ended = share(games - sums.main.capped, games)
    if games >= STALL_GAMES and ended.high < 0.5:
        return "does not end"  # most games stall: the answer is that, not the figures
    if games < q.min_games or q.target <= 0:
        return ""
    margins = [s.margin for s in seat_edge(sums.main.loser_seat).shares]
    margins += [mean_interval(s).margin for s in sums.worth.values()]
    if all(math.isfinite(m) and m <= q.target for m in margins):
        return "margins"
    return ""


FIRST_CHUNKS = (2, 4, 4)
"""The first chunks are smaller, so that the first answers are on screen within a couple of
seconds; then ``CHUNK`` deals a chunk.  Fixed, like ``CHUNK``."""


def _spans(q: Question) -> Iterator[tuple[int, int]]:
    first = 0
    for size in FIRST_CHUNKS:
        if first >= q.max_games:
            return
        yield first, min(q.max_games, first + size)
        first += size
    for start in range(first, q.max_games, CHUNK):
        yield start, min(q.max_games, start + CHUNK)


def _stall_replays(q: Question, card: Card, indices: Sequence[int]) -> tuple[int, int]:
    return _Player(q).stalled_without(card, indices)


def _worker_stall(task: tuple[int, bytes, Card, tuple[int, ...]]) -> tuple[int, int]:
    run, blob, card, indices = task
    return _stall_replays(_question(run, blob), card, indices)


class Workers:
    """The worker processes of one check, for every run in it: the deals, the stalled deals
    played again, and each change the search for a fix tries (``suggest``), so that the
    processes are started once, not once per run (a spawned one costs about a second).
    ``jobs`` 1: every run is played in this process.

    Runs on the workers take turns, one at a time; a run that stops (its answer given, or
    nobody listening any more) halts its chunks still in hand at their next deal, so the next
    run does not queue behind work whose answer is thrown away.  ``close`` ends the workers:
    at once, chunks half played included, when the check was stopped (a Cancel or a closed
    tab stops the work within a second, not when the chunks in hand are done).  A ``with``
    block closes them, at once if it ends by an exception."""

    def __init__(self, jobs: int = 0) -> None:
        self.jobs = jobs or default_jobs()
        self.executor: ProcessPoolExecutor | None = None
        self._runs = 0
        self._stopped: ctypes.c_int64 | None = None
        if self.jobs > 1:
            context = _context()
            # No lock: one writer, and a worker that reads the old number plays one deal more
            # (a worker ended while it held a lock would leave it held).
            stopped = self._stopped = context.RawValue(ctypes.c_int64, 0)
            self.executor = ProcessPoolExecutor(
                max_workers=self.jobs,
                mp_context=context,
                initializer=_init_worker,
                initargs=(stopped,),
            )

    def start(self, q: Question) -> tuple[int, bytes]:
        """A new run of ``q``: its number and the question as the workers receive it."""
        self._runs += 1
        return self._runs, pickle.dumps(q)

    def halt(self, run: int) -> None:
        """Run ``run`` has stopped: its chunks still in hand end at their next deal."""
        if self._stopped is not None:
            self._stopped.value = max(self._stopped.value, run)

    def close(self, *, finished: bool = True) -> None:
        ex = self.executor
        if ex is None:
            return
        self.executor = None
        self.halt(self._runs)
        if finished:
            ex.shutdown(wait=True, cancel_futures=True)
            return
        # Stopped early: drop the queued work and end the running workers now.
        processes = list((getattr(ex, "_processes", None) or {}).values())
        ex.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=5)  # a busy machine may take a while to end one
            if process.is_alive():
                process.kill()
                process.join()

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        self.close(finished=kind is None)


BEAT = 0.4
"""Seconds between two yields of a run on workers while no chunk is done (``None``): whoever
iterates gets control back that often, so a Cancel is heard within a second."""


def _chunks_in_order(
    q: Question, workers: Workers, run: int, blob: bytes
) -> Generator[Sums | None, None, None]:
    """The chunks' sums in deal order, played ``workers.jobs`` at a time; ``None`` every
    ``BEAT`` seconds while the next one is not done.  Closing it drops the chunks queued and
    halts those in hand (``Workers.halt``)."""
    spans = list(_spans(q))
    ex = workers.executor
    if ex is None:
        _warm_up()
        for a, b in spans:
            sums = _play_chunk(q, a, b)
            assert sums is not None
            yield sums
        return
    jobs = workers.jobs
    ahead: dict[int, Future[Sums | None]] = {}
    finished: dict[int, Sums] = {}
    nxt = submitted = 0
    warmed = False
    try:
        while nxt < len(spans):
            while submitted < len(spans) and submitted - nxt < 2 * jobs:
                ahead[submitted] = ex.submit(_worker_chunk, (run, blob, *spans[submitted]))
                submitted += 1
            if submitted and not warmed:
                _warm_up()  # once the workers are started (forked): no thread of ours before
                warmed = True
            if nxt not in finished:
                done, _ = wait(list(ahead.values()), timeout=BEAT, return_when=FIRST_COMPLETED)
                if not done:
                    yield None
                    continue
                for i, fut in list(ahead.items()):
                    if fut in done:
                        sums = fut.result()
                        assert sums is not None  # (only a stopped run's chunks halt)
                        finished[i] = sums
                        del ahead[i]
                continue
            yield finished.pop(nxt)
            nxt += 1
    finally:  # the answer is given, or nobody listens: the rest would be thrown away
        workers.halt(run)
        for fut in ahead.values():
            fut.cancel()


def _stalled_without(
    q: Question, workers: Workers, run: int, blob: bytes, card: Card, indices: list[int]
) -> tuple[int, int]:
    """The stalled deals played again without ``card``'s power, shared among the workers."""
    ex = workers.executor
    if ex is None or len(indices) < 2:
        return _stall_replays(q, card, indices)
    parts = [tuple(indices[i :: workers.jobs]) for i in range(workers.jobs)]
    futures = [ex.submit(_worker_stall, (run, blob, card, part)) for part in parts if part]
    replayed = ended = 0
    for fut in futures:
        r, e = fut.result()
        replayed += r
        ended += e
    return replayed, ended


def default_jobs() -> int:
    """Every core: the default everywhere."""
    return os.cpu_count() or 1


def _warm_up() -> None:
    """Import the statistics libraries (2-3 s the first time in a process) while the first
    deals are played, not after them: the first answers come within a couple of seconds."""
    import sys
    import threading

    if "scipy.stats" in sys.modules and "statsmodels.stats.proportion" in sys.modules:
        return

    def load() -> None:
        import scipy.stats  # noqa: F401
        import statsmodels.stats.proportion  # noqa: F401

    threading.Thread(target=load, name="karma-stats-import", daemon=True).start()


def analyse_live(
    q: Question, jobs: int = 0, workers: Workers | None = None
) -> Generator[Analysis, None, None]:
    """The answers so far after every chunk of deals (and, on workers, the same answers again
    every ``BEAT`` seconds while none is done); the last one is ``done``.  Stop iterating to
    cancel (the page's Cancel, a closed tab): the workers are ended at once, or, when they are
    the caller's (``workers``, shared by the runs of one check), the run's work in hand is
    halted and its owner ends them.  Raises ValueError, before any game, for a question that
    cannot be asked."""
    import time

    q.check()
    own = workers is None
    pool = Workers(jobs) if workers is None else workers
    began = time.perf_counter()
    sums = Sums.empty(q)
    finished = False
    last: Analysis | None = None
    run, blob = pool.start(q)
    chunks = _chunks_in_order(q, pool, run, blob)
    try:
        for part in chunks:
            if part is None:  # a beat: the answers so far again, so a Cancel is heard
                if last is not None:
                    yield last
                continue
            sums.merge(part)
            why = _should_stop(q, sums)
            if why:
                chunks.close()  # the deals still in hand are not needed
                stall = _stall(q, sums, pool, run, blob)
                seconds = time.perf_counter() - began
                yield _answers(q, sums, seconds, pool.jobs, True, why, stall)
                finished = True
                return
            last = _answers(q, sums, time.perf_counter() - began, pool.jobs, False, "")
            yield last
        finished = True
    finally:
        chunks.close()
        if own:
            pool.close(finished=finished)


def analyse(q: Question, jobs: int = 0, workers: Workers | None = None) -> Analysis:
    """The whole analysis (see ``analyse_live``)."""
    last: Analysis | None = None
    for answer in analyse_live(q, jobs, workers):
        last = answer
    assert last is not None
    return last
