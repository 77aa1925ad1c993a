"""Load variant files: YAML text -> checked :class:`Variant`, with every problem located at once.

Three layers report together, sorted by position: the safe YAML front-end
(``referee.files.yamlsafe``), the JSON Schema made from the fields' declarations
(``referee.variant.fields``: the kinds, bounds and forms of every field) and the checks a schema
cannot say, each a named rule below (``CHECKS``) reading the typed view of the file the same
declarations give (``Field.sound``: each value of the kind declared, or left out), so that the
rules still run where the schema found errors elsewhere in the file.  Each effect's own checks
live in its unit (``referee/effects/<name>.py``, ``check``), each table rule's in its own.

Rulings on what is an error and what is only a warning:

* errors: a deal that does not fit the deck at the largest table of any range (R2.2); a burn
  count no card can ever reach, even with the most decks (R7.1); repeated ids, ranks or deck
  counts; overlapping player ranges or min > max; a rank power on a rank the deck does not have;
  an effect listed twice on one card; two effects that contradict each other on one card (each
  effect unit lists its ``contradicts``); two effects on one card that each need a chosen
  player (a play names one ``to``); a deal that gives no cards; ranks with high < low; a deal
  that can lock the table cards (docs/rulings.md 22).
* warnings (legal, probably a mistake): min_hand above the dealt hand; a Karma card with 0
  copies; a duplicate card name; burn 1; a range of players with too few copies to ever burn;
  player counts left uncovered between two ranges.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from referee.files.resources import VARIANT_SCHEMA
from referee.files.yamlsafe import (
    ERROR,
    UNREADABLE,
    WARNING,
    PathT,
    Problem,
    YamlError,
    format_path,
    locate,
    parse_yaml,
    read_limited,
    schema_problems,
)
from referee.variant.declare import Eff, effect_to_data, params_ok
from referee.variant.fields import VARIANT, build, pack_of, rank_of, to_data
from referee.variant.menu import MENU, CardCheck, Traits, needs_target
from referee.variant.model import JOKER, RANK_WORDS, Variant
from referee.variant.schema_gen import variant_schema
from referee.variant.table import TABLE_RULES, TableCheck
from referee.words.names import clean_name, difference, lookalike_pairs, name_problem, quoted

__all__ = [
    "CHECKS",
    "LoadResult",
    "VariantError",
    "check_data",
    "dump_variant",
    "effect_to_data",
    "load_variant_file",
    "load_variant_text",
    "variant_from_data",
    "variant_to_data",
]

SCHEMA_REF = VARIANT_SCHEMA
"""Where a written variant file's modeline points by default: the schema file beside it
(``karma schema --out``); the app's downloads point at the app itself (referee.files.resources)."""

MAX_NODES = 5_000
"""Most YAML values in a variant file: 30 Karma cards with many effects stay under 2,500."""


class VariantError(Exception):
    """A variant could not be loaded; ``problems`` lists every located reason."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems) or "invalid variant")
        self.problems = problems


@dataclass
class LoadResult:
    """The outcome of loading one variant file: the variant if valid, and every finding."""

    variant: Variant | None
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.variant is not None and not self.errors

    @property
    def unreadable(self) -> bool:
        """The file could not be read as text at all (the CLI exits 2)."""
        return any(p.severity == UNREADABLE for p in self.errors)

    @property
    def problems(self) -> list[Problem]:
        return sorted([*self.errors, *self.warnings], key=lambda p: p.sort_key)


# --- what the checks read: the typed view, and the facts several rules share -------------------

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
        file.ranges = [r for r, _ in _ranges(view.get("players", []))]
        return file

    @property
    def rank_set(self) -> range | None:
        """The deck's number ranks (None when they are malformed, or high is below low)."""
        if self.low is None or self.high is None or self.high < self.low:
            return None
        return range(self.low, self.high + 1)

    @property
    def specials(self) -> list[dict[str, Any]]:
        return [*self.cards, *([self.jokers] if self.jokers is not None else [])]

    @property
    def one_deck(self) -> int | None:
        """The cards in one deck (every rank's copies and every special card's)."""
        ranks, card_copies = self.rank_set, [c.get("copies") for c in self.specials]
        if ranks is not None and self.copies is not None and None not in card_copies:
            return len(ranks) * self.copies + sum(c or 0 for c in card_copies)
        return None

    @property
    def per_player(self) -> int | None:
        deal = self.view.get("deal", {})
        parts = [deal.get(k) for k in ("face_down", "face_up", "hand")]
        return sum(p for p in parts if p is not None) if None not in parts else None

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


