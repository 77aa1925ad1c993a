"""The balance report of a self-play run: tallies (mergeable sums) and the figures drawn from them.

``Tally`` holds integer sums only, so tallies from any split of the games merge into the same
totals (this is what makes a report independent of ``jobs``).  ``Report`` is the finished,
plain-data view: ``to_dict()`` (JSON-ready), ``to_csv()`` and ``to_text()``.

Definitions:

* a game's length is counted in *steps*, not turns: a play (a play again after a burn, or a
  table-card follow-up, is a step of its own) or a pick-up.  The names say so: ``steps``,
  ``step_cap``, ``step_cap_reached`` and ``steps_per_second``.  The JSON and CSV also still
  emit the old keys (``turns``, ``turn_cap``, ``turn_cap_reached``, ``turns_per_second``, and
  ``turns``/``turns_histogram`` in the CSV) as duplicates with the same values, so that saved
  scripts still read; they count steps too;
* a *pick-up* is a step that ends with the mover taking the pile: a pick-up, or a blind
  face-down card that does not fit (R7.5) - that card does not count as played;
* *plays* of a card count plays that landed (two 7s at once are one play, two cards);
* games stopped at the step cap count in the game-length figures with the cap as their length,
  have no loser and are left out of win rates; more than ``CAP_WARNING`` of them flags the
  variant as one that may not end;
* the median is the middle length (the mean of the two middle ones for an even count); p90 is
  the nearest-rank 90th percentile (the smallest length at least 90% of games do not exceed);
* seats are numbered from 1 in the order of play at the deal (seat 1 starts);
* a bot's win rate is the share of its seats, in games that ended, that did not lose.
"""

from __future__ import annotations

import copy
import csv
import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.simulate.results import GameResult
from referee.variant.model import Card, Variant
from referee.words.inert import csv_cell

__all__ = ["CAP_WARNING", "Bin", "Report", "StepStats", "Tally"]

CAP_WARNING = 0.01  # more than 1% of games at the step cap: "this variant may not end"
HISTOGRAM_BINS = 20

OLD_KEYS = {"step_cap": "turn_cap", "steps": "turns", "step_cap_reached": "turn_cap_reached"}
"""New JSON key -> the old one ``to_dict`` still emits beside it, with the same value, so that
saved scripts still read (``timing`` also keeps ``turns_per_second``; see the module docstring)."""


