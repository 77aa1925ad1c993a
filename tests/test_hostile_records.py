"""Hostile records and numbers (issue 8 items 1 and 4): a record names its variant by built-in
id or inline; a path only on the command line, only to a regular file inside the record's own
folder tree, read without blocking; no message echoes a file's content; out-of-range numbers and
broken Unicode get located messages, never a traceback."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from referee.commands.cli import main
from referee.records import RecordError, load_record_file, load_record_text
from referee.variant.loader import load_variant_text

CLASSIC = (Path(__file__).resolve().parents[1] / "variants" / "classic.yaml").read_text()
SECRET = "top-secret-content-line"


def _record(variant: str) -> str:
    return f"variant: {variant}\nplayers: [Ann, Ben]\nsteps: []\n"


def _problems(path: Path) -> list[str]:
    with pytest.raises(RecordError) as err:
        load_record_file(path)
    return [str(p) for p in err.value.problems]


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    f = outside / "secret.yaml"
    f.write_text(f"{SECRET}: 1\n")
    return f


def test_absolute_path_outside_is_refused_without_echo(tmp_path: Path, secret: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "game.yaml").write_text(_record(str(secret)))
    found = _problems(folder / "game.yaml")
    assert any("inside the record's own folder" in p for p in found), found
    assert not any(SECRET in p for p in found)


def test_dot_dot_and_symlink_escapes_are_refused(tmp_path: Path, secret: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "up.yaml").write_text(_record("../outside/secret.yaml"))
    (folder / "link.yaml").symlink_to(secret)
    (folder / "via-link.yaml").write_text(_record("link.yaml"))
    for name in ("up.yaml", "via-link.yaml"):
        found = _problems(folder / name)
        assert any("inside the record's own folder" in p for p in found), found
        assert not any(SECRET in p for p in found)


def test_a_name_no_file_can_have_is_refused_not_a_traceback(tmp_path: Path) -> None:
    """A NUL in the variant's name (found by the fuzz test): pathlib raises on it."""
    (tmp_path / "g.yaml").write_text(_record('"a\\0b"'))
    found = _problems(tmp_path / "g.yaml")
    assert any("inside the record's own folder" in p for p in found), found


def test_etc_passwd_and_hostname_are_not_read(tmp_path: Path) -> None:
    for ref in ("/etc/passwd", "../../etc/hostname"):
        (tmp_path / "g.yaml").write_text(_record(ref))
        found = _problems(tmp_path / "g.yaml")
        assert not any("root:" in p for p in found), found


def test_a_fifo_never_hangs(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "g.yaml").write_text(_record("pipe.yaml"))
    done: list[list[str]] = []
    worker = threading.Thread(target=lambda: done.append(_problems(tmp_path / "g.yaml")))
    worker.daemon = True
    worker.start()
    worker.join(5)
    assert done, "reading a record whose variant is a FIFO hung"
    assert any("not a regular file" in p for p in done[0]), done
    # the record itself a FIFO: refused too, at once
    assert main(["replay", str(tmp_path / "pipe.yaml")]) == 2


def test_dev_stdin_is_refused(tmp_path: Path) -> None:
    (tmp_path / "g.yaml").write_text(_record("/dev/stdin"))
    assert _problems(tmp_path / "g.yaml")


def test_a_file_beside_the_record_is_used(tmp_path: Path) -> None:
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "ours.yaml").write_text(CLASSIC)
    (tmp_path / "g.yaml").write_text(_record("house/ours.yaml"))
    assert load_record_file(tmp_path / "g.yaml").variant.name == "Karma"


def test_the_app_form_never_touches_a_path(tmp_path: Path) -> None:
    """load_record_text without base_dir (the app) refuses every path, even a valid file."""
    (tmp_path / "ours.yaml").write_text(CLASSIC)
    for ref in (str(tmp_path / "ours.yaml"), "ours.yaml", "/etc/passwd"):
        with pytest.raises(RecordError) as err:
            load_record_text(_record(ref), "upload.yaml")
        (problem,) = err.value.problems
        assert "written inline" in problem.message and "root:" not in problem.message


