"""The menu of effects (RULES.md R9), as the variant side reads it: the loader, the schema
generator, the rules sheet and the app's composer.

The units themselves live in ``referee/effects/`` (``referee.effects.spec.EffectSpec``); this
module only re-exports what those readers need, so that the variant model below never imports
the effects (it would be a circle: the effects read the model).
"""

from __future__ import annotations

from referee.effects import MENU, EffectSpec, Param, Params, Traits, needs_target
from referee.effects.spec import CardCheck

__all__ = ["MENU", "CardCheck", "EffectSpec", "Param", "Params", "Traits", "needs_target"]
