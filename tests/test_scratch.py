"""The app server's own folders (referee.app.scratch): a server killed outright leaves its
folder behind; the next one to start removes it, and leaves running servers' folders alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from referee.app.scratch import own_folder, sweep


def _dead_pid() -> int:
    """The id of a process that has ended (a short child, waited for)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_folder_left_by_a_killed_server_is_removed_by_the_next(tmp_path: Path) -> None:
    left = tmp_path / f"karma-x-{_dead_pid()}-abc"
    (left / "v").mkdir(parents=True)
    (left / "index.html").write_text("old")
    mine = own_folder("karma-x-", tmp_path)
    assert not left.exists()
    assert mine.is_dir() and mine.name.startswith(f"karma-x-{os.getpid()}-")


def test_running_servers_and_other_folders_are_left_alone(tmp_path: Path) -> None:
    running = tmp_path / f"karma-x-{os.getpid()}-zzz"  # this very process runs
    running.mkdir()
    other = tmp_path / "karma-x-notapid"  # not named by this module
    other.mkdir()
    elsewhere = tmp_path / f"karma-y-{_dead_pid()}-abc"  # another prefix
    elsewhere.mkdir()
    assert sweep("karma-x-", tmp_path) == []
    assert running.is_dir() and other.is_dir() and elsewhere.is_dir()
