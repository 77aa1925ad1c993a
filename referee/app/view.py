"""What the Referee page shows, as one value: a typed selection and a pure ``view(game, sel)``.

Why: the page used to keep its choices in six loose session keys and, on every tap, recomputed
every card's verdict *with words* just to grey cards out.  Here the choice for the step being
recorded is one frozen :class:`Selection` (the table component keeps its own in the browser and
sends it with a step, looked up again by ``tableview_data.selection_from``), and what the
server judges of it is one frozen :class:`TableView`.
The facts that change only when a step is taken (:class:`StepFacts`: which cards may still be
played, judged without words; Pick up; the last step's words) are computed once per step and
reused for every tap until the next one.  No Streamlit here, and no rule: the engine decides
every verdict (``Advice.explain``; every choice of the step ahead of the taps, its generator:
``tableview_data.judged_choices``); this module only asks it and shapes the answers for the
screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.effects import LIMITS
from referee.engine import Game, PickUp, Play
from referee.engine.choices import run_cards
from referee.variant.model import SUITS, Card
from referee.words import sentences

from .glance import card_about
from .table import last_step_words, max_count, playable_cards


@dataclass(frozen=True)
class Selection:
    """The table's choice for the step being recorded, as tapped on this tablet.

    ``zone`` None and ``by`` "" mean "as the game stands": the zone due now and the player
    whose turn it is, so that a fresh selection never needs the game to be made.
    """

    card: Card | None = None
    count: int = 1
    zone: str | None = None
    by: str = ""
    to: str | None = None
    give: Card | None = None
    take: Card | None = None  # the face-up card a pick-up takes along (a table rule)
    take_copies: int = 1  # how many of it (a table rule: several of one rank, ruling 141)
    named: int | None = None  # the number a card its player names counts as (ruling 153)
    suit: str | None = None  # the suit the play shows (a card whose powers read one, ruling 149)
    # A run (a table rule, ruling 166): its lowest card; ``card`` is its top card.
    run_from: int | None = None
    limit: str | None = None  # higher or lower, as a card's player says (ruling 171)


def fresh() -> Selection:
    """Nothing chosen: after a step, an undo, a refused or stale action, another game."""
    return Selection()


# --- the facts of one step (computed once per step) ---------------------------------------------


@dataclass(frozen=True)
class StepFacts:
    """What the table shows that changes only when a step is taken or undone."""

    turn: str | None
    zone: str  # the zone the mover plays from now (R3, R8.3)
    playable: dict[Card, bool]  # False: ruled out by the copies the table has seen (R4.3)
    can_pick_up: bool
    # The face-up cards a pick-up may take along and how many of each (table rules).
    takes: tuple[tuple[Card, int], ...]
    can_undo: bool
    can_redo: bool
    hint: str
    last_step: str  # the last step's words, with a seat change's note ('' before the first)
    step_count: int


def step_facts(game: Game) -> StepFacts:
    """The step's facts, asked of the engine once: verdicts without words for the grid."""
    turn = game.turn
    zone = game.zone_to_play() or "hand"
    takes = game.choices.take_options(game.state)
    return StepFacts(
        turn=turn,
        zone=zone,
        playable=playable_cards(game, turn, zone),
        can_pick_up=turn is not None
        and any(game.is_legal(PickUp(turn, c, k)) for c, k in (takes or ((None, 1),))),
        takes=takes,
        can_undo=game.past.can_undo(),
        can_redo=game.past.can_redo(),
        hint=game.advice.hint(game.state) if turn is not None else "",
        last_step=last_step_words(game),
        step_count=game.past.count,
    )


# --- the view -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardView:
    card: Card
    label: str  # the rank, or the card's name (the group's words, unescaped)
    struck: bool  # greyed and crossed out: every copy accounted for (it still answers a tap)


@dataclass(frozen=True)
class Choices:
    """Where the chosen card is played from and by whom, as the play is judged.  (What each
    choice may be - counts, zones, players, cards given - is the table model's, built for the
    browser: ``tableview_data.table_data``.)"""

    zone: str
    by: str  # "": the player whose turn it is


@dataclass(frozen=True)
class Ask:
    """What the screen asks for in the verdict's place: tap a card, choose a player."""

    text: str
    about: str = ""


@dataclass(frozen=True)
class VerdictView:
    """The one verdict shown: Yes or No, the answer, what to do, the rule as a tag."""

    legal: bool
    answer: str
    detail: str
    todo: str
    rule: str
    about: str = ""


@dataclass(frozen=True)
class TableView:
    """Everything the step's part of the table draws, from one game and one selection."""

    over: bool
    selection: Selection  # as judged: a card, player or choice the game no longer has dropped
    cards: tuple[CardView, ...]
    choices: Choices | None  # None: no card chosen (or the game is over)
    verdict: VerdictView | Ask | None
    step: Play | None  # the play the selection proposes (None: nothing to judge yet)


