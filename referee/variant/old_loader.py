"""Load variant files: YAML text -> checked :class:`Variant`, with every problem located at once.

Three layers report together, sorted by position: the safe YAML front-end
(``referee.yamlsafe``), the JSON Schema (``schemas/variant.schema.json``, built by
``referee.variant.schema_gen``) and the checks a schema cannot express (below, ``_Checker``).
The semantic checks read the raw data defensively, so they still run when the schema found
errors elsewhere in the file.

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
* each effect's own checks live in its unit (``referee/effects/<name>.py``, ``check``): e.g.
  next_range with min > max (an error), ``wild`` on a Karma card, ``value`` beside
  ``next_range``, a see-through rank that is not wild (warnings).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from referee.names import (
    clean_name,
    difference,
    lookalike_pairs,
    name_problem,
    quoted,
)
from referee.resources import VARIANT_SCHEMA
from referee.variant.menu import MENU, CardCheck, Traits, needs_target
from referee.variant.model import (
    ACE_HIGH,
    ACE_LOW,
    JOKER,
    ORDINARY,
    RANK_WORDS,
    Deal,
    Effect,
    KarmaCard,
    PlayerRange,
    RankPower,
    TableRules,
    Variant,
)
from referee.yamlsafe import (
    ERROR,
    MAX_BYTES,
    UNREADABLE,
    WARNING,
    PathT,
    Problem,
    YamlError,
    format_path,
    locate,
    parse_yaml,
    schema_problems,
)

SCHEMA_REF = VARIANT_SCHEMA
"""Where a written variant file's modeline points by default: the schema file beside it
(``karma schema --out``); the app's downloads point at the app itself (referee.resources)."""

ORDINARY_COPIES = 4
"""An ordinary pack has four of each rank (one a suit; the suits do not matter here)."""

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


# --- semantic checks ---------------------------------------------------------------------------


_SANE = 1_000_000  # far beyond every schema bound: larger numbers are the schema's to report


def _int(value: object) -> int | None:
    """An integer the semantic checks may compute with; out-of-bounds ones are left to the
    schema (a rank of -2**63 must not size a range or a loop)."""
    if isinstance(value, int) and not isinstance(value, bool) and -_SANE <= value <= _SANE:
        return value
    return None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


@dataclass
class _Eff:
    index: int
    name: str
    params: dict[str, Any]


def _effects(raw: object) -> list[_Eff]:
    """The well-formed effects of a list (the schema reports the others)."""
    out = []
    for i, item in enumerate(raw if isinstance(raw, list) else []):
        if isinstance(item, str) and item in MENU:
            out.append(_Eff(i, item, {}))
        elif isinstance(item, dict) and isinstance(item.get("effect"), str):
            name = item["effect"]
            params = {k: v for k, v in item.items() if k != "effect"}
            if name in MENU and _params_ok(name, params):
                out.append(_Eff(i, name, params))
    return out


def _counts(effects: list[_Eff], karma: bool) -> int | None | bool:
    """What a card with these effects counts as when it judges the pile (R5.2, R5.4): its
    ``value``, else 0 for a Karma card or a joker, else None (its rank); False when it never
    judges (a see-through card or a mirror counts as the card beneath it)."""
    t = Traits(wild=karma, value=0 if karma else None)
    for e in effects:
        if not _params_ok(e.name, e.params):
            raise ValueError(e.name)  # malformed (the schema says so): the values are unknown
        MENU[e.name].traits(e.params, t)
    return False if t.transparent else t.value


def _pile_values(
    rank_set: range | None,
    pack: Variant,
    powers: list[dict[str, Any]],
    specials: list[dict[str, Any]],
) -> frozenset[int] | None:
    """The values the pile may count with one of the deck's cards judging it, for the checks
    of a limit that reads the pile (``only_on``): None when the ranks are not known."""
    if rank_set is None:
        return None
    try:
        return _values(rank_set, pack, powers, specials)
    except ValueError:
        return None


