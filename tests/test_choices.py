"""Issue 43.1: the engine generates every choice (``referee.engine.choices``), with its
judgement, for the table as for full information and the advice.

The generator replaced three paths (``Rules.legal_steps``, the advice's own loop over the cards,
the Referee page's precompute); while both stood, a property test showed they gave the same
steps, advice and choices, words and all (commit 584cf80).  What stays pinned, over random valid
variants (``tests/strategies.py``) and reachable states, each seen with full information and as
the referee at a table sees it:

- the table is offered every choice once: each card, from each zone it may come from, each
  count up to ``most_at_once``, each other player where the card needs one (the card's own
  player too where it may be chosen, a contest's loser; and none, where the page asks whom),
  each card given where the card takes one;
- every judgement it gives, a shortcut's included (a zone closed, choices moot), is the
  filter's own on that very play (``Advice.explain``), and it asks whom a card is for exactly
  where the filter refuses a card that needs a player with none named;
- with full information, the legal steps are the filter's: each is accepted, and every play of
  the mover's held cards the table judges legal is among them (the gift and the chosen player
  aside, which the table names one by one).

(That the advice is the legal set is ``tests/test_advice.py``'s; that ``legal_steps`` and the
out-of-turn steps are exactly what ``explain`` accepts, ``tests/test_properties_one_filter.py``'s.)
"""

from __future__ import annotations

from advice_reader import games
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, valid_variants, variants_with_table

from referee.effects import LIMITS
from referee.engine import Game, Play
from referee.engine.choices import Kind, most_at_once
from referee.engine.steps import ZONES, Verdict
from referee.tablerules import active
from referee.tablerules.runs import Runs
from referee.variant.conditions import Moment
from referee.variant.loader import variant_from_data
from referee.variant.model import SUITS, Variant
from referee.variant.registry import builtin, builtin_ids

STEPS = 12


def filters_judgement(game: Game, step: Play) -> Verdict:
    """``Advice.explain``'s verdict without its "instead" (the hint: what the mover may do now,
    the same for every refusal at one position and ``tests/test_advice.py``'s subject).  Worked
    out for each of the thousands of choices a position offers, it was 85% of this file's time."""
    advice = game.advice
    return advice.worded(game.state, advice._rules.judge(game.state, step), hint="")


def check_state(game: Game) -> None:
    table = game.advice.table(game.state)
    if game.over:
        assert table.mover is None and not table.choices
        return
    mover = game.turn
    assert table.mover == mover and mover is not None
    v = game.variant
    zones = (*ZONES, *(u.zone for u in active(v) if u.zone))  # the draw pile: ruling 109
    runs = any(isinstance(u, Runs) and u.shortest_run(v) for u in active(v))
    expected = set()
    for card in v.all_cards():
        needs = game.choices.needs[card]
        targets = (
            [*needs.targets(list(game.players), mover), None] if needs.needs_target else [None]
        )
        gives = [None, *v.all_cards()] if needs.takes_give else [None]
        # A card its player names: each number it may name too, no card given (ruling 153),
        # with each suit shown where it reads one.
        names = [*needs.name_choices(v.ranks)] if needs.names_value else []  # (ruling 165)
        most = most_at_once(v.copies_per_deck(card) * game.decks)
        # A card whose powers read a suit, and at the first play the starting card's rank
        # (ruling 167): each suit shown too (issue 42, ruling 149).
        suits = [None, *SUITS] if card in game.choices.suited(game.state) else [None]
        # Higher or lower, or not said yet, where its player says which (ruling 171).
        limits = [None, *LIMITS] if needs.chooses_limit else [None]
        expected |= {
            (card, z, k, to, g, None, suit, None, limit)
            for z in zones
            for k in range(1, most + 1)
            for to in targets
            for g in gives
            for suit in suits
            for limit in limits
        } | {
            (card, z, k, to, None, n, suit, None, limit)
            for z in zones
            for k in range(1, most + 1)
            for to in targets
            for n in names
            for suit in suits
            for limit in limits
        }
        # Where runs are played (ruling 166): each run up to a number card, from each lower
        # rank with every rank between in the deck, each card once, from each zone.
        if runs and isinstance(card, int):
            low = card
            while low - 1 in v.ranks:
                low -= 1
                expected |= {
                    (card, z, 1, to, g, None, None, low, limit)
                    for z in zones
                    for to in targets
                    for g in gives
                    for limit in limits
                }
    offered = [
        (c.card, c.zone, c.copies, c.to, c.give, c.named, c.suit, c.run_from, c.limit)
        for c in table.choices
    ]
    assert len(offered) == len(set(offered)) and set(offered) == expected
    accepted = set()
    for c in table.choices:
        run = c.run_from is not None
        cards = tuple(range(c.run_from, c.card + 1)) if run else (c.card,) * c.copies  # type: ignore[operator]
        step = Play(mover, cards, c.zone, c.to, c.give, c.suit, c.named, c.limit)
        said = filters_judgement(game, step)
        assert (said.legal, said.rule, said.reason, said.data, said.field) == c.judgement, c
        needs = game.choices.needs[c.card]
        top = game.state.pile[-1] if game.state.pile else None
        # A card that chooses only under a condition asks only where it holds (ruling 152).
        # (and for the suit the play shows, issue 42); a run's top card as laid alone on the
        # card below it (ruling 166)
        laid = (
            Moment(False, 1, c.zone, game.state.first_play, False, None)
            if run
            else Moment(top is None, c.copies, c.zone, game.state.first_play, top == c.card, c.suit)
        )
        asks = c.to is None and needs.chooses(laid) and not said.legal
        assert (c.kind is Kind.ASKS) == asks == game.choices.asks(game.state, step), c
        if said.legal:
            accepted.add(step._replace(give=None, to=None))
    if game.full_information:  # every card known: what may be held is what is held (R4.3)
        legal = [s for s in game.choices.legal_steps(game.state) if isinstance(s, Play)]
        for step in legal:
            assert game.advice.explain(game.state, step).legal
        # (a face-down card is the next one turned over, not any the zone holds: left aside)
        seen = {s._replace(give=None, to=None) for s in legal if s.zone != "face_down"}
        assert seen == {s for s in accepted if s.zone != "face_down"}, seen ^ accepted


