"""The Referee page's logic, without Streamlit: games in the store, steps, what the table shows.

Legality is never decided here: every proposed step goes to ``Advice.explain`` and every accepted
one through ``Game.push``.  A step is written to SQLite before anyone sees its outcome; if
another tablet stepped first, the write is refused (:class:`referee.store.Conflict`), the step is
taken back and the page reloads the game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee import words
from referee.engine import Game, Outcome, PickUp, Step, Told, Verdict
from referee.records import (
    position_from_data,
    position_to_data,
    push_legal,
    start_game,
    step_from_data,
    step_to_data,
    told_from_data,
    told_to_data,
)
from referee.store import GameRow, Store
from referee.variant.model import Card, Variant
from referee.words import sentences

from .common import builtin_yaml, variant_from_yaml

ZONE_LABELS = {
    "hand": "Hand",
    "face_up": "Face-up",
    "face_down": "Face-down",
    "draw_pile": "Draw pile",  # a table rule: the draw pile's top card (ruling 109)
}
LOG_LENGTH = 20
STALE = -1  # a Table.version that matches no stored game: load_table rebuilds it


# --- steps as data (the game-record shape, GAME-RECORDS.md) -----------------------------------


# The record forms of steps and start positions live with the game records.
step_to_dict = step_to_data
step_from_dict = step_from_data
position_to_dict = position_to_data
position_from_dict = position_from_data


# --- a game being refereed ----------------------------------------------------------------------


@dataclass
class Table:
    """One stored game, rebuilt in memory, and the version of the row it matches."""

    gid: str
    name: str
    variant_id: str
    builtin: bool
    variant: Variant
    game: Game
    version: int
    skipped: int = 0  # stored steps the engine refused on rebuilding (should stay 0)
    players: tuple[str, ...] = ()  # the seats as set up (before any seat trade)
    face_up: Mapping[str, Sequence[Card]] | None = None  # as entered at setup
    from_position: bool = False  # began from a start position (an imported record)

    @property
    def undone(self) -> list[Step]:
        """The steps redo would bring back, read from the engine's one redo stack (R11.3)."""
        return self.game.past.undone

    def steps_data(self) -> list[dict[str, Any]]:
        """The steps as stored (each step's form made once: the store writes them all again
        with every step, so this keeps a step's cost from growing with the game)."""
        return [_stored_form(s) for s in self.game.past.steps]

    def undone_data(self) -> list[dict[str, Any]]:
        return [_stored_form(s) for s in self.undone]


@functools.lru_cache(maxsize=1 << 16, typed=True)
def _stored_form(step: Step) -> dict[str, Any]:
    """A step's stored form (steps are immutable values; the store only reads the dict).
    Keyed by the step's type too (``typed``): a Play and a PickUp never share an entry."""
    return step_to_dict(step)


def rebuild(row: GameRow) -> Table:
    """The game exactly as stored: its steps replayed, its undone steps on the engine's redo stack."""
    variant = variant_from_yaml(row.variant)
    start = position_from_dict(row.start) if row.start is not None else None
    game = start_game(variant, row.players, row.face_up, start, told_from_data(row.told))
    skipped = push_legal(game, (step_from_dict(d) for d in row.steps))
    undone = [step_from_dict(d) for d in row.undone]
    # Redo pops the last undone step first: push them in redo order, then undo them all.
    pushed = 0
    for step in reversed(undone):
        if not game.advice.explain(game.state, step).legal:
            break
        game.push(step)
        pushed += 1
    for _ in range(pushed):
        game.past.undo()  # each pop puts the step back on the engine's redo stack, in redo order
    return Table(
        gid=row.id,
        name=row.name,
        variant_id=row.variant_id,
        builtin=row.builtin,
        variant=variant,
        game=game,
        version=row.version,
        skipped=skipped,
        players=tuple(row.players),
        face_up={n: tuple(c) for n, c in row.face_up.items()},
        from_position=row.start is not None,
    )


def load_table(store: Store, gid: str, cached: Table | None = None) -> Table:
    """The game ``gid``: the cached copy while the stored version matches, else rebuilt."""
    if cached is not None and cached.gid == gid and store.version(gid) == cached.version:
        return cached
    return rebuild(store.load_game(gid))


