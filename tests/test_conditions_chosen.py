"""A condition on an effect whose play names a chosen player (issue 42, ruling 152): "a Jack laid
on the pile gives it to a player its player chooses; on an empty pile it gives nothing".  A
play names the player (`to`) only where the condition holds for that play: there it is
required, elsewhere it is refused with the reason in words.  The listed steps, the tablet's
question (``Choices.asks``), the advice and the bots all follow from the one filter."""

from __future__ import annotations

from support import bots_finish, explain, house, walk_listed_steps

from referee.engine import Game, Play, Position
from referee.engine.steps import Step
from referee.variant.model import Variant
from referee.words.reasons import Reason

JACK = {"effect": "give_pile", "when": {"pile": "not_empty"}}


def _jacks(*effects: object) -> Variant:
    return house(rank_powers=[{"rank": 9, "effects": list(effects)}])


def _game(v: Variant, pile: tuple[int | str, ...]) -> Game:
    start = Position(
        "Ann",
        hand={"Ann": 5, "Ben": 5, "Cal": 5},
        face_down={"Ann": 3, "Ben": 3, "Cal": 3},
        pile=pile,
    )
    return Game.from_position(v, ["Ann", "Ben", "Cal"], start)


def test_on_a_pile_the_play_names_a_player() -> None:
    g = _game(_jacks(JACK), (4,))
    bare = explain(g, Play("Ann", (9,)))
    assert not bare.legal and bare.reason == Reason.NEEDS_TARGET
    assert g.choices.asks(g.state, Play("Ann", (9,)))  # the tablet asks whom it is for
    assert explain(g, Play("Ann", (9,), to="Cal")).legal
    g.push(Play("Ann", (9,), to="Cal"))
    assert g.state.pile == [] and g.turn == "Ben"  # R8.1: the next after the giver


def test_on_an_empty_pile_it_names_nobody() -> None:
    g = _game(_jacks(JACK), ())
    assert explain(g, Play("Ann", (9,))).legal
    assert not g.choices.asks(g.state, Play("Ann", (9,)))  # no question: one tap less
    named = explain(g, Play("Ann", (9,), to="Cal"))
    assert not named.legal and named.reason == Reason.NO_TARGET_WANTED
    assert "chooses nobody this time" in str(named) and "only when the pile" in str(named)
    g.push(Play("Ann", (9,)))
    assert g.state.pile == [9] and g.turn == "Ben"


def test_the_hint_names_a_card_that_chooses_only_when_more_are_laid() -> None:
    """A 9 that makes a chosen player lose a turn only when two are laid: one alone may go and
    names nobody, but where Ann holds two the hint still says the 9 needs a chosen player (it
    said nothing: the hint asked only of the fewest copies that may go; found by the wording
    property test)."""
    v = _jacks({"effect": "skip", "when": {"cards": 2}})
    for nines, said in ((2, True), (1, False)):
        start = Position(
            "Ann", hand={"Ann": 0, "Ben": 5}, face_down={"Ann": 3, "Ben": 3}, pile=(4,)
        )
        g = Game.from_position(v, ["Ann", "Ben"], start)
        g.state.seats[0].hand.add_known(9, nines)
        g.state.see(9, nines)
        assert ("9 needs a chosen player." in g.advice.hint(g.state)) == said, nines


def test_the_size_of_the_play_decides_too() -> None:
    g = _game(_jacks({"effect": "skip", "when": {"cards": 1}}), (4,))
    assert not explain(g, Play("Ann", (9,))).legal  # one alone: whom does it skip?
    assert explain(g, Play("Ann", (9,), to="Cal")).legal
    assert explain(g, Play("Ann", (9, 9))).legal  # two together: nobody loses a turn
    assert not explain(g, Play("Ann", (9, 9), to="Cal")).legal


def test_the_advice_names_only_the_cards_whose_play_chooses() -> None:
    empty = _game(_jacks(JACK), ())
    assert "needs a chosen player" not in empty.advice.hint(empty.state)
    pile = _game(_jacks(JACK), (4,))
    assert "needs a chosen player" in pile.advice.hint(pile.state)


def test_listed_steps_name_a_player_exactly_where_one_is_needed_and_bots_finish() -> None:
    v = house(
        rank_powers=[
            {"rank": 9, "effects": [JACK]},
            {"rank": 8, "effects": [{"effect": "skip", "when": {"cards": 1}}]},
            {"rank": 3, "effects": ["wild", {"effect": "choose_next", "when": {"pile": "empty"}}]},
        ]
    )

    def named(g: Game, steps: list[Step]) -> int:
        seen = 0
        for p in steps:
            # (a blind card that misses names nobody either way, ruling 112)
            if isinstance(p, Play) and p.cards[0] in (9, 8, 3) and p.zone != "face_down":
                pile = bool(g.state.pile)
                wanted = {9: pile, 8: len(p.cards) == 1, 3: not pile}[p.cards[0]]
                assert (p.to is not None) == wanted, p
                seen += p.to is None
        return seen

    assert walk_listed_steps(v, named) > 0  # plays that name nobody were listed
    bots_finish(v)


