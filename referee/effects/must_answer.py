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
from referee.effects.spec import UNITS, EffectSpec, Params
from referee.table.state import Pending, State
from referee.variant.declare import Choice
from referee.variant.model import Card, Variant


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
    )
    examples = ({"effect": "must_answer"},)
    order = 192

    def on_top(self, params: Params, a: Arrival) -> None:
        v, card = a.variant, a.of
        old = a.state.pending.get(self.name)
        back_to = None
        if (
            isinstance(old, Answer)
            and old.back
            and old.by not in ("", a.by)
            and a.moment is not None
            and a.moment.zone is not None  # laid by a play, not moved or found there
            and (a.card == old.card or _answers(old.wild, v, a.card))
        ):
            back_to = old.by  # this card answers a demand that goes back to its player
        a.state.pending[self.name] = Answer(
            a.by,
            card,
            v.card_name(card),
            v.rule_for(a.card, self.rule),
            str(self.arg(params, "wild")),
            self.arg(params, "answer") == "back",
            back_to,
        )

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
        if card != p.card and not _answers(p.wild, variant, card):
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
        if ask.card == p.card or _answers(p.wild, ask.variant, ask.card):
            return None
        alt = ALSO[p.wild]
        return Refusal(
            self.name,
            "must_answer",
            p.rule,
            # The card is on top for all to see: naming it once keeps the sentence short.
            f"{ask.by} must answer with {words.a_card(p.name)}{alt}, or pick up the pile.",
        )

    def sheet(self, params: Params, variant: Variant | None) -> str:
        also = ALSO[str(self.arg(params, "wild"))]
        alt = f" ({also.removeprefix(' ')})" if also else ""
        text = f"The next player must play the same card on it{alt}, or pick up the pile."
        if self.arg(params, "answer") == "back":
            text += (
                " An answer sends it back to the player who laid it, who must answer in turn, "
                "until one of them cannot and picks up."
            )
        return text

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 3.0


ALSO = {
    "refused": "",
    "allowed": " or a wild card",
    "karma": " or a Karma card or joker",
    "ranks": " or a wild number card",
}
"""The words a refusal and the rules sheet add for the wild cards that also answer it."""


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
