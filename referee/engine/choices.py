"""The generator: every choice a mover can make, each with its judgement (issue 43.1).

python-chess's shape: the candidate steps are generated, and one filter (``Rules.judge``)
decides each.  Three uses read this one module:

- full information (``legal_steps``, ``out_of_turn_steps``: the bots and the simulator): the
  plays of the cards the mover holds, kept when the filter accepts them;
- what the table knows (``table``: the referee's screen judges ahead of the taps): every choice
  the table offers - card x zone x count x chosen player x card given - with its judgement;
- the advice (``playable``): for each card the mover may hold in the zone due, the fewest copies
  of it that would be accepted.

The shortcuts the table takes are judgement kinds here, each the filter's own first checks
asked once for many choices: a zone not open now refuses all its plays alike (``ZONE_CLOSED``),
too many copies, a pending refusal or a run's own cards (too short, a power inside, not held)
refuse a play's every chosen player and card given alike (``MOOT``), and a card that needs a player with none chosen makes the table ask whom
(``ASKS``), unless the engine needs none (a blind card that misses, ruling 112).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from referee.effects import LIMITS, Needs, first_zone
from referee.engine.legality import run_on_top
from referee.engine.listing import Listing, first_each
from referee.engine.parts import strength
from referee.engine.steps import BLIND, ZONES, PickUp, Play, Step, Verdict
from referee.table.state import State, ZoneCards, ZoneName
from referee.variant.conditions import Moment
from referee.variant.model import SUITS, Card
from referee.words.reasons import Reason

if TYPE_CHECKING:
    from referee.engine.judgement import Judgement
    from referee.engine.legality import Rules

MOST_AT_ONCE = 8
"""The most copies of one card the table offers to play at once (two decks' worth of a rank)."""

_NO_CARDS: frozenset[Card] = frozenset()


class Kind(StrEnum):
    """How a choice's judgement was reached: judged itself, or one answer for many."""

    JUDGED = "judged"  # this very play through the filter
    ZONE_CLOSED = "zone_closed"  # the zone is not open now (R3): every play from it alike
    # Refused before its choices (R4.3, what is pending, a run's cards): every player, card given.
    MOOT = "moot"
    ASKS = "asks"  # needs a chosen player and has none: the table asks whom it is for


class Choice(NamedTuple):
    """One choice the table offers the mover, with its judgement."""

    card: Card
    zone: str
    copies: int  # how many are played at once
    to: str | None
    give: Card | None
    judgement: Judgement
    kind: Kind = Kind.JUDGED
    named: int | None = None  # the number the card is named as (ruling 153)
    suit: str | None = None  # the suit the play shows (a card whose powers read one, issue 42)
    # A run (a table rule, ruling 166): its lowest card; ``card`` is its top card, and the run
    # is every rank from this one up to it, once each (``run_cards``).  None: no run.
    run_from: int | None = None
    limit: str | None = None  # higher or lower, as its player says (ruling 171)


_Shape = tuple[str, int, str | None, int | None, str | None, int | None]
"""One play of a card the table offers, before whom it is for and the card given: its zone,
how many copies, the suit shown, the number named, higher or lower, and a run's lowest card
(``Choice.run_from``: the card is the run's top card, ruling 166), else None."""


def _laid(card: Card, copies: int, run_from: int | None) -> tuple[Card, ...]:
    """The cards a play the table offers lays: copies of ``card``, or the run up to it."""
    return (card,) * copies if run_from is None else run_cards(run_from, card)


def run_cards(run_from: int, top: Card) -> tuple[Card, ...]:
    """The cards of a run the table offers: every rank from ``run_from`` up to ``top``."""
    assert isinstance(top, int)
    return tuple(range(run_from, top + 1))


@dataclass(frozen=True)
class TableChoices:
    """Every choice the table offers the mover now (``Choices.table``), and the words of a
    judgement at this position (``Advice.table``: each refusal's "instead" made once for them
    all)."""

    mover: str | None
    choices: tuple[Choice, ...]
    verdict: Callable[[Judgement], Verdict]


def most_at_once(copies: int) -> int:
    """How many copies of a card the table offers to play at once: all in the game, at most
    ``MOST_AT_ONCE``."""
    return max(1, min(MOST_AT_ONCE, copies))


class Choices:
    """The choices of one variant's movers, for any state given, judged by ``rules``."""

    def __init__(self, rules: Rules) -> None:
        self._rules = rules
        self.variant = rules.variant
        self.fast = rules.fast
        self.needs = rules.needs
        # The table rules the variant sets (referee/tablerules/), by the hooks they have.
        table = rules.table
        self._closing = any(u.plays_close_pick_up for u in table)  # asked by every legal_steps
        self._zone_rules = rules.zone_rules  # likewise (ruling 109)
        self._takers = any(u.has("takes_face_up") for u in table)
        self._table_steps = self._closing or bool(self._zone_rules)
        # Runs of consecutive ranks (a table rule, ruling 166): the fewest cards in one.
        runs = rules.runs
        self._shortest = runs.shortest_run(self.variant) if runs is not None else 0
        # Whether a play out of turn may ever open: a card that lets players cut in, or a table
        # rule that lets a player go on with the same card (rulings 110-111).
        self.out_of_turn = (
            bool(self.fast.lets_in)
            or any(u.has("goes_on") for u in table)
            or bool(rules.completers)
        )

    def suited(self, s: State) -> frozenset[Card]:
        """The cards whose plays show a suit now: those whose powers read one (issue 42,
        ``FastTables.suited``), and at the game's first play the rank of the starting card it
        must show (a table rule, ruling 167)."""
        return self.fast.suited_at(s)

    # --- what the table knows: every choice it offers, judged ----------------------------------

    def zones(self) -> tuple[str, ...]:
        """Where a play may come from at this table: the zones, and the places a table rule
        opens (the draw pile's top card, turned over by a player who cannot play: ruling 109)."""
        return self._rules.zones

    def most(self, card: Card) -> int:
        """How many copies of ``card`` the table offers to play at once (``most_at_once``)."""
        return most_at_once(self._rules.copies.get(card, 1))

    def table(self, s: State) -> Iterator[Choice]:
        """Every choice the table offers the mover now (each card of the variant, from each
        zone, each count up to ``most_at_once``, each other player where the card needs one
        and none, each card given where it takes one), each with its judgement and how it was
        reached (``Kind``)."""
        if s.over:
            return
        rules = self._rules
        mover = s.names[s.mover]
        cards = self.variant.all_cards()
        zones = self.zones()
        others = tuple(p for p in s.names if p != mover)
        # A zone not open to the mover now (R3) refuses each of its choices alike.
        closed = {z: rules.zone_closed(s, z) if z in ZONES else None for z in zones}
        suited = self.suited(s)
        for card in cards:
            needs = self.needs[card]
            targets: tuple[str | None, ...] = (
                (tuple(needs.targets(s.names, mover)) if needs.chosen_may_be_self else others)
                if needs.needs_target
                else (None,)
            )
            gives: tuple[Card | None, ...] = (None, *cards) if needs.takes_give else (None,)
            suits: tuple[str | None, ...] = (None, *SUITS) if card in suited else (None,)
            # What the play may show: each suit, where the card's powers read one (one tap more
            # at the table, ruling 149), and each number a card its player names may count as,
            # highest first, without a card given (ruling 153) - with each suit, as legal_steps.
            names = self.fast.names_of.get(card, ())
            shows = [(suit, named) for suit in suits for named in (None, *names)]
            # Higher or lower, where its player says which (ruling 171), or not said yet.
            limits = (None, *LIMITS) if needs.chooses_limit else (None,)
            for play in self._shapes(card, zones, shows, limits):
                given = gives if play[3] is None else (None,)  # named: no card given
                yield from self._table_play(s, mover, card, play, targets, given, closed)
                if needs.needs_target:
                    yield from self._asks(s, mover, card, play, given)

    def _shapes(
        self,
        card: Card,
        zones: tuple[str, ...],
        shows: list[tuple[str | None, int | None]],
        limits: tuple[str | None, ...],
    ) -> Iterator[_Shape]:
        """The plays of ``card`` the table offers, before whom they are for and the card given:
        from each zone, each count up to ``most``, each suit shown and number named (``shows``)
        and higher or lower; then each run it may top (``run_starts``, ruling 166), from each
        zone, higher or lower where its top card says which (a run shows no suit and names no
        number: each card once)."""
        most = self.most(card)
        for zone in zones:
            for count in range(1, most + 1):
                for (suit, named), limit in ((x, lim) for x in shows for lim in limits):
                    yield zone, count, suit, named, limit, None
        for low, limit in ((low, lim) for low in self.run_starts(card) for lim in limits):
            for zone in zones:
                yield zone, 1, None, None, limit, low

    def run_starts(self, top: Card) -> tuple[int, ...]:
        """The lowest cards of the runs the table offers that end with ``top`` (a table rule,
        ruling 166), lowest first: each number rank below it with every rank between them in
        the deck (no wrap-around), whatever the run's length or cards, which the filter judges
        (too short, a card with powers inside); () where runs are not played."""
        ranks = set(self.variant.ranks)
        if not self._shortest or not isinstance(top, int) or top not in ranks:
            return ()
        low = top
        while low - 1 in ranks:
            low -= 1
        return tuple(range(low, top))

    def _table_play(
        self,
        s: State,
        mover: str,
        card: Card,
        play: _Shape,
        targets: tuple[str | None, ...],
        gives: tuple[Card | None, ...],
        closed: dict[str, Judgement | None],
    ) -> Iterator[Choice]:
        """The choices of one play of ``card`` (``play``: its zone, count, the suit shown, the
        number named, higher or lower; or the run it tops), for each player and card given: one
        judgement for them all where the filter refuses before the choices (``ZONE_CLOSED``,
        ``MOOT``: for a run, its cards come first, ruling 166), else each judged."""
        zone, count, suit, named, limit, low = play
        # (a run's own cards are judged before its zone: a closed zone's refusal is not its)
        j = closed[zone] if low is None else None
        kind = Kind.ZONE_CLOSED
        if j is None and zone in ZONES:
            j = self._rules.choices_moot(s, card, count, zone, suit, low)
            kind = Kind.MOOT
        if j is not None:
            for to in targets:
                for give in gives:
                    yield Choice(card, zone, count, to, give, j, kind, named, suit, low, limit)
            return
        judge = self._rules.judge
        cards = _laid(card, count, low)
        for to in targets:
            for give in gives:
                j = judge(s, Play(mover, cards, zone, to, give, suit, named, limit))
                yield Choice(card, zone, count, to, give, j, Kind.JUDGED, named, suit, low, limit)

    def _asks(
        self,
        s: State,
        mover: str,
        card: Card,
        play: _Shape,
        gives: tuple[Card | None, ...],
    ) -> Iterator[Choice]:
        """A card that needs a player (of a run, its top card), with none chosen: the table
        asks whom it is for, unless the engine needs no player (a blind card that does not
        fit, ruling 112; a play where the card's condition for choosing does not hold, ruling
        152)."""
        zone, count, suit, named, limit, low = play
        cards = _laid(card, count, low)
        # Only where this play chooses a player (a condition that holds for it, ruling 152).
        ask = self._chooses(s, Play(mover, cards, zone, None, None, suit, named, limit))
        for give in gives:
            j = self._rules.judge(s, Play(mover, cards, zone, None, give, suit, named, limit))
            kind = Kind.ASKS if ask and not j.legal else Kind.JUDGED
            yield Choice(card, zone, count, None, give, j, kind, named, suit, low, limit)

    def asks(self, s: State, step: Play, judged: Judgement | None = None) -> bool:
        """Whether the table asks whom ``step`` is for rather than giving its verdict
        (``Kind.ASKS``): its card (of a run, its top card, ruling 166) needs a chosen player,
        it names none, and the filter refuses it (a blind card that does not fit needs none,
        ruling 112).  ``judged``: the filter's judgement of ``step``, if the caller has it."""
        if not self._chooses(s, step):
            return False
        return not (judged or self._rules.judge(s, step)).legal

    def _chooses(self, s: State, step: Play) -> bool:
        """Whether ``step`` names no player while its card (of a run, its top card, as played
        alone on the card below it, ruling 166) names one for this play (ruling 152)."""
        if not step.cards or step.to is not None or not self.variant.is_card(step.cards[-1]):
            return False
        top = step.cards[-1]
        t = self.needs[top]
        if not t.needs_target:
            return False
        if step.cards[0] != top:  # a run: its top card, as played alone on the card below it
            below = Moment(False, 1, step.zone, s.first_play, False, None)
            return t.chooses(below)
        return t.chooses_now(s, top, len(step.cards), step.zone, step.suit)

    # --- the advice: what may go, per card the mover may hold ----------------------------------

    def playable(self, s: State, zone: ZoneName, universe: Iterable[Card]) -> dict[Card, int]:
        """Each card of ``universe`` (those the mover may hold in ``zone``, R4.3) that may go
        now, with the fewest copies that may go together: one, unless a house rule's own check
        asks for more (a pair after a pair).  Each is one proposal through the filter's play
        checks, copies held included; a face-down card counts when it fits (R7.5)."""
        rules = self._rules
        by = s.names[s.mover]
        held = s.seats[s.mover].zone(zone)
        if held.count == 0:
            return {}
        found: dict[Card, int] = {}
        suited = self.suited(s)
        for card in universe:
            most = 1 if zone == "face_down" else max(1, rules.possible(s, card, held))
            # A card read by its suit may go for some suit shown (issue 42): "a Jack" where
            # only a red Jack answers.
            shown: tuple[str | None, ...] = (None, *SUITS) if card in suited else (None,)
            # A card that must fit as the card named may go named as some number (ruling 170).
            names = self.fast.names_tried.get(card, (None,))
            limit = self.needs[card].some_limit()
            for k in range(1, most + 1):
                to = rules.some_target(s, by, card, k, zone)
                js = [
                    rules.judge(s, Play(by, (card,) * k, zone, to, None, x, n, limit))
                    for x in shown
                    for n in names
                ]
                if any(j.legal and j.reason is not Reason.FACE_DOWN_MISSES for j in js):
                    found[card] = k
                    break
                if js[0].reason is not Reason.HOUSE_RULE:
                    break  # only a house rule's own check may ask for more copies
        return found

    def held(self, s: State, by: str, zone: str) -> dict[Card, bool]:
        """For each card of the variant: may ``by`` still play one from ``zone`` at all (the
        filter's judgement on it, unless it is refused by what may be held, R4.3)?"""
        judge = self._rules.judge
        out: dict[Card, bool] = {}
        for card in self.variant.all_cards():
            j = judge(s, Play(by, (card,), zone))
            out[card] = j.legal or j.rule != "R4.3"
        return out

    def take_choices(self, s: State) -> tuple[Card, ...]:
        """The face-up cards the mover may take with the pile (R4.3: any card the zone may
        hold), or () when the table rule does not ask for one now (ruling 108)."""
        rules = self._rules
        if s.over or not rules.takes_face_up(s):
            return ()
        zone = s.seats[s.mover].face_up
        cards = [c for c in self.variant.all_cards() if rules.possible(s, c, zone) >= 1]
        return tuple(sorted(cards, key=strength))

    def take_options(self, s: State) -> tuple[tuple[Card, int], ...]:
        """Each face-up card the mover may take with the pile and each number of its copies
        they may take: one (ruling 108), or up to every copy the zone may hold where a table
        rule takes several of one rank (ruling 141); () when none is asked for now."""
        cards = self.take_choices(s)
        if not cards or not self._rules.takes_several:
            return tuple((c, 1) for c in cards)
        zone = s.seats[s.mover].face_up
        possible = self._rules.possible
        return tuple((c, k) for c in cards for k in range(1, possible(s, c, zone) + 1))

    # --- full information: generation plus one filter ------------------------------------------

    def legal_steps(self, s: State) -> list[Step]:
        """Every legal step of the player to move (full-information mode only).

        Generation: every play of the cards the mover holds in the zone due (each number of
        copies, each chosen player, each card they could give), and the pick-up.  One filter:
        ``judge``.  The simulator's hot path keeps two of its answers per variant: which cards
        may land on a pile as it is (``FastTables.fits``: the R5 part of ``judge``, kept per
        ``PileView``), and the plays of a plain card (one that needs no choice and has no check
        of its own), which then pass the filter as soon as their card may land.  While
        something pending checks plays itself, every candidate goes through ``judge``.  The
        list is ``listing``'s, every play made."""
        steps = self.listing(s)
        return steps if isinstance(steps, list) else steps.steps()

    def _with_runs(self, s: State) -> list[Step] | Listing:
        """``listing(s)`` where runs are played: the plays of one card and the runs held
        (``run_plays``), before the pick-up."""
        found = self.listing(s, runs=False)
        if s.over:
            return found
        steps = found if isinstance(found, list) else found.steps()
        # A run is judged as its lowest card alone (ruling 166): only a card that may go alone
        # may start one.
        alone = {p.cards[0] for p in steps if isinstance(p, Play) and len(p.cards) == 1}
        runs = self.run_plays(s, alone)
        if not runs:
            return steps
        at = next((i for i, st in enumerate(steps) if isinstance(st, PickUp)), len(steps))
        return [*steps[:at], *runs, *steps[at:]]

    def run_plays(self, s: State, starts: set[Card] | None = None) -> list[Step]:
        """Full information: every legal run of the mover's (ruling 166): each row of the
        number cards they hold in the zone due, ``runs`` cards long or longer, its card with
        powers only at the end, with each player its top card may choose; through ``judge``.
        ``starts``: the cards that may go alone, the only ones a run may start with (None:
        any)."""
        rules = self._rules
        zone_name = rules.zone_due(s, s.mover)
        if zone_name not in ("hand", "face_up"):
            return []
        by = s.names[s.mover]
        held = sorted(c for c in s.seats[s.mover].zone(zone_name).known if isinstance(c, int))
        n, judge, v = self._shortest, rules.judge, self.variant
        out: list[Step] = []
        for i in range(len(held)):
            if starts is not None and held[i] not in starts:
                continue
            for m in range(i + 1, len(held)):
                if held[m] != held[m - 1] + 1 or v.effects_of(held[m - 1]):
                    break  # not in a row, or a card with powers inside
                if m - i + 1 < n:
                    continue
                for play in self._run_candidates(s, by, tuple(held[i : m + 1]), zone_name):
                    if judge(s, play).legal:
                        out.append(play)
        return out

    def _run_candidates(
        self, s: State, by: str, cards: tuple[Card, ...], zone_name: ZoneName
    ) -> Iterable[Play]:
        """A run's plays: choosing nobody and each player its top card may choose, giving
        each card it could give (R8.9), saying higher or lower where it asks (ruling 171)."""
        t = self.needs[cards[-1]]
        targets: list[str | None] = [None, *t.targets(s.names, by)] if t.needs_target else [None]
        limits = self._limit_order(cards[-1]) if t.chooses_limit else (None,)
        for to, limit in ((to, limit) for to in targets for limit in limits):
            play = Play(by, cards, zone_name, to, limit=limit)
            if t.give_effect is None:
                yield play
            else:
                yield from (play._replace(give=g) for g in self._gift_choices(s, play))

    def listing(self, s: State, *, runs: bool = True) -> list[Step] | Listing:
        """``legal_steps(s)`` (without ``runs``, the runs of cards in a row left out: ruling
        166); where a card that is not plain (it needs a choice or has a check
        of its own) is held, as a ``Listing``: the same steps in the same order, but such a
        card's plays are made, by the same code, only when they are asked for (the simulator's
        careful players read a Karma card's plays only when no plain card may go).  Where
        every card held is plain, where the pick-up depends on the plays found (a table rule's
        'must play if able', its draw-pile plays) or the card is played blind, the list."""
        if runs and self._shortest:
            return self._with_runs(s)
        rules = self._rules
        if not rules.full_information:
            raise RuntimeError("legal_steps needs full information (Game.shuffled)")
        if s.over:
            return []
        by = s.names[s.mover]
        seat = s.seats[s.mover]
        fast = self.fast
        zone_name: ZoneName
        fits: frozenset[Card] | None
        hand = seat.hand.count or s.draw_pile
        if s.pending or not (hand or seat.face_up.count) or (s.first_play and rules.first_zones):
            zone_name, plain, pick_up, fits = self._frame(s, by)
            zone = seat.zone(zone_name)
            # Where picking up is open, the table's own rules aside, a table rule may list plays
            # (the gamble at any time) though 'must play if able' closes the pick-up itself.
            open_ = self._rules.could_pick_up(s, by) if self._table_steps else pick_up
        else:  # _frame with nothing pending, from the hand or face-up cards, inline: the hot path
            zone_name, zone = ("hand", seat.hand) if hand else ("face_up", seat.face_up)
            plain = fast.plain
            pile = s.pile
            pick_up = bool(pile)  # R6.3; 'must play if able' is asked of the steps found below
            open_ = pick_up
            top = pile[-1] if pile else None
            # The view is not the top's alone (a see-through top, a pile that marked a card as it
            # was laid or remembers a number named for it, a first play).
            if top in fast.see_through or s.through or s.held or s.named or s.first_play:
                fits = fast.fits(rules.pile.view(s))
            else:  # the view is the top card's own: kept per top card
                fits = fast.settled.get(top)
                if fits is None:
                    fits = fast.settled_fits(top)
            if fast.as_named:  # a card that goes as the card named (ruling 170)
                fits = fast.with_named(fits)
        made = fast.plays.get((by, zone_name))
        if made is None:
            made = fast.plays_for(by, zone_name)
        steps: list[Step]
        if fits is None:  # a blind card is played whether it fits or not (R7.5)
            assert zone.order is not None
            steps = [*self._plays_of(s, by, zone.order[-1], 1, zone_name, plain, made)]
        elif plain.issuperset(zone.known) or (open_ and self._table_steps):
            # Every card held is plain, or the pick-up depends on the plays found: made now.
            steps = self._held_plays(s, by, zone, zone_name, plain, fits, made)
        else:  # a card that is not plain is held: its plays are made when asked for
            return self._put_off(s, by, zone, zone_name, plain, fits, made, pick_up)
        if open_ and self._table_steps:  # 'must play if able', the draw-pile gamble
            pick_up = self._table_rule_steps(s, by, steps) and pick_up
        if pick_up:
            steps += self._pick_ups(s, by)
        return steps

    def _held_plays(
        self,
        s: State,
        by: str,
        zone: ZoneCards,
        zone_name: ZoneName,
        plain: frozenset[Card],
        fits: frozenset[Card],
        made: dict[Card, list[list[Step]]],
    ) -> list[Step]:
        """The legal plays of the cards held in the zone due, card by card, every one made."""
        steps: list[Step] = []
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
        return steps

    def _put_off(
        self,
        s: State,
        by: str,
        zone: ZoneCards,
        zone_name: ZoneName,
        plain: frozenset[Card],
        fits: frozenset[Card],
        made: dict[Card, list[list[Step]]],
        pick_up: bool,
    ) -> Listing:
        """``_held_plays`` and the pick-up as a ``Listing``: a plain card's plays at hand,
        another card's made when asked for."""
        cards: list[Card] = []
        haves: list[int] = []
        plays: list[list[Step] | None] = []
        for card, have in zone.known.items():
            if card not in fits:
                continue  # judge would refuse it: R5
            found: list[Step] | None = None
            if card in plain:
                try:
                    found = made[card][have]
                except (KeyError, IndexError):  # not made yet
                    found = self._plays_of(s, by, card, have, zone_name, plain, made)
            cards.append(card)
            haves.append(have)
            plays.append(found)

        def make(card: Card, have: int, first_gift: bool) -> list[Step]:
            return self._plays_of(s, by, card, have, zone_name, plain, made, first_gift)

        tail = self._pick_ups(s, by) if pick_up else []
        return Listing(cards, haves, plays, tail, make, self.fast.gifts)

    def _pick_ups(self, s: State, by: str) -> list[Step]:
        """The pick-up, or one per face-up card a table rule takes along with it (ruling 108),
        weakest first; where several of one rank may go (ruling 141), one per number of its
        copies held, most first (so the bots, which take the first, take all their weakest)."""
        fast = self.fast
        if self._takers and self._rules.takes_face_up(s):
            held = s.seats[s.mover].face_up.known
            several = self._rules.takes_several
            return [
                PickUp(by, c, k)
                for c in sorted(held, key=strength)
                for k in (range(held[c], 0, -1) if several else (1,))
            ]
        found = fast.pickups.get(by)
        return [found if found is not None else fast.pickup(by)]

    def out_of_turn_steps(self, s: State) -> list[Step]:
        """Full information: the plays other players may make out of turn now (the top card
        lets them, or a table rule lets its player go on with it), in seat order from the
        mover; each through ``judge``."""
        if s.over or s.follow_up or not s.pile:
            return []
        judge = self._rules.judge
        found: list[Step] = []
        g = s.going_on
        if g is not None and g.by != s.names[s.mover]:  # a table rule (rulings 110-111)
            top = s.pile[-1]
            have = min(s.seats[s.seat_of(g.by)].zone(g.zone).known.get(top, 0), g.most)
            found += [p for p in self._candidates(s, g.by, top, have, g.zone) if judge(s, p).legal]
        top = s.pile[-1]
        if top not in self.fast.lets_in and not self._completing(s):
            return found
        n = len(s.seats)
        for d in range(1, n):
            i = (s.mover + d * s.direction) % n
            seat = s.seats[i]
            by = s.names[i]
            for zone_name in ZONES:
                have = seat.zone(zone_name).known.get(top, 0)
                found += [
                    p for p in self._candidates(s, by, top, have, zone_name) if judge(s, p).legal
                ]
        return found

    def _completing(self, s: State) -> bool:
        """Whether a table rule may let a player complete the run on top out of turn (ruling
        144): the run is short of the burn count (``judge`` says who may, with what)."""
        rules = self._rules
        return bool(rules.completers) and run_on_top(s) < self.variant.burn

    def _table_rule_steps(self, s: State, by: str, steps: list[Step]) -> bool:
        """The table rules' part of ``legal_steps``, where picking up would be open: adds the
        plays from the places they open (the draw pile's top card, ruling 109; ``judge`` says
        when), and says whether the pick-up stays open ('must play if able': not with a play
        listed, all being known)."""
        pick_up = not (self._closing and any(isinstance(st, Play) for st in steps))
        judge = self._rules.judge
        for rule in self._zone_rules:
            top = rule.zone_card(s)
            if top is not None:
                steps += [
                    p for p in self._candidates(s, by, top, 1, rule.zone) if judge(s, p).legal
                ]
        return pick_up

    def _frame(
        self, s: State, by: str
    ) -> tuple[ZoneName, frozenset[Card], bool, frozenset[Card] | None]:
        """What ``legal_steps`` reads: the zone due, the cards whose plays pass the filter as
        soon as they may land (none while a pending slice checks plays itself), whether the pile
        may be picked up, and the cards that may land (None for a blind card, played whether
        it fits or not, R7.5)."""
        rules = self._rules
        zone_name = rules.zone_due(s, s.mover)
        plain = self.fast.plain if self.fast.quiet(s.pending) else _NO_CARDS
        pick_up = rules.may_pick_up(s)
        fits = self.fast.fits(rules.pile.view(s)) if zone_name != "face_down" else None
        if fits is not None and self.fast.as_named:  # as the card named (ruling 170)
            fits = self.fast.with_named(fits)
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
        first_gift: bool = False,
    ) -> list[Step]:
        """The legal plays of ``card``, of which the mover holds ``have`` copies in the zone due:
        a plain card's are made once and kept (``made``: card -> [plays of 1..n copies][n]),
        any other card's candidates each go through the filter (a play's every chosen player
        at once: ``Rules.judge_players``, the same verdicts as ``judge``'s one by one).  With
        ``first_gift``, a card that gives a card has only the first of its plays for each count
        and chosen player (the first card it may give, in order of play)."""
        if card in plain:
            lists = made.get(card)
            if lists is None or have >= len(lists):
                lists = made[card] = [
                    [Play(by, (card,) * k, zone_name) for k in range(1, n + 1)]
                    for n in range(have + 1)
                ]
            return lists[have]
        rules = self._rules
        t = self.needs[card]
        if (
            t.names_value
            or t.chooses_limit
            or card in self.suited(s)
            or (zone_name in BLIND and not rules.pile.may_land(s, card, 1, zone_name))
        ):
            # R7.5: a blind card that does not fit asks no choice (``_candidates``); a card
            # whose powers read its suit is proposed showing each suit too (issue 42), and a
            # card its player names as each number it may be named as, whatever else it asks
            # (a chosen player, a card to give: ruling 153).
            legal: list[Step] = [
                p for p in self._candidates(s, by, card, have, zone_name) if rules.judge(s, p).legal
            ]
            return first_each(legal) if first_gift and t.give_effect is not None else legal
        if t.give_effect is not None:
            with rules.still():  # the state stands still while its candidates are judged
                return self._gift_plays(s, by, card, have, zone_name, first_gift)
        if not t.needs_target:
            return [
                p for p in self._candidates(s, by, card, have, zone_name) if rules.judge(s, p).legal
            ]
        # Each count, each other player (``_candidates``' order), judged for them all at once;
        # a count whose play chooses nobody (a condition that does not hold), on its own.
        others = t.targets(s.names, by)
        out: list[Step] = []
        for k in range(1, have + 1):
            bare = Play(by, (card,) * k, zone_name)
            if t.target_when and not t.chooses_now(s, card, k, zone_name):
                if rules.judge(s, bare).legal:
                    out.append(bare)
                continue
            for to, j in zip(others, rules.judge_players(s, bare, others), strict=True):
                if j.legal:
                    out.append(bare._replace(to=to))
        return out

    def _gift_plays(
        self, s: State, by: str, card: Card, have: int, zone_name: ZoneName, first: bool = False
    ) -> list[Step]:
        """The legal plays of a card that gives a card, in ``_candidates``' order: ``judge``'s
        verdict on a play and the card it gives is its verdict on the same play giving nothing
        (every check but the gift's, which comes after them all but the pile's, and the pile's
        does not look at the gift) and then the gift's own check; so each play is judged
        once.  The gift's check is R4.3 on what the giver holds when the gift resolves (a dry
        run up to it): a card they are known to hold then passes it, so it is asked only of a
        blind card.  The dry run is one for every chosen player unless an effect before the
        gift reads whom the play chose (``Needs.give_sees_target``).  ``first``: only the
        first play of each count and chosen player (its first card given that passes)."""
        rules = self._rules
        t = self.needs[card]
        targets: list[str | None] = [*t.targets(s.names, by)] if t.needs_target else [None]
        per_target = t.give_sees_target
        out: list[Step] = []
        for k in range(1, have + 1):
            cards = (card,) * k
            gifts: list[Card] | list[None] | None = None
            blind = False
            # A count whose play chooses nobody (a condition that does not hold): no player.
            ks = targets if t.chooses_now(s, card, k, zone_name) else [None]
            judged = rules.judge_players(s, Play(by, cards, zone_name), ks)
            for to, j in zip(ks, judged, strict=True):
                if not j.legal:
                    continue
                bare = Play(by, cards, zone_name, to)
                if gifts is None or per_target:
                    gifts, blind = self._gifts_of(s, bare, first)
                for g in gifts:
                    if g is None:
                        out.append(bare)
                        break  # (the only choice: nothing to give)
                    step = Play(by, cards, zone_name, to, g)
                    if not blind or rules.give_refusal(s, step, t, card) is None:
                        out.append(step)
                        if first:
                            break
        return out

    def _candidates(
        self, s: State, by: str, card: Card, have: int, zone_name: str
    ) -> Iterable[Play]:
        """Every play of ``card`` the mover could propose: each number of copies, each other
        player chosen (when the card needs one), each number it may be named as (ruling 153),
        each card they could give (R8.9)."""
        t = self.needs[card]
        targets: list[str | None] = [None]
        shown: tuple[str | None, ...] = (None, *SUITS) if card in self.suited(s) else (None,)
        if (
            zone_name in BLIND
            and card not in self.fast.as_named  # it may fit as a card named (ruling 170)
            and not self._rules.pile.may_land(s, card, 1, zone_name)
        ):
            # R7.5: a blind card that does not fit asks no choice (``judge``); turned over, it
            # may show a suit that lets it fit (issue 42).
            for suit in shown:
                yield from (
                    Play(by, (card,) * k, zone_name, None, None, suit) for k in range(1, have + 1)
                )
            return
        if t.needs_target:
            targets = [*t.targets(s.names, by)]
        for k in range(1, have + 1):
            # A play that chooses nobody (a condition that does not hold for it): no player.
            pairs = (
                [
                    (to, suit)
                    for suit in shown
                    for to in (targets if t.chooses_now(s, card, k, zone_name, suit) else [None])
                ]
                if t.target_when
                else [(to, suit) for to in targets for suit in shown]
            )
            for to, suit in pairs:
                play = Play(by, (card,) * k, zone_name, to, None, suit)
                if t.chooses_limit:  # higher or lower, each its own step (ruling 171)
                    for limit in self._limit_order(card):
                        yield from self._said(s, play._replace(limit=limit), t)
                    continue
                yield from self._said(s, play, t)

    def _limit_order(self, card: Card) -> tuple[str, ...]:
        """Higher or lower for a card its player limits the next play with (ruling 171), the
        way that leaves the next player more numbers of the deck first (a bot takes the first
        of equal plays): a 9 says lower, so the pile can come down again.  Measured: bots
        saying the way with fewer numbers (a 9 says higher) left 56 of 200 games of
        tests/scenarios/variants/nine-higher-or-lower.yaml unfinished, the pile only climbing;
        this way 1 of 200 (3 players, seed 1)."""
        value = self._rules.pile.counts(card)
        ranks = self.variant.ranks
        if value is None or not ranks or max(ranks) - value > value - min(ranks):
            return LIMITS
        return (LIMITS[1], LIMITS[0])

    def _said(self, s: State, play: Play, t: Needs) -> Iterable[Play]:
        """A candidate play with what else it says: each number it may be named as, each
        card it could give."""
        if t.names_value:  # each number it may be named as, the highest first
            yield from (play._replace(named=n) for n in self.fast.names_of[play.cards[-1]])
        if t.give_effect is None:
            yield play
        else:
            yield from (play._replace(give=g) for g in self._gift_choices(s, play))

    def _gift_choices(self, s: State, step: Play) -> list[Card] | list[None]:
        """The cards a giver may hand over with this play, in order of play (R8.9), from what
        they hold when Give a Card resolves (a dry run of the card's earlier effects)."""
        return self._gifts_of(s, step)[0]

    def _gifts_of(
        self, s: State, step: Play, first: bool = False
    ) -> tuple[list[Card] | list[None], bool]:
        """``_gift_choices``, and whether the card is given blind (a face-down card: the next
        in its order); ``first``: only the first of them."""
        top = step.cards[-1]  # the card that gives: of a run, its top card (ruling 166)
        k = len(step.cards) if step.cards[0] == top else 1
        t = self.needs[top]
        if t.give_when and not t.gives_now(s, top, k, step.zone, step.suit):
            return [None], False  # it gives nothing with this play (a condition, ruling 163)
        then = self._rules.dry_run(s, step, t.give_effect or "")
        giver = then.seats[then.seat_of(step.by)] if then is not None else None
        give_from = first_zone(giver) if giver is not None else None
        if giver is None or give_from is None:
            return [None], False
        zone = giver.zone(give_from)
        if give_from == "face_down":
            assert zone.order is not None
            return [zone.order[-1]], True
        if first:  # the first in order of play (``sorted`` is stable, as ``min`` picks)
            return [min(zone.known, key=strength)], False
        return [*sorted(zone.known, key=strength)], False
