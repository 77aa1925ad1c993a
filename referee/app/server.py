"""The app server: Streamlit's, with the table component's own two routes beside it.

``karma app`` runs ``streamlit run`` on this file; Streamlit finds ``app`` (an ``st.App``) and
serves ``main.py`` with the routes of ``referee.app.tableapi`` (a step, a game's version), so a
step taken on the table does not rerun the page.  Started any other way (``streamlit run
main.py``, AppTest) the app works as before: the component then sends its steps through the
page.  (``streamlit_app.py``, for Streamlit's hosting, says the same.)
"""

import streamlit as st

from referee.app.tableapi import APP_MAIN, app_routes

app = st.App(APP_MAIN, routes=app_routes())
