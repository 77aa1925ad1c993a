"""`karma validate FILE...`: check variant files and say every problem, located.

Exit status: 0 when every file is valid (warnings allowed), 1 when some file is invalid, 2 when
some file cannot be read at all (missing, a folder, not UTF-8 text).  Never a traceback.
"""

from __future__ import annotations

import argparse

from referee.variant.loader import LoadResult, load_variant_file
from referee.words.inert import visible


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="variant files (YAML)")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors (exit 1)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only the problems")


def _summary(name: str, result: LoadResult) -> str:
    errors, warnings = len(result.errors), len(result.warnings)
    notes = f"{warnings} warning" + ("" if warnings == 1 else "s")
    if result.unreadable:
        return f"{name}: unreadable"
    if errors:
        counts = (
            f"{errors} error" + ("" if errors == 1 else "s") + (f", {notes}" if warnings else "")
        )
        return f"{name}: invalid ({counts})"
    return f"{name}: valid" + (f" ({notes})" if warnings else "")


def run(args: argparse.Namespace) -> int:
    status = 0
    for name in args.files:
        result = load_variant_file(name)
        for problem in result.problems:
            print(visible(problem))
        if not args.quiet:
            print(visible(_summary(name, result)))
        if result.unreadable:
            status = 2
        elif (not result.ok or (args.strict and result.warnings)) and status == 0:
            status = 1
    return status
