"""The Design page: make a house variant with widgets (no YAML typing), check it live, share it.

Each field is drawn from its declaration (``referee.variant.fields``, read by path through
``designer.FIELDS``; a table rule's in its unit): its label, kind, bounds, length and choices;
the page only says where the fields go.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import nullcontext
from functools import partial
from typing import Any

import streamlit as st

from referee.app import design_out, links, rulebook, state
from referee.app import designer as d
from referee.app.common import group_words, md, variant_from_yaml, variant_sources
from referee.variant import conditions
from referee.variant.declare import Cards, Choice, Field, Flag, Int, Text, written
from referee.variant.effect_list import Effects, parts
from referee.variant.fields import DEAL_COUNTS, NUMBERS, VARIANT, WITHOUT, Rank, pack_of
from referee.variant.loader import VariantError, load_variant_text, variant_to_data
from referee.variant.menu import MENU
from referee.variant.model import Variant

store = state.store()
DATA, REV, FLASH = "design", "design_rev", "design_flash"
PARENT = "design_parent"  # the Variant this design started from: offered for comparison
OPEN = "design_open"  # the card and power panels the group has open (by panel key)
DRAFT, FROM = "draft", "from"  # the address keeps the work in progress and where it started
SHARED = "shared"  # in the address while the work is still the variant a link shared
SHARED_DRAFT = "design_shared_draft"  # that variant's draft, to tell when it was changed
Action = Callable[[dict[str, Any]], dict[str, Any]]
c: Any  # rows of columns
NAME_COPIES = [d.FIELDS["karma_cards.name"], d.FIELDS["karma_cards.copies"]]  # a card's row


def _parent_from(vid: str | None) -> Variant | None:
    for src in variant_sources(store):
        if src.id == vid:
            try:
                return variant_from_yaml(src.yaml)
            except VariantError:
                return None
    return None


if DATA not in st.session_state:
    sources = variant_sources(store)
    first = next((s for s in sources if s.id == "classic"), sources[0])
    st.session_state[PARENT] = variant_from_yaml(first.yaml)
    st.session_state[DATA] = d.starter(st.session_state[PARENT])
    st.session_state[REV] = 0
    draft = st.query_params.get(DRAFT)
    if draft and "v" not in st.query_params:  # a reload: the work in progress comes back
        try:
            st.session_state[DATA] = d.read_draft(draft)
        except links.ShareError as e:
            st.session_state[FLASH] = (
                "error",
                f"Your unsaved work could not be brought back: {e}.",
            )
        else:
            st.session_state[PARENT] = _parent_from(st.query_params.get(FROM))
            if st.query_params.get(SHARED):  # a shared variant, opened again: not "yours"
                st.session_state[SHARED_DRAFT] = draft
                name = st.session_state[DATA].get("name") or "the variant"
                st.session_state[FLASH] = (
                    "info",
                    f"Here is {name}, the variant shared with you. Change anything below.",
                )
            else:
                st.session_state[FLASH] = ("info", "Your design is back, just as you left it.")


def load_design(data: dict[str, Any], note: str) -> None:
    st.session_state[DATA] = data
    st.session_state[REV] = st.session_state.get(REV, 0) + 1
    st.session_state[FLASH] = ("success", note)


def load_text(text: str | bytes, filename: str, what: str) -> None:
    result = load_variant_text(text, filename)
    if result.variant is None:
        st.session_state[FLASH] = (
            "error",
            f"{what} has mistakes, so it was not loaded:\n"
            + "\n".join(d.problem_words(p) for p in result.errors),
        )
        return
    load_design(variant_to_data(result.variant), f"Loaded {result.variant.name} from {what}.")


# A share link: ?v=<base64url of zlib-compressed YAML>, read once per link.
shared = st.query_params.get("v")
if shared and st.session_state.get("design_v_seen") != shared:
    st.session_state["design_v_seen"] = shared
    try:
        load_text(links.read_share(shared), "shared link", "the shared link")
    except links.ShareError as e:
        st.session_state[FLASH] = ("error", f"The shared link could not be read: {e}.")
    else:
        st.session_state[SHARED_DRAFT] = None  # the draft drawn below is the shared variant
    del st.query_params["v"]  # from now on the address keeps the work as it goes (?draft=)

st.title("Design your Karma")
st.caption("Change anything below. The checks run as you go; problems show next to the field.")

flash = st.session_state.pop(FLASH, None)
if flash:
    kind, text = flash
    if kind == "error":
        st.error(md(text.split("\n")[0]))
        for line in text.split("\n")[1:]:
            st.text(line)
    else:
        getattr(st, kind)(md(text))

with st.expander("Start from a built-in variant, a saved one, or a file"):
    sources = variant_sources(store)
    by_key = {s.key: s for s in sources}
    c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
    with c1:
        pick = st.selectbox(
            "Variant", list(by_key), format_func=lambda k: by_key[k].label, key="design_pick"
        )
    with c2:
        if st.button("Start from this", key="design_load", width="stretch"):
            src = by_key[pick]
            v = variant_from_yaml(src.yaml)
            st.session_state[PARENT] = v
            load_design(
                variant_to_data(v) if not src.builtin else d.starter(v), f"Started from {v.name}."
            )
            st.rerun()
    upload = st.file_uploader(
        "Or open a variant file (.yaml)", type=["yaml", "yml"], key="design_upload"
    )
    if upload is not None and st.session_state.get("design_upload_seen") != upload.file_id:
        st.session_state["design_upload_seen"] = upload.file_id
        load_text(upload.getvalue(), upload.name, f"the file {upload.name}")
        st.rerun()

rev = st.session_state[REV]
data: dict[str, Any] = st.session_state[DATA]
# The group's words on this page (the variant's and its cards' names), each isolated (ruling 63).
group_words(
    [data.get("name")]
    + [c.get("name") for c in data.get("karma_cards") or [] if isinstance(c, dict)]
)
actions: list[Action] = []
slots: dict[str, tuple[Any, bool]] = {}  # field path -> (container for its problems, labelled?)
panels: dict[str, tuple[str, str]] = {}  # card/power path -> (its panel's key, what it is called)
opened: set[str] = st.session_state.setdefault(OPEN, set())


def key(*parts: object) -> str:
    return f"d{rev}_" + "_".join(str(p) for p in parts)


def slot(*paths: str, labelled: bool = False) -> None:
    """Here the page shows the problems about ``paths`` (fields drawn just above); a slot under
    a row of several fields names the field each problem is about."""
    box = st.container()
    for path in paths:
        slots[path] = (box, labelled)


def _toggled(panel: str) -> None:
    if st.session_state.get(panel):
        opened.add(panel)
    else:
        opened.discard(panel)


def panel(label: str, panel_key: str, path: str, called: str) -> Any:
    """A card's or power's panel.  It stays open while the group edits it: its state is the
    page's (``OPEN``), not the label's, which changes as the name or count is typed."""
    panels[path] = (panel_key, called)
    return st.expander(
        label,
        expanded=panel_key in opened,
        key=panel_key,
        on_change=_toggled,
        args=(panel_key,),
    )


def draw(f: Field, value: Any, *parts: object, widget: str = "", label: str = "") -> Any:
    """One field's widget, made from its declaration by its kind (``WIDGETS``).  Its key is
    ``parts`` after the design's revision, or ``widget`` (the composer's own)."""
    kind = next(k for k in type(f).__mro__ if k in WIDGETS)
    return WIDGETS[kind](f, value, label or f.label, widget or key(*parts))


def _text(f: Text, value: Any, label: str, at: str) -> str:
    """A text as long as it may be: a line, or a box of several lines."""
    box = st.text_area if f.area else st.text_input
    return box(
        label, value=value if isinstance(value, str) else "", key=at, max_chars=f.most or None
    )


def _switch(f: Flag, value: Any, label: str, at: str) -> bool:
    return st.checkbox(label, value=value is True, key=at)


def _choice(f: Choice, value: Any, label: str, at: str) -> str:
    words = dict(zip(f.choices, f.words or f.choices, strict=True))
    index = f.choices.index(value if value in f.choices else f.default or f.choices[0])
    return st.selectbox(label, f.choices, index=index, format_func=words.__getitem__, key=at)


def _cards(f: Cards, value: Any, label: str, at: str) -> list[int | str] | None:
    """The design's own cards, each named as the page says it."""
    cards = d.card_options(new)
    chosen = [c for c in value if c in cards] if isinstance(value, list | tuple) else []
    named = st.multiselect(
        label, cards, default=chosen, format_func=partial(d.card_words, new), key=at
    )
    return list(named) or None


