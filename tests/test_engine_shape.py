"""No public class of the engine has more than 15 public members (issue 43.1).

A caller asks the part that answers (``game.choices``, ``game.advice``, ``game.past``), so no
class grows into a second rule book.  Counted as issue 43 counted (``Game`` had 35, ``Rules``
24): the public names a class defines itself - methods, properties, class attributes, and the
fields of a record (``NamedTuple``, dataclass) - read with ``vars`` and ``dataclasses.fields``.
Not counted: what an instance sets on itself in ``__init__``, declared in ``__slots__`` or not
(``Game``'s parts and how it began, ``Rules``' and ``FastTables``' tables read from the variant)
- data handed to the parts, not operations a caller picks from.

One exception, named: ``Outcome``, the record of one step's result (15 fields and ``text``):
data read by the app, the records and the simulator, with no operation to move elsewhere.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil

import referee.engine
from referee.engine import Game

LIMIT = 15
EXCEPTIONS = {"referee.engine.steps.Outcome"}  # a record of 16 fields (the docstring says why)


def public_members(cls: type) -> set[str]:
    """The public names ``cls`` defines itself (not those it inherits)."""
    names = {
        n
        for n, v in vars(cls).items()
        if not n.startswith("_") and not inspect.ismemberdescriptor(v)  # a slot: set in __init__
    }
    if dataclasses.is_dataclass(cls):
        names |= {f.name for f in dataclasses.fields(cls) if not f.name.startswith("_")}
    return names


def engine_classes() -> dict[str, type]:
    """Every public class defined in a module of ``referee.engine``, by its full name."""
    out: dict[str, type] = {}
    for info in pkgutil.iter_modules(referee.engine.__path__, "referee.engine."):
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and obj.__module__ == module.__name__ and name[0] != "_":
                out[f"{module.__name__}.{name}"] = obj
    return out


def test_no_public_class_of_the_engine_has_more_than_15_public_members() -> None:
    classes = engine_classes()
    assert "referee.engine.game.Game" in classes and "referee.engine.legality.Rules" in classes
    over = {
        name: sorted(public_members(cls))
        for name, cls in classes.items()
        if len(public_members(cls)) > LIMIT and name not in EXCEPTIONS
    }
    assert not over, over
    # An exception that no longer needs to be one is taken off the list.
    for name in EXCEPTIONS:
        assert len(public_members(classes[name])) > LIMIT, name


def test_the_count_sees_what_a_class_defines() -> None:
    """The count can fail: it sees methods, properties, class methods and a record's fields."""
    assert {"deal", "push", "turn", "is_legal"} <= public_members(Game)
    assert {"explain", "hint", "undo", "redo", "legal_steps"}.isdisjoint(public_members(Game))

    @dataclasses.dataclass
    class Wide:
        a: int
        b: int = 0

        @property
        def c(self) -> int:
            return self.a

        def d(self) -> None: ...

        def _e(self) -> None: ...

    assert public_members(Wide) == {"a", "b", "c", "d"}

    @dataclasses.dataclass(slots=True)
    class Slotted:
        a: int

    class Bare:
        __slots__ = ("x",)

        def __init__(self) -> None:
            self.x = 1

    assert public_members(Slotted) == {"a"} and public_members(Bare) == set()
