"""Issue 44.4: what to change.  Known answers: a card that keeps games from ending gets the
smallest change that fixes it, measured on the same deals (one-time: once per game), and a
seat with an edge (the first player always wins) gets the lowest card starting; the changes
are edits of the variant's data that the Design page applies as they were measured; `karma
simulate --suggest` says the same.  Small counts."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from test_sim_analysis import hot_potato

from referee.commands.cli import main
from referee.simulate.analysis import Question, analyse
from referee.simulate.stats import seat_edge
from referee.simulate.suggest import Change, changes_for, problems, suggest
from referee.variant.loader import dump_variant, variant_to_data
from referee.variant.registry import resolve


def test_a_card_that_stalls_is_fixed_by_playing_it_once_per_game() -> None:
    v = hot_potato()
    a = analyse(Question(v, players=4, max_games=30, cards=False, skill=False), jobs=1)
    found = problems(a)
    assert [p.kind for p in found] == ["ends"] and found[0].card == "hot_potato"
    (s,) = suggest(a, jobs=1)
    assert s.change is not None and s.change.kind == "one_time" and s.tried == 1
    # Careful players end most of its games (they give the pile to players still in): some
    # do not.
    assert s.words().startswith(
        "Some games do not end. The smallest change that fixes it: Hot Potato once per game: 0% ± "
    )
    assert "unfinished" in s.effect and "minutes" in s.effect
    fixed = s.change.variant(v)
    assert fixed is not None and "one_time" in {e.name for e in fixed.effects_of("hot_potato")}


def test_a_variant_without_a_problem_gets_no_proposal() -> None:
    a = analyse(Question(resolve("classic"), players=4, max_games=20, cards=False, skill=False),
                jobs=1)  # fmt: skip
    assert problems(a) == [] and suggest(a, jobs=1) == []


def test_changes_are_edits_of_the_variant_data() -> None:
    v = resolve("second-edition")
    data = variant_to_data(v)
    many = next(k.id for k in v.karma_cards if k.copies > 1)
    by_kind = {c.kind: c for c in changes_for(v, many)}
    assert {"copies", "only_on"} <= set(by_kind)
    card = next(k for k in by_kind["copies"].apply(data)["karma_cards"] if k["id"] == many)
    assert card["copies"] == v.copies_per_deck(many) - 1
    assert data == variant_to_data(v)  # the data itself is untouched
    starts = Change("starts", "", "The holder of the lowest card starts", 1)
    assert starts.variant(v) is not None and starts.variant(v).table.get("starts") == "lowest"  # type: ignore[union-attr]
    potato = hot_potato()
    (target,) = [c for c in changes_for(potato, "hot_potato") if c.kind == "target"]
    aimed = target.variant(potato)
    assert aimed is not None
    assert [e.params.get("target") for e in aimed.effects_of("hot_potato")] == ["next"]


def test_karma_simulate_suggest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "potato.yaml"
    path.write_text(dump_variant(hot_potato()), encoding="utf-8")
    args = ["simulate", str(path), "--games", "30", "--no-cards", "--no-skill", "-j", "1"]
    assert main([*args, "--suggest", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (s,) = out["suggestions"]
    assert s["problem"] == "ends" and s["change"]["kind"] == "one_time"
    assert s["words"].startswith("Some games do not end. The smallest change that fixes it: Hot")


def head_start():
    """A variant built so that the first player always wins: two players, six numbers of one
    copy each, three in each hand and nothing else dealt, and every card burns the pile (a
    run of one), so whoever plays first plays again and again until their hand is gone.  The
    first player listed starts (R2.3): seat 1 never loses.  With the holder of the lowest card
    starting instead, who starts is the deal's chance, 1 in 2 for each seat (no two cards
    alike: no tie)."""
    from referee.variant.loader import variant_from_data

    return variant_from_data(
        {
            "id": "head-start",
            "name": "Head Start",
            "players": [{"decks": 1, "min": 2, "max": 2}],
            "ranks": {"low": 1, "high": 6, "copies": 1},
            "deal": {"face_down": 0, "face_up": 0, "hand": 3},
            "min_hand": 0,
            "burn": 1,
        }
    )


def test_a_seat_with_an_edge_is_fixed_by_letting_the_lowest_card_start() -> None:
    """Issue 44.4's second known answer: the check finds seat 1's edge, and the search
    proposes the change that removes it, measured with its margin on the same deals."""
    v = head_start()
    a = analyse(Question(v, players=2, max_games=40, cards=False, skill=False), jobs=1)
    assert tuple(a.report.loser_by_seat) == (0, 40)
    found = problems(a)
    assert [(p.kind, p.words) for p in found] == [("seat", "Seat 1 has an edge.")]
    (s,) = suggest(a, jobs=1)
    assert s.change is not None and s.change.kind == "starts" and s.tried == 1
    assert s.words().startswith(
        "Seat 1 has an edge. The smallest change that fixes it: The holder of the lowest card "
        "starts: seat 1 loses "
    )
    assert s.effect.endswith("(a fair share is 50%)") and s.games == 240
    fixed = s.change.variant(v)
    assert fixed is not None and fixed.table.get("starts") == "lowest"
    # Applied, the change is what was measured: the seats are even (each loses about half).
    b = analyse(Question(fixed, players=2, max_games=240, min_games=240, target=0, cards=False,
                         skill=False), jobs=1)  # fmt: skip
    assert not b.seats.edge and all(s.covers(0.5) for s in b.seats.shares)
    assert problems(b) == []


def test_a_seat_that_loses_more_often_is_not_said_to_have_an_edge() -> None:
    """The seat a problem names is the one furthest from a fair share: where that seat loses
    more often, it is said so, not that it has an edge (Head Start's games seen with the seats
    the other way round: seat 1 loses every one)."""
    a = analyse(Question(head_start(), players=2, max_games=40, cards=False, skill=False), jobs=1)
    behind = replace(a, seats=seat_edge((40, 0)))
    assert behind.seats.edge and behind.seats.worst == 0
    assert [(p.kind, p.words) for p in problems(behind)] == [
        ("seat", "Seat 1 loses more often than the others.")
    ]
    ahead = replace(a, seats=seat_edge((3, 30, 27)))  # three seats: seat 1 loses least
    assert [p.words for p in problems(ahead)] == ["Seat 1 has an edge."]
    fourth = replace(a, seats=seat_edge((20, 20, 20, 60)))  # seat 4 loses most
    assert [p.words for p in problems(fourth)] == ["Seat 4 loses more often than the others."]
