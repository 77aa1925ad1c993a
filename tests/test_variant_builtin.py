"""The shipped variants: valid, round-trippable, and exactly as RULES.md R1, R8 and R12 say."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.files.resources import modeline
from referee.variant import (
    VARIANTS_DIR,
    Effect,
    PlayerRange,
    VariantError,
    builtin,
    builtin_ids,
    dump_variant,
    load_variant_file,
    load_variant_text,
    resolve,
    variant_from_data,
    variant_to_data,
)

FILES = sorted(VARIANTS_DIR.glob("*.yaml"))
HEADER = "# yaml-language-server: $schema=../schemas/variant.schema.json\n"  # in the checkout


def test_the_editions_and_three_house_variants_ship() -> None:
    ids = builtin_ids()
    assert {"classic", "mini-round", "second-edition"} <= set(ids)
    assert len(ids) >= 6


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_shipped_variant_is_valid_without_warnings(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith(HEADER)
    result = load_variant_file(path)
    assert result.ok, [str(p) for p in result.problems]
    assert result.warnings == []
    assert result.variant is not None and result.variant.id == path.stem


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_shipped_variant_round_trips(path: Path) -> None:
    first = load_variant_file(path).variant
    assert first is not None
    text = dump_variant(first)
    assert text.startswith(modeline())  # a file that travels points at the stable address
    again = load_variant_text(text, "dumped.yaml")
    assert again.ok and again.warnings == []
    assert again.variant == first
    assert variant_from_data(variant_to_data(first)) == first
    assert dump_variant(again.variant) == text


def eff(name: str, **params: object) -> Effect:
    """An effect as the loader makes it: its parameters' declared defaults filled in."""
    from referee.effects import EFFECTS

    return EFFECTS[name].effect(params)


CLASSIC_CARDS = {
    "give_the_pile_to_a_friend": (eff("one_time"), eff("give_pile")),
    "five_or_below": (eff("next_range", max=5),),
    "play_a_table_card": (eff("play_table_card"),),
    "bottoms_up": (eff("bottom_to_top"),),
}
SECOND_CARDS = {
    "lose_a_turn": (3, (eff("skip", target="chosen"),)),
    "seven_to_eleven": (3, (eff("next_range", min=7, max=11),)),
    "clear_the_pile": (2, (eff("one_time"), eff("clear_pile"))),
    "give_a_card": (2, (eff("give_card"),)),
    "exchange_hands": (1, (eff("one_time"), eff("exchange_hands"))),
    "change_your_seat": (1, (eff("one_time"), eff("swap_seats"))),
    "pass_to_the_right": (1, (eff("one_time"), eff("pass_hands", direction="right"))),
    "create_your_karma": (1, (eff("one_time"), eff("reverse"))),
}


def test_classic_is_r1_and_r8() -> None:
    v = builtin("classic")
    assert v.deck_size() == 60 and v.burn == 3 and v.min_hand == 3
    assert (v.ranks_low, v.ranks_high, v.copies) == (1, 16, 3)
    assert v.players == (PlayerRange(1, 2, 6), PlayerRange(2, 7, 12))
    assert {k.id: k.effects for k in v.karma_cards} == CLASSIC_CARDS
    assert all(k.copies == 3 for k in v.karma_cards)
    assert v.rank_powers == ()


def test_mini_round_is_r1_and_r7() -> None:
    v = builtin("mini-round")
    assert v.deck_size() == 40 and v.burn == 2 and v.copies == 2
    assert v.players == (PlayerRange(1, 2, 4), PlayerRange(2, 5, 8))
    assert {k.id: k.effects for k in v.karma_cards} == CLASSIC_CARDS
    assert all(k.copies == 2 for k in v.karma_cards)


def test_second_edition_is_r1_r8_and_r12() -> None:
    v = builtin("second-edition")
    assert v.deck_size() == 62 and v.burn == 3
    assert v.players == (PlayerRange(1, 2, 6), PlayerRange(2, 7, 12))
    assert {k.id: (k.copies, k.effects) for k in v.karma_cards} == SECOND_CARDS
    assert "assumed" in v.description
    assert v.card_name("seven_to_eleven") == "7 to 11"


def test_no_preset_lists_wild_on_a_karma_card() -> None:
    for vid in builtin_ids():
        for card in builtin(vid).karma_cards:
            assert all(e.name != "wild" for e in card.effects), (vid, card.id)


