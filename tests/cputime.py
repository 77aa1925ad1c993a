"""CPU-seconds per test, of the test's process and everything it started (app servers,
Chromium, workers): ``KARMA_TEST_CPU=1 .venv/bin/python -m pytest -n auto`` prints the
tests that cost most.  Unlike a test's duration, its CPU time hardly moves with the load of the
machine, so the suite's cost can be read on a busy machine too (docs/development.md)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

TICK = os.sysconf("SC_CLK_TCK")
_KEY = "karma-cpu-seconds"


def _tree_cpu(root: int) -> float:
    """CPU-seconds of ``root`` and its descendants, the ones they have reaped included."""
    parent: dict[int, int] = {}
    spent: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(stat.parent.name)
        parent[pid] = int(fields[1])
        spent[pid] = sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    total, todo = 0, [root]
    children: dict[int, list[int]] = {}
    for pid, ppid in parent.items():
        children.setdefault(ppid, []).append(pid)
    while todo:
        pid = todo.pop()
        total += spent.get(pid, 0)
        todo.extend(children.get(pid, []))
    return total / TICK


_started: dict[str, float] = {}


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _started[item.nodeid] = _tree_cpu(os.getpid())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    if call.when == "teardown" and item.nodeid in _started:
        spent = _tree_cpu(os.getpid()) - _started.pop(item.nodeid)
        outcome.get_result().user_properties.append((_KEY, spent))


_seen: list[tuple[float, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for key, value in report.user_properties:
        if key == _KEY and report.when == "teardown":
            _seen.append((float(value), report.nodeid))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _seen:
        return
    terminalreporter.section("CPU-seconds per test (the test's process tree)")
    total = sum(s for s, _ in _seen)
    terminalreporter.write_line(f"{total:9.1f} in all, {len(_seen)} tests")
    for seconds, nodeid in sorted(_seen, reverse=True)[:60]:
        terminalreporter.write_line(f"{seconds:9.1f} {nodeid}")
    by_file: dict[str, float] = {}
    for seconds, nodeid in _seen:
        name = nodeid.split("::")[0]
        by_file[name] = by_file.get(name, 0.0) + seconds
    terminalreporter.section("CPU-seconds per test file")
    for name, seconds in sorted(by_file.items(), key=lambda kv: -kv[1])[:40]:
        terminalreporter.write_line(f"{seconds:9.1f} {name}")
    out = os.environ.get("KARMA_TEST_CPU", "")
    if out.endswith(".json"):  # every test's figure, to compare two runs
        import json

        Path(out).write_text(json.dumps({n: s for s, n in _seen}, indent=0))
