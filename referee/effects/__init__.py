"""The effects registry (RULES.md R9): one unit per effect of the menu, one module each.

Every module in this package (other than ``base`` and ``spec``) holds one effect: a subclass
of :class:`referee.effects.spec.EffectSpec`.  The package imports them all, so a new house
effect is one new file here and its test: the schema, the loader, the rules sheet, the Design
page, the referee and the bots read it from the registry, and no card is known by its name.

The hooks a unit may use (every one optional, with a default that does nothing):

On the card that carries the effect:

- ``traits(params, traits)``: how it counts on the pile for R5 (wild, a value, see-through,
  leaves the game as it resolves).
- ``lands_on(params, card, pile, variant)``: where it may land, given the pile's view (top card,
  the value it counts, the restriction in force); asked by the one R5 check (``Pile.fit``)
  that verdicts, legal steps, blind face-down cards, advice and bots all use.
- ``on_top(params, arrival)``: it has just come on top (played, moved by Bottoms Up, copied by
  a mirror, found there at the start): what it carries over to the next play (a restriction).
- ``resolve(resolution, params)``: it is played: moves change the state; flow changes (play
  again, where the turn continues from) are events on the resolution.
- ``refuse_own(params, proposal)``: its own condition on a play of it (not as a last card).
- ``lets_in(params, proposal)``: while it lies on top, who may step out of turn (a cut-in).
- ``needs_target(params)``, ``target_must_be_in(params)``, ``gives_card``: the choices a play
  of it must name (a chosen player, the card given, R8).

On what it leaves pending - its own slice of the state, ``State.pending[name]`` (a
:class:`referee.table.state.Pending`, which says itself what it means for the table: the restriction
on the next play, a play due at once, the turns players owe, whether any card may go, and when
it lapses):

- ``pending_zone(slice, state, seat)``: the zone it makes a player play from.
- ``refuse(slice, proposal)`` and ``refuse_pick_up(slice, state, by)``: the checks it imposes.
- ``pass_over(slice, state, who)``: whether play passes over a player (a lost turn, R8.6).
- ``takes_pile(slice, state, by)``: who takes the pile when ``by`` picks it up (a dare: the
  card's own player, when the next player cannot beat it).
- ``settle(slice, state, say, by, card, suit)``: what is left to do as it lapses unanswered
  (cards owed, drawn at once: draws that add up; a pile given away, taken or passed on with
  the card ``by`` laid).

For words, checks and bots: ``sheet`` (the rules sheet), ``check`` (the loader's located errors
and warnings), ``bot_score`` (what a bot thinks of spending it), and the class attributes
(``title``, ``help``, ``params`` with their limits, ``contradicts``, ``examples``).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping

from referee.effects.base import (
    LIMITS,
    Arrival,
    Needs,
    PileView,
    Proposal,
    Refusal,
    Resolution,
    Traits,
    first_zone,
    next_in,
    table_zone,
)
from referee.effects.spec import (
    PER_COPY,
    TARGET,
    UNITS,
    EffectSpec,
    Params,
    named_does,
    needs_target,
    powers_of,
)
from referee.table.state import State
from referee.variant.menu import traits_of
from referee.variant.model import Effect

for _module in pkgutil.iter_modules(__path__):
    if _module.name not in ("base", "spec") and not _module.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_module.name}")

EFFECTS: dict[str, EffectSpec] = {
    u.name: u for u in sorted(UNITS.values(), key=lambda u: (u.order, u.name))
}
"""Every effect unit by name, in menu order."""

MENU: Mapping[str, EffectSpec] = EFFECTS
"""The menu of effects (R9), in menu order: the schema, the loader's checks, the rules sheet, the
app's composer and the bots all read it."""


def needs_of(effects: tuple[Effect, ...]) -> Needs:
    """What a play of a card with these effects must say, and which of its units' own hooks
    check it (found by the hooks a unit overrides: no unit is known here by name)."""
    n = Needs()
    for e in effects:
        unit = EFFECTS[e.name]
        params = dict(e.params)
        kind = type(unit)
        if kind.refuse_own is not EffectSpec.refuse_own:
            n.checked = True
        if kind.lands_on is not EffectSpec.lands_on:
            n.lands = True
        if kind.lets_in is not EffectSpec.lets_in:
            n.lets_in = True
        if unit.names_value:
            n.names_value = True
            n.names = unit.names_allowed(params)
            n.powers = unit.brings_powers(params)
            n.fits = unit.must_fit(params)
        if unit.chooses_limit:
            n.chooses_limit = True
        if unit.gives_card:
            if n.give_effect is None:  # a dry run stops at the first (``resolve``)
                n.give_sees_target = n.needs_target  # the effects before it, so far
            n.give_effect = unit.name
        if unit.needs_target(params):
            n.needs_target = True
            n.target_rule = unit.rule
            if unit.target_must_be_in(params):
                n.chosen_must_be_in = True
                n.chosen_out = n.chosen_out or unit.chosen_out
            if unit.chosen_may_be_self:
                n.chosen_may_be_self = True
            n.chosen_question = unit.chosen_question
        if n.first_rule is None:
            n.first_rule = unit.rule
    # Where every effect that needs a player, or gives a card, hangs on a condition: those
    # conditions (rulings 152, 163).
    n.target_when = _only_when([e for e in effects if EFFECTS[e.name].needs_target(e.params)])
    n.give_when = _only_when([e for e in effects if EFFECTS[e.name].gives_card])
    return n


def _only_when(effects: list[Effect]) -> tuple[dict[str, object], ...]:
    """The conditions of ``effects`` where each has one, else () (one always happens)."""
    if not effects or any(not e.when for e in effects):
        return ()
    return tuple(dict(e.when) for e in effects)


def resolve(r: Resolution, effects: tuple[Effect, ...], stop_at: str | None = None) -> bool:
    """Resolve a play's effects once, in the order the card lists them (R8).

    With ``stop_at``, stop just before that effect and return True: the engine's dry run, so
    that a choice (the card given, the player chosen) is judged against the state that effect
    will actually see, after the card's earlier effects (a pass or an exchange of hands).
    """
    for e in effects:
        if e.name == stop_at:
            return True
        if r.happens(e):  # its condition, if it has one (``when``, issue 42)
            EFFECTS[e.name].resolve(r, e.params)
    return False


def arrive(a: Arrival, effects: tuple[Effect, ...]) -> None:
    """A card has just come to the top (``EffectSpec.on_top``): each of its effects sets what
    it carries over to the next play, if its condition holds for the play that laid it
    (``when``, issue 42)."""
    for e in effects:
        if a.happens(e):
            EFFECTS[e.name].on_top(e.params, a)


def bot_score(effects: frozenset[str] | set[str], state: State, pile_size: int) -> float:
    """What a bot thinks of spending a card with these effects now: its best effect's score,
    1.0 when none of them says anything."""
    scores = [s for name in effects if (s := EFFECTS[name].bot_score(state, pile_size)) is not None]
    return max(scores) if scores else 1.0


__all__ = [
    "EFFECTS",
    "LIMITS",
    "MENU",
    "PER_COPY",
    "TARGET",
    "Arrival",
    "Needs",
    "PileView",
    "arrive",
    "needs_of",
    "table_zone",
    "EffectSpec",
    "Params",
    "Proposal",
    "Refusal",
    "Resolution",
    "Traits",
    "bot_score",
    "first_zone",
    "needs_target",
    "next_in",
    "powers_of",
    "named_does",
    "resolve",
    "traits_of",
]
