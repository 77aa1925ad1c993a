"""The fields of a variant file, each declared once (``referee.variant.declare`` says what is
derived from a declaration: the schema, the loader's typed view, the model and the way back, the
Design page's fields).  A new field is one declaration here, in the place the file lists it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.variant.declare import Choice, Field, Flag, Int, Obj, One, Rows, Text, node, whole
from referee.variant.effect_list import Effects
from referee.variant.model import (
    ACE_HIGH,
    ACE_LOW,
    JOKER,
    ORDINARY,
    RANK_WORDS,
    Deal,
    KarmaCard,
    PlayerRange,
    RankPower,
    TableDeal,
    TableRules,
    Variant,
)
from referee.variant.table import TABLE_RULES, table_rules

VARIANT_ID_PATTERN = "^[a-z0-9][a-z0-9_-]*$"
CARD_ID_PATTERN = "^[a-z][a-z0-9_]*$"
RULE_PATTERN = "^R[0-9]+(\\.[0-9]+)*$"
ORDINARY_COPIES = 4
"""An ordinary pack has four of each rank (one a suit; the suits do not matter here)."""


def pack_of(ranks: object) -> Variant:
    """The deck's naming of ranks, read from the ``ranks`` field (an ordinary pack when it says
    so): a bare Variant, so that the checks name a Queen as the referee does."""
    if isinstance(ranks, dict) and ranks.get("pack") == ORDINARY:
        ace = "low" if ranks.get("ace") == "low" else "high"
        low, high = (ACE_LOW, 13) if ace == "low" else (2, ACE_HIGH)
        suits = ranks.get("suits") is True
        pack = Variant("", "", low, high, ORDINARY_COPIES, pack=ORDINARY, ace=ace, suits=suits)
        return replace(pack, without=_left_out(ranks.get("without"), pack))
    return Variant("", "")


def _left_out(raw: object, pack: Variant) -> tuple[int, ...]:
    """The ranks a pack leaves out (``without``), as numbers, low to high; what is not a rank
    is left for the checks and the schema to name."""
    if not isinstance(raw, list | tuple):
        return ()
    found = {r for x in raw if (r := rank_of(x, pack)) is not None}
    return tuple(sorted(found))


def rank_of(value: object, pack: Variant) -> int | None:
    """A rank power's ``rank``: a number, or in an ordinary pack a label or name (``Q``)."""
    if isinstance(value, str):
        card = pack.parse_card(value) if pack.ordinary and not value.isdigit() else None
        return card if isinstance(card, int) else None
    return whole(value)


# --- the pieces ---------------------------------------------------------------------------------


def _text(label: str = "What it says", area: bool = False) -> Text:
    about = "What the card says, in plain words, for the rules sheet."
    return Text("text", "Text", about, most=1000, optional=True, label=label, area=area)


def _rule(example: str, about: str) -> Text:
    expected = f"a rule number such as {example}"
    return Text(
        "rule",
        "Rule",
        about,
        pattern=RULE_PATTERN,
        optional=True,
        examples=(example,),
        expected=expected,
    )


def _copies(about: str, lo: int, label: str = "") -> Int:
    return Int("copies", "Copies", about, lo=lo, hi=12, label=label)


PLAYER_RANGE = Obj(
    defname="player_range",
    title="Player range",
    about="With this many decks combined, this many players may sit down (R1.2-R1.3).",
    make=PlayerRange,
    fields=(
        Int("decks", "Decks", "How many decks are shuffled together.", lo=1, hi=4),
        Int(
            "min",
            "Fewest players",
            "The fewest players for this many decks.",
            lo=2,
            hi=20,
            label="From",
        ),
        Int(
            "max", "Most players", "The most players for this many decks.", lo=2, hi=20, label="To"
        ),
    ),
    examples=({"decks": 1, "min": 2, "max": 6},),
)