def settled(game: Game, sel: Selection, facts: StepFacts) -> Selection:
    """The selection as this game can take it: a card the variant lacks, a player no longer
    at the table, a count or card given out of range is dropped to its default."""
    v = game.variant
    took = (sel.take, sel.take_copies) in facts.takes
    take, copies = (sel.take, sel.take_copies) if took else (None, 1)
    if sel.card is None or not v.is_card(sel.card) or facts.turn is None:
        by = sel.by if sel.by in game.state.names else ""
        return Selection(by=by, take=take, take_copies=copies)
    by = sel.by if sel.by in game.state.names and sel.by != facts.turn else ""
    count = sel.count if 1 <= sel.count <= max_count(game, sel.card) else 1
    traits = game.choices.needs[sel.card]
    mover = by or facts.turn
    to = (
        sel.to
        if traits.needs_target and sel.to in traits.targets(game.state.names, mover)
        else None
    )
    give = sel.give if traits.takes_give and sel.give in v.all_cards() else None
    named = sel.named if traits.names_value and sel.named in v.ranks else None
    zone = sel.zone if sel.zone in play_from(game) else None
    suit = sel.suit if sel.card in game.choices.suited(game.state) and sel.suit in SUITS else None
    run_from = sel.run_from if sel.run_from in game.choices.run_starts(sel.card) else None
    if run_from is not None:  # a run: each card once, showing no suit, naming no number
        count, named, suit = 1, None, None
    limit = sel.limit if traits.chooses_limit and sel.limit in LIMITS else None
    return Selection(
        sel.card, count, zone, by, to, give, take, copies, named, suit, run_from, limit
    )


def take_key(card: Card, k: int) -> str:
    """How the table names a face-up card taken with the pile, ``k`` copies of it: the card's
    id alone for one (ruling 108), '7*2' for two (ruling 141).  The browser only hands it
    back; the server looks it up among the step's own (``take_options``)."""
    return str(card) if k == 1 else f"{card}*{k}"


def play_from(game: Game) -> tuple[str, ...]:
    """Where a play may come from at this table: the zones, and the places a table rule opens
    (the draw pile's top card, turned over by a player who cannot play: ruling 109), as the
    engine's generator offers them (``Choices.zones``)."""
    return game.choices.zones()


def view(game: Game, sel: Selection, facts: StepFacts | None = None) -> TableView:
    """Everything the table shows for ``sel`` (``facts``: this step's, if already computed)."""
    facts = step_facts(game) if facts is None else facts
    v = game.variant
    sel = settled(game, sel, facts)
    cards = tuple(
        CardView(
            c,
            v.card_label(c),  # 'Q' in an ordinary pack, a special card's name
            not facts.playable.get(c, True),
        )
        for c in v.all_cards()
    )
    if game.over or facts.turn is None:
        return TableView(True, sel, cards, None, None, None)
    if sel.card is None:
        ask = Ask(f"{facts.hint} Tap the card that was played.")
        return TableView(False, sel, cards, None, ask, None)
    choices = _choices(sel, facts)
    card = sel.card
    about = card_about(v, card)  # the group's words and what the card does (issue 31.7)
    laid = (card,) * sel.count if sel.run_from is None else run_cards(sel.run_from, card)
    step = Play(
        choices.by or facts.turn,
        laid,
        choices.zone,
        sel.to,
        sel.give,
        sel.suit,
        named=sel.named,
        limit=sel.limit,
    )
    # Whom is it for? As the engine's generator asks it (a blind card that does not fit asks
    # for no player, ruling 112).
    if game.choices.asks(game.state, step):
        ask = Ask(ask_whom(v.card_name(card), game.choices.needs[card].chosen_question), about)
        return TableView(False, sel, cards, choices, ask, None)
    verdict = game.advice.explain(game.state, step)
    parts = sentences.verdict_parts(verdict)
    if sel.run_from is not None:  # the run's cards said beside its verdict (ruling 166)
        parts = sentences.with_run(parts, [v.card_name(c) for c in laid])
    # A yes says the decision and its one short reason; what the card does belongs to the rules
    # sheet (issue 39.6), and is shown with a no, where it tells why.
    said = "" if verdict.legal else about
    shown = VerdictView(verdict.legal, parts.answer, parts.detail, parts.todo, parts.rule, said)
    return TableView(False, sel, cards, choices, shown, step)


def ask_whom(card_name: str, question: str = "") -> str:
    """The table's question for a card that needs a player, with none chosen yet: whom it is
    for, or the card's own question (``Needs.chosen_question``: "Who lost the contest?")."""
    return f"{question or f'Who is the {card_name} for?'} Choose a player just above."


def _choices(sel: Selection, facts: StepFacts) -> Choices:
    return Choices(zone=sel.zone or facts.zone, by=sel.by)


# --- every choice of the step, ahead of the taps (issue 27.2) ---------------------------------

Choice = tuple[
    Card, str, int, str | None, Card | None, int | None, str | None, int | None, str | None
]
"""card, zone, count, to, give, the number named, the suit shown, the run's lowest card, higher
or lower"""
