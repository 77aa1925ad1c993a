"""Answer it or pick up (a house rule): "after the trump card, the next player must play a trump
card or pick up the pile".  As the card comes on top (played, moved by Bottoms Up, copied by a
mirror), the next player to step must answer with the same card - or a wild one, as the group
says - or pick up.  It lapses after that player's step, or with the pile.

This file is the whole effect: what it leaves pending (``Answer``), the check it imposes and its
words, and what the schema, the loader, the rules sheet, the Design page and the bots read.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee import words
from referee.effects.base import Arrival, Proposal, Refusal, Resolution, Traits
from referee.effects.spec import UNITS, CardCheck, EffectSpec, Params
from referee.table.state import Pending, State
from referee.variant.declare import Cards, Choice, Flag
from referee.variant.model import COLOURS, SUITS, Card, Variant


@dataclass(frozen=True, slots=True)
class Answer(Pending):
    """The next player must play ``card``, or a wild card of the kind ``wild`` names (``ALSO``),
    or pick up."""

    wild: str = "refused"
    # An answer sends it back to the one who laid it (``answer: back``): the two play it out
    # until one cannot answer.
    back: bool = False
    # This very card answered such a demand: the player the turn goes back to.
    back_to: str | None = None
    # The cards named that answer it besides the same card (``answers``); None: ``wild`` says.
    answers: tuple[Card, ...] | None = None
    # The cards of a suit or a colour named (``answers: [J of hearts, red J]``, issue 42), as
    # (rank, suit or colour): only a play that shows such a card answers with it.  Where its
    # own rank is named so, only those copies of the same card answer it.
    suited: tuple[tuple[int, str], ...] = ()
    # Whoever cannot answer takes only the cards under the exchange, whose cards leave the game
    # (``takes_under``, MLR's battle, ruling 164); ``start``: the pile's size before its first
    # card (-1: the whole pile is taken).
    start: int = -1

    def lapses(self, state: State, by: str) -> bool:
        """The step after it answers it, or covers it, or takes it with the pile: whoever
        takes that step - its own player too (a start may say who played it, ruling 114)."""
        return True

    def pile_gone(self) -> Pending | None:
        return None  # nothing left to answer


class AnswerOrPickUp(EffectSpec):
    name = "must_answer"
    title = "Answer it or pick up"
    rule = "R9"
    description = "The next player must play the same card (or a wild one, if allowed) or pick up."
    help = "The next player must play the same card on it, or pick up the pile."
    params = (
        Choice(
            "wild",
            "May a wild card answer it?",
            "Which wild cards also answer it: none, any (a Karma card, a joker, a wild rank), "
            "only a Karma card or a joker (karma), or only a wild rank (ranks).",
            choices=("refused", "allowed", "karma", "ranks"),
            default="refused",
            words=(
                "No, only the same card",
                "Yes, a wild card too",
                "Only a Karma card or a joker too",
                "Only a wild number card too",
            ),
            optional=True,
        ),
        Choice(
            "answer",
            "Where an answer sends it",
            "Where the turn goes once a player answers it: on round the table as usual (round), "
            "or back to the player who laid it, who must answer in turn (back): the two play "
            "it out until one cannot answer and picks up.",
            choices=("round", "back"),
            default="round",
            words=("On round the table", "Back to the one who laid it"),
            optional=True,
        ),
        Cards(
            "answers",
            "Which other cards answer it",
            "The cards that answer it besides the same card, each named: a number card by its "
            "rank (a Jack is 11), a Karma card by its id, the jokers as joker; where the suits "
            "count, a card of a suit or a colour (J of hearts, red J). Only these, wild or not; "
            "each must still go on the pile. Left out: the same card, and the wild cards "
            "'wild' allows.",
            label="Which other cards answer it (leave empty to go by the wild cards above)",
            optional=True,
        ),
        Flag(
            key="takes_under",
            title="Whoever cannot answer takes only the cards under it",
            about="Whoever cannot answer picks up only the cards that lay under the first of "
            "these cards; the cards of the exchange (the first one and every answer) leave the "
            "game.",
            label="Whoever cannot answer takes only the cards under it; the rest leave the game",
            optional=True,
            default=None,
        ),
    )
    examples = ({"effect": "must_answer"},)
    order = 192

    def on_top(self, params: Params, a: Arrival) -> None:
        v, card = a.variant, a.of
        old = a.state.pending.get(self.name)
        back_to = None
        answers = (
            isinstance(old, Answer)
            and old.by not in ("", a.by)
            and a.moment is not None
            and a.moment.zone is not None  # laid by a play, not moved or found there
            and _answers_it(old, v, a.card, a.moment.suit)
        )
        if answers and isinstance(old, Answer) and old.back:
            back_to = old.by  # this card answers a demand that goes back to its player
        # Where the exchange began: under its first card (an answer goes on with it).
        start = -1
        if self.arg(params, "takes_under"):
            laid = (a.moment.cards or 1) if a.moment is not None else 1
            start = old.start if answers and isinstance(old, Answer) and old.start >= 0 else -1
            start = start if start >= 0 else max(0, len(a.state.pile) - laid)
        a.state.pending[self.name] = Answer(
            a.by,
            card,
            v.card_name(card),
            v.rule_for(a.card, self.rule),
            str(self.arg(params, "wild")),
            self.arg(params, "answer") == "back",
            back_to,
            *split_answers(named_answers(params), v),
            start,
        )

    def leaves_on_pick_up(self, p: Pending, state: State, by: str) -> tuple[int, str]:
        """``takes_under`` (ruling 164): the cards of the exchange, on top of the pile, leave
        the game as the player who cannot answer picks up the rest."""
        if not isinstance(p, Answer) or p.start < 0 or p.start >= len(state.pile):
            return 0, ""
        n = len(state.pile) - p.start
        return n, f"The {words.cards(n)} of the exchange leave the game."

    def resolve(self, r: Resolution, params: Params) -> None:
        """An answer to a demand that goes back (``answer: back``): the turn passes back to the
        player who laid it, if they are still in (docs/rulings.md); the turn flow applies it
        after the card's other effects, as for a chosen player."""
        s = r.state
        p = s.pending.get(self.name)
        if not isinstance(p, Answer) or p.back_to is None or p.by != r.player:
            return
        if p.back_to in s.names and s.is_in(s.seat_of(p.back_to)):
            if r.turn_to != p.back_to:  # a card that chose them has said so already
                r.say(f"It goes back to {p.back_to}.")
            r.turn_to = p.back_to

    def refuse_chosen(
        self, p: Pending, state: State, variant: Variant, by: str, card: Card, to: str
    ) -> Refusal | None:
        """An answer that names who goes next (a flashed 3 that chooses) must name the one who
        laid the demand, while they are in: it goes back to them."""
        if not isinstance(p, Answer) or not p.back or by == p.by or to == p.by:
            return None
        if p.by not in state.names or not state.is_in(state.seat_of(p.by)):
            return None
        if not _answers_it(p, variant, card, None):  # (a suit shown is not asked here)
            return None
        return Refusal(
            self.name,
            "sent_back",
            p.rule,
            f"{by} must send it back to {p.by}, who played {words.a_card(p.name)}.",
        )

    def refuse(self, p: Pending, ask: Proposal) -> Refusal | None:
        """Another player's play must be the same card, or wild when allowed; a blind
        face-down card is turned over whatever it is (R7.5)."""
        if not isinstance(p, Answer) or ask.by == p.by or ask.zone == "face_down":
            return None
        if _answers_it(p, ask.variant, ask.card, ask.suit):
            return None
        if p.answers is not None:  # each card named: "an Ace, a 2, an 8 or a 10"
            v = ask.variant
            named = [words.a_card(v.card_name(c)) for c in p.answers if c != p.card]
            suited = [a_suited(v, c, kind) for c, kind in p.suited]
            same = [] if any(c == p.card for c, _ in p.suited) else [words.a_card(p.name)]
            alt = words.or_list([*same, *named, *suited])
        else:
            # The card is on top for all to see: naming it once keeps the sentence short.
            alt = words.a_card(p.name) + ALSO[p.wild]
        return Refusal(
            self.name,
            "must_answer",
            p.rule,
            f"{ask.by} must answer with {alt}, or pick up the pile.",
        )

    def sheet(self, params: Params, variant: Variant | None) -> str:
        also = _also(str(self.arg(params, "wild")), named_answers(params), variant)
        alt = f" ({also.removeprefix(' ')})" if also else ""
        text = f"The next player must play the same card on it{alt}, or pick up the pile."
        if self.arg(params, "answer") == "back":
            text += (
                " An answer sends it back to the player who laid it, who must answer in turn, "
                "until one of them cannot and picks up."
            )
        if self.arg(params, "takes_under"):
            text += (
                " Whoever cannot answer takes only the cards under the first one; the cards "
                "of the exchange leave the game."
            )
        return text

    def suited_cards(self, params: Params, variant: Variant) -> frozenset[Card]:
        """The cards ``answers`` names by a suit or a colour: their plays show one."""
        return frozenset(c for c, _ in split_answers(named_answers(params), variant)[1])

    def check(self, c: CardCheck) -> None:
        """Each card ``answers`` names is a card of the deck, a card of a suit or a colour only
        where the suits count; ``wild`` is then not read."""
        if not isinstance(c.params.get("answers"), list):
            return
        check_answers(c)
        if c.params.get("wild", "refused") != "refused":
            c.warn(
                "'wild' is not read where 'answers' names the cards that answer it; expected "
                "one of them",
                "wild",
                "The cards named answer it, so “May a wild card answer it?” changes nothing.",
            )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 3.0


