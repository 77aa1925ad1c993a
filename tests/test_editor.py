"""Issue 29.11: files that editors really check.  ``yaml-language-server`` (the engine of VS
Code's YAML support, installed by ``make test`` from package.json) is driven over its own
protocol (tests/yamlls.py): the built-in variants and the app's exports validate, planted
mistakes are reported at the line ``karma validate`` names, and effect names are completed in
block and flow positions.  (A file downloaded from a running app, checked with the schema the
app serves: tests/browser/test_browser_editor.py.)"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from yamlls import SERVER, YamlLanguageServer

from referee.engine import Game, PickUp, Play
from referee.records import export_record, load_record_text
from referee.variant.loader import load_variant_text
from referee.variant.menu import MENU
from referee.variant.registry import builtin
from referee.variant.schema_gen import bare_effect_names

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = sorted((ROOT / "variants").glob("*.yaml"))

pytestmark = [
    pytest.mark.xdist_group("editor"),  # one language server per worker: keep them on one
    pytest.mark.skipif(
        not SERVER.exists() or shutil.which("node") is None,
        reason="yaml-language-server is not installed (make test runs npm ci)",
    ),
]


@pytest.fixture(scope="session")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder as `karma schema --out` leaves it: the schemas beside the files."""
    from referee.commands.cli import main

    out = tmp_path_factory.mktemp("editor")
    assert main(["schema", "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="session")  # one language server per worker, whatever the order of tests
def ls(folder: Path) -> Iterator[YamlLanguageServer]:
    with YamlLanguageServer(folder) as server:
        yield server


def lines_of(diagnostics: list[dict[str, Any]]) -> list[int]:
    """1-based lines, as `karma validate` counts them."""
    return sorted(d["range"]["start"]["line"] + 1 for d in diagnostics)


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_builtin_variant_validates_in_the_editor(ls: YamlLanguageServer, path: Path) -> None:
    """In place: their first line names ../schemas/variant.schema.json."""
    assert ls.diagnostics_of(path) == []


SECOND = (ROOT / "variants" / "second-edition.yaml").read_text(encoding="utf-8")
BESIDE = SECOND.replace("../schemas/variant.schema.json", "variant.schema.json")

MISTAKES = {
    # a kind of mistake: (text in second-edition.yaml, the mistake)
    "a word for a number": ("burn: 3", "burn: three"),
    "a number too large": ("copies: 3\n    rule: R8.7", "copies: 13\n    rule: R8.7"),
    "an unknown effect in a flow list": ("[one_time, swap_seats]", "[one_time, swap_places]"),
    "an unknown effect name in a mapping": ("{effect: next_range,", "{effect: next_rank,"),
    "a parameter choice not on the list": ("direction: right", "direction: up"),
    "an effect's required parameter left out": ("[give_card]", "[{effect: value}]"),
    "an unknown field": ("    rule: R8.9\n", "    rule: R8.9\n    colour: red\n"),
    "an id with capitals and spaces": ("id: second-edition", "id: Second Edition"),
}


@pytest.mark.parametrize("kind", MISTAKES)
def test_a_planted_mistake_is_reported_at_its_line(
    ls: YamlLanguageServer, folder: Path, kind: str
) -> None:
    old, new = MISTAKES[kind]
    assert BESIDE.count(old) == 1
    text = BESIDE.replace(old, new)
    result = load_variant_text(text, "ours.yaml")
    assert not result.ok
    expected = sorted({p.line for p in result.errors})
    assert len(expected) == 1, [str(p) for p in result.errors]
    found = ls.diagnostics_of(folder / "ours.yaml", text)
    assert found, f"the editor missed {kind}"
    assert set(lines_of(found)) == set(expected), (kind, found)
    assert ls.diagnostics_of(folder / "ours.yaml", BESIDE) == []


def test_an_unloadable_schema_is_said_once(ls: YamlLanguageServer, folder: Path) -> None:
    """What the issue found (a dead address): the editor checks nothing.  A file whose schema
    is missing says so; ours name a schema that is there (the test above)."""
    text = BESIDE.replace("variant.schema.json", "missing/variant.schema.json", 1)
    found = ls.diagnostics_of(folder / "ours.yaml", text.replace("burn: 3", "burn: three"))
    assert [d["message"] for d in found if "Unable to load schema" not in d["message"]] == []


def test_an_exported_record_validates_and_its_mistakes_are_found(
    ls: YamlLanguageServer, folder: Path
) -> None:
    game = Game.deal(builtin("classic"), ["Ann", "Ben", "Cal"])
    game.push(Play("Ann", (4,)))
    game.push(PickUp("Ben"))
    text = export_record(game)
    assert text.startswith("# yaml-language-server: $schema=record.schema.json\n")
    load_record_text(text, "game.yaml")  # a valid record
    assert ls.diagnostics_of(folder / "game.yaml", text) == []
    bad = text.replace("{pickup: Ben}", "{pickup: Ben, with: Ben}")
    assert lines_of(ls.diagnostics_of(folder / "game.yaml", bad)) == [bad.count("\n")]


def _at(text: str, marker: str) -> tuple[str, int, int]:
    """``text`` without the ``|`` marker in ``marker``, and the 0-based position it marked."""
    before, after = marker.split("|")
    i = text.index(before + after) + len(before)
    line = text.count("\n", 0, i)
    return text, line, i - (text.rfind("\n", 0, i) + 1)


def completion(ls: YamlLanguageServer, folder: Path, old: str, new: str) -> list[str]:
    text, line, column = _at(BESIDE.replace(old, new.replace("|", "")), new)
    return ls.completion(folder / "typing.yaml", text, line, column)


def test_effect_names_complete_in_a_flow_list(ls: YamlLanguageServer, folder: Path) -> None:
    """Most files write effects in flow style: `[one_time, ]` offers every bare name."""
    offered = completion(ls, folder, "[one_time, clear_pile]", "[one_time, |]")
    assert set(bare_effect_names()) <= set(offered)
    assert "[object Object]" not in offered
    offered = completion(ls, folder, "[give_card]", "[|]")
    assert set(bare_effect_names()) <= set(offered)


def test_effect_names_complete_in_block_positions(ls: YamlLanguageServer, folder: Path) -> None:
    block = "effects:\n      - one_time\n      - {effect: pass_hands, direction: right}"
    offered = completion(ls, folder, block, "effects:\n      - one_time\n      - |")
    assert set(bare_effect_names()) <= set(offered)
    assert "[object Object]" not in offered
    # after `effect:` every effect of the menu, those with a required parameter too
    offered = completion(ls, folder, block, "effects:\n      - one_time\n      - effect: |")
    assert set(MENU) <= set(offered)
    offered = completion(
        ls, folder, "{effect: next_range, min: 7, max: 11}", "{effect: |, min: 7, max: 11}"
    )
    assert set(MENU) <= set(offered)
    # a parameter's choices
    offered = completion(ls, folder, "direction: right}", "direction: |}")
    assert {"left", "right"} <= set(offered)


def test_a_house_variant_inside_a_record_is_checked_too(
    ls: YamlLanguageServer, folder: Path
) -> None:
    """Issue 44.5: a record may carry its house variant; the record schema holds the variant
    schema, so a mistake in it is found at its line (it was not checked at all)."""
    from referee.records import export_record as export
    from referee.variant.loader import variant_to_data

    game = Game.deal(builtin("second-edition"), ["Ann", "Ben"])
    text = export(game)
    assert text.startswith("# yaml-language-server: $schema=record.schema.json\n")
    import yaml

    data = yaml.safe_load(text)
    data["variant"] = variant_to_data(builtin("second-edition"))
    good = "# yaml-language-server: $schema=record.schema.json\n" + yaml.safe_dump(
        data, sort_keys=False, width=100
    )
    assert ls.diagnostics_of(folder / "house.yaml", good) == []
    lines = good.splitlines(keepends=True)
    burn = next(i for i, line in enumerate(lines) if line.startswith("  burn:"))
    lines[burn] = "  burn: three\n"
    found = ls.diagnostics_of(folder / "house.yaml", "".join(lines))
    assert lines_of(found) == [burn + 1], found


def test_a_share_pack_checks_itself_in_any_folder(tmp_path: Path) -> None:
    """The Design page's share pack, unzipped anywhere: its file names the schema beside it."""
    import io
    import zipfile

    from referee.app import designer, links

    text = designer.to_yaml(designer.starter(builtin("classic")))
    pack = zipfile.ZipFile(io.BytesIO(links.share_pack(text, "ours")))
    assert sorted(pack.namelist()) == ["README.txt", "ours.yaml", "variant.schema.json"]
    pack.extractall(tmp_path)
    ours = (tmp_path / "ours.yaml").read_text(encoding="utf-8")
    assert ours.startswith("# yaml-language-server: $schema=variant.schema.json\n")
    with YamlLanguageServer(tmp_path) as server:
        assert server.diagnostics_of(tmp_path / "ours.yaml", ours) == []
        bad = ours.replace("burn: 3", "burn: three")
        line = bad.splitlines().index("burn: three") + 1
        assert lines_of(server.diagnostics_of(tmp_path / "ours.yaml", bad)) == [line]
