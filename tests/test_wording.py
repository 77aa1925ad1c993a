"""Words as a table (issue 9): for each reason code and four variants (classic, shithead,
second-edition and a house variant), the exact sentence the referee says - the same in the
CLI, the app, records and the simulator (``referee.wording``).  Then the wording faults the
issue lists, each pinned by a test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wording_cases import situations, variant

from referee import wording
from referee.cli import main
from referee.engine import Game, Play, Position, SetupError
from referee.reasons import Reason
from referee.variant.registry import builtin

VARIANTS = ("classic", "shithead", "second-edition", "house")

EXPECTED = {
    (
        "classic",
        "not_playing",
    ): "Not allowed (rule R6.1): Zed is not playing in this game. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "not_your_turn",
    ): "Not allowed (rule R6.1): It is Ann's turn, not Ben's: only Ann may play or pick up now. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "pick_up_empty",
    ): "Not allowed (rule R6.3): The pile is empty, so there is nothing to pick up: Ann must play a card. Instead: Ann may play any card from their hand.",
    ("classic", "pick_up"): "Allowed. Ann picks up the pile (1 card).",
    (
        "classic",
        "no_cards",
    ): "Not allowed (rule R4.1): A play needs at least one card. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "no_such_card",
    ): "Not allowed (rule R1.1): There is no card 99 in Karma. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "mixed_cards",
    ): "Not allowed (rule R4.1): A play is one or more identical cards; 5 and 6 are not all the same. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "no_such_zone",
    ): "Not allowed (rule R4.1): Cards come from hand, face_up or face_down, not 'pocket'. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "one_face_down",
    ): "Not allowed (rule R4.2): Face-down cards are played one at a time, turned over blind. Instead: Ann may turn over a face-down card: any card may go.",
    (
        "classic",
        "hand_first",
    ): "Not allowed (rule R3.2): Ann must play their hand cards first. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "draw_pile_first",
    ): "Not allowed (rule R3.2): Table cards are played only once the draw pile is empty (5 cards left). Instead: Ann has no hand cards, and table cards wait until the draw pile is empty: Ann picks up the pile.",
    (
        "classic",
        "face_up_first",
    ): "Not allowed (rule R3.3): Ann must play their face-up cards first. Instead: Ann may play any card from their face-up cards.",
    (
        "classic",
        "zone_empty",
    ): "Not allowed (rule R4.3): Ann has no hand cards left to play. Instead: Ann may play 6 or higher, or a Karma card, from their face-up cards — or pick up the pile.",
    (
        "classic",
        "zone_empty with a draw pile",
    ): "Not allowed (rule R4.3): Ann has no hand cards left to play. Instead: Ann has no hand cards, and table cards wait until the draw pile is empty: Ann picks up the pile.",
    (
        "classic",
        "cannot_hold: all elsewhere",
    ): "Not allowed (rule R4.3): All three 9s are accounted for: one on the pile and two in Cal's face-up cards. So Ann cannot play one from their hand. Instead: Ann may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "classic",
        "cannot_hold: own face-up",
    ): "Not allowed (rule R4.3): All three 9s are accounted for: one on the pile and two in Ann's own face-up cards. So Ann cannot play one from their hand. Instead: Ann may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "classic",
        "cannot_hold: some",
    ): "Not allowed (rule R4.3): Ann cannot play two 9s from their hand: of the three 9s, two are accounted for (one on the pile and one in Cal's face-up cards). At most one 9 can be there. Instead: Ann may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "classic",
        "cannot_hold: small hand",
    ): "Not allowed (rule R4.3): Ann cannot play two 9s from their hand: Ann holds only one hand card. At most one 9 can be there. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "too_low",
    ): "Not allowed (rule R5.2): 5 is lower than 9: Ann must play 9 or higher. Instead: Ann may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    ("classic", "higher"): "Allowed. 9 on 5: equal or higher.",
    ("classic", "empty_pile"): "Allowed. The pile is empty: 5 may start it.",
    ("classic", "face_down_fits"): "Allowed. The face-down 5 may go there.",
    ("classic", "face_down_misses"): "Allowed. The face-down 5 does not fit: Ann picks up.",
    (
        "classic",
        "needs_target: give_the_pile_to_a_friend",
    ): "Not allowed (rule R8.1): Give the Pile to a Friend needs a chosen player: say who it is for (to). Instead: Ann may play any card from their hand.",
    (
        "classic",
        "target_self: give_the_pile_to_a_friend",
    ): "Not allowed (rule R8.1): Give the Pile to a Friend is played on another player, not yourself. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "target_not_playing: give_the_pile_to_a_friend",
    ): "Not allowed (rule R8.1): Zed is not playing in this game. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "wild: give_the_pile_to_a_friend",
    ): "Allowed. Give the Pile to a Friend is wild: it may go on anything.",
    (
        "classic",
        "no_target_wanted: five_or_below",
    ): "Not allowed (rule R8.2): Five or Below does not choose a player; leave out 'to'. Instead: Ann may play any card from their hand.",
    ("classic", "wild: five_or_below"): "Allowed. Five or Below is wild: it may go on anything.",
    (
        "classic",
        "no_target_wanted: play_a_table_card",
    ): "Not allowed (rule R8.3): Play a Table Card does not choose a player; leave out 'to'. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "wild: play_a_table_card",
    ): "Allowed. Play a Table Card is wild: it may go on anything.",
    (
        "classic",
        "no_target_wanted: bottoms_up",
    ): "Not allowed (rule R8.4): Bottoms Up does not choose a player; leave out 'to'. Instead: Ann may play any card from their hand.",
    ("classic", "wild: bottoms_up"): "Allowed. Bottoms Up is wild: it may go on anything.",
    (
        "classic",
        "no_give_wanted: give_the_pile_to_a_friend",
    ): "Not allowed (rule R8.1): Give the Pile to a Friend gives no card; leave out 'give'. Instead: Ann may play any card from their hand.",
    (
        "classic",
        "restricted: after five_or_below",
    ): "Not allowed (rule R8.2): After Five or Below, Ann must play 5 or lower, or a Karma card — 6 does not fit. Instead: Ann may play 5 or lower, or a Karma card, from their hand — or pick up the pile.",
    ("classic", "in_range: after five_or_below"): "Allowed. 5 is allowed by the restriction.",
    (
        "classic",
        "pick_up_in_follow_up: play_a_table_card",
    ): "Not allowed (rule R8.3): Ann must play a table card now (Play a Table Card); picking up is not allowed. Instead: Ann must now play from their face-up cards — any value may go.",
    (
        "classic",
        "follow_up_zone: play_a_table_card",
    ): "Not allowed (rule R8.3): After Play a Table Card, Ann plays from their face-up cards, not from their hand cards. Instead: Ann must now play from their face-up cards — any value may go.",
    (
        "classic",
        "follow_up_play: play_a_table_card",
    ): "Allowed. Ann plays a table card; any value may go.",
    (
        "classic",
        "game_over",
    ): "Not allowed (rule R10.4): The game is over: Ben lost. No more steps can be taken. Instead: nothing — the game is over.",
    (
        "shithead",
        "not_playing",
    ): "Not allowed (rule R6.1): Zed is not playing in this game. Instead: Ann may play any card from their hand.",
    (
        "shithead",
        "not_your_turn",
    ): "Not allowed (rule R6.1): It is Ann's turn, not Ben's: only Ann may play or pick up now. Instead: Ann may play any card from their hand.",
    (
        "shithead",
        "pick_up_empty",
    ): "Not allowed (rule R6.3): The pile is empty, so there is nothing to pick up: Ann must play a card. Instead: Ann may play any card from their hand.",
    ("shithead", "pick_up"): "Allowed. Ann picks up the pile (1 card).",
    (
        "shithead",
        "no_cards",
    ): "Not allowed (rule R4.1): A play needs at least one card. Instead: Ann may play any card from their hand.",
    (
        "shithead",
        "no_such_card",
    ): "Not allowed (rule R1.1): There is no card 99 in Shithead. Instead: Ann may play any card from their hand.",
    (
        "shithead",
        "mixed_cards",
    ): "Not allowed (rule R4.1): A play is one or more identical cards; 5 and 6 are not all the same. Instead: Ann may play any card from their hand.",
    (
        "shithead",
        "no_such_zone",
    ): "Not allowed (rule R4.1): Cards come from hand, face_up or face_down, not 'pocket'. Instead: Ann may play any card from their hand.",
    (
        "shithead",
        "one_face_down",
    ): "Not allowed (rule R4.2): Face-down cards are played one at a time, turned over blind. Instead: Ann may turn over a face-down card: any card may go.",
    (
        "shithead",
        "hand_first",
    ): "Not allowed (rule R3.2): Ann must play their hand cards first. Instead: Ann may play any card from their hand.",
    (
        "shithead",
        "draw_pile_first",
    ): "Not allowed (rule R3.2): Table cards are played only once the draw pile is empty (5 cards left). Instead: Ann has no hand cards, and table cards wait until the draw pile is empty: Ann picks up the pile.",
    (
        "shithead",
        "face_up_first",
    ): "Not allowed (rule R3.3): Ann must play their face-up cards first. Instead: Ann may play any card from their face-up cards.",
    (
        "shithead",
        "zone_empty",
    ): "Not allowed (rule R4.3): Ann has no hand cards left to play. Instead: Ann may play 6 or higher, or a wild card (2, 8 or 10), from their face-up cards — or pick up the pile.",
    (
        "shithead",
        "zone_empty with a draw pile",
    ): "Not allowed (rule R4.3): Ann has no hand cards left to play. Instead: Ann has no hand cards, and table cards wait until the draw pile is empty: Ann picks up the pile.",
    (
        "shithead",
        "cannot_hold: all elsewhere",
    ): "Not allowed (rule R4.3): All four 9s are accounted for: one on the pile and three in Cal's face-up cards. So Ann cannot play one from their hand. Instead: Ann may play 9 or higher, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    (
        "shithead",
        "cannot_hold: own face-up",
    ): "Not allowed (rule R4.3): All four 9s are accounted for: one on the pile and three in Ann's own face-up cards. So Ann cannot play one from their hand. Instead: Ann may play 9 or higher, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    (
        "shithead",
        "cannot_hold: some",
    ): "Not allowed (rule R4.3): Ann cannot play two 9s from their hand: of the four 9s, three are accounted for (one on the pile and two in Cal's face-up cards). At most one 9 can be there. Instead: Ann may play 9 or higher, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    (
        "shithead",
        "cannot_hold: small hand",
    ): "Not allowed (rule R4.3): Ann cannot play two 9s from their hand: Ann holds only one hand card. At most one 9 can be there. Instead: Ann may play any card from their hand.",
    (
        "shithead",
        "too_low",
    ): "Not allowed (rule R5.2): 5 is lower than 9: Ann must play 9 or higher. Instead: Ann may play 9 or higher, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    ("shithead", "higher"): "Allowed. 9 on 5: equal or higher.",
    ("shithead", "empty_pile"): "Allowed. The pile is empty: 5 may start it.",
    ("shithead", "face_down_fits"): "Allowed. The face-down 5 may go there.",
    ("shithead", "face_down_misses"): "Allowed. The face-down 5 does not fit: Ann picks up.",
    ("shithead", "rank power: 2"): "Allowed. 2 is wild: it may go on anything.",
    ("shithead", "rank power: 7"): "Allowed. 7 on 5: equal or higher.",
    ("shithead", "rank power: 8"): "Allowed. 8 is wild: it may go on anything.",
    ("shithead", "rank power: 10"): "Allowed. 10 is wild: it may go on anything.",
    (
        "shithead",
        "restricted: after 7",
    ): "Not allowed (rule R5.5): After 7, Ann must play 7 or lower, or a wild card (2, 8 or 10) — 9 does not fit. Instead: Ann may play 7 or lower, or a wild card (2, 8 or 10), from their hand — or pick up the pile.",
    ("shithead", "in_range: after 7"): "Allowed. 7 is allowed by the restriction.",
    (
        "shithead",
        "game_over",
    ): "Not allowed (rule R10.4): The game is over: Ben lost. No more steps can be taken. Instead: nothing — the game is over.",
    (
        "second-edition",
        "not_playing",
    ): "Not allowed (rule R6.1): Zed is not playing in this game. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "not_your_turn",
    ): "Not allowed (rule R6.1): It is Ann's turn, not Ben's: only Ann may play or pick up now. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "pick_up_empty",
    ): "Not allowed (rule R6.3): The pile is empty, so there is nothing to pick up: Ann must play a card. Instead: Ann may play any card from their hand.",
    ("second-edition", "pick_up"): "Allowed. Ann picks up the pile (1 card).",
    (
        "second-edition",
        "no_cards",
    ): "Not allowed (rule R4.1): A play needs at least one card. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "no_such_card",
    ): "Not allowed (rule R1.1): There is no card 99 in Karma (second edition). Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "mixed_cards",
    ): "Not allowed (rule R4.1): A play is one or more identical cards; 5 and 6 are not all the same. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "no_such_zone",
    ): "Not allowed (rule R4.1): Cards come from hand, face_up or face_down, not 'pocket'. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "one_face_down",
    ): "Not allowed (rule R4.2): Face-down cards are played one at a time, turned over blind. Instead: Ann may turn over a face-down card: any card may go.",
    (
        "second-edition",
        "hand_first",
    ): "Not allowed (rule R3.2): Ann must play their hand cards first. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "draw_pile_first",
    ): "Not allowed (rule R3.2): Table cards are played only once the draw pile is empty (5 cards left). Instead: Ann has no hand cards, and table cards wait until the draw pile is empty: Ann picks up the pile.",
    (
        "second-edition",
        "face_up_first",
    ): "Not allowed (rule R3.3): Ann must play their face-up cards first. Instead: Ann may play any card from their face-up cards.",
    (
        "second-edition",
        "zone_empty",
    ): "Not allowed (rule R4.3): Ann has no hand cards left to play. Instead: Ann may play 6 or higher, or a Karma card, from their face-up cards — or pick up the pile.",
    (
        "second-edition",
        "zone_empty with a draw pile",
    ): "Not allowed (rule R4.3): Ann has no hand cards left to play. Instead: Ann has no hand cards, and table cards wait until the draw pile is empty: Ann picks up the pile.",
    (
        "second-edition",
        "cannot_hold: all elsewhere",
    ): "Not allowed (rule R4.3): All three 9s are accounted for: one on the pile and two in Cal's face-up cards. So Ann cannot play one from their hand. Instead: Ann may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "cannot_hold: own face-up",
    ): "Not allowed (rule R4.3): All three 9s are accounted for: one on the pile and two in Ann's own face-up cards. So Ann cannot play one from their hand. Instead: Ann may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "cannot_hold: some",
    ): "Not allowed (rule R4.3): Ann cannot play two 9s from their hand: of the three 9s, two are accounted for (one on the pile and one in Cal's face-up cards). At most one 9 can be there. Instead: Ann may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "cannot_hold: small hand",
    ): "Not allowed (rule R4.3): Ann cannot play two 9s from their hand: Ann holds only one hand card. At most one 9 can be there. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "too_low",
    ): "Not allowed (rule R5.2): 5 is lower than 9: Ann must play 9 or higher. Instead: Ann may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    ("second-edition", "higher"): "Allowed. 9 on 5: equal or higher.",
    ("second-edition", "empty_pile"): "Allowed. The pile is empty: 5 may start it.",
    ("second-edition", "face_down_fits"): "Allowed. The face-down 5 may go there.",
    ("second-edition", "face_down_misses"): "Allowed. The face-down 5 does not fit: Ann picks up.",
    (
        "second-edition",
        "needs_target: lose_a_turn",
    ): "Not allowed (rule R8.6): Lose a Turn needs a chosen player: say who it is for (to). Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "target_self: lose_a_turn",
    ): "Not allowed (rule R8.6): Lose a Turn is played on another player, not yourself. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "target_not_playing: lose_a_turn",
    ): "Not allowed (rule R8.6): Zed is not playing in this game. Instead: Ann may play any card from their hand.",
    ("second-edition", "wild: lose_a_turn"): "Allowed. Lose a Turn is wild: it may go on anything.",
    (
        "second-edition",
        "no_target_wanted: seven_to_eleven",
    ): "Not allowed (rule R8.7): 7 to 11 does not choose a player; leave out 'to'. Instead: Ann may play any card from their hand.",
    ("second-edition", "wild: seven_to_eleven"): "Allowed. 7 to 11 is wild: it may go on anything.",
    (
        "second-edition",
        "no_target_wanted: clear_the_pile",
    ): "Not allowed (rule R8.5): Clear the Pile does not choose a player; leave out 'to'. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "wild: clear_the_pile",
    ): "Allowed. Clear the Pile is wild: it may go on anything.",
    (
        "second-edition",
        "needs_target: give_a_card",
    ): "Not allowed (rule R8.9): Give a Card needs a chosen player: say who it is for (to). Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "target_self: give_a_card",
    ): "Not allowed (rule R8.9): Give a Card is played on another player, not yourself. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "target_not_playing: give_a_card",
    ): "Not allowed (rule R8.9): Zed is not playing in this game. Instead: Ann may play any card from their hand.",
    ("second-edition", "wild: give_a_card"): "Allowed. Give a Card is wild: it may go on anything.",
    (
        "second-edition",
        "needs_target: exchange_hands",
    ): "Not allowed (rule R8.10): Exchange Hands needs a chosen player: say who it is for (to). Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "target_self: exchange_hands",
    ): "Not allowed (rule R8.10): Exchange Hands is played on another player, not yourself. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "target_not_playing: exchange_hands",
    ): "Not allowed (rule R8.10): Zed is not playing in this game. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "wild: exchange_hands",
    ): "Allowed. Exchange Hands is wild: it may go on anything.",
    (
        "second-edition",
        "needs_target: change_your_seat",
    ): "Not allowed (rule R8.11): Change Your Seat needs a chosen player: say who it is for (to). Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "target_self: change_your_seat",
    ): "Not allowed (rule R8.11): Change Your Seat is played on another player, not yourself. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "target_not_playing: change_your_seat",
    ): "Not allowed (rule R8.11): Zed is not playing in this game. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "wild: change_your_seat",
    ): "Allowed. Change Your Seat is wild: it may go on anything.",
    (
        "second-edition",
        "no_target_wanted: pass_to_the_right",
    ): "Not allowed (rule R8.8): Pass to the Right does not choose a player; leave out 'to'. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "wild: pass_to_the_right",
    ): "Allowed. Pass to the Right is wild: it may go on anything.",
    (
        "second-edition",
        "no_target_wanted: create_your_karma",
    ): "Not allowed (rule R8.12): Create Your Karma does not choose a player; leave out 'to'. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "wild: create_your_karma",
    ): "Allowed. Create Your Karma is wild: it may go on anything.",
    (
        "second-edition",
        "target_out: lose_a_turn",
    ): "Not allowed (rule R8.6): Cal is out, so they have no turn to lose. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "no_give_wanted: lose_a_turn",
    ): "Not allowed (rule R8.6): Lose a Turn gives no card; leave out 'give'. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "restricted: after seven_to_eleven",
    ): "Not allowed (rule R8.7): After 7 to 11, Ann must play a number from 7 to 11, or a Karma card — 12 does not fit. Instead: Ann may play a number from 7 to 11, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "in_range: after seven_to_eleven",
    ): "Allowed. 11 is allowed by the restriction.",
    (
        "second-edition",
        "cannot_hold: give give_a_card",
    ): "Not allowed (rule R4.3): All three 9s are accounted for: one on the pile and two in Cal's face-up cards. So Ann cannot give one from their hand. Instead: Ann may play 9 or higher, or a Karma card, from their hand — or pick up the pile.",
    (
        "second-edition",
        "no_such_give: give_a_card",
    ): "Not allowed (rule R1.1): There is no card 99 in Karma (second edition). Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "no_give_wanted: exchange_hands",
    ): "Not allowed (rule R8.10): Exchange Hands gives no card; leave out 'give'. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "no_give_wanted: change_your_seat",
    ): "Not allowed (rule R8.11): Change Your Seat gives no card; leave out 'give'. Instead: Ann may play any card from their hand.",
    (
        "second-edition",
        "game_over",
    ): "Not allowed (rule R10.4): The game is over: Ben lost. No more steps can be taken. Instead: nothing — the game is over.",
    (
        "house",
        "not_playing",
    ): "Not allowed (rule R6.1): Zed is not playing in this game. Instead: Ann may play any card from their hand.",
    (
        "house",
        "not_your_turn",
    ): "Not allowed (rule R6.1): It is Ann's turn, not Ben's: only Ann may play or pick up now. Instead: Ann may play any card from their hand.",
    (
        "house",
        "pick_up_empty",
    ): "Not allowed (rule R6.3): The pile is empty, so there is nothing to pick up: Ann must play a card. Instead: Ann may play any card from their hand.",
    ("house", "pick_up"): "Allowed. Ann picks up the pile (1 card).",
    (
        "house",
        "no_cards",
    ): "Not allowed (rule R4.1): A play needs at least one card. Instead: Ann may play any card from their hand.",
    (
        "house",
        "no_such_card",
    ): "Not allowed (rule R1.1): There is no card 99 in Our House. Instead: Ann may play any card from their hand.",
    (
        "house",
        "mixed_cards",
    ): "Not allowed (rule R4.1): A play is one or more identical cards; 5 and 6 are not all the same. Instead: Ann may play any card from their hand.",
    (
        "house",
        "no_such_zone",
    ): "Not allowed (rule R4.1): Cards come from hand, face_up or face_down, not 'pocket'. Instead: Ann may play any card from their hand.",
    (
        "house",
        "one_face_down",
    ): "Not allowed (rule R4.2): Face-down cards are played one at a time, turned over blind. Instead: Ann may turn over a face-down card: any card may go.",
    (
        "house",
        "hand_first",
    ): "Not allowed (rule R3.2): Ann must play their hand cards first. Instead: Ann may play any card from their hand.",
    (
        "house",
        "draw_pile_first",
    ): "Not allowed (rule R3.2): Table cards are played only once the draw pile is empty (5 cards left). Instead: Ann has no hand cards, and table cards wait until the draw pile is empty: Ann picks up the pile.",
    (
        "house",
        "face_up_first",
    ): "Not allowed (rule R3.3): Ann must play their face-up cards first. Instead: Ann may play any card from their face-up cards.",
    (
        "house",
        "zone_empty",
    ): "Not allowed (rule R4.3): Ann has no hand cards left to play. Instead: Ann may play 6 or higher, a Karma card or a wild 10, from their face-up cards — or pick up the pile.",
    (
        "house",
        "zone_empty with a draw pile",
    ): "Not allowed (rule R4.3): Ann has no hand cards left to play. Instead: Ann has no hand cards, and table cards wait until the draw pile is empty: Ann picks up the pile.",
    (
        "house",
        "cannot_hold: all elsewhere",
    ): "Not allowed (rule R4.3): All four 9s are accounted for: one on the pile and three in Cal's face-up cards. So Ann cannot play one from their hand. Instead: Ann may play 9 or higher, a Karma card or a wild 10, from their hand — or pick up the pile.",
    (
        "house",
        "cannot_hold: own face-up",
    ): "Not allowed (rule R4.3): All four 9s are accounted for: one on the pile and three in Ann's own face-up cards. So Ann cannot play one from their hand. Instead: Ann may play 9 or higher, a Karma card or a wild 10, from their hand — or pick up the pile.",
    (
        "house",
        "cannot_hold: some",
    ): "Not allowed (rule R4.3): Ann cannot play two 9s from their hand: of the four 9s, three are accounted for (one on the pile and two in Cal's face-up cards). At most one 9 can be there. Instead: Ann may play 9 or higher, a Karma card or a wild 10, from their hand — or pick up the pile.",
    (
        "house",
        "cannot_hold: small hand",
    ): "Not allowed (rule R4.3): Ann cannot play two 9s from their hand: Ann holds only one hand card. At most one 9 can be there. Instead: Ann may play any card from their hand.",
    (
        "house",
        "too_low",
    ): "Not allowed (rule R5.2): 5 is lower than 9: Ann must play 9 or higher. Instead: Ann may play 9 or higher, a Karma card or a wild 10, from their hand — or pick up the pile.",
    ("house", "higher"): "Allowed. 9 on 5: equal or higher.",
    ("house", "empty_pile"): "Allowed. The pile is empty: 5 may start it.",
    ("house", "face_down_fits"): "Allowed. The face-down 5 may go there.",
    ("house", "face_down_misses"): "Allowed. The face-down 5 does not fit: Ann picks up.",
    (
        "house",
        "no_target_wanted: low_five",
    ): "Not allowed (rule R5.4): Low Five does not choose a player; leave out 'to'. Instead: Ann may play any card from their hand.",
    ("house", "wild: low_five"): "Allowed. Low Five is wild: it may go on anything.",
    (
        "house",
        "needs_target: draw_two",
    ): "Not allowed (rule R8.6): Draw Two needs a chosen player: say who it is for (to). Instead: Ann may play any card from their hand.",
    (
        "house",
        "target_self: draw_two",
    ): "Not allowed (rule R8.6): Draw Two is played on another player, not yourself. Instead: Ann may play any card from their hand.",
    (
        "house",
        "target_not_playing: draw_two",
    ): "Not allowed (rule R8.6): Zed is not playing in this game. Instead: Ann may play any card from their hand.",
    ("house", "wild: draw_two"): "Allowed. Draw Two is wild: it may go on anything.",
    ("house", "rank power: 10"): "Allowed. 10 is wild: it may go on anything.",
    (
        "house",
        "restricted: after low_five",
    ): "Not allowed (rule R5.4): After Low Five, Ann must play 5 or lower, a Karma card or a wild 10 — 6 does not fit. Instead: Ann may play 5 or lower, a Karma card or a wild 10, from their hand — or pick up the pile.",
    ("house", "in_range: after low_five"): "Allowed. 5 is allowed by the restriction.",
    (
        "house",
        "target_out: draw_two",
    ): "Not allowed (rule R8.6): Cal is out, so they have no turn to lose. Instead: Ann may play any card from their hand.",
    (
        "house",
        "no_give_wanted: draw_two",
    ): "Not allowed (rule R9): Draw Two gives no card; leave out 'give'. Instead: Ann may play any card from their hand.",
    (
        "house",
        "game_over",
    ): "Not allowed (rule R10.4): The game is over: Ben lost. No more steps can be taken. Instead: nothing — the game is over.",
}


def _all() -> list[tuple[str, str, Game, object]]:
    return [(vid, name, g, step) for vid in VARIANTS for name, g, step in situations(variant(vid))]


@pytest.mark.parametrize(("key", "sentence"), list(EXPECTED.items()), ids=lambda x: str(x))
def test_the_words_of_every_verdict(key: tuple[str, str], sentence: str) -> None:
    vid, name = key
    found = {n: (g, s) for n, g, s in situations(variant(vid))}
    game, step = found[name]
    verdict = game.explain(step)
    assert str(verdict) == sentence
    code = name.split(":")[0].split(" ")[0]
    if code in wording.REASONS:  # the case is named after the reason it shows
        assert verdict.reason == code


def test_the_table_covers_every_reason_code_and_every_case() -> None:
    cases = _all()
    assert {(vid, name) for vid, name, _, _ in cases} == set(EXPECTED)
    reasons = {g.explain(s).reason for _, _, g, s in cases}
    # A house effect's own check is worded by its unit (tests/test_effect_*.py show each).
    assert reasons == wording.REASONS - {Reason.HOUSE_RULE}


def test_every_illegal_verdict_says_what_is_legal_instead() -> None:
    """R11.1: the steps the mover may take now, or that the game is over."""
    for vid, name, game, step in _all():
        verdict = game.explain(step)
        if verdict.legal:
            assert verdict.instead == "", (vid, name)
            continue
        assert verdict.instead, (vid, name)
        if game.over:
            assert verdict.instead == "nothing — the game is over.", (vid, name)
        else:
            assert verdict.instead.startswith(game.turn or ""), (vid, name)


def test_a_variant_without_karma_cards_never_says_karma() -> None:
    """Fault: shithead said 'may play 7 or lower, or a Karma card'."""
    for _, name, game, step in [c for c in _all() if c[0] == "shithead"]:
        assert "Karma" not in str(game.explain(step)), name
    game = Game.from_position(
        builtin("shithead"), ["Ann", "Ben"], Position("Ann", pile=(7,), hand={"Ann": 3, "Ben": 3})
    )
    assert game.hint() == (
        "Ann may play 7 or lower, or a wild card (2, 8 or 10), from their hand — or pick up the pile."
    )


def test_the_cli_and_the_app_speak_with_one_voice() -> None:
    """Fault: the CLI said 'Illegal (R…)', the app 'Not allowed (rule …)'."""
    from referee.app.table import verdict_words

    game = Game.deal(builtin("classic"), ["Ann", "Ben"])
    game.push(Play("Ann", (9,)))
    verdict = game.explain(Play("Ben", (3,)))
    assert verdict_words(verdict) == str(verdict) == wording.verdict_text(verdict)
    assert str(verdict).startswith("Not allowed (rule R5.2): 3 is lower than 9")


def test_r4_3_says_where_the_copies_are_in_plain_words() -> None:
    """Fault: 'hand cards hold only 3 unknown cards for the 0 unseen'; '3 have been seen
    elsewhere' when they were the player's own face-up cards."""
    own = EXPECTED["classic", "cannot_hold: own face-up"]
    assert "two in Ann's own face-up cards" in own and "unseen" not in own
    elsewhere = EXPECTED["classic", "cannot_hold: all elsewhere"]
    assert elsewhere.startswith(
        "Not allowed (rule R4.3): All three 9s are accounted for: one on the pile and two in "
        "Cal's face-up cards."
    )


def test_no_hand_cards_is_not_contradicted_by_the_advice() -> None:
    """Fault: 'no hand cards left to play … may play 6 or higher from their hand'."""
    said = EXPECTED["classic", "zone_empty with a draw pile"]
    assert "from their hand" not in said.split("Instead:")[1]
    assert said.endswith("Ann picks up the pile.")


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
    said = game.history[-1][1].messages
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
    assert str(preset.explain(Play("Ben", (6,)))).startswith(
        "Not allowed (rule R8.2): After Five or Below, Ben must play 5 or lower"
    )
    own = Game.from_position(design, players, Position("Ben", pile=("low_five",), hand=hands))
    assert str(own.explain(Play("Ben", (6,)))).startswith(
        "Not allowed (rule R5.4): After Low Five, Ben must play 5 or lower"
    )
