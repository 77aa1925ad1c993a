"""Issue 39.5: the advice is the legal set, worded.

Over random valid variants (``tests/strategies.py``) and reachable states - each seen with full
information and as the referee at a table sees it (hands unknown, face-up cards known) - the
hint (every refusal's "instead") is read back as a person reads it (``advice_reader``) and held
against the referee's own verdicts on every play the mover could propose:

- every card it names one by one would be accepted, and is one the mover may really hold
  (R4.3: known cards are known, seen copies are not held);
- every kind it names ('9 or higher', 'a Karma card') holds a card the mover may hold, and
  every such card of the kind would be accepted; the cards it names as exceptions would not;
- together they are exactly the cards that would be accepted: the advice is the legal set;
- picking up and the draw-pile gamble are offered exactly when the referee allows them, and
  when picking up is the only legal step the hint says exactly that.
"""

from __future__ import annotations

import functools
import random

import pytest
from advice_reader import Reader, games, proposals, read_hint
from hypothesis import given, note
from hypothesis import strategies as st
from strategies import budget, valid_variants

from referee.effects import LIMITS
from referee.engine import Game, PickUp, Play, Position
from referee.engine.steps import DRAW_PILE, Step
from referee.variant.loader import variant_from_data
from referee.variant.model import SUITS, Card, Variant
from referee.variant.registry import builtin
from referee.words import sentences
from referee.words.reasons import Reason

STEPS = 30


def _accepted(game: Game, step: Step) -> bool:
    """The referee's verdict, as the advice means it: a face-down card counts when it fits."""
    verdict = game.advice.explain(game.state, step)
    if not verdict.legal:
        return False
    return verdict.reason is not Reason.FACE_DOWN_MISSES


def _held(game: Game, who: str, zone: str) -> set[Card]:
    """The cards the mover may hold in the zone (R4.3): the known ones, and while some are
    unknown, every card with a copy the table has not seen."""
    cards = game.zone(who, zone)
    return {
        c
        for c in game.variant.all_cards()
        if cards.known.get(c, 0) > 0 or (cards.unknown > 0 and _unseen(game, c) > 0)
    }


def _unseen(game: Game, card: Card) -> int:
    """Copies of a card the table has not seen anywhere (R4.3), counted here from the decks."""
    return game.variant.copies_per_deck(card) * game.decks - game.state.seen.get(card, 0)


def legal_set(game: Game) -> tuple[set[Card], bool, bool]:
    """By brute force: the cards of the variant that some play from the zone due would get
    accepted with (each number of copies, each chosen player or none), whether picking up is allowed
    (with each face-up card taken along, a table rule) and whether the gamble is."""
    who = game.turn
    assert who is not None
    zone = game.zone_to_play() or "hand"
    others = [p for p in game.players if p != who]
    v = game.variant
    copies = {c: v.copies_per_deck(c) * game.decks for c in v.all_cards()}
    legal = set()
    suited = game.choices.suited(game.state)
    for c in v.all_cards():
        # Each chosen player, or none: a card may name one only under a condition (ruling 152).
        needs = game.choices.needs[c].needs_target
        targets: list[str | None] = [*others, None] if needs else [None]
        most = 1 if zone == "face_down" else copies[c]
        # Each number it may be named as, or none: a card that must fit as the card named goes
        # only named as one that fits (ruling 170).
        want = game.choices.needs[c]
        names = [None, *want.name_choices(v.ranks)] if want.names_value else [None]
        # Each suit shown, where the play of the card shows one (issue 42: the starting card of
        # a suit, ruling 167; a power read by its suit, ruling 149).
        shown: tuple[str | None, ...] = (None, *SUITS) if c in suited else (None,)
        # Higher or lower, where its player must say which (ruling 171).
        limits = LIMITS if want.chooses_limit else (None,)
        if any(
            game.is_legal(Play(who, (c,) * k, zone, to, suit=x, named=n, limit=limit))
            and _accepted(game, Play(who, (c,) * k, zone, to, suit=x, named=n, limit=limit))
            for k in range(1, most + 1)
            for to in targets
            for n in names
            for x in shown
            for limit in limits
        ):
            legal.add(c)
    takes: list[Card | None] = [None, *v.all_cards()]
    pick_up = any(game.is_legal(PickUp(who, t)) for t in takes)
    gamble = any(
        game.is_legal(Play(who, (c,), DRAW_PILE, to, limit=limit))
        for c in v.all_cards()
        for to in ([*others, None] if game.choices.needs[c].needs_target else [None])
        for limit in (LIMITS if game.choices.needs[c].chooses_limit else (None,))
    )
    return legal, pick_up, gamble


