"""What every effect unit shares: the traits a card shows on the pile, the resolution a played
card's effects work on, the proposal a unit's own check reads and the refusal it answers, and a
few helpers (who is next, which zone a card comes from)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import InitVar, dataclass, field
from typing import NamedTuple

from referee.table.state import Limit, Pending, Restriction, Seat, State, ZoneCards, ZoneName
from referee.variant.conditions import Moment, holds
from referee.variant.menu import Traits  # the variant side reads it too (words, the deck's checks)
from referee.variant.model import Card, Effect, Variant
from referee.words.reasons import Facts, Reason

__all__ = [
    "Arrival",
    "Needs",
    "PileView",
    "Proposal",
    "Refusal",
    "Resolution",
    "Traits",
    "first_zone",
    "next_in",
    "table_zone",
]


LIMITS = ("higher", "lower")
"""What a play of a card whose player says higher or lower says (``Play.limit``, a record's
``limit``; ruling 171): the next play is the card's number or higher, or that number or lower."""


@dataclass
class Needs:
    """What a play of a card must say (R8: a chosen player, the card given) and which checks
    its effects make beyond R5 (their own hooks), derived once per card from its effects."""

    needs_target: bool = False
    # The chosen player must still be in (an effect that acts on their turn, R8.6).
    chosen_must_be_in: bool = False
    # The chosen player may be the card's own player (a contest's loser, decided at the table).
    chosen_may_be_self: bool = False
    chosen_question: str = ""  # the tablet's question for the chosen player ("": whom for)
    chosen_out: str = ""  # why a player who is out may not be chosen (EffectDecl.chosen_out)
    give_effect: str | None = None  # the effect that gives a card: `give` is judged before it
    # An effect before the gift reads the chosen player (``needs_target``: only such an effect
    # reads it), so the dry run up to the gift, and the cards it could give, differ by player.
    give_sees_target: bool = False
    target_rule: str = ""  # the rule of the effect that needs a chosen player
    names_value: bool = False  # a play may name the number it counts as (`as`, ruling 153)
    # The numbers it may be named as (``names``, ruling 165), highest first; None: any rank.
    names: tuple[int, ...] | None = None
    # The card named also does what a card of that number does (``powers``, ruling 169).
    powers: bool = False
    # The card named must go where a card of that number could (``fits``, ruling 170).
    fits: bool = False
    chooses_limit: bool = False  # a play says higher or lower (`limit`, ruling 171)
    first_rule: str | None = None  # the rule of the card's first effect
    checked: bool = False  # one of its effects checks plays of it (EffectSpec.refuse_own)
    lands: bool = False  # one of its effects limits where it may land (EffectSpec.lands_on)
    # On top of the pile, it may let a player step out of turn (EffectSpec.lets_in).
    lets_in: bool = False
    # Where every effect of it that needs a chosen player hangs on a condition (``when``,
    # issue 42): those conditions.  A play names a player only when one of them holds for it
    # (``chooses``, docs/rulings.md, ruling 152); (): always, where ``needs_target``.
    target_when: tuple[dict[str, object], ...] = ()
    # Where the effect that gives a card hangs on a condition (``when``, issue 42): that
    # condition.  A play gives a card, and may name it (`give`), only where it holds for the
    # play (``gives_now``, docs/rulings.md, ruling 163); (): always, where ``give_effect``.
    give_when: tuple[dict[str, object], ...] = ()

    def some_limit(self) -> str | None:
        """A limit a play of the card could say (the advice asks whether it may go, not which
        way its player sends the next play): higher where it asks one (ruling 171), else None."""
        return LIMITS[0] if self.chooses_limit else None

    def chooses(self, m: Moment) -> bool:
        """Whether a play of this card, as ``m`` reads it, names a chosen player (`to`)."""
        return self.needs_target and (
            not self.target_when or any(holds(w, m) for w in self.target_when)
        )

    def chooses_now(
        self, s: State, card: Card, k: int, zone: str | None, suit: str | None = None
    ) -> bool:
        """Whether a play of ``k`` copies of ``card`` (this card) from ``zone``, showing
        ``suit``, names a chosen player now: it needs one, with no condition or one that holds
        for this play (the pile before it, its size, its zone, the first play, the card it
        goes on, the suit it shows)."""
        if not self.target_when:
            return self.needs_target
        top = s.pile[-1] if s.pile else None
        return self.chooses(Moment(top is None, k, zone, s.first_play, top == card, suit))

    def gives_now(
        self, s: State, card: Card, k: int, zone: str | None, suit: str | None = None
    ) -> bool:
        """Whether a play of ``k`` copies of ``card`` (this card) from ``zone``, showing
        ``suit``, gives a card now: it has an effect that gives one, with no condition or one
        that holds for this play (as ``chooses_now`` reads it)."""
        if not self.give_when:
            return self.give_effect is not None
        top = s.pile[-1] if s.pile else None
        m = Moment(top is None, k, zone, s.first_play, top == card, suit)
        return any(holds(w, m) for w in self.give_when)

    def name_choices(self, ranks: Sequence[int]) -> tuple[int, ...]:
        """The numbers a play of it may name, highest first (ruling 153; ``names``, 165)."""
        return self.names if self.names is not None else tuple(reversed(ranks))

    def targets(self, names: list[str], by: str) -> list[str]:
        """Whom a play of this card by ``by`` may choose: the other players, or everyone at the
        table where the card's own player may be chosen too (``chosen_may_be_self``)."""
        return list(names) if self.chosen_may_be_self else [n for n in names if n != by]

    @property
    def takes_give(self) -> bool:
        """A play of this card may say which card is given (`give`)."""
        return self.give_effect is not None


