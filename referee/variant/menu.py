"""The menu of effects (RULES.md R9) as the variant file reads it, filled by the effect units.

A unit lives above this layer (``referee/effects/<name>.py``, a subclass of
:class:`referee.effects.spec.EffectSpec`, which adds the engine's hooks to the declaration
here); defining its class registers it in :data:`MENU`.  The package ``referee`` imports every
unit as it starts, so the loader, the schema, the rules sheet and the Design page read the whole
menu while nothing in ``referee.variant`` imports an effect (tests/test_import_graph.py).

What the variant side reads of an effect is declared here: its parameters (declared fields,
``referee.variant.declare``: a number within bounds or a choice, with their words), its title,
help and rule, the traits it gives a card on the pile
(R5: what the words and the deck's checks need), its sentence for the rules sheet and its own
checks for the loader (:class:`CardCheck`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from referee.variant.model import Effect, Variant

if TYPE_CHECKING:  # the fields' kinds read the menu (an effect's parameters are fields)
    from referee.variant.declare import Field

Params = Mapping[str, Any]


@dataclass(frozen=True)
class Remedy:
    """A change the designer's check may propose for a card that is too strong or keeps games
    going (issue 44.4): add this effect with these parameters.  ``words`` follow the card's
    name ("once per game"); ``size`` orders the changes tried, smallest first."""

    words: str
    params: Mapping[str, Any]
    size: int


@dataclass
class Traits:
    """How a card behaves on the pile, derived from its effects: what R5 reads (wild, the value
    it counts, see-through) and R7.1 (a card that leaves the game never makes a run)."""

    wild: bool = False
    value: int | None = None  # None: a number counts its rank (a Karma card counts 0)
    transparent: bool = False
    leaves_game: bool = False  # removed as it resolves, never on the pile (a unit's leaves_game)


class Report(Protocol):
    """``error`` / ``warn`` of a :class:`CardCheck`: the loader's located message (the file's
    words: ``karma validate``, the YAML view), the parameter it is about (None: the effect), and
    the same in a family's words for the Design page (no field names, no effect ids: say the
    effect's ``title``)."""

    def __call__(self, message: str, key: str | None, plain: str = "") -> None: ...


@dataclass
class CardCheck:
    """One effect on one card, as the loader's semantic checks see it.

    ``names`` are the effects listed on the same card; ``rank`` is None for a Karma card (or the
    jokers of an ordinary pack: ``holder`` says which, for the words); ``ranks`` are the deck's
    number ranks when they are known.  ``error`` and ``warn`` report at
    the effect (or at one of its parameters) with the loader's located messages.
    """

    params: dict[str, Any]
    names: list[str]
    rank: int | None
    ranks: range | None
    error: Report
    warn: Report
    holder: str = "Karma card"  # what a card without a rank is: "Karma card" or "joker"
    # The values the pile may count with a card of this deck judging it (R5.2, R5.4): the
    # numbers (or the value a rank's power gives them), 0 for Karma cards and jokers; None
    # when the deck is not known.  What a limit on the pile can ever meet.
    pile_values: frozenset[int] | None = None
    # How the deck names a number (an ordinary pack: "Ace"), for the words.
    rank_name: Callable[[int], str] = str
    # The deck's cards that are not numbers, by id (Karma cards; an ordinary pack's jokers as
    # "joker"); None when the deck is not known.  What a list of cards (``Cards``) may name.
    card_ids: frozenset[str] | None = None
    # The deck itself, where known: whether its suits count, and how it names a card of a
    # suit or a colour (``Variant.parse_suited``: 'J of hearts', 'red J'; issue 42).
    pack: Variant | None = None
    # The ranks the pack leaves out (``ranks.without``, issue 42): not cards of the deck.
    left_out: frozenset[int] = frozenset()

    def in_deck(self, rank: int) -> bool:
        """Whether a number is a card of this deck (True when the deck is not known)."""
        return self.ranks is None or (rank in self.ranks and rank not in self.left_out)

    def said(self, rank: int) -> str:
        """A rank in a check's words: '16', and in an ordinary pack 'the Ace, 14'."""
        name = self.rank_name(rank)
        return name if name == str(rank) else f"the {name}, {rank}"

    def number(self, key: str) -> int | None:
        value = self.params.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    @property
    def leaves_game(self) -> bool:
        """The card leaves the game as it resolves (a unit's ``leaves_game``, e.g. one_time),
        so it never lies on the pile: what counts there never counts for it."""
        return any(n in _UNITS and _UNITS[n].leaves_game for n in self.names)

    def warn_never_on_pile(self, never: str, title: str) -> None:
        """Warn that the card leaves the game as it resolves (``leaves_game``), so what the
        effect ``title`` does while its card lies on the pile ("``never``") never happens."""
        if self.leaves_game:
            self.warn(
                f"a one-time card leaves the pile as it resolves (R8), so {never}; expected it "
                "left out",
                None,
                f"A one-time card leaves the pile at once, so “{title}” never works. "
                "Keep only one of the two.",
            )


