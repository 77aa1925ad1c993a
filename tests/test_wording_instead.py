"""Issue 20, point 5: "Instead" says exactly the legal steps, in the new short words.

Every illegal verdict's ``instead`` is the hint for the player to move.  Here the hint's words
are read back - which zone, which cards may go, whether the pile may be picked up, which cards
need a chosen player - and compared with ``Game.legal_steps()`` of a full-information game, at
every step of random games of random valid variants (``tests/strategies.py``).  A face-down card
is turned over blind (R7.5), so there "it fits if …" is compared with the referee's verdict on
each face-down card instead.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import valid_variants

from referee.engine import Game, PickUp, Play, SetupError
from referee.reasons import Reason
from referee.variant.model import Card, Variant
from referee.variant.registry import builtin

STEPS = 40  # steps per random game

_RANGE = re.compile(
    r"^(?:(?P<hi>\d+) or lower|(?P<lo>\d+) or higher|a number from (?P<a>\d+) to (?P<b>\d+)"
    r"|any number)"
)


@dataclass
class Said:
    """What a hint says the mover may do."""

    zone: str
    pick_up: bool
    play: bool
    fits: str | None  # the words for what may go; None: any card
    chosen: tuple[str, ...]


def read_hint(text: str, who: str) -> Said:
    """The hint's words read back; an AssertionError for words it does not know."""
    chosen: tuple[str, ...] = ()
    m = re.search(r" ([^.]*?) (?:needs|need) a chosen player\.$", text)
    if m:
        chosen = tuple(re.split(r", | and ", m.group(1)))
        text = text[: m.start()]
    w = re.escape(who)
    if re.fullmatch(
        rf"{w} must pick up the pile\. Table cards wait until the draw pile is empty\.", text
    ):
        return Said("hand", True, False, None, chosen)
    m = re.fullmatch(
        rf"{w} must play a (hand|face-up|face-down) card now\. Any card may go\.", text
    )
    if m:
        zone = {"hand": "hand", "face-up": "face_up", "face-down": "face_down"}[m.group(1)]
        return Said(zone, False, True, None, chosen)
    m = re.fullmatch(
        rf"{w} may turn over a face-down card(, or pick up the pile)?\. "
        r"(?:It fits if it is (.*)\.|Any card may go\.)",
        text,
    )
    if m:
        return Said("face_down", bool(m.group(1)), True, m.group(2), chosen)
    m = re.fullmatch(
        rf"{w} may play (any card from their hand|any face-up card|from their hand: (.*?)"
        rf"|a face-up card: (.*?))\.( Or {w} may pick up the pile\.)?",
        text,
    )
    assert m, f"words the test does not know: {text!r}"
    zone = "hand" if "hand" in m.group(1) else "face_up"
    return Said(zone, bool(m.group(4)), True, m.group(2) or m.group(3), chosen)


def fits(words: str | None, card: Card) -> bool:
    """Whether a card is among the words for what may go ('9 or higher, or a Karma card')."""
    if words is None:
        return True
    m = _RANGE.match(words)
    assert m, words
    rest = words[m.end() :]
    if isinstance(card, str):
        return "a Karma card" in rest
    if card in _wild_named(rest):
        return True
    if m.group("hi"):
        return card <= int(m.group("hi"))
    if m.group("lo"):
        return card >= int(m.group("lo"))
    if m.group("a"):
        return int(m.group("a")) <= card <= int(m.group("b"))
    return True


def _wild_named(rest: str) -> set[int]:
    """The wild ranks the words name: 'or a wild 10', 'or a wild 2, 8 or 10'."""
    m = re.search(r"a wild ([\d, or]+)$", rest)
    return {int(n) for n in re.findall(r"\d+", m.group(1))} if m else set()


def check_hint(game: Game) -> None:
    """The hint and the legal steps say the same (R11.1, R11.2)."""
    who = game.turn
    assert who is not None
    v = game.variant
    said = read_hint(game.hint(), who)
    assert game.explain(Play(who, ())).instead == game.hint()  # every illegal verdict's instead
    legal = game.legal_steps()
    plays = [s for s in legal if isinstance(s, Play)]
    assert any(isinstance(s, PickUp) for s in legal) == said.pick_up, game.hint()
    # The words are about cards, not about what this player holds: a play said may be
    # impossible with the cards held, and is then checked card by card below.
    assert said.play or not plays, game.hint()
    assert {s.zone for s in plays} <= {said.zone}, game.hint()
    held = [c for c, n in game.zone(who, said.zone).known.items() if n]
    if said.zone == "face_down":  # the next card, turned over blind: 'it fits' is the verdict
        for play in plays:
            fitted = game.explain(play).reason in (Reason.FACE_DOWN_FITS, Reason.FOLLOW_UP_PLAY)
            assert fitted == fits(said.fits, play.cards[0]), (play, game.hint())
    else:
        held = [c for c, n in game.zone(who, said.zone).known.items() if n]
        may = {s.cards[0] for s in plays}
        for card in held:
            if card not in may and _house_refuses(game, who, said.zone, card):
                continue  # a house effect's own check (R9): its refusal says why in its words
            assert (card in may) == fits(said.fits, card), (card, game.hint())
    needs = {v.card_name(s.cards[0]) for s in plays if s.to is not None}
    assert needs <= set(said.chosen), game.hint()
    assert all(s.to is not None for s in plays if v.card_name(s.cards[0]) in said.chosen)


def _house_refuses(game: Game, who: str, zone: str, card: object) -> bool:
    """The card fits by the hint's words but a house effect's own check (a unit's ``refuse``,
    e.g. not_last) turns it down: the hint speaks of values, the refusal of the situation."""
    tries = [Play(who, (card,), zone), *(Play(who, (card,), zone, to) for to in game.state.names)]  # type: ignore[arg-type]
    return any(game.explain(t).reason is Reason.HOUSE_RULE for t in tries)


def play_and_check(v: Variant, players: list[str], seed: int) -> int:
    """A random full-information game; the hint is checked before every step."""
    try:
        game = Game.shuffled(v, players, seed)
    except SetupError:
        return 0
    rng = random.Random(seed)
    for n in range(STEPS):
        if game.over:
            return n
        check_hint(game)
        game.push(rng.choice(game.legal_steps()))
    return STEPS


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=valid_variants(), seed=st.integers(0, 10**6), n=st.integers(2, 4))
def test_instead_says_exactly_the_legal_steps(variant: Variant, seed: int, n: int) -> None:
    n = max(variant.min_players, min(n, variant.max_players))
    play_and_check(variant, ["Ann", "Ben", "Cal", "Dee"][:n], seed)


def test_the_check_reads_every_builtin_and_can_fail() -> None:
    """The reader knows the words of the built-in variants, and a wrong hint fails it."""
    for vid in ("classic", "shithead", "second-edition", "party-twelve"):
        assert play_and_check(builtin(vid), ["Ann", "Ben", "Cal"], 7) > 10
    game = Game.shuffled(builtin("classic"), ["Ann", "Ben"], 3)
    game.push(game.legal_steps()[0])
    wrong = game.hint().replace(" or higher", " or lower")
    assert wrong != game.hint()
    said = read_hint(wrong, game.turn or "")
    who = game.turn or ""
    held = [c for c, n in game.zone(who, said.zone).known.items() if n]
    may = {s.cards[0] for s in game.legal_steps() if isinstance(s, Play)}
    assert any((c in may) != fits(said.fits, c) for c in held)
