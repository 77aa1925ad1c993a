"""`karma replay FILE... [--json]`: replay game records and referee scenarios.

Exit status (GAME-RECORDS.md): 0 every `expect` and `check` holds, 1 one does not, 2 a file
cannot be read or is not a valid record.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from referee.records import RecordError, load_record_file, replay


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="game records or scenarios")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def run(args: argparse.Namespace) -> int:
    status = 0
    rows: list[dict[str, Any]] = []
    out = sys.stdout
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
                print(f"{path}: not a valid record", file=out)
                for p in e.problems:
                    print(f"  {p}", file=out)
            continue
        result = replay(record)
        if not result.ok:
            status = max(status, 1)
        if args.json:
            rows.extend({"file": path, **r.to_dict()} for r in result.results)
            continue
        print(f"{path}:", file=out)
        for r in result.results:
            mark = "ok  " if r.ok else "FAIL"
            if r.kind == "check":
                text = f"check: {r.reason}"
            elif r.verdict == "illegal":
                text = r.reason
            else:
                text = f"Legal: {r.reason}"
            expected = "" if r.ok or r.kind == "check" else f" (expected {r.expect})"
            print(f"  {mark} {r.number:3d}. {text}{expected}", file=out)
        failed = sum(not r.ok for r in result.results)
        total = len(result.results)
        if failed:
            print(f"  {failed} of {total} steps did not hold.", file=out)
        else:
            print(f"  all {total} steps hold.", file=out)
    if args.json:
        json.dump(rows, out, indent=2, ensure_ascii=False)
        out.write("\n")
    return status
