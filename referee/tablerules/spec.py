"""What a table-rule unit is: its declaration for the variant file (``referee.variant.table``)
and its hooks into the engine, each optional, the way an effect's ``lets_in`` and ``pass_over``
are (``referee.effects.spec.EffectSpec``).

The engine (``referee.engine.legality.Rules``, ``referee.engine.game.Game``) asks the rules a
variant sets (``referee.tablerules.active``) at these points, and never a rule by its name:

- ``refuse_pick_up``: a check on picking up the pile ("must play if able");
  ``plays_close_pick_up``: with full information, a legal play listed closes the pick-up.
- ``refuse_play`` with ``checks``: a check on plays of some cards, made after the card is found
  to fit (R5), as a card's own effects check it (``refuse_own``).
- ``zone`` with ``refuse_from_zone``, ``zone_card`` and ``hint``: a place a play may come from
  besides the player's own zones (the draw pile's top card, turned over blind, R7.5).
- ``takes_face_up``: whether a pick-up takes a face-up card along; ``takes_several``: whether
  the other face-up cards of its rank may come with it.
- ``first_seat`` and ``setup_question``: who starts, and what the table is asked at setup;
  ``first_zone``: the zone the game's first play comes from, where R3's order does not say.
- ``goes_on`` with ``goes_on_words``: after a play, whether its player may go on at once with
  the same card, out of turn, from which zone and with how many copies.
- ``burner_plays_again``: whether the player whose play burned the pile plays again (R7.4).
- ``completes_run``: whether a player may lay the cards that complete a burn out of turn.
- ``powers_before_burn``: whether a play that burns does its powers first (R7.2: none).
- ``burn_cancels_turn``: whether a burn cancels what the burner's earlier plays of the same
  turn did that still waits (turns to lose, the direction, a mode that lasts).
- ``refuse_equal``: asked by the one R5 check where a number would go on the same value (R5.2).
- ``rest_dealt``: each hand's share of the cards left after the deal, where they go to the
  hands instead of making the draw pile (R2.1), and how many are put aside.
- ``set_up`` with ``draw_set_up`` and ``told_unasked``: the rule's part of the set-up (R2),
  asked in the order of R2's steps: at a table, the check of what the table told for it (its
  ``told``: the card turned up to start the pile, the cards each player threw in, the
  starting card the starter holds) and the table set up by it; with full information, the
  same drawn from the deal; and why nothing is told where a variant does not set the rule.
- ``shortest_run`` with ``refuse_run``: a play of cards of consecutive ranks (a run), the
  fewest cards it holds and the check of its cards (R4.1: cards of one rank only).
- ``opening_order``: the cards of a suit that say who starts, in order (the holder of the first
  held opens the game with it, ruling 167), as the New game page asks who holds them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from referee.effects.base import Proposal, Refusal
from referee.table.setup import SetUp
from referee.table.state import Seat, State, ZoneCards, ZoneName
from referee.variant.model import Card, Variant
from referee.variant.table import TableRuleDecl


class Referee(Protocol):
    """What a table rule may ask of the rule checks (``referee.engine.legality.Rules``)."""

    variant: Variant

    def unseen(self, s: State, card: Card) -> int: ...

    def possible(self, s: State, card: Card, zone: ZoneCards) -> int: ...

    def known_plays(self, s: State, by: str) -> tuple[Card, ...] | None:
        """The cards the mover is known to hold in the zone due that may go now (() for a
        face-down card, which may always be turned over), or None when they hold none."""
        ...

    def could_pick_up(self, s: State, by: str) -> bool:
        """Whether the pile may be picked up now, the table's own rules aside."""
        ...


