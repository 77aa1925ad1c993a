"""A small TCP proxy in front of the test PostgreSQL server that loses a COMMIT or its answer,
as a network that drops packets would (RECIPES.md): two threads per connection, one per
direction.  Once a connection's client→server bytes carry ``COMMIT`` after an ``UPDATE`` of
the games table, the proxy (``mode="answer"``) stops forwarding the server's bytes on that
connection — the step is stored, the app never hears so — or (``mode="commit"``) stops
forwarding the client's — nothing is stored, and the app does not hear that either.  Each
poisoned connection is counted; only ``times`` connections are poisoned, later ones pass."""

from __future__ import annotations

import contextlib
import socket
import threading


class CommitProxy:
    def __init__(self, upstream_port: int, mode: str = "answer", times: int = 1) -> None:
        assert mode in ("answer", "commit")
        self.upstream_port = upstream_port
        self.mode = mode
        self.left = times
        self.poisoned = 0
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._stopped = False
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, database_url: str) -> str:
        """``database_url`` (on the upstream server) through this proxy."""
        return database_url.replace(f":{self.upstream_port}/", f":{self.port}/")

    def stop(self) -> None:
        self._stopped = True
        with contextlib.suppress(OSError):
            self._listener.close()

    def _accept(self) -> None:
        while not self._stopped:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
        cut = threading.Event()  # set: this connection's COMMIT (or its answer) is lost
        back = threading.Thread(target=self._back, args=(upstream, client, cut), daemon=True)
        back.start()
        seen = b""
        with client, upstream, contextlib.suppress(OSError):
            while data := client.recv(65536):
                if not cut.is_set():
                    seen = (seen + data)[-65536:]
                    if b"UPDATE games" in seen and b"COMMIT" in seen[seen.index(b"UPDATE games") :]:
                        with self._lock:
                            if self.left > 0:
                                self.left -= 1
                                self.poisoned += 1
                                cut.set()
                        if cut.is_set() and self.mode == "commit":
                            continue  # the COMMIT never reaches the server
                        seen = b""
                if cut.is_set() and self.mode == "commit":
                    continue
                upstream.sendall(data)
            # The client is gone: so is the server's side (shut down first, or the thread
            # blocked reading it keeps it open), and the server rolls back what it held.
            upstream.shutdown(socket.SHUT_RDWR)

    @staticmethod
    def _back(src: socket.socket, dst: socket.socket, cut: threading.Event) -> None:
        with contextlib.suppress(OSError):
            while data := src.recv(65536):
                if not cut.is_set():
                    dst.sendall(data)
        with contextlib.suppress(OSError):
            dst.shutdown(socket.SHUT_WR)
