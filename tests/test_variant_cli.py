"""`karma validate` and `karma rules`: output and exit codes 0, 1 and 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.commands.cli import main
from referee.variant import VARIANTS_DIR
from referee.variant.registry import builtin
from referee.variant.sheet import rules_sheet

BAD = Path(__file__).parent / "variant_cases" / "bad" / "burn-zero.yaml"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def test_validate_all_shipped_is_zero(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in VARIANTS_DIR.glob("*.yaml"))
    status, out, _ = run(capsys, "validate", *files)
    assert status == 0
    assert out.splitlines() == [f"{f}: valid" for f in files]


def test_validate_invalid_is_one(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "validate", str(VARIANTS_DIR / "classic.yaml"), str(BAD))
    assert status == 1
    assert out.splitlines() == [
        f"{VARIANTS_DIR / 'classic.yaml'}: valid",
        f"{BAD}:20:7: burn: 0 is less than the minimum 1",
        f"{BAD}: invalid (1 error)",
    ]


def test_validate_unreadable_is_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.yaml"
    status, out, _ = run(capsys, "validate", str(BAD), str(missing), str(tmp_path))
    assert status == 2
    assert f"{missing}:0:0: (top level): no such file; expected a path to an existing file" in out
    assert f"{tmp_path}:0:0: (top level): this is a folder; expected a file" in out
    assert f"{missing}: unreadable" in out
    binary = tmp_path / "x.yaml"
    binary.write_bytes(b"\xff\xfe\x00")
    assert run(capsys, "validate", str(binary))[0] == 2


def test_validate_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["validate"])
    assert info.value.code == 2
    capsys.readouterr()


def test_rules_by_id_and_by_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "rules", "second-edition")
    assert status == 0 and out == rules_sheet(builtin("second-edition"))
    status, out, _ = run(capsys, "rules", str(VARIANTS_DIR / "shithead.yaml"))
    assert status == 0 and out.startswith("# Shithead\n")
    target = tmp_path / "sheet.md"
    status, out, _ = run(capsys, "rules", "classic", "-o", str(target))
    assert status == 0 and out == ""
    assert target.read_text(encoding="utf-8") == rules_sheet(builtin("classic"))


def test_rules_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "rules", str(BAD))
    assert status == 1 and out == ""
    assert f"{BAD}:20:7: burn: 0 is less than the minimum 1" in err
    status, out, err = run(capsys, "rules", "no-such-variant")
    assert status == 2 and "no built-in variant is called 'no-such-variant'" in err
    status, _, err = run(capsys, "rules", str(tmp_path / "gone.yaml"))
    assert status == 2 and "no such file" in err
