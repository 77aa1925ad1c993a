"""Hypothesis strategies for random *valid* variants: composed from the effect menu (R9) in the
YAML shape and passed through the real loader, so every example is a variant a group could
write (the loader's rejects are discarded with ``assume``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import HealthCheck, assume, settings
from hypothesis import strategies as st

from referee.variant.conditions import CONDITIONS
from referee.variant.declare import Cards, Choice, Flag, Int
from referee.variant.loader import VariantError, variant_from_data
from referee.variant.menu import MENU, needs_target
from referee.variant.model import SUITS, Variant
from referee.variant.registry import builtin
from referee.variant.table import TABLE_RULES

_PARAMS: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "value": st.builds(lambda v: {"value": v}, st.integers(0, 17)),
    "next_range": st.one_of(
        st.builds(lambda a: {"max": a}, st.integers(1, 16)),
        st.builds(lambda a: {"min": a}, st.integers(1, 16)),
        st.builds(
            lambda a, b: {"min": min(a, b), "max": max(a, b)},
            st.integers(1, 16),
            st.integers(1, 16),
        ),
    ),
    "skip": st.sampled_from([{"target": "chosen"}, {"target": "next"}]),
    "pass_hands": st.sampled_from([{"direction": "left"}, {"direction": "right"}]),
    "rotate_seats": st.sampled_from([{"direction": "left"}, {"direction": "right"}]),
}


@cache
def _params_of(name: str) -> st.SearchStrategy[dict[str, Any]]:
    """Parameters drawn from the effect unit's own limits, so that a new effect on the menu is
    in the random variants without a line here.  Built once per effect: a strategy made anew
    at every draw is validated anew by Hypothesis, which cost more than the drawing."""
    parts: dict[str, st.SearchStrategy[Any]] = {}
    for p in MENU[name].params:
        if isinstance(p, Choice):
            value: st.SearchStrategy[Any] = st.sampled_from(p.choices)
        elif isinstance(p, Cards):  # numbers most drawn decks have
            value = st.lists(st.integers(3, 6), min_size=1, max_size=2, unique=True)
        elif isinstance(p, Flag):  # a switch: turned on (off is the same as left out)
            value = st.just(True)
        else:
            assert isinstance(p, Int)
            value = st.integers(p.lo, min(p.hi, p.lo + 6))
        parts[p.key] = st.one_of(st.none(), value) if p.optional else value
    if not parts:
        return st.just({})
    return st.fixed_dictionaries(parts).map(lambda d: {k: v for k, v in d.items() if v is not None})


# Texts as groups write them: empty, short, or up to the schema's limits, with Markdown and
# non-ASCII letters (no control characters: the loader refuses those).
_chars = st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Co", "Cn"))
texts = st.one_of(
    st.just(""),
    st.text(_chars, min_size=1, max_size=40).map(str.strip).filter(bool),
    st.builds(lambda n: ("Play *any* card [now](x)! " * 40)[:n], st.integers(501, 1000)),
)
long_texts = st.one_of(
    texts, st.builds(lambda n: ("A long *house* story. " * 200)[:n], st.integers(1001, 4000))
)


@st.composite
def effect_lists(
    draw: st.DrawFn, max_size: int = 4, suits: bool = False, rank: bool = False
) -> list[Any]:
    """Effects of one card; ``suits``: a number card of a pack whose suits count, whose
    conditions may read its suit (issue 42); ``rank``: a number card's (no ``plays_as``, which
    is a Karma card's or a joker's)."""
    names = draw(_effect_names(max_size))
    out: list[Any] = []
    targeted = False
    for name in names:
        params = draw(_PARAMS[name] if name in _PARAMS else _params_of(name))
        # What the loader refuses by design (one chosen player per play; effects that
        # contradict each other) is not drawn, so that most examples are valid variants.
        if needs_target(name, params):
            if targeted:
                continue
            targeted = True
        if {name} | _names(out) >= {"give_pile", "clear_pile"}:
            continue
        if {name} | _names(out) >= {"value", "transparent"}:
            continue
        if name == "plays_as" and rank:
            continue
        if "plays_as" in {name} | _names(out) and {name} | _names(out) & _NOT_AS_NUMBER:
            continue
        if suits and isinstance(params.get("answers"), list) and draw(st.booleans()):
            # A card of a suit or a colour among the answers (issue 42, ruling 155): a
            # demand's (must_answer), or the cards that pass a pile given away on (give_pile,
            # ruling 168; its `answers` drawn from its declaration, as every Cards field).
            params = {**params, "answers": [*params["answers"], draw(_SUITED)]}
        when = draw(_when_of(name, params, suits))
        if when:
            params = {**params, "when": when}
        out.append({"effect": name, **params} if params else name)
    return out


_NOT_AS_NUMBER = {"wild", "value", "transparent", "named_value"}
"""What a card played as a number (``plays_as``, ruling 162) cannot also be."""

_SUITED = st.sampled_from(["5 of hearts", "red 4", "black 6", "3 of clubs", "red J"])
"""Cards of a suit or a colour a list of cards may name where the suits count (an ordinary
pack's ranks; the other answers drawn are 3 to 6, so a number named twice is drawn too)."""


@cache
def _effect_names(max_size: int) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(sorted(MENU)), min_size=1, max_size=max_size, unique=True)


