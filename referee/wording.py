"""One voice for every verdict: the referee's decisions in plain words (R11).

The engine decides and hands over *reasons with typed facts* (``Verdict.reason``/``.data``
from ``referee.reasons``, the hint's facts, the facts of an outcome); this module turns them into the sentences the CLI, the
app, records and the simulator all show, for the variant at hand (a variant without Karma cards
never hears "or a Karma card").  An effect's own words live in its unit
(``referee/effects/<name>.py``); everything the engine itself says is here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from referee import words
from referee.reasons import (
    CardFacts,
    Count,
    Facts,
    FollowUpZone,
    GameOver,
    HintFacts,
    Holding,
    HouseRule,
    InZone,
    MixedCards,
    NoFacts,
    NotYourTurn,
    OnTop,
    Place,
    Played,
    Reason,
    Restricted,
    Target,
    TooLow,
    UnknownCard,
    Who,
)
from referee.state import Restriction

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
    """What the words depend on in a variant: its name, whether it has Karma cards, its wild
    number ranks and its lowest rank."""

    name: str
    karma: bool
    wild_ranks: tuple[str, ...] = ()
    low: int = 2

    @classmethod
    def of(cls, variant: Variant) -> Voice:
        return cls(
            variant.name,
            bool(variant.karma_cards),
            tuple(words.wild_ranks(variant)),
            variant.ranks_low,
        )

    @property
    def alternatives(self) -> list[str]:
        """What else goes under a restriction or on a high card: a Karma card, wild ranks."""
        out = ["a Karma card"] if self.karma else []
        if len(self.wild_ranks) == 1:
            out.append(f"a wild {self.wild_ranks[0]}")
        elif self.wild_ranks:
            out.append(f"a wild card ({words.or_list(self.wild_ranks)})")
        return out

    def may_play(self, what: str) -> str:
        """'5 or lower, or a Karma card', '9 or higher, a Karma card or a wild 10', or just
        '5 or lower' in a variant with neither Karma cards nor wild ranks."""
        alts = self.alternatives
        if len(alts) == 1:
            return f"{what}, or {alts[0]}"
        return f"{what}, {words.or_list(alts)}" if alts else what


# --- verdicts ---------------------------------------------------------------------------------


def verdict_text(v: Judged) -> str:
    """A verdict as everyone shows it: 'Allowed. …' or 'Not allowed (rule R5.2): … Instead: …'."""
    if v.legal:
        return f"Allowed. {v.message}".strip()
    text = f"Not allowed (rule {v.rule}): {v.message}"
    if v.instead:
        text += f" Instead: {v.instead}"
    return text


def _where(zone: str | None) -> str:
    return ZONE_WORDS.get(zone or "", zone or "")


def range_words(r: Restriction) -> str:
    """A restriction in words: '5 or lower', 'a number from 7 to 11'."""
    lo, hi = r.lo, r.hi
    if lo is None and hi is None:
        return "any number"
    if lo is None:
        return f"{hi} or lower"
    if hi is None:
        return f"{lo} or higher"
    return f"a number from {lo} to {hi}"


def _place(p: Place, by: str) -> str:
    """'on the pile', 'in Cal's face-up cards', "in Ben's own face-up cards", 'out of the game'."""
    if p.kind == "pile":
        return "on the pile"
    if p.kind == "out":
        return "out of the game"
    who = p.who
    owner = f"{who}'s own" if who == by else f"{who}'s"
    return f"in {owner} {_where(p.zone)}"


def _from(zone: str) -> str:
    """'hand', 'face-up cards': where a card is played from ('from their hand')."""
    return "hand" if zone == "hand" else _where(zone)


def _zone_count(n: int, zone: str) -> str:
    """'one hand card', 'two face-up cards'."""
    one = _where(zone)[:-1]  # 'hand card', 'face-up card'
    return f"{words.number(n)} {one}" if n == 1 else f"{words.number(n)} {one}s"


def _cannot_hold(d: Holding, voice: Voice) -> str:
    """R4.3 in a child's words: where the copies are, so the player cannot have them."""
    by, name, k, zone = d.by, d.card, d.k, d.zone
    verb, copies, possible = d.verb, d.copies, d.possible
    places = [(p, p.n) for p in d.places]
    located = sum(n for _, n in places)
    listed = words.and_list([f"{words.number(n)} {_place(p, by)}" for p, n in places])
    what = words.copies(k, name)
    src = f"from their {_from(zone)}"
    if possible == 0 and located == copies:
        if copies == 1:
            return (
                f"There is only one {name}, and it is {_place(places[0][0], by)}. "
                f"So {by} cannot {verb} it {src}."
            )
        return (
            f"All {words.number(copies)} {words.plural(name)} are accounted for: {listed}. "
            f"So {by} cannot {verb} {'any' if k > 1 else 'one'} {src}."
        )
    if possible == 0 and d.unknown == 0:
        return (
            f"{by}'s {_where(zone)} are all known, and there is no {name} among them. "
            f"So {by} cannot {verb} {what} {src}."
        )
    reasons = []
    if located:
        are = "is" if located == 1 else "are"
        reasons.append(
            f"of the {words.number(copies)} {words.plural(name)}, {words.number(located)} "
            f"{are} accounted for ({listed})"
        )
    if d.unknown < d.unseen:
        reasons.append(f"{by} holds only {_zone_count(d.count, zone)}")
    at_most = words.count_of(possible, name)
    because = ", and ".join(reasons) or "not enough copies are unseen"
    return f"{by} cannot {verb} {what} {src}: {because}. At most {at_most} can be there."


