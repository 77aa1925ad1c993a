"""The Design page's logic, without Streamlit: the variant being designed as plain data.

The design is kept in the YAML shape (``referee.variant.loader.variant_to_data``).  Every run the
page builds that data from its widgets, dumps it to YAML text and loads it with the very loader
that reads variant files, so the live checks are the real ones; each problem is then shown at
the field its path names (:func:`prefixes`).  The fields - their labels, bounds, lengths
and choices, and how a draft is read back - are the variant file's declarations
(``referee.variant.fields``), read here by path (``FIELDS``).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.app import links
from referee.files.yamlsafe import Problem
from referee.variant import conditions
from referee.variant.declare import Choice, Field, Int, Text, leaves, whole
from referee.variant.effect_list import effect_from_data
from referee.variant.fields import CARD_ID_PATTERN, DEAL_COUNTS, VARIANT, pack_of
from referee.variant.loader import LoadResult, load_variant_text, variant_to_data
from referee.variant.loader import dump_data as to_yaml
from referee.variant.menu import MENU
from referee.variant.model import JOKER, ORDINARY, SUITS, Variant
from referee.variant.sheet import describe_effects
from referee.words import plural

FIELDS = leaves(VARIANT.fields)
"""Every field of a variant file by its path (``deal.hand``, ``karma_cards.name``): the page
draws each from its declaration (label, bounds, length, choices), so a valid variant is never
cut short or clamped."""


# --- the design as data -------------------------------------------------------------------------


def starter(v: Variant) -> dict[str, Any]:
    """A new house variant based on ``v``: a new id and name, the same cards and rules, and
    its own empty description (``v``'s would follow it through save, the Referee page's
    picker and the rules sheet, telling the group about a game they did not write)."""
    data = variant_to_data(v)
    data["id"] = f"{v.id}-house" if not v.id.endswith("-house") else v.id
    data["name"] = f"{v.name} (our house rules)"
    data.pop("description", None)
    data["author"] = ""
    return data


@dataclass
class Check:
    """The live check of a design: its YAML and the loader's result."""

    yaml: str
    result: LoadResult

    @property
    def variant(self) -> Variant | None:
        return self.result.variant


def check(data: dict[str, Any]) -> Check:
    text = to_yaml(data)
    return Check(text, load_variant_text(text, "variant.yaml"))


def problem_words(p: Problem) -> str:
    """A problem of a *file* (one uploaded or opened from a link), located in it: the file's
    words, as ``karma validate`` says them.  The page's own fields use :func:`plain_words`."""
    where = f"line {p.line}, column {p.column}" if p.line else "the whole file"
    what = f"{p.path}: " if p.path else ""
    kind = "Warning" if p.severity == "warning" else "Problem"
    return f"{kind} at {where} — {what}{p.message}"


# --- problems in a family's words, at their field ---------------------------------------------------

_SEGMENTS = re.compile(r"\[\d+\]|[^.\[]+")


def prefixes(path: str) -> list[str]:
    """``karma_cards[2].effects[0].max`` and every shorter path above it, down to ``""`` (the
    top): where the page looks for the field a problem is about, most precise first."""
    parts = _SEGMENTS.findall(path or "")
    out = []
    for n in range(len(parts), 0, -1):
        out.append(
            "".join(x if x.startswith("[") or i == 0 else f".{x}" for i, x in enumerate(parts[:n]))
        )
    return [*out, ""]


def concerns(p: Problem) -> str:
    """The field a problem is about on the page (a check may name one, else its path)."""
    return p.concerns or p.path


def field_label(path: str) -> str:
    """The page's label of the field at ``path`` ("" when the path is not one field): a
    problem shown under a row of several fields says which one it means."""
    parts = _SEGMENTS.findall(path or "")
    if not parts:
        return ""
    if "effects" in parts:
        at = parts.index("effects")
        if len(parts) == at + 2:  # an effect
            return f"Effect {int(parts[at + 1][1:-1]) + 1}"
        return ""  # a parameter: its effect's box says it
    if parts[-1].startswith("["):
        return ""
    found = FIELDS.get(".".join(p for p in parts if not p.startswith("[")))
    return found.label if found else ""