def check_advice(game: Game) -> None:
    """The hint names exactly the legal set (see the module's docstring)."""
    who = game.turn
    if who is None:
        return
    hint = game.advice.hint(game.state)
    assert (
        game.advice.explain(game.state, Play(who, ())).instead == hint
    )  # every refusal's "instead"
    check_words(game, hint)


def check_words(game: Game, hint: str) -> None:
    """The hint's words read back against the brute-force legal set."""
    who = game.turn
    assert who is not None
    zone = game.zone_to_play() or "hand"
    held = _held(game, who, zone)
    legal, pick_up, gamble = legal_set(game)
    said = read_hint(hint, who)
    assert said.pick_up == pick_up, (hint, pick_up)
    assert said.gamble == gamble, (hint, gamble)
    blind = zone == "face_down" and not game.state.follow_up
    if not legal and not gamble and pick_up and not blind:
        assert said.only_pick_up, hint  # the one legal step, said as exactly that
    if said.only_pick_up:
        assert not legal and not gamble and pick_up and not blind, hint
    if said.zone is None:  # no play offered
        assert not legal, hint
        return
    assert said.zone == zone, hint
    if said.what is None:  # 'No card fits now.'
        assert not legal, hint
        return
    named = Reader(game.variant).read(said.what)
    assert named.cards <= held, (hint, named.cards - held)
    assert named.not_ <= held, (hint, named.not_ - held)
    assert not (named.cards - named.not_) - legal, (hint, (named.cards - named.not_) - legal)
    assert not named.not_ & legal, (hint, named.not_ & legal)
    for kind in named.kinds:
        assert kind & held, (hint, sorted(map(str, kind)))
    assert named.covers(held) == legal, (hint, named.covers(held) ^ legal)
    v = game.variant
    needs = {v.card_name(c) for c in legal if game.choices.needs[c].needs_target}
    assert set(said.chosen) <= needs, (hint, needs)


PROPOSALS = 12  # steps a table might propose, judged at each state: their words are measured


