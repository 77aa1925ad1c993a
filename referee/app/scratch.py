"""A folder of this app server's own, for the files its components serve.

Each process makes one under the system's temporary folder, named with its process id, and
removes it when it ends.  A server killed outright (a power cut, ``kill -9``, a test that
stops it hard) cannot tidy up, so the next server to start removes the folders of processes
that are gone: restarts do not fill the disk with old folders.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path


def own_folder(prefix: str, parent: Path | None = None) -> Path:
    """A new folder ``<prefix><pid>-<random>`` for this process, after sweeping away the
    folders of the same prefix left by processes that no longer run."""
    where = parent or Path(tempfile.gettempdir())
    sweep(prefix, where)
    folder = Path(tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-", dir=where))
    atexit.register(shutil.rmtree, folder, True)
    return folder


def sweep(prefix: str, where: Path) -> list[Path]:
    """Remove the folders ``<prefix><pid>-...`` in ``where`` whose process is gone; returns
    them.  A folder whose name does not carry a process id is not this module's: it is left."""
    removed = []
    for path in where.glob(f"{prefix}*-*"):
        pid = path.name[len(prefix) :].split("-", 1)[0]
        if pid.isdigit() and path.is_dir() and not _running(int(pid)):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def _running(pid: int) -> bool:
    """Whether a process with this id runs (one of another user counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
