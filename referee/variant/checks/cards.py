"""The cross-field rules of the deck and its cards: ranks in order, names people read, ids and
ranks once, jokers only in an ordinary pack, and each card's list of effects (each effect's own
checks live in its unit, ``referee/effects/<name>.py``)."""

from __future__ import annotations

from typing import Any

from referee.files.yamlsafe import PathT
from referee.variant.checks.facts import File, Report, check
from referee.variant.conditions import suited
from referee.variant.effect_list import WHEN, Eff
from referee.variant.fields import rank_of
from referee.variant.menu import MENU, CardCheck, needs_target
from referee.variant.model import JOKER, RANK_WORDS
from referee.words.names import clean_name, difference, lookalike_pairs, name_problem, quoted


@check("ranks_in_order")
def _ranks_in_order(f: File, r: Report) -> None:
    if f.low is not None and f.high is not None and f.high < f.low and not f.pack.ordinary:
        r.error(
            ("ranks", "high"),
            f"the highest rank {f.high} is below the lowest rank {f.low}; "
            f"expected high at least {f.low}",
            plain=f"The top number is less than the bottom one. Make it {f.low} or more.",
        )


@check("names_people_read")
def _names_people_read(f: File, r: Report) -> None:
    """Names people read (rulings 60-62): no control or direction characters, something
    visible (errors); two cards whose names look the same (a warning, as for the very same
    name: the referee tells them apart by id, the table may not)."""
    named: list[tuple[PathT, str]] = [(("name",), f.view["name"])] if "name" in f.view else []
    named += [(("karma_cards", i, "name"), c["name"]) for i, c in enumerate(f.cards) if "name" in c]
    for path, name in named:
        problem = name_problem(clean_name(name)) if name else None  # "": the schema says
        if problem is not None:
            r.error(
                path,
                f"the name {quoted(name)}: {problem}",
                plain="This name has nothing you can see. Type a letter or a digit."
                if "nothing you can see" in problem
                else "This name has a hidden sign in it. Use letters, digits, spaces and "
                "signs you can see.",
            )
    card_names = [(p, n) for p, n in named if p[0] == "karma_cards"]
    for first, later in lookalike_pairs(n for _, n in card_names):
        (path, name), (first_path, first_name) = card_names[later], card_names[first]
        shown, first_shown = quoted(name, "'"), quoted(first_name, "'")
        if clean_name(name) == clean_name(first_name):
            how = f"is also karma_cards[{first_path[1]}]'s"
            plain = f"Another card is called {quoted(first_name)} too."
        else:
            how = (
                f"looks the same as karma_cards[{first_path[1]}]'s, {first_shown} "
                f"({difference(first_name, name)})"
            )
            plain = f"This name looks just like {quoted(first_name)}, another card's name."
        r.warn(
            path,
            f"the name {shown} {how}; expected a different name for each card",
            plain + " Give each card a name of its own, so that players can tell them apart.",
        )


@check("card_ids_once")
def _card_ids_once(f: File, r: Report) -> None:
    ids: dict[str, int] = {}
    for i, card in enumerate(f.cards):
        cid = card.get("id")
        if cid is None:
            continue
        if cid in ids:
            r.error(
                ("karma_cards", i, "id"),
                f"the id '{cid}' is already used by karma_cards[{ids[cid]}]; "
                "expected each card id once",
                plain=f"Another card already has the name {cid} in game records. "
                "Each card needs its own.",
            )
        else:
            ids[cid] = i


@check("cards_in_the_deck")
def _cards_in_the_deck(f: File, r: Report) -> None:
    for i, card in enumerate(f.cards):
        if card.get("copies") == 0:
            r.warn(
                ("karma_cards", i, "copies"),
                "0 copies: this card is not in the deck; expected at least 1 (or remove the card)",
                "With 0 copies this card is not in the deck. Give it 1 or more, or remove it.",
            )
    if f.jokers is not None and f.jokers.get("copies") == 0:
        r.warn(
            ("jokers", "copies"),
            "0 jokers: there are none in the deck; expected at least 1 (or no jokers)",
            plain="There are no jokers in the pack.",
        )


