"""Turn up the draw pile's top card to start the pile (issue 42, docs/rulings.md ruling 156;
cardgames.guru: "turn the top card over to start the discard pile").  R2.1 leaves the pile empty
after the deal; at a table that plays this rule the dealer turns the draw pile's top card face
up onto it, and the first player plays on that card as on any pile (R5).

Nobody played the card, so the powers a card has when it is played do not happen (a 10 turned
up does not burn, an 8 skips nobody); what it says while it lies there holds, as for a start
position's top card (rulings 7 and 114): what it counts, what may go on it, a demand that binds
the first step.  It is one of the identical cards on top (R7.1): three 9s laid on a turned-up 9
burn.  At a real table the table tells the referee which card it is (a record's ``turned_up``,
asked on the New game page); with full information the deal turns it up itself.

This file is the whole rule: its field, its words, its check and its hooks into the engine
(``set_up``: the card the table says it turned up; ``draw_set_up``: the card turned up with full
information).
"""

from __future__ import annotations

import dataclasses

from referee.table.setup import SetUp, SetupError, check_card, check_copies
from referee.tablerules.spec import TableRule
from referee.variant.model import Card, Variant
from referee.variant.table import TableCheck, switch

_NO_DRAW_PILE = "no draw pile is left after the deal"


class TurnUp(TableRule):
    name = "turn_up"
    order = 16
    rule = "R2.1"
    place = "deal"
    told = "turned_up"
    declared = switch(
        "turn_up",
        "Turn up the top card to start the pile",
        "After the deal, the draw pile's top card is turned face up to start the pile. Nobody "
        "played it: its powers do not happen, and the first player plays on it as on any pile.",
        "Turn the draw pile's top card up to start the pile",
    )

    def goes_back(self, variant: Variant, card: Card) -> bool:
        """Whether ``card``, turned up, goes back under the draw pile and the next is turned up
        instead (here: never; ``turn_up_again``: a card with a power, ruling 172)."""
        return False

    def set_up(self, t: SetUp) -> None:
        """The card the table says it turned up from the draw pile starts the pile (ruling
        156), counted as seen (R4.3); none where the deal leaves no draw pile."""
        s, v, card = t.state, t.variant, t.told.turned_up
        if s.draw_pile <= 0:
            if card is not None:
                raise SetupError(f"{_NO_DRAW_PILE}, so there is no turned-up card.", "turned_up")
            return
        if card is None:
            raise SetupError("say which card was turned up to start the pile.", "turned_up")
        check_card(v, card, "turned_up")
        if self.goes_back(v, card):
            raise SetupError(
                f"{v.card_name(card)} has a power, so it went back under the draw pile and "
                "the next card was turned up: say the card that stayed turned up.",
                "turned_up",
            )
        s.see(card)
        check_copies(
            v, t.decks, s.seen, "the face-up cards and the turned-up card show", "turned_up"
        )
        s.pile.append(card)
        s.draw_pile -= 1

    def draw_set_up(self, t: SetUp) -> None:
        """With full information: the draw pile's top card turned up to start the pile (ruling
        156); one that ``goes_back`` goes under the draw pile and the next is turned up, until
        one stays (all go back: the last turned up stays)."""
        s, deck = t.state, t.state.draw_cards
        if not deck:
            return
        card = deck.pop()
        for _ in range(len(deck)):
            if not self.goes_back(t.variant, card):
                break
            deck.insert(0, card)  # under the draw pile: drawn last
            card = deck.pop()
        s.pile.append(card)
        s.draw_pile = len(deck)
        t.told = dataclasses.replace(t.told, turned_up=card)

    def told_unasked(self, t: SetUp) -> str:
        why = "no card is turned up here" if t.state.draw_pile > 0 else _NO_DRAW_PILE
        return f"{why}, so there is no turned-up card."

    def told_step(self, variant: Variant) -> str:
        return "say which card you turned up"

    def told_question(self, variant: Variant) -> str:
        return "Which card did you turn up to start the pile?"

    def sheet(self, variant: Variant) -> str:
        return (
            "Then the top card of the draw pile is turned face up to start the pile. Nobody "
            "played it, so its power does not happen; the first player plays on it as usual."
        )

    def check(self, c: TableCheck) -> None:
        if c.beside("deal_rest"):
            c.warn(
                "turn_up turns up the draw pile's top card, and deal_rest leaves no draw pile, "
                "so nothing is turned up; expected one or the other",
                "All the cards are dealt out here, so there is no draw pile to turn a card up "
                "from.",
            )
