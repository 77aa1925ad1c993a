"""A safe YAML front-end: parse untrusted text into data plus its node tree, and say what is wrong.

Variant files and game records come from other people, so parsing must never run code, never
blow up on hostile input (alias bombs, 40,000-deep nesting, huge files) and never answer with a
traceback.  Every problem is a :class:`Problem` located at a 1-based line and column, in plain
words: what is wrong; what is expected.

Rulings (documented here because every YAML file the project reads goes through this module):

* libyaml scans and parses (its events, pulled one at a time), and the checks below compose the
  nodes in Python and stop at ``MAX_DEPTH``: libyaml's own composer recurses in C and crashed
  the process on deep nesting.  A file libyaml's reading finds any problem in is read again by
  the pure-Python ``yaml.SafeLoader`` with the same checks, which says where and what, so every
  message is that reader's (tests/test_yaml_readers.py: both give the same data and places).
  libyaml follows YAML 1.2 in a few places where the pure-Python reader refused a file: a tab
  after a colon inside braces, a ``?`` inside a plain word (``Be?n``) - both read as written;
* anchors (``&a``), aliases (``*a``) and tags other than the plain str/int/float/bool/null/seq/map
  ones are rejected while composing, before anything is constructed;
* booleans are only ``true``/``false`` (YAML 1.2): ``yes``, ``no``, ``on``, ``off`` stay text, so a
  player called ``No`` is not ``False``; dates stay text; ``<<`` merge keys are ordinary keys;
* a duplicate key is an error located at the second one;
* nesting deeper than ``MAX_DEPTH`` collections is rejected without recursion.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import yaml
from jsonschema.exceptions import ValidationError

MAX_BYTES = 256 * 1024
"""Largest variant or record file accepted (bytes)."""

MAX_DEPTH = 64
"""Deepest nesting of lists and mappings accepted; real files nest about five levels."""

MAX_NODES = 10_000
"""Most values (keys, scalars, lists, mappings) in one file: a 1,000-step record has about 7,000.
The pure-Python parser reads about 200 KiB a second, so this also bounds the time spent."""

MAX_INT = 2**53
"""Largest integer (either sign) accepted anywhere: JSON and the browser hold integers exactly
only up to 2**53; every schema bound is far below it."""

_SURROGATE = re.compile("[\ud800-\udfff]")

MAX_PROBLEMS = 100
"""Most schema problems reported for one file; the rest are counted in one last line."""

ERROR = "error"
WARNING = "warning"
UNREADABLE = "unreadable"
"""Severity of a file that cannot be read as text at all (missing, a directory, not UTF-8)."""

PathT = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One located finding; ``line``/``column`` are 1-based (0 when there is no position).

    ``message`` speaks the file format (``karma validate``, an editor, the YAML view); ``plain``,
    when a check gives it, says the same in a family's words for the Design page, and
    ``concerns`` names the field it is about there when that is not ``path`` (a burn that never
    happens with one deck is located at the deck count, but it is the burn a group changes)."""

    file: str
    line: int
    column: int
    path: str
    message: str
    severity: str = ERROR
    plain: str = ""
    concerns: str = ""

    def __str__(self) -> str:
        where = self.path or "(top level)"
        if self.severity == WARNING:
            return f"{self.file}:{self.line}:{self.column}: warning: {where}: {self.message}"
        return f"{self.file}:{self.line}:{self.column}: {where}: {self.message}"

    @property
    def sort_key(self) -> tuple[int, int, str, str]:
        return (self.line, self.column, self.path, self.message)


