"""A card acts for its player, a person (docs/rulings.md, ruling 113; issue 39.1).

Every effect of the menu that does something as it is played may come first on a card - seat
trades, everyone moving a seat, reverses and skips among them - and every effect that names a
player may come after it: the later effect still acts for the person who played the card and
on the person it names (the chosen player, or the next player as ruling 113 says), never for
whoever now sits at a seat number.  Both lists are read from the registry, so a new effect is
covered as soon as it is on the menu.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from referee.effects import EFFECTS, EffectSpec, Resolution, resolve
from referee.table.state import Seat, State, ZoneCards
from referee.variant.declare import Choice
from referee.variant.model import Effect, Variant

NAMES = ["Ann", "Ben", "Cal", "Dee"]
CHOSEN = "Cal"  # the player a card's `to` names


def _forms(unit: EffectSpec) -> Iterator[Effect]:
    """The unit with each choice of who it is for and which way it goes (the parameters that
    decide whom it touches); other parameters keep their defaults."""
    keys = [p for p in unit.params if p.key in ("target", "direction") and isinstance(p, Choice)]
    for values in itertools.product(*(p.choices for p in keys)):
        yield unit.effect({p.key: v for p, v in zip(keys, values, strict=True)})


ACTING = [e for u in EFFECTS.values() if not u.passive for e in _forms(u)]
"""Every effect that does something as its card is played, in each of its forms."""

NAMING = [e for e in ACTING if EFFECTS[e.name].targeted]
"""Every effect that acts on a player it names: a chosen player, or the next player."""


def _pairs() -> Iterator[tuple[Effect, Effect]]:
    for first, later in itertools.product(ACTING, ACTING):
        a, b = EFFECTS[first.name], EFFECTS[later.name]
        if first.name == later.name or later.name in a.contradicts or first.name in b.contradicts:
            continue  # not one card (the loader refuses it)
        if a.needs_target(first.params) and b.needs_target(later.params):
            continue  # a play names one player only (the loader refuses it)
        yield first, later


PAIRS = list(_pairs())


def _table() -> State:
    """Four players, every card known and different, so that any move shows; a pile to give
    and a draw pile to draw from."""

    def zone(*cards: int) -> ZoneCards:
        return ZoneCards({c: 1 for c in cards})

    seats = [
        Seat(zone(2 + 4 * i, 3 + 4 * i), zone(4 + 4 * i), zone(5 + 4 * i, 40 + i))
        for i in range(len(NAMES))
    ]
    return State(
        names=list(NAMES),
        seats=seats,
        pile=[30, 31, 32],
        draw_pile=3,
        draw_cards=[50, 51, 52],
    )


def _resolve(effects: tuple[Effect, ...]) -> State:
    return _resolved(effects)[0]


def _resolved(effects: tuple[Effect, ...]) -> tuple[State, str | None]:
    """The table after the card's effects, and whom the turn passes to (a flow event the turn
    flow applies later, ``Resolution.turn_to``: choose_next touches the chosen player so)."""
    s = _table()
    needs = any(EFFECTS[e.name].needs_target(e.params) for e in effects)
    r = Resolution(
        s,
        Variant("t", "Test"),
        0,
        "card",
        target=NAMES.index(CHOSEN) if needs else None,  # the seat `to` names as it is played
    )
    resolve(r, effects)
    return s, r.turn_to


def _person(s: State, who: str) -> tuple[object, ...]:
    """Where a person sits, what lies there and the turns they owe."""
    seat = s.seats[s.seat_of(who)]
    return (
        s.seat_of(who),
        tuple(sorted(seat.hand.known.items())),
        tuple(sorted(seat.face_up.known.items())),
        tuple(sorted(seat.face_down.known.items())),
        s.skips.get(who, 0),
    )


def _next_player(s: State, passing: set[str]) -> str:
    """Ruling 113: after the seat the card was played from (the first), in the direction of
    play as it now is, the first player who is in and is not the card's player (Ann); a skip
    walks on past those the card has made lose a turn already (``passing``, ruling 115)."""
    n = len(s.names)
    for k in range(1, n + 1):
        i = (0 + k * s.direction) % n
        if s.names[i] != "Ann" and s.seats[i].total and s.names[i] not in passing:
            return s.names[i]
    raise AssertionError("nobody else is in")


def _id(pair: tuple[Effect, Effect]) -> str:
    def one(e: Effect) -> str:
        return "-".join(
            [e.name, *(str(e.params[k]) for k in ("target", "direction") if k in e.params)]
        )

    return f"{one(pair[0])}+{one(pair[1])}"


def test_every_seat_moving_effect_and_every_naming_effect_is_paired() -> None:
    movers = {e.name for e, _ in PAIRS}
    assert {"swap_seats", "rotate_seats", "reverse", "skip"} <= movers
    assert {e.name for _, e in PAIRS} >= {e.name for e in NAMING}
    assert {"give_card", "exchange_hands", "give_pile", "swap_seats", "skip"} <= {
        e.name for e in NAMING
    }


@pytest.mark.parametrize("pair", [p for p in PAIRS if p[1] in NAMING], ids=_id)
def test_a_later_effect_acts_for_the_cards_player_on_the_player_it_names(
    pair: tuple[Effect, Effect],
) -> None:
    first, later = pair
    before, turn_before = _resolved((first,))  # the card's first effect alone
    after, turn_after = _resolved(pair)  # the same card with the later effect too
    unit = EFFECTS[later.name]
    skips = type(unit).pass_over is not EffectSpec.pass_over  # it makes players lose turns
    passing = set(before.skips) if skips else set()
    named = CHOSEN if unit.needs_target(later.params) else _next_player(before, passing)
    assert named != "Ann"  # R8: any *other* player
    changed = {who for who in NAMES if _person(before, who) != _person(after, who)}
    if turn_after != turn_before and turn_after is not None:
        changed.add(turn_after)  # the turn passes to them
    # Only the card's player and the player it names are touched, and the named one is.
    assert changed <= {"Ann", named}, f"{_id(pair)} touched {sorted(changed)}, not Ann and {named}"
    assert named in changed or not before.pile, f"{_id(pair)} left {named} as they were"


@pytest.mark.parametrize("pair", PAIRS, ids=_id)
def test_what_a_later_effect_leaves_pending_is_the_cards_players(
    pair: tuple[Effect, Effect],
) -> None:
    first, _ = pair
    before = _resolve((first,))
    after = _resolve(pair)
    for name, p in after.pending.items():
        if before.pending.get(name) != p:
            assert p.by == "Ann", f"{_id(pair)}: {name} is left pending for {p.by}"


def _trade_then_give() -> Variant:
    import support

    return support.house(
        [
            {
                "id": "trade_give",
                "name": "Trade and Give",
                "copies": 4,
                "effects": [
                    {"effect": "swap_seats", "target": "next"},
                    {"effect": "give_card", "target": "chosen"},
                ],
            }
        ]
    )


def test_the_cards_a_player_may_give_are_those_at_the_seat_they_took() -> None:
    """R8.9 after R8.11 in one card: the card given comes from what the player holds once
    they have traded seats (ruling 21), so the choices, the verdict and the move agree."""
    from referee.engine import Game, Play

    def zone(*cards: int | str) -> ZoneCards:
        return ZoneCards({c: cards.count(c) for c in cards})

    hands = [zone("trade_give", 2), zone(7, 9), zone(4, 4), zone(5, 6)]
    state = State(
        names=list(NAMES),
        seats=[Seat(h, zone(10), zone(3)) for h in hands],
        pile=[2],
        draw_cards=[],
        seen={},
    )
    g = Game(_trade_then_give(), state, decks=1, full_information=True)
    plays = [
        s
        for s in g.choices.legal_steps(g.state)
        if isinstance(s, Play) and s.cards[0] == "trade_give"
    ]
    assert {p.give for p in plays} == {7, 9}  # Ben's hand cards, which Ann takes over
    assert not g.advice.explain(g.state, Play("Ann", ("trade_give",), to="Cal", give=2)).legal
    g.push(Play("Ann", ("trade_give",), to="Cal", give=9))
    assert g.state.names[:2] == ["Ben", "Ann"]
    assert g.zone("Cal", "hand").known == {4: 2, 9: 1}
    assert g.zone("Ann", "hand").known == {7: 1} and g.zone("Ben", "hand").known == {2: 1}