def check_answers(c: CardCheck) -> None:
    """Each card ``answers`` names is a card of the deck, a card of a suit or a colour only
    where the suits count (``must_answer``; ``give_pile``'s deflection, ruling 168)."""
    named = c.params.get("answers")
    if not isinstance(named, list):
        return
    for card in named:
        if _suited_check(c, card):
            continue
        n = card if isinstance(card, int) and not isinstance(card, bool) else None
        if n is not None and c.ranks is not None and not c.in_deck(n):
            but = f" but {n}, which the pack leaves out" if n in c.left_out else ""
            c.error(
                f"the card {n} is not in the deck; expected a rank from {c.ranks.start} to "
                f"{c.ranks.stop - 1}{but}",
                "answers",
                f"The deck has no {n}. Name cards of the deck.",
            )
        elif (
            isinstance(card, str)
            and c.card_ids is not None
            and card not in c.card_ids
            and not (c.pack is not None and isinstance(c.pack.parse_card(card), int))
        ):
            known = ", ".join(sorted(c.card_ids)) or "none"
            if c.pack is not None and c.pack.ordinary:  # a face by its label is a card too
                known = "a number, J, Q, K or A" + (f", or {known}" if c.card_ids else "")
            c.error(
                f"no Karma card or joker is called '{card}'; expected one of: {known}",
                "answers",
                f"The deck has no card called “{card}”. Name cards of the deck.",
            )


