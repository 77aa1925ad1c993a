"""The table component's data (issue 27.2): everything the step's controls draw, as plain JSON.

Why: the Referee page's own component (``referee.app.tablecomp``) answers a tap in the browser,
with no round trip, so it needs at once every card, every choice a card offers and every verdict
the mover can get at this step (``judged_choices``).  This module builds that data from the
game and the selection; no Streamlit, and no rule: every verdict is the engine's, judged here
ahead of the taps, and judged again by the server when Play is pressed.

Texts go out ready for ``textContent`` (the browser never parses them as HTML): active characters
made visible (``referee.words.inert.visible``), the group's words isolated (FSI…PDI) where a sentence
holds them, a name alone on a button as it was typed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from referee.effects import LIMITS
from referee.engine import Game
from referee.engine.choices import Kind, run_cards
from referee.engine.judgement import Judgement
from referee.variant.model import SUITS, Card
from referee.words import copies, sentences
from referee.words.inert import visible
from referee.words.markdown import isolate_words

from .glance import card_about, card_kind
from .table import ZONE_LABELS, max_count
from .view import (
    Ask,
    Choice,
    Selection,
    StepFacts,
    VerdictView,
    ask_whom,
    play_from,
    step_facts,
    take_key,
    view,
)

NONE = ""  # an axis's value for "no player" or "not seen", as the browser keys it

# Every word the component shows that is not about this game: written here, never in the
# script (issue 43.2).
WORDS = {
    "checking": "Checking that play…",
    "number_cards": "Number cards",
    "karma_cards": "Karma cards",
    "every_copy_seen": "every copy seen",
    "rule": "The rule book's rule",
    "play": "Play",
    "pick_up": "Pick up the pile",
    "undo": "Undo",
    "redo": "Redo",
    # On a phone a chosen card folds the grid to that card: said under it.
    "fold_hint": "Tap it again to choose another card.",
    # A step the app server refused without saying why, and an app server with no step route
    # (``streamlit run`` of the page itself, not ``karma app``).
    "not_taken": "That step was not taken. Check the table and try again.",
    "no_steps": "This app cannot record steps: start it with karma app.",
}


# The suit a play shows, asked only of a card whose powers read one (issue 42, ruling 149):
# none shown until a suit is tapped.
SUIT_AXIS: dict[str, object] = {
    "name": "suit",
    "label": "Which suit? (if it counts)",
    "kind": "segment",
    "values": [
        [NONE, "Not shown"],
        ["hearts", "♥ Hearts"],
        ["diamonds", "♦ Diamonds"],
        ["clubs", "♣ Clubs"],
        ["spades", "♠ Spades"],
    ],
    "default": NONE,
}

# Higher or lower, asked only of a card whose player says which (ruling 171): not said until
# one is tapped (the verdict then says it must be).
LIMIT_AXIS: dict[str, object] = {
    "name": "limit",
    "label": "Next play: higher or lower?",
    "kind": "segment",
    "values": [[NONE, "Not said"], ["higher", "Higher"], ["lower", "Lower"]],
    "default": NONE,
}

Said = VerdictView | Ask  # what a choice gets: a verdict, or a question (whom is it for?)


def judged_choices(game: Game, facts: StepFacts) -> tuple[list[Said], dict[Choice, int]]:
    """Every choice the mover can make at this step (card × zone × count × player × card
    given × suit shown, ``None`` for no player or card given) with the index of what it gets: each distinct
    verdict once.  The one place the table asks the engine for them: its generator of choices
    (``Choices.table``, worded by ``Advice.table``), where a card that needs a player and has
    none chosen gets the question (``Kind.ASKS``), unless the engine needs no player (a blind
    card that misses, ruling 112)."""
    if facts.turn is None:
        return [], {}
    table = game.advice.table(game.state, facts.hint)
    said: list[Said] = []
    index: dict[Choice, int] = {}
    seen: dict[tuple[Judgement, tuple[Card, ...]], int] = {}
    asks: dict[Card, int] = {}
    v = game.variant
    for c in table.choices:
        if c.kind is Kind.ASKS:
            i = asks.get(c.card)
            if i is None:
                i = asks[c.card] = len(said)
                question = game.choices.needs[c.card].chosen_question
                said.append(Ask(ask_whom(v.card_name(c.card), question)))
        else:
            j = c.judgement
            # A run's cards are said beside its verdict (ruling 166).
            run = () if c.run_from is None else run_cards(c.run_from, c.card)
            i = seen.get((j, run))
            if i is None:  # worded once per distinct judgement (and run)
                parts = sentences.verdict_parts(table.verdict(j))
                if run:
                    parts = sentences.with_run(parts, [v.card_name(x) for x in run])
                i = seen[(j, run)] = len(said)
                said.append(
                    VerdictView(j.legal, parts.answer, parts.detail, parts.todo, parts.rule)
                )
        index[(c.card, c.zone, c.copies, c.to, c.give, c.named, c.suit, c.run_from, c.limit)] = i
    return said, index


def _said_data(x: Said, text: Any) -> dict[str, object]:
    if isinstance(x, Ask):
        return {"ask": text(x.text)}
    return {
        "legal": x.legal,
        "answer": text(x.answer),
        "detail": text(x.detail),
        "todo": text(x.todo),
        "rule": text(x.rule),
    }


def _key(value: object) -> str:
    """An axis value as the browser keys it (a card's id or rank as text, a name, a number)."""
    return NONE if value is None else str(value)


def table_data(
    game: Game,
    version: int,
    sel: Selection | None = None,
    facts: StepFacts | None = None,
    group: Iterable[str] = (),
    pre: dict[str, object] | None = None,
) -> dict[str, object]:
    """The component's table model for this step (issue 43.2): per card its axes (how many,
    from where, played by, for whom, the card given, the suit shown), each with its values and
    its default; the words; and every verdict the mover can get, found by the axes' values
    (``pre``: card → zone → count → player → card given → suit shown → the verdict's index).
    The browser keeps a selection, looks it up and draws: no rule, key or sentence of its own.  ``sel`` is the
    selection the server last heard of (only a play recorded for another player is sent to
    it): its verdict, judged here, goes along as ``judged``.  ``group``: the group's words to
    isolate in sentences.  ``pre``: this step's precomputed verdicts (``data["pre"]`` of an
    earlier call), if the caller kept them: they change only when a step is taken."""
    facts = step_facts(game) if facts is None else facts
    words = tuple(w for w in group if w)

    def text(s: object) -> str:
        return isolate_words(s, words, literal=visible)

    v = game.variant
    shown = view(game, sel or Selection(), facts)
    over = shown.over
    turn = facts.turn or ""
    names = list(game.state.names)
    by_axis: dict[str, object] = {
        "name": "by",
        "label": "Played by",
        "kind": "select",
        "values": [[NONE, text(f"{turn} (their turn)") if turn else ""]]
        + [[n, visible(n)] for n in names if n != turn],
        "default": NONE,
    }
    # For whom: the players other than the one who plays, by who plays ("" for the mover);
    # for a card whose own player may be chosen (a contest's loser), every player.
    for_whom = {
        mover: [[n, visible(n)] for n in names if n != (mover or turn)]
        for mover in [NONE, *(n for n in names if n != turn)]
    }
    for_all = {mover: [[n, visible(n)] for n in names] for mover in for_whom}
    zones = [[z, label] for z, label in _zones(game)]
    give_values = [[NONE, "Not seen"]] + [[str(c), visible(v.card_name(c))] for c in v.all_cards()]
    # The numbers a card its player names may count as, highest first (ruling 153).
    named_values = [[NONE, "Itself"]] + [
        [str(n), visible(v.card_name(n))] for n in reversed(v.ranks)
    ]
    cards = []
    for c in shown.cards:
        needs = game.choices.needs[c.card]
        kind = card_kind(v, c.card)
        name = v.card_name(c.card)
        most = max_count(game, c.card)
        axes: list[dict[str, object]] = []
        if most > 1:
            counts = [[str(n), str(n)] for n in range(1, most + 1)]
            axes.append(
                {
                    "name": "count",
                    "label": "How many?",
                    "kind": "segment",
                    "values": counts,
                    "default": "1",
                }
            )
        axes.append(
            {
                "name": "zone",
                "label": "From",
                "kind": "segment",
                "values": zones,
                "default": facts.zone,
            }
        )
        axes.append(by_axis)
        if needs.needs_target:
            axes.append(
                {
                    "name": "to",
                    "label": text(
                        f"{name}: {_lower_first(needs.chosen_question) or 'which player?'}"
                    ),
                    "kind": "segment",
                    "by_mover": for_all if needs.chosen_may_be_self else for_whom,
                    "default": NONE,
                    "toggle": True,
                }
            )
        if needs.names_value:
            # Only the numbers it may be named as, where it names some (ruling 165).
            values = (
                named_values
                if needs.names is None
                else [[NONE, "Itself"]] + [[str(n), visible(v.card_name(n))] for n in needs.names]
            )
            axes.append(
                {
                    "name": "as",
                    "label": text(f"{name}: which card does it count as?"),
                    "kind": "select",
                    "values": values,
                    "default": NONE,
                }
            )
        if c.card in game.choices.suited(game.state):  # it shows a suit: one tap (ruling 149)
            axes.append(SUIT_AXIS)
        starts = game.choices.run_starts(c.card)
        if starts:  # runs are played: the run this card tops, one tap (ruling 166)
            axes.append(_run_axis(v, c.card, starts))
        if needs.chooses_limit:  # its player says higher or lower: one tap (ruling 171)
            axes.append(LIMIT_AXIS)
        if needs.takes_give:
            axes.append(
                {
                    "name": "give",
                    "label": "Which card is given? (if you saw it)",
                    "kind": "select",
                    "values": give_values,
                    "default": NONE,
                }
            )
        said = (", " + kind.words if kind.value != "number" else "") + (
            ", " + WORDS["every_copy_seen"] if c.struck else ""
        )
        cards.append(
            {
                "id": str(c.card),
                "label": visible(c.label),
                "name": visible(name),
                "kind": kind.value,
                "symbol": kind.symbol,
                "said": said,  # for screen readers, after the label
                "struck": c.struck,
                "group": "numbers" if kind.value in ("number", "power") else "karma",
                "axes": axes,
                "about": text(card_about(v, c.card)),
            }
        )
    takes = [  # one card by its name (ruling 108); several as 'two 7s' (ruling 141)
        [take_key(c, k), visible(v.card_name(c) if k == 1 else copies(k, v.card_name(c)))]
        for c, k in facts.takes
    ]
    several = any(k > 1 for _, k in facts.takes)  # 'two 7s' offered beside single cards
    data: dict[str, object] = {
        "version": version,
        "steps": game.past.count,
        "over": over,
        "turn": turn,
        "ask": text(f"{facts.hint} Tap the card that was played.") if not over else "",
        "cards": cards,
        "can_pick_up": facts.can_pick_up and not over,
        "can_undo": facts.can_undo,
        "can_redo": facts.can_redo,
        "take": {
            "name": "take",
            "label": text(
                f"If {turn} picks up: which face-up cards go with the pile?"
                if several
                else f"If {turn} picks up: which face-up card goes with the pile?"
            ),
            "kind": "select",
            "placeholder": "Choose face-up cards" if several else "Choose a face-up card",
            "values": takes,
            "default": NONE,
            "required": bool(takes),  # Pick up waits for it
        },
        "words": WORDS,
        "pre": pre if pre is not None else _precomputed(game, facts, text, over),
        "judged": _judged(shown, text),
    }
    return data


def _run_axis(v: Any, top: Card, starts: tuple[int, ...]) -> dict[str, object]:
    """The run a card tops (a table rule, ruling 166): none until one is tapped, then the
    run from each lower rank up to it, nearest first ('5 to 6', '4 to 6'); while a run is
    chosen, the axes named in ``alone`` stand at their defaults and are not drawn (a run lays
    each card once, shows no suit and names no number)."""
    name = v.card_label(top)
    return {
        "name": "run",
        "label": visible(f"{name}: the top of a run?"),
        "kind": "segment",
        "values": [[NONE, "No run"]]
        + [[str(low), visible(f"{v.card_label(low)} to {name}")] for low in reversed(starts)],
        "default": NONE,
        "alone": ["count", "as", "suit"],
    }


def _zones(game: Game) -> tuple[tuple[str, str], ...]:
    return tuple((z, ZONE_LABELS[z]) for z in play_from(game))


def _precomputed(game: Game, facts: StepFacts, text: Any, over: bool) -> dict[str, object]:
    """:func:`judged_choices` as the browser looks it up: each verdict's words made ready for
    the screen, and the choices as a tree of the axes' values (card → zone → count → player →
    card given → suit shown → index)."""
    if over:
        return {"verdicts": [], "choices": {}}
    said, index = judged_choices(game, facts)
    tree: dict[str, Any] = {}
    naming = game.pile.fast.naming
    suited = game.choices.suited(game.state)
    runs = game.choices.run_starts
    limiting = game.choices.fast.limiting
    for (card, zone, count, to, give, named, suit, low, limit), i in index.items():
        by_zone = tree.setdefault(_key(card), {}).setdefault(zone, {})
        by_give = by_zone.setdefault(str(count), {}).setdefault(_key(to), {})
        # One more level for the number named (ruling 153), one for the suit shown (149), one
        # for the run's lowest card (166), in the order of the card's axes.
        levels = [_key(give)]
        levels += [_key(named)] if card in naming else []
        levels += [_key(suit)] if card in suited else []
        levels += [_key(low)] if runs(card) else []
        levels += [_key(limit)] if card in limiting else []  # higher or lower (ruling 171)
        node = by_give
        for level in levels[:-1]:
            node = node.setdefault(level, {})
        node[levels[-1]] = i
    return {"verdicts": [_said_data(x, text) for x in said], "choices": tree}


def _judged(shown: Any, text: Any) -> dict[str, object] | None:
    """The server's verdict for a play recorded for another player (out of turn): the one
    choice the browser cannot judge by itself, with the selection it was judged for."""
    sel = shown.selection
    if sel.card is None or not sel.by or shown.choices is None:
        return None
    ch = shown.choices
    said = shown.verdict
    if not isinstance(said, Ask | VerdictView):
        return None
    return {
        "sel": {
            "card": _key(sel.card),
            "zone": ch.zone,
            "count": str(sel.count),
            "by": sel.by,
            "to": _key(sel.to),
            "give": _key(sel.give),
            "as": _key(sel.named),
            "suit": _key(sel.suit),
            "run": _key(sel.run_from),
            "limit": _key(sel.limit),
        },
        "said": _said_data(said, text),
    }


def selection_from(payload: object, game: Game) -> Selection | None:
    """The browser's choice (a JSON object of texts) as a Selection of this game's cards and
    players, or None when it names no card of the game.  Nothing in it is trusted: a card is
    looked up among the variant's, a player among the table's, and the engine judges the play
    again whatever the browser showed."""
    if not isinstance(payload, Mapping):
        return None
    cards = {str(c): c for c in game.variant.all_cards()}
    names = set(game.state.names)

    def card(field: str) -> Card | None:
        value = payload.get(field)
        return cards.get(value) if isinstance(value, str) else None

    def name(field: str) -> str | None:
        value = payload.get(field)
        return value if isinstance(value, str) and value in names else None

    count = payload.get("count")
    zone = payload.get("zone")
    suit = payload.get("suit")
    limit = payload.get("limit")
    take = payload.get("take")
    # The face-up cards a pick-up takes along, looked up among this step's (rulings 108, 141).
    options = {take_key(c, k): (c, k) for c, k in game.choices.take_options(game.state)}
    taken: tuple[Card | None, int] = (
        options.get(take, (None, 1)) if isinstance(take, str) else (None, 1)
    )
    named = payload.get("as")
    numbers = {str(n): n for n in game.variant.ranks}
    run = payload.get("run")  # a run's lowest card (ruling 166), looked up among the ranks
    return Selection(
        named=numbers.get(named) if isinstance(named, str) else None,
        card=card("card"),
        count=count if isinstance(count, int) and not isinstance(count, bool) else 1,
        zone=zone if isinstance(zone, str) and zone else None,
        by=name("by") or "",
        to=name("to"),
        give=card("give"),
        take=taken[0],
        take_copies=taken[1],
        suit=suit if suit in SUITS else None,
        run_from=numbers.get(run) if isinstance(run, str) else None,
        limit=limit if limit in LIMITS else None,
    )


def _lower_first(text: str) -> str:
    """A question as the second half of a label ("Duel: who lost the contest?")."""
    return text[:1].lower() + text[1:]
