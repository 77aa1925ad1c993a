"""Helpers shared by the app's pages that need no Streamlit: text safety, variants, sources.

Everything a person types (player names, card names, card texts) is *user text*: it is never
rendered with ``unsafe_allow_html``.  Where Streamlit reads a string as Markdown (``st.markdown``,
``st.success``, button labels), :func:`md` escapes it so it shows exactly as typed.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from referee.store import Store
from referee.variant.loader import VariantError, load_variant_text
from referee.variant.model import Card, Variant
from referee.variant.registry import VARIANTS_DIR, builtin_ids

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~:$&\"'=^])")


def md(text: object) -> str:
    """User text made literal for Markdown: every ASCII punctuation mark is backslash-escaped
    (CommonMark allows it), and newlines become spaces."""
    s = str(text).replace("\r", " ").replace("\n", " ")
    return _MD_SPECIAL.sub(r"\\\1", s)


# The one piece of raw HTML the app sends: a style sheet with no user text in it.
STYLE = """
<style>
/* Tablet first: big tap targets (>= 44 px), nothing wider than the screen. */
div.stButton > button, div.stDownloadButton > button, div.stFormSubmitButton > button {
  min-height: 48px; font-size: 1.05rem; width: 100%;
}
div[data-testid="stButtonGroup"] button { min-height: 48px; min-width: 48px; font-size: 1.05rem; }
div[data-testid="stSelectbox"] div[data-baseweb="select"] > div { min-height: 48px; }
div[data-testid="stTextInput"] input, div[data-testid="stNumberInput"] input { min-height: 44px; }
div[data-testid="stNumberInput"] button { min-height: 44px; min-width: 44px; }
div[data-testid="stCheckbox"] label, div[data-testid="stRadio"] label { min-height: 44px; }
div[data-testid="stExpander"] summary { min-height: 48px; }
div[data-testid="stSidebarNav"] a, div[data-testid="stNavSectionHeader"] { min-height: 44px; }
.block-container { padding-top: 2.5rem; max-width: 100%; }
html, body { overflow-x: hidden; }
pre, code { white-space: pre-wrap !important; word-break: break-word; }
@media print {
  header, [data-testid="stSidebar"], [data-testid="stToolbar"], .stButton,
  .stDownloadButton { display: none !important; }
}
</style>
"""


# --- variants ---------------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def variant_from_yaml(text: str) -> Variant:
    """A checked Variant from YAML text (cached by the text); raises VariantError."""
    result = load_variant_text(text, "variant.yaml")
    if result.variant is None:
        raise VariantError(result.errors)
    return result.variant


@functools.lru_cache(maxsize=32)
def builtin_yaml(variant_id: str) -> str:
    return (VARIANTS_DIR / f"{variant_id}.yaml").read_text(encoding="utf-8")


@dataclass(frozen=True)
class VariantSource:
    """A variant a game can be played with: built in, or from the group's library."""

    key: str  # "builtin:classic" or "library:my-house"
    id: str
    name: str
    yaml: str
    builtin: bool

    @property
    def label(self) -> str:
        where = "built in" if self.builtin else "our library"
        return f"{self.name} ({where})"


def variant_sources(store: Store) -> list[VariantSource]:
    """Built-in variants first, then the library, each loadable."""
    out = []
    for vid in builtin_ids():
        text = builtin_yaml(vid)
        try:
            name = variant_from_yaml(text).name
        except VariantError:
            continue
        out.append(VariantSource(f"builtin:{vid}", vid, name, text, True))
    for lv in store.list_variants():
        out.append(VariantSource(f"library:{lv.id}", lv.id, lv.name, lv.yaml, False))
    return out


def card_label(variant: Variant, card: Card) -> str:
    return variant.card_name(card)


def data_dir_store_path() -> Path:
    from referee.store import default_path

    return default_path()
