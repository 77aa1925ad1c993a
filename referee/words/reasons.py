"""Reason codes and their facts: what the referee decided, as typed data (R11).

The engine decides a verdict as a rule, a ``Reason`` and one small frozen value of facts (which
card, whose turn, where the copies are); ``referee.words.sentences`` turns them into the sentences the
CLI, the app, records and the simulator show.  Typed facts let the words be changed (or a new
voice written) without guessing what a dictionary holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from referee.table.state import Restriction, ZoneName
from referee.variant.model import Card


class Reason(StrEnum):
    """Every reason a verdict may give; its value is the stable code records and tests use."""

    # R10: the end
    GAME_OVER = "game_over"
    # R6.1: whose turn
    NOT_PLAYING = "not_playing"
    NOT_YOUR_TURN = "not_your_turn"
    CUT_IN_ONLY = "cut_in_only"  # out of turn where the top card lets some plays cut in
    # R6.2-R6.3: picking up
    PICK_UP = "pick_up"
    PICK_UP_EMPTY = "pick_up_empty"
    PICK_UP_IN_FOLLOW_UP = "pick_up_in_follow_up"
    MUST_PLAY = "must_play"  # a table rule: who can play may not pick up (issue 31.2)
    # A card's power: who cannot beat it sends the pile to the card's player (issue 42)
    PICK_UP_SENT = "pick_up_sent"
    # A table rule: a player on their face-up cards takes one with the pile (ruling 108)
    PICK_UP_TAKE = "pick_up_take"
    TAKE_NEEDED = "take_needed"
    NO_TAKE_WANTED = "no_take_wanted"
    TAKE_ONE = "take_one"  # more than one face-up card named where the rule takes one
    # A table rule: who cannot play may turn over the draw pile's top card (ruling 109)
    GAMBLE_FITS = "gamble_fits"
    GAMBLE_MISSES = "gamble_misses"
    NO_GAMBLE = "no_gamble"
    GAMBLE_DRAW_PILE_EMPTY = "gamble_draw_pile_empty"
    GAMBLE_NOT_NOW = "gamble_not_now"
    GAMBLE_CAN_PLAY = "gamble_can_play"
    GAMBLE_OWED = "gamble_owed"
    ONE_FROM_DRAW_PILE = "one_from_draw_pile"
    NOT_ON_DRAW_PILE = "not_on_draw_pile"
    # R1.1, R4.1-R4.2: what a play is
    NO_CARDS = "no_cards"
    NO_SUCH_CARD = "no_such_card"
    MIXED_CARDS = "mixed_cards"
    NO_SUCH_ZONE = "no_such_zone"
    NO_SUCH_SUIT = "no_such_suit"  # a suit shown where none counts, or no suit (issue 42)
    ONE_FACE_DOWN = "one_face_down"
    # R3, R8.3: where cards come from
    HAND_FIRST = "hand_first"
    DRAW_PILE_FIRST = "draw_pile_first"
    FACE_UP_FIRST = "face_up_first"
    FOLLOW_UP_ZONE = "follow_up_zone"
    ZONE_EMPTY = "zone_empty"
    # R4.3: what a player may hold
    CANNOT_HOLD = "cannot_hold"
    SHOWN_TWICE = "shown_twice"  # a suited card the table saw face up already (issue 42)
    # R8: choices a card needs
    NEEDS_TARGET = "needs_target"
    TARGET_NOT_PLAYING = "target_not_playing"
    TARGET_SELF = "target_self"
    TARGET_OUT = "target_out"
    NO_TARGET_WANTED = "no_target_wanted"
    NO_GIVE_WANTED = "no_give_wanted"
    NO_SUCH_GIVE = "no_such_give"
    NOTHING_TO_GIVE = "nothing_to_give"  # a card named to give where none is left (R8.9)
    NO_NAME_WANTED = "no_name_wanted"  # a number named for a card its player cannot name
    NO_SUCH_NAMED = "no_such_named"  # a number named that is no number of the variant
    NO_LIMIT_WANTED = "no_limit_wanted"  # higher or lower said for a card that asks neither
    NO_LIMIT_CHOSEN = "no_limit_chosen"  # a card whose player must say higher or lower
    NO_SUCH_LIMIT = "no_such_limit"  # something else than higher or lower said
    NAME_NOT_ALLOWED = "name_not_allowed"  # a number the card may not be named as (`names`)
    # R5, R7.5, R8.3: does it fit
    FOLLOW_UP_PLAY = "follow_up_play"
    FACE_DOWN_FITS = "face_down_fits"
    FACE_DOWN_MISSES = "face_down_misses"
    WILD = "wild"
    NAMED_AS = "named_as"  # a card that goes on anything, counting as the number named
    NAMED_FITS = "named_fits"  # a card named as a number goes where that number could
    NAMED_MUST_FIT = "named_must_fit"  # ... and where it could not (``fits``, ruling 170)
    IN_RANGE = "in_range"
    EMPTY_PILE = "empty_pile"
    HIGHER = "higher"
    RESTRICTED = "restricted"
    TOO_LOW = "too_low"
    # R9: a house effect's own check (its words come from its unit, referee/effects/)
    HOUSE_RULE = "house_rule"


@dataclass(frozen=True, slots=True)
class Facts:
    """The facts behind a verdict (one subclass per kind of reason)."""


@dataclass(frozen=True, slots=True)
class NoFacts(Facts):
    """A reason that needs no facts (a play without cards, two face-down cards at once)."""


@dataclass(frozen=True, slots=True)
class Who(Facts):
    """Who proposed the step."""

    by: str


@dataclass(frozen=True, slots=True)
class CanPlay(Facts):
    """A pick-up refused by the table's "must play if able" rule: the cards the mover is known
    to hold that may go (empty: a face-down card, which may always be turned over)."""

    by: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Sent(Facts):
    """A pick-up while a card dares the next player to beat it: its player takes the pile."""

    by: str
    to: str  # the card's player, who takes the pile
    n: int  # cards on the pile
    card: str  # the card's name


@dataclass(frozen=True, slots=True)
class Taken(Facts):
    """A pick-up that takes a face-up card into the hand as well (a table rule)."""

    by: str
    n: int  # cards on the pile
    card: str  # the face-up card's name
    k: int = 1  # copies of it taken (a table rule, ruling 141)


@dataclass(frozen=True, slots=True)
class NotOnDrawPile(Facts):
    """A card turned over from the draw pile that cannot be there (a table rule): not its top
    card (full information), or every copy already seen (R4.3)."""

    by: str
    card: str  # the card's name
    top: bool  # True: the draw pile's top card is known, and is another


@dataclass(frozen=True, slots=True)
class GameOver(Facts):
    loser: str | None


@dataclass(frozen=True, slots=True)
class NotYourTurn(Facts):
    by: str
    mover: str
    follow_up: bool  # the mover owes a Play a Table Card follow-up (R8.3)


@dataclass(frozen=True, slots=True)
class CutIn(Facts):
    """A play out of turn while the top card lets some plays in (a house rule such as a
    cut-in), refused by that rule: what ``by`` may cut in with now (card names) and from
    which zone, or why nobody may (the mover owes a play at once; only a blind card left)."""

    by: str
    mover: str
    cards: tuple[str, ...]
    zone: ZoneName | None  # None: ``by`` plays blind now, and a blind card never cuts in
    follow_up: bool  # the mover owes a play at once: nobody cuts in before it


@dataclass(frozen=True, slots=True)
class Count(Facts):
    """A number of cards: the pile picked up, the draw pile still there."""

    by: str
    n: int


@dataclass(frozen=True, slots=True)
class UnknownCard(Facts):
    """A card the variant does not have, as it was given (a record may hold anything)."""

    card: object


@dataclass(frozen=True, slots=True)
class Shown(Facts):
    """A suit a play shows that is not one (issue 42): as it was given, and the card's name."""

    suit: object
    card: str