def _value_of(p: Any) -> st.SearchStrategy[Any]:
    if isinstance(p, Choice):
        return st.sampled_from(p.choices)
    assert isinstance(p, Int)
    return st.integers(p.lo, min(p.hi, p.lo + 6))


def _when_of(
    name: str, params: dict[str, Any], suits: bool = False
) -> st.SearchStrategy[dict[str, Any]]:
    """A condition (``when``, issue 42) on an effect that may have one, often none: drawn
    from the condition units' own fields, so a new condition is in the random variants without
    a line here."""
    if MENU[name].no_when(params):
        return st.just({})
    return _conditions(suits)


@cache
def _conditions(suits: bool = False) -> st.SearchStrategy[dict[str, Any]]:
    units = [u for u in CONDITIONS.values() if suits or not u.suited]
    parts = {u.key: st.one_of(st.none(), _value_of(u.field)) for u in units}
    drawn = st.fixed_dictionaries(parts).map(
        lambda d: {k: v for k, v in d.items() if v is not None}
    )
    return st.one_of(st.just({}), st.just({}), drawn)


def _names(effects: list[Any]) -> set[str]:
    return {e if isinstance(e, str) else e["effect"] for e in effects}


FACES = {11: "J", 12: "Queen", 13: "k", 14: "A"}
"""How a random ordinary-pack variant writes some of its rank powers' ranks (issue 31.1)."""


@st.composite
def variant_data(draw: st.DrawFn, suited: bool = False) -> dict[str, Any]:
    """A random variant's data: number cards, or (one in four) an ordinary pack with the Ace
    high or low and, often, jokers with effects of their own (issue 31.1), and often suits
    that count, with powers of a suit or a colour (issue 42); ``suited``: always such a pack."""
    ordinary = suited or draw(st.integers(0, 3)) == 0
    suits = suited or (ordinary and draw(st.booleans()))
    ranks: dict[str, Any]
    if ordinary:
        ace = draw(st.sampled_from(["high", "low"]))
        low, high, copies = (1, 13, 4) if ace == "low" else (2, 14, 4)
        ranks = {"pack": "ordinary", "ace": ace, **({"suits": True} if suits else {})}
    else:
        low = draw(st.integers(1, 6))
        high = draw(st.integers(low + 2, low + 12))
        copies = draw(st.integers(2, 4))
        ranks = {"low": low, "high": high, "copies": copies}
    without: list[int] = []
    if draw(st.integers(0, 5)) == 0:  # a pack without a rank (issue 42; THND: no 3s)
        without = [draw(st.integers(low + 1, high - 1))]
        ranks["without"] = without
    n_karma = draw(st.integers(0, 4))
    karma = []
    for i in range(n_karma):
        card: dict[str, Any] = {
            "id": f"k{i}",
            "name": draw(st.sampled_from([f"Card {i}", f"Karte {i} — ümlaut", f"[{i}](x)"])),
            "copies": draw(st.integers(1, 3)),
        }
        text = draw(texts)
        if text:
            card["text"] = text
        if draw(st.booleans()):
            card["rule"] = draw(st.sampled_from(["R8.2", "R8.12", "R9", "R5.4"]))
        card["effects"] = draw(effect_lists())
        karma.append(card)
    kept = [r for r in range(low, high + 1) if r not in without]
    powered = draw(st.lists(st.sampled_from(kept), max_size=3, unique=True))
    powers = [{"rank": r, "effects": draw(effect_lists(3, suits, rank=True))} for r in powered]
    if ordinary:
        for power in powers:  # a face may be written by its label or name, in any case
            if power["rank"] in FACES and draw(st.booleans()):
                power["rank"] = FACES[power["rank"]]
    jokers: dict[str, Any] = {}
    if ordinary and draw(st.booleans()):
        jokers = {"copies": draw(st.integers(1, 3))}
        if draw(st.booleans()):
            jokers["effects"] = draw(effect_lists(3))
    deal = {
        "face_down": draw(st.integers(0, 3)),
        "face_up": draw(st.integers(0, 3)),
        "hand": draw(st.integers(1, 4)),
    }
    players_max = draw(st.integers(2, 5))
    if draw(st.integers(0, 3)) == 0:  # another deal for one table size (issue 42)
        size = {"players": draw(st.integers(2, players_max))}
        size |= {k: draw(st.integers(0, 3)) for k in ("face_down", "face_up")}
        size |= {"hand": draw(st.integers(1, 4))}
        if draw(st.booleans()):  # its own minimum hand (BGA: "six with two players")
            size["min_hand"] = draw(st.integers(1, 4))
        deal["by_players"] = [size]
    players = [{"decks": 1, "min": 2, "max": players_max}]
    if draw(st.integers(0, 3)) == 0:  # two decks for larger tables (R1.2)
        players.append({"decks": 2, "min": players_max + 1, "max": players_max + 3})
    data: dict[str, Any] = {
        "id": "random",
        "name": "Random",
        **({"description": d} if (d := draw(long_texts)) else {}),
        "players": players,
        "ranks": ranks,
        "karma_cards": karma,
        **({"jokers": jokers} if jokers else {}),
        "rank_powers": powers,
        "deal": deal,
        "min_hand": draw(st.integers(1, 4)),
        "burn": draw(st.integers(2, copies)),
    }
    table = draw(table_rules(kept if suits else ()))
    if table:
        data["table"] = table
    return data


