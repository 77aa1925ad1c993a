"""Issue 31.2: table rules in the variant - "you must play if you can" and "whoever holds the
lowest card starts" (docs/rulings.md, ruling 67)."""

from __future__ import annotations

import random
from dataclasses import replace

import support

from referee.app.setup import starting_with
from referee.engine import Game, PickUp, Play, Position, Step
from referee.simulate.bots import BOTS
from referee.simulate.runner import play
from referee.variant.loader import variant_from_data, variant_to_data
from referee.variant.model import TableRules, Variant
from referee.variant.sheet import rules_sheet
from referee.words.reasons import Reason


def house(**table: object) -> Variant:
    data = support.house_data()
    data["table"] = table
    return variant_from_data(data)


def test_table_rules_load_save_and_are_said_on_the_sheet() -> None:
    v = house(must_play=True, starts="lowest")
    assert v.table == TableRules(must_play=True, starts="lowest")
    assert variant_to_data(v)["table"] == {"must_play": True, "starts": "lowest"}
    assert "table" not in variant_to_data(house())
    sheet = rules_sheet(v)
    assert "If you can play, you must" in sheet
    assert "Whoever has the lowest number card in their hand starts" in sheet


def _game(v: Variant, face_up: tuple[int, ...], pile: tuple[int, ...] = (5,)) -> Game:
    start = Position(
        "Ann",
        hand={"Ben": 3},
        face_up={"Ann": face_up},
        face_down={"Ann": 2, "Ben": 3},
        draw_pile=0,
        pile=pile,
    )
    return Game.from_position(v, ["Ann", "Ben"], start)


def test_a_player_known_to_hold_a_card_that_may_go_must_play_it() -> None:
    g = _game(house(must_play=True), (7, 2))
    v = g.advice.explain(g.state, PickUp("Ann"))
    assert not v.legal and v.reason == Reason.MUST_PLAY and v.rule == "R6.2"
    assert v.message == "No: Ann holds 7, which may go, and at this table Ann must play it."
    assert "pick up" not in g.advice.hint(g.state)
    assert g.advice.explain(g.state, Play("Ann", (7,), "face_up")).legal
    plain = _game(house(), (7, 2))
    assert plain.advice.explain(
        plain.state, PickUp("Ann")
    ).legal  # the rule book: picking up is always open (R6.2)


def test_with_nothing_that_may_go_the_pile_may_be_picked_up() -> None:
    g = _game(house(must_play=True), (2, 3))
    assert g.advice.explain(g.state, PickUp("Ann")).legal


def test_a_face_down_card_may_always_be_turned_over_so_it_must_be() -> None:
    start = Position("Ann", hand={"Ben": 3}, face_down={"Ann": 2, "Ben": 3}, draw_pile=0, pile=(9,))
    g = Game.from_position(house(must_play=True), ["Ann", "Ben"], start)
    v = g.advice.explain(g.state, PickUp("Ann"))
    assert not v.legal and v.message == (
        "No: at this table Ann must turn over a face-down card, not pick up."
    )


def test_unknown_hand_cards_are_not_held_against_the_player() -> None:
    """The referee sees what the table has seen (R4.3): an unknown hand may hold nothing that
    goes, so the pick-up stands."""
    start = Position("Ann", hand={"Ann": 3, "Ben": 3}, draw_pile=5, pile=(9,))
    g = Game.from_position(house(must_play=True), ["Ann", "Ben"], start)
    assert g.advice.explain(g.state, PickUp("Ann")).legal


def test_the_simulator_never_picks_up_when_it_could_play() -> None:
    v = house(must_play=True)
    for seed in range(10):
        g = Game.shuffled(v, ["Ann", "Ben", "Cal"], seed)
        for _ in range(200):
            if g.over:
                break
            steps = g.choices.legal_steps(g.state)
            plays = [s for s in steps if isinstance(s, Play)]
            assert not (plays and any(isinstance(s, PickUp) for s in steps))
            for s in steps:
                assert g.advice.explain(g.state, s).legal
            g.push(steps[-1], trusted=True)  # the pick-up whenever it is offered


