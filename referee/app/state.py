"""Session helpers shared by the screens (the only app module besides the screens that uses st)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import streamlit as st

from referee import access as access_rules
from referee.store import GameSummary, Store, default_target, open_store

from . import reach
from .common import STYLE

GAME_KEY = "game_id"
TABLE_KEY = "table"
ACCESS_KEY = "access"  # this visitor's Access: public mode, organiser, the game links held


def _secrets(section: str) -> Mapping[str, Any] | None:
    """One section of .streamlit/secrets.toml, or None when there is no such file or section."""
    try:
        found = st.secrets.get(section)
    except Exception:  # no secrets file, or an unreadable one: the environment still works
        return None
    return found if isinstance(found, Mapping) else None


def process_store() -> Store:
    """The process-wide store: KARMA_DATABASE_URL, else [connections.karma] in secrets.toml,
    else the SQLite file in the data folder (KARMA_DATA_DIR)."""
    connections = _secrets("connections") or {}
    return open_store(default_target(connections.get("karma")))


def access() -> access_rules.Access:
    """This visitor's rights (kept in the session; public mode is read from the environment)."""
    found = st.session_state.get(ACCESS_KEY)
    if not isinstance(found, access_rules.Access):
        found = st.session_state[ACCESS_KEY] = access_rules.Access(
            public=access_rules.public_mode()
        )
    return found


def store() -> Store:
    """The store as this visitor may use it: everything at home; in public mode only the games
    whose link this visitor holds (referee.access)."""
    base = process_store()
    who = access()
    return base if who.sees_everything else access_rules.VisitorStore(base, who)


def recent_games(limit: int = 5) -> list[GameSummary]:
    """This visitor's recent games, newest first (safe in public mode: only games they hold)."""
    return access_rules.recent_games(store(), limit)


def organiser_login(password: str) -> bool:
    """Make this visitor the organiser if ``password`` is the configured one."""
    expected = access_rules.organiser_password({"organiser": _secrets("organiser") or {}})
    ok = access_rules.password_matches(password, expected)
    if ok:
        access().organiser = True
    return ok


def link_id(gid: str) -> str:
    """What ``?game=`` says for this game: its id, or in public mode its ticket (id.key)."""
    who = access()
    if who.public and gid not in who.held:
        who.hold(gid, store().access_key(gid))  # the organiser opening someone's game
    return who.ticket(gid)


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
        gid, key = access_rules.split_ticket(st.query_params.get("game"))
        access().hold(gid, key)  # a game link's key: checked by the store on every use
        st.session_state[GAME_KEY] = gid or None
    gid = st.session_state[GAME_KEY]
    if gid:
        ticket = access().ticket(gid)
        if st.query_params.get("game") != ticket:
            st.query_params["game"] = ticket
    elif "game" in st.query_params:
        del st.query_params["game"]


def current_game_id() -> str | None:
    gid = st.session_state.get(GAME_KEY)
    return str(gid) if gid else None


def set_game(gid: str | None) -> None:
    st.session_state[GAME_KEY] = gid
    st.session_state.pop(TABLE_KEY, None)
    if gid:
        st.query_params["game"] = link_id(gid)
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


def schema_base() -> str:
    """Where an editor loads this app's JSON Schemas from (``…/app/static/``), for the modeline
    of a file downloaded here: the share address, or on a private app the address this
    browser used (the editor then runs on this computer).  "" when the app does not serve
    them (started without static serving): the modeline then names the schema beside the
    file, which ``karma schema --out FOLDER`` writes."""
    from streamlit import config
    from streamlit.file_util import get_app_static_dir
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    from referee.resources import SERVED_PATH, VARIANT_SCHEMA

    ctx = get_script_run_ctx()
    if ctx is None or not config.get_option("server.enableStaticServing"):
        return ""
    if not (Path(get_app_static_dir(ctx.main_script_path)) / VARIANT_SCHEMA).is_file():
        return ""
    base = share_base()
    if base is None:
        seen = urlsplit(str(st.context.url or ""))
        if not seen.hostname or not reach.is_local(seen.hostname):
            return ""
        base = f"{seen.scheme}://{seen.netloc}"
    path = str(config.get_option("server.baseUrlPath") or "").strip("/")
    return f"{base.rstrip('/')}/{path + '/' if path else ''}{SERVED_PATH}"


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
        url = reach.game_link(base, link_id(gid)) if gid else base
        what = "this game" if gid else "the app"
        st.write(
            f"On a tablet or phone on the same Wi-Fi, scan the code or open this address to "
            f"join {what}:"
        )
        st.code(url, language=None)
        st.image(reach.qr_png(url), caption="Scan with the camera app", width=220)
