"""Per-variant tables for ``legal_steps`` (the simulator's hot path, issue 12)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from referee.effects import (
    EFFECTS,
    EffectSpec,
    Needs,
    Params,
    PileView,
    Traits,
    needs_of,
    powers_of,
    traits_of,
)
from referee.engine.steps import PickUp, Step
from referee.table.state import Pending, State
from referee.tablerules import active
from referee.variant.conditions import by_play, suited
from referee.variant.model import Card, Effect, Variant
from referee.words.sentences import Voice

QUIET_UNITS = frozenset(
    name
    for name, unit in EFFECTS.items()
    if unit.refuses_only_zone or type(unit).refuse is EffectSpec.refuse
)
"""Units whose pending slices check no play beyond the zone due (a restriction works through
the pile's view, skips through the turn flow, a follow-up through the zone it names): with only
these pending, a plain card's plays from the zone due pass the filter as soon as it may land."""

PASSING_UNITS = frozenset(
    name for name, unit in EFFECTS.items() if type(unit).pass_over is not EffectSpec.pass_over
)
"""Units whose pending slices may pass a player over (R8.6): the turn flow asks only these."""

SETTLING_UNITS = frozenset(
    name for name, unit in EFFECTS.items() if type(unit).settle is not EffectSpec.settle
)
"""Units whose pending slices leave something to do as they lapse unanswered (cards owed,
drawn): a step asks only these."""


CHOOSING_UNITS = frozenset(
    name
    for name, unit in EFFECTS.items()
    if type(unit).refuse_chosen is not EffectSpec.refuse_chosen
)
"""Units whose pending slices may bind the player a play chooses (a reflection goes back):
the choices' check asks only these."""


SENDING_UNITS = frozenset(
    name for name, unit in EFFECTS.items() if type(unit).takes_pile is not EffectSpec.takes_pile
)
"""Units whose pending slices may send a picked-up pile to another player: a pick-up asks only
these."""


class FastTables:
    """Per-variant tables, made once per variant and shared by its games: each card's traits
    (R5), needs (R8 choices, own checks), the units that limit where it may land, what it counts
    as on top, the units it carries over with (``on_top``); and for ``legal_steps`` (the
    simulator's hot path) the cards that may land on each pile view and the plays of plain
    cards.  They keep the answers of ``Pile.fits_view`` (the R5 part of ``Rules.judge``): the
    rules live in one place."""

    __slots__ = (
        "variant",
        "cards",
        "traits",
        "needs",
        "effects",
        "lands",
        "wild_when",
        "by_count",
        "suited",
        "takes",
        "counts",
        "see_through",
        "through_when",
        "held_when",
        "marked",
        "_held_counts",
        "_held_takes",
        "arrives",
        "plain",
        "gifts",
        "naming",
        "brought",
        "as_named",
        "names_of",
        "names_tried",
        "limiting",
        "unresolved",
        "lets_in",
        "plays",
        "pickups",
        "fitting",
        "settled",
        "_fit",
        "voice",
    )
    # The variants met last (a run plays one, a comparison two, a search for a fix a few):
    # their tables and everything they have kept, most recent last.
    _recent: ClassVar[list[FastTables]] = []
    KEEP: ClassVar[int] = 8

    def __init__(self, variant: Variant, fit: Callable[[PileView, Card], bool]) -> None:
        self.variant = variant
        self.voice = Voice.of(variant)  # how the referee words things in this variant
        cards = self.cards = variant.all_cards()
        effects = self.effects = {c: variant.effects_of(c) for c in cards}
        self.traits: dict[Card, Traits] = {
            c: traits_of(effects[c], isinstance(c, str)) for c in cards
        }
        self.needs: dict[Card, Needs] = {c: needs_of(effects[c]) for c in cards}
        for rule in active(variant):  # a table rule that checks plays of some cards
            if rule.has("refuse_play"):
                for c in cards:
                    self.needs[c].checked = self.needs[c].checked or rule.checks(c, variant)
        # Each with its condition (``when``, empty: always), which the one R5 check asks.
        self.lands: dict[Card, tuple[tuple[EffectSpec, Params, Params], ...]] = {
            c: tuple(
                (EFFECTS[e.name], e.params, e.when) for e in effects[c] if _has(e.name, "lands_on")
            )
            for c in cards
        }
        # A card wild only under a condition (``when``): its traits leave it out, and the one
        # R5 check asks the conditions as the card is played (by the pile's view).
        self.wild_when: dict[Card, tuple[Params, ...]] = {
            c: tuple(
                e.when
                for e in effects[c]
                if e.when and EFFECTS[e.name].traits_by_play and _is_wild(e)
            )
            for c in cards
        }
        # Cards whose landing hangs on the play (a condition on its size or its zone): the
        # answers per view are "for some play of it", so their plays always go through the
        # filter, which asks the one R5 check with the play (never the plain cards' fast path).
        self.by_count = frozenset(
            c
            for c in cards
            if any(by_play(w) for w in self.wild_when[c])
            or any(by_play(w) for _, _, w in self.lands[c])
        )
        # Cards with an effect that hangs on the suit the play shows (issue 42), or that
        # another card's effect reads by their suit (``EffectSpec.suited_cards``): their plays
        # are listed with each suit too, and always go through the filter.
        read = {
            c
            for cs in effects.values()
            for e in cs
            for c in EFFECTS[e.name].suited_cards(e.params, variant)
        }
        self.suited = frozenset(
            c for c in cards if c in read or any(suited(e.when) for e in effects[c])
        )
        for c in self.by_count | self.suited:
            self.needs[c].checked = True
        self.takes: dict[Card | None, tuple[tuple[EffectSpec, Params], ...]] = {
            c: tuple(
                (EFFECTS[e.name], e.params)
                for e in effects[c]
                if _has(e.name, "takes") and not e.when  # under a condition: ``held_takes``
            )
            for c in cards
        }
        self.takes[None] = ()
        self.counts: dict[Card | None, int | None] = {c: _count(c, self.traits[c]) for c in cards}
        self.counts[None] = None
        self.see_through = frozenset(c for c in cards if self.traits[c].transparent)
        # A card see-through (or a mirror) only under a condition (``when``, issue 42): its
        # traits leave it out; the pile marks it as it is laid when a condition holds
        # (``State.through``), asked of that play.
        self.through_when: dict[Card, tuple[Params, ...]] = {
            c: whens
            for c in cards
            if (
                whens := tuple(
                    e.when for e in effects[c] if e.when and EFFECTS[e.name].see_through_by_play
                )
            )
        }
        # A card with an effect that works while it lies on the pile (what it counts, what may
        # go on it, who may cut in) only under a condition (``when``, issue 42): each such
        # effect's place among its card's effects and its condition.  The pile marks the effect
        # as its card is laid when the condition holds for that play (``State.held``); it works
        # for as long as the card lies there.
        self.held_when: dict[Card, tuple[tuple[int, Params], ...]] = {
            c: held
            for c in cards
            if (
                held := tuple(
                    (j, e.when)
                    for j, e in enumerate(effects[c])
                    if e.when and EFFECTS[e.name].lasts_on_pile
                )
            )
        }
        # The cards the pile may mark as they are laid (see-through or lasting by a condition).
        self.marked = frozenset(self.through_when) | frozenset(self.held_when)
        self._held_counts: dict[tuple[Card, frozenset[int]], int] = {}
        self._held_takes: dict[tuple[Card, frozenset[int]], tuple[tuple[EffectSpec, Params], ...]]
        self._held_takes = {}
        # Cards with a unit that sets something as the card comes on top (on_top).
        self.arrives = frozenset(
            c for c in cards if any(_has(e.name, "on_top") for e in effects[c])
        )
        # Plain: a card whose plays need no choice and that no effect checks (refuse_own).
        self.plain = frozenset(
            c
            for c, n in self.needs.items()
            if not (n.needs_target or n.takes_give or n.checked or n.names_value or n.chooses_limit)
        )
        # For each card, the effects a dry run may stop at with none resolved before them
        # (only hooks ``resolve`` moves cards): up to them a play moves only its own cards.
        self.unresolved: dict[Card, frozenset[str]] = {c: _unresolved(effects[c]) for c in cards}
        # Cards whose plays may name the number they count as (ruling 153).
        self.naming = frozenset(c for c, n in self.needs.items() if n.names_value)
        # Cards that, named as a number, must go where a card of it could (ruling 170).
        self.as_named = frozenset(c for c, n in self.needs.items() if n.fits)
        # The numbers each card its player names may be named as, highest first (rulings 153,
        # 165), and what a play of one that goes only as the card named is proposed named as
        # (ruling 170): none, then each of them - worked out once, read on the hot paths.
        self.names_of = {c: self.needs[c].name_choices(variant.ranks) for c in self.naming}
        self.names_tried = {c: (None, *self.names_of[c]) for c in self.as_named}
        # For a card named as a number that also does what that number does (ruling 169):
        # by each number, what a card of it brings (``powers_of``) and what it counts as.
        self.brought: dict[Card, dict[int, tuple[tuple[Effect, ...], int | None]]] = {
            c: {r: (powers_of(effects.get(r, ())), self.counts.get(r, r)) for r in variant.ranks}
            for c, n in self.needs.items()
            if n.powers
        }
        # Cards whose plays say higher or lower (ruling 171).
        self.limiting = frozenset(c for c, n in self.needs.items() if n.chooses_limit)
        # Cards whose plays say which card they give (R8.9).
        self.gifts = frozenset(c for c, n in self.needs.items() if n.takes_give)
        # Cards that, on top, may let a player step out of turn (none: no cut-ins to look for).
        self.lets_in = frozenset(c for c, n in self.needs.items() if n.lets_in)
        self.plays: dict[tuple[str, str], dict[Card, list[list[Step]]]] = {}
        self.pickups: dict[str, PickUp] = {}
        # Keyed by the view, or by a plain tuple of the same fields (equal, and hashed alike).
        self.fitting: dict[tuple[object, ...], frozenset[Card]] = {}
        # ``fits`` of the view of a top card alone (nothing pending, not see-through), by card.
        self.settled: dict[Card | None, frozenset[Card]] = {}
        self._fit = fit

    @classmethod
    def of(cls, variant: Variant, fit: Callable[[PileView, Card], bool]) -> FastTables:
        recent = cls._recent
        if recent and recent[-1].variant is variant:
            return recent[-1]
        for i, tables in enumerate(recent):
            if tables.variant is variant:
                del recent[i]
                break
        else:
            tables = cls(variant, fit)
            if len(recent) >= cls.KEEP:
                del recent[0]
        recent.append(tables)
        return tables

    @staticmethod
    def quiet(pending: Mapping[str, Pending]) -> bool:
        """Whether nothing pending checks a play beyond its zone (see ``QUIET_UNITS``)."""
        return all(name in QUIET_UNITS for name in pending)

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

    def fits(self, view: PileView) -> frozenset[Card]:
        """The cards that may land on the pile as ``view`` shows it (R5): the one check's
        answers (``Pile.fits_view``), kept per view."""
        found = self.fitting.get(view)
        if found is None:
            if len(self.fitting) > 4096:  # views are few per variant; bound it all the same
                self.fitting.clear()
            fit = self._fit
            found = self.fitting[view] = frozenset(c for c in self.cards if fit(view, c))
        return found

    def with_named(self, fits: frozenset[Card]) -> frozenset[Card]:
        """``fits`` (the cards that may land as they are) with each card that must go as the
        card named (ruling 170) where some number it may be named as is among them: the cards
        whose plays the listing proposes (each named play is then judged by the filter)."""
        if not self.as_named:
            return fits
        more = {c for c in self.as_named if any(n in fits for n in self.names_of[c])}
        return fits | more if more else fits

    def suited_at(self, s: State) -> frozenset[Card]:
        """The cards whose plays show a suit in state ``s``: those whose powers read one
        (``suited``), and at the game's first play the rank of the starting card it must show
        (a table rule, ruling 167)."""
        if s.first_play and s.opening is not None:
            return self.suited | {s.opening[0]}
        return self.suited

    def held_count(self, card: Card, held: frozenset[int]) -> int:
        """What ``card`` counts as on top with its lasting effects at places ``held`` (their
        conditions held as it was laid, ``State.held``) working too, kept per card and marks."""
        key = (card, held)
        found = self._held_counts.get(key)
        if found is None:
            on = tuple(
                Effect(e.name, e.params)
                for j, e in enumerate(self.effects[card])
                if not e.when or j in held
            )
            found = self._held_counts[key] = _count(card, traits_of(on, isinstance(card, str)))
        return found

    def held_takes(self, card: Card, held: frozenset[int]) -> tuple[tuple[EffectSpec, Params], ...]:
        """What may go on ``card`` (``takes``) with its effects at places ``held`` working too
        (their conditions held as it was laid, ``State.held``), kept per card and marks."""
        key = (card, held)
        found = self._held_takes.get(key)
        if found is None:
            found = self._held_takes[key] = self.takes[card] + tuple(
                (EFFECTS[e.name], e.params)
                for j, e in enumerate(self.effects[card])
                if j in held and e.when and _has(e.name, "takes")
            )
        return found

    def settled_fits(self, top: Card | None) -> frozenset[Card]:
        """The cards that may land on ``top`` when nothing is pending and ``top`` is not
        see-through (None: no pile): ``fits`` of that view, kept per top card, so the hot path
        needs no view to ask (``Choices.legal_steps``)."""
        found = self.settled.get(top)
        if found is None:
            found = self.settled[top] = self.fits(PileView(top, top, self.counts[top]))
        return found


def _has(effect: str, hook: str) -> bool:
    """Whether an effect's unit overrides a hook (does something there)."""
    return getattr(type(EFFECTS[effect]), hook) is not getattr(EffectSpec, hook)


def _is_wild(e: Effect) -> bool:
    """Whether this effect, were it always on, would make its card wild (R5.3)."""
    return traits_of((Effect(e.name, e.params),), False).wild


def _unresolved(effects: tuple[Effect, ...]) -> frozenset[str]:
    """The effects of a card before which none of its effects resolves (``resolve`` is the
    hook that moves cards; the others set what is pending): its first resolving one and those
    before it."""
    found = []
    for e in effects:
        found.append(e.name)
        if _has(e.name, "resolve"):
            break
    return frozenset(found)


def _count(card: Card, t: Traits) -> int:
    """What a card counts as on top (R5.2, R5.4): its value, else its number (Karma: 0)."""
    if t.value is not None:
        return t.value
    return card if isinstance(card, int) else 0