class TableRule(TableRuleDecl):
    """A table rule with its hooks into the engine; every hook has a default that does
    nothing, and the engine asks only the hooks a unit has."""

    rule: ClassVar[str] = "R6.2"  # the rule book's rule it changes (its verdicts cite it)
    zone: ClassVar[str] = ""  # a place plays may come from besides the player's own zones
    plays_close_pick_up: ClassVar[bool] = False

    def has(self, hook: str) -> bool:
        """Whether this unit does something at ``hook`` (it overrides it)."""
        return getattr(type(self), hook) is not getattr(TableRule, hook)

    def refuse_pick_up(self, ref: Referee, s: State, by: str) -> Refusal | None:
        """The check this rule makes on picking up the pile (None: allowed)."""
        return None

    def checks(self, card: Card, variant: Variant) -> bool:
        """Whether ``refuse_play`` may refuse plays of this card (the others keep their fast
        path through the legal steps)."""
        return False

    def refuse_play(self, ask: Proposal) -> Refusal | None:
        """The check this rule makes on a play of a card it ``checks``, once it fits (R5)."""
        return None

    def refuse_from_zone(
        self, ref: Referee, s: State, by: str, card: Card, k: int
    ) -> Refusal | None:
        """The check on a play from this rule's ``zone`` (asked also where the variant does not
        set the rule, to say so); None: judged as a blind card (R7.5)."""
        return None

    def zone_card(self, s: State) -> Card | None:
        """With full information, the card a play from ``zone`` would turn over now."""
        return None

    def hint(self, ref: Referee, s: State) -> dict[str, Any]:
        """What the mover may do now because of this rule, as facts of the hint
        (``referee.words.reasons.HintFacts``)."""
        return {}

    def takes_face_up(self, ref: Referee, s: State) -> bool:
        """Whether the mover who picks up now also takes a face-up card into the hand."""
        return False

    def takes_several(self) -> bool:
        """Where a face-up card is taken with the pile: whether more face-up cards of its rank
        may come with it (ruling 108: one card)."""
        return False

    def first_seat(self, variant: Variant, seats: Sequence[Seat]) -> int | None:
        """With full information, the seat that starts (None: the first listed, R2.3)."""
        return None

    def first_zone(self, variant: Variant, seat: Seat) -> ZoneName | None:
        """The zone the first play of a fresh deal comes from, made by the player at ``seat``
        (the starter), where this rule opens another than R3's (None: R3's order)."""
        return None

    def goes_on(
        self, ref: Referee, s: State, seat: Seat, card: Card, held: tuple[int, int]
    ) -> tuple[ZoneName, int] | None:
        """After a play from the hand that lies on top and the turn passed on: whether its
        player may go on at once with the same card, out of turn - from which zone, and at
        most how many copies.  ``held``: the copies of the card and the unknown cards in the
        hand before the play (what was drawn since can be told apart)."""
        return None

    def goes_on_words(self, by: str, card: str, next_player: str) -> str:
        """The table's words when ``goes_on`` lets a player go on."""
        return ""

    def refuse_equal(self, by: str, card: str, top: str) -> Refusal | None:
        """The check on a number played on the same value, which R5.2 allows (None: it may
        go); ``card`` and ``top`` are their names as the verdict says them."""
        return None

    def burner_plays_again(self) -> bool:
        """Whether the player whose play burned the pile plays again (R7.4: they do)."""
        return True

    def completes_run(self, run: int, k: int, variant: Variant) -> bool:
        """Whether ``k`` copies of the card on top, laid out of turn on a run of ``run`` of it,
        may go (they complete a burn); asked only where runs across plays burn (R7.1)."""
        return False

    def powers_before_burn(self) -> bool:
        """Whether a play that burns the pile does its powers first (R7.2: it has no other
        effect)."""
        return False

    def burn_cancels_turn(self) -> bool:
        """Whether a burn made in turn cancels what the burner's earlier plays of that turn
        did that still waits: the turns players were to lose, the direction of play, a mode
        that lasts (R7.2: only the burning play's own powers lapse)."""
        return False

    def cancel_words(self, by: str) -> str:
        """The table's words when ``burn_cancels_turn`` cancelled something of ``by``'s turn."""
        return ""

    def rest_dealt(self, players: int, left: int) -> tuple[int, int] | None:
        """Where the ``left`` cards after the deal are dealt out to the ``players`` hands
        instead of making the draw pile (R2.1: they make it; None): each hand's share, the same
        for all, and how many are put aside, out of play."""
        return None

    def set_up(self, t: SetUp) -> None:
        """At a fresh deal at a table (``Game.deal``), before the first play: check what the
        table told for this rule (``t.told``, the field ``told``; a ``SetupError`` names that
        field) and set the table up by it (``t.state``).  Asked in the order of the rule
        book's set-up steps the rules change (``referee.tablerules.SETTING_UP``)."""

    def draw_set_up(self, t: SetUp) -> None:
        """With full information (``Game.shuffled``: every card known, ``t.rng`` given), where
        ``set_up`` is asked at a table: make this rule's set-up from the deal itself, writing
        into ``t.told`` what a table would have told."""

    def told_unasked(self, t: SetUp) -> str:
        """Why nothing is told for this rule's ``told`` at the deal ``t`` of a variant that does
        not set the rule (asked of the first rule that asks it, ``referee.tablerules.TOLD``); a
        ``SetupError`` at that field."""
        return ""

    def shortest_run(self, variant: Variant) -> int:
        """The fewest cards of consecutive ranks a play may hold as a run (0: no runs, R4.1)."""
        return 0

    def refuse_run(self, variant: Variant, cards: Sequence[Card], by: str) -> Refusal | None:
        """The check of a run's own cards, where ``shortest_run`` allows runs (None: a run)."""
        return None

    def opening_order(self, variant: Variant) -> tuple[tuple[int, str], ...]:
        """The starting cards, each a rank and a suit, in the order the table asks who holds
        them: the holder of the first held in a hand starts and opens with it (ruling 167);
        (): no such rule."""
        return ()