class RankList(Field):
    """A few ranks of the deck, each once: numbers, or in an ordinary pack also a face's
    label or name (``Q``, ``Queen``)."""

    def body(self) -> dict[str, Any]:
        number = {"type": "integer", "minimum": 1, "maximum": 99}
        rank = {"anyOf": [number, {"type": "string", "enum": list(RANK_WORDS)}]}
        return {"type": "array", "items": rank, "minItems": 1, "maxItems": 12, "uniqueItems": True}

    def sound(self, raw: object) -> list[int | str] | None:
        if not isinstance(raw, list | tuple) or not 0 < len(raw) <= 12:
            return None
        out = [x for x in raw if whole(x) is not None or isinstance(x, str)]
        return out if len(out) == len(raw) else None

    def build(self, raw: Any, pack: Variant) -> tuple[int, ...]:
        return _left_out(raw, pack)

    def back(self, value: Any) -> list[int] | None:
        return list(value) or None


WITHOUT = RankList(
    "without",
    "Ranks left out",
    "Ranks the pack does not have (e.g. [3]: no 3s), each between the lowest and the highest; "
    "left out, every rank.",
    optional=True,
    label="Numbers left out of the pack",
)
"""A pack without some ranks (issue 42; THND: the 3s are put out of play)."""

NUMBERS = Obj(
    defname="ranks",
    title="Number cards",
    about="The number cards of one deck: every rank from low to high, in this many copies.",
    make=dict,
    fields=(
        Int(
            "low",
            "Lowest rank",
            "The lowest number card.",
            lo=1,
            hi=99,
            attr="ranks_low",
            label="Lowest number",
        ),
        Int(
            "high",
            "Highest rank",
            "The highest number card.",
            lo=1,
            hi=99,
            attr="ranks_high",
            label="Highest number",
        ),
        _copies("How many copies of each rank one deck has.", 1, "Copies of each"),
        WITHOUT,
    ),
    examples=(
        {"low": 1, "high": 16, "copies": 3},
        {"low": 2, "high": 14, "copies": 4, "without": [3]},
    ),
)

ORDINARY_PACK = Obj(
    defname="ordinary_pack",
    title="An ordinary pack",
    about="An ordinary pack of playing cards: 2 to 10, Jack, Queen, King and Ace, four of "
    "each (the suits do not matter unless suits is true). The referee says J, Q, K and A; the rules and the "
    "effects count them as 11, 12, 13 and 14 (the Ace as 1 when it is low).",
    make=dict,
    fields=(
        Choice(
            "pack",
            "Pack",
            "ordinary: an ordinary pack of 52 cards.",
            choices=(ORDINARY,),
            label="Which cards",
        ),
        Choice(
            "ace",
            "The Ace",
            "high (the default: the Ace beats the King, it counts 14) or low (it is the lowest "
            "card, counting 1).",
            choices=("high", "low"),
            default="high",
            optional=True,
            words=("Aces high (the Ace beats the King)", "Aces low (the Ace is below the 2)"),
        ),
        Flag(
            "suits",
            "The suits count",
            "true: some powers belong to a suit or a colour (the Jack of hearts, red Jacks), "
            "and a play may show its card's suit (issue 42). Left out: ranks only.",
            optional=True,
            label="Some powers belong to a suit or a colour",
        ),
        WITHOUT,
    ),
    examples=(
        {"pack": "ordinary", "ace": "high"},
        {"pack": "ordinary", "suits": True},
        {"pack": "ordinary", "without": [3]},
    ),
)


class Ranks(Field):
    """The deck's number cards: ranks from low to high in some copies, or an ordinary pack
    (``pack: ordinary``): five attributes of the model."""

    def schema(self) -> dict[str, Any]:
        return node(
            self.title,
            self.about,
            examples=self.examples,
            **{
                "if": {"type": "object", "required": ["pack"]},
                "then": ORDINARY_PACK.ref(),
                "else": NUMBERS.ref(),
            },
        )

    def sound(self, raw: object) -> dict[str, Any]:
        pack = pack_of(raw)
        return numbers(pack) if pack.ordinary else NUMBERS.sound(raw)

    def build(self, raw: Any, pack: Variant) -> dict[str, Any]:
        given = self.sound(raw)
        built = {f.name: f.build(given[f.key], pack) for f in NUMBERS.fields if f.key in given}
        if pack.ordinary:  # the pack's own attributes (its ranks left out, built above)
            built |= {k: v for k, v in _ordinary(pack).items() if k != "without"}
        return built

    def back(self, value: Any) -> dict[str, Any]:
        v: Variant = value
        return _ordinary(v) if v.ordinary else numbers(v)

    def tame(self, raw: object) -> dict[str, Any]:
        pack = pack_of(raw)  # an ordinary pack (issue 31.1): only the Ace's place
        return self.back(pack) if pack.ordinary else NUMBERS.tame(raw)

    def parts(self) -> tuple[Field, ...]:
        return (*NUMBERS.fields, *ORDINARY_PACK.fields)


