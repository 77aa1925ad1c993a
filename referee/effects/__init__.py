"""The effects registry (RULES.md R9): one unit per effect of the menu, one module each.

Every module in this package (other than ``base`` and ``spec``) holds one effect: a subclass
of :class:`referee.effects.spec.EffectSpec` with its parameters and limits, its traits, its
resolution, its words, its semantic checks, its bot score and what it leaves pending.  The
package imports them all, so adding an effect is one new file here (plus its test).

A unit does up to three things, all optional: it contributes *traits* that judge plays while
the card lies on the pile (wild, a value, a restriction, see-through, one-time, needs a
target); it *resolves* when its card is played: moves change the state (the pile, the zones),
while flow changes (play again, a follow-up, where the turn continues from) are *events* on the
resolution, which the engine's turn flow then applies; and it may leave something *pending* in
its own slice of the state (``State.pending``), which it then checks on the next steps until it
lapses.  No card is known here by its name: a Karma card or a rank power is just a list of these.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping

from referee.effects.base import Proposal, Refusal, Resolution, Traits, first_zone, next_in
from referee.effects.spec import UNITS, EffectSpec, Param, Params, needs_target
from referee.state import State
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


def traits_of(effects: tuple[Effect, ...], karma: bool) -> Traits:
    """Combine a card's effects into its traits. Karma cards are wild and count 0 (R5.3-R5.4)."""
    t = Traits(wild=karma, value=0 if karma else None)
    for e in effects:
        unit = EFFECTS[e.name]
        params = dict(e.params)
        unit.traits(params, t)
        if unit.leaves_game:
            t.leaves_game = True
        if type(unit).refuse_own is not EffectSpec.refuse_own:
            t.checked = True
        if type(unit).lets_in is not EffectSpec.lets_in:
            t.lets_in = True
        if unit.needs_target(params):
            t.needs_target = True
            t.target_rule = unit.rule
        if t.first_rule is None:
            t.first_rule = unit.rule
    return t


def resolve(r: Resolution, effects: tuple[Effect, ...], stop_at: str | None = None) -> bool:
    """Resolve a play's effects once, in the order the card lists them (R8).

    With ``stop_at``, stop just before that effect and return True: the engine's dry run, so
    that a choice (the card given, the player chosen) is judged against the state that effect
    will actually see, after the card's earlier effects (a pass or an exchange of hands).
    """
    for e in effects:
        if e.name == stop_at:
            return True
        EFFECTS[e.name].resolve(r, e.params)
    return False


def bot_score(effects: frozenset[str] | set[str], state: State, pile_size: int) -> float:
    """What a bot thinks of spending a card with these effects now: its best effect's score,
    1.0 when none of them says anything."""
    scores = [s for name in effects if (s := EFFECTS[name].bot_score(state, pile_size)) is not None]
    return max(scores) if scores else 1.0


__all__ = [
    "EFFECTS",
    "MENU",
    "EffectSpec",
    "Param",
    "Params",
    "Proposal",
    "Refusal",
    "Resolution",
    "Traits",
    "bot_score",
    "first_zone",
    "needs_target",
    "next_in",
    "resolve",
    "traits_of",
]
