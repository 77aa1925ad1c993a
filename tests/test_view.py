"""The Referee page's selection and view without a browser (issue 27.1): one frozen selection
(the table component keeps its own in the browser), and ``view(game, selection)`` giving what
the server judges of it."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st
from strategies import budget, valid_variants

from referee.app import table, tableview_data, view
from referee.app.view import Ask, Selection, VerdictView
from referee.engine import Game, IllegalStep, PickUp, Play, Position, SetupError
from referee.engine.choices import run_cards
from referee.variant.loader import variant_from_data
from referee.variant.model import TableRules, Variant
from referee.variant.registry import builtin
from referee.words import sentences


def classic(names: tuple[str, ...] = ("Ann", "Ben", "Cal")) -> Game:
    return Game.deal(builtin("classic"), list(names))


def plays(shown: view.TableView) -> bool:
    """Whether Play records the view's step: a play proposed, and judged legal."""
    return shown.step is not None and isinstance(shown.verdict, VerdictView) and shown.verdict.legal


# --- the selection ----------------------------------------------------------------------------


def test_a_selection_is_frozen_and_starts_empty() -> None:
    sel = view.fresh()
    assert sel == Selection(None, 1, None, "", None, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sel.card = 4  # type: ignore[misc]


# --- the view ---------------------------------------------------------------------------------


def test_nothing_chosen_asks_for_the_card_and_offers_no_play() -> None:
    game = classic()
    shown = view.view(game, view.fresh())
    assert isinstance(shown.verdict, Ask)
    assert shown.verdict.text == f"{game.advice.hint(game.state)} Tap the card that was played."
    assert shown.choices is None and shown.step is None and not plays(shown)
    assert [c.card for c in shown.cards] == list(game.variant.all_cards())
    assert not any(c.struck for c in shown.cards)
    facts = view.step_facts(game)
    assert not facts.can_pick_up and not facts.can_undo  # an empty pile (R6.3)


def test_a_legal_card_is_judged_and_may_be_played() -> None:
    game = classic()
    shown = view.view(game, Selection(card=4))
    assert shown.step == Play("Ann", (4,), "hand")
    assert plays(shown)
    assert isinstance(shown.verdict, VerdictView) and shown.verdict.legal
    parts = sentences.verdict_parts(game.advice.explain(game.state, Play("Ann", (4,), "hand")))
    assert (shown.verdict.answer, shown.verdict.rule) == (parts.answer, parts.rule)
    assert shown.selection.card == 4
    assert shown.choices == view.Choices(zone="hand", by="")


def test_an_illegal_card_says_why_and_what_to_do_instead() -> None:
    game = classic()
    game.push(Play("Ann", (4,)))
    shown = view.view(game, Selection(card=3))
    assert not plays(shown)
    assert isinstance(shown.verdict, VerdictView)
    v = shown.verdict
    assert not v.legal and v.rule == "R5.2" and "lower than 4" in v.answer
    assert "Ben may play from their hand: 4 or higher" in v.todo
    facts = view.step_facts(game)
    assert facts.last_step == table.last_step_words(game)
    assert facts.can_pick_up and facts.can_undo and not facts.can_redo


def test_a_card_that_needs_a_player_asks_for_one_before_judging() -> None:
    game = classic()
    sel = Selection(card="give_the_pile_to_a_friend")
    shown = view.view(game, sel)
    assert isinstance(shown.verdict, Ask) and not plays(shown) and shown.step is None
    assert shown.verdict.text.startswith("Who is the Give the Pile to a Friend for?")
    assert shown.verdict.about.startswith("✦ Give the Pile to a Friend: ")
    chosen = view.view(game, dataclasses.replace(sel, to="Cal"))
    assert plays(chosen) and chosen.step == Play(
        "Ann", ("give_the_pile_to_a_friend",), "hand", to="Cal"
    )
    # Played by Ben, it is for Ann or Cal: Ben himself is no choice, and is let go.
    by_ben = dataclasses.replace(sel, by="Ben")
    assert view.view(game, dataclasses.replace(by_ben, to="Ann")).selection.to == "Ann"
    assert view.view(game, dataclasses.replace(by_ben, to="Ben")).selection.to is None


def test_a_play_recorded_for_someone_else_is_judged_as_theirs() -> None:
    game = classic()
    shown = view.view(game, dataclasses.replace(Selection(card=9), by="Cal"))
    assert isinstance(shown.verdict, VerdictView)
    assert shown.verdict.rule == "R6.1" and "it is Ann's turn, not Cal's" in shown.verdict.answer
    assert shown.step is not None and shown.step.by == "Cal" and not plays(shown)


def test_a_struck_card_is_the_engines_copy_count() -> None:
    game = Game.deal(builtin("classic"), ["Ann", "Ben"])
    game.push(Play("Ann", (9, 9, 9)))  # three 9s burn: every 9 is accounted for (R4.3)
    facts = view.step_facts(game)
    expected = {
        c: game.advice.explain(game.state, Play(game.turn or "", (c,), facts.zone)).legal
        or game.advice.explain(game.state, Play(game.turn or "", (c,), facts.zone)).rule != "R4.3"
        for c in game.variant.all_cards()
    }
    assert facts.playable == expected  # judged without words, as explain says with words
    shown = view.view(game, Selection(card=9), facts)  # the step's facts, reused for every tap
    nine = next(c for c in shown.cards if c.card == 9)
    assert not expected[9] and expected[8]
    assert nine.struck and shown.selection.card == 9  # struck, and still answers a tap
    assert isinstance(shown.verdict, VerdictView) and shown.verdict.rule == "R4.3"


def test_a_used_one_time_card_is_struck() -> None:
    game = Game.deal(builtin("family-create-your-karma"), ["Ann", "Ben", "Cal"])
    assert not next(
        c for c in view.view(game, view.fresh()).cards if c.card == "change_your_seat"
    ).struck
    game.push(Play("Ann", ("change_your_seat",), to="Cal"))
    card = next(c for c in view.view(game, view.fresh()).cards if c.card == "change_your_seat")
    assert card.struck


def test_a_selection_the_game_cannot_take_is_settled() -> None:
    game = classic()
    odd = Selection(card="no_such_card", by="Zed")
    assert view.view(game, odd).selection == view.fresh()
    too_many = view.view(game, Selection(card=4, count=99, by="Ann", to="Ben", give=4))
    # 'by' the player whose turn it is is the default; 4 takes no player and gives no card
    assert too_many.selection == Selection(card=4)


def test_the_game_over_shows_no_step_part() -> None:
    rng = random.Random(3)
    full = Game.shuffled(builtin("quick-duel"), ["Ann", "Ben"], 3, keep_history=True)
    while not full.over:
        full.push(rng.choice(full.choices.legal_steps(full.state)))
    game = Game.deal(builtin("quick-duel"), ["Ann", "Ben"], full.initial_face_up)
    for step in full.past.steps:
        game.push(step)
    shown = view.view(game, Selection(card=4))
    assert shown.over and shown.verdict is None and shown.choices is None and not plays(shown)
    facts = view.step_facts(game)
    assert facts.turn is None and not facts.can_pick_up


def test_the_zone_is_the_one_due_now_until_another_is_chosen() -> None:
    game = classic()
    sel = Selection(card=9)
    assert view.view(game, sel).choices.zone == game.zone_to_play()  # type: ignore[union-attr]
    face_up = view.view(game, dataclasses.replace(sel, zone="face_up"))
    assert isinstance(face_up.verdict, VerdictView) and face_up.verdict.rule.startswith("R3")


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    card_i=st.integers(0, 40),
    count=st.integers(1, 9),
    zone=st.sampled_from([None, "hand", "face_up", "face_down"]),
    by_i=st.integers(-1, 3),
)
def test_the_view_asks_the_engine_and_changes_nothing(
    seed: int, steps: int, card_i: int, count: int, zone: str | None, by_i: int
) -> None:
    """On any position of a self-played game and any selection: the view's verdict is the
    engine's on the step it proposes, Play is offered exactly when the engine allows it, and
    the game is left as it was."""
    names = ["Ann", "Ben", "Cal", "Dee"]
    full = Game.shuffled(builtin("classic"), names, seed, keep_history=True)
    rng = random.Random(seed)
    while not full.over and full.past.count < steps:
        full.push(rng.choice(full.choices.legal_steps(full.state)))
    game = Game.deal(builtin("classic"), names, full.initial_face_up)
    for step in full.past.steps:
        game.push(step)
    cards = game.variant.all_cards()
    sel = Selection(cards[card_i % len(cards)], count, zone, names[by_i] if by_i >= 0 else "")
    before = game.state.copy()
    shown = view.view(game, sel)
    assert game.state == before
    if shown.step is not None:
        verdict = game.advice.explain(game.state, shown.step)
        assert plays(shown) == verdict.legal
        assert isinstance(shown.verdict, VerdictView)
        assert shown.verdict.answer == sentences.verdict_parts(verdict).answer
    else:
        assert not plays(shown)
    assert view.step_facts(game).can_pick_up == (
        game.turn is not None and game.advice.explain(game.state, PickUp(game.turn)).legal
    )


