"""Outcome words as a table (R11.2): for each kind of outcome and four variants (classic,
shithead, second-edition and the house variant of ``wording_cases``), the exact words the
referee says after an accepted step - ``Outcome.text``, made of the sentences in the
"outcomes" section of ``referee.words.sentences`` (and an effect's own words, and the hint for the
next player).  Then: every outcome is whole sentences, and every outcome function is heard.

A case is named after the rule it shows.  Cases that a variant cannot show (a card it does
not have) are left out; "house-extra" is the house variant with two more cards, for the two
outcomes no other variant can show (a restriction that lapses on an empty pile, a card that
makes its player play again).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from wording_cases import EXTRA, outcome_cases

from referee.engine import Game, Outcome, Step
from referee.words import sentences

VARIANTS = ("classic", "shithead", "second-edition", "house")


def _all() -> list[tuple[str, str, Game, Step]]:
    return [
        (vid, case, g, step) for vid in (*VARIANTS, EXTRA) for case, g, step in outcome_cases(vid)
    ]


EXPECTED_OUTCOMES: dict[tuple[str, str], str] = {
    (
        "classic",
        "R4.1 a play from the hand",
    ): "Ann plays 9. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R4.1 two cards at once",
    ): "Ann plays two 9s. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R4.1 a run of cards in a row",
    ): "Ann lays a run: 4, 5 and 6. Ben may play from their hand: 6 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R3.2 a play from face-up",
    ): "Ann plays 9 from the table. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R7.5 a face-down card that fits",
    ): "Ann turns over a face-down 5. Ben may play from their hand: 5 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R7.5 a face-down card that does not fit",
    ): "Ann turns over a face-down 5. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R6.2 pick up the pile",
    ): "Ann picks up the pile (2 cards). Ben may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R6.2 pick up a pile of one card",
    ): "Ann picks up the pile (1 card). Ben may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R7.1 a run burns",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R7.3 one play burns",
    ): "Ann plays three 7s. That makes three 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R7.3 four 7s with two decks",
    ): "Ann plays two 7s. That makes four 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R6.6 a burn: draw, then play again",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann draws 3 cards. Ann plays again. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R10.1 a burn with the last card: out, not again",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann has no cards left: Ann is out. Ben may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R6.4 the mover draws",
    ): "Ann plays 9. Ann draws 1 card. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R6.4 the mover and the next player draw",
    ): "Ann plays 9. Ann draws 1 card. Ben draws 2 cards. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R10.1 a player goes out",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R10.2 the game ends",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds cards (3 cards), so Ben loses.",
    (
        "classic",
        "R10.2 the game ends, the loser holds one card",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds a card, so Ben loses.",
    (
        "classic",
        "R5.4 a restriction",
    ): "Ann plays Five or Below. Ben may play from their hand: 5 or lower, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R8.1 give the pile",
    ): "Ann plays Give the Pile to a Friend. Give the Pile to a Friend leaves the game. Ann gives the pile (2 cards) to Ben. Ben may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R10.3 a player who is out gets the pile and is back in",
    ): "Ann plays Give the Pile to a Friend. Give the Pile to a Friend leaves the game. Ann gives the pile (2 cards) to Cal. Cal is back in the game. Ben may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R8.3 a follow-up from face-up",
    ): "Ann plays Play a Table Card. Ann must play again straight away, without drawing first. Ann must play a face-up card now. Any card may go.",
    (
        "classic",
        "R8.3 a follow-up from the hand",
    ): "Ann plays Play a Table Card. Ann must play again straight away, without drawing first. Ann must play a hand card now. Any card may go. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R8.3 no card left to follow up with",
    ): "Ann plays Play a Table Card. There is no card left to play again with. Ann has no cards left: Ann is out. Ben may play any card from their hand. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "shithead",
        "R4.1 a play from the hand",
    ): "Ann plays 9. Ben may play from their hand: 9 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile.",
    (
        "shithead",
        "R4.1 two cards at once",
    ): "Ann plays two 9s. Ben may play from their hand: 9 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile.",
    (
        "shithead",
        "R4.1 a run of cards in a row",
    ): "Ann lays a run: 4, 5 and 6. Ben may play from their hand: 6 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile.",
    (
        "shithead",
        "R3.2 a play from face-up",
    ): "Ann plays 9 from the table. Ben may play from their hand: 9 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile.",
    (
        "shithead",
        "R7.5 a face-down card that fits",
    ): "Ann turns over a face-down 5. Ben may play from their hand: 5 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile.",
    (
        "shithead",
        "R7.5 a face-down card that does not fit",
    ): "Ann turns over a face-down 5. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand.",
    (
        "shithead",
        "R6.2 pick up the pile",
    ): "Ann picks up the pile (2 cards). Ben may play any card from their hand.",
    (
        "shithead",
        "R6.2 pick up a pile of one card",
    ): "Ann picks up the pile (1 card). Ben may play any card from their hand.",
    (
        "shithead",
        "R7.1 a run burns",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "shithead",
        "R7.3 one play burns",
    ): "Ann plays four 7s. That makes four 7s in a row: the pile burns (5 cards)! Ann plays again. Ann may play any card from their hand.",
    (
        "shithead",
        "R6.6 a burn: draw, then play again",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann draws 3 cards. Ann plays again. Ann may play any card from their hand.",
    (
        "shithead",
        "R10.1 a burn with the last card: out, not again",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann has no cards left: Ann is out. Ben may play any card from their hand.",
    (
        "shithead",
        "R6.4 the mover draws",
    ): "Ann plays 9. Ann draws 1 card. Ben may play from their hand: 9 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile.",
    (
        "shithead",
        "R6.4 the mover and the next player draw",
    ): "Ann plays 9. Ann draws 1 card. Ben draws 2 cards. Ben may play from their hand: 9 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile.",
    (
        "shithead",
        "R10.1 a player goes out",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Ben may play from their hand: 9 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile.",
    (
        "shithead",
        "R10.2 the game ends",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds cards (3 cards), so Ben loses.",
    (
        "shithead",
        "R10.2 the game ends, the loser holds one card",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds a card, so Ben loses.",
    (
        "shithead",
        "R5.4 a restriction",
    ): "Ann plays 7. Ben may play from their hand: 7 or lower, or a wild 2, 8 or 10. Or Ben may pick up the pile.",
    (
        "shithead",
        "R8.5 a card clears the pile",
    ): "Ann plays 10. The pile is cleared (3 cards out of play). Ann plays again. Ann may play any card from their hand.",
    (
        "second-edition",
        "R4.1 a play from the hand",
    ): "Ann plays 9. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R4.1 two cards at once",
    ): "Ann plays two 9s. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R4.1 a run of cards in a row",
    ): "Ann lays a run: 4, 5 and 6. Ben may play from their hand: 6 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R3.2 a play from face-up",
    ): "Ann plays 9 from the table. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R7.5 a face-down card that fits",
    ): "Ann turns over a face-down 5. Ben may play from their hand: 5 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R7.5 a face-down card that does not fit",
    ): "Ann turns over a face-down 5. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand. Some cards need a chosen player.",
    (
        "second-edition",
        "R6.2 pick up the pile",
    ): "Ann picks up the pile (2 cards). Ben may play any card from their hand. Some cards need a chosen player.",
    (
        "second-edition",
        "R6.2 pick up a pile of one card",
    ): "Ann picks up the pile (1 card). Ben may play any card from their hand. Some cards need a chosen player.",
    (
        "second-edition",
        "R7.1 a run burns",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand. Some cards need a chosen player.",
    (
        "second-edition",
        "R7.3 one play burns",
    ): "Ann plays three 7s. That makes three 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand. Some cards need a chosen player.",
    (
        "second-edition",
        "R7.3 four 7s with two decks",
    ): "Ann plays two 7s. That makes four 7s in a row: the pile burns (4 cards)! Ann plays again. Ann may play any card from their hand. Some cards need a chosen player.",
    (
        "second-edition",
        "R6.6 a burn: draw, then play again",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann draws 3 cards. Ann plays again. Ann may play any card from their hand. Some cards need a chosen player.",
    (
        "second-edition",
        "R10.1 a burn with the last card: out, not again",
    ): "Ann plays 7. That makes three 7s in a row: the pile burns (4 cards)! Ann has no cards left: Ann is out. Ben may play any card from their hand. Some cards need a chosen player.",
    (
        "second-edition",
        "R6.4 the mover draws",
    ): "Ann plays 9. Ann draws 1 card. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R6.4 the mover and the next player draw",
    ): "Ann plays 9. Ann draws 1 card. Ben draws 2 cards. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R10.1 a player goes out",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R10.2 the game ends",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds cards (3 cards), so Ben loses.",
    (
        "second-edition",
        "R10.2 the game ends, the loser holds one card",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds a card, so Ben loses.",
    (
        "second-edition",
        "R5.4 a restriction",
    ): "Ann plays 7 to 11. Ben may play from their hand: a number from 7 to 11, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R8.5 a card clears the pile",
    ): "Ann plays Clear the Pile. Clear the Pile leaves the game. The pile is cleared (2 cards out of play). Ann plays again. Ann may play any card from their hand. Some cards need a chosen player.",
    (
        "second-edition",
        "R8 a one-time card leaves the game",
    ): "Ann plays Exchange Hands. Exchange Hands leaves the game. Ann and Ben swap hands. Ben may play from their hand: 6 or higher, or a Karma card. Or Ben may pick up the pile. Lose a Turn, Give a Card and Change Your Seat need a chosen player.",
    (
        "second-edition",
        "R8.6 the next player loses a turn",
    ): "Ann plays Lose a Turn. Ben will lose their next turn. Ben loses this turn. Cal may play any card from their hand. Or Cal may pick up the pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R8.6 a second lost turn",
    ): "Ben plays Lose a Turn. Cal will lose a second turn: their next two turns in all. Cal loses this turn, and will lose the next one too. Ann may play any card from their hand. Or Ann may pick up the pile. Some cards need a chosen player.",
    (
        "house",
        "R4.1 a play from the hand",
    ): "Ann plays 9. Ben may play from their hand: a 9 or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "house",
        "R4.1 two cards at once",
    ): "Ann plays two 9s. Ben may play from their hand: a 9 or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "house",
        "R4.1 a run of cards in a row",
    ): "Ann lays a run: 4, 5 and 6. Ben may play from their hand: 6 or higher, or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "house",
        "R3.2 a play from face-up",
    ): "Ann plays 9 from the table. Ben may play from their hand: a 9 or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "house",
        "R7.5 a face-down card that fits",
    ): "Ann turns over a face-down 5. Ben may play from their hand: 5 or higher, or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "house",
        "R7.5 a face-down card that does not fit",
    ): "Ann turns over a face-down 5. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand. Draw Two needs a chosen player.",
    (
        "house",
        "R6.2 pick up the pile",
    ): "Ann picks up the pile (2 cards). Ben may play any card from their hand. Draw Two needs a chosen player.",
    (
        "house",
        "R6.2 pick up a pile of one card",
    ): "Ann picks up the pile (1 card). Ben may play any card from their hand. Draw Two needs a chosen player.",
    (
        "house",
        "R7.1 a run burns",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann plays again. Ann may play any card from their hand. Draw Two needs a chosen player.",
    (
        "house",
        "R7.3 one play burns",
    ): "Ann plays four 7s. That makes four 7s in a row: the pile burns (5 cards)! Ann plays again. Ann may play any card from their hand. Draw Two needs a chosen player.",
    (
        "house",
        "R6.6 a burn: draw, then play again",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann draws 3 cards. Ann plays again. Ann may play any card from their hand. Draw Two needs a chosen player.",
    (
        "house",
        "R10.1 a burn with the last card: out, not again",
    ): "Ann plays 7. That makes four 7s in a row: the pile burns (5 cards)! Ann has no cards left: Ann is out. Ben may play any card from their hand. Draw Two needs a chosen player.",
    (
        "house",
        "R6.4 the mover draws",
    ): "Ann plays 9. Ann draws 1 card. Ben may play from their hand: a 9 or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "house",
        "R6.4 the mover and the next player draw",
    ): "Ann plays 9. Ann draws 1 card. Ben draws 2 cards. Ben may play from their hand: a 9 or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "house",
        "R10.1 a player goes out",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Ben may play from their hand: a 9 or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "house",
        "R10.2 the game ends",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds cards (3 cards), so Ben loses.",
    (
        "house",
        "R10.2 the game ends, the loser holds one card",
    ): "Ann plays 9. Ann has no cards left: Ann is out. Game over: only Ben still holds a card, so Ben loses.",
    (
        "house",
        "R5.4 a restriction",
    ): "Ann plays Low Five. Ben may play from their hand: 5 or lower, or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "house",
        "R8.5 a card clears the pile",
    ): "Ann plays 10. The pile is cleared (3 cards out of play). Ann plays again. Ann may play any card from their hand. Draw Two needs a chosen player.",
    (
        "house",
        "R8.6 the next player loses a turn",
    ): "Ann plays Draw Two. The draw pile is empty, so Ben draws nothing. Ben will lose their next turn. Ben loses this turn. Cal may play any card from their hand. Or Cal may pick up the pile. Draw Two needs a chosen player.",
    (
        "house",
        "R8.6 a second lost turn",
    ): "Ben plays Draw Two. The draw pile is empty, so Cal draws nothing. Cal will lose a second turn: their next two turns in all. Cal loses this turn, and will lose the next one too. Ann may play any card from their hand. Or Ann may pick up the pile.",
    (
        "house",
        "R9 the next player draws",
    ): "Ann plays Draw Two. Ben draws 2 cards from the draw pile. Cal will lose their next turn. Ann draws 1 card. Ben may play any card from their hand. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "house-extra",
        "R5.1 a restriction lapses on an empty pile",
    ): "Ann plays Last Low. Last Low leaves the game. The pile is empty, so any card may start it. Ben may play any card from their hand. Draw Two needs a chosen player.",
    (
        "house-extra",
        "R6.6 a card that makes its player play again",
    ): "Ann plays Again. Ann plays again. Ann may play any card from their hand. Or Ann may pick up the pile. Draw Two needs a chosen player.",
    (
        "house-extra",
        "R9 who cannot beat it sends the pile to its player",
    ): "Ben cannot beat it, so Ann picks up the pile (2 cards). Ben starts a new pile. Ben may play any card from their hand. Draw Two needs a chosen player.",
    (
        "house-extra",
        "R8.3 a card its player must cover at once, after drawing",
    ): "Ann plays Cover Me. Ann draws 1 card. Ann must play again at once, and may not pick up the pile. Ann must play a hand card now. Any card may go. Draw Two needs a chosen player.",
    (
        "classic",
        "R6.2 a face-up card taken with the pile",
    ): "Ann picks up the pile (1 card). Ann takes a 4 from the face-up cards into the hand. Ben may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "shithead",
        "R6.2 a face-up card taken with the pile",
    ): "Ann picks up the pile (1 card). Ann takes a 4 from the face-up cards into the hand. Ben may play any card from their hand.",
    (
        "second-edition",
        "R6.2 a face-up card taken with the pile",
    ): "Ann picks up the pile (1 card). Ann takes a 4 from the face-up cards into the hand. Ben may play any card from their hand. Some cards need a chosen player.",
    (
        "house",
        "R6.2 a face-up card taken with the pile",
    ): "Ann picks up the pile (1 card). Ann takes a 4 from the face-up cards into the hand. Ben may play any card from their hand. Draw Two needs a chosen player.",
    (
        "classic",
        "R7.5 a card from the draw pile that fits",
    ): "Ann turns over a 5 from the draw pile. Ben may play from their hand: 5 or higher, or a Karma card. Or Ben may pick up the pile. Or Ben may turn over the top card of the draw pile. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R7.5 a card from the draw pile that does not fit",
    ): "Ann turns over a 5 from the draw pile. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "shithead",
        "R7.5 a card from the draw pile that fits",
    ): "Ann turns over a 5 from the draw pile. Ben may play from their hand: 5 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile. Or Ben may turn over the top card of the draw pile.",
    (
        "shithead",
        "R7.5 a card from the draw pile that does not fit",
    ): "Ann turns over a 5 from the draw pile. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand.",
    (
        "second-edition",
        "R7.5 a card from the draw pile that fits",
    ): "Ann turns over a 5 from the draw pile. Ben may play from their hand: 5 or higher, or a Karma card. Or Ben may pick up the pile. Or Ben may turn over the top card of the draw pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R7.5 a card from the draw pile that does not fit",
    ): "Ann turns over a 5 from the draw pile. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand. Some cards need a chosen player.",
    (
        "house",
        "R7.5 a card from the draw pile that fits",
    ): "Ann turns over a 5 from the draw pile. Ben may play from their hand: 5 or higher, or a wild card. Or Ben may pick up the pile. Or Ben may turn over the top card of the draw pile. Draw Two needs a chosen player.",
    (
        "house",
        "R7.5 a card from the draw pile that does not fit",
    ): "Ann turns over a 5 from the draw pile. It does not fit: Ann picks up the pile (3 cards). Ben may play any card from their hand. Draw Two needs a chosen player.",
    (
        "classic",
        "R6.5 the same card on from the face-up cards",
    ): "Ann plays 7. Ann may also play a face-up 7 before Ben steps. Ben may play from their hand: 8 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "classic",
        "R6.4 a drawn card of the same rank",
    ): "Ann plays 7. Ann draws 1 card. If Ann just drew a 7, Ann may play it before Ben steps. Ben may play from their hand: 7 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player.",
    (
        "shithead",
        "R6.5 the same card on from the face-up cards",
    ): "Ann plays 7. Ann may also play a face-up 7 before Ben steps. Ben may play from their hand: 7 or lower, or a wild 2, 8 or 10. Or Ben may pick up the pile.",
    (
        "shithead",
        "R6.4 a drawn card of the same rank",
    ): "Ann plays 7. Ann draws 1 card. If Ann just drew a 7, Ann may play it before Ben steps. Ben may play from their hand: 7 or lower, or a wild 2, 8 or 10. Or Ben may pick up the pile.",
    (
        "second-edition",
        "R6.5 the same card on from the face-up cards",
    ): "Ann plays 7. Ann may also play a face-up 7 before Ben steps. Ben may play from their hand: 8 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player.",
    (
        "second-edition",
        "R6.4 a drawn card of the same rank",
    ): "Ann plays 7. Ann draws 1 card. If Ann just drew a 7, Ann may play it before Ben steps. Ben may play from their hand: 7 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player.",
    (
        "house",
        "R6.5 the same card on from the face-up cards",
    ): "Ann plays 7. Ann may also play a face-up 7 before Ben steps. Ben may play from their hand: 7 or higher, or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "house",
        "R6.4 a drawn card of the same rank",
    ): "Ann plays 7. Ann draws 1 card. If Ann just drew a 7, Ann may play it before Ben steps. Ben may play from their hand: 7 or higher, or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player.",
    (
        "classic",
        "R6.2 who cannot beat the card sends the pile to its player",
    ): "Ben cannot beat it, so Ann picks up the pile (2 cards). Ben starts a new pile. Ben may play any card from their hand. Give the Pile to a Friend needs a chosen player.",
    (
        "shithead",
        "R6.2 who cannot beat the card sends the pile to its player",
    ): "Ben cannot beat it, so Ann picks up the pile (2 cards). Ben starts a new pile. Ben may play any card from their hand.",
    (
        "second-edition",
        "R6.2 who cannot beat the card sends the pile to its player",
    ): "Ben cannot beat it, so Ann picks up the pile (2 cards). Ben starts a new pile. Ben may play any card from their hand. Some cards need a chosen player.",
    (
        "house",
        "R6.2 who cannot beat the card sends the pile to its player",
    ): "Ben cannot beat it, so Ann picks up the pile (2 cards). Ben starts a new pile. Ben may play any card from their hand. Draw Two needs a chosen player.",
}


@pytest.mark.parametrize(("key", "sentence"), list(EXPECTED_OUTCOMES.items()), ids=str)
def test_the_words_of_every_outcome(key: tuple[str, str], sentence: str) -> None:
    vid, case = key
    found = {c: (g, s) for c, g, s in outcome_cases(vid)}
    game, step = found[case]
    assert game.push(step).text == sentence


def test_the_table_covers_every_case() -> None:
    assert {(vid, case) for vid, case, _, _ in _all()} == set(EXPECTED_OUTCOMES)


# A Python repr leaking into words: a list or tuple, a quoted string in brackets, None.
REPR = re.compile(r"[\[\]{}]|\bNone\b|\(\)|[(,]\s*'|'\s*[,)]|\([^()]*,[^()]*\)")
LISTED = re.compile(r" (or|and) ")  # '(2, 8 or 10)' is words, '(2, 8, 10)' is a tuple


def _outcomes() -> Iterator[tuple[str, str, Outcome]]:
    for vid, case, game, step in _all():
        yield vid, case, game.push(step)


def test_every_outcome_is_whole_sentences() -> None:
    for vid, case, outcome in _outcomes():
        assert outcome.messages, (vid, case)
        assert outcome.text == " ".join(outcome.messages)
        for m in outcome.messages:
            where = (vid, case, m)
            assert m == m.strip() and (m[0].isupper() or m[0].isdigit()), where
            assert m.endswith((".", "!")), where
            assert "  " not in m, where
            assert not re.search(r"\b1 cards\b|\bone \w+s\b|\b0 cards?\b", m), where
            for bad in REPR.finditer(m):
                assert LISTED.search(bad.group()), where
        if vid == "shithead":
            assert "Karma" not in outcome.text, (vid, case)


def _section_functions() -> set[str]:
    """The functions of the wording module's "outcomes (R11.2)" section."""
    source = inspect.getsource(sentences)
    section = source.split("# --- outcomes (R11.2)", 1)[1].split("\n# --- ", 1)[0]
    return set(re.findall(r"^def (\w+)\(", section, re.M))


def test_every_outcome_function_is_heard(monkeypatch: pytest.MonkeyPatch) -> None:
    functions = _section_functions()
    assert {"played", "burns", "ends", "follow_up", "no_follow_up"} <= functions
    heard: list[str] = []

    def spy(name: str, f: Callable[..., str]) -> Callable[..., str]:
        def said(*args: Any, **kw: Any) -> str:
            heard.append(name)
            return f(*args, **kw)

        return said

    for name in functions:
        monkeypatch.setattr(sentences, name, spy(name, getattr(sentences, name)))
    by_case: dict[str, set[str]] = {}
    for vid, case, game, step in _all():
        heard.clear()  # only the pinned step counts, not the steps that set the case up
        assert game.push(step).text == EXPECTED_OUTCOMES[vid, case]
        for name in heard:
            by_case.setdefault(name, set()).add(f"{vid}: {case}")
    assert functions <= set(by_case), sorted(functions - set(by_case))
