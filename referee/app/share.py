"""Sharing from the Design page: a Copy button and a QR code for a link, instead of a wall of
1,200 characters to select by hand."""

from __future__ import annotations

import functools
import json

import streamlit as st

from referee.app import reach
from referee.words.inert import html_text

# The button runs in its own small frame (st.iframe; only the app's own words and the link).  The clipboard API needs a secure page
# (https, or this computer); on a home network's plain http the old copy command does it.
_COPY = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin: 0; font-family: "Source Sans Pro", sans-serif; }}
button {{ min-height: 48px; min-width: 48px; padding: 0 1.2rem; font-size: 1.05rem;
  border-radius: 0.5rem; border: 1px solid #166534; background: #166534; color: #fff;
  cursor: pointer; }}
span {{ margin-left: 0.8rem; font-size: 1rem; color: #111827; }}
</style></head><body><button type="button" id="copy">{label}</button><span id="said"
role="status"></span><script>
const text = {text};
document.getElementById("copy").addEventListener("click", async () => {{
  let ok = false;
  try {{ await navigator.clipboard.writeText(text); ok = true; }} catch (e) {{ ok = false; }}
  if (!ok) {{
    const box = document.createElement("textarea");
    box.value = text; box.setAttribute("readonly", ""); box.style.position = "fixed";
    box.style.opacity = "0"; document.body.appendChild(box); box.select();
    try {{ ok = document.execCommand("copy"); }} catch (e) {{ ok = false; }}
    box.remove();
  }}
  document.getElementById("said").textContent = ok ? {done} : {failed};
}});
</script></body></html>"""


def _js(text: str) -> str:
    """A string as a JavaScript literal that cannot end the script element it sits in."""
    return json.dumps(text).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def copy_html(text: str, label: str, done: str) -> str:
    """The Copy button's page: ``text`` goes to the clipboard; ``label`` and the words said
    afterwards are the app's own (escaped all the same)."""
    failed = "Could not copy here: open the link view and copy it by hand."
    return _COPY.format(label=html_text(label), text=_js(text), done=_js(done), failed=_js(failed))


def copy_button(text: str, label: str, done: str) -> None:
    st.iframe(copy_html(text, label, done), height=56)


@functools.lru_cache(maxsize=16)
def qr_code(url: str) -> bytes | None:
    """A QR code of ``url`` as PNG, or None when it is too long for one (kept for the next
    run: making one for a long link takes about a second)."""
    import segno

    try:
        return reach.qr_png(url, scale=4)
    except segno.DataOverflowError:
        return None