@dataclass(frozen=True, slots=True)
class ShownTwice(Facts):
    """A card of a suit shown while every copy of it was seen face up already (issue 42,
    ruling 154): the card's name, the suit, the pack's copies of it, and whether one still
    lies on the pile (else they left the game)."""

    card: str
    suit: str
    copies: int
    on_pile: bool


@dataclass(frozen=True, slots=True)
class MixedCards(Facts):
    cards: tuple[str, ...]  # the names of the cards, as played


@dataclass(frozen=True, slots=True)
class InZone(Facts):
    """A zone a step names (possibly not a zone at all, as a record gave it)."""

    by: str
    zone: str


@dataclass(frozen=True, slots=True)
class FollowUpZone(Facts):
    by: str
    due: ZoneName  # where the follow-up must come from (R8.3)
    zone: str


@dataclass(frozen=True, slots=True)
class Place:
    """Where seen copies of a card are: on the pile, in a player's zone, or out of the game."""

    kind: Literal["pile", "zone", "out"]
    n: int
    who: str = ""
    zone: ZoneName | None = None


@dataclass(frozen=True, slots=True)
class Holding(Facts):
    """R4.3: why a player cannot hold the cards they play (or give)."""

    by: str
    card: str  # the card's name
    k: int  # copies played
    zone: ZoneName
    verb: Literal["play", "give", "take"]
    copies: int  # copies in the game's decks
    possible: int  # copies the zone may hold
    known: int  # copies known to be in the zone
    unknown: int  # unknown cards in the zone
    count: int  # cards in the zone
    unseen: int  # copies the table has not seen anywhere
    places: tuple[Place, ...]