def test_the_holder_of_the_lowest_card_starts() -> None:
    v = house(starts="lowest")
    for seed in range(8):
        g = Game.shuffled(v, ["Ann", "Ben", "Cal"], seed)
        first = g.state.seats[g.state.mover]
        assert g.state.mover == 0  # seated first, so the seating is listed from them (R2.3)
        lowest = min(c for seat in g.state.seats for c in seat.hand.known if isinstance(c, int))
        assert lowest in first.hand.known
    assert starting_with(["Ann", "Ben", "Cal", "Dee"], "Cal") == ["Cal", "Dee", "Ann", "Ben"]


def test_after_a_pair_a_pair_held_is_a_play_so_the_pile_may_not_be_picked_up() -> None:
    """Was (found by the house-rules property test): after a pair (``pairs``) one card alone
    may not go, and "must play if able" asked only about single cards, so explain let Ann pick
    up while legal_steps (rightly) offered her pair of 7s and no pick-up."""
    data = support.house_data(rank_powers=[{"rank": 5, "effects": ["pairs"]}])
    data["table"] = {"must_play": True}
    v = variant_from_data(data)
    start = Position(
        "Ben",
        hand={"Ben": 3},
        face_up={"Ann": (7, 7, 2), "Ben": (5, 5, 1)},
        face_down={"Ann": 2, "Ben": 3},
        draw_pile=0,
        pile=(3,),
    )
    g = Game.from_position(v, ["Ann", "Ben"], start)
    g.state.seats[1].hand.known.update({5: 2})
    g.state.seats[1].hand.unknown = 1
    g.push(Play("Ben", (5, 5), "hand"))
    assert g.turn == "Ann"
    assert not g.advice.explain(g.state, Play("Ann", (7,), "face_up")).legal  # one alone may not go
    assert g.advice.explain(g.state, Play("Ann", (7, 7), "face_up")).legal
    verdict = g.advice.explain(g.state, PickUp("Ann"))
    assert not verdict.legal and verdict.reason == Reason.MUST_PLAY
    assert "pick up" not in g.advice.hint(g.state)


# --- a face-up card taken with the pile (ruling 108) --------------------------------------------


def _on_face_up(v: Variant, pile: tuple[int, ...] = (9,)) -> Game:
    """Ann has no hand cards and no draw pile is left: she plays from her face-up 7 and 2."""
    return _game(v, (7, 2), pile)


def test_a_face_up_card_taken_with_the_pile_loads_saves_and_is_said() -> None:
    v = house(take_face_up=True)
    assert v.table == TableRules(take_face_up=True)
    assert variant_to_data(v)["table"] == {"take_face_up": True}
    assert "also takes one of their face-up cards into their hand" in rules_sheet(v)
    assert "face-up cards into their hand" not in rules_sheet(house())


def test_on_the_face_up_cards_a_pick_up_takes_one_along() -> None:
    g = _on_face_up(house(take_face_up=True))
    assert g.choices.take_choices(g.state) == (2, 7)
    refused = g.advice.explain(g.state, PickUp("Ann"))
    assert not refused.legal and refused.reason == Reason.TAKE_NEEDED and refused.field == "take"
    assert "pick up the pile and one face-up card" in g.advice.hint(g.state)
    wrong = g.advice.explain(g.state, PickUp("Ann", 5))
    assert not wrong.legal and wrong.rule == "R4.3" and wrong.field == "take"
    ok = g.advice.explain(g.state, PickUp("Ann", 7))
    assert ok.legal and ok.reason == Reason.PICK_UP_TAKE
    out = g.push(PickUp("Ann", 7))
    assert "Ann takes a 7 from the face-up cards into the hand." in out.messages
    assert g.zone("Ann", "hand").known == {9: 1, 7: 1}
    assert g.zone("Ann", "face_up").known == {2: 1}
    g.past.undo()
    assert g.zone("Ann", "face_up").known == {7: 1, 2: 1}


