"""Issue 19: names people can tell apart (rulings 60-62), isolated on screen (ruling 63), and the
record checks (duplicates in `check` lists, YAML words in mismatch messages: ruling 65)."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from referee.app.common import group_words, plain
from referee.records import RecordError, load_record_text, replay
from referee.variant.loader import dump_variant, load_variant_text
from referee.variant.registry import builtin
from referee.words.inert import BIDI_CONTROLS, is_active
from referee.words.markdown import FSI, PDI, isolate_words, needs_isolation
from referee.words.names import check_players, clean_name, look_alike

ANN, CYRILLIC_ANN, HIDDEN_ANN = "Ann", "\u0410nn", "Ann\u200b"


def record(players: list[str], steps: list[object] | None = None) -> str:
    return yaml.safe_dump({"variant": "classic", "players": players, "steps": steps or []})


def problems(text: str) -> list[str]:
    with pytest.raises(RecordError) as e:
        load_record_text(text, "game.yaml")
    return [str(p) for p in e.value.problems]


# --- ruling 60-62: players ---------------------------------------------------------------------


@pytest.mark.parametrize("other", [CYRILLIC_ANN, HIDDEN_ANN, "ANN", " Ann "])
def test_players_that_look_the_same_are_refused_naming_both(other: str) -> None:
    """Ann, Cyrillic Аnn (U+0410) and Ann + U+200B were accepted as three people."""
    check = check_players(["Ben", ANN, other])
    assert not check.ok
    (problem,) = check.problems
    assert (problem.index, problem.other) == (2, 1)
    assert "“Ann”" in problem.message and "looks the same as" in problem.message
    assert all(not is_active(ch) for ch in problem.message)


def test_the_issue_three_anns_in_a_record_are_refused_located() -> None:
    found = problems(record([ANN, CYRILLIC_ANN, HIDDEN_ANN]))
    assert found[0].startswith("game.yaml:3:3: players[1]:") and "players[1]" in found[0]
    assert "U+0410 CYRILLIC CAPITAL LETTER A" in found[0]
    assert "players[2]" in found[1] and "invisible" in found[1] and "\\u200b" in found[1]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Ann\u202e", "direction mark (U+202E RIGHT-TO-LEFT OVERRIDE)"),
        ("Ann\x1b[2J", "a control character (U+001B)"),
        ("Ann\nBen", "a line break"),
        ("\u200b\u200d", "nothing you can see"),
    ],
)
def test_control_and_bidi_characters_in_a_name_are_refused(name: str, words: str) -> None:
    check = check_players([name, "Ben"])
    assert [p.index for p in check.problems] == [0]
    assert words in check.problems[0].message
    assert all(not is_active(ch) for ch in check.problems[0].message)


def test_names_are_nfc_so_one_name_is_one_player() -> None:
    decomposed, composed = "Zoe\u0308", "Zo\u00eb"
    assert clean_name(decomposed) == composed
    assert not check_players([decomposed, composed]).ok
    # A record with the name typed both ways is one player: the step's "by" finds them.
    text = record([composed, "Ben"], [{"check": {"turn": decomposed}}])
    assert load_record_text(text).players == (composed, "Ben")


def test_different_names_stay_different() -> None:
    assert check_players(["Ann", "Anna", "Ben", "Zoë", "李", "שרה", "Ann Lee"]).ok
    assert not look_alike("Ann", "Anna")


@given(st.lists(st.text(min_size=1, max_size=8), min_size=1, max_size=5))
def test_accepted_names_hold_nothing_active_and_are_told_apart(names: list[str]) -> None:
    check = check_players(names)
    if check.ok:
        assert all(not any(is_active(ch) for ch in n) for n in check.names)
        assert all(
            not look_alike(a, b) for i, a in enumerate(check.names) for b in check.names[i + 1 :]
        )


# --- rulings 60 and 62: card and variant names --------------------------------------------


def test_variant_and_card_names_refuse_control_characters_located() -> None:
    data = yaml.safe_load(dump_variant(builtin("second-edition")))
    data["name"] = "House\u202e"
    data["karma_cards"][1]["name"] = "Five\x1b[8m"
    result = load_variant_text(yaml.safe_dump(data, allow_unicode=False), "v.yaml")
    assert result.variant is None
    messages = [str(p) for p in result.errors]
    assert any(": name: the name “House\\u202e”" in m for m in messages), messages
    assert any("karma_cards[1].name" in m and "control character" in m for m in messages)


def test_card_names_that_look_the_same_are_a_warning() -> None:
    data = yaml.safe_load(dump_variant(builtin("second-edition")))
    data["karma_cards"][1]["name"] = data["karma_cards"][0]["name"].replace("a", "\u0430")
    result = load_variant_text(yaml.safe_dump(data, allow_unicode=True), "v.yaml")
    assert result.variant is not None
    (warning,) = [str(w) for w in result.warnings if "looks the same" in str(w)]
    assert "karma_cards[1].name" in warning and "U+0430" in warning


# --- ruling 63: isolated on screen -------------------------------------------------------------


def test_group_words_are_isolated_whole_longest_first() -> None:
    out = isolate_words(
        "Ann 2 gives 2 cards to שרה כהן, 3 left; Ann 22 and שרה wait",
        ["Ann 2", "שרה", "שרה כהן"],
    )
    assert out.startswith(f"{FSI}Ann 2{PDI} gives")
    assert f"{FSI}שרה כהן{PDI}\\, 3" in out
    assert f"Ann 22 and {FSI}שרה{PDI} wait" in out  # a whole word only


@pytest.mark.parametrize(
    ("word", "needs"),
    [
        ("Ann", False),
        ("Mary Lou", False),
        ("Ann2b", False),  # digits between letters resolve left-to-right (bidi rule W7)
        ("Zoë", False),
        ("שרה", True),  # right-to-left
        ("Ann שרה Lee", True),  # right-to-left inside
        ("محمد", True),
        ("Ann 2", True),  # ends in a digit: it could join the number after it
        ("(Ann)", True),  # starts and ends with punctuation
        ("R2-D2", True),
        ("Ann\u0663", True),  # ARABIC-INDIC DIGIT THREE
    ],
)
def test_only_a_word_that_could_reorder_its_neighbours_is_isolated(word: str, needs: bool) -> None:
    """Ruling 63: the marks go only where they change what is seen."""
    assert needs_isolation(word) is needs
    out = isolate_words(f"{word} took the pile, 3 left", [word])
    assert out.startswith(FSI) is needs


def test_plain_isolates_the_words_the_page_names_and_nothing_else_acts() -> None:
    group_words(["*Ann*"])
    try:
        out = plain("*Ann* took the pile\u202e")
    finally:
        group_words([])
    assert out == f"{FSI}\\*Ann\\*{PDI} took the pile\\\\u202e"
    assert [ch for ch in out if ch in BIDI_CONTROLS] == [FSI, PDI]


# --- ruling 65: record checks --------------------------------------------------------------------


def test_a_player_listed_twice_in_check_out_is_refused_located() -> None:
    found = problems(record(["Ann", "Ben"], [{"check": {"out": ["Ann", "Ann"]}}]))
    assert found == [
        "game.yaml:8:7: step 1: check.out[1]: Ann is listed twice; expected each player once"
    ]


def test_mismatch_messages_use_yaml_words() -> None:
    text = record(["Ann", "Ben"], [{"check": {"out": ["Ann"], "loser": "Ben", "top": 7}}])
    result = replay(load_record_text(text))
    (step,) = result.results
    assert "out: expected [Ann], the referee has []" in step.reason
    assert "loser: expected Ben, the referee has null" in step.reason
    assert "top: expected 7, the referee has null" in step.reason


def test_the_new_game_form_refuses_the_issue_names_naming_both() -> None:
    """The form's own check (referee.app.setup.check_players) asks the same rules as records."""
    from referee.app.setup import NameProblem
    from referee.app.setup import check_players as form_check

    for other in (CYRILLIC_ANN, HIDDEN_ANN):
        with pytest.raises(NameProblem, match="“Ann” and .* read the same"):
            form_check([ANN, "Ben", other])
    with pytest.raises(NameProblem, match="U\\+202E RIGHT-TO-LEFT OVERRIDE"):
        form_check(["Ann\u202e", "Ben"])
    assert form_check(["Ann", "Anna", "שרה"]) == ["Ann", "Anna", "שרה"]
