"""The referee's game: set the table up (R2) and apply a step (R4-R9).

A ``Game`` is made of parts it holds (as RLCard's games are), each behind a small interface
and each in its own module: the state (``referee.table.state.State``), what the pile allows
(``engine.pile.Pile``: the one R5 check), the one filter (``engine.legality.Rules``: judge,
kept to itself), the generator of every choice (``engine.choices.Choices``: the legal steps,
the table's choices), the advice (``engine.advice.Advice``: a verdict's words, the hint), the
turn flow (``engine.flow.TurnFlow``: draws, skips, the next player, the end) and the history
(``engine.history.History``, ``game.past``: undo, one redo stack).  The parts read and change
only the state they are handed; the history alone sets the game back (undo).  A caller asks the
part itself (``game.choices``, ``game.advice``, ``game.past``): the game keeps only setting up,
a look at the table, the filter's yes or no, and push.  This module deals and applies: cards land or leave, runs burn, a card's
effects resolve (``referee.effects``) and raise flow events that the turn flow then applies;
what an effect leaves pending lapses when its unit says so.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence

from referee.effects import EFFECTS, Arrival, Resolution, Traits, arrive, resolve
from referee.engine.advice import Advice
from referee.engine.choices import Choices
from referee.engine.events import MUTE, Flow
from referee.engine.fast import SETTLING_UNITS
from referee.engine.flow import TurnFlow
from referee.engine.history import History
from referee.engine.legality import Rules, pile_sent_to
from referee.engine.parts import strength
from referee.engine.pile import Pile
from referee.engine.steps import (
    DRAW_PILE,
    IllegalStep,
    Outcome,
    PickUp,
    Play,
    Position,
    SetupError,
    Step,
    Told,
)
from referee.table.setup import SetUp, check_card, check_copies
from referee.table.state import (
    GoingOn,
    Pending,
    Restriction,
    Seat,
    State,
    TurnStart,
    ZoneCards,
    ZoneName,
)
from referee.tablerules import SETTING_UP, TOLD, active
from referee.variant import core
from referee.variant.conditions import Moment, holds
from referee.variant.model import Card, Effect, Variant
from referee.words import sentences


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
        told: Told | None = None,
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
        # What the table did at set-up: a turned-up card, the cards thrown in (rulings 156, 159).
        self.told = told if told else None
        self.keep_history = keep_history
        # The parts (each for any state given): what the pile allows, the one filter, the
        # generator of every choice, and the advice that words them.
        pile = self.pile = Pile(variant)
        self._rules = Rules(pile, decks, full_information=full_information, state_at=self._state_at)
        self.choices = Choices(self._rules)
        self.advice = Advice(self._rules, self.choices)
        self.flow = TurnFlow(variant)
        self.past = History(self)
        self._traits: dict[Card, Traits] = pile.fast.traits
        self._effects = pile.fast.effects  # each card's effects, read by every play
        self._unresolved = pile.fast.unresolved  # what a dry run may stop at, nothing resolved
        self._burn_run = variant.burn  # how many identical cards burn (R7.1), read by every play
        # Table rules that let a player go on at once after a play (rulings 110-111).
        self._going_on = [u for u in self._rules.table if u.has("goes_on")]
        # Whether a burn gives its player another turn (R7.4), or a table rule passes it on.
        self._burner_again = all(u.burner_plays_again() for u in self._rules.table)
        # Whether a run built up over several plays burns (R7.1), or only one play of N (R7.3).
        self._runs = all(u.runs_across_plays() for u in self._rules.table)
        # The cards whose burning plays do their powers first (a table rule, ruling 143; R7.2:
        # none - a play that burns has no other effect).
        first = any(u.powers_before_burn() for u in self._rules.table)
        self._burn_later = frozenset(c for c, e in self._effects.items() if first and e)
        # A table rule (ruling 148): a burn cancels what the turn's earlier plays did; the
        # turn as it began, while a step in turn is applied (None: nothing to cancel).
        self._cancelling = [u for u in self._rules.table if u.burn_cancels_turn()]
        # A card that clears the pile and cancels the turn's earlier powers too (ruling 155):
        # each turn's start is kept as for the table rule.
        clears = any(
            EFFECTS[e.name].cancels_turn(e.params) for c in self._effects.values() for e in c
        )
        self._turns = bool(self._cancelling) or clears
        self._turn_began: TurnStart | None = None

    # --- setting up -------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        variant: Variant,
        players: Sequence[str],
        face_up: Mapping[str, Sequence[Card]] | None = None,
        told: Told | None = None,
    ) -> Game:
        """A fresh deal at a physical table (R2): only the face-up cards can be known, and what
        the table did at set-up as ``told`` (the card turned up to start the pile, ruling 156;
        the cards each player threw in, ruling 159; the starting card the starter holds, ruling
        167), which the table rules the variant sets check and set up."""
        decks = _decks(variant, players)
        d = variant.deal.for_players(len(players))
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
                    check_card(variant, c, f"face_up.{name}")
                    up.add_known(c)
                    seen[c] = seen.get(c, 0) + 1
            else:
                up = ZoneCards(unknown=d.face_up)
            seats.append(Seat(ZoneCards(unknown=d.hand), up, ZoneCards(unknown=d.face_down)))
        check_copies(variant, decks, seen, "the face-up cards show", "face_up")
        left = variant.deck_size(decks) - len(players) * d.per_player
        each, aside = _rest_dealt(variant, len(players), left)
        for seat in seats:
            seat.hand.add_unknown(each)
        state = State(
            names=list(players),
            seats=seats,
            pile=[],
            draw_pile=left - each * len(players) - aside,
            out_of_play=aside,
            seen=seen,
            first_play=True,
        )
        _set_up(SetUp(variant, decks, state, told or Told(), _least(variant, players)))
        game = cls(variant, state, decks=decks, face_up=chosen or None, told=told)
        game._turn_up()
        return game

    @classmethod
    def from_position(cls, variant: Variant, players: Sequence[str], start: Position) -> Game:
        """A game joined under way (R2.4); unlisted cards are out of play and unseen."""
        decks = _decks(variant, players)
        if start.turn not in players:
            raise SetupError(f"{start.turn} is not one of the players.", "start.turn")
        if start.top_played_by is not None and start.top_played_by not in players:
            raise SetupError(
                f"{start.top_played_by} is not one of the players.", "start.top_played_by"
            )
        seen: dict[Card, int] = {}
        for c in start.pile:
            check_card(variant, c, "start.pile")
            seen[c] = seen.get(c, 0) + 1
        seats = []
        for name in players:
            up = ZoneCards(unknown=start.face_up_unknown.get(name, 0))
            for c in start.face_up.get(name, ()):
                check_card(variant, c, f"start.face_up.{name}")
                up.add_known(c)
                seen[c] = seen.get(c, 0) + 1
            seats.append(
                Seat(
                    ZoneCards(unknown=start.hand.get(name, 0)),
                    up,
                    ZoneCards(unknown=start.face_down.get(name, 0)),
                )
            )
        check_copies(variant, decks, seen, "the start shows", "start")
        used = len(start.pile) + start.draw_pile + sum(s.total for s in seats)
        size = variant.deck_size(decks)
        if used > size:
            raise SetupError(f"the start needs {used} cards, but the deck has {size}.", "start")
        state = State(
            names=list(players),
            seats=seats,
            pile=list(start.pile),
            draw_pile=start.draw_pile,
            out_of_play=size - used,
            seen=seen,
            mover=list(players).index(start.turn),
        )
        if not state.is_in(state.mover):
            raise SetupError(f"{start.turn} is to move but holds no card (R2.4).", "start.turn")
        if len(state.players_in()) < 2:
            raise SetupError("at least two players must hold cards (R2.4).", "start")
        game = cls(variant, state, decks=decks, start=start)
        game._mark_at_start()
        game._arrive_at_start()
        return game

    def _laid(self, s: State, step: Play, laid: Moment) -> None:
        """What the pile remembers of the cards a play just laid on top: see-through only
        under a condition (``_mark``), or the number its player named for a card that counts
        as it (ruling 153)."""
        card, k = step.cards[0], len(step.cards)
        if card in self.pile.fast.marked:
            self._mark(s, card, k, laid)
        if step.named is not None and card in self.pile.fast.naming:
            n = len(s.pile)
            value: int | None = step.named
            brought = self.pile.fast.brought.get(card)
            if brought is not None:  # it counts as a card of that number would (ruling 169)
                value = brought[step.named][1]
            if value is not None:
                s.named = (*s.named, *((i, value) for i in range(n - k, n)))

    def _mark(self, s: State, card: Card, k: int, laid: Moment) -> None:
        """The ``k`` cards just laid on top, with effects that work while they lie there only
        under a condition (``when`` on a see-through card or a mirror, a value, what may go on
        it, a cut-in; issue 42): the pile marks them when it holds for that play."""
        fast = self.pile.fast
        through = fast.through_when.get(card)
        n = len(s.pile)
        if through and any(holds(w, laid) for w in through):
            s.through = s.through.union(range(n - k, n))
        held = fast.held_when.get(card)
        if held:
            marks = [(i, j) for j, w in held if holds(w, laid) for i in range(n - k, n)]
            if marks:
                s.held = s.held.union(marks)

    def _mark_at_start(self) -> None:
        """A start position's cards with effects under a condition that work while they lie
        there (see-through, a value, what may go on it, a cut-in; issue 42): each asked as it
        was laid, as ``_as_laid`` reads it."""
        s, fast = self.state, self.pile.fast
        through, held = fast.through_when, fast.held_when
        if through:
            marked = [
                i
                for i, card in enumerate(s.pile)
                if card in through and any(holds(w, _as_laid(s.pile, i)) for w in through[card])
            ]
            s.through = frozenset(marked)
        if held:
            s.held = frozenset(
                (i, j)
                for i, card in enumerate(s.pile)
                if card in held
                for j, w in held[card]
                if holds(w, _as_laid(s.pile, i))
            )

    def _turn_up(self) -> None:
        """A card turned up to start the pile lies there as a start's top card does (ruling
        156): nobody played it, so its powers of a play do not happen; what it says while it
        lies there binds the first play (rulings 7, 114)."""
        if self.state.pile:
            self._mark_at_start()
            self._arrive_at_start()

    def _arrive_at_start(self) -> None:
        """A start position's top has just landed (ruling 7): what it carries over binds the
        first play.  The card that judges comes first, then each see-through card above it,
        as if they had been played on it in turn - by the player the start names
        (``Position.top_played_by``), else by nobody at the table, so that it binds whoever
        steps first (ruling 114)."""
        s = self.state
        if self.pile.top_card(s) is None:
            return
        first = len(s.pile) - 1
        while self.pile.is_through(s, first):
            first -= 1
        value = self.pile.top_value(s)
        by = self.start.top_played_by if self.start is not None else None
        for i in range(first, len(s.pile)):
            self._arrive(s, by or "", s.pile[i], value, s.restriction, _as_laid(s.pile, i))

    @classmethod
    def shuffled(
        cls, variant: Variant, players: Sequence[str], seed: int, *, keep_history: bool = False
    ) -> Game:
        """Full-information mode: a seeded deal where every card is known (for simulation).

        Without ``keep_history`` (the simulator) a step keeps no undo copy and no words: its
        ``Outcome.messages`` is empty, and so are ``went_out`` and ``came_in`` (said about
        people); the figures (burned, picked_up, ...) are all there.

        Each player keeps their highest cards face-up (Karma cards count highest).
        """
        decks = _decks(variant, players)
        rng = random.Random(seed)
        deck: list[Card] = []
        for c in variant.all_cards():
            deck.extend([c] * (variant.copies_per_deck(c) * decks))
        rng.shuffle(deck)
        d = variant.deal.for_players(len(players))
        each, aside = _rest_dealt(variant, len(players), len(deck) - len(players) * d.per_player)
        seats = []
        for _ in players:
            down = [deck.pop() for _ in range(d.face_down)]
            six = sorted((deck.pop() for _ in range(d.face_up + d.hand)), key=strength)
            up, hand = six[len(six) - d.face_up :], six[: len(six) - d.face_up]
            hand += [deck.pop() for _ in range(each)]  # the rest, dealt after the choice
            seats.append(
                Seat(
                    _known(hand),
                    _known(up),
                    ZoneCards(_counts(down), order=list(down)),
                )
            )
        seen = {c: variant.copies_per_deck(c) * decks for c in variant.all_cards()}
        # A table rule may say who starts (the holder of the lowest card): seated first.
        first = next((f for u in active(variant) if (f := u.first_seat(variant, seats))), 0)
        players = [*players[first:], *players[:first]]
        seats = [*seats[first:], *seats[:first]]
        del deck[:aside]  # put aside unseen where a table rule deals the rest (R2.1)
        state = State(
            names=list(players),
            seats=seats,
            pile=[],
            draw_pile=len(deck),
            out_of_play=aside,
            seen=seen,
            draw_cards=deck,
            first_play=True,
        )
        # The table rules' set-up, drawn from the deal (a card turned up, ruling 156; the
        # lowest cards thrown in, ruling 159; who holds a starting card, ruling 167).
        t = SetUp(variant, decks, state, Told(), _least(variant, players), rng)
        _set_up(t)
        face_up = {
            name: tuple(_sorted_cards(seat.face_up))
            for name, seat in zip(state.names, state.seats, strict=True)
        }
        game = cls(
            variant,
            state,
            decks=decks,
            full_information=True,
            face_up=face_up,
            told=t.told,
            keep_history=keep_history,
        )
        game._turn_up()
        return game

    # --- looking at the table ---------------------------------------------------------------

    @property
    def turn(self) -> str | None:
        """The player who steps next, or None once the game is over."""
        return None if self.state.over else self.state.names[self.state.mover]

    @property
    def loser(self) -> str | None:
        return self.state.loser

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def top(self) -> Card | None:
        return self.state.pile[-1] if self.state.pile else None

    def out(self) -> list[str]:
        s = self.state
        return [s.names[i] for i, seat in enumerate(s.seats) if not seat.total]

    def zone(self, player: str, zone: str) -> ZoneCards:
        s = self.state
        return s.seats[s.seat_of(player)].zone(zone)

    def zone_to_play(self) -> ZoneName | None:
        """The zone the player to move plays from now (R3; R8.3 for a follow-up; what an effect
        left pending)."""
        s = self.state
        return None if s.over else self._rules.zone_due(s, s.mover)

    # --- the filter, on this game's state (the choices and their words are the parts' own:
    # ``game.choices.legal_steps(game.state)``, ``game.advice.explain(game.state, step)``) ------

    def is_legal(self, step: Step) -> bool:
        return self._rules.judge(self.state, step).legal

    def restriction_of(self, card: Card) -> Restriction | None:
        """The restriction ``card`` sets on the next play as it comes on top of a pile (R5.4),
        as its units say (``EffectSpec.on_top``), worked out on a table of its own."""
        scratch = State(names=[self.players[0]], seats=[], pile=[card])
        self._arrive(scratch, self.players[0], card, self.pile.counts(card), None)
        return scratch.restriction

    # --- taking steps (undo and redo: ``game.past``) ----------------------------------------

    def push(self, step: Step, *, trusted: bool = False) -> Outcome:
        """Apply a legal step; an illegal one raises IllegalStep and changes nothing.

        ``trusted`` skips the verdict for a step just taken from ``choices.legal_steps`` (simulation).
        """
        if not trusted and not self._rules.judge(self.state, step).legal:
            raise IllegalStep(self.advice.explain(self.state, step))
        before = self.state.copy() if self.keep_history else self.state
        outcome = self._apply(step)
        if self.keep_history:
            self.past.record(step, before, outcome)
        return outcome

    def trusted_push(self) -> Callable[[Step], Outcome]:
        """How to apply steps just taken from ``choices.legal_steps``, as ``push(step, trusted=True)``
        does, bound once (the simulator's hot path): a game that keeps no history only applies
        them, with no call in between."""
        if self.keep_history:
            return functools.partial(self.push, trusted=True)
        return self._apply

    # --- applying ---------------------------------------------------------------------------

    def _apply(self, step: Step) -> Outcome:
        s = self.state
        by = step.by
        # Who holds cards, by name (seats may change hands, R8.11); counts inlined: hot path.
        # Who went out or came back in is said only in a game that keeps its history (the
        # simulator's outcomes carry figures, not people: tests/test_sim_fast.py).
        told = self.keep_history
        was_in = [s.names[i] for i in s.players_in()] if told else None
        # The player who steps: the mover, or one the top card let in out of turn.
        origin = s.mover if s.names[s.mover] == by else s.seat_of(by)
        # What effects left pending and lapse with this step (each unit says when).
        lapsing = [(n, p) for n, p in s.pending.items() if p.lapses(s, by)] if s.pending else None
        # A play that goes on at once from its player's last one (rulings 110-111) is one play
        # with it: who lost this turn then has lost it already (ruling 115).
        g = s.going_on
        passed = g.passed if g is not None and g.by == by and _goes_on(s, g, step, origin) else ()
        # Words only for a game that keeps its history: the simulator's are never read.
        notes: list[str] = [] if told else MUTE
        flow = Flow()
        if self._turns:
            self._begin_turn(s, by, origin)
        if isinstance(step, PickUp):
            sent = pile_sent_to(s, by) if s.pending else None
            if sent is not None:
                # Who cannot beat the card on top sends the pile to its player, and starts a
                # new pile themself (issue 42): one step, so the turn never goes back and forth.
                to = sent[0]
                flow.picked_up = s.pile_to_hand(s.seat_of(to))
                flow.play_again = flow.new_pile = True
                if told:
                    notes.append(sentences.pile_sent(by, to, flow.picked_up))
            else:
                if s.pending:  # a battle's own cards leave the game first (ruling 164)
                    flow.removed += self._leave_on_pick_up(s, by, notes)
                flow.picked_up = s.pile_to_hand(origin)
                if told:
                    notes.append(sentences.picked_up(by, flow.picked_up))
            if step.take is not None:
                self._take_face_up(s, origin, step.take, step.copies, notes)
        else:
            self._play(s, step, origin, notes, flow, passed=passed)
        if s.first_play:
            s.first_play = False  # the first step of a fresh deal is always a play (R6.3)
        if lapsing:
            _lapse(s, lapsing, notes, flow, step)
        # Table rules: the same rank at once, out of turn (rulings 110-111); off: no cost.
        held = self._held_before(s, step, origin) if self._going_on else None
        ins = self.flow.finish(s, by, origin, notes, flow, passed)
        if self._turns:
            self._end_turn(s, by, flow)
        if held:
            self._open_going_on(s, step, origin, held, (*passed, *flow.skipped), notes)
        went_out: tuple[str, ...] = ()
        came_in: tuple[str, ...] = ()
        hint = ""
        if was_in is not None:
            went_out, came_in, hint = self._tell(s, was_in, ins, notes)
        over = s.over
        # The tuple itself, in Outcome's field order (no call of the generated ``__new__``, a
        # third of the cost of keywords: hot path); tests/test_sim_fast.py checks the order.
        return _new_outcome(
            Outcome,
            (
                step,  # step
                tuple(notes) if told else (),  # messages
                flow.burned,  # burned
                flow.removed,  # removed
                flow.picked_up,  # picked_up
                tuple(flow.draws) if flow.draws else (),  # draws
                None if over else s.names[s.mover],  # next_player
                flow.play_again and not over and s.names[s.mover] == by,  # plays_again
                bool(s.pending) and s.follow_up,  # follow_up
                s.restriction if s.pending else None,  # restriction
                tuple(flow.skipped) if flow.skipped else (),  # skipped
                went_out,  # went_out
                came_in,  # came_in
                s.loser,  # loser
                hint,  # hint
            ),
        )

    def _tell(
        self, s: State, was_in: list[str], ins: list[int], notes: list[str]
    ) -> tuple[tuple[str, ...], tuple[str, ...], str]:
        """The words of a step in a game that keeps its history: who went out or came back in,
        how the game ended or what the next player may do.  Returns who went out, who came in
        and the hint."""
        went_out: tuple[str, ...] = ()
        came_in: tuple[str, ...] = ()
        now_in = [s.names[i] for i in ins]  # by name: seats may change hands (R8.11)
        if now_in != was_in:
            before, after = set(was_in), set(now_in)
            went_out = tuple(n for n in s.names if n in before and n not in after)
            came_in = tuple(n for n in s.names if n in after and n not in before)
        for n in went_out:
            notes.append(sentences.is_out(n))
        for n in came_in:
            notes.append(sentences.back_in(n))
        hint = ""
        if s.over:
            held = s.seats[s.seat_of(s.loser)].total if s.loser is not None else 0
            notes.append(sentences.ends(s.loser, held))
        else:  # a simulation keeps no history and needs no advice
            hint = self.advice.hint(s)
            notes.append(hint)
        return went_out, came_in, hint

    def _play(
        self,
        s: State,
        step: Play,
        origin: int,
        notes: list[str],
        flow: Flow,
        stop_at: str | None = None,
        passed: tuple[str, ...] = (),
    ) -> Resolution | None:
        """Apply a play: the cards land (or leave), runs burn, the card comes on top (what it
        carries over is set, ``EffectSpec.on_top``), then its effects resolve.

        Returns the resolution, or None when no effect resolved (a burn, a face-down card that
        does not fit, a card without effects).  ``stop_at`` stops before that effect (see
        ``_state_at``).  ``passed``: who lost this turn to the play this one goes on from
        (ruling 115).  It changes only the state it is given.
        """
        v = self.variant
        card = step.cards[0]
        k = len(step.cards)
        run = k > 1 and card != step.cards[-1]
        if run:  # a run of consecutive ranks (a table rule, ruling 166): its top card is played
            step = self._lay_run(s, step, origin, notes)
            card, k = step.cards[0], 1
        t = self._traits[card]
        part = self.pile
        # The one R5 check, before the card leaves the player (R7.5 for a blind card).
        fits = (step.zone != "face_down" and step.zone != DRAW_PILE) or part.may_land(
            s, part.as_played(card, step.named), k, step.zone, step.suit
        )
        _take_played(s, s.seats[origin], step.zone, card, k)
        if self.keep_history and not run:
            notes.append(sentences.played(step.by, k, v.card_name(card), step.zone))
        if not fits:
            self._misses(s, step.by, card, origin, notes, flow)
            return None
        before = _spend_restriction(s) if s.pending else None
        # What a condition on an effect reads (``when``, issue 42).
        was_top = s.pile[-1] if s.pile else None
        was_first = s.first_play
        burning = False  # a table rule: the play burns once its powers have happened
        if t.leaves_game:
            s.out_of_play += k  # removed as it resolves: never on the pile, never in a run (R7.1)
            flow.removed += k
            _seen(s, card, k, step.suit, gone=True)
            if self.keep_history:
                notes.append(sentences.leaves_game(v.card_name(card), k))
        else:
            pile = s.pile
            pile.extend(step.cards)
            _seen(s, card, k, step.suit, gone=False)
            n = self._burn_run  # R7.1/R7.3, inline: the hot path (``_burns``)
            if (
                len(pile) >= n
                and (self._runs or k >= n)
                and pile[-n:].count(card) == n
                # A table rule (ruling 143): its powers first, then the burn (``_events``).
                and not (burning := card in self._burn_later)
            ):
                self._burn(s, notes, flow)
                return None
            if card in part.fast.marked or step.named is not None:
                was = was_top == card
                self._laid(
                    s, step, Moment(was_top is None, k, step.zone, was_first, was, step.suit)
                )
        effects = self._effects[card]
        if not effects:  # a plain card: it has landed on the pile, nothing resolves (hot path)
            return None
        value = part.counts(card) if t.leaves_game else part.top_value(s)
        moment = Moment(was_top is None, k, step.zone, was_first, was_top == card, step.suit)
        self._arrive(s, step.by, card, value, before, moment, step.limit)
        # A card named as a number that also does what that number does (ruling 169).
        named = step.named
        powers = () if named is None else self._named_arrives(s, step, value, before, moment)
        r = Resolution(
            s,
            v,
            origin,
            card,
            give=step.give,
            named=step.named,
            limit=step.limit,
            copies=k,
            quiet=not self.keep_history,
            player=step.by,
            chosen=step.to,
            skipped=list(passed),
            moment=moment,
        )
        # What the table stood at before this card's own powers (ruling 155): a clear that
        # cancels the turn's earlier powers keeps the card's own.
        own = (dict(s.pending), s.direction) if self._turn_began is not None else None
        # A card named brings its powers after its own effects, as a mirror's copies do: they
        # name the card itself (ruling 169); a dry run stops at one of its own effects.
        if resolve(r, effects + powers, stop_at):
            r.stopped = True
            return r
        notes.extend(r.notes)
        if r.landed and s.pile:
            # A card was moved onto the top (R8.4): runs and what it carries over are judged on
            # it (unless a later effect of the same card cleared or gave the pile away).
            if self._burns(s):
                self._burn(s, notes, flow)
                return r
            if s.pending:
                s.drop_pending(_unless_restriction)
            moved = _moved(s.pile)
            self._mark(s, s.pile[-1], 1, moved)
            self._arrive(s, step.by, s.pile[-1], part.top_value(s), None, moved)
        if not s.pile and s.pending:
            # The pile left with the card (a one-time card on an empty pile, or a card that
            # cleared or gave the pile away): what binds the pile lapses with it, as when it
            # burns (``Pending.pile_gone``).  R5.1 wins over a restriction, and "answer it or
            # pick up" has no pile to pick up (docs/rulings.md, ruling 19).  Without this the
            # next player could be left with no legal step at all.
            restricted = s.restriction is not None
            s.drop_pending(_after_pile)
            if restricted and s.restriction is None:
                notes.append(sentences.restriction_lapses())
        self._events(s, r, notes, flow, burning, own)
        return r

    def _named_arrives(
        self,
        s: State,
        step: Play,
        value: int | None,
        before: Restriction | None,
        moment: Moment,
    ) -> tuple[Effect, ...]:
        """A card named as a number that also does what a card of that number does
        (``named_value``'s ``powers``, ruling 169): what such a card carries over to the next
        play (``on_top``), set as if one had just been played; returns the powers it brings
        (none for any other play)."""
        brought = self.pile.fast.brought.get(step.cards[0])
        if brought is None or step.named is None:
            return ()
        powers = brought[step.named][0]
        if powers:
            a = Arrival(s, self.variant, step.by, step.cards[0], value, before, step.named, moment)
            arrive(a, powers)
        return powers

    def _events(
        self,
        s: State,
        r: Resolution,
        notes: list[str],
        flow: Flow,
        burning: bool,
        own: tuple[dict[str, Pending], int] | None = None,
    ) -> None:
        """The flow events the card's effects raised, for the turn flow.  ``burning``: a table
        rule (ruling 143) - the burning play's powers have happened, now the pile burns, unless
        one of them took it away; what they left on it goes with it (``Pending.pile_gone``).
        One play again, from the burn (R7.4) or the card.  ``own``: how the table stood before
        the card's powers, in a turn a clear may cancel (ruling 155)."""
        if r.cancels_turn and own is not None:
            self._cancel_turn(s, notes, own, EFFECTS[r.cancels_turn].cancel_words)
        flow.play_again = r.play_again
        flow.continue_from = r.continue_from
        flow.turn_to = r.turn_to
        if burning and s.pile:
            self._burn(s, notes, flow)
            flow.play_again = flow.play_again or r.play_again

    def _leave_on_pick_up(self, s: State, by: str, notes: list[str]) -> int:
        """As ``by`` picks up: the cards off the top that a pending effect sends out of the
        game instead (``EffectSpec.leaves_on_pick_up``: a battle's cards, ruling 164)."""
        for name, p in list(s.pending.items()):
            if name in EFFECTS:
                n, said = EFFECTS[name].leaves_on_pick_up(p, s, by)
                if n:
                    s.burn_top(n)
                    if self.keep_history:
                        notes.append(said)
                    return n
        return 0

    def _misses(
        self, s: State, by: str, card: Card, origin: int, notes: list[str], flow: Flow
    ) -> None:
        """R7.5: a blind card that does not fit stays on the pile, which its player picks up."""
        s.pile.append(card)
        flow.picked_up = s.pile_to_hand(origin)
        if self.keep_history:
            notes.append(sentences.face_down_misses(by, flow.picked_up))

    def _lay_run(self, s: State, step: Play, origin: int, notes: list[str]) -> Play:
        """A run (ruling 166): its cards but the top one leave the zone and go on the pile,
        lowest first, plain cards with nothing to resolve; the play of its top card alone, on
        the card below it, is what is left to apply."""
        seat = s.seats[origin]
        lower = step.cards[:-1]
        for c in lower:
            _take_played(s, seat, step.zone, c, 1)
        s.pile.extend(lower)
        if self.keep_history:
            names = [self.variant.card_name(c) for c in step.cards]
            notes.append(sentences.played_run(step.by, names, step.zone))
        return step._replace(cards=step.cards[-1:])

    def _begin_turn(self, s: State, by: str, origin: int) -> None:
        """A table rule (ruling 148): a step in turn that the last one did not leave open to
        its player begins a turn - how the table stands now is what a burn in it goes back
        to.  A step out of turn cancels nothing at a burn."""
        began = s.turn_from
        if origin != s.mover:
            self._turn_began = None
            return
        if began is None or began.by != by or not began.open:
            began = s.turn_from = TurnStart(by, s.direction, tuple(s.pending.items()))
        self._turn_began = began

    def _end_turn(self, s: State, by: str, flow: Flow) -> None:
        """Whether the turn stays open to its player: the step gave them another play."""
        self._turn_began = None
        began = s.turn_from
        if began is not None and began.by == by:
            again = not s.over and s.names[s.mover] == by and (flow.play_again or s.follow_up)
            if again != began.open:
                s.turn_from = began._replace(open=again)

    def _cancel_turn(
        self,
        s: State,
        notes: list[str],
        own: tuple[dict[str, Pending], int] | None = None,
        said: Callable[[str], str] | None = None,
    ) -> None:
        """A burn in turn (ruling 148): what the turn's earlier plays did that still waits goes
        back to how it stood as the turn began - the turns to lose, the direction, a mode that
        lasts; what bound the pile went with it (``Pending.pile_gone``).  ``own``: a card that
        clears the pile and cancels so (ruling 155) - what stood before its own powers, which
        still happen: what they set stays, and a direction they turned turns from the start;
        ``said``: its words (else the table rule's)."""
        began = self._turn_began
        if began is None:
            return
        before = {n: q for n, p in began.pending if (q := _after_pile(p)) is not None}
        direction = began.direction
        if own is not None:
            was, was_direction = own
            for n in was:
                if n not in s.pending:  # the card's own powers used it up
                    before.pop(n, None)
            before |= {n: p for n, p in s.pending.items() if was.get(n) is not p}
            direction = direction * s.direction * was_direction
        if before == s.pending and direction == s.direction:
            return
        s.pending = before
        s.direction = direction
        if self.keep_history:
            notes.append((said or self._cancelling[0].cancel_words)(began.by))

    def _held_before(self, s: State, step: Step, origin: int) -> tuple[int, int] | None:
        """Before the turn passes: a step closes what the last one left open (``going_on``);
        for a play from the hand, the copies of its card and the unknown cards in that hand, so
        that what is drawn next can be told apart (ruling 111)."""
        s.going_on = None
        if not isinstance(step, Play) or step.zone != "hand" or s.names[origin] != step.by:
            return None
        hand = s.seats[origin].hand
        return (hand.known.get(step.cards[0], 0), hand.unknown)

    def _open_going_on(
        self,
        s: State,
        step: Step,
        origin: int,
        held: tuple[int, int],
        passed: tuple[str, ...],
        notes: list[str],
    ) -> None:
        """A table rule: the turn has passed on, and the card just played from the hand lies
        on top; its player may go on at once with the same card, out of turn: from the face-up
        cards once the hand and the draw pile are gone (ruling 110), or with a card of it just
        drawn (ruling 111).  ``passed``: who lost this turn as it passed on (ruling 115)."""
        if s.over or s.follow_up or not s.pile:
            return
        # The turn has come back round to them: only where the play's skips took it round the
        # table (two players, skips walking round, rule 75) does the card they go on with count
        # with this play.
        back = s.mover == origin
        if back and not passed:
            return
        card, by, seat = s.pile[-1], step.by, s.seats[origin]
        if not isinstance(step, Play) or card != step.cards[0]:
            return  # it burned, or left the game, or another card lies on top now
        for rule in self._going_on:
            found = rule.goes_on(self._rules, s, seat, card, held)
            if found is not None:
                zone, most = found
                s.going_on = GoingOn(by, zone, most, passed)
                if self.keep_history and not back:
                    name, nxt = self.variant.card_name(card), s.names[s.mover]
                    notes.append(rule.goes_on_words(by, name, nxt))
                return

    def _take_face_up(self, s: State, origin: int, card: Card, k: int, notes: list[str]) -> None:
        """A table rule: the face-up card taken with the pile (or ``k`` copies of it) goes into
        the hand, seen (docs/rulings.md, rulings 108 and 141)."""
        seat = s.seats[origin]
        revealed = seat.face_up.take(card, k)
        if revealed:
            s.see(card, revealed)
        seat.hand.add_known(card, k)
        if self.keep_history:
            name = self.variant.card_name(card)
            notes.append(sentences.takes_face_up(s.names[origin], name, k))

    def _arrive(
        self,
        s: State,
        by: str,
        card: Card,
        value: int | None,
        before: Restriction | None,
        moment: Moment | None = None,
        limit: str | None = None,
    ) -> None:
        """``card`` has just come on top (played, moved, at the start): its units set what it
        carries over to the next play (``EffectSpec.on_top``), each under its condition, asked
        of ``moment`` (the play that laid it; None: no play, a condition does not hold), with
        the limit its player chose (``limit``, ruling 171; None: nobody chose)."""
        if card in self.pile.fast.arrives:
            a = Arrival(s, self.variant, by, card, value, before, moment=moment, limit=limit)
            arrive(a, self.variant.effects_of(card))

    def _state_at(
        self, s: State, step: Play, effect_name: str, *, light: bool = True
    ) -> State | None:
        """A dry run on an explicit copy: the state as ``effect_name`` of the played card will
        see it (the play applied up to just before that effect), or None when the effect is not
        reached (the play burns, a face-down card does not fit).  ``s`` is untouched: a choice
        is judged against what the effect will actually see.  Where no effect of the card
        resolves before ``effect_name``, only the play itself moves cards: the copy is of what
        a play changes (``State.copy_for_play``; ``light`` False: of everything)."""
        seat = s.seat_of(step.by)
        if light and effect_name in self._unresolved[step.cards[0]]:
            then = s.copy_for_play(seat, draws=step.zone == DRAW_PILE)
        else:
            then = s.copy()
        then.mover = seat
        bare = step if step.give is None else step._replace(give=None)
        r = self._play(then, bare, then.mover, [], Flow(), stop_at=effect_name)
        return then if r is not None and r.stopped else None

    def _burns(self, s: State) -> bool:
        """R7.1/R7.3: the top N cards on the pile are identical (a card moved onto the top is
        no play of N cards: where only a play of N burns, it burns nothing)."""
        n = self.variant.burn
        pile = s.pile
        if len(pile) < n or not self._runs:
            return False
        return pile[-n:].count(pile[-1]) == n

    def _burn(self, s: State, notes: list[str], flow: Flow) -> None:
        pile = s.pile
        top, run = pile[-1], 0
        if self.keep_history:  # the run as it lies (four 7s may burn where 3 would do)
            while run < len(pile) and pile[-1 - run] == top:
                run += 1
        n = s.burn_pile()
        flow.burned = True
        flow.removed += n
        flow.play_again = core.RULES.burn_plays_again and self._burner_again  # R7.4
        if self.keep_history:
            notes.append(sentences.burns(run, self.variant.card_name(top), n))
        if self._cancelling and self._turn_began is not None:
            self._cancel_turn(s, notes)


def _lapse(
    s: State, lapsing: list[tuple[str, Pending]], notes: list[str], flow: Flow, step: Step
) -> None:
    """What effects left pending and lapse with the step just applied, unless the step set it
    again; cards owed and not answered are drawn now, a pile given away is taken or passed on
    (ruling 168)."""
    for name, p in lapsing:
        if s.pending.get(name) is p:  # not set again by this very step
            del s.pending[name]
            if name in SETTLING_UNITS:  # unanswered: cards owed are drawn now
                laid = step.cards[-1] if isinstance(step, Play) else None
                suit = step.suit if isinstance(step, Play) else None
                drawn = EFFECTS[name].settle(p, s, notes.append, step.by, laid, suit)
                if drawn is not None:
                    flow.draws.append(drawn)


def _seen(s: State, card: Card, k: int, suit: str | None, *, gone: bool) -> None:
    """The suit a play showed, as the table saw it (ruling 156): on one of the ``k`` cards just
    laid on the pile, or on the card as it left the game (a one-time card)."""
    if suit is None:
        return
    if gone:
        s.gone_suits = (*s.gone_suits, (card, suit))
    else:
        s.suits = (*s.suits, (len(s.pile) - k, suit))


def _take_played(s: State, seat: Seat, zone_name: str, card: Card, k: int) -> None:
    """The played cards leave where they lay, seen: the mover's zone, or the draw pile's top
    card (a table rule, ruling 109; with full information the known top, ``Rules.judge``
    checked it)."""
    if zone_name == DRAW_PILE:
        s.draw_pile -= 1
        if s.draw_cards is not None:
            s.draw_cards.pop()  # full information: every card counts as seen from the deal
        else:
            s.see(card)
        return
    zone = seat.hand if zone_name == "hand" else seat.zone(zone_name)
    revealed = zone.take(card, k)
    if revealed:
        s.see(card, revealed)


_new_outcome = tuple.__new__
"""Makes an ``Outcome`` from a tuple of all its fields, as its ``_make`` does without the check."""


def _set_up(t: SetUp) -> None:
    """The set-up of the table rules the variant sets (R2), in the order of R2's steps: at a
    table, what the table told checked and the table set up by it; with full information,
    drawn from the deal.  What the table told for a rule the variant does not set is refused,
    in its place, in the words of the first rule that would ask it."""
    table = t.variant.table
    taken = {u.told for u in SETTING_UP if u.name in table}
    for u in SETTING_UP:
        if u.name in table:
            if t.full_information:
                u.draw_set_up(t)
            else:
                u.set_up(t)
        elif u.told and u.told not in taken and TOLD.get(u.told) is u and t.told.says(u.told):
            raise SetupError(u.told_unasked(t), u.told)


def _rest_dealt(variant: Variant, players: int, left: int) -> tuple[int, int]:
    """Each hand's share of the ``left`` cards after the deal, and how many are put aside, where
    a table rule deals the rest out (R2.1: none; they all make the draw pile)."""
    found = (r for u in active(variant) if players and (r := u.rest_dealt(players, left)))
    return next(found, (0, 0))


def _least(variant: Variant, players: Sequence[str]) -> int:
    """The minimum hand at this table (R6.4, ruling 129), as the turn flow reads it."""
    return TurnFlow(variant).least(len(players))


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


def _counts(cards: Iterable[Card]) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _known(cards: Iterable[Card]) -> ZoneCards:
    return ZoneCards(_counts(cards))


def _sorted_cards(zone: ZoneCards) -> list[Card]:
    return sorted((c for c, n in zone.known.items() for _ in range(n)), key=strength)


def _unless_restriction(p: Pending) -> Pending | None:
    """A pending slice, unless it is a restriction (spent by a play, or by an empty pile)."""
    return None if p.restriction is not None else p


def _after_pile(p: Pending) -> Pending | None:
    return p.pile_gone()


def _goes_on(s: State, g: GoingOn, step: Step, origin: int) -> bool:
    """Whether a step of the player a table rule lets go on (``State.going_on``, rulings
    110-111) goes on from their last play: out of turn, or - where the play's skips took the
    turn round the table back to them (rule 75) - in turn with the same card, from the zone it
    names, no more copies than it allows: then it is one play with the last one (ruling 115)."""
    if origin != s.mover:
        return True
    return (
        isinstance(step, Play)
        and step.zone == g.zone
        and 0 < len(step.cards) <= g.most
        and bool(s.pile)
        and step.cards[0] == s.pile[-1]
    )


def _spend_restriction(s: State) -> Restriction | None:
    """The restriction in force bound the play now made, and is spent (R5.4): it is taken
    off, and returned for a see-through card to pass on."""
    before = s.restriction
    if before is not None:
        s.drop_pending(_unless_restriction)
    return before


def _as_laid(pile: list[Card], i: int) -> Moment:
    """A start position's card at ``i`` as a condition on what it carries over reads it
    (issue 42, docs/rulings.md): the copies of it lying together there count as one play, laid
    on the card below them, from a zone nobody knows (the referee cannot tell how they came)."""
    card, low, high = pile[i], i, i
    while low > 0 and pile[low - 1] == card:
        low -= 1
    while high + 1 < len(pile) and pile[high + 1] == card:
        high += 1
    return Moment(low == 0, high - low + 1, None, False, False)


def _moved(pile: list[Card]) -> Moment:
    """A card Bottoms Up has just moved onto the top (R8.4), as a condition on what it carries
    over reads it (issue 42): one card, from no player's zone, laid on the card that was on top."""
    return Moment(len(pile) == 1, 1, None, False, len(pile) > 1 and pile[-2] == pile[-1])
