"""The menu of effects (RULES.md R9), read from the effects registry.

Each effect is one unit, one module under ``referee/effects/`` (a subclass of
:class:`EffectSpec`): its parameters and limits, traits, resolution, words for the rules sheet
and the table, semantic checks for the loader and what a bot thinks of it.  ``MENU`` lists
them in menu order; the schema (``schema_gen``), the loader's checks, the rules sheet
(``sheet``), the app's composer and the bots all read it.  Adding an effect is one file there
plus its test.

``MENU`` is filled on first use, so that this module (read by the variant model) does not
import the effects, which read the variant model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from referee.effects.base import Resolution, Traits
    from referee.variant.model import Variant


@dataclass(frozen=True)
class Param:
    """One parameter of an effect: its JSON type, default and allowed values."""

    name: str
    type: str  # "integer" or "string"
    description: str
    default: Any = None
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    required: bool = False
    # The Design page's words (referee/app/designer.py EFFECT_WORDS): a plain label, the words
    # for each of ``choices`` (same order), and what an empty field means where that makes
    # sense (a parameter with no default: "no lowest number").
    label: str = ""
    choice_words: tuple[str, ...] = ()
    empty: str = ""


Params = Mapping[str, Any]


@dataclass
class CardCheck:
    """One effect on one card, as the loader's semantic checks see it (raw, defensively read).

    ``names`` are the effects listed on the same card; ``rank`` is None for a Karma card;
    ``ranks`` are the deck's number ranks when they are known.  ``error`` and ``warn`` report at
    the effect (or at one of its parameters) with the loader's located messages.
    """

    params: dict[str, Any]
    names: list[str]
    rank: int | None
    ranks: range | None
    error: Callable[[str, str | None], None]
    warn: Callable[[str, str | None], None]

    def number(self, key: str) -> int | None:
        value = self.params.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    @property
    def leaves_game(self) -> bool:
        """The card leaves the game as it resolves (a unit's ``leaves_game``, e.g. one_time),
        so it never lies on the pile: what counts there never counts for it."""
        return any(n in MENU and MENU[n].leaves_game for n in self.names)


class EffectSpec:
    """One effect of the menu (R9).  Subclasses (one per module in ``referee/effects/``) set the
    class attributes and override what their effect does; every method has a sensible default.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    rule: ClassVar[str] = "R9"
    description: ClassVar[str] = ""
    help: ClassVar[str] = ""  # the Design page's help, in a group's words (no field names)
    params: ClassVar[tuple[Param, ...]] = ()
    targeted: ClassVar[bool] = False  # needs a chosen player (`to`)
    # Only judged while the card lies on the pile (wild, value, transparent, one-time), or
    # resolved when the card is played (the rest).
    passive: ClassVar[bool] = False
    examples: ClassVar[tuple[dict[str, Any], ...]] = ()
    order: ClassVar[int] = 1000  # place on the menu, the schema and the Design page
    said_last: ClassVar[bool] = False  # the rules sheet says it after the card's other effects
    # The card leaves the game as it resolves, so it never lies on the pile: its copies never
    # make a run (R7.1, R8), and a careful player keeps it for later.
    leaves_game: ClassVar[bool] = False
    # Whom a bot aims a targeted effect at: "fewest_cards" (all zones) or "smallest_hand".
    bot_aim: ClassVar[str] = "fewest_cards"
    # Effects that make no sense on the same card as this one: name -> why.
    contradicts: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name:
            if cls.name in _UNITS:
                raise ValueError(f"two effects are called {cls.name!r}")
            _UNITS[cls.name] = cls()

    def arg(self, params: Params, key: str) -> Any:
        """A parameter's value on a card, else its declared default: each default is written
        once, in ``params``."""
        if key in params:
            return params[key]
        return next(p.default for p in self.params if p.name == key)

    # --- the engine ----------------------------------------------------------------------

    def needs_target(self, params: Params) -> bool:
        """Whether this effect, with these parameters, needs a chosen player."""
        return self.targeted

    def traits(self, params: Params, traits: Traits) -> None:
        """How a card with this effect judges plays while it lies on the pile (R5)."""

    def resolve(self, r: Resolution, params: Params) -> None:
        """What happens when the card is played: moves change ``r.state``, flow changes are
        events on ``r`` (play again, a follow-up, draws for the next player)."""

    # --- words -----------------------------------------------------------------------------

    def sheet(self, params: Params, variant: Variant | None) -> str:
        """One sentence for the rules sheet, in plain words."""
        return self.description

    # --- the loader ------------------------------------------------------------------------

    def check(self, c: CardCheck) -> None:
        """Semantic checks a schema cannot express (errors and warnings, located)."""

    # --- the bots --------------------------------------------------------------------------

    def bot_score(self, state: Any, pile_size: int) -> float | None:
        """How much a bot wants to spend a card with this effect instead of picking up (a card
        scores its best effect; None: this effect adds nothing)."""
        return None


_UNITS: dict[str, EffectSpec] = {}


class _Menu(Mapping[str, EffectSpec]):
    """The registry in menu order, filled when first read (see the module's docstring)."""

    _sorted: dict[str, EffectSpec] | None = None

    def _all(self) -> dict[str, EffectSpec]:
        if self._sorted is None:
            import referee.effects  # noqa: F401  (every unit registers itself)

            units = sorted(_UNITS.values(), key=lambda u: (u.order, u.name))
            self._sorted = {u.name: u for u in units}
        return self._sorted

    def __getitem__(self, name: str) -> EffectSpec:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __contains__(self, name: object) -> bool:
        return name in self._all()


MENU: Mapping[str, EffectSpec] = _Menu()


def needs_target(effect: str, params: Mapping[str, Any]) -> bool:
    """Whether this effect, with these parameters, needs a chosen player."""
    return MENU[effect].needs_target(params)
