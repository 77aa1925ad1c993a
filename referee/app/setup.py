"""Setting a game up and putting a slip right, without Streamlit: recent tables, the rematch's
seating, player names as typed, and fixing a wrong entry (a face-up card, the seating, a name)
in a game under way.

Legality stays with the engine: a fix is taken only if the game's recorded steps all replay
under it (``Advice.explain``), and the stored game is written with the same version check as a
step, so two tablets never overwrite each other.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.engine import Game, SetupError, Told
from referee.records import start_game, told_from_data
from referee.store import Store
from referee.tablerules import active
from referee.variant.model import Card, Variant
from referee.words import names as name_rules

from . import table as tables
from .common import VariantSource

NAME_MAX = 30
RECENT_SCAN = 40  # recent games looked at for recent tables


# --- names -----------------------------------------------------------------------------------


class NameProblem(ValueError):
    """A player name the table cannot use; the message says which and why, in plain words."""


def clean_name(text: str) -> str:
    """A typed name as the game keeps it: NFC, inner runs of spaces made one, trimmed."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def check_players(names: Sequence[str]) -> list[str]:
    """The names as the game keeps them, or NameProblem naming the two names that clash."""
    out = [clean_name(n) for n in names]
    for n in out:
        if not n:
            raise NameProblem("A player needs a name.")
        if len(n) > NAME_MAX:
            raise NameProblem(f"“{n}” is too long: at most {NAME_MAX} letters.")
    # No control or direction characters, and no two names that look the same (invisible
    # characters, confusable letters and case aside): rulings 60-61, as records are checked.
    check = name_rules.check_players(out)
    if not check.ok:
        p = check.problems[0]
        if p.other is None:
            raise NameProblem(
                f"The name {name_rules.quoted(out[p.index])} cannot be used: {p.reason}."
            )
        first, later = name_rules.quoted(out[p.other]), name_rules.quoted(out[p.index])
        raise NameProblem(f"{first} and {later} read the same ({p.reason}): give one another name.")
    return out


def moved_earlier(seats: Sequence[str], i: int) -> list[str]:
    """The seating with the player in seat ``i`` moved one seat earlier (New game and Fix)."""
    out = list(seats)
    if 0 < i < len(out):
        out[i - 1], out[i] = out[i], out[i - 1]
    return out


# --- recent tables and the rematch -------------------------------------------------------------


@dataclass(frozen=True)
class RecentTable:
    """Players who sat down together lately, and the variant they last played."""

    players: tuple[str, ...]
    variant_id: str

    @property
    def label(self) -> str:
        return ", ".join(self.players)


def recent_tables(store: Store, limit: int = 4) -> list[RecentTable]:
    """The last few distinct groups of players, newest first."""
    seen: set[frozenset[str]] = set()
    out: list[RecentTable] = []
    for g in store.list_games(limit=RECENT_SCAN):
        if g.damaged or len(g.players) < 2:
            continue
        key = frozenset(g.players)
        if key in seen:
            continue
        seen.add(key)
        out.append(RecentTable(tuple(g.players), g.variant_id))
        if len(out) == limit:
            break
    return out


def source_for(sources: Sequence[VariantSource], variant_id: str) -> VariantSource | None:
    """The variant a recent table played: built in first, then the library."""
    for s in sources:
        if s.id == variant_id:
            return s
    return None


def rematch_seating(game: Game) -> list[str]:
    """The players of a finished game, seated for the next one (ruling 80): everybody stays in
    the seat they now sit in (seat trades included), the loser deals, so the player on the
    loser's left (the next seat clockwise) starts (R2.3)."""
    names = list(game.state.names)
    loser = game.loser
    if loser is None or loser not in names:
        return names[1:] + names[:1]  # no loser: the deal passes one seat to the left
    i = (names.index(loser) + 1) % len(names)
    return names[i:] + names[:i]


def told_at_setup(variant: Variant) -> bool:
    """Whether the table tells something of its set-up for this variant (a card turned up to
    start the pile, ruling 156; the cards thrown in, ruling 159): then a game starts from the
    New game page, which asks it."""
    return any(u.told for u in active(variant))


def rematch_words(variant: Variant) -> str:
    """What a rematch of a variant whose set-up the table tells says on the New game page."""
    steps = [s for u in active(variant) if (s := u.told_step(variant))]
    step = ", ".join(steps) or "say how the cards were set out"
    return f"Rematch: deal, {step}, then start the game."


def rematch(store: Store, tbl: tables.Table) -> str:
    """A new game: the same players (seated as :func:`rematch_seating`) and the same variant."""
    players = rematch_seating(tbl.game)
    row = store.load_game(tbl.gid)
    return tables.new_game(
        store,
        variant_id=tbl.variant_id,
        variant_yaml=row.variant,
        builtin=tbl.builtin,
        players=players,
        face_up=None,
        name=f"{tbl.variant.name}: {', '.join(players)}",
    )


# --- putting a slip right --------------------------------------------------------------------


@dataclass(frozen=True)
class SetupFix:
    """A corrected setup: the players in their seats (by their names before the fix), their
    names after it, and each player's face-up cards as dealt (by names before the fix)."""

    seats: tuple[str, ...]
    names: Mapping[str, str] = field(default_factory=dict)
    face_up: Mapping[str, tuple[Card, ...]] | None = None  # None: as they are


class FixProblem(ValueError):
    """A fix the game cannot take; the message says why in plain words."""


def _renamed_step(d: Mapping[str, object], names: Mapping[str, str]) -> dict[str, object]:
    out = dict(d)
    for key in ("by", "to"):
        who = out.get(key)
        if isinstance(who, str) and who in names:
            out[key] = names[who]
    return out


