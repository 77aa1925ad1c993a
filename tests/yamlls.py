"""A small client for ``yaml-language-server`` (the engine of VS Code's YAML support), speaking
its own protocol (LSP: Content-Length framed JSON-RPC over stdio), so that the tests check what
an editor really shows: the diagnostics of a file and the completions at a position.

Only the standard library: one reader thread puts every message from the server on a queue;
requests wait for their answer, and ``workspace/configuration`` requests from the server are
answered with ``validate: true`` and the schema store off (no network).
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SERVER = ROOT / "node_modules" / "yaml-language-server" / "bin" / "yaml-language-server"

SETTINGS: dict[str, Any] = {
    "validate": True,
    "hover": True,
    "completion": True,
    "format": {"enable": False},
    "schemaStore": {"enable": False},
    "schemas": {},
}


class YamlLanguageServer:
    """One running server; use as a context manager."""

    def __init__(self, root: Path, timeout: float = 60.0) -> None:
        self.root = root
        self.timeout = timeout
        self.proc = subprocess.Popen(
            ["node", str(SERVER), "--stdio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=root,
        )
        self._next = 0
        self._opened = 0
        self._answers: dict[int, queue.Queue[dict[str, Any]]] = {}
        self._lock = threading.Lock()
        self.diagnostics: dict[str, list[dict[str, Any]]] = {}
        self._seen = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.request(
            "initialize",
            {
                "processId": None,
                "rootUri": root.as_uri(),
                "capabilities": {
                    "workspace": {"configuration": True},
                    "textDocument": {
                        "completion": {"completionItem": {"snippetSupport": True}},
                        "publishDiagnostics": {},
                    },
                },
            },
        )
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": {"yaml": SETTINGS}})

    def __enter__(self) -> YamlLanguageServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.request("shutdown", None, timeout=10)
            self.notify("exit", None)
        except (OSError, TimeoutError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    # --- the wire ---------------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.proc.stdin is not None
        with self._lock:
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = 0
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            message = json.loads(out.read(length))
            self._dispatch(message)

    def _dispatch(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        if method is None:
            box = self._answers.get(message.get("id", -1))
            if box is not None:
                box.put(message)
            return
        if "id" in message:  # a request from the server
            result: Any = None
            if method == "workspace/configuration":
                items = message["params"]["items"]
                result = [SETTINGS if i.get("section") == "yaml" else None for i in items]
            self._send({"id": message["id"], "result": result})
        elif method == "textDocument/publishDiagnostics":
            with self._seen:
                self.diagnostics[message["params"]["uri"]] = message["params"]["diagnostics"]
                self._seen.notify_all()

    def request(self, method: str, params: Any, timeout: float | None = None) -> Any:
        self._next += 1
        ident = self._next
        box: queue.Queue[dict[str, Any]] = queue.Queue()
        self._answers[ident] = box
        self._send({"id": ident, "method": method, "params": params})
        try:
            answer = box.get(timeout=timeout or self.timeout)
        except queue.Empty:
            raise TimeoutError(f"{method}: no answer") from None
        finally:
            del self._answers[ident]
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer.get("result")

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    # --- what an editor does ----------------------------------------------------------------

    def open(self, path: Path, text: str | None = None) -> str:
        """Open a file (its text on disk unless given); its uri."""
        uri = path.resolve().as_uri()
        with self._seen:
            self.diagnostics.pop(uri, None)
        self.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": uri,
                    "languageId": "yaml",
                    "version": 1,
                    "text": path.read_text(encoding="utf-8") if text is None else text,
                }
            },
        )
        return uri

    def diagnostics_of(self, path: Path, text: str | None = None) -> list[dict[str, Any]]:
        """Open the file and wait for the server's diagnostics of it.  Each call opens the file
        under a name of its own in the same folder (late diagnostics of an earlier text of the
        same file cannot be taken for these)."""
        if text is not None:
            self._opened += 1
            path = path.with_name(f"{path.stem}-{self._opened}{path.suffix}")
        uri = self.open(path, text)
        deadline = time.monotonic() + self.timeout
        with self._seen:
            while uri not in self.diagnostics:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no diagnostics for {path}")
                self._seen.wait(left)
            found = self.diagnostics[uri]
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        return found

    def completion(self, path: Path, text: str, line: int, character: int) -> list[str]:
        """The labels offered at a 0-based position of ``text`` (opened as ``path``)."""
        self._opened += 1
        uri = self.open(path.with_name(f"{path.stem}-{self._opened}{path.suffix}"), text)
        result = self.request(
            "textDocument/completion",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
        )
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        items = result.get("items", []) if isinstance(result, dict) else (result or [])
        return [str(i["label"]) for i in items]