@check("jokers_in_an_ordinary_pack")
def _jokers_in_an_ordinary_pack(f: File, r: Report) -> None:
    """The jokers of an ordinary pack (docs/rulings.md, "An ordinary pack"): only there, with
    an id of their own."""
    if f.jokers is None:
        return
    if not f.pack.ordinary:
        r.error(
            ("jokers",),
            "jokers belong to an ordinary pack, and this deck has number cards; expected "
            "ranks: {pack: ordinary}, or a Karma card instead of the jokers",
            plain="Jokers come with an ordinary pack. Pick that pack, or make a "
            "Karma card instead.",
        )
    for i, card in enumerate(f.cards):
        if card.get("id") == JOKER:
            r.error(
                ("karma_cards", i, "id"),
                f"the id '{JOKER}' names the jokers of this pack; expected another card id",
                plain="The jokers are called “joker” in game records. Give this card another name.",
            )


@check("ids_unlike_faces")
def _ids_unlike_faces(f: File, r: Report) -> None:
    """In an ordinary pack, a Karma card id that reads like a face (``queen``, ``a``): a
    record's ``queen`` is then that card and its ``Q`` the Queen - legal, but a trap."""
    if not f.pack.ordinary:
        return
    faces = {w.casefold(): rank for rank, names in f.pack.faces().items() for w in names}
    for i, card in enumerate(f.cards):
        rank = faces.get(str(card.get("id", "")))
        if rank is not None:
            name = f.pack.rank_name(rank)
            r.warn(
                ("karma_cards", i, "id"),
                f"the id '{card['id']}' reads like the {name} of this pack, which a record may "
                "write the same way; expected another card id",
                plain=f"This card's short name looks like the {name}. Give the card another name.",
            )


@check("ranks_left_out")
def _ranks_left_out(f: File, r: Report) -> None:
    """A pack without some ranks (issue 42): each a rank of the pack strictly between its
    lowest and its highest (those are said by low and high), and some rank kept."""
    ranks = f.rank_set
    raw = f.left_out
    if ranks is None:
        return
    lo, hi = (f.pack.rank_label(x) for x in (ranks.start, ranks.stop - 1))
    for j, x in enumerate(raw):
        rank = rank_of(x, f.pack)
        if rank is None or rank not in ranks:
            r.error(
                ("ranks", "without", j),
                f"the deck has no {x} (ranks {lo} to {hi}); expected a rank from {lo} to {hi}",
                plain=f"There is no {x} in the deck. Pick a card from {lo} to {hi}.",
            )
        elif rank in (ranks.start, ranks.stop - 1):
            r.error(
                ("ranks", "without", j),
                f"{x} is the lowest or the highest rank, which low and high say; expected a rank "
                f"between {lo} and {hi}",
                plain=f"To leave out the {f.pack.rank_label(rank)}s, change the lowest or the "
                "highest number instead.",
            )
        elif x not in raw[:j] and rank in {rank_of(y, f.pack) for y in raw[:j]}:
            r.error(
                ("ranks", "without", j),
                f"the {f.pack.rank_label(rank)}s are left out already; expected each rank once",
                plain=f"The {f.pack.rank_label(rank)}s are left out already.",
            )


