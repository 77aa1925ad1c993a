"""Keep Streamlit's garbage collection after every run cheap (issue 17: tap -> verdict time).

Streamlit runs a full collection (``gc.collect(2)``) after each run of the page.  Nearly all of
what it walks is the code loaded once per process: Streamlit, SQLAlchemy, pandas, the referee's
modules - some 170,000 objects that are never garbage, and 70-110 ms of work on every tap, during
which the page's last message waits.  :func:`freeze_loaded_code` moves what is alive into the
collector's permanent generation (``gc.freeze``) whenever new modules were loaded since last
time, so a run's collection walks only what the sessions made since (about 1 ms).

Frozen objects are still freed when nothing refers to them any more; only cycles among them
wait for the process to end.  A freeze happens a handful of times per process (after the first
run of each page that loads new code), so what it holds of the sessions alive at that moment
is bounded.
"""

from __future__ import annotations

import gc
import sys

_modules_seen = 0


def freeze_loaded_code() -> bool:
    """Freeze the heap if modules were loaded since the last call; True when it did."""
    global _modules_seen
    loaded = len(sys.modules)
    if loaded == _modules_seen:
        return False
    _modules_seen = loaded
    gc.collect()  # garbage first: only what is alive goes to the permanent generation
    gc.freeze()
    return True
