"""The rule checks: the one place that decides whether a step is allowed (R3-R8, R11.1).

``Rules`` is one part of a game (``engine.game.Game`` holds it): it reads the state it is
given and changes nothing.  ``judge`` decides a step as a rule, a reason code and its typed
facts; ``explain`` words that verdict (``referee.words.sentences``), with what the mover may do instead
(R11.1); ``hint`` says what the mover may do now; ``legal_steps`` lists every legal step in
full-information mode, as python-chess derives its legal moves: the candidate steps are
generated from what the mover holds in the zone they must play from, and ``judge`` is the one
filter (for plain cards its R5 answers are kept per variant, ``engine.fast``).  A choice that
depends on a card's earlier effects is judged on an explicit copy of the state, played up to
that effect (``state_at``, given by the game).  What an effect leaves pending is asked of its
unit (``State.pending``): the zone it makes a player play from and the check it imposes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple, cast

from referee import words
from referee.effects import (
    EFFECTS,
    EffectSpec,
    Needs,
    PileView,
    Proposal,
    Refusal,
    Traits,
    first_zone,
)
from referee.engine.fast import FastTables
from referee.engine.parts import strength
from referee.engine.steps import BLIND, DRAW_PILE, ZONES, PickUp, Play, Step, Verdict
from referee.state import Pending, Seat, State, ZoneCards, ZoneName
from referee.tablerules import ZONES as TABLE_ZONES
from referee.tablerules import TableRule, active
from referee.variant import core
from referee.variant.model import Card, Variant
from referee.words import sentences
from referee.words.reasons import (
    CardFacts,
    Count,
    CutIn,
    Facts,
    GameOver,
    HintFacts,
    Holding,
    HouseRule,
    InZone,
    MayGo,
    MixedCards,
    NoFacts,
    NotYourTurn,
    OnTop,
    Place,
    Played,
    Reason,
    Restricted,
    Taken,
    Target,
    TooLow,
    UnknownCard,
    Who,
)
from referee.words.sentences import Voice

StateAt = Callable[[State, Play, str], State | None]
"""A dry run: a copy of the state with the play applied up to just before the named effect of
the played card, or None when that effect is not reached (the play burns, a face-down card does
not fit).  The game's own way of applying a play, so a choice is judged on what the effect will
actually see."""


class Judgement(NamedTuple):
    """A verdict before its words: legal or not, the rule, the reason and its facts."""

    legal: bool
    rule: str
    reason: Reason
    facts: Facts
    field: str | None = None


_NO_CARDS: frozenset[Card] = frozenset()


def _beats(card: int, value: int) -> bool:
    """R5.2: a number goes on the same value or higher (the core rules' table says whether
    the same value may follow)."""
    return card >= value if core.RULES.equal_may_follow else card > value


def _lets(effect: str) -> bool:
    """Whether an effect may let a player step out of turn while its card lies on top."""
    return type(EFFECTS[effect]).lets_in is not EffectSpec.lets_in


def _yes(rule: str, reason: Reason, facts: Facts) -> Judgement:
    return Judgement(True, rule, reason, facts)


def _no(rule: str, reason: Reason, facts: Facts, field: str | None = None) -> Judgement:
    return Judgement(False, rule, reason, facts, field)


class Rules:
    """Verdicts, hints and the legal steps of one variant (R11.1), for any state given."""

    def __init__(
        self, variant: Variant, decks: int, *, full_information: bool, state_at: StateAt
    ) -> None:
        self.variant = variant
        self.full_information = full_information
        fast = self.fast = FastTables.of(variant, self.fits_view)
        # Per-card facts, made once per variant (the fast tables keep them).
        self.traits: dict[Card, Traits] = fast.traits
        self.needs: dict[Card, Needs] = fast.needs
        self._lands = fast.lands  # the units that limit where a card may land (lands_on)
        self._takes = fast.takes  # the units that limit what may go on a card (takes)
        self._counts = fast.counts  # what each card counts as on top
        self._see_through = fast.see_through
        self.copies = {c: variant.copies_per_deck(c) * decks for c in variant.all_cards()}
        self.voice: Voice = self.fast.voice
        # The table rules the variant sets (referee/tablerules/), by the hooks they have: the
        # engine asks these, never a rule by its name.
        table = self.table = active(variant)
        self._on_pick_up = [u for u in table if u.has("refuse_pick_up")]
        self._closing = any(u.plays_close_pick_up for u in table)  # asked by every legal_steps
        self._zone_rules = [u for u in table if u.zone]
        self._takers = [u for u in table if u.has("takes_face_up")]
        self._on_plays = [u for u in table if u.has("refuse_play")]
        self._table_steps = self._closing or bool(self._zone_rules)
        self.zones: tuple[str, ...] = (*ZONES, *(u.zone for u in self._zone_rules))
        self._state_at = state_at
        # The dry runs made while one card's candidate plays are judged (``_plays_of``): a play
        # naming each card it could give runs the same dry run for every one of them.
        self._dry: dict[tuple[Play, str], State | None] | None = None

    # --- verdicts -----------------------------------------------------------------------------

    def explain(self, s: State, step: Step) -> Verdict:
        """The verdict on a proposed step, in words, citing RULES.md (R11.1). Changes nothing."""
        return self.worded(s, self.judge(s, step))

    def worded(self, s: State, j: Judgement, hint: str | None = None) -> Verdict:
        """A judgement at ``s`` in words.  ``hint`` (``self.hint(s)``, what may be done
        instead) when the caller has it already: every refusal at one position shares it, and
        it is the costly part (each card judged again), so a screen wording many verdicts of
        one step works it out once."""
        message = sentences.verdict_message(j.reason, j.facts, self.voice)
        if j.legal:
            return Verdict(True, j.rule, message, "", None, j.reason, j.facts)
        if hint is None:
            hint = sentences.GAME_IS_OVER if s.over else self.hint(s)
        instead = sentences.GAME_IS_OVER if s.over else hint
        return Verdict(False, j.rule, message, instead, j.field, j.reason, j.facts)

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
            if isinstance(step, Play) and (self._lets_in(s, step) or self._goes_on(s, step)):
                # Out of turn, as the top card allows: judged as if it were theirs to make.
                view = s.copy()
                view.mover = s.seat_of(by)
                return self._judge_play(view, step)
            return self._out_of_turn(s, step, by, mover)
        if isinstance(step, PickUp):
            refused = self._pick_up_refusal(s, by)
            if refused is not None:
                return refused
            if step.take is not None or self._takers:
                return self._judge_take(s, step)
            return _yes("R6.2", Reason.PICK_UP, Count(by, len(s.pile)))
        opened = TABLE_ZONES.get(step.zone)
        if opened is not None:
            return self._judge_from(opened, s, step)
        return self._judge_play(s, step)

    # --- what the table rules ask (referee/tablerules/) -----------------------------------------

    def known_plays(self, s: State, by: str) -> tuple[Card, ...] | None:
        return self._known_plays(s, by)

    def could_pick_up(self, s: State, by: str) -> bool:
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
            return self._refused(by, said)
        if self.may_land(s, card):  # one that does not fit asks no choice (R7.5)
            chosen = self._check_choices(s, step, self.needs[card], card)
            if chosen is not None:
                return chosen
        return self._landing(s, by, card, len(step.cards), step.zone)

    def takes_face_up(self, s: State) -> bool:
        """Whether the mover who picks up now also takes a face-up card into the hand (a table
        rule, docs/rulings.md, ruling 108)."""
        return any(u.takes_face_up(self, s) for u in self._takers)

    def take_choices(self, s: State) -> tuple[Card, ...]:
        """The face-up cards the mover may take with the pile (R4.3: any card the zone may
        hold), or () when the table rule does not ask for one now."""
        if not self.takes_face_up(s):
            return ()
        zone = s.seats[s.mover].face_up
        cards = [c for c in self.variant.all_cards() if self._possible(s, c, zone) >= 1]
        return tuple(sorted(cards, key=strength))

    def _judge_take(self, s: State, step: PickUp) -> Judgement:
        """A pick-up where the table rule may take a face-up card along: it must name one
        exactly when the rule applies, a card the face-up cards may hold (R4.3)."""
        by, card = step.by, step.take
        if not self.takes_face_up(s):
            if card is None:
                return _yes("R6.2", Reason.PICK_UP, Count(by, len(s.pile)))
            return _no("R6.2", Reason.NO_TAKE_WANTED, Who(by), field="take")
        if card is None:
            return _no("R6.2", Reason.TAKE_NEEDED, Who(by), field="take")
        if not self.variant.is_card(card):
            return _no("R1.1", Reason.NO_SUCH_CARD, UnknownCard(card), field="take")
        if self._possible(s, card, s.seats[s.mover].face_up) < 1:
            facts = self._holding(s, by, card, 1, "face_up", verb="take")
            return _no("R4.3", Reason.CANNOT_HOLD, facts, field="take")
        name = self.variant.card_name(card)
        return _yes("R6.2", Reason.PICK_UP_TAKE, Taken(by, len(s.pile), name))

    def _pick_up_refusal(self, s: State, by: str, *, table: bool = True) -> Judgement | None:
        """Why the mover may not pick up the pile now: what is pending forbids it (R8.3's
        follow-up, a house rule), there is nothing to pick up (R6.3), or the table's rule says
        a player who can play must (issue 31.2; ``table=False`` leaves that rule out, for the
        plays' own checks that ask whether picking up was open)."""
        for name, p in self._binding(s):
            refused = EFFECTS[name].refuse_pick_up(p, s, by)
            if refused is not None:
                return self._refused(by, refused)
        if not s.pile:
            return _no("R6.3", Reason.PICK_UP_EMPTY, Who(by))
        if table:
            for rule in self._on_pick_up:
                said = rule.refuse_pick_up(self, s, by)
                if said is not None:
                    return self._refused(by, said)
        return None

    def _known_plays(self, s: State, by: str) -> tuple[Card, ...] | None:
        """The cards the mover is known to hold in the zone due that may go now (``judge``), or
        None when they are known to hold none; () for face-down cards, which may always be
        turned over (R7.5).  The referee sees only what the table has seen (R4.3)."""
        zone_name = self.zone_due(s, s.mover)
        zone = s.seats[s.mover].zone(zone_name)
        if zone_name == "face_down":
            return () if zone.count else None
        found = tuple(
            card
            for card, have in zone.known.items()
            if any(  # every number of copies held: after a pair, one alone may not go (R9)
                self._judge_play(
                    s, Play(by, (card,) * k, zone_name, self._some_target(s, by, card))
                ).legal
                for k in range(1, have + 1)
            )
        )
        return tuple(sorted(found, key=strength)) or None

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
        refused = self._cards_refusal(step)
        if refused is not None:
            return refused
        if step.zone not in ZONES:
            return _no("R4.1", Reason.NO_SUCH_ZONE, InZone(step.by, step.zone), field="zone")
        zone_name: ZoneName = step.zone  # checked just above
        card = step.cards[0]
        k = len(step.cards)
        refused = self._before_choices(s, step.by, card, k, zone_name)
        if refused is not None:
            return refused
        if zone_name == "face_down" and not self.may_land(s, card):
            # R7.5: a blind card that does not fit has no effect, so it asks for no chosen
            # player nor card given (one named is let be, as older records may name one).
            return self._landing(s, step.by, card, k, zone_name)
        chosen = self._check_choices(s, step, self.needs[card], card)
        if chosen is not None:
            return chosen
        return self._landing(s, step.by, card, k, zone_name)

    def _before_choices(
        self, s: State, by: str, card: Card, k: int, zone_name: ZoneName
    ) -> Judgement | None:
        """The checks of a play that come before its choices: the zone (what is pending, R8.3,
        R3), then the copies held (R4.2, R4.3)."""
        seat = s.seats[s.mover]
        refused = self._zone_refusal(s, by, seat, card, k, zone_name)
        if refused is not None:
            return refused
        return self._copies_refusal(s, by, card, k, seat.zone(zone_name), zone_name)

    def choices_moot(self, s: State, card: Card, k: int, zone: ZoneName) -> Judgement | None:
        """The refusal every play of ``k`` copies of ``card`` from ``zone`` by the mover gets
        now, whatever player or card it names, or None when its choices are judged one by one.
        ``judge`` asks these very checks (``_before_choices``) before the choices (R8); a
        screen that judges every choice of a step ahead of the taps asks them once per card,
        zone and count instead of once per choice, as with ``zone_closed``."""
        if s.over or not self.variant.is_card(card):
            return None
        return self._before_choices(s, s.names[s.mover], card, k, zone)

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
            names = tuple(v.card_name(c) for c in cards)
            return _no("R4.1", Reason.MIXED_CARDS, MixedCards(names), field="play")
        return None

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
        self, s: State, by: str, seat: Seat, card: Card, k: int, zone_name: ZoneName
    ) -> Judgement | None:
        """The zone the mover must play from: what is pending checks the play and may name the
        zone (R8.3's follow-up first), else R3's order."""
        if s.pending:
            ask = self._proposal(s, by, s.mover, card, k, zone_name)
            binding = self._binding(s)
            for name, p in binding:
                refused = EFFECTS[name].refuse(p, ask)
                if refused is not None:
                    return self._refused(by, refused)
            for name, p in binding:
                if EFFECTS[name].pending_zone(p, s, s.mover) is not None:
                    return None
        return self._zone_order(s, by, seat, zone_name)

    def _proposal(
        self, s: State, by: str, seat: int, card: Card, k: int, zone_name: ZoneName
    ) -> Proposal:
        pick = self._pick_up_refusal(s, by, table=False) is None
        return Proposal(s, self.variant, by, seat, card, k, zone_name, pick)

    def _copies_refusal(
        self, s: State, by: str, card: Card, k: int, zone: ZoneCards, zone_name: ZoneName
    ) -> Judgement | None:
        """Whether the zone can hold these copies: not empty, one blind card at a time (R4.2),
        no more copies than it may hold (R4.3)."""
        if zone.count == 0:
            return _no("R4.3", Reason.ZONE_EMPTY, InZone(by, zone_name))
        if zone_name == "face_down" and k > 1:
            return _no("R4.2", Reason.ONE_FACE_DOWN, NoFacts())
        if self._possible(s, card, zone) < k:
            return _no("R4.3", Reason.CANNOT_HOLD, self._holding(s, by, card, k, zone_name))
        return None

    def _landing(self, s: State, by: str, card: Card, k: int, zone_name: str) -> Judgement:
        """The card on the pile, by the one R5 check (``_fit``: any card in a follow-up, R8.3);
        a blind card - face-down, or the draw pile's top card (ruling 109) - is turned over
        whatever it is (R7.5); then the card's own checks on a play that goes."""
        view = self.pile_view(s)
        if zone_name in BLIND and not view.free:
            name = self.variant.card_name(card)
            gamble = zone_name == DRAW_PILE
            if card in self.fast.fits(view):
                reason = Reason.GAMBLE_FITS if gamble else Reason.FACE_DOWN_FITS
                return _yes("R7.5", reason, Played(by, name))
            # A blind card is turned over whatever it is (R7.5): no card's own check applies.
            reason = Reason.GAMBLE_MISSES if gamble else Reason.FACE_DOWN_MISSES
            return _yes("R7.5", reason, Played(by, name))
        fits = self._fit(view, card, by)
        if view.free:  # a play owed at once: the rule of the effect that owes it (R8.3, R9)
            rule = next((p.rule for p in s.pending.values() if p.free), fits.rule)
            fits = fits._replace(rule=rule)
        if fits.legal and self.needs[card].checked:
            zone = cast(ZoneName, zone_name)  # not blind: one of the mover's zones
            own = self._own_refusal(self._proposal(s, by, s.mover, card, k, zone))
            if own is not None:
                return own
        return fits

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
            if self._possible(s, c, held) >= 1 and self._lets_in(s, Play(by, (c,), zone))
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
        return any(EFFECTS[e.name].lets_in(e.params, ask) for e in self.variant.effects_of(top))

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

    def out_of_turn_steps(self, s: State) -> list[Step]:
        """Full information: the plays other players may make out of turn now (the top card
        lets them, or a table rule lets its player go on with it), in seat order from the
        mover; each through ``judge``."""
        if s.over or s.follow_up or not s.pile:
            return []
        found: list[Step] = []
        g = s.going_on
        if g is not None:  # a table rule (rulings 110-111)
            top = s.pile[-1]
            have = min(s.seats[s.seat_of(g.by)].zone(g.zone).known.get(top, 0), g.most)
            found += [
                p for p in self._candidates(s, g.by, top, have, g.zone) if self.judge(s, p).legal
            ]
        if s.pile[-1] not in self.fast.lets_in:
            return found
        top = s.pile[-1]
        n = len(s.seats)
        for d in range(1, n):
            i = (s.mover + d * s.direction) % n
            seat = s.seats[i]
            by = s.names[i]
            for zone_name in ZONES:
                have = seat.zone(zone_name).known.get(top, 0)
                for play in self._candidates(s, by, top, have, zone_name):
                    if self.judge(s, play).legal:
                        found.append(play)
        return found

    def _refused(self, by: str, r: Refusal) -> Judgement:
        """A unit's refusal as a verdict: the rule book's own reason when the unit keeps one of
        its rules (R8.3), else a house rule's (R9)."""
        if r.reason is not None and r.facts is not None:
            return _no(r.rule, r.reason, r.facts, r.field)
        return _no(r.rule, Reason.HOUSE_RULE, HouseRule(r.effect, r.code, by, r.words))

    def _own_refusal(self, ask: Proposal) -> Judgement | None:
        """The checks a card's own effects make on a play of it (e.g. not as a last card), then
        the table rules' that check plays (``TableRule.refuse_play``)."""
        for e in self.variant.effects_of(ask.card):
            refused = EFFECTS[e.name].refuse_own(e.params, ask)
            if refused is not None:
                return self._refused(ask.by, refused)
        for rule in self._on_plays:
            if rule.checks(ask.card, self.variant):
                refused = rule.refuse_play(ask)
                if refused is not None:
                    return self._refused(ask.by, refused)
        return None

    def _zone_order(self, s: State, by: str, seat: Seat, zone: ZoneName) -> Judgement | None:
        """R3: hand, then face-up (draw pile gone), then face-down."""
        if zone == "hand":
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
        """How many copies of a card a zone may hold (R4.3)."""
        return self._possible(s, card, zone)

    def _possible(self, s: State, card: Card, zone: ZoneCards) -> int:
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
            possible=self._possible(s, card, zone),
            known=known,
            unknown=zone.unknown,
            count=zone.count,
            unseen=max(self.unseen(s, card), 0),
            places=tuple(places),
        )

    def _check_choices(self, s: State, step: Play, t: Needs, card: Card) -> Judgement | None:
        """The chosen player (`to`) and the given card (`give`), R8."""
        name = self.variant.card_name(card)
        if t.needs_target:
            rule = self.variant.rule_for(card, t.target_rule)
            named = CardFacts(name, card)
            if step.to is None:
                return _no(rule, Reason.NEEDS_TARGET, named, field="to")
            target = Target(step.to, name, card)
            if step.to not in s.names:
                return _no(rule, Reason.TARGET_NOT_PLAYING, target, field="to")
            if step.to == step.by:
                return _no(rule, Reason.TARGET_SELF, named, field="to")
            if t.chosen_must_be_in and not s.is_in(s.seat_of(step.to)):
                # The card's own rule when it has one (e.g. R8.12), else the effect's (R8.6).
                return _no(rule, Reason.TARGET_OUT, target, field="to")
        elif step.to is not None:
            rule = self.variant.rule_for(card, t.first_rule)
            return _no(rule, Reason.NO_TARGET_WANTED, CardFacts(name, card), field="to")
        if step.give is not None:
            return self._give_refusal(s, step, t, card)
        return None

    def _give_refusal(self, s: State, step: Play, t: Needs, card: Card) -> Judgement | None:
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
        if not self.variant.is_card(give):
            return _no("R1.1", Reason.NO_SUCH_GIVE, UnknownCard(give), field="give")
        # The card given is chosen in order of play (R8.9) from what the giver holds when
        # that effect resolves: after the play and the card's earlier effects.
        then = self._dry_run(s, step, t.give_effect)
        if then is not None:
            seat = then.seats[then.seat_of(step.by)]  # the giver, wherever they now sit
            zone_name = first_zone(seat)
            if zone_name is not None and self._possible(then, give, seat.zone(zone_name)) < 1:
                facts = self._holding(then, step.by, give, 1, zone_name, verb="give")
                return _no("R4.3", Reason.CANNOT_HOLD, facts, field="give")
        return None

    # --- the pile -----------------------------------------------------------------------------

    def top_card(self, s: State) -> Card | None:
        """The card that judges the next play: the top, seen through transparent cards."""
        see_through = self._see_through
        for card in reversed(s.pile):
            if card not in see_through:
                return card
        return None

    def counts(self, card: Card | None) -> int | None:
        """What a card counts as on top (R5.2, R5.4); None: anything may go (no card)."""
        return self._counts[card]

    def top_value(self, s: State) -> int | None:
        """What the next play must equal or beat (R5.2, R5.4); None: anything may go."""
        return self.counts(self.top_card(s))

    def pile_view(self, s: State) -> PileView:
        """The pile as the next card to land sees it: all the one R5 check reads."""
        pile = s.pile
        top: Card | None = None
        judge: Card | None = None
        if pile:
            top = pile[-1]
            judge = top if top not in self._see_through else self.top_card(s)
        if s.pending:
            free = any(p.free for p in s.pending.values())
            return PileView(top, judge, self._counts[judge], s.restriction, free)
        return PileView(top, judge, self._counts[judge])

    def may_follow(self, card: Card) -> frozenset[Card]:
        """The cards that may land on ``card`` just played on its own (no restriction set by
        it): what a bot asks of the one R5 check before it plays a plain card."""
        value = self.counts(card)
        return self.fast.fits(PileView(card, card, value))

    def may_land(self, s: State, card: Card) -> bool:
        """Whether a card may go on the pile now: the yes/no of ``_fit``, kept per view."""
        return card in self.fast.fits(self.pile_view(s))

    def fits_view(self, view: PileView, card: Card) -> bool:
        """``_fit``'s yes or no, which the fast tables keep per view."""
        return self._fit(view, card, "").legal

    def _fit(self, view: PileView, card: Card, by: str) -> Judgement:
        """The one R5 check: may this card land on the pile as it is?  Every answer about
        landing - verdicts, legal steps, a blind face-down card, the advice, the bots - is this
        one's (``may_land``, ``FastTables.fits``).  In order: a play due at once takes any card
        (R8.3); the card's own units say where it may land, then the units of the card that
        judges say what may go on it (house rules); a wild card goes on anything (R5.3); a
        restriction binds (R5.4); else equal or higher (R5.1, R5.2)."""
        name = self.variant.card_name(card)
        if view.free:
            return _yes("R8.3", Reason.FOLLOW_UP_PLAY, Who(by))
        for unit, params in self._lands[card]:
            refused = unit.lands_on(params, card, view, self.variant)
            if refused is not None:
                return self._refused(by, refused)
        for unit, params in self._takes[view.judge]:
            refused = unit.takes(params, card, view, self.variant)
            if refused is not None:
                return self._refused(by, refused)
        if self.traits[card].wild:
            return _yes("R5.3", Reason.WILD, Played(by, name))
        r = view.restriction
        if r is not None:
            if r.allows(card):
                return _yes("R5.4", Reason.IN_RANGE, Restricted(by, name, r))
            # The restriction names the card that set it and its rule, also after that card
            # left the game (a one-time card) or lies under a see-through card.
            return _no(r.rule, Reason.RESTRICTED, Restricted(by, name, r))
        value = view.value
        if value is None:
            return _yes("R5.1", Reason.EMPTY_PILE, Played(by, name))
        if isinstance(card, int) and _beats(card, value):
            return _yes("R5.2", Reason.HIGHER, OnTop(by, name, self._top_words(view)))
        return _no("R5.2", Reason.TOO_LOW, TooLow(by, name, self._top_words(view), value))

    def _top_words(self, view: PileView) -> str:
        card = view.judge
        if card is None:
            return "an empty pile"
        value = view.value
        name = self.variant.card_name(card)
        if view.top is not None and view.top != card:
            name = f"{name} (seen through {self.variant.card_name(view.top)})"
        if isinstance(card, str) or value != card:
            if self.variant.ordinary and value:  # 'Mirror, which counts as a Queen'
                return f"{name}, which counts as {words.a_number(value, self.variant)}"
            return f"{name}, which counts {value}"
        return name

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
        if seat.hand.count or s.draw_pile:
            return "hand"
        if seat.face_up.count:
            return "face_up"
        return "face_down"

    # --- hints --------------------------------------------------------------------------------

    def hint_data(self, s: State) -> HintFacts:
        """The facts of what the player to move may do now (R11.2), for ``sentences.hint``: the
        legal set, read from the verdicts (``judge``, R4.3 included) on every card the mover
        may hold in the zone due, so the advice says exactly what ``judge`` allows and names
        no card the table knows they cannot have."""
        if s.over:
            return HintFacts(over=True, loser=s.loser)
        by = s.names[s.mover]
        seat = s.seats[s.mover]
        zone = self.zone_due(s, s.mover)
        held = seat.zone(zone)
        universe = tuple(c for c in self.variant.all_cards() if self._possible(s, c, held) >= 1)
        counts = self._allowed(s, zone, universe)
        return HintFacts(
            over=False,
            who=by,
            zone=zone,
            follow_up=s.follow_up,
            # No hand cards while a draw pile remains: the table cards wait (R3.2).
            locked=not s.follow_up and zone == "hand" and not seat.hand.count,
            restriction=s.restriction,
            value=self.top_value(s),
            pile=len(s.pile),
            chosen_player_cards=tuple(
                self.variant.card_name(c) for c in counts if self.needs[c].needs_target
            ),
            may=self._may_go(universe, counts),
            pick_up=self.may_pick_up(s),
            take=self.takes_face_up(s),
            **{k: v for u in self._zone_rules for k, v in u.hint(self, s).items()},
        )

    def _allowed(self, s: State, zone: ZoneName, universe: Iterable[Card]) -> dict[Card, int]:
        """Each card of ``universe`` (those the mover may hold in ``zone``, R4.3) that may go
        now, with the fewest copies that may go together: one, unless a house rule's own check
        asks for more (a pair after a pair).  Each is one proposal through ``judge``'s play
        checks, copies held included; a face-down card counts when it fits (R7.5)."""
        by = s.names[s.mover]
        held = s.seats[s.mover].zone(zone)
        if held.count == 0:
            return {}
        found: dict[Card, int] = {}
        for card in universe:
            to = self._some_target(s, by, card)
            most = 1 if zone == "face_down" else max(1, self._possible(s, card, held))
            for k in range(1, most + 1):
                j = self._judge_play(s, Play(by, (card,) * k, zone, to))
                if j.legal and j.reason is not Reason.FACE_DOWN_MISSES:
                    found[card] = k
                    break
                if j.reason is not Reason.HOUSE_RULE:
                    break  # only a house rule's own check may ask for more copies
        return found

    def _some_target(self, s: State, by: str, card: Card) -> str | None:
        """A player the card could choose (the first other one who is in, else any other):
        the advice asks whether the card may go, not whom it picks."""
        if not self.needs[card].needs_target:
            return None
        others = [n for n in s.names if n != by]
        return next((n for n in others if s.is_in(s.seat_of(n))), others[0] if others else None)

    def _may_go(self, universe: tuple[Card, ...], counts: dict[Card, int]) -> MayGo:
        """The cards that may go (``counts``) beside those the mover may hold (``universe``),
        by kind, as the words need them, and how many must go together."""
        v = self.variant
        at_least = min(counts.values(), default=1)
        if len(counts) == len(universe) and at_least == 1:
            return MayGo(any=True)

        def wild(c: Card) -> bool:
            return isinstance(c, int) and self.traits[c].wild

        numbers = [c for c in universe if isinstance(c, int) and not wild(c)]
        specials = [c for c in universe if isinstance(c, str)]
        ranks = [c for c in universe if wild(c)]
        return MayGo(
            any=False,
            numbers=tuple(c for c in numbers if c in counts),
            all_numbers=tuple(numbers),
            karma=tuple(v.card_name(c) for c in specials if c in counts),
            all_karma=tuple(v.card_name(c) for c in specials),
            wild=tuple(v.card_name(c) for c in ranks if c in counts),
            all_wild=tuple(v.card_name(c) for c in ranks),
            at_least=at_least,
        )

    def hint(self, s: State) -> str:
        """What the player to move may do now, in plain words (R11.2)."""
        return sentences.hint(self.hint_data(s), self.voice)

    # --- full information: generation plus one filter ------------------------------------------

    def legal_steps(self, s: State) -> list[Step]:
        """Every legal step of the player to move (full-information mode only).

        Generation: every play of the cards the mover holds in the zone due (each number of
        copies, each chosen player, each card they could give), and the pick-up.  One filter:
        ``judge``.  The simulator's hot path keeps two of its answers per variant: which cards
        may land on a pile as it is (``FastTables.fits``: ``_fit``, the R5 part of ``judge``,
        kept per ``PileView``), and the plays of a plain card (one that needs no choice and has
        no check of its own), which then pass the filter as soon as their card may land.  While
        something pending checks plays itself, every candidate goes through ``judge``."""
        if not self.full_information:
            raise RuntimeError("legal_steps needs full information (Game.shuffled)")
        if s.over:
            return []
        by = s.names[s.mover]
        seat = s.seats[s.mover]
        fast = self.fast
        zone_name: ZoneName
        fits: frozenset[Card] | None
        hand = seat.hand.count or s.draw_pile
        if s.pending or not (hand or seat.face_up.count):
            zone_name, plain, pick_up, fits = self._frame(s, by)
            zone = seat.zone(zone_name)
        else:  # _frame with nothing pending, from the hand or face-up cards, inline: the hot path
            zone_name, zone = ("hand", seat.hand) if hand else ("face_up", seat.face_up)
            plain = fast.plain
            pile = s.pile
            pick_up = bool(pile)  # R6.3; 'must play if able' is asked of the steps found below
            top = pile[-1] if pile else None
            if top in self._see_through:
                fits = fast.fits(self.pile_view(s))
            else:  # the view is the top card's own: kept per top card
                fits = fast.settled.get(top)
                if fits is None:
                    fits = fast.settled_fits(top)
        made = fast.plays.get((by, zone_name))
        if made is None:
            made = fast.plays_for(by, zone_name)
        steps: list[Step] = []
        if fits is None:  # a blind card is played whether it fits or not (R7.5)
            assert zone.order is not None
            steps += self._plays_of(s, by, zone.order[-1], 1, zone_name, plain, made)
        else:
            for card, have in zone.known.items():
                if card not in fits:
                    continue  # judge would refuse it: R5
                if card in plain:  # the common case, kept fast
                    try:
                        steps += made[card][have]
                    except (KeyError, IndexError):  # not made yet
                        steps += self._plays_of(s, by, card, have, zone_name, plain, made)
                    continue
                steps += self._plays_of(s, by, card, have, zone_name, plain, made)
        if pick_up and self._table_steps:  # 'must play if able', the draw-pile gamble
            pick_up = self._table_rule_steps(s, by, steps)
        if pick_up:
            if self._takers and self.takes_face_up(s):  # ruling 108
                steps += [PickUp(by, c) for c in sorted(seat.face_up.known, key=strength)]
            else:
                found = fast.pickups.get(by)
                steps.append(found if found is not None else fast.pickup(by))
        return steps

    def _table_rule_steps(self, s: State, by: str, steps: list[Step]) -> bool:
        """The table rules' part of ``legal_steps``, where picking up would be open: adds the
        plays from the places they open (the draw pile's top card, ruling 109; ``judge`` says
        when), and says whether the pick-up stays open ('must play if able': not with a play
        listed, all being known)."""
        pick_up = not (self._closing and any(isinstance(st, Play) for st in steps))
        for rule in self._zone_rules:
            card = rule.zone_card(s)
            if card is not None:
                steps += [
                    p for p in self._candidates(s, by, card, 1, rule.zone) if self.judge(s, p).legal
                ]
        return pick_up

    def _frame(
        self, s: State, by: str
    ) -> tuple[ZoneName, frozenset[Card], bool, frozenset[Card] | None]:
        """What ``legal_steps`` reads: the zone due, the cards whose plays pass the filter as
        soon as they may land (none while a pending slice checks plays itself), whether the pile
        may be picked up, and the cards that may land (None for a blind card, played whether
        it fits or not, R7.5)."""
        zone_name = self.zone_due(s, s.mover)
        plain = self.fast.plain if self.fast.quiet(s.pending) else _NO_CARDS
        pick_up = self._pick_up_refusal(s, by) is None
        fits = self.fast.fits(self.pile_view(s)) if zone_name != "face_down" else None
        return zone_name, plain, pick_up, fits

    def _plays_of(
        self,
        s: State,
        by: str,
        card: Card,
        have: int,
        zone_name: ZoneName,
        plain: frozenset[Card],
        made: dict[Card, list[list[Step]]],
    ) -> list[Step]:
        """The legal plays of ``card``, of which the mover holds ``have`` copies in the zone due:
        a plain card's are made once and kept (``made``: card -> [plays of 1..n copies][n]),
        any other card's candidates each go through ``judge``."""
        if card in plain:
            lists = made.get(card)
            if lists is None or have >= len(lists):
                lists = made[card] = [
                    [Play(by, (card,) * k, zone_name) for k in range(1, n + 1)]
                    for n in range(have + 1)
                ]
            return lists[have]
        self._dry = {}  # the state stands still while its candidates are judged
        try:
            if self.needs[card].give_effect is None:
                return [
                    p
                    for p in self._candidates(s, by, card, have, zone_name)
                    if self.judge(s, p).legal
                ]
            return self._gift_plays(s, by, card, have, zone_name)
        finally:
            self._dry = None

    def _gift_plays(
        self, s: State, by: str, card: Card, have: int, zone_name: ZoneName
    ) -> list[Step]:
        """The legal plays of a card that gives a card, in ``_candidates``' order: ``judge``'s
        verdict on a play and the card it gives is its verdict on the same play giving nothing
        (every check but the gift's, which comes after them all but the pile's, and the pile's
        does not look at the gift) and then the gift's own check; so each play is judged
        once, and each card it could give checked."""
        if zone_name in BLIND and not self.may_land(s, card):
            return [
                p for p in self._candidates(s, by, card, have, zone_name) if self.judge(s, p).legal
            ]
        t = self.needs[card]
        targets: list[str | None] = [n for n in s.names if n != by] if t.needs_target else [None]
        out: list[Step] = []
        for k in range(1, have + 1):
            cards = (card,) * k
            for to in targets:
                bare = Play(by, cards, zone_name, to)
                if not self.judge(s, bare).legal:
                    continue
                for g in self._gift_choices(s, bare):
                    if g is None:
                        out.append(bare)
                        continue
                    step = Play(by, cards, zone_name, to, g)
                    if self._give_refusal(s, step, t, card) is None:
                        out.append(step)
        return out

    def _dry_run(self, s: State, step: Play, effect_name: str) -> State | None:
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

    def _candidates(
        self, s: State, by: str, card: Card, have: int, zone_name: str
    ) -> Iterable[Play]:
        """Every play of ``card`` the mover could propose: each number of copies, each other
        player chosen (when the card needs one), each card they could give (R8.9)."""
        t = self.needs[card]
        targets: list[str | None] = [None]
        if zone_name in BLIND and not self.may_land(s, card):
            # R7.5: a blind card that does not fit asks no choice (``_judge_play``).
            yield from (Play(by, (card,) * k, zone_name) for k in range(1, have + 1))
            return
        if t.needs_target:
            targets = [n for n in s.names if n != by]
        for k in range(1, have + 1):
            for to in targets:
                play = Play(by, (card,) * k, zone_name, to)
                if t.give_effect is None:
                    yield play
                else:
                    yield from (play._replace(give=g) for g in self._gift_choices(s, play))

    def _gift_choices(self, s: State, step: Play) -> list[Card] | list[None]:
        """The cards a giver may hand over with this play, in order of play (R8.9), from what
        they hold when Give a Card resolves (a dry run of the card's earlier effects)."""
        then = self._dry_run(s, step, self.needs[step.cards[0]].give_effect or "")
        giver = then.seats[then.seat_of(step.by)] if then is not None else None
        give_from = first_zone(giver) if giver is not None else None
        if giver is None or give_from is None:
            return [None]
        zone = giver.zone(give_from)
        if give_from == "face_down":
            assert zone.order is not None
            return [zone.order[-1]]
        return [*sorted(zone.known, key=strength)]
