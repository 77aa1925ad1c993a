"""`karma schema`: print the variant (or record) JSON Schema, or write both to a folder.

A variant file's first line points editors at the stable schema address (referee.resources);
with ``--out DIR`` a group keeps local copies and points the editor there instead (README).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.resources import RECORD_SCHEMA, VARIANT_SCHEMA, schema_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "which",
        nargs="?",
        choices=("variant", "record"),
        default="variant",
        help="which schema to print (default: variant)",
    )
    parser.add_argument(
        "--out", metavar="DIR", help="write variant.schema.json and record.schema.json to DIR"
    )


def run(args: argparse.Namespace) -> int:
    if args.out is None:
        sys.stdout.write(schema_text(VARIANT_SCHEMA if args.which == "variant" else RECORD_SCHEMA))
        return 0
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name in (VARIANT_SCHEMA, RECORD_SCHEMA):
            (out / name).write_text(schema_text(name), encoding="utf-8")
            print(out / name)
    except OSError as e:
        print(f"karma schema: cannot write to {out} ({e.strerror or e})", file=sys.stderr)
        return 2
    return 0