def _number(f: Int, value: Any, label: str, at: str) -> int | None:
    """A number within its bounds: empty while the group has not chosen, or where empty is a
    choice of its own (an effect's optional parameter)."""
    v = value if isinstance(value, int) and not isinstance(value, bool) else None
    got = st.number_input(
        label,
        min_value=f.lo,
        max_value=f.hi,
        value=None if v is None else min(max(v, f.lo), f.hi),
        step=1,
        key=at,
        placeholder=None if f.optional else "Choose a number",
    )
    return None if got is None else int(got)


def _rank(f: Rank, value: Any, label: str, at: str) -> int | None:
    """A rank power's number; in an ordinary pack the ranks by name: 2 to 10, J, Q, K, A."""
    pack = pack_of(new.get("ranks"))
    if not pack.ordinary:
        return _number(f, value, label, at)
    held = value if isinstance(value, int) else None
    options = sorted({*pack.ranks, *([held] if held is not None else [])})
    return st.selectbox(
        "Card",
        options,
        index=options.index(held) if held in options else None,
        format_func=partial(d.rank_words, new),
        placeholder="Choose a card",
        key=at,
    )


# The widget of each kind of field (a field takes that of the nearest kind it is).
WIDGETS: dict[type[Field], Callable[[Any, Any, str, str], Any]] = {
    Rank: _rank,
    Int: _number,
    Text: _text,
    Flag: _switch,
    Choice: _choice,
    Cards: _cards,
}


