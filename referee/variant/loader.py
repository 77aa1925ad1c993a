"""Load variant files: YAML text -> checked :class:`Variant`, with every problem located at once.

Three layers report together, sorted by position: the safe YAML front-end
(``referee.files.yamlsafe``), the JSON Schema made from the fields' declarations
(``referee.variant.schema_gen``) and the checks a schema cannot say, each a named rule
(``referee.variant.checks``, which also lists what is an error and what only a warning).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from referee.files.resources import VARIANT_SCHEMA, modeline
from referee.files.yamlsafe import (
    UNREADABLE,
    WARNING,
    Problem,
    YamlError,
    parse_yaml,
    read_limited,
    schema_problems,
)
from referee.variant.checks import CHECKS, File, Report
from referee.variant.fields import build
from referee.variant.fields import to_data as variant_to_data
from referee.variant.model import Variant
from referee.variant.schema_gen import variant_schema

__all__ = [
    "LoadResult",
    "VariantError",
    "check_data",
    "dump_data",
    "dump_variant",
    "load_variant_file",
    "load_variant_text",
    "variant_from_data",
    "variant_to_data",
]

SCHEMA_REF = VARIANT_SCHEMA
"""Where a written variant file's modeline points by default: the schema file beside it
(``karma schema --out``); the app's downloads point at the app itself (referee.files.resources)."""

MAX_NODES = 5_000
"""Most YAML values in a variant file: 30 Karma cards with many effects stay under 2,500."""


class VariantError(Exception):
    """A variant could not be loaded; ``problems`` lists every located reason."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems) or "invalid variant")
        self.problems = problems


@dataclass
class LoadResult:
    """The outcome of loading one variant file: the variant if valid, and every finding."""

    variant: Variant | None
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.variant is not None and not self.errors

    @property
    def unreadable(self) -> bool:
        """The file could not be read as text at all (the CLI exits 2)."""
        return any(p.severity == UNREADABLE for p in self.errors)

    @property
    def problems(self) -> list[Problem]:
        return sorted([*self.errors, *self.warnings], key=lambda p: p.sort_key)


def check_data(
    data: Any, node: yaml.Node | None = None, filename: str = "<variant>"
) -> tuple[list[Problem], list[Problem]]:
    """(errors, warnings) for parsed variant data: the schema and the named rules together."""
    problems = schema_problems(variant_schema(), data, node, filename)
    if isinstance(data, dict):
        file, report = File.of(data), Report(node, filename)
        for rule in CHECKS.values():
            rule(file, report)
        problems += report.problems
    problems.sort(key=lambda p: p.sort_key)
    errors = [p for p in problems if p.severity != WARNING]
    warnings = [p for p in problems if p.severity == WARNING]
    return errors, warnings


# --- building and dumping ----------------------------------------------------------------------


def variant_from_data(data: Any) -> Variant:
    """A Variant from plain data in the YAML shape; raises VariantError (unlocated) if invalid."""
    errors, _ = check_data(data, None, "<data>")
    if errors:
        raise VariantError(errors)
    return build(data)


def dump_data(data: dict[str, Any], schema_ref: str = SCHEMA_REF) -> str:
    """YAML text of variant data (also a draft of the Design page's), starting with the
    editor's schema line."""
    body = yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100
    )
    return modeline(schema_ref) + body


def dump_variant(v: Variant, schema_ref: str = SCHEMA_REF) -> str:
    """YAML text of a variant, starting with the editor's schema line."""
    return dump_data(variant_to_data(v), schema_ref)


# --- loading -----------------------------------------------------------------------------------


def load_variant_text(text: str | bytes, filename: str = "<variant>") -> LoadResult:
    """Parse and check variant text; never raises for bad input."""
    try:
        data, node = parse_yaml(text, filename, max_nodes=MAX_NODES)
    except YamlError as e:
        return LoadResult(None, list(e.problems), [])
    errors, warnings = check_data(data, node, filename)
    if errors:
        return LoadResult(None, errors, warnings)
    return LoadResult(build(data), [], warnings)


def load_variant_file(path: str | Path) -> LoadResult:
    """Read and check a variant file; an unreadable file gives a problem of severity UNREADABLE."""
    p = Path(path)
    raw = read_limited(p, str(path))
    if isinstance(raw, Problem):
        return LoadResult(None, [raw], [])
    return load_variant_text(raw, str(path))
