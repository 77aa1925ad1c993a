"""`karma replay FILE... [--json]`: replay game records and referee scenarios.

Exit status (GAME-RECORDS.md): 0 every `expect` and `check` holds, 1 one does not, 2 a file
cannot be read or is not a valid record.

Names in a record are the group's words: every line goes out through
:func:`referee.words.inert.visible` (a control character in a player's name shows as ``\x1b``, it
does not redraw the terminal), the JSON through :func:`referee.words.inert.json_text`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from referee.records import RecordError, load_record_file, replay
from referee.words.inert import json_text, visible


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="game records or scenarios")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def run(args: argparse.Namespace) -> int:
    status = 0
    rows: list[dict[str, Any]] = []
    out = sys.stdout

    def say(line: str) -> None:
        print(visible(line), file=out)

    for path in args.files:
        try:
            record = load_record_file(path)
        except RecordError as e:
            status = 2
            if args.json:
                for p in e.problems:
                    rows.append(
                        {
                            "file": path,
                            "step": 0,
                            "verdict": "error",
                            "ok": False,
                            "reason": str(p),
                        }
                    )
            else:
                say(f"{path}: not a valid record")
                for p in e.problems:
                    say(f"  {p}")
            continue
        result = replay(record)
        if not result.ok:
            status = max(status, 1)
        if args.json:
            rows.extend({"file": path, **r.to_dict()} for r in result.results)
            continue
        say(f"{path}:")
        for r in result.results:
            mark = "ok  " if r.ok else "FAIL"
            if r.kind == "check":
                text = f"check: {r.reason}"
            elif r.verdict == "illegal":
                text = r.reason
            else:
                text = f"Legal: {r.reason}"
            expected = "" if r.ok or r.kind == "check" else f" (expected {r.expect})"
            say(f"  {mark} {r.number:3d}. {text}{expected}")
        failed = sum(not r.ok for r in result.results)
        total = len(result.results)
        if failed:
            say(f"  {failed} of {total} steps did not hold.")
        else:
            say(f"  all {total} steps hold.")
    if args.json:
        out.write(json_text(rows) + "\n")
    return status
