"""Unit tests of the referee engine: verdicts, undo/redo, setup, full information (R2-R11)."""

from __future__ import annotations

import pytest
from support import legal_steps

from referee.engine import Game, IllegalStep, PickUp, Play, Position, SetupError
from referee.variant.loader import variant_from_data
from referee.variant.registry import builtin


@pytest.fixture
def classic():
    return builtin("classic")


def snapshot(game: Game):
    return game.state.copy()


def test_a_rejected_step_changes_nothing(classic) -> None:
    g = Game.deal(classic, ["Ann", "Ben", "Cal"])
    g.push(Play("Ann", (9,)))
    before = snapshot(g)
    with pytest.raises(IllegalStep) as e:
        g.push(Play("Ben", (3,)))
    assert e.value.verdict.rule == "R5.2"
    assert g.state == before and len(g.past.log) == 1


def test_verdict_reads_like_the_rule_book(classic) -> None:
    """R11.1's example: after Five or Below, Ben must play 5 or lower or a Karma card."""
    g = Game.deal(classic, ["Ann", "Ben"])
    g.push(Play("Ann", ("five_or_below",)))
    v = g.advice.explain(g.state, Play("Ben", (6,)))
    assert not v.legal and v.rule == "R8.2"
    text = str(v)
    assert text.startswith("No: after Five or Below, 6 is too high. Ben may play from their hand:")
    assert "pick up the pile" in text and text.endswith("[R8.2]")


def test_undo_and_redo_back_to_the_start(classic) -> None:
    g = Game.deal(classic, ["Ann", "Ben", "Cal"])
    states = [snapshot(g)]
    for step in [Play("Ann", (4,)), Play("Ben", (4, 4)), Play("Ben", (10,)), PickUp("Cal")]:
        g.push(step)
        states.append(snapshot(g))
    for expected in reversed(states[:-1]):
        g.past.undo()
        assert g.state == expected
    assert not g.past.can_undo() and g.past.can_redo()
    with pytest.raises(IndexError):
        g.past.undo()
    for expected in states[1:]:
        g.past.redo()
        assert g.state == expected
    assert not g.past.can_redo()


def test_a_new_step_drops_the_redo_list(classic) -> None:
    g = Game.deal(classic, ["Ann", "Ben"])
    g.push(Play("Ann", (4,)))
    g.past.undo()
    g.push(Play("Ann", (5,)))
    assert not g.past.can_redo()


def test_outcome_says_what_happens(classic) -> None:
    g = Game.deal(classic, ["Ann", "Ben", "Cal"])
    o = g.push(Play("Ann", (4, 4, 4)))
    assert o.burned and o.plays_again and o.next_player == "Ann"
    assert o.draws == (("Ann", 3),)
    assert "burns" in o.text and "Ann draws 3" in o.text and "plays again" in o.text


def test_pick_up_empty_pile(classic) -> None:
    g = Game.deal(classic, ["Ann", "Ben"])
    assert g.advice.explain(g.state, PickUp("Ann")).rule == "R6.3"


def test_wrong_player(classic) -> None:
    g = Game.deal(classic, ["Ann", "Ben"])
    assert g.advice.explain(g.state, Play("Ben", (3,))).rule == "R6.1"
    assert g.advice.explain(g.state, Play("Zed", (3,))).rule == "R6.1"


def test_unknown_card_and_zone(classic) -> None:
    g = Game.deal(classic, ["Ann", "Ben"])
    assert g.advice.explain(g.state, Play("Ann", (17,))).rule == "R1.1"
    assert g.advice.explain(g.state, Play("Ann", ("joker",))).rule == "R1.1"
    assert not g.advice.explain(g.state, Play("Ann", (3,), zone="pocket")).legal
    assert g.advice.explain(g.state, Play("Ann", ())).rule == "R4.1"


def test_target_rules(classic) -> None:
    g = Game.deal(classic, ["Ann", "Ben"])
    v = g.advice.explain(g.state, Play("Ann", ("give_the_pile_to_a_friend",)))
    assert not v.legal and v.field == "to"
    assert g.advice.explain(g.state, Play("Ann", (5,), to="Ben")).field == "to"
    assert g.advice.explain(g.state, Play("Ann", (5,), give=3)).field == "give"
    assert g.advice.explain(g.state, Play("Ann", ("give_the_pile_to_a_friend",), to="Ben")).legal


