"""Give the pile (R8.1): the whole pile becomes a chosen player's hand cards.

With ``answers`` (a house rule, issue 42: PAGATV's joker "forcing the next player to pick up
the pile" unless they lay a red Jack on it, "which throws the effect ... onto the person whose
turn to play is next"), the give may be deflected (docs/rulings.md, ruling 168): the pile is not
handed over at once.  The player it is given to takes the next step (``Deflect``, this unit's
pending slice): one of the cards named laid on the pile passes it on, with that card, to the
player whose turn comes next, who may pass it on again; a pick-up takes it (R6.2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from referee import words
from referee.effects.base import Proposal, Refusal, Resolution
from referee.effects.must_answer import a_suited, check_answers, named_answers, split_answers
from referee.effects.spec import TARGET, CardCheck, EffectSpec, Params
from referee.table.state import Pending, State
from referee.variant.declare import Cards
from referee.variant.model import COLOURS, Card, Variant


@dataclass(frozen=True, slots=True)
class Deflect(Pending):
    """The pile is given away but not yet taken: the next player to step other than ``by``
    (the one it was given to, then each one it is passed on to) must lay one of the cards named
    - passing it on - or pick it up (ruling 168)."""

    answers: tuple[Card, ...] = ()
    # The cards named by a suit or a colour (``red J``), as (rank, suit or colour).
    suited: tuple[tuple[int, str], ...] = ()

    def passes(self, card: Card, suit: str | None) -> bool:
        """Whether a play of ``card`` showing ``suit`` passes the pile on."""
        if card in self.answers:
            return True
        return suit is not None and any(
            c == card and kind in (suit, COLOURS.get(suit)) for c, kind in self.suited
        )

    def alternatives(self, variant: Variant) -> str:
        """'a Jack or a red Jack': the cards that pass it on, in words."""
        named = [words.a_card(variant.card_name(c)) for c in self.answers]
        named += [a_suited(variant, c, kind) for c, kind in self.suited]
        return words.or_list(named)

    @property
    def gives_pile(self) -> bool:
        return True

    def pile_gone(self) -> Pending | None:
        return None  # burned or cleared: there is nothing left to give


ANSWERS = Cards(
    "answers",
    "Which cards pass it on",
    "The cards that pass the pile on: the player it is given to may lay one of them on it "
    "(it must still go on the pile), and the pile, with that card, goes on to the player whose "
    "turn comes next, who may pass it on again; whoever does not picks it up. Each named: a "
    "number card by its rank (a Jack is 11), a Karma card by its id, the jokers as joker; where "
    "the suits count, a card of a suit or a colour (J of hearts, red J). Left out: the pile "
    "cannot be passed on.",
    label="Which cards pass it on (leave empty: it cannot be passed on)",
    optional=True,
)
"""A give that may be deflected (issue 42, ruling 168): the cards that pass it on."""


class GivePile(EffectSpec):
    name = "give_pile"
    title = "Give the pile"
    rule = "R8.1"
    description = "Give the whole pile to a chosen player, as hand cards."
    help = "The player gives the whole pile to another player, who takes it into their hand."
    targeted = True
    params = (TARGET, ANSWERS)
    order = 50
    copyable = True  # a mirror copies it: aimed at the next player: no choice (ruling 45)
    contradicts = {"clear_pile": "the pile cannot be both given away and removed"}

    def resolve(self, r: Resolution, params: Params) -> None:
        """R8.1: the whole pile becomes the hand cards of the chosen (or the next) player,
        nothing if it is empty.  With ``answers`` it is given to them to pass on or take: the
        turn goes to them at once (ruling 168)."""
        to = self.aimed_at(r, params)
        if to is None:
            return
        s = r.state
        named = named_answers(params)
        # A player who holds nothing (out, R8: any player, in or out) has nothing to pass it
        # on with: they take it at once, and are in again.
        if named is not None and s.pile and s.seats[to].total:
            v = r.variant
            plain, suited = split_answers(named, v)
            d = Deflect(
                r.player,
                r.card,
                v.card_name(r.card),
                v.rule_for(r.card, self.rule),
                plain or (),
                suited,
            )
            s.pending[self.name] = d
            who = r.name(to)
            if self.needs_target(params) and r.turn_to is None:
                r.turn_to = who  # they answer at once, as a chosen player goes next
            r.say(
                f"{r.player} gives the pile to {who}, who may pass it on with "
                f"{d.alternatives(v)}, or pick it up."
            )
            return
        n = s.pile_to_hand(to)
        if n:
            r.say(f"{r.player} gives the pile ({words.cards(n)}) to {r.name(to)}.")
        else:
            r.say("The pile is empty, so there is nothing to give.")

    def refuse(self, p: Pending, ask: Proposal) -> Refusal | None:
        """The player the pile is given to lays a card that passes it on, or picks it up; a
        blind face-down card is turned over whatever it is (R7.5, ruling 168)."""
        if not isinstance(p, Deflect) or ask.by == p.by or ask.zone == "face_down":
            return None
        if p.passes(ask.card, ask.suit):
            return None
        return Refusal(
            self.name,
            "pass_pile",
            p.rule,
            f"{ask.by} must pass the pile on with {p.alternatives(ask.variant)}, or pick it up.",
        )

    def settle(
        self,
        p: Pending,
        state: State,
        say: Callable[[str], None],
        by: str = "",
        card: Card | None = None,
        suit: str | None = None,
    ) -> None:
        """``by``'s step has met the pile given to them: a pick-up took it; a card that passes
        it on sends it on with that card to the player whose turn comes next; a blind
        face-down card that went on the pile without passing it on leaves them the pile, that
        card included (R7.5, ruling 168)."""
        if not isinstance(p, Deflect) or card is None or not state.pile or by not in state.names:
            return
        if p.passes(card, suit):
            state.pending[self.name] = Deflect(by, p.card, p.name, p.rule, p.answers, p.suited)
            say(f"{by} passes the pile on.")
            return
        n = state.pile_to_hand(state.seat_of(by))
        say(f"That does not pass it on, so {by} takes the pile ({words.cards(n)}).")

    def suited_cards(self, params: Params, variant: Variant) -> frozenset[Card]:
        """The cards ``answers`` names by a suit or a colour: their plays show one."""
        named = named_answers(params)
        return frozenset(c for c, _ in split_answers(named, variant)[1])

    def check(self, c: CardCheck) -> None:
        """Each card ``answers`` names is a card of the deck (a card of a suit or a colour only
        where the suits count)."""
        check_answers(c)

    def sheet(self, params: Params, variant: Variant | None) -> str:
        if self.arg(params, "target") == "next":
            text = "The next player takes the whole pile into their hand."
        else:
            text = (
                "The player gives the whole pile to any other player, who takes it into their hand."
            )
        named = named_answers(params)
        if named is None:
            return text
        if variant is None:
            alt = words.or_list([words.a_card(str(c)) for c in named])
        else:
            plain, suited = split_answers(named, variant)
            said = [words.a_card(variant.card_name(c)) for c in plain or ()]
            alt = words.or_list(said + [a_suited(variant, c, k) for c, k in suited])
        return text.removesuffix(".") + (
            f", unless they pass it on at once with {alt}: the pile, with that card, goes on "
            "to the player whose turn comes next, who may pass it on again. Whoever does not "
            "picks it up, and that is their turn."
        )

    def bot_score(self, state: State, pile_size: int) -> float | None:
        return 5.0 + pile_size
