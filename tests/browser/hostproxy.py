"""A tiny TCP proxy that forges the ``Host`` header of the app's websocket handshake (the request
Streamlit reads ``st.context.headers`` from), as a DNS-rebinding page or a careless reverse
proxy would send it.  A browser cannot set ``Host`` itself."""

from __future__ import annotations

import contextlib
import re
import socket
import threading

STREAM = b"/_stcore/stream"


class HostProxy:
    """Listens on 127.0.0.1 (``port``), forwards to ``upstream``; ``host`` is the forged value."""

    def __init__(self, upstream_port: int, host: str) -> None:
        self.upstream_port = upstream_port
        self.host = host
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self._stopped = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stopped:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        with client, socket.create_connection(("127.0.0.1", self.upstream_port)) as upstream:
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = client.recv(65536)
                if not chunk:
                    return
                head += chunk
            first_line = head.split(b"\r\n", 1)[0]
            if STREAM in first_line:
                forged = b"Host: " + self.host.encode("latin-1")
                head = re.sub(rb"(?im)^host:[^\r\n]*", lambda _: forged, head, count=1)
            upstream.sendall(head)
            back = threading.Thread(target=self._pipe, args=(upstream, client), daemon=True)
            back.start()
            self._pipe(client, upstream)
            back.join(5)

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := src.recv(65536):
                dst.sendall(data)
        with contextlib.suppress(OSError):
            dst.shutdown(socket.SHUT_WR)

    def close(self) -> None:
        self._stopped = True
        self._listener.close()