_BOUNDS = (
    (r"less than the minimum (\d+)", "Make it {} or more."),
    (r"more than the maximum (\d+)", "Make it {} or less."),
    (r"at most (\d+) characters", "This is too long. Keep it to {} letters or fewer."),
)
"""A bound the file-format message names, and how the page says it."""


def plain_words(p: Problem) -> str:
    """What the Design page shows at a field: the check's own words for a family, else the
    file-format message said plainly (the widgets keep most of those from happening; the file
    view keeps the located message)."""
    if p.plain:
        return p.plain
    m, path = p.message, p.path
    effect = bool(re.search(r"effects\[\d+\](\.effect)?$", path))
    if m.endswith("got null") or m.startswith("null is not allowed") or "required field" in m:
        return "Choose what it does." if effect else "Fill this in."
    if m.startswith("the text is empty"):
        return "Fill this in."
    if "is not in the right form" in m:
        if path == "id":
            return "Use small letters, digits, - and _ only, with no spaces (like our-rules)."
        return "Use small letters, digits and _ only, with no spaces."
    if m.startswith("the list is empty"):
        if path.endswith("effects"):
            return "Choose at least one thing it does."
        return "Add at least one row." if path == "players" else "Add at least one."
    for pattern, words in _BOUNDS:
        if found := re.search(pattern, m):
            return words.format(found.group(1))
    if "expected one of:" in m or "expected an effect" in m:
        return "Pick one of the choices."
    return "This is not right yet. The file view below says what is wrong."


# --- the page's layout ---------------------------------------------------------------------------


def lines(fields: Sequence[Field]) -> list[list[Field]]:
    """The fields of a mapping as the page lays them out, in order: the short ones side by side
    (a number, a choice, a line of text), each other one on a line of its own (a switch, a box
    of text, a card's effects)."""
    out: list[list[Field]] = []
    for f in fields:
        if out and _short(f) and _short(out[-1][-1]):
            out[-1].append(f)
        else:
            out.append([f])
    return out


def _short(f: Field) -> bool:
    return isinstance(f, Int | Choice) or (isinstance(f, Text) and not f.area and 0 < f.most <= 80)


# --- effects ------------------------------------------------------------------------------------


def when_options(name: str, params: dict[str, Any], suits: bool = False) -> list[dict[str, Any]]:
    """The "only when..." choices the page offers for an effect, drawn from the condition
    units' declarations: always ({}), then each condition with each of its values; none for
    an effect that cannot wait for a condition (``EffectDecl.no_when``).  A suit or a colour
    only with ``suits``: a number card of a pack whose suits count (issue 42)."""
    if MENU[name].no_when(params):
        return []
    out: list[dict[str, Any]] = [{}]
    for unit in conditions.CONDITIONS.values():
        if unit.suited and not suits:
            continue
        field = unit.field
        if isinstance(field, Choice):
            out += [{unit.key: v} for v in field.choices]
        elif isinstance(field, Int):  # the few numbers a group would pick (1 to 4 cards)
            out += [{unit.key: n} for n in range(field.lo, min(field.hi, 4) + 1)]
    return out


def when_label(when: dict[str, Any]) -> str:
    """An "only when..." choice in a family's words: 'Always', 'Only when the pile is empty'."""
    words = conditions.said(when)
    return words[:1].upper() + words[1:] if words else "Always"


def make_effect(name: str, params: dict[str, Any] | None = None) -> str | dict[str, Any]:
    """The YAML form: a bare name without parameters, else ``{effect: name, ...}``."""
    # A switch left off is left out (its default), so the card is written as before.
    kept = {k: v for k, v in (params or {}).items() if v is not None and v is not False}
    return {"effect": name, **kept} if kept else name


def param_default(p: Field) -> Any:
    """What a parameter's field starts at: its default, else the least a required number may
    be (a guess the group sees and changes), else empty."""
    if p.default is None and not p.optional and isinstance(p, Int):
        return p.lo
    return p.default


def effect_help(name: str) -> str:
    spec = MENU[name]
    return spec.help or spec.description


def what_it_does(effects: list[Any]) -> str:
    """The sentence made from a card's effects as the Design page holds them (issue 31.7), so
    that the group's words and what the card does are seen together; '' while an effect is not
    yet complete (the check below says what is missing)."""
    try:
        return f"What it does: {describe_effects([effect_from_data(e) for e in effects])}"
    except (KeyError, TypeError, ValueError, AttributeError):
        return ""