@dataclass
class Resolution:
    """What a played card's effects may touch, and the flow events they raise.

    A card acts for its player, a person: an earlier effect of the same card may move people
    to other seats (R8.11, ``rotate_seats``), so the effects find the player (``seat``), the
    chosen player (``chosen_seat``) and the next player (``next_seat``) by name as each one
    resolves, never by the seat numbers the play started from (docs/rulings.md, ruling 113).
    """

    state: State
    variant: Variant
    mover: int  # the seat the card was played from (R8.11: play continues after it)
    card: Card
    # The chosen player's seat as the card is played (``to``); kept as the person (``chosen``).
    target: InitVar[int | None] = None
    give: Card | None = None
    named: int | None = None  # the number its player named for it (ruling 153)
    limit: str | None = None  # higher or lower, as its player said (ruling 171)
    copies: int = 1  # how many copies were played together (an effect may count each)
    # --- flow events (boardgame.io's "events"): applied by the engine after all effects ---
    play_again: bool = False
    continue_from: int | None = None  # seat the turn passes from (R8.11), default the mover's
    turn_to: str | None = None  # the player the turn passes to (a chosen player), by name
    landed: bool = False  # a card was moved onto the top of the pile (R7.1, R8.4)
    # The effect that cleared the pile and cancels the turn's earlier powers (ruling 155),
    # by name ("": none); its unit's ``cancel_words`` tell the table.
    cancels_turn: str = ""
    stopped: bool = False  # a dry run stopped before an effect (Game._state_at)
    # --- words for the table (empty in a game that keeps no history) ---
    notes: list[str] = field(default_factory=list)
    quiet: bool = False  # the simulator: no words are made
    # The player who played, by name: seats may change hands while the card resolves (R8.11,
    # rotate_seats), and what is left pending for "the same player" is theirs, not the seat's.
    player: str = ""
    chosen: str | None = None  # the chosen player (``to``), by name
    # The people this play has made lose a turn so far - a mirror's copy, the card's own
    # skips, and the play it goes on from at once (rulings 110-111) - so that the next skip
    # walks on round the table instead of taking a second turn from one of them (ruling 115).
    skipped: list[str] = field(default_factory=list)
    # The play as a condition on an effect reads it (``when``, issue 42); None: every
    # condition fails (nothing is known of the play).
    moment: Moment | None = None

    def __post_init__(self, target: int | None) -> None:
        if not self.player:
            self.player = self.state.names[self.mover]
        if self.chosen is None and target is not None:
            self.chosen = self.state.names[target]

    def happens(self, e: Effect) -> bool:
        """Whether an effect happens in this play: it has no condition (``when``), or its
        conditions hold for the play (issue 42).  The one place an effect acting after a play
        asks its condition (a mirror's copies too)."""
        return not e.when or (self.moment is not None and holds(e.when, self.moment))

    @property
    def seat(self) -> int:
        """The seat the card's player sits at now (after the card's earlier effects)."""
        return self.state.names.index(self.player)

    def chosen_seat(self) -> int | None:
        """The seat the chosen player sits at now, or None when the card names nobody."""
        return None if self.chosen is None else self.state.names.index(self.chosen)

    def next_seat(self) -> int | None:
        """The next player's seat (docs/rulings.md, ruling 113): the first player who is in
        after the seat the card was played from, in the direction of play as it is now - the
        player whose turn comes next - but never the card's player themself (R8: any *other*
        player), who may have taken that seat in a seat trade.  None: nobody else is in."""
        return next(iter(self.next_seats(1)), None)

    def next_seats(self, n: int, *, walk_on: bool = False) -> list[int]:
        """The next ``n`` players' seats in turn, each once (``next_seat`` for the first).
        With ``walk_on`` (a skip of the next player), those this play has already made lose a
        turn are passed by: the skips of one play walk on round the table (ruling 115)."""
        s = self.state
        seats, size, me = s.seats, len(s.seats), self.seat
        names, passed = s.names, self.skipped if walk_on else ()
        found: list[int] = []
        for k in range(1, size + 1):
            if len(found) == n:
                break
            i = (self.mover + k * s.direction) % size
            if i != me and seats[i].total and names[i] not in passed:
                found.append(i)
        return found

    def seats_round(self, n: int) -> list[int]:
        """The seats ``n`` skips move the turn on to, one seat each, walking round the table
        in turn from the seat the card was played from - the card's player's own included -
        on from the skips this play has made already (issue 42, ruling 135)."""
        s = self.state
        size = len(s.seats)
        ring = [(self.mover + k * s.direction) % size for k in range(1, size + 1)]
        ins = [i for i in ring if s.seats[i].total]
        done = len(self.skipped)
        return [ins[(done + j) % len(ins)] for j in range(n)] if ins else []

    def name(self, seat: int) -> str:
        return self.state.names[seat]

    def say(self, text: str) -> None:
        if not self.quiet:
            self.notes.append(text)


