"""The Referee page's table as a person uses it in a real browser: the table component
(issue 27.2, ``referee/app/tablecomp.py``).  Its parts are found by the component's own markup
(``data-card``, ``data-field``, ``data-k``), which Playwright's CSS finds inside its shadow root.

The component is the page's one table (issue 43.2): every step goes to the step route.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect
from streamlit.proto.BackMsg_pb2 import BackMsg

# The app between reruns (it also reads so before a page's first run has begun).
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'


def settled(page: Page) -> None:
    page.wait_for_selector(IDLE)


def steps_shown(page: Page, n: int) -> None:
    word = "step" if n == 1 else "steps"
    # While a rerun moves the line, Streamlit briefly keeps the old copy too: wait for a moment
    # when exactly one copy is drawn and visible, in one check (two checks one after the other
    # raced a later rerun on a busy machine); a real second copy never passes it.
    # The line is the page's (the end of a game) or the table component's (in its
    # shadow root).
    page.wait_for_function(
        """text => { const roots = [document, ...[...document.querySelectorAll('*')]
             .filter(e => e.shadowRoot).map(e => e.shadowRoot)];
           const shown = roots.flatMap(r => [...r.querySelectorAll('p')])
             .filter(p => p.textContent.includes(text));
           return shown.length === 1 && shown[0].getClientRects().length > 0; }""",
        arg=f"· {n} {word} so far",
    )


class Reruns:
    """Counts the reruns a page asks of the server (``rerun_script`` messages it sends)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.n = 0
        page.on("websocket", lambda ws: ws.on("framesent", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        if isinstance(payload, str):
            return
        msg = BackMsg()
        msg.ParseFromString(payload)
        if msg.WhichOneof("type") == "rerun_script":
            self.n += 1

    def count(self) -> int:
        """The count once every frame sent so far has been seen (a round trip to the page
        orders the events before its answer)."""
        self.page.evaluate("0")
        return self.n


def step_drawn(page: Page, n: int, *, over: bool = False) -> None:
    """The page and the component both show the game after ``n`` steps: the component's data
    comes in the same rerun, but a tap before it is drawn would be judged against the old step
    (and then cleared, as every new step clears the choice)."""
    steps_shown(page, n)
    if not over:  # at the end the table has no controls
        expect(page.locator(".kt")).to_have_attribute("data-steps", str(n))


def note(page: Page, kind: str) -> Locator:
    """A note about a step (kind "info", "warning" or "error"): the table component's, or
    Streamlit's message box where the page draws the game (the end of a game, a panel)."""
    box = {"info": "Info", "warning": "Warning", "error": "Error", "success": "Success"}[kind]
    return page.locator(f'.kt-note.kt-{kind}, [data-testid="stAlertContent{box}"]').first


def card(page: Page, cid: object) -> Locator:
    return page.locator(f".kt-card[data-card='{cid}']")


def verdict(page: Page, kind: str) -> Locator:
    """The component's verdict box: kind 'yes', 'no' or 'ask' (the same classes as the page's)."""
    return page.locator(f".kt .kr-verdict.kr-{kind}")


def tap(page: Page, cid: object) -> None:
    card(page, cid).click()
    expect(card(page, cid)).to_have_attribute("aria-pressed", "true")


def let_go(page: Page, cid: object) -> None:
    card(page, cid).click()
    expect(card(page, cid)).to_have_attribute("aria-pressed", "false")


def option(page: Page, label: str, name: str) -> Locator:
    """A choice button in the component's group called ``label``."""
    return page.get_by_role("group", name=label).get_by_role("button", name=name, exact=True)


def play_button(page: Page) -> Locator:
    return page.locator(".kt-action", has_text="Play")


def pick_up_button(page: Page) -> Locator:
    return page.locator(".kt-action", has_text="Pick up the pile")


def undo_button(page: Page) -> Locator:
    return page.locator(".kt-action[data-k='do:undo']")


def redo_button(page: Page) -> Locator:
    return page.locator(".kt-action[data-k='do:redo']")


COMPONENT_TARGETS = """root => [...root.querySelectorAll('button, select')]
    .filter(e => e.getClientRects().length > 0)
    .map(e => [e.textContent.trim().slice(0, 30),
               Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height)])"""


def component_targets_ok(page: Page) -> None:
    sizes = page.locator(".kt").evaluate(COMPONENT_TARGETS)
    small = [(t, s) for t, s in sizes if s < 44]
    assert sizes and not small, f"component targets under 44x44 px: {small}"


def chosen(page: Page, cid: object) -> Locator:
    """The card as chosen (pressed)."""
    return page.locator(f".kt-card[data-card='{cid}'][aria-pressed='true']")


def count(page: Page, n: int) -> Locator:
    """How many? — the option for ``n`` cards."""
    return page.locator(f".kt button[data-field='count'][data-value='{n}']")


def zone(page: Page, where: str) -> Locator:
    """From — the option for the zone ``where`` ("hand", "face_up", "face_down")."""
    return page.locator(f".kt button[data-field='zone'][data-value='{where}']")


def target(page: Page, name: str | None = None) -> Locator:
    """The player a card is for: the option showing ``name`` (every option when None)."""
    options = page.locator(".kt button[data-field='to']")
    if name is None:
        return options
    return options.filter(has_text=re.compile(rf"^{re.escape(name)}$"))


def verdict_box(page: Page, legal: bool | None = None) -> Locator:
    """The live verdict (✓ yes / ✗ no), or what the table asks for when legal is None."""
    return verdict(page, {True: "yes", False: "no", None: "ask"}[legal])


def tap_card(page: Page, cid: object) -> None:
    """Tap a card once the page has settled (a tap answered in the browser)."""
    settled(page)
    tap(page, cid)


def play(page: Page, cid: object, n_after: int, *, over: bool = False) -> None:
    """Tap the card and press Play; the table then shows ``n_after`` steps (``over``: the
    game ends with it)."""
    tap_card(page, cid)
    press(page, play_button(page), n_after, over=over)


def press(page: Page, button: Locator, n_after: int, *, over: bool = False) -> None:
    """Press Play or Pick up the pile; the table then shows ``n_after`` steps."""
    expect(button).to_be_enabled()
    button.click()
    step_drawn(page, n_after, over=over)


def unfollowing(page: Page) -> None:
    """A tablet whose requests for other tablets' steps are all lost (a network that drops
    them): it stays as it drew the game, a stale tablet (the version route would otherwise
    bring it another tablet's step at once)."""
    from referee.app.tableapi import VERSION_PATH

    page.route(f"**{VERSION_PATH}*", lambda route: route.abort())
