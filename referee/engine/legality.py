"""Legality: the one place that decides whether a step is allowed (R3-R8, R11.1).

``explain`` gives the verdict on a proposed step, ``hint`` says what the mover may do now, and
``legal_steps`` lists every legal step in full-information mode (the simulator's hot path, from
the per-variant tables in ``fast``).  Nothing here changes the game: a choice that depends on a
card's earlier effects is judged on a dry run (``Game._dry_run``).

Verdicts are decided here as a rule, a reason code and its data; ``referee.wording`` turns them
into words.  Every illegal verdict carries, as ``instead``, what the mover may do now.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee import wording
from referee.effects import Traits, first_zone
from referee.engine.parts import GameParts, strength, table_zone
from referee.engine.steps import ZONES, PickUp, Play, Step, Verdict
from referee.reasons import (
    CardFacts,
    Count,
    Facts,
    FollowUpZone,
    GameOver,
    HintFacts,
    Holding,
    InZone,
    MixedCards,
    NoFacts,
    NotYourTurn,
    OnTop,
    Place,
    Played,
    Reason,
    Restricted,
    Target,
    TooLow,
    UnknownCard,
    Who,
)
from referee.state import Restriction, Seat, ZoneCards, ZoneName
from referee.variant.model import Card


class Legality(GameParts):
    """Verdicts, hints and the legal steps (R11.1)."""

    # --- verdicts -----------------------------------------------------------------------------

    def _yes(self, rule: str, reason: Reason, facts: Facts) -> Verdict:
        return Verdict(
            True, rule, wording.verdict_message(reason, facts, self._voice), "", None, reason, facts
        )

    def _no(self, rule: str, reason: Reason, facts: Facts, field: str | None = None) -> Verdict:
        """An illegal verdict, with what the mover may do instead (R11.1)."""
        return Verdict(
            False,
            rule,
            wording.verdict_message(reason, facts, self._voice),
            wording.GAME_IS_OVER if self.state.over else self.hint(),
            field,
            reason,
            facts,
        )

    def unseen(self, card: Card) -> int:
        """Copies of a card the table has not seen anywhere (R4.3)."""
        return self._copies.get(card, 0) - self.state.seen.get(card, 0)

    def is_legal(self, step: Step) -> bool:
        return self.explain(step).legal

    def explain(self, step: Step) -> Verdict:
        """The verdict on a proposed step, citing RULES.md (R11.1). Changes nothing."""
        s = self.state
        v = self.variant
        if s.over:
            return self._no("R10.4", Reason.GAME_OVER, GameOver(s.loser))
        by = step.by
        if by not in s.names:
            return self._no("R6.1", Reason.NOT_PLAYING, Who(by), field="by")
        mover = s.names[s.mover]
        if by != mover:
            return self._no("R6.1", Reason.NOT_YOUR_TURN, NotYourTurn(by, mover, s.follow_up))
        if isinstance(step, PickUp):
            if s.follow_up:
                return self._no("R8.3", Reason.PICK_UP_IN_FOLLOW_UP, Who(by))
            if not s.pile:
                return self._no("R6.3", Reason.PICK_UP_EMPTY, Who(by))
            return self._yes("R6.2", Reason.PICK_UP, Count(by, len(s.pile)))

        cards = step.cards
        if not cards:
            return self._no("R4.1", Reason.NO_CARDS, NoFacts(), field="play")
        for c in cards:
            if not v.is_card(c):
                return self._no("R1.1", Reason.NO_SUCH_CARD, UnknownCard(c), field="play")
        card = cards[0]
        k = len(cards)
        if any(c != card for c in cards):
            names = tuple(v.card_name(c) for c in cards)
            return self._no("R4.1", Reason.MIXED_CARDS, MixedCards(names), field="play")
        if step.zone not in ZONES:
            return self._no("R4.1", Reason.NO_SUCH_ZONE, InZone(by, step.zone), field="zone")
        seat = s.seats[s.mover]
        zone = seat.zone(step.zone)
        if s.follow_up:
            due = table_zone(seat)
            if step.zone != due:
                return self._no("R8.3", Reason.FOLLOW_UP_ZONE, FollowUpZone(by, due, step.zone))
        else:
            verdict = self._zone_order(by, seat, step.zone)
            if verdict is not None:
                return verdict
        if zone.count == 0:
            return self._no("R4.3", Reason.ZONE_EMPTY, InZone(by, step.zone))
        if step.zone == "face_down" and k > 1:
            return self._no("R4.2", Reason.ONE_FACE_DOWN, NoFacts())
        if self._possible(card, k, zone) < k:
            facts = self._holding(by, card, k, step.zone)
            return self._no("R4.3", Reason.CANNOT_HOLD, facts)

        t = self._traits[card]
        verdict = self._check_choices(step, t, card)
        if verdict is not None:
            return verdict
        if s.follow_up:
            return self._yes("R8.3", Reason.FOLLOW_UP_PLAY, Who(by))
        name = v.card_name(card)
        if step.zone == "face_down":
            if self._fits_ok(card, self.top_value()):
                return self._yes("R7.5", Reason.FACE_DOWN_FITS, Played(by, name))
            return self._yes("R7.5", Reason.FACE_DOWN_MISSES, Played(by, name))
        return self._fits(card)

    def _zone_order(self, by: str, seat: Seat, zone: str) -> Verdict | None:
        """R3: hand, then face-up (draw pile gone), then face-down."""
        s = self.state
        if zone == "hand":
            return None
        rule = "R3.2" if zone == "face_up" else "R3.3"
        if seat.hand.count:
            return self._no(rule, Reason.HAND_FIRST, Who(by))
        if s.draw_pile:
            return self._no(rule, Reason.DRAW_PILE_FIRST, Count(by, s.draw_pile))
        if zone == "face_down" and seat.face_up.count:
            return self._no("R3.3", Reason.FACE_UP_FIRST, Who(by))
        return None

    def _possible(self, card: Card, k: int, zone: ZoneCards) -> int:
        return zone.known.get(card, 0) + min(zone.unknown, max(self.unseen(card), 0))

    def _holding(
        self, by: str, card: Card, k: int, zone_name: ZoneName, verb: str = "play"
    ) -> Holding:
        """The facts of an R4.3 verdict: where every seen copy of the card is."""
        s = self.state
        zone = s.seats[s.seat_of(by)].zone(zone_name)
        places: list[Place] = []
        on_pile = s.pile.count(card)
        if on_pile:
            places.append(Place("pile", on_pile))
        located = on_pile
        for name, seat in zip(s.names, s.seats, strict=True):
            for zn in ZONES:
                n = seat.zone(zn).known.get(card, 0)
                if n and not (name == by and zn == zone_name):
                    places.append(Place("zone", n, name, zn))
                    located += n
        known = zone.known.get(card, 0)
        out = s.seen.get(card, 0) - located - known
        if out > 0:
            places.append(Place("out", out))
        return Holding(
            by=by,
            card=self.variant.card_name(card),
            k=k,
            zone=zone_name,
            verb="give" if verb == "give" else "play",
            copies=self._copies.get(card, 0),
            possible=self._possible(card, k, zone),
            known=known,
            unknown=zone.unknown,
            count=zone.count,
            unseen=max(self.unseen(card), 0),
            places=tuple(places),
        )

    def _check_choices(self, step: Play, t: Traits, card: Card) -> Verdict | None:
        """The chosen player (`to`) and the given card (`give`), R8."""
        s = self.state
        name = self.variant.card_name(card)
        if t.needs_target:
            rule = self._card_rule(card, t.target_rule)
            named = CardFacts(name, card)
            if step.to is None:
                return self._no(rule, Reason.NEEDS_TARGET, named, field="to")
            target = Target(step.to, name, card)
            if step.to not in s.names:
                return self._no(rule, Reason.TARGET_NOT_PLAYING, target, field="to")
            if step.to == step.by:
                return self._no(rule, Reason.TARGET_SELF, named, field="to")
            if t.skips_chosen and not s.is_in(s.seat_of(step.to)):
                # The card's own rule when it has one (e.g. R8.12), else the skip's (R8.6).
                return self._no(rule, Reason.TARGET_OUT, target, field="to")
        elif step.to is not None:
            rule = self._card_rule(card, t.first_rule)
            return self._no(rule, Reason.NO_TARGET_WANTED, CardFacts(name, card), field="to")
        if step.give is not None:
            if t.give_effect is None:
                rule = self._card_rule(card, t.first_rule)
                return self._no(rule, Reason.NO_GIVE_WANTED, CardFacts(name, card), field="give")
            if not self.variant.is_card(step.give):
                return self._no("R1.1", Reason.NO_SUCH_GIVE, UnknownCard(step.give), field="give")
            # The card given is chosen in order of play (R8.9) from what the giver holds when
            # that effect resolves: after the play and the card's earlier effects.
            facts: Holding | None = None
            with self._dry_run(step, t.give_effect) as reached:
                seat = self.state.seats[s.mover]
                zone_name = first_zone(seat) if reached else None
                if zone_name is not None:
                    zone = seat.zone(zone_name)
                    if self._possible(step.give, 1, zone) < 1:
                        facts = self._holding(step.by, step.give, 1, zone_name, verb="give")
            if facts is not None:
                return self._no("R4.3", Reason.CANNOT_HOLD, facts, field="give")
        return None

    def _card_rule(self, card: Card, effect_rule: str | None = None) -> str:
        """The rule a card's verdict cites: R5.5 for a rank power; for a Karma card the variant's
        own (`rule:`), else the rule of the effect concerned (R8.x, R9), else R8."""
        return self.variant.rule_for(card, effect_rule)

    def restriction_of(self, card: Card) -> Restriction | None:
        """The restriction a card sets as it lands on top (R5.4), with the card that set it and
        the rule it cites (docs/rulings.md, ruling 2)."""
        t = self._traits[card]
        if t.restrict is None:
            return None
        lo, hi = t.restrict
        name = self.variant.card_name(card)
        return Restriction(lo, hi, card, name, self._card_rule(card, t.restrict_rule))

    def _top_card(self) -> Card | None:
        """The card that judges the next play: the top, seen through transparent cards."""
        for card in reversed(self.state.pile):
            if not self._traits[card].transparent:
                return card
        return None

    def top_value(self) -> int | None:
        """What the next play must equal or beat (R5.2, R5.4); None: anything may go."""
        card = self._top_card()
        if card is None:
            return None
        t = self._traits[card]
        if t.value is not None:
            return t.value
        return card if isinstance(card, int) else 0

    def _fits_ok(self, card: Card, value: int | None) -> bool:
        """Whether a card may go on the pile now, with the top's value given: the yes/no of
        ``_fits`` and the simulator's fast path."""
        t = self._traits[card]
        if t.wild:
            return True
        r = self.state.restriction
        if r is not None:
            return r.allows(card)
        return value is None or (isinstance(card, int) and card >= value)

    def _fits(self, card: Card) -> Verdict:
        """The verdict on a card going on the pile now (R5)."""
        s = self.state
        t = self._traits[card]
        name = self.variant.card_name(card)
        by = s.names[s.mover]
        r = s.restriction
        if t.wild:
            return self._yes("R5.3", Reason.WILD, Played(by, name))
        if r is not None:
            if self._fits_ok(card, None):
                return self._yes("R5.4", Reason.IN_RANGE, Restricted(by, name, r))
            # The restriction names the card that set it and its rule, also after that card
            # left the game (a one-time card) or lies under a see-through card.
            return self._no(r.rule, Reason.RESTRICTED, Restricted(by, name, r))
        value = self.top_value()
        if value is None:
            return self._yes("R5.1", Reason.EMPTY_PILE, Played(by, name))
        if isinstance(card, int) and card >= value:
            return self._yes("R5.2", Reason.HIGHER, OnTop(by, name, self._top_words()))
        return self._no("R5.2", Reason.TOO_LOW, TooLow(by, name, self._top_words(), value))

    def _top_words(self) -> str:
        top = self.top
        card = self._top_card()
        if card is None:
            return "an empty pile"
        value = self.top_value()
        name = self.variant.card_name(card)
        if top is not None and top != card:
            name = f"{name} (seen through {self.variant.card_name(top)})"
        if isinstance(card, str) or value != card:
            return f"{name}, which counts {value}"
        return name

    def hint_data(self) -> HintFacts:
        """The facts of what the player to move may do now (R11.2), for ``wording.hint``."""
        s = self.state
        if s.over:
            return HintFacts(over=True, loser=s.loser)
        seat = s.seats[s.mover]
        zone = table_zone(seat) if s.follow_up else self._playable_zone(seat)
        value = self.top_value()
        return HintFacts(
            over=False,
            who=s.names[s.mover],
            zone=zone,
            follow_up=s.follow_up,
            # No hand cards while a draw pile remains: the table cards wait (R3.2).
            locked=not s.follow_up and zone == "hand" and not seat.hand.count,
            restriction=s.restriction,
            value=value,
            pile=len(s.pile),
            chosen_player_cards=self._chosen_player_cards(seat.zone(zone), value, zone),
        )

    def _chosen_player_cards(
        self, zone: ZoneCards, value: int | None, name: ZoneName
    ) -> tuple[str, ...]:
        """The cards needing a chosen player (R8) that the mover may play now: they may hold
        one in the zone to play (R4.3) and it may go on the pile (any card in a follow-up, and
        a face-down card, turned over blind whether it fits or not: R7.5)."""
        found = []
        for card, t in self._traits.items():
            if (
                t.needs_target
                and self._possible(card, 1, zone) >= 1
                and (self.state.follow_up or name == "face_down" or self._fits_ok(card, value))
            ):
                found.append(self.variant.card_name(card))
        return tuple(found)

    def hint(self) -> str:
        """What the player to move may do now, in plain words (R11.2)."""
        return wording.hint(self.hint_data(), self._voice)

    def _playable_zone(self, seat: Seat) -> ZoneName:
        if seat.hand.count or self.state.draw_pile:
            return "hand"
        if seat.face_up.count:
            return "face_up"
        return "face_down"

    # --- full information -------------------------------------------------------------------

    def legal_steps(self) -> list[Step]:
        """Every legal step of the player to move (full-information mode only).

        The simulator's hot path: which cards fit comes from a per-variant table keyed by the
        top's value and the restriction, and the plays of a plain card are made once per
        (player, zone, card, copies) and reused."""
        if not self.full_information:
            raise RuntimeError("legal_steps needs full information (Game.shuffled)")
        s = self.state
        if s.over:
            return []
        by = s.names[s.mover]
        seat = s.seats[s.mover]
        steps: list[Step] = []
        zone_name = self.zone_to_play() or "hand"
        zone = seat.zone(zone_name)
        fast = self._fast
        if zone_name == "face_down":
            assert zone.order is not None
            candidates: Iterable[tuple[Card, int]] = [(zone.order[-1], 1)]
            fits: frozenset[Card] | None = None  # a blind card is played whether it fits or not
        else:
            candidates = zone.known.items()
            fits = None if s.follow_up else fast.fits(self, s.restriction)
        plain = fast.plain
        made = fast.plays_for(by, zone_name)
        for card, have in candidates:
            if fits is not None and card not in fits:
                continue
            if card in plain:  # the common case, kept fast
                lists = made.get(card)
                if lists is None or have >= len(lists):
                    lists = made[card] = [
                        [Play(by, (card,) * k, zone_name) for k in range(1, n + 1)]
                        for n in range(have + 1)
                    ]
                steps += lists[have]
                continue
            t = self._traits[card]
            targets: list[str | None] = [None]
            if t.needs_target:
                only_in = t.skips_chosen
                targets = [
                    n
                    for i, n in enumerate(s.names)
                    if i != s.mover and (not only_in or s.seats[i].total)
                ]
            for k in range(1, have + 1):
                for to in targets:
                    play = Play(by, (card,) * k, zone_name, to)
                    gifts = self._gift_choices(play) if t.takes_give else [None]
                    steps.extend(play._replace(give=give) for give in gifts)
        if s.pile and not s.follow_up:
            steps.append(fast.pickup(by))
        return steps

    def _gift_choices(self, step: Play) -> list[Card] | list[None]:
        """The cards a giver may hand over with this play, in order of play (R8.9), from what
        they hold when Give a Card resolves (a dry run of the card's earlier effects)."""
        with self._dry_run(step, self._traits[step.cards[0]].give_effect or "") as reached:
            give_from = first_zone(self.state.seats[self.state.mover]) if reached else None
            if give_from is None:
                return [None]
            zone = self.state.seats[self.state.mover].zone(give_from)
            if give_from == "face_down":
                assert zone.order is not None
                return [zone.order[-1]]
            return [*sorted(zone.known, key=strength)]