def test_without_the_rule_or_with_hand_cards_no_face_up_card_is_taken() -> None:
    plain = _on_face_up(house())
    assert (
        plain.advice.explain(plain.state, PickUp("Ann")).legal
        and plain.choices.take_choices(plain.state) == ()
    )
    no = plain.advice.explain(plain.state, PickUp("Ann", 7))
    assert not no.legal and no.reason == Reason.NO_TAKE_WANTED and no.field == "take"
    start = Position("Ann", hand={"Ann": 2, "Ben": 3}, face_up={"Ann": (7,)}, pile=(9,))
    g = Game.from_position(house(take_face_up=True), ["Ann", "Ben"], start)
    assert g.advice.explain(g.state, PickUp("Ann")).legal
    assert g.advice.explain(g.state, PickUp("Ann", 7)).reason == Reason.NO_TAKE_WANTED


def test_an_unknown_face_up_card_named_becomes_seen() -> None:
    """A record without the deal's face-up cards: any card the zone may hold may be named."""
    start = Position("Ann", hand={"Ben": 3}, face_down={"Ann": 1, "Ben": 1}, pile=(9,))
    g = Game.from_position(house(take_face_up=True), ["Ann", "Ben"], start)
    g.state.seats[0].face_up.add_unknown(2)
    assert 4 in g.choices.take_choices(g.state)
    g.push(PickUp("Ann", 4))
    assert g.zone("Ann", "hand").known == {9: 1, 4: 1} and g.zone("Ann", "face_up").unknown == 1
    assert g.state.seen[4] == 1


def test_the_simulator_lists_one_pick_up_per_face_up_card_and_the_bots_play_it() -> None:
    v = house(take_face_up=True)

    def one_per_card(g: Game, steps: list[Step]) -> int:
        picks = [s for s in steps if isinstance(s, PickUp)]
        want = bool(g.choices.take_choices(g.state))
        assert all((p.take is not None) == want for p in picks)
        if not (want and picks):
            return 0
        assert {p.take for p in picks} == set(g.zone(g.turn or "", "face_up").known)
        return 1

    assert support.walk_listed_steps(v, one_per_card)
    support.bots_finish(v)


# --- the draw-pile gamble (ruling 109) -----------------------------------------------------


def _stuck(v: Variant, draw_pile: int = 9, pile: tuple[int, ...] = (9,)) -> Game:
    """Ann holds a known 4 and a 3 (nothing that may go on a 9), the draw pile lasts."""
    start = Position("Ann", hand={"Ben": 3}, face_down={"Ann": 1, "Ben": 3}, pile=pile)
    g = Game.from_position(v, ["Ann", "Ben"], replace(start, draw_pile=draw_pile))
    for card in (4, 3):
        g.state.seats[0].hand.add_known(card)
        g.state.see(card)
    return g


def test_the_draw_pile_gamble_loads_saves_and_is_said() -> None:
    v = house(gamble=True)
    assert v.table == TableRules(gamble=True)
    assert variant_to_data(v)["table"] == {"gamble": True}
    assert "you may turn over its top card instead of picking up" in rules_sheet(v)
    assert "turn over its top card" not in rules_sheet(house())


