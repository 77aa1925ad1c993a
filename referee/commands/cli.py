"""The `karma` command: a thin dispatcher; each subcommand lives in ``referee.commands``.

Standard output goes through :class:`referee.words.inert.InertWriter`: a group's words (player, card
and variant names) in any command's output show their control characters as escapes instead of
acting on the terminal (issue 19).  Each command also makes its own words visible; this is the
one place no command can forget.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from importlib import metadata

from referee.words.inert import InertWriter

# name -> (module, one-line help).  Modules expose add_arguments(parser) and run(args) -> int.
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("referee.commands.validate", "check variant files against the schema and rules"),
    "rules": (
        "referee.commands.rules",
        "print a variant's rules sheet (Markdown, or HTML for printing)",
    ),
    "replay": ("referee.commands.replay", "replay game records and scenarios"),
    "simulate": ("referee.commands.simulate", "self-play a variant and print a balance report"),
    "schema": ("referee.commands.schema", "print or write the variant and record JSON Schemas"),
    "app": ("referee.commands.app", "start the Streamlit app"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="karma", description="Karma Referee")
    parser.add_argument("--version", action="version", version=f"karma {version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        module = importlib.import_module(module_name)  # a broken command must fail loudly
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def version() -> str:
    """The installed package's version (the checkout's own when not installed)."""
    try:
        return metadata.version("karma-referee")
    except metadata.PackageNotFoundError:
        from referee import __version__

        return __version__


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    run = getattr(args, "_run", None)
    if run is None:
        parser.error(f"the command {args.command!r} is not available")
    stdout = sys.stdout
    sys.stdout = InertWriter(stdout)
    try:
        return int(run(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    finally:
        sys.stdout = stdout


if __name__ == "__main__":
    sys.exit(main())
