"""Issue 44.1: a game that goes round in circles ends as soon as that is proved or very probable
(runner.play), never changing a game that ends; a card's restricted game is played on from the
step where it leaves the main game (analysis.Fork), the very game a restricted player would
have played from the deal.  Small counts: these check what happens, not how fast."""

from __future__ import annotations

import random

import support
from test_sim_analysis import hot_potato

from referee.engine import Game
from referee.simulate import analysis
from referee.simulate.analysis import Forker, Question, Restricted, _Player, analyse
from referee.simulate.bots import BOTS
from referee.simulate.runner import (
    LOOK_AFTER,
    WATCH_FROM,
    bot_seed,
    game_seed,
    play,
    quiet_bound,
    seat_names,
)
from referee.variant.registry import builtin

NAMES = seat_names(4)


def _game(variant: object, index: int, bot: str = "smart", watch: bool = True) -> object:
    game = Game.shuffled(variant, NAMES, game_seed(1, index))  # type: ignore[arg-type]
    one = BOTS[bot]()
    bots = dict.fromkeys(NAMES, one)
    return play(game, bots, random.Random(bot_seed(1, index)), 2000, watch=watch)


def test_a_game_that_cannot_end_is_proved_stalled_at_once() -> None:
    """The endless variant goes round the same two positions: with careful players (whose
    choices there are never left to chance) the repeat proves it, long before the cap."""
    v = support.endless()
    game = Game.shuffled(v, ["A", "B"], 3)
    bots = dict.fromkeys(["A", "B"], BOTS["greedy"]())
    result = play(game, bots, random.Random(3), 2000)
    assert result.capped and result.stall == "repeat"
    assert result.steps <= WATCH_FROM + LOOK_AFTER + 10
    # Careless players leave every choice to chance: no proof, only the bound on quiet steps.
    game = Game.shuffled(v, ["A", "B"], 3)
    bots = dict.fromkeys(["A", "B"], BOTS["random"]())
    result = play(game, bots, random.Random(3), 2000)
    assert result.capped and result.stall == "quiet"
    assert result.steps == WATCH_FROM + quiet_bound(4)


def test_watching_never_changes_a_game_and_a_proved_stall_never_ends() -> None:
    """Hot Potato: each game played with and without watching.  A game that ends is the same
    game step for step; a game called stalled by a repeat does not end when played on."""
    v = hot_potato()
    stalled = 0
    for index in range(40):
        watched = _game(v, index)
        free = _game(v, index, watch=False)
        if watched.capped:  # type: ignore[attr-defined]
            stalled += 1
            if watched.stall == "repeat":  # type: ignore[attr-defined]
                assert free.capped, index  # type: ignore[attr-defined]
        else:
            assert (watched.steps, watched.loser) == (free.steps, free.loser), index  # type: ignore[attr-defined]
    assert stalled  # the card does stall games (the test can fail)


def test_a_fork_plays_the_restricted_game_a_player_would_have_played_from_the_deal() -> None:
    """For every deal and card: the main game forked where the focus player first plays the
    card, played on with the restriction, ends as the restricted game played from the deal
    does (same loser, same length)."""
    v = builtin("second-edition")
    q = Question(v, players=4)
    player = _Player(q)
    forks = 0
    for index in range(6):
        bots = [player.bots["smart"]] * 4
        focus = index % 4
        forker = Forker(bots[focus], player.cards, bots)
        main = Game.shuffled(v, NAMES, game_seed(q.seed, index))
        seats = dict(zip(NAMES, [*bots[:focus], forker, *bots[focus + 1 :]], strict=True))
        play(main, seats, random.Random(bot_seed(q.seed, index)), 2000)
        for card, fork in forker.forks.items():
            forks += 1
            other = player._restricted(main, fork, bots, focus, card)
            whole = [BOTS["smart"]()] * 4
            whole[focus] = Restricted(whole[0], card)
            scratch = Game.shuffled(v, NAMES, game_seed(q.seed, index))
            alone = play(
                scratch,
                dict(zip(NAMES, whole, strict=True)),
                random.Random(bot_seed(q.seed, index)),
                2000,
            )
            assert other.loser == alone.loser, (index, card)
            assert other.capped == alone.capped, (index, card)
    assert forks >= 6


def test_the_stalled_deals_are_played_again_on_the_workers_with_the_same_answer() -> None:
    q = Question(hot_potato(), players=4, max_games=40, min_games=40, target=0, cards=False,
                 skill=False)  # fmt: skip
    one, two = analyse(q, jobs=1), analyse(q, jobs=2)
    assert one.stall is not None and one.stall.replayed > 0
    assert one.stall == two.stall
    assert one.report.stalls == two.report.stalls and sum(one.report.stalls.values()) > 0


def test_the_first_answers_come_after_a_few_deals() -> None:
    spans = list(analysis._spans(Question(builtin("classic"), max_games=25)))
    assert spans[0] == (0, 2) and spans[-1][1] == 25
    assert all(b == c for (_, b), (c, _) in zip(spans, spans[1:], strict=False))
