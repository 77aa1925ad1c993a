"""Session helpers shared by the screens (the only app module besides the screens that uses st)."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from referee.store import Store, default_path

from . import reach
from .common import STYLE

GAME_KEY = "game_id"
TABLE_KEY = "table"


@st.cache_resource(show_spinner=False)
def _store(path: str) -> Store:
    return Store(path)


def store() -> Store:
    """The process-wide store for the current data folder (KARMA_DATA_DIR)."""
    return _store(str(default_path().resolve()))


def style() -> str:
    return STYLE


# The app's screens, each a script in ``screens/`` run by ``st.navigation``.  The folder is not
# called ``pages/``: Streamlit would take that for an old-style multipage app and run a page on
# its own, without main.py, on a first visit to its address.
SCREENS = Path(__file__).resolve().parent / "screens"
SCREEN_LIST = (
    # (script, title, icon, url path; "" is the default screen)
    ("table", "Referee", ":material/style:", ""),
    ("design", "Design", ":material/edit:", "design"),
    ("rules", "Rules", ":material/menu_book:", "rules"),
    ("games", "Games", ":material/history:", "games"),
    ("simulate", "Simulate", ":material/casino:", "simulate"),
)


def screens() -> list[st.Page]:
    return [screen(name) for name, *_ in SCREEN_LIST]


def screen(name: str) -> st.Page:
    """The screen ``name`` as a page, for ``st.navigation`` and ``st.switch_page`` alike."""
    for script, title, icon, url_path in SCREEN_LIST:
        if script == name:
            path = str(SCREENS / f"{script}.py")
            if not url_path:
                return st.Page(path, title=title, icon=icon, default=True)
            return st.Page(path, title=title, icon=icon, url_path=url_path)
    raise KeyError(name)


def sync_game_id() -> None:
    """Keep ``?game=<id>`` and the session in step on every run.

    A new session (a refresh, a server restart, a shared link) takes the id from the URL; after
    that the session's id wins and is written back, since the navigation menu drops the query.
    """
    if GAME_KEY not in st.session_state:
        st.session_state[GAME_KEY] = st.query_params.get("game") or None
    gid = st.session_state[GAME_KEY]
    if gid:
        if st.query_params.get("game") != gid:
            st.query_params["game"] = gid
    elif "game" in st.query_params:
        del st.query_params["game"]


def current_game_id() -> str | None:
    gid = st.session_state.get(GAME_KEY)
    return str(gid) if gid else None


def set_game(gid: str | None) -> None:
    st.session_state[GAME_KEY] = gid
    st.session_state.pop(TABLE_KEY, None)
    if gid:
        st.query_params["game"] = gid
    elif "game" in st.query_params:
        del st.query_params["game"]


# No user text.  "Join from another device" sits in the page's top bar, on every page and at
# every size, so it is reachable without scrolling; its button is a 44 px tap target.
JOIN_STYLE = """<style>
[data-testid='stPopover'] button { min-height: 48px; }
.st-key-join_corner { position: fixed; top: 0.45rem; right: 0.9rem; z-index: 999991;
  width: auto !important; }
.st-key-join_corner button { background: #fff; }
@media (max-width: 640px) { .st-key-join_corner button p { font-size: 0.95rem; } }
</style>"""


def share_base() -> str | None:
    """The base URL other devices can open: the configured public URL, else the address this
    browser used (st.context), else this machine's LAN address; never 127.0.0.1 or 0.0.0.0."""
    url = st.context.url or ""
    scheme = "https" if url.startswith("https://") else "http"
    host = st.context.headers.get("Host")
    return reach.base_url(host, scheme)


def join_control() -> None:
    """ "Join from another device": the address and a QR code, for the current game if any."""
    base = share_base()
    st.html(JOIN_STYLE)
    with (
        st.container(key="join_corner", width="content"),
        st.popover("Join from another device", icon=":material/qr_code_2:", key="join"),
    ):
        if base is None:
            st.write(
                "This app is private to this computer, so other devices cannot open it. "
                "To let tablets join, start it with `make run` (or `karma app`, which "
                "listens on the network) and open the address it prints."
            )
            return
        gid = current_game_id()
        url = reach.game_link(base, gid) if gid else base
        what = "this game" if gid else "the app"
        st.write(
            f"On a tablet or phone on the same Wi-Fi, scan the code or open this address to "
            f"join {what}:"
        )
        st.code(url, language=None)
        st.image(reach.qr_png(url), caption="Scan with the camera app", width=220)
