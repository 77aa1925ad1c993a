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

SCHEMA_ID_BASE = "urn:karma-referee:"
"""The ``$id`` of each schema is ``urn:karma-referee:<file name>``: a name, not an address, so no
editor tries to fetch it.  Where an editor *loads* a schema from is the modeline's business."""

SERVED_PATH = "app/static/"
"""Where a running app serves its schemas, under its own address (Streamlit's static serving of
``referee/app/static/``): a file downloaded from the app points there, so an editor on the same
network checks it without the internet (``referee.app.state.schema_base``)."""

VARIANT_SCHEMA = "variant.schema.json"
RECORD_SCHEMA = "record.schema.json"


@functools.cache
def data_dir(kind: str) -> Traversable:
    """``variants`` or ``schemas``: the packaged copy if there is one, else the checkout's."""
    packaged = resources.files("referee") / "_data" / kind
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / kind


def schema_text(name: str) -> str:
    """The text of a checked-in schema (``variant.schema.json``, ``record.schema.json``)."""
    return (data_dir("schemas") / name).read_text(encoding="utf-8")


def modeline(schema: str = VARIANT_SCHEMA, base: str = "") -> str:
    """The editor's first line of a variant file or game record (yaml-language-server).

    ``base`` is where the schema is loaded from: the app's own address (it serves its schemas),
    or nothing: a schema file beside the YAML file (``karma schema --out FOLDER`` writes it), as
    a relative ``$schema`` resolves against the file's folder.
    """
    return f"# yaml-language-server: $schema={base}{schema}\n"


MODELINE_PREFIX = "# yaml-language-server:"


def with_modeline(text: str, schema: str = VARIANT_SCHEMA, base: str = "") -> str:
    """``text`` starting with exactly one modeline for ``schema`` at ``base`` (a first-line
    modeline it has is replaced; editors read only one)."""
    first, newline, rest = text.partition("\n")
    if first.startswith(MODELINE_PREFIX):
        text = rest
    return modeline(schema, base) + text