@dataclass(frozen=True, slots=True)
class CardFacts(Facts):
    """A card and what it asks of a play: its chosen player (`to`), its given card (`give`)."""

    card: str  # the card's name
    card_id: Card | None = None
    # It names a player, or gives a card, only under a condition, which does not hold for this
    # play (rulings 152, 163): ``sometimes``, and that condition in words where it is short
    # ("only when the pile is empty"; "": too long to say in one breath, the sheet says it).
    sometimes: bool = False
    only: str = ""


@dataclass(frozen=True, slots=True)
class Target(Facts):
    """The player a play chose (`to`)."""

    to: str
    card: str = ""  # the name of the card that chose them
    card_id: Card | None = None
    why: str = "they have no turn to lose"  # why they may not be chosen once out


@dataclass(frozen=True, slots=True)
class Played(Facts):
    """A card going on the pile now."""

    by: str
    card: str  # the card's name


@dataclass(frozen=True, slots=True)
class NamedOnly(Facts):
    """A card named as a number it may not be named as: the numbers it may (ruling 165)."""

    card: str  # the card's name
    names: tuple[int, ...]  # the numbers it may be named as


@dataclass(frozen=True, slots=True)
class NamedFit(Facts):
    """A card named as a number that must go where a card of that number could (ruling 170):
    the one R5 check's verdict on the card named."""

    by: str
    card: str  # the card's name
    value: int  # the number named
    powers: bool  # it also does what a card of that number does (ruling 169)
    reason: Reason  # the one R5 check's reason for the card named
    facts: Facts  # and its facts


@dataclass(frozen=True, slots=True)
class NamedAs(Facts):
    """A card going on anything, named as a number it then counts as (ruling 153)."""

    by: str
    card: str  # the card's name
    value: int  # the number named
    powers: bool = False  # it also does what a card of that number does (ruling 169)


@dataclass(frozen=True, slots=True)
class OnTop(Facts):
    """A number played on a number (R5.2): ``top`` says the card that judges, in words."""

    by: str
    card: str
    top: str


