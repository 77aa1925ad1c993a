"""The referee: explain a step (verdict), apply it (outcome), undo and redo.

``Game.explain`` is the one place that decides legality; the CLI, the app and the simulator
all call it (or ``push``, which calls it).  Applying a step mutates ``Game.state``; each push
keeps a copy of the state before it, so undo is exact and a step's cost depends on the size of
the table, never on how long the game has run.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import ClassVar

from referee import words
from referee.effects import Resolution, Traits, first_zone, resolve, traits_of
from referee.engine.steps import (
    ZONE_WORDS,
    ZONES,
    IllegalStep,
    Outcome,
    PickUp,
    Play,
    Position,
    SetupError,
    Step,
    Verdict,
    range_words,
)
from referee.state import Seat, State, ZoneCards
from referee.variant.model import Card, Variant


class Game:
    """A game at a physical table (or, in full-information mode, a simulated one)."""

    def __init__(
        self,
        variant: Variant,
        state: State,
        *,
        decks: int,
        full_information: bool = False,
        face_up: dict[str, tuple[Card, ...]] | None = None,
        start: Position | None = None,
        keep_history: bool = True,
    ) -> None:
        self.variant = variant
        self.state = state
        self.decks = decks
        self.full_information = full_information
        self.players: tuple[str, ...] = tuple(state.names)
        # How the game began, for exporting the record.
        self.initial_face_up = face_up
        self.start = start
        self.keep_history = keep_history
        self._traits: dict[Card, Traits] = {
            c: traits_of(variant.effects_of(c), isinstance(c, str)) for c in variant.all_cards()
        }
        self._copies = {c: variant.copies_per_deck(c) * decks for c in variant.all_cards()}
        self._karma_rule = {k.id: k.rule for k in variant.karma_cards}
        self._fast = _FastTables.of(variant, self._traits)
        self._done: list[tuple[Step, State, Outcome]] = []
        self._undone: list[Step] = []

    # --- setting up -------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        variant: Variant,
        players: Sequence[str],
        face_up: Mapping[str, Sequence[Card]] | None = None,
    ) -> Game:
        """A fresh deal at a physical table (R2): only the face-up cards can be known."""
        decks = _decks(variant, players)
        d = variant.deal
        chosen = {name: tuple(cards) for name, cards in (face_up or {}).items()}
        seen: dict[Card, int] = {}
        seats = []
        for name in players:
            if name in chosen:
                cards = chosen[name]
                if len(cards) != d.face_up:
                    raise SetupError(
                        f"{name} has {len(cards)} face-up cards; the deal gives {d.face_up}.",
                        f"face_up.{name}",
                    )
                up = ZoneCards()
                for c in cards:
                    _check_card(variant, c, f"face_up.{name}")
                    up.add_known(c)
                    seen[c] = seen.get(c, 0) + 1
            else:
                up = ZoneCards(unknown=d.face_up)
            seats.append(Seat(ZoneCards(unknown=d.hand), up, ZoneCards(unknown=d.face_down)))
        _check_copies(variant, decks, seen, "face-up ", "face_up")
        state = State(
            names=list(players),
            seats=seats,
            draw_pile=variant.deck_size(decks) - len(players) * d.per_player,
            seen=seen,
        )
        return cls(variant, state, decks=decks, face_up=chosen or None)

    @classmethod
    def from_position(cls, variant: Variant, players: Sequence[str], start: Position) -> Game:
        """A game joined under way (R2.4); unlisted cards are out of play and unseen."""
        decks = _decks(variant, players)
        if start.turn not in players:
            raise SetupError(f"{start.turn} is not one of the players.", "start.turn")
        seen: dict[Card, int] = {}
        for c in start.pile:
            _check_card(variant, c, "start.pile")
            seen[c] = seen.get(c, 0) + 1
        seats = []
        for name in players:
            up = ZoneCards()
            for c in start.face_up.get(name, ()):
                _check_card(variant, c, f"start.face_up.{name}")
                up.add_known(c)
                seen[c] = seen.get(c, 0) + 1
            seats.append(
                Seat(
                    ZoneCards(unknown=start.hand.get(name, 0)),
                    up,
                    ZoneCards(unknown=start.face_down.get(name, 0)),
                )
            )
        _check_copies(variant, decks, seen, "", "start")
        used = len(start.pile) + start.draw_pile + sum(s.total for s in seats)
        size = variant.deck_size(decks)
        if used > size:
            raise SetupError(f"the start needs {used} cards, but the deck has {size}.", "start")
        state = State(
            names=list(players),
            seats=seats,
            pile=list(start.pile),
            draw_pile=start.draw_pile,
            burned=size - used,
            seen=seen,
            turn=list(players).index(start.turn),
        )
        if not state.is_in(state.turn):
            raise SetupError(f"{start.turn} is to move but holds no card (R2.4).", "start.turn")
        if len(state.players_in()) < 2:
            raise SetupError("at least two players must hold cards (R2.4).", "start")
        game = cls(variant, state, decks=decks, start=start)
        top = game._top_card()
        if top is not None:  # the top card has just landed: its restriction binds (R5.4)
            state.restriction = game._traits[top].restrict
        return game

    @classmethod
    def shuffled(
        cls, variant: Variant, players: Sequence[str], seed: int, *, keep_history: bool = False
    ) -> Game:
        """Full-information mode: a seeded deal where every card is known (for simulation).

        Without ``keep_history`` (the simulator) a step keeps no undo copy and no words: its
        ``Outcome.messages`` is empty, the figures (burned, picked_up, ...) are all there.

        Each player keeps their highest cards face-up (Karma cards count highest).
        """
        decks = _decks(variant, players)
        rng = random.Random(seed)
        deck: list[Card] = []
        for c in variant.all_cards():
            deck.extend([c] * (variant.copies_per_deck(c) * decks))
        rng.shuffle(deck)
        d = variant.deal
        seats = []
        for _ in players:
            down = [deck.pop() for _ in range(d.face_down)]
            six = sorted((deck.pop() for _ in range(d.face_up + d.hand)), key=_strength)
            up, hand = six[len(six) - d.face_up :], six[: len(six) - d.face_up]
            seats.append(
                Seat(
                    _known(hand),
                    _known(up),
                    ZoneCards(_counts(down), order=list(down)),
                )
            )
        seen = {c: variant.copies_per_deck(c) * decks for c in variant.all_cards()}
        state = State(
            names=list(players),
            seats=seats,
            draw_pile=len(deck),
            seen=seen,
            draw_cards=deck,
        )
        face_up = {
            name: tuple(_sorted_cards(seat.face_up))
            for name, seat in zip(players, seats, strict=True)
        }
        return cls(
            variant,
            state,
            decks=decks,
            full_information=True,
            face_up=face_up,
            keep_history=keep_history,
        )

    # --- looking at the table ---------------------------------------------------------------

    @property
    def turn(self) -> str | None:
        """The player who steps next, or None once the game is over."""
        return None if self.state.over else self.state.names[self.state.turn]

    @property
    def loser(self) -> str | None:
        return self.state.loser

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def top(self) -> Card | None:
        return self.state.pile[-1] if self.state.pile else None

    def traits(self, card: Card) -> Traits:
        return self._traits[card]

    def unseen(self, card: Card) -> int:
        """Copies of a card the table has not seen anywhere (R4.3)."""
        return self._copies.get(card, 0) - self.state.seen.get(card, 0)

    def out(self) -> list[str]:
        s = self.state
        return [s.names[i] for i, seat in enumerate(s.seats) if not seat.total]

    def zone(self, player: str, zone: str) -> ZoneCards:
        s = self.state
        return s.seats[s.seat_of(player)].zone(zone)

    @property
    def history(self) -> list[tuple[Step, Outcome]]:
        return [(step, outcome) for step, _, outcome in self._done]

    @property
    def steps(self) -> list[Step]:
        return [step for step, _, _ in self._done]

    @property
    def step_count(self) -> int:
        return len(self._done)

    @property
    def last_outcome(self) -> Outcome | None:
        return self._done[-1][2] if self._done else None

    @property
    def undone(self) -> list[Step]:
        """The steps redo would bring back, the next one last."""
        return list(self._undone)

    def zone_to_play(self) -> str | None:
        """The zone the player to move plays from now (R3; R8.3 for a follow-up)."""
        s = self.state
        if s.over:
            return None
        seat = s.seats[s.turn]
        return _table_zone(seat) if s.follow_up else self._playable_zone(seat)

    def can_undo(self) -> bool:
        return bool(self._done)

    def can_redo(self) -> bool:
        return bool(self._undone)

    # --- legality ---------------------------------------------------------------------------

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
            due = _table_zone(seat)
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
            zone = _table_zone(seat)
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

    # --- applying ---------------------------------------------------------------------------

    def push(self, step: Step, *, trusted: bool = False) -> Outcome:
        """Apply a legal step; an illegal one raises IllegalStep and changes nothing.

        ``trusted`` skips the verdict for a step just taken from ``legal_steps()`` (simulation).
        """
        if not trusted:
            verdict = self.explain(step)
            if not verdict.legal:
                raise IllegalStep(verdict)
        before = self.state.copy() if self.keep_history else self.state
        outcome = self._apply(step)
        if self.keep_history:
            self._done.append((step, before, outcome))
            self._undone.clear()
        return outcome

    def pop(self) -> Step:
        """Undo the last step (R11.3)."""
        if not self._done:
            raise IndexError("nothing to undo")
        step, before, _ = self._done.pop()
        self.state = before
        self._undone.append(step)
        return step

    def redo(self) -> Outcome:
        """Redo the last undone step."""
        if not self._undone:
            raise IndexError("nothing to redo")
        step = self._undone.pop()
        undone = self._undone
        self._undone = []
        outcome = self.push(step)
        self._undone = undone
        return outcome

    def _apply(self, step: Step) -> Outcome:
        s = self.state
        # Who holds cards, by name (seats may change hands, R8.11); counts inlined: hot path.
        was_in = [
            n
            for n, z in zip(s.names, s.seats, strict=True)
            if z.hand.count or z.face_up.count or z.face_down.count
        ]
        origin = s.turn
        # Words only for a game that keeps its history: the simulator's are never read.
        notes: list[str] = [] if self.keep_history else _Mute()
        flow = _Flow()
        if isinstance(step, PickUp):
            flow.picked_up = self.state.pile_to_hand(origin)
            if self.keep_history:
                notes.append(f"{step.by} picks up the pile ({words.cards(flow.picked_up)}).")
        else:
            self._play(step, origin, notes, flow)
        self._finish(step.by, origin, notes, flow)
        now_in = [
            n
            for n, z in zip(s.names, s.seats, strict=True)
            if z.hand.count or z.face_up.count or z.face_down.count
        ]
        went_out: tuple[str, ...] = ()
        came_in: tuple[str, ...] = ()
        if now_in != was_in:
            before, after = set(was_in), set(now_in)
            went_out = tuple(n for n in s.names if n in before and n not in after)
            came_in = tuple(n for n in s.names if n in after and n not in before)
        for n in went_out:
            notes.append(f"{n} has no cards left: {n} is out.")
        for n in came_in:
            notes.append(f"{n} is back in the game.")
        hint = ""
        if s.over:
            notes.append(f"Game over: {s.loser} lost." if s.loser else "Game over.")
        elif self.keep_history:  # a simulation keeps no history and needs no advice
            hint = self.hint()
            notes.append(hint)
        # Positional, in Outcome's field order (a third of the cost of keywords: hot path);
        # tests/test_sim_fast.py checks the order.
        return Outcome(
            step,  # step
            tuple(notes),  # messages
            flow.burned,  # burned
            flow.removed,  # removed
            flow.picked_up,  # picked_up
            tuple(flow.draws),  # draws
            None if s.over else s.names[s.turn],  # next_player
            flow.play_again and not s.over and s.names[s.turn] == step.by,  # plays_again
            s.follow_up,  # follow_up
            s.restriction,  # restriction
            tuple(flow.skipped),  # skipped
            went_out,  # went_out
            came_in,  # came_in
            s.loser,  # loser
            hint,  # hint
        )

    def _play(
        self,
        step: Play,
        origin: int,
        notes: list[str],
        flow: _Flow,
        stop_at: str | None = None,
    ) -> Resolution | None:
        """Apply a play: the cards land (or leave), runs burn, then the card's effects resolve.

        Returns the resolution, or None when no effect resolved (a burn, a face-down card that
        does not fit, a card without effects).  ``stop_at`` stops before that effect (see ``_state_at``).
        """
        s = self.state
        v = self.variant
        card = step.cards[0]
        k = len(step.cards)
        t = self._traits[card]
        zone = s.seats[origin].zone(step.zone)
        revealed = zone.take(card, k)
        if revealed:
            s.see(card, revealed)
        follow_up = s.follow_up
        s.follow_up = False
        name = v.card_name(card)
        if self.keep_history:
            played = f"{step.by} plays {words.copies(k, name)}"
            if step.zone != "hand":
                played += f" from their {ZONE_WORDS[step.zone]}"
            notes.append(played + ".")
        if step.zone == "face_down" and not follow_up and not self._fits_ok(card, self.top_value()):
            s.pile.append(card)  # R7.5: it stays on the pile, which the player picks up
            flow.picked_up = self.state.pile_to_hand(origin)
            notes.append(
                f"It does not fit: {step.by} picks up the pile ({words.cards(flow.picked_up)})."
            )
            return None
        pending = s.restriction
        s.restriction = None
        if t.one_time:
            s.burned += k  # removed as it resolves: never on the pile, never in a run (R7.1)
            flow.removed += k
            notes.append(f"{name} leaves the game.")
        else:
            s.pile.extend(step.cards)
            if self._burns():
                self._burn(notes, flow)
                return None
            if t.transparent and pending is not None:
                s.restriction = pending  # it counts as the card beneath it (R9)
        effects = v.effects_of(card)
        if not effects:  # a plain card: it has landed on the pile, nothing resolves (hot path)
            return None
        r = Resolution(
            s,
            v,
            origin,
            card,
            target=s.seat_of(step.to) if step.to is not None else None,
            give=step.give,
        )
        if resolve(r, effects, stop_at):
            r.stopped = True
            return r
        notes.extend(r.notes)
        if r.landed and s.pile:
            # A card was moved onto the top (R8.4): runs and restrictions are judged on it
            # (unless a later effect of the same card cleared or gave the pile away).
            if self._burns():
                self._burn(notes, flow)
                return r
            s.restriction = self._traits[s.pile[-1]].restrict
        if not s.pile and s.restriction is not None:
            # R5.1 wins: any card may start an empty pile (docs/rulings.md, "A restriction on
            # an empty pile").  Without this a one-time restricting card could leave a player
            # with no legal step at all.
            s.restriction = None
            notes.append("The pile is empty, so any card may start it.")
        flow.play_again = r.play_again
        flow.follow_up = r.follow_up
        flow.continue_from = r.continue_from
        return r

    @contextmanager
    def _dry_run(self, step: Play, effect_name: str) -> Iterator[bool]:
        """Within the block, ``self.state`` is a copy on which the play has been applied up to
        just before ``effect_name`` of the played card; yields whether that effect is reached
        (not when the play burns, or a face-down card does not fit).  The real state is back
        afterwards, untouched: a choice is judged against what the effect will actually see."""
        saved = self.state
        self.state = saved.copy()
        try:
            r = self._play(step._replace(give=None), saved.turn, [], _Flow(), stop_at=effect_name)
            yield r is not None and r.stopped
        finally:
            self.state = saved

    def _burns(self) -> bool:
        """R7.1/R7.3: the top N cards on the pile are identical."""
        n = self.variant.burn
        pile = self.state.pile
        if len(pile) < n:
            return False
        return pile[-n:].count(pile[-1]) == n

    def _burn(self, notes: list[str], flow: _Flow) -> None:
        n = self.state.burn_pile()
        flow.burned = True
        flow.removed += n
        flow.play_again = True
        notes.append(f"That makes {self.variant.burn} in a row: the pile burns ({words.cards(n)})!")

    def _finish(self, by: str, origin: int, notes: list[str], flow: _Flow) -> None:
        """Turn logic (R6.4-R6.6, R8.3, R10): follow-up, play again, or pass with draws."""
        s = self.state
        me = s.seat_of(by)
        if flow.follow_up and s.seats[me].total and len(s.players_in()) > 1:
            s.follow_up = True
            s.turn = me
            notes.append(f"{by} now plays a table card (no drawing first).")
            return
        if flow.follow_up:
            notes.append("There is no card to follow up with.")
        self._draw(me, flow, notes)
        if self._check_end():
            return
        if flow.play_again and s.seats[me].total:
            s.turn = me
            notes.append(f"{by} plays again.")
            return
        start = flow.continue_from if flow.continue_from is not None else origin
        nxt = self._next_player(start, flow, notes)
        s.turn = nxt
        if nxt != me:
            self._draw(nxt, flow, notes)

    def _draw(self, seat: int, flow: _Flow, notes: list[str]) -> None:
        """R6.4: draw up to the minimum hand while the draw pile lasts."""
        s = self.state
        hand = s.seats[seat].hand
        need = self.variant.min_hand - hand.count
        if need <= 0 or not s.draw_pile:
            return
        n = min(need, s.draw_pile)
        s.draw_pile -= n
        if s.draw_cards is not None:
            for _ in range(n):
                hand.add_known(s.draw_cards.pop())
        else:
            hand.add_unknown(n)
        who = s.names[seat]
        flow.draws.append((who, n))
        notes.append(f"{who} draws {n}.")

    def _check_end(self) -> bool:
        """R10.2: the game ends as soon as only one player is in; that player loses."""
        s = self.state
        ins = s.players_in()
        if len(ins) > 1:
            return False
        s.over = True
        s.follow_up = False
        s.loser = s.names[ins[0]] if ins else None
        return True

    def _next_player(self, start: int, flow: _Flow, notes: list[str]) -> int:
        """R6.5 with R8.6: the next seat whose player is in, using up pending skips."""
        s = self.state
        n = len(s.seats)
        i = start
        while True:
            i = (i + s.direction) % n
            if not s.seats[i].total:
                continue
            who = s.names[i]
            left = s.skips.get(who, 0)
            if left:
                if left == 1:
                    del s.skips[who]
                else:
                    s.skips[who] = left - 1
                flow.skipped.append(who)
                notes.append(f"{who} loses this turn.")
                continue
            return i

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
            return [*sorted(zone.known, key=_strength)]


class _FastTables:
    """Per-variant tables for ``legal_steps`` (the simulator's hot path), made once per variant
    and shared by its games: the cards that fit for each (top value, restriction), and the
    plays of plain cards.  They are derived from ``_fits_ok``, so the rules live in one place."""

    __slots__ = ("variant", "plain", "plays", "pickups", "_fits")
    _last: ClassVar[_FastTables | None] = None  # the variant met last (a run plays one)

    def __init__(self, variant: Variant, traits: Mapping[Card, Traits]) -> None:
        self.variant = variant
        self.plain = frozenset(c for c, t in traits.items() if not (t.needs_target or t.takes_give))
        self.plays: dict[tuple[str, str], dict[Card, list[list[Step]]]] = {}
        self.pickups: dict[str, PickUp] = {}
        self._fits: dict[
            tuple[int | None, tuple[int | None, int | None] | None], frozenset[Card]
        ] = {}

    @classmethod
    def of(cls, variant: Variant, traits: Mapping[Card, Traits]) -> _FastTables:
        last = cls._last
        if last is None or last.variant is not variant:
            last = cls._last = cls(variant, traits)
        return last

    def plays_for(self, by: str, zone: str) -> dict[Card, list[list[Step]]]:
        """The plain cards' plays of ``by`` from ``zone``: card -> [plays of 1..n copies][n]."""
        found = self.plays.get((by, zone))
        if found is None:
            if len(self.plays) > 1024:  # many names over time (a long-lived process)
                self.plays.clear()
                self.pickups.clear()
            found = self.plays[by, zone] = {}
        return found

    def pickup(self, by: str) -> PickUp:
        found = self.pickups.get(by)
        if found is None:
            found = self.pickups[by] = PickUp(by)
        return found

    def fits(
        self, game: Game, restriction: tuple[int | None, int | None] | None
    ) -> frozenset[Card]:
        """The cards that may go on the pile now (R5), from the game's own ``_fits_ok``."""
        value = game.top_value()
        key = (value, restriction)
        found = self._fits.get(key)
        if found is None:
            found = self._fits[key] = frozenset(c for c in game._traits if game._fits_ok(c, value))
        return found


class _Mute(list[str]):
    """The notes of a game that keeps no history (the simulator): nothing is kept."""

    __slots__ = ()

    def append(self, note: str, /) -> None:
        pass

    def extend(self, notes: Iterable[str], /) -> None:
        pass


class _Flow:
    """Flow events gathered while a step resolves, applied by Game._finish."""

    __slots__ = (
        "play_again",
        "follow_up",
        "continue_from",
        "burned",
        "removed",
        "picked_up",
        "draws",
        "skipped",
    )

    def __init__(self) -> None:
        self.play_again = False
        self.follow_up = False
        self.continue_from: int | None = None
        self.burned = False
        self.removed = 0
        self.picked_up = 0
        self.draws: list[tuple[str, int]] = []
        self.skipped: list[str] = []


def _no(rule: str, message: str, instead: str = "", field: str | None = None) -> Verdict:
    return Verdict(False, rule, message, instead, field)


def _table_zone(seat: Seat) -> str:
    """R8.3: the follow-up comes from face-up, else face-down, else the hand."""
    if seat.face_up.count:
        return "face_up"
    if seat.face_down.count:
        return "face_down"
    return "hand"


def _decks(variant: Variant, players: Sequence[str]) -> int:
    if len(set(players)) != len(players):
        raise SetupError("every player needs a different name.", "players")
    decks = variant.decks_for(len(players))
    if decks is None:
        raise SetupError(
            f"{variant.name} is for {variant.min_players} to {variant.max_players} players, "
            f"not {len(players)}.",
            "players",
        )
    return decks


def _check_copies(
    variant: Variant, decks: int, seen: dict[Card, int], what: str, field: str
) -> None:
    """No more copies of a card on the table than the decks hold."""
    for c, n in seen.items():
        have = variant.copies_per_deck(c) * decks
        if n > have:
            raise SetupError(
                f"{n} {what}{variant.card_name(c)} cards, but the deck has only {have}.", field
            )


def _check_card(variant: Variant, card: Card, field: str) -> None:
    if not variant.is_card(card):
        raise SetupError(f"there is no card {card!r} in {variant.name}.", field)


def _counts(cards: Iterable[Card]) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _known(cards: Iterable[Card]) -> ZoneCards:
    return ZoneCards(_counts(cards))


def _strength(card: Card) -> tuple[int, int]:
    return (1, 0) if isinstance(card, str) else (0, card)


def _sorted_cards(zone: ZoneCards) -> list[Card]:
    return sorted((c for c, n in zone.known.items() for _ in range(n)), key=_strength)