@budget(30)
@given(variant=valid_variants(), players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_the_generator_offers_every_choice_with_the_filters_judgement(
    variant: Variant, players: int, seed: int
) -> None:
    note(repr(variant))
    n = max(variant.min_players, min(players, variant.max_players, 6))
    for game in games(variant, n, seed, STEPS):
        check_state(game)


@budget(10)
@given(
    variant=st.integers(2, 4).flatmap(lambda n: variants_with_table("runs", value=n)),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_runs_the_table_offers_are_the_filters(
    variant: Variant, players: int, seed: int
) -> None:
    """Issue 42 (ruling 166), the run tap: where runs are played, every run the table offers
    (each card it may top, from each lower rank) carries the filter's judgement, and with full
    information the runs it judges legal are the listed ones (random variants draw runs only
    now and then: here every variant plays them)."""
    note(repr(variant))
    n = max(variant.min_players, min(players, variant.max_players, 6))
    for game in games(variant, n, seed, STEPS):
        check_state(game)


def test_every_builtin_variant() -> None:
    """The shipped variants, a few states each, both modes."""
    for vid in builtin_ids():
        v = builtin(vid)
        for game in games(v, max(v.min_players, min(4, v.max_players)), 5, 6):
            check_state(game)


def test_a_card_named_as_a_number_may_show_a_suit_too() -> None:
    """A card its player names as a number whose power reads its suit (a 2 named as any number,
    skipping when it is a heart): the table offers each number named with each suit shown, as
    the legal steps list them (they offered a name without a suit before)."""
    v = variant_from_data(
        {
            "id": "named-suited",
            "name": "Named and suited",
            "players": [{"decks": 1, "min": 2, "max": 4}],
            "ranks": {"pack": "ordinary", "suits": True},
            "rank_powers": [
                {
                    "rank": 2,
                    "effects": ["named_value", {"effect": "skip", "when": {"suit": "hearts"}}],
                }
            ],
            "deal": {"face_down": 3, "face_up": 3, "hand": 3},
            "min_hand": 3,
            "burn": 4,
        }
    )
    both = 0
    for seed in range(6):
        for game in games(v, 3, seed, STEPS):
            check_state(game)
            table = game.advice.table(game.state)
            both += sum(c.named is not None and c.suit is not None for c in table.choices)
    assert both  # the combination is offered at all