def test_who_cannot_play_may_turn_over_the_draw_piles_top_card() -> None:
    g = _stuck(house(gamble=True))
    # Ann is known to hold only a 4 and a 3: the gamble or the pick-up are all she may do.
    assert (
        g.advice.hint(g.state)
        == "Ann must pick up the pile or turn over the top card of the draw pile."
    )
    fits = g.advice.explain(g.state, Play("Ann", (10,), "draw_pile"))
    assert fits.legal and fits.reason == Reason.GAMBLE_FITS and fits.rule == "R7.5"
    out = g.push(Play("Ann", (10,), "draw_pile"))
    assert out.messages[0] == "Ann turns over a 10 from the draw pile."
    assert g.state.pile == [9, 10] and g.state.draw_pile == 7 and g.state.seen[10] == 1
    assert out.draws == (("Ann", 1),)  # back up to the minimum hand, as after any play (R6.4)
    g.past.undo()
    assert g.state.draw_pile == 9 and 10 not in g.state.seen
    misses = g.advice.explain(g.state, Play("Ann", (5,), "draw_pile"))
    assert misses.legal and misses.reason == Reason.GAMBLE_MISSES
    g.push(Play("Ann", (5,), "draw_pile"))
    assert g.state.pile == [] and g.zone("Ann", "hand").known == {4: 1, 3: 1, 9: 1, 5: 1}


def test_the_gamble_is_refused_where_the_rule_does_not_open_it() -> None:
    def reason(g: Game, cards: tuple[int, ...] = (10,)) -> Reason | None:
        v = g.advice.explain(g.state, Play("Ann", cards, "draw_pile"))
        assert not v.legal
        return v.reason

    assert reason(_stuck(house())) == Reason.NO_GAMBLE
    assert reason(_stuck(house(gamble=True), draw_pile=0)) == Reason.GAMBLE_DRAW_PILE_EMPTY
    assert reason(_stuck(house(gamble=True), pile=())) == Reason.GAMBLE_NOT_NOW
    assert reason(_stuck(house(gamble=True), pile=(2,))) == Reason.GAMBLE_CAN_PLAY
    assert reason(_stuck(house(gamble=True)), (10, 10)) == Reason.ONE_FROM_DRAW_PILE
    g = _stuck(house(gamble=True))
    g.state.seen[10] = 4  # every 10 seen (R4.3)
    assert reason(g) == Reason.NOT_ON_DRAW_PILE
    assert g.advice.explain(g.state, Play("Ben", (10,), "draw_pile")).reason == Reason.NOT_YOUR_TURN


def test_the_simulator_turns_over_only_the_top_card_and_the_bots_play_it() -> None:
    v = house(gamble=True)

    def only_the_top(g: Game, steps: list[Step]) -> int:
        gambles = [s for s in steps if isinstance(s, Play) and s.zone == "draw_pile"]
        plays = [s for s in steps if isinstance(s, Play) and s.zone != "draw_pile"]
        assert not (gambles and plays)
        draw = g.state.draw_cards or []
        for s in gambles:
            assert s.cards == (draw[-1],)
        if draw:  # any other card is not the top one
            other = next(c for c in v.all_cards() if c != draw[-1])
            refused = g.advice.explain(g.state, Play(g.turn or "", (other,), "draw_pile"))
            assert not refused.legal
        return len(gambles)

    assert support.walk_listed_steps(v, only_the_top)
    support.bots_finish(v)


def test_must_play_and_the_gamble_together() -> None:
    """'Must play if able' and the gamble both ask ``_known_plays``: who can play must, who
    cannot may pick up or turn over the draw pile's top card."""
    g = _stuck(house(must_play=True, gamble=True))
    assert (
        g.advice.explain(g.state, PickUp("Ann")).legal
        and g.advice.explain(g.state, Play("Ann", (10,), "draw_pile")).legal
    )
    able = _stuck(house(must_play=True, gamble=True), pile=(2,))
    assert not able.advice.explain(able.state, PickUp("Ann")).legal
    assert not able.advice.explain(able.state, Play("Ann", (10,), "draw_pile")).legal


def test_in_the_simulator_a_card_turned_over_is_not_seen_twice() -> None:
    """Full information counts every card seen from the deal: the draw pile's top card turned
    over must not be counted again (found by the random-variant property test: five 8s seen
    of four)."""
    v = house(gamble=True)
    for seed in range(20):
        g = Game.shuffled(v, ["Ann", "Ben"], seed)
        before = dict(g.state.seen)
        rng = random.Random(seed)
        while not g.over:
            g.push(rng.choice(g.choices.legal_steps(g.state)), trusted=True)
            assert g.state.seen == before


