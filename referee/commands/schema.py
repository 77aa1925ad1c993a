"""`karma schema`: print the variant (or record) JSON Schema, or write both to a folder.

What it prints and writes is what the generators make (``referee.variant.schema_gen``,
``referee.records.schema``) from the declarations and the effect units, not a copy of a file:
``python -m referee.commands.schema`` in a checkout regenerates the checked-in schemas after a new
field or effect (tests/test_variant_schema.py keeps them equal).  A variant
file or game record downloaded from the app points editors at the app, which serves its schemas;
a file whose first line names ``variant.schema.json`` alone reads the copy beside it, which
``karma schema --out FOLDER`` writes (README: editors).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.files.resources import RECORD_SCHEMA, VARIANT_SCHEMA
from referee.records.schema import record_schema
from referee.variant.schema_gen import render, variant_schema

SCHEMAS_DIR = Path(__file__).resolve().parents[2] / "schemas"  # for editors, in a checkout
SERVED_DIR = Path(__file__).resolve().parents[1] / "app" / "static"  # what the app serves
GENERATED = {"variant.schema.json": variant_schema, "record.schema.json": record_schema}


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


def main(argv: list[str] | None = None) -> int:
    """Write the checked-in schema files from the effect units, or with ``--check`` only say
    whether they are up to date (exit 1 when not): a new effect touches no schema by hand."""
    parser = argparse.ArgumentParser(
        prog="python -m referee.commands.schema",
        description=(
            f"Write the JSON Schemas made from the effect units (variant.schema.json, "
            f"record.schema.json) to {SCHEMAS_DIR}, which editors read in a checkout, and to "
            f"{SERVED_DIR}, which the app serves."
        ),
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 and name the files that differ from the generated ones",
    )
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    stale = []
    for name, build in GENERATED.items():
        text = render(build())
        for path in (SCHEMAS_DIR / name, SERVED_DIR / name):
            if args.check:
                if not path.exists() or path.read_text(encoding="utf-8") != text:
                    stale.append(path)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path}")
    for path in stale:
        print(f"{path} is out of date: run python -m referee.commands.schema")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
