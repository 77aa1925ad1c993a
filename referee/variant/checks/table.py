"""The cross-field rules of the table: player ranges, a deal that fits the deck and leaves no
card locked, a burn some card can reach (R2.2, R3.2, R7.1), and each table rule's own check (its
unit's, ``referee/tablerules/``)."""

from __future__ import annotations

from referee.files.yamlsafe import PathT
from referee.variant.checks.facts import File, Report, check, dealt, plural, ranges
from referee.variant.table import TABLE_RULES, TableCheck


@check("player_ranges")
def _player_ranges(f: File, r: Report) -> None:
    """Each deck count once, each range in order, no table size in two ranges, none left out
    between two ranges."""
    rows = f.view.get("players", [])
    decks_seen: dict[int, int] = {}
    for i, row in enumerate(rows):
        decks, lo, hi = row.get("decks"), row.get("min"), row.get("max")
        if decks is not None:
            if decks in decks_seen:
                r.error(
                    ("players", i, "decks"),
                    f"{plural(decks, 'deck')} already has a range (players[{decks_seen[decks]}]); "
                    "expected each deck count once",
                    plain=f"Another row is for {plural(decks, 'deck')} too. Use each "
                    "number of decks once.",
                )
            else:
                decks_seen[decks] = i
        if lo is not None and hi is not None and lo > hi:
            r.error(
                ("players", i, "max"),
                f"max {hi} is less than min {lo}; expected max at least {lo}",
                plain=f"“To” is less than “From”. Make it {lo} or more.",
            )
    for (i, _, lo, hi), over in ranges(rows):
        if over is not None:
            j, _, olo, ohi = over
            r.error(
                ("players", i, "min"),
                f"{lo}-{hi} players overlaps players[{j}] ({olo}-{ohi}); "
                "expected each table size in one range only",
                plain=f"Another row is for {olo} to {ohi} players too. Use one row "
                "for each number of players.",
            )
    ordered = sorted(f.ranges, key=lambda s: s[2])
    for (_, _, _, hi), (j, _, lo, _) in zip(ordered, ordered[1:], strict=False):
        if lo > hi + 1:
            gap = f"{hi + 1}" if lo == hi + 2 else f"{hi + 1} to {lo - 1}"
            r.warn(
                ("players", j, "min"),
                f"no range allows {gap} players; expected ranges without gaps",
                f"No row says how to play with {gap} players. Close the gap between the rows.",
            )


@check("deal_gives_cards")
def _deal_gives_cards(f: File, r: Report) -> None:
    """A deal that gives each player something, and no draw before the first play, at every
    table size."""
    deal, min_hand = f.view.get("deal", {}), f.view.get("min_hand")
    rows = deal.get("by_players", [])
    deals = [(("deal",), deal), *((("deal", "by_players", j), row) for j, row in enumerate(rows))]
    for at, one in deals:
        hand, least = one.get("hand"), one.get("min_hand", min_hand)
        if dealt(one) == 0:
            r.error(
                at,
                "the deal gives no cards; expected at least one card per player",
                plain="Deal at least one card to each player.",
            )
        if hand is not None and least is not None and least > hand:
            own = "min_hand" in one and len(at) > 1
            r.warn(
                (*at, "min_hand" if own else "hand") if len(at) > 1 else ("min_hand",),
                f"players are dealt {plural(hand, 'hand card')} but the minimum hand is "
                f"{least}, so they draw before their first play; expected at most {hand}",
                f"Players get {plural(hand, 'hand card')} but must keep {least}, so they "
                f"draw before they play. Make it {hand} or less.",
            )


@check("deal_by_players")
def _deal_by_players(f: File, r: Report) -> None:
    """Each table size's own deal once, and only for a size some player range lets play."""
    sizes = {n for _, _, lo, hi in f.ranges for n in range(lo, hi + 1)}
    seen: dict[int, int] = {}
    for j, row in enumerate(f.view.get("deal", {}).get("by_players", [])):
        n = row.get("players")
        if n is None:
            continue
        if n in seen:
            r.error(
                ("deal", "by_players", j, "players"),
                f"{n} players already have a deal (deal.by_players[{seen[n]}]); "
                "expected each table size once",
                plain=f"Another row is for {n} players too. Use one row for each number "
                "of players.",
            )
        else:
            seen[n] = j
        if f.ranges and n not in sizes and n >= 2:  # under 2: the schema says so (R1.2)
            r.warn(
                ("deal", "by_players", j, "players"),
                f"no player range lets {n} play, so this deal is never used; expected a "
                "table size of the players' ranges",
                f"This game is never played by {n}, so this deal is never used.",
            )


