"""What Streamlit runs as a script (the entry points and the screens) shows only what it calls
Streamlit to show: no string or value alone on a line, which Streamlit's "magic" would write on
the page (a variable's docstring once showed on the Design page).  The app turns magic off as
well (``runner.magicEnabled``); this keeps the scripts right wherever they run (AppTest)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee.commands.app import STREAMLIT_OPTIONS

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(
    [
        ROOT / "streamlit_app.py",
        ROOT / "referee" / "app" / "main.py",
        ROOT / "referee" / "app" / "server.py",
        *(ROOT / "referee" / "app" / "screens").glob("*.py"),
    ]
)
QUIET = (ast.Call, ast.Yield, ast.YieldFrom, ast.Await)


def shown(tree: ast.AST) -> list[int]:
    """The lines where magic would write something: a bare expression that is not a call and
    not the docstring of the module, a function or a class."""
    out = []
    for holder in ast.walk(tree):
        body = getattr(holder, "body", None)
        if not isinstance(body, list):
            continue
        docstring_at = isinstance(holder, ast.Module | ast.FunctionDef | ast.ClassDef)
        for i, stmt in enumerate(body):
            if not isinstance(stmt, ast.Expr) or isinstance(stmt.value, QUIET):
                continue
            is_doc = i == 0 and docstring_at and isinstance(stmt.value, ast.Constant)
            if not is_doc:
                out.append(stmt.lineno)
    return out


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_page_script_shows_nothing_by_magic(script: Path) -> None:
    assert script.exists()
    assert shown(ast.parse(script.read_text(encoding="utf-8"))) == []


def test_the_check_finds_a_docstring_under_a_variable() -> None:
    tree = ast.parse('"""Module."""\nX = 1\n"""What X is."""\nname\nst.write(1)\n')
    assert shown(tree) == [3, 4]


def test_the_app_turns_magic_off() -> None:
    assert dict(STREAMLIT_OPTIONS)["runner.magicEnabled"] == "false"
