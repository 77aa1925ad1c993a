"""`karma rules FILE`: print a variant's rules sheet, in Markdown or as a printable HTML page.

Exit status: 0 with the sheet, 1 when the variant is invalid (its problems go to stderr), 2 when
the file cannot be read or no built-in variant has that id.

The sheet's text is inert wherever it goes (issue 19): the Markdown escapes a group's words and
shows their control characters (:mod:`referee.words.markdown`), the HTML writes only its own tags
(:mod:`referee.variant.sheet_html`), and a terminal gets :func:`referee.words.inert.visible_lines`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from referee.files.yamlsafe import UNREADABLE, Problem
from referee.variant.loader import LoadResult, load_variant_file, load_variant_text
from referee.variant.registry import builtin_ids, builtin_text
from referee.variant.sheet import rules_sheet
from referee.variant.sheet_html import rules_sheet_html
from referee.words.inert import visible, visible_lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("variant", metavar="FILE", help="a variant file, or a built-in id")
    parser.add_argument("-o", "--output", metavar="OUT", help="write the sheet to this file")
    parser.add_argument(
        "--format",
        choices=("markdown", "html"),
        default="markdown",
        help="markdown (default), or html: a standalone page styled for printing",
    )


def _load(name: str) -> LoadResult:
    path = Path(name)
    if not path.exists() and name in builtin_ids():
        return load_variant_text(builtin_text(name), f"{name}.yaml")
    if not path.exists() and "/" not in name and not name.endswith((".yaml", ".yml")):
        known = ", ".join(builtin_ids())
        message = (
            f"no such file, and no built-in variant is called '{name}'; expected a variant file "
            f"or one of: {known}"
        )
        return LoadResult(None, [Problem(name, 0, 0, "", message, UNREADABLE)], [])
    return load_variant_file(path)


def run(args: argparse.Namespace) -> int:
    result = _load(args.variant)
    for problem in result.problems:
        print(visible(problem), file=sys.stderr)
    if result.unreadable:
        return 2
    if result.variant is None:
        return 1
    sheet = (
        rules_sheet_html(result.variant) if args.format == "html" else rules_sheet(result.variant)
    )
    if args.output:
        try:
            Path(args.output).write_text(sheet, encoding="utf-8")
        except OSError as e:
            why = e.strerror or e
            print(visible(f"{args.output}: cannot write the sheet ({why})"), file=sys.stderr)
            return 2
    else:
        sys.stdout.write(visible_lines(sheet))
    return 0
