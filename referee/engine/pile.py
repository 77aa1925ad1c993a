"""What the pile allows (R5): the one R5 check and what the pile shows the next card.

``Pile`` is one part of a game (``engine.game.Game`` holds it), made once per variant and for
any state given.  Every answer about landing - verdicts, legal steps, a blind face-down card,
the advice, the bots - is its one check's (``fit``), whose yes or no the fast tables keep per
view of the pile (``engine.fast``).
"""

from __future__ import annotations

from referee import words
from referee.effects import EffectSpec, Params, PileView, Refusal
from referee.engine.fast import FastTables
from referee.engine.judgement import Judgement, no, refused, yes
from referee.table.state import Pending, Restriction, State
from referee.tablerules import TableRule, active
from referee.variant import core
from referee.variant.conditions import Moment, holds
from referee.variant.model import Card, Effect, Variant
from referee.words.reasons import OnTop, Played, Reason, Restricted, TooLow, Who


def _beats(card: int, value: int) -> bool:
    """R5.2: a number goes on the same value or higher (the core rules' table says whether
    the same value may follow)."""
    return card >= value if core.RULES.equal_may_follow else card > value


class Pile:
    """The pile of one variant, for any state given: what judges the next card, what it counts
    and what may land on it."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        fast = self.fast = FastTables.of(variant, self.fits_view)
        self._traits = fast.traits
        self._lands: dict[Card, tuple[tuple[EffectSpec, Params, Params], ...]] = fast.lands
        self._wild_when = fast.wild_when
        self._takes: dict[Card | None, tuple[tuple[EffectSpec, Params], ...]] = fast.takes
        self._counts = fast.counts  # what each card counts as on top
        self._see_through = fast.see_through
        # A Karma card or joker that is not wild is played as the number it counts as
        # (``plays_as``, ruling 162); a number card as itself.
        self._numbers: dict[Card, int] = {
            c: t.value
            for c, t in fast.traits.items()
            if isinstance(c, str) and not t.wild and t.value is not None
        }
        # A table rule that refuses a number on the same value (R5.2 changed), if one is set.
        self._equal: TableRule | None = next(
            (u for u in active(variant) if u.has("refuse_equal")), None
        )

    def top_card(self, s: State) -> Card | None:
        """The card that judges the next play: the top, seen through transparent cards (and
        the cards the pile marked see-through as they were laid, ``State.through``)."""
        see_through = self._see_through
        through = s.through
        if through:
            pile = s.pile
            for i in range(len(pile) - 1, -1, -1):
                if pile[i] not in see_through and i not in through:
                    return pile[i]
            return None
        for card in reversed(s.pile):
            if card not in see_through:
                return card
        return None

    def judge_place(self, s: State) -> int | None:
        """Where the card that judges the next play lies in the pile (``top_card``'s place);
        None: no card judges (an empty pile, or see-through cards only)."""
        pile, see_through, through = s.pile, self._see_through, s.through
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] not in see_through and i not in through:
                return i
        return None

    def held_at(self, s: State, i: int) -> frozenset[int]:
        """The lasting effects under a condition of the pile's card at place ``i`` whose
        condition held as it was laid (their places among its effects, ``State.held``)."""
        return frozenset(j for place, j in s.held if place == i)

    def lasting(self, s: State, i: int) -> tuple[Effect, ...]:
        """The effects of the pile's card at place ``i`` that work while it lies there: those
        with no condition, and those whose condition held as it was laid (issue 42)."""
        effects = self.fast.effects[s.pile[i]]
        if not any(e.when for e in effects):
            return effects
        held = self.held_at(s, i) if s.held else frozenset()
        return tuple(e for j, e in enumerate(effects) if not e.when or j in held)

    def is_through(self, s: State, i: int) -> bool:
        """Whether the pile's card at place ``i`` is see-through: by its traits, or marked so
        as it was laid (a condition that held, ``State.through``)."""
        return s.pile[i] in self._see_through or i in s.through

    def counts(self, card: Card | None) -> int | None:
        """What a card counts as on top (R5.2, R5.4); None: anything may go (no card)."""
        return self._counts[card]

    def top_value(self, s: State) -> int | None:
        """What the next play must equal or beat (R5.2, R5.4); None: anything may go.  A card
        whose value hangs on a condition counts it when the pile marked it so as it was laid
        (``State.held``, issue 42), and a card whose player named a number counts as it
        (``State.named``, ruling 153)."""
        if s.held or s.named:
            return self.view(s).value
        return self.counts(self.top_card(s))

    def _judged_value(self, s: State) -> int | None:
        """What the card that judges counts as, where the pile remembers numbers named."""
        i = self.judge_place(s)
        if i is None:
            return None
        named = s.named_at(i)
        return self._counts[s.pile[i]] if named is None else named

    def view(self, s: State) -> PileView:
        """The pile as the next card to land sees it: all the one R5 check reads."""
        pile = s.pile
        top: Card | None = None
        judge: Card | None = None
        if pile:
            top = pile[-1]
            plain = top not in self._see_through and not (s.through and len(pile) - 1 in s.through)
            judge = top if plain else self.top_card(s)
            if s.held and judge in self.fast.held_when:  # marked as it was laid (issue 42)
                return self._held_view(s, top, judge)
        value = self._judged_value(s) if s.named else self._counts[judge]
        if s.pending:
            free = any(p.free for p in s.pending.values())
            turned = next(((n, p) for n, p in s.pending.items() if p.turns_order), None)
            return PileView(top, judge, value, s.restriction, free, turned, s.first_play)
        if s.first_play:
            return PileView(top, judge, value, first=True)
        return PileView(top, judge, value)

    def _held_view(self, s: State, top: Card, judge: Card) -> PileView:
        """``view`` where the card that judges has lasting effects under a condition: what it
        counts and what may go on it read the ones that held as it was laid (``State.held``)."""
        i = self.judge_place(s)
        held = self.held_at(s, i) if i is not None else frozenset()
        value = self.fast.held_count(judge, held) if held else self._counts[judge]
        named = s.named_at(i) if s.named and i is not None else None
        if named is not None:  # a number its player named (ruling 153)
            value = named
        free = any(p.free for p in s.pending.values())
        turned = next(((n, p) for n, p in s.pending.items() if p.turns_order), None)
        return PileView(top, judge, value, s.restriction, free, turned, s.first_play, held)

    def may_follow(self, card: Card) -> frozenset[Card]:
        """The cards that may land on ``card`` just played on its own (no restriction set by
        it): what a bot asks of the one R5 check before it plays a plain card.  (The view of a
        card alone on top, kept per card: ``FastTables.settled_fits``.)"""
        found = self.fast.settled.get(card)
        return found if found is not None else self.fast.settled_fits(card)

    def may_land(
        self,
        s: State,
        card: Card,
        k: int | None = None,
        zone: str | None = None,
        suit: str | None = None,
    ) -> bool:
        """Whether a card may go on the pile now: the yes/no of ``fit``, kept per view; for a
        card whose landing hangs on the play (``FastTables.by_count``: its size, its zone), of
        ``k`` copies from ``zone`` (None: some play of it)."""
        if k is not None and card in self.fast.by_count:
            return self.fit(self.view(s), card, "", k, zone, suit).legal
        return card in self.fast.fits(self.view(s))

    def as_played(self, card: Card, named: int | None) -> Card:
        """The card the one R5 check asks of a play of ``card`` named as ``named``: the card
        named, for a card that must go where a card of that number could (``named_value``'s
        ``fits``, ruling 170); else the card itself."""
        return named if named is not None and card in self.fast.as_named else card

    def fits_view(self, view: PileView, card: Card) -> bool:
        """``fit``'s yes or no, which the fast tables keep per view."""
        return self.fit(view, card, "").legal

    def _named(self, card: Card, suit: str | None) -> str:
        """The card as a verdict names it, with the suit its play shows (issue 42): 'Jack of
        hearts'."""
        name = self.variant.card_name(card)
        return name if suit is None else f"{name} of {suit}"

    def fit(
        self,
        view: PileView,
        card: Card,
        by: str,
        k: int | None = None,
        zone: str | None = None,
        suit: str | None = None,
    ) -> Judgement:
        """The one R5 check: may this card land on the pile as it is?  In order: a play due at
        once takes any card (R8.3); the card's own units say where it may land, then the units
        of the card that judges say what may go on it (house rules); a wild card goes on
        anything (R5.3); a restriction binds (R5.4); else equal or higher (R5.1, R5.2), or equal
        or lower while a lasting mode turns the order round (a revolution).

        An effect with a condition (``when``, issue 42) counts only when it holds for the play
        of ``k`` copies from ``zone`` showing ``suit``; with them None (the fast tables' answer per view) a
        condition on the play is taken the way that lets the card go, so the answer is "for
        some play of it", and the filter asks again with the play (``FastTables.by_count``)."""
        name = self._named(card, suit)
        if view.free:
            return yes("R8.3", Reason.FOLLOW_UP_PLAY, Who(by))
        moment = Moment(view.top is None, k, zone, view.first, view.top == card, suit)
        for unit, params, when in self._lands[card]:
            if when and not holds(when, moment, unknown=False):
                continue  # its condition does not hold for this play (issue 42)
            r = unit.lands_on(params, card, view, self.variant)
            if r is not None:
                return refused(by, r)
        for unit, params in self._takes_of(view):
            r = unit.takes(params, card, view, self.variant)
            if r is not None:
                return refused(by, r)
        if self._traits[card].wild or any(
            holds(when, moment, unknown=True) for when in self._wild_when[card]
        ):
            return yes("R5.3", Reason.WILD, Played(by, name))
        number = card if isinstance(card, int) else self._numbers.get(card)
        limit = view.restriction
        if limit is not None:
            if number is not None and limit.allows(number):
                return yes("R5.4", Reason.IN_RANGE, Restricted(by, name, limit))
            # The restriction names the card that set it and its rule, also after that card
            # left the game (a one-time card) or lies under a see-through card.
            return no(limit.rule, Reason.RESTRICTED, Restricted(by, name, limit))
        value = view.value
        if value is None:
            return yes("R5.1", Reason.EMPTY_PILE, Played(by, name))
        if view.turned is not None and value:  # a card that counts 0 still lets anything go
            return self._turned(view, view.turned, number, by, name, value)
        if number is not None and _beats(number, value):
            if number == value and self._equal is not None:
                r = self._equal.refuse_equal(by, name, self._top_words(view))
                if r is not None:
                    return refused(by, r)
            return yes("R5.2", Reason.HIGHER, OnTop(by, name, self._top_words(view)))
        return no("R5.2", Reason.TOO_LOW, TooLow(by, name, self._top_words(view), value))

    def _takes_of(self, view: PileView) -> tuple[tuple[EffectSpec, Params], ...]:
        """The units of the card that judges that say what may go on it: those with no
        condition, and those whose condition held as it was laid (``PileView.held``)."""
        if view.held and view.judge is not None:
            return self.fast.held_takes(view.judge, view.held)
        return self._takes[view.judge]

    def _turned(
        self,
        view: PileView,
        turned: tuple[str, Pending],
        card: Card | None,
        by: str,
        name: str,
        value: int,
    ) -> Judgement:
        """R5.2 turned round while a lasting mode says so (a revolution, docs/rulings.md): a
        number goes on the same value or lower.  Only the plain comparison turns; a wild card,
        a restriction and the cards' own limits were judged before, as written."""
        effect, p = turned
        top = self._top_words(view)
        if isinstance(card, int) and _beats(value, card):
            if card == value and self._equal is not None:
                r = self._equal.refuse_equal(by, name, top)
                if r is not None:
                    return refused(by, r)
            limit = Restriction(None, value, p.card, p.name, p.rule)
            return yes(p.rule, Reason.IN_RANGE, Restricted(by, name, limit))
        # After "No: " (wording's HOUSE_RULE): a sentence that goes on from there.
        said = (
            f"{words.face(name)} is higher than {words.face(top)}. After {p.name} the order is "
            f"turned round. {by} must play the same or lower, or pick up the pile."
        )
        return refused(by, Refusal(effect, "turned_round", p.rule, said))

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