def _ordinary(v: Variant) -> dict[str, Any]:
    """An ordinary pack as the file says it: ``suits`` only where they count (issue 42), and
    ``without`` only where ranks are left out, so a pack without them reads and writes as
    before."""
    return {
        "pack": ORDINARY,
        "ace": v.ace,
        **({"suits": True} if v.suits else {}),
        **({"without": list(v.without)} if v.without else {}),
    }


def numbers(v: Variant) -> dict[str, Any]:
    """A deck's number cards as the file says them, by the declarations (an ordinary pack's
    are its own); ``without`` only where ranks are left out."""
    out = {f.key: getattr(v, f.name) for f in NUMBERS.fields if f is not WITHOUT}
    return out | ({"without": list(v.without)} if v.without else {})


class Rank(Int):
    """A rank power's rank: a number, or in an ordinary pack a face's label or name (the
    Design page offers the faces by name)."""

    def body(self) -> dict[str, Any]:
        number = {"type": "integer", "minimum": self.lo, "maximum": self.hi}
        return {"anyOf": [number, {"type": "string", "enum": list(RANK_WORDS)}]}

    def sound(self, raw: object) -> Any:
        return raw

    def build(self, raw: Any, pack: Variant) -> int:
        rank = rank_of(raw, pack)
        assert rank is not None  # the checks have passed: it is there
        return rank


def _joker(**kwargs: Any) -> KarmaCard:
    return KarmaCard(id=JOKER, name="Joker", joker=True, **kwargs)


JOKERS = Obj(
    defname="jokers",
    title="Jokers",
    about="The jokers of an ordinary pack: wild, not a number, counting 0 on top, with any "
    "effects from the menu (R9) the group gives them. Records write a joker as `joker`.",
    make=_joker,
    fields=(
        _copies("How many jokers one pack has.", 0, "Jokers in a pack"),
        _text("What a joker does, in your words"),
        _rule(
            "R9",
            "The RULES.md number the referee cites for the jokers; by default the rule of their "
            "effects.",
        ),
        Effects(
            "effects",
            "Effects",
            "What a joker does besides being wild, from the menu (R9); none: a plain wild card.",
            optional=True,
            always=True,
        ),
    ),
    examples=({"copies": 2, "effects": ["reverse"]},),
)

CLASSIC_CARD = {
    "id": "five_or_below",
    "name": "Five or Below",
    "copies": 3,
    "text": "The next player must play a 5 or lower, or a Karma card.",
    "effects": [{"effect": "next_range", "max": 5}],
}
CLASSIC_POWER = {"rank": 10, "text": "Every 10 clears the pile.", "effects": ["wild", "clear_pile"]}

KARMA_CARD = Obj(
    defname="karma_card",
    title="Karma card",
    about="A Karma card: always wild and counts 0 on top (R5.3-R5.4), plus its effects.",
    make=KarmaCard,
    fields=(
        Text(
            "id",
            "Card id",
            "How records and tests name the card: lowercase letters, digits and '_'.",
            pattern=CARD_ID_PATTERN,
            most=40,
            examples=("five_or_below",),
            expected="lowercase letters, digits and '_', starting with a letter (e.g. "
            "five_or_below)",
            label="Short id",
        ),
        Text(
            "name",
            "Card name",
            "The name printed on the card.",
            least=1,
            most=60,
        ),
        _copies("How many copies one deck has.", 0),
        _text("What the card says", area=True),
        _rule(
            "R8.2",
            "The RULES.md number the referee cites for this card (e.g. R8.2); by default the "
            "rule of its effects.",
        ),
        Effects(
            "effects",
            "Effects",
            "What the card does, from the menu (R9); may be empty: a plain wild card.",
        ),
    ),
    examples=(CLASSIC_CARD,),
)