def left_out(pack: dict[str, Any], given: object) -> None:
    """The ranks a pack leaves out (issue 42: no 3s), offered from those between its lowest
    and its highest; written into ``pack`` only when some are."""
    options = d.inner_ranks(pack)
    chosen = [r for r in given if r in options] if isinstance(given, list) else []
    named = st.multiselect(
        WITHOUT.label,
        options,
        default=chosen,
        format_func=partial(d.rank_words, {"ranks": pack}),
        key=key("ranks", "without"),
    )
    if named:
        pack["without"] = sorted(named)


# Fields not drawn with the rest of their mapping: a card's id (made from its name) and
# ``rule`` (the one its verdicts cite), kept as the file had them; the jokers' copies (drawn
# with the deck).
KEPT = {"karma_cards.id", "karma_cards.rule", "jokers.rule", "jokers.copies"}


def fill(
    fields: Sequence[Field],
    values: Any,
    *parts: object,
    where: str = "",
    index: int | None = None,
    widget: str = "",
    more: int = 0,
) -> dict[str, Any]:
    """The declared ``fields`` of the mapping at ``where`` (row ``index`` of a list), each
    drawn by its kind and in order: the short ones (a number, a choice, a line of text) side by
    side, a text three times as wide as a number (``c``: the row's columns, ``more`` of them
    for the caller), a longer text or a card's effects under them.  The problems of a row show
    under it, naming the field where the row has several (at the top of the page, each field's
    under it); the first place for problems in a mapping also takes the mapping's own.  An
    optional field left empty is left out.  Widget keys ``parts`` + the field's key, or
    ``widget`` + the field's key (the composer's own, with no place for problems)."""
    global c
    at = where if index is None else f"{where}[{index}]"
    out = {f.key: values.get(f.key, "") for f in fields if f"{where}.{f.key}" in KEPT}
    for row in d.lines([f for f in fields if f.key not in out]):
        if isinstance(row[0], Effects):
            effects = out[row[0].key] = effects_editor(
                where, index, list(values.get("effects", []))
            )
            if does := d.what_it_does(effects):
                st.caption(md(does))  # the group's words above, what it does here
            continue
        alone = len(row) == 1 and not more
        widths = [3 if isinstance(f, Text) else 1 for f in row] + [1] * more
        c = [nullcontext()] if alone else st.columns(widths, vertical_alignment="bottom")
        for col, f in zip(c, row, strict=False):
            with col:
                got = draw(f, values.get(f.key), *parts, f.key, widget=widget and widget + f.key)
                out[f.key] = got
                if not widget and (alone or not at):
                    slot(f"{at}.{f.key}" if at else f.key, *([at] if at not in slots else []))
        if at and not widget and not alone:
            slot(at, labelled=len(row) > 1)
    return {f.key: out[f.key] for f in fields if f.key in out and written(f, out[f.key])}


def rows(path: tuple[str, ...], values: list[Any], *parts: object) -> list[dict[str, Any]]:
    """The rows of the list at ``path`` (players, a deal per table size), each its declared
    fields side by side, a Remove button and its problems; widget keys ``parts``."""
    at = ".".join(path)
    fields = d.FIELDS[at].parts()
    out = []
    for i, values_at in enumerate(values):
        out.append(fill(fields, values_at, *parts, i, where=at, index=i, more=1))
        with c[-1]:
            if st.button("Remove", key=key(*parts, i, "del"), width="stretch"):
                actions.append(partial(d.removed, path=path, index=i))
    return out


