"""Words as a table (issue 9): for each reason code and four variants (classic, shithead,
second-edition and a house variant), the exact sentence the referee says - the same in the
CLI, the app, records and the simulator (``referee.words.sentences``).  Then the wording faults the
issue lists, each pinned by a test.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from support import explain
from wording_cases import HOUSE, outcome_cases, situations, variant

from referee.commands.cli import main
from referee.engine import Game, PickUp, Play, Position, SetupError
from referee.variant.loader import variant_from_data
from referee.variant.registry import builtin
from referee.words import sentences
from referee.words.reasons import Reason

VARIANTS = ("classic", "shithead", "second-edition", "house")

EXPECTED = {
    (
        "classic",
        "must_play",
    ): "No: Ann holds 9, which may go, and at this table Ann must play it. Ann may play any face-up card. [R6.2]",
    (
        "shithead",
        "must_play",
    ): "No: Ann holds 9, which may go, and at this table Ann must play it. Ann may play any face-up card. [R6.2]",
    (
        "second-edition",
        "must_play",
    ): "No: Ann holds 9, which may go, and at this table Ann must play it. Ann may play any face-up card. [R6.2]",
    (
        "house",
        "must_play",
    ): "No: Ann holds 9, which may go, and at this table Ann must play it. Ann may play any face-up card. [R6.2]",
    (
        "classic",
        "not_playing",
    ): "No: Zed is not playing in this game. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R6.1]",
    (
        "classic",
        "not_your_turn",
    ): "No: it is Ann's turn, not Ben's. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R6.1]",
    (
        "classic",
        "pick_up_empty",
    ): "No: the pile is empty, so there is nothing to pick up. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R6.3]",
    ("classic", "pick_up"): "Yes: Ann picks up the pile (1 card). [R6.2]",
    (
        "classic",
        "pick_up_sent",
    ): "Yes: Ben cannot beat a 9. So Ann picks up the pile (2 cards). [R5.5]",
    (
        "classic",
        "no_cards",
    ): "No: a play needs at least one card. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R4.1]",
    (
        "classic",
        "no_such_card",
    ): "No: there is no card 99 in Karma. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R1.1]",
    (
        "classic",
        "mixed_cards",
    ): "No: 5 and 6 are not the same. Cards played together must be the same. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R4.1]",
    (
        "classic",
        "no_such_zone",
    ): "No: cards come from hand, face_up or face_down, not 'pocket'. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R4.1]",
    (
        "classic",
        "no_such_suit",
    ): "No: the suits do not count in Karma, so a play shows none. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R1.1]",
    (
        "shithead",
        "shown_twice",
    ): "No: the 9 of hearts is on the pile already. There is only one. Ben may play from their hand: 9 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile. [R4.3]",
    (
        "classic",
        "one_face_down",
    ): "No: face-down cards are turned over one at a time. Ann may turn over a face-down card. Any card may go. Give the Pile to a Friend needs a chosen player. [R4.2]",
    (
        "classic",
        "hand_first",
    ): "No: Ann must play their hand cards first. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R3.2]",
    (
        "classic",
        "draw_pile_first",
    ): "No: the draw pile still has 5 cards. Ann must pick up the pile. [R3.2]",
    (
        "classic",
        "face_up_first",
    ): "No: Ann must play their face-up cards first. Ann may play any face-up card. [R3.3]",
    (
        "classic",
        "zone_empty",
    ): "No: Ann has no hand cards left. Ann may play any face-up card. Or Ann may pick up the pile. [R4.3]",
    (
        "classic",
        "zone_empty with a draw pile",
    ): "No: Ann has no hand cards left. Ann must pick up the pile. [R4.3]",
    (
        "classic",
        "cannot_hold: all elsewhere",
    ): "No: all three 9s are somewhere else. One is on the pile. Two are Cal's face-up cards. Ann may play from their hand: 10 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R4.3]",
    (
        "classic",
        "cannot_hold: own face-up",
    ): "No: all three 9s are somewhere else. One is on the pile. Two are Ann's own face-up cards. Ann may play from their hand: 10 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R4.3]",
    (
        "classic",
        "cannot_hold: some",
    ): "No: Ann cannot have two 9s in hand. There are three 9s in all. One is on the pile. One is Cal's face-up card. Ann may play from their hand: 9 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R4.3]",
    (
        "classic",
        "cannot_hold: small hand",
    ): "No: Ann cannot have two 9s in hand. Ann holds only one hand card. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R4.3]",
    (
        "classic",
        "too_low",
    ): "No: 5 is lower than 9. Ann may play from their hand: 9 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R5.2]",
    ("classic", "higher"): "Yes: 9 is not lower than 5. [R5.2]",
    ("classic", "empty_pile"): "Yes: the pile is empty, so 5 may start it. [R5.1]",
    ("classic", "face_down_fits"): "Yes: Ann turns over a 5, and it fits. [R7.5]",
    (
        "classic",
        "face_down_misses",
    ): "Yes: Ann turns over a 5. It does not fit, so Ann picks up the pile. [R7.5]",
    (
        "classic",
        "needs_target: give_the_pile_to_a_friend",
    ): "No: say who Give the Pile to a Friend is for. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R8.1]",
    (
        "classic",
        "target_self: give_the_pile_to_a_friend",
    ): "No: Give the Pile to a Friend must go to another player. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R8.1]",
    (
        "classic",
        "target_not_playing: give_the_pile_to_a_friend",
    ): "No: Zed is not playing in this game. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R8.1]",
    (
        "classic",
        "wild: give_the_pile_to_a_friend",
    ): "Yes: Give the Pile to a Friend is wild, so it goes on anything. [R5.3]",
    (
        "classic",
        "no_target_wanted: five_or_below",
    ): "No: Five or Below does not choose a player. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R8.2]",
    (
        "classic",
        "wild: five_or_below",
    ): "Yes: Five or Below is wild, so it goes on anything. [R5.3]",
    (
        "classic",
        "no_target_wanted: play_a_table_card",
    ): "No: Play a Table Card does not choose a player. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R8.3]",
    (
        "classic",
        "wild: play_a_table_card",
    ): "Yes: Play a Table Card is wild, so it goes on anything. [R5.3]",
    (
        "classic",
        "no_target_wanted: bottoms_up",
    ): "No: Bottoms Up does not choose a player. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R8.4]",
    ("classic", "wild: bottoms_up"): "Yes: Bottoms Up is wild, so it goes on anything. [R5.3]",
    (
        "classic",
        "no_give_wanted: give_the_pile_to_a_friend",
    ): "No: Give the Pile to a Friend does not give a card. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R8.1]",
    (
        "classic",
        "restricted: after five_or_below",
    ): "No: after Five or Below, 6 is too high. Ann may play from their hand: 5 or lower, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R8.2]",
    ("classic", "in_range: after five_or_below"): "Yes: 5 fits after Five or Below. [R5.4]",
    (
        "classic",
        "pick_up_in_follow_up: play_a_table_card",
    ): "No: Ann must play again, not pick up. Ann must play a face-up card now. Any card may go. [R8.3]",
    (
        "classic",
        "follow_up_zone: play_a_table_card",
    ): "No: Ann may not play a hand card now. Ann must play a face-up card now. Any card may go. [R8.3]",
    (
        "classic",
        "follow_up_play: play_a_table_card",
    ): "Yes: Ann plays again, and any card may go. [R8.3]",
    (
        "classic",
        "game_over",
    ): "No: the game is over, and Ben lost. No more steps can be taken. [R10.4]",
    (
        "shithead",
        "not_playing",
    ): "No: Zed is not playing in this game. Ann may play any card from their hand. [R6.1]",
    (
        "shithead",
        "not_your_turn",
    ): "No: it is Ann's turn, not Ben's. Ann may play any card from their hand. [R6.1]",
    (
        "shithead",
        "pick_up_empty",
    ): "No: the pile is empty, so there is nothing to pick up. Ann may play any card from their hand. [R6.3]",
    ("shithead", "pick_up"): "Yes: Ann picks up the pile (1 card). [R6.2]",
    (
        "shithead",
        "pick_up_sent",
    ): "Yes: Ben cannot beat a 9. So Ann picks up the pile (2 cards). [R5.5]",
    (
        "shithead",
        "no_cards",
    ): "No: a play needs at least one card. Ann may play any card from their hand. [R4.1]",
    (
        "shithead",
        "no_such_card",
    ): "No: there is no card 99 in Shithead. Ann may play any card from their hand. [R1.1]",
    (
        "shithead",
        "mixed_cards",
    ): "No: 5 and 6 are not the same. Cards played together must be the same. Ann may play any card from their hand. [R4.1]",
    (
        "shithead",
        "no_such_zone",
    ): "No: cards come from hand, face_up or face_down, not 'pocket'. Ann may play any card from their hand. [R4.1]",
    (
        "shithead",
        "no_such_suit",
    ): "No: the suits do not count in Shithead, so a play shows none. Ann may play any card from their hand. [R1.1]",
    (
        "shithead",
        "one_face_down",
    ): "No: face-down cards are turned over one at a time. Ann may turn over a face-down card. Any card may go. [R4.2]",
    (
        "shithead",
        "hand_first",
    ): "No: Ann must play their hand cards first. Ann may play any card from their hand. [R3.2]",
    (
        "shithead",
        "draw_pile_first",
    ): "No: the draw pile still has 5 cards. Ann must pick up the pile. [R3.2]",
    (
        "shithead",
        "face_up_first",
    ): "No: Ann must play their face-up cards first. Ann may play any face-up card. [R3.3]",
    (
        "shithead",
        "zone_empty",
    ): "No: Ann has no hand cards left. Ann may play any face-up card. Or Ann may pick up the pile. [R4.3]",
    (
        "shithead",
        "zone_empty with a draw pile",
    ): "No: Ann has no hand cards left. Ann must pick up the pile. [R4.3]",
    (
        "shithead",
        "cannot_hold: all elsewhere",
    ): "No: all four 9s are somewhere else. One is on the pile. Three are Cal's face-up cards. Ann may play from their hand: Jack or higher, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R4.3]",
    (
        "shithead",
        "cannot_hold: own face-up",
    ): "No: all four 9s are somewhere else. One is on the pile. Three are Ann's own face-up cards. Ann may play from their hand: Jack or higher, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R4.3]",
    (
        "shithead",
        "cannot_hold: some",
    ): "No: Ann cannot have two 9s in hand. There are four 9s in all. One is on the pile. Two are Cal's face-up cards. Ann may play from their hand: 9 or higher, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R4.3]",
    (
        "shithead",
        "cannot_hold: small hand",
    ): "No: Ann cannot have two 9s in hand. Ann holds only one hand card. Ann may play any card from their hand. [R4.3]",
    (
        "shithead",
        "too_low",
    ): "No: 5 is lower than 9. Ann may play from their hand: 9 or higher, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R5.2]",
    ("shithead", "higher"): "Yes: 9 is not lower than 5. [R5.2]",
    ("shithead", "empty_pile"): "Yes: the pile is empty, so 5 may start it. [R5.1]",
    ("shithead", "face_down_fits"): "Yes: Ann turns over a 5, and it fits. [R7.5]",
    (
        "shithead",
        "face_down_misses",
    ): "Yes: Ann turns over a 5. It does not fit, so Ann picks up the pile. [R7.5]",
    ("shithead", "rank power: 2"): "Yes: 2 is wild, so it goes on anything. [R5.3]",
    ("shithead", "rank power: 7"): "Yes: 7 is not lower than 5. [R5.2]",
    ("shithead", "rank power: 8"): "Yes: 8 is wild, so it goes on anything. [R5.3]",
    ("shithead", "rank power: 10"): "Yes: 10 is wild, so it goes on anything. [R5.3]",
    (
        "shithead",
        "restricted: after 7",
    ): "No: after 7, 9 is too high. Ann may play from their hand: 7 or lower, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R5.5]",
    ("shithead", "in_range: after 7"): "Yes: 7 fits after 7. [R5.4]",
    (
        "shithead",
        "game_over",
    ): "No: the game is over, and Ben lost. No more steps can be taken. [R10.4]",
    (
        "second-edition",
        "not_playing",
    ): "No: Zed is not playing in this game. Ann may play any card from their hand. Some cards need a chosen player. [R6.1]",
    (
        "second-edition",
        "not_your_turn",
    ): "No: it is Ann's turn, not Ben's. Ann may play any card from their hand. Some cards need a chosen player. [R6.1]",
    (
        "second-edition",
        "pick_up_empty",
    ): "No: the pile is empty, so there is nothing to pick up. Ann may play any card from their hand. Some cards need a chosen player. [R6.3]",
    ("second-edition", "pick_up"): "Yes: Ann picks up the pile (1 card). [R6.2]",
    (
        "second-edition",
        "pick_up_sent",
    ): "Yes: Ben cannot beat a 9. So Ann picks up the pile (2 cards). [R5.5]",
    (
        "second-edition",
        "no_cards",
    ): "No: a play needs at least one card. Ann may play any card from their hand. Some cards need a chosen player. [R4.1]",
    (
        "second-edition",
        "no_such_card",
    ): "No: there is no card 99 in Karma (second edition). Ann may play any card from their hand. Some cards need a chosen player. [R1.1]",
    (
        "second-edition",
        "mixed_cards",
    ): "No: 5 and 6 are not the same. Cards played together must be the same. Ann may play any card from their hand. Some cards need a chosen player. [R4.1]",
    (
        "second-edition",
        "no_such_zone",
    ): "No: cards come from hand, face_up or face_down, not 'pocket'. Ann may play any card from their hand. Some cards need a chosen player. [R4.1]",
    (
        "second-edition",
        "no_such_suit",
    ): "No: the suits do not count in Karma (second edition), so a play shows none. Ann may play any card from their hand. Some cards need a chosen player. [R1.1]",
    (
        "second-edition",
        "one_face_down",
    ): "No: face-down cards are turned over one at a time. Ann may turn over a face-down card. Any card may go. Some cards need a chosen player. [R4.2]",
    (
        "second-edition",
        "hand_first",
    ): "No: Ann must play their hand cards first. Ann may play any card from their hand. Some cards need a chosen player. [R3.2]",
    (
        "second-edition",
        "draw_pile_first",
    ): "No: the draw pile still has 5 cards. Ann must pick up the pile. [R3.2]",
    (
        "second-edition",
        "face_up_first",
    ): "No: Ann must play their face-up cards first. Ann may play any face-up card. [R3.3]",
    (
        "second-edition",
        "zone_empty",
    ): "No: Ann has no hand cards left. Ann may play any face-up card. Or Ann may pick up the pile. [R4.3]",
    (
        "second-edition",
        "zone_empty with a draw pile",
    ): "No: Ann has no hand cards left. Ann must pick up the pile. [R4.3]",
    (
        "second-edition",
        "cannot_hold: all elsewhere",
    ): "No: all three 9s are somewhere else. One is on the pile. Two are Cal's face-up cards. Ann may play from their hand: 10 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R4.3]",
    (
        "second-edition",
        "cannot_hold: own face-up",
    ): "No: all three 9s are somewhere else. One is on the pile. Two are Ann's own face-up cards. Ann may play from their hand: 10 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R4.3]",
    (
        "second-edition",
        "cannot_hold: some",
    ): "No: Ann cannot have two 9s in hand. There are three 9s in all. One is on the pile. One is Cal's face-up card. Ann may play from their hand: 9 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R4.3]",
    (
        "second-edition",
        "cannot_hold: small hand",
    ): "No: Ann cannot have two 9s in hand. Ann holds only one hand card. Ann may play any card from their hand. Some cards need a chosen player. [R4.3]",
    (
        "second-edition",
        "too_low",
    ): "No: 5 is lower than 9. Ann may play from their hand: 9 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R5.2]",
    ("second-edition", "higher"): "Yes: 9 is not lower than 5. [R5.2]",
    ("second-edition", "empty_pile"): "Yes: the pile is empty, so 5 may start it. [R5.1]",
    ("second-edition", "face_down_fits"): "Yes: Ann turns over a 5, and it fits. [R7.5]",
    (
        "second-edition",
        "face_down_misses",
    ): "Yes: Ann turns over a 5. It does not fit, so Ann picks up the pile. [R7.5]",
    (
        "second-edition",
        "needs_target: lose_a_turn",
    ): "No: say who Lose a Turn is for. Ann may play any card from their hand. Some cards need a chosen player. [R8.6]",
    (
        "second-edition",
        "target_self: lose_a_turn",
    ): "No: Lose a Turn must go to another player. Ann may play any card from their hand. Some cards need a chosen player. [R8.6]",
    (
        "second-edition",
        "target_not_playing: lose_a_turn",
    ): "No: Zed is not playing in this game. Ann may play any card from their hand. Some cards need a chosen player. [R8.6]",
    (
        "second-edition",
        "wild: lose_a_turn",
    ): "Yes: Lose a Turn is wild, so it goes on anything. [R5.3]",
    (
        "second-edition",
        "no_target_wanted: seven_to_eleven",
    ): "No: 7 to 11 does not choose a player. Ann may play any card from their hand. Some cards need a chosen player. [R8.7]",
    (
        "second-edition",
        "wild: seven_to_eleven",
    ): "Yes: 7 to 11 is wild, so it goes on anything. [R5.3]",
    (
        "second-edition",
        "no_target_wanted: clear_the_pile",
    ): "No: Clear the Pile does not choose a player. Ann may play any card from their hand. Some cards need a chosen player. [R8.5]",
    (
        "second-edition",
        "wild: clear_the_pile",
    ): "Yes: Clear the Pile is wild, so it goes on anything. [R5.3]",
    (
        "second-edition",
        "needs_target: give_a_card",
    ): "No: say who Give a Card is for. Ann may play any card from their hand. Some cards need a chosen player. [R8.9]",
    (
        "second-edition",
        "target_self: give_a_card",
    ): "No: Give a Card must go to another player. Ann may play any card from their hand. Some cards need a chosen player. [R8.9]",
    (
        "second-edition",
        "target_not_playing: give_a_card",
    ): "No: Zed is not playing in this game. Ann may play any card from their hand. Some cards need a chosen player. [R8.9]",
    (
        "second-edition",
        "wild: give_a_card",
    ): "Yes: Give a Card is wild, so it goes on anything. [R5.3]",
    (
        "second-edition",
        "needs_target: exchange_hands",
    ): "No: say who Exchange Hands is for. Ann may play any card from their hand. Some cards need a chosen player. [R8.10]",
    (
        "second-edition",
        "target_self: exchange_hands",
    ): "No: Exchange Hands must go to another player. Ann may play any card from their hand. Some cards need a chosen player. [R8.10]",
    (
        "second-edition",
        "target_not_playing: exchange_hands",
    ): "No: Zed is not playing in this game. Ann may play any card from their hand. Some cards need a chosen player. [R8.10]",
    (
        "second-edition",
        "wild: exchange_hands",
    ): "Yes: Exchange Hands is wild, so it goes on anything. [R5.3]",
    (
        "second-edition",
        "needs_target: change_your_seat",
    ): "No: say who Change Your Seat is for. Ann may play any card from their hand. Some cards need a chosen player. [R8.11]",
    (
        "second-edition",
        "target_self: change_your_seat",
    ): "No: Change Your Seat must go to another player. Ann may play any card from their hand. Some cards need a chosen player. [R8.11]",
    (
        "second-edition",
        "target_not_playing: change_your_seat",
    ): "No: Zed is not playing in this game. Ann may play any card from their hand. Some cards need a chosen player. [R8.11]",
    (
        "second-edition",
        "wild: change_your_seat",
    ): "Yes: Change Your Seat is wild, so it goes on anything. [R5.3]",
    (
        "second-edition",
        "no_target_wanted: pass_to_the_right",
    ): "No: Pass to the Right does not choose a player. Ann may play any card from their hand. Some cards need a chosen player. [R8.8]",
    (
        "second-edition",
        "wild: pass_to_the_right",
    ): "Yes: Pass to the Right is wild, so it goes on anything. [R5.3]",
    (
        "second-edition",
        "no_target_wanted: create_your_karma",
    ): "No: Create Your Karma does not choose a player. Ann may play any card from their hand. Some cards need a chosen player. [R8.12]",
    (
        "second-edition",
        "wild: create_your_karma",
    ): "Yes: Create Your Karma is wild, so it goes on anything. [R5.3]",
    (
        "second-edition",
        "target_out: lose_a_turn",
    ): "No: Cal is out, so they have no turn to lose. Ann may play any card from their hand. Some cards need a chosen player. [R8.6]",
    (
        "second-edition",
        "no_give_wanted: lose_a_turn",
    ): "No: Lose a Turn does not give a card. Ann may play any card from their hand. Some cards need a chosen player. [R8.6]",
    (
        "second-edition",
        "restricted: after seven_to_eleven",
    ): "No: after 7 to 11, 12 is not allowed. Ann may play from their hand: a number from 7 to 11, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R8.7]",
    ("second-edition", "in_range: after seven_to_eleven"): "Yes: 11 fits after 7 to 11. [R5.4]",
    (
        "second-edition",
        "cannot_hold: give give_a_card",
    ): "No: all three 9s are somewhere else. One is on the pile. Two are Cal's face-up cards. Ann may play from their hand: 10 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R4.3]",
    (
        "second-edition",
        "no_such_give: give_a_card",
    ): "No: there is no card 99 in Karma (second edition). Ann may play any card from their hand. Some cards need a chosen player. [R1.1]",
    (
        "second-edition",
        "nothing_to_give: give_a_card",
    ): "No: Ann will have no card left, so Ann cannot give a 5. Ann may play any card from their hand. Some cards need a chosen player. [R8.9]",
    (
        "second-edition",
        "no_give_wanted: exchange_hands",
    ): "No: Exchange Hands does not give a card. Ann may play any card from their hand. Some cards need a chosen player. [R8.10]",
    (
        "second-edition",
        "no_give_wanted: change_your_seat",
    ): "No: Change Your Seat does not give a card. Ann may play any card from their hand. Some cards need a chosen player. [R8.11]",
    (
        "second-edition",
        "game_over",
    ): "No: the game is over, and Ben lost. No more steps can be taken. [R10.4]",
    (
        "house",
        "not_playing",
    ): "No: Zed is not playing in this game. Ann may play any card from their hand. Draw Two needs a chosen player. [R6.1]",
    (
        "house",
        "not_your_turn",
    ): "No: it is Ann's turn, not Ben's. Ann may play any card from their hand. Draw Two needs a chosen player. [R6.1]",
    (
        "house",
        "pick_up_empty",
    ): "No: the pile is empty, so there is nothing to pick up. Ann may play any card from their hand. Draw Two needs a chosen player. [R6.3]",
    ("house", "pick_up"): "Yes: Ann picks up the pile (1 card). [R6.2]",
    (
        "house",
        "pick_up_sent",
    ): "Yes: Ben cannot beat a 9. So Ann picks up the pile (2 cards). [R5.5]",
    (
        "house",
        "no_cards",
    ): "No: a play needs at least one card. Ann may play any card from their hand. Draw Two needs a chosen player. [R4.1]",
    (
        "house",
        "no_such_card",
    ): "No: there is no card 99 in Our House. Ann may play any card from their hand. Draw Two needs a chosen player. [R1.1]",
    (
        "house",
        "mixed_cards",
    ): "No: 5 and 6 are not the same. Cards played together must be the same. Ann may play any card from their hand. Draw Two needs a chosen player. [R4.1]",
    (
        "house",
        "no_such_zone",
    ): "No: cards come from hand, face_up or face_down, not 'pocket'. Ann may play any card from their hand. Draw Two needs a chosen player. [R4.1]",
    (
        "house",
        "no_such_suit",
    ): "No: the suits do not count in Our House, so a play shows none. Ann may play any card from their hand. Draw Two needs a chosen player. [R1.1]",
    (
        "house",
        "one_face_down",
    ): "No: face-down cards are turned over one at a time. Ann may turn over a face-down card. Any card may go. Draw Two needs a chosen player. [R4.2]",
    (
        "house",
        "hand_first",
    ): "No: Ann must play their hand cards first. Ann may play any card from their hand. Draw Two needs a chosen player. [R3.2]",
    (
        "house",
        "draw_pile_first",
    ): "No: the draw pile still has 5 cards. Ann must pick up the pile. [R3.2]",
    (
        "house",
        "face_up_first",
    ): "No: Ann must play their face-up cards first. Ann may play any face-up card. [R3.3]",
    (
        "house",
        "zone_empty",
    ): "No: Ann has no hand cards left. Ann may play any face-up card. Or Ann may pick up the pile. [R4.3]",
    (
        "house",
        "zone_empty with a draw pile",
    ): "No: Ann has no hand cards left. Ann must pick up the pile. [R4.3]",
    (
        "house",
        "cannot_hold: all elsewhere",
    ): "No: all four 9s are somewhere else. One is on the pile. Three are Cal's face-up cards. Ann may play from their hand: a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R4.3]",
    (
        "house",
        "cannot_hold: own face-up",
    ): "No: all four 9s are somewhere else. One is on the pile. Three are Ann's own face-up cards. Ann may play from their hand: a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R4.3]",
    (
        "house",
        "cannot_hold: some",
    ): "No: Ann cannot have two 9s in hand. There are four 9s in all. One is on the pile. Two are Cal's face-up cards. Ann may play from their hand: a 9 or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R4.3]",
    (
        "house",
        "cannot_hold: small hand",
    ): "No: Ann cannot have two 9s in hand. Ann holds only one hand card. Ann may play any card from their hand. Draw Two needs a chosen player. [R4.3]",
    (
        "house",
        "too_low",
    ): "No: 5 is lower than 9. Ann may play from their hand: a 9 or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R5.2]",
    ("house", "higher"): "Yes: 9 is not lower than 5. [R5.2]",
    ("house", "empty_pile"): "Yes: the pile is empty, so 5 may start it. [R5.1]",
    ("house", "face_down_fits"): "Yes: Ann turns over a 5, and it fits. [R7.5]",
    (
        "house",
        "face_down_misses",
    ): "Yes: Ann turns over a 5. It does not fit, so Ann picks up the pile. [R7.5]",
    (
        "house",
        "no_target_wanted: low_five",
    ): "No: Low Five does not choose a player. Ann may play any card from their hand. Draw Two needs a chosen player. [R5.4]",
    ("house", "wild: low_five"): "Yes: Low Five is wild, so it goes on anything. [R5.3]",
    (
        "house",
        "needs_target: draw_two",
    ): "No: say who Draw Two is for. Ann may play any card from their hand. Draw Two needs a chosen player. [R8.6]",
    (
        "house",
        "target_self: draw_two",
    ): "No: Draw Two must go to another player. Ann may play any card from their hand. Draw Two needs a chosen player. [R8.6]",
    (
        "house",
        "target_not_playing: draw_two",
    ): "No: Zed is not playing in this game. Ann may play any card from their hand. Draw Two needs a chosen player. [R8.6]",
    ("house", "wild: draw_two"): "Yes: Draw Two is wild, so it goes on anything. [R5.3]",
    ("house", "rank power: 10"): "Yes: 10 is wild, so it goes on anything. [R5.3]",
    (
        "house",
        "restricted: after low_five",
    ): "No: after Low Five, 6 is too high. Ann may play from their hand: 5 or lower, or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R5.4]",
    ("house", "in_range: after low_five"): "Yes: 5 fits after Low Five. [R5.4]",
    (
        "house",
        "target_out: draw_two",
    ): "No: Cal is out, so they have no turn to lose. Ann may play any card from their hand. Draw Two needs a chosen player. [R8.6]",
    (
        "house",
        "no_give_wanted: draw_two",
    ): "No: Draw Two does not give a card. Ann may play any card from their hand. Draw Two needs a chosen player. [R9]",
    (
        "house",
        "game_over",
    ): "No: the game is over, and Ben lost. No more steps can be taken. [R10.4]",
    (
        "classic",
        "pick_up_take",
    ): "Yes: Ann picks up the pile (1 card). Ann takes a 9 from the face-up cards too. [R6.2]",
    (
        "classic",
        "take_needed",
    ): "No: Ann must take one face-up card with the pile. Say which one. Ann may play any face-up card. Or Ann may pick up the pile and one face-up card. [R6.2]",
    (
        "classic",
        "no_take_wanted",
    ): "No: Ann may take a face-up card only with no hand cards and no draw pile. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R6.2]",
    (
        "shithead",
        "pick_up_take",
    ): "Yes: Ann picks up the pile (1 card). Ann takes a 9 from the face-up cards too. [R6.2]",
    (
        "shithead",
        "take_needed",
    ): "No: Ann must take one face-up card with the pile. Say which one. Ann may play any face-up card. Or Ann may pick up the pile and one face-up card. [R6.2]",
    (
        "shithead",
        "no_take_wanted",
    ): "No: Ann may take a face-up card only with no hand cards and no draw pile. Ann may play from their hand: 5 or higher, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R6.2]",
    (
        "second-edition",
        "pick_up_take",
    ): "Yes: Ann picks up the pile (1 card). Ann takes a 9 from the face-up cards too. [R6.2]",
    (
        "second-edition",
        "take_needed",
    ): "No: Ann must take one face-up card with the pile. Say which one. Ann may play any face-up card. Or Ann may pick up the pile and one face-up card. [R6.2]",
    (
        "second-edition",
        "no_take_wanted",
    ): "No: Ann may take a face-up card only with no hand cards and no draw pile. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R6.2]",
    (
        "house",
        "pick_up_take",
    ): "Yes: Ann picks up the pile (1 card). Ann takes a 9 from the face-up cards too. [R6.2]",
    (
        "house",
        "take_needed",
    ): "No: Ann must take one face-up card with the pile. Say which one. Ann may play any face-up card. Or Ann may pick up the pile and one face-up card. [R6.2]",
    (
        "house",
        "no_take_wanted",
    ): "No: Ann may take a face-up card only with no hand cards and no draw pile. Ann may play from their hand: 5 or higher, or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R6.2]",
    (
        "classic",
        "gamble_fits",
    ): "Yes: Ann turns over a 9 from the draw pile, and it fits. [R7.5]",
    (
        "classic",
        "gamble_misses",
    ): "Yes: Ann turns over a 5 from the draw pile. It does not fit, so Ann picks up the pile. [R7.5]",
    (
        "classic",
        "no_gamble",
    ): "No: at this table nobody plays from the draw pile. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R6.2]",
    (
        "classic",
        "gamble_draw_pile_empty",
    ): "No: the draw pile is empty, so there is no card to turn over. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R6.2]",
    (
        "classic",
        "gamble_not_now",
    ): "No: Ann may turn over the draw pile's top card only instead of picking up. Ann may play any card from their hand. Give the Pile to a Friend needs a chosen player. [R6.2]",
    (
        "classic",
        "gamble_can_play",
    ): "No: Ann holds 9, which may go, so the draw pile must wait. Ann may play any card from their hand. Or Ann may pick up the pile. [R6.2]",
    (
        "classic",
        "gamble_owed",
    ): "No: Ann cannot turn over the draw pile's top card now. Ann must play a hand card now: 9 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R8.3]",
    (
        "shithead",
        "gamble_owed",
    ): "No: Ann cannot turn over the draw pile's top card now. Ann must play a hand card now: 9 or higher, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R8.3]",
    (
        "second-edition",
        "gamble_owed",
    ): "No: Ann cannot turn over the draw pile's top card now. Ann must play a hand card now: 9 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R8.3]",
    (
        "house",
        "gamble_owed",
    ): "No: Ann cannot turn over the draw pile's top card now. Ann must play a hand card now: a 9 or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R8.3]",
    (
        "classic",
        "one_from_draw_pile",
    ): "No: only one card is turned over from the draw pile. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Or Ann may turn over the top card of the draw pile. Give the Pile to a Friend needs a chosen player. [R6.2]",
    (
        "classic",
        "not_on_draw_pile",
    ): "No: every 9 has been seen, so the draw pile holds none. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Or Ann may turn over the top card of the draw pile. Give the Pile to a Friend needs a chosen player. [R4.3]",
    (
        "shithead",
        "gamble_fits",
    ): "Yes: Ann turns over a 9 from the draw pile, and it fits. [R7.5]",
    (
        "shithead",
        "gamble_misses",
    ): "Yes: Ann turns over a 5 from the draw pile. It does not fit, so Ann picks up the pile. [R7.5]",
    (
        "shithead",
        "no_gamble",
    ): "No: at this table nobody plays from the draw pile. Ann may play from their hand: 5 or higher, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R6.2]",
    (
        "shithead",
        "gamble_draw_pile_empty",
    ): "No: the draw pile is empty, so there is no card to turn over. Ann may play from their hand: 5 or higher, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R6.2]",
    (
        "shithead",
        "gamble_not_now",
    ): "No: Ann may turn over the draw pile's top card only instead of picking up. Ann may play any card from their hand. [R6.2]",
    (
        "shithead",
        "gamble_can_play",
    ): "No: Ann holds 9, which may go, so the draw pile must wait. Ann may play any card from their hand. Or Ann may pick up the pile. [R6.2]",
    (
        "shithead",
        "one_from_draw_pile",
    ): "No: only one card is turned over from the draw pile. Ann may play from their hand: 5 or higher, or a wild 2, 8 or 10. Or Ann may pick up the pile. Or Ann may turn over the top card of the draw pile. [R6.2]",
    (
        "shithead",
        "not_on_draw_pile",
    ): "No: every 9 has been seen, so the draw pile holds none. Ann may play from their hand: 5 or higher, or a wild 2, 8 or 10. Or Ann may pick up the pile. Or Ann may turn over the top card of the draw pile. [R4.3]",
    (
        "second-edition",
        "gamble_fits",
    ): "Yes: Ann turns over a 9 from the draw pile, and it fits. [R7.5]",
    (
        "second-edition",
        "gamble_misses",
    ): "Yes: Ann turns over a 5 from the draw pile. It does not fit, so Ann picks up the pile. [R7.5]",
    (
        "second-edition",
        "no_gamble",
    ): "No: at this table nobody plays from the draw pile. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R6.2]",
    (
        "second-edition",
        "gamble_draw_pile_empty",
    ): "No: the draw pile is empty, so there is no card to turn over. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R6.2]",
    (
        "second-edition",
        "gamble_not_now",
    ): "No: Ann may turn over the draw pile's top card only instead of picking up. Ann may play any card from their hand. Some cards need a chosen player. [R6.2]",
    (
        "second-edition",
        "gamble_can_play",
    ): "No: Ann holds 9, which may go, so the draw pile must wait. Ann may play any card from their hand. Or Ann may pick up the pile. [R6.2]",
    (
        "second-edition",
        "one_from_draw_pile",
    ): "No: only one card is turned over from the draw pile. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Or Ann may turn over the top card of the draw pile. Some cards need a chosen player. [R6.2]",
    (
        "second-edition",
        "not_on_draw_pile",
    ): "No: every 9 has been seen, so the draw pile holds none. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Or Ann may turn over the top card of the draw pile. Some cards need a chosen player. [R4.3]",
    (
        "house",
        "gamble_fits",
    ): "Yes: Ann turns over a 9 from the draw pile, and it fits. [R7.5]",
    (
        "house",
        "gamble_misses",
    ): "Yes: Ann turns over a 5 from the draw pile. It does not fit, so Ann picks up the pile. [R7.5]",
    (
        "house",
        "no_gamble",
    ): "No: at this table nobody plays from the draw pile. Ann may play from their hand: 5 or higher, or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R6.2]",
    (
        "house",
        "gamble_draw_pile_empty",
    ): "No: the draw pile is empty, so there is no card to turn over. Ann may play from their hand: 5 or higher, or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R6.2]",
    (
        "house",
        "gamble_not_now",
    ): "No: Ann may turn over the draw pile's top card only instead of picking up. Ann may play any card from their hand. Draw Two needs a chosen player. [R6.2]",
    (
        "house",
        "gamble_can_play",
    ): "No: Ann holds 9, which may go, so the draw pile must wait. Ann may play any card from their hand. Or Ann may pick up the pile. [R6.2]",
    (
        "house",
        "one_from_draw_pile",
    ): "No: only one card is turned over from the draw pile. Ann may play from their hand: 5 or higher, or a wild card. Or Ann may pick up the pile. Or Ann may turn over the top card of the draw pile. Draw Two needs a chosen player. [R6.2]",
    (
        "house",
        "not_on_draw_pile",
    ): "No: every 9 has been seen, so the draw pile holds none. Ann may play from their hand: 5 or higher, or a wild card. Or Ann may pick up the pile. Or Ann may turn over the top card of the draw pile. Draw Two needs a chosen player. [R4.3]",
    (
        "classic",
        "cut_in_only",
    ): "No: it is Ben's turn, not Cal's. Cal may cut in only with a 9 from their hand. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player. [R5.5]",
    (
        "shithead",
        "cut_in_only",
    ): "No: it is Ben's turn, not Cal's. Cal may cut in only with a 9 from their hand. Ben may play from their hand: 9 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile. [R5.5]",
    (
        "second-edition",
        "cut_in_only",
    ): "No: it is Ben's turn, not Cal's. Cal may cut in only with a 9 from their hand. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player. [R5.5]",
    (
        "house",
        "cut_in_only",
    ): "No: it is Ben's turn, not Cal's. Cal may cut in only with a 9 from their hand. Ben may play from their hand: a 9 or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player. [R5.5]",
    (
        "classic",
        "take_one",
    ): "No: Ann may take only one face-up card with the pile. Say which one. Ann may play any face-up card. Or Ann may pick up the pile and one face-up card. [R6.2]",
    (
        "shithead",
        "take_one",
    ): "No: Ann may take only one face-up card with the pile. Say which one. Ann may play any face-up card. Or Ann may pick up the pile and one face-up card. [R6.2]",
    (
        "second-edition",
        "take_one",
    ): "No: Ann may take only one face-up card with the pile. Say which one. Ann may play any face-up card. Or Ann may pick up the pile and one face-up card. [R6.2]",
    (
        "house",
        "take_one",
    ): "No: Ann may take only one face-up card with the pile. Say which one. Ann may play any face-up card. Or Ann may pick up the pile and one face-up card. [R6.2]",
    (
        "classic",
        "named_as",
    ): "Yes: 9 goes on anything. It counts as an 8. [R5.3]",
    (
        "shithead",
        "named_as",
    ): "Yes: 9 goes on anything. It counts as an 8. [R5.3]",
    (
        "second-edition",
        "named_as",
    ): "Yes: 9 goes on anything. It counts as an 8. [R5.3]",
    (
        "house",
        "named_as",
    ): "Yes: 9 goes on anything. It counts as an 8. [R5.3]",
    (
        "classic",
        "name_not_allowed",
    ): "No: 9 may only be named as a 2 or a 10. Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R5.5]",
    (
        "shithead",
        "name_not_allowed",
    ): "No: 9 may only be named as a 2 or a 10. Ann may play from their hand: 7 or lower, or a wild 2, 8, 9 or 10. Or Ann may pick up the pile. [R5.5]",
    (
        "second-edition",
        "name_not_allowed",
    ): "No: 9 may only be named as a 2 or a 10. Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Some cards need a chosen player. [R5.5]",
    (
        "house",
        "name_not_allowed",
    ): "No: 9 may only be named as a 2 or a 10. Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R5.5]",
    (
        "classic",
        "named_fits",
    ): "Yes: 9 named as a 6 goes where a 6 could. It counts as a 6. [R5.2]",
    (
        "shithead",
        "named_fits",
    ): "Yes: 9 named as a 6 goes where a 6 could. It counts as a 6. [R5.2]",
    (
        "second-edition",
        "named_fits",
    ): "Yes: 9 named as a 6 goes where a 6 could. It counts as a 6. [R5.2]",
    (
        "house",
        "named_fits",
    ): "Yes: 9 named as a 6 goes where a 6 could. It counts as a 6. [R5.2]",
    (
        "classic",
        "named_must_fit",
    ): "No: 9 named as a 4 goes only where a 4 could, and 4 is lower than 5. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R5.2]",
    (
        "shithead",
        "named_must_fit",
    ): "No: 9 named as a 4 goes only where a 4 could, and 4 is lower than 5. Ann may play from their hand: 5 or higher, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R5.2]",
    (
        "second-edition",
        "named_must_fit",
    ): "No: 9 named as a 4 goes only where a 4 could, and 4 is lower than 5. Ann may play from their hand: 5 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R5.2]",
    (
        "house",
        "named_must_fit",
    ): "No: 9 named as a 4 goes only where a 4 could, and 4 is lower than 5. Ann may play from their hand: 5 or higher, or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R5.2]",
    (
        "classic",
        "no_such_named",
    ): "No: there is no number 99 in Karma. Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R1.1]",
    (
        "shithead",
        "no_such_named",
    ): "No: there is no number 99 in Shithead. Ann may play from their hand: 7 or lower, or a wild 2, 8, 9 or 10. Or Ann may pick up the pile. [R1.1]",
    (
        "second-edition",
        "no_such_named",
    ): "No: there is no number 99 in Karma (second edition). Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Some cards need a chosen player. [R1.1]",
    (
        "house",
        "no_such_named",
    ): "No: there is no number 99 in Our House. Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R1.1]",
    (
        "classic",
        "no_name_wanted",
    ): "No: 8 cannot be named as another card. Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R5.5]",
    (
        "shithead",
        "no_name_wanted",
    ): "No: 8 cannot be named as another card. Ann may play from their hand: 7 or lower, or a wild 2, 8, 9 or 10. Or Ann may pick up the pile. [R5.5]",
    (
        "second-edition",
        "no_name_wanted",
    ): "No: 8 cannot be named as another card. Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Some cards need a chosen player. [R5.5]",
    (
        "house",
        "no_name_wanted",
    ): "No: 8 cannot be named as another card. Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R5.5]",
    (
        "classic",
        "no_limit_chosen",
    ): "No: Ann must say higher or lower as they play 9. Ann may play from their hand: 7 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R5.5]",
    (
        "classic",
        "no_such_limit",
    ): "No: Ann may only say higher or lower as they play 9. Ann may play from their hand: 7 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R5.5]",
    (
        "classic",
        "no_limit_wanted",
    ): "No: 8 does not ask for higher or lower. Ann may play from their hand: 7 or higher, or a Karma card. Or Ann may pick up the pile. Give the Pile to a Friend needs a chosen player. [R5.5]",
    (
        "classic",
        "restricted: a limit its player chose",
    ): "No: after 9 (Ann chose higher), 5 is too low. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Give the Pile to a Friend needs a chosen player. [R5.5]",
    (
        "shithead",
        "no_limit_chosen",
    ): "No: Ann must say higher or lower as they play 9. Ann may play from their hand: 7 or lower, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R5.5]",
    (
        "shithead",
        "no_such_limit",
    ): "No: Ann may only say higher or lower as they play 9. Ann may play from their hand: 7 or lower, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R5.5]",
    (
        "shithead",
        "no_limit_wanted",
    ): "No: 8 does not ask for higher or lower. Ann may play from their hand: 7 or lower, or a wild 2, 8 or 10. Or Ann may pick up the pile. [R5.5]",
    (
        "shithead",
        "restricted: a limit its player chose",
    ): "No: after 9 (Ann chose higher), 5 is too low. Ben may play from their hand: 9 or higher, or a wild 2, 8 or 10. Or Ben may pick up the pile. [R5.5]",
    (
        "second-edition",
        "no_limit_chosen",
    ): "No: Ann must say higher or lower as they play 9. Ann may play from their hand: 7 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R5.5]",
    (
        "second-edition",
        "no_such_limit",
    ): "No: Ann may only say higher or lower as they play 9. Ann may play from their hand: 7 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R5.5]",
    (
        "second-edition",
        "no_limit_wanted",
    ): "No: 8 does not ask for higher or lower. Ann may play from their hand: 7 or higher, or a Karma card. Or Ann may pick up the pile. Some cards need a chosen player. [R5.5]",
    (
        "second-edition",
        "restricted: a limit its player chose",
    ): "No: after 9 (Ann chose higher), 5 is too low. Ben may play from their hand: 9 or higher, or a Karma card. Or Ben may pick up the pile. Some cards need a chosen player. [R5.5]",
    (
        "house",
        "no_limit_chosen",
    ): "No: Ann must say higher or lower as they play 9. Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R5.5]",
    (
        "house",
        "no_such_limit",
    ): "No: Ann may only say higher or lower as they play 9. Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R5.5]",
    (
        "house",
        "no_limit_wanted",
    ): "No: 8 does not ask for higher or lower. Ann may play from their hand: 7 or higher, or a wild card. Or Ann may pick up the pile. Draw Two needs a chosen player. [R5.5]",
    (
        "house",
        "restricted: a limit its player chose",
    ): "No: after 9 (Ann chose higher), 5 is too low. Ben may play from their hand: a 9 or a wild card. Or Ben may pick up the pile. Draw Two needs a chosen player. [R5.5]",
}


def _all() -> list[tuple[str, str, Game, object]]:
    return [(vid, name, g, step) for vid in VARIANTS for name, g, step in situations(variant(vid))]


@pytest.mark.parametrize(("key", "sentence"), list(EXPECTED.items()), ids=lambda x: str(x))
def test_the_words_of_every_verdict(key: tuple[str, str], sentence: str) -> None:
    vid, name = key
    found = {n: (g, s) for n, g, s in situations(variant(vid))}
    game, step = found[name]
    verdict = game.advice.explain(game.state, step)
    assert str(verdict) == sentence
    code = name.split(":")[0].split(" ")[0]
    if code in sentences.REASONS:  # the case is named after the reason it shows
        assert verdict.reason == code


def test_the_table_covers_every_reason_code_and_every_case() -> None:
    cases = _all()
    assert {(vid, name) for vid, name, _, _ in cases} == set(EXPECTED)
    reasons = {g.advice.explain(g.state, s).reason for _, _, g, s in cases}
    # A house effect's own check is worded by its unit (tests/test_effect_*.py show each).
    assert reasons == sentences.REASONS - {Reason.HOUSE_RULE}


def test_every_illegal_verdict_says_what_is_legal_instead() -> None:
    """R11.1: the steps the mover may take now, or that the game is over."""
    for vid, name, game, step in _all():
        verdict = game.advice.explain(game.state, step)
        if verdict.legal:
            assert verdict.instead == "", (vid, name)
            continue
        assert verdict.instead, (vid, name)
        if game.over:
            assert verdict.instead == sentences.GAME_IS_OVER, (vid, name)
        else:
            assert verdict.instead.startswith(game.turn or ""), (vid, name)


def test_a_variant_without_karma_cards_never_says_karma() -> None:
    """Fault: shithead said 'may play 7 or lower, or a Karma card'."""
    for _, name, game, step in [c for c in _all() if c[0] == "shithead"]:
        assert "Karma" not in str(game.advice.explain(game.state, step)), name
    game = Game.from_position(
        builtin("shithead"), ["Ann", "Ben"], Position("Ann", pile=(7,), hand={"Ann": 3, "Ben": 3})
    )
    assert game.advice.hint(game.state) == (
        "Ann may play from their hand: 7 or lower, or a wild 2, 8 or 10. Or Ann may pick up the pile."
    )


def test_the_cli_and_the_app_speak_with_one_voice() -> None:
    """Fault: the CLI said 'Illegal (R…)', the app 'Not allowed (rule …)'."""
    from referee.app.table import verdict_words

    game = Game.deal(builtin("classic"), ["Ann", "Ben"])
    game.push(Play("Ann", (9,)))
    verdict = game.advice.explain(game.state, Play("Ben", (3,)))
    assert verdict_words(verdict) == str(verdict) == sentences.verdict_line(verdict)
    assert str(verdict) == f"{sentences.verdict_text(verdict)} [R5.2]"
    assert str(verdict).startswith("No: 3 is lower than 9. Ben may play")


def test_r4_3_says_where_the_copies_are_in_plain_words() -> None:
    """Fault: 'hand cards hold only 3 unknown cards for the 0 unseen'; '3 have been seen
    elsewhere' when they were the player's own face-up cards."""
    own = EXPECTED["classic", "cannot_hold: own face-up"]
    assert "Two are Ann's own face-up cards." in own and "unseen" not in own
    elsewhere = EXPECTED["classic", "cannot_hold: all elsewhere"]
    assert elsewhere.startswith(
        "No: all three 9s are somewhere else. One is on the pile. Two are Cal's face-up cards."
    )


def test_no_hand_cards_is_not_contradicted_by_the_advice() -> None:
    """Fault: 'no hand cards left to play … may play 6 or higher from their hand'."""
    said = EXPECTED["classic", "zone_empty with a draw pile"]
    assert "from their hand" not in said
    assert said.endswith("Ann must pick up the pile. [R4.3]")


def _run(variant_id: str, players: list[str], start: Position, steps: list[Play]) -> list[str]:
    game = Game.from_position(builtin(variant_id), players, start)
    messages: list[str] = []
    for step in steps:
        messages.extend(game.push(step).messages)
    return messages


def test_a_burn_says_the_run_as_it_lies() -> None:
    """Fault: 'That makes 3 in a row' after four 7s.  Shithead burns at four; with two decks
    (six players) four 7s on a 7 make five in a row."""
    six = ["Ann", "Ben", "Cal", "Dee", "Eve", "Fay"]
    said = _run(
        "shithead",
        six,
        Position("Ann", pile=(7,), hand=dict.fromkeys(six, 4)),
        [Play("Ann", (7, 7, 7, 7))],
    )
    assert "That makes five 7s in a row: the pile burns (5 cards)!" in said


def test_a_second_lose_a_turn_is_called_a_second_one() -> None:
    start = Position("Ann", hand={"Ann": 4, "Ben": 4, "Cal": 4})
    lose = Play("Ann", ("lose_a_turn",), to="Cal")
    game = Game.from_position(builtin("second-edition"), ["Ann", "Ben", "Cal"], start)
    assert "Cal will lose their next turn." in game.push(lose).messages
    game.push(Play("Ben", ("lose_a_turn",), to="Cal"))
    said = game.past.log[-1][1].messages
    assert "Cal will lose a second turn: their next two turns in all." in said
    assert "Cal loses this turn, and will lose the next one too." in said


def test_a_loss_right_after_the_last_card_is_explained() -> None:
    said = _run(
        "classic",
        ["Ann", "Ben"],
        Position("Ann", hand={"Ann": 1, "Ben": 3}),
        [Play("Ann", (9,))],
    )
    assert said[-2:] == [
        "Ann has no cards left: Ann is out.",
        "Game over: only Ben still holds cards (3 cards), so Ben loses.",
    ]


def test_a_start_with_too_many_copies_says_which_card() -> None:
    """Fault: 'start: 4 4 cards'."""
    with pytest.raises(SetupError) as e:
        Game.from_position(
            builtin("classic"),
            ["Ann", "Ben"],
            Position("Ann", pile=(4, 4, 4, 4), hand={"Ann": 1, "Ben": 1}),
        )
    assert str(e.value) == "the start shows four 4s, but the deck has only three."


def test_replay_json_gives_instead_on_every_illegal_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = Path(__file__).parent
    files = sorted((root / "scenarios").glob("*.yaml")) + sorted(
        (root.parent.parent / "shared" / "scenarios").glob("*.yaml")
    )
    main(["replay", "--json", *map(str, files)])
    rows = json.loads(capsys.readouterr().out)
    illegal = [r for r in rows if r.get("verdict") == "illegal"]
    assert len(illegal) > 20
    assert all(r["instead"] for r in illegal)
    assert all("instead" not in r for r in rows if r.get("verdict") == "legal")


def test_a_variant_from_the_design_page_cites_its_cards_own_rules() -> None:
    """Fault: a variant built in the Design page cited R5.4 (the effect's rule) where the card
    itself names its rule (Five or Below: R8.2).  The design keeps every card's ``rule:``; a
    card composed on the page without one cites its effect's rule (rulings 2)."""
    from referee.app import designer

    data = designer.starter(builtin("classic"))
    data = designer.add_card(
        data, "Low Five", "", 1, [designer.make_effect("next_range", {"max": 5})]
    )
    design = designer.check(data).variant
    assert design is not None
    players = ["Ann", "Ben"]
    hands = {"Ann": 3, "Ben": 3}
    preset = Game.from_position(
        design, players, Position("Ben", pile=("five_or_below",), hand=hands)
    )
    said = str(preset.advice.explain(preset.state, Play("Ben", (6,))))
    assert said.startswith("No: after Five or Below, 6 is too high.") and said.endswith("[R8.2]")
    own = Game.from_position(design, players, Position("Ben", pile=("low_five",), hand=hands))
    said = str(own.advice.explain(own.state, Play("Ben", (6,))))
    assert said.startswith("No: after Low Five, 6 is too high.") and said.endswith("[R5.4]")


# --- issue 20: words an eight-year-old follows, each example of the issue as an exact sentence ---


def _eight_ten() -> Game:
    """Eve to turn over a face-down card under a restriction, in a variant with Karma cards
    and two wild ranks (the audit's hardest sentence)."""
    data = copy.deepcopy(HOUSE) | {"id": "eight-ten", "name": "Eight Ten"}
    data["rank_powers"] = [
        {"rank": 8, "effects": ["wild"]},
        {"rank": 10, "effects": ["wild", "clear_pile"]},
    ]
    data["karma_cards"][0]["effects"] = [{"effect": "next_range", "max": 7}]
    start = Position("Eve", pile=("low_five",), hand={"Eve": 0, "Fay": 3}, face_down={"Eve": 3})
    return Game.from_position(variant_from_data(data), ["Eve", "Fay"], start)


def test_the_face_down_advice_is_two_short_sentences() -> None:
    """Was 'Eve may turn over a face-down card: it goes on the pile if it is a number from 1 to
    7, a Karma card or a wild card (8 or 10), otherwise Eve picks up the pile — or pick up the
    pile.' (grade 13, 43 words, the pick-up twice)."""
    g = _eight_ten()
    assert g.advice.hint(g.state) == (
        "Eve may turn over a face-down card, or pick up the pile. "
        "It fits if it is 7 or lower, or a wild card. "
        "Draw Two needs a chosen player."
    )


def test_a_face_down_card_that_misses_is_not_a_contradiction() -> None:
    """Was 'Allowed. The face-down 15 does not fit: Ann picks up.'"""
    verdict = explain(_eight_ten(), Play("Eve", (9,), "face_down"))
    assert sentences.verdict_parts(verdict) == (
        "Yes: Eve turns over a 9.",
        "It does not fit, so Eve picks up the pile.",
        "",
        "R7.5",
    )


def test_a_verdict_leads_with_the_answer_and_the_rule_is_a_tag() -> None:
    """Was 'Not allowed (rule R5.2): …' before anything a child needs."""
    game = Game.from_position(
        builtin("second-edition"),
        ["Ann", "Ben"],
        Position("Ann", pile=(6,), hand={"Ann": 3, "Ben": 3}),
    )
    verdict = game.advice.explain(game.state, Play("Ann", (1,)))
    parts = sentences.verdict_parts(verdict)
    assert parts.answer == "No: 1 is lower than 6."
    assert parts.detail == ""
    assert (
        parts.todo
        == verdict.instead
        == (
            "Ann may play from their hand: 6 or higher, or a Karma card. Or Ann may pick up the pile. "
            "Some cards need a chosen player."
        )
    )
    assert parts.rule == "R5.2"
    assert sentences.verdict_text(verdict) == f"{parts.answer} {parts.todo}"
    assert str(verdict) == f"{parts.answer} {parts.todo} [R5.2]"
    for vid, name, game, step in _all():  # every verdict of the table
        said = sentences.verdict_parts(game.advice.explain(game.state, step))
        assert said.answer.startswith(("Yes: ", "No: ")), (vid, name)
        assert said.rule and said.rule not in sentences.verdict_text(
            game.advice.explain(game.state, step)
        ), (
            vid,
            name,
        )


def test_the_card_that_set_the_restriction_is_named_after_it_left() -> None:
    """Was 'Not allowed (rule R5.5): After 12, Ben must play 5 or lower…': the 12 has no power;
    Tiny Five (one-time, its own rule R8.12) set it and left the game (ruling 40)."""
    from test_engine import _typed_game

    game = _typed_game()
    game.push(Play("Ann", ("tiny_five",)))
    assert str(game.advice.explain(game.state, Play("Ben", (6,)))) == (
        "No: after Tiny Five, 6 is too high. Ben may play from their hand: 5 or lower, or a "
        "Karma card. Or Ben may pick up the pile. Own Skip needs a chosen player. [R8.12]"
    )


def test_a_cards_own_rule_is_cited_when_its_chosen_player_is_out() -> None:
    """Was R8.6 (the skip's rule) for a card whose own `rule:` is R8.12."""
    from test_engine import _typed_game

    game = Game.from_position(
        _typed_game().variant,
        ["Ann", "Ben", "Cal"],
        Position("Ann", hand={"Ann": 3, "Ben": 3, "Cal": 0}),
    )
    assert str(game.advice.explain(game.state, Play("Ann", ("own_skip",), to="Cal"))) == (
        "No: Cal is out, so they have no turn to lose. Ann may play any card from their hand. "
        "Own Skip needs a chosen player. [R8.12]"
    )


def test_two_copies_are_both_not_all_two() -> None:
    """Was 'All two Bottoms Clear cards are accounted for' (grammar, an adult phrase)."""
    game = Game.from_position(
        builtin("mini-round"),
        ["Ann", "Ben"],
        Position(
            "Ann",
            pile=("bottoms_up", 4),
            hand={"Ann": 3, "Ben": 3},
            face_up={"Ben": ("bottoms_up",)},
        ),
    )
    assert sentences.verdict_parts(game.advice.explain(game.state, Play("Ann", ("bottoms_up",))))[
        :2
    ] == (
        "No: both Bottoms Up cards are somewhere else.",
        "One is on the pile. One is Ben's face-up card.",
    )


def test_a_chosen_player_is_asked_for_in_plain_words() -> None:
    """Was 'Give the Pile to a Friend needs a chosen player: say who it is for (to).'"""
    said = EXPECTED["classic", "needs_target: give_the_pile_to_a_friend"]
    assert said.startswith("No: say who Give the Pile to a Friend is for. Ann may play")
    assert all("(to)" not in s and "'to'" not in s and "'give'" not in s for s in EXPECTED.values())


def test_a_follow_up_from_the_hand_does_not_contradict_itself() -> None:
    """Was 'Fay must play a table card now… Instead: Fay must now play from their hand cards'."""
    found = {c: (g, s) for c, g, s in outcome_cases("classic")}
    game, step = found["R8.3 a follow-up from the hand"]
    game.push(step)
    assert str(game.advice.explain(game.state, PickUp("Ann"))) == (
        "No: Ann must play again, not pick up. Ann must play a hand card now. Any card may go. "
        "Give the Pile to a Friend needs a chosen player. [R8.3]"
    )


def test_instead_says_which_cards_need_a_chosen_player() -> None:
    """Was never said: a card that needs a chosen player is a step only with one."""
    said = EXPECTED["second-edition", "too_low"]
    assert "Some cards need a chosen player." in said  # four cards: said as a kind
    assert "Give the Pile to a Friend needs a chosen player." in EXPECTED["classic", "too_low"]
