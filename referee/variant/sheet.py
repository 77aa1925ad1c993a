"""A printable Markdown rules sheet for any variant, written from its data.

Card texts in a variant file are the author's; what a card *does* is generated from its effects
(:func:`describe_effects`, each effect unit's own words), and its core-rule sentences follow the
table the engine reads (``referee.variant.core``), so the sheet always says what the referee
enforces.
Rule numbers refer to RULES.md and are cited lightly.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.variant import core
from referee.variant.conditions import said
from referee.variant.menu import MENU, needs_target, traits_of
from referee.variant.model import Effect, Variant
from referee.variant.table import active
from referee.words.markdown import markdown_literal


def describe_effect(effect: Effect, variant: Variant | None = None) -> str:
    """One sentence, in plain words, for one effect of the menu (R9): its unit's own words,
    after its condition's (``when``: "Only when the pile is empty: it ...")."""
    text = MENU[effect.name].sheet(effect.params, variant)
    if not effect.when:
        return text
    # The unit's sentence goes on after the condition: its first word is lower-cased, unless
    # it is a card's name ("Jack ...").
    names = {variant.card_name(c) for c in variant.all_cards()} if variant else set()
    if not any(text.startswith(n + " ") for n in names):
        text = text[:1].lower() + text[1:]
    condition = said(effect.when)
    return f"{condition[:1].upper()}{condition[1:]}: {text}"


def describe_effects(effects: Sequence[Effect], variant: Variant | None = None) -> str:
    """Sentences for a list of effects; one said last (one-time) comes last, as it happens last."""
    if not effects:
        return "It has no other effect."
    ordered = [e for e in effects if not MENU[e.name].said_last]
    ordered += [e for e in effects if MENU[e.name].said_last]
    return " ".join(_described(e, ordered[:i], variant) for i, e in enumerate(ordered))


def _described(effect: Effect, before: Sequence[Effect], variant: Variant | None) -> str:
    """An effect's sentence, said for the same player where an earlier effect of the card chose
    them for it too (``shares_chosen``: take a card, then give one back)."""
    if effect.when or not any(
        effect.name in MENU[b.name].shares_chosen
        and needs_target(b.name, b.params)
        and needs_target(effect.name, effect.params)
        for b in before
    ):
        return describe_effect(effect, variant)
    return MENU[effect.name].sheet_same_player(effect.params, variant)


def _limits(v: Variant) -> bool:
    """Whether a card of the variant changes where cards may go beyond R5.2 (its unit limits
    where it lands, or what may go on it: ``limits_landing``): the core sentence must not contradict it."""
    return any(MENU[e.name].limits_landing for c in v.all_cards() for e in v.effects_of(c))


def _instead(v: Variant, place: str, book: str) -> str:
    """The rule book's sentence at ``place``, or the table rule's that stands instead of it."""
    return next((u.sheet(v) for u in active(v) if u.place == place and u.instead), book)


def _bullets(v: Variant, place: str) -> list[str]:
    """The table rules' own lines at ``place`` (``referee/tablerules/``), in order."""
    return [f"- {u.sheet(v)}" for u in active(v) if u.place == place and not u.instead]


def _burn_lines(v: Variant) -> list[str]:
    """The table rules' own sentences after the burning one (a rule that only burns a play
    laid at once says it in that sentence itself)."""
    return [
        u.sheet(v)
        for u in active(v)
        if u.place == "burn" and not u.instead and u.runs_across_plays()
    ]


def _players_word(lo: int, hi: int) -> str:
    return f"{lo}" if lo == hi else f"{lo}–{hi}"


def _card_sections(v: Variant) -> list[str]:
    """The Karma cards, the jokers and the ranks with powers, each with what it does."""
    lines: list[str] = []
    if v.karma_cards:
        lines += ["## The Karma cards (R8)", ""]
        for k in v.karma_cards:
            lines += [f"### {_t(k.name)} ×{k.copies}", ""]
            if k.text:
                lines += [f"*{_t(k.text)}*", ""]
            lines += [f"**What it does:** {describe_effects(k.effects, v)}", ""]
    if v.jokers is not None:
        j = v.jokers
        lines += [f"## The jokers ×{j.copies}", ""]
        if j.text:
            lines += [f"*{_t(j.text)}*", ""]
        lines += [f"**What a joker does:** {describe_effects(j.effects, v)}", ""]
    if v.rank_powers:
        lines += ["## Number cards with powers (R1.4, R5.5)", ""]
        for p in v.rank_powers:
            lines += [f"### Every {v.rank_name(p.rank)}", ""]
            if p.text:
                lines += [f"*{_t(p.text)}*", ""]
            lines += [f"**What it does:** {describe_effects(p.effects, v)}", ""]
    return lines


