"""The README shows real output: its example verdict is what the referee says today."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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
    assert block.group(1) == str(game.advice.explain(game.state, Play("Ben", (6,))))


# Every command the README and the docs give a reader works (issue 40.3).

DOCS = [
    README,
    *sorted((README.parent / "docs").glob("*.md")),
    README.parent / "variants/README.md",
]
ROOT = README.parent
SHELL_BLOCK = re.compile(r"```(?:sh|bash|shell)\n(.*?)```", re.S)
MAKE = re.compile(r"(?:`|^)make ([a-z][a-z-]*)", re.M)
INLINE_KARMA = re.compile(r"`(?:\.venv/bin/)?karma ([^`]*)`")


def _commands() -> list[tuple[str, str]]:
    """(file, command line) for every line of every shell block, comments dropped."""
    found = []
    for doc in DOCS:
        for block in SHELL_BLOCK.findall(doc.read_text(encoding="utf-8")):
            for line in block.splitlines():
                line = line.split("  #")[0].strip()
                if line:
                    found.append((doc.name, line))
    return found


def _make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][a-z-]*):", text, re.M))


def test_every_make_target_the_docs_name_exists() -> None:
    targets = _make_targets()
    named = {(doc.name, t) for doc in DOCS for t in MAKE.findall(doc.read_text(encoding="utf-8"))}
    assert named, "no make command found in the docs"
    missing = sorted((doc, t) for doc, t in named if t not in targets)
    assert not missing, f"the docs name make targets the Makefile lacks: {missing}"
    assert {"run", "test", "test-fast"} <= {t for _, t in named}


def test_every_karma_command_in_a_shell_block_runs(tmp_path: Path) -> None:
    """Each `.venv/bin/karma ...` line runs as written, in the checkout (its outputs moved into
    a temporary folder; a simulation at a smaller size), with the exit status it promises."""
    import shlex
    import subprocess
    import sys

    lines = [line for _, line in _commands() if line.startswith(".venv/bin/karma ")]
    assert len(lines) >= 5, lines
    for line in lines:
        words = shlex.split(line)[1:]
        for flag, name in (("-o", "rules.html"), ("--out", "schemas-copy")):
            if flag in words:
                words[words.index(flag) + 1] = str(tmp_path / name)
        if "--games" in words:
            words[words.index("--games") + 1] = "20"
        import glob

        args = [w2 for w in words for w2 in (sorted(glob.glob(w, root_dir=ROOT)) or [w])]
        done = subprocess.run(
            [sys.executable, "-m", "referee", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"{line}\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
        assert done.stdout.strip() or any(f in words for f in ("-o", "--out")), (
            f"{line} printed nothing"
        )


def test_every_karma_command_the_docs_mention_parses() -> None:
    """`karma validate FILE`, `karma app`, `karma simulate ours.yaml --compare ...` in the
    prose: the subcommand and every option exist (placeholders stand for real files)."""
    import contextlib
    import io
    import shlex

    from referee.commands.cli import build_parser

    parser = build_parser()
    placeholders = {"FILE": "variants/classic.yaml", "FOLDER": "out", "ours.yaml": "x.yaml"}
    seen = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        inline = INLINE_KARMA.findall(text)
        blocks = [
            m.group(1)
            for block in SHELL_BLOCK.findall(text)
            for m in re.finditer(r"^(?:[A-Z_]+=\S+ +)*(?:\.venv/bin/)?karma (.*)$", block, re.M)
        ]
        for command in inline + blocks:
            words = [placeholders.get(w, w) for w in shlex.split(command.split("  #")[0])]
            seen.append(words[0])
            said = io.StringIO()
            try:
                with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
                    parser.parse_args(words)
            except SystemExit as exit:  # a flag named on its own (`karma replay --json`) is fine
                ok = exit.code == 0 or "arguments are required" in said.getvalue()
                assert ok, f"{doc.name}: `karma {command}` does not parse: {said.getvalue()}"
    assert {"validate", "rules", "replay", "simulate", "schema", "app"} <= set(seen)


def test_the_readme_starts_at_the_kitchen_table() -> None:
    """What a family needs comes first, in order; hosting and development live in docs/."""
    text = README.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.*)$", text, re.M)
    order = ["Start it", "Run it for your table", "At the table", "Designing a house variant"]
    at = [next(i for i, h in enumerate(headings) if h.startswith(o)) for o in order]
    assert at == sorted(at), headings
    for needed in ("Python 3.11", "make", "venv", "Ctrl+C", "first `make run`"):
        assert needed in text, f"the README does not say {needed!r}"
    for doc in ("docs/hosting.md", "docs/development.md"):
        assert f"({doc})" in text and (ROOT / doc).exists()
    for kept_out in ("uv pip compile", "KARMA_DATABASE_URL", "reverse proxy"):
        assert kept_out not in text.split("## More")[0], f"{kept_out!r} belongs in docs/"


def test_every_link_and_picture_in_the_readme_exists() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)\)", text)
    assert any(t.endswith(".png") for t in targets)
    missing = [t for t in targets if not t.startswith("http") and not (ROOT / t).exists()]
    assert not missing, missing


# Each picture in the README shows its page drawn (issue 40.4): read back with OCR (Debian's
# tesseract, which `make test` installs), it holds the page's heading *and* words that only a
# drawn page has (a field's label, a table's header); a picture of Streamlit's grey loading
# placeholders has the heading and nothing else.
PICTURES = {
    "referee-768x1024.png": ["'s turn", "Next:", "How many?"],
    "referee-390x844.png": ["'s turn", "Pick up the pile"],
    "new-game-768x1024.png": ["New game", "Who is playing?", "Which Karma?"],
    "end-768x1024.png": ["Game over", "loses", "Player"],
    "design-1024x768.png": [
        "Design your Karma",
        "About this variant",
        "Short id (letters",
        "Author",
    ],
}
TESSERACT = "/usr/bin/tesseract"


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text).lower().replace("’", "'")


def test_every_readme_picture_is_named_here() -> None:
    shown = {
        Path(t).name for t in re.findall(r"\]\((docs/screenshots/[^)]+)\)", README.read_text())
    }
    assert shown == set(PICTURES), "name the words each README picture must show"


@pytest.mark.skipif(not Path(TESSERACT).exists(), reason="tesseract is not installed (make ocr)")
@pytest.mark.parametrize("picture", sorted(PICTURES))
def test_each_readme_picture_shows_its_page_drawn(picture: str) -> None:
    import subprocess

    path = ROOT / "docs" / "screenshots" / picture
    read = subprocess.run(
        [TESSERACT, str(path), "-"], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    missing = [w for w in PICTURES[picture] if _squash(w) not in _squash(read)]
    assert not missing, f"{picture} does not show {missing}; it reads:\n{read}"
