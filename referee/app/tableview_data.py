"""The table component's data (issue 27.2): everything the step's controls draw, as plain JSON.

Why: the Referee page's own component (``referee.app.tablecomp``) answers a tap in the browser,
with no round trip, so it needs at once every card, every choice a card offers and every verdict
the mover can get at this step (``view.precompute``).  This module builds that data from the
game and the selection; no Streamlit, and no rule: every verdict is the engine's, judged here
ahead of the taps, and judged again by the server when Play is pressed.

Texts go out ready for ``textContent`` (the browser never parses them as HTML): active characters
made visible (``referee.textout.visible``), the group's words isolated (FSI…PDI) where a sentence
holds them, a name alone on a button as it was typed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from referee import wording
from referee.engine import Game, Play
from referee.plaintext import isolate_words
from referee.textout import visible
from referee.variant.model import Card

from .glance import card_about, card_kind
from .table import ZONE_LABELS, max_count
from .view import (
    Ask,
    Selection,
    StepFacts,
    VerdictView,
    play_from,
    precompute,
    step_facts,
    view,
)

ENV = "KARMA_TABLE"
ASK = -1  # in the choices: this choice asks for a player instead of a verdict


def component_wanted(env: Mapping[str, str] | None = None) -> bool:
    """The Referee page draws the step's controls as one component, unless $KARMA_TABLE says
    ``widgets`` (Streamlit's own widgets, the earlier table: kept for one release as a fallback
    while the tests written for it move to the component)."""
    return (os.environ if env is None else env).get(ENV, "").strip().lower() != "widgets"


def choice_key(
    card: Card | str,
    zone: str,
    count: int,
    to: str | None,
    give: Card | str | None,
    by: str | None = None,
) -> str:
    """A choice as the browser keys it: 'card|zone|count|to|give' (as ``Precomputed.data``),
    with '|by' added for a play recorded for another player."""
    key = f"{card}|{zone}|{count}|{to or ''}|{'' if give is None else give}"
    return key if by is None else f"{key}|{by}"


def _verdict_list(v: VerdictView, text: Any) -> list[object]:
    return [v.legal, text(v.answer), text(v.detail), text(v.todo), text(v.rule)]


def table_data(
    game: Game,
    version: int,
    sel: Selection | None = None,
    facts: StepFacts | None = None,
    group: Iterable[str] = (),
    pre: dict[str, object] | None = None,
) -> dict[str, object]:
    """The component's data for this step.  ``sel`` is the selection the server last heard of
    (only a play recorded for another player is sent to it): its verdict, judged here, goes
    along as ``judged``.  ``group``: the group's words to isolate in sentences.  ``pre``: this
    step's precomputed verdicts (``data["pre"]`` of an earlier call), if the caller kept them:
    they change only when a step is taken."""
    facts = step_facts(game) if facts is None else facts
    words = tuple(w for w in group if w)

    def text(s: object) -> str:
        return isolate_words(s, words, literal=visible)

    v = game.variant
    shown = view(game, sel or Selection(), facts)
    over = shown.over
    turn = facts.turn or ""
    cards = []
    for c in shown.cards:
        needs = game.needs(c.card)
        kind = card_kind(v, c.card)
        name = v.card_name(c.card)
        cards.append(
            {
                "id": str(c.card),
                "label": visible(c.label),
                "name": visible(name),
                "kind": kind.value,
                "symbol": kind.symbol,
                "words": kind.words,
                "struck": c.struck,
                "most": max_count(game, c.card),
                "target": text(f"{name}: which player?") if needs.needs_target else "",
                "who": text(f"Who is the {name} for? Choose a player just above.")
                if needs.needs_target
                else "",
                "gives": needs.takes_give,
                "about": text(card_about(v, c.card)),
            }
        )
    data: dict[str, object] = {
        "version": version,
        "steps": game.step_count,
        "over": over,
        "turn": turn,
        "zone": facts.zone,
        "ask": text(f"{facts.hint} Tap the card that was played.") if not over else "",
        "cards": cards,
        "zones": [[z, label] for z, label in _zones(game)],
        "players": [[n, visible(n)] for n in game.state.names],  # (id, shown)
        "mover_label": text(f"{turn} (their turn)") if turn else "",
        "give_cards": [[str(c), visible(v.card_name(c))] for c in v.all_cards()],
        "can_pick_up": facts.can_pick_up and not over,
        "can_undo": facts.can_undo,
        "can_redo": facts.can_redo,
        "takes": [[str(c), visible(v.card_name(c))] for c in facts.takes],
        "take_prompt": text(f"If {turn} picks up: which face-up card goes with the pile?"),
        "pre": pre if pre is not None else _precomputed(game, facts, text, over),
        "judged": _judged(shown, text),
    }
    return data


def _zones(game: Game) -> tuple[tuple[str, str], ...]:
    return tuple((z, ZONE_LABELS[z]) for z in play_from(game))


def _precomputed(game: Game, facts: StepFacts, text: Any, over: bool) -> dict[str, object]:
    """``precompute(...).data()`` with the words made ready for the screen, and one more entry
    for each card that needs a player and has none chosen yet: the verdict where the engine
    needs no player (a blind card that misses, ruling 112), else ``ASK`` (the page asks whom
    the card is for, as ``view`` does)."""
    if over:
        return {"verdicts": [], "choices": {}}
    pre = precompute(game, facts)
    verdicts = [_verdict_list(x, text) for x in pre.verdicts]
    choices: dict[str, int] = {
        choice_key(card, zone, count, to, give): i
        for (card, zone, count, to, give), i in pre.index.items()
    }
    mover = facts.turn
    v = game.variant
    judge = game.rules.judge
    seen: dict[object, int] = {}
    for card in v.all_cards() if mover is not None else ():
        needs = game.needs(card)
        if not needs.needs_target:
            continue
        gives: tuple[Card | None, ...] = (None, *v.all_cards()) if needs.takes_give else (None,)
        for zone in play_from(game):
            for count in range(1, max_count(game, card) + 1):
                for give in gives:
                    step = Play(mover or "", (card,) * count, zone, None, give)
                    key = choice_key(card, zone, count, None, give)
                    j = judge(game.state, step)  # as Game.is_legal, without words
                    if not j.legal:
                        choices[key] = ASK
                        continue
                    i = seen.get(j)
                    if i is None:  # worded once per distinct judgement, as precompute does
                        parts = wording.verdict_parts(game.rules.worded(game.state, j))
                        i = seen[j] = len(verdicts)
                        said = VerdictView(True, parts.answer, parts.detail, parts.todo, parts.rule)
                        verdicts.append(_verdict_list(said, text))
                    choices[key] = i
    return {"verdicts": verdicts, "choices": choices}


def _judged(shown: Any, text: Any) -> dict[str, object] | None:
    """The server's verdict for a play recorded for another player (out of turn): the one
    choice the browser cannot judge by itself."""
    sel = shown.selection
    if sel.card is None or not sel.by or shown.choices is None:
        return None
    ch = shown.choices
    key = choice_key(sel.card, ch.zone, sel.count, sel.to, sel.give, sel.by)
    said = shown.verdict
    if isinstance(said, Ask):
        return {"key": key, "ask": text(said.text), "about": text(said.about)}
    if isinstance(said, VerdictView):
        return {"key": key, "verdict": _verdict_list(said, text), "about": text(said.about)}
    return None


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
    return Selection(
        card=card("card"),
        count=count if isinstance(count, int) and not isinstance(count, bool) else 1,
        zone=zone if isinstance(zone, str) and zone else None,
        by=name("by") or "",
        to=name("to"),
        give=card("give"),
        take=card("take"),
    )