# --- the same rank at once, out of turn (rulings 110-111) ----------------------------------


def test_the_same_rank_rules_load_save_and_are_said() -> None:
    v = house(same_rank_face_up=True, same_rank_drawn=True)
    assert v.table == TableRules(same_rank_face_up=True, same_rank_drawn=True)
    assert variant_to_data(v)["table"] == {"same_rank_face_up": True, "same_rank_drawn": True}
    sheet = rules_sheet(v)
    assert "play face-up cards of the same rank too" in sheet
    assert "If you draw a card of the rank you just played" in sheet
    assert "same rank" not in rules_sheet(house())


def test_the_last_hand_card_goes_on_with_face_up_cards_of_it() -> None:
    start = Position(
        "Ann",
        hand={"Ann": 1, "Ben": 3},
        face_up={"Ann": (7, 7, 2)},
        face_down={"Ann": 3, "Ben": 3},
        pile=(5,),
    )
    g = Game.from_position(house(same_rank_face_up=True), ["Ann", "Ben"], start)
    out = g.push(Play("Ann", (7,)))
    assert "Ann may also play a face-up 7 before Ben steps." in out.messages
    assert g.turn == "Ben" and g.advice.explain(g.state, Play("Ann", (7, 7), "face_up")).legal
    assert g.choices.out_of_turn_steps(g.state) == [
        Play("Ann", (7,), "face_up"),
        Play("Ann", (7, 7), "face_up"),
    ]
    assert not g.advice.explain(g.state, Play("Ann", (2,), "face_up")).legal  # only the card on top
    assert not g.advice.explain(g.state, Play("Ann", (7,), "hand")).legal  # from the face-up cards
    g.push(Play("Ann", (7, 7), "face_up"))
    assert g.turn == "Ben" and g.zone("Ann", "face_up").known == {2: 1}
    plain = Game.from_position(house(), ["Ann", "Ben"], start)
    plain.push(Play("Ann", (7,)))
    assert not plain.advice.explain(plain.state, Play("Ann", (7,), "face_up")).legal


def test_the_next_step_closes_it() -> None:
    hands = {"Ann": 1, "Ben": 3, "Cal": 3}
    start = Position("Ann", hand=hands, face_up={"Ann": (7,)}, face_down={"Ann": 3}, pile=(5,))
    g = Game.from_position(house(same_rank_face_up=True), ["Ann", "Ben", "Cal"], start)
    g.push(Play("Ann", (7,)))
    g.push(PickUp("Ben"))
    assert g.turn == "Cal" and g.state.going_on is None
    late = g.advice.explain(g.state, Play("Ann", (7,), "face_up"))
    assert not late.legal and late.reason == Reason.NOT_YOUR_TURN
    g.past.undo()  # undo opens it again: the state before the step is the one restored
    assert g.advice.explain(g.state, Play("Ann", (7,), "face_up")).legal


def test_a_drawn_card_of_the_rank_just_played_goes_at_once() -> None:
    start = Position("Ann", hand={"Ann": 3, "Ben": 3}, face_down={"Ann": 3}, pile=(5,))
    g = Game.from_position(house(same_rank_drawn=True), ["Ann", "Ben"], replace(start, draw_pile=9))
    out = g.push(Play("Ann", (7,)))
    assert "If Ann just drew a 7, Ann may play it before Ben steps." in out.messages
    assert g.advice.explain(g.state, Play("Ann", (7,))).legal  # one card was drawn: at most one 7
    assert not g.advice.explain(g.state, Play("Ann", (7, 7))).legal
    g.push(Play("Ann", (7,)))
    assert g.turn == "Ben"
    none_drawn = Game.from_position(house(same_rank_drawn=True), ["Ann", "Ben"], start)
    assert none_drawn.push(Play("Ann", (7,))).draws == ()
    assert not none_drawn.advice.explain(none_drawn.state, Play("Ann", (7,))).legal