def test_start_without_turn_is_located(tmp_path: Path) -> None:
    text = "variant: classic\nplayers: [Ann, Ben]\nstart:\n  pile: [3]\nsteps: []\n"
    with pytest.raises(RecordError) as err:
        load_record_text(text, "g.yaml")
    assert str(err.value.problems[0]).startswith("g.yaml:4:3: start: missing required field 'turn'")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (("low: 1,", "low: -9223372036854775808,"), "is too large"),
        (("name: Karma", 'name: "\\ud800"'), "lone surrogate"),
        (("copies: 3}", "copies: " + "9" * 4300 + "}"), "4,300 digits is too large"),
        (("copies: 3}", "copies: " + "9" * 5000 + "}"), "at most 4,300 digits"),
        (("burn: 3", "burn: 9007199254740993"), "is too large"),
        (("burn: 3", "burn: 1e400"), "expected an integer"),
        (("burn: 3", "burn: 1.0e+400"), "expected an integer, got inf"),
    ],
)
def test_numbers_and_text_out_of_range_are_located(
    tmp_path: Path, change: tuple[str, str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    old, new = change
    assert old in CLASSIC
    text = CLASSIC.replace(old, new, 1)
    result = load_variant_text(text, "v.yaml")
    assert result.variant is None
    assert any(expected in p.message for p in result.errors), result.errors
    assert all(p.line > 0 for p in result.errors)
    path = tmp_path / "v.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err


def test_an_effect_value_over_2_53_is_refused() -> None:
    text = CLASSIC.replace(
        "copies: 3}",
        "copies: 3}\nrank_powers:\n  - rank: 5\n    effects:\n"
        "      - {effect: value, value: 90071992547409930}",
        1,
    )
    result = load_variant_text(text, "v.yaml")
    assert result.variant is None and "too large" in result.errors[0].message
    text = text.replace("90071992547409930", "100")
    result = load_variant_text(text, "v.yaml")
    assert result.variant is None and "more than the maximum 99" in result.errors[0].message


def test_a_base_dir_alone_does_not_allow_paths(tmp_path: Path) -> None:
    """Paths need allow_paths=True (only load_record_file passes it): a caller that hands over a
    folder but forgets the flag still never opens a file."""
    (tmp_path / "ours.yaml").write_text(CLASSIC)
    with pytest.raises(RecordError) as err:
        load_record_text(_record("ours.yaml"), "upload.yaml", base_dir=tmp_path)
    assert "written inline" in err.value.problems[0].message
    record = load_record_text(_record("ours.yaml"), "g.yaml", base_dir=tmp_path, allow_paths=True)
    assert record.variant.name == "Karma"


def test_inline_variant_problems_point_into_the_record() -> None:
    """A problem in an inline variant is located at its own line in the record, with its path."""
    text = (
        "variant:\n"
        + "".join(
            f"  {line}\n" for line in CLASSIC.replace("copies: 3}", "copies: 99}", 1).splitlines()
        )
        + "players: [Ann, Ben]\nsteps: []\n"
    )
    with pytest.raises(RecordError) as err:
        load_record_text(text, "g.yaml")
    (problem,) = err.value.problems
    assert problem.path == "variant.ranks.copies" and "more than the maximum 12" in problem.message
    line = text.splitlines()[problem.line - 1]
    assert "copies: 99" in line and line[problem.column - 1 :].startswith("99")


def test_record_numbers_and_surrogates_name_the_step(tmp_path: Path, capsys) -> None:
    """`steps[0]` is `step 1` for values refused while parsing too, and replay exits 2."""
    cases = {
        "big.yaml": (
            "  - check: {pile: " + "9" * 4300 + "}\n",
            "big.yaml:4:19: step 1: check.pile:",
        ),
        "neg.yaml": (
            "  - {by: Ann, play: [-9223372036854775808]}\n",
            "neg.yaml:4:22: step 1: play[0]:",
        ),
        "sur.yaml": ('  - {pickup: "\\ud800"}\n', "sur.yaml:4:14: step 1: pickup: the text holds"),
    }
    for name, (step, expected) in cases.items():
        (tmp_path / name).write_text("variant: classic\nplayers: [Ann, Ben]\nsteps:\n" + step)
        assert main(["replay", str(tmp_path / name)]) == 2
        out = capsys.readouterr().out
        assert expected in out and "Traceback" not in out, out


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b"a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n", "anchors (&a) are not allowed"),
        (b"steps: " + b"[" * 40_000 + b"]" * 40_000 + b"\n", "nested more than"),
        (b"name: '" + b"x" * (10 * 1024 * 1024) + b"'\n", "the file is too large"),
        (b"steps: [" + b"1," * 200_000 + b"]\n", "more than 80,000 values"),
    ],
    ids=["alias-bomb", "deep-nesting", "ten-megabytes", "too-many-values"],
)
def test_hostile_yaml_protections_hold_for_records(
    tmp_path: Path, body: bytes, expected: str, capsys
) -> None:
    """The record limits grew for long games (issue 8 item 6); the hostile-YAML guards did not
    go: each of these is refused at once by `karma replay`, exit 2."""
    import time

    path = tmp_path / "hostile.yaml"
    path.write_bytes(b"variant: classic\nplayers: [Ann, Ben]\n" + body)
    started = time.process_time()  # CPU time: a busy machine does not stretch it
    assert main(["replay", str(path)]) == 2
    assert time.process_time() - started < 10  # CPU-s: never a runaway; bench/ times it
    out = capsys.readouterr().out
    assert expected in out, out[:500]
