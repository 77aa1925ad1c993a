"""No import circle anywhere in ``referee/`` (issue 21).

The graph is read from the source with ``ast``: every ``import`` counts, also those inside a
function or under ``if TYPE_CHECKING:`` (a circle hidden behind either is still a circle in the
design).  Importing ``a.b.c`` also runs the packages ``a.b`` and ``a``, so an import counts as an
edge to each of those packages too - except a package the importer itself belongs to (a module
inside ``referee.effects`` importing a sibling does not start its own package again).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "referee"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Module -> the ``referee`` modules it makes Python import."""
    paths = {_module_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        package = name if is_package else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parent, base] if base else parent)
                targets.add(base)
                targets.update(f"{base}.{a.name}" for a in node.names)
        edges: set[str] = set()
        for t in targets:
            parts = t.split(".")
            for i in range(1, len(parts) + 1):
                mod = ".".join(parts[:i])
                if mod not in paths or mod == name:
                    continue
                if name == mod or name.startswith(mod + "."):
                    continue  # a package the importer belongs to is already running
                edges.add(mod)
        graph[name] = edges
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_in_referee() -> None:
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle() -> None:
    """The check can fail: a made-up circle a -> b -> c -> a is found."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# --- which way the arrows point (issue 30.7) ---------------------------------------------------
# app and CLI -> records / simulator -> engine -> effects -> table state and variant model
# -> file readers.

_ABOVE_UNITS = (
    "referee.effects",
    "referee.engine",
    "referee.records",
    "referee.simulate",
    "referee.app",
    "referee.store",
)

FORBIDDEN = {
    "referee.engine": ("referee.records", "referee.simulate", "referee.app", "referee.store"),
    "referee.effects": ("referee.engine", "referee.records", "referee.simulate", "referee.app"),
    "referee.records": ("referee.app", "referee.simulate", "referee.store"),
    "referee.simulate": ("referee.app", "referee.store"),
    # The store and the guard in front of it (store.access, store.limits) serve the app and the
    # CLI and never read them.
    "referee.store": ("referee.app", "referee.commands"),
    "referee.table.state": ("referee.effects", "referee.engine"),
    # The whole variant layer - the model, the menus the units register on, the loader, the
    # schema, the rules sheet - and the words (the package referee.words: reasons, sentences,
    # names, markdown, inert, issue 41.3) sit below the units (issue 41.4: `variant.menu ->
    # effects`, `words -> effects` and `variant.sheet -> engine.core` were turned into
    # registrations or moved down).
    "referee.variant": _ABOVE_UNITS,
    "referee.words": _ABOVE_UNITS,
    "referee.tablerules": ("referee.engine", "referee.records", "referee.simulate", "referee.app"),
}
"""Layer -> the layers above it, which it must never import."""


def _in(module: str, layer: str) -> bool:
    return module == layer or module.startswith(layer + ".")


def wrong_way(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import that points up the layers."""
    found = []
    for module, targets in sorted(graph.items()):
        for layer, above in FORBIDDEN.items():
            if _in(module, layer):
                found += [(module, t) for t in sorted(targets) if any(_in(t, a) for a in above)]
    return found


def streamlit_importers() -> list[str]:
    """Modules outside ``referee.app`` that import Streamlit (in any form)."""
    found = []
    for path in ROOT.rglob("*.py"):
        name = _module_name(path)
        if _in(name, "referee.app"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(n == "streamlit" or n.startswith("streamlit.") for n in names):
                found.append(name)
    return sorted(set(found))


def test_imports_point_one_way() -> None:
    assert wrong_way(import_graph()) == []


def test_nothing_below_the_app_imports_streamlit() -> None:
    assert streamlit_importers() == []


def test_the_layer_check_can_fail() -> None:
    graph = {
        "referee.effects.skip": {"referee.engine.game"},
        "referee.engine.flow": {"referee.app"},
        "referee.variant.menu": {"referee.effects"},
        "referee.variant.sheet": {"referee.engine.core"},
        "referee.words": {"referee.effects"},
    }
    assert wrong_way(graph) == [
        ("referee.effects.skip", "referee.engine.game"),
        ("referee.engine.flow", "referee.app"),
        ("referee.variant.menu", "referee.effects"),
        ("referee.variant.sheet", "referee.engine.core"),
        ("referee.words", "referee.effects"),
    ]


def test_the_words_are_one_package_that_says_what_goes_where() -> None:
    """Issue 41.3: the six word modules that sat on four floors are one package below the
    units; its face names every module in it with a line on what goes there."""
    import referee.words

    for old in ("wording", "reasons", "plaintext", "textout", "names"):
        assert not (ROOT / f"{old}.py").exists(), old
    note = referee.words.__doc__ or ""
    for path in sorted((ROOT / "words").glob("*.py")):
        if path.stem != "__init__":
            assert f"``referee.words.{path.stem}``" in note, path.name
    graph = import_graph()
    assert [m for m in graph if _in(m, "referee.words")]
    assert [x for x in wrong_way(graph) if _in(x[0], "referee.words")] == []


def test_no_loose_modules_at_the_top_of_referee() -> None:
    """Issue 41.5: every module lives in the package it belongs to; the top level of
    ``referee/`` holds only the package's face and ``python -m referee``."""
    loose = sorted(p.name for p in ROOT.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"]
