"""The filter: the one place that decides whether a step is allowed (R3-R8, R11.1).

``Rules`` is one part of a game (``engine.game.Game`` holds it): it reads the state it is
given and changes nothing.  ``judge`` decides a step as a rule, a reason code and its typed
facts, in named steps whose first refusal is the verdict; the pile's part of it, the one R5
check, is ``engine.pile.Pile``'s.  Every other part asks it: the generator
(``engine.choices``: the legal steps, the table's choices, what may go) and through it the
advice (``engine.advice``: the words, what may be done instead).  A choice that depends on a
card's earlier effects is judged on an explicit copy of the state, played up to that effect
(``state_at``, given by the game).  What an effect leaves pending is asked of its unit
(``State.pending``): the zone it makes a player play from and the check it imposes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import cast

from referee.effects import (
    EFFECTS,
    LIMITS,
    EffectSpec,
    Needs,
    Proposal,
    first_zone,
    named_does,
)
from referee.engine.fast import CHOOSING_UNITS, SENDING_UNITS
from referee.engine.judgement import Judgement
from referee.engine.judgement import no as _no
from referee.engine.judgement import refused as _unit_refusal
from referee.engine.judgement import yes as _yes
from referee.engine.parts import strength
from referee.engine.pile import Pile
from referee.engine.steps import BLIND, DRAW_PILE, ZONES, PickUp, Play, Step
from referee.table.state import Pending, Seat, State, ZoneCards, ZoneName
from referee.tablerules import ZONES as TABLE_ZONES
from referee.tablerules import TableRule, active
from referee.tablerules.runs import is_run
from referee.variant.conditions import holds, said
from referee.variant.model import SUITS, Card
from referee.words.reasons import (
    CanPlay,
    CardFacts,
    Count,
    CutIn,
    GameOver,
    Holding,
    InZone,
    MixedCards,
    NamedAs,
    NamedFit,
    NamedOnly,
    NoFacts,
    NotYourTurn,
    Place,
    Played,
    Reason,
    Sent,
    Shown,
    ShownTwice,
    Taken,
    Target,
    UnknownCard,
    Who,
)

__all__ = ["Judgement", "Rules", "StateAt"]

StateAt = Callable[[State, Play, str], State | None]
"""A dry run: a copy of the state with the play applied up to just before the named effect of
the played card, or None when that effect is not reached (the play burns, a face-down card does
not fit).  The game's own way of applying a play, so a choice is judged on what the effect will
actually see."""


def _lets(effect: str) -> bool:
    """Whether an effect may let a player step out of turn while its card lies on top."""
    return type(EFFECTS[effect]).lets_in is not EffectSpec.lets_in


def pile_sent_to(s: State, by: str) -> tuple[str, Pending] | None:
    """Who takes the pile when ``by`` picks it up now, where a card on top sends it to its own
    player (``EffectSpec.takes_pile``), with the slice that sends it; None: ``by`` takes it
    (R6.2).  A reading of the state alone, so not one more member of Rules."""
    for name, p in s.pending.items():
        if name in SENDING_UNITS:
            to = EFFECTS[name].takes_pile(p, s, by)
            if to is not None:
                return to, p
    return None


def run_on_top(s: State) -> int:
    """How many identical cards lie on top of the pile (R7.1's run, as it lies).  A reading of
    the state alone, so not one more member of Rules."""
    pile = s.pile
    run = 0
    while run < len(pile) and pile[-1 - run] == pile[-1]:
        run += 1
    return run


_RUNS_KEPT = 4096
"""The most run checks one filter keeps (``Rules._run_refusal``): the table asks fewer than a
hundred runs at each step, and a game's records or bots may ask any more."""


class Rules:
    """The one filter of one variant (R11.1): a step's judgement, for any state given."""

    def __init__(
        self, pile: Pile, decks: int, *, full_information: bool, state_at: StateAt
    ) -> None:
        self.pile = pile
        variant = self.variant = pile.variant
        self.full_information = full_information
        fast = self.fast = pile.fast
        # Per-card facts, made once per variant (the fast tables keep them).
        self.needs: dict[Card, Needs] = fast.needs
        self.copies = {c: variant.copies_per_deck(c) * decks for c in variant.all_cards()}
        # The table rules the variant sets (referee/tablerules/), by the hooks they have: the
        # engine asks these, never a rule by its name.
        table = self.table = active(variant)
        self._on_pick_up = [u for u in table if u.has("refuse_pick_up")]
        self._takers = [u for u in table if u.has("takes_face_up")]
        # More face-up cards of the one taken's rank may come with it (ruling 141).
        self.takes_several = any(u.takes_several() for u in self._takers)
        self._on_plays = [u for u in table if u.has("refuse_play")]
        # The zone the game's first play comes from, where a table rule opens another.
        self.first_zones = [u for u in table if u.has("first_zone")]
        # A burn completed out of turn (ruling 144): only where runs across plays burn.
        runs = all(u.runs_across_plays() for u in table)
        self.completers = [u for u in table if u.has("completes_run")] if runs else []
        self.zone_rules = [u for u in table if u.zone]
        self._opened = {**TABLE_ZONES, **{u.zone: u for u in self.zone_rules}}
        # Runs of consecutive ranks laid together (ruling 166): the rule that checks them.
        self.runs = next((u for u in table if u.has("refuse_run")), None)
        self.zones: tuple[str, ...] = (*ZONES, *(u.zone for u in self.zone_rules))
        self._state_at = state_at
        # The dry runs made while one card's candidate plays are judged (``_plays_of``): a play
        # naming each card it could give runs the same dry run for every one of them.
        self._dry: dict[tuple[Play, str], State | None] | None = None
        # The run checks' refusals of a run's own cards (``_run_refusal``), by player and cards:
        # they read nothing of the state, and the table asks the same runs at every step.
        self._run_said: dict[tuple[str, tuple[Card, ...]], Judgement | None] = {}

    def unseen(self, s: State, card: Card) -> int:
        """Copies of a card the table has not seen anywhere (R4.3)."""
        return self.copies.get(card, 0) - s.seen.get(card, 0)

    def judge(self, s: State, step: Step) -> Judgement:
        """The verdict on a proposed step, before words: the one filter of ``legal_steps``."""
        if s.over:
            return _no("R10.4", Reason.GAME_OVER, GameOver(s.loser))
        by = step.by
        if by not in s.names:
            return _no("R6.1", Reason.NOT_PLAYING, Who(by), field="by")
        mover = s.names[s.mover]
        if by != mover:
            if (
                isinstance(step, Play)
                and not (self.runs is not None and is_run(step.cards))  # in turn only
                and (self._lets_in(s, step) or self._goes_on(s, step) or self._completes(s, step))
            ):
                # Out of turn, as the top card allows: judged as if it were theirs to make.
                view = s.copy()
                view.mover = s.seat_of(by)
                return self._judge_play(view, step)
            return self._out_of_turn(s, step, by, mover)
        if isinstance(step, PickUp):
            if step.to is not None or step.give is not None:
                return _nothing_chosen_on_pick_up(step)
            refused = self._pick_up_refusal(s, by)
            if refused is not None:
                return refused
            sent = pile_sent_to(s, by) if s.pending else None
            if sent is not None:  # a card on top sends the pile to its player (issue 42)
                if step.take is not None:
                    return _no("R6.2", Reason.NO_TAKE_WANTED, Who(by), field="take")
                to, p = sent
                return _yes(p.rule, Reason.PICK_UP_SENT, Sent(by, to, len(s.pile), p.name))
            if step.take is not None or self._takers:
                return self._judge_take(s, step)
            return _yes("R6.2", Reason.PICK_UP, Count(by, len(s.pile)))
        opened = self._opened.get(step.zone)
        if opened is not None:
            return self._judge_from(opened, s, step)
        return self._judge_play(s, step)

    # --- what the table rules ask (referee/tablerules/) -----------------------------------------

    def known_plays(self, s: State, by: str) -> tuple[Card, ...] | None:
        """The cards the mover is known to hold in the zone due that may go now (``judge``), or
        None when they are known to hold none; () for face-down cards, which may always be
        turned over (R7.5).  The referee sees only what the table has seen (R4.3)."""
        zone_name = self.zone_due(s, s.mover)
        zone = s.seats[s.mover].zone(zone_name)
        if zone_name == "face_down":
            return () if zone.count else None
        suited = self.fast.suited_at(s)
        found = tuple(
            card
            for card, have in zone.known.items()
            if any(  # every number of copies held: after a pair, one alone may not go (R9)
                self._judge_play(
                    s,
                    Play(
                        by,
                        (card,) * k,
                        zone_name,
                        self.some_target(s, by, card, k, zone_name),
                        suit=suit,
                        limit=self.needs[card].some_limit(),
                        named=named,
                    ),
                ).legal
                for k in range(1, have + 1)
                # each suit shown, where its play shows one (taken on trust, ruling 149), as
                # the listed steps propose it
                for suit in ((None, *SUITS) if card in suited else (None,))
                # each number named, where it goes only as the card named (ruling 170)
                for named in self._names_tried(card)
            )
        )
        return tuple(sorted(found, key=strength)) or None

    def _names_tried(self, card: Card) -> tuple[int | None, ...]:
        """The numbers a play of ``card`` is proposed named as where it goes only as the card
        named (``fits``, ruling 170): none, then each it may be named as; else none."""
        return self.fast.names_tried.get(card, (None,))

    def could_pick_up(self, s: State, by: str) -> bool:
        """Whether the pile may be picked up now, the table's own rules aside."""
        return self._pick_up_refusal(s, by, table=False) is None

    def _judge_from(self, rule: TableRule, s: State, step: Play) -> Judgement:
        """A play from a place a table rule opens (the draw pile's top card, ruling 109): the
        cards themselves, the rule's own check (asked also where the variant does not set it,
        to say so), then its choices (R8) and the one R5 check as for a blind face-down card
        (R7.5)."""
        refused = self._cards_refusal(step)
        if refused is not None:
            return refused
        by, card = step.by, step.cards[0]
        said = rule.refuse_from_zone(self, s, by, card, len(step.cards))
        if said is not None:
            return _unit_refusal(by, said)
        if step.suit is not None and (s.suits or s.gone_suits):
            refused = self._shown_refusal(s, card, step.suit)
            if refused is not None:
                return refused
        judged = self.pile.as_played(card, step.named)  # as the card named (ruling 170)
        if self.pile.may_land(s, judged, len(step.cards), step.zone, step.suit):  # else no choice
            chosen = self._check_choices(s, step, self.needs[card], card)
            if chosen is not None:
                return chosen
        else:  # but a `to` or `give` the card never takes, as for a face-down card
            unwanted = self._never_taken(step, self.needs[card], card)
            if unwanted is not None:
                return unwanted
        return self._landing(s, by, card, len(step.cards), step.zone, step.suit, step.named)

    def takes_face_up(self, s: State) -> bool:
        """Whether the mover who picks up now also takes a face-up card into the hand (a table
        rule, docs/rulings.md, ruling 108)."""
        if s.pending and pile_sent_to(s, s.names[s.mover]) is not None:
            return False  # the pile goes to another player: no face-up card goes with it
        return any(u.takes_face_up(self, s) for u in self._takers)

    def _judge_take(self, s: State, step: PickUp) -> Judgement:
        """A pick-up where the table rule may take a face-up card along: it must name one
        exactly when the rule applies, a card the face-up cards may hold (R4.3)."""
        by, card, k = step.by, step.take, step.copies
        if not self.takes_face_up(s):
            if card is None:
                return _yes("R6.2", Reason.PICK_UP, Count(by, len(s.pile)))
            return _no("R6.2", Reason.NO_TAKE_WANTED, Who(by), field="take")
        if card is None or k < 1:
            return _no("R6.2", Reason.TAKE_NEEDED, Who(by), field="take")
        if k > 1 and not self.takes_several:  # one card (ruling 108); one rank (ruling 141)
            return _no("R6.2", Reason.TAKE_ONE, Who(by), field="take")
        if not self.variant.is_card(card):
            return _no("R1.1", Reason.NO_SUCH_CARD, UnknownCard(card), field="take")
        if self.possible(s, card, s.seats[s.mover].face_up) < k:
            facts = self._holding(s, by, card, k, "face_up", verb="take")
            return _no("R4.3", Reason.CANNOT_HOLD, facts, field="take")
        name = self.variant.card_name(card)
        return _yes("R6.2", Reason.PICK_UP_TAKE, Taken(by, len(s.pile), name, k))

    def _pick_up_refusal(self, s: State, by: str, *, table: bool = True) -> Judgement | None:
        """Why the mover may not pick up the pile now: what is pending forbids it (R8.3's
        follow-up, a house rule), there is nothing to pick up (R6.3), or the table's rule says
        a player who can play must (issue 31.2; ``table=False`` leaves that rule out, for the
        plays' own checks that ask whether picking up was open)."""
        for name, p in self._binding(s):
            refused = EFFECTS[name].refuse_pick_up(p, s, by)
            if refused is not None:
                return _unit_refusal(by, refused)
        if not s.pile:
            return _no("R6.3", Reason.PICK_UP_EMPTY, Who(by))
        if table:
            for rule in self._on_pick_up:
                said = rule.refuse_pick_up(self, s, by)
                if said is not None:
                    return _unit_refusal(by, said)
            sent = pile_sent_to(s, by) if s.pending else None
            if sent is not None:
                # Only who cannot beat the card sends the pile back (issue 42): held, like the
                # table's "must play if able", to what the table has seen (R4.3).
                playable = self.known_plays(s, by)
                if playable is not None:
                    names = tuple(self.variant.card_name(c) for c in playable)
                    return _no(sent[1].rule, Reason.MUST_PLAY, CanPlay(by, names))
        return None

    def may_pick_up(self, s: State) -> bool:
        """Whether the mover may pick up the pile now (``judge``'s answer on a pick-up)."""
        return self._pick_up_refusal(s, s.names[s.mover]) is None

    def _binding(self, s: State) -> list[tuple[str, Pending]]:
        """The pending slices that bind the mover now: a play due at once (R8.3) comes before
        anything else pending, which waits until it is made."""
        items = list(s.pending.items())
        due = [(n, p) for n, p in items if p.due is not None]
        return due or items

    def _judge_play(self, s: State, step: Play) -> Judgement:
        """A play, judged in named steps whose first refusal is the verdict: the cards (R1.1,
        R4.1), the zone (what is pending, R8.3, R3), the copies held (R4.2, R4.3), the choices
        (R8), then the pile (R5, R7.5, R8.3) and the card's own checks."""
        refused = self._unchosen(s, step)
        if refused is not None:
            return refused
        if self.runs is not None and is_run(step.cards):
            return self._judge_run(s, step)
        card = step.cards[0]
        chosen = self._check_choices(s, step, self.needs[card], card)
        if chosen is not None:
            return chosen
        landed = self._landing(s, step.by, card, len(step.cards), step.zone, step.suit, step.named)
        if step.named is not None and landed.reason is Reason.WILD:
            name = self.variant.card_name(card)
            powers = card in self.pile.fast.brought and named_does(self.variant, step.named)
            return _yes("R5.3", Reason.NAMED_AS, NamedAs(step.by, name, step.named, powers))
        return landed

    def _unchosen(self, s: State, step: Play) -> Judgement | None:
        """``_judge_play``'s verdict where it comes before the choices: the cards, the zone,
        the copies held, and a blind card that does not fit (it asks no choice)."""
        refused = self._cards_refusal(step)
        if refused is not None:
            return refused
        if step.zone not in ZONES:
            return _no("R4.1", Reason.NO_SUCH_ZONE, InZone(step.by, step.zone), field="zone")
        zone_name: ZoneName = step.zone  # checked just above
        card = step.cards[0]
        k = len(step.cards)
        if self.runs is not None and is_run(step.cards):
            return self._run_unchosen(s, step, zone_name)
        refused = self._before_choices(s, step.by, card, k, zone_name, step.suit)
        if refused is not None:
            return refused
        if step.suit is not None and (s.suits or s.gone_suits):
            refused = self._shown_refusal(s, card, step.suit)
            if refused is not None:
                return refused
        judged = self.pile.as_played(card, step.named)  # as the card named (ruling 170)
        if zone_name == "face_down" and not self.pile.may_land(s, judged, k, zone_name, step.suit):
            # R7.5: a blind card that does not fit has no effect, so it asks for no chosen
            # player nor card given (one named is let be, as older records may name one) -
            # but a `to` or `give` its card never takes is refused as for any play
            # (GAME-RECORDS.md: "the verdict names the field").
            unwanted = self._never_taken(step, self.needs[card], card)
            if unwanted is not None:
                return unwanted
            return self._landing(s, step.by, card, k, zone_name, step.suit, step.named)
        return None

    def _never_taken(self, step: Play, t: Needs, card: Card) -> Judgement | None:
        """A chosen player (`to`) or a card given (`give`) named on a play of a card that
        never takes one, whatever the play (GAME-RECORDS.md): its refusal, naming the field.
        The card given is asked first: its refusal does not depend on the player named, so
        ``judge_players`` may make it once for every player."""
        name = self.variant.card_name(card)
        if step.give is not None and t.give_effect is None:
            rule = self.variant.rule_for(card, t.first_rule)
            return _no(rule, Reason.NO_GIVE_WANTED, CardFacts(name, card), field="give")
        if step.to is not None and not t.needs_target:
            rule = self.variant.rule_for(card, t.first_rule)
            return _no(rule, Reason.NO_TARGET_WANTED, CardFacts(name, card), field="to")
        return None

    def judge_players(self, s: State, step: Play, players: Sequence[str | None]) -> list[Judgement]:
        """``judge``'s verdicts on ``step`` naming each of ``players`` (``to``), in order, with
        the checks that do not look at the chosen player made once: a play of the mover's from
        their zones is judged by ``_judge_play``, whose only check of the chosen player is the
        choices' (R8); the rest comes before it (``_unchosen``) or after it (``_landing``), and
        both are the same for every player named."""
        if (
            s.over
            or step.by != s.names[s.mover]
            or step.zone not in ZONES
            or (self.runs is not None and is_run(step.cards))
        ):
            return [self.judge(s, step._replace(to=p)) for p in players]
        refused = self._unchosen(s, step._replace(to=None))  # the same for every player
        if refused is not None:
            if refused.legal:  # a blind card that misses: a player named may be refused
                return [self.judge(s, step._replace(to=p)) for p in players]
            return [refused] * len(players)
        card = step.cards[0]
        t = self.needs[card]
        landing: Judgement | None = None
        out: list[Judgement] = []
        by, give = step.by, step.give
        for p in players:
            if give is None and step.named is None and not t.chooses_limit:
                j = self._target_refusal(s, by, p, t, card, len(step.cards), step.zone, step.suit)
            else:
                j = self._check_choices(s, step._replace(to=p), t, card)
            if j is None:
                if landing is None:
                    landing = self._landing(
                        s, step.by, card, len(step.cards), step.zone, step.suit, step.named
                    )
                j = landing
            out.append(j)
        return out

    def _before_choices(
        self, s: State, by: str, card: Card, k: int, zone_name: ZoneName, suit: str | None = None
    ) -> Judgement | None:
        """The checks of a play that come before its choices: the zone (what is pending, R8.3,
        R3), then the copies held (R4.2, R4.3)."""
        seat = s.seats[s.mover]
        refused = self._zone_refusal(s, by, seat, card, k, zone_name, suit)
        if refused is not None:
            return refused
        return self._copies_refusal(s, by, card, k, seat.zone(zone_name), zone_name)

    def choices_moot(
        self,
        s: State,
        card: Card,
        k: int,
        zone: ZoneName,
        suit: str | None = None,
        run: int | None = None,
    ) -> Judgement | None:
        """The refusal every play of ``k`` copies of ``card`` from ``zone`` by the mover gets
        now, whatever player or card it names, or None when its choices are judged one by one.
        ``judge`` asks these very checks (``_before_choices``) before the choices (R8); a
        screen that judges every choice of a step ahead of the taps asks them once per card,
        zone and count instead of once per choice, as with ``zone_closed``.  ``run``: the
        lowest card of a run that ``card`` tops (ruling 166), whose checks before its choices
        are its cards', then its zone's and each card's held (``_unchosen``)."""
        if s.over or not self.variant.is_card(card):
            return None
        by = s.names[s.mover]
        if run is not None and isinstance(card, int) and self.runs is not None:
            return self._unchosen(s, Play(by, tuple(range(run, card + 1)), zone))
        return self._before_choices(s, by, card, k, zone, suit)

    def _cards_refusal(self, step: Play) -> Judgement | None:
        """The cards themselves: at least one (R4.1), each a card of the variant (R1.1), all
        the same (R4.1)."""
        v = self.variant
        cards = step.cards
        if not cards:
            return _no("R4.1", Reason.NO_CARDS, NoFacts(), field="play")
        for c in cards:
            if not v.is_card(c):
                return _no("R1.1", Reason.NO_SUCH_CARD, UnknownCard(c), field="play")
        card = cards[0]
        if any(c != card for c in cards):
            if self.runs is not None:  # a run of consecutive ranks (a table rule, ruling 166)
                return self._run_refusal(step)
            names = tuple(v.card_name(c) for c in cards)
            return _no("R4.1", Reason.MIXED_CARDS, MixedCards(names), field="play")
        if step.suit is not None and not (
            v.suits and step.suit in SUITS and isinstance(card, int)
        ):  # only a number card of a pack whose suits count shows one (issue 42, ruling 149)
            shown = Shown(step.suit, v.card_name(card))
            return _no("R1.1", Reason.NO_SUCH_SUIT, shown, field="suit")
        return None

    def _shown_refusal(self, s: State, card: Card, suit: str) -> Judgement | None:
        """A card shown twice (ruling 154): a play that shows ``card`` of ``suit`` while every
        copy of it the pack holds (one a deck) was seen face up and still lies on the pile or
        has left the game (R4.3: a player may only play cards they can hold)."""
        on_pile, gone = s.shown(card, suit)
        copies = max(1, self.copies.get(card, 0) // len(SUITS))
        if on_pile + gone < copies:
            return None
        facts = ShownTwice(self.variant.card_name(card), suit, copies, on_pile > 0)
        return _no("R4.3", Reason.SHOWN_TWICE, facts, field="suit")

    # --- runs of consecutive ranks (a table rule, docs/rulings.md ruling 166) --------------------

    def _run_refusal(self, step: Play) -> Judgement | None:
        """A run's own cards (the rule's check: long enough, in a row lowest first, number
        cards, a card with powers only at the end); a run shows no suit and names no number."""
        assert self.runs is not None
        v = self.variant
        key = (step.by, step.cards)
        if key in self._run_said:
            refused = self._run_said[key]
        else:
            said = self.runs.refuse_run(v, step.cards, step.by)
            refused = None if said is None else _unit_refusal(step.by, said)
            if len(self._run_said) < _RUNS_KEPT:
                self._run_said[key] = refused
        if refused is not None:
            return refused
        top = step.cards[-1]
        if step.suit is not None:  # each card of a run has its own suit: none is shown
            return _no("R1.1", Reason.NO_SUCH_SUIT, Shown(step.suit, v.card_name(top)), "suit")
        if step.named is not None:
            return self._named_refusal(step.named, self.needs[top], top)
        return None

    def _run_unchosen(self, s: State, step: Play, zone_name: ZoneName) -> Judgement | None:
        """A run before its choices: one zone, never face-down (R4.2); what is pending and
        R3's order, as for its lowest card played alone; each of its cards held (R4.3)."""
        by, cards = step.by, step.cards
        if zone_name == "face_down":
            return _no("R4.2", Reason.ONE_FACE_DOWN, NoFacts())
        seat = s.seats[s.mover]
        refused = self._zone_refusal(s, by, seat, cards[0], 1, zone_name)
        if refused is not None:
            return refused
        zone = seat.zone(zone_name)
        if zone.count == 0:
            return _no("R4.3", Reason.ZONE_EMPTY, InZone(by, zone_name))
        unknown = 0
        for c in cards:
            if self.possible(s, c, zone) < 1:
                return _no("R4.3", Reason.CANNOT_HOLD, self._holding(s, by, c, 1, zone_name))
            if zone.known.get(c, 0) < 1:
                unknown += 1
                if unknown > zone.unknown:  # the unknown cards cannot be all of these
                    return _no("R4.3", Reason.CANNOT_HOLD, self._holding(s, by, c, 1, zone_name))
        return None

    def _run_below(self, s: State, step: Play) -> State:
        """A copy of the state with a run's cards but its top one laid on the pile: what the
        top card sees as it is laid (its choices and its own checks, ruling 166)."""
        view = s.copy_for_play(s.mover)
        zone = view.seats[view.mover].zone(step.zone)
        lower = step.cards[:-1]
        for c in lower:
            revealed = zone.take(c, 1)
            if revealed:
                view.see(c, revealed)
        view.pile.extend(lower)
        return view

    def _judge_run(self, s: State, step: Play) -> Judgement:
        """A run, past its cards, zone and copies (ruling 166): the top card's choices and own
        checks as if it were played alone on the card below it; the pile's check (R5, a
        restriction included) on its lowest card, as that card played alone."""
        by, top, zone_name = step.by, step.cards[-1], cast(ZoneName, step.zone)
        t = self.needs[top]
        dry, self._dry = self._dry, None  # a run's dry runs are its own
        try:
            below = self._run_below(s, step)
            one = step._replace(cards=(top,))
            chosen = self._check_choices(below, one, t, top)
            if chosen is not None:
                return chosen
            landed = self._landing(s, by, step.cards[0], 1, zone_name)
            if landed.legal and t.checked:
                own = self._own_refusal(self._proposal(below, by, below.mover, top, 1, zone_name))
                if own is not None:
                    return own
            return landed
        finally:
            self._dry = dry

    def zone_closed(self, s: State, zone: ZoneName) -> Judgement | None:
        """The refusal every play of the mover from ``zone`` gets now, whatever its cards,
        copies and choices (R3's order), or None when its plays are judged one by one (the
        zone is open, or something pending checks each play).  ``judge`` asks this very check
        first, right after the cards themselves; a screen that judges every choice of a step
        ahead of the taps asks it once per zone instead of once per choice."""
        if s.over or s.pending:
            return None
        return self._zone_order(s, s.names[s.mover], s.seats[s.mover], zone)

    def _zone_refusal(
        self,
        s: State,
        by: str,
        seat: Seat,
        card: Card,
        k: int,
        zone_name: ZoneName,
        suit: str | None = None,
    ) -> Judgement | None:
        """The zone the mover must play from: what is pending checks the play and may name the
        zone (R8.3's follow-up first), else R3's order."""
        if s.pending:
            ask = self._proposal(s, by, s.mover, card, k, zone_name, suit)
            binding = self._binding(s)
            for name, p in binding:
                refused = EFFECTS[name].refuse(p, ask)
                if refused is not None:
                    return _unit_refusal(by, refused)
            for name, p in binding:
                if EFFECTS[name].pending_zone(p, s, s.mover) is not None:
                    return None
        return self._zone_order(s, by, seat, zone_name)

    def _proposal(
        self,
        s: State,
        by: str,
        seat: int,
        card: Card,
        k: int,
        zone_name: ZoneName,
        suit: str | None = None,
    ) -> Proposal:
        pick = self._pick_up_refusal(s, by, table=False) is None
        return Proposal(s, self.variant, by, seat, card, k, zone_name, pick, suit)

    def _copies_refusal(
        self, s: State, by: str, card: Card, k: int, zone: ZoneCards, zone_name: ZoneName
    ) -> Judgement | None:
        """Whether the zone can hold these copies: not empty, one blind card at a time (R4.2),
        no more copies than it may hold (R4.3)."""
        if zone.count == 0:
            return _no("R4.3", Reason.ZONE_EMPTY, InZone(by, zone_name))
        if zone_name == "face_down" and k > 1:
            return _no("R4.2", Reason.ONE_FACE_DOWN, NoFacts())
        if self.possible(s, card, zone) < k:
            return _no("R4.3", Reason.CANNOT_HOLD, self._holding(s, by, card, k, zone_name))
        return None

    def _landing(
        self,
        s: State,
        by: str,
        card: Card,
        k: int,
        zone_name: str,
        suit: str | None = None,
        named: int | None = None,
    ) -> Judgement:
        """The card on the pile, by the one R5 check (``_fit``: any card in a follow-up, R8.3);
        a blind card - face-down, or the draw pile's top card (ruling 109) - is turned over
        whatever it is (R7.5); then the card's own checks on a play that goes.  A card that
        must fit as the card named is asked as that card (``Pile.as_played``, ruling 170)."""
        view = self.pile.view(s)
        judged = self.pile.as_played(card, named)
        if zone_name in BLIND and not view.free:
            name = self.variant.card_name(card)
            gamble = zone_name == DRAW_PILE
            if self.pile.may_land(s, judged, k, zone_name, suit):
                reason = Reason.GAMBLE_FITS if gamble else Reason.FACE_DOWN_FITS
                return _yes("R7.5", reason, Played(by, name))
            # A blind card is turned over whatever it is (R7.5): no card's own check applies.
            reason = Reason.GAMBLE_MISSES if gamble else Reason.FACE_DOWN_MISSES
            return _yes("R7.5", reason, Played(by, name))
        fits = self.pile.fit(view, judged, by, k, zone_name, suit)
        if view.free:  # a play owed at once: the rule of the effect that owes it (R8.3, R9)
            rule = next((p.rule for p in s.pending.values() if p.free), fits.rule)
            fits = fits._replace(rule=rule)
        if named is not None and judged != card:
            fits = self._named_fit(by, card, named, fits)
        if fits.legal and self.needs[card].checked:
            zone = cast(ZoneName, zone_name)  # not blind: one of the mover's zones
            own = self._own_refusal(self._proposal(s, by, s.mover, card, k, zone, suit))
            if own is not None:
                return own
        return fits

    def _named_fit(self, by: str, card: Card, named: int, fits: Judgement) -> Judgement:
        """The one R5 check's verdict on the card named, said of the card played (ruling 170):
        "a Joker named as a 5 fits where a 5 would", or why not."""
        powers = card in self.pile.fast.brought and named_does(self.variant, named)
        said = NamedFit(by, self.variant.card_name(card), named, powers, fits.reason, fits.facts)
        if fits.legal:
            return _yes(fits.rule, Reason.NAMED_FITS, said)
        return _no(fits.rule, Reason.NAMED_MUST_FIT, said)

    def _out_of_turn(self, s: State, step: Step, by: str, mover: str) -> Judgement:
        """A step by another player than the mover that nothing lets in: R6.1, or - while the
        top card lets some plays in out of turn (a cut-in) - that rule in its own words: what
        ``by`` may cut in with now (only cards they may hold, from the zone they play from),
        why nobody may now (a play is owed at once), or that a blind card never cuts in, when
        the card played is one that cuts in (the rule cited is then the cut-in's)."""
        refused = _no("R6.1", Reason.NOT_YOUR_TURN, NotYourTurn(by, mover, s.follow_up))
        if not isinstance(step, Play) or not s.pile or s.pile[-1] not in self.fast.lets_in:
            return refused
        if not step.cards or not self.variant.is_card(step.cards[0]):
            return refused
        top = s.pile[-1]
        unit = next(EFFECTS[e.name] for e in self.variant.effects_of(top) if _lets(e.name))
        if not any(
            self._lets_in(s, step._replace(zone=z), at_once=False) for z in ("hand", "face_up")
        ):
            return refused  # not a card that cuts in: whose turn it is is the reason (R6.1)
        rule = self.variant.rule_for(top, unit.rule)
        if s.follow_up:
            return _no(rule, Reason.CUT_IN_ONLY, CutIn(by, mover, (), None, True))
        seat = s.seat_of(by)
        zone = self.zone_due(s, seat)
        if zone == "face_down":
            return _no(rule, Reason.CUT_IN_ONLY, CutIn(by, mover, (), None, False))
        held = s.seats[seat].zone(zone)
        cards = tuple(
            self.variant.card_name(c)
            for c in self.variant.all_cards()
            if self.possible(s, c, held) >= 1 and self._lets_in(s, Play(by, (c,), zone))
        )
        if not cards:
            return refused
        return _no(rule, Reason.CUT_IN_ONLY, CutIn(by, mover, cards, zone, False))

    def _lets_in(self, s: State, step: Play, *, at_once: bool = True) -> bool:
        """Whether the top card's effects let this player make this play out of turn (never in
        a follow-up, R8.3, nor with a card that is not one, nor from a zone that is not).
        Without ``at_once`` a play owed at once is not asked (the words of a refusal)."""
        if (at_once and s.follow_up) or not s.pile or not step.cards or step.zone not in ZONES:
            return False
        top = s.pile[-1]
        if not self.needs[top].lets_in or not self.variant.is_card(step.cards[0]):
            return False
        zone: ZoneName = step.zone
        ask = self._proposal(s, step.by, s.seat_of(step.by), step.cards[0], len(step.cards), zone)
        # Its effects that work as it lies there (a condition held as it was laid, issue 42).
        lasting = self.pile.lasting(s, len(s.pile) - 1)
        return any(EFFECTS[e.name].lets_in(e.params, ask) for e in lasting)

    def _completes(self, s: State, step: Play) -> bool:
        """Whether a table rule lets this player lay, out of turn, the cards that complete a
        burn on the run on top (ruling 144): the same card, never blind, never while a play is
        owed at once (R8.3)."""
        if not self.completers or s.follow_up or not s.pile or not step.cards:
            return False
        if step.zone not in ("hand", "face_up") or step.cards[0] != s.pile[-1]:
            return False
        run, k = run_on_top(s), len(step.cards)
        return any(u.completes_run(run, k, self.variant) for u in self.completers)

    def _goes_on(self, s: State, step: Play) -> bool:
        """Whether a table rule lets this player go on at once with the card they just played,
        out of turn (``State.going_on``, rulings 110-111): the same card, from the zone it
        names, no more copies than it allows."""
        g = s.going_on
        return (
            g is not None
            and g.by == step.by
            and step.zone == g.zone
            and 0 < len(step.cards) <= g.most
            and not s.follow_up
            and bool(s.pile)
            and step.cards[0] == s.pile[-1]
        )

    def _own_refusal(self, ask: Proposal) -> Judgement | None:
        """The checks a card's own effects make on a play of it (e.g. not as a last card), then
        the table rules' that check plays (``TableRule.refuse_play``)."""
        for e in self.variant.effects_of(ask.card):
            if e.when and not holds(e.when, ask.moment):
                continue  # its condition does not hold for this play (issue 42)
            refused = EFFECTS[e.name].refuse_own(e.params, ask)
            if refused is not None:
                return _unit_refusal(ask.by, refused)
        for rule in self._on_plays:
            if rule.checks(ask.card, self.variant):
                refused = rule.refuse_play(ask)
                if refused is not None:
                    return _unit_refusal(ask.by, refused)
        return None

    def _zone_order(self, s: State, by: str, seat: Seat, zone: ZoneName) -> Judgement | None:
        """R3: hand, then face-up (draw pile gone), then face-down; the first play of a fresh
        deal from the zone a table rule opens for it (``first_zone``)."""
        if zone == "hand":
            return None
        if s.first_play and self.first_zones and zone == self._first_zone(seat):
            return None
        rule = "R3.2" if zone == "face_up" else "R3.3"
        if seat.hand.count:
            return _no(rule, Reason.HAND_FIRST, Who(by))
        if s.draw_pile:
            return _no(rule, Reason.DRAW_PILE_FIRST, Count(by, s.draw_pile))
        if zone == "face_down" and seat.face_up.count:
            return _no("R3.3", Reason.FACE_UP_FIRST, Who(by))
        return None

    def possible(self, s: State, card: Card, zone: ZoneCards) -> int:
        """How many copies of a card a zone may hold (R4.3): its known ones, and as many of its
        unknown cards as there are copies the table has not seen."""
        return zone.known.get(card, 0) + min(zone.unknown, max(self.unseen(s, card), 0))

    def _holding(
        self, s: State, by: str, card: Card, k: int, zone_name: ZoneName, verb: str = "play"
    ) -> Holding:
        """The facts of an R4.3 verdict: where every seen copy of the card is."""
        zone = s.seats[s.seat_of(by)].zone(zone_name)
        places: list[Place] = []
        on_pile = s.pile.count(card)
        if on_pile:
            places.append(Place("pile", on_pile))
        located = on_pile
        for name, seat in zip(s.names, s.seats, strict=True):
            held = (
                seat.hand.known.get(card, 0),
                seat.face_up.known.get(card, 0),
                seat.face_down.known.get(card, 0),
            )
            if not any(held):  # most seats hold no known copy: one look, not three
                continue
            for zn, n in zip(ZONES, held, strict=True):
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
            verb="give" if verb == "give" else "take" if verb == "take" else "play",
            copies=self.copies.get(card, 0),
            possible=self.possible(s, card, zone),
            known=known,
            unknown=zone.unknown,
            count=zone.count,
            unseen=max(self.unseen(s, card), 0),
            places=tuple(places),
        )

    def _check_choices(self, s: State, step: Play, t: Needs, card: Card) -> Judgement | None:
        """The chosen player (`to`) and the given card (`give`), R8."""
        refused = self._target_refusal(
            s, step.by, step.to, t, card, len(step.cards), step.zone, step.suit
        )
        if refused is not None:
            return refused
        if step.named is not None:
            refused = self._named_refusal(step.named, t, card)
            if refused is not None:
                return refused
        if t.chooses_limit or step.limit is not None:
            refused = self._limit_refusal(step, t, card)
            if refused is not None:
                return refused
        if step.give is not None:
            return self.give_refusal(s, step, t, card)
        return None

    def _target_refusal(
        self,
        s: State,
        by: str,
        to: str | None,
        t: Needs,
        card: Card,
        k: int = 1,
        zone: str | None = None,
        suit: str | None = None,
    ) -> Judgement | None:
        """The chosen player (`to`), R8: one exactly where the play needs one, another player
        who plays (and is still in, where the effect acts on their turn).  A card that needs
        one only under a condition needs one only where it holds for the play (ruling 152)."""
        if t.target_when and not t.chooses_now(s, card, k, zone, suit):
            if to is None:
                return None
            name = self.variant.card_name(card)
            rule = self.variant.rule_for(card, t.target_rule)
            # The condition in words where it is one short one (the rules sheet says them all).
            whens = t.target_when
            only = said(whens[0]) if len(whens) == 1 and len(whens[0]) == 1 else ""
            facts = CardFacts(name, card, sometimes=True, only=only)
            return _no(rule, Reason.NO_TARGET_WANTED, facts, field="to")
        if t.needs_target:
            if (  # the usual case: another player who plays (and is in, where it must be)
                to is not None
                and (to != by or t.chosen_may_be_self)
                and to in s.names
                and (not t.chosen_must_be_in or s.is_in(s.seat_of(to)))
            ):
                return self._bound_choice(s, by, to, card) if s.pending else None
            name = self.variant.card_name(card)
            rule = self.variant.rule_for(card, t.target_rule)
            named = CardFacts(name, card)
            if to is None:
                return _no(rule, Reason.NEEDS_TARGET, named, field="to")
            target = Target(to, name, card)
            if to not in s.names:
                return _no(rule, Reason.TARGET_NOT_PLAYING, target, field="to")
            if to == by:
                return _no(rule, Reason.TARGET_SELF, named, field="to")
            # The card's own rule when it has one (e.g. R8.12), else the effect's (R8.6), and
            # why in the effect's own words ("they have no turn to take").
            out = Target(to, name, card, t.chosen_out) if t.chosen_out else target
            return _no(rule, Reason.TARGET_OUT, out, field="to")
        if to is not None:
            name = self.variant.card_name(card)
            rule = self.variant.rule_for(card, t.first_rule)
            return _no(rule, Reason.NO_TARGET_WANTED, CardFacts(name, card), field="to")
        return None

    def _bound_choice(self, s: State, by: str, to: str, card: Card) -> Judgement | None:
        """What is pending may bind the player a play chooses (a reflection goes back to the
        one who flashed it, ``EffectSpec.refuse_chosen``)."""
        for name, p in s.pending.items():
            if name in CHOOSING_UNITS:
                refused = EFFECTS[name].refuse_chosen(p, s, self.variant, by, card, to)
                if refused is not None:
                    return _unit_refusal(by, refused)
        return None

    def _named_refusal(self, named: int, t: Needs, card: Card) -> Judgement | None:
        """The number named (``step.named``, a record's ``as``; ruling 153): only for a card
        whose player names what it counts as, and a number of the variant's ranks."""
        if not t.names_value:
            rule = self.variant.rule_for(card, t.first_rule)
            name = self.variant.card_name(card)
            return _no(rule, Reason.NO_NAME_WANTED, CardFacts(name, card), field="as")
        if named not in self.variant.ranks:
            return _no("R1.1", Reason.NO_SUCH_NAMED, UnknownCard(named), field="as")
        if t.names is not None and named not in t.names:  # only some numbers (ruling 165)
            rule = self.variant.rule_for(card, t.first_rule)
            only = NamedOnly(self.variant.card_name(card), t.names)
            return _no(rule, Reason.NAME_NOT_ALLOWED, only, field="as")
        return None

    def _limit_refusal(self, step: Play, t: Needs, card: Card) -> Judgement | None:
        """Higher or lower (``step.limit``, a record's ``limit``; ruling 171): said exactly
        where the card asks it, as one of the two."""
        name = self.variant.card_name(card)
        rule = self.variant.rule_for(card, t.first_rule)
        if not t.chooses_limit:
            return _no(rule, Reason.NO_LIMIT_WANTED, CardFacts(name, card), field="limit")
        if step.limit is None:
            return _no(rule, Reason.NO_LIMIT_CHOSEN, Played(step.by, name), field="limit")
        if step.limit not in LIMITS:
            return _no(rule, Reason.NO_SUCH_LIMIT, Played(step.by, name), field="limit")
        return None

    def give_refusal(self, s: State, step: Play, t: Needs, card: Card) -> Judgement | None:
        """The card given (``step.give``, R8.9), the last of a play's choices: ``judge`` asks
        it after every other check but the pile, and ``_plays_of`` of each card a play could
        give once the same play giving nothing has passed them all."""
        if t.give_effect is None:
            rule = self.variant.rule_for(card, t.first_rule)
            name = self.variant.card_name(card)
            return _no(rule, Reason.NO_GIVE_WANTED, CardFacts(name, card), field="give")
        give = step.give
        if give is None:
            return None
        if t.give_when and not t.gives_now(s, card, len(step.cards), step.zone, step.suit):
            # It gives a card only under a condition, which does not hold for this play
            # (ruling 163): a card named is refused with the reason, never quietly ignored.
            rule = self.variant.rule_for(card, EFFECTS[t.give_effect].rule)
            whens = t.give_when
            only = said(whens[0]) if len(whens) == 1 and len(whens[0]) == 1 else ""
            none = CardFacts(self.variant.card_name(card), card, sometimes=True, only=only)
            return _no(rule, Reason.NO_GIVE_WANTED, none, field="give")
        if not self.variant.is_card(give):
            return _no("R1.1", Reason.NO_SUCH_GIVE, UnknownCard(give), field="give")
        # The card given is chosen in order of play (R8.9) from what the giver holds when
        # that effect resolves: after the play and the card's earlier effects.
        then = self.dry_run(s, step, t.give_effect)
        if then is None:
            # The play burns (a blind card that misses is judged before): its effect lapses
            # (R7.2), so no card named can have been given (ruling 173).
            lapsed = CardFacts(self.variant.card_name(card), card, sometimes=True)
            return _no("R7.2", Reason.NO_GIVE_WANTED, lapsed, field="give")
        seat = then.seats[then.seat_of(step.by)]  # the giver, wherever they now sit
        zone_name = first_zone(seat)
        if zone_name is None:
            # Nothing is left to give (R8.9: it lapses), so no card named can be given.
            rule = self.variant.rule_for(card, EFFECTS[t.give_effect].rule)
            left = Played(step.by, self.variant.card_name(give))
            return _no(rule, Reason.NOTHING_TO_GIVE, left, field="give")
        if self.possible(then, give, seat.zone(zone_name)) < 1:
            facts = self._holding(then, step.by, give, 1, zone_name, verb="give")
            return _no("R4.3", Reason.CANNOT_HOLD, facts, field="give")
        return None

    # --- where the mover plays from -----------------------------------------------------------

    def _pending_zone(self, s: State, seat: int) -> ZoneName | None:
        """The zone something pending makes the player at ``seat`` play from, if any (a play
        due at once first, R8.3)."""
        for name, p in self._binding(s):
            zone = EFFECTS[name].pending_zone(p, s, seat)
            if zone is not None:
                return zone
        return None

    def zone_due(self, s: State, seat_index: int) -> ZoneName:
        """The zone a player plays from now: what is pending says (R8.3's follow-up, a house
        rule), else R3 (hand while it or the draw pile lasts, then face-up, face-down)."""
        seat = s.seats[seat_index]
        if s.pending:
            zone = self._pending_zone(s, seat_index)
            if zone is not None:
                return zone
        if s.first_play and self.first_zones:
            zone = self._first_zone(seat)
            if zone is not None:
                return zone
        if seat.hand.count or s.draw_pile:
            return "hand"
        if seat.face_up.count:
            return "face_up"
        return "face_down"

    def _first_zone(self, seat: Seat) -> ZoneName | None:
        """The zone a table rule opens for the game's first play by the player at ``seat``."""
        for rule in self.first_zones:
            zone = rule.first_zone(self.variant, seat)
            if zone is not None:
                return zone
        return None

    def some_target(
        self, s: State, by: str, card: Card, k: int = 1, zone: str | None = None
    ) -> str | None:
        """A player a play of ``k`` copies of the card from ``zone`` could choose (the first
        other one who is in, else any other), None where it chooses nobody: the advice asks
        whether the card may go, not whom it picks.  What is pending may bind the choice (a
        reflection goes back): then the first player it allows."""
        if not self.needs[card].chooses_now(s, card, k, zone):
            return None
        others = [n for n in s.names if n != by]
        ins = [n for n in others if s.is_in(s.seat_of(n))]
        if s.pending and ins:
            ins = [n for n in ins if self._bound_choice(s, by, n, card) is None] or ins
        return ins[0] if ins else others[0] if others else None

    # --- dry runs -----------------------------------------------------------------------------

    @contextmanager
    def still(self) -> Iterator[None]:
        """While the state stands still (the generator judging one card's candidate plays): a
        play naming each card it could give runs the same dry run for each; it is made once."""
        self._dry = {}
        try:
            yield
        finally:
            self._dry = None

    def dry_run(self, s: State, step: Play, effect_name: str) -> State | None:
        """``state_at`` (a dry run of ``step`` up to ``effect_name``), made once per play and
        effect while one card's candidates are judged (the card given plays no part in it);
        the state it gives is only read."""
        memo = self._dry
        if memo is None:
            return self._state_at(s, step, effect_name)
        key = (step if step.give is None else step._replace(give=None), effect_name)
        if key not in memo:
            memo[key] = self._state_at(s, step, effect_name)
        return memo[key]


def _nothing_chosen_on_pick_up(step: PickUp) -> Judgement:
    """A pick-up names no chosen player and no card given (R6.2): a record that names one
    is well-formed, and the step is illegal, naming the field (GAME-RECORDS.md, ruling 174)."""
    what = CardFacts("picking up the pile")
    if step.to is not None:
        return _no("R6.2", Reason.NO_TARGET_WANTED, what, field="to")
    return _no("R6.2", Reason.NO_GIVE_WANTED, what, field="give")
