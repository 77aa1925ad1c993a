"""Small helpers shared by several test modules."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from referee.engine import Game, Step, Verdict
from referee.variant.model import Deal, Effect, PlayerRange, RankPower, Variant


def plain(text: str) -> str:
    """Markdown-escaped text as it shows on screen (the invisible word joiners that keep
    addresses from becoming links and the marks that isolate a group's words left out)."""
    text = text.replace("\u2060", "").replace("\u2068", "").replace("\u2069", "")
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            i += 1
        out.append(text[i])
        i += 1
    return "".join(out)


def endless(name: str = "Endless") -> Variant:
    """A variant that cannot end: every card asks for a number above 5 next and plays again,
    so the player must pick the pile back up: every player keeps both cards forever."""
    return Variant(
        id="endless",
        name=name,
        ranks_low=1,
        ranks_high=4,
        copies=1,
        rank_powers=tuple(
            RankPower(r, (Effect("next_range", {"min": 5}), Effect("play_again")))
            for r in range(1, 5)
        ),
        players=(PlayerRange(1, 2, 2),),
        deal=Deal(face_down=0, face_up=0, hand=2),
        min_hand=2,
    )


def house_data(
    karma_cards: list[dict[str, object]] | None = None,
    rank_powers: list[dict[str, object]] | None = None,
) -> dict[str, object]:
    """A house variant's data for one effect's tests: numbers 1 to 10, four of each, 2 to 4
    players, a 3 + 3 + 3 deal, a minimum hand of 3, runs of 4 burn."""
    return {
        "id": "house",
        "name": "House",
        "players": [{"decks": 1, "min": 2, "max": 4}],
        "ranks": {"low": 1, "high": 10, "copies": 4},
        "karma_cards": karma_cards or [],
        "rank_powers": rank_powers or [],
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
    }


def house(
    karma_cards: list[dict[str, object]] | None = None,
    rank_powers: list[dict[str, object]] | None = None,
) -> Variant:
    """The house variant of ``house_data``, loaded (and checked) as a file would be."""
    from referee.variant.loader import variant_from_data

    return variant_from_data(house_data(karma_cards, rank_powers))


# A classic game one play from its end: Ben and Cal each hold their last card, Ann two (the
# end screen, the rematch's seating, ruling 80).
NEAR_THE_END = """\
variant: classic
players: [Ann, Ben, Cal]
start:
  turn: Ben
  pile: [3]
  draw_pile: 0
  hand: {Ann: 2, Ben: 1, Cal: 1}
  face_up: {Ann: [], Ben: [], Cal: []}
  face_down: {Ann: 0, Ben: 0, Cal: 0}
steps: []
"""

# A record on the face-up cards with a table rule: a pick-up takes a face-up card along
# (ruling 108); the Referee page's tests start from it.
TAKE_ONE = """
variant:
  id: take
  name: Take One
  players: [{decks: 1, min: 2, max: 4}]
  ranks: {low: 1, high: 10, copies: 4}
  deal: {face_down: 3, face_up: 3, hand: 3}
  min_hand: 3
  burn: 4
  table: {take_face_up: true}
players: [Ann, Ben]
start:
  turn: Ann
  pile: [9]
  hand: {Ben: 3}
  face_up: {Ann: [7, 2], Ben: []}
  face_down: {Ann: 1, Ben: 1}
steps: []
"""

TAKE_RANK = (
    TAKE_ONE.replace("take_face_up: true", "take_face_up_rank: true")
    .replace("id: take", "id: take-rank")
    .replace("name: Take One", "name: Take of One Rank")
    .replace("face_up: {Ann: [7, 2], Ben: []}", "face_up: {Ann: [7, 7, 2], Ben: []}")
)
"""The same start under take_face_up_rank (ruling 141): Ann's two face-up 7s may go together."""

# An ordinary pack whose suits count, where only the Jack of hearts is wild (ruling 149): Ann
# to play on a King.  The suits' tests start from it, at the tablet and in records.
SUITED = """
variant:
  id: hearts
  name: Hearts
  players: [{decks: 1, min: 2, max: 4}]
  ranks: {pack: ordinary, suits: true}
  rank_powers: [{rank: J, effects: [{effect: wild, when: {suit: hearts}}]}]
  deal: {face_down: 3, face_up: 3, hand: 3}
  min_hand: 3
  burn: 4
players: [Ann, Ben]
start:
  turn: Ann
  pile: [K]
  draw_pile: 0
  hand: {Ann: 5, Ben: 5}
  face_up: {Ann: [], Ben: []}
steps: []
"""

# PAGATV's superjoker (docs/house-rules.md, rule 131; ruling 168): the one joker gives the pile
# to the next player, who may pass it on with a red Jack.  Ann to play; the tablet's tests of
# the deflection start from it.
SUPERJOKER = """
variant:
  id: superjoker
  name: Superjoker
  players: [{decks: 1, min: 2, max: 5}]
  ranks: {pack: ordinary, ace: high, suits: true}
  jokers:
    copies: 1
    effects: [one_time, {effect: give_pile, target: next, answers: [red J]}]
  deal: {face_down: 3, face_up: 3, hand: 3}
  min_hand: 3
  burn: 4
players: [Ann, Ben, Cal]
start:
  turn: Ann
  pile: [5, 9]
  draw_pile: 0
  hand: {Ann: 5, Ben: 5, Cal: 5}
  face_up: {Ann: [], Ben: [], Cal: []}
steps: []
"""

# Runs of cards in a row (a table rule, ruling 166) in an ordinary pack whose 7 limits the next
# play: Ann to play on a 3.  The run tap's tests start from it, in AppTest and in the browser.
RUNS = """
variant:
  id: runs
  name: Runs
  players: [{decks: 1, min: 2, max: 4}]
  ranks: {pack: ordinary, ace: high}
  rank_powers: [{rank: 7, effects: [{effect: next_range, max: 7}]}]
  deal: {face_down: 3, face_up: 3, hand: 3}
  min_hand: 3
  burn: 4
  table: {runs: 3}
players: [Ann, Ben]
start:
  turn: Ann
  pile: [3]
  draw_pile: 0
  hand: {Ann: 8, Ben: 8}
  face_up: {Ann: [], Ben: []}
steps: []
"""


def explain(game: Game, step: Step) -> Verdict:
    """The game's verdict on a step at its own position (``game.advice.explain``), for a test
    that builds the game in the same expression."""
    return game.advice.explain(game.state, step)


def legal_steps(game: Game) -> list[Step]:
    """Every legal step of the player to move in a full-information game
    (``game.choices.legal_steps``), for a test that builds the game in the same expression."""
    return game.choices.legal_steps(game.state)


def walk_listed_steps(v: Variant, look: Callable[[Game, list[Step]], int]) -> int:
    """Six games of three players, each step drawn at random among the listed ones (every one
    of them worded legal); ``look`` sees each listing first.  The sum of what it counted, so
    that a test can say the case it looks for came up."""
    import random

    seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        g = Game.shuffled(v, ["Ann", "Ben", "Cal"], seed)
        for _ in range(400):
            if g.over:
                break
            steps = g.choices.legal_steps(g.state)
            seen += look(g, steps)
            for s in steps:
                assert g.advice.explain(g.state, s).legal
            g.push(rng.choice(steps), trusted=True)
    return seen


def bots_finish(v: Variant, seeds: Iterable[int] = range(6)) -> None:
    """A smart, a greedy and a random bot play six games of ``v`` (the deals of ``seeds``) to
    their end."""
    import random

    from referee.simulate.bots import BOTS
    from referee.simulate.runner import play

    for seed in seeds:
        names = ["Ann", "Ben", "Cal"]
        game = Game.shuffled(v, names, seed)
        bots = {n: BOTS[b]() for n, b in zip(names, ("smart", "greedy", "random"), strict=True)}
        assert not play(game, bots, random.Random(seed)).capped, seed
