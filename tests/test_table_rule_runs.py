"""Runs of consecutive ranks laid together (issue 42, docs/rulings.md ruling 166; SHCOM: "more
than one card ... if they are in sequence"): ``table: {runs: 3}``.  A run is judged by its
lowest card as that card alone would be (R5, a restriction included), counts as its top card
for the next play (R5.2), never burns (R7.1), and a card with powers may only end it, its
powers happening once.  Without the rule a play of different cards is refused (R4.1)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import support
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, variants_with_table
from test_properties_house_rules import one_filter_along

from referee.engine import Game, Play, Position
from referee.records import export_record, load_record_text, replay
from referee.simulate.bots import BOTS
from referee.variant.loader import load_variant_text, variant_from_data
from referee.variant.model import TableRules, Variant
from referee.variant.registry import builtin
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason

NAMES = ["Ann", "Ben", "Cal"]
SEVEN = {"rank": 7, "effects": [{"effect": "next_range", "max": 7}]}  # 7 or lower next
TEN = {"rank": 10, "effects": ["wild", "clear_pile"]}  # clears the pile; play again
NINE = {"rank": 9, "effects": [{"effect": "skip", "target": "next"}]}  # the next loses a turn


def _house(runs: int | None = 3, *powers: dict[str, object]) -> Variant:
    data = support.house_data(rank_powers=list(powers or (SEVEN, TEN)))
    if runs is not None:
        data["table"] = {"runs": runs}
    return variant_from_data(data)


def _at(v: Variant, pile: tuple[int, ...] = (3,), **kw: object) -> Game:
    hand = kw.pop("hand", {"Ann": 6, "Ben": 6, "Cal": 6})
    position = Position("Ann", pile=pile, draw_pile=0, hand=hand, **kw)  # type: ignore[arg-type]
    return Game.from_position(v, NAMES, position)


def _says(g: Game, *cards: int, zone: str = "hand") -> str:
    return str(g.advice.explain(g.state, Play("Ann", cards, zone)))


def test_a_run_goes_on_as_its_lowest_card_and_counts_as_its_top() -> None:
    g = _at(_house())
    out = g.push(Play("Ann", (4, 5, 6)))
    assert out.messages[0] == "Ann lays a run: 4, 5 and 6."
    assert g.state.pile == [3, 4, 5, 6] and g.turn == "Ben"
    assert not g.is_legal(Play("Ben", (5,)))  # lower than the run's top card (R5.2)
    assert g.is_legal(Play("Ben", (6,)))
    low = _at(_house(), pile=(5,))
    assert _says(low, 4, 5, 6).startswith("No: 4 is lower than 5.")
    assert low.is_legal(Play("Ann", (5, 6, 7)))


def test_what_is_not_a_run_is_refused_in_the_rules_words() -> None:
    g = _at(_house(3, SEVEN, TEN, NINE))
    cases = {
        (4, 5): "No: a run here is at least 3 cards in a row; 4 and 5 are only 2.",
        (4, 6, 8): "No: 4, 6 and 8 are not cards in a row, so they are not a run.",
        (6, 5, 4): "No: a run is laid lowest first, from the 4 up.",
        (4, 4, 5): "No: 4, 4 and 5 are not cards in a row, so they are not a run.",
        (6, 7, 8): "No: 7 has a power, so it may only end a run, not go inside it.",
    }
    for cards, said in cases.items():
        verdict = g.advice.explain(g.state, Play("Ann", cards))
        assert not verdict.legal and verdict.rule == "R4.1", cards
        assert str(verdict).startswith(said), (cards, str(verdict))
    assert g.is_legal(Play("Ann", (5, 6, 7)))  # a power card may end a run


def test_a_karma_card_or_a_joker_never_goes_in_a_run() -> None:
    data = support.house_data(
        karma_cards=[{"id": "hop", "name": "Hop", "copies": 2, "effects": ["wild"]}]
    )
    data["table"] = {"runs": 2}
    g = _at(variant_from_data(data))
    verdict = g.advice.explain(g.state, Play("Ann", (4, "hop")))
    assert not verdict.legal
    assert str(verdict).startswith("No: Hop may not go in a run: a run is number cards only.")


def test_without_the_rule_different_cards_are_refused_as_before() -> None:
    g = _at(_house(None))
    verdict = g.advice.explain(g.state, Play("Ann", (4, 5, 6)))
    assert verdict.reason is Reason.MIXED_CARDS and verdict.rule == "R4.1"


def test_a_run_never_burns() -> None:
    """Four 3s lie together once the run's 3 is laid, but the top card is its 5 (R7.1)."""
    g = _at(_house(), pile=(3, 3, 3))
    out = g.push(Play("Ann", (3, 4, 5)))
    assert not out.burned and g.state.pile == [3, 3, 3, 3, 4, 5]