def effect_label(name: str) -> str:
    """'Lose a turn', not 'Lose a turn (skip)'."""
    return MENU[name].title if name in MENU else name


# --- structural edits (pure functions returning a new design) --------------------------------------


def card_id(name: str, taken: set[str]) -> str:
    """A Karma card id from its name: lower case, ``a-z0-9_``, starting with a letter, unique."""
    base = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "card"
    if not base[0].isalpha():
        base = f"card_{base}"
    cid, n = base, 2
    while cid in taken:
        cid = f"{base}_{n}"
        n += 1
    return cid


def add_card(
    data: dict[str, Any],
    name: str,
    text: str,
    copies: int,
    effects: list[str | dict[str, Any]],
) -> dict[str, Any]:
    """The design with a new Karma card (the Create Your Karma composer)."""
    taken = {c.get("id", "") for c in data.get("karma_cards", [])}
    card: dict[str, Any] = {
        "id": card_id(name, taken),
        "name": name.strip() or "My Karma card",
        "copies": copies,
    }
    if text.strip():
        card["text"] = text.strip()
    return added(data, ("karma_cards",), card | {"effects": list(effects)})


def _at(data: Any, path: Sequence[str | int]) -> Any:
    for step in path:
        data = data[step]
    return data


def added(data: dict[str, Any], path: Sequence[str | int], item: Any) -> dict[str, Any]:
    """The design with ``item`` at the end of the list at ``path`` (``("karma_cards", 2,
    "effects")``; ``("jokers", "effects")``: the one holder that is not a list), made where
    there is none yet."""
    out = copy.deepcopy(data)
    *above, last = path
    _at(out, above).setdefault(last, []).append(copy.deepcopy(item))
    return out


def removed(data: dict[str, Any], path: Sequence[str | int], index: int) -> dict[str, Any]:
    """The design without the item at ``index`` of the list at ``path``."""
    out = copy.deepcopy(data)
    items = _at(out, path)
    if 0 <= index < len(items):
        del items[index]
    return out


NO_EFFECT: dict[str, Any] = {"effect": None}
"""An effect not chosen yet: a new part starts empty, and the check asks the group to choose
(a guessed effect would be a rule nobody made)."""

NEW_POWER: dict[str, Any] = {"rank": None, "effects": [NO_EFFECT]}
"""A new power: no number and one effect, both for the group to choose."""


# --- an ordinary pack (issue 31.1) -------------------------------------------------------------

PACKS = {
    "numbers": "Number cards, as in Karma (choose the numbers and copies)",
    ORDINARY: "An ordinary pack of cards: 2 to 10, J, Q, K, A (four of each)",
}
"""The two kinds of deck the page offers, in a group's words."""


def rank_words(data: dict[str, Any], rank: object) -> str:
    """A rank as the page says it: '10', and in an ordinary pack 'Q (Queen)'."""
    pack = pack_of(data.get("ranks"))
    if pack.ordinary and isinstance(rank, int):
        label, name = pack.rank_label(rank), pack.rank_name(rank)
        return label if label == name else f"{label} ({name})"
    return str(rank)


def inner_ranks(ranks: dict[str, Any]) -> list[int]:
    """The ranks a pack may leave out (``ranks.without``, issue 42): those strictly between its
    lowest and its highest ([] while they are not known)."""
    pack = pack_of(ranks)
    low, high = (
        (pack.ranks_low, pack.ranks_high)
        if pack.ordinary
        else (whole(ranks.get("low")), whole(ranks.get("high")))
    )
    if low is None or high is None:
        return []
    return list(range(low + 1, min(high, low + 98)))


