"""A throwaway PostgreSQL server for the tests (Debian's PostgreSQL 15 binaries, no mock).

It runs in a temporary folder on a free port, listening on 127.0.0.1 only, with "trust"
authentication (nobody else can reach it) and fsync off (the tests' data is thrown away); one
role, ``karma_pw``, must give its password (SCRAM), for the tests of a refused password.
PostgreSQL refuses to run as root, so under root (``.ci/run``) it runs as the ``postgres``
user that Debian's package creates.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

PASSWORD_ROLE, PASSWORD = "karma_pw", "Right-Horse-9"
PG_BIN = Path(os.environ.get("KARMA_PG_BIN", "/usr/lib/postgresql/15/bin"))


def available() -> bool:
    return (PG_BIN / "initdb").exists() and (PG_BIN / "pg_ctl").exists()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """Start with :meth:`start`, make databases with :meth:`new_database`, :meth:`stop` at the end."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="karma-pg-"))
        self.port = _free_port()
        self.data = self.dir / "data"
        self.as_root = os.geteuid() == 0

    def _run(self, *cmd: str) -> None:
        argv = list(cmd)
        if self.as_root:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self) -> PgServer:
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run(
            str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "karma", "-A", "trust",
            "-E", "UTF8", "--locale=C",
        )  # fmt: skip
        hba = self.data / "pg_hba.conf"  # checked first: karma_pw gives a password
        strict = f"host all {PASSWORD_ROLE} 127.0.0.1/32 scram-sha-256\n"
        self._run(
            "sh", "-c", f"printf '%s' '{strict}' | cat - {hba} > {hba}.new && mv {hba}.new {hba}"
        )
        options = (
            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off"
            " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        self._run(
            str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "log"),
            "-o", options, "-w", "-t", "30", "start",
        )  # fmt: skip
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE ROLE {PASSWORD_ROLE} LOGIN PASSWORD '{PASSWORD}'")
        return self

    def pids(self) -> list[int]:
        """The postmaster's process id and its children's (backends, background workers)."""
        first = (self.data / "postmaster.pid").read_text().split()[0]
        out = subprocess.run(["pgrep", "-P", first], capture_output=True, text=True).stdout
        return [int(first), *(int(p) for p in out.split())]

    @contextlib.contextmanager
    def frozen(self) -> Iterator[None]:
        """The server hung as a stalled host would hang it: SIGSTOP to the postmaster *and* its
        backends (RECIPES.md: the postmaster alone changes nothing for pooled connections),
        SIGCONT to all of them afterwards."""
        stopped = self.pids()
        for pid in stopped:
            with contextlib.suppress(ProcessLookupError):  # a backend that ended meanwhile
                os.kill(pid, signal.SIGSTOP)
        try:
            yield
        finally:
            for pid in stopped:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGCONT)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://karma@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)
