"""Variants: the model, the menu of effects, the loader, the built-ins and the rules sheet.

The names below are looked up when first read (PEP 562), so that importing the model
(``referee.variant.model``, which the effects and the engine read) does not run the loader and
the menu, which read the effects: there is no import circle (tests/test_import_graph.py).
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "LoadResult": "loader",
    "VariantError": "loader",
    "dump_variant": "loader",
    "load_variant_file": "loader",
    "load_variant_text": "loader",
    "variant_from_data": "loader",
    "variant_to_data": "loader",
    "MENU": "menu",
    "EffectDecl": "menu",
    "Card": "model",
    "Deal": "model",
    "Effect": "model",
    "KarmaCard": "model",
    "PlayerRange": "model",
    "RankPower": "model",
    "Variant": "model",
    "VARIANTS_DIR": "registry",
    "builtin": "registry",
    "builtin_ids": "registry",
    "resolve": "registry",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{where}"), name)
