"""The README shows real output: its example verdict is what the referee says today."""

from __future__ import annotations

import re
from pathlib import Path

from referee.engine import Game, Play, Position
from referee.variant.registry import builtin

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readmes_example_verdict_is_the_referees_own_words() -> None:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"reads like the rule book:\n\n```\n(.*?)\n```", text, re.S)
    assert block is not None, "the README's verdict example is missing"
    game = Game.from_position(
        builtin("classic"),
        ["Ann", "Ben"],
        Position("Ben", pile=("five_or_below",), hand={"Ann": 3, "Ben": 3}),
    )
    assert block.group(1) == str(game.explain(Play("Ben", (6,))))