@dataclass
class Tally:
    """Integer sums over some games of a run; ``merge`` adds another tally in."""

    players: int
    games: int = 0
    lengths: dict[int, int] = field(default_factory=dict)  # steps -> games of that length
    pickups: int = 0
    picked_cards: int = 0
    burns: int = 0
    max_pickups: int = 0
    max_burns: int = 0
    plays: dict[Card, int] = field(default_factory=dict)
    cards: dict[Card, int] = field(default_factory=dict)
    loser_seat: list[int] = field(default_factory=list)
    no_loser: int = 0  # games that ended with everyone out at once
    capped: int = 0
    stalls: dict[str, int] = field(default_factory=dict)  # unfinished games by why (play)
    bot_seats: dict[str, int] = field(default_factory=dict)  # seats in games that ended
    bot_losses: dict[str, int] = field(default_factory=dict)

    @classmethod
    def empty(cls, players: int, bots: Sequence[str]) -> Tally:
        names = dict.fromkeys(bots)
        return cls(
            players=players,
            loser_seat=[0] * players,
            bot_seats=dict.fromkeys(names, 0),
            bot_losses=dict.fromkeys(names, 0),
        )

    def add(self, result: GameResult, names: Sequence[str], lineup: Sequence[str]) -> None:
        """Count one game: ``names[j]`` sat at seat j, played by the bot ``lineup[j]``."""
        self.games += 1
        self.lengths[result.steps] = self.lengths.get(result.steps, 0) + 1
        self.pickups += result.pickups
        self.picked_cards += result.picked_cards
        self.burns += result.burns
        self.max_pickups = max(self.max_pickups, result.pickups)
        self.max_burns = max(self.max_burns, result.burns)
        for card, n in result.plays.items():
            self.plays[card] = self.plays.get(card, 0) + n
        for card, n in result.cards.items():
            self.cards[card] = self.cards.get(card, 0) + n
        if result.capped:
            self.capped += 1
            why = result.stall or "cap"
            self.stalls[why] = self.stalls.get(why, 0) + 1
            return
        loser = -1
        if result.loser is None:
            self.no_loser += 1
        else:
            loser = list(names).index(result.loser)
            self.loser_seat[loser] += 1
        for j, bot in enumerate(lineup):
            self.bot_seats[bot] = self.bot_seats.get(bot, 0) + 1
            if j == loser:
                self.bot_losses[bot] = self.bot_losses.get(bot, 0) + 1

    def merge(self, other: Tally) -> None:
        self.games += other.games
        for n, g in other.lengths.items():
            self.lengths[n] = self.lengths.get(n, 0) + g
        self.pickups += other.pickups
        self.picked_cards += other.picked_cards
        self.burns += other.burns
        self.max_pickups = max(self.max_pickups, other.max_pickups)
        self.max_burns = max(self.max_burns, other.max_burns)
        for card, n in other.plays.items():
            self.plays[card] = self.plays.get(card, 0) + n
        for card, n in other.cards.items():
            self.cards[card] = self.cards.get(card, 0) + n
        for j, n in enumerate(other.loser_seat):
            self.loser_seat[j] += n
        self.no_loser += other.no_loser
        self.capped += other.capped
        for why, n in other.stalls.items():
            self.stalls[why] = self.stalls.get(why, 0) + n
        for bot, n in other.bot_seats.items():
            self.bot_seats[bot] = self.bot_seats.get(bot, 0) + n
        for bot, n in other.bot_losses.items():
            self.bot_losses[bot] = self.bot_losses.get(bot, 0) + n


@dataclass(frozen=True)
class Bin:
    """Games whose length is in [low, high] steps."""

    low: int
    high: int
    games: int