# --- every verdict of the step, ahead of the taps ---------------------------------------------


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80))
def test_every_judged_choice_is_the_one_the_view_shows(seed: int, steps: int) -> None:
    """The compact table of the step (``tableview_data.judged_choices``, from the engine's
    generator) holds, for every choice of the mover, exactly what the view would show for it
    (and so the engine's verdict), words and rule included, or the same question."""
    names = ["Ann", "Ben", "Cal"]
    variant = builtin("family-create-your-karma")
    full = Game.shuffled(variant, names, seed, keep_history=True)
    rng = random.Random(seed)
    while not full.over and full.past.count < steps:
        full.push(rng.choice(full.choices.legal_steps(full.state)))
    game = Game.deal(variant, names, full.initial_face_up, full.told)
    for step in full.past.steps:
        game.push(step)
    facts = view.step_facts(game)
    said, index = tableview_data.judged_choices(game, facts)
    if game.over:
        assert not said and not index
        return
    assert len(said) < len(index)  # compact: each distinct verdict once
    for (card, zone, count, to, give, named, suit, low, limit), i in index.items():
        sel = Selection(
            card, count, zone, "", to, give, named=named, suit=suit, run_from=low, limit=limit
        )
        shown = view.view(game, sel, facts)
        if isinstance(said[i], Ask):
            assert isinstance(shown.verdict, Ask) and shown.verdict.text == said[i].text
            continue
        assert isinstance(shown.verdict, VerdictView)
        assert dataclasses.replace(shown.verdict, about="") == said[i]
        assert plays(shown) == said[i].legal


