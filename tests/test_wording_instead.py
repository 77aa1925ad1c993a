"""Issues 20.5 and 30.3/30.6: "Instead" says exactly the legal steps.

Every illegal verdict's ``instead`` is the hint for the player to move, and the hint is read off
the verdicts themselves (``Rules.hint_data``: ``judge`` on one copy of each card of the variant).
Here, at every step of random games of random valid variants (``tests/strategies.py``), the
hint's facts are compared with ``Game.legal_steps()`` of a full-information game - which zone,
which held cards may go, whether the pile may be picked up, which cards need a chosen player -
and the hint's words are read back against those facts.  A face-down card is turned over blind
(R7.5), so there "it fits if …" is compared with the referee's verdict on each face-down card.
"""

from __future__ import annotations

import dataclasses
import random
import re
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import valid_variants

from referee import wording
from referee.engine import Game, PickUp, Play, SetupError
from referee.reasons import Reason
from referee.variant.loader import variant_from_data
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
    at_least: int = 1  # cards that must go together
    gamble: bool = False  # the draw pile's top card may be turned over (a table rule)


def read_hint(text: str, who: str) -> Said:
    """The hint's words read back; an AssertionError for words it does not know."""
    said = _read_hint(text, who)
    gamble = "may turn over the top card of the draw pile." in text or (
        "pick up the pile or turn over the top card of the draw pile." in text
    )
    return dataclasses.replace(said, gamble=gamble)


def _read_hint(text: str, who: str) -> Said:
    chosen: tuple[str, ...] = ()
    m = re.search(r" ([^.]*?) (?:needs|need) a chosen player\.$", text)
    if m:
        chosen = tuple(re.split(r", | and ", m.group(1)))
        text = text[: m.start()]
    w = re.escape(who)
    # A table rule (ruling 109): the draw pile's top card instead of a pick-up; read above.
    text = text.removesuffix(f" Or {who} may turn over the top card of the draw pile.")
    text = text.replace(" or turn over the top card of the draw pile.", ".")
    if re.fullmatch(
        rf"{w} must pick up the pile\. Table cards wait until the draw pile is empty\.", text
    ):
        return Said("hand", True, False, None, chosen)
    m = re.fullmatch(
        rf"{w} must pick up the pile(?: and one face-up card)?\. No card may go on it now\.", text
    )
    if m:  # the zone is not said: nothing the mover holds may go
        return Said("any", True, False, "", chosen)
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
        rf"{w} may play (two|three|four|five|six) or more (from their hand|face-up cards) at once"
        rf"(?:: (.*?))?\.( Or {w} may pick up the pile(?: and one face-up card)?\.)?",
        text,
    )
    if m:
        zone = "hand" if "hand" in m.group(2) else "face_up"
        k = ["two", "three", "four", "five", "six"].index(m.group(1)) + 2
        return Said(zone, bool(m.group(4)), True, m.group(3), chosen, k)
    m = re.fullmatch(
        rf"{w} may play (any card from their hand|any face-up card|from their hand: (.*?)"
        rf"|a face-up card: (.*?))\.( Or {w} may pick up the pile(?: and one face-up card)?\.)?",
        text,
    )
    assert m, f"words the test does not know: {text!r}"
    zone = "hand" if "hand" in m.group(1) else "face_up"
    return Said(zone, bool(m.group(4)), True, m.group(2) or m.group(3), chosen)


def as_numbers(words: str, v: Variant) -> str:
    """An ordinary pack's words with its faces as numbers ('Queen or higher' -> '12 or
    higher', 'a card from 7 to Jack' -> 'a number from 7 to 11'), so one reader reads both."""
    for rank, (_, name) in v.faces().items():
        words = re.sub(rf"\b(?:an? )?{name}\b", str(rank), words)
    words = words.replace("a card from", "a number from")
    return re.sub(r"^any card from \d+ to \d+", "any number", words)


