"""What an effect unit is (RULES.md R9): the class every unit subclasses.

Each effect is one unit, one module under ``referee/effects/`` (a subclass of
:class:`EffectSpec`): its declaration for the variant file (parameters and limits, words for the
rules sheet and the Design page, semantic checks for the loader: the variant layer's
:class:`referee.variant.menu.EffectDecl`), and here its hooks into the engine: traits,
resolution, what it leaves pending for the next step(s), what a bot thinks of it.  Defining the
subclass registers it on the menu (``referee.variant.menu.MENU``) and in ``UNITS``; the package
(``referee.effects``) imports every unit and lists them in menu order as ``EFFECTS``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from referee.effects.base import (
    Arrival,
    PileView,
    Proposal,
    Refusal,
    Resolution,
)
from referee.table.state import Pending, State, ZoneName
from referee.variant.declare import Choice
from referee.variant.menu import MENU, CardCheck, EffectDecl, Params, Report, Traits, traits_of
from referee.variant.model import Card, Effect, Variant

if TYPE_CHECKING:
    from referee.variant.model import Variant

__all__ = [
    "PER_COPY",
    "TARGET",
    "UNITS",
    "CardCheck",
    "EffectSpec",
    "Params",
    "Report",
    "Traits",
    "needs_target",
]


TARGET = Choice(
    "target",
    "Who it is for",
    "Who it is for: a player the card's player chooses, or simply the next player.",
    choices=("chosen", "next"),
    default="chosen",
    words=("A player you choose", "The next player"),
    optional=True,
)
"""Whom a targeted effect acts on (issue 31.4): a chosen player (`to`), or the next player
who is in, in the current direction, as the card resolves (docs/rulings.md, ruling 9)."""

PER_COPY = Choice(
    "count",
    "With several played together",
    "With several of these cards played together: it happens once (R8), or once per card.",
    choices=("once", "per_copy"),
    default="once",
    words=("It happens once", "It happens once for each card"),
    optional=True,
)
"""How often an effect happens when several copies are played at once (issue 31.3): once per
play, as R8 says, or once per copy ("two 8s skip two players", "two reverses cancel out")."""


class EffectSpec(EffectDecl):
    """One effect of the menu (R9), with its hooks into the engine.  Subclasses (one per module
    in ``referee/effects/``) set the class attributes and override what their effect does; every
    method has a sensible default.
    """

    gives_card: ClassVar[bool] = False  # a play may say which card it gives (`give`, R8.9)
    # A play may name the number its card counts as on the pile (`as`, ruling 153).
    names_value: ClassVar[bool] = False
    # A play says whether the next play goes higher or lower (`limit`, ruling 171).
    chooses_limit: ClassVar[bool] = False
    # Its pending slice's ``refuse`` only enforces the zone its ``pending_zone`` names (R8.3's
    # follow-up, next_face_up): plays generated from the zone due never meet it, so the legal
    # steps keep their fast path while it is pending.
    refuses_only_zone: ClassVar[bool] = False
    # A mirror on a card with this effect does it again as the mirror is played (ruling 45):
    # a power that needs no choice.  Not a trait (wild, value), not the card leaving the game,
    # not what it carries over as it comes on top (that binds under a mirror anyway, ruling
    # 54), never a power that needs a card to give; an effect aimed at a chosen player only
    # when it is aimed at the next player instead (``copied_by_mirror``).  An effect is not
    # copied unless its unit says so.
    copyable: ClassVar[bool] = False
    # Whom a bot aims a targeted effect at: "fewest_cards" (all zones), "smallest_hand", or
    # "chance" (a contest's loser, which no player chooses).
    bot_aim: ClassVar[str] = "fewest_cards"

    # Its traits only say whether its card may go on anything as it is played (wild, R5.3):
    # the one R5 check may ask them under a condition of the play (``when``).
    traits_by_play: ClassVar[bool] = False
    # Its traits only make its card see-through (it counts as the card below: transparent,
    # mirror): under a condition (``when``), the pile marks the card as it is laid when the
    # condition holds for that play (``State.through``, issue 42), and it is see-through for
    # as long as it lies there.
    see_through_by_play: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        cls.limits_landing = cls.lands_on is not EffectSpec.lands_on or (
            cls.takes is not EffectSpec.takes
        )
        # What it carries over as its card comes on top (``on_top``: a restriction, a demand)
        # is set then, under its condition asked of the play that laid it (``Arrival.happens``,
        # issue 42); these work on while the card lies there, for every play after it.
        by_play = cls.traits_by_play or cls.see_through_by_play
        on_pile = ("takes", "lets_in") + (() if by_play else ("traits",))
        cls.lasts_on_pile = any(
            getattr(cls, hook) is not getattr(EffectSpec, hook) for hook in on_pile
        )
        super().__init_subclass__(**kwargs)  # the declaration goes on the menu
        if cls.name:
            unit = MENU[cls.name]
            assert isinstance(unit, EffectSpec)
            UNITS[cls.name] = unit

    # --- the engine ----------------------------------------------------------------------

    def aimed_at(self, r: Resolution, params: Params) -> int | None:
        """The seat this effect acts on: the chosen player's, or the next player's (``TARGET``:
        "next", ``Resolution.next_seat``), found by person as it resolves (an earlier effect
        of the card may have moved people, ruling 113); None when there is nobody."""
        if self.targeted and not self.needs_target(params):
            return r.next_seat()
        return r.chosen_seat()

    def times(self, r: Resolution, params: Params) -> int:
        """How often it happens in this play: once (R8), or once per copy (``PER_COPY``)."""
        if any(p.key == "count" for p in self.params) and self.arg(params, "count") == "per_copy":
            return r.copies
        return 1

    def names_allowed(self, params: Params) -> tuple[int, ...] | None:
        """The numbers a play of it may name (``names_value``), highest first; None: any of
        the variant's ranks (ruling 165)."""
        return None

    def brings_powers(self, params: Params) -> bool:
        """Whether a play of it that names a number (``names_value``) also does what a card of
        that number does in the variant (``powers``, ruling 169)."""
        return False

    def must_fit(self, params: Params) -> bool:
        """Whether a play of it that names a number (``names_value``) must go where a card of
        that number could (``fits``, ruling 170), rather than on anything."""
        return False

    def cancels_turn(self, params: Params) -> bool:
        """Whether a play of it may cancel what its player's earlier plays of the same turn
        did that still waits (a card that clears the pile, ruling 155): the engine then keeps
        how each turn began, as for a burn that does (ruling 148)."""
        return False

    def cancel_words(self, by: str) -> str:
        """The table's words where a play of it cancelled what ``by``'s turn did before."""
        return ""

    def copied_by_mirror(self, params: Params) -> bool:
        """Whether a mirror on a card with this effect does it again as it is played: the one
        place that decides (docs/rulings.md, ruling 45), from the unit's own ``copyable`` - a
        copy cannot name a chosen player."""
        return self.copyable and not self.needs_target(params)

    def target_must_be_in(self, params: Params) -> bool:
        """Whether the chosen player must still be in (an effect that acts on their turn)."""
        return False

    def lands_on(
        self, params: Params, card: Card, pile: PileView, variant: Variant
    ) -> Refusal | None:
        """Where a card carrying this effect may land (a house rule: "a 10 only on a 9 or
        lower"): asked by the one R5 check (``Pile.fit``) before wild cards and values, so the
        verdict, the legal steps, a blind face-down card, the advice and the bots all agree.
        It reads only the card and the pile's view; None: it may land."""
        return None

    def takes(self, params: Params, card: Card, pile: PileView, variant: Variant) -> Refusal | None:
        """While the card carrying this effect judges the pile (it lies on top, or under
        see-through cards), which cards may go on it (a house rule: "nothing but a 2 on it"):
        asked by the one R5 check right after the landing card's own ``lands_on``."""
        return None

    def on_top(self, params: Params, a: Arrival) -> None:
        """The card has just come to the top of the pile: played, moved there by Bottoms Up,
        copied by a mirror, or found there at the start.  What it carries over to the next play
        (a restriction, R5.4) is set here, so it belongs to the card on top however it came."""

    def resolve(self, r: Resolution, params: Params) -> None:
        """What happens when the card is played: moves change ``r.state``, flow changes are
        events on ``r`` (play again, where the turn continues from); what lasts beyond this
        step is the unit's own pending slice (``State.pending[name]``)."""

    def refuse_own(self, params: Params, ask: Proposal) -> Refusal | None:
        """A check on a play of a card that carries this effect (its own condition, e.g. "not as
        a last card"), made after the card is found to fit (R5); None: allowed."""
        return None

    def lets_in(self, params: Params, ask: Proposal) -> bool:
        """While a card with this effect lies on top of the pile, whether a player may make
        this play out of turn (R6.1 otherwise: only the mover steps).  The play is then judged
        as if it were theirs to make, and the turn passes on from them."""
        return False

    # --- what it leaves pending: its own slice of the state, ``State.pending[name]`` -------
    # The slice itself says what it means for the table (``Pending.restriction``, ``.due``,
    # ``.owed``, ``.free``) and when it lapses (``Pending.lapses``); the unit decides.

    def pending_zone(self, p: Pending, state: State, seat: int) -> ZoneName | None:
        """The zone this pending effect makes the player at ``seat`` play from now, instead of
        the order of R3 (None: it does not bind them)."""
        return None

    def refuse(self, p: Pending, ask: Proposal) -> Refusal | None:
        """The check this pending effect imposes on a proposed play (None: allowed)."""
        return None

    def refuse_chosen(
        self, p: Pending, state: State, variant: Variant, by: str, card: Card, to: str
    ) -> Refusal | None:
        """The check this pending effect imposes on the player a play of ``card`` by ``by``
        chooses (``to``), asked with the play's choices (R8): a reflection goes back to the one
        who flashed it (None: any player the card may choose)."""
        return None

    def refuse_pick_up(self, p: Pending, state: State, by: str) -> Refusal | None:
        """The check this pending effect imposes on picking up the pile (None: allowed)."""
        return None

    def takes_pile(self, p: Pending, state: State, by: str) -> str | None:
        """Who takes the pile when ``by`` picks it up while this slice lies, by name (None:
        ``by`` themself, R6.2).  The one filter then holds ``by`` to a play the table knows
        they have (they may pick up only when unable to play), and the turn stays with them:
        they start a new pile."""
        return None

    def leaves_on_pick_up(self, p: Pending, state: State, by: str) -> tuple[int, str]:
        """As ``by`` picks up the pile while this slice lies: how many cards off its top leave
        the game instead (a battle's own cards, ruling 164), and the table's words for it
        (0, "": none; the player takes the whole pile, R6.2)."""
        return 0, ""

    def settle(
        self,
        p: Pending,
        state: State,
        say: Callable[[str], None],
        by: str = "",
        card: Card | None = None,
        suit: str | None = None,
    ) -> tuple[str, int] | None:
        """Its slice has lapsed with a step that did not set it again (the player it binds did
        not answer it): what that leaves to do at once, before the turn passes - cards owed,
        drawn from the draw pile; a pile given away, taken or passed on.  ``by`` took the step,
        laying ``card`` (its last card) showing ``suit``; ``card`` None: a pick-up.  Returns
        (who, how many drawn), or None: nothing drawn."""
        return None

    def pass_over(self, p: Pending, state: State, who: str) -> tuple[bool, Pending | None]:
        """As play would pass to ``who``: whether they lose this turn (R8.6), and the slice
        after it (None: gone).  By default nobody is passed over."""
        return False, p

    def suited_cards(self, params: Params, variant: Variant) -> frozenset[Card]:
        """The number cards whose plays this effect reads with the suit they show (a demand
        answered only by the Jack of hearts, issue 42): listed and judged with each suit, and
        the tablet asks their suit.  By default none."""
        return frozenset()

    # --- the bots --------------------------------------------------------------------------

    def bot_score(self, state: State, pile_size: int) -> float | None:
        """How much a bot wants to spend a card with this effect instead of picking up (a card
        scores its best effect; None: this effect adds nothing)."""
        return None


