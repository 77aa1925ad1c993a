"""Game records: malformed files are located, never a traceback; export and replay agree;
`karma replay` exit codes and JSON (GAME-RECORDS.md)."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from referee.commands.cli import main
from referee.engine import Game, PickUp, Play
from referee.files.resources import RECORD_SCHEMA, modeline
from referee.records import (
    RecordError,
    export_record,
    game_from_record,
    load_record_text,
    replay,
)
from referee.variant.registry import builtin

SHARED = Path(__file__).resolve().parents[2] / "shared" / "scenarios"

GOOD = """\
variant: classic
players: [Ann, Ben]
steps:
  - {by: Ann, play: [4]}
"""


def problems(text: str) -> list[str]:
    with pytest.raises(RecordError) as e:
        load_record_text(text, "game.yaml")
    return [str(p) for p in e.value.problems]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            GOOD.replace("players:", "colour: red\nplayers:"),
            "game.yaml:2:1: colour:",
        ),
        (GOOD.replace("[4]}", "[4], by: Ben}"), "game.yaml:4:26: step 1: duplicate key 'by'"),
        (
            GOOD.replace("{by: Ann, play: [4]}", "{by: Ann, pickup: Ben}"),
            "game.yaml:4:10: step 1: by: Ann is not the player who picks up (Ben)",
        ),
        # A problem the YAML reader meets names the step and the field too (GAME-RECORDS.md)
        (
            GOOD.replace("[4]}", "[!!python/object:os.system 4]}"),
            "game.yaml:4:22: step 1: play[0]: the tag !!python/object:os.system is not allowed",
        ),
        (GOOD.replace("by: Ann", "by: &who Ann"), "game.yaml:4:10: step 1: by: anchors (&who)"),
        (
            GOOD.replace("play: [4]", "play: 4"),
            "game.yaml:4:21: step 1: play: expected a list, got 4",
        ),
        (
            GOOD.replace("by: Ann", "by: Zed"),
            "game.yaml:4:10: step 1: by: 'Zed' is not a player; expected one of: Ann, Ben",
        ),
        (
            GOOD.replace("[4]", "[44]"),
            "game.yaml:4:22: step 1: play[0]: there is no card 44 in Karma; expected a number 1–16",
        ),
        (
            GOOD.replace("[4]", "[joker]"),
            "game.yaml:4:22: step 1: play[0]: there is no card 'joker'",
        ),
        (GOOD.replace("{by: Ann, play: [4]}", "{expect: illegal}"), "game.yaml:4:5: step 1"),
        (
            GOOD.replace("classic", "no-such-variant"),
            "game.yaml:1:10: variant: there is no built-in variant called 'no-such-variant'",
        ),
        (GOOD.replace("[Ann, Ben]", "[Ann]"), "game.yaml:2:10: players"),
        (
            GOOD.replace("[Ann, Ben]", "[Ann, Ann]"),
            "game.yaml:2:10: players: 'Ann' is listed twice",
        ),
        (
            GOOD + "face_up: {Ann: [7, 7, 7], Ben: [7, 1, 2]}\n",
            "game.yaml:5:10: face_up: the face-up cards show four 7s, but the deck has only three; expected",
        ),
        (
            "variant: classic\nplayers: [Ann, Ben]\n",
            "game.yaml:1:1: (top level): missing required field 'steps'",
        ),
        ("- just a list\n", "game.yaml:1:1: (top level):"),
        ("variant: [unclosed\n", "game.yaml:2:1:"),
        (
            GOOD.replace("{by: Ann, play: [4]}", "{check: {turn: Zed}}"),
            "game.yaml:4:20: step 1: check.turn: 'Zed' is not a player",
        ),
        (
            "variant: classic\nplayers: [Ann, Ben]\nstart: {turn: Ann, hand: {Ann: 0, Ben: 2},"
            " face_up: {Ann: [], Ben: []}}\n"
            "steps: []\n",
            "start.turn: Ann is to move but holds no card (R2.4)",
        ),
        (
            "variant: classic\nplayers: [Ann, Ben]\n"
            "start: {turn: Ann, pile: [9], top_played_by: Zed, hand: {Ann: 2, Ben: 2}}\n"
            "steps: []\n",
            "game.yaml:3:46: start.top_played_by: 'Zed' is not a player; expected one of: Ann, Ben",
        ),
    ],
)
def test_malformed_records_are_located(text: str, expected: str) -> None:
    found = problems(text)
    assert any(expected in p for p in found), found


def test_every_problem_at_once() -> None:
    text = GOOD + "  - {by: Zed, play: [4]}\n  - {pickup: Kim}\n"
    found = problems(text)
    assert len(found) == 2 and "step 2: by" in found[0] and "step 3: pickup" in found[1]


def test_illegal_steps_are_not_malformed() -> None:
    record = load_record_text(GOOD.replace("[4]}", "[4, 5]}"), "game.yaml")
    result = replay(record)
    assert result.results[0].verdict == "illegal" and not result.results[0].ok


def test_export_and_reload_a_table_game() -> None:
    v = builtin("classic")
    g = Game.deal(v, ["Ann", "Ben", "Cal"], {"Ann": [16, 15, "bottoms_up"]})
    for step in [Play("Ann", (4,)), Play("Ben", (6, 6)), PickUp("Cal"), Play("Ann", (10,))]:
        g.push(step)
    text = export_record(g)
    assert text.startswith(modeline(RECORD_SCHEMA) + "variant: classic\nplayers:")
    assert "  - {by: Ben, play: [6, 6]}" in text and "  - {pickup: Cal}" in text
    again = game_from_record(load_record_text(text, "x.yaml"))
    assert again.state == g.state and again.past.steps == g.past.steps


def test_export_a_start_position_and_an_inline_variant(tmp_path: Path) -> None:
    source = (SHARED / "classic-endgame.yaml").read_text(encoding="utf-8")
    g = game_from_record(load_record_text(source, "endgame.yaml"))
    text = export_record(g)
    assert "start:" in text
    assert game_from_record(load_record_text(text, "x.yaml")).state == g.state
    house = builtin("quick-duel")
    custom = Game.deal(dataclasses.replace(house, id="our-house"), ["A", "B"])
    custom.push(Play("A", (custom.variant.ranks_low,)))
    inline = export_record(custom)
    assert "variant:\n  id: our-house" in inline
    assert game_from_record(load_record_text(inline, "x.yaml")).state == custom.state


def test_a_start_may_say_who_played_the_top_card_and_the_export_keeps_it() -> None:
    """docs/records.md (issue 39.2): an optional ``start.top_played_by``; a start without it
    exports as before (older readers never see the field)."""
    trump = "{id: trump, name: Trump, copies: 3, effects: [must_answer]}"
    start = (
        "variant: {id: t, name: T, players: [{decks: 1, min: 2, max: 4}], ranks: {low: 2, "
        f"high: 14, copies: 4}}, karma_cards: [{trump}], deal: {{face_down: 3, face_up: 3, "
        "hand: 3}, min_hand: 3, burn: 4}\nplayers: [Ann, Ben]\n"
        "start: {turn: Ann, pile: [4, trump], hand: {Ann: 3, Ben: 3}TOP}\nsteps: []\n"
    )
    named = load_record_text(start.replace("TOP", ", top_played_by: Ann"), "x.yaml")
    g = game_from_record(named)
    assert g.advice.explain(g.state, Play("Ann", (9,))).legal  # her own Trump asks nothing of her
    text = export_record(g)
    assert "top_played_by: Ann" in text
    again = game_from_record(load_record_text(text, "y.yaml"))
    assert again.state == g.state and again.advice.explain(again.state, Play("Ann", (9,))).legal
    plain = game_from_record(load_record_text(start.replace("TOP", ""), "x.yaml"))
    assert not plain.advice.explain(
        plain.state, Play("Ann", (9,))
    ).legal  # ruling 7: it binds the first step
    assert "top_played_by" not in export_record(plain)


def test_replay_command_exit_codes(tmp_path: Path, capsys) -> None:
    scenarios = sorted(str(p) for p in SHARED.glob("*.yaml"))
    assert main(["replay", *scenarios]) == 0
    failing = tmp_path / "fail.yaml"
    failing.write_text(GOOD.replace("[4]}", "[4], expect: illegal}"), encoding="utf-8")
    assert main(["replay", str(failing)]) == 1
    broken = tmp_path / "broken.yaml"
    broken.write_text("variant: classic\nplayers: [Ann, Ben]\nsteps: [{by: Zed}]\n")
    assert main(["replay", str(broken)]) == 2
    assert main(["replay", str(tmp_path / "missing.yaml")]) == 2
    out = capsys.readouterr().out
    assert "Traceback" not in out and "missing.yaml" in out


def test_replay_json(capsys) -> None:
    path = SHARED / "classic-basics.yaml"
    assert main(["replay", "--json", str(path)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["step"] == 1 and {"step", "verdict", "ok", "reason"} <= set(rows[0])
    illegal = [r for r in rows if r["verdict"] == "illegal"]
    assert illegal and all(r["ok"] for r in rows)
    assert illegal[0]["reason"].startswith("No: ") and illegal[0]["reason"].endswith("[R5.2]")


def test_a_pick_up_may_say_by_whom() -> None:
    """GAME-RECORDS.md lists `by` among a step's keys: `{by: Ben, pickup: Ben}` is the pick-up
    `{pickup: Ben}`, not a malformed record."""
    text = GOOD.replace("{by: Ann, play: [4]}", "{by: Ann, play: [4]}\n  - {by: Ben, pickup: Ben}")
    result = replay(load_record_text(text, "game.yaml"))
    assert [r.verdict for r in result.results] == ["legal", "legal"]
    assert result.game.turn == "Ann" and result.game.zone("Ben", "hand").count == 4


def test_replay_json_names_the_field_of_a_refusal(tmp_path, capsys) -> None:
    """GAME-RECORDS.md: a `to` or `give` on a card whose effect takes none makes the step
    illegal, and the verdict names the field: --json gives it as `field`."""
    path = tmp_path / "fields.yaml"
    path.write_text(
        GOOD.replace("[4]}", "[4], to: Ben, expect: illegal}")
        + "  - {by: Ann, play: [4], give: 5, expect: illegal}\n"
        + "  - {by: Ann, play: [4, 5], expect: illegal}\n"
    )
    assert main(["replay", "--json", str(path)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r.get("field") for r in rows] == ["to", "give", "play"]


def test_a_5000_step_exported_game_imports_and_replays() -> None:
    """Issue 8 item 6: the app's export of a long game must load again (was: a node limit of
    10,000 refused a 3,000-step game).  The limits are in bytes and values, scaled to a game."""
    import dataclasses
    import time

    from support import endless

    from referee.records import RECORD_MAX_BYTES, RECORD_MAX_NODES, check_state

    ZONES = ("hand", "face_up", "face_down")

    # Every card asks for 5 or more next and plays again, so a player who plays one card picks
    # it straight back up: with single cards only, the pile never holds two and nothing burns.
    variant = dataclasses.replace(endless(), copies=2, burn=2)
    game = Game.shuffled(variant, ["Ann", "Ben"], 3, keep_history=True)
    rng = random.Random(3)
    while game.past.count < 5000:
        assert not game.over
        steps = [
            s
            for s in game.choices.legal_steps(game.state)
            if isinstance(s, PickUp) or len(s.cards) == 1
        ]
        game.push(rng.choice(steps))
    text = export_record(game, variant, name="A very long evening")
    size = len(text.encode("utf-8"))
    assert 50_000 < size < RECORD_MAX_BYTES / 2, size
    started = time.process_time()  # CPU time: a busy machine does not stretch it
    record = load_record_text(text, "long.yaml")
    assert len(record.steps) == 5000
    result = replay(record)
    assert result.ok
    again = game_from_record(record)
    assert again.state.pile == game.state.pile and again.turn == game.turn
    everything = {
        "turn": game.turn,
        "top": game.top,
        "pile": len(game.state.pile),
        "draw_pile": game.state.draw_pile,
        "burned": game.state.out_of_play,
        **{z: {p: game.zone(p, z).count for p in game.players} for z in ZONES},
        "out": list(game.out()),
        "loser": game.loser,
    }
    assert check_state(again, everything) == []
    assert time.process_time() - started < 30  # CPU-s, a generous bound; bench/ times it
    assert RECORD_MAX_NODES > 5000 * 8


def test_record_limits_still_refuse_a_huge_file() -> None:
    from referee.records import RECORD_MAX_BYTES

    text = "variant: classic\nplayers: [Ann, Ben]\nsteps:\n" + "  - {pickup: Ann}\n" * (
        RECORD_MAX_BYTES // 15
    )
    with pytest.raises(RecordError) as err:
        load_record_text(text, "huge.yaml")
    assert "too large" in err.value.problems[0].message


def test_a_player_left_out_of_a_starts_face_up_stays_unknown_through_export_and_store() -> None:
    """GAME-RECORDS.md: a player missing from a start's face_up holds as many face-up cards
    as the deal gives, none known (R4.3).  An exported record leaves them out again, and the
    app's stored form keeps them (``face_up_unknown``), so neither turns them into none."""
    from referee.records import position_from_data, position_to_data

    here = Path(__file__).parent / "scenarios" / "r4-face-up-cards-a-start-does-not-show.yaml"
    text = here.read_text(encoding="utf-8")
    start = load_record_text(text, "start.yaml").start
    assert start is not None and start.face_up_unknown == {"Ben": 3}
    assert position_from_data(position_to_data(start)) == start
    game = Game.from_position(builtin("classic"), ["Ann", "Ben", "Cal"], start)
    assert game.state.seats[1].face_up.unknown == 3
    written = export_record(game)
    assert "face_up_unknown" not in written
    again = load_record_text(written, "again.yaml").start
    assert again is not None and again.face_up == start.face_up
    assert again.face_up_unknown == {"Ben": 3}