@dataclass(frozen=True, slots=True)
class TooLow(Facts):
    by: str
    card: str
    top: str  # the card that judges, in words ('9', 'Bottoms Up, which counts 0')
    value: int  # what must be played: this or higher


@dataclass(frozen=True, slots=True)
class Restricted(Facts):
    """A play judged by a restriction (R5.4), refused or allowed: the restriction carries the card that set it
    (id, name) and the rule it cites, even after that card left the game."""

    by: str
    card: str
    restriction: Restriction

    @property
    def after(self) -> str:
        """The name of the card that set the restriction, and who chose which way it goes
        where its player chose (ruling 171): '9 (Ann chose lower)'."""
        r = self.restriction
        name = r.name or "that card"
        if r.chose:
            return f"{name} ({r.chose} chose {'higher' if r.hi is None else 'lower'})"
        return name


@dataclass(frozen=True, slots=True)
class HouseRule(Facts):
    """A play refused by a house effect's own check (R9): the effect, its own code for the
    reason (stable, for records and tests), and its words, which its unit makes."""

    effect: str
    code: str
    by: str
    words: str


@dataclass(frozen=True, slots=True)
class MayGo:
    """The cards that may go on the pile now, read from the verdicts themselves (``judge`` on
    each card the mover may hold in the zone due, R4.3), beside the cards they may hold there,
    so that the advice names only cards that would be accepted and says them over what the
    mover may really hold (face-up cards are known, seen copies are not held): by kind, the
    numbers that are not wild, the Karma cards (and jokers, by name) and the wild ranks."""

    any: bool = True  # every card the mover may hold there may go
    numbers: tuple[int, ...] = ()  # the numbers (not wild) that may go
    all_numbers: tuple[int, ...] = ()  # the numbers (not wild) the mover may hold there
    karma: tuple[str, ...] = ()  # names of the special cards (Karma cards, jokers) that may go
    all_karma: tuple[str, ...] = ()  # names of the special cards the mover may hold there
    wild: tuple[str, ...] = ()  # wild ranks that may go
    all_wild: tuple[str, ...] = ()  # wild ranks the mover may hold there
    at_least: int = 1  # how many cards must go together (a pair after a pair)


@dataclass(frozen=True, slots=True)
class HintFacts:
    """What the player to move may do now (R11.2): the facts behind every hint and every
    illegal verdict's ``instead``."""

    over: bool
    loser: str | None = None
    who: str = ""
    zone: ZoneName = "hand"
    follow_up: bool = False  # a Play a Table Card follow-up is due (R8.3)
    locked: bool = False  # no hand cards while a draw pile remains: table cards wait (R3.2)
    restriction: Restriction | None = None
    value: int | None = None  # what the next play must equal or beat; None: anything
    pile: int = 0  # cards on the pile (0: nothing to pick up)
    may: MayGo = MayGo()  # what may go now, from the verdicts (every hint's words)
    pick_up: bool = False  # picking up the pile is allowed now (judge's verdict)
    # Who takes the pile if the mover picks it up, when a card on top sends it to its own
    # player (a dare, rule 78); "" : the mover takes it (R6.2).
    pile_to: str = ""
    # The card the game's first play must show, as said ("the 3 of diamonds", ruling 167):
    # it stands for what may go.
    opening: str = ""
    take: bool = False  # a pick-up takes a face-up card too (a table rule, ruling 108)
    take_several: bool = False  # or several of one rank (a table rule, ruling 141)
    gamble: bool = False  # the draw pile's top card may be turned over (a table rule, ruling 109)
    # The pile is given to the mover, who may pass it on with the cards that may go, or pick it
    # up (a give that may be deflected, ruling 168).
    given: bool = False
    # The cards (names) the mover may play now that need a chosen player (R8); one that
    # needs one only when it shows some suit, by those suits: "a red 4", "the 4 of hearts".
    chosen_player_cards: tuple[str, ...] = ()
