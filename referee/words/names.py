"""Names people read at the table: clean, visible, and not two that look the same.

A verdict that reads "Ann gives the pile to Ann" is wrong even when the referee is right, so:

* a name is NFC-normalised (a "ë" typed as e + accent is the same name as "ë"), with surrounding
  spaces removed (:func:`clean_name`);
* a name may not hold a control character, a line break or a bidi control (they redraw a
  terminal or reorder the words around the name on screen), and needs one visible character;
* two players may not have names that look the same (:func:`look_alike`): compared after
  removing invisible characters (zero-width spaces, joiners, variation selectors ...), folding
  runs of spaces, and folding confusable characters to one prototype (Unicode TR39 skeletons,
  from the ``confusable-homoglyphs`` package's copy of Unicode's confusables data: Cyrillic "А"
  is Latin "A", "1" and "l" are "I" ...), with and without case ("ANN" is "Ann").

Rulings 60-62 in docs/rulings.md.  The records loader, the variant loader (card and variant
names) and the app's New game form all use these functions, so they say the same thing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from referee.words.inert import BIDI_CONTROLS, visible

# Default-ignorable characters that are not format characters (Cf): they show as nothing.
_INVISIBLE_EXTRA = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u2800\u3164\uffa0"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
    + "".join(chr(c) for c in range(0xE0100, 0xE01F0))
)


def _invisible(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cf", "Cc", "Zl", "Zp", "Cn") or ch in _INVISIBLE_EXTRA


def _code(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def clean_name(name: str) -> str:
    """The name as stored: NFC, without spaces around it."""
    return unicodedata.normalize("NFC", name).strip()


def name_problem(name: str) -> str | None:
    """What is wrong with a name in itself (plain words, inert), or None."""
    for ch in name:
        category = unicodedata.category(ch)
        if ch in BIDI_CONTROLS:
            return (
                f"it holds an invisible direction mark ({_code(ch)}) that would reorder the "
                "words around the name; expected letters, digits, spaces and punctuation"
            )
        if category in ("Cc", "Zl", "Zp"):
            what = "a line break" if ch in "\n\r\x85\u2028\u2029" else "a control character"
            return (
                f"it holds {what} ({_code(ch)}); expected letters, digits, spaces and "
                "punctuation on one line"
            )
    if not any(not _invisible(ch) and not ch.isspace() for ch in name):
        return "it has nothing you can see; expected at least one letter, digit or sign"
    return None


@cache
def _prototypes() -> dict[str, str]:
    """Code point -> the prototype of its confusable class.

    The package lists, for each character, the characters it can be confused with; the classes
    are its closure.  Unicode's confusables map single code points to prototypes, so a member of
    several code points (``rn`` for ``m``) is the class's prototype; otherwise the smallest code
    point stands for the class (any fixed member does, since only equality is asked)."""
    from confusable_homoglyphs.confusables import confusables_data

    def bare(s: str) -> str:  # the data wraps right-to-left glyphs in LRMs
        return s.replace("\u200e", "").replace("\u200f", "")

    parent: dict[str, str] = {}

    def find(x: str) -> str:
        root = x
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(x, x) != root:
            parent[x], x = root, parent[x]
        return root

    for char, entries in confusables_data.items():
        for entry in entries:
            a, b = find(bare(char)), find(bare(entry["c"]))
            if a != b:
                parent[max(a, b)] = min(a, b)
    classes: dict[str, list[str]] = {}
    for member in list(parent):
        classes.setdefault(find(member), []).append(member)
    out: dict[str, str] = {}
    for root, members in classes.items():
        members.append(root)
        longer = sorted(m for m in members if len(m) > 1)
        prototype = longer[0] if longer else min(members)
        for m in members:
            if len(m) == 1 and m != prototype:
                out[m] = prototype
    return out


def skeleton(text: str) -> str:
    """What the text looks like: TR39's skeleton (NFD, each character to its prototype, NFD),
    after removing invisible characters and folding runs of spaces to one."""
    protos = _prototypes()
    s = unicodedata.normalize("NFD", text)
    s = " ".join("".join(ch for ch in s if not _invisible(ch)).split())
    for _ in range(4):  # a prototype of several characters may itself fold further
        folded = unicodedata.normalize("NFD", "".join(protos.get(ch, ch) for ch in s))
        if folded == s:
            break
        s = folded
    return s


def _keys(name: str) -> tuple[str, str]:
    return skeleton(name), skeleton(skeleton(name).casefold())


def look_alike(a: str, b: str) -> bool:
    """Whether two names read the same at a glance (invisible characters, confusable letters
    and case aside)."""
    ka, kb = _keys(a), _keys(b)
    return ka[0] == kb[0] or ka[1] == kb[1]


def difference(a: str, b: str) -> str:
    """Why ``b`` is not ``a`` although it looks the same, in plain words."""
    extra = [ch for ch in dict.fromkeys(b) if ch not in a]
    odd = [ch for ch in extra if not ch.isascii() or _invisible(ch)]
    if odd and all(_invisible(ch) for ch in odd):
        return "it only adds invisible characters"
    if odd:
        return "it has " + ", ".join(_code(ch) for ch in odd[:2])
    if a.casefold() == b.casefold():
        return "only capital letters differ"
    return "its letters look the same"


def quoted(name: str, marks: str = "“”") -> str:
    """A name inside a message: quoted, every character that could act or that shows as
    nothing written as an escape (``\\u200b``)."""
    shown = "".join(f"\\u{ord(ch):04x}" if _invisible(ch) else ch for ch in visible(name))
    return f"{marks[0]}{shown}{marks[-1]}"


@dataclass(frozen=True)
class NameProblem:
    """One problem with the name at ``index`` (0-based): ``message``, a whole located-error
    sentence; ``reason``, the short why ("it has U+0410 CYRILLIC CAPITAL LETTER A") for a
    caller that words its own sentence; ``other``, the index of the name it clashes with."""

    index: int
    message: str
    reason: str
    other: int | None = None


@dataclass(frozen=True)
class NamesCheck:
    """The cleaned names (same order) and every problem; ``ok`` when there is none."""

    names: tuple[str, ...]
    problems: tuple[NameProblem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def check_names(names: Sequence[str], what: str = "player") -> NamesCheck:
    """Clean every name and say what is wrong: a name in itself, or two that look the same
    (reported at the later one, naming both)."""
    cleaned = tuple(clean_name(n) for n in names)
    problems: list[NameProblem] = []
    seen: dict[str, int] = {}
    for i, name in enumerate(cleaned):
        problem = name_problem(name)
        if problem is not None:
            problems.append(NameProblem(i, f"the {what} name {quoted(name)}: {problem}", problem))
            continue
        clash = next((seen[k] for k in _keys(name) if k in seen), None)
        if clash is not None:
            first = cleaned[clash]
            why = "it is the same name" if first == name else difference(first, name)
            problems.append(
                NameProblem(
                    i,
                    f"{quoted(name)} looks the same as {quoted(first)} ({why}); expected "
                    f"every {what} to have a name the others can tell apart (add an initial, "
                    "for example)",
                    why,
                    clash,
                )
            )
            continue
        for k in _keys(name):
            seen.setdefault(k, i)
    return NamesCheck(cleaned, tuple(problems))


def check_players(names: Sequence[str]) -> NamesCheck:
    """The players' names at a table: what the New game form and game records accept."""
    return check_names(names, "player")


def nfc_data(data: Any) -> Any:
    """Parsed YAML/JSON data with every string (keys too) in NFC, so that a name typed with
    combining accents is the same name wherever it appears in the file."""
    if isinstance(data, str):
        return unicodedata.normalize("NFC", data)
    if isinstance(data, list):
        return [nfc_data(x) for x in data]
    if isinstance(data, dict):
        return {nfc_data(k): nfc_data(v) for k, v in data.items()}
    return data


def lookalike_pairs(names: Iterable[str]) -> list[tuple[int, int]]:
    """(earlier, later) indexes of names that look the same; for warnings (card names)."""
    seen: dict[str, int] = {}
    pairs = []
    for i, name in enumerate(names):
        keys = _keys(clean_name(name))
        clash = next((seen[k] for k in keys if k in seen), None)
        if clash is not None:
            pairs.append((clash, i))
            continue
        for k in keys:
            seen.setdefault(k, i)
    return pairs
