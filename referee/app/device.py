""" "This device" means the browser, not the tab: the device key cookie (public mode).

The app makes a random key on a browser's first visit and asks the browser to keep it (an
invisible component sets a cookie on the app's own address: ``SameSite=Lax``, ``Secure`` over
https, kept 400 days).  The browser sends it with every request, so a new tab, a typed address
or a restarted browser is the same device (``st.context.cookies``); the store keeps only a hash
of it with the games it holds (``referee.store.access``).  Clearing the browser's data forgets it,
and with it the list of games (their links still open them).
"""

from __future__ import annotations

import streamlit.components.v1 as components

from referee.app.scratch import own_folder
from referee.store.access import DEVICE_COOKIE, DEVICE_MAX_AGE

# The component: takes no room, shows nothing, sets the cookie it is given once per key.
PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body><script>
let done = null;
const send = (type, data) =>
  window.parent.postMessage(Object.assign({isStreamlitMessage: true, type: type}, data), "*");
window.addEventListener("message", (e) => {
  const d = e.data;
  if (!d || d.type !== "streamlit:render" || d.args.value === done) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = d.args.name + "=" + d.args.value + "; Max-Age=" + d.args.max_age +
    "; Path=/; SameSite=Lax" + secure;
  done = d.args.value;
});
send("streamlit:componentReady", {apiVersion: 1});
send("streamlit:setFrameHeight", {height: 0});
</script></body></html>
"""

_folder = own_folder("karma-device-")
(_folder / "index.html").write_text(PAGE)
_component = components.declare_component("karma_device", path=str(_folder))


def keep(key: str) -> None:
    """Ask this browser to keep ``key`` as its device key (drawn on every run of a session
    whose browser had none, so that the cookie is set whatever reruns come first)."""
    _component(name=DEVICE_COOKIE, value=key, max_age=DEVICE_MAX_AGE, key="karma_device")
