"""Issue 29.11: a file downloaded from the app is checked by an editor with no internet.  The
file's first line names the app's own address, the app serves its schemas there, and
``yaml-language-server`` (tests/yamlls.py) loads that schema over HTTP and reports a planted
mistake at its line."""

from __future__ import annotations

import shutil
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from yamlls import SERVER, YamlLanguageServer

from referee.commands.schema import SCHEMAS_DIR
from referee.files.resources import RECORD_SCHEMA, VARIANT_SCHEMA
from referee.records import load_record_text
from referee.variant.loader import load_variant_text

from .conftest import Server
from .test_browser_app import LANDSCAPE, new_page, open_game, settled

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not SERVER.exists() or shutil.which("node") is None,
        reason="yaml-language-server is not installed (make test runs npm ci)",
    ),
]


@pytest.mark.own_server  # stops its server
def test_downloaded_files_are_checked_with_the_schema_the_app_serves_and_a_share_pack_without_it(
    browser: Browser, server: Server, tmp_path: Path
) -> None:
    """Two checks on one visit to the Design page (issue 40: they were two tests, one with a
    server of its own).  A variant and a game record downloaded from the app name the schema
    the app serves, and an editor in a folder with no schema checks them with it.  Issue 44.5:
    mailed to a friend or opened after game night, the file still checks: the Design page's
    share pack holds the schema beside the file, and the editor needs nothing from the app,
    which is stopped before the editor opens it."""
    import zipfile

    served = f"{server.url}/app/static/"
    for name in (VARIANT_SCHEMA, RECORD_SCHEMA):
        with urllib.request.urlopen(served + name, timeout=10) as answer:
            assert answer.read().decode("utf-8") == (SCHEMAS_DIR / name).read_text("utf-8")

    page = new_page(browser, LANDSCAPE)
    page.goto(f"{server.url}/design")
    expect(page.get_by_role("heading", name="Design your Karma")).to_be_visible()
    settled(page)
    with page.expect_download() as dl:
        page.locator(".st-key-design_download button").click()
    variant = Path(dl.value.path()).read_text(encoding="utf-8")
    assert variant.startswith(f"# yaml-language-server: $schema={served}{VARIANT_SCHEMA}\n")
    assert load_variant_text(variant, "ours.yaml").ok
    settled(page)
    with page.expect_download() as dl:
        page.locator(".st-key-design_download_pack button").first.click()
    pack = tmp_path / dl.value.suggested_filename
    dl.value.save_as(pack)

    open_game(page, server, ["Ann", "Ben", "Cal"])
    with page.expect_download() as dl:
        page.locator(".st-key-do_export button").click()
    record = Path(dl.value.path()).read_text(encoding="utf-8")
    assert record.startswith(f"# yaml-language-server: $schema={served}{RECORD_SCHEMA}\n")
    load_record_text(record, "game.yaml")

    # An editor in a folder with no schema: it loads the one the first line names, from the app.
    folder = tmp_path / "editor"
    folder.mkdir()
    lines = variant.splitlines(keepends=True)
    burn = next(i for i, line in enumerate(lines) if line.startswith("burn:"))
    lines[burn] = "burn: three\n"
    with YamlLanguageServer(folder) as ls:
        assert ls.diagnostics_of(folder / "ours.yaml", variant) == []
        found = ls.diagnostics_of(folder / "ours.yaml", "".join(lines))
        assert [d["range"]["start"]["line"] for d in found] == [burn], found
        assert ls.diagnostics_of(folder / "game.yaml", record) == []
        bad = record.replace("players:", "player:", 1)
        assert ls.diagnostics_of(folder / "game.yaml", bad) != []

    # The share pack, with the app stopped: nothing is served from now on.
    server.stop()
    folder = tmp_path / "mailed"
    zipfile.ZipFile(pack).extractall(folder)
    (name,) = [p.name for p in folder.glob("*.yaml")]
    text = (folder / name).read_text(encoding="utf-8")
    assert text.startswith(f"# yaml-language-server: $schema={VARIANT_SCHEMA}\n")
    lines = text.splitlines(keepends=True)
    burn = next(i for i, line in enumerate(lines) if line.startswith("burn:"))
    lines[burn] = "burn: three\n"
    with YamlLanguageServer(folder) as ls:
        assert ls.diagnostics_of(folder / name, text) == []
        found = ls.diagnostics_of(folder / name, "".join(lines))
        assert [d["range"]["start"]["line"] for d in found] == [burn], found