def fits(words: str | None, card: Card, names: dict[Card, str] | None = None) -> bool:
    """Whether a card is among the words for what may go ('9 or higher, or a Karma card',
    'a number from 7 to 11, Bottoms Up or a wild 10', 'Five or Below', 'a Joker'). ``names``
    are the variant's special cards' names, for words that name some of them."""
    if words is None:
        return True
    if words == "":  # 'No card may go'
        return False
    m = _RANGE.match(words)
    rest = words[m.end() :] if m else words
    if isinstance(card, str):
        if "a Karma card" in rest and names is not None and names[card] != "Joker":
            return True
        return names is not None and names[card] in rest
    if card in _wild_named(rest):
        return True
    if not m:
        listed = re.match(r"^(\d+(?:, \d+)*(?: or \d+)?)(?:,|$)", words)
        return listed is not None and card in {int(n) for n in re.findall(r"\d+", listed.group(1))}
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
    """The hint and the legal steps say the same (R11.1, R11.2): its facts are read off the
    verdicts, and its words off its facts."""
    who = game.turn
    assert who is not None
    v = game.variant
    facts = game.hint_data()
    assert game.explain(Play(who, ())).instead == game.hint()  # every illegal verdict's instead
    assert game.hint() == wording.hint(facts, game.voice)
    said = read_hint(game.hint(), who)
    if said.fits:
        said = dataclasses.replace(said, fits=as_numbers(said.fits, v))
    legal = game.legal_steps()
    gambles = [s for s in legal if isinstance(s, Play) and s.zone == "draw_pile"]
    assert bool(gambles) == said.gamble == facts.gamble, (gambles, game.hint())
    plays = [s for s in legal if isinstance(s, Play) and s.zone != "draw_pile"]
    assert any(isinstance(s, PickUp) for s in legal) == said.pick_up == facts.pick_up, game.hint()
    assert said.play or not plays, game.hint()
    # A table rule: a pick-up takes a face-up card along exactly when the words say so.
    picks = [s for s in legal if isinstance(s, PickUp)]
    assert all((p.take is not None) == facts.take for p in picks), (picks, game.hint())
    said_take = "pick up the pile and one face-up card" in game.hint()
    assert said_take == (facts.take and facts.pick_up), game.hint()
    if said.zone == "any":
        said = Said(game.zone_to_play() or "hand", said.pick_up, False, "", said.chosen)
    assert {s.zone for s in plays} <= {said.zone}, game.hint()
    names = {c: v.card_name(c) for c in v.all_cards() if isinstance(c, str)}
    if said.zone == "face_down":  # the next card, turned over blind: 'it fits' is the verdict
        for play in plays:
            fitted = game.explain(play).reason in (Reason.FACE_DOWN_FITS, Reason.FOLLOW_UP_PLAY)
            assert fitted == fits(said.fits, play.cards[0], names), (play, game.hint())
    else:
        held = {c: n for c, n in game.zone(who, said.zone).known.items() if n}
        may = {s.cards[0] for s in plays}
        for card, n in held.items():  # every held card: said to go exactly when it may
            said_to = fits(said.fits, card, names) and n >= said.at_least
            assert (card in may) == said_to, (card, game.hint())
    needs = {v.card_name(s.cards[0]) for s in plays if s.to is not None}
    assert needs <= set(said.chosen), game.hint()
    assert all(s.to is not None for s in plays if v.card_name(s.cards[0]) in said.chosen)


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
    for vid in ("classic", "shithead", "second-edition", "party-twelve", "palace"):
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


def test_the_reader_knows_every_shape_of_the_words() -> None:
    """The words for what may go, each shape read back (the property test meets them all)."""
    assert fits("3, 5 or 9", 5) and not fits("3, 5 or 9", 4)
    assert fits("9 or higher, Bottoms Up or a wild 10", "b", {"b": "Bottoms Up"})
    assert not fits("9 or higher, Bottoms Up or a wild 10", "f", {"f": "Five or Below"})
    assert fits("9 or higher, Bottoms Up or a wild 10", 10)
    assert fits("Five or Below", "f", {"f": "Five or Below"}) and not fits("Five or Below", 9)
    pack = builtin("shithead")
    assert as_numbers("Queen or higher, or a wild 2, 8 or 10", pack) == (
        "12 or higher, or a wild 2, 8 or 10"
    )
    assert (
        as_numbers("a card from 7 to Jack, or a Joker", pack) == "a number from 7 to 11, or a Joker"
    )
    assert fits("9 or higher, or a Joker", "joker", {"joker": "Joker"})
    assert not fits("9 or higher, or a Karma card", "joker", {"joker": "Joker"})


def test_a_face_down_card_that_misses_needs_no_chosen_player() -> None:
    """Found by the property test (ruling 112): a face-down card with a chosen-player power
    that does not fit was listed with a player by ``legal_steps`` but not named by the advice;
    it has no effect (R7.5), so it asks for no player."""
    data = {
        "id": "random",
        "name": "Random",
        "players": [{"decks": 1, "min": 2, "max": 2}, {"decks": 2, "min": 3, "max": 5}],
        "ranks": {"low": 1, "high": 3, "copies": 2},
        "karma_cards": [{"id": "k0", "name": "Card 0", "copies": 1, "effects": ["bottom_to_top"]}],
        "rank_powers": [
            {"rank": 1, "effects": [{"effect": "give_card", "count": "once", "target": "chosen"}]}
        ],
        "deal": {"face_down": 1, "face_up": 0, "hand": 1},
        "min_hand": 1,
        "burn": 2,
        "table": {"starts": "lowest"},
    }
    assert play_and_check(variant_from_data(data), ["Ann", "Ben"], 1) > 0