def _ranges(rows: list[dict[str, Any]]) -> list[tuple[Range, Range | None]]:
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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# --- the checks a schema cannot say, each a named rule ------------------------------------------

Check = Callable[[File, Report], None]
CHECKS: dict[str, Check] = {}
"""Every cross-field rule of the variant file, by name, in the order they are asked."""


def check(name: str) -> Callable[[Check], Check]:
    def register(fn: Check) -> Check:
        CHECKS[name] = fn
        return fn

    return register


@check("ranks_in_order")
def _ranks_in_order(f: File, r: Report) -> None:
    if f.low is not None and f.high is not None and f.high < f.low and not f.pack.ordinary:
        r.error(
            ("ranks", "high"),
            f"the highest rank {f.high} is below the lowest rank {f.low}; "
            f"expected high at least {f.low}",
            plain=f"The top number is less than the bottom one. Make it {f.low} or more.",
        )


@check("names_people_read")
def _names_people_read(f: File, r: Report) -> None:
    """Names people read (rulings 60-62): no control or direction characters, something
    visible (errors); two cards whose names look the same (a warning, as for the very same
    name: the referee tells them apart by id, the table may not)."""
    named: list[tuple[PathT, str]] = [(("name",), f.view["name"])] if "name" in f.view else []
    named += [(("karma_cards", i, "name"), c["name"]) for i, c in enumerate(f.cards) if "name" in c]
    for path, name in named:
        problem = name_problem(clean_name(name)) if name else None  # "": the schema says
        if problem is not None:
            r.error(
                path,
                f"the name {quoted(name)}: {problem}",
                plain="This name has nothing you can see. Type a letter or a digit."
                if "nothing you can see" in problem
                else "This name has a hidden sign in it. Use letters, digits, spaces and "
                "signs you can see.",
            )
    card_names = [(p, n) for p, n in named if p[0] == "karma_cards"]
    for first, later in lookalike_pairs(n for _, n in card_names):
        (path, name), (first_path, first_name) = card_names[later], card_names[first]
        shown, first_shown = quoted(name, "'"), quoted(first_name, "'")
        if clean_name(name) == clean_name(first_name):
            how = f"is also karma_cards[{first_path[1]}]'s"
            plain = f"Another card is called {quoted(first_name)} too."
        else:
            how = (
                f"looks the same as karma_cards[{first_path[1]}]'s, {first_shown} "
                f"({difference(first_name, name)})"
            )
            plain = f"This name looks just like {quoted(first_name)}, another card's name."
        r.warn(
            path,
            f"the name {shown} {how}; expected a different name for each card",
            plain + " Give each card a name of its own, so that players can tell them apart.",
        )


@check("card_ids_once")
def _card_ids_once(f: File, r: Report) -> None:
    ids: dict[str, int] = {}
    for i, card in enumerate(f.cards):
        cid = card.get("id")
        if cid is None:
            continue
        if cid in ids:
            r.error(
                ("karma_cards", i, "id"),
                f"the id '{cid}' is already used by karma_cards[{ids[cid]}]; "
                "expected each card id once",
                plain=f"Another card already has the name {cid} in game records. "
                "Each card needs its own.",
            )
        else:
            ids[cid] = i


@check("cards_in_the_deck")
def _cards_in_the_deck(f: File, r: Report) -> None:
    for i, card in enumerate(f.cards):
        if card.get("copies") == 0:
            r.warn(
                ("karma_cards", i, "copies"),
                "0 copies: this card is not in the deck; expected at least 1 (or remove the card)",
                "With 0 copies this card is not in the deck. Give it 1 or more, or remove it.",
            )
    if f.jokers is not None and f.jokers.get("copies") == 0:
        r.warn(
            ("jokers", "copies"),
            "0 jokers: there are none in the deck; expected at least 1 (or no jokers)",
            plain="There are no jokers in the pack.",
        )


