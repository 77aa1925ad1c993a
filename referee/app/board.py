"""The Referee screen's read-only parts (Streamlit): the glance at the top (whose turn, the top
card drawn as a card, the direction of play, what may follow), the players, the log and the end
of a game.  Every fact comes from ``glance`` and ``table``; every user word is escaped.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from . import glance, table
from .cardgrid import CARD_STYLE, top_card_html
from .glance import esc

# The verdict box (no user text): the page's and the table component's (referee.app.tablecomp).
VERDICT_CSS = """
.kr-verdict { display: flex; gap: 0.6rem; align-items: flex-start; border-radius: 0.6rem;
  padding: 0.5rem 0.8rem; border: 2px solid; }
.kr-verdict.kr-yes { border-color: #166534; background: #ecfdf3; color: #14532d; }
.kr-verdict.kr-no { border-color: #991b1b; background: #fef2f2; color: #7f1d1d; }
.kr-verdict.kr-ask { border-color: #1e40af; background: #eff6ff; color: #1e3a8a; }
.kr-verdict .kr-mark { font-size: 1.5rem; font-weight: 800; line-height: 1.2; }
.kr-verdict .kr-answer { font-size: 1.6rem; font-weight: 700; margin: 0; line-height: 1.2; }
@media (max-width: 640px) { .kr-verdict .kr-answer { font-size: 1.15rem; } }
.kr-verdict .kr-todo { font-size: 1.05rem; margin: 0.15rem 0 0; }
.kr-verdict .kr-about { font-size: 0.95rem; margin: 0.1rem 0 0; color: #1f2937; }
.kr-verdict .kr-rule { margin-left: auto; flex: none; font-size: 0.85rem; font-weight: 600;
  border: 1px solid currentColor; border-radius: 0.8rem; padding: 0 0.5rem; white-space: nowrap; }
"""

# The glance's type sizes (no user text): the four things read from across the table are the
# largest on the screen; everything else stays at 1.25rem or below (tested in the browser).
BOARD_STYLE = (
    """
<style>
.kr-glance { display: flex; align-items: center; gap: 1.2rem; margin-bottom: 0.2rem; }
.kr-facts { min-width: 0; display: flex; flex-direction: column; gap: 0.15rem; }
.kr-turn { font-size: 2.5rem; font-weight: 800; line-height: 1.1; color: #111827; overflow-wrap: anywhere; }
.kr-dir { font-size: 1.6rem; font-weight: 700; color: #1f2937; line-height: 1.2; }
.kr-next { font-size: 1.6rem; font-weight: 700; color: #14532d; line-height: 1.2; }
.kr-order, .kr-counts { font-size: 1.05rem; color: #374151; }
.kr-end-title { font-size: 2.5rem; font-weight: 800; line-height: 1.1; color: #111827; }
.kr-end-why { font-size: 1.25rem; color: #1f2937; margin: 0.2rem 0 0.6rem; }
.kr-podium { list-style: none; padding: 0 !important; margin: 0 0 0.5rem !important; display: flex; flex-wrap: wrap; gap: 0.5rem; }
.kr-podium li { margin: 0 !important; border: 2px solid #14532d; border-radius: 0.6rem; padding: 0.3rem 0.8rem; font-size: 1.2rem; }
.kr-podium li.kr-lost { border: 2px dashed #7f1d1d; }
.kr-numbers { font-size: 1.1rem; color: #1f2937; }
.kr-last { background: #dcfce7; color: #14532d; border-radius: 0.5rem; padding: 0.45rem 0.75rem;
  font-size: 1rem; overflow-wrap: anywhere; }
.kr-caption { color: #374151; font-size: 0.875rem; margin: 0 0 0.3rem; overflow-wrap: anywhere; }
/* Held sideways, the last step's outcome sits beside the glance instead of under it. */
@media (min-width: 900px) {
  .kr-head { display: flex; flex-wrap: wrap; align-items: center; gap: 0.2rem 1rem; }
  .kr-head > :first-child { flex: 1 1 58%; min-width: 0; }
  .kr-head > .kr-last { flex: 1 1 34%; }
}
@media print { .kr-caption { display: none; } }
"""
    + VERDICT_CSS.lstrip("\n")
    + """.kr-log { list-style: none; margin: 0; padding: 0; }
.kr-log li { display: flex; gap: 0.5rem; align-items: baseline; padding: 0.2rem 0; border-bottom: 1px solid #e5e7eb; }
.kr-log .kr-n { color: #374151; min-width: 2rem; text-align: right; }
.kr-chip { display: inline-block; min-width: 1.8rem; text-align: center; font-weight: 700;
  border: 2px solid #1f2937; border-radius: 0.3rem; padding: 0 0.25rem; background: #fff; }
.kr-chip.kr-karma { border: 4px double #1f2937; background: #fff8e6; border-radius: 0.6rem; }
.kr-chip.kr-own { border: 2px dashed #1f2937; background: #fdf2f8; border-radius: 0.6rem; }
.kr-chip.kr-joker { border: 3px ridge #1f2937; background: #f5f3ff; border-radius: 0.6rem; }
.kr-chip.kr-power { border: 4px double #1f2937; background: #f0f9ff; }
.kr-chip.kr-pick { border: 2px dotted #1f2937; background: #f3f4f6; }
.kr-players-wrap { overflow-x: auto; }
.kr-players { border-collapse: collapse; width: 100%; font-size: 1rem; color: #1f2937; }
.kr-players th, .kr-players td { border: 1px solid #d1d5db; padding: 0.3rem 0.5rem;
  text-align: left; vertical-align: top; }
.kr-players thead th { background: #f3f4f6; font-weight: 600; }
.kr-players tbody th { font-weight: 700; }
.kr-players td.kr-num { text-align: right; }
@media (max-width: 640px) {
  .kr-players { font-size: 0.85rem; }
  .kr-players th, .kr-players td { padding: 0.2rem 0.3rem; }
  .kr-glance { gap: 0.7rem; }
  .kr-card { width: 4.6rem !important; height: 6.4rem !important; }
  .kr-card .kr-face { font-size: 2.6rem !important; }
  .kr-card .kr-name { font-size: 0.75rem !important; }
  .kr-turn { font-size: 1.6rem; }
  .kr-dir, .kr-next { font-size: 1.15rem; }
  .kr-order, .kr-counts { font-size: 0.95rem; }
}
</style>
"""
)


def style() -> None:
    st.html(CARD_STYLE + BOARD_STYLE)


def css(sheet: str) -> str:
    """A style sheet above without its ``<style>`` tags (the table component's own CSS)."""
    return sheet.replace("<style>", "").replace("</style>", "")


def caption_words(tbl: table.Table) -> str:
    """The line under the table: the game's name (and its variant's), the steps so far."""
    title = tbl.name if tbl.variant.name in tbl.name else f"{tbl.name} · {tbl.variant.name}"
    return f"{title} · {table.steps_words(tbl.game.past.count)} so far"


def glance_html(tbl: table.Table) -> str:
    game = tbl.game
    s = game.state
    facts = []
    turn = f"{game.turn}'s turn" if game.turn else "Game over"
    facts.append(f'<div class="kr-turn" data-glance="turn">{esc(turn)}</div>')
    d = glance.direction(game)
    if d is not None:
        facts.append(
            f'<div class="kr-dir" data-glance="direction">{esc(d.arrow)} {esc(d.words)}</div>'
            f'<div class="kr-order">{esc(" → ".join(d.order))}</div>'
        )
    follow = glance.may_follow(game)
    if follow:
        facts.append(f'<div class="kr-next" data-glance="follow">Next: {esc(follow)}</div>')
    counts = f"Pile {len(s.pile)} · Draw pile {s.draw_pile} · Out of play {s.out_of_play}"
    facts.append(f'<div class="kr-counts">{esc(counts)}</div>')
    top = top_card_html(glance.top_card(game))
    return f'<div class="kr-glance">{top}<div class="kr-facts">{"".join(facts)}</div></div>'


def head_html(tbl: table.Table, last: str | None) -> str:
    """The top of the table: the glance (or the end of the game), with the last step's outcome
    (``last``, numbered) beside it.  One element of our own, not the glance and an
    ``st.success``: a step redraws it, and Streamlit's alert is Markdown drawn again each time."""
    top = end_html(tbl) if tbl.game.over else glance_html(tbl)
    if last:
        n = tbl.game.past.count
        top += f'<div class="kr-last" role="status">{esc(f"Last step ({n}): {last}")}</div>'
    return f'<div class="kr-head">{top}</div>'


def foot_html(tbl: table.Table, caption: str) -> str:
    """The line naming the game, and every player's cards, as one element (see ``head_html``)."""
    return f'<p class="kr-caption">{esc(caption)}</p>{players_html(tbl)}'


def _chip(tbl: table.Table, step: Any) -> str:
    v = tbl.variant
    cards = getattr(step, "cards", None)
    if not cards:
        return '<span class="kr-chip kr-pick" title="pick-up">⤺</span>'
    card = cards[0]
    kind = glance.card_kind(v, card)
    label = v.card_label(card) if isinstance(card, int) else ""
    face = label if isinstance(card, int) else kind.symbol
    if isinstance(card, int) and kind.symbol:
        face = f"{kind.symbol}{label}"
    return f'<span class="kr-chip kr-{kind.value}" title="{esc(kind.words)}">{esc(face)}</span>'


def log_html(tbl: table.Table) -> str:
    """The last steps, newest first, each with its card drawn small (the kind's shape)."""
    lines = table.log_lines(tbl.game)
    if not lines:
        return "<p>No steps yet.</p>"
    items = []
    for line in lines:
        step = tbl.game.past.log[line.number - 1][0]
        items.append(
            f'<li><span class="kr-n">{line.number}.</span>{_chip(tbl, step)}'
            f"<span>{esc(line.text)}</span></li>"
        )
    return f'<ul class="kr-log">{"".join(items)}</ul>'


def players_html(tbl: table.Table) -> str:
    """Every player's cards as an HTML table of our own: each name a row header, every cell
    escaped text.  Why not ``st.table``: it sends the rows as an Arrow table (pandas on the
    server, a decoder in the browser) on every run of the page, for a dozen short strings."""
    rows = table.player_table(tbl.game)
    for row, name in zip(rows, tbl.game.state.names, strict=True):
        row["Hand cards known"] = table.known_cards_words(tbl.game, name, "hand")
    if not rows:
        return ""
    head = "".join(f'<th scope="col">{esc(k)}</th>' for k in rows[0])
    body = []
    for r in rows:
        first, *rest = r.values()
        cells = "".join(
            f'<td class="kr-num">{int(v)}</td>' if isinstance(v, int) else f"<td>{esc(v)}</td>"
            for v in rest
        )
        body.append(f'<tr><th scope="row">{esc(first)}</th>{cells}</tr>')
    return (
        '<div class="kr-players-wrap" role="region" aria-label="Players" tabindex="0">'
        f'<table class="kr-players"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def end_html(tbl: table.Table) -> str:
    end = glance.end_summary(tbl.game)
    if end is None:
        return ""
    podium = "".join(
        f"<li>{esc(glance.place_words(i))}: {esc(name)}</li>"
        for i, name in enumerate(end.out_order, 1)
    )
    if end.loser:
        podium += f'<li class="kr-lost">Lost: {esc(end.loser)}</li>'
    numbers = " · ".join(
        [
            table.steps_words(end.steps),
            glance.times_words(end.burns, "burn"),
            glance.times_words(end.pick_ups, "pick-up"),
            glance.times_words(end.karma_played, "Karma card") + " played",
        ]
    )
    return (
        '<div class="kr-end" data-glance="end">'
        '<div class="kr-end-title" data-glance="turn">Game over!</div>'
        f'<div class="kr-end-why">{esc(end.why)}</div>'
        f'<ol class="kr-podium" aria-label="The order players went out">{podium}</ol>'
        f'<div class="kr-numbers">{esc(numbers)}</div></div>'
    )
