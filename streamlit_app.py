"""Karma Referee for Streamlit's hosting: ``streamlit run streamlit_app.py`` runs the same app as
``karma app`` (README: "Host it for your club").  Games are kept under ``KARMA_DATA_DIR``
(default ``./data``); ``KARMA_PUBLIC_URL`` is the address share links and the QR code use."""

import runpy
from pathlib import Path

import referee.app

runpy.run_path(str(Path(referee.app.__file__).resolve().parent / "main.py"), run_name="__main__")