RANK_POWER = Obj(
    defname="rank_power",
    title="Rank power",
    about="Effects given to every card of a number rank in a house variant (R1.4, R5.5).",
    make=RankPower,
    fields=(
        Rank(
            "rank",
            "Rank",
            "The number card that has these powers; in an ordinary pack also J, Q, K or A (or "
            "Jack, Queen, King, Ace).",
            lo=1,
            hi=99,
            examples=(10, "Q"),
            expected="a number from 1 to 99, or in an ordinary pack J, Q, K or A",
            label="Number",
        ),
        _text(),
        Effects(
            "effects", "Effects", "What every card of this rank does, from the menu (R9).", lo=1
        ),
    ),
    examples=(CLASSIC_POWER,),
)


DEAL_COUNTS = (
    Int(
        "face_down",
        "Face-down",
        "Cards dealt face down, not looked at.",
        lo=0,
        hi=10,
        label="Face-down cards",
    ),
    Int(
        "face_up",
        "Face-up",
        "Cards laid face up on the face-down ones.",
        lo=0,
        hi=10,
        label="Face-up cards",
    ),
    Int(
        "hand",
        "Hand",
        "Cards each player starts with in hand.",
        lo=0,
        hi=20,
        label="Hand cards",
    ),
)
"""The three counts of a deal (R2.1), the variant's own and each table size's."""

TABLE_DEAL = Obj(
    defname="table_deal",
    title="The deal at one table size",
    about="How many cards each player is dealt into each zone when this many play (R2.1).",
    make=TableDeal,
    fields=(
        Int(
            "players",
            "Players",
            "The table size this deal is for.",
            lo=2,
            hi=20,
            label="With this many players",
        ),
        *DEAL_COUNTS,
        Int(
            "min_hand",
            "Minimum hand",
            "Players at this table size draw up to this many hand cards while the draw pile "
            "lasts (R6.4); left out, the variant's minimum hand.",
            lo=0,
            hi=20,
            optional=True,
            empty="the one below",
        ),
    ),
    examples=(
        {"players": 2, "face_down": 6, "face_up": 6, "hand": 6},
        {"players": 2, "face_down": 6, "face_up": 6, "hand": 6, "min_hand": 6},
    ),
)

DEAL = Obj(
    defname="deal",
    title="The deal",
    about="How many cards each player is dealt into each zone (R2.1).",
    make=Deal,
    fields=(
        *DEAL_COUNTS,
        Rows(
            "by_players",
            "By table size",
            "Another deal for some table sizes (e.g. more cards each when two play); the "
            "other sizes get the deal above.",
            obj=TABLE_DEAL,
            hi=19,
            optional=True,
        ),
    ),
    examples=(
        {"face_down": 3, "face_up": 3, "hand": 3},
        {
            "face_down": 3,
            "face_up": 3,
            "hand": 3,
            "by_players": [
                {"players": 2, "face_down": 6, "face_up": 6, "hand": 6},
                {"players": 3, "face_down": 4, "face_up": 4, "hand": 4},
            ],
        },
    ),
)


class Table(Field):
    """The table rules (``table:``): one field per rule, each declared by its unit
    (``referee/tablerules/``, registered on ``referee.variant.table``)."""

    def schema(self) -> dict[str, Any]:
        return node(
            self.title,
            self.about,
            type="object",
            additionalProperties=False,
            properties={u.name: u.declared.schema() for u in table_rules()},
            examples=self.examples,
        )

    def sound(self, raw: object) -> dict[str, Any]:
        given = raw if isinstance(raw, dict) else {}
        found = {u.name: u.declared.sound(given[u.name]) for u in table_rules() if u.name in given}
        return {k: v for k, v in found.items() if v is not None}

    def build(self, raw: Any, pack: Variant) -> TableRules:
        return TableRules(**self.tame(raw))

    def back(self, value: Any) -> dict[str, Any]:
        rules: TableRules = value
        return {u.name: rules.get(u.name) for u in table_rules() if u.name in rules}

    def tame(self, raw: object) -> dict[str, Any]:
        """The rules set otherwise than the rule book (a rule at its default is left out)."""
        return {k: v for k, v in self.sound(raw).items() if v != TABLE_RULES[k].default}

    def parts(self) -> tuple[Field, ...]:
        return tuple(u.declared for u in table_rules())


