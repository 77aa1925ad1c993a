"""The Simulate page (AppTest): run a small simulation, see the report, download it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import support
from streamlit.testing.v1 import AppTest

from referee.simulate import Report

PAGE = Path(__file__).resolve().parents[1] / "referee" / "app" / "screens" / "simulate.py"


@pytest.fixture
def at(data_dir: Path) -> AppTest:
    app = AppTest.from_file(str(PAGE), default_timeout=30)
    app.run()
    assert not app.exception, app.exception
    return app


def test_page_offers_builtin_variants_and_bots(at: AppTest) -> None:
    box = at.selectbox(key="simulate_variant_key")
    assert "builtin:classic" in box.options or any("Karma" in o for o in box.options)
    assert at.multiselect(key="simulate_bots").value == ["random"]
    assert at.button(key="simulate_run")
    assert not at.get("download_button")  # no report yet


def test_run_shows_report_charts_and_downloads(at: AppTest) -> None:
    at.selectbox(key="simulate_variant_key").set_value("builtin:classic")
    at.number_input(key="simulate_players").set_value(3)
    at.number_input(key="simulate_games").set_value(12)
    at.multiselect(key="simulate_bots").set_value(["greedy", "smart"])
    at.button(key="simulate_run").click().run()
    assert not at.exception, at.exception
    report = at.session_state["simulate_report"]
    assert isinstance(report, Report)
    assert (report.games, report.players, report.bots) == (12, 3, ("greedy", "smart"))
    assert [m.label for m in at.metric][:3] == [
        "Steps per game (mean)",
        "Pick-ups per game",
        "Burns per game",
    ]
    assert len(at.get("vega_lite_chart")) == 2  # length histogram, loser by seat
    downloads = at.get("download_button")
    assert len(downloads) == 2
    assert not at.warning  # classic ends
    # The downloads carry exactly what the report functions build (AppTest cannot read them).
    data = json.loads(json.dumps(report.to_dict()))
    assert data["games"] == 12
    assert report.to_csv().startswith("section,key,value\n")
    # The report survives a rerun (e.g. after a download click).
    at.run()
    assert at.session_state["simulate_report"] is report
    assert len(at.get("download_button")) == 2


def test_variant_handed_over_by_design_page_and_cap_warning(at: AppTest) -> None:
    endless = support.endless("Endless <b>house</b> rules")
    at.session_state["simulate_variant"] = endless
    at.run()
    box = at.selectbox(key="simulate_variant_key")
    assert box.value == "design"
    at.number_input(key="simulate_games").set_value(3)
    at.number_input(key="simulate_step_cap").set_value(50)
    at.button(key="simulate_run").click().run()
    assert not at.exception, at.exception
    report = at.session_state["simulate_report"]
    assert report.capped == 3 and report.may_not_end
    assert any("may not end" in w.value for w in at.warning)
    # The user's text is never HTML: the name is escaped Markdown in the caption.
    captions = " ".join(c.value for c in at.caption)
    assert "<b>" not in captions and "\\<b\\>" in captions


def test_no_bots_disables_run(at: AppTest) -> None:
    at.multiselect(key="simulate_bots").set_value([])
    at.run()
    assert at.button(key="simulate_run").disabled
    assert any("Choose at least one" in i.value for i in at.info)