def test_deal_must_fit_the_players(classic) -> None:
    with pytest.raises(SetupError):
        Game.deal(classic, ["Ann"])
    with pytest.raises(SetupError):
        Game.deal(classic, [f"P{i}" for i in range(13)])
    with pytest.raises(SetupError):
        Game.deal(classic, ["Ann", "Ann"])
    g = Game.deal(classic, [f"P{i}" for i in range(7)])  # two decks (R1.2)
    assert g.decks == 2 and g.state.draw_pile == 120 - 63


def test_face_up_must_be_possible(classic) -> None:
    with pytest.raises(SetupError):
        Game.deal(classic, ["Ann", "Ben"], {"Ann": [7, 7], "Ben": [1, 2, 3]})
    with pytest.raises(SetupError):
        Game.deal(classic, ["Ann", "Ben"], {"Ann": [7, 7, 7], "Ben": [7, 2, 3]})


def test_start_positions_are_checked(classic) -> None:
    ok = Position(turn="Ann", pile=(5,), hand={"Ann": 1, "Ben": 1})
    assert Game.from_position(classic, ["Ann", "Ben"], ok).state.out_of_play == 57
    with pytest.raises(SetupError):  # the mover holds nothing (R2.4)
        Game.from_position(classic, ["Ann", "Ben"], Position(turn="Ann", hand={"Ben": 2}))
    with pytest.raises(SetupError):  # fewer than two players in
        Game.from_position(classic, ["Ann", "Ben"], Position(turn="Ann", hand={"Ann": 2}))
    with pytest.raises(SetupError):  # more 5s than exist
        Game.from_position(
            classic, ["Ann", "Ben"], Position("Ann", (5, 5, 5, 5), hand={"Ann": 1, "Ben": 1})
        )
    with pytest.raises(SetupError):  # more cards than the deck
        Game.from_position(classic, ["Ann", "Ben"], Position("Ann", hand={"Ann": 40, "Ben": 40}))


def test_start_with_a_restriction_on_top(classic) -> None:
    g = Game.from_position(
        classic, ["Ann", "Ben"], Position("Ann", ("five_or_below",), hand={"Ann": 2, "Ben": 2})
    )
    assert g.advice.explain(g.state, Play("Ann", (6,))).rule == "R8.2"


def test_full_information_lists_only_legal_steps(classic) -> None:
    g = Game.shuffled(classic, ["Ann", "Ben", "Cal"], seed=7, keep_history=True)
    for _ in range(60):
        if g.over:
            break
        steps = g.choices.legal_steps(g.state)
        assert steps, "the player to move always has a step"
        for step in steps:
            assert g.advice.explain(g.state, step).legal, (step, g.advice.explain(g.state, step))
        g.push(steps[0])


def test_legal_steps_needs_full_information(classic) -> None:
    with pytest.raises(RuntimeError):
        legal_steps(Game.deal(classic, ["Ann", "Ben"]))


def test_hint_words(classic) -> None:
    g = Game.deal(classic, ["Ann", "Ben"])
    chosen = "Give the Pile to a Friend needs a chosen player."
    assert g.advice.hint(g.state) == f"Ann may play any card from their hand. {chosen}"
    g.push(Play("Ann", (9,)))
    assert g.advice.hint(g.state) == (
        "Ben may play from their hand: 9 or higher, or a Karma card. "
        f"Or Ben may pick up the pile. {chosen}"
    )


def test_lose_a_turn_with_two_players_comes_back() -> None:
    """Rulings 15: the skipped player's turn is used up; the mover moves again."""
    g = Game.from_position(
        builtin("second-edition"), ["Ann", "Ben"], Position("Ann", hand={"Ann": 3, "Ben": 3})
    )
    o = g.push(Play("Ann", ("lose_a_turn",), to="Ben"))
    assert o.skipped == ("Ben",) and g.turn == "Ann"
    g.push(Play("Ann", (5,)))
    assert g.turn == "Ben"