class YamlError(Exception):
    """The text could not be turned into data; ``problems`` says where and why."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def format_path(path: Iterable[str | int]) -> str:
    """``("karma_cards", 2, "effects", 0, "max")`` -> ``karma_cards[2].effects[0].max``."""
    out = ""
    for seg in path:
        if isinstance(seg, int) and not isinstance(seg, bool):
            out += f"[{seg}]"
        else:
            out += f".{seg}" if out else str(seg)
    return out


# --- the loader --------------------------------------------------------------------------------

_STD = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {_STD + t for t in ("str", "int", "float", "bool", "null", "seq", "map")}
_DROPPED_RESOLVERS = {_STD + "timestamp", _STD + "merge", _STD + "value", _STD + "bool"}
_BOOL_RE = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")


class _Located(Exception):
    """Raised inside the loader with a mark, turned into a Problem by :func:`parse_yaml`."""

    def __init__(
        self, mark: Any, message: str, node: yaml.Node | None = None, path: PathT | None = None
    ) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message
        self.node = node  # the value at fault, when known: its path is named in the problem
        self.path = path  # or its path itself, found while the tree is still being composed


_TAG_WORDS = {
    "int": "a whole number of at most 4,300 digits",
    "float": "a number",
    "bool": "true or false",
}


def _show_tag(tag: str) -> str:
    return "!!" + tag[len(_STD) :] if tag.startswith(_STD) else tag


class _Checks:
    """What both readers below refuse while composing and constructing: anchors, aliases,
    exotic tags, duplicate keys, deep nesting, too many values, odd numbers and text."""

    max_depth = MAX_DEPTH

    def _start_checks(self, max_nodes: int) -> None:
        self._depth = 0
        self._nodes = 0
        self._max_nodes = max_nodes
        # Where the node being composed lies (keys and list places), so that a problem met
        # before the tree is whole names its place ("step 3: play"), not the top level.
        self._trail: list[str | int] = []

    def _too_deep(self, mark: Any) -> _Located:
        return _Located(
            mark,
            f"lists and mappings are nested more than {self.max_depth} deep; expected a shallow file",
        )

    def _here(self, index: Any) -> PathT:
        """The place of the node composed at ``index``: a list item's place, or the key a
        mapping's value lies at (a key itself, ``None``, lies at its mapping)."""
        if isinstance(index, int):
            return (*self._trail, index)
        if isinstance(index, yaml.ScalarNode):
            return (*self._trail, str(index.value))
        return tuple(self._trail)

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event = self.peek_event()  # type: ignore[attr-defined]
        self._nodes += 1
        if self._nodes > self._max_nodes:
            raise _Located(
                event.start_mark,
                f"the file holds more than {self._max_nodes:,} values; expected a smaller file",
            )
        if isinstance(event, yaml.AliasEvent):
            raise _Located(
                event.start_mark,
                f"aliases (*{event.anchor}) are not allowed; expected the value written out in full",
                path=self._here(index),
            )
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            raise _Located(
                event.start_mark,
                f"anchors (&{anchor}) are not allowed; expected the value written out in full",
                path=self._here(index),
            )
        tag = getattr(event, "tag", None)
        if tag is not None and tag != "!" and tag not in _ALLOWED_TAGS:
            raise _Located(
                event.start_mark,
                f"the tag {_show_tag(tag)} is not allowed; expected plain values without tags",
                path=self._here(index),
            )
        if isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
            self._depth += 1
            trail = self._trail
            self._trail = list(self._here(index))
            try:
                if self._depth > self.max_depth:
                    raise self._too_deep(event.start_mark)
                return super().compose_node(parent, index)  # type: ignore[misc,no-any-return]
            finally:
                self._depth -= 1
                self._trail = trail
        return super().compose_node(parent, index)  # type: ignore[misc,no-any-return]

    def compose_mapping_node(self, anchor: Any) -> yaml.MappingNode:
        node: yaml.MappingNode = super().compose_mapping_node(anchor)  # type: ignore[misc]
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise _Located(
                    key_node.start_mark, "a key must be a plain value; expected a name before ':'"
                )
        return node

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            value = super().construct_object(node, deep=deep)  # type: ignore[misc]
        except (ValueError, TypeError, KeyError, OverflowError):
            # e.g. `!!int abc`, `!!bool maybe`, or an integer of 5,000 digits
            kind = _show_tag(node.tag).removeprefix("!!")
            expected = _TAG_WORDS.get(kind, "a plain value")
            raise _Located(
                node.start_mark,
                f"{_show(node.value)} is not a valid {kind}; expected {expected}",
                node,
            ) from None
        if isinstance(value, str) and _SURROGATE.search(value):
            # "\ud800" in a double-quoted string: not a character, and it cannot be written
            # out again as UTF-8 (the screen, an export, the database)
            raise _Located(
                node.start_mark,
                "the text holds a lone surrogate escape (\\ud800-\\udfff), which is not a "
                "character; expected valid Unicode text",
                node,
            )
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            digits = len(str(abs(value)))  # the parser already refused over 4,300 digits
            raise _Located(
                node.start_mark,
                f"a number of {digits:,} digits is too large; expected a number between "
                f"-{MAX_INT:,} and {MAX_INT:,}",
                node,
            )
        return value

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, yaml.Node] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                first = seen.get(key)
            except TypeError:  # unhashable; cannot happen with scalar keys, but never crash
                raise _Located(key_node.start_mark, "a key must be a plain value") from None
            if first is not None:
                raise _Located(  # named at the mapping that holds it ("step 3")
                    key_node.start_mark,
                    f"duplicate key {_show(key)} (first at line {first.start_mark.line + 1}); "
                    "expected each key once",
                    node,
                )
            seen[key] = key_node
        return super().construct_mapping(node, deep=deep)  # type: ignore[misc,no-any-return]


