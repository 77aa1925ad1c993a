"""Session helpers shared by the screens (the only app module besides the screens that uses st)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import streamlit as st

from referee.store import GameSummary, StorageError, Store, default_target, open_store
from referee.store import access as access_rules

from . import reach
from .common import STYLE

GAME_KEY = "game_id"
TABLE_KEY = "table"
ACCESS_KEY = "access"  # this visitor's Access: public mode, organiser, the game links held
NEW_DEVICE_KEY = "device_key_to_keep"  # a device key this browser is asked to keep
TRUSTED_PROXY_ENV = "KARMA_TRUSTED_PROXY"  # "1": the client is the last X-Forwarded-For hop


def _secrets(section: str) -> Mapping[str, Any] | None:
    """One section of .streamlit/secrets.toml, or None when there is no such file or section."""
    try:
        found = st.secrets.get(section)
    except Exception:  # no secrets file, or an unreadable one: the environment still works
        return None
    return found if isinstance(found, Mapping) else None


def process_store() -> Store:
    """The process-wide store: KARMA_DATABASE_URL, else [connections.karma] in secrets.toml,
    else the SQLite file in the data folder (KARMA_DATA_DIR).

    When it cannot be opened (unreachable, hung, damaged, a bad address) the pages get a store
    whose every call raises that fault: what needs no database keeps working, and what does
    shows the fault page (main.py)."""
    connections = _secrets("connections") or {}
    try:
        return open_store(default_target(connections.get("karma")))
    except StorageError as fault:
        return Store.offline(fault)


def client_address() -> str:
    """The address this visitor's requests come from ("" on this computer): what quotas and
    the organiser's sign-in delay count by.  Behind a reverse proxy every visitor has the
    proxy's address unless ``KARMA_TRUSTED_PROXY=1`` says to take the proxy's own
    ``X-Forwarded-For`` entry (the last one: the ones before it are the visitor's to forge)."""
    if os.environ.get(TRUSTED_PROXY_ENV, "").strip() == "1":
        forwarded = _text(st.context.headers.get("X-Forwarded-For"))
        hops = [h.strip() for h in forwarded.split(",") if h.strip()]
        if hops:
            return hops[-1][:64]
    return _text(st.context.ip_address)


def _text(value: object) -> str:
    """A context value as text ("" when there is none, as under AppTest)."""
    return value if isinstance(value, str) else ""


def access() -> access_rules.Access:
    """This visitor's rights (kept in the session; public mode is read from the environment).
    In public mode a new session takes in the games this browser holds (its device key)."""
    found = st.session_state.get(ACCESS_KEY)
    if not isinstance(found, access_rules.Access):
        found = access_rules.Access(public=access_rules.public_mode(), client=client_address())
        if found.public:
            key: str | None = _text(st.context.cookies.get(access_rules.DEVICE_COOKIE))
            found.device = access_rules.device_id(key)
            if found.device is None:  # a first visit, or cleared data: a new device key
                key = access_rules.new_device_key()
                found.device = access_rules.device_id(key)
                st.session_state[NEW_DEVICE_KEY] = key
            with contextlib.suppress(StorageError):  # the database is down: the links still work
                found.remember_device(process_store())
        st.session_state[ACCESS_KEY] = found
    return found


def keep_device() -> None:
    """Ask a browser that had no device key to keep the one made for it (public mode)."""
    key = st.session_state.get(NEW_DEVICE_KEY)
    if key and access().public:
        from referee.app import device

        device.keep(str(key))


def store() -> Store:
    """The store as this visitor may use it: everything at home; in public mode only the games
    whose link this visitor holds (referee.store.access)."""
    base = process_store()
    who = access()
    return base if who.sees_everything else access_rules.VisitorStore(base, who)


def recent_games(limit: int = 5) -> list[GameSummary]:
    """This visitor's recent games, newest first (safe in public mode: only games they hold)."""
    return access_rules.recent_games(store(), limit)


def organiser_login(password: str) -> tuple[bool, str]:
    """Make this visitor the organiser if ``password`` is the configured one; what to say.
    Wrong guesses slow that client down, then lock it out (``referee.store.access.sign_in``)."""
    expected = access_rules.organiser_password({"organiser": _secrets("organiser") or {}})
    who = access()
    ok, words = access_rules.sign_in(password, expected, who.client)
    if ok:
        who.organiser = True
    return ok, words


def organiser_logout() -> None:
    """Back to a visitor: on a shared tablet the next person is not the organiser."""
    access().organiser = False


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
    return reach.base_url(host, scheme)  # an odd Host falls back to the known address


def schema_base() -> str:
    """Where an editor loads this app's JSON Schemas from (``…/app/static/``), for the modeline
    of a file downloaded here: the share address, or on a private app the address this
    browser used (the editor then runs on this computer).  "" when the app does not serve
    them (started without static serving): the modeline then names the schema beside the
    file, which ``karma schema --out FOLDER`` writes."""
    from streamlit import config
    from streamlit.file_util import get_app_static_dir
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    from referee.files.resources import SERVED_PATH, VARIANT_SCHEMA

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
                "This app is private to this computer (it was started with "
                "`HOST=127.0.0.1`), so other devices cannot open it. To let tablets join, "
                "stop it and start it again with plain `make run` (or `karma app`), without "
                "`HOST=127.0.0.1`, then open the address it prints."
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
        picture = reach.qr_png(url)
        if picture is None:  # too long for any QR code: the address above is enough
            st.caption("This address is too long for a code: type it or send it instead.")
        else:
            st.image(picture, caption="Scan with the camera app", width=220)