def test_the_simulator_goes_on_and_every_such_game_replays() -> None:
    """Full information: ``out_of_turn_steps`` lists the same card at once, only copies drawn
    (110) or held face-up (111), each legal; an exported game replays, every step legal."""
    from referee.records import export_record, load_record_text, replay

    for table in ({"same_rank_face_up": True}, {"same_rank_drawn": True}):
        v = house(**table)
        went_on = 0
        for seed in range(8):
            rng = random.Random(seed)
            g = Game.shuffled(v, ["Ann", "Ben", "Cal"], seed, keep_history=True)
            while not g.over and g.past.count < 300:
                extra = g.choices.out_of_turn_steps(g.state)
                for s in extra:
                    assert isinstance(s, Play) and s.cards[0] == g.state.pile[-1]
                    assert g.advice.explain(g.state, s).legal
                went_on += len(extra)
                g.push(rng.choice(g.choices.legal_steps(g.state) + extra))
            result = replay(load_record_text(export_record(g), "<exported>"))
            assert all(r.verdict == "legal" for r in result.results)
            assert result.game.state.pile == g.state.pile
        assert went_on, table
        names = ["Ann", "Ben", "Cal"]
        for seed in range(4):  # every bot plays it to the end (the runner lets them go on)
            game = Game.shuffled(v, names, seed)
            bots = {n: BOTS[b]() for n, b in zip(names, ("smart", "greedy", "random"), strict=True)}
            assert not play(game, bots, random.Random(seed)).capped


def test_a_blind_card_that_misses_asks_no_chosen_player() -> None:
    """R7.5 (ruling 112): a face-down card, or the draw pile's top card, that does not fit has
    no effect, so it needs no chosen player; one named is let be (older records)."""
    give = {"id": "gift", "name": "Gift", "copies": 2, "effects": ["give_pile"]}
    data = support.house_data(karma_cards=[give])
    data["rank_powers"] = [{"rank": 2, "effects": [{"effect": "give_card", "target": "chosen"}]}]
    data["table"] = {"gamble": True}
    v = variant_from_data(data)
    down = Position("Ann", hand={"Ben": 3}, face_down={"Ann": 2, "Ben": 3}, pile=(9,))
    g = Game.from_position(v, ["Ann", "Ben"], down)
    assert (
        g.advice.explain(g.state, Play("Ann", (2,), "face_down")).reason == Reason.FACE_DOWN_MISSES
    )
    assert g.advice.explain(g.state, Play("Ann", (2,), "face_down", "Ben")).legal
    assert (
        g.advice.explain(g.state, Play("Ann", (2,), "face_down", "Ben")).reason
        == Reason.FACE_DOWN_MISSES
    )
    assert (
        g.advice.explain(g.state, Play("Ann", ("gift",), "face_down")).reason == Reason.NEEDS_TARGET
    )  # fits
    stuck = _stuck(v)
    assert (
        stuck.advice.explain(stuck.state, Play("Ann", (2,), "draw_pile")).reason
        == Reason.GAMBLE_MISSES
    )
    assert (
        stuck.advice.explain(stuck.state, Play("Ann", ("gift",), "draw_pile")).reason
        == Reason.NEEDS_TARGET
    )