def _restricted(d: Restricted, voice: Voice) -> str:
    return (
        f"After {d.after}, {d.by} must play {voice.may_play(range_words(d.restriction))} — "
        f"{d.card} does not fit."
    )


def _too_low(d: TooLow, voice: Voice) -> str:
    return f"{d.card} is lower than {d.top}: {d.by} must play {d.value} or higher."


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
            f"The game is over: {d.loser} lost. No more steps can be taken."
            if d.loser
            else "The game is over. No more steps can be taken."
        ),
    ),
    # --- R6.1: whose turn
    Reason.NOT_PLAYING: _w(Who, lambda d, v: f"{d.by} is not playing in this game."),
    Reason.NOT_YOUR_TURN: _w(
        NotYourTurn,
        lambda d, v: (
            f"It is {d.mover}'s turn, not {d.by}'s: only {d.mover} may "
            + ("play the table card that is due." if d.follow_up else "play or pick up now.")
        ),
    ),
    # --- R6.2-R6.3: picking up
    Reason.PICK_UP: _w(Count, lambda d, v: f"{d.by} picks up the pile ({words.cards(d.n)})."),
    Reason.PICK_UP_EMPTY: _w(
        Who,
        lambda d, v: f"The pile is empty, so there is nothing to pick up: {d.by} must play a card.",
    ),
    Reason.PICK_UP_IN_FOLLOW_UP: _w(
        Who,
        lambda d, v: (
            f"{d.by} must play a table card now (Play a Table Card); picking up is not allowed."
        ),
    ),
    # --- R1.1, R4.1-R4.2: what a play is
    Reason.NO_CARDS: _w(NoFacts, lambda d, v: "A play needs at least one card."),
    Reason.NO_SUCH_CARD: _w(UnknownCard, lambda d, v: f"There is no card {d.card!r} in {v.name}."),
    Reason.MIXED_CARDS: _w(
        MixedCards,
        lambda d, v: (
            "A play is one or more identical cards; "
            + words.and_list(list(d.cards))
            + " are not all the same."
        ),
    ),
    Reason.NO_SUCH_ZONE: _w(
        InZone, lambda d, v: f"Cards come from hand, face_up or face_down, not {d.zone!r}."
    ),
    Reason.ONE_FACE_DOWN: _w(
        NoFacts, lambda d, v: "Face-down cards are played one at a time, turned over blind."
    ),
    # --- R3, R8.3: where cards come from
    Reason.HAND_FIRST: _w(Who, lambda d, v: f"{d.by} must play their hand cards first."),
    Reason.DRAW_PILE_FIRST: _w(
        Count,
        lambda d, v: (
            f"Table cards are played only once the draw pile is empty ({words.cards(d.n)} left)."
        ),
    ),
    Reason.FACE_UP_FIRST: _w(Who, lambda d, v: f"{d.by} must play their face-up cards first."),
    Reason.FOLLOW_UP_ZONE: _w(
        FollowUpZone,
        lambda d, v: (
            f"After Play a Table Card, {d.by} plays from their {_where(d.due)}, "
            f"not from their {_where(d.zone)}."
        ),
    ),
    Reason.ZONE_EMPTY: _w(InZone, lambda d, v: f"{d.by} has no {_where(d.zone)} left to play."),
    # --- R4.3: what a player may hold
    Reason.CANNOT_HOLD: _w(Holding, _cannot_hold),
    # --- R8: choices a card needs
    Reason.NEEDS_TARGET: _w(
        CardFacts, lambda d, v: f"{d.card} needs a chosen player: say who it is for (to)."
    ),
    Reason.TARGET_NOT_PLAYING: _w(Target, lambda d, v: f"{d.to} is not playing in this game."),
    Reason.TARGET_SELF: _w(
        CardFacts, lambda d, v: f"{d.card} is played on another player, not yourself."
    ),
    Reason.TARGET_OUT: _w(Target, lambda d, v: f"{d.to} is out, so they have no turn to lose."),
    Reason.NO_TARGET_WANTED: _w(
        CardFacts, lambda d, v: f"{d.card} does not choose a player; leave out 'to'."
    ),
    Reason.NO_GIVE_WANTED: _w(CardFacts, lambda d, v: f"{d.card} gives no card; leave out 'give'."),
    Reason.NO_SUCH_GIVE: _w(UnknownCard, lambda d, v: f"There is no card {d.card!r} in {v.name}."),
    # --- R5, R7.5, R8.3: does it fit
    Reason.FOLLOW_UP_PLAY: _w(Who, lambda d, v: f"{d.by} plays a table card; any value may go."),
    Reason.FACE_DOWN_FITS: _w(Played, lambda d, v: f"The face-down {d.card} may go there."),
    Reason.FACE_DOWN_MISSES: _w(
        Played, lambda d, v: f"The face-down {d.card} does not fit: {d.by} picks up."
    ),
    Reason.WILD: _w(Played, lambda d, v: f"{d.card} is wild: it may go on anything."),
    Reason.IN_RANGE: _w(Played, lambda d, v: f"{d.card} is allowed by the restriction."),
    Reason.EMPTY_PILE: _w(Played, lambda d, v: f"The pile is empty: {d.card} may start it."),
    Reason.HIGHER: _w(OnTop, lambda d, v: f"{d.card} on {d.top}: equal or higher."),
    Reason.RESTRICTED: _w(Restricted, _restricted),
    Reason.TOO_LOW: _w(TooLow, _too_low),
    # --- R9: a house effect's own check: its unit (referee/effects/) makes the words
    Reason.HOUSE_RULE: _w(HouseRule, lambda d, v: d.words),
}

