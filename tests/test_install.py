"""Issue 11: a plain install works outside the checkout.  The test builds the wheel, installs it
into a fresh virtualenv (its dependencies borrowed from the project's .venv, so no download), and
runs the `karma` of that venv from another folder."""

from __future__ import annotations

import json
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

NOT_SOURCES = (".*", "build", "*.egg-info", "data", "node_modules", "tests", "docs", "__pycache__")

# One built wheel for the module: its tests stay on one worker (make test: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("install")


@pytest.fixture(scope="session")  # built once per worker, however its tests are spread
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("install")
    dist = tmp / "dist"
    # Built from a copy of the sources, with the setuptools of the lock already in this
    # environment: a build in the checkout leaves build/ behind for the next one (two at once
    # collided), and an isolated build fetched setuptools from the package index first.
    source = tmp / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SOURCES))
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
        + ["-w", str(dist), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = dist.glob("karma_referee-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "referee/_data/variants/classic.yaml" in names
    assert "referee/_data/schemas/variant.schema.json" in names
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # The dependencies (streamlit, pyyaml, ...) from this test's own environment, not the
    # checkout: a plain path entry, so the editable install's finder is not switched on.
    deps = [p for p in site.getsitepackages() if Path(p).is_dir()]
    Path(purelib, "borrowed-deps.pth").write_text("\n".join(deps) + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(py),
            "install",
            "-q",
            "--no-deps",
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return venv


def karma(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(venv / "bin" / "karma"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "HOME": str(cwd)},
    )


def test_the_installed_copy_is_not_the_checkout(installed: Path, tmp_path: Path) -> None:
    out = subprocess.run(
        [str(installed / "bin" / "python"), "-c", "import referee; print(referee.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert str(installed) in out and str(ROOT) not in out


def test_version(installed: Path, tmp_path: Path) -> None:
    done = karma(installed, "--version", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == "karma 0.1.0", done


def test_simulate_a_builtin_variant(installed: Path, tmp_path: Path) -> None:
    done = karma(
        installed, "simulate", "classic", "--games", "5", "--jobs", "1", "--json", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 5


def test_rules_and_schema(installed: Path, tmp_path: Path) -> None:
    done = karma(installed, "rules", "second-edition", cwd=tmp_path)
    assert done.returncode == 0 and "Create Your Karma" in done.stdout, done.stderr
    done = karma(installed, "rules", "second-edition", "--format", "html", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("<!DOCTYPE html>")
    done = karma(installed, "schema", "--out", "schemas", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "schemas" / "variant.schema.json").read_text())["$id"]


def test_app_help(installed: Path, tmp_path: Path) -> None:
    done = karma(installed, "app", "--help", cwd=tmp_path)
    assert done.returncode == 0 and "--host" in done.stdout, done.stderr


def _all_installed(installed: Path, tmp_path: Path, code: str) -> None:
    """Run ``code`` (it prints whether every file is there, then where it looked) with the
    installed Python, away from the checkout: True, and inside the installation."""
    out = subprocess.run(
        [str(installed / "bin" / "python"), "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("True ") and str(installed) in out.stdout, out.stdout


def test_every_screen_of_the_app_is_installed(installed: Path, tmp_path: Path) -> None:
    """The app's screens are scripts, not modules: the wheel must carry each one."""
    _all_installed(
        installed,
        tmp_path,
        "from referee.app.state import SCREEN_LIST, SCREENS;"
        "print(all((SCREENS / f'{s[0]}.py').is_file() for s in SCREEN_LIST), SCREENS)",
    )


def test_the_table_components_files_are_installed(installed: Path, tmp_path: Path) -> None:
    """The table component's script and style are files beside referee/app/tablecomp.py."""
    _all_installed(
        installed,
        tmp_path,
        "from importlib.resources import files; s = files('referee.app') / 'static';"
        "print(all((s / f).is_file() for f in ('tablecomp.js', 'tablecomp.css')), s)",
    )