def test_a_restricting_rank_that_resurfaces_counts_its_value() -> None:
    """Rulings 4: a one-time card leaves the pile; the 7 beneath counts 7, not 0."""
    from dataclasses import replace

    from referee.variant.model import Effect, RankPower

    base = builtin("second-edition")
    v = replace(base, rank_powers=(RankPower(7, (Effect("next_range", {"max": 7}),)),))
    g = Game.from_position(v, ["Ann", "Ben"], Position("Ann", hand={"Ann": 3, "Ben": 3}))
    g.push(Play("Ann", (7,)))
    assert (
        g.advice.explain(g.state, Play("Ben", (8,))).rule == "R5.5"
    )  # the 7 restricts: 7 or lower
    g.push(Play("Ben", ("create_your_karma",)))  # one-time: leaves the pile
    assert g.top == 7 and g.pile.top_value(g.state) == 7
    assert g.advice.explain(g.state, Play("Ann", (6,))).rule == "R5.2"
    assert g.advice.explain(g.state, Play("Ann", (8,))).legal


# --- typed reasons (issue 21, point 5) and the facts issue 20 reads -------------------------

_TYPED = {
    "id": "typed",
    "name": "Typed",
    "players": [{"decks": 1, "min": 2, "max": 4}],
    "ranks": {"low": 1, "high": 13, "copies": 4},
    "karma_cards": [
        {
            "id": "tiny_five",
            "name": "Tiny Five",
            "copies": 2,
            "rule": "R8.12",
            "effects": ["one_time", {"effect": "next_range", "max": 5}],
        },
        {
            "id": "low_five",
            "name": "Low Five",
            "copies": 2,
            "effects": ["one_time", {"effect": "next_range", "max": 5}],
        },
        {
            "id": "own_skip",
            "name": "Own Skip",
            "copies": 2,
            "rule": "R8.12",
            "effects": ["skip"],
        },
    ],
    "deal": {"face_down": 3, "face_up": 3, "hand": 3},
    "min_hand": 3,
    "burn": 4,
}


def _typed_game(pile: tuple[object, ...] = (12,)) -> Game:
    from referee.variant.loader import variant_from_data

    hands = {"Ann": 3, "Ben": 3, "Cal": 3}
    return Game.from_position(
        variant_from_data(_TYPED),
        ["Ann", "Ben", "Cal"],
        Position("Ann", pile=pile, hand=hands),  # type: ignore[arg-type]
    )


def test_a_restriction_names_the_card_that_set_it_after_it_left_the_game() -> None:
    """Issue 20's fault: 'Not allowed (rule R5.5): After 12, Ben must play 5 or lower' - the
    one-time card that set the restriction left the game; the 12 beneath has no power.  The
    restriction carries its card and rule (the card's own `rule:`, else the effect's R5.4)."""
    from referee.words.reasons import Reason, Restricted

    for card, name, rule in (("tiny_five", "Tiny Five", "R8.12"), ("low_five", "Low Five", "R5.4")):
        g = _typed_game()
        g.push(Play("Ann", (card,)))
        assert g.state.pile == [12]  # the card left the game (R8)
        v = g.advice.explain(g.state, Play("Ben", (6,)))
        assert v.reason is Reason.RESTRICTED and v.rule == rule
        assert isinstance(v.data, Restricted)
        assert (v.data.restriction.card, v.data.restriction.name) == (card, name)
        assert str(v).startswith(f"No: after {name}, 6 is too high.")
        assert str(v).endswith(f"[{rule}]")
        g.past.undo()
        assert g.state.restriction is None  # undo takes the restriction back with the step


def test_a_cards_own_rule_is_cited_when_its_target_is_out() -> None:
    """Issue 20: a card's own `rule:` is cited wherever its effect is the reason (was R8.6)."""
    from referee.words.reasons import Reason, Target

    g = Game.from_position(
        _typed_game().variant,
        ["Ann", "Ben", "Cal"],
        Position("Ann", hand={"Ann": 3, "Ben": 3, "Cal": 0}),
    )
    v = g.advice.explain(g.state, Play("Ann", ("own_skip",), to="Cal"))
    assert (v.reason, v.rule) == (Reason.TARGET_OUT, "R8.12")
    assert v.data == Target("Cal", "Own Skip", "own_skip")