ALSO = {
    "refused": "",
    "allowed": " or a wild card",
    "karma": " or a Karma card or joker",
    "ranks": " or a wild number card",
}
"""The words a refusal and the rules sheet add for the wild cards that also answer it."""


def named_answers(params: Params) -> tuple[Card, ...] | None:
    """The cards ``answers`` names, if it names any."""
    named = params.get("answers")
    return tuple(named) if isinstance(named, list | tuple) else None


def _answers_it(p: Answer, variant: Variant, card: Card, suit: str | None) -> bool:
    """Whether a play of ``card`` showing ``suit`` answers the demand: the same card (only of
    the suit or colour named, where ``answers`` names it so), or one of the cards it names
    (``answers``; a card of a suit or a colour only where the play shows it), else a wild
    card of the kind ``wild`` allows."""
    if p.suited and suit is not None:
        colour = COLOURS.get(suit)
        if any(c == card and kind in (suit, colour) for c, kind in p.suited):
            return True
    if card == p.card:
        return not any(c == card for c, _ in p.suited)
    if p.answers is not None:
        return card in p.answers
    return _answers(p.wild, variant, card)


def split_answers(
    named: tuple[Card, ...] | None, variant: Variant
) -> tuple[tuple[Card, ...] | None, tuple[tuple[int, str], ...]]:
    """The cards ``answers`` names: those named by themselves, and those of a suit or a colour
    (rank, suit or colour; issue 42)."""
    if named is None:
        return None, ()
    suited = [(c, variant.parse_suited(c)) for c in named]
    plain = tuple(_card(variant, c) for c, s in suited if s is None)
    return plain, tuple(s for _, s in suited if s is not None)


def _card(variant: Variant, named: Card) -> Card:
    """A card named by itself as the deck counts it: in an ordinary pack a face by its label or
    name ('J', 'Jack') is its rank (11); a number or a Karma card's id stays as written."""
    found = variant.parse_card(named) if isinstance(named, str) else None
    return found if isinstance(found, int) else named


def a_suited(variant: Variant, card: int, kind: str) -> str:
    """'a Jack of hearts', 'a red Jack', 'a red 8'."""
    name = variant.suited_name(card, kind)
    return words.a_card(name) if kind in SUITS else f"a {name}"


def _suited_check(c: CardCheck, card: object) -> bool:
    """A card of a suit or a colour named in ``answers`` (issue 42): only where the pack's
    suits count.  Whether it named one (else the card is checked as a card)."""
    pack = c.pack
    found = pack.parse_suited(card) if pack is not None else None
    if found is None:
        return False
    if not pack or not pack.suits:
        c.error(
            f"'{card}' names a card by its suit, but this deck's suits do not count; expected "
            "ranks: {pack: ordinary, suits: true}, or the card without a suit",
            "answers",
            "Only an ordinary pack whose suits count knows a card's suit. Say that some "
            "powers belong to a suit or a colour, or name the card without one.",
        )
    return True


def _also(kind: str, named: tuple[Card, ...] | None, variant: Variant | None) -> str:
    """The words a refusal and the rules sheet add for the other cards that answer it."""
    if named is None:
        return ALSO[kind]
    if variant is None:
        return " or " + words.or_list([words.a_card(str(c)) for c in named])
    plain, suited = split_answers(named, variant)
    said = [words.a_card(variant.card_name(c)) for c in plain or ()]
    said += [a_suited(variant, c, kind) for c, kind in suited]
    return " or " + words.or_list(said)


def _answers(kind: str, variant: Variant, card: Card) -> bool:
    """Whether a wild card of the kind the demand names answers it: any wild card, only the
    cards that are not numbers (Karma cards, jokers), or only a wild number rank."""
    if kind == "refused" or not _wild(variant, card):
        return False
    if kind == "karma":
        return isinstance(card, str)
    if kind == "ranks":
        return isinstance(card, int)
    return True


def _wild(variant: Variant, card: Card) -> bool:
    """Karma cards are wild (R5.3), and so is a rank whose effects make it wild."""
    t = Traits(wild=isinstance(card, str))
    for e in variant.effects_of(card):
        UNITS[e.name].traits(e.params, t)
    return t.wild
