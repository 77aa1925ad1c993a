"""Variants: the model, the menu of effects, the loader, the built-ins and the rules sheet."""

from referee.variant.loader import (
    LoadResult,
    VariantError,
    dump_variant,
    load_variant_file,
    load_variant_text,
    variant_from_data,
    variant_to_data,
)
from referee.variant.menu import MENU, EffectSpec, Param
from referee.variant.model import (
    Card,
    Deal,
    Effect,
    KarmaCard,
    PlayerRange,
    RankPower,
    Variant,
)
from referee.variant.registry import VARIANTS_DIR, builtin, builtin_ids, resolve

__all__ = [
    "MENU",
    "VARIANTS_DIR",
    "Card",
    "Deal",
    "Effect",
    "EffectSpec",
    "KarmaCard",
    "LoadResult",
    "Param",
    "PlayerRange",
    "RankPower",
    "Variant",
    "VariantError",
    "builtin",
    "builtin_ids",
    "dump_variant",
    "load_variant_file",
    "load_variant_text",
    "resolve",
    "variant_from_data",
    "variant_to_data",
]
