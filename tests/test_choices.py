"""Issue 43.1: the engine generates every choice (``referee.engine.choices``), and its three
uses agree with the paths they replace.

Over random valid variants (``tests/strategies.py``) and reachable states, each seen with full
information and as the referee at a table sees it:

- full information: ``Choices.legal_steps`` and ``out_of_turn_steps`` give the very lists
  ``Rules.legal_steps`` and ``Rules.out_of_turn_steps`` give;
- the advice: ``Choices.playable`` says the cards (and fewest copies) the hint read off;
- the table: ``choices.for_table`` offers exactly the choices the Referee page judged ahead of
  the taps (``tableview_data.judged_choices``), each with the same words, and asks whom a card
  is for exactly where the page asked; and every judgement it gives, a shortcut's included
  (a zone closed, choices moot), is the filter's own (``Rules.judge``) on that very play.
"""

from __future__ import annotations

from advice_reader import games
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from strategies import valid_variants

from referee.app import tableview_data, view
from referee.engine import Game, Play
from referee.engine.choices import Choices, Kind, for_table
from referee.variant.model import Variant
from referee.variant.registry import builtin
from referee.words import sentences

STEPS = 12


def _said(v: object) -> object:
    """What the page shows for a choice: a question, or a verdict's words."""
    if isinstance(v, view.Ask):
        return ("ask", v.text)
    assert isinstance(v, view.VerdictView)
    return (v.legal, v.answer, v.detail, v.todo, v.rule)


def check_state(game: Game) -> None:
    s = game.state
    rules = game.rules
    new = Choices(rules)
    if game.full_information:
        assert new.legal_steps(s) == rules.legal_steps(s)
        assert new.out_of_turn_steps(s) == rules.out_of_turn_steps(s)
    if game.over:
        assert not for_table(game).choices
        return
    zone = rules.zone_due(s, s.mover)
    held = s.seats[s.mover].zone(zone)
    universe = [c for c in game.variant.all_cards() if rules.possible(s, c, held) >= 1]
    assert new.playable(s, zone, universe) == rules._allowed(s, zone, universe)
    # the table: the page's choices and words, and the filter's judgement on each
    facts = view.step_facts(game)
    old_said, old_index = tableview_data.judged_choices(game, facts)
    table = for_table(game)
    assert table.mover == game.turn
    mover = table.mover
    assert mover is not None
    new_index = {}
    for c in table.choices:
        key = (c.card, c.zone, c.copies, c.to, c.give)
        assert key not in new_index, key
        step = Play(mover, (c.card,) * c.copies, c.zone, c.to, c.give)
        assert c.judgement == rules.judge(s, step), (key, c.kind)
        if c.kind is Kind.ASKS:
            assert not c.judgement.legal and c.to is None and game.needs(c.card).needs_target
            name = game.variant.card_name(c.card)
            new_index[key] = ("ask", f"Who is the {name} for? Choose a player just above.")
        else:
            parts = sentences.verdict_parts(table.verdict(c.judgement))
            new_index[key] = (c.judgement.legal, parts.answer, parts.detail, parts.todo, parts.rule)
    old = {key: _said(old_said[i]) for key, i in old_index.items()}
    assert set(new_index) == set(old), set(new_index) ^ set(old)
    for key, said in old.items():
        assert new_index[key] == said, (key, new_index[key], said)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(variant=valid_variants(), players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_the_generator_agrees_with_the_paths_it_replaces(
    variant: Variant, players: int, seed: int
) -> None:
    note(repr(variant))
    n = max(variant.min_players, min(players, variant.max_players, 6))
    for game in games(variant, n, seed, STEPS):
        check_state(game)


def test_every_builtin_variant_agrees() -> None:
    """The shipped variants, a few states each, both modes."""
    from referee.variant.registry import builtin_ids

    for vid in builtin_ids():
        v = builtin(vid)
        for game in games(v, max(v.min_players, min(4, v.max_players)), 5, 6):
            check_state(game)
