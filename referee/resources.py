"""Where the built-in variants and the JSON Schemas are found, installed or in a checkout.

The top-level ``variants/`` and ``schemas/`` folders are the source.  A wheel or sdist build
copies them into the package (``referee/_data/``, see ``setup.py``), where
``importlib.resources`` finds them in an installed copy; in a checkout (an editable install,
``make run``) the folders beside the package are used.
"""

from __future__ import annotations

import functools
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

SCHEMA_BASE_URL = "https://raw.githubusercontent.com/karma-referee/karma-referee/main/schemas/"
"""The one stable address of the schemas: the ``$id`` of each schema and the modeline of every
variant file the app or ``karma`` writes point here, so a file keeps validating in an editor
wherever it travels.  ``karma schema --out DIR`` writes local copies (README: editors)."""

VARIANT_SCHEMA = "variant.schema.json"
RECORD_SCHEMA = "record.schema.json"


@functools.cache
def data_dir(kind: str) -> Traversable:
    """``variants`` or ``schemas``: the packaged copy if there is one, else the checkout's."""
    packaged = resources.files("referee") / "_data" / kind
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[1] / kind


def schema_text(name: str) -> str:
    """The text of a checked-in schema (``variant.schema.json``, ``record.schema.json``)."""
    return (data_dir("schemas") / name).read_text(encoding="utf-8")


def modeline(schema: str = VARIANT_SCHEMA) -> str:
    """The editor's first line of a variant file (yaml-language-server)."""
    return f"# yaml-language-server: $schema={SCHEMA_BASE_URL}{schema}\n"