def _renamed_start(start: Mapping[str, object] | None, names: Mapping[str, str]) -> object:
    if start is None:
        return None
    out = dict(start)
    for key in ("turn", "top_played_by"):
        who = out.get(key)
        if isinstance(who, str):
            out[key] = names.get(who, who)
    for key in ("hand", "face_up", "face_down", "face_up_unknown"):
        zone = out.get(key)
        if isinstance(zone, dict):
            out[key] = {names.get(k, k): v for k, v in zone.items()}
    return out


def _renamed_told(told: Mapping[str, Any] | None, names: Mapping[str, str]) -> Any:
    """What the table told at set-up, its players renamed (the cards each threw in)."""
    if not told:
        return None
    out = dict(told)
    if isinstance(out.get("thrown"), dict):
        out["thrown"] = {names.get(k, k): v for k, v in out["thrown"].items()}
    return out


def fix_setup(store: Store, tbl: tables.Table, fix: SetupFix) -> tables.Table:
    """Apply ``fix`` to the stored game if every recorded step still replays under it.

    Returns the game as now stored; raises FixProblem (nothing written) when the fix does not
    fit the steps already recorded, or :class:`referee.store.Conflict` when another tablet
    changed the game first.
    """
    row = store.load_game(tbl.gid)
    old = list(row.players)
    if sorted(fix.seats) != sorted(old):
        raise FixProblem("Every player keeps a seat: nobody can be added or left out here.")
    names = {o: fix.names.get(o, o) for o in old}
    try:
        new_names = check_players([names[o] for o in fix.seats])
    except NameProblem as e:
        raise FixProblem(str(e)) from None
    names = dict(zip(fix.seats, new_names, strict=True))
    if row.start is not None and list(fix.seats) != old:
        raise FixProblem("This game began from a position: its seats cannot be changed here.")
    face_up = (
        dict(row.face_up)
        if fix.face_up is None
        else {k: list(v) for k, v in fix.face_up.items() if v}
    )
    if row.start is not None and fix.face_up is not None:
        raise FixProblem("This game began from a position: its face-up cards are in that file.")
    face_up = {names[k]: list(v) for k, v in face_up.items() if k in names}
    steps = [_renamed_step(d, names) for d in row.steps]
    undone = [_renamed_step(d, names) for d in row.undone]
    start = _renamed_start(row.start, names)
    told = _renamed_told(row.told, names)
    players = [names[o] for o in fix.seats]
    variant = tbl.variant
    try:
        game = start_game(
            variant,
            players,
            {k: tuple(v) for k, v in face_up.items()} or None,
            tables.position_from_dict(start) if start is not None else None,  # type: ignore[arg-type]
            told_from_data(told),
        )
    except SetupError as e:
        raise FixProblem(f"That setup cannot be: {e}") from None
    for i, d in enumerate(steps, 1):
        step = tables.step_from_dict(d)
        verdict = game.advice.explain(game.state, step)
        if not verdict.legal:
            raise FixProblem(
                f"That fix does not fit step {i} ({tables.step_words(tbl.game.past.log[i - 1][1])}): "
                f"{tables.verdict_words(verdict)}"
            )
        game.push(step)
    version = store.save_setup(
        tbl.gid,
        tbl.version,
        players=players,
        face_up=face_up,
        start=start,  # type: ignore[arg-type]
        told=told,
        steps=steps,
        undone=undone,
        name=_renamed_game(tbl.name, variant.name, old, players),
        over=game.over,
        loser=game.loser,
    )
    fresh = tables.rebuild(store.load_game(tbl.gid))
    assert fresh.version == version
    return fresh


def _renamed_game(name: str, variant: str, old: Sequence[str], new: Sequence[str]) -> str:
    """A game still called by its default name ('Classic: Ann, Ben') follows the fix."""
    if name == f"{variant}: {', '.join(old)}":
        return f"{variant}: {', '.join(new)}"
    return name


def fix_words(tbl: tables.Table, fix: SetupFix) -> str:
    """What a fix changed, for the table to hear: 'Fixed: Ann is now Anna. Seats now go …'"""
    said: list[str] = []
    for old, new in fix.names.items():
        if new != old:
            said.append(f"{old} is now called {new}.")
    if list(fix.seats) != list(tbl.game.state.names):
        order = " → ".join(fix.names.get(o, o) for o in fix.seats)
        said.append(f"Seats now go {order}.")
    if fix.face_up is not None:
        v = tbl.variant
        for who, cards in fix.face_up.items():
            shown = ", ".join(v.card_name(c) for c in cards) or "not entered"
            said.append(f"{fix.names.get(who, who)}'s face-up cards: {shown}.")
    return "Fixed. " + " ".join(said) if said else "Nothing to fix."


def known_starter(
    variant: Variant,
    names: Sequence[str],
    face_up: Mapping[str, Sequence[Card]],
    told: Told | None = None,
) -> str | None:
    """Who starts, where a table rule can tell from the face-up cards entered at setup (the
    lowest card face up, every player's face-up cards known); None: the table says."""
    try:
        seats = Game.deal(variant, list(names), face_up, told).state.seats
    except SetupError:
        return None
    found = (u.first_seat(variant, seats) for u in active(variant))
    return next((names[f] for f in found if f is not None), None)


def starting_with(names: list[str], first: str) -> list[str]:
    """The seating listed from ``first``, clockwise: the same table, and they start (R2.3)."""
    if first not in names:
        return list(names)
    i = names.index(first)
    return [*names[i:], *names[:i]]