def test_house_variants_are_playable_groups() -> None:
    assert builtin("party-twelve").max_players == 12
    duel = builtin("quick-duel")
    assert (duel.min_players, duel.max_players) == (2, 2)
    sh = builtin("shithead")
    assert {p.rank: p.effects for p in sh.rank_powers} == {
        2: (eff("wild"), eff("value", value=0)),
        7: (eff("next_range", max=7),),
        8: (eff("wild"), eff("transparent")),
        10: (eff("wild"), eff("clear_pile")),
    }
    family = builtin("family-create-your-karma")
    card = family.karma("create_your_karma")
    assert card is not None
    assert card.effects == (eff("one_time"), eff("rotate_seats", direction="left"))


def test_every_deal_fits_every_table() -> None:
    for vid in builtin_ids():
        v = builtin(vid)
        for r in v.players:
            assert r.max * v.deal.per_player <= v.deck_size(r.decks), vid


def test_builtin_is_cached_and_unknown_ids_are_located_errors() -> None:
    assert builtin("classic") is builtin("classic")
    with pytest.raises(VariantError) as info:
        builtin("nope")
    assert "no built-in variant is called 'nope'" in str(info.value)
    assert "classic" in info.value.problems[0].message


def test_resolve_ids_and_paths(tmp_path: Path) -> None:
    assert resolve("classic") is builtin("classic")
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        (VARIANTS_DIR / "quick-duel.yaml").read_text().replace("id: quick-duel", "id: mine")
    )
    assert resolve("mine.yaml", tmp_path).id == "mine"
    assert resolve(mine).id == "mine"
    sub = tmp_path / "records"
    sub.mkdir()
    assert resolve("../mine.yaml", sub).id == "mine"
    (tmp_path / "bad.yaml").write_text("id: bad\nname: Bad\n")
    with pytest.raises(VariantError) as info:
        resolve("bad.yaml", tmp_path)
    assert any("missing required field 'players'" in str(p) for p in info.value.problems)
    with pytest.raises(VariantError) as info:
        resolve("missing.yaml", tmp_path)
    assert "no such file" in str(info.value)
    with pytest.raises(VariantError):
        resolve("no-such-variant")


def test_the_palace_house_rules_use_the_new_house_effects_and_games_end() -> None:
    """Issue 21: a built-in house variant uses several of the new effects, and plays out."""
    import random

    from referee.engine import Game
    from referee.simulate.bots import make_bot
    from referee.simulate.runner import play

    v = builtin("palace-house-rules")
    used = {e.name for c in v.all_cards() for e in v.effects_of(c)}
    assert {
        "next_face_up",
        "give_pile_draw",
        "lower_and_skip",
        "mirror",
        "cut_in",
        "not_last",
    } <= used
    bots = {n: make_bot("greedy") for n in ("A", "B", "C", "D")}
    for seed in range(5):
        result = play(Game.shuffled(v, list(bots), seed), bots, random.Random(seed))
        assert result.loser is not None


def test_shithead_is_an_ordinary_pack() -> None:
    """Issue 31.1 (ruling 105): Jack to Ace are named, not 11-14, and the powers stay."""
    sh = builtin("shithead")
    assert sh.ordinary and sh.ace == "high" and sh.jokers is None
    assert (sh.ranks_low, sh.ranks_high, sh.copies, sh.deck_size()) == (2, 14, 4, 52)
    assert [sh.card_name(c) for c in (10, 11, 12, 13, 14)] == ["10", "Jack", "Queen", "King", "Ace"]
    assert "11" not in (sh.description or "") and "Queen 12" not in sh.description


def test_palace_is_an_ordinary_pack_with_jokers() -> None:
    """Issue 31.1 (ruling 106): 2 resets, 10 burns and goes again, jokers reverse; and games
    of it end."""
    import random

    from referee.engine import Game
    from referee.simulate.bots import make_bot
    from referee.simulate.runner import play

    v = builtin("palace")
    assert v.ordinary and v.ace == "high" and v.deck_size() == 54 and v.burn == 4
    assert v.jokers is not None and v.jokers.copies == 2
    assert [e.name for e in v.jokers.effects] == ["reverse"]
    assert {p.rank: p.effects for p in v.rank_powers} == {
        2: (eff("wild"), eff("value", value=0)),
        10: (eff("wild"), eff("clear_pile")),
    }
    assert builtin("palace-house-rules").pack == "numbers"  # kept as it was
    bots = {n: make_bot("greedy") for n in ("A", "B", "C", "D")}
    for seed in range(5):
        result = play(Game.shuffled(v, list(bots), seed), bots, random.Random(seed))
        assert result.loser is not None
