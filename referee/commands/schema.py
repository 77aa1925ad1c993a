"""`karma schema`: print the variant (or record) JSON Schema, or write both to a folder.

What it prints and writes is what the generator makes (``referee.variant.schema_gen``) from the
effect units, not a copy of a file: ``python -m referee.variant.schema_gen`` in a checkout
regenerates the checked-in schemas after a new effect (tests/test_variant_schema.py keeps them
equal).  A variant
file or game record downloaded from the app points editors at the app, which serves its schemas;
a file whose first line names ``variant.schema.json`` alone reads the copy beside it, which
``karma schema --out FOLDER`` writes (README: editors).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.files.resources import RECORD_SCHEMA, VARIANT_SCHEMA
from referee.variant.schema_gen import GENERATED, render


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
        name = VARIANT_SCHEMA if args.which == "variant" else RECORD_SCHEMA
        sys.stdout.write(render(GENERATED[name]()))
        return 0
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, build in GENERATED.items():
            (out / name).write_text(render(build()), encoding="utf-8")
            print(out / name)
    except OSError as e:
        print(f"karma schema: cannot write to {out} ({e.strerror or e})", file=sys.stderr)
        return 2
    return 0
