"""``karma app``: start the Streamlit app (headless), storing games in SQLite under a data folder.

The options a ``.streamlit/config.toml`` would hold are passed on the command line, so the app
behaves the same from any working directory.  ``KARMA_DATA_DIR`` moves the data folder
(default ``./data``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

APP_MAIN = Path(__file__).resolve().parents[1] / "app" / "main.py"

# server.* and friends: what .streamlit/config.toml would say.
STREAMLIT_OPTIONS: tuple[tuple[str, str], ...] = (
    ("server.headless", "true"),
    ("server.maxUploadSize", "1"),  # MB: variant files and game records are small
    ("server.fileWatcherType", "none"),
    ("server.runOnSave", "false"),
    ("browser.gatherUsageStats", "false"),
    ("client.toolbarMode", "minimal"),
    ("theme.base", "light"),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8501, help="port to serve on (default 8501)")
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument(
        "--data-dir",
        default=None,
        help="folder for the SQLite file (default: $KARMA_DATA_DIR, else ./data)",
    )


def command_line(port: int, host: str) -> list[str]:
    """The ``streamlit run`` command line (without the interpreter).

    ``referee.app.launch`` is Streamlit's own CLI with one switch set (see there).
    """
    cmd = ["-m", "referee.app.launch", "run", str(APP_MAIN)]
    for key, value in STREAMLIT_OPTIONS:
        cmd.append(f"--{key}={value}")
    cmd += [f"--server.port={port}", f"--server.address={host}"]
    return cmd


def run(args: argparse.Namespace) -> int:
    env = dict(os.environ)
    data_dir = args.data_dir or env.get("KARMA_DATA_DIR") or "data"
    data = Path(data_dir).resolve()
    data.mkdir(parents=True, exist_ok=True)
    env["KARMA_DATA_DIR"] = str(data)
    cmd = [sys.executable, *command_line(args.port, args.host)]
    print(f"Karma Referee on http://{args.host}:{args.port}  (data: {data})", flush=True)
    # Replace this process, so that signals (Ctrl-C, SIGTERM, SIGKILL) reach Streamlit itself.
    os.execve(sys.executable, cmd, env)
    return 0  # pragma: no cover - execve does not return