def test_a_power_at_the_end_happens_once() -> None:
    g = _at(_house(3, TEN, NINE))
    out = g.push(Play("Ann", (7, 8, 9)))  # the 9 makes the next player miss a go, once
    assert out.skipped == ("Ben",) and g.turn == "Cal"
    g = _at(_house())
    g.push(Play("Ann", (5, 6, 7)))  # the 7: 7 or lower next (R5.4)
    assert not g.is_legal(Play("Ben", (8,)))
    assert g.is_legal(Play("Ben", (4, 5, 6)))  # judged by its lowest card
    assert not g.is_legal(Play("Ben", (8, 9, 10)))
    g = _at(_house())
    out = g.push(Play("Ann", (8, 9, 10)))  # the 10 clears the pile; Ann plays again
    assert g.state.pile == [] and g.turn == "Ann" and out.plays_again


def test_a_run_comes_from_one_zone_never_face_down() -> None:
    v = _house()
    g = _at(v, hand={"Ann": 0, "Ben": 3, "Cal": 3}, face_up={"Ann": (4, 5, 6)})
    assert g.is_legal(Play("Ann", (4, 5, 6), "face_up"))
    assert not g.is_legal(Play("Ann", (4, 5, 6)))  # no hand cards left (R4.3)
    down = _at(v, hand={"Ann": 0, "Ben": 3, "Cal": 3}, face_up={"Ann": ()}, face_down={"Ann": 3})
    verdict = down.advice.explain(down.state, Play("Ann", (4, 5, 6), "face_down"))
    assert verdict.reason is Reason.ONE_FACE_DOWN and verdict.rule == "R4.2"


def test_each_card_of_a_run_must_be_one_the_player_can_hold() -> None:
    """R4.3 per rank: every 5 is on the table, so no hand holds one."""
    g = _at(_house(), face_up={"Ann": (), "Ben": (5, 5), "Cal": (5, 5)})
    verdict = g.advice.explain(g.state, Play("Ann", (4, 5, 6)))
    assert verdict.reason is Reason.CANNOT_HOLD and verdict.rule == "R4.3"
    two = _at(_house(), hand={"Ann": 2, "Ben": 6, "Cal": 6})
    assert not two.is_legal(Play("Ann", (4, 5, 6)))  # two cards in hand cannot be three


def test_a_run_out_of_turn_is_refused() -> None:
    g = _at(_house())
    verdict = g.advice.explain(g.state, Play("Ben", (4, 5, 6)))
    assert verdict.reason is Reason.NOT_YOUR_TURN


def test_undo_puts_the_run_back() -> None:
    g = _at(_house())
    before = g.state.copy()
    g.push(Play("Ann", (4, 5, 6)))
    g.past.undo()
    assert g.state == before


def test_a_record_reads_and_writes_a_run(tmp_path: Path) -> None:
    g = Game.shuffled(_house(), NAMES, 7, keep_history=True)
    runs = []
    for _ in range(200):
        if g.over:
            break
        steps = g.choices.legal_steps(g.state)
        run = next((s for s in steps if isinstance(s, Play) and s.cards[0] != s.cards[-1]), None)
        if run is not None:
            runs.append(run)
        g.push(run if run is not None else steps[0])
    assert runs
    text = export_record(g, _house())
    assert f"play: [{', '.join(str(c) for c in runs[0].cards)}]" in text
    result = replay(load_record_text(text, "game.yaml"))
    assert result.ok