def test_the_judged_choices_cover_every_choice_of_the_mover() -> None:
    game = classic()
    said, index = tableview_data.judged_choices(game, view.step_facts(game))
    for card in game.variant.all_cards():
        traits = game.choices.needs[card]
        for zone in ("hand", "face_up", "face_down"):
            for count in range(1, table.max_count(game, card) + 1):
                to = "Ben" if traits.needs_target else None
                assert (card, zone, count, to, None, None, None, None, None) in index, (
                    card,
                    zone,
                    count,
                )
    assert said[index[(4, "hand", 1, None, None, None, None, None, None)]] == VerdictView(
        True, *sentences.verdict_parts(game.advice.explain(game.state, Play("Ann", (4,), "hand")))
    )


def test_the_draw_pile_is_a_zone_only_where_the_table_rule_says_so() -> None:
    """A table rule (ruling 109): "Draw pile" is one more place a play may come from, offered,
    kept and judged ahead of the taps only in a variant with the gamble."""
    plain = classic()
    assert "draw_pile" not in view.play_from(plain)
    _, index = tableview_data.judged_choices(plain, view.step_facts(plain))
    assert not any(zone == "draw_pile" for _, zone, *_ in index)
    gamble = Game.deal(
        dataclasses.replace(plain.variant, table=TableRules(gamble=True)), ["Ann", "Ben", "Cal"]
    )
    sel = dataclasses.replace(Selection(card=9), zone="draw_pile")
    shown = view.view(gamble, sel)
    assert "draw_pile" in view.play_from(gamble) and shown.choices is not None
    assert shown.selection.zone == "draw_pile" and shown.step is not None
    assert shown.step.zone == "draw_pile"
    _, index = tableview_data.judged_choices(gamble, view.step_facts(gamble))
    assert (9, "draw_pile", 1, None, None, None, None, None, None) in index
    assert view.view(plain, sel).selection.zone is None  # a table without the rule drops it


