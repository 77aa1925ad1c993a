"""The Referee page with the table as one component (issue 27.2, the app's default), in
AppTest: the page draws the component in place of the card grid and the choosers, and keeps
everything else.  AppTest runs no JavaScript: taps, Play and the verdicts in the browser are
tested in a real browser (tests/browser/test_browser_component.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_app_referee import start

from referee.app import tablecomp


@pytest.fixture
def component(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("KARMA_TABLE")  # the app's default
    tablecomp.enabled.cache_clear()
    yield
    tablecomp.enabled.cache_clear()


def test_the_component_takes_the_grid_and_the_choosers_place(
    data_dir: Path, component: None
) -> None:
    at = start(["Ann", "Ben", "Cal"])
    assert not at.exception
    keys = {b.key for b in at.button}
    assert not any(k.startswith("card_") for k in keys)  # no Streamlit card buttons
    # The component has Play, Pick up, Undo and Redo (its action): none is Streamlit's.
    assert not {"do_play", "do_pickup", "do_undo", "do_redo"} & keys
    assert not any("sel_" in str(getattr(w, "key", "")) for w in at.selectbox)


def test_karma_table_widgets_keeps_the_earlier_table(data_dir: Path) -> None:
    tablecomp.enabled.cache_clear()  # $KARMA_TABLE=widgets (tests/conftest.py)
    at = start(["Ann", "Ben", "Cal"])
    keys = {b.key for b in at.button}
    assert "card_9" in keys and "do_play" in keys
