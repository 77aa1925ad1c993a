"""Issue 19: the Simulate page's estimate is a bounded sample (at most ``SAMPLE_STEPS`` steps,
whatever the variant and cap; "at least ..." when no sampled game ended), and its cards table
offers no spreadsheet download of the group's card names."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import support
from streamlit.testing.v1 import AppTest

from referee.simulate.estimate import SAMPLE_STEPS, estimate_run
from referee.variant.registry import builtin

PAGE = Path(__file__).resolve().parents[1] / "referee" / "app" / "screens" / "simulate.py"


@pytest.mark.parametrize("cap", [10, 2_000, 100_000])
def test_a_game_that_never_ends_costs_a_bounded_sample(cap: int) -> None:
    """It played one whole game to the cap: 1.8 CPU-seconds at 100,000 for a never-ending one."""
    estimate = estimate_run(support.endless(), players=2, step_cap=cap, games=10)
    assert estimate.sample_steps <= SAMPLE_STEPS
    if cap >= SAMPLE_STEPS:
        assert estimate.at_least and estimate.words(10).startswith("at least ")
    else:  # every sampled game reached the run's own cap: whole games, as the run plays them
        assert not estimate.at_least and estimate.sample_steps <= cap * estimate.sample_games


def test_games_that_end_give_a_plain_estimate() -> None:
    estimate = estimate_run(builtin("classic"), players=4, bots=("random", "smart"), games=100)
    assert not estimate.at_least and 0 < estimate.sample_steps <= SAMPLE_STEPS
    assert estimate.seconds > 0 and not estimate.words(100).startswith("at least")


def test_the_page_says_at_least_for_a_variant_that_may_not_end(data_dir: Path) -> None:
    at = AppTest.from_file(str(PAGE), default_timeout=30)
    at.session_state["simulate_variant"] = support.endless()
    at.run()
    at.number_input(key="simulate_games").set_value(10)
    at.number_input(key="simulate_step_cap").set_value(100_000).run()
    assert not at.exception, at.exception
    assert any("games asked for take at least about" in c.value for c in at.caption)


def test_card_names_are_not_in_a_downloadable_dataframe(data_dir: Path) -> None:
    """Streamlit's dataframe toolbar wrote card names as typed into a CSV: "=1+2" a formula."""
    base = builtin("second-edition")
    first, *rest = base.karma_cards
    variant = replace(base, karma_cards=(replace(first, name="=1+2"), *rest))
    at = AppTest.from_file(str(PAGE), default_timeout=30)
    at.session_state["simulate_variant"] = variant
    at.run()
    at.number_input(key="simulate_games").set_value(2)
    at.number_input(key="simulate_jobs").set_value(1)
    at.button(key="simulate_run").click().run()
    assert not at.exception, at.exception
    shown = [support.plain(str(v)) for t in at.table for v in t.value.to_numpy().ravel()]
    assert any("=1+2" in v for v in shown), shown
    for frame in at.dataframe:
        assert "=1+2" not in frame.value.to_string()