TABLE = Table(
    "table",
    "Table rules",
    "House rules about the table rather than a card (each off by default).",
    optional=True,
    examples=({"must_play": True, "starts": "lowest"},),
)

# --- the variant file ---------------------------------------------------------------------------

CLASSIC_EXAMPLE: dict[str, Any] = {
    "id": "my-house-rules",
    "name": "Our House Karma",
    "players": list(PLAYER_RANGE.examples),
    "ranks": NUMBERS.examples[0],
    "karma_cards": [CLASSIC_CARD],
    "rank_powers": [CLASSIC_POWER],
    "deal": DEAL.examples[0],
    "min_hand": 3,
    "burn": 3,
}

VARIANT = Obj(
    title="Karma variant",
    about="A Karma deck and its house rules: players, cards, Karma cards, rank powers, the "
    "deal, the minimum hand and the burn count (RULES.md R1, R9, R12).",
    make=Variant,
    fields=(
        Text(
            "id",
            "Variant id",
            "How records name the variant: lowercase letters, digits, '-' and '_'.",
            pattern=VARIANT_ID_PATTERN,
            most=40,
            examples=("classic", "my-house-rules"),
            expected="lowercase letters, digits, '-' and '_', starting with a letter or digit "
            "(e.g. my-house-rules)",
            label="Short id (letters, digits, - and _)",
        ),
        Text(
            "name",
            "Name",
            "The variant's name as players see it.",
            least=1,
            most=80,
            examples=("Karma",),
        ),
        Text(
            "description",
            "Description",
            "What is special about this variant.",
            most=4000,
            optional=True,
            area=True,
        ),
        Text("author", "Author", "Who wrote this variant.", most=80, optional=True),
        Rows(
            "players",
            "Players",
            "Which table sizes may play, and with how many decks (R1.2-R1.3).",
            obj=PLAYER_RANGE,
            lo=1,
            hi=4,
            examples=([*PLAYER_RANGE.examples, {"decks": 2, "min": 7, "max": 12}],),
        ),
        Ranks(
            "ranks",
            "Number cards",
            "The number cards of one deck (R1.1): ranks from low to high in some copies, or "
            "`{pack: ordinary}` for an ordinary pack of playing cards.",
            attr="",
            examples=(*NUMBERS.examples, {"pack": "ordinary"}),
        ),
        Rows(
            "karma_cards",
            "Karma cards",
            "The Karma cards of one deck (R8, R12).",
            obj=KARMA_CARD,
            hi=30,
            optional=True,
            always=True,
        ),
        One(
            "jokers",
            "Jokers",
            "An ordinary pack's jokers, if it has any (R1.4).",
            obj=JOKERS,
            optional=True,
        ),
        Rows(
            "rank_powers",
            "Rank powers",
            "Optional powers of number ranks, e.g. every 10 clears the pile (R1.4).",
            obj=RANK_POWER,
            hi=99,
            optional=True,
        ),
        One("deal", DEAL.title, DEAL.about, obj=DEAL),
        Int(
            "min_hand",
            "Minimum hand",
            "Players draw up to this many hand cards while the draw pile lasts (R6.4).",
            lo=0,
            hi=20,
            label="Keep at least this many in hand",
        ),
        Int(
            "burn",
            "Burn count",
            "This many identical cards on top of the pile burn it (R7.1).",
            lo=1,
            hi=12,
            label="This many in a row burn the pile",
        ),
        TABLE,
    ),
    examples=(CLASSIC_EXAMPLE,),
)
"""The variant file: its fields in the order a file lists them."""

DEFS = (PLAYER_RANGE, NUMBERS, ORDINARY_PACK, JOKERS, KARMA_CARD, RANK_POWER, TABLE_DEAL, DEAL)
"""The mappings the schema names in its ``$defs`` (the effects' come after them)."""


def build(data: Any) -> Variant:
    """The model of valid variant data (the loader's checks have passed)."""
    built: Variant = VARIANT.build(data, pack_of(data["ranks"]))
    return built


def to_data(v: Variant) -> dict[str, Any]:
    """Plain data in the YAML shape (what a variant file holds)."""
    return VARIANT.back(v)
