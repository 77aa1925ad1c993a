"""Cards drawn as cards (Streamlit): the tap grid of a variant's cards, the top card, and the
face-up picker that setup and fixing a slip share.

Number cards, a rank with a power, printed Karma cards and the group's own cards differ by a
shape and a symbol (``glance.CardKind``), not by colour alone.  Every piece of a group's words
goes out escaped (``glance.esc`` in HTML, ``plain`` in labels).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from referee.variant.model import Card, Variant

from .common import plain
from .glance import CardKind, TopCard, card_kind, esc

# The card shapes (no user text).  Buttons are grouped by kind in keyed containers, so that a
# kind's shape is one CSS rule; a rank with a power is styled by its key (ranks are numbers).
CARD_STYLE = """
<style>
.kr-top { display: flex; align-items: center; gap: 1.1rem; }
.kr-card {
  flex: none; width: 6.4rem; height: 8.8rem; border: 3px solid #1f2937; border-radius: 0.8rem;
  background: #fff; box-shadow: 0 3px 9px rgba(0, 0, 0, 0.18); position: relative;
  display: flex; flex-direction: column; align-items: center; justify-content: center;
  color: #111827; overflow: hidden; text-align: center; padding: 0.3rem;
}
.kr-card .kr-face { font-size: 4rem; font-weight: 800; line-height: 1; }
.kr-card .kr-name { font-size: 0.95rem; font-weight: 600; line-height: 1.15; overflow-wrap: anywhere; }
.kr-card .kr-corner { position: absolute; top: 0.3rem; left: 0.45rem; font-size: 0.95rem; font-weight: 700; }
.kr-card.kr-karma { background: #fff8e6; border: 6px double #1f2937; }
.kr-card.kr-own { background: #fdf2f8; border: 4px dashed #1f2937; }
.kr-card.kr-joker { background: #f5f3ff; border: 5px ridge #1f2937; }
.kr-card.kr-power { background: #f0f9ff; }
.kr-card.kr-empty { border: 3px dashed #4b5563; box-shadow: none; background: #f9fafb; }
.kr-card.kr-empty .kr-name { font-size: 1.1rem; }
</style>
"""


def grid_style(key: str) -> str:
    """The shapes of one grid's cards: numbers tall like cards, Karma cards with a double edge
    on cream, the group's own with a dashed edge on pink, a struck card dotted and crossed out."""
    k = f".st-key-{key}"
    return f"""<style>
{k}_numbers, {k}_karma {{ gap: 0.5rem; }}
{k}_numbers button {{
  min-width: 3.1rem !important; min-height: 3.6rem !important; padding: 0 0.35rem;
  border: 2px solid #3a3f4b; border-radius: 0.45rem; font-size: 1.3rem; font-weight: 700;
}}
{k}_karma button {{
  min-height: 3rem !important; border: 4px double #3a3f4b; border-radius: 0.9rem;
  background: #fff8e6;
}}
</style>"""


def state_style(prefix: str, selected: Card | None, struck: Sequence[Card]) -> str:
    """The chosen card (dark green) and the struck ones (dotted, crossed out), styled by their
    own keys: the page knows which they are, so no rule needs Streamlit's markup."""
    rules = []
    out = [c for c in struck if safe_id(c) and c != selected]
    if out:
        sel = ", ".join(f".st-key-{prefix}_{c} button" for c in out)
        rules.append(
            f"{sel} {{ text-decoration: line-through; color: #4b5563; border-style: dotted; "
            "background: #eef0f3; }"
        )
    if selected is not None and safe_id(selected):
        rules.append(
            f".st-key-{prefix}_{selected} button {{ background: #14532d !important; color: #fff; }}"
        )
    return f"<style>{' '.join(rules)}</style>" if rules else ""


def safe_id(card: Card) -> bool:
    """A card id fit for a class selector: a rank, or ``[a-z][a-z0-9_]*`` (the schema's ids)."""
    return isinstance(card, int) or (card.replace("_", "").isalnum() and card.isascii())


def top_card_html(top: TopCard) -> str:
    """The top of the pile drawn as a card: its rank 64 px high, or a Karma card's symbol and
    name; an empty pile is a dashed outline that says so."""
    if top.kind is None:
        return (
            '<div class="kr-card kr-empty" data-glance="card" role="img" '
            f'aria-label="{esc(top.name)}"><div class="kr-name">{esc(top.name)}</div></div>'
        )
    cls = f"kr-card kr-{top.kind.value}"
    corner = f'<div class="kr-corner">{esc(top.kind.symbol)}</div>' if top.kind.symbol else ""
    name = f'<div class="kr-name">{esc(top.name)}</div>' if top.name else ""
    label = f"Top card: {top.name or top.face} ({top.kind.words})"
    return (
        f'<div class="{cls}" data-glance="card" role="img" aria-label="{esc(label)}">'
        f'{corner}<div class="kr-face" data-glance="rank">{esc(top.face)}</div>{name}</div>'
    )


def kinds_legend(variant: Variant) -> str:
    """One line under the grid naming the symbols this variant's cards use."""
    kinds = sorted({card_kind(variant, c) for c in variant.all_cards()}, key=lambda k: k.value)
    said = [f"{k.symbol} {k.words}" for k in kinds if k.symbol]
    return " · ".join(said)


def grid(
    variant: Variant,
    key: str,
    on_tap: Callable[..., None],
    *,
    selected: Card | None = None,
    struck: Callable[[Card], bool] = lambda c: False,
    cards: Sequence[Card] | None = None,
    key_prefix: str = "card",
) -> None:
    """Every card of the variant as a tap target, grouped by kind: numbers, then Karma cards.

    A struck card (every copy accounted for, R4.3) still answers a tap: the verdict says why."""
    shown = list(variant.all_cards() if cards is None else cards)
    kinds = {c: card_kind(variant, c) for c in shown}
    numbers = [c for c in shown if kinds[c] in (CardKind.NUMBER, CardKind.POWER)]
    karma = [c for c in shown if kinds[c] in (CardKind.KARMA, CardKind.OWN, CardKind.JOKER)]
    st.html(
        grid_style(key)
        + _power_style(key, key_prefix, [c for c in numbers if kinds[c] is CardKind.POWER])
        + _own_style(key, key_prefix, [c for c in karma if kinds[c] is CardKind.OWN])
        + state_style(key_prefix, selected, [c for c in shown if struck(c)])
    )
    for group, cards_of in (("numbers", numbers), ("karma", karma)):
        if not cards_of:
            continue
        with st.container(key=f"{key}_{group}", horizontal=True, gap="small"):
            for card in cards_of:
                kind = kinds[card]
                # An ordinary pack's Queen reads 'Q', as on the card; a special card its name.
                label = (
                    variant.card_label(card)
                    if isinstance(card, int)
                    else plain(variant.card_name(card))
                )
                kind_type: Any = (
                    "primary" if selected == card else "tertiary" if struck(card) else "secondary"
                )
                st.button(
                    label,
                    key=f"{key_prefix}_{card}",
                    on_click=on_tap,
                    args=(card,),
                    type=kind_type,
                    icon=kind.icon,
                    help=None,
                )


def _own_style(key: str, prefix: str, ids: Sequence[Card]) -> str:
    """The group's own cards, beside the printed ones: a dashed edge on pink (ids are
    ``[a-z][a-z0-9_]*`` by the schema, so they are safe in a selector)."""
    safe = [c for c in ids if isinstance(c, str) and safe_id(c)]
    if not safe:
        return ""
    sel = ", ".join(f".st-key-{key}_karma .st-key-{prefix}_{c} button" for c in safe)
    return f"<style>{sel} {{ border: 3px dashed #3a3f4b; background: #fdf2f8; }}</style>"


def _power_style(key: str, prefix: str, ranks: Sequence[Card]) -> str:
    """Ranks with a house power: a double edge on blue, beside their bolt symbol."""
    if not ranks:
        return ""
    sel = ", ".join(f".st-key-{key}_numbers .st-key-{prefix}_{int(c)} button" for c in ranks)
    return f"<style>{sel} {{ background: #f0f9ff; border: 4px double #3a3f4b; }}</style>"
