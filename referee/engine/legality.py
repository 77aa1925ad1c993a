"""Legality: the one place that decides whether a step is allowed (R3-R8, R11.1).

``explain`` gives the verdict on a proposed step, ``hint`` says what the mover may do now, and
``legal_steps`` lists every legal step in full-information mode (the simulator's hot path, from
the per-variant tables in ``fast``).  Nothing here changes the game: a choice that depends on a
card's earlier effects is judged on a dry run (``Game._dry_run``).
"""

from __future__ import annotations

from collections.abc import Iterable

from referee import words
from referee.effects import Traits, first_zone
from referee.engine.parts import GameParts, strength, table_zone
from referee.engine.steps import (
    ZONE_WORDS,
    ZONES,
    PickUp,
    Play,
    Step,
    Verdict,
    range_words,
)
from referee.state import Seat, ZoneCards
from referee.variant.model import Card


class Legality(GameParts):
    """Verdicts, hints and the legal steps (R11.1)."""

    # --- legality ---------------------------------------------------------------------------

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
            return _no("R10.4", f"The game is over: {s.loser} lost. No more steps can be taken.")
        by = step.by
        if by not in s.names:
            return _no("R6.1", f"{by} is not playing in this game.", field="by")
        mover = s.names[s.turn]
        if by != mover:
            what = "play the table card that is due" if s.follow_up else "play or pick up now"
            return _no("R6.1", f"It is {mover}'s turn, not {by}'s: only {mover} may {what}.")
        if isinstance(step, PickUp):
            if s.follow_up:
                return _no(
                    "R8.3",
                    f"{by} must play a table card now (Play a Table Card); picking up is not allowed.",
                    self.hint(),
                )
            if not s.pile:
                return _no(
                    "R6.3",
                    f"The pile is empty, so there is nothing to pick up: {by} must play a card.",
                )
            return Verdict(True, "R6.2", f"{by} picks up the pile ({words.cards(len(s.pile))}).")

        cards = step.cards
        if not cards:
            return _no("R4.1", "A play needs at least one card.", field="play")
        for c in cards:
            if not v.is_card(c):
                return _no("R1.1", f"There is no card {c!r} in {v.name}.", field="play")
        card = cards[0]
        k = len(cards)
        if any(c != card for c in cards):
            return _no(
                "R4.1",
                "A play is one or more identical cards; "
                + ", ".join(v.card_name(c) for c in cards)
                + " are not all the same.",
                field="play",
            )
        if step.zone not in ZONES:
            return _no("R4.1", f"Cards come from hand, face_up or face_down, not {step.zone!r}.")
        seat = s.seats[s.turn]
        zone = seat.zone(step.zone)
        where = ZONE_WORDS[step.zone]
        if s.follow_up:
            due = table_zone(seat)
            if step.zone != due:
                return _no(
                    "R8.3",
                    f"After Play a Table Card, {by} plays from their {ZONE_WORDS[due]}, "
                    f"not from their {where}.",
                    self.hint(),
                )
        else:
            verdict = self._zone_order(by, seat, step.zone)
            if verdict is not None:
                return verdict
        if zone.count == 0:
            return _no("R4.3", f"{by} has no {where} left to play.", self.hint())
        if step.zone == "face_down" and k > 1:
            return _no("R4.2", "Face-down cards are played one at a time, turned over blind.")
        possible = self._possible(card, k, zone)
        if possible < k:
            return _no("R4.3", self._impossible_words(by, card, k, zone, where))

        t = self._traits[card]
        verdict = self._check_choices(step, t, card)
        if verdict is not None:
            return verdict
        if s.follow_up:
            return Verdict(True, "R8.3", f"{by} plays a table card; any value may go.")
        if step.zone == "face_down":
            if self._fits(card)[0]:
                return Verdict(True, "R7.5", f"The face-down {v.card_name(card)} may go there.")
            return Verdict(
                True, "R7.5", f"The face-down {v.card_name(card)} does not fit: {by} picks up."
            )
        ok, rule, why = self._fits(card)
        if not ok:
            return _no(rule, f"{why}", f"{self.hint()}")
        return Verdict(True, rule, why)

    def _zone_order(self, by: str, seat: Seat, zone: str) -> Verdict | None:
        """R3: hand, then face-up (draw pile gone), then face-down."""
        s = self.state
        if zone == "hand":
            return None
        if seat.hand.count:
            rule = "R3.2" if zone == "face_up" else "R3.3"
            return _no(rule, f"{by} must play their hand cards first.", self.hint())
        if s.draw_pile:
            rule = "R3.2" if zone == "face_up" else "R3.3"
            return _no(
                rule,
                f"Table cards are played only once the draw pile is empty "
                f"({s.draw_pile} cards left).",
                self.hint(),
            )
        if zone == "face_down" and seat.face_up.count:
            return _no("R3.3", f"{by} must play their face-up cards first.", self.hint())
        return None

    def _possible(self, card: Card, k: int, zone: ZoneCards) -> int:
        return zone.known.get(card, 0) + min(zone.unknown, max(self.unseen(card), 0))

    def _impossible_words(
        self, by: str, card: Card, k: int, zone: ZoneCards, where: str, verb: str = "have"
    ) -> str:
        name = self.variant.card_name(card)
        known = zone.known.get(card, 0)
        copies = self._copies[card]
        unseen = max(self.unseen(card), 0)
        elsewhere = copies - unseen - known
        return (
            f"{by} cannot {verb} {words.copies(k, name)} from their {where}: of the {copies} copies, "
            f"{known} {'is' if known == 1 else 'are'} known to be there, {elsewhere} "
            f"{'has' if elsewhere == 1 else 'have'} been seen elsewhere (pile, other players or "
            f"out of play), and {where} {'holds' if where == 'hand' else 'hold'} only "
            f"{zone.unknown} unknown card{'s' if zone.unknown != 1 else ''} "
            f"for the {unseen} unseen."
        )

    def _check_choices(self, step: Play, t: Traits, card: Card) -> Verdict | None:
        """The chosen player (`to`) and the given card (`give`), R8."""
        s = self.state
        name = self.variant.card_name(card)
        rule = self._card_rule(card, t)
        if t.needs_target:
            if step.to is None:
                return _no(
                    rule,
                    f"{name} needs a chosen player: say who it is for (to).",
                    field="to",
                )
            if step.to not in s.names:
                return _no(rule, f"{step.to} is not playing in this game.", field="to")
            if step.to == step.by:
                return _no(rule, f"{name} is played on another player, not yourself.", field="to")
            if self._skips_chosen(card) and not s.is_in(s.seat_of(step.to)):
                return _no("R8.6", f"{step.to} is out, so they have no turn to lose.", field="to")
        elif step.to is not None:
            return _no(rule, f"{name} does not choose a player; leave out 'to'.", field="to")
        if step.give is not None:
            if not t.takes_give:
                return _no(rule, f"{name} gives no card; leave out 'give'.", field="give")
            if not self.variant.is_card(step.give):
                return _no("R1.1", f"There is no card {step.give!r} in this variant.", field="give")
            # The card given is chosen in order of play (R8.9) from what the giver holds when
            # Give a Card resolves: after the play and the card's earlier effects.
            with self._dry_run(step, "give_card") as reached:
                seat = self.state.seats[s.turn]
                zone_name = first_zone(seat) if reached else None
                if zone_name is not None:
                    zone = seat.zone(zone_name)
                    if self._possible(step.give, 1, zone) < 1:
                        return _no(
                            "R4.3",
                            self._impossible_words(
                                step.by, step.give, 1, zone, ZONE_WORDS[zone_name], verb="give"
                            ),
                            field="give",
                        )
        return None

    def _skips_chosen(self, card: Card) -> bool:
        return any(
            e.name == "skip" and e.params.get("target", "chosen") == "chosen"
            for e in self.variant.effects_of(card)
        )

    def _card_rule(self, card: Card, t: Traits) -> str:
        """The rule a card's verdicts cite: the variant's own, else its effects' (R8/R9)."""
        if isinstance(card, str) and self._karma_rule.get(card):
            return self._karma_rule[card]
        if isinstance(card, int):
            return "R5.5"
        return t.rules[-1] if t.rules else "R8"

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
        """The yes/no of ``_fits`` with the top's value given: the simulator's fast path."""
        t = self._traits[card]
        if t.wild:
            return True
        r = self.state.restriction
        if r is not None:
            lo, hi = r
            return (
                isinstance(card, int) and (lo is None or card >= lo) and (hi is None or card <= hi)
            )
        return value is None or (isinstance(card, int) and card >= value)

    def _fits(self, card: Card) -> tuple[bool, str, str]:
        """Whether a card may go on the pile now (R5), with the rule and plain words."""
        s = self.state
        t = self._traits[card]
        name = self.variant.card_name(card)
        r = s.restriction
        if r is not None:
            if t.wild:
                return True, "R5.3", f"{name} is wild: it may go on anything."
            lo, hi = r
            if isinstance(card, int) and (lo is None or card >= lo) and (hi is None or card <= hi):
                return True, "R5.4", f"{name} is allowed by the restriction."
            restrictor = self._top_card()
            rule = self._card_rule(restrictor, self._traits[restrictor]) if restrictor else "R5.4"
            after = self.variant.card_name(restrictor) if restrictor is not None else "that card"
            return (
                False,
                rule,
                f"After {after}, {s.names[s.turn]} must play {range_words(r)} "
                f"or a Karma card — {name} does not fit.",
            )
        if t.wild:
            return True, "R5.3", f"{name} is wild: it may go on anything."
        value = self.top_value()
        if value is None:
            return True, "R5.1", f"The pile is empty: {name} may start it."
        if isinstance(card, int) and card >= value:
            return True, "R5.2", f"{name} on {self._top_words()}: equal or higher."
        return (
            False,
            "R5.2",
            f"{name} is lower than {self._top_words()}: play {value} or higher.",
        )

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

    def hint(self) -> str:
        """What the player to move may do now, in plain words (R11.2)."""
        s = self.state
        if s.over:
            return f"The game is over: {s.loser} lost." if s.loser else "The game is over."
        who = s.names[s.turn]
        seat = s.seats[s.turn]
        if s.follow_up:
            zone = table_zone(seat)
            return f"{who} must now play from their {ZONE_WORDS[zone]} — any value may go."
        zone = self._playable_zone(seat)
        src = {
            "hand": "from their hand",
            "face_up": "from their face-up cards",
            "face_down": "with a face-down card (blind)",
        }[zone]
        if s.restriction is not None:
            what = f"{range_words(s.restriction)}, or a Karma card,"
        else:
            value = self.top_value()
            if value is None or value <= self.variant.ranks_low:
                what = "any card"
            else:
                what = f"{value} or higher, or a Karma card,"
        special = [
            self.variant.card_name(c)
            for c, t in self._traits.items()
            if t.wild and isinstance(c, int)
        ]
        if special and "any card" not in what:
            what = what.rstrip(",") + " (or " + ", ".join(special) + "),"
        pick = " — or pick up the pile." if s.pile else "."
        return f"{who} may play {what} {src}{pick}"

    def _playable_zone(self, seat: Seat) -> str:
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
        by = s.names[s.turn]
        seat = s.seats[s.turn]
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
                only_in = self._skips_chosen(card)
                targets = [
                    n
                    for i, n in enumerate(s.names)
                    if i != s.turn and (not only_in or s.seats[i].total)
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
        with self._dry_run(step, "give_card") as reached:
            give_from = first_zone(self.state.seats[self.state.turn]) if reached else None
            if give_from is None:
                return [None]
            zone = self.state.seats[self.state.turn].zone(give_from)
            if give_from == "face_down":
                assert zone.order is not None
                return [zone.order[-1]]
            return [*sorted(zone.known, key=strength)]


def _no(rule: str, message: str, instead: str = "", field: str | None = None) -> Verdict:
    return Verdict(False, rule, message, instead, field)
