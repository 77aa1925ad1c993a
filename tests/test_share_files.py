"""Issue 11: variant files travel (a stable schema address, `karma schema`, an editor's
validator), the rules sheet prints as HTML, and Streamlit's hosting entry runs the app."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from referee.app import designer, tableapi
from referee.commands.cli import main
from referee.files.resources import SCHEMA_ID_BASE, VARIANT_SCHEMA, schema_text, with_modeline
from referee.variant.loader import dump_variant
from referee.variant.registry import builtin
from referee.variant.sheet_html import rules_sheet_html

ROOT = Path(__file__).resolve().parents[1]


def test_files_name_a_schema_an_editor_can_load() -> None:
    """Issue 29.11: no dead address.  The schemas are named by a URN, and a written file's first
    line names the schema beside it (what `karma schema --out` writes) unless the app gives its
    own address (it serves them: referee.app.state.schema_base)."""
    for name in ("variant.schema.json", "record.schema.json"):
        assert json.loads(schema_text(name))["$id"] == SCHEMA_ID_BASE + name
        assert json.loads((ROOT / "schemas" / name).read_text())["$id"] == SCHEMA_ID_BASE + name
    line = "# yaml-language-server: $schema=variant.schema.json\n"
    assert dump_variant(builtin("classic")).startswith(line)
    assert designer.to_yaml(designer.starter(builtin("classic"))).startswith(line)
    served = "http://192.168.1.20:8501/app/static/"
    again = with_modeline(dump_variant(builtin("classic")), VARIANT_SCHEMA, served)
    assert again.startswith(f"# yaml-language-server: $schema={served}variant.schema.json\nid:")
    assert with_modeline("id: x\n", VARIANT_SCHEMA, served).endswith("json\nid: x\n")
    assert "raw.githubusercontent" not in (ROOT / "README.md").read_text()


def test_karma_schema_prints_and_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "Karma variant"
    assert main(["schema", "record"]) == 0
    assert "record" in json.loads(capsys.readouterr().out)["$id"]
    assert main(["schema", "--out", str(tmp_path / "s")]) == 0
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == [
        "record.schema.json",
        "variant.schema.json",
    ]


def test_a_downloaded_variant_validates_in_an_editors_checker(tmp_path: Path) -> None:
    """check-jsonschema (what editors and CI use) with the schema the modeline names, mapped to
    the local copy `karma schema --out` writes (the stable address is not reachable here)."""
    assert main(["schema", "--out", str(tmp_path)]) == 0
    good = tmp_path / "ours.yaml"
    good.write_text(designer.to_yaml(designer.starter(builtin("second-edition"))))
    bad = tmp_path / "bad.yaml"
    bad.write_text(good.read_text().replace("burn: 3", "burn: three"))
    checker = [sys.executable, "-m", "check_jsonschema", "--schemafile"]
    schema = str(tmp_path / "variant.schema.json")
    ok = subprocess.run([*checker, schema, str(good)], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    fails = subprocess.run([*checker, schema, str(bad)], capture_output=True, text=True)
    assert fails.returncode == 1 and "burn" in fails.stdout + fails.stderr


def test_html_sheet_is_standalone_and_escapes_a_groups_words(tmp_path: Path) -> None:
    v = builtin("second-edition")
    hostile = dataclasses.replace(
        v, name="<script>alert(1)</script> & Co", description="<img src=x onerror=alert(1)>"
    )
    page = rules_sheet_html(hostile)
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page
    assert "<script>" not in page and "<img" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co" in page
    assert page.count("<table>") == 2 and "<td>Create Your Karma (Karma card)</td>" in page
    for card in v.karma_cards:
        assert f"<h3>{card.name} ×{card.copies}</h3>" in page
    out = tmp_path / "rules.html"
    assert main(["rules", "second-edition", "--format", "html", "-o", str(out)]) == 0
    assert out.read_text() == rules_sheet_html(v)


def test_streamlit_hosting_entry_runs_the_app(data_dir: Path) -> None:
    """``streamlit run streamlit_app.py`` (Streamlit's hosting) serves the app with the table
    component's routes, as ``karma app`` does: its pages, run here, and a step route that
    answers (a request without a game: refused in JSON, nothing stored)."""
    import urllib.error
    import urllib.request

    from appserver import free_port, wait_healthy

    at = AppTest.from_file(str(tableapi.APP_MAIN), default_timeout=30).run()  # the pages it serves
    assert not at.exception, at.exception
    assert at.title or at.header or at.subheader
    port = free_port()
    cmd = [sys.executable, "-m", "streamlit", "run", str(ROOT / "streamlit_app.py")]
    cmd += ["--server.headless=true", f"--server.port={port}", "--server.address=127.0.0.1"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(proc, url)
        req = urllib.request.Request(
            url + tableapi.STEP_PATH,
            data=b"{}",
            method="POST",
            headers={"Content-Type": "application/json"},  # the route takes JSON only (415)
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(req, timeout=10)
        assert refused.value.code == 400 and "error" in json.loads(refused.value.read())
    finally:
        proc.terminate()
        proc.wait(timeout=30)