def effects_editor(where: str, index: int | None, effects: list[Any]) -> list[Any]:
    """Widgets for a list of effects, generated from the menu; returns the new list.  A new
    effect starts empty ("Choose what it does").  ``index`` None: the one holder that is not a
    list (an ordinary pack's jokers)."""
    names = list(MENU)
    at = where if index is None else f"{where}[{index}]"  # the problems' path
    holder = (where, "effects") if index is None else (where, index, "effects")
    out: list[Any] = []
    for i, e in enumerate(effects):
        current, params, when = parts(e)
        with st.container(border=True):
            c1, c2 = st.columns([4, 1], vertical_alignment="bottom")
            with c1:
                name = st.selectbox(
                    f"Effect {i + 1}",
                    names,
                    index=names.index(current) if current in names else None,
                    format_func=d.effect_label,
                    placeholder="Choose what it does",
                    key=key(where, index, "e", i, "name"),
                )
            with c2:
                if st.button("Remove", key=key(where, index, "e", i, "del"), width="stretch"):
                    actions.append(partial(d.removed, path=holder, index=i))
            if name is None:
                slot(f"{at}.effects[{i}]")
                out.append(dict(d.NO_EFFECT))
                continue
            st.caption(md(d.effect_help(name)))
            new_params: dict[str, Any] = {}
            for p in MENU[name].params:
                value = params.get(p.key) if name == current else None
                value = d.param_default(p) if value is None else value
                new_params[p.key] = draw(p, value, where, index, "e", i, name, p.key)
            when = conditions.tame(when) if name == current else {}
            # A suit or a colour only on a number card of a pack whose suits count (issue 42).
            suits = where == "rank_powers" and new.get("ranks", {}).get("suits") is True
            options = d.when_options(name, new_params, suits)
            if when in options or (options and not when):
                when = st.selectbox(
                    "Only when…",
                    options,
                    index=options.index(when) if when in options else 0,
                    format_func=d.when_label,
                    key=key(where, index, "e", i, name, "when"),
                )
            elif when:  # not one of the page's choices (several conditions): kept as written
                st.caption(md(d.when_label(when)))
            slot(f"{at}.effects[{i}]")
            out.append(d.make_effect(name, {**new_params, "when": when or None}))
    slot(f"{at}.effects")
    if st.button("Add an effect", key=key(where, index, "add_effect")):
        actions.append(partial(d.added, path=holder, item=d.NO_EFFECT))
    return out


new: dict[str, Any] = {}

# --- about ------------------------------------------------------------------------------------
st.subheader("About this variant")
slot("")
new |= fill([d.FIELDS["name"], d.FIELDS["id"]], data)
st.caption("The short id names the file and is what game records use.")
new |= fill([d.FIELDS["description"], d.FIELDS["author"]], data)

# --- players ----------------------------------------------------------------------------------
st.subheader("Players")
st.caption("How many may play, and with how many decks shuffled together.")
slot("players")
new["players"] = rows(("players",), data.get("players", []), "players")
if st.button("Add a range of players", key=key("players", "add")):
    actions.append(d.add_players)

# --- deck ---------------------------------------------------------------------------------------
st.subheader("The deck")
ranks = data.get("ranks", {})
kind = "ordinary" if ranks.get("pack") == "ordinary" else "numbers"
kind = st.radio(
    d.FIELDS["ranks.pack"].label,
    list(d.PACKS),
    index=list(d.PACKS).index(kind),
    format_func=d.PACKS.__getitem__,
    key=key("ranks", "pack"),
)
if kind == "ordinary":
    # An ordinary pack (issue 31.1): the group picks the Ace's place, whether the suits count
    # (issue 42: then a rank power's "only when" may name a suit or a colour), and how many
    # jokers, and what a joker does (it is always wild).
    jokers = data.get("jokers") or {}
    c = st.columns(2)
    with c[0]:
        ace = draw(d.FIELDS["ranks.ace"], ranks.get("ace"), "ranks", "ace")
    with c[1]:
        joker_copies = draw(d.FIELDS["jokers.copies"], jokers.get("copies", 0), "jokers", "copies")
    suits = draw(d.FIELDS["ranks.suits"], ranks.get("suits"), "ranks", "suits")
    slot("ranks", labelled=True)
    new["ranks"] = {"pack": "ordinary", "ace": ace, **({"suits": True} if suits else {})}
    left_out(new["ranks"], ranks.get("without"))
    if joker_copies:
        st.caption("A joker goes on anything (it is wild) and is not a number.")
        new["jokers"] = fill(d.FIELDS["jokers"].parts(), jokers, "jokers", where="jokers")
        new["jokers"]["copies"] = joker_copies