def _values(
    rank_set: range,
    pack: Variant,
    powers: list[dict[str, Any]],
    specials: list[dict[str, Any]],
) -> frozenset[int]:
    power = {_rank(p.get("rank"), pack): _effects(p.get("effects")) for p in powers}
    values: set[int] = set()
    for rank in rank_set:
        counts = _counts(power.get(rank, []), karma=False)
        if counts is not False:
            values.add(rank if counts is None else counts)
    for card in specials:
        if _int(card.get("copies")) != 0:
            counts = _counts(_effects(card.get("effects")), karma=True)
            if counts is not False and counts is not None:
                values.add(counts)
    return frozenset(values)


def _params_ok(name: str, params: dict[Any, Any]) -> bool:
    """Parameters the schema accepts; the semantic checks leave the others to the schema."""
    specs = {p.name: p for p in MENU[name].params}
    if any(p.required and p.name not in params for p in specs.values()):
        return False
    for key, value in params.items():
        spec = specs.get(key)
        if spec is None:
            return False
        if spec.type == "integer":
            n = _int(value)
            if n is None or (spec.minimum is not None and n < spec.minimum):
                return False
            if spec.maximum is not None and n > spec.maximum:
                return False
        elif not isinstance(value, str) or (spec.choices and value not in spec.choices):
            return False
    return True


