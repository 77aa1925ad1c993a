"""Helpers shared by the app's pages that need no Streamlit: text safety, variants, sources.

Everything a person types (player names, card names, card texts) is *user text*: it is never
rendered with ``unsafe_allow_html``.  Where Streamlit reads a string as Markdown (``st.markdown``,
``st.success``, button labels), :func:`md` escapes it so it shows exactly as typed.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from contextvars import ContextVar
from dataclasses import dataclass

from referee.store import StorageError, Store
from referee.variant.loader import VariantError, load_variant_text
from referee.variant.model import Card, Variant
from referee.variant.registry import builtin_ids, builtin_text
from referee.words.inert import html_text
from referee.words.markdown import isolate_words

# The group's words on the page being drawn (player, card, variant and game names): plain()
# isolates each.  A ContextVar, as every Streamlit session runs its script in a thread of its own.
_GROUP_WORDS: ContextVar[tuple[str, ...]] = ContextVar("group_words", default=())


def group_words(words: Iterable[object]) -> None:
    """Say which of the group's words this run of the page shows (call it near the top of the
    page, each run): from then on :func:`plain` wraps each, as a whole word, in FSI…PDI."""
    _GROUP_WORDS.set(tuple(str(w) for w in words if w))


def plain(text: object, words: Iterable[str] | None = None) -> str:
    """User text made literal wherever Streamlit reads Markdown: see
    :func:`referee.words.markdown.markdown_literal`; the group's words in it (``words``, by default
    those given to :func:`group_words`) isolated so that none reorders the text around it
    (:func:`referee.words.markdown.isolate_words`).

    Use it for st.markdown/write/caption/title, st.success/info/warning/error/toast, widget
    labels and help tooltips, button labels, expander and tab titles, st.metric, st.table cells,
    and radio, pills and segmented_control options (via ``format_func``).  Do *not* use it
    where Streamlit shows text as typed, or the backslashes would show: selectbox/multiselect
    options, text_input/text_area values and placeholders, st.text, st.code, st.dataframe
    cells, file names of downloads (checked in a real browser: test_browser_hostile.py).
    """
    return isolate_words(text, _GROUP_WORDS.get() if words is None else words)


md = plain  # the older name, still used by some pages


def html_plain(text: object) -> str:
    """User text for st.html: HTML-escaped with control and bidi characters shown as escapes
    (:func:`referee.words.inert.html_text`), the page's group words isolated as in :func:`plain`."""
    return isolate_words(text, _GROUP_WORDS.get(), literal=html_text)


# The one piece of raw HTML the app sends: a style sheet with no user text in it.
STYLE = """
<style>
/* Tablet first: tap targets of at least 44 px, nothing wider than the screen. */
[data-testid="stMain"] button[data-testid^="stBaseButton"] { min-height: 48px; font-size: 1.05rem; }
[data-testid="stMain"] [data-testid="stButtonGroup"] button { min-height: 48px !important; min-width: 48px; }
[data-testid="stMain"] [data-testid="stNumberInputContainer"] { height: 48px; }
[data-testid="stMain"] [data-testid="stNumberInput"] button { min-height: 46px; min-width: 44px; }
/* A drop-down's field (react-aria since Streamlit 1.6x: a combobox in a group). */
[data-testid="stMain"] :is([data-testid="stSelectbox"], [data-testid="stMultiSelect"]) [role="group"] { min-height: 48px; }
[data-testid="stMain"] :is([data-testid="stSelectbox"], [data-testid="stMultiSelect"]) [role="combobox"] { min-height: 44px; }
[data-testid="stMain"] [data-testid="stSelectbox"] button,
[data-testid="stMain"] [data-testid="stMultiSelect"] button { min-height: 44px; min-width: 44px; }
[data-testid="stMain"] [data-testid="stTextInput"] input { min-height: 44px; }
[data-testid="stMain"] [data-testid="stExpander"] summary { min-height: 48px; }
[data-testid="stMain"] [data-testid="stFileUploader"] button { min-height: 48px; }
[data-testid="stElementToolbar"] button { min-width: 44px !important; min-height: 44px !important; }
a[data-testid="stTopNavLink"] { min-height: 44px; display: flex; align-items: center; }
/* The button that opens the page menu on a phone: a 44 px target too, and it says "Menu"
   (Streamlit draws only a "»" there; the word is the button's own name for a screen reader). */
[data-testid="stExpandSidebarButton"] { min-width: 44px; min-height: 44px; gap: 0.3rem;
  padding: 0 0.6rem; border: 1px solid #6b7280; border-radius: 0.5rem; color: #111827; }
[data-testid="stExpandSidebarButton"]::after { content: "Menu"; font-size: 1rem;
  font-weight: 600; color: #111827; }
[data-testid="stMainBlockContainer"] { padding-left: 1.25rem; padding-right: 1.25rem; }
html, body { overflow-x: hidden; }
/* Small print still meets WCAG AA contrast (Streamlit's default grey does not). */
[data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] p { color: #374151 !important; opacity: 1 !important; }
[data-testid="InputInstructions"] { display: none; }
pre, code { white-space: pre-wrap !important; word-break: break-word; }
@media print {
  /* The whole page, over as many sheets as it needs, without menus, buttons or choices. */
  header, [data-testid="stHeader"], [data-testid="stToolbar"], [data-testid="stSidebar"],
  [data-testid="stStatusWidget"], [data-testid="stPopover"],
  [data-testid="stMain"] button, [data-testid="stSelectbox"], [data-testid="stDownloadButton"],
  [data-testid="stCaptionContainer"] { display: none !important; }
  html, body, #root, .stApp, [data-testid="stApp"], [data-testid="stAppViewContainer"],
  [data-testid="stMain"], [data-testid="stMainBlockContainer"] {
    height: auto !important; min-height: 0 !important; overflow: visible !important;
    position: static !important; display: block !important;
  }
  [data-testid="stMainBlockContainer"] { padding: 0 !important; max-width: none !important; }
  h1, h2, h3 { break-after: avoid; page-break-after: avoid; }
  tr, li, p { break-inside: avoid; page-break-inside: avoid; }
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
    return builtin_text(variant_id)


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
    """Built-in variants first, then the library, each loadable; the built-ins alone when the
    games database cannot be used (so that designing and simulating still work)."""
    out = []
    for vid in builtin_ids():
        text = builtin_yaml(vid)
        try:
            name = variant_from_yaml(text).name
        except VariantError:
            continue
        out.append(VariantSource(f"builtin:{vid}", vid, name, text, True))
    try:
        library = store.list_variants()
    except StorageError:
        library = []
    for lv in library:
        out.append(VariantSource(f"library:{lv.id}", lv.id, lv.name, lv.yaml, False))
    return out


def card_label(variant: Variant, card: Card) -> str:
    return variant.card_name(card)
