"""What the cross-field checks read: the typed view of the file (``VARIANT.sound``: each value
of the kind declared, or left out) and the facts several rules share, worked out once; the
report they write to, and the registry of the rules (``CHECKS``)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

from referee.files.yamlsafe import ERROR, WARNING, PathT, Problem, format_path, locate
from referee.variant.effect_list import Eff, params_ok
from referee.variant.fields import VARIANT, pack_of, rank_of
from referee.variant.menu import MENU, Traits
from referee.variant.model import Variant

Range = tuple[int, int, int, int]
"""A sound range of players: (index, decks, min, max)."""


@dataclass
class File:
    """The variant file as the cross-field checks read it: its typed view (``VARIANT.sound``)
    and what is worked out from it once (``None`` where a part is malformed, already
    reported)."""

    view: dict[str, Any]
    pack: Variant  # how ranks are named (an ordinary pack says Q)
    low: int | None
    high: int | None
    copies: int | None
    cards: list[dict[str, Any]]  # the Karma cards
    jokers: dict[str, Any] | None  # an ordinary pack's jokers, if the file has them
    ranges: list[Range]  # the sound ranges of players
    given_ranks: Any = None  # the file's own ``ranks`` (the view has an ordinary pack's own)

    @classmethod
    def of(cls, data: dict[str, Any]) -> File:
        view = VARIANT.sound(data)
        ranks = view.get("ranks", {})
        jokers = view.get("jokers", {}) if "jokers" in data else None
        file = cls(
            view,
            pack_of(data.get("ranks")),
            ranks.get("low"),
            ranks.get("high"),
            ranks.get("copies"),
            view.get("karma_cards", []),
            jokers,
            [],
        )
        file.ranges = [r for r, _ in ranges(view.get("players", []))]
        file.given_ranks = data.get("ranks")
        return file

    @property
    def rank_set(self) -> range | None:
        """The deck's number ranks (None when they are malformed, or high is below low)."""
        if self.low is None or self.high is None or self.high < self.low:
            return None
        return range(self.low, self.high + 1)

    @property
    def left_out(self) -> list[Any]:
        """The file's own ``ranks.without`` ([] where it has none, or it is not a list)."""
        given = self.given_ranks
        raw = given.get("without") if isinstance(given, dict) else None
        return raw if isinstance(raw, list) else []

    @property
    def without(self) -> frozenset[int]:
        """The ranks the pack leaves out (issue 42), those that are ranks of it."""
        ranks = self.rank_set
        raw = self.left_out
        found = {rank_of(x, self.pack) for x in raw}
        return frozenset(r for r in found if r is not None and ranks is not None and r in ranks)

    @property
    def specials(self) -> list[dict[str, Any]]:
        return [*self.cards, *([self.jokers] if self.jokers is not None else [])]

    @property
    def one_deck(self) -> int | None:
        """The cards in one deck (every rank's copies and every special card's)."""
        ranks, card_copies = self.rank_set, [c.get("copies") for c in self.specials]
        if ranks is not None and self.copies is not None and None not in card_copies:
            kept = len(ranks) - len(self.without)
            return kept * self.copies + sum(c or 0 for c in card_copies)
        return None

    @property
    def per_player(self) -> int | None:
        return dealt(self.view.get("deal", {}))

    def per(self, players: int) -> int | None:
        """The cards each player is dealt at a table of this size (its own row of
        ``deal.by_players``, else the variant's deal), None where the counts are malformed."""
        rows = self.view.get("deal", {}).get("by_players", [])
        row = next((r for r in rows if r.get("players") == players), None)
        return self.per_player if row is None else dealt(row)

    def least(self, players: int) -> int | None:
        """The minimum hand at a table of this size (R6.4): its own row's ``min_hand``, else
        the variant's (ruling 129)."""
        rows = self.view.get("deal", {}).get("by_players", [])
        own = next((r.get("min_hand") for r in rows if r.get("players") == players), None)
        return own if own is not None else self.view.get("min_hand")

    @functools.cached_property
    def pile_values(self) -> frozenset[int] | None:
        """The values the pile may count with one of the deck's cards judging it, for the
        checks of a limit that reads the pile (``only_on``): None when the ranks are not
        known."""
        try:
            return self._pile_values()
        except ValueError:  # an effect's parameters are malformed (the schema says so)
            return None

    def _pile_values(self) -> frozenset[int] | None:
        ranks = self.rank_set
        if ranks is None:
            return None
        powers = self.view.get("rank_powers", [])
        power = {rank_of(p.get("rank"), self.pack): p.get("effects", []) for p in powers}
        values: set[int] = set()
        for rank in ranks:
            if rank in self.without:
                continue
            counts = _counts(power.get(rank, []), karma=False)
            if counts is not False:
                values.add(rank if counts is None else counts)
        for card in [*self.cards, *([self.jokers] if self.jokers else [])]:
            if card.get("copies") != 0:
                counts = _counts(card.get("effects", []), karma=True)
                if counts is not False and counts is not None:
                    values.add(counts)
        return frozenset(values)

    @property
    def most_run_copies(self) -> int:
        """The most copies one card has in one deck, among cards that count for runs (R7.1): a
        card that leaves the game never lies in a run."""
        most = [self.copies or 0]
        for c in self.specials:
            n = c.get("copies")
            if n and not any(MENU[e.name].leaves_game for e in c.get("effects", [])):
                most.append(n)
        return max(most)


