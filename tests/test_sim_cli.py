"""``karma simulate``: exit codes, --json fields, text and CSV output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.commands.cli import main
from referee.variant.registry import VARIANTS_DIR


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "classic", "-p", "3", "-g", "12", "-s", "4", "--json", "-j", "1")
    assert code == 0, err
    data = json.loads(out)
    for key in ("games", "seconds", "games_per_second", "steps_per_game", "report"):
        assert key in data
    assert data["games"] == 12
    assert data["steps_per_game"] == data["report"]["steps"]["mean"]
    # The old keys are still there, duplicates with the same values, for saved scripts.
    assert data["turns_per_game"] == data["steps_per_game"]
    assert data["turns_per_second"] == data["steps_per_second"]
    assert data["report"]["turns"] == data["report"]["steps"]
    assert data["report"]["turn_cap"] == data["report"]["step_cap"] == 2000
    assert data["may_not_end"] is False
    assert data["report"]["players"] == 3 and data["report"]["seed"] == 4
    assert err == ""  # no progress bar when stderr is not a terminal


def test_json_same_for_any_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("mini-round", "-g", "16", "--bots", "random,smart", "--json")
    _, one, _ = run(capsys, *args, "--jobs", "1")
    _, two, _ = run(capsys, *args, "--jobs", "2")
    a, b = json.loads(one)["report"], json.loads(two)["report"]
    a.pop("timing"), b.pop("timing")
    assert a == b


def test_variant_path_text_and_csv(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(VARIANTS_DIR / "classic.yaml")
    code, out, _ = run(capsys, path, "-g", "5", "--bots", "greedy", "-j", "1")
    assert code == 0
    assert out.startswith("Karma (classic), 4 players, seed 1: 5 games")
    assert "Does it end? Yes" in out and "Game length (steps)" in out
    code, out, _ = run(capsys, "classic", "-g", "5", "--csv", "-j", "1", "--step-cap", "100")
    assert code == 0 and out.startswith("section,key,value\n")
    assert "run,step_cap,100" in out and "run,turn_cap,100" in out


def test_turn_cap_is_the_old_name_of_step_cap(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "classic", "-g", "3", "--json", "-j", "1", "--turn-cap", "50")
    assert code == 0, err
    report = json.loads(out)["report"]
    assert report["step_cap"] == report["turn_cap"] == 50


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("no-such-variant",), "cannot load"),
        (("classic", "--players", "13"), "players"),
        (("classic", "--bots", "random,clever"), "unknown bot 'clever'"),
        (("classic", "--games", "0"), "games"),
        (("classic", "--step-cap", "0"), "step cap"),
        (("classic", "--turn-cap", "0"), "step cap"),
    ],
)
def test_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert message in err


def test_broken_variant_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\nname: [unclosed\n", encoding="utf-8")
    code, _, err = run(capsys, str(bad), "-g", "1")
    assert code == 2 and "cannot load" in err


def test_progress_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    code, _, err = run(capsys, "classic", "-g", "10", "-j", "1", "--bots", "greedy")
    assert code == 0
    assert err.startswith("\r[") and err.endswith("] 10 games\n")
