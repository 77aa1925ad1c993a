"""The built-in variants shipped in ``variants/`` and resolving a record's ``variant:`` field.

A record names its variant by a built-in id (``classic``) or by a path to a variant file,
relative to the record's folder (GAME-RECORDS.md).  A name that is an existing file wins over a
built-in id; a name that looks like a path (a ``/`` or a ``.yaml``/``.yml`` ending) is never
taken for an id.
"""

from __future__ import annotations

import functools
from pathlib import Path

from referee.files.resources import data_dir
from referee.files.yamlsafe import UNREADABLE, Problem
from referee.variant.loader import VariantError, load_variant_file, load_variant_text
from referee.variant.model import Variant

VARIANTS_DIR = data_dir("variants")
"""The shipped variants: packaged with an installed copy, else the checkout's ``variants/``."""


@functools.cache
def builtin_ids() -> list[str]:
    """The ids of the shipped variants (their file names without ``.yaml``), sorted."""
    if not VARIANTS_DIR.is_dir():
        return []
    return sorted(
        p.name.removesuffix(".yaml") for p in VARIANTS_DIR.iterdir() if p.name.endswith(".yaml")
    )


@functools.cache
def builtin_text(variant_id: str) -> str:
    """The YAML text of a shipped variant; raises VariantError if there is none."""
    if variant_id not in builtin_ids():
        raise VariantError([_unknown(variant_id)])
    return (VARIANTS_DIR / f"{variant_id}.yaml").read_text(encoding="utf-8")


@functools.cache
def builtin(variant_id: str) -> Variant:
    """A shipped variant by id (cached); raises VariantError if unknown or broken."""
    result = load_variant_text(builtin_text(variant_id), f"{variant_id}.yaml")
    if result.variant is None:
        raise VariantError(result.errors)
    return result.variant


def _unknown(name: str) -> Problem:
    return Problem(
        name,
        0,
        0,
        "",
        f"no built-in variant is called '{name}'; expected one of: "
        f"{', '.join(builtin_ids())}, or a path to a variant file",
        UNREADABLE,
    )


def _looks_like_path(name: str) -> bool:
    return "/" in name or "\\" in name or name.endswith((".yaml", ".yml"))


def resolve(name_or_path: str | Path, base_dir: str | Path | None = None) -> Variant:
    """A built-in id or a path (relative to ``base_dir``) -> Variant; raises VariantError."""
    name = str(name_or_path)
    path = Path(name)
    if not path.is_absolute() and base_dir is not None:
        path = Path(base_dir) / path
    if not isinstance(name_or_path, Path) and not _looks_like_path(name) and not path.is_file():
        return builtin(name)
    result = load_variant_file(path)
    if result.variant is None:
        raise VariantError(result.errors)
    return result.variant