def test_legal_steps_list_the_runs_held() -> None:
    g = Game.shuffled(_house(), NAMES, 3)
    s = g.state
    s.seats[0].hand.known.clear()
    s.seats[0].hand.known.update({4: 1, 5: 1, 6: 1, 8: 1})
    s.seats[0].hand.count = 4
    s.pile[:] = [3]
    listed = g.choices.legal_steps(s)
    assert Play("Ann", (4, 5, 6)) in listed
    assert not any(isinstance(p, Play) and p.cards[-1] == 8 and len(p.cards) > 1 for p in listed)


def test_the_sheet_and_the_loader_say_it() -> None:
    assert "You may lay a run of 3 or more cards in a row" in rules_sheet(_house())
    data = support.house_data()
    data["table"] = {"runs": 11}
    result = load_variant_text(json.dumps(data).encode(), "house.yaml")
    assert result.ok
    (warning,) = [p for p in result.problems if "runs" in p.message]
    assert warning.severity == "warning" and "the deck has 10" in warning.message
    data["table"] = {"runs": 1}
    assert not load_variant_text(json.dumps(data).encode(), "house.yaml").ok


def test_the_bots_lay_their_longest_run() -> None:
    """Greedy and smart lay their longest run (the lowest of two as long) before a single card;
    a run never counts as a burn for them (ruling 166)."""
    g = Game.shuffled(_house(), NAMES, 3)
    s = g.state
    hand = s.seats[0].hand
    hand.known.clear()
    hand.known.update({2: 1, 3: 1, 4: 1, 6: 1, 8: 1, 9: 1, 10: 1})
    hand.count = 7
    s.pile[:] = [1, 1, 1]
    steps = g.choices.legal_steps(s)
    assert Play("Ann", (2, 3, 4)) in steps and Play("Ann", (8, 9, 10)) in steps
    for name in ("greedy", "smart"):
        assert BOTS[name]().choose(g, steps, random.Random(1)) == Play("Ann", (2, 3, 4)), name


def test_the_bots_play_it_to_the_end() -> None:
    support.bots_finish(replace(builtin("shithead"), table=TableRules(runs=3)))


@budget(15)
@given(
    variant=variants_with_table("runs", value=3),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_variants_with_runs_keep_one_filter(
    variant: Variant, players: int, seed: int
) -> None:
    """Over random valid variants with runs: every listed step is legal, a legal proposal is
    listed, undo is exact."""
    note(repr(variant))
    one_filter_along(variant, players, seed)


def test_a_run_judged_again_gets_the_same_judgement_whoever_lays_it() -> None:
    """The filter keeps its checks of a run's own cards (too short, a power inside, not in a
    row), which read nothing of the table, by player and cards: the tablet asks the same runs
    at every step.  Along a game, every run the table offers gets the judgement a filter that
    kept nothing gives, the player's name and all (kept by cards alone, Ben's refusal said Ann)."""
    v = _house(3, SEVEN, TEN, NINE)
    g = Game.shuffled(v, NAMES, 4)
    rules = g.choices._rules
    rng = random.Random(4)
    movers, runs = set(), 0
    for _ in range(30):
        if g.over:
            break
        movers.add(g.turn)
        for c in g.choices.table(g.state):
            if c.run_from is None:
                continue
            step = Play(g.turn or "", tuple(range(c.run_from, c.card + 1)), c.zone, c.to, c.give)
            kept, rules._run_said = rules._run_said, {}  # as a filter that kept nothing
            fresh = rules.judge(g.state, step)
            rules._run_said = kept
            assert rules.judge(g.state, step) == fresh == c.judgement, step
            runs += 1
        g.push(rng.choice(g.choices.legal_steps(g.state)))
    assert len(movers) == 3 and runs
