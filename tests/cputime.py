"""CPU-seconds per test, of the test's process and everything it started (app servers,
Chromium, workers): ``KARMA_TEST_CPU=1 .venv/bin/python -m pytest -n auto`` prints the
tests that cost most.  Unlike a test's duration, its CPU time hardly moves with the load of the
machine, so the suite's cost can be read on a busy machine too (docs/development.md)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

TICK = os.sysconf("SC_CLK_TCK")
_KEY = "karma-cpu-seconds"
EVERY_S = 0.25


def _processes() -> dict[int, tuple[int, str, int]]:
    """pid -> (parent, start time, CPU ticks)."""
    found: dict[int, tuple[int, str, int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        own = int(fields[11]) + int(fields[12])
        found[int(stat.parent.name)] = (int(fields[1]), fields[19], own)
    return found


class TreeSampler:
    """The CPU of this worker's process tree, read every quarter second.  A test's process tree
    at its end misses Chromium's renderers (they are never reaped into it), so the tree is
    sampled while it runs: each process counts with the most CPU it was seen to have.  A process
    that lives less than a quarter second is missed (a small undercount)."""

    def __init__(self, root: int) -> None:
        self.root = root
        self.seen: dict[tuple[int, str], int] = {}  # (pid, start) -> most ticks seen
        self.lock = threading.Lock()
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        while True:
            self.sample()
            time.sleep(EVERY_S)

    def sample(self) -> float:
        """Read the tree now; the ticks counted so far, in seconds."""
        found = _processes()
        children: dict[int, list[int]] = {}
        for pid, (parent, _start, _own) in found.items():
            children.setdefault(parent, []).append(pid)
        with self.lock:
            todo = [self.root]
            while todo:
                pid = todo.pop()
                if pid in found:
                    _parent, start, own = found[pid]
                    key = (pid, start)
                    self.seen[key] = max(self.seen.get(key, 0), own)
                todo.extend(children.get(pid, []))
            return sum(self.seen.values()) / TICK


_sampler: list[TreeSampler] = []


def _tree_cpu() -> float:
    if not _sampler:
        _sampler.append(TreeSampler(os.getpid()))
    return _sampler[0].sample()


_started: dict[str, float] = {}


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _started[item.nodeid] = _tree_cpu()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    if call.when == "teardown" and item.nodeid in _started:
        spent = _tree_cpu() - _started.pop(item.nodeid)
        outcome.get_result().user_properties.append((_KEY, spent))


_seen: list[tuple[float, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for key, value in report.user_properties:
        if key == _KEY and report.when == "teardown":
            _seen.append((float(value), report.nodeid))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _seen:
        return
    terminalreporter.section("CPU-seconds per test (the test's process tree, sampled)")
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