def card_options(data: dict[str, Any]) -> list[int | str]:
    """The cards of the design's deck a list of cards may name (``Cards``): its number ranks,
    its Karma cards by id, and its jokers."""
    ranks = data.get("ranks") or {}
    pack = pack_of(ranks)
    if pack.ordinary:
        numbers: list[int | str] = list(pack.ranks)
    else:
        low, high = whole(ranks.get("low")), whole(ranks.get("high"))
        numbers = [] if low is None or high is None else list(range(low, min(high, low + 98) + 1))
        given = ranks.get("without")
        gone: list[Any] = given if isinstance(given, list) else []
        numbers = [n for n in numbers if n not in gone]
    ids = [c.get("id") for c in data.get("karma_cards") or [] if isinstance(c, dict)]
    jokers = [JOKER] if isinstance(data.get("jokers"), dict) else []
    # Where the suits count, each number of a colour and of a suit too (issue 42): 'red J'.
    suited: list[int | str] = []
    if pack.ordinary and ranks.get("suits") is True:
        for r in pack.ranks:
            label = pack.rank_label(r)
            suited += [f"{c} {label}" for c in ("red", "black")]
            suited += [f"{label} of {s}" for s in SUITS]
    return [*numbers, *(i for i in ids if isinstance(i, str) and i), *jokers, *suited]


def card_words(data: dict[str, Any], card: int | str) -> str:
    """A card of a list as the page says it: a rank as ``rank_words``, a Karma card by its
    name, the jokers as 'Joker'."""
    if isinstance(card, int):
        return rank_words(data, card)
    if card == JOKER:
        return "Joker"
    pack = pack_of(data.get("ranks") or {})
    found = pack.parse_suited(card)
    if found is not None:  # 'Jack of hearts', 'red Jacks'
        rank, kind = found
        name = pack.rank_name(rank)
        return f"{name} of {kind}" if kind in SUITS else f"{kind} {plural(name)}"
    for c in data.get("karma_cards") or []:
        if isinstance(c, dict) and c.get("id") == card and isinstance(c.get("name"), str):
            return str(c["name"])
    return card


def add_players(data: dict[str, Any]) -> dict[str, Any]:
    """The design with a range of players after the last: one deck more, the next two sizes."""
    ranges = data.get("players") or [{"decks": 0, "min": 1, "max": 1}]
    decks, top = int(ranges[-1].get("decks", 0)), int(ranges[-1].get("max", 1))
    return added(data, ("players",), {"decks": decks + 1, "min": top + 1, "max": top + 2})


def add_table_deal(data: dict[str, Any]) -> dict[str, Any]:
    """Another deal for one table size, the size after the last one's and the variant's own
    counts to start from (R2.1)."""
    deal = data.get("deal", {})
    last = max((int(r.get("players") or 1) for r in deal.get("by_players", [])), default=1)
    counts = {f.key: deal.get(f.key) for f in DEAL_COUNTS}
    most = FIELDS["deal.by_players.players"]
    assert isinstance(most, Int)
    return added(data, ("deal", "by_players"), {"players": min(last + 1, most.hi), **counts})


# --- the work in progress, kept in the page's address ----------------------------------------------


def normalize(raw: Any) -> dict[str, Any]:
    """Any data (a draft read back from an address anyone can type) as a design the page can
    show: each field tamed by its declaration (``Field.tame``: of its kind, within its bounds
    and length, or empty; the rest dropped), jokers only with an ordinary pack, and each card
    an id of its own.  Unfinished parts (an empty number, an effect not chosen yet) stay, so
    the check can ask for them."""
    out: dict[str, Any] = VARIANT.tame(raw)
    if out["ranks"].get("pack") != ORDINARY:
        out.pop("jokers", None)
    taken: set[str] = set()
    for card in out["karma_cards"]:
        if not re.fullmatch(CARD_ID_PATTERN, card["id"]) or card["id"] in taken:
            card["id"] = card_id(card["name"], taken)
        taken.add(card["id"])
    return out


def draft_param(data: dict[str, Any]) -> str:
    """The design as the ``?draft=`` value of the page's address (as a share link packs it):
    a reload, or the same address later in this browser, brings the work back."""
    return links.share_param(to_yaml(data))


def read_draft(param: str) -> dict[str, Any]:
    """The design in a ``?draft=`` value, unfinished parts included (never checked against the
    variant rules here: it is work in progress); raises ShareError when it cannot be read."""
    from referee.files.yamlsafe import YamlError, parse_yaml

    text = links.read_share(param)
    try:
        raw, _ = parse_yaml(text, "draft")
    except YamlError:
        raise links.ShareError("the saved work in this address is damaged") from None
    return normalize(raw)
