"""How other devices reach the app: the LAN address, share links and their QR codes.

No Streamlit here: ``karma app`` prints the same address and QR code that the app shows in its
"Join from another device" control.  A share link must work on *another* device, so it is built
from the address the browser used, or from a configured public base URL (``KARMA_PUBLIC_URL``),
and never from 127.0.0.1 / localhost / 0.0.0.0, which mean "this machine" on every device, nor
from a ``Host`` header that names anything but this computer's own addresses.
"""

from __future__ import annotations

import contextlib
import functools
import io
import ipaddress
import os
import socket
from collections.abc import Mapping
from urllib.parse import quote, urlsplit

PUBLIC_URL_ENV = "KARMA_PUBLIC_URL"  # e.g. https://karma.example.org (behind a proxy)
HOST_ENV = "KARMA_HOST"  # the address the server listens on (set by `karma app`)
PORT_ENV = "KARMA_PORT"
ALL_INTERFACES = ("0.0.0.0", "::", "")


def is_local(host: str) -> bool:
    """True for names that mean "this machine" (or "every interface") on any device."""
    h = host.strip().strip("[]").lower()
    if h in ("localhost", "", "0.0.0.0", "::") or h.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(h)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def lan_address() -> str | None:
    """This machine's address on the local network, or None if it has none.

    Connecting a UDP socket sends nothing; it only asks the OS which interface would be used.
    """
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 1))
                ip = str(s.getsockname()[0])
        except OSError:
            continue
        if not is_local(ip):
            return ip
    try:
        ip = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    return None if is_local(ip) else ip


def _host_port(netloc: str) -> tuple[str, str]:
    """Host and port of a ``Host`` header or netloc; ("", "") for one that does not parse
    (``[192.0.2.2]``, stray brackets, control characters): it then names no address at all."""
    try:
        parts = urlsplit(f"//{netloc}")
        host = parts.hostname or ""
        port = str(parts.port) if parts.port else ""
    except ValueError:
        return "", ""
    return host, port


def _netloc(host: str, port: int | str | None) -> str:
    h = f"[{host}]" if ":" in host else host
    return f"{h}:{port}" if port else h


def lan_url(listen_host: str, port: int) -> str | None:
    """The address a tablet on the same network opens, or None when the server is private."""
    if listen_host not in ALL_INTERFACES and is_local(listen_host):
        return None  # --host 127.0.0.1: private to this computer
    host = lan_address() if listen_host in ALL_INTERFACES else listen_host
    return None if host is None else f"http://{_netloc(host, port)}"


def public_base(env: Mapping[str, str] | None = None) -> str | None:
    url = (env if env is not None else os.environ).get(PUBLIC_URL_ENV, "").strip().rstrip("/")
    if not url.startswith(("http://", "https://")):
        return None
    try:
        netloc = urlsplit(url).netloc
    except ValueError:  # "https://[bad": not an address anyone can open
        return None
    host = _host_port(netloc)[0]
    return None if not host or is_local(host) else url


def own_addresses(env: Mapping[str, str] | None = None) -> set[str]:
    """The network addresses of this computer (never loopback): the LAN address the app
    prints, the address it listens on, and what the computer's own name resolves to."""
    env = os.environ if env is None else env
    found = {lan_address() or ""}
    listen = env.get(HOST_ENV, "")
    if listen not in ALL_INTERFACES:
        found.add(listen)
    with contextlib.suppress(OSError):
        found.update(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None))
    return {a.strip("[]").lower() for a in found if a and not is_local(a)}


def base_url(
    browser_host: str | None,
    scheme: str = "http",
    env: Mapping[str, str] | None = None,
) -> str | None:
    """The base of share links: the configured public URL; else the address the browser used
    when that is one of this computer's own addresses; else this computer's LAN address.

    The browser's ``Host`` header is only *compared* with addresses the computer knows it has:
    a forged Host (DNS rebinding, a proxy passing it through) never reaches a link or QR code.
    """
    env = dict(os.environ) if env is None else env
    public = public_base(env)
    if public:
        return public
    port_text = env.get(PORT_ENV, "")
    if browser_host:
        host, port = _host_port(browser_host)
        if host and not is_local(host) and host.strip("[]").lower() in own_addresses(env):
            return f"{scheme}://{_netloc(host, port_text if port_text.isdigit() else port)}"
    listen = env.get(HOST_ENV)
    if listen is None or not port_text.isdigit():
        return None
    return lan_url(listen, int(port_text))


def game_link(base: str, gid: str) -> str:
    return f"{base}/?game={quote(gid, safe='')}"


@functools.lru_cache(maxsize=256)
def qr_png(url: str, scale: int = 6) -> bytes | None:
    """A QR code for ``url`` as PNG bytes (segno: pure Python, no image library needed), or
    None when the address is too long for any QR code.  Kept per address: the Join control
    draws it on every run of every page, and a game's address stays the same all game."""
    import segno

    out = io.BytesIO()
    try:
        code = segno.make(url, error="m")
    except segno.DataOverflowError:
        return None
    code.save(out, kind="png", scale=scale, border=2)
    return out.getvalue()


def qr_text(url: str) -> str:
    """A QR code drawn with block characters, for the terminal."""
    import segno

    out = io.StringIO()
    try:
        segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    except segno.DataOverflowError:
        return "(this address is too long for a QR code)"
    return out.getvalue()