def new_game(
    store: Store,
    *,
    variant_id: str,
    variant_yaml: str,
    builtin: bool,
    players: Sequence[str],
    face_up: Mapping[str, Sequence[Card]] | None,
    name: str = "",
    told: Told | None = None,
) -> str:
    """Deal a game (the engine checks players, face-up cards and what the table told of its
    set-up, a turned-up card: SetupError) and store it."""
    variant = variant_from_yaml(variant_yaml)
    chosen = {n: tuple(c) for n, c in (face_up or {}).items()} or None
    Game.deal(variant, list(players), chosen, told)  # SetupError for a game that cannot start
    return store.create_game(
        name=name or f"{variant.name}: {', '.join(players)}",
        variant_id=variant_id,
        variant_yaml=variant_yaml,
        builtin=builtin,
        players=list(players),
        face_up={n: list(c) for n, c in (face_up or {}).items()},
        told=told_to_data(told),
    )


def _save(store: Store, table: Table, step_id: str | None = None) -> None:
    g = table.game
    table.version = store.save_steps(
        table.gid,
        table.version,
        table.steps_data(),
        table.undone_data(),
        over=g.over,
        loser=g.loser,
        step_id=step_id,
    )


def commit(store: Store, table: Table, step: Step, step_id: str | None = None) -> Outcome:
    """Push a step (IllegalStep if the engine refuses it) and store it before returning.

    If storing fails (:class:`Conflict`: another tablet stepped first; or a storage fault) the
    step is taken back and the error re-raised: a step that was not stored is never shown.
    """
    outcome = table.game.push(step)  # the engine clears its redo stack
    try:
        _save(store, table, step_id)
    except BaseException:
        table.game.past.undo()
        table.version = STALE  # the redo stack is not the stored one: rebuild before reuse
        raise
    return outcome


def undo(store: Store, table: Table, step_id: str | None = None) -> Step:
    step = table.game.past.undo()
    try:
        _save(store, table, step_id)
    except BaseException:
        table.game.past.redo()  # exactly as before: the step back, the rest of the redo stack kept
        raise
    return step


def redo(store: Store, table: Table, step_id: str | None = None) -> Outcome:
    outcome = table.game.past.redo()
    try:
        _save(store, table, step_id)
    except BaseException:
        table.game.past.undo()  # exactly as before: the step back on top of the redo stack
        raise
    return outcome


def import_record(store: Store, text: str | bytes, filename: str) -> str:
    """Store a game record (RecordError if malformed); its illegal steps are left out."""
    from referee.records import game_from_record, load_record_text
    from referee.variant.loader import dump_variant
    from referee.variant.registry import builtin_ids

    record = load_record_text(text, filename)
    game = game_from_record(record)
    ref = record.variant_ref
    is_builtin = ref is not None and ref in builtin_ids() and _same_builtin(record.variant)
    vid = record.variant.id
    variant_yaml = builtin_yaml(vid) if is_builtin else dump_variant(record.variant)
    return store.create_game(
        name=record.name or f"{record.variant.name}: {', '.join(record.players)} (imported)",
        variant_id=vid,
        variant_yaml=variant_yaml,
        builtin=is_builtin,
        players=list(record.players),
        face_up={n: list(c) for n, c in (record.face_up or {}).items()},
        start=position_to_dict(record.start) if record.start is not None else None,
        told=told_to_data(game.told),
        steps=[step_to_dict(s) for s in game.past.steps],
        over=game.over,
        loser=game.loser,
    )


def _same_builtin(v: Variant) -> bool:
    from referee.variant.loader import VariantError
    from referee.variant.registry import builtin

    try:
        return builtin(v.id) == v
    except VariantError:  # not a built-in id, or (never shipped) a broken one
        return False


def export_text(table: Table, schema_base: str = "") -> str:
    """The game record to download; its first line names the record schema at
    ``schema_base`` (the app's own address, which serves it: referee.app.state.schema_base)."""
    from referee.records import export_record

    ref: str | Variant = table.variant_id if table.builtin else table.variant
    return export_record(table.game, ref, name=table.name, schema_base=schema_base)


# --- proposing a play -------------------------------------------------------------------------


def verdict_words(v: Verdict) -> str:
    """The verdict as the table hears it: the answer and what to do, the rule as a tag."""
    return sentences.verdict_line(v)  # one voice for the CLI, the app and records


