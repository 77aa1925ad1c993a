"""Issues 20.5 and 30.3/30.6: "Instead" says exactly the legal steps.

Every illegal verdict's ``instead`` is the hint for the player to move, and the hint is read off
the verdicts themselves (``Advice.facts``: ``judge`` on one copy of each card of the variant).
Here, at every step of random games of random valid variants (``tests/strategies.py``), the
hint's facts are compared with ``Choices.legal_steps`` of a full-information game - which zone,
which held cards may go, whether the pile may be picked up, which cards need a chosen player -
and the hint's words are read back (``tests/advice_reader.py``) against those facts.  A face-down card is turned over blind
(R7.5), so there "it fits if …" is compared with the referee's verdict on each face-down card.
"""

from __future__ import annotations

import random

from advice_reader import Reader, read_hint
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import valid_variants

from referee.engine import Game, PickUp, Play, SetupError
from referee.variant.loader import variant_from_data
from referee.variant.model import Variant
from referee.variant.registry import builtin
from referee.words import sentences
from referee.words.reasons import Reason

STEPS = 40  # steps per random game


def check_hint(game: Game) -> None:
    """The hint and the legal steps say the same (R11.1, R11.2): its facts are read off the
    verdicts, and its words (read back by ``advice_reader``) off its facts."""
    who = game.turn
    assert who is not None
    v = game.variant
    facts = game.advice.facts(game.state)
    assert game.advice.explain(game.state, Play(who, ())).instead == game.advice.hint(
        game.state
    )  # every illegal verdict's instead
    assert game.advice.hint(game.state) == sentences.hint(facts, game.advice.voice)
    said = read_hint(game.advice.hint(game.state), who)
    legal = game.choices.legal_steps(game.state)
    gambles = [s for s in legal if isinstance(s, Play) and s.zone == "draw_pile"]
    assert bool(gambles) == said.gamble == facts.gamble, (gambles, game.advice.hint(game.state))
    plays = [s for s in legal if isinstance(s, Play) and s.zone != "draw_pile"]
    assert any(isinstance(s, PickUp) for s in legal) == said.pick_up == facts.pick_up, (
        game.advice.hint(game.state)
    )
    # A table rule: a pick-up takes a face-up card along exactly when the words say so.
    picks = [s for s in legal if isinstance(s, PickUp)]
    assert all((p.take is not None) == facts.take for p in picks), (
        picks,
        game.advice.hint(game.state),
    )
    said_take = "pick up the pile and one face-up card" in game.advice.hint(game.state)
    assert said_take == (facts.take and facts.pick_up), game.advice.hint(game.state)
    if said.zone is None:
        assert not plays, game.advice.hint(game.state)
        return
    assert {s.zone for s in plays} <= {said.zone}, game.advice.hint(game.state)
    zone = game.zone(who, said.zone)
    if said.zone == "face_down":  # the next card, turned over blind: 'it fits' is the verdict
        named = Reader(v).read(said.what) if said.what is not None else None
        for play in plays:
            fitted = game.advice.explain(game.state, play).reason in (
                Reason.FACE_DOWN_FITS,
                Reason.FOLLOW_UP_PLAY,
            )
            says = named is not None and play.cards[0] in named.covers({play.cards[0]})
            assert fitted == says, (play, game.advice.hint(game.state))
    else:
        held = {c for c, n in zone.known.items() if n}
        may = {s.cards[0] for s in plays}
        assert said.what is not None, game.advice.hint(game.state)
        assert Reader(v).read(said.what).covers(held) == may, (may, game.advice.hint(game.state))
    # (the card that chooses is a play's top card: of a run, its last, ruling 166)
    needs = {v.card_name(s.cards[-1]) for s in plays if s.to is not None}
    assert said.some_chosen or needs <= set(said.chosen), game.advice.hint(game.state)

    def said_to_choose(s: Play) -> bool:
        """The hint names the play's card among those that need a chosen player, and where
        it names the card by the suits that choose ('a red 4', issue 42), the suit shown."""
        name = v.card_name(s.cards[-1])
        return name in said.chosen and (name not in said.suits or s.suit in said.suits[name])

    # (a card said by its suits, only the plays that show one of them choose)
    assert said.some_chosen or all(said_to_choose(s) for s in plays if s.to is not None), (
        game.advice.hint(game.state)
    )
    # (a play whose card chooses only under a condition that does not hold for it - two 3s
    # where a lone 3 chooses, ruling 152 - names nobody)
    assert all(
        s.to is not None
        for s in plays
        if said_to_choose(s)
        and game.choices.needs[s.cards[-1]].chooses_now(
            game.state, s.cards[-1], len(s.cards), s.zone, s.suit
        )
    )


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
        game.push(rng.choice(game.choices.legal_steps(game.state)))
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
    game.push(game.choices.legal_steps(game.state)[0])
    wrong = "Ben may play from their hand: a 16. Or Ben may pick up the pile."
    assert wrong != game.advice.hint(game.state)
    said = read_hint(wrong, "Ben")
    assert said.what is not None
    held = {c for c, n in game.zone("Ben", "hand").known.items() if n}
    may = {s.cards[0] for s in game.choices.legal_steps(game.state) if isinstance(s, Play)}
    assert Reader(game.variant).read(said.what).covers(held) != may


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


def test_the_check_reads_a_card_said_by_its_suits_and_can_fail() -> None:
    """Issue 42's suits: where only a red 4 picks who goes next, the hint says "a red 4" and
    the check reads it back against the listed plays that name a player (each shows a red
    suit); a hint saying the black 4s choose fails it."""
    from support import house_data

    data = house_data()
    data["ranks"] = {"pack": "ordinary", "suits": True}
    data["rank_powers"] = [
        {"rank": 4, "effects": [{"effect": "choose_next", "when": {"colour": "red"}}]}
    ]
    v = variant_from_data(data)
    said_red = 0
    for seed in range(4):
        game = Game.shuffled(v, ["Ann", "Ben", "Cal"], seed)
        rng = random.Random(seed)
        for _ in range(STEPS):
            if game.over:
                break
            check_hint(game)
            hint = game.advice.hint(game.state)
            said_red += "red 4 needs a chosen player." in hint
            chooses = [
                s
                for s in game.choices.legal_steps(game.state)
                if isinstance(s, Play) and s.to is not None
            ]
            if "red 4" in hint and chooses:
                said = read_hint(hint, game.turn or "")
                assert said.suits == {"4": frozenset({"diamonds", "hearts"})}
                assert {s.suit for s in chooses} <= said.suits["4"]
                wrong = read_hint(hint.replace("red 4", "black 4"), game.turn or "")
                assert not {s.suit for s in chooses} & wrong.suits["4"]  # the check fails
            game.push(rng.choice(game.choices.legal_steps(game.state)))
    assert said_red