else:
    drawn = [f for f in NUMBERS.fields if f is not WITHOUT]
    new["ranks"] = fill(drawn, ranks, "ranks", where="ranks")
    left_out(new["ranks"], ranks.get("without"))

# --- Karma cards ------------------------------------------------------------------------------
st.subheader("Karma cards")
slot("karma_cards")
cards = []
for i, card in enumerate(data.get("karma_cards", [])):
    where = f"karma_cards[{i}]"
    # The title says what the fields say now (a field's state is ahead of the design by the
    # change that made this run).
    called = str(st.session_state.get(key("kc", i, "name"), card.get("name")) or "A new card")
    label = md(f"{called} × {st.session_state.get(key('kc', i, 'copies'), card.get('copies', 0))}")
    with panel(label, f"design_open_kc_{card.get('id') or i}", where, called):
        st.caption(md(f"Its name in game records: {card.get('id', '')}"))
        got = fill(d.FIELDS["karma_cards"].parts(), card, "kc", i, where="karma_cards", index=i)
        if st.button("Remove this card", key=key("kc", i, "del")):
            actions.append(partial(d.removed, path=("karma_cards",), index=i))
    cards.append(got)
new["karma_cards"] = cards

# --- Create Your Karma --------------------------------------------------------------------------
with st.container(border=True):
    st.subheader("Create Your Karma")
    st.caption("Invent a new Karma card: pick what it does from the menu, name it, add it.")
    crev = st.session_state.get("composer_rev", 0)
    ck = f"c{crev}_"
    comp = fill(NAME_COPIES, {"copies": 1}, widget=ck)
    comp_text = draw(d.FIELDS["karma_cards.text"], "", widget=ck + "text")
    chosen = st.multiselect(
        "What it does", list(MENU), format_func=d.effect_label, key=ck + "effects"
    )
    comp_effects: list[Any] = []
    for name in chosen:
        title = d.effect_label(name)
        st.caption(md(f"{title}: {d.effect_help(name)}"))
        params: dict[str, Any] = {}
        for p in MENU[name].params:
            label = f"{title}: {p.label[:1].lower()}{p.label[1:]}"
            params[p.key] = draw(p, d.param_default(p), widget=f"{ck}{name}_{p.key}", label=label)
        comp_effects.append(d.make_effect(name, params))
    if comp_effects and (does := d.what_it_does(comp_effects)):
        st.caption(md(does))
    if st.button("Add this card", key=ck + "add", type="primary"):
        if not comp["name"].strip():
            st.error("Give the card a name first.")
        elif not comp_effects:
            st.error("Choose at least one thing the card does.")
        else:
            actions.append(partial(d.add_card, **comp, text=comp_text, effects=comp_effects))
            st.session_state["composer_rev"] = crev + 1
            st.session_state[FLASH] = ("success", f"Added the card {comp['name'].strip()}.")

# --- rank powers --------------------------------------------------------------------------------
st.subheader("Powers for number cards")
st.caption("Give a number a power, e.g. “every 10 clears the pile”.")
slot("rank_powers")
powers = []
for i, power in enumerate(data.get("rank_powers", []) or []):
    where = f"rank_powers[{i}]"
    rank = power.get("rank")
    now = st.session_state.get(key("rp", i, "rank"), rank)
    called = f"The {d.rank_words(new, now)}" if isinstance(now, int) else "A new power"
    with panel(md(called), f"design_open_rp_{i}", where, called):
        got = fill(d.FIELDS["rank_powers"].parts(), power, "rp", i, where="rank_powers", index=i)
        if st.button("Remove this power", key=key("rp", i, "del")):
            actions.append(partial(d.removed, path=("rank_powers",), index=i))
    powers.append(got)
if powers:
    new["rank_powers"] = powers
if st.button("Give a number a power", key=key("rp", "add")):
    actions.append(partial(d.added, path=("rank_powers",), item=d.NEW_POWER))
    st.session_state[OPEN].add(f"design_open_rp_{len(powers)}")  # the new one opens