@dataclass(frozen=True, slots=True)
class Proposal:
    """A proposed play, as an effect unit's own check sees it (``EffectSpec.refuse``,
    ``EffectSpec.refuse_own``): read only, judged before anything changes."""

    state: State
    variant: Variant
    by: str
    seat: int  # the mover's seat
    card: Card
    k: int  # how many copies
    zone: ZoneName
    could_pick_up: bool  # picking up the pile is open to the mover instead (R6.2, R6.3, R8.3)
    suit: str | None = None  # the suit the play shows (issue 42)

    @property
    def moment(self) -> Moment:
        """The play as a condition on an effect reads it (``when``, issue 42)."""
        pile = self.state.pile
        on_same = bool(pile) and pile[-1] == self.card
        return Moment(not pile, self.k, self.zone, self.state.first_play, on_same, self.suit)

    @property
    def left_after(self) -> int:
        """The cards the mover holds once this play has left their zone."""
        return self.state.seats[self.seat].total - self.k


@dataclass(frozen=True, slots=True)
class Refusal:
    """An effect unit's answer to a proposal it does not allow: its own reason ``code`` and its
    words, and the rule they cite; the engine makes it a verdict (``Reason.HOUSE_RULE``).  A
    unit that keeps a rule of the rule book itself (R8.3's follow-up) answers with that rule's
    own ``reason`` and ``facts`` instead, so the verdict reads as the rule book's."""

    effect: str
    code: str
    rule: str
    words: str
    reason: Reason | None = None
    facts: Facts | None = None
    field: str | None = None  # the part of the step it is about ("zone", "play"), if one


class PileView(NamedTuple):
    """The pile as a card about to land on it sees it: everything the one R5 check reads
    (``Pile.fit``), and all that a unit's ``lands_on`` may read.  An immutable tuple: the
    fast tables keep the check's answers per view (hashed and compared at C speed)."""

    top: Card | None  # the card on top, as it lies
    judge: Card | None  # the card that judges the next play: the top, seen through see-through
    value: int | None  # what a number must equal or beat (R5.2, R5.4); None: anything may go
    restriction: Restriction | None = None  # the restriction in force (R5.4)
    free: bool = False  # any card may go: a play due at once (R8.3's follow-up)
    # A lasting mode that turns the order of ranks round (a revolution): its unit's name and
    # slice (``Pending.turns_order``), which names the card and rule its verdicts cite.
    turned: tuple[str, Pending] | None = None
    first: bool = False  # the first play of the game is still to come (a fresh deal)
    # The judge's lasting effects under a condition that held as it was laid (their places
    # among its effects, ``State.held``, issue 42): what may go on it asks them too.
    held: frozenset[int] = frozenset()