class _SafeLoader(_Checks, yaml.SafeLoader):
    """The pure-Python reader: every problem located and said (the C loader's own composer
    recurses in C, and crashed the process on deep nesting)."""

    def __init__(self, stream: str, max_nodes: int = MAX_NODES) -> None:
        super().__init__(stream)
        self._start_checks(max_nodes)

    def fetch_flow_collection_start(self, token_class: Any) -> None:
        # The scanner looks up to 1,024 characters ahead for each '[' (a possible key), which
        # costs O(depth^2) on '[[[[...': stop at the depth cap before that.
        if self.flow_level >= self.max_depth:
            raise self._too_deep(self.get_mark())
        super().fetch_flow_collection_start(token_class)


try:  # libyaml, when PyYAML was built with it
    from yaml._yaml import CParser as _CParser
except ImportError:  # pragma: no cover - the pure-Python reader alone
    _CParser = None  # type: ignore[assignment,misc]


class _FastReader(_Checks, yaml.composer.Composer, yaml.constructor.SafeConstructor, yaml.resolver.Resolver, *([_CParser] if _CParser else [])):  # type: ignore[misc]  # fmt: skip
    """The same reading on libyaml's events: libyaml scans and parses (about ten times the
    pure-Python speed: a long game's record), and the checks above compose the nodes in Python,
    without recursion past ``MAX_DEPTH``.  Only a file it reads without a problem is taken from
    it; anything to say is said by the pure-Python reader, so every message stays the same."""

    def __init__(self, stream: str, max_nodes: int = MAX_NODES) -> None:
        _CParser.__init__(self, stream)
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)
        self._start_checks(max_nodes)


for _reader in (_SafeLoader, _FastReader):
    _reader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag not in _DROPPED_RESOLVERS]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    _reader.add_implicit_resolver(_STD + "bool", _BOOL_RE, list("tTfF"))


def _read_fast(text: str, max_nodes: int) -> tuple[Any, yaml.Node] | None:
    """Data and nodes read through libyaml, or None: no libyaml, or anything to say."""
    if _CParser is None:
        return None
    reader: _FastReader | None = None
    try:
        reader = _FastReader(text, max_nodes)
        node = reader.get_single_node()
        if node is None:
            return None
        return reader.construct_document(node), node
    except Exception:  # said, located, by the pure-Python reader
        return None
    finally:
        if reader is not None:
            reader.dispose()


def _path_to(root: yaml.Node | None, target: yaml.Node) -> PathT | None:
    """The data path of ``target`` in the tree (a key points at its mapping), without recursion."""
    stack: list[tuple[yaml.Node, PathT]] = [(root, ())] if root is not None else []
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if key_node is target:
                    return path
                stack.append((value_node, (*path, str(key_node.value))))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((child, (*path, i)) for i, child in enumerate(node.value))
    return None


def _mark_position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def parse_yaml(
    text: str | bytes,
    filename: str,
    *,
    max_bytes: int = MAX_BYTES,
    max_nodes: int = MAX_NODES,
) -> tuple[Any, yaml.Node | None]:
    """Parse one YAML document safely; return the data and the node tree it was built from.

    Raises :class:`YamlError` with located problems for anything that is not plain YAML data.
    """

    def fail(line: int, col: int, message: str, severity: str = ERROR, path: str = "") -> YamlError:
        return YamlError([Problem(filename, line, col, path, message, severity)])

    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise fail(
            1,
            1,
            f"the file is too large (more than {max_bytes:,} bytes); "
            f"expected at most {max_bytes // 1024} KiB",
        )
    if isinstance(text, bytes):
        raw: bytes = text
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            line = raw.count(b"\n", 0, e.start) + 1
            start = raw.rfind(b"\n", 0, e.start) + 1
            col = len(raw[start : e.start].decode("utf-8", "replace")) + 1
            raise fail(
                line,
                col,
                f"the file is not UTF-8 text (byte 0x{raw[e.start]:02x}); expected a UTF-8 text file",
                UNREADABLE,
            ) from None
    if not text.strip().lstrip("\ufeff").strip():
        raise fail(1, 1, "the file is empty; expected a YAML mapping of fields")

    return _read_fast(text, max_nodes) or _read_located(text, filename, max_nodes)


