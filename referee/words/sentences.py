"""One voice for every verdict: the referee's decisions in plain words (R11).

The engine decides and hands over *reasons with typed facts* (``Verdict.reason``/``.data``
from ``referee.words.reasons``, the hint's facts, the facts of an outcome); this module turns them into the sentences the CLI, the
app, records and the simulator all show, for the variant at hand (a variant without Karma cards
never hears "or a Karma card").  An effect's own words live in its unit
(``referee/effects/<name>.py``); everything the engine itself says is here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

from referee import words
from referee.table.state import Restriction
from referee.words.reasons import (
    CanPlay,
    CardFacts,
    Count,
    CutIn,
    Facts,
    FollowUpZone,
    GameOver,
    HintFacts,
    Holding,
    HouseRule,
    InZone,
    MayGo,
    MixedCards,
    NamedAs,
    NamedFit,
    NamedOnly,
    NoFacts,
    NotOnDrawPile,
    NotYourTurn,
    OnTop,
    Place,
    Played,
    Reason,
    Restricted,
    Sent,
    Shown,
    ShownTwice,
    Taken,
    Target,
    TooLow,
    UnknownCard,
    Who,
)

if TYPE_CHECKING:
    from referee.variant.model import Variant


class Judged(Protocol):
    """What a verdict shows (``engine.steps.Verdict``), read here without importing the engine,
    which imports this module."""

    @property
    def legal(self) -> bool: ...
    @property
    def rule(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def instead(self) -> str: ...


ZONE_WORDS = {"hand": "hand cards", "face_up": "face-up cards", "face_down": "face-down cards"}


@dataclass(frozen=True)
class Voice:
    """What the words depend on in a variant: its name, whether it has Karma cards (and
    jokers), its wild number ranks, its lowest rank and, in an ordinary pack, the ranks said by
    name (12 is 'Queen')."""

    name: str
    karma: bool
    wild_ranks: tuple[str, ...] = ()
    low: int = 2
    faces: tuple[tuple[int, str], ...] = ()  # rank -> name, in an ordinary pack
    joker: str = ""  # the jokers' name, if the pack has jokers
    suits: bool = False  # the pack's suits count (issue 42)
    tame: tuple[str, ...] = ()  # Karma cards and jokers played as a number: not wild (ruling 162)

    @classmethod
    def of(cls, variant: Variant) -> Voice:
        return cls(
            variant.name,
            bool(variant.karma_cards),
            tuple(words.wild_ranks(variant)),
            variant.ranks_low,
            tuple((r, name) for r, (_, name) in variant.faces().items()),
            variant.jokers.name if variant.jokers is not None else "",
            variant.suits,
            words.tame_specials(variant),
        )

    @property
    def ordinary(self) -> bool:
        return bool(self.faces)

    def rank(self, n: int) -> str:
        """'7', 'Queen': a rank as this variant says it."""
        return dict(self.faces).get(n, str(n))

    @property
    def specials(self) -> list[str]:
        """Every kind of special card, one at a time: 'a Karma card', 'a Joker'."""
        out = ["a Karma card"] if self.karma else []
        if self.joker:
            out.append(words.a_card(self.joker))
        return out

    @property
    def alternatives(self) -> list[str]:
        """What else goes under a restriction or on a high card: a Karma card, a Joker, wild
        ranks."""
        out = self.specials
        if len(self.wild_ranks) == 1:
            out.append(f"a wild {self.wild_ranks[0]}")
        elif self.wild_ranks:
            out.append(f"a wild {words.or_list(self.wild_ranks)}")
        return out

    def may_play(self, what: str) -> str:
        """'5 or lower, or a Karma card', '9 or higher, a Karma card or a wild 10', '7 or lower,
        or a wild 2, 8 or 10', or just
        '5 or lower' in a variant with neither Karma cards nor wild ranks."""
        alts = self.alternatives
        if len(alts) == 1:
            return f"{what}, or {alts[0]}"
        return f"{what}, {words.or_list(alts)}" if alts else what


# --- verdicts ---------------------------------------------------------------------------------


class VerdictParts(NamedTuple):
    """A verdict in the parts a screen shows apart: the ``answer`` with its reason in one short
    sentence ('No: 1 is lower than 6.'), any ``detail`` (more short sentences: where the copies
    of a card are), what to do now (``todo``, every illegal verdict's ``instead``) and the
    ``rule`` it cites, for a small tag ('R5.2')."""

    answer: str
    detail: str
    todo: str
    rule: str


def verdict_parts(v: Judged) -> VerdictParts:
    """A verdict's words apart: its message is the answer, then any detail on lines of their
    own (``verdict_message``)."""
    answer, _, detail = v.message.partition("\n")
    return VerdictParts(answer, detail.replace("\n", " "), v.instead, v.rule)


def verdict_text(v: Judged) -> str:
    """A verdict as a child reads it, without the rule id: 'No: 5 is lower than 9. Ann may play
    from their hand: 9 or higher, or a Karma card. Or Ann may pick up the pile.'"""
    p = verdict_parts(v)
    return " ".join(part for part in (p.answer, p.detail, p.todo) if part)


def verdict_line(v: Judged) -> str:
    """A verdict on one line with its rule as a trailing tag ('… [R5.2]'): the CLI, records."""
    return f"{verdict_text(v)} [{v.rule}]" if v.rule else verdict_text(v)


def the_run(cards: list[str]) -> str:
    """'The run: 4, 5 and 6.' (the table's words beside a run's verdict, ruling 166)."""
    return f"The run: {words.and_list(cards)}."


def with_run(parts: VerdictParts, cards: list[str]) -> VerdictParts:
    """A verdict's parts on a run (ruling 166) with the run said first in its detail: the
    table shows which cards the run holds beside the verdict, judged by its lowest card."""
    detail = " ".join(x for x in (the_run(cards), parts.detail) if x)
    return parts._replace(detail=detail)


def _where(zone: str | None) -> str:
    return ZONE_WORDS.get(zone or "", zone or "")


def range_words(r: Restriction, voice: Voice | None = None) -> str:
    """A restriction in words: '5 or lower', 'a number from 7 to 11'; in an ordinary pack
    'Queen or lower', 'a card from 7 to Jack'."""
    lo, hi = r.lo, r.hi
    say: Callable[[int], str] = voice.rank if voice is not None else str
    ordinary = voice is not None and voice.ordinary
    if lo is None and hi is None:
        return "any card" if ordinary else "any number"
    if lo is None:
        assert hi is not None
        return f"{say(hi)} or lower"
    if hi is None:
        return f"{say(lo)} or higher"
    return f"a {'card' if ordinary else 'number'} from {say(lo)} to {say(hi)}"


def _a(card: str) -> str:
    """'a 9', 'an 8', 'a Queen', 'Five or Below': one card said aloud."""
    return words.a_card(card)


def _taken(k: int, card: str) -> str:
    """'a 7', 'two 7s': the face-up cards taken with the pile (rulings 108 and 141)."""
    return _a(card) if k == 1 else words.copies(k, card)


def _no_such_suit(d: Shown, v: Voice) -> str:
    """A suit shown where none counts, on a card with no suit, or a word that is no suit."""
    if not v.suits:
        return f"No: the suits do not count in {v.name}, so a play shows none."
    if d.suit not in ("clubs", "diamonds", "hearts", "spades"):
        return f"No: a suit is clubs, diamonds, hearts or spades, not {d.suit!r}."
    return f"No: {_a(d.card)} has no suit."


def _shown_twice(d: ShownTwice) -> str:
    """A suited card the table saw face up already (ruling 154): where it is, and that the
    pack has no other."""
    if d.copies > 1:
        both = words.plural(d.card)
        return f"No: the {words.number(d.copies)} {both} of {d.suit} were all seen already."
    if d.on_pile:
        return _lines(f"No: the {d.card} of {d.suit} is on the pile already.", "There is only one.")
    return _lines(f"No: the {d.card} of {d.suit} has left the game.", "There is only one.")


def _a_rank(n: int, v: Voice) -> str:
    """'a 9', 'an 8'; in an ordinary pack 'a Queen'."""
    return words.a_card(v.rank(n)) if v.ordinary else words.a_number(n)


def _lines(*sentences: str) -> str:
    """A verdict's answer, then its detail: one sentence a line (``verdict_parts``)."""
    return "\n".join(s for s in sentences if s)


def _named_must_fit(d: NamedFit, v: Voice) -> str:
    """'No: a Joker named as a 5 goes only where a 5 could, and 5 is lower than 9.' (ruling
    170): the one R5 check's answer on the card named, said of the card played."""
    why = verdict_message(d.reason, d.facts, v).split("\n")[0].removeprefix("No: ")
    return (
        f"No: {words.face(d.card)} named as {_a_rank(d.value, v)} goes only where "
        f"{_a_rank(d.value, v)} could, and {why}"
    )


def _seen_at(p: Place, by: str) -> str:
    """Where seen copies are, as a sentence: 'One is on the pile.', "Two are Cal's face-up
    cards.", "One is Ann's own face-up card.", 'One is in Ben's hand.'"""
    n = words.number(p.n).capitalize()
    are = "is" if p.n == 1 else "are"
    if p.kind == "pile":
        return f"{n} {are} on the pile."
    if p.kind == "out":
        return f"{n} {are} out of the game."
    owner = f"{p.who}'s own" if p.who == by else f"{p.who}'s"
    if p.zone == "hand":
        return f"{n} {are} in {owner} hand."
    kind = _where(p.zone)
    return f"{n} {are} {owner} {kind[:-1] if p.n == 1 else kind}."


_IN_ZONE = {"hand": "in hand", "face_up": "face up", "face_down": "face down"}


def _no_target_wanted(d: CardFacts) -> str:
    """A player named where the card chooses nobody: never, or not with this play (issue 42:
    it chooses one only under a condition, ruling 152)."""
    if d.only:
        return f"No: {d.card} chooses nobody this time. It does that {d.only}."
    if d.sometimes:
        return f"No: {d.card} chooses nobody with this play."
    return f"No: {d.card} does not choose a player."


def _no_give_wanted(d: CardFacts) -> str:
    """A card to give named where the card gives none: never, or not with this play (issue
    42: it gives one only under a condition, ruling 163)."""
    if d.only:
        return f"No: {d.card} gives no card this time. It does that {d.only}."
    if d.sometimes:
        return f"No: {d.card} gives no card with this play."
    return f"No: {d.card} does not give a card."


def _cannot_hold(d: Holding, voice: Voice) -> str:
    """R4.3 in a child's words: the answer, then where each seen copy is, one short sentence
    each, so the player cannot have them."""
    by, name, k, zone = d.by, d.card, d.k, d.zone
    places = [_seen_at(p, by) for p in d.places]
    located = sum(p.n for p in d.places)
    if d.possible == 0 and located == d.copies:
        if d.copies == 1:
            return _lines(f"No: there is only one {name}.", *places)
        every = "both" if d.copies == 2 else f"all {words.number(d.copies)}"
        return _lines(f"No: {every} {words.plural(name)} are somewhere else.", *places)
    if d.possible == 0 and d.unknown == 0:
        return f"No: we know {by}'s {_where(zone)}, and none is {_a(name)}."
    answer = (
        f"No: {by} cannot have {words.copies(k, name) if k > 1 else _a(name)} {_IN_ZONE[zone]}."
    )
    if located:
        places.insert(0, f"There are {words.count_of(d.copies, name)} in all.")
    if d.unknown < d.unseen:
        places.append(f"{by} holds only {_zone_count(d.count, zone)}.")
    return _lines(answer, *places)


def _zone_count(n: int, zone: str) -> str:
    """'one hand card', 'two face-up cards'."""
    one = _where(zone)[:-1]  # 'hand card', 'face-up card'
    return f"{words.number(n)} {one}" if n == 1 else f"{words.number(n)} {one}s"


def _a_zone_card(zone: str) -> str:
    """'a hand card', 'a face-up card'."""
    return f"a {_where(zone)[:-1]}"


def _restricted(d: Restricted, voice: Voice) -> str:
    """'No: after Five or Below, 6 is too high.' (the card that set it, even once it left)."""
    r = d.restriction
    miss = "too high" if r.lo is None else "too low" if r.hi is None else "not allowed"
    return f"No: after {d.after}, {words.face(d.card)} is {miss}."


F = TypeVar("F", bound=Facts)
Words = Callable[[Any, Voice], str]


def _w(facts: type[F], say: Callable[[F, Voice], str]) -> tuple[type[Facts], Words]:
    """A reason's words with the kind of facts they read (checked when a verdict is worded)."""
    return facts, say


_VERDICTS: dict[Reason, tuple[type[Facts], Words]] = {
    # --- R10: the end
    Reason.GAME_OVER: _w(
        GameOver,
        lambda d, v: (
            f"No: the game is over, and {d.loser} lost." if d.loser else "No: the game is over."
        ),
    ),
    # --- R6.1: whose turn
    Reason.NOT_PLAYING: _w(Who, lambda d, v: f"No: {d.by} is not playing in this game."),
    Reason.NOT_YOUR_TURN: _w(
        NotYourTurn, lambda d, v: f"No: it is {d.mover}'s turn, not {d.by}'s."
    ),
    Reason.CUT_IN_ONLY: _w(CutIn, lambda d, v: _cut_in(d)),
    # --- R6.2-R6.3: picking up
    Reason.PICK_UP: _w(Count, lambda d, v: f"Yes: {d.by} picks up the pile ({words.cards(d.n)})."),
    Reason.PICK_UP_EMPTY: _w(
        Who, lambda d, v: "No: the pile is empty, so there is nothing to pick up."
    ),
    Reason.PICK_UP_IN_FOLLOW_UP: _w(Who, lambda d, v: f"No: {d.by} must play again, not pick up."),
    Reason.MUST_PLAY: _w(CanPlay, lambda d, v: _must_play(d)),
    Reason.PICK_UP_SENT: _w(
        Sent,
        lambda d, v: _lines(
            f"Yes: {d.by} cannot beat {_a(d.card)}.",
            f"So {d.to} picks up the pile ({words.cards(d.n)}).",
        ),
    ),
    Reason.PICK_UP_TAKE: _w(
        Taken,
        lambda d, v: _lines(
            f"Yes: {d.by} picks up the pile ({words.cards(d.n)}).",
            f"{d.by} takes {_taken(d.k, d.card)} from the face-up cards too.",
        ),
    ),
    Reason.TAKE_ONE: _w(
        Who,
        lambda d, v: _lines(
            f"No: {d.by} may take only one face-up card with the pile.", "Say which one."
        ),
    ),
    Reason.TAKE_NEEDED: _w(
        Who,
        lambda d, v: _lines(
            f"No: {d.by} must take one face-up card with the pile.", "Say which one."
        ),
    ),
    Reason.NO_TAKE_WANTED: _w(
        Who,
        lambda d, v: (
            f"No: {d.by} may take a face-up card only with no hand cards and no draw pile."
        ),
    ),
    # --- a table rule: the draw pile's top card instead of a pick-up (ruling 109)
    Reason.GAMBLE_FITS: _w(
        Played, lambda d, v: f"Yes: {d.by} turns over {_a(d.card)} from the draw pile, and it fits."
    ),
    Reason.GAMBLE_MISSES: _w(
        Played,
        lambda d, v: _lines(
            f"Yes: {d.by} turns over {_a(d.card)} from the draw pile.",
            f"It does not fit, so {d.by} picks up the pile.",
        ),
    ),
    Reason.NO_GAMBLE: _w(Who, lambda d, v: "No: at this table nobody plays from the draw pile."),
    Reason.GAMBLE_DRAW_PILE_EMPTY: _w(
        Who, lambda d, v: "No: the draw pile is empty, so there is no card to turn over."
    ),
    Reason.GAMBLE_NOT_NOW: _w(
        Who,
        lambda d, v: (
            f"No: {d.by} may turn over the draw pile's top card only instead of picking up."
        ),
    ),
    Reason.GAMBLE_CAN_PLAY: _w(CanPlay, lambda d, v: _gamble_can_play(d)),
    Reason.GAMBLE_OWED: _w(
        Who, lambda d, v: f"No: {d.by} cannot turn over the draw pile's top card now."
    ),
    Reason.ONE_FROM_DRAW_PILE: _w(
        NoFacts, lambda d, v: "No: only one card is turned over from the draw pile."
    ),
    Reason.NOT_ON_DRAW_PILE: _w(NotOnDrawPile, lambda d, v: _not_on_draw_pile(d)),
    # --- R1.1, R4.1-R4.2: what a play is
    Reason.NO_CARDS: _w(NoFacts, lambda d, v: "No: a play needs at least one card."),
    Reason.NO_SUCH_CARD: _w(
        UnknownCard, lambda d, v: f"No: there is no card {d.card!r} in {v.name}."
    ),
    Reason.MIXED_CARDS: _w(
        MixedCards,
        lambda d, v: _lines(
            f"No: {words.and_list(list(d.cards))} are not the same.",
            "Cards played together must be the same.",
        ),
    ),
    Reason.NO_SUCH_ZONE: _w(
        InZone, lambda d, v: f"No: cards come from hand, face_up or face_down, not {d.zone!r}."
    ),
    Reason.NO_SUCH_SUIT: _w(Shown, lambda d, v: _no_such_suit(d, v)),
    Reason.ONE_FACE_DOWN: _w(
        NoFacts, lambda d, v: "No: face-down cards are turned over one at a time."
    ),
    # --- R3, R8.3: where cards come from
    Reason.HAND_FIRST: _w(Who, lambda d, v: f"No: {d.by} must play their hand cards first."),
    Reason.DRAW_PILE_FIRST: _w(
        Count,
        lambda d, v: f"No: the draw pile still has {words.cards(d.n)}.",
    ),
    Reason.FACE_UP_FIRST: _w(Who, lambda d, v: f"No: {d.by} must play their face-up cards first."),
    Reason.FOLLOW_UP_ZONE: _w(
        FollowUpZone,
        lambda d, v: f"No: {d.by} may not play {_a_zone_card(d.zone)} now.",
    ),
    Reason.ZONE_EMPTY: _w(InZone, lambda d, v: f"No: {d.by} has no {_where(d.zone)} left."),
    # --- R4.3: what a player may hold
    Reason.CANNOT_HOLD: _w(Holding, _cannot_hold),
    Reason.SHOWN_TWICE: _w(ShownTwice, lambda d, v: _shown_twice(d)),
    # --- R8: choices a card needs
    Reason.NEEDS_TARGET: _w(
        CardFacts,
        lambda d, v: f"No: say who {d.card} is for.",
    ),
    Reason.TARGET_NOT_PLAYING: _w(Target, lambda d, v: f"No: {d.to} is not playing in this game."),
    Reason.TARGET_SELF: _w(CardFacts, lambda d, v: f"No: {d.card} must go to another player."),
    Reason.TARGET_OUT: _w(Target, lambda d, v: f"No: {d.to} is out, so {d.why}."),
    Reason.NO_TARGET_WANTED: _w(CardFacts, lambda d, v: _no_target_wanted(d)),
    Reason.NO_GIVE_WANTED: _w(CardFacts, lambda d, v: _no_give_wanted(d)),
    Reason.NO_NAME_WANTED: _w(
        CardFacts, lambda d, v: f"No: {words.face(d.card)} cannot be named as another card."
    ),
    Reason.NO_LIMIT_WANTED: _w(
        CardFacts, lambda d, v: f"No: {words.face(d.card)} does not ask for higher or lower."
    ),
    Reason.NO_LIMIT_CHOSEN: _w(
        Played,
        lambda d, v: f"No: {d.by} must say higher or lower as they play {words.face(d.card)}.",
    ),
    Reason.NO_SUCH_LIMIT: _w(
        Played,
        lambda d, v: f"No: {d.by} may only say higher or lower as they play {words.face(d.card)}.",
    ),
    Reason.NO_SUCH_NAMED: _w(
        UnknownCard, lambda d, v: f"No: there is no number {d.card!r} in {v.name}."
    ),
    Reason.NAME_NOT_ALLOWED: _w(
        NamedOnly,
        lambda d, v: (
            f"No: {words.face(d.card)} may only be named as "
            f"{words.or_list([_a_rank(n, v) for n in sorted(d.names)])}."
        ),
    ),
    Reason.NO_SUCH_GIVE: _w(
        UnknownCard, lambda d, v: f"No: there is no card {d.card!r} in {v.name}."
    ),
    Reason.NOTHING_TO_GIVE: _w(
        Played,
        lambda d, v: f"No: {d.by} will have no card left, so {d.by} cannot give {_a(d.card)}.",
    ),
    # --- R5, R7.5, R8.3: does it fit
    Reason.FOLLOW_UP_PLAY: _w(Who, lambda d, v: f"Yes: {d.by} plays again, and any card may go."),
    Reason.FACE_DOWN_FITS: _w(
        Played, lambda d, v: f"Yes: {d.by} turns over {_a(d.card)}, and it fits."
    ),
    Reason.FACE_DOWN_MISSES: _w(
        Played,
        lambda d, v: _lines(
            f"Yes: {d.by} turns over {_a(d.card)}.",
            f"It does not fit, so {d.by} picks up the pile.",
        ),
    ),
    # (an ordinary pack's faces with their article: "No: a Jack is lower than a Queen.")
    Reason.WILD: _w(
        Played, lambda d, v: f"Yes: {words.face(d.card)} is wild, so it goes on anything."
    ),
    Reason.NAMED_AS: _w(
        NamedAs,
        lambda d, v: _lines(
            f"Yes: {words.face(d.card)} goes on anything.",
            f"It counts as {_a_rank(d.value, v)}, and does what {_a_rank(d.value, v)} does."
            if d.powers
            else f"It counts as {_a_rank(d.value, v)}.",
        ),
    ),
    Reason.NAMED_FITS: _w(
        NamedFit,
        lambda d, v: _lines(
            f"Yes: {words.face(d.card)} named as {_a_rank(d.value, v)} goes where "
            f"{_a_rank(d.value, v)} could.",
            f"It counts as {_a_rank(d.value, v)}, and does what {_a_rank(d.value, v)} does."
            if d.powers
            else f"It counts as {_a_rank(d.value, v)}.",
        ),
    ),
    Reason.NAMED_MUST_FIT: _w(NamedFit, lambda d, v: _named_must_fit(d, v)),
    Reason.IN_RANGE: _w(
        Restricted, lambda d, v: f"Yes: {words.face(d.card)} fits after {d.after}."
    ),
    Reason.EMPTY_PILE: _w(
        Played, lambda d, v: f"Yes: the pile is empty, so {words.face(d.card)} may start it."
    ),
    Reason.HIGHER: _w(
        OnTop,
        lambda d, v: f"Yes: {words.face(d.card)} is not lower than {words.face(d.top)}.",
    ),
    Reason.RESTRICTED: _w(Restricted, _restricted),
    Reason.TOO_LOW: _w(
        TooLow, lambda d, v: f"No: {words.face(d.card)} is lower than {words.face(d.top)}."
    ),
    # --- R9: a house effect's own check: its unit (referee/effects/) makes the words
    Reason.HOUSE_RULE: _w(HouseRule, lambda d, v: f"No: {d.words}"),
}

REASONS = frozenset(_VERDICTS)
"""Every reason code a verdict may carry."""


def _cut_in(d: CutIn) -> str:
    """Out of turn while the top card lets some plays in: the rule that applies, in words."""
    if d.follow_up:
        return f"No: {d.mover} must play again first, so nobody may cut in now."
    if d.zone is None:
        return f"No: it is {d.mover}'s turn, and {d.by} may not cut in with a face-down card."
    cards = words.or_list([_a(c) for c in d.cards])
    where = "hand" if d.zone == "hand" else "face-up cards"
    return _lines(
        f"No: it is {d.mover}'s turn, not {d.by}'s.",
        f"{d.by} may cut in only with {cards} from their {where}.",
    )


def _gamble_can_play(d: CanPlay) -> str:
    """The draw-pile gamble is only for a player who cannot play (ruling 109)."""
    if len(d.cards) > 2:  # a long list is said as a kind; the advice that follows names them
        return f"No: {d.by} holds cards that may go, so the draw pile must wait."
    held = words.or_list(list(d.cards))
    return f"No: {d.by} holds {held}, which may go, so the draw pile must wait."


def _not_on_draw_pile(d: NotOnDrawPile) -> str:
    """A card the draw pile's top cannot be (R4.3)."""
    if d.top:
        return f"No: the top card of the draw pile is not {_a(d.card)}."
    return f"No: every {d.card} has been seen, so the draw pile holds none."


def _must_play(d: CanPlay) -> str:
    """The table's "must play if able" rule, with what the mover can play."""
    if not d.cards:
        return f"No: at this table {d.by} must turn over a face-down card, not pick up."
    if len(d.cards) > 2:  # a long list is said as a kind; the advice that follows names them
        return f"No: {d.by} holds cards that may go, and at this table {d.by} must play one."
    held = words.or_list(list(d.cards))
    return f"No: {d.by} holds {held}, which may go, and at this table {d.by} must play it."


def verdict_message(reason: Reason, data: Facts, voice: Voice) -> str:
    """The verdict's answer for a reason and its facts ('No: 5 is lower than 9.'), then any
    detail, one sentence a line."""
    kind, say = _VERDICTS[reason]
    if not isinstance(data, kind):
        raise TypeError(f"{reason} reads {kind.__name__}, not {type(data).__name__}")
    return say(data, voice)


# --- hints (what the mover may do now, R11.2; every illegal verdict's "instead") -------------------


def may_go(m: MayGo, voice: Voice | None = None) -> str:
    """What may go on the pile, from the verdicts (``MayGo``), said over the cards the mover
    may hold: '9 or higher, or a Karma card', 'a 3 or a wild card', 'a number from 7 to 11,
    Bottoms Up or a wild 10', 'any Karma card but Last Laugh'; in an ordinary pack 'Queen or
    higher, or a Joker'; '' when any card they may hold may go, 'no card' when none may.  More
    than three cards of a kind are said as the kind."""
    if m.any:
        return ""
    numbers = _numbers(m.numbers, m.all_numbers, voice)
    joker = voice.joker if voice is not None else ""
    karma = [k for k in m.karma if k != joker]
    all_karma = [k for k in m.all_karma if k != joker]
    jokers = bool(joker) and joker in m.karma
    held = (bool(all_karma), bool(joker) and joker in m.all_karma, bool(m.all_wild))
    tame = voice is not None and any(k in voice.tame for k in m.all_karma)
    alts: list[str] = []
    if sum(held) >= 2 and (karma, jokers, m.wild) == (all_karma, held[1], m.all_wild) and not tame:
        alts.append("a wild card")  # every wild card they may hold, of two kinds or more
    else:
        if karma:
            alts.append(_karma_words(karma, all_karma))
        if jokers:
            alts.append(_a(joker))
        if m.wild:
            alts.append(f"a wild {words.or_list(list(m.wild))}")
    if not numbers:
        return words.or_list(alts) if alts else "no card"
    if len(alts) == 1:  # '9 or higher, or a Karma card', but 'a 3 or a wild card'
        one = len(m.numbers) == 1  # 'a 3 or a wild card'
        return f"{numbers} or {alts[0]}" if one else f"{numbers}, or {alts[0]}"
    if alts and alts[0].startswith("any Karma card but "):
        # The Karma cards that may not go, said last in a sentence of their own: '9 or
        # higher, any Karma card but Last Laugh or a wild 6' reads as two cards that may not
        # go, and is long.
        return f"{numbers}, or {words.or_list(alts[1:])}. Or {alts[0]}"
    return f"{numbers}, {words.or_list(alts)}" if alts else numbers


def _karma_words(ok: list[str], held: list[str]) -> str:
    """The Karma cards that may go, among those the mover may hold: 'a Karma card' (every
    one), 'Bottoms Up', 'Bottoms Up or Five or Below', or as a kind with the few that may not:
    'any Karma card but Last Laugh'."""
    if ok == held and len(held) > 1:
        return "a Karma card"
    rest = [k for k in held if k not in ok]
    if len(ok) > 3 or (len(ok) > 1 and len(rest) < len(ok)):
        return f"any Karma card but {words.and_list(rest)}"
    return words.or_list([_a(k) for k in ok])


def _numbers(ok: tuple[int, ...], every: tuple[int, ...], voice: Voice | None = None) -> str:
    """Numbers that may go, said over the numbers the mover may hold (``every``): a range where
    they are one ('9 or higher', '5 or lower', 'a number from 7 to 11', 'any number', 'a 3'),
    else a short list ('3, 5 or 9') or a range but a few ('7 or higher but 8'); in an ordinary
    pack by name: 'Queen or higher', 'a card from 7 to Jack', 'any card from 2 to Ace'."""
    if not ok:
        return ""
    say = voice.rank if voice is not None else str
    kind = "card" if voice is not None and voice.ordinary else "number"
    if ok == every:
        if len(ok) == 1:
            return _a(say(ok[0]))
        return f"any card from {say(ok[0])} to {say(ok[-1])}" if kind == "card" else "any number"
    at = [every.index(n) for n in ok]
    span = every[at[0] : at[-1] + 1]
    if len(ok) == 1:
        return _a(say(ok[0]))
    if at[-1] == len(every) - 1:
        said = f"{say(ok[0])} or higher"
    elif at[0] == 0:
        said = f"{say(ok[-1])} or lower"
    else:
        said = f"a {kind} from {say(ok[0])} to {say(ok[-1])}"
    missing = [n for n in span if n not in ok]
    if not missing:
        return said
    if len(ok) <= 3 or len(missing) > 3:
        return words.or_list([say(n) for n in ok])
    return f"{said} but {words.and_list([say(n) for n in missing])}"


def hint(d: HintFacts, voice: Voice) -> str:
    """What the player to move may do now, from the facts ``Advice.facts`` reads off the
    verdicts: short sentences, the play first, then picking up, then the cards that need a
    chosen player.  When picking up is the only step, it says exactly that."""
    if d.over:
        return game_over(d.loser)
    who, zone = d.who, d.zone
    # A table rule: a player on their face-up cards takes one with the pile (ruling 108), or
    # several of one rank (ruling 141).
    pile = "the pile and one face-up card" if d.take else "the pile"
    if d.take and d.take_several:
        pile = "the pile and one face-up card, or more of one rank"
    pick = f"Or {who} may pick up {pile}." if d.pick_up else ""
    # A table rule: who cannot play may turn over the draw pile's top card (ruling 109).
    draw = "turn over the top card of the draw pile"
    gamble = f"Or {who} may {draw}." if d.gamble else ""
    must = f"{who} must pick up {pile} or {draw}." if d.gamble else f"{who} must pick up {pile}."
    if d.pile_to:  # a dare on top: the pile goes back to its player (rule 78)
        pick = f"If {who} cannot, {d.pile_to} picks up the pile." if d.pick_up else ""
        must = f"{who} cannot play, so {d.pile_to} picks up the pile. {gamble}".rstrip()
    chosen = ""
    named = words.and_list(list(d.chosen_player_cards))
    # More than three cards, or a list longer than ten words (three long names read at grade
    # 6.4), is said short.
    if len(d.chosen_player_cards) > 3 or len(named.split()) > 10:
        chosen = "Some cards need a chosen player."
    elif d.chosen_player_cards:
        needs = "needs" if len(d.chosen_player_cards) == 1 else "need"
        chosen = f"{named[0].upper()}{named[1:]} {needs} a chosen player."  # "A red 4 needs"
    if d.follow_up:
        return _owed(d, voice, must, pick, chosen)
    if d.locked:  # no hand cards, and the table cards wait for the draw pile (R3.2)
        if d.pick_up or d.gamble:
            return must
        return f"{who} has no hand cards, and table cards wait until the draw pile is empty."
    what = d.opening or may_go(d.may, voice)
    if zone == "face_down":
        turn = f"{who} may turn over a face-down card"
        fits = "It fits if it is"
        return _sentences(
            f"{turn}, or pick up the pile." if d.pick_up and not d.pile_to else f"{turn}.",
            "No card fits now."
            if what == "no card"
            else f"{fits} {what}."
            if what
            else "Any card may go.",
            pick if d.pile_to else "",
            chosen,
        )
    if what == "no card":
        if d.pick_up or d.gamble:
            return must
        return f"No card may go on the pile now, so {who} cannot step."
    return _sentences(_play(d, what), pick, gamble, chosen)


def _play(d: HintFacts, what: str) -> str:
    """The hint's sentence for a play from the hand or the face-up cards (``what``: the words
    for what may go, "" for any card)."""
    who, zone = d.who, d.zone
    if d.may.at_least > 1:
        where = "from their hand" if zone == "hand" else "face-up cards"
        what = f": {what}" if what else ""
        return f"{who} may play {words.number(d.may.at_least)} or more {where} at once{what}."
    if not what:
        if zone == "hand":
            return f"{who} may play any card from their hand."
        return f"{who} may play any face-up card."
    if d.given:  # the pile is given to them: to pass on or take (ruling 168)
        card = "a card from their hand" if zone == "hand" else "a face-up card"
        return f"{who} may pass the pile on with {card}: {what}."
    if zone == "hand":
        return f"{who} may play from their hand: {what}."
    return f"{who} may play a face-up card: {what}."


def _owed(d: HintFacts, voice: Voice, must: str, pick: str, chosen: str) -> str:
    """``hint`` for a play owed at once (R8.3, a cover): any card, or, for a cover that must
    beat a value (ruling 157), what covers it and the pick-up open instead."""
    who, zone = d.who, d.zone
    if d.restriction is None:
        return _sentences(f"{who} must play {_a_zone_card(zone)} now.", "Any card may go.", chosen)
    what = d.opening or may_go(d.may, voice)
    if what == "no card":
        return must if d.pick_up else f"No card may go on the pile now, so {who} cannot step."
    owed = f"{who} must play {_a_zone_card(zone)} now" + (f": {what}." if what else ".")
    return _sentences(owed, pick, chosen)


def next_play(d: HintFacts, voice: Voice) -> str:
    """What the next play may be, in a few words, from the hint's own facts (the table's
    "Next:" line): 'Any card', '7 or higher, or a Karma card', 'Any hand card' for a play owed
    at once from the zone the hint names."""
    if d.follow_up and d.restriction is None:
        return f"Any {_where(d.zone)[:-1]}"
    if d.locked or (d.zone != "face_down" and may_go(d.may, voice) == "no card"):
        return "Pick up the pile" if d.pick_up else "No card"
    what = d.opening or may_go(d.may, voice) or "any card"
    if d.given and d.zone != "face_down":  # the pile given to them (ruling 168)
        return f"Pass the pile on with {what}, or pick it up"
    return what[0].upper() + what[1:]


def _sentences(*parts: str) -> str:
    return " ".join(p for p in parts if p)


GAME_IS_OVER = "No more steps can be taken."
"""What is legal instead once the game is over (R10.4)."""


def game_over(loser: str | None) -> str:
    """The hint once the game is over."""
    return f"The game is over: {loser} lost." if loser else "The game is over."


# --- outcomes (R11.2): what happened after an accepted step ---------------------------------------


def played(by: str, k: int, card: str, zone: str) -> str:
    """'Ann plays two 9s.'; a face-down card is turned over blind (R4.2, R7.5), and may yet
    not fit, so it is 'turned over', not 'played'."""
    if zone == "face_down" and k == 1:
        return f"{by} turns over a face-down {card}."
    if zone == "draw_pile":  # a table rule (ruling 109)
        return f"{by} turns over {_a(card)} from the draw pile."
    text = f"{by} plays {words.copies(k, card)}"
    return text + (" from the table." if zone != "hand" else ".")


def played_run(by: str, cards: list[str], zone: str) -> str:
    """'Ann lays a run: 4, 5 and 6.' (a table rule, ruling 166)."""
    text = f"{by} lays a run: {words.and_list(cards)}"
    return text + (" from the table." if zone != "hand" else ".")


def picked_up(by: str, n: int) -> str:
    return f"{by} picks up the pile ({words.cards(n)})."


def takes_face_up(by: str, card: str, k: int = 1) -> str:
    """A table rule: the face-up card taken with the pile (ruling 108), or ``k`` of them
    (ruling 141)."""
    return f"{by} takes {_taken(k, card)} from the face-up cards into the hand."


def pile_sent(by: str, to: str, n: int) -> str:
    """Who could not beat the card on top sends the pile to its player (issue 42)."""
    return f"{by} cannot beat it, so {to} picks up the pile ({words.cards(n)})."


def starts_new_pile(by: str) -> str:
    return f"{by} starts a new pile."


def face_down_misses(by: str, n: int) -> str:
    return f"It does not fit: {by} picks up the pile ({words.cards(n)})."


def leaves_game(card: str, k: int = 1) -> str:
    """A one-time card leaves the game as it resolves (R8): 'They leave the game.' after a play
    of several, which the sentence before named."""
    return f"{card} leaves the game." if k == 1 else "They leave the game."


def burns(run: int, card: str, n: int) -> str:
    """R7.1: the run as it lies on the pile ('four 7s in a row'), not the variant's burn count."""
    return f"That makes {words.copies(run, card)} in a row: the pile burns ({words.cards(n)})!"


def restriction_lapses() -> str:
    return "The pile is empty, so any card may start it."


def follow_up(by: str) -> str:
    """R8.3: the follow-up comes from face-up, else face-down, else hand cards; the hint
    that follows says which, so this must not say 'a table card'."""
    return f"{by} must play again straight away, without drawing first."


def plays_again_at_once(by: str, may_pick_up: bool = False) -> str:
    """A play owed at once, after drawing (a house rule: cover it); ``may_pick_up``: a cover
    that must beat a value, which whoever cannot beat picks up instead (ruling 157)."""
    if may_pick_up:
        return f"{by} must play again at once."
    return f"{by} must play again at once, and may not pick up the pile."


def no_follow_up() -> str:
    """R8.3: the follow-up lapses when the player holds no card."""
    return "There is no card left to play again with."


def plays_again(by: str) -> str:
    return f"{by} plays again."


def draws(who: str, n: int) -> str:
    """R6.4: 'Ben draws 2 cards.' (from the draw pile, back up to the minimum hand)."""
    return f"{who} draws {words.cards(n)}."


def loses_turn(who: str, more: int) -> str:
    """R8.6; ``more`` turns are still to lose after this one."""
    if more == 0:
        return f"{who} loses this turn."
    if more == 1:
        return f"{who} loses this turn, and will lose the next one too."
    return f"{who} loses this turn, and will lose the next {words.number(more)} too."


def is_out(who: str) -> str:
    return f"{who} has no cards left: {who} is out."


def back_in(who: str) -> str:
    return f"{who} is back in the game."


def ends(loser: str | None, holds: int) -> str:
    """R10.2, saying why: only the loser still holds cards."""
    if loser is None:
        return "Game over: nobody holds any cards now, so nobody loses."
    if holds == 1:
        return f"Game over: only {loser} still holds a card, so {loser} loses."
    return f"Game over: only {loser} still holds cards ({words.cards(holds)}), so {loser} loses."


# --- setting up (R2): a start or a deal that cannot be played ------------------------------------


def setup_copies(shown_in: str, n: int, card: str, have: int) -> str:
    """A start or a deal that shows more copies of a card than the decks hold: 'the start
    shows five 4s, but the deck has only four.'"""
    return f"{shown_in} {words.count_of(n, card)}, but the deck has only {words.number(have)}."


def no_step_at_start(who: str) -> str:
    """A start position where the mover can take no step (docs/rulings.md)."""
    return f"{who} can do nothing: the pile is empty, and {who} has no card to play yet (R2.4)."