@functools.cache
def words_of_the_property_test() -> tuple[str, ...]:
    """Runs the property test (the same examples every run) and returns every verdict it
    produced, as a child reads it: the refusals of what a table might propose at each state,
    and the accepted steps.  ``tests/test_readability.py`` measures these very words."""
    said: list[str] = []

    @budget(50)
    @given(variant=valid_variants(), players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
    def the_advice_is_the_legal_set(variant: Variant, players: int, seed: int) -> None:
        note(repr(variant))
        n = max(variant.min_players, min(players, variant.max_players, 6))
        rng = random.Random(seed)
        for game in games(variant, n, seed, STEPS):
            note(f"{game.turn}: {game.advice.hint(game.state)}")
            check_advice(game)
            asked = list(proposals(game, rng, PROPOSALS))
            said.extend(map(sentences.verdict_text, game.advice.explain_many(game.state, asked)))

    the_advice_is_the_legal_set()
    return tuple(said)


@budget(20)
@given(variant=valid_variants(), seed=st.integers(0, 2**32 - 1))
def test_many_verdicts_at_once_are_each_as_explain_gives_it(variant: Variant, seed: int) -> None:
    """``explain_many`` words its refusals with one hint worked out once: each verdict is the
    one ``explain`` gives alone."""
    rng = random.Random(seed)
    for game in games(variant, max(variant.min_players, 3), seed, 6):
        if game.turn is None:
            continue
        asked = list(proposals(game, rng, PROPOSALS))
        together = game.advice.explain_many(game.state, asked)
        assert together == [game.advice.explain(game.state, step) for step in asked]


@pytest.mark.xdist_group("advice_words")  # with the readability test that reads its words
def test_the_advice_is_the_legal_set() -> None:
    assert len(words_of_the_property_test()) > 1000


# --- the cases the issue names, each as the rule book says -----------------------------------


def _variant(**fields: object) -> Variant:
    data: dict[str, object] = {
        "id": "t",
        "name": "T",
        "players": [{"decks": 1, "min": 2, "max": 5}],
        "ranks": {"low": 2, "high": 14, "copies": 4},
        "karma_cards": [],
        "rank_powers": [],
        "deal": {"face_down": 3, "face_up": 3, "hand": 3},
        "min_hand": 3,
        "burn": 4,
    }
    data.update(fields)
    return variant_from_data(data)


def test_after_a_must_answer_three_the_advice_is_a_three_or_a_wild_card() -> None:
    v = _variant(
        rank_powers=[
            {"rank": 3, "effects": [{"effect": "must_answer", "wild": "allowed"}]},
            {"rank": 2, "effects": ["wild"]},
        ],
        karma_cards=[{"id": "k", "name": "Kay", "copies": 2, "effects": []}],
    )
    start = Position("Ann", pile=(2,), draw_pile=10, hand={"Ann": 3, "Ben": 3})
    game = Game.from_position(v, ["Ann", "Ben"], start)
    game.push(Play("Ann", (3,)))
    verdict = game.advice.explain(game.state, Play("Ben", (9,)))
    assert "must answer with a 3 or a wild card" in verdict.message
    assert verdict.instead == (
        "Ben may play from their hand: a 3 or a wild card. Or Ben may pick up the pile."
    )
    check_advice(game)


def test_a_card_whose_every_copy_is_seen_is_not_offered() -> None:
    """Both jokers lie on the pile (R4.3): the joker refused as not held is not offered."""
    v = _variant(ranks={"pack": "ordinary", "ace": "high"}, jokers={"copies": 2})
    start = Position("Ann", pile=("joker", "joker", 9), draw_pile=10, hand={"Ann": 3, "Ben": 3})
    game = Game.from_position(v, ["Ann", "Ben"], start)
    verdict = game.advice.explain(game.state, Play("Ann", ("joker",)))
    assert verdict.reason is Reason.CANNOT_HOLD
    assert "Joker" not in verdict.instead
    check_advice(game)


def test_known_face_up_cards_are_not_guessed_and_picking_up_is_said_alone() -> None:
    """Ann's face-up 4, 7 and 7 lie open: none may go on a 9, so she must pick up."""
    v = _variant(ranks={"pack": "ordinary", "ace": "high"}, jokers={"copies": 2})
    start = Position(
        "Ann",
        pile=(9,),
        hand={"Ann": 0, "Ben": 3},
        face_up={"Ann": (4, 7, 7)},
        face_down={"Ann": 3},
    )
    game = Game.from_position(v, ["Ann", "Ben"], start)
    assert game.advice.hint(game.state) == "Ann must pick up the pile."
    assert (
        game.advice.explain(game.state, Play("Ann", (4,), "face_up")).instead
        == "Ann must pick up the pile."
    )
    check_advice(game)


def test_a_limit_no_card_reaches_leaves_only_the_pick_up() -> None:
    v = _variant(rank_powers=[{"rank": 14, "effects": [{"effect": "takes_only", "min": 15}]}])
    start = Position("Ann", pile=(14,), draw_pile=10, hand={"Ann": 3, "Ben": 3})
    game = Game.from_position(v, ["Ann", "Ben"], start)
    verdict = game.advice.explain(game.state, Play("Ann", (4,)))
    assert verdict.message == "No: nothing may go on 14."
    assert verdict.instead == "Ann must pick up the pile."
    check_advice(game)


def test_an_out_of_turn_play_names_the_cut_in_rule() -> None:
    """A 9 on top lets anyone holding a 9 cut in (palace-house-rules), but never blind."""
    v = builtin("palace-house-rules")
    start = Position(
        "Ann",
        pile=(5,),
        draw_pile=10,
        hand={"Ann": 3, "Ben": 3, "Cal": 3},
        face_up={"Cal": (9, 13, 14)},
    )
    game = Game.from_position(v, ["Ann", "Ben", "Cal"], start)
    game.push(Play("Ann", (9,)))
    blind = game.advice.explain(game.state, Play("Cal", (9,), "face_down"))
    assert blind.reason is Reason.CUT_IN_ONLY and blind.rule == "R5.5"
    assert "Cal may cut in only with a 9 from their hand." in blind.message
    other = game.advice.explain(
        game.state, Play("Cal", (4,))
    )  # not a card that cuts in: whose turn it is
    assert other.reason is Reason.NOT_YOUR_TURN and other.rule == "R6.1"
    owed = game.advice.explain(game.state, Play("Cal", (9,), "face_down"))
    assert owed.message.startswith("No: it is Ben's turn")


def test_the_reader_can_fail() -> None:
    """Advice that names a card the mover cannot hold, or one that would be refused, fails."""
    v = builtin("classic")
    reader = Reader(v)
    named = reader.read("9 or higher, or a Karma card")
    assert 9 in named.cards and 8 not in named.covers({8, 9, 10})
    assert named.covers({8, 9, 10, "bottoms_up"}) == {9, 10, "bottoms_up"}
    start = Position("Ann", pile=(9,), draw_pile=10, hand={"Ann": 3, "Ben": 3})
    game = Game.from_position(v, ["Ann", "Ben"], start)
    assert game.advice.hint(game.state).startswith("Ann may play from their hand: 9 or higher")
    check_advice(game)
    for wrong in (
        game.advice.hint(game.state).replace(" or higher", " or lower"),
        game.advice.hint(game.state).replace("from their hand: ", "from their hand: a 3, ", 1),
    ):
        assert wrong != game.advice.hint(game.state)
        try:
            check_words(game, wrong)
        except AssertionError:
            continue
        raise AssertionError(f"advice naming refused cards went unnoticed: {wrong}")


def test_the_walk_reaches_table_states() -> None:
    """The states checked include the referee's (table mode), where face-up cards are known."""
    seen = [g.full_information for g in games(builtin("classic"), 3, 1, 5)]
    assert True in seen and False in seen


# --- issue 39.6: short words, and words that match what the referee does ---------------------


def _cover_game(variant: Variant, draw_pile: int = 10) -> Game:
    """Ann, with one hand card left, plays the Queen that must be covered at once (docs/
    house-rules.md #18)."""
    start = Position("Ann", pile=(5,), draw_pile=draw_pile, hand={"Ann": 1, "Ben": 3})
    return Game.from_position(variant, ["Ann", "Ben"], start)


def test_the_cover_it_follow_up_cites_its_own_rule_not_r8_3() -> None:
    """A Queen that must be covered, in a variant without Play a Table Card: its follow-up
    and the refused pick-up cite the Queen's rule (a rank power's, R5.5, ruling 2)."""
    v = _variant(rank_powers=[{"rank": 12, "effects": ["cover"]}])
    game = _cover_game(v)
    game.push(Play("Ann", (12,)))
    assert game.advice.explain(game.state, Play("Ann", (4,))).rule == "R5.5"
    assert game.advice.explain(game.state, PickUp("Ann")).rule == "R5.5"
    play_table_card = builtin("classic")  # R8.3's own follow-up still cites R8.3
    start = Position("Ann", pile=(5,), hand={"Ann": 3, "Ben": 3}, face_up={"Ann": (9,)})
    game = Game.from_position(play_table_card, ["Ann", "Ben"], start)
    game.push(Play("Ann", ("play_a_table_card",)))
    assert game.advice.explain(game.state, Play("Ann", (9,), "face_up")).rule == "R8.3"


def test_the_cover_it_card_says_what_the_referee_does() -> None:
    """Ruling 59: a short hand is filled up before the Queen is covered, so its words may not
    say 'without drawing first'; after it, the 'Next:' line and the prompt name the same
    zone (the hand), as the engine will judge it."""
    from referee.app.glance import card_about, may_follow
    from referee.variant.sheet import rules_sheet

    v = _variant(rank_powers=[{"rank": 12, "effects": ["cover"]}])
    game = _cover_game(v)
    said = game.push(Play("Ann", (12,))).text
    assert "Ann draws" in said  # the referee draws first
    for words in (rules_sheet(v), card_about(v, 12)):
        assert "without drawing" not in words
        assert "filled up first" in words
    assert game.advice.hint(game.state).startswith("Ann must play a hand card now.")
    assert may_follow(game) == "Any hand card"
    assert game.advice.explain(game.state, Play("Ann", (4,), "hand")).legal
    assert not game.advice.explain(game.state, Play("Ann", (4,), "face_up")).legal


def test_a_yes_says_the_decision_and_one_short_reason() -> None:
    """A legal verdict on a wild Karma card was its whole text (about 60 words): now the
    decision and one reason; the card's text is the rules sheet's (and a refusal's)."""
    from referee.app import view

    game = Game.from_position(
        builtin("second-edition"),
        ["Ann", "Ben"],
        Position("Ann", pile=(9,), hand={"Ann": 3, "Ben": 3}),
    )
    sel = view.Selection(card="clear_the_pile")
    shown = view.view(game, sel)
    assert isinstance(shown.verdict, view.VerdictView) and shown.verdict.legal
    assert shown.verdict.answer == "Yes: Clear the Pile is wild, so it goes on anything."
    assert shown.verdict.detail == "" and shown.verdict.about == ""
    refused = view.view(game, view.Selection(card=4))
    assert isinstance(refused.verdict, view.VerdictView) and not refused.verdict.legal


def test_a_long_list_of_cards_is_said_as_a_kind() -> None:
    """Eleven Karma cards, one of which may not go: 'any Karma card but …', never eleven
    names in one sentence."""
    cards = [{"id": f"k{i}", "name": f"Card {i}", "copies": 1, "effects": []} for i in range(11)]
    cards[0]["effects"] = [{"effect": "not_on", "min": 9, "max": 9}]
    v = _variant(karma_cards=cards)
    start = Position("Ann", pile=(9,), draw_pile=10, hand={"Ann": 3, "Ben": 3})
    game = Game.from_position(v, ["Ann", "Ben"], start)
    assert game.advice.hint(game.state) == (
        "Ann may play from their hand: 9 or higher, or any Karma card but Card 0. "
        "Or Ann may pick up the pile."
    )
    check_advice(game)