@st.composite
def table_rules(draw: st.DrawFn, suited_ranks: tuple[int, ...] | list[int] = ()) -> dict[str, Any]:
    """A random variant's table rules (issue 31.2), each set one time in four, read from the
    registry so that a new table rule is in the random variants without a line here.  A list
    of cards (who starts by a card of a suit, ruling 167) is drawn only where the suits count
    (``suited_ranks``: the pack's ranks): a rank and its suits in some order."""
    out: dict[str, Any] = {}
    for u in TABLE_RULES.values():
        if draw(st.integers(0, 3)) == 0:
            f = u.declared  # a choice: any of its values but the rule book's
            if isinstance(f, Cards):
                if suited_ranks:
                    rank = draw(st.sampled_from(sorted(suited_ranks)))
                    suits = draw(
                        st.lists(st.sampled_from(SUITS), min_size=1, max_size=4, unique=True)
                    )
                    out[u.name] = [f"{rank} of {s}" for s in suits]
                continue
            out[u.name] = (
                draw(st.sampled_from([c for c in f.choices if c != u.default]))
                if isinstance(f, Choice)
                else draw(st.integers(f.lo, min(f.hi, f.lo + 2)))  # a number (runs: 2 to 4)
                if isinstance(f, Int)
                else True  # a switch, turned on
            )
    if "starts_with" in out:  # it says who starts: not beside another way to say it
        for other in ("starts", "throw_in", "turn_up"):
            out.pop(other, None)
    return out


@st.composite
def valid_variants(draw: st.DrawFn) -> Variant:
    """A random variant that the loader accepts, or (now and then) a shipped one."""
    if draw(st.integers(0, 9)) == 0:
        return builtin(
            draw(st.sampled_from(["classic", "mini-round", "second-edition", "shithead", "palace"]))
        )
    data = draw(variant_data())
    try:
        return variant_from_data(data)
    except VariantError:  # not a valid variant
        assume(False)
        raise


HOUSE_RULES = ("next_face_up", "give_pile_draw", "lower_and_skip", "not_last", "mirror", "cut_in")
"""The house rules issue 21 added to the menu."""


@st.composite
def variants_using(draw: st.DrawFn, names: tuple[str, ...] = HOUSE_RULES) -> Variant:
    """A random valid variant in which every rank power, Karma card and joker also carries one of
    ``names`` (where the loader allows it), and at least one rank does."""
    data = draw(variant_data())
    if not data["rank_powers"]:
        data["rank_powers"] = [{"rank": data["ranks"].get("low", 2), "effects": []}]
    jokers = [data["jokers"]] if "jokers" in data else []
    for holder in [*data["rank_powers"], *data["karma_cards"], *jokers]:
        have = _names(holder.setdefault("effects", []))
        numberless = "id" in holder or any(holder is j for j in jokers)  # Karma card, jokers
        fits = [
            n
            for n in names
            if n not in have
            and not (n == "lower_and_skip" and (numberless or "next_range" in have))
            and not (n == "give_pile_draw" and have & {"give_pile", "clear_pile"})
            and not (needs_target(n, {}) and any(needs_target(h, {}) for h in have))
        ]
        if fits:
            holder["effects"] = [*holder["effects"], draw(st.sampled_from(fits))]
    try:
        return variant_from_data(data)
    except VariantError:
        assume(False)
        raise


@st.composite
def variants_with_table(
    draw: st.DrawFn,
    rule: str,
    without: tuple[str, ...] = (),
    value: Any = True,
    suited: bool = False,
) -> Variant:
    """A random valid variant whose table sets the table rule ``rule`` (to ``value``: a switch
    turned on unless told) and none of ``without``, rules it says it changes nothing beside;
    ``suited``: of an ordinary pack whose suits count."""
    data = draw(variant_data(suited))
    table = {k: v for k, v in (data.get("table") or {}).items() if k not in without}
    try:
        return variant_from_data({**data, "table": {**table, rule: value}})
    except VariantError:
        assume(False)
        raise


def budget(examples: int) -> settings:
    """A property test's settings: its number of examples (sized for the ten-minute suite,
    docs/development.md), no deadline (a busy machine is not a failure), and no complaint that
    random valid variants are slow to draw or often filtered."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