def test_the_tablet_asks_whom_for_only_where_the_play_chooses() -> None:
    """The one table's choices (``tableview_data.judged_choices``, from the engine's generator):
    one Jack on a pile gets the question; on an empty pile it gets its verdict at once, and a
    player tapped there gets the refusal in words (at most one extra tap, only where needed)."""
    from referee.app import tableview_data, view
    from referee.app.view import Ask, VerdictView

    for pile, asks in (((4,), True), ((), False)):
        g = _game(_jacks(JACK), pile)
        said, index = tableview_data.judged_choices(g, view.step_facts(g))
        bare = said[index[(9, "hand", 1, None, None, None, None, None, None)]]
        assert isinstance(bare, Ask) == asks, pile
        named = said[index[(9, "hand", 1, "Cal", None, None, None, None, None)]]
        assert isinstance(named, VerdictView) and named.legal == asks, pile
        if not asks:
            assert "chooses nobody this time" in named.answer + named.detail


def test_a_suit_shown_decides_too() -> None:
    """Where suits count, "the Jack of hearts gives the pile to a player its player chooses":
    the play that shows a heart names the player, any other Jack names nobody."""
    from referee.variant.loader import variant_from_data

    v = variant_from_data(
        {
            "id": "x",
            "name": "X",
            "players": [{"decks": 1, "min": 2, "max": 4}],
            "ranks": {"pack": "ordinary", "suits": True},
            "rank_powers": [
                {"rank": "J", "effects": [{"effect": "give_pile", "when": {"suit": "hearts"}}]}
            ],
            "deal": {"face_down": 3, "face_up": 3, "hand": 3},
            "min_hand": 3,
            "burn": 4,
        }
    )
    g = _game(v, (5,))
    assert explain(g, Play("Ann", (11,))).legal  # no suit shown: an ordinary Jack
    assert not explain(g, Play("Ann", (11,), suit="hearts")).legal  # whom is it for?
    assert explain(g, Play("Ann", (11,), to="Cal", suit="hearts")).legal
    assert not explain(g, Play("Ann", (11,), to="Cal", suit="spades")).legal

    def named(g: Game, steps: list[Step]) -> int:
        jacks = [p for p in steps if isinstance(p, Play) and p.cards[0] == 11]
        for p in jacks:
            if p.zone != "face_down":
                assert (p.to is not None) == (p.suit == "hearts"), p
        return len(jacks)

    assert walk_listed_steps(v, named) > 0


def test_the_hint_names_a_card_that_chooses_only_when_it_shows_a_suit() -> None:
    """A 4 that picks who goes next only when it is red (issue 42): the hint says the 4 needs a
    chosen player, as the listed plays of a red 4 name one (it said nothing; an explore run of
    tests/test_wording_instead.py found it)."""
    from support import house_data

    from referee.variant.loader import variant_from_data

    data = house_data()
    data["ranks"] = {"pack": "ordinary", "suits": True}
    data["rank_powers"] = [
        {"rank": 4, "effects": [{"effect": "choose_next", "when": {"colour": "red"}}]}
    ]
    names = ["Ann", "Ben", "Cal"]
    start = Position("Ann", hand=dict.fromkeys(names, 5), pile=(3,))
    g = Game.from_position(variant_from_data(data), names, start)
    assert g.advice.facts(g.state).chosen_player_cards == ("a red 4",)
    assert "A red 4 needs a chosen player." in g.advice.hint(g.state)


def _fours(*effects: object) -> Game:
    """A game of an ordinary pack whose suits count, where the 4 has ``effects``, Ann to play
    any card from her hand (R5.2)."""
    from support import house_data

    from referee.variant.loader import variant_from_data

    data = house_data()
    data["ranks"] = {"pack": "ordinary", "suits": True}
    data["rank_powers"] = [{"rank": 4, "effects": list(effects)}]
    names = ["Ann", "Ben", "Cal"]
    start = Position("Ann", hand=dict.fromkeys(names, 5), pile=(3,))
    return Game.from_position(variant_from_data(data), names, start)


def test_the_hint_says_which_suits_of_a_card_choose() -> None:
    """Issue 42's suits: the hint names a card that picks a player only when it shows some suit
    as the plays that name one: "a red 4", "a black 4", "the 4 of hearts" (it said "4 needs a
    chosen player" for all of them, and a black 4 names nobody; R8, ruling 152)."""
    for when, said in (
        ({"colour": "red"}, "A red 4 needs a chosen player."),
        ({"colour": "black"}, "A black 4 needs a chosen player."),
        ({"suit": "hearts"}, "The 4 of hearts needs a chosen player."),
        ({"suit": "spades"}, "The 4 of spades needs a chosen player."),
    ):
        g = _fours({"effect": "choose_next", "when": when})
        hint = g.advice.hint(g.state)
        assert said in hint, (when, hint)
        assert "4 needs" not in hint.replace(said, ""), hint  # said once, and only so


def test_a_card_read_by_its_suit_that_always_chooses_is_named_plainly() -> None:
    """A 4 that picks who goes next whatever it shows, and plays again only as a heart: its
    plays show a suit (one more tap, ruling 149), yet every one names a player: "4"."""
    g = _fours("choose_next", {"effect": "play_again", "when": {"suit": "hearts"}})
    assert 4 in g.choices.suited(g.state)  # its plays show a suit
    hint = g.advice.hint(g.state)
    assert "4 needs a chosen player." in hint and "of hearts" not in hint, hint
