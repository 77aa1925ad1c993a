"""Hostile YAML: every file is rejected fast, located, without a crash or a traceback.

Big inputs are generated into tmp_path, never committed.  The time bound (1 s) is part of the
contract for hostile input: an alias bomb or deep nesting must not stall the referee.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.commands.cli import main
from referee.files.yamlsafe import MAX_DEPTH, UNREADABLE
from referee.variant.loader import load_variant_text


def billion_laughs() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def flow_seq(depth: int) -> str:
    return "[" * depth + "]" * depth + "\n"


def flow_map(depth: int) -> str:
    return "{a: " * depth + "1" + "}" * depth + "\n"


def block_seq(depth: int) -> str:
    return "- " * depth + "x\n"


def block_map(depth: int) -> str:
    return "".join(" " * i + "a:\n" for i in range(depth)) + " " * depth + "1\n"


HOSTILE: dict[str, Callable[[Path], bytes]] = {
    "alias-bomb": lambda _: billion_laughs().encode(),
    "self-alias": lambda _: b"id: &a [*a]\n",
    "alias-only": lambda _: b"id: *nowhere\n",
    "python-tag": lambda tmp: (
        f"id: x\nname: !!python/object/apply:os.system ['touch {tmp / 'pwned'}']\n".encode()
    ),
    "python-new-tag": lambda tmp: (
        f"id: !!python/object/new:subprocess.Popen [[touch, '{tmp / 'pwned'}']]\n".encode()
    ),
    "python-name-tag": lambda _: b"id: !!python/name:os.system ''\n",
    "binary-tag": lambda _: b"id: !!binary aGVsbG8=\n",
    "ten-megabytes": lambda _: b"name: '" + b"x" * (10 * 1024 * 1024) + b"'\n",
    "just-under-the-size-cap": lambda _: b"name: '" + b"x" * (250 * 1024) + b"'\n",
    "flow-seq-5000": lambda _: flow_seq(5000).encode(),
    "flow-seq-40000": lambda _: flow_seq(40000).encode(),
    "flow-map-5000": lambda _: flow_map(5000).encode(),
    "flow-map-40000": lambda _: flow_map(40000).encode(),
    "block-seq-5000": lambda _: block_seq(5000).encode(),
    "block-seq-40000": lambda _: block_seq(40000).encode(),
    "block-map-500": lambda _: block_map(500).encode(),
    "block-map-5000": lambda _: block_map(5000).encode(),
    "mixed-nesting-40000": lambda _: ("{a: [" * 20000 + "]}" * 20000).encode(),
    "invalid-utf8": lambda _: b"id: test\nname: caf\xe9\n",
    "nul-bytes": lambda _: b"id: test\x00\x00\n",
    "empty": lambda _: b"",
    "whitespace-only": lambda _: b"   \n\n",
    "null-document": lambda _: b"~\n",
    "top-level-list": lambda _: b"- 1\n- 2\n",
    "top-level-string": lambda _: b"hello\n",
    "many-unknown-keys": lambda _: b"".join(b"k%d: 1\n" % i for i in range(20000)),
    "many-values": lambda _: b"[" + b",".join(b"1" for _ in range(100_000)) + b"]\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_text_is_rejected_fast_and_located(name: str, tmp_path: Path) -> None:
    data = HOSTILE[name](tmp_path)
    start = time.process_time()  # CPU time: a busy machine does not stretch it
    result = load_variant_text(data, f"{name}.yaml")
    elapsed = time.process_time() - start
    assert elapsed < 1.0, f"{name} took {elapsed:.3f} s"
    assert not result.ok and result.variant is None
    assert result.errors
    first = result.errors[0]
    assert first.line >= 1 and first.column >= 1
    assert str(first).startswith(f"{name}.yaml:{first.line}:{first.column}: ")
    assert "expected" in first.message  # what is wrong; what is expected
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_file_through_validate(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(HOSTILE[name](tmp_path))
    start = time.process_time()  # CPU time: a busy machine does not stretch it
    status = main(["validate", str(path)])
    elapsed = time.process_time() - start
    out, err = capsys.readouterr()
    assert elapsed < 1.0, f"{name} took {elapsed:.3f} s"
    expected = 2 if name in ("invalid-utf8", "nul-bytes") else 1
    assert status == expected
    assert f"{path}:" in out and "Traceback" not in out + err
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("alias-bomb", "anchors (&a) are not allowed"),
        ("self-alias", "anchors (&a) are not allowed"),
        ("alias-only", "aliases (*nowhere) are not allowed"),
        ("python-tag", "the tag !!python/object/apply:os.system is not allowed"),
        ("binary-tag", "the tag !!binary is not allowed"),
        ("ten-megabytes", "the file is too large"),
        ("flow-seq-40000", f"nested more than {MAX_DEPTH} deep"),
        ("flow-map-40000", f"nested more than {MAX_DEPTH} deep"),
        ("block-seq-40000", f"nested more than {MAX_DEPTH} deep"),
        ("block-map-500", f"nested more than {MAX_DEPTH} deep"),
        ("invalid-utf8", "not UTF-8"),
        ("nul-bytes", "control character"),
        ("empty", "the file is empty"),
        ("null-document", "expected a mapping"),
        ("top-level-list", "expected a mapping (key: value lines), got a list"),
        ("top-level-string", "expected a mapping (key: value lines), got 'hello'"),
    ],
)
def test_hostile_messages(name: str, message: str, tmp_path: Path) -> None:
    result = load_variant_text(HOSTILE[name](tmp_path), "f.yaml")
    assert message in result.errors[0].message


def test_invalid_utf8_is_located_and_unreadable() -> None:
    result = load_variant_text(b"id: test\nname: caf\xe9\n", "f.yaml")
    assert [str(p) for p in result.errors] == [
        "f.yaml:2:10: (top level): the file is not UTF-8 text (byte 0xe9); "
        "expected a UTF-8 text file"
    ]
    assert result.unreadable and result.errors[0].severity == UNREADABLE


def _children_cpu() -> float:
    """CPU seconds used by this process's finished children (user and system)."""
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def test_deep_nesting_in_a_real_karma_process(tmp_path: Path) -> None:
    """The C loader segfaults at this depth; the real script must answer calmly."""
    path = tmp_path / "deep.yaml"
    path.write_text(flow_seq(40000))
    script = Path(sys.executable).with_name("karma")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "referee"]
    start = _children_cpu()  # the child's CPU time: a busy machine does not stretch it
    proc = subprocess.run(
        [*cmd, "validate", str(path)], capture_output=True, text=True, timeout=120
    )
    elapsed = _children_cpu() - start
    assert proc.returncode == 1, proc.stderr
    assert f"{path}:1:{MAX_DEPTH + 1}: (top level): lists and mappings are nested" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr
    # CPU seconds, the interpreter's own start-up included; the parse itself is well under 1 s.
    assert elapsed < 2.0, f"took {elapsed:.2f} s"
