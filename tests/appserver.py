"""A real app server for a test: ``karma app`` on a free port with its own data folder
(``Server``), and the wait until any app server the test started answers Streamlit's health
check.  Browser tests get it through tests/browser/conftest.py; other tests import it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def wait_healthy(proc: subprocess.Popen[bytes], url: str, log: Path | None = None) -> None:
    """Until the app server at ``url`` (process ``proc``) says it is healthy; RuntimeError if
    it exits first (its log's end in the message) or is not healthy within 120 s."""
    deadline = time.monotonic() + 120  # a busy machine starts it slowly: wait, not fail
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            said = log.read_text()[-2000:] if log is not None else ""
            raise RuntimeError(f"the app server exited: {said}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as r:
                if r.read().strip() == b"ok":
                    return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError("the app server did not become healthy in 120 s")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`karma app` on a free port with its own data folder; restartable and killable."""

    def __init__(
        self,
        data_dir: Path,
        log: Path,
        host: str = "127.0.0.1",
        env: dict[str, str] | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.host = host
        self.url = f"http://{host}:{self.port}"
        self.log = log
        self.env = env or {}
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if k != "KARMA_PUBLIC_URL"}
        env.update({"KARMA_DATA_DIR": str(self.data_dir), **self.env})
        cmd = [sys.executable, "-m", "referee", "app", "--port", str(self.port)]
        cmd += ["--host", self.host]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
        wait_healthy(self.proc, self.url, self.log)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None

    def restart(self, sig: int = signal.SIGTERM) -> None:
        self.stop(sig)
        self.start()
