"""The Rules page's logic: which variants can be shown, and their rules sheets."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from referee.store import NotFound, StorageError, Store
from referee.variant.loader import VariantError
from referee.variant.sheet import rules_sheet
from referee.variant.sheet_html import rules_sheet_html

from .common import variant_from_yaml, variant_sources

DESIGN_YAML_KEY = "design_yaml"


@dataclass(frozen=True)
class Choice:
    key: str
    name: str
    label: str
    yaml: str


def choices(
    store: Store, game_id: str | None = None, design_yaml: str | None = None
) -> list[Choice]:
    """The current game's variant first, then the one being designed, then all the others."""
    out: list[Choice] = []
    if game_id:
        try:
            row = store.load_game(game_id)
            name = variant_from_yaml(row.variant).name
            out.append(Choice("game", name, f"{name} (this game)", row.variant))
        except (NotFound, VariantError, StorageError):
            pass  # the other variants' rules can still be read
    if design_yaml:
        try:
            name = variant_from_yaml(design_yaml).name
            out.append(Choice("design", name, f"{name} (being designed)", design_yaml))
        except VariantError:
            pass
    for s in variant_sources(store):
        out.append(Choice(s.key, s.name, s.label, s.yaml))
    return out


@functools.lru_cache(maxsize=32)
def sheet(yaml_text: str) -> str | None:
    """The rules sheet (Markdown) of a variant, or None if the variant has errors."""
    try:
        return rules_sheet(variant_from_yaml(yaml_text))
    except VariantError:
        return None


@functools.lru_cache(maxsize=32)
def sheet_html(yaml_text: str) -> str | None:
    """The rules sheet as a printable page of its own (HTML), or None if the variant has
    errors: a family prints it, or saves it as PDF from the browser's print dialog."""
    try:
        return rules_sheet_html(variant_from_yaml(yaml_text))
    except VariantError:
        return None


def file_stem(name: str) -> str:
    stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return stem or "variant"