@check("jokers_in_an_ordinary_pack")
def _jokers_in_an_ordinary_pack(f: File, r: Report) -> None:
    """The jokers of an ordinary pack (docs/rulings.md, "An ordinary pack"): only there, with
    an id of their own."""
    if f.jokers is None:
        return
    if not f.pack.ordinary:
        r.error(
            ("jokers",),
            "jokers belong to an ordinary pack, and this deck has number cards; expected "
            "ranks: {pack: ordinary}, or a Karma card instead of the jokers",
            plain="Jokers come with an ordinary pack. Pick that pack, or make a "
            "Karma card instead.",
        )
    for i, card in enumerate(f.cards):
        if card.get("id") == JOKER:
            r.error(
                ("karma_cards", i, "id"),
                f"the id '{JOKER}' names the jokers of this pack; expected another card id",
                plain="The jokers are called “joker” in game records. Give this card another name.",
            )


@check("ids_unlike_faces")
def _ids_unlike_faces(f: File, r: Report) -> None:
    """In an ordinary pack, a Karma card id that reads like a face (``queen``, ``a``): a
    record's ``queen`` is then that card and its ``Q`` the Queen - legal, but a trap."""
    if not f.pack.ordinary:
        return
    faces = {w.casefold(): rank for rank, names in f.pack.faces().items() for w in names}
    for i, card in enumerate(f.cards):
        rank = faces.get(str(card.get("id", "")))
        if rank is not None:
            name = f.pack.rank_name(rank)
            r.warn(
                ("karma_cards", i, "id"),
                f"the id '{card['id']}' reads like the {name} of this pack, which a record may "
                "write the same way; expected another card id",
                plain=f"This card's short name looks like the {name}. Give the card another name.",
            )


@check("rank_powers")
def _rank_powers(f: File, r: Report) -> None:
    """Each power on a rank the deck has, each rank once; a face only in an ordinary pack."""
    seen: dict[int, int] = {}
    ranks = f.rank_set
    for i, power in enumerate(f.view.get("rank_powers", [])):
        raw = power.get("rank")
        rank = rank_of(raw, f.pack)
        if raw in RANK_WORDS and rank is None:  # any other text: the schema names the labels
            r.error(
                ("rank_powers", i, "rank"),
                f"{quoted(raw, chr(39))} names a card of an ordinary pack, and this deck "
                "has number cards; expected a number",
                plain=f"{raw} is a card of an ordinary pack. Pick a number.",
            )
        if rank is None:
            continue
        if rank in seen:
            r.error(
                ("rank_powers", i, "rank"),
                f"rank {rank} already has powers (rank_powers[{seen[rank]}]); "
                "expected each rank once, with all its effects in one list",
                plain=f"The {rank} already has a power above. Put all it does in one place.",
            )
        else:
            seen[rank] = i
        if ranks is not None and rank not in ranks:
            lo, hi = (f.pack.rank_label(x) for x in (ranks.start, ranks.stop - 1))
            kind = "card" if f.pack.ordinary else "number"
            r.error(
                ("rank_powers", i, "rank"),
                f"the deck has no {rank} (ranks {lo} to {hi}); expected a rank from {lo} to {hi}",
                plain=f"There is no {rank} in the deck. Pick a {kind} from {lo} to {hi}.",
            )


@check("effects_of_each_card")
def _effects_of_each_card(f: File, r: Report) -> None:
    """Each card's list of effects: each once, none contradicting another, at most one that
    needs a chosen player, and each effect's own checks (its unit's ``check``)."""
    holders: list[tuple[PathT, list[Eff], int | None, str]] = [
        (("karma_cards", i, "effects"), c.get("effects", []), None, "Karma card")
        for i, c in enumerate(f.cards)
    ]
    if f.jokers is not None:
        holders.append((("jokers", "effects"), f.jokers.get("effects", []), None, "joker"))
    for i, power in enumerate(f.view.get("rank_powers", [])):
        rank = rank_of(power.get("rank"), f.pack)
        if power.get("rank") is None or rank is not None:  # an unknown rank: fix that first
            holders.append((("rank_powers", i, "effects"), power.get("effects", []), rank, ""))
    for path, effects, rank, holder in holders:
        _effect_list(path, effects, rank, f, holder or "Karma card", r)