REASONS = frozenset(_VERDICTS)
"""Every reason code a verdict may carry."""


def verdict_message(reason: Reason, data: Facts, voice: Voice) -> str:
    """The verdict's sentence for a reason and its facts."""
    kind, say = _VERDICTS[reason]
    if not isinstance(data, kind):
        raise TypeError(f"{reason} reads {kind.__name__}, not {type(data).__name__}")
    return say(data, voice)


# --- hints (what the mover may do now, R11.2; every illegal verdict's "instead") -------------------


def hint(d: HintFacts, voice: Voice) -> str:
    """What the player to move may do now, from the facts ``Legality.hint_data`` gathers."""
    if d.over:
        return game_over(d.loser)
    who, zone, pile = d.who, d.zone, d.pile
    pick = " — or pick up the pile." if pile else "."
    if d.follow_up:
        return f"{who} must now play from their {_where(zone)} — any value may go."
    if d.locked:  # no hand cards, and the table cards wait for the draw pile (R3.2)
        if pile:
            return (
                f"{who} has no hand cards, and table cards wait until the draw pile is empty: "
                f"{who} picks up the pile."
            )
        return f"{who} has no hand cards, and table cards wait until the draw pile is empty."
    if d.restriction is not None:
        what = voice.may_play(range_words(d.restriction))
    elif d.value is None or d.value <= voice.low:
        what = "any card"
    else:
        what = voice.may_play(f"{d.value} or higher")
    if zone == "face_down":
        if what == "any card":
            return f"{who} may turn over a face-down card: any card may go{pick}"
        return (
            f"{who} may turn over a face-down card: it goes on the pile if it is {what}, "
            f"otherwise {who} picks up the pile{pick}"
        )
    src = "from their hand" if zone == "hand" else "from their face-up cards"
    if what != "any card" and voice.alternatives:
        what += ","  # 'may play 9 or higher, or a Karma card, from their hand'
    return f"{who} may play {what} {src}{pick}"


GAME_IS_OVER = "nothing — the game is over."
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
    text = f"{by} plays {words.copies(k, card)}"
    if zone != "hand":
        text += f" from their {_where(zone)}"
    return text + "."


def picked_up(by: str, n: int) -> str:
    return f"{by} picks up the pile ({words.cards(n)})."


def face_down_misses(by: str, n: int) -> str:
    return f"It does not fit: {by} picks up the pile ({words.cards(n)})."


def leaves_game(card: str) -> str:
    return f"{card} leaves the game."


def burns(run: int, card: str, n: int) -> str:
    """R7.1: the run as it lies on the pile ('four 7s in a row'), not the variant's burn count."""
    return f"That makes {words.copies(run, card)} in a row: the pile burns ({words.cards(n)})!"


def restriction_lapses() -> str:
    return "The pile is empty, so any card may start it."


def follow_up(by: str) -> str:
    """R8.3: the follow-up comes from face-up, else face-down, else hand cards; the hint
    that follows says which, so this must not say 'a table card'."""
    return f"{by} must play again straight away, without drawing first."


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


def setup_copies(shown_in: str, n: int, card: str, have: int) -> str:
    """A start or a deal that shows more copies of a card than the decks hold: 'the start
    shows five 4s, but the deck has only four.'"""
    return f"{shown_in} {words.count_of(n, card)}, but the deck has only {words.number(have)}."