UNITS: dict[str, EffectSpec] = {}


def needs_target(effect: str, params: Mapping[str, Any]) -> bool:
    """Whether this effect, with these parameters, needs a chosen player."""
    return UNITS[effect].needs_target(params)


def powers_of(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """What a card named as a number brings of a card of that number (``named_value``'s
    ``powers``, docs/rulings.md, ruling 169): the effects that happen as it is played
    (``resolve``) or that it carries over to the next play (``on_top``).  Not how it lies on the
    pile (what it counts, see-through, a mirror, one-time: ``traits``), what may go on it or
    where it may land, its checks on a play of it, nor a choice a play of it asks (a chosen
    player, a card given, a number named): the card named asked none of them."""
    brought = []
    for e in effects:
        unit = UNITS[e.name]
        kind = type(unit)
        does = kind.resolve is not EffectSpec.resolve or kind.on_top is not EffectSpec.on_top
        lies = kind.traits is not EffectSpec.traits or unit.leaves_game or unit.lasts_on_pile
        asks = unit.needs_target(e.params) or unit.gives_card or unit.names_value
        checks = kind.refuse_own is not EffectSpec.refuse_own or unit.limits_landing
        if does and not (lies or asks or checks):
            brought.append(e)
    return tuple(brought)


def named_does(variant: Variant, number: int) -> bool:
    """Whether a card named as ``number`` with ``powers`` (ruling 169) does anything a plain
    card of that number does not: a power brought (``powers_of``) or another count (a 2 that
    resets counts as nothing)."""
    effects = variant.effects_of(number)
    value = traits_of(effects, False).value
    return bool(powers_of(effects)) or (value is not None and value != number)