class EffectDecl:
    """What the variant file knows of one effect of the menu (R9): a unit's declaration, its
    words and its checks.  ``referee.effects.spec.EffectSpec`` adds the engine's hooks; a
    subclass with a ``name`` registers itself on the menu."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    rule: ClassVar[str] = "R9"
    description: ClassVar[str] = ""
    help: ClassVar[str] = ""  # the Design page's help, in a group's words (no field names)
    # Its parameters: each a field (``Int``, ``Choice``), its title the Design page's label;
    # the schema titles it by its key.
    params: ClassVar[tuple[Field, ...]] = ()
    targeted: ClassVar[bool] = False  # needs a chosen player (`to`)
    # The chosen player may be the card's own player (a contest's loser, decided at the table).
    chosen_may_be_self: ClassVar[bool] = False
    # The tablet's question for the chosen player ("Who lost the contest?"); "": whom the card
    # is for.
    chosen_question: ClassVar[str] = ""
    # Why a player who is out may not be chosen, where the chosen player must be in
    # ("they have no turn to lose"): the refusal says it for what the effect does.
    chosen_out: ClassVar[str] = "they have no turn to lose"
    examples: ClassVar[tuple[dict[str, Any], ...]] = ()
    order: ClassVar[int] = 1000  # place on the menu, the schema and the Design page
    said_last: ClassVar[bool] = False  # the rules sheet says it after the card's other effects
    # The card leaves the game as it resolves, so it never lies on the pile: its copies never
    # make a run (R7.1, R8), and a careful player keeps it for later.
    leaves_game: ClassVar[bool] = False
    # It makes a player draw from the draw pile (a table with no draw pile never does).
    draws: ClassVar[bool] = False
    # Effects that make no sense on the same card as this one: name -> why.
    contradicts: ClassVar[Mapping[str, str]] = {}
    # Effects that may follow this one on a card and act on the same chosen player (take a
    # card, then give one back): a play still names one player (`to`) for them all.
    shares_chosen: ClassVar[frozenset[str]] = frozenset()
    # It changes where cards may go beyond R5.2 (where its card lands, or what may go on it):
    # the rules sheet's core sentence must not contradict it.  Set by the engine's side of
    # the unit from the hooks it has (``referee.effects.spec.EffectSpec``).
    limits_landing: ClassVar[bool] = False
    # A change the designer's check may propose with this effect (``Remedy``), if any.
    remedy: ClassVar[Remedy | None] = None
    # It works while its card lies on the pile (what it counts, what may go on it, who may
    # cut in); set by the engine's side of the unit from the hooks it has.  Under a condition
    # of the play (``when``) the pile marks it as its card is laid when the condition holds
    # (``State.held``, issue 42), and it works for as long as that card lies there.
    lasts_on_pile: ClassVar[bool] = False
    # Why else it cannot hang on a condition ("" : it can); set by the engine's side.
    when_blocked: ClassVar[str] = ""
    # Only judged while the card lies on the pile (wild, value, transparent, one-time), or
    # resolved when the card is played (the rest, which a play that burns never does, R7.2).
    passive: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name:
            if cls.name in _UNITS:
                raise ValueError(f"two effects are called {cls.name!r}")
            _UNITS[cls.name] = cls()
            MENU.changed()

    def effect(self, params: Params | None = None, when: Params | None = None) -> Effect:
        """This effect on a card, its parameters' declared defaults filled in (the loader),
        and the conditions it happens under (``when``)."""
        full = {p.key: p.default for p in self.params if p.default is not None}
        full.update(params or {})
        return Effect(self.name, dict(sorted(full.items())), dict(when or {}))

    def no_when(self, params: Params) -> str:
        """Why this effect, with these parameters, may not hang on a condition (``when``), in
        a family's words; "" when it may.  A condition is asked as the card is played.  An
        effect that names a chosen player may hang on one: a play names the player only where
        the condition holds (ruling 152); so may one that names a card to give: a play gives
        one, and may name it, only there (ruling 163).  One
        that works while its card lies on the pile may: the pile marks it as its card is laid
        when the condition holds for that play, and it works for as long as the card lies
        there (``State.held``, issue 42)."""
        return self.when_blocked

    def arg(self, params: Params, key: str) -> Any:
        """A parameter's value on a card, else its declared default: each default is written
        once, in ``params``."""
        if key in params:
            return params[key]
        return next(p.default for p in self.params if p.key == key)

    def needs_target(self, params: Params) -> bool:
        """Whether this effect, with these parameters, needs a chosen player: a targeted one,
        unless it is aimed at the next player (``referee.effects.spec.TARGET``)."""
        if not self.targeted:
            return False
        return not any(p.key == "target" for p in self.params) or (
            self.arg(params, "target") == "chosen"
        )

    def traits(self, params: Params, traits: Traits) -> None:
        """How a card with this effect judges plays while it lies on the pile (R5): wild, a
        value, see-through, leaves the game."""

    def sheet(self, params: Params, variant: Variant | None) -> str:
        """One sentence for the rules sheet, in plain words."""
        return self.description

    def sheet_same_player(self, params: Params, variant: Variant | None) -> str:
        """Its sentence where an earlier effect of the card chose the player it acts on
        (``shares_chosen``): by default its own."""
        return self.sheet(params, variant)

    def check(self, c: CardCheck) -> None:
        """Semantic checks a schema cannot express (errors and warnings, located)."""


_UNITS: dict[str, EffectDecl] = {}


class _Menu(Mapping[str, EffectDecl]):
    """The registered effects by name, in menu order (``order``, then name)."""

    def __init__(self) -> None:
        self._sorted: dict[str, EffectDecl] | None = None

    def changed(self) -> None:
        self._sorted = None

    def _items(self) -> dict[str, EffectDecl]:
        if self._sorted is None:
            units = sorted(_UNITS.values(), key=lambda u: (u.order, u.name))
            self._sorted = {u.name: u for u in units}
        return self._sorted

    def __getitem__(self, name: str) -> EffectDecl:
        return _UNITS[name]

    def __contains__(self, name: object) -> bool:
        return name in _UNITS

    def __iter__(self) -> Iterator[str]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(_UNITS)


MENU: _Menu = _Menu()
"""The menu of effects (R9), in menu order: the schema, the loader's checks, the rules sheet,
the app's composer and the bots all read it."""


def needs_target(effect: str, params: Params) -> bool:
    """Whether this effect, with these parameters, needs a chosen player."""
    return _UNITS[effect].needs_target(params)


def traits_of(effects: tuple[Effect, ...], karma: bool) -> Traits:
    """Combine a card's effects into its traits. Karma cards are wild and count 0 (R5.3-R5.4).
    An effect with a condition (``when``) is left out: only a wild one may have one, and the
    one R5 check asks it as the card is played."""
    t = Traits(wild=karma, value=0 if karma else None)
    for e in effects:
        if e.when:  # a condition of the play: asked as the card is played (``Pile.fit``)
            continue
        unit = _UNITS[e.name]
        unit.traits(dict(e.params), t)
        if unit.leaves_game:
            t.leaves_game = True
    return t


__all__ = [
    "MENU",
    "CardCheck",
    "EffectDecl",
    "Params",
    "Remedy",
    "Report",
    "Traits",
    "needs_target",
    "traits_of",
]
