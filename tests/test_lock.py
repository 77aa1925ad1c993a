"""The reproducible install (issue 27.5): requirements.lock pins every requirement of
pyproject.toml (the app's and the test tools') to one exact version with its hashes, and the
Makefile installs from it with pip's hash checking.  A dependency added to pyproject.toml without
`make lock` fails here, with the command to run."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.markers import Marker, default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^ ;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def pins() -> dict[str, list[tuple[Version, str, int]]]:
    """name -> [(version, marker, number of hashes)] as locked."""
    found: dict[str, list[tuple[Version, str, int]]] = {}
    current: list[tuple[Version, str, int]] | None = None
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        m = PIN.match(line)
        if m:
            entry = (Version(m.group(2)), (m.group(3) or "").strip(), 0)
            current = found.setdefault(canonicalize_name(m.group(1)), [])
            current.append(entry)
        elif line.strip().startswith("--hash=sha256:") and current:
            v, marker, n = current[-1]
            current[-1] = (v, marker, n + 1)
        elif line and not line.startswith((" ", "#")):
            raise AssertionError(f"requirements.lock: a line that is not an exact pin: {line!r}")
    return found


def requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    listed = project["dependencies"] + project["optional-dependencies"]["dev"]
    return [Requirement(r) for r in listed]


def test_every_pin_is_exact_and_hashed() -> None:
    locked = pins()
    assert len(locked) > 20
    for name, entries in locked.items():
        for version, _, hashes in entries:
            assert hashes >= 1, f"{name}=={version} has no hash"


def test_every_requirement_of_pyproject_is_locked_to_a_version_it_accepts() -> None:
    locked = pins()
    env = default_environment()
    for req in requirements():
        name = canonicalize_name(req.name)
        here = [
            v for v, marker, _ in locked.get(name, []) if not marker or Marker(marker).evaluate(env)
        ]
        assert here, f"{req} is not in requirements.lock: run `make lock`"
        assert all(req.specifier.contains(v, prereleases=True) for v in here), (
            f"requirements.lock has {req.name} {here}, outside {req.specifier}: run `make lock`"
        )


def test_the_lock_holds_the_streamlit_the_range_names() -> None:
    """pyproject's Streamlit range is the release the tests pass on, and the lock installs it."""
    (streamlit,) = [r for r in requirements() if r.name == "streamlit"]
    (version,) = [v for v, _, _ in pins()["streamlit"]]
    assert streamlit.specifier.contains(version)
    assert "<" in str(streamlit.specifier), "an upper bound: the tests know only these releases"


def test_the_makefile_installs_from_the_lock_with_hashes() -> None:
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "pip install -q --require-hashes -r $(LOCK)" in make
    assert "--no-deps --no-build-isolation -e ." in make
    assert re.search(r"^\$\(STAMP\): pyproject.toml \$\(LOCK\)$", make, re.M)