def test_a_face_down_card_that_misses_is_judged_without_asking_for_a_player() -> None:
    """Ruling 112: turned over and missing, a card that would choose a player has no effect,
    so the page shows the verdict at once rather than asking whom it is for."""
    data = {
        "id": "house",
        "name": "House",
        "players": [{"decks": 1, "min": 2, "max": 4}],
        "ranks": {"low": 1, "high": 10, "copies": 4},
        "rank_powers": [{"rank": 2, "effects": [{"effect": "give_card", "target": "chosen"}]}],
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
    }
    start = Position("Ann", hand={"Ben": 3, "Cal": 3}, face_down={"Ann": 2}, pile=(9,))
    game = Game.from_position(variant_from_data(data), ["Ann", "Ben", "Cal"], start)
    shown = view.view(game, dataclasses.replace(Selection(card=2), zone="face_down"))
    assert isinstance(shown.verdict, VerdictView) and plays(shown)  # a 2 misses a 9
    on_empty = Game.from_position(variant_from_data(data), ["Ann", "Ben", "Cal"], start)
    on_empty.state.pile.clear()
    fits = view.view(on_empty, dataclasses.replace(Selection(card=2), zone="face_down"))
    assert isinstance(fits.verdict, Ask)  # it fits: whom does it give a card to?


@budget(20)
@given(
    variant=valid_variants(),
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
)
def test_judged_verdicts_are_the_engines_over_random_valid_variants(
    variant: Variant, players: int, seed: int, steps: int
) -> None:
    """Over random valid variants, at any point of a game (a zone closed by R3 or open,
    something pending or not): each verdict judged ahead of the taps, including those a closed
    zone gives all its choices at once (``Kind.ZONE_CLOSED``) and those too many copies give
    every player or card named (``Kind.MOOT``), is exactly the engine's, words and all."""
    note(repr(variant))
    n = max(variant.min_players, min(players, variant.max_players))
    names = [f"P{i}" for i in range(n)]
    try:
        full = Game.shuffled(variant, names, seed, keep_history=True)
    except SetupError:
        return
    rng = random.Random(seed)
    while not full.over and full.past.count < steps:
        full.push(rng.choice(full.choices.legal_steps(full.state)))
    games = [full]  # every hand known; and as a tablet sees it, where the steps replay there
    try:
        table_game = Game.deal(variant, names, full.initial_face_up, full.told)
        for step in full.past.steps:
            table_game.push(step)
        games.append(table_game)
    except (SetupError, IllegalStep):  # the lowest card starts: unknown at a real table
        pass
    for game in games:
        said, index = tableview_data.judged_choices(game, view.step_facts(game))
        for (card, zone, count, to, give, named, suit, low, limit), i in index.items():
            if isinstance(said[i], Ask):
                continue  # whom is it for: test_choices pins where the table asks
            cards = (card,) * count if low is None else run_cards(low, card)  # a run: ruling 166
            verdict = game.advice.explain(
                game.state, Play(game.turn or "", cards, zone, to, give, suit, named, limit)
            )
            parts = sentences.verdict_parts(verdict)
            if low is not None:  # the table says the run's cards beside its verdict
                parts = sentences.with_run(parts, [game.variant.card_name(x) for x in cards])
            expected = VerdictView(
                verdict.legal, parts.answer, parts.detail, parts.todo, parts.rule
            )
            assert said[i] == expected, (card, zone, count, to, give, named, suit, low, limit)
        table_choices = game.advice.table(game.state).choices
        for c in table_choices:  # a shortcut's judgement is the filter's, facts and all
            played = (c.card,) * c.copies if c.run_from is None else run_cards(c.run_from, c.card)
            step = Play(game.turn or "", played, c.zone, c.to, c.give, c.suit, c.named, c.limit)
            v = game.advice.explain(game.state, step)
            assert (v.legal, v.rule, v.reason, v.data, v.field) == c.judgement