def default_zone(game: Game) -> str:
    """The zone the mover plays from now (R3, R8.3), as the engine says."""
    return game.zone_to_play() or "hand"


def max_count(game: Game, card: Card) -> int:
    """How many identical cards the count picker offers (all copies in the game, at most 8):
    the engine's generator offers as many (``Choices.most``)."""
    return game.choices.most(card)


def others(game: Game) -> list[str]:
    me = game.turn
    return [n for n in game.state.names if n != me]


# --- what the table shows -----------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerRow:
    name: str
    turn: bool
    hand: int
    face_up: int
    face_up_known: str
    face_down: int
    status: str


def player_rows(game: Game) -> list[PlayerRow]:
    s = game.state
    rows = []
    turn = game.turn
    for i, name in enumerate(s.names):
        seat = s.seats[i]
        known = []
        for card, n in seat.face_up.known.items():
            known += [game.variant.card_name(card)] * n
        if seat.face_up.unknown:
            known.append(f"{seat.face_up.unknown} not entered")
        if game.loser == name:
            status = "lost"
        elif not seat.total:
            status = "out (won)" if game.over else "out"
        elif name == turn:
            status = "to play"
        else:
            status = "in"
        if s.skips.get(name):
            status += f", misses {words.cards(s.skips[name]).replace('card', 'turn')}"
        if s.to_draw.get(name):  # draws that add up: public, so the table shows the count
            status += f", draws {words.cards(s.to_draw[name])} unless passed on"
        rows.append(
            PlayerRow(
                name=name,
                turn=name == turn,
                hand=seat.hand.count,
                face_up=seat.face_up.count,
                face_up_known=", ".join(known),
                face_down=seat.face_down.count,
                status=status,
            )
        )
    return rows


def player_table(game: Game) -> list[dict[str, Any]]:
    """The players table's rows, by column heading (``board.players_html`` escapes each)."""
    return [
        {
            "Player": ("▶ " if r.turn else "") + r.name,
            "Status": r.status,
            "Hand": r.hand,
            "Face-up": r.face_up,
            "Face-up cards": r.face_up_known,
            "Face-down": r.face_down,
        }
        for r in player_rows(game)
    ]


@dataclass(frozen=True)
class LogLine:
    number: int
    text: str


def log_lines(
    game: Game, last: int = LOG_LENGTH, history: list[tuple[Step, Outcome]] | None = None
) -> list[LogLine]:
    """The last ``last`` steps, newest first (only those are formatted)."""
    steps = game.past.log if history is None else history
    start = max(0, len(steps) - last)
    out = []
    for i in range(len(steps) - 1, start - 1, -1):
        _, outcome = steps[i]
        said = [m for m in outcome.messages if m != outcome.hint]
        out.append(LogLine(i + 1, " ".join(said)))
    return out


# --- the one-screen table (issue 10) ----------------------------------------------------------


def start_words(players: Sequence[str]) -> str:
    """'Ben starts. Seats go Ben → Cal → Ann.' (the first listed player starts, R2.3)."""
    return f"{players[0]} starts. Seats go {' → '.join(players)}."


def steps_words(n: int) -> str:
    """'1 step', '3 steps'."""
    return f"{n} step" if n == 1 else f"{n} steps"


def follow_seconds(env: Mapping[str, str] | None = None) -> float:
    """How often a tablet looks for other tablets' steps (referee.app.follow: one small file
    request, no Streamlit rerun): $KARMA_FOLLOW_SECONDS, else 0.75 s."""
    import os

    text = (os.environ if env is None else env).get("KARMA_FOLLOW_SECONDS", "")
    try:
        value = float(text)
    except ValueError:
        return 0.75
    return min(max(value, 0.25), 3600.0) if value == value else 0.75


def step_words(outcome: Outcome) -> str:
    """What a step did, in the engine's words, without the advice for the next player."""
    return " ".join(m for m in outcome.messages if m != outcome.hint)


def last_step_words(game: Game) -> str:
    """The last step's outcome, with why the turn goes where it goes after a seat change."""
    outcome = game.past.last_outcome
    if outcome is None:
        return ""
    text = step_words(outcome)
    note = seat_change_note(game)
    return f"{text} {note}".strip()


