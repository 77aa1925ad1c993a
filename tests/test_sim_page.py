"""The Simulate page (AppTest): the designer's answers, charts with error bars, downloads,
the variant handed over by the Design page with the one it started from, Cancel."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import support
from streamlit.testing.v1 import AppTest

from referee.simulate.analysis import Analysis
from referee.simulate.answers import to_csv, to_dict
from referee.variant.registry import resolve

PAGE = Path(__file__).resolve().parents[1] / "referee" / "app" / "screens" / "simulate.py"


@pytest.fixture
def at(data_dir: Path) -> AppTest:
    app = AppTest.from_file(str(PAGE), default_timeout=60)
    app.run()
    assert not app.exception, app.exception
    return app


def shown(at: AppTest) -> str:
    """The page's Markdown as read (the escapes of plain text taken out)."""
    return " ".join(m.value for m in at.markdown).replace("\\", "")


def small(at: AppTest, games: int = 12) -> None:
    """A quick run: few games, one process."""
    at.number_input(key="simulate_games").set_value(games)
    at.number_input(key="simulate_jobs").set_value(1)


def test_careful_players_by_default(at: AppTest) -> None:
    box = at.selectbox(key="simulate_variant_key")
    assert "Karma (built in)" in box.options
    assert at.multiselect(key="simulate_bots").value == ["smart"]
    assert at.number_input(key="simulate_jobs").value >= 1
    assert at.button(key="simulate_run")
    assert not at.get("download_button")  # no answers yet


def test_run_shows_answers_charts_and_downloads(at: AppTest) -> None:
    at.selectbox(key="simulate_variant_key").set_value("builtin:classic")
    at.number_input(key="simulate_players").set_value(3)
    small(at)
    at.button(key="simulate_run").click().run()
    assert not at.exception, at.exception
    answer = at.session_state["simulate_analysis"]
    assert isinstance(answer, Analysis) and answer.done
    assert (answer.games, answer.question.players) == (12, 3)
    text = shown(at)
    for question in ("Does it end?", "Is it fair?", "How long is a game?", "Luck or skill?"):
        assert question in text
    assert "careful players" in text  # who made the answers
    charts = at.get("vega_lite_chart")
    assert len(charts) == 3  # seats, length, card worth
    specs = " ".join(c.proto.spec for c in charts)
    assert specs.count('"errorbar"') == 2  # seats and card worth carry their intervals
    assert len(at.get("download_button")) == 2
    assert not at.warning  # classic ends
    data = json.loads(json.dumps(to_dict(answer)))
    assert data["seats"]["loss_share"][0]["low"] is not None
    assert to_csv(answer).startswith("section,key,value\n")
    at.run()  # the answers survive a rerun (a download click)
    assert at.session_state["simulate_analysis"] is answer


def test_handed_over_with_its_parent_and_the_cap_warning(at: AppTest) -> None:
    endless = support.endless("Endless <b>house</b> rules")
    at.session_state["simulate_variant"] = endless
    at.session_state["simulate_parent"] = resolve("classic")
    at.run()
    assert at.selectbox(key="simulate_variant_key").value == "design"
    # classic seats 2 to 6 and so compares; the parent is offered first
    assert at.selectbox(key="simulate_compare").value == "parent"
    at.selectbox(key="simulate_compare").set_value("none")
    small(at, 3)
    at.number_input(key="simulate_step_cap").set_value(50)
    at.button(key="simulate_run").click().run()
    assert not at.exception, at.exception
    answer = at.session_state["simulate_analysis"]
    assert answer.report.capped == 3 and answer.may_not_end
    assert any("may not end" in w.value for w in at.warning)
    # The user's text is never HTML: the name is escaped Markdown.
    text = shown(at)
    assert "<b>" not in text


def test_comparison_on_the_page(at: AppTest) -> None:
    at.selectbox(key="simulate_variant_key").set_value("builtin:second-edition")
    at.selectbox(key="simulate_compare").set_value("builtin:classic")
    small(at, 10)
    at.checkbox(key="simulate_cards").uncheck()
    at.button(key="simulate_run").click().run()
    assert not at.exception, at.exception
    text = shown(at)
    assert "Against Karma" in text and "as long as in Karma" in text


def test_cancel_keeps_the_answers_so_far(at: AppTest) -> None:
    """Cancel is a rerun: the run ends between two chunks and what it had is kept."""
    answer = None
    from referee.simulate.analysis import Question, analyse_live

    for answer in analyse_live(Question(resolve("classic"), max_games=40), jobs=1):
        if answer.games >= 10:
            break
    assert answer is not None and not answer.done
    at.session_state["simulate_analysis"] = answer
    at.session_state["simulate_cancel"] = True
    at.run()
    kept = at.session_state["simulate_analysis"]
    assert kept.done and kept.stopped == "cancelled" and kept.games == answer.games
    assert any("Stopped by you" in i.value for i in at.info)


def test_no_bots_disables_run(at: AppTest) -> None:
    at.multiselect(key="simulate_bots").set_value([])
    at.run()
    assert at.button(key="simulate_run").disabled
    assert any("Choose at least one" in i.value for i in at.info)
