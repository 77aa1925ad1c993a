"""Shared fixtures (small and generic)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh KARMA_DATA_DIR for the app's SQLite file."""
    d = tmp_path / "data"
    d.mkdir()
    monkeypatch.setenv("KARMA_DATA_DIR", str(d))
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").setLevel(
        logging.ERROR
    )
    return d