@check("rank_powers")
def _rank_powers(f: File, r: Report) -> None:
    """Each power on a rank the deck has, each rank once; a face only in an ordinary pack."""
    seen: dict[int, int] = {}
    ranks = f.rank_set
    for i, power in enumerate(f.view.get("rank_powers", [])):
        raw = power.get("rank")
        rank = rank_of(raw, f.pack)
        if raw in RANK_WORDS and rank is None:  # any other text: the schema names the labels
            r.error(
                ("rank_powers", i, "rank"),
                f"{quoted(raw, chr(39))} names a card of an ordinary pack, and this deck "
                "has number cards; expected a number",
                plain=f"{raw} is a card of an ordinary pack. Pick a number.",
            )
        if rank is None:
            continue
        if rank in seen:
            r.error(
                ("rank_powers", i, "rank"),
                f"rank {rank} already has powers (rank_powers[{seen[rank]}]); "
                "expected each rank once, with all its effects in one list",
                plain=f"The {rank} already has a power above. Put all it does in one place.",
            )
        else:
            seen[rank] = i
        if rank in f.without:
            r.error(
                ("rank_powers", i, "rank"),
                f"the pack leaves out the {f.pack.rank_label(rank)}s (ranks.without); expected a "
                "rank the deck has",
                plain=f"The pack has no {f.pack.rank_label(rank)}s. Pick another card.",
            )
        if ranks is not None and rank not in ranks:
            lo, hi = (f.pack.rank_label(x) for x in (ranks.start, ranks.stop - 1))
            kind = "card" if f.pack.ordinary else "number"
            r.error(
                ("rank_powers", i, "rank"),
                f"the deck has no {rank} (ranks {lo} to {hi}); expected a rank from {lo} to {hi}",
                plain=f"There is no {rank} in the deck. Pick a {kind} from {lo} to {hi}.",
            )


@check("effects_of_each_card")
def _effects_of_each_card(f: File, r: Report) -> None:
    """Each card's list of effects: each once, none contradicting another, at most one that
    needs a chosen player, and each effect's own checks (its unit's ``check``)."""
    holders: list[tuple[PathT, list[Eff], int | None, str]] = [
        (("karma_cards", i, "effects"), c.get("effects", []), None, "Karma card")
        for i, c in enumerate(f.cards)
    ]
    if f.jokers is not None:
        holders.append((("jokers", "effects"), f.jokers.get("effects", []), None, "joker"))
    for i, power in enumerate(f.view.get("rank_powers", [])):
        rank = rank_of(power.get("rank"), f.pack)
        if power.get("rank") is None or rank is not None:  # an unknown rank: fix that first
            holders.append((("rank_powers", i, "effects"), power.get("effects", []), rank, ""))
    for path, effects, rank, holder in holders:
        _effect_list(path, effects, rank, f, holder or "Karma card", r)


def _effect_list(
    path: PathT, effects: list[Eff], rank: int | None, f: File, holder: str, r: Report
) -> None:
    first: dict[str, int] = {}
    for e in effects:
        if e.name in first:
            r.error(
                (*path, e.index),
                f"the effect '{e.name}' is listed twice on this card; expected each effect once",
                plain=f"This card does “{MENU[e.name].title}” twice. Remove one.",
            )
        else:
            first[e.name] = e.index
    for a in first:
        for b, why in MENU[a].contradicts.items():
            if b in first:
                r.error(
                    (*path, max(first[a], first[b])),
                    f"'{a}' and '{b}' contradict each other: {why}; expected at most one of them",
                    plain=f"“{MENU[a].title}” and “{MENU[b].title}” do not go together. "
                    f"{why[:1].upper()}{why[1:]}. Keep one of them.",
                )
    targeted = [e for e in effects if needs_target(e.name, _clean(e))]
    # Effects that follow the first and act on its chosen player too need no choice of their
    # own (``shares_chosen``: take a card, then give one back).
    shared = MENU[targeted[0].name].shares_chosen if targeted else frozenset()
    apart = [e for e in targeted if e.name not in shared]
    if len({e.name for e in apart}) > 1:
        one, two = apart[0], next(e for e in apart if e.name != apart[0].name)
        r.error(
            (*path, two.index),
            f"'{two.name}' needs a chosen player, and so does '{one.name}', but a play names "
            "only one player (to); expected at most one effect that needs a chosen player",
            plain=f"“{MENU[two.name].title}” and “{MENU[one.name].title}” both need a "
            "player to be picked. A card picks only one. Keep one of them.",
        )
    names = [e.name for e in effects]
    for e in effects:
        at = (*path, e.index)
        if e.when:
            _condition(at, e, rank, f, r)
            _burned_away(at, e, f, r)

        def error(message: str, key: str | None, plain: str = "", at: PathT = at) -> None:
            r.error(at if key is None else (*at, key), message, plain=plain)

        def warn(message: str, key: str | None, plain: str = "", at: PathT = at) -> None:
            r.warn(at if key is None else (*at, key), message, plain)

        MENU[e.name].check(
            CardCheck(
                dict(e.params),
                names,
                rank,
                f.rank_set,
                error,
                warn,
                holder,
                pile_values=f.pile_values,
                rank_name=f.pack.rank_name,
                card_ids=_ids(f),
                pack=f.pack,
                left_out=f.without,
            )
        )


