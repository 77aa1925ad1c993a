"""The Referee page in AppTest, with its one table (the component, ``referee.app.tablecomp``).

AppTest runs no JavaScript, so a test reads what the page hands the component (its data, as
the browser gets it) and takes a step as the component does: the step route's own function
(``tableapi.answer`` → ``stepping.act``) with the game, token and version the page drew, then
runs the page again to see the result.  The routes count as mounted (the fixture
``mounted_routes``, tests/conftest.py), as
under ``karma app``: the page then hands out the step route and its token.  What the browser
does with the data (taps, the selection, drawing) is tested in a real browser
(tests/browser/test_browser_component.py)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from streamlit.testing.v1 import AppTest

from referee.app import state, tableapi


def data(at: AppTest) -> dict[str, Any]:
    """What the page handed the table component on its last run."""
    found = [e for e in at.get("bidi_component") if e.proto.component_name == "karma_table"]
    assert len(found) == 1, "the page drew no table component"
    drawn = json.loads(found[0].proto.json)
    assert isinstance(drawn, dict)
    return drawn


def text_of(fragment: str) -> str:
    """An HTML fragment's text, as it reads (the marks that isolate a group's words kept)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def glance(d: dict[str, Any], what: str) -> str | None:
    """The text of a glance element of the table's head ("turn", "direction", "follow")."""
    m = re.search(rf'data-glance="{what}">(.*?)</div>', str(d["head"]), re.S)
    return text_of(m.group(1)) if m else None


def turn(at: AppTest) -> str | None:
    return glance(data(at), "turn")


def ours(fragment: str, cls: str) -> list[str]:
    """The text of each element with class ``cls`` in one of the table's HTML parts."""
    return [
        text_of(m.group(1))
        for m in re.finditer(rf'class="{cls}"[^>]*>(.*?)</(?:div|p)>', fragment, re.S)
    ]


def card(d: dict[str, Any], c: object) -> dict[str, Any]:
    found: dict[str, Any] = next(x for x in d["cards"] if x["id"] == str(c))
    return found


def axis(d: dict[str, Any], c: object, name: str) -> dict[str, Any] | None:
    return next((a for a in card(d, c)["axes"] if a["name"] == name), None)


def _key(value: object) -> str:
    return "" if value is None else str(value)


def said(
    d: dict[str, Any],
    c: object,
    zone: str | None = None,
    count: int = 1,
    to: str | None = None,
    give: object = None,
    suit: str | None = None,
    run_from: int | None = None,
) -> dict[str, Any]:
    """What the table shows for a choice, looked up as the script looks it up: down the axes'
    values (card, zone, count, for whom, card given, then the number named, the suit shown
    and the run's lowest card for a card with those axes) to the verdict's index.  ``zone``
    None: the card's default."""
    if zone is None:
        zone = axis(d, c, "zone")["default"]  # type: ignore[index]
    node = d["pre"]["choices"][str(c)][zone][str(count)][_key(to)][_key(give)]
    # One more level for each of these axes the card has (rulings 153, 149, 166).
    more = {"as": None, "suit": suit, "run": run_from}
    for a in card(d, c)["axes"]:
        if a["name"] in more and isinstance(node, dict):
            node = node[_key(more[a["name"]])]
    found: dict[str, Any] = d["pre"]["verdicts"][node]
    return found


def words(x: dict[str, Any]) -> str:
    """A verdict's words as the table shows them, the rule's number last."""
    return " ".join(str(x.get(k) or "") for k in ("answer", "detail", "todo", "rule")).strip()


def step(
    at: AppTest,
    action: str,
    c: object = None,
    *,
    shown: dict[str, Any] | None = None,
    run: bool = True,
    **choice: Any,
) -> tuple[int, dict[str, Any]]:
    """Play, Pick up, Undo or Redo as the table component sends it: to the step route's own
    function, for the game and version the page drew (``shown``: data drawn earlier, for a
    tablet that is behind), then the page runs again.  The route's answer: (status, body)."""
    d = data(at) if shown is None else shown
    assert d["api"] and d["token"], "the page handed the table no step route"
    zone = choice.pop("zone", None)
    if c is not None and zone is None:
        zone = axis(d, c, "zone")["default"]  # type: ignore[index]
    payload: dict[str, Any] = {
        "gid": d["gid"],
        "token": d["token"],
        "version": d["version"],
        "action": action,
        "card": None if c is None else str(c),
        "count": choice.pop("count", 1),
        "zone": zone,
        "by": choice.pop("by", ""),
        "to": choice.pop("to", None),
        "give": _key(choice.pop("give", None)) or None,
        "suit": choice.pop("suit", None),
        "run": _key(choice.pop("run_from", None)) or None,  # a run's lowest card (ruling 166)
        "take": _key(choice.pop("take", None)) or None,
    }
    assert not choice, f"not a field of a step: {choice}"
    answered = tableapi.answer(payload, state.process_store())
    if run:
        at.run()
    return answered


def notes(reply: dict[str, Any]) -> list[tuple[str, str]]:
    """The notes the route's answer has the table show (kind, words)."""
    return [(k, text_of(w)) for k, w in reply["data"]["notes"]]


def play(at: AppTest, c: object, **choice: Any) -> dict[str, Any]:
    """A play the route records: its answer's body."""
    status, reply = step(at, "play", c, **choice)
    assert status == 200 and "data" in reply, reply
    return reply
