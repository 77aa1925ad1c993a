"""What the table reads at a glance, without Streamlit: the kind of every card, the top card as
a card, the direction of play, what may follow, and the end of a game in numbers.

Nothing here decides a rule: every fact comes from the engine (``Game``) and every sentence from
``referee.words.sentences``; this module only picks the facts a family looks for across the table and
shapes them for the screen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from referee.app.common import html_plain
from referee.engine import Game, PickUp
from referee.variant.model import Card, KarmaCard, Variant
from referee.variant.sheet import describe_effects
from referee.words import sentences


class CardKind(Enum):
    """How a card looks in the grid, on the pile and in the log: told apart by a symbol and a
    shape, not by colour alone (issue 17)."""

    NUMBER = "number"  # a plain number card
    POWER = "power"  # a number rank with a house power (R1.4, R5.5)
    KARMA = "karma"  # a printed Karma card (R8.1-R8.11)
    OWN = "own"  # the group's own card: Create Your Karma (R8.12) or a house card
    JOKER = "joker"  # a joker of an ordinary pack: wild, not a number

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def words(self) -> str:
        """What the kind is called on screen (a label as well as the symbol)."""
        return _KIND_WORDS[self]

    @property
    def icon(self) -> str | None:
        """The Material icon a card button carries (Streamlit's ``icon=``)."""
        return _ICONS[self]


_SYMBOLS = {
    CardKind.NUMBER: "",
    CardKind.POWER: "⚡",
    CardKind.KARMA: "✦",
    CardKind.OWN: "♥",
    CardKind.JOKER: "★",
}
_KIND_WORDS = {
    CardKind.NUMBER: "number card",
    CardKind.POWER: "number card with a power",
    CardKind.KARMA: "Karma card",
    CardKind.OWN: "our own card",
    CardKind.JOKER: "joker",
}
_ICONS = {
    CardKind.NUMBER: None,
    CardKind.POWER: ":material/bolt:",
    CardKind.KARMA: ":material/auto_awesome:",
    CardKind.OWN: ":material/favorite:",
    CardKind.JOKER: ":material/star:",
}

_PRINTED_RULE = re.compile(r"R8\.(\d+)$")


def _printed(card: KarmaCard) -> bool:
    """A printed Karma card cites one of R8.1-R8.11; Create Your Karma (R8.12) and a house
    card without a rule are the group's own."""
    m = _PRINTED_RULE.match(card.rule)
    return m is not None and 1 <= int(m.group(1)) <= 11


def card_kind(variant: Variant, card: Card) -> CardKind:
    if isinstance(card, str):
        k = variant.karma(card)
        if k is not None and k.joker:
            return CardKind.JOKER
        return CardKind.KARMA if k is not None and _printed(k) else CardKind.OWN
    return CardKind.POWER if variant.effects_of(card) else CardKind.NUMBER


def card_words(variant: Variant, card: Card) -> str:
    """A card's name with its kind's symbol: '7', '⚡ 10', 'Queen', '✦ Five or Below', '♥ Musical
    Chairs', '★ Joker' — the log and the lists use it, so a card looks the same everywhere."""
    symbol = card_kind(variant, card).symbol
    name = variant.card_name(card)
    return f"{symbol} {name}" if symbol else name


def card_about(variant: Variant, card: Card) -> str:
    """What a card is about, shown when it is tapped (issue 31.7): the group's own words and a
    sentence made from its effects, so the two never part; a card without words of its own
    shows the made one alone.  '' for a plain number."""
    effects = variant.effects_of(card)
    karma = variant.karma(card) if isinstance(card, str) else None
    power = next((p for p in variant.rank_powers if p.rank == card), None)
    own = karma.text if karma is not None else power.text if power is not None else ""
    if not effects and karma is None:
        return ""
    does = f"What it does: {describe_effects(effects, variant)}"
    if isinstance(card, str) and not effects:
        does = "What it does: it is wild, and nothing more happens."
    return (
        f"{card_words(variant, card)}: {own} {does}"
        if own
        else f"{card_words(variant, card)}: {does}"
    )


# --- the top card ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TopCard:
    """The card that lies on top of the pile, as the screen draws it."""

    kind: CardKind | None  # None: the pile is empty
    face: str  # the big text: the rank, or the Karma card's symbol
    name: str  # '' for a plain number; the card's name otherwise
    note: str  # 'counts 0', 'counts as 5', 'any card may start it'


def top_card(game: Game) -> TopCard:
    top = game.top
    v = game.variant
    if top is None:
        return TopCard(None, "", "Empty pile", "Any card may start it.")
    kind = card_kind(v, top)
    value = game.pile.top_value(game.state)
    if isinstance(top, str):
        face, name = kind.symbol, v.card_name(top)
        note = "Counts 0." if not value else f"Counts as {v.rank_name(value)}."
    else:
        # An ordinary pack's face shows its label ('Q') and says its name ('Queen').
        face = v.card_label(top)
        name = v.card_name(top) if kind is not CardKind.NUMBER or face != str(top) else ""
        if value is None or value <= 0:
            note = "Counts 0."
        else:
            note = "" if value == top else f"Counts as {v.rank_name(value)}."
    return TopCard(kind, face, name, note)


# --- direction and what may follow -----------------------------------------------------------


@dataclass(frozen=True)
class Direction:
    clockwise: bool
    order: tuple[str, ...]  # the players still in, from the mover, in the direction of play

    @property
    def arrow(self) -> str:
        return "↻" if self.clockwise else "↺"

    @property
    def words(self) -> str:
        return "Clockwise" if self.clockwise else "Anticlockwise"


def direction(game: Game) -> Direction | None:
    s = game.state
    n = len(s.names)
    if game.turn is None or n == 0:
        return None
    start = s.names.index(game.turn)
    step = 1 if s.direction >= 0 else -1
    order = [s.names[(start + k * step) % n] for k in range(n)]
    ins = tuple(name for name in order if s.is_in(s.seat_of(name)))
    return Direction(step == 1, ins)


def may_follow(game: Game) -> str:
    """What the next play may be, in a few words: 'Any card', '7 or higher, or a Karma card',
    'A number from 7 to 11, or a Karma card', 'Any face-up card' (a play owed at once): the
    advice's own facts, so the line and the prompt never differ (``sentences.next_play``)."""
    d = game.advice.facts(game.state)
    return "" if d.over else sentences.next_play(d, game.advice.voice)


# --- the end of a game -----------------------------------------------------------------------


@dataclass(frozen=True)
class EndSummary:
    """The end of a game (R10): who went out in which order, who lost and why, and a few
    numbers for the table to talk about."""

    out_order: tuple[str, ...]  # the winners, first out first
    loser: str | None
    why: str
    steps: int
    burns: int
    pick_ups: int
    karma_played: int


def end_summary(game: Game) -> EndSummary | None:
    """None while the game goes on. A player who went out and came back in (R10.3) is placed
    by the last time they went out."""
    if not game.over:
        return None
    order: list[str] = []
    burns = pick_ups = karma = 0
    for step, outcome in game.past.log:
        for name in outcome.came_in:
            if name in order:
                order.remove(name)
        for name in outcome.went_out:
            if name in order:
                order.remove(name)
            order.append(name)
        burns += int(outcome.burned)
        if isinstance(step, PickUp) or outcome.picked_up:
            pick_ups += 1
        if not isinstance(step, PickUp) and isinstance(step.cards[0], str):
            karma += 1
    loser = game.loser
    order = [n for n in order if n != loser]
    # Players who held nothing from the start (R2.4) are out without a step: last of all.
    s = game.state
    order += [n for n in s.names if n != loser and n not in order]
    holds = s.seats[s.seat_of(loser)].total if loser is not None else 0
    return EndSummary(
        out_order=tuple(order),
        loser=loser,
        why=sentences.ends(loser, holds),
        steps=game.past.count,
        burns=burns,
        pick_ups=pick_ups,
        karma_played=karma,
    )


def place_words(n: int) -> str:
    """'1st', '2nd', '3rd', '4th' … for the order players went out."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def times_words(n: int, what: str) -> str:
    """'no burns', '1 burn', '3 burns': digits, as the step count beside it ('122 steps ·
    6 burns', never '122 steps · six burns')."""
    if n == 0:
        return f"no {what}s"
    return f"{n} {what}{'' if n == 1 else 's'}"


# --- drawn as HTML (every text escaped: a group's words are never markup) -----------------------


def esc(text: object) -> str:
    """Text for st.html: HTML-escaped, so a name like '<b>Ann</b>' shows exactly as typed, and
    control and bidi characters shown as escapes (:func:`referee.words.inert.html_text`: one rule
    for every HTML the referee writes), the page's group words isolated
    (:func:`referee.app.common.html_plain`)."""
    return html_plain(text)