@dataclass(frozen=True)
class StepStats:
    min: int
    median: float
    mean: float
    p90: int
    max: int
    histogram: tuple[Bin, ...]

    @classmethod
    def of(cls, lengths: dict[int, int]) -> StepStats:
        n = sum(lengths.values())
        if not n:
            return cls(0, 0.0, 0.0, 0, 0, ())
        ordered = sorted(lengths.items())
        total = sum(length * g for length, g in ordered)
        lo, hi = ordered[0][0], ordered[-1][0]
        if n % 2:
            median = float(_kth(ordered, n // 2 + 1))
        else:
            median = (_kth(ordered, n // 2) + _kth(ordered, n // 2 + 1)) / 2
        p90 = _kth(ordered, math.ceil(0.9 * n))
        return cls(lo, median, total / n, p90, hi, _histogram(ordered, lo, hi))


def _kth(ordered: list[tuple[int, int]], k: int) -> int:
    """The k-th smallest length (1-based) of a sorted (length, count) list."""
    seen = 0
    for length, g in ordered:
        seen += g
        if seen >= k:
            return length
    return ordered[-1][0]


def _nice_width(span: int, bins: int) -> int:
    """The smallest width of 1, 2 or 5 times a power of ten giving at most ``bins`` bins."""
    raw = max(1.0, span / bins)
    power = 1
    while True:
        for step in (1, 2, 5):
            if step * power >= raw:
                return step * power
        power *= 10


def _histogram(ordered: list[tuple[int, int]], lo: int, hi: int) -> tuple[Bin, ...]:
    width = _nice_width(hi - lo + 1, HISTOGRAM_BINS)
    first = (lo // width) * width
    counts = [0] * ((hi - first) // width + 1)
    for length, g in ordered:
        counts[(length - first) // width] += g
    return tuple(
        Bin(first + i * width, first + (i + 1) * width - 1, g) for i, g in enumerate(counts)
    )


def card_label(card: Card) -> str:
    """A card as a report key: the rank's number or the Karma card's id."""
    return str(card)


def _per_game(n: int, games: int) -> float:
    return n / games if games else 0.0


@dataclass(frozen=True)
class Report:
    """The balance report of a run (see the module docstring for definitions)."""

    variant_id: str
    variant_name: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    step_cap: int
    steps: StepStats
    total_steps: int
    pickups_per_game: float
    picked_cards_per_game: float
    burns_per_game: float
    max_pickups: int
    max_burns: int
    plays_per_game: dict[str, float]  # every card of the variant, in deck order
    cards_per_game: dict[str, float]
    powers_per_game: dict[str, float]  # Karma cards and powered ranks only
    effects_per_game: dict[str, float]  # plays of cards carrying each menu effect
    card_names: dict[str, str]
    loser_by_seat: tuple[int, ...]
    no_loser: int
    bot_seats: dict[str, int]
    bot_losses: dict[str, int]
    capped: int
    seconds: float = 0.0
    jobs: int = 1
    cap_warning: float = CAP_WARNING
    stalls: dict[str, int] = field(default_factory=dict)  # unfinished games by why

    # --- derived figures ---------------------------------------------------------------------

    @property
    def finished(self) -> int:
        return self.games - self.capped

    @property
    def cap_share(self) -> float:
        return _per_game(self.capped, self.games)

    @property
    def may_not_end(self) -> bool:
        """More than ``cap_warning`` of the games reached the step cap."""
        return self.cap_share > self.cap_warning

    @property
    def loser_share_by_seat(self) -> tuple[float, ...]:
        decided = sum(self.loser_by_seat)
        return tuple(_per_game(n, decided) for n in self.loser_by_seat)

    @property
    def win_rate(self) -> dict[str, float | None]:
        return {
            bot: (1 - self.bot_losses.get(bot, 0) / n) if n else None
            for bot, n in self.bot_seats.items()
        }

    @property
    def steps_per_game(self) -> float:
        return self.steps.mean

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def steps_per_second(self) -> float:
        return self.total_steps / self.seconds if self.seconds > 0 else 0.0

    def unfinished_words(self) -> str:
        """Why the games that did not end stopped: "3 went round in circles, 1 reached the
        step cap of 2,000"."""
        parts = []
        for why, words in (
            ("repeat", "went round in circles (the same position came back, nothing left to "
             "chance)"),
            ("quiet", "went on with no card leaving play for a long time"),
            ("cap", f"reached the step cap of {self.step_cap:,}"),
        ):  # fmt: skip
            n = self.stalls.get(why, 0)
            if n:
                parts.append(f"{n:,} {words}")
        return ", ".join(parts)

    # --- building --------------------------------------------------------------------------

    @classmethod
    def build(
        cls,
        variant: Variant,
        *,
        players: int,
        seed: int,
        bots: Sequence[str],
        step_cap: int,
        tally: Tally,
        seconds: float = 0.0,
        jobs: int = 1,
    ) -> Report:
        games = tally.games
        deck = variant.all_cards()
        powered = [c for c in deck if isinstance(c, str) or variant.effects_of(c)]
        effects: dict[str, int] = {}
        for card in deck:
            for e in variant.effects_of(card):
                effects[e.name] = effects.get(e.name, 0) + tally.plays.get(card, 0)
        return cls(
            variant_id=variant.id,
            variant_name=variant.name,
            players=players,
            games=games,
            seed=seed,
            bots=tuple(bots),
            step_cap=step_cap,
            steps=StepStats.of(tally.lengths),
            total_steps=sum(n * g for n, g in tally.lengths.items()),
            pickups_per_game=_per_game(tally.pickups, games),
            picked_cards_per_game=_per_game(tally.picked_cards, games),
            burns_per_game=_per_game(tally.burns, games),
            max_pickups=tally.max_pickups,
            max_burns=tally.max_burns,
            plays_per_game={card_label(c): _per_game(tally.plays.get(c, 0), games) for c in deck},
            cards_per_game={card_label(c): _per_game(tally.cards.get(c, 0), games) for c in deck},
            powers_per_game={
                card_label(c): _per_game(tally.plays.get(c, 0), games) for c in powered
            },
            effects_per_game={name: _per_game(n, games) for name, n in effects.items()},
            card_names={card_label(c): variant.card_name(c) for c in deck},
            loser_by_seat=tuple(tally.loser_seat),
            no_loser=tally.no_loser,
            bot_seats=dict(tally.bot_seats),
            bot_losses=dict(tally.bot_losses),
            capped=tally.capped,
            stalls=dict(tally.stalls),
            seconds=seconds,
            jobs=jobs,
        )

    # --- output ----------------------------------------------------------------------------

    def histogram_rows(self) -> list[dict[str, Any]]:
        """Game length histogram as chart rows, in order: ``steps`` (a label), ``games``."""
        return [
            {"steps": f"{b.low}-{b.high}", "from": b.low, "games": b.games}
            for b in self.steps.histogram
        ]

    def seat_rows(self) -> list[dict[str, Any]]:
        """Loser by seat as chart rows: ``seat``, ``games`` lost, ``share`` of decided games."""
        return [
            {"seat": f"seat {j + 1}", "games": n, "share": share}
            for j, (n, share) in enumerate(
                zip(self.loser_by_seat, self.loser_share_by_seat, strict=True)
            )
        ]

    def bot_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "bot": bot,
                "seats": self.bot_seats[bot],
                "losses": self.bot_losses.get(bot, 0),
                "win rate": rate,
            }
            for bot, rate in self.win_rate.items()
        ]

    def card_rows(self) -> list[dict[str, Any]]:
        """Plays per game by card, with the card's name and whether it has a power."""
        return [
            {
                "card": self.card_names[key],
                "plays per game": plays,
                "cards per game": self.cards_per_game[key],
                "power": key in self.powers_per_game,
            }
            for key, plays in self.plays_per_game.items()
        ]

    def to_dict(self, *, timing: bool = True) -> dict[str, Any]:
        """Plain JSON-ready data; ``timing=False`` leaves out the run's speed (which varies)."""
        t = self.steps
        data: dict[str, Any] = {
            "variant": {"id": self.variant_id, "name": self.variant_name},
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "seating": "rotating: in game i, seat j is played by bots[(i + j) % len(bots)]",
            "step_cap": self.step_cap,
            "steps": {
                "min": t.min,
                "median": t.median,
                "mean": _r(t.mean),
                "p90": t.p90,
                "max": t.max,
                "total": self.total_steps,
                "histogram": [{"from": b.low, "to": b.high, "games": b.games} for b in t.histogram],
            },
            "pickups": {
                "per_game": _r(self.pickups_per_game),
                "max": self.max_pickups,
                "cards_per_game": _r(self.picked_cards_per_game),
            },
            "burns": {"per_game": _r(self.burns_per_game), "max": self.max_burns},
            "plays_per_game": _rd(self.plays_per_game),
            "cards_per_game": _rd(self.cards_per_game),
            "powers_per_game": _rd(self.powers_per_game),
            "effects_per_game": _rd(self.effects_per_game),
            "card_names": dict(self.card_names),
            "loser_by_seat": {
                "games": list(self.loser_by_seat),
                "share": [_r(x) for x in self.loser_share_by_seat],
                "no_loser": self.no_loser,
            },
            "bots_by_name": {
                bot: {
                    "seats": self.bot_seats[bot],
                    "losses": self.bot_losses.get(bot, 0),
                    "win_rate": None if rate is None else _r(rate),
                }
                for bot, rate in self.win_rate.items()
            },
            "step_cap_reached": {
                "games": self.capped,
                "share": _r(self.cap_share),
                "threshold": self.cap_warning,
                "may_not_end": self.may_not_end,
            },
            # The games that did not end, by why (runner.play): went round in circles
            # (proved: a position came back with nothing left to chance), no card left play
            # for the bound, or reached the step cap.
            "unfinished": {
                "games": self.capped,
                "round_in_circles": self.stalls.get("repeat", 0),
                "no_card_left_play": self.stalls.get("quiet", 0),
                "step_cap": self.stalls.get("cap", 0),
            },
        }
        if timing:
            data["timing"] = {
                "seconds": _r(self.seconds),
                "jobs": self.jobs,
                "games_per_second": _r(self.games_per_second, 1),
                "steps_per_second": _r(self.steps_per_second, 1),
            }
            # The old key, a duplicate with the same value, so that saved scripts still read.
            data["timing"]["turns_per_second"] = data["timing"]["steps_per_second"]
        # The old keys (turn_cap, turns, turn_cap_reached), duplicates with the same values.
        for new, old in OLD_KEYS.items():
            data[old] = copy.deepcopy(data[new])
        return data

    def rows(self) -> Iterable[tuple[str, str, Any]]:
        """The report as (section, key, value) rows, the shape of ``to_csv``."""
        d = self.to_dict()
        yield from self._run_rows(d)
        yield from _length_rows(d)
        yield from _per_game_rows(d)
        yield from self._seat_rows(d)
        for section in ("step_cap_reached", "turn_cap_reached", "unfinished"):
            for key, value in d[section].items():  # (turn_cap_reached: the old name)
                yield section, key, value
        for key, value in d["timing"].items():
            yield "timing", key, value

    def _run_rows(self, d: dict[str, Any]) -> Iterable[tuple[str, str, Any]]:
        """What was run: the variant, the table, the seed, the cap and the bots."""
        yield "run", "variant", self.variant_id
        for key in ("players", "games", "seed", "step_cap"):
            yield "run", key, d[key]
        yield "run", "bots", " ".join(self.bots)
        yield "run", "turn_cap", d["turn_cap"]  # the old names, kept for saved scripts

    def _seat_rows(self, d: dict[str, Any]) -> Iterable[tuple[str, str, Any]]:
        """Who lost: by seat (games and share), and each bot's seats, losses and win rate."""
        for j, (n, share) in enumerate(
            zip(d["loser_by_seat"]["games"], d["loser_by_seat"]["share"], strict=True)
        ):
            yield "loser_by_seat", f"seat {j + 1} games", n
            yield "loser_by_seat", f"seat {j + 1} share", share
        yield "loser_by_seat", "no_loser", self.no_loser
        for bot, figures in d["bots_by_name"].items():
            for key, value in figures.items():
                yield "bots", f"{bot} {key}", "" if value is None else value

    def to_csv(self) -> str:
        """The report as CSV: one ``section,key,value`` row per figure."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(("section", "key", "value"))
        for section, key, value in self.rows():
            if isinstance(value, bool):
                value = "true" if value else "false"
            writer.writerow([csv_cell(cell) for cell in (section, key, value)])  # no formula
        return out.getvalue()

    def to_text(self) -> str:
        """The report as plain text for a terminal."""
        t = self.steps
        lines = [
            f"{self.variant_name} ({self.variant_id}): {self.players} players, "
            f"{self.games} games, seed {self.seed}, bots {', '.join(self.bots)} "
            "(rotating seats)",
        ]
        if self.seconds > 0:
            lines.append(
                f"Speed: {self.seconds:.2f} s, {self.games_per_second:,.0f} games/s, "
                f"{self.steps_per_second:,.0f} steps/s ({self.jobs} job"
                f"{'s' if self.jobs != 1 else ''})"
            )
        lines += [
            "",
            f"Game length (steps): min {t.min}, median {t.median:g}, mean {t.mean:.1f}, "
            f"p90 {t.p90}, max {t.max}",
        ]
        peak = max((b.games for b in t.histogram), default=0)
        width = len(str(t.histogram[-1].high)) if t.histogram else 1
        for b in t.histogram:
            bar = "#" * (round(40 * b.games / peak) if peak else 0)
            lines.append(f"  {b.low:>{width}}-{b.high:<{width}} {b.games:>7}  {bar}")
        lines += [
            "",
            f"Per game: {self.pickups_per_game:.2f} pick-ups ({self.picked_cards_per_game:.1f} "
            f"cards picked up), {self.burns_per_game:.2f} burns",
            "",
            "Loser by seat (seat 1 starts):",
        ]
        for j, (n, share) in enumerate(
            zip(self.loser_by_seat, self.loser_share_by_seat, strict=True)
        ):
            lines.append(f"  seat {j + 1}: {share:6.1%}  ({n} games)")
        if self.no_loser:
            lines.append(f"  no loser: {self.no_loser} games")
        lines += ["", "Win rate (did not lose) by bot:"]
        for bot, rate in self.win_rate.items():
            figure = "   n/a" if rate is None else f"{rate:6.1%}"
            lines.append(f"  {bot:<8} {figure}  ({self.bot_seats[bot]} seats)")
        lines += ["", "Plays per game, by card:"]
        cells = [
            f"{self.card_names[k]}: {v:.2f}"
            for k, v in self.plays_per_game.items()
            if k not in self.powers_per_game
        ]
        lines += _wrap(cells)
        if self.powers_per_game:
            lines += ["", "Cards with powers (Karma cards, jokers, ranks), plays per game:"]
            lines += [f"  {self.card_names[k]}: {v:.2f}" for k, v in self.powers_per_game.items()]
        lines += [
            "",
            f"Unfinished: {self.capped} of {self.games} games ({self.cap_share:.1%})"
            + (f": {self.unfinished_words()}." if self.capped else "."),
        ]
        if self.may_not_end:
            lines.append(
                f"WARNING: more than {self.cap_warning:.0%} of games reached the step cap: "
                "this variant may not end."
            )
        return "\n".join(lines) + "\n"


def _length_rows(d: dict[str, Any]) -> Iterable[tuple[str, str, Any]]:
    """Game lengths: the figures, then the histogram, each under the new name and the old."""
    for section in ("steps", "turns"):  # new, then the old name: the same figures
        for key in ("min", "median", "mean", "p90", "max", "total"):
            yield section, key, d[section][key]
    for section in ("steps", "turns"):
        for b in d[section]["histogram"]:
            yield f"{section}_histogram", f"{b['from']}-{b['to']}", b["games"]


def _per_game_rows(d: dict[str, Any]) -> Iterable[tuple[str, str, Any]]:
    """What happens in a game: pick-ups, burns, and the plays, cards, powers and effects."""
    for key, value in d["pickups"].items():
        yield "pickups", key, value
    for key, value in d["burns"].items():
        yield "burns", key, value
    for section in ("plays_per_game", "cards_per_game", "powers_per_game", "effects_per_game"):
        for key, value in d[section].items():
            yield section, key, value


def _r(x: float, digits: int = 6) -> float:
    return round(x, digits)


def _rd(d: dict[str, float]) -> dict[str, float]:
    return {k: _r(v) for k, v in d.items()}


def _wrap(cells: list[str], width: int = 96) -> list[str]:
    lines: list[str] = []
    line = " "
    for cell in cells:
        if len(line) + len(cell) + 2 > width and line.strip():
            lines.append(line.rstrip(","))
            line = " "
        line += f" {cell},"
    if line.strip():
        lines.append(line.rstrip(","))
    return lines
