"""The start-up heap leaves Streamlit's per-run collection (referee.app.heap, issue 17)."""

from __future__ import annotations

import gc
import sys
import types

from referee.app import heap


def test_loaded_code_is_frozen_once_and_again_only_after_new_modules() -> None:
    heap.freeze_loaded_code()
    assert gc.get_freeze_count() > 0
    assert not heap.freeze_loaded_code()  # nothing new loaded: no collection, no freeze
    sys.modules["_karma_heap_probe"] = types.ModuleType("_karma_heap_probe")
    try:
        assert heap.freeze_loaded_code()
        assert not heap.freeze_loaded_code()
    finally:
        del sys.modules["_karma_heap_probe"]