def _deck_row(v: Variant) -> str:
    """The number cards' row of the deck table: 'numbers 1 to 16', or an ordinary pack's."""
    count = f"{v.copies} of each ({len(v.ranks) * v.copies} cards)"
    # A pack without some ranks (issue 42): 'no 3s'.
    gone = [f"{v.rank_name(r)}s" for r in v.without]
    gone = [", ".join(gone[:-1]), gone[-1]] if len(gone) > 1 else gone
    but = f" (no {' or '.join(gone)})" if gone else ""
    if v.ordinary:
        ranks = "A, 2 to 10, J, Q, K" if v.ace == "low" else "2 to 10, J, Q, K, A"
        return f"| an ordinary pack: {ranks}{but} | {count} |"
    return f"| numbers {v.ranks_low} to {v.ranks_high}{but} | {count} |"


def _order_words(v: Variant) -> str:
    """How an ordinary pack's faces rank, in words."""
    if v.ace == "low":
        return "The Ace is the lowest card (it counts 1); then 2 to 10, Jack, Queen and King."
    return "After the 10 come the Jack, the Queen, the King and the Ace, the highest card."


def _t(text: str) -> str:
    """A group's own words in the sheet: shown exactly as typed, never as Markdown."""
    return markdown_literal(text)


def rules_sheet(variant: Variant) -> str:
    """The complete rules sheet of a variant, in Markdown."""
    v = variant
    lines: list[str] = [f"# {_t(v.name)}", ""]
    if v.description:
        lines += [_t(v.description), ""]
    if v.author:
        lines += [f"*Variant `{v.id}` by {_t(v.author)}.*", ""]
    else:
        lines += [f"*Variant `{v.id}`.*", ""]
    lines += [
        "## Players and decks (R1.2–R1.3)",
        "",
        "| players | decks | cards |",
        "|---|---|---|",
    ]
    for r in v.players:
        lines.append(f"| {_players_word(r.min, r.max)} | {r.decks} | {v.deck_size(r.decks)} |")
    lines += [
        "",
        "With more than one deck, shuffle the decks together: there are that many times as many "
        "copies of every card. The deal, the minimum hand and the burn count stay the same.",
        "",
        "## The deck (one deck, R1.1)",
        "",
        "| card | copies |",
        "|---|---|",
        _deck_row(v),
    ]
    for k in v.karma_cards:
        lines.append(f"| {_t(k.name)} (Karma card) | {k.copies} |")
    if v.jokers is not None:
        lines.append(f"| Jokers | {v.jokers.copies} |")
    lines += [f"| **total** | **{v.deck_size()}** |", ""]

    d = v.deal
    lines += ["## The deal (R2)", ""]
    lines.append(
        (
            f"Each player gets {d.face_down} face-down cards (nobody looks at them), then "
            f"{d.face_up + d.hand} more cards and chooses {d.face_up} of them to lay face up on "
            f"the face-down ones; the other {d.hand} are their hand. "
            if d.face_up
            else f"Each player gets {d.face_down} face-down cards (nobody looks at them) and "
            f"{d.hand} hand cards. "
        )
        + _instead(v, "deal", "The rest of the deck is the draw pile.")
    )
    lines += [""] if d.by_players else []
    for row in sorted(d.by_players, key=lambda r: r.players):
        keep = "."
        if row.min_hand is not None and row.min_hand != v.min_hand:
            keep = (
                f", and draws back up to {row.min_hand} hand cards."
                if row.min_hand
                else (", and never draws from the draw pile.")
            )
        lines.append(
            f"- With {row.players} players, each gets {row.face_down} face-down, "
            f"{row.face_up} face-up and {row.hand} hand cards instead{keep}"
        )
    if deal := _bullets(v, "deal"):  # what the table does after the deal (a table rule)
        lines += ["", *deal]
    lines += [
        "",
        _instead(v, "start", "The player to the dealer's left starts; play goes clockwise."),
        *(["", *start] if (start := _bullets(v, "start")) else []),
        "",
        "## Order of play (R3)",
        "",
        "1. Play from your **hand** while you have any hand cards.",
        "2. When your hand is empty **and** the draw pile is gone, play your **face-up** cards.",
        "3. When those are gone too, play your **face-down** cards, one at a time, without looking "
        "first. If the card you turn over may not go on the pile, it stays there and you pick "
        "up the whole pile.",
        "",
        "Cards you are given or pick up go into your hand, and must be played before your table "
        "cards again.",
        "",
        "## What you may play (R4–R5)",
        "",
        "- On your turn, play one card or several identical cards, all from one place (hand, "
        "face-up or face-down).",
        "- On an empty pile, anything may be played.",
        "- "
        + _instead(
            v,
            "play",
            "A number card goes on a number card of the same value or lower"
            if core.RULES.equal_may_follow
            else "A number card goes on a number card of a lower value (not the same)",
        )
        + (", unless a card's own power below says where it may go." if _limits(v) else "."),
    ]
    if v.ordinary:
        suits = (
            "The suits count only for the powers that name one: show the card's suit as you "
            "play it (hearts, diamonds, clubs or spades)."
            if v.suits
            else "The suits do not matter."
        )
        lines.append(f"- {_order_words(v)} {suits}")
    if v.karma_cards:
        lines.append(
            "- Karma cards are wild: they go on anything, even when the next play is restricted. "
            "On top of the pile a Karma card counts as 0, so anything may follow — unless it "
            "restricts the next play."
            + (
                ""
                if all(traits_of(k.effects, True).wild for k in v.karma_cards)
                else " A card played as a number is not wild: see what it does."
            )
        )
    if v.jokers is not None and not traits_of(v.jokers.effects, True).wild:
        lines.append(
            "- Jokers are not wild here: a joker is played as a number (see what a joker does)."
        )
    elif v.jokers is not None:
        lines.append(
            "- Jokers are wild: they go on anything, even when the next play is restricted. A "
            "joker is not a number: on top of the pile it counts as 0, so anything may follow — "
            "unless its powers say otherwise."
        )
    lines.append("- A restriction only binds the one play right after it.")
    lines += _bullets(v, "play")
    if v.rank_powers:
        ranks = ", ".join(v.rank_name(p.rank) for p in v.rank_powers)
        lines.append(f"- Some numbers have special powers ({ranks}): see below.")
    lines += [
        "",
        "## Burning the pile (R7)",
        "",
        next(
            (u.sheet(v) for u in active(v) if not u.runs_across_plays()),
            f"When the top {v.burn} cards of the pile are identical — played together or by "
            "several players in a row — the whole pile burns",
        )
        + ": it leaves the game, and "
        + _instead(
            v,
            "burn",
            (
                "whoever completed the run plays again on the empty pile."
                if all(u.runs_across_plays() for u in active(v))
                else "whoever laid them plays again on the empty pile."  # one play (R7.3)
            )
            if core.RULES.burn_plays_again
            else "the turn passes to the next player, who starts a new pile.",
        )
        + (" Karma cards count for runs; one-time cards never do." if v.karma_cards else "")
        + (" Jokers count for runs too: they are all the same card." if v.jokers else ""),
        *(["", " ".join(burn)] if (burn := _burn_lines(v)) else []),
        "",
        "## Picking up and drawing (R6)",
        "",
        "- "
        + _instead(
            v,
            "picking_up",
            "If you cannot play, or do not want to, pick up the whole pile into your hand. Your "
            "turn ends and the next player starts a new pile.",
        ),
        *_bullets(v, "picking_up"),
    ]
    if v.min_hand:
        lines.append(
            f"- While the draw pile lasts, draw back up to {v.min_hand} hand cards at the end of "
            "your turn."
        )
    else:
        lines.append("- There is no drawing: nobody tops up their hand from the draw pile.")
    lines.append("")

    lines += _card_sections(v)
    lines += [
        "## The end (R10)",
        "",
        "When you hold no cards at all — no hand, no face-up and no face-down cards — you are "
        "out, and safe. The last player left holding cards loses; everyone else wins.",
        "",
    ]
    return "\n".join(lines)