def seat_change_note(game: Game) -> str:
    """After a step that changed who sits where: where play carries on from, and so whose turn.

    Read from the history only (the state the last step started from): a view never changes
    the game it shows.
    """
    before_state = game.past.state_before_last()
    if before_state is None or game.over:
        return ""
    step = game.past.steps[-1]
    after = list(game.state.names)
    before = list(before_state.names)
    mover_seat = before.index(step.by) if step.by in before else None
    if before == after or mover_seat is None:
        return ""
    now = after[mover_seat]
    seat = "their own seat" if now == step.by else f"the seat where {step.by} played, now {now}'s"
    return (
        f"Seats now go {' → '.join(after)}. Play carries on from {seat}, "
        f"so it is {game.turn}'s turn."
    )


def playable_cards(game: Game, by: str | None = None, zone: str | None = None) -> dict[Card, bool]:
    """For each card of the variant: may it still be played at all from ``zone`` (default:
    the zone due now)?

    False when the engine's copy count rules it out (R4.3: every copy is accounted for, or a
    one-time card was already used). The engine decides (``Choices.held``); the grid
    needs yes or no, not sentences.
    """
    mover = by or game.turn
    if mover is None:
        return {c: False for c in game.variant.all_cards()}
    return game.choices.held(game.state, mover, zone or default_zone(game))


def known_cards_words(game: Game, player: str, zone: str) -> str:
    z = game.zone(player, zone)
    names: list[str] = []
    for card, n in z.known.items():
        names += [game.variant.card_name(card)] * n
    if z.unknown:
        names.append(f"{z.unknown} unknown")
    return ", ".join(names)


def can_pick_up(game: Game) -> bool:
    """Pick up is offered only when the engine would allow it (never on an empty pile)."""
    return game.turn is not None and game.is_legal(PickUp(game.turn))


def _common_prefix(a: Sequence[Step], b: Sequence[Step]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


@dataclass(frozen=True)
class Drawn:
    """A game as a tablet drew it, frozen: the steps and redo steps the words for another
    tablet's change compare (:func:`change_words`), kept after the live game has moved on."""

    gid: str
    version: int
    steps: tuple[Step, ...]
    undone: tuple[Step, ...]
    history: tuple[tuple[Step, Outcome], ...]


def drawn(tbl: Table | Drawn) -> Drawn:
    """``tbl`` as it is now, frozen (a Table's game changes in place with every step)."""
    if isinstance(tbl, Drawn):
        return tbl
    g = tbl.game
    return Drawn(tbl.gid, tbl.version, tuple(g.past.steps), tuple(g.past.undone), tuple(g.past.log))


def same_game(old: Table | Drawn, new: Table | Drawn) -> bool:
    """The same steps and the same redo steps: a change elsewhere (a rename) that alters no step."""
    a, b = drawn(old), drawn(new)
    return a.gid == b.gid and a.steps == b.steps and a.undone == b.undone


def change_words(old: Table | Drawn | None, new: Table | Drawn, first: bool = False) -> str:
    """What another tablet did since this one showed ``old``, in the engine's words:
    "Another tablet recorded a step: Ben plays 9. Ben draws 1." """
    if old is None or old.gid != new.gid:
        return "Another tablet changed this game."
    was, now = drawn(old), drawn(new)
    a, b = was.steps, now.steps
    k = _common_prefix(a, b)
    parts = []
    if len(a) > k:
        gone = " ".join(step_words(o) for _, o in was.history[k:])
        parts.append(f"undid {_a_step(len(a) - k)}{' first' if first else ''}: {gone}")
    if len(b) > k:
        added = " ".join(step_words(o) for _, o in now.history[k:])
        parts.append(f"recorded {_a_step(len(b) - k)}{' first' if first else ''}: {added}")
    if not parts:
        return "Another tablet changed this game."
    return "Another tablet " + " Then it ".join(parts)


def _a_step(n: int) -> str:
    return "a step" if n == 1 else f"{n} steps"


def stale_words(old: Table | Drawn | None, new: Table | Drawn, action: str) -> str:
    """Why a tablet's step was refused: someone else stepped first (nothing was changed here)."""
    return (
        f"{change_words(old, new, first=True)} Your {action} was not recorded. "
        "Here is the game as it is now: check it and try again."
    )