def test_the_hint_facts_name_the_cards_that_need_a_chosen_player() -> None:
    g = _typed_game()
    facts = g.advice.facts(g.state)
    assert facts.chosen_player_cards == ("Own Skip",)
    assert facts.restriction is None and facts.value == 12


def test_every_verdict_carries_the_facts_its_reason_reads() -> None:
    """Reasons are an Enum; each reads one kind of facts, checked when it is worded."""
    from referee.words import sentences
    from referee.words.reasons import Facts, NoFacts, Reason

    g = _typed_game()
    for step in (Play("Ann", (12,)), Play("Ann", (3,)), Play("Zed", (3,)), PickUp("Ann")):
        v = g.advice.explain(g.state, step)
        assert isinstance(v.reason, Reason) and isinstance(v.data, Facts)
    assert set(sentences.REASONS) == set(Reason)
    with pytest.raises(TypeError):
        sentences.verdict_message(Reason.TOO_LOW, NoFacts(), g.advice.voice)


# --- a Game made of parts (issue 21) ------------------------------------------------------------


def test_a_game_is_made_of_parts_not_mixins() -> None:
    """The state, the pile, the generator, the advice, the turn flow and the history are parts
    the game holds (the filter among them, its own)."""
    from referee.engine.advice import Advice
    from referee.engine.choices import Choices
    from referee.engine.flow import TurnFlow
    from referee.engine.history import History
    from referee.engine.pile import Pile

    assert Game.__bases__ == (object,)
    g = Game.shuffled(builtin("classic"), ["Ann", "Ben"], 1)
    assert isinstance(g.pile, Pile)
    assert isinstance(g.choices, Choices)
    assert isinstance(g.advice, Advice)
    assert isinstance(g.flow, TurnFlow)
    assert isinstance(g.past, History)
    assert not hasattr(g, "rules")  # the filter is asked through the game and its parts


def test_the_parts_judge_any_state_they_are_given_and_change_none() -> None:
    """The generator and the advice read the state they are handed: a copy can be judged
    without touching the game."""
    g = Game.shuffled(builtin("classic"), ["Ann", "Ben"], 1, keep_history=True)
    step = g.choices.legal_steps(g.state)[0]
    other = g.state.copy()
    g.push(step)
    assert g.advice.explain(other, step).legal  # judged on the state before the step
    assert not g.advice.explain(g.state, step).legal  # no longer Ann's turn
    assert g.choices.legal_steps(other)[0] == step


def test_a_dry_run_works_on_an_explicit_copy() -> None:
    """Judging a given card plays the card's earlier effects on a copy (R8.9): the game's state
    is the same object, unchanged, while and after the verdict is made."""
    v = variant_from_data(
        {
            "id": "gift",
            "name": "Gift",
            "players": [{"decks": 1, "min": 2, "max": 4}],
            "ranks": {"low": 1, "high": 8, "copies": 4},
            "karma_cards": [
                {
                    "id": "swap_give",
                    "name": "Pass and Give",
                    "copies": 4,
                    "effects": ["pass_hands", "give_card"],
                }
            ],
            "deal": {"face_down": 1, "face_up": 1, "hand": 3},
            "min_hand": 3,
            "burn": 3,
        }
    )
    g = Game.shuffled(v, ["Ann", "Ben"], 2, keep_history=True)
    s = g.state
    s.seats[0].hand.add_known("swap_give")
    before = s.copy()
    ben_card = next(iter(s.seats[1].hand.known))
    play = Play("Ann", ("swap_give",), "hand", "Ben", ben_card)
    assert g.advice.explain(g.state, play).legal  # Ann gives from the hand she then holds: Ben's
    assert g.state is s and s == before


def test_a_player_handed_the_pile_still_takes_their_turn() -> None:
    """Ruling 52 (R8.1 against R6.2): receiving the pile from a card is not picking it up."""
    from referee.engine import Position
    from referee.variant.registry import builtin

    start = Position("Ann", hand={"Ann": 3, "Ben": 3, "Cal": 3}, draw_pile=0, pile=(5, 9))
    g = Game.from_position(builtin("classic"), ["Ann", "Ben", "Cal"], start)
    g.push(Play("Ann", ("give_the_pile_to_a_friend",), to="Ben"))
    assert g.turn == "Ben" and g.zone("Ben", "hand").count == 5