@check("deal_fits_the_deck")
def _deal_fits_the_deck(f: File, r: Report) -> None:
    """R2.2: the decks of each player range hold the deal of every table size in it."""
    one_deck = f.one_deck
    if one_deck is None:
        return
    rows = {
        row.get("players"): j for j, row in enumerate(f.view.get("deal", {}).get("by_players", []))
    }
    for i, decks, lo, hi in f.ranges:
        have = one_deck * decks
        has = "has" if decks == 1 else "have"
        over = [n for n in range(lo, hi + 1) if (per := f.per(n)) and n * per > have]
        for n in over:
            if n in rows:
                per = f.per(n) or 0
                r.error(
                    ("deal", "by_players", rows[n]),
                    f"{n} players need {n} x {per} = {n * per} cards for their deal, but "
                    f"{plural(decks, 'deck')} {has} {have} (R2.2); "
                    f"expected a smaller deal for {n} players or more decks",
                    plain=f"{n} players need {n * per} cards for the deal, but "
                    f"{plural(decks, 'deck')} {has} only {have}. "
                    f"Deal fewer cards to {n} players, or add a deck.",
                )
        plain_over = [n for n in over if n not in rows]
        per = f.per_player
        if plain_over and per:
            n = max(plain_over)
            r.error(
                ("players", i, "max"),
                f"{n} players need {n} x {per} = {n * per} cards for the deal, but "
                f"{plural(decks, 'deck')} {has} {have} (R2.2); "
                f"expected at most {have // per} players, a smaller deal or more decks",
                plain=f"{n} players need {n * per} cards for the deal, but "
                f"{plural(decks, 'deck')} {has} only {have}. "
                f"Let at most {have // per} play, deal fewer cards, or add a deck.",
            )


@check("table_cards_unlocked")
def _table_cards_unlocked(f: File, r: Report) -> None:
    """Table cards wait until the draw pile is empty (R3.2, R3.3), so while it lasts a player
    needs hand cards: with none dealt, or none ever drawn, a player can be left with no step
    at all (an empty pile cannot be picked up, R6.3)."""
    one_deck = f.one_deck
    if one_deck is None or not f.ranges:
        return
    left = [
        (one_deck * decks - n * per, n)
        for _, decks, lo, hi in f.ranges
        for n in range(lo, hi + 1)
        if (per := f.per(n))
    ]
    if not left:
        return
    # A minimum hand of 0 where a draw pile is left: the variant's, or a table size's own.
    own = {
        row.get("players"): j
        for j, row in enumerate(f.view.get("deal", {}).get("by_players", []))
        if row.get("min_hand") is not None
    }
    idle = [(c, n) for c, n in left if c > 0 and f.least(n) == 0]
    if shared := [(c, n) for c, n in idle if n not in own]:
        cards, players = max(shared)
        _never_draws(r, ("min_hand",), f"{plural(cards, 'card')} at {players} players")
    for cards, n in sorted((c, n) for c, n in idle if n in own):
        at = ("deal", "by_players", own[n], "min_hand")
        _never_draws(r, at, f"{plural(cards, 'card')} at {n} players")
    cards, players = max(left)
    if cards <= 0:
        return
    where = f"{plural(cards, 'card')} at {players} players"
    if f.view.get("deal", {}).get("hand") == 0:
        r.error(
            ("deal", "hand"),
            f"the deal gives no hand cards, and table cards wait until the draw pile ({where}) "
            "is empty (R3.2), so the first player could not play; expected at least 1 hand "
            "card, or a deal that uses the whole deck",
            plain="With no hand cards, the first player could not play. Deal at least 1, "
            "or deal the whole deck.",
        )


def _never_draws(r: Report, at: PathT, where: str) -> None:
    """A minimum hand of 0 while a draw pile is left (R3.2, R6.4)."""
    r.error(
        at,
        f"with min_hand 0 nobody ever draws, so the draw pile ({where}) never empties "
        "and table cards stay locked (R3.2); a player with an empty hand could have no "
        "step at all; expected min_hand 1 or more, or a deal that uses the whole deck",
        plain="With 0, nobody ever draws, so the table cards stay locked and a player "
        "could get stuck. Pick 1 or more, or deal the whole deck.",
    )


@check("burn_reachable")
def _burn_reachable(f: File, r: Report) -> None:
    """R7.1: a burn some card's copies can reach (an error when none can even with the most
    decks, a warning for each player range that cannot); burn 1, a warning."""
    burn = f.view.get("burn")
    if burn is None:
        return
    if burn == 1:
        r.warn(
            ("burn",),
            "burn 1 burns the pile after every card; expected 2 or more",
            "With 1, the pile burns after every card. Pick 2 or more.",
        )
    per_deck = f.most_run_copies
    if not f.ranges or per_deck == 0:
        return
    max_decks = max(x[1] for x in f.ranges)
    if per_deck * max_decks < burn:
        most = plural(max_decks, "deck")
        r.error(
            ("burn",),
            f"no card has {burn} copies, even with {most}, so the pile could never burn "
            f"(R7.1); expected burn at most {per_deck * max_decks}",
            plain=f"No card has {burn} copies, even with {most}, so the pile could never "
            f"burn. Pick {per_deck * max_decks} or less.",
        )
        return
    for i, decks, lo, hi in f.ranges:
        if per_deck * decks < burn:
            r.warn(
                ("players", i, "decks"),
                f"with {plural(decks, 'deck')} no card has {burn} copies, so the pile never "
                f"burns at {lo}-{hi} players (R7.1); expected more decks or a lower burn",
                f"With {plural(decks, 'deck')}, no card has {burn} copies, so the pile "
                f"never burns at {lo} to {hi} players. Pick a lower number, or more decks.",
                concerns=("burn",),
            )


@check("table_rules")
def _table_rules(f: File, r: Report) -> None:
    """Each table rule's own check (its unit's ``check``), at its field."""
    for name, value in f.view.get("table", {}).items():
        at: PathT = ("table", name)

        def error(message: str, plain: str, at: PathT = at) -> None:
            r.error(at, message, plain)

        def warn(message: str, plain: str, at: PathT = at) -> None:
            r.warn(at, message, plain)

        TABLE_RULES[name].check(TableCheck(value, f.view, error, warn, f.pack))
