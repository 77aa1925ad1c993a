"""Karma Referee for Streamlit's hosting: ``streamlit run streamlit_app.py`` runs the same app as
``karma app`` (README: "Host it for your club"), with the table component's own routes
(``referee/app/server.py``).  Games are kept under ``KARMA_DATA_DIR`` (default ``./data``);
``KARMA_PUBLIC_URL`` is the address share links and the QR code use."""

import streamlit as st

from referee.app.tableapi import APP_MAIN, app_routes

app = st.App(APP_MAIN, routes=app_routes())