def _read_located(text: str, filename: str, max_nodes: int) -> tuple[Any, yaml.Node]:
    """The pure-Python reading: the data and nodes, or every problem located and said."""

    def fail(line: int, col: int, message: str, severity: str = ERROR, path: str = "") -> YamlError:
        return YamlError([Problem(filename, line, col, path, message, severity)])

    loader: _SafeLoader | None = None
    node = None
    try:
        loader = _SafeLoader(text, max_nodes)
        node = loader.get_single_node()
        if node is None:
            raise fail(1, 1, "the file holds only comments; expected a YAML mapping of fields")
        data = loader.construct_document(node)
    except YamlError:
        raise
    except _Located as e:
        line, col = (e.mark.line + 1, e.mark.column + 1) if e.mark else (1, 1)
        where = _path_to(node, e.node) if e.node is not None else e.path
        raise fail(line, col, e.message, path=format_path(where or ())) from None
    except yaml.reader.ReaderError as e:
        line, col = _mark_position(text, e.position)
        raise fail(
            line,
            col,
            f"the file holds a control character (#x{e.character:04x}) that is not text; "
            "expected a text file",
            UNREADABLE,
        ) from None
    except yaml.MarkedYAMLError as e:
        raise _syntax_error(e, filename) from None
    except yaml.YAMLError as e:
        raise fail(1, 1, f"invalid YAML ({e}); expected a YAML mapping of fields") from None
    except RecursionError:
        raise fail(
            1, 1, "lists and mappings are nested too deep; expected a shallow file"
        ) from None
    except Exception as e:  # a safety net at the trust boundary: never a traceback
        raise fail(
            1, 1, f"the file could not be read as YAML ({type(e).__name__}); expected plain YAML"
        ) from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, node


def _syntax_error(e: yaml.MarkedYAMLError, filename: str) -> YamlError:
    mark = e.problem_mark or e.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = (e.problem or "invalid YAML").strip()
    context = (e.context or "").strip()
    if problem.startswith("but found another document"):
        return YamlError(
            [
                Problem(
                    filename,
                    line,
                    col,
                    "",
                    "a second YAML document starts here ('---'); expected a single document",
                )
            ]
        )
    if "'\\t'" in problem:
        message = "a tab character cannot indent YAML; expected spaces"
        return YamlError([Problem(filename, line, col, "", message)])
    if context and e.context_mark is not None and e.context_mark is not mark:
        context += f" started at line {e.context_mark.line + 1}"
    message = f"invalid YAML: {problem}" + (f" ({context})" if context else "")
    message += "; expected valid YAML (check indentation, colons, quotes and brackets)"
    return YamlError([Problem(filename, line, col, "", message)])


# --- locating ----------------------------------------------------------------------------------


_KeyIndex = dict[int, dict[str, tuple[yaml.Node, yaml.Node]]]


def _entry(
    mapping: yaml.MappingNode, seg: str | int, index: _KeyIndex | None
) -> tuple[yaml.Node, yaml.Node] | None:
    if index is None:
        for key_node, value_node in mapping.value:
            if key_node.value == str(seg):
                return key_node, value_node
        return None
    keys = index.get(id(mapping))
    if keys is None:
        keys = {}
        for key_node, value_node in mapping.value:
            keys.setdefault(str(key_node.value), (key_node, value_node))
        index[id(mapping)] = keys
    return keys.get(str(seg))