def _effect_list(
    path: PathT, effects: list[Eff], rank: int | None, f: File, holder: str, r: Report
) -> None:
    first: dict[str, int] = {}
    for e in effects:
        if e.name in first:
            r.error(
                (*path, e.index),
                f"the effect '{e.name}' is listed twice on this card; expected each effect once",
                plain=f"This card does “{MENU[e.name].title}” twice. Remove one.",
            )
        else:
            first[e.name] = e.index
    for a in first:
        for b, why in MENU[a].contradicts.items():
            if b in first:
                r.error(
                    (*path, max(first[a], first[b])),
                    f"'{a}' and '{b}' contradict each other: {why}; expected at most one of them",
                    plain=f"“{MENU[a].title}” and “{MENU[b].title}” do not go together. "
                    f"{why[:1].upper()}{why[1:]}. Keep one of them.",
                )
    targeted = [e for e in effects if needs_target(e.name, _clean(e))]
    if len({e.name for e in targeted}) > 1:
        one, two = targeted[0], next(e for e in targeted if e.name != targeted[0].name)
        r.error(
            (*path, two.index),
            f"'{two.name}' needs a chosen player, and so does '{one.name}', but a play names "
            "only one player (to); expected at most one effect that needs a chosen player",
            plain=f"“{MENU[two.name].title}” and “{MENU[one.name].title}” both need a "
            "player to be picked. A card picks only one. Keep one of them.",
        )
    names = [e.name for e in effects]
    for e in effects:
        at = (*path, e.index)

        def error(message: str, key: str | None, plain: str = "", at: PathT = at) -> None:
            r.error(at if key is None else (*at, key), message, plain=plain)

        def warn(message: str, key: str | None, plain: str = "", at: PathT = at) -> None:
            r.warn(at if key is None else (*at, key), message, plain)

        MENU[e.name].check(
            CardCheck(
                dict(e.params),
                names,
                rank,
                f.rank_set,
                error,
                warn,
                holder,
                pile_values=f.pile_values,
                rank_name=f.pack.rank_name,
            )
        )


def _clean(e: Eff) -> dict[str, Any]:
    return {k: v for k, v in e.params.items() if isinstance(k, str)}


@check("player_ranges")
def _player_ranges(f: File, r: Report) -> None:
    """Each deck count once, each range in order, no table size in two ranges, none left out
    between two ranges."""
    rows = f.view.get("players", [])
    decks_seen: dict[int, int] = {}
    for i, row in enumerate(rows):
        decks, lo, hi = row.get("decks"), row.get("min"), row.get("max")
        if decks is not None:
            if decks in decks_seen:
                r.error(
                    ("players", i, "decks"),
                    f"{_plural(decks, 'deck')} already has a range (players[{decks_seen[decks]}]); "
                    "expected each deck count once",
                    plain=f"Another row is for {_plural(decks, 'deck')} too. Use each "
                    "number of decks once.",
                )
            else:
                decks_seen[decks] = i
        if lo is not None and hi is not None and lo > hi:
            r.error(
                ("players", i, "max"),
                f"max {hi} is less than min {lo}; expected max at least {lo}",
                plain=f"“To” is less than “From”. Make it {lo} or more.",
            )
    for (i, _, lo, hi), over in _ranges(rows):
        if over is not None:
            j, _, olo, ohi = over
            r.error(
                ("players", i, "min"),
                f"{lo}-{hi} players overlaps players[{j}] ({olo}-{ohi}); "
                "expected each table size in one range only",
                plain=f"Another row is for {olo} to {ohi} players too. Use one row "
                "for each number of players.",
            )
    ordered = sorted(f.ranges, key=lambda s: s[2])
    for (_, _, _, hi), (j, _, lo, _) in zip(ordered, ordered[1:], strict=False):
        if lo > hi + 1:
            gap = f"{hi + 1}" if lo == hi + 2 else f"{hi + 1} to {lo - 1}"
            r.warn(
                ("players", j, "min"),
                f"no range allows {gap} players; expected ranges without gaps",
                f"No row says how to play with {gap} players. Close the gap between the rows.",
            )