# --- table rules --------------------------------------------------------------------------------
st.subheader("Dealing and burning")
new["deal"] = fill(DEAL_COUNTS, data.get("deal", {}), "deal", where="deal")
by_size = rows(("deal", "by_players"), data.get("deal", {}).get("by_players", []), "deal", "bp")
if by_size:
    new["deal"]["by_players"] = by_size
if st.button("Another deal for a table size", key=key("deal", "bp", "add")):
    actions.append(d.add_table_deal)
new |= fill([d.FIELDS["min_hand"], d.FIELDS["burn"]], data)

st.subheader("How the table plays")
rules = fill(d.FIELDS["table"].parts(), data.get("table", {}), "table", where="table")
slot("table")
if rules := d.FIELDS["table"].tame(rules):  # only the rules set otherwise than the rule book
    new["table"] = rules

new = {f.key: new[f.key] for f in VARIANT.fields if f.key in new}  # in a variant file's order

if actions:
    for act in actions:
        new = act(new)
    st.session_state[DATA] = new
    st.session_state[REV] = rev + 1
    st.rerun()
st.session_state[DATA] = new

# --- the live check: every problem at its field, in plain words ---------------------------------
chk = d.check(new)
closed: dict[str, int] = {}  # panel path -> problems inside it while it is closed
for problem in chk.result.problems:
    about = d.concerns(problem)
    target = next(p for p in d.prefixes(about) if p in slots)
    box, labelled = slots[target]
    field = d.field_label(about) if labelled and about != target else ""
    said = d.plain_words(problem)
    said = f"{field}: {said}" if field else said
    with box:
        if problem.severity == "warning":
            st.warning(md(said), icon=":material/lightbulb:")
        else:
            st.error(md(said), icon=":material/error:")
    inside = next((p for p in d.prefixes(about) if p in panels), None)
    if inside is not None and panels[inside][0] not in opened:
        closed[inside] = closed.get(inside, 0) + 1
for inside, count in closed.items():
    panel_key, called = panels[inside]
    section = "rank_powers" if inside.startswith("rank_powers") else "karma_cards"
    with slots[section][0]:
        thing = "something to fix" if count == 1 else f"{count} things to fix"
        st.info(md(f"Open “{called}” below: it has {thing}."), icon=":material/expand_more:")

# The address keeps the work in progress: a reload brings it back (README: the Design page).
draft = d.draft_param(new)
if len(draft) <= 4 * links.MAX_LINK and st.query_params.get(DRAFT) != draft:
    st.query_params[DRAFT] = draft
# While the work is the variant a link shared, a reload greets it as that, not as "yours".
if SHARED_DRAFT in st.session_state and st.session_state[SHARED_DRAFT] is None:
    st.session_state[SHARED_DRAFT] = draft
still_shared = st.session_state.get(SHARED_DRAFT) == draft
if still_shared and not st.query_params.get(SHARED):
    st.query_params[SHARED] = "1"
elif not still_shared and SHARED in st.query_params:
    del st.query_params[SHARED]
parent_now = st.session_state.get(PARENT)
if isinstance(parent_now, Variant) and st.query_params.get(FROM) != parent_now.id:
    st.query_params[FROM] = parent_now.id

st.divider()
variant = chk.variant
errors, warnings = chk.result.errors, chk.result.warnings
if variant is None:
    many = "1 thing" if len(errors) == 1 else f"{len(errors)} things"
    st.error(
        md(f"{many} to fix before this variant can be played. Each is shown at its field above.")
    )
    st.session_state.pop(rulebook.DESIGN_YAML_KEY, None)
elif warnings:
    many = "1 note" if len(warnings) == 1 else f"{len(warnings)} notes"
    st.warning(
        md(
            f"{variant.name} can be played, but look at the {many} above first: "
            "it may not do what you meant."
        )
    )
    st.session_state[rulebook.DESIGN_YAML_KEY] = chk.yaml
else:
    st.success(md(f"{variant.name} is ready to play."))
    st.session_state[rulebook.DESIGN_YAML_KEY] = chk.yaml


def apply_change(change: Any) -> None:
    """One tap: the design with the proposed change (the check is to be run again)."""
    load_design(
        change.apply(st.session_state[DATA]),
        f"Changed: {change.words}. Test it again to see the games it makes.",
    )


design_out.finished(chk, new, parent_now if isinstance(parent_now, Variant) else None, apply_change)