def _ids(f: File) -> frozenset[str]:
    """The deck's cards that are not numbers, by id: its Karma cards and its jokers."""
    ids = {c["id"] for c in f.cards if isinstance(c.get("id"), str)}
    return frozenset(ids | ({JOKER} if f.jokers is not None else set()))


def _condition(at: PathT, e: Eff, rank: int | None, f: File, r: Report) -> None:
    """An effect's condition (``when``, issue 42): only on an effect that acts as its card is
    played (``EffectDecl.no_when`` says why not); a suit or a colour only on a number card of
    a pack whose suits count."""
    unit, params = MENU[e.name], _clean(e)
    for key in suited(e.when or {}):
        if not f.pack.suits:
            r.error(
                (*at, WHEN, key),
                f"'{key}' reads a card's suit, but this deck's suits do not count; expected "
                "ranks: {pack: ordinary, suits: true}, or no suit in the condition",
                plain="Only an ordinary pack whose suits count knows a card's suit. Say that "
                "some powers belong to a suit or a colour, or take the suit out.",
            )
        elif rank is None:
            r.error(
                (*at, WHEN, key),
                f"'{key}' reads a card's suit, but only number cards have one; expected no "
                "suit in a condition of a Karma card or a joker",
                plain="Only number cards have a suit. Take the suit out of this card's "
                "“only when”.",
            )
    why = unit.no_when(params)
    if why:
        r.error(
            (*at, WHEN),
            f"'{e.name}' cannot have a condition (when): {why}; expected no 'when' on it",
            plain=f"“{unit.title}” cannot happen only sometimes: {why}. Take out its “only when”.",
        )
        return


def _burned_away(at: PathT, e: Eff, f: File, r: Report) -> None:
    """An effect that happens only when N cards are played together, in a deck where N of a
    kind burn: a play that burns does nothing else (R7.2), so it would never happen unless the
    table lets a burning play's powers happen first (``powers_before_burn``, ruling 143;
    Daifugo's revolution set off by four of a kind, docs/house-rules.md)."""
    n, burn, unit = (e.when or {}).get("cards"), f.view.get("burn"), MENU[e.name]
    table = f.view.get("table", {})
    if not isinstance(n, int) or not isinstance(burn, int) or burn < 1 or n < burn:
        return
    if unit.lasts_on_pile:  # it works while its card lies there, and a burn takes it away
        r.warn(
            (*at, WHEN, "cards"),
            f"'{e.name}' works only when {n} cards are played together, but {burn} of a kind "
            "burn the pile (R7.1), so its card never lies there; expected fewer cards",
            f"“{unit.title}” never works: {n} cards played together burn the pile at once. "
            "Pick fewer cards.",
        )
        return
    if unit.passive or table.get("powers_before_burn"):
        return
    r.warn(
        (*at, WHEN, "cards"),
        f"'{e.name}' happens only when {n} cards are played together, but {burn} of a kind "
        "burn the pile and a play that burns does nothing else (R7.2); expected "
        "table: {powers_before_burn: true}, or fewer cards",
        f"“{unit.title}” never happens: {n} cards played together burn the pile, and a play "
        "that burns does nothing else. Turn on “Powers before a burn”.",
    )


def _clean(e: Eff) -> dict[str, Any]:
    return {k: v for k, v in e.params.items() if isinstance(k, str)}
