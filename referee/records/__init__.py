"""Game records and referee scenarios (GAME-RECORDS.md): load, replay, export.

The parts: ``record`` (the values and the error a malformed record raises), ``read`` (loading
with located problems and limits), ``replay`` (each step judged, each expectation compared),
``write`` (steps and positions as data, a game exported); this face names what others use.

A record is *malformed* when its shape is wrong (an unknown key, a wrong type, a player or card
that does not exist, a step with no action): loading raises :class:`RecordError` with located
problems.  A well-formed step that breaks a rule is *illegal*: replay gives it its verdict and
goes on.

Paths: a record names its variant by built-in id or inline.  Only :func:`load_record_file` (the
command line) may follow a path, and only to a regular file inside the record's own folder tree
(symlinks resolved), opened without blocking.  :func:`load_record_text` -- what the app uses for
an upload or a link -- refuses every path unless called with ``allow_paths=True`` and a
``base_dir``, so no user input makes the app read a file on the server.

Size limits, measured (issue 8 item 6): an exported game takes 30-34 bytes and 5.4-5.7 YAML
values a step (random play of every built-in variant, 2-4 players with 9-letter names, face-up
cards known), so a 5,000-step game is 147-165 KiB and 27,000-29,000 values.  The limits --
``RECORD_MAX_BYTES`` 512 KiB and ``RECORD_MAX_NODES`` 80,000 -- leave about three times that.
The pure-Python parser refuses the worst hostile file within the limits (512 KiB of ``1,``) in
about 2 s; alias bombs and deep nesting are refused by :mod:`referee.files.yamlsafe` as before.
"""

from __future__ import annotations

from referee.records.read import (
    RECORD_MAX_BYTES,
    RECORD_MAX_NODES,
    load_record_file,
    load_record_text,
)
from referee.records.record import Record, RecordError, RecordStep
from referee.records.replay import (
    ReplayResult,
    StepResult,
    check_state,
    game_from_record,
    has_a_step,
    new_game,
    push_legal,
    replay,
    start_game,
)
from referee.records.write import (
    export_record,
    position_from_data,
    position_to_data,
    step_from_data,
    step_to_data,
    told_from_data,
    told_to_data,
)

__all__ = [
    "RECORD_MAX_BYTES",
    "RECORD_MAX_NODES",
    "Record",
    "check_state",
    "has_a_step",
    "position_from_data",
    "position_to_data",
    "told_from_data",
    "told_to_data",
    "push_legal",
    "start_game",
    "step_from_data",
    "step_to_data",
    "RecordError",
    "RecordStep",
    "ReplayResult",
    "StepResult",
    "export_record",
    "game_from_record",
    "load_record_file",
    "load_record_text",
    "new_game",
    "replay",
]
