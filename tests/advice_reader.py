"""The advice read back as a person reads it (issue 39.5): which cards and kinds of card a hint
names, so that a test can hold them against the referee's verdicts.

A hint names some cards one by one ('a 3', 'Bottoms Up', 'a wild 2, 8 or 10', the ends of a
range) and some as kinds ('9 or higher', 'a Karma card', 'a wild card', 'any Karma card but
Last Laugh').  This reader knows the words ``referee.words.sentences.may_go`` makes and nothing of how
it makes them: it reads the variant's own card names and ranks.  Words it does not know fail.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from referee.effects import traits_of
from referee.engine import ZONES, Game, PickUp, Play, SetupError, Step
from referee.variant.model import Card, Variant


@dataclass
class Named:
    """What a piece of advice names: cards one by one, kinds of card (each a set of the
    variant's cards, to be read over what the mover may hold), and cards it names only to say
    they may not go ('any Karma card but Last Laugh', '7 or higher but 8')."""

    cards: set[Card] = field(default_factory=set)
    kinds: list[frozenset[Card]] = field(default_factory=list)
    not_: set[Card] = field(default_factory=set)
    any: bool = False  # 'any card': every card the mover may hold

    def covers(self, held: set[Card]) -> set[Card]:
        """The cards of ``held`` the advice says may go."""
        if self.any:
            return set(held)
        out = set(self.cards) & held
        for kind in self.kinds:
            out |= kind & held
        return out - self.not_


class Reader:
    """Reads the words for what may go in one variant."""

    def __init__(self, v: Variant) -> None:
        self.v = v
        cards = v.all_cards()
        self.wild = {c for c in cards if traits_of(v.effects_of(c), isinstance(c, str)).wild}
        self.numbers = sorted(c for c in cards if isinstance(c, int) and c not in self.wild)
        self.specials = [c for c in cards if isinstance(c, str)]
        self.joker = v.jokers.id if v.jokers is not None else None
        self.karma = [c for c in self.specials if c != self.joker]
        # every way a rank is said: '7', 'Queen'
        self.rank_words: dict[str, int] = {str(r): r for r in v.ranks}
        for r, (_, name) in v.faces().items():
            self.rank_words[name] = r
        self.names = sorted(((v.card_name(c), c) for c in self.specials), key=lambda p: -len(p[0]))

    # --- pieces -------------------------------------------------------------------------

    def _rank(self, text: str) -> tuple[int, str] | None:
        """A rank said at the start of ``text``, and what follows it."""
        for word in sorted(self.rank_words, key=len, reverse=True):
            for lead in ("an ", "a ", ""):
                said = lead + word
                if text.startswith(said) and not text[len(said) : len(said) + 1].isalnum():
                    return self.rank_words[word], text[len(said) :]
        return None

    def _name(self, text: str, karma_only: bool = False) -> tuple[Card, str] | None:
        """A special card's name at the start of ``text`` (with its article, for a joker);
        ``karma_only``: a Karma card's bare name (the exceptions to 'any Karma card')."""
        for name, card in self.names:
            if karma_only and card == self.joker:
                continue
            for lead in ("an ", "a ", "") if not karma_only else ("",):
                said = lead + name
                if text.startswith(said):
                    return card, text[len(said) :]
        return None

    def _ranks(self, text: str) -> tuple[list[int], str]:
        """'2, 8 or 10', '7 and 9': ranks in a list, as long as the list goes on."""
        out: list[int] = []
        rest = text
        while True:
            got = self._rank(rest)
            if got is None:
                break
            out.append(got[0])
            rest = got[1]
            m = re.match(r"(, | or | and )", rest)
            after = rest[m.end() :] if m else ""
            if not m or self._rank(after) is None or self._whole_name(after):
                break
            rest = rest[m.end() :]
        return out, rest

    def _span(self, lo: int, hi: int) -> frozenset[Card]:
        return frozenset(n for n in self.numbers if lo <= n <= hi)

    def _numbers(self, text: str, named: Named) -> str | None:
        """The numbers' part, if ``text`` starts with one; returns what follows."""
        m = re.match(r"any number|any card from (\w+) to (\w+)", text)
        if m:
            named.kinds.append(frozenset(self.numbers))
            return text[m.end() :]
        m = re.match(r"a (?:number|card) from ", text)
        if m:
            lo = self._rank(text[m.end() :])
            assert lo is not None, text
            assert lo[1].startswith(" to "), text
            hi = self._rank(lo[1][4:])
            assert hi is not None, text
            named.cards |= {lo[0], hi[0]}
            named.kinds.append(self._span(lo[0], hi[0]))
            return self._but(hi[1], named)
        got = self._rank(text)
        if got is None:
            return None
        n, rest = got
        if rest.startswith(" or higher"):
            named.cards.add(n)
            named.kinds.append(self._span(n, 10**6))
            return self._but(rest[len(" or higher") :], named)
        if rest.startswith(" or lower"):
            named.cards.add(n)
            named.kinds.append(self._span(-(10**6), n))
            return self._but(rest[len(" or lower") :], named)
        listed, rest = self._ranks(text)
        named.cards |= set(listed)
        return rest

    def _but(self, text: str, named: Named) -> str:
        if text.startswith(" but "):
            listed, rest = self._ranks(text[5:])
            assert listed, text
            named.not_ |= set(listed)
            return rest
        return text

    def _whole_name(self, text: str) -> bool:
        """Whether ``text`` starts with a special card's whole name ('7 to 11' is a Karma
        card of second-edition, not a range)."""
        got = self._name(text)
        return got is not None and (not got[1] or re.match(r"(, | or )", got[1]) is not None)

    def _alternative(self, text: str, named: Named) -> str:
        """One alternative to the numbers: a kind of special card, or cards by name."""
        if self._whole_name(text):
            got = self._name(text)
            assert got is not None
            named.cards.add(got[0])
            return got[1]
        if text.startswith("a wild card"):
            named.kinds.append(frozenset(self.wild))
            return text[len("a wild card") :]
        if text.startswith("a Karma card"):
            named.kinds.append(frozenset(self.karma))
            return text[len("a Karma card") :]
        if text.startswith("any Karma card but "):
            named.kinds.append(frozenset(self.karma))
            rest = text[len("any Karma card but ") :]
            while True:
                got = self._name(rest, karma_only=True)
                assert got is not None, text
                named.not_.add(got[0])
                rest = got[1]
                m = re.match(r"(, | and )", rest)
                if not m or self._name(rest[m.end() :], karma_only=True) is None:
                    return rest
                rest = rest[m.end() :]
        if text.startswith("a wild "):
            listed, rest = self._ranks(text[len("a wild ") :])
            assert listed, text
            named.cards |= set(listed)
            return rest
        got = self._name(text)
        assert got is not None, f"words the reader does not know: {text!r}"
        named.cards.add(got[0])
        return got[1]

    # --- the whole -------------------------------------------------------------------------

    def read(self, what: str) -> Named:
        """The cards and kinds the words for what may go name ('' or 'any card': any)."""
        named = Named()
        # The Karma cards that may not go, said in a sentence of their own after the rest.
        what = what.replace(". Or any Karma card but ", ", or any Karma card but ")
        # The starting card the first play must show (ruling 167): its rank, of one suit.
        what = re.sub(r"^the (.+) of (hearts|diamonds|clubs|spades)$", r"\1", what)
        if what in ("", "any card"):
            named.any = True
            return named
        rest = None if self._whole_name(what) else self._numbers(what, named)
        if rest is None:
            rest = what
        else:
            if not rest:
                return named
            m = re.match(r"(, or |, | or )", rest)
            assert m, f"words the reader does not know: {rest!r} in {what!r}"
            rest = rest[m.end() :]
        while True:
            rest = self._alternative(rest, named)
            if not rest:
                return named
            m = re.match(r"(, or |, | or )", rest)
            assert m, f"words the reader does not know: {rest!r} in {what!r}"
            rest = rest[m.end() :]


@dataclass
class Hint:
    """A hint's sentences read back."""

    zone: str | None  # where the play comes from; None: no play is offered
    what: str | None  # the words for what may go; None: no card is named
    pick_up: bool  # picking up is offered
    only_pick_up: bool  # picking up is the one step: the whole hint says just that
    gamble: bool  # turning over the draw pile's top card is offered
    chosen: tuple[str, ...]  # the cards said to need a chosen player
    some_chosen: bool = False  # 'Some cards need a chosen player.' (more than three)
    # A card of ``chosen`` said by the suits whose plays choose (issue 42): 'a red 4' gives
    # '4': {diamonds, hearts}, 'the 4 of hearts' '4': {hearts}; a card said plainly: none.
    suits: dict[str, frozenset[str]] = field(default_factory=dict)


_SUITS = ("clubs", "diamonds", "hearts", "spades")
_COLOURS = {"red": frozenset({"diamonds", "hearts"}), "black": frozenset({"clubs", "spades"})}


def _chosen_card(item: str) -> tuple[str, frozenset[str] | None]:
    """One card of the hint's chosen-player sentence, read back: 'a red 4' ('4', {diamonds,
    hearts}), 'the 4 of hearts', 'a red 4 or the 4 of spades'; a card said plainly (a Karma
    card's name may hold 'or': 'Five or Below') is itself, with no suits."""
    parts = item.split(" or ")
    found: set[str] = set()
    names = set()
    for part in parts:
        m = re.fullmatch(r"a (red|black) (.+)", part) or re.fullmatch(
            rf"the (.+) of ({'|'.join(_SUITS)})", part
        )
        if m is None:
            return item, None
        colour = m.group(1) in _COLOURS
        names.add(m.group(2) if colour else m.group(1))
        found |= _COLOURS[m.group(1)] if colour else {m.group(2)}
    if len(names) != 1:
        return item, None
    return names.pop(), frozenset(found)


def _chosen_cards(said: str) -> tuple[tuple[str, ...], dict[str, frozenset[str]]]:
    """The cards the hint says need a chosen player ('Give the Pile to a Friend and a red 4'),
    and those said by their suits, with the suits (``Hint.suits``)."""
    chosen: tuple[str, ...] = ()
    suits: dict[str, frozenset[str]] = {}
    for i, item in enumerate(re.split(r", | and ", said)):
        name, kinds = _chosen_card(item)
        if kinds is None and i == 0:  # the sentence's first word: 'A red 4', 'The 4 of'
            low, lowered = _chosen_card(item[:1].lower() + item[1:])
            name, kinds = (low, lowered) if lowered is not None else (name, kinds)
        chosen += (name,)
        if kinds is not None:
            suits[name] = kinds
    return chosen, suits


def read_hint(text: str, who: str) -> Hint:
    """A hint's sentences, read back; an AssertionError for words it does not know."""
    w = re.escape(who)
    pile = r"the pile(?: and one face-up card(?:, or more of one rank)?)?"
    draw = "turn over the top card of the draw pile"
    if re.fullmatch(rf"{w} must pick up {pile}\.", text) or re.fullmatch(
        rf"{w} cannot play, so .+ picks up the pile\.",
        text,  # a dare on top (rule 78)
    ):
        return Hint(None, None, True, True, False, ())
    if re.fullmatch(rf"{w} must pick up {pile} or {draw}\.", text):
        return Hint(None, None, True, False, True, ())
    m = re.fullmatch(rf"{w} cannot play, so \S+ picks up the pile\.( Or {w} may {draw}\.)?", text)
    if m:  # a dare on top sends the pile back to its player (rule 78)
        return Hint(None, None, True, not m.group(1), bool(m.group(1)), ())
    chosen: tuple[str, ...] = ()
    suits: dict[str, frozenset[str]] = {}
    some = False
    m = re.search(r" ?([^.]*?) (?:needs|need) a chosen player\.$", text)
    if m:
        some = m.group(1) == "Some cards"
        chosen, suits = ((), {}) if some else _chosen_cards(m.group(1))
        text = text[: m.start()]
    gamble = text.endswith(f" Or {who} may {draw}.")
    text = text.removesuffix(f" Or {who} may {draw}.")
    pick = re.search(rf" Or {w} may pick up {pile}\.$", text) or re.search(
        rf" If {w} cannot, .+ picks up the pile\.$",
        text,  # a dare on top (rule 78)
    )
    if pick:
        text = text[: pick.start()]
    # A dare on top (rule 78): picking up sends the pile back to the card's player.
    back = re.search(rf" If {w} cannot, \S+ picks up the pile\.$", text)
    if back:
        text = text[: back.start()]
        pick = back
    if re.fullmatch(
        rf"{w} has no hand cards, and table cards wait until the draw pile is empty\.", text
    ) or re.fullmatch(rf"No card may go on the pile now, so {w} cannot step\.", text):
        return Hint(None, None, False, False, gamble, chosen, some, suits)
    m = re.fullmatch(
        rf"{w} must play a (hand|face-up|face-down) card now\. Any card may go\.", text
    )
    if m:
        zone = {"hand": "hand", "face-up": "face_up", "face-down": "face_down"}[m.group(1)]
        return Hint(zone, "", False, False, gamble, chosen, some, suits)
    # A cover that must beat a value (ruling 157): what covers it, and the pick-up if open.
    m = re.fullmatch(rf"{w} must play a (hand|face-up|face-down) card now(?:: (.*?))?\.", text)
    if m:
        zone = {"hand": "hand", "face-up": "face_up", "face-down": "face_down"}[m.group(1)]
        return Hint(zone, m.group(2) or "", bool(pick), False, gamble, chosen, some, suits)
    m = re.fullmatch(
        rf"{w} may turn over a face-down card(, or pick up the pile)?\."
        r"(?: It fits if it is (.*)\.| Any card may go\.| (No card fits now)\.)",
        text,
    )
    if m:
        what = None if m.group(3) else (m.group(2) or "")
        taken = bool(m.group(1) or back)
        return Hint("face_down", what, taken, False, gamble, chosen, some, suits)
    m = re.fullmatch(
        rf"{w} may play (?:two|three|four|five|six) or more (from their hand|face-up cards) at "
        r"once(?:: (.*?))?\.",
        text,
    )
    if m:
        zone = "hand" if "hand" in m.group(1) else "face_up"
        return Hint(zone, m.group(2) or "", bool(pick), False, gamble, chosen, some, suits)
    # The pile given to them, to pass on with the cards that may go (ruling 168).
    m = re.fullmatch(
        rf"{w} may pass the pile on with (a card from their hand|a face-up card): (.*?)\.", text
    )
    if m:
        zone = "hand" if "hand" in m.group(1) else "face_up"
        return Hint(zone, m.group(2), bool(pick), False, gamble, chosen, some, suits)
    m = re.fullmatch(
        rf"{w} may play (any card from their hand|any face-up card|from their hand: (.*?)"
        r"|a face-up card: (.*?))\.",
        text,
    )
    assert m, f"words the reader does not know: {text!r}"
    zone = "hand" if "hand" in m.group(1) else "face_up"
    return Hint(
        zone, m.group(2) or m.group(3) or "", bool(pick), False, gamble, chosen, some, suits
    )


# --- reachable states and what a table might propose there ---------------------------------

NAMES = ("Ann", "Ben", "Cal", "Dee", "Eve", "Fay")


def games(variant: Variant, n: int, seed: int, steps: int) -> Iterator[Game]:
    """Reachable states of one random game: each state as a full-information game sees it
    (bots, the simulator) and as the referee at a table sees it (hands and face-down cards
    unknown, the face-up cards known), the same steps taken in both."""
    try:
        full = Game.shuffled(variant, list(NAMES[:n]), seed)
        table = Game.deal(variant, list(full.players), full.initial_face_up, full.told)
    except SetupError:
        return
    rng = random.Random(seed)
    for _ in range(steps):
        yield full
        yield table
        if full.over:
            return
        step = rng.choice(
            full.choices.legal_steps(full.state) + full.choices.out_of_turn_steps(full.state)
        )
        full.push(step)
        table.push(step)


def proposals(game: Game, rng: random.Random, limit: int) -> list[Step]:
    """Steps a table might propose now, most of them refused: every card of the variant from
    the zone due (one copy and two), from another zone, by another player (the top card among
    them: a cut-in), and the pick-ups."""
    who = game.turn
    if who is None:
        return [PickUp(game.players[0])]
    zone = game.zone_to_play() or "hand"
    others = [p for p in game.players if p != who]
    out: list[Step] = [PickUp(who), PickUp(others[0])]
    cards = game.variant.all_cards()
    for c in cards:
        to = others[0] if game.choices.needs[c].needs_target else None
        out.append(Play(who, (c,), zone, to))
        out.append(Play(who, (c, c), zone, to))
        out.append(Play(who, (c,), rng.choice([z for z in ZONES if z != zone]), to))
        out.append(Play(rng.choice(others), (c,), rng.choice(ZONES), to))
    if game.top is not None:
        out += [Play(o, (game.top,), z) for o in others for z in ZONES]
    return rng.sample(out, min(limit, len(out)))