@dataclass
class Arrival:
    """A card that has just come to the top of the pile (``EffectSpec.on_top``): played,
    moved there by Bottoms Up, copied by a mirror, or found there at the start of a position.
    What it carries over to the next play (a restriction, R5.4) is set from here, so it belongs
    to the card on top however it got there."""

    state: State
    variant: Variant
    by: str  # the player whose step brought it there
    card: Card  # the card that names what it sets (a mirror names itself)
    value: int | None  # the value it counts as on top (a mirror: the copied card's, R5.2)
    before: Restriction | None  # the restriction in force as it came (see-through cards)
    kind: Card | None = None  # the card whose powers these are (a mirror: the copied card)
    # The play that laid it, as a condition on what it carries over reads it (``when``, issue
    # 42; a mirror's copies ask the mirror's own play); None: nothing is known of a play, and
    # a condition does not hold.
    moment: Moment | None = None
    # Higher or lower, as the play that laid it said (ruling 171); None: nobody chose.
    limit: str | None = None

    def happens(self, e: Effect) -> bool:
        """Whether what an effect carries over is set as the card comes on top: it has no
        condition (``when``), or its conditions hold for the play that laid it (issue 42)."""
        return not e.when or (self.moment is not None and holds(e.when, self.moment))

    @property
    def of(self) -> Card:
        """The card whose powers these are: the card itself, or the one a mirror copies."""
        return self.card if self.kind is None else self.kind

    def restrict(
        self, effect: str, lo: int | None, hi: int | None, rule: str, chose: str = ""
    ) -> None:
        """The next play must be a number from ``lo`` to ``hi``, or wild (R5.4): kept as the
        pending slice of ``effect``, naming this card, citing its rule, and naming who chose
        which way it goes where its player chose (``chose``, ruling 171)."""
        card, v = self.card, self.variant
        name, cites = v.card_name(card), v.rule_for(card, rule)
        if self.kind is not None:  # a mirror's copy: "after 8 copying 7, 9 is too high"
            name = f"{name} copying {v.card_name(self.kind)}"
        self.state.pending[effect] = Limit(
            self.by, card, name, cites, Restriction(lo, hi, card, name, cites, chose)
        )


def table_zone(seat: Seat) -> ZoneName:
    """R8.3: a follow-up comes from face-up, else face-down, else the hand."""
    if seat.face_up.count:
        return "face_up"
    if seat.face_down.count:
        return "face_down"
    return "hand"


def first_zone(seat: Seat) -> ZoneName | None:
    """The zone a player gives or plays a table card from, in order of play."""
    if seat.hand.count:
        return "hand"
    if seat.face_up.count:
        return "face_up"
    if seat.face_down.count:
        return "face_down"
    return None


def hand_over(
    s: State, giver: Seat, zone_name: ZoneName, card: Card | None, hand: ZoneCards
) -> Card | None:
    """One card from ``giver``'s zone into ``hand`` (Give a Card, Take a Card), as the table
    sees it: ``card`` where it can tell which went; from a zone it knows nothing of, a card
    nobody named; else it forgets what it knew of that zone, so that no later play is wrongly
    refused (R4.3 bounds what a player *may* hold).  The card, or None when untold."""
    zone = giver.zone(zone_name)
    if card is not None:
        if zone.take(card, 1):
            s.see(card)
        hand.add_known(card)
        return card
    if zone.known:
        for c, n in zone.known.items():
            s.seen[c] = s.seen.get(c, 0) - n
        setattr(giver, zone_name, ZoneCards(unknown=zone.count - 1))
    else:
        zone.take_unknown(1)
    hand.add_unknown(1)
    return None


def next_in(state: State, seat: int) -> int | None:
    """The first seat after ``seat`` (current direction) whose player is in, skips ignored."""
    n = len(state.seats)
    for k in range(1, n + 1):
        i = (seat + k * state.direction) % n
        if state.seats[i].total:
            return i
    return None