def locate(
    node: yaml.Node | None,
    path: Sequence[str | int],
    *,
    at_key: bool = False,
    _index: _KeyIndex | None = None,
) -> tuple[int, int]:
    """The 1-based (line, column) of the value at ``path`` in the node tree.

    Walks as deep as the path exists (a missing field points at its mapping).  With ``at_key``
    the last segment points at the key itself, e.g. for an unknown field.  ``(0, 0)`` without a
    tree.
    """
    if node is None:
        return (0, 0)
    current = node
    for i, seg in enumerate(path):
        last = i == len(path) - 1
        if isinstance(current, yaml.MappingNode):
            entry = _entry(current, seg, _index)
            if entry is None:
                break
            current = entry[0] if last and at_key else entry[1]
        elif isinstance(current, yaml.SequenceNode) and isinstance(seg, int):
            if 0 <= seg < len(current.value):
                current = current.value[seg]
            else:
                break
        else:
            break
    return (current.start_mark.line + 1, current.start_mark.column + 1)


# --- JSON Schema, in plain words ---------------------------------------------------------------


def _is_int(checker: Any, instance: object) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


_TYPE_CHECKER = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_int)
_Validator = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
    jsonschema.Draft202012Validator, type_checker=_TYPE_CHECKER
)
"""Draft 2020-12 where 3.0 is not an integer: a copy count of 3.0 is a mistake in a file."""

_VALIDATORS: dict[int, tuple[dict[str, Any], Any]] = {}


def validator_for(schema: dict[str, Any]) -> Any:
    """A compiled validator for ``schema``, cached: building one costs milliseconds."""
    hit = _VALIDATORS.get(id(schema))
    if hit is not None and hit[0] is schema:
        return hit[1]
    _Validator.check_schema(schema)
    validator = _Validator(schema)
    _VALIDATORS[id(schema)] = (schema, validator)  # keeps schema alive, so the id stays unique
    return validator


_TYPE_WORDS = {
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "boolean": "true or false",
    "null": "null",
    "array": "a list",
    "object": "a mapping (key: value lines)",
}