def test_a_blind_card_that_misses_still_refuses_a_to_or_give_it_never_takes() -> None:
    """GAME-RECORDS.md: a `to` or `give` on a card whose effect takes none makes the step
    illegal, naming the field - a face-down card (R7.5) or the draw pile's top card (ruling
    109) that does not fit included; only a card that does take one may name it and miss."""
    v = house(gamble=True)
    down = Position("Ann", hand={"Ben": 3}, face_down={"Ann": 2, "Ben": 3}, pile=(9,))
    g = Game.from_position(v, ["Ann", "Ben"], down)
    to = g.advice.explain(g.state, Play("Ann", (3,), "face_down", "Ben"))
    assert (to.legal, to.reason, to.field) == (False, Reason.NO_TARGET_WANTED, "to")
    given = g.advice.explain(g.state, Play("Ann", (3,), "face_down", give=4))
    assert (given.legal, given.reason, given.field) == (False, Reason.NO_GIVE_WANTED, "give")
    assert g.advice.explain(g.state, Play("Ann", (3,), "face_down")).legal
    stuck = _stuck(v)
    drawn = stuck.advice.explain(stuck.state, Play("Ann", (3,), "draw_pile", "Ben"))
    assert (drawn.legal, drawn.reason, drawn.field) == (False, Reason.NO_TARGET_WANTED, "to")
    assert stuck.advice.explain(stuck.state, Play("Ann", (3,), "draw_pile")).legal


def test_the_engine_reads_no_table_rule_by_its_name() -> None:
    """Issue 41.2: table rules are units (referee/tablerules/); the engine, the sheet and the
    pages ask the rules a variant sets for their hooks and words, never ``variant.table.gamble``
    nor a rule's name in the engine."""
    import ast
    from pathlib import Path

    from referee.tablerules import RULES

    root = Path(__file__).resolve().parents[1] / "referee"
    found = []
    for path in sorted(root.rglob("*.py")):
        if root / "tablerules" in path.parents:
            continue
        engine = root / "engine" in path.parents
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in RULES
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "table"
            ) or (engine and isinstance(node, ast.Constant) and node.value in RULES):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    assert found == []


def test_every_table_rule_is_a_unit_with_its_words() -> None:
    """Each rule declares its field (the schema's), its words for the Design page and the rules
    sheet, and is in the schema the editors read."""
    from referee.tablerules import RULES
    from referee.variant.schema_gen import variant_schema

    props = variant_schema()["properties"]["table"]["properties"]
    assert list(props) == list(RULES)
    for name, unit in RULES.items():
        assert unit.declared.key == name and unit.declared.label and unit.declared.about
        assert props[name] == unit.declared.schema()
        # A choice: any value but the rule book's; a number (runs): its least; a list of
        # cards (starts_with): its first example, in a pack whose suits count; a switch: on.
        first = getattr(unit.declared, "lo", True)
        first = unit.declared.examples[0] if unit.declared.examples else first
        on = next((c for c in getattr(unit.declared, "choices", ()) if c != unit.default), first)
        data = support.house_data() | {"table": {name: on}}
        if unit.declared.examples:
            data["ranks"] = {"pack": "ordinary", "suits": True}
        v = variant_from_data(data)
        assert variant_to_data(v)["table"] == {name: on}
        assert unit.sheet(v) in rules_sheet(v)


def test_what_the_table_tells_at_set_up_is_checked_by_the_rule_that_asks_it() -> None:
    """Issue 41: each rule that asks the table something at set-up (its ``told``, a field of
    ``Told`` and of a record) checks it itself (``set_up``) and says why nothing is told where
    a variant does not set it (``told_unasked``); the engine's set-up follows R2's steps."""
    import dataclasses

    from referee.engine import Told
    from referee.table.setup import SetUp
    from referee.table.state import State
    from referee.tablerules import RULES, SETTING_UP, TOLD

    fields = {f.name for f in dataclasses.fields(Told)}
    asking = {u.name for u in RULES.values() if u.told}
    assert asking == {u.name for u in SETTING_UP if u.told} and asking
    assert set(TOLD) == fields  # every field of Told has a rule that asks it, and no other
    plain = variant_from_data(support.house_data())
    for unit in TOLD.values():
        said = unit.told_unasked(SetUp(plain, 1, State([], [], draw_pile=5), Told(), 0))
        assert said.endswith(".") and " here" in said and "_" not in said, (unit.name, said)
    steps = [tuple(int(n) for n in u.rule[1:].split(".")) for u in SETTING_UP]
    assert steps == sorted(steps) and all(s[0] == 2 for s in steps)  # R2, in order