@check("deal_gives_cards")
def _deal_gives_cards(f: File, r: Report) -> None:
    """A deal that gives each player something, and no draw before the first play."""
    hand, min_hand = f.view.get("deal", {}).get("hand"), f.view.get("min_hand")
    if f.per_player == 0:
        r.error(
            ("deal",),
            "the deal gives no cards; expected at least one card per player",
            plain="Deal at least one card to each player.",
        )
    if hand is not None and min_hand is not None and min_hand > hand:
        r.warn(
            ("min_hand",),
            f"players are dealt {_plural(hand, 'hand card')} but the minimum hand is "
            f"{min_hand}, so they draw before their first play; expected at most {hand}",
            f"Players get {_plural(hand, 'hand card')} but must keep {min_hand}, so they "
            f"draw before they play. Make it {hand} or less.",
        )


@check("deal_fits_the_deck")
def _deal_fits_the_deck(f: File, r: Report) -> None:
    """R2.2: the decks of each player range hold the deal of its largest table."""
    per, one_deck = f.per_player, f.one_deck
    if not per or one_deck is None:
        return
    for i, decks, _, hi in f.ranges:
        have = one_deck * decks
        if hi * per > have:
            has = "has" if decks == 1 else "have"
            r.error(
                ("players", i, "max"),
                f"{hi} players need {hi} x {per} = {hi * per} cards for the deal, but "
                f"{_plural(decks, 'deck')} {has} {have} (R2.2); "
                f"expected at most {have // per} players, a smaller deal or more decks",
                plain=f"{hi} players need {hi * per} cards for the deal, but "
                f"{_plural(decks, 'deck')} {has} only {have}. "
                f"Let at most {have // per} play, deal fewer cards, or add a deck.",
            )


@check("table_cards_unlocked")
def _table_cards_unlocked(f: File, r: Report) -> None:
    """Table cards wait until the draw pile is empty (R3.2, R3.3), so while it lasts a player
    needs hand cards: with none dealt, or none ever drawn, a player can be left with no step
    at all (an empty pile cannot be picked up, R6.3)."""
    per, one_deck = f.per_player, f.one_deck
    if not per or one_deck is None or not f.ranges:
        return
    left = [(one_deck * decks - lo * per, lo) for _, decks, lo, _ in f.ranges]
    cards, players = max(left)
    if cards <= 0:
        return
    where = f"{_plural(cards, 'card')} at {players} players"
    if f.view.get("min_hand") == 0:
        r.error(
            ("min_hand",),
            f"with min_hand 0 nobody ever draws, so the draw pile ({where}) never empties "
            "and table cards stay locked (R3.2); a player with an empty hand could have no "
            "step at all; expected min_hand 1 or more, or a deal that uses the whole deck",
            plain="With 0, nobody ever draws, so the table cards stay locked and a player "
            "could get stuck. Pick 1 or more, or deal the whole deck.",
        )
    if f.view.get("deal", {}).get("hand") == 0:
        r.error(
            ("deal", "hand"),
            f"the deal gives no hand cards, and table cards wait until the draw pile ({where}) "
            "is empty (R3.2), so the first player could not play; expected at least 1 hand "
            "card, or a deal that uses the whole deck",
            plain="With no hand cards, the first player could not play. Deal at least 1, "
            "or deal the whole deck.",
        )


