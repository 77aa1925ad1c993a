"""``karma app``: start the Streamlit app (headless), storing games in SQLite under a data folder,
or on a PostgreSQL server when ``KARMA_DATABASE_URL`` names one (several app servers can share it).

The options a ``.streamlit/config.toml`` would hold are passed on the command line, so the app
behaves the same from any working directory.  ``KARMA_DATA_DIR`` moves the data folder
(default ``./data``).

By default the app listens on every interface (``--host 0.0.0.0``) so that tablets at the table
can join: it prints the LAN address and a QR code for it.  ``--host 127.0.0.1`` keeps it private
to this computer.  ``KARMA_PUBLIC_URL`` names the address share links should use instead (for a
server behind a proxy).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from referee.app import reach

# The app server: main.py's pages with the table component's routes (an ``st.App``).
APP_MAIN = Path(__file__).resolve().parents[1] / "app" / "server.py"

# server.* and friends: what .streamlit/config.toml would say.
STREAMLIT_OPTIONS: tuple[tuple[str, str], ...] = (
    ("server.headless", "true"),
    ("server.maxUploadSize", "1"),  # MB: variant files and game records are small
    ("server.fileWatcherType", "none"),
    ("server.runOnSave", "false"),
    # The app's own static/ folder holds the JSON Schemas, so that a variant file or game record
    # downloaded from the app names a schema an editor can load from it (referee.files.resources).
    ("server.enableStaticServing", "true"),
    ("browser.gatherUsageStats", "false"),
    ("client.toolbarMode", "minimal"),
    # The pages write only what they say they write: a string or a name on a line of its own
    # is never shown ("magic"; tests/test_page_scripts.py keeps them out of the pages as well).
    ("runner.magicEnabled", "false"),
    # Defence in depth (issue 28): every page part runs in main.py's fault handler, and should
    # anything still escape it, the visitor sees one plain line, never a stack or server paths.
    ("client.showErrorDetails", "none"),
    ("theme.base", "light"),
    # A card-table green: white on it and it on its own tint pass WCAG AA (axe-core, issue 17).
    ("theme.primaryColor", "#166534"),
    ("theme.textColor", "#111827"),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8501, help="port to serve on (default 8501)")
    parser.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to listen on (default 0.0.0.0: every interface, so tablets can join;"
        " 127.0.0.1 keeps the app private to this computer)",
    )
    parser.add_argument(
        "--data-dir",
        default=None,
        help="folder for the SQLite file (default: $KARMA_DATA_DIR, else ./data)",
    )


def command_line(port: int, host: str) -> list[str]:
    """The ``streamlit run`` command line (without the interpreter)."""
    cmd = ["-m", "streamlit", "run", str(APP_MAIN)]
    for key, value in STREAMLIT_OPTIONS:
        cmd.append(f"--{key}={value}")
    cmd += [f"--server.port={port}", f"--server.address={host}"]
    # Naming the address people open stops Streamlit from asking an outside service for this
    # machine's public IP at start-up (and it then prints the one address that works).
    join = reach.lan_url(host, port)
    cmd.append(f"--browser.serverAddress={urlsplit(join).hostname if join else 'localhost'}")
    return cmd


def kept_in(data: Path, env: Mapping[str, str]) -> str:
    """Where the games are, for the banner: the database address as SQLAlchemy renders it with
    every password hidden (``?password=`` too), else the data folder.  An address that does not
    parse raises the store's plain StorageError, which names the variable, not the value.  (A
    [connections.karma] entry in secrets.toml is read by the app itself.)"""
    # Imported here: every `karma` command imports this module, and SQLAlchemy takes a while.
    from referee.store import DATABASE_URL_ENV, database_url, parse_database_url, shown_address

    url = database_url(env)
    if not url:
        return str(data)
    return shown_address(parse_database_url(url, DATABASE_URL_ENV))


def banner(host: str, port: int, data: Path, env: dict[str, str]) -> str:
    """What `karma app` prints: where to open the app here and on a tablet (with a QR code)."""
    from referee.store.access import organiser_password, public_mode

    lines = [f"Karma Referee  (games are kept in {kept_in(data, env)})"]
    if public_mode(env):
        lines.append(
            "  Public mode: a visitor sees only the games whose link they hold; the organiser"
            " signs in on the Games page"
            + (
                ""
                if organiser_password(None, env)
                else " (no organiser password is set: KARMA_ORGANISER_PASSWORD)"
            )
        )
    here = host if host not in reach.ALL_INTERFACES and not reach.is_local(host) else "localhost"
    lines.append(f"  On this computer:      http://{here}:{port}")
    join = reach.public_base(env) or reach.lan_url(host, port)
    if join:
        lines.append(f"  On a tablet or phone:  {join}   (same Wi-Fi; or scan the code)")
        lines.append(reach.qr_text(join).rstrip("\n"))
    elif reach.is_local(host) and host not in reach.ALL_INTERFACES:
        lines.append(
            f"  Private to this computer (--host {host}). To let tablets join, start it"
            " with --host 0.0.0.0 (make run does)."
        )
    else:
        lines.append(
            "  No network address found: tablets cannot join until this computer is on a network."
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    env = dict(os.environ)
    data_dir = args.data_dir or env.get("KARMA_DATA_DIR") or "data"
    data = Path(data_dir).resolve()
    data.mkdir(parents=True, exist_ok=True)
    env["KARMA_DATA_DIR"] = str(data)
    env[reach.HOST_ENV] = args.host
    env[reach.PORT_ENV] = str(args.port)
    cmd = [sys.executable, *command_line(args.port, args.host)]
    from referee.store import StorageError

    try:
        text = banner(args.host, args.port, data, env)
    except StorageError as fault:  # an address that does not parse: say so, start nothing
        print(f"karma app: {fault.message}", file=sys.stderr)
        return 2
    print(text, flush=True)
    # Replace this process, so that signals (Ctrl-C, SIGTERM, SIGKILL) reach Streamlit itself.
    os.execve(sys.executable, cmd, env)
    return 0  # pragma: no cover - execve does not return