def _show(value: object) -> str:
    """A value as a person wrote it in YAML, briefly."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return repr(text)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _words_for_type(types: Any) -> str:
    names: list[Any] = [types] if isinstance(types, str) else list(types)
    return " or ".join(_TYPE_WORDS.get(str(t), str(t)) for t in names)


def _one_of(values: Iterable[object]) -> str:
    return ", ".join(str(v) if isinstance(v, str) else _show(v) for v in values)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _pick_branch(error: ValidationError) -> ValidationError | None:
    """For anyOf/oneOf: the sub-error from the branch that matched furthest."""
    subs = list(error.context or [])
    if not subs:
        return None

    def rank(e: ValidationError) -> tuple[int, int]:
        return (len(e.relative_path), 0 if e.validator == "type" else 1)

    return max(subs, key=rank)


_Said = list[tuple[PathT, bool, str]]
"""(path, point at the key?, message) findings for one jsonschema error."""


def _unknown_fields(error: ValidationError, path: PathT, schema: dict[str, Any]) -> _Said:
    """additionalProperties: one finding per unknown key, at the key, with a close known name
    (for the first 20: difflib is slow on a file of hundreds of stray keys)."""
    inst: Any = error.instance
    known = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    out: _Said = []
    for key in inst:
        if key in known or any(re.search(p, str(key)) for p in patterns):
            continue
        msg = f"unknown field {_show(key)}; expected one of: {', '.join(known)}"
        close = difflib.get_close_matches(str(key), known, n=1) if len(out) < 20 else []
        if close:
            msg += f" (did you mean '{close[0]}'?)"
        out.append(((*path, key), True, msg))
    if out:
        return out
    return [(path, False, error.message)]


def _discriminated(error: ValidationError, path: PathT, disc: dict[str, Any]) -> _Said:
    """anyOf whose forms are told apart by one key (``x-discriminator``, e.g. an effect's
    ``effect``): the findings of the form that key names, or, when it names none, that the key
    is missing or not one of the names the forms allow (listed in the forms' order)."""
    inst: Any = error.instance
    key = str(disc["property"])
    if key not in inst:
        title = {"properties": {key: {"title": disc.get("title", "")}}}
        return [(path, False, _missing_field(f"'{key}' is a required property", title))]
    by_form: dict[int, list[ValidationError]] = {}
    for e in error.context or []:
        by_form.setdefault(int(e.relative_schema_path[0]), []).append(e)
    names: list[Any] = []
    for form in sorted(by_form):
        rejects = False
        for e in by_form[form]:
            if not e.relative_path and e.validator == "type":
                rejects = True
            elif list(e.relative_path) == [key] and e.validator in ("const", "enum"):
                rejects = True
                value: Any = e.validator_value
                names += [value] if e.validator == "const" else list(value)
        if not rejects:  # the form the key names: its own findings, every one
            return [said for e in by_form[form] for said in _messages(e)]
    expected = f"{disc.get('x-expected', 'one of')}: {_one_of(names)}"
    return [((*path, key), False, f"{_show(inst[key])} is not allowed here; expected {expected}")]


def _branch_messages(error: ValidationError, path: PathT, schema: dict[str, Any]) -> _Said | None:
    """anyOf/oneOf: "expected X or Y" when every form differs only by type, else the findings
    of the form that matched furthest; None leaves jsonschema's own words."""
    inst = error.instance
    disc = schema.get("x-discriminator")
    if isinstance(disc, dict) and isinstance(inst, dict):
        return _discriminated(error, path, disc)
    subs = list(error.context or [])
    type_errors = [e for e in subs if e.validator == "type" and not e.relative_path]
    forms = {e.relative_schema_path[0] for e in subs}
    if subs and forms == {e.relative_schema_path[0] for e in type_errors}:
        # every form wants another type (a form's other findings, e.g. its enum, follow)
        types: list[Any] = []
        for e in type_errors:
            value: Any = e.validator_value
            types += [value] if isinstance(value, str) else list(value)
        expected = schema.get("x-expected") or _words_for_type(dict.fromkeys(types))
        return [(path, False, f"expected {expected}, got {_show(inst)}")]
    best = _pick_branch(error)
    if error.validator == "oneOf" and best is None:
        return [(path, False, f"{_show(inst)} matches more than one form; expected exactly one")]
    if best is not None:
        return _messages(best)
    return None


def _missing_field(message: str, schema: dict[str, Any]) -> str:
    """required: the missing field named with what it is (its schema title, or its description
    when the title only repeats the name), as people do not know the schema's key names."""
    missing = re.match(r"^'(.*)' is a required property$", message)
    name = missing.group(1) if missing else str(message)
    sub = schema.get("properties", {}).get(name, {})
    what = f"'{name}'"
    if isinstance(sub, dict):
        title = str(sub.get("title", ""))
        if title.lower() in ("", name.lower(), name.replace("_", " ").lower()):
            title = str(sub.get("description", "")).rstrip(".")
        if title:
            what += f" ({title[0].lower()}{title[1:]})"
    return f"missing required field '{name}'; expected {what} here"


def _say_type(inst: Any, vv: Any, hint: Any) -> str:
    return f"expected {hint or _words_for_type(vv)}, got {_show(inst)}"


def _say_enum(inst: Any, vv: Any, hint: Any) -> str:
    expected = hint or f"one of: {_one_of(vv)}"
    return f"{_show(inst)} is not allowed here; expected {expected}"


def _say_const(inst: Any, vv: Any, hint: Any) -> str:
    return f"{_show(inst)} is not allowed here; expected {_show(vv)}"


def _say_minimum(inst: Any, vv: Any, hint: Any) -> str:
    return f"{_show(inst)} is less than the minimum {vv}"


def _say_maximum(inst: Any, vv: Any, hint: Any) -> str:
    return f"{_show(inst)} is more than the maximum {vv}"


def _say_exclusive_minimum(inst: Any, vv: Any, hint: Any) -> str:
    return f"{_show(inst)} is too small; expected more than {vv}"


def _say_exclusive_maximum(inst: Any, vv: Any, hint: Any) -> str:
    return f"{_show(inst)} is too large; expected less than {vv}"


def _say_min_items(inst: Any, vv: Any, hint: Any) -> str:
    n = len(inst) if isinstance(inst, list) else 0
    have = "the list is empty" if n == 0 else f"the list has {_plural(n, 'item')}"
    return f"{have}; expected at least {_plural(vv, 'item')}"


def _say_max_items(inst: Any, vv: Any, hint: Any) -> str:
    n = len(inst) if isinstance(inst, list) else 0
    return f"the list has {_plural(n, 'item')}; expected at most {vv}"


def _say_min_length(inst: Any, vv: Any, hint: Any) -> str:
    if isinstance(inst, str) and not inst:
        return f"the text is empty; expected at least {_plural(vv, 'character')}"
    return f"{_show(inst)} is too short; expected at least {_plural(vv, 'character')}"


def _say_max_length(inst: Any, vv: Any, hint: Any) -> str:
    return f"the text is too long; expected at most {_plural(vv, 'character')}"


def _say_pattern(inst: Any, vv: Any, hint: Any) -> str:
    expected = hint or f"text matching {vv}"
    return f"{_show(inst)} is not in the right form; expected {expected}"


def _say_unique_items(inst: Any, vv: Any, hint: Any) -> str:
    """Names the first item listed twice: the one to remove."""
    seen: list[Any] = []
    repeated: Any = None
    for item in inst if isinstance(inst, list) else []:
        if item in seen:
            repeated = item
            break
        seen.append(item)
    return f"{_show(repeated)} is listed twice; expected each item once"


_SAY: dict[str, Callable[[Any, Any, Any], str]] = {
    "type": _say_type,
    "enum": _say_enum,
    "const": _say_const,
    "minimum": _say_minimum,
    "maximum": _say_maximum,
    "exclusiveMinimum": _say_exclusive_minimum,
    "exclusiveMaximum": _say_exclusive_maximum,
    "minItems": _say_min_items,
    "maxItems": _say_max_items,
    "minLength": _say_min_length,
    "maxLength": _say_max_length,
    "pattern": _say_pattern,
    "uniqueItems": _say_unique_items,
}
"""Plain words, what is wrong and what is expected, for one schema keyword: each is given the
value at fault, the keyword's value in the schema (a bound, the choices, a type) and the
schema's own ``x-expected`` wording, if any.  A keyword not here keeps jsonschema's message."""


def _messages(error: ValidationError) -> _Said:
    """(path, point at the key?, message) for one jsonschema error; several for extra keys."""
    path: PathT = tuple(error.absolute_path)
    v = error.validator
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    if v == "additionalProperties" and isinstance(error.instance, dict):
        return _unknown_fields(error, path, schema)
    if v in ("anyOf", "oneOf"):
        said = _branch_messages(error, path, schema)
        if said is not None:
            return said
    if v == "required":
        return [(path, False, _missing_field(error.message, schema))]
    say = _SAY.get(str(v))
    if say is None:
        return [(path, False, error.message)]
    return [(path, False, say(error.instance, error.validator_value, schema.get("x-expected")))]


def schema_problems(
    schema: dict[str, Any], data: Any, node: yaml.Node | None, filename: str
) -> list[Problem]:
    """Every schema violation in ``data``, located via ``node``, sorted by position."""
    found: list[tuple[PathT, bool, str]] = []
    more = 0
    for error in validator_for(schema).iter_errors(data):
        for item in _messages(error):
            if len(found) < MAX_PROBLEMS:
                found.append(item)
            else:
                more += 1
    index: _KeyIndex = {}
    problems: set[Problem] = set()
    for path, at_key, message in found:
        line, col = locate(node, path, at_key=at_key, _index=index)
        problems.add(Problem(filename, line, col, format_path(path), message))
    out = sorted(problems, key=lambda p: p.sort_key)
    if more:
        last = out[-1]
        out.append(
            Problem(
                filename,
                last.line,
                last.column,
                "",
                f"and {more:,} more problems like these; expected them fixed too",
            )
        )
    return out


def read_limited(path: Path, filename: str, max_bytes: int = MAX_BYTES) -> bytes | Problem:
    """At most ``max_bytes + 1`` bytes of a *regular* file.

    Opened without blocking and checked with ``fstat`` before reading, so a FIFO, ``/dev/stdin``
    or a device never hangs or floods us; the content is never echoed in a problem.
    """

    def unreadable(why: str) -> Problem:
        return Problem(filename, 0, 0, "", why, UNREADABLE)

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        return unreadable("no such file; expected a path to an existing file")
    except IsADirectoryError:
        return unreadable("this is a folder; expected a file")
    except PermissionError:
        return unreadable("permission denied; expected a file you may read")
    except OSError as e:
        return unreadable(f"cannot read the file ({e.strerror or e}); expected a readable file")
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            return unreadable("this is a folder; expected a file")
        if not stat.S_ISREG(info.st_mode):
            return unreadable("this is not a regular file (a pipe or a device); expected a file")
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, max_bytes + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as e:
        return unreadable(f"cannot read the file ({e.strerror or e}); expected a readable file")
    finally:
        os.close(fd)