@check("burn_reachable")
def _burn_reachable(f: File, r: Report) -> None:
    """R7.1: a burn some card's copies can reach (an error when none can even with the most
    decks, a warning for each player range that cannot); burn 1, a warning."""
    burn = f.view.get("burn")
    if burn is None:
        return
    if burn == 1:
        r.warn(
            ("burn",),
            "burn 1 burns the pile after every card; expected 2 or more",
            "With 1, the pile burns after every card. Pick 2 or more.",
        )
    per_deck = f.most_run_copies
    if not f.ranges or per_deck == 0:
        return
    max_decks = max(x[1] for x in f.ranges)
    if per_deck * max_decks < burn:
        most = _plural(max_decks, "deck")
        r.error(
            ("burn",),
            f"no card has {burn} copies, even with {most}, so the pile could never burn "
            f"(R7.1); expected burn at most {per_deck * max_decks}",
            plain=f"No card has {burn} copies, even with {most}, so the pile could never "
            f"burn. Pick {per_deck * max_decks} or less.",
        )
        return
    for i, decks, lo, hi in f.ranges:
        if per_deck * decks < burn:
            r.warn(
                ("players", i, "decks"),
                f"with {_plural(decks, 'deck')} no card has {burn} copies, so the pile never "
                f"burns at {lo}-{hi} players (R7.1); expected more decks or a lower burn",
                f"With {_plural(decks, 'deck')}, no card has {burn} copies, so the pile "
                f"never burns at {lo} to {hi} players. Pick a lower number, or more decks.",
                concerns=("burn",),
            )


@check("table_rules")
def _table_rules(f: File, r: Report) -> None:
    """Each table rule's own check (its unit's ``check``), at its field."""
    for name, value in f.view.get("table", {}).items():
        at: PathT = ("table", name)

        def error(message: str, plain: str, at: PathT = at) -> None:
            r.error(at, message, plain)

        def warn(message: str, plain: str, at: PathT = at) -> None:
            r.warn(at, message, plain)

        TABLE_RULES[name].check(TableCheck(value, f.view, error, warn))


def check_data(
    data: Any, node: yaml.Node | None = None, filename: str = "<variant>"
) -> tuple[list[Problem], list[Problem]]:
    """(errors, warnings) for parsed variant data: the schema and the named rules together."""
    problems = schema_problems(variant_schema(), data, node, filename)
    if isinstance(data, dict):
        file, report = File.of(data), Report(node, filename)
        for rule in CHECKS.values():
            rule(file, report)
        problems += report.problems
    problems.sort(key=lambda p: p.sort_key)
    errors = [p for p in problems if p.severity != WARNING]
    warnings = [p for p in problems if p.severity == WARNING]
    return errors, warnings


# --- building and dumping ----------------------------------------------------------------------


def variant_from_data(data: Any) -> Variant:
    """A Variant from plain data in the YAML shape; raises VariantError (unlocated) if invalid."""
    errors, _ = check_data(data, None, "<data>")
    if errors:
        raise VariantError(errors)
    return build(data)


def variant_to_data(v: Variant) -> dict[str, Any]:
    """Plain data in the YAML shape (what a variant file holds)."""
    return to_data(v)


def dump_variant(v: Variant, schema_ref: str = SCHEMA_REF) -> str:
    """YAML text of a variant, starting with the editor's schema line."""
    body = yaml.safe_dump(
        variant_to_data(v),
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=None,
        width=100,
    )
    return f"# yaml-language-server: $schema={schema_ref}\n{body}"


# --- loading -----------------------------------------------------------------------------------


def load_variant_text(text: str | bytes, filename: str = "<variant>") -> LoadResult:
    """Parse and check variant text; never raises for bad input."""
    try:
        data, node = parse_yaml(text, filename, max_nodes=MAX_NODES)
    except YamlError as e:
        return LoadResult(None, list(e.problems), [])
    errors, warnings = check_data(data, node, filename)
    if errors:
        return LoadResult(None, errors, warnings)
    return LoadResult(build(data), [], warnings)


def load_variant_file(path: str | Path) -> LoadResult:
    """Read and check a variant file; an unreadable file gives a problem of severity UNREADABLE."""
    p = Path(path)
    raw = read_limited(p, str(path))
    if isinstance(raw, Problem):
        return LoadResult(None, [raw], [])
    return load_variant_text(raw, str(path))