class _Checker:
    """Collects located semantic problems for one variant's raw data."""

    def __init__(self, data: Any, node: yaml.Node | None, filename: str) -> None:
        self.data = data
        self.node = node
        self.filename = filename
        self.problems: list[Problem] = []
        self.pack = Variant("", "")  # how ranks are named (an ordinary pack says Q): see run
        self.pile_values: frozenset[int] | None = None  # what the pile may count: see run

    def report(
        self,
        path: PathT,
        message: str,
        severity: str = ERROR,
        plain: str = "",
        concerns: PathT | None = None,
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
        self.report(path, message, WARNING, plain, concerns)

    # The whole check; each part tolerates malformed pieces the schema already reported.
    def run(self) -> list[Problem]:
        d = self.data
        if not isinstance(d, dict):
            return self.problems
        ranks = _dict(d.get("ranks"))
        self.pack = _pack_of(ranks)
        low: int | None
        high: int | None
        copies: int | None
        if self.pack.ordinary:
            low, high, copies = self.pack.ranks_low, self.pack.ranks_high, self.pack.copies
        else:
            low, high, copies = (_int(ranks.get(k)) for k in ("low", "high", "copies"))
        if low is not None and high is not None and high < low:
            self.report(
                ("ranks", "high"),
                f"the highest rank {high} is below the lowest rank {low}; "
                f"expected high at least {low}",
                plain=f"The top number is less than the bottom one. Make it {low} or more.",
            )
            high = None
        rank_set = range(low, high + 1) if low is not None and high is not None else None
        cards = [_dict(c) for c in _list(d.get("karma_cards"))]
        jokers = _dict(d.get("jokers")) if "jokers" in d else None
        powers = [_dict(p) for p in _list(d.get("rank_powers"))]
        specials = [*cards, *([jokers] if jokers else [])]
        self.pile_values = _pile_values(rank_set, self.pack, powers, specials)
        self.check_names(d, cards)
        self.check_karma_cards(cards, rank_set)
        self.check_jokers(jokers, cards, rank_set)
        self.check_face_ids(cards)
        self.check_rank_powers(_list(d.get("rank_powers")), rank_set)
        ranges = self.check_players(_list(d.get("players")))
        specials = [*cards, *([jokers] if jokers is not None else [])]
        self.check_deal_and_deck(d, ranges, rank_set, copies, specials)
        return self.problems

    def check_jokers(
        self, jokers: dict[str, Any] | None, cards: list[dict[str, Any]], rank_set: range | None
    ) -> None:
        """The jokers of an ordinary pack (docs/rulings.md, "An ordinary pack"): only there, with
        an id of their own, and their effects checked like a Karma card's (they have no
        number)."""
        if jokers is None:
            return
        if not self.pack.ordinary:
            self.report(
                ("jokers",),
                "jokers belong to an ordinary pack, and this deck has number cards; expected "
                "ranks: {pack: ordinary}, or a Karma card instead of the jokers",
                plain="Jokers come with an ordinary pack. Pick that pack, or make a "
                "Karma card instead.",
            )
        for i, card in enumerate(cards):
            if card.get("id") == JOKER:
                self.report(
                    ("karma_cards", i, "id"),
                    f"the id '{JOKER}' names the jokers of this pack; expected another card id",
                    plain="The jokers are called “joker” in game records. Give this card "
                    "another name.",
                )
        if _int(jokers.get("copies")) == 0:
            self.warn(
                ("jokers", "copies"),
                "0 jokers: there are none in the deck; expected at least 1 (or no jokers)",
                plain="There are no jokers in the pack.",
            )
        self.check_effects(("jokers", "effects"), jokers.get("effects"), None, rank_set, "joker")

    def check_face_ids(self, cards: list[dict[str, Any]]) -> None:
        """In an ordinary pack, a Karma card id that reads like a face (``queen``, ``a``): a
        record's ``queen`` is then that card and its ``Q`` the Queen - legal, but a trap."""
        if not self.pack.ordinary:
            return
        faces = {w.casefold(): r for r, names in self.pack.faces().items() for w in names}
        for i, card in enumerate(cards):
            rank = faces.get(str(card.get("id", "")))
            if rank is not None:
                self.warn(
                    ("karma_cards", i, "id"),
                    f"the id '{card['id']}' reads like the {self.pack.rank_name(rank)} of this "
                    "pack, which a record may write the same way; expected another card id",
                    plain=f"This card's short name looks like the {self.pack.rank_name(rank)}. "
                    "Give the card another name.",
                )

    def check_names(self, d: dict[str, Any], cards: list[dict[str, Any]]) -> None:
        """Names people read (rulings 60-62): no control or direction characters, something
        visible (errors); two cards whose names look the same (a warning, as for the very same
        name: the referee tells them apart by id, the table may not)."""
        named: list[tuple[PathT, str]] = (
            [(("name",), d["name"])] if isinstance(d.get("name"), str) else []
        )
        named += [
            (("karma_cards", i, "name"), c["name"])
            for i, c in enumerate(cards)
            if isinstance(c.get("name"), str)
        ]
        for path, name in named:
            problem = name_problem(clean_name(name)) if name else None  # "": the schema says
            if problem is not None:
                self.report(
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
            self.warn(
                path,
                f"the name {shown} {how}; expected a different name for each card",
                plain + " Give each card a name of its own, so that players can tell them apart.",
            )

    def check_karma_cards(self, cards: list[dict[str, Any]], rank_set: range | None) -> None:
        ids: dict[str, int] = {}
        for i, card in enumerate(cards):
            cid = card.get("id")
            if isinstance(cid, str):
                if cid in ids:
                    self.report(
                        ("karma_cards", i, "id"),
                        f"the id '{cid}' is already used by karma_cards[{ids[cid]}]; "
                        "expected each card id once",
                        plain=f"Another card already has the name {cid} in game records. "
                        "Each card needs its own.",
                    )
                else:
                    ids[cid] = i
            if _int(card.get("copies")) == 0:
                self.warn(
                    ("karma_cards", i, "copies"),
                    "0 copies: this card is not in the deck; expected at least 1 "
                    "(or remove the card)",
                    "With 0 copies this card is not in the deck. Give it 1 or more, or remove it.",
                )
            self.check_effects(("karma_cards", i, "effects"), card.get("effects"), None, rank_set)

    def check_rank_powers(self, powers: list[Any], rank_set: range | None) -> None:
        seen: dict[int, int] = {}
        for i, power in enumerate(powers):
            if not isinstance(power, dict):
                continue
            raw = power.get("rank")
            rank = _rank(raw, self.pack)
            if raw in RANK_WORDS and rank is None:
                # (any other text: the schema names the labels a rank may be)
                self.report(
                    ("rank_powers", i, "rank"),
                    f"{quoted(raw, chr(39))} names a card of an ordinary pack, and this deck "
                    "has number cards; expected a number",
                    plain=f"{raw} is a card of an ordinary pack. Pick a number.",
                )
            if raw is not None and rank is None:
                continue  # whose effects these are is unknown: the rank is the problem to fix
            if rank is not None:
                if rank in seen:
                    self.report(
                        ("rank_powers", i, "rank"),
                        f"rank {rank} already has powers (rank_powers[{seen[rank]}]); "
                        "expected each rank once, with all its effects in one list",
                        plain=f"The {rank} already has a power above. Put all it does in one "
                        "place.",
                    )
                else:
                    seen[rank] = i
                if rank_set is not None and rank not in rank_set:
                    lo, hi = (self.pack.rank_label(r) for r in (rank_set.start, rank_set.stop - 1))
                    self.report(
                        ("rank_powers", i, "rank"),
                        f"the deck has no {rank} (ranks {lo} to {hi}); "
                        f"expected a rank from {lo} to {hi}",
                        plain=f"There is no {rank} in the deck. Pick a card from {lo} to {hi}."
                        if self.pack.ordinary
                        else f"There is no {rank} in the deck. Pick a number from {lo} to {hi}.",
                    )
            self.check_effects(("rank_powers", i, "effects"), power.get("effects"), rank, rank_set)

    def check_effects(
        self,
        path: PathT,
        raw: object,
        rank: int | None,
        rank_set: range | None,
        holder: str = "Karma card",
    ) -> None:
        """Checks on one card's effect list; ``rank`` is None for a Karma card or the jokers
        (``holder`` says which, for the units' words)."""
        effects = _effects(raw)
        names = [e.name for e in effects]
        first: dict[str, int] = {}
        for e in effects:
            if e.name in first:
                self.report(
                    (*path, e.index),
                    f"the effect '{e.name}' is listed twice on this card; expected each effect once",
                    plain=f"This card does “{MENU[e.name].title}” twice. Remove one.",
                )
            else:
                first[e.name] = e.index
        for a in first:
            for b, why in MENU[a].contradicts.items():
                if b in first:
                    self.report(
                        (*path, max(first[a], first[b])),
                        f"'{a}' and '{b}' contradict each other: {why}; expected at most one of them",
                        plain=f"“{MENU[a].title}” and “{MENU[b].title}” do not go together. "
                        f"{why[:1].upper()}{why[1:]}. Keep one of them.",
                    )
        targeted = [e for e in effects if needs_target(e.name, _clean(e))]
        if len({e.name for e in targeted}) > 1:
            one, two = targeted[0], next(e for e in targeted if e.name != targeted[0].name)
            self.report(
                (*path, two.index),
                f"'{two.name}' needs a chosen player, and so does '{one.name}', but a play names "
                "only one player (to); expected at most one effect that needs a chosen player",
                plain=f"“{MENU[two.name].title}” and “{MENU[one.name].title}” both need a "
                "player to be picked. A card picks only one. Keep one of them.",
            )
        for e in effects:
            self.check_effect(path, e, names, rank, rank_set, holder)

    def check_effect(
        self,
        path: PathT,
        e: _Eff,
        names: list[str],
        rank: int | None,
        rank_set: range | None,
        holder: str = "Karma card",
    ) -> None:
        """The effect's own checks (its unit in ``referee/effects/``), located at the effect."""
        at = (*path, e.index)

        def error(message: str, key: str | None, plain: str = "") -> None:
            self.report(at if key is None else (*at, key), message, plain=plain)

        def warn(message: str, key: str | None, plain: str = "") -> None:
            self.warn(at if key is None else (*at, key), message, plain)

        MENU[e.name].check(
            CardCheck(
                dict(e.params),
                names,
                rank,
                rank_set,
                error,
                warn,
                holder=holder,
                pile_values=self.pile_values,
                rank_name=self.pack.rank_name,
            )
        )

    def check_players(self, raw: list[Any]) -> list[tuple[int, int, int, int]]:
        """Player-range checks; returns the sound ranges as (index, decks, min, max)."""
        sound: list[tuple[int, int, int, int]] = []
        decks_seen: dict[int, int] = {}
        for i, r in enumerate(raw):
            if not isinstance(r, dict):
                continue
            decks, lo, hi = _int(r.get("decks")), _int(r.get("min")), _int(r.get("max"))
            if decks is not None:
                if decks in decks_seen:
                    self.report(
                        ("players", i, "decks"),
                        f"{_plural(decks, 'deck')} already has a range (players[{decks_seen[decks]}]); "
                        "expected each deck count once",
                        plain=f"Another row is for {_plural(decks, 'deck')} too. Use each "
                        "number of decks once.",
                    )
                else:
                    decks_seen[decks] = i
            if lo is None or hi is None:
                continue
            if lo > hi:
                self.report(
                    ("players", i, "max"),
                    f"max {hi} is less than min {lo}; expected max at least {lo}",
                    plain=f"“To” is less than “From”. Make it {lo} or more.",
                )
                continue
            for j, _, olo, ohi in sound:
                if lo <= ohi and olo <= hi:
                    self.report(
                        ("players", i, "min"),
                        f"{lo}-{hi} players overlaps players[{j}] ({olo}-{ohi}); "
                        "expected each table size in one range only",
                        plain=f"Another row is for {olo} to {ohi} players too. Use one row "
                        "for each number of players.",
                    )
                    break
            else:
                if decks is not None:
                    sound.append((i, decks, lo, hi))
        ordered = sorted(sound, key=lambda s: s[2])
        for (_, _, _, hi), (j, _, lo, _) in zip(ordered, ordered[1:], strict=False):
            if lo > hi + 1:
                gap = f"{hi + 1}" if lo == hi + 2 else f"{hi + 1} to {lo - 1}"
                self.warn(
                    ("players", j, "min"),
                    f"no range allows {gap} players; expected ranges without gaps",
                    f"No row says how to play with {gap} players. Close the gap between the rows.",
                )
        return sound

    def check_deal_and_deck(
        self,
        d: dict[str, Any],
        ranges: list[tuple[int, int, int, int]],
        rank_set: range | None,
        copies: int | None,
        cards: list[dict[str, Any]],
    ) -> None:
        """The deal against the deck (R2.2, R3.2) and the burn against the copies (R7.1): the
        checks that need the whole file, each skipped where a part is malformed."""
        deal = _dict(d.get("deal"))
        parts = [_int(deal.get(k)) for k in ("face_down", "face_up", "hand")]
        per = sum(p for p in parts if p is not None) if None not in parts else None
        hand, min_hand = parts[2], _int(d.get("min_hand"))
        self.check_deal(per, hand, min_hand)
        one_deck = _one_deck(rank_set, copies, cards)
        if per and one_deck is not None:
            self.check_deal_fits(per, one_deck, ranges)
            if ranges:
                self.check_draw_pile_locks(per, one_deck, ranges, hand, min_hand)
        burn = _int(d.get("burn"))
        if burn is not None:
            self.check_burn(burn, ranges, copies, cards)

    def check_deal(self, per: int | None, hand: int | None, min_hand: int | None) -> None:
        """A deal that gives each player something, and no draw before the first play."""
        if per == 0:
            self.report(
                ("deal",),
                "the deal gives no cards; expected at least one card per player",
                plain="Deal at least one card to each player.",
            )
        if hand is not None and min_hand is not None and min_hand > hand:
            self.warn(
                ("min_hand",),
                f"players are dealt {_plural(hand, 'hand card')} but the minimum hand is "
                f"{min_hand}, so they draw before their first play; expected at most {hand}",
                f"Players get {_plural(hand, 'hand card')} but must keep {min_hand}, so they "
                f"draw before they play. Make it {hand} or less.",
            )

    def check_deal_fits(
        self, per: int, one_deck: int, ranges: list[tuple[int, int, int, int]]
    ) -> None:
        """R2.2: the decks of each player range hold the deal of its largest table."""
        for i, decks, _, hi in ranges:
            have = one_deck * decks
            if hi * per > have:
                self.report(
                    ("players", i, "max"),
                    f"{hi} players need {hi} x {per} = {hi * per} cards for the deal, but "
                    f"{_plural(decks, 'deck')} {'has' if decks == 1 else 'have'} {have} (R2.2); "
                    f"expected at most {have // per} players, a smaller deal or more decks",
                    plain=f"{hi} players need {hi * per} cards for the deal, but "
                    f"{_plural(decks, 'deck')} {'has' if decks == 1 else 'have'} only {have}. "
                    f"Let at most {have // per} play, deal fewer cards, or add a deck.",
                )

    def check_burn(
        self,
        burn: int,
        ranges: list[tuple[int, int, int, int]],
        copies: int | None,
        cards: list[dict[str, Any]],
    ) -> None:
        """R7.1: a burn some card's copies can reach (an error when none can even with the most
        decks, a warning for each player range that cannot); burn 1, a warning."""
        if burn == 1:
            self.warn(
                ("burn",),
                "burn 1 burns the pile after every card; expected 2 or more",
                "With 1, the pile burns after every card. Pick 2 or more.",
            )
        per_deck = _most_run_copies(copies, cards)
        if not ranges or per_deck == 0:
            return
        max_decks = max(r[1] for r in ranges)
        if per_deck * max_decks < burn:
            self.report(
                ("burn",),
                f"no card has {burn} copies, even with {_plural(max_decks, 'deck')}, so the pile "
                f"could never burn (R7.1); expected burn at most {per_deck * max_decks}",
                plain=f"No card has {burn} copies, even with {_plural(max_decks, 'deck')}, so "
                f"the pile could never burn. Pick {per_deck * max_decks} or less.",
            )
            return
        for i, decks, lo, hi in ranges:
            if per_deck * decks < burn:
                self.warn(
                    ("players", i, "decks"),
                    f"with {_plural(decks, 'deck')} no card has {burn} copies, so the pile never "
                    f"burns at {lo}-{hi} players (R7.1); expected more decks or a lower burn",
                    f"With {_plural(decks, 'deck')}, no card has {burn} copies, so the pile "
                    f"never burns at {lo} to {hi} players. Pick a lower number, or more decks.",
                    concerns=("burn",),
                )

    def check_draw_pile_locks(
        self,
        per: int,
        one_deck: int,
        ranges: list[tuple[int, int, int, int]],
        hand: int | None,
        min_hand: int | None,
    ) -> None:
        """Table cards wait until the draw pile is empty (R3.2, R3.3), so while it lasts a
        player needs hand cards: with none dealt, or none ever drawn, a player can be left with
        no step at all (an empty pile cannot be picked up, R6.3)."""
        left = [(one_deck * decks - lo * per, lo) for _, decks, lo, _ in ranges]
        cards, players = max(left)
        if cards <= 0:
            return
        where = f"{_plural(cards, 'card')} at {players} players"
        if min_hand == 0:
            self.report(
                ("min_hand",),
                f"with min_hand 0 nobody ever draws, so the draw pile ({where}) never empties "
                "and table cards stay locked (R3.2); a player with an empty hand could have no "
                "step at all; expected min_hand 1 or more, or a deal that uses the whole deck",
                plain="With 0, nobody ever draws, so the table cards stay locked and a player "
                "could get stuck. Pick 1 or more, or deal the whole deck.",
            )
        if hand == 0:
            self.report(
                ("deal", "hand"),
                f"the deal gives no hand cards, and table cards wait until the draw pile ({where}) "
                "is empty (R3.2), so the first player could not play; expected at least 1 hand "
                "card, or a deal that uses the whole deck",
                plain="With no hand cards, the first player could not play. Deal at least 1, "
                "or deal the whole deck.",
            )


def _pack_of(ranks: dict[Any, Any]) -> Variant:
    """The deck's naming of ranks, read defensively from the raw ``ranks`` (an ordinary pack
    when it says so): a bare Variant, so that the checks name a Queen as the referee does."""
    if ranks.get("pack") == ORDINARY:
        ace = "low" if ranks.get("ace") == "low" else "high"
        low, high = (ACE_LOW, 13) if ace == "low" else (2, ACE_HIGH)
        return Variant("", "", low, high, ORDINARY_COPIES, pack=ORDINARY, ace=ace)
    return Variant("", "")


def _rank(value: object, pack: Variant) -> int | None:
    """A rank power's ``rank``: a number, or in an ordinary pack a label or name (``Q``)."""
    if isinstance(value, str):
        card = pack.parse_card(value) if pack.ordinary and not value.isdigit() else None
        return card if isinstance(card, int) else None
    return _int(value)


def _one_deck(
    rank_set: range | None, copies: int | None, cards: list[dict[str, Any]]
) -> int | None:
    """The cards in one deck (every rank's copies and every Karma card's), or None when the
    ranks or a count are malformed (already reported)."""
    card_copies = [_int(c.get("copies")) for c in cards]
    if rank_set is not None and copies is not None and None not in card_copies:
        return len(rank_set) * copies + sum(c or 0 for c in card_copies)
    return None


def _most_run_copies(copies: int | None, cards: list[dict[str, Any]]) -> int:
    """The most copies one card has in one deck, among cards that count for runs (R7.1): a
    card that leaves the game never lies in a run."""
    most = [copies or 0]
    for c in cards:
        n = _int(c.get("copies"))
        if n and not any(MENU[e.name].leaves_game for e in _effects(c.get("effects"))):
            most.append(n)
    return max(most)


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: object) -> dict[Any, Any]:
    return value if isinstance(value, dict) else {}


def _clean(e: _Eff) -> dict[str, Any]:
    return {k: v for k, v in e.params.items() if isinstance(k, str)}


def check_data(
    data: Any, node: yaml.Node | None = None, filename: str = "<variant>"
) -> tuple[list[Problem], list[Problem]]:
    """(errors, warnings) for parsed variant data: schema and semantic checks together."""
    # Imported here so that `python -m referee.variant.schema_gen` runs without a warning.
    from referee.variant.schema_gen import variant_schema

    problems = schema_problems(variant_schema(), data, node, filename)
    problems += _Checker(data, node, filename).run()
    problems.sort(key=lambda p: p.sort_key)
    errors = [p for p in problems if p.severity != WARNING]
    warnings = [p for p in problems if p.severity == WARNING]
    return errors, warnings


# --- building and dumping ----------------------------------------------------------------------


def _effect_from_data(raw: str | Mapping[str, Any]) -> Effect:
    if isinstance(raw, str):
        return MENU[raw].effect()
    return MENU[raw["effect"]].effect({k: v for k, v in raw.items() if k != "effect"})


def _build(d: Mapping[str, Any]) -> Variant:
    ranks, deal = d["ranks"], d["deal"]
    pack = _pack_of(ranks)
    if pack.ordinary:
        ranks = {"low": pack.ranks_low, "high": pack.ranks_high, "copies": pack.copies}
    jokers = d.get("jokers")
    return Variant(
        id=d["id"],
        name=d["name"],
        description=d.get("description", ""),
        author=d.get("author", ""),
        players=tuple(PlayerRange(r["decks"], r["min"], r["max"]) for r in d["players"]),
        ranks_low=ranks["low"],
        ranks_high=ranks["high"],
        copies=ranks["copies"],
        karma_cards=tuple(
            KarmaCard(
                id=c["id"],
                name=c["name"],
                copies=c["copies"],
                text=c.get("text", ""),
                effects=tuple(_effect_from_data(e) for e in c["effects"]),
                rule=c.get("rule", ""),
            )
            for c in d.get("karma_cards", [])
        ),
        rank_powers=tuple(
            RankPower(
                rank=_checked(_rank(p["rank"], pack)),
                effects=tuple(_effect_from_data(e) for e in p["effects"]),
                text=p.get("text", ""),
            )
            for p in d.get("rank_powers", [])
        ),
        deal=Deal(deal["face_down"], deal["face_up"], deal["hand"]),
        min_hand=d["min_hand"],
        burn=d["burn"],
        pack=pack.pack,
        ace=pack.ace,
        jokers=KarmaCard(
            id=JOKER,
            name="Joker",
            copies=jokers["copies"],
            text=jokers.get("text", ""),
            effects=tuple(_effect_from_data(e) for e in jokers.get("effects", [])),
            rule=jokers.get("rule", ""),
            joker=True,
        )
        if jokers
        else None,
        table=TableRules(**d.get("table", {})),
    )


def _checked(rank: int | None) -> int:
    """A rank the checks have passed (so it is there)."""
    assert rank is not None
    return rank


def variant_from_data(data: Any) -> Variant:
    """A Variant from plain data in the YAML shape; raises VariantError (unlocated) if invalid."""
    errors, _ = check_data(data, None, "<data>")
    if errors:
        raise VariantError(errors)
    return _build(data)


def effect_to_data(effect: Effect) -> str | dict[str, Any]:
    """The YAML form of an effect: a bare name without parameters, else a mapping."""
    if not effect.params:
        return effect.name
    order = [p.name for p in MENU[effect.name].params]
    params = sorted(
        effect.params.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99
    )
    return {"effect": effect.name, **dict(params)}


def variant_to_data(v: Variant) -> dict[str, Any]:
    """Plain data in the YAML shape (what a variant file holds)."""
    out: dict[str, Any] = {"id": v.id, "name": v.name}
    if v.description:
        out["description"] = v.description
    if v.author:
        out["author"] = v.author
    out["players"] = [{"decks": r.decks, "min": r.min, "max": r.max} for r in v.players]
    if v.ordinary:
        out["ranks"] = {"pack": ORDINARY, "ace": v.ace}
    else:
        out["ranks"] = {"low": v.ranks_low, "high": v.ranks_high, "copies": v.copies}
    cards = []
    for c in v.karma_cards:
        card: dict[str, Any] = {"id": c.id, "name": c.name, "copies": c.copies}
        if c.text:
            card["text"] = c.text
        if c.rule:
            card["rule"] = c.rule
        card["effects"] = [effect_to_data(e) for e in c.effects]
        cards.append(card)
    out["karma_cards"] = cards
    if v.jokers is not None:
        j = v.jokers
        jokers: dict[str, Any] = {"copies": j.copies}
        if j.text:
            jokers["text"] = j.text
        if j.rule:
            jokers["rule"] = j.rule
        jokers["effects"] = [effect_to_data(e) for e in j.effects]
        out["jokers"] = jokers
    if v.rank_powers:
        powers = []
        for p in v.rank_powers:
            power: dict[str, Any] = {"rank": p.rank}
            if p.text:
                power["text"] = p.text
            power["effects"] = [effect_to_data(e) for e in p.effects]
            powers.append(power)
        out["rank_powers"] = powers
    out["deal"] = {"face_down": v.deal.face_down, "face_up": v.deal.face_up, "hand": v.deal.hand}
    out["min_hand"] = v.min_hand
    out["burn"] = v.burn
    if v.table.any:
        out["table"] = {
            k: val for k, val in vars(v.table).items() if getattr(TableRules(), k) != val
        }
    return out


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
    return LoadResult(_build(data), [], warnings)


def read_limited(path: Path, filename: str, max_bytes: int = MAX_BYTES) -> bytes | Problem:
    """At most ``max_bytes + 1`` bytes of a *regular* file.

    Opened without blocking and checked with ``fstat`` before reading, so a FIFO, ``/dev/stdin``
    or a device never hangs or floods us; the content is never echoed in a problem.
    """

    def unreadable(why: str) -> Problem:
        return Problem(filename, 0, 0, "", why, UNREADABLE)

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        return unreadable("no such file; expected a path to an existing file")
    except IsADirectoryError:
        return unreadable("this is a folder; expected a file")
    except PermissionError:
        return unreadable("permission denied; expected a file you may read")
    except OSError as e:
        return unreadable(f"cannot read the file ({e.strerror or e}); expected a readable file")
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            return unreadable("this is a folder; expected a file")
        if not stat.S_ISREG(info.st_mode):
            return unreadable("this is not a regular file (a pipe or a device); expected a file")
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, max_bytes + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as e:
        return unreadable(f"cannot read the file ({e.strerror or e}); expected a readable file")
    finally:
        os.close(fd)


def load_variant_file(path: str | Path) -> LoadResult:
    """Read and check a variant file; an unreadable file gives a problem of severity UNREADABLE."""
    p = Path(path)
    raw = read_limited(p, str(path))
    if isinstance(raw, Problem):
        return LoadResult(None, [raw], [])
    return load_variant_text(raw, str(path))