def _counts(effects: list[Eff], karma: bool) -> int | None | bool:
    """What a card with these effects counts as when it judges the pile (R5.2, R5.4): its
    ``value``, else 0 for a Karma card or a joker, else None (its rank); False when it never
    judges (a see-through card or a mirror counts as the card beneath it)."""
    t = Traits(wild=karma, value=0 if karma else None)
    for e in effects:
        if not params_ok(e.name, e.params):  # a bare `value`: what it counts is not known
            raise ValueError(e.name)
        MENU[e.name].traits(e.params, t)
    return False if t.transparent else t.value


def ranges(rows: list[dict[str, Any]]) -> list[tuple[Range, Range | None]]:
    """The ranges of players whose counts are known and in order, each with the earlier sound
    range it overlaps (then it is not sound itself)."""
    sound: list[Range] = []
    out: list[tuple[Range, Range | None]] = []
    for i, r in enumerate(rows):
        decks, lo, hi = r.get("decks"), r.get("min"), r.get("max")
        if lo is None or hi is None or lo > hi:
            continue
        over = next((s for s in sound if lo <= s[3] and s[2] <= hi), None)
        if over is None and decks is not None:
            sound.append((i, decks, lo, hi))
            out.append(((i, decks, lo, hi), None))
        elif over is not None:
            out.append(((i, decks or 0, lo, hi), over))
    return [x for x in out if x[1] is None] + [x for x in out if x[1] is not None]


class Report:
    """Collects the located problems of one file."""

    def __init__(self, node: yaml.Node | None, filename: str) -> None:
        self.node, self.filename = node, filename
        self.problems: list[Problem] = []

    def error(
        self,
        path: PathT,
        message: str,
        plain: str = "",
        concerns: PathT | None = None,
        severity: str = ERROR,
    ) -> None:
        """``message`` in the file's words, ``plain`` in a family's (the Design page shows it
        at the field ``concerns``, by default ``path``)."""
        line, col = locate(self.node, path)
        where = format_path(concerns) if concerns is not None else ""
        self.problems.append(
            Problem(self.filename, line, col, format_path(path), message, severity, plain, where)
        )

    def warn(
        self, path: PathT, message: str, plain: str = "", concerns: PathT | None = None
    ) -> None:
        self.error(path, message, plain, concerns, WARNING)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


Check = Callable[[File, Report], None]
CHECKS: dict[str, Check] = {}
"""Every cross-field rule of the variant file, by name, in the order they are asked."""


def check(name: str) -> Callable[[Check], Check]:
    def register(fn: Check) -> Check:
        CHECKS[name] = fn
        return fn

    return register


def dealt(deal: dict[str, Any]) -> int | None:
    """The cards one deal gives each player (None: a count is missing or malformed)."""
    parts = [deal.get(k) for k in ("face_down", "face_up", "hand")]
    return sum(p for p in parts if p is not None) if None not in parts else None
