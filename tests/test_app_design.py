"""The Design page (AppTest) and its logic (referee.app.designer)."""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from support import plain

from referee.app import designer as d
from referee.app import links
from referee.store import Store, default_path
from referee.variant.declare import Choice, Flag
from referee.variant.loader import dump_variant, load_variant_text, variant_to_data
from referee.variant.menu import MENU
from referee.variant.registry import builtin, builtin_ids
from referee.variant.sheet import rules_sheet

MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")


def design(query: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(MAIN, default_timeout=20)
    at.run()
    for k, v in (query or {}).items():
        at.query_params[k] = v
    at.switch_page("screens/design.py").run()
    assert not at.exception, at.exception
    return at


def first_rank_power(at: AppTest, rank: int, effect: str) -> None:
    """The first rank power, added by taps: its rank, then what it does (its first effect)."""
    at.button(key="d0_rp_add").click().run()
    at.number_input(key="d1_rp_0_rank").set_value(rank).run()
    at.selectbox(key="d1_rank_powers_0_e_0_name").set_value(effect).run()


def texts(elements) -> list[str]:  # type: ignore[no-untyped-def]
    return [plain(e.value) for e in elements]


def test_create_your_karma_card_with_parameters(data_dir: Path) -> None:
    at = design()
    at.text_input(key="c0_name").input("Small Stuff")
    at.text_area(key="c0_text").input("Next one plays 4 or lower.")
    at.multiselect(key="c0_effects").select("next_range").run()
    at.number_input(key="c0_next_range_max").set_value(4).run()
    at.button(key="c0_add").click().run()
    assert not at.exception
    assert "Added the card Small Stuff." in texts(at.success)
    yaml_text = at.session_state["design_yaml"]
    v = load_variant_text(yaml_text).variant
    assert v is not None
    card = v.karma_cards[-1]
    assert (card.id, card.name, card.copies) == ("small_stuff", "Small Stuff", 1)
    assert [(e.name, dict(e.params)) for e in card.effects] == [("next_range", {"max": 4})]
    # The composer is empty again, the card has its own editor.
    assert at.text_input(key="c1_name").value == ""
    assert at.text_input(key="d1_kc_4_name").value == "Small Stuff"


def test_errors_are_shown_at_their_field_in_plain_words(data_dir: Path) -> None:
    """Issue 29.10: the page says what is wrong in a family's words, at the field; the file's
    located message stays in the file view (as `karma validate` says it)."""
    at = design()
    at.number_input(key="d0_deal_hand").set_value(10).run()
    errors = texts(at.error)
    said = (
        "To: 6 players need 96 cards for the deal, but 1 deck has only 60. Let at most 3 "
        "play, deal fewer cards, or add a deck."
    )
    assert said in errors
    assert not any("players[0]" in e or "line" in e or "expected" in e for e in errors), errors
    bottom = "2 things to fix before this variant can be played. Each is shown at its field above."
    assert bottom in errors
    located = [t for t in texts(at.text) if "players[0].max" in t]
    assert len(located) == 1 and "R2.2" in located[0]
    line = int(located[0].split(":")[1])
    [code] = [c.value for c in at.code if c.language == "yaml"]
    assert code.splitlines()[line - 1].strip() == "- {decks: 1, min: 2, max: 6}"
    assert "design_yaml" not in at.session_state
    assert at.button(key="design_save").disabled
    assert not at.success


def test_ready_to_play_only_when_nothing_is_wrong(data_dir: Path) -> None:
    """A warning (a burn some tables never reach) is shown at the burn, not under Players, and
    the bottom no longer says "ready to play"."""
    at = design()
    at.number_input(key="d0_burn").set_value(5).run()
    warnings = texts(at.warning)
    assert any(w.startswith("With 1 deck, no card has 5 copies") for w in warnings), warnings
    assert any("can be played, but look at the 1 note above first" in w for w in warnings)
    assert not any("ready to play" in t for t in texts(at.success))
    at.number_input(key="d0_burn").set_value(3).run()
    assert any(t.endswith("is ready to play.") for t in texts(at.success))
    assert not at.warning


def test_effect_parameter_error_is_located_in_its_card(data_dir: Path) -> None:
    data = d.starter(builtin("classic"))
    data["karma_cards"][1]["effects"] = [{"effect": "next_range", "min": 9, "max": 3}]
    chk = d.check(data)
    assert chk.variant is None
    found = [p for p in chk.result.problems if "karma_cards[1]" in d.prefixes(d.concerns(p))]
    assert found, chk.result.problems
    p = found[0]
    assert p.path.startswith("karma_cards[1].effects[0]") and p.line > 0


def test_remove_a_card_and_add_an_effect(data_dir: Path) -> None:
    """A new effect starts empty: the group chooses it (was: the first effect not on the card)."""
    at = design()
    at.button(key="d0_kc_0_del").click().run()
    assert not any(e.label.startswith("Give the Pile") for e in at.expander)
    at.button(key="d1_karma_cards_0_add_effect").click().run()
    empty = at.selectbox(key="d2_karma_cards_0_e_1_name")
    assert empty.value is None
    assert "Choose what it does." in texts(at.error)
    assert "design_yaml" not in at.session_state
    empty.set_value("reverse").run()
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None and [e.name for e in v.karma_cards[0].effects][-1] == "reverse"


def test_rank_power_starts_empty(data_dir: Path) -> None:
    """Was: a new power started as "The 16 clears the pile"."""
    at = design()
    at.button(key="d0_rp_add").click().run()
    assert at.number_input(key="d1_rp_0_rank").value is None
    assert at.selectbox(key="d1_rank_powers_0_e_0_name").value is None
    assert {"Fill this in.", "Choose what it does."} <= set(texts(at.error))
    at.number_input(key="d1_rp_0_rank").set_value(10).run()
    at.selectbox(key="d1_rank_powers_0_e_0_name").set_value("clear_pile").run()
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    assert [(p.rank, [e.name for e in p.effects]) for p in v.rank_powers] == [(10, ["clear_pile"])]


def test_save_to_library_then_play_it(data_dir: Path) -> None:
    at = design()
    at.text_input(key="d0_name").input("Our House").run()
    at.text_input(key="d0_id").input("our-house").run()
    at.button(key="design_save").click().run()
    assert any("Saved Our House" in t for t in texts(at.success))
    lib = Store(default_path()).list_variants()
    assert [(v.id, v.name) for v in lib] == [("our-house", "Our House")]
    at.switch_page("screens/table.py").run()
    assert "Our House (our library)" in at.selectbox(key="np_variant").options


def test_share_link_roundtrip_and_size_limit() -> None:
    text = d.to_yaml(d.starter(builtin("second-edition")))
    link, size = links.share_link("http://host:8501/design?x=1", text)
    assert link is not None and link.startswith("http://host:8501/design?v=")
    assert links.read_share(link.split("v=", 1)[1]) == text
    noise = random.Random(1).randbytes(10_000).hex()
    big, size = links.share_link("http://h/", text + f"# {noise}\n")
    assert big is None and size > links.MAX_LINK


def test_damaged_share_link_is_a_message_not_a_traceback(data_dir: Path) -> None:
    at = design({"v": "not-a-real-link!!"})
    assert any("could not be read" in t for t in texts(at.error))


def test_share_link_opens_the_variant(data_dir: Path) -> None:
    data = d.starter(builtin("mini-round"))
    data["name"] = "Shared Mini"
    param = links.share_param(d.to_yaml(data))
    at = design({"v": param})
    assert at.text_input(key="d1_name").value == "Shared Mini"
    assert any("Loaded Shared Mini" in t for t in texts(at.success))


def test_uploaded_file_with_mistakes_shows_line_and_column(data_dir: Path) -> None:
    at = design()
    bad = "id: x\nname: X\nranks: {low: 1, high: 16, copies: three}\n"
    at.file_uploader(key="design_upload").upload("bad.yaml", bad.encode(), "application/x-yaml")
    at.run()
    lines = [t.value for t in at.text]
    assert any("line 3, column" in ln for ln in lines), lines
    assert at.text_input(key="d0_name").value != "X"


def test_uploaded_good_file_loads(data_dir: Path) -> None:
    at = design()
    text = (Path(__file__).resolve().parents[1] / "variants" / "quick-duel.yaml").read_text()
    at.file_uploader(key="design_upload").upload("quick.yaml", text.encode(), "application/x-yaml")
    at.run()
    assert at.text_input(key="d1_name").value == builtin("quick-duel").name


def test_save_into_a_read_only_folder_says_so_and_keeps_the_design(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 8 item 5: a folder that cannot be written gives a plain message on the page, the
    design stays as it was, and nothing half-stored appears in the library."""
    from referee import store as store_module

    at = design()
    at.text_input(key="d0_name").input("Our House").run()
    at.text_input(key="d0_id").input("our-house").run()
    real = sqlite3.connect

    def read_only(path: object, *args: object, **kwargs: object) -> sqlite3.Connection:
        return real(f"file:{path}?mode=ro", *args, uri=True, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite3, "connect", read_only)
    store_module.open_store(store_module.default_target()).close()  # reopened read-only
    at.button(key="design_save").click().run()
    assert not at.exception, at.exception
    errors = texts(at.error)
    assert any(
        e.startswith("Our House was not saved. The games folder cannot be written") for e in errors
    ), errors
    assert not any("Saved" in t for t in texts(at.success))
    assert at.text_input(key="d0_name").value == "Our House"
    monkeypatch.undo()
    assert Store(default_path()).list_variants() == []


# --- issue 20, point 4: the Design page in a group's words ---------------------------------------

ID = re.compile(r"\b[a-z]+_[a-z_]+\b|\([a-z_]+\)")  # 'next_range', '(reverse)'


def test_every_effect_and_parameter_has_plain_words() -> None:
    """The effect units' words (designer.effect_label, each parameter's declared label and
    choices' words) name every effect and parameter of the menu: no ids in brackets, no field
    names, choices said in words, and 'leave empty' only where an empty field means something
    (no lowest number), never for a count such as the cards the next player draws."""
    for name, spec in MENU.items():
        label, help_words = d.effect_label(name), d.effect_help(name)
        assert label == spec.title and not ID.search(label), name
        assert spec.help, f"{name}: the unit has no help for the Design page"
        assert not ID.search(help_words) and not re.search(r"\b(min|max|n)\b", help_words), name
        for p in spec.params:
            assert p.label != p.key and not ID.search(p.label), (name, p.key)
            if isinstance(p, Choice):
                choices = dict(zip(p.choices, p.words, strict=True))
                assert all(w != v and not ID.search(w) for v, w in choices.items()), (name, p.key)
            # A tick box is never empty: left unticked it is off (ruling 155).
            empty_means_nothing = not p.optional or p.default is not None or isinstance(p, Flag)
            assert ("leave empty" in p.label) != empty_means_nothing, (name, p.key)
    assert d.effect_label("reverse") == "Reverse"
    params = {(n, p.key): p for n, spec in MENU.items() for p in spec.params}
    target = params["skip", "target"]
    assert dict(zip(target.choices, target.words, strict=True)) == {
        "chosen": "A player you choose",
        "next": "The next player",
    }
    assert params["next_draws", "n"].label == "How many cards they take"
    assert params["next_range", "max"].label == (
        "Highest number allowed (leave empty for no highest number)"
    )


def test_the_page_speaks_plain_words_not_the_file_format(data_dir: Path) -> None:
    """Was: 'Reverse (reverse)', 'Lose a turn: target' with next/chosen, 'The next player
    draws: n (leave empty: any)'."""
    at = design()
    at.multiselect(key="c0_effects").select("skip").select("next_draws").run()
    assert "Reverse" in at.multiselect(key="c0_effects").options
    assert not any(ID.search(o) for o in at.multiselect(key="c0_effects").options)
    target = at.selectbox(key="c0_skip_target")
    assert target.label == "Lose a turn: who misses a turn"
    assert target.options == ["A player you choose", "The next player"]
    n = at.number_input(key="c0_next_draws_n")
    assert n.label == "The next player draws: how many cards they take" and n.value == 2
    effect = at.selectbox(key="d0_karma_cards_0_e_0_name")
    assert effect.value == "one_time" and "Give the pile" in effect.options
    labels = [w.label for w in (*at.selectbox, *at.number_input, *at.multiselect)]
    # A card's id is shown once, as what it is: its name in game records.
    captions = [t for t in texts(at.caption) if not t.startswith("Its name in game records: ")]
    for text in labels + captions:
        assert not ID.search(text) and "leave empty: any" not in text, text
    at.selectbox(key="c0_skip_target").set_value("next")
    at.text_input(key="c0_name").input("Hop")
    at.button(key="c0_add").click().run()
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    assert [(e.name, dict(e.params)) for e in v.karma_cards[-1].effects] == [
        ("skip", {"count": "once", "target": "next", "walk": "others"}),  # defaults filled in
        ("next_draws", {"count": "once", "n": 2}),
    ]


def test_a_new_variant_starts_with_its_own_empty_description(data_dir: Path) -> None:
    """Was: a variant started from classic kept 'The original game: …' through save, the
    Referee page's picker and the rules sheet."""
    classic = builtin("classic")
    assert classic.description
    assert "description" not in d.starter(classic)
    at = design()
    assert at.text_area(key="d0_description").value == ""
    at.text_input(key="d0_name").input("Our House").run()
    at.text_input(key="d0_id").input("our-house").run()
    at.button(key="design_save").click().run()
    [saved] = Store(default_path()).list_variants()
    variant = load_variant_text(saved.yaml).variant
    assert variant is not None and not variant.description
    assert classic.description not in at.session_state["design_yaml"]
    assert classic.description not in rules_sheet(variant)


def test_each_card_shows_what_it_does_beside_the_groups_words(data_dir: Path) -> None:
    """Issue 31.7: the Design page shows, under a card's effects, the sentence made from them."""
    from referee.app import designer as d

    assert d.what_it_does([{"effect": "give_pile", "target": "next"}]) == (
        "What it does: The next player takes the whole pile into their hand."
    )
    assert d.what_it_does([{"effect": "no_such"}]) == ""
    at = design()
    captions = texts(at.caption)
    assert any(c.startswith("What it does: ") for c in captions)


# --- issue 29.10: work kept, saves asked, links shared ---------------------------------------


def test_a_reload_keeps_the_work_in_progress(data_dir: Path) -> None:
    """The page's address holds the design as it goes (?draft=); a new session (a reload)
    opening that address gets it back, unfinished parts included."""
    at = design()
    at.text_input(key="d0_name").input("Half Done").run()
    at.button(key="d0_rp_add").click().run()
    draft, start = at.query_params["draft"], at.query_params["from"]
    assert start == "classic" and draft
    again = design({"draft": draft, "from": start})
    assert again.text_input(key="d0_name").value == "Half Done"
    assert again.number_input(key="d0_rp_0_rank").value is None
    assert "Your design is back, just as you left it." in texts(again.info)
    assert again.session_state["design_parent"].id == "classic"


def test_a_damaged_draft_is_a_message_and_a_fresh_design(data_dir: Path) -> None:
    at = design({"draft": "not-a-draft!"})
    assert any("could not be brought back" in e for e in texts(at.error))
    assert at.text_input(key="d0_name").value.endswith("(our house rules)")


def test_a_hostile_draft_is_tamed() -> None:
    hostile = {
        "name": "x" * 10_000,
        "players": [{"decks": 10**9, "min": "two", "max": True}, "junk"],
        "karma_cards": [{"id": "Bad Id", "name": 7, "effects": [{"effect": "rm -rf"}, 3]}],
        "burn": -5,
    }
    data = d.normalize(hostile)
    assert len(data["name"]) == d.FIELDS["name"].most
    assert data["players"] == [{"decks": None, "min": None, "max": None}]
    assert data["karma_cards"] == [{"id": "card", "name": "", "copies": None, "effects": []}]
    assert data["burn"] is None
    assert d.read_draft(d.draft_param(hostile)) == data


def test_saving_over_a_saved_variant_asks_first(data_dir: Path) -> None:
    at = design()
    at.text_input(key="d0_id").input("our-house").run()
    at.button(key="design_save").click().run()
    assert any(t.startswith("Saved ") for t in texts(at.success))
    at.text_area(key="d0_description").input("Now with more rules.").run()
    at.button(key="design_save").click().run()
    asked = [w for w in texts(at.warning) if "Replace it with this" in w]
    assert asked and "under the short id our-house" in asked[0]
    at.button(key="design_replace_no").click().run()
    assert "Nothing was saved." in texts(at.info)[0]
    [kept] = Store(default_path()).list_variants()
    assert "more rules" not in kept.yaml
    at.button(key="design_save").click().run()
    at.button(key="design_replace_yes").click().run()
    assert any(t.startswith("Saved ") for t in texts(at.success))
    [replaced] = Store(default_path()).list_variants()
    assert "Now with more rules." in replaced.yaml
    at.button(key="design_save").click().run()  # the same again: nothing to ask
    assert any("is saved already" in t for t in texts(at.success))
    assert not any("Replace it" in w for w in texts(at.warning))


def test_the_share_link_is_a_copy_button_and_a_qr_code() -> None:
    from referee.app import share

    link, _ = links.share_link(
        "http://192.168.1.20:8501/design", d.to_yaml(d.starter(builtin("classic")))
    )
    assert link is not None
    png = share.qr_code(link)
    assert png is not None and png.startswith(b"\x89PNG")
    assert share.qr_code("http://x/" + "a" * 5000) is None  # too long for a code
    page = share.copy_html("</script><script>alert(1)</script>", "Copy <b>", "Copied")
    assert "</script><script>alert" not in page and "<b>" not in page
    assert page.count("<script>") == 1


def test_the_rules_download_as_a_printable_page(data_dir: Path) -> None:
    at = AppTest.from_file(MAIN, default_timeout=20)
    at.run()
    at.switch_page("screens/rules.py").run()
    assert not at.exception
    assert at.download_button(key="rules_download_html")
    at = design()
    assert at.download_button(key="design_rules_html")


def test_an_ordinary_pack_with_jokers_without_typing_yaml(data_dir: Path) -> None:
    """Issue 31.1: the page switches to an ordinary pack, adds jokers with an effect of their
    own, and gives the Queen a power chosen by its name; the checked YAML says so."""
    at = design()
    at.radio(key="d0_ranks_pack").set_value("ordinary").run()
    assert not at.exception, at.exception
    at.selectbox(key="d0_ranks_ace").set_value("high")
    at.number_input(key="d0_jokers_copies").set_value(2).run()
    assert any("A joker goes on anything" in t for t in texts(at.caption))
    at.button(key="d0_jokers_None_add_effect").click().run()  # an action: the page's rev is 1
    at.selectbox(key="d1_jokers_None_e_0_name").set_value("reverse").run()
    at.text_input(key="d1_jokers_text").input("Play turns the other way round.").run()
    at.button(key="d1_rp_add").click().run()
    assert not at.exception, at.exception
    last = len(at.session_state["design"]["rank_powers"]) - 1
    rank = at.selectbox(key=f"d2_rp_{last}_rank")
    assert "Q (Queen)" in rank.options and "A (Ace)" in rank.options
    rank.set_value(12).run()
    # A new power starts empty (issue 29.10): the group chooses what it does.
    at.selectbox(key=f"d2_rank_powers_{last}_e_0_name").set_value("clear_pile").run()
    at.run()  # (an expander's title follows the design of the run before)
    assert "The Q (Queen)" in [plain(e.label) for e in at.expander]
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None, [texts(at.error)]
    assert v.ordinary and v.ace == "high" and v.deck_size() == 52 + 4 * 3 + 2
    assert v.jokers is not None and [e.name for e in v.jokers.effects] == ["reverse"]
    assert v.jokers.text == "Play turns the other way round."
    assert [p.rank for p in v.rank_powers][-1] == 12
    assert "### Every Queen" in rules_sheet(v)


def test_palace_survives_the_design_page(data_dir: Path) -> None:
    """A built-in ordinary pack with jokers, opened and downloaded again, is the same variant."""
    at = design()
    text = (Path(__file__).resolve().parents[1] / "variants" / "palace.yaml").read_text()
    at.file_uploader(key="design_upload").upload("palace.yaml", text.encode(), "application/x-yaml")
    at.run()
    assert not at.exception, at.exception
    back = load_variant_text(at.session_state["design_yaml"]).variant
    assert back == builtin("palace")


def test_every_builtin_variant_is_the_same_data_through_the_page(data_dir: Path) -> None:
    """Issue 41: the page draws each field from its declaration (screens/design.py, fill);
    every built-in variant opened in it is the same data as the file's - its cards' ids and
    rules, an ordinary pack's jokers, its table rules - as the page gives it back."""
    at = design()
    for vid in builtin_ids():
        text = dump_variant(builtin(vid)).encode()
        at.file_uploader(key="design_upload").upload(f"{vid}.yaml", text, "application/x-yaml")
        at.run()
        assert not at.exception, at.exception
        assert at.session_state["design"] == variant_to_data(builtin(vid)), vid
        kept = (d.FIELDS["karma_cards.id"].label, d.FIELDS["karma_cards.rule"].label)
        assert not [w for w in at.text_input if w.label in kept], vid  # kept, not shown


@pytest.mark.parametrize("vid", builtin_ids())
def test_every_builtin_design_survives_a_draft(vid: str) -> None:
    """A reload keeps every kind of design: number decks, an ordinary pack and its jokers."""
    data = variant_to_data(builtin(vid))
    assert d.read_draft(d.draft_param(data)) == data


def test_a_face_up_card_taken_with_the_pile_is_a_switch_in_plain_words(data_dir: Path) -> None:
    """Issue 31.2 (ruling 108): the table rule is one switch, said as the family says it, and
    a draft read back from the address keeps it."""
    from referee.app import designer as d

    at = design()
    box = next(c for c in at.checkbox if c.label.startswith("With no hand cards left"))
    assert not box.value
    box.check().run()
    assert not at.exception
    assert at.session_state["design"]["table"] == {"take_face_up": True}
    assert d.normalize({"table": {"take_face_up": True, "odd": 1}})["table"] == {
        "take_face_up": True
    }


def test_the_draw_pile_gamble_is_a_switch_in_plain_words(data_dir: Path) -> None:
    """Issue 31.2 (ruling 109): one switch, kept by a draft read back from the address."""
    from referee.app import designer as d

    at = design()
    box = next(c for c in at.checkbox if c.label.startswith("If you cannot play, you may turn"))
    assert not box.value
    box.check().run()
    assert not at.exception
    assert at.session_state["design"]["table"] == {"gamble": True}
    assert d.normalize({"table": {"gamble": True}})["table"] == {"gamble": True}


def test_the_same_rank_rules_are_switches(data_dir: Path) -> None:
    """Issue 31.2 (rulings 110-111): two switches, in plain words."""
    at = design()
    for start, name in (
        ("Who plays their last hand cards", "same_rank_face_up"),
        ("Who draws a card of the rank", "same_rank_drawn"),
    ):
        box = next(c for c in at.checkbox if c.label.startswith(start))
        box.check().run()
        assert not at.exception
        assert at.session_state["design"]["table"].get(name) is True


def test_a_limit_no_card_meets_is_a_warning_at_its_field(data_dir: Path) -> None:
    """Issue 39.7: "only a 15 or higher may go on the Ace" - no card of the pack is: the page
    warns at that number, in plain words, and the file view keeps the located message."""
    case = Path(__file__).parent / "variant_cases" / "warn" / "takes-only-above-ranks.yaml"
    data = variant_to_data(load_variant_text(case.read_bytes(), case.name).variant)  # type: ignore[arg-type]
    found = {d.concerns(p): d.plain_words(p) for p in d.check(data).result.problems}
    assert found["rank_powers[0].effects[0].min"] == (
        "No card is 15 or higher. No card at all could go on it. Make it 14 or less."
    )
    at = design()
    at.file_uploader(key="design_upload").upload(case.name, case.read_bytes(), "application/x-yaml")
    at.run()
    assert not at.exception, at.exception
    warnings = texts(at.warning)
    assert any("No card is 15 or higher. No card at all could go on it." in w for w in warnings)
    assert not any("rank_powers[0]" in w or "expected" in w for w in warnings), warnings


def test_the_fields_are_drawn_from_their_declarations(data_dir: Path) -> None:
    """Issue 41.1: each field of the page is its declaration's (referee/variant/fields.py):
    its label, its bounds, its length; a draft is read back by the same declarations."""
    from referee.variant.declare import Int, Text

    at = design()
    labels = {w.label: w for kind in (at.number_input, at.text_input, at.text_area) for w in kind}
    for path in ("name", "id", "description", "deal.hand", "min_hand", "burn", "ranks.low"):
        f = d.FIELDS[path]
        widget = labels[f.label]
        if isinstance(f, Int):
            assert (widget.proto.min, widget.proto.max) == (f.lo, f.hi), path
        elif isinstance(f, Text):
            assert widget.proto.max_chars == f.most, path
    assert d.field_label("karma_cards[1].copies") == d.FIELDS["karma_cards.copies"].label
    hostile = {
        "karma_cards": [
            {"id": "ok", "name": "A", "effects": [{"effect": ["x"]}, None, {"effect": None}]}
        ]
    }
    assert d.normalize(hostile)["karma_cards"][0]["effects"] == [{"effect": None}]


def test_a_table_rule_with_several_choices_is_drawn_as_its_choices(data_dir: Path) -> None:
    """Issue 42: who starts has three answers, so it is one list of them in plain words (not a
    switch with one of them); choosing one sets it, the rule book's answer leaves it out, and a
    draft read back from the address keeps it."""
    at = design()
    (box,) = [s for s in at.selectbox if s.label == "Who starts"]
    assert box.value == "first"
    assert list(box.options) == [
        "The player to the dealer's left",
        "Whoever has the lowest card in their hand",
        "Whoever has the lowest ordinary card (not a power card)",
        "Whoever has the lowest ordinary card face up",
    ]
    assert not [c for c in at.checkbox if "lowest" in c.label]
    box.select("lowest_plain").run()
    assert not at.exception
    assert at.session_state["design"]["table"] == {"starts": "lowest_plain"}
    assert "lowest ordinary number card" in rules_sheet(
        load_variant_text(at.session_state["design_yaml"]).variant  # type: ignore[arg-type]
    )
    assert d.normalize({"table": {"starts": "lowest_plain"}})["table"] == {"starts": "lowest_plain"}
    (box,) = [s for s in at.selectbox if s.label == "Who starts"]
    box.select("first").run()
    assert "table" not in at.session_state["design"]


def test_each_effect_has_an_only_when_choice_from_the_conditions(data_dir: Path) -> None:
    """Issue 42: an effect gets an optional "Only when..." choice, drawn from the condition
    units' declarations (a card to give too, ruling 163); the choice reaches the file and its
    words reach the card's sentence."""
    from referee.app import designer as d

    assert {"pile": "empty"} in d.when_options("give_card", {})
    assert {"pile": "empty"} in d.when_options("skip", {"target": "chosen"})  # ruling 152
    options = d.when_options("clear_pile", {})
    assert options[0] == {} and {"pile": "empty"} in options and {"cards": 4} in options
    assert d.when_label({}) == "Always"
    assert d.when_label({"pile": "empty"}) == "Only when the pile is empty"
    at = design()
    first_rank_power(at, 3, "clear_pile")
    when = at.selectbox(key="d1_rank_powers_0_e_0_clear_pile_when")
    assert when.label == "Only when…" and when.value == {}
    assert "Only when the pile is empty" in when.options
    when.set_value({"pile": "empty"}).run()
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    (effect,) = v.rank_powers[-1].effects
    assert (effect.name, effect.when) == ("clear_pile", {"pile": "empty"})
    assert any("Only when the pile is empty: the whole pile" in c for c in texts(at.caption))


def test_a_deal_for_a_table_size_without_yaml(data_dir: Path) -> None:
    """Issue 42 (ruling 129): the deal's "Another deal for a table size" adds a row of counts
    for one number of players; it reaches the file and the rules sheet, and Remove takes it
    away again."""
    at = design()
    at.button(key="d0_deal_bp_add").click().run()
    assert not at.exception, at.exception
    rows = at.session_state["design"]["deal"]["by_players"]
    assert rows == [{"players": 2, "face_down": 3, "face_up": 3, "hand": 3}]
    for field, n in (("face_down", 6), ("face_up", 6), ("hand", 6)):
        at.number_input(key=f"d1_deal_bp_0_{field}").set_value(n)
    at.run()
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None and v.deal.for_players(2).face_up == 6
    assert "With 2 players, each gets 6 face-down, 6 face-up and 6 hand cards" in rules_sheet(v)
    at.button(key="d1_deal_bp_0_del").click().run()
    assert "by_players" not in at.session_state["design"]["deal"]


def test_the_first_play_is_composed_without_yaml(data_dir: Path) -> None:
    """Issue 42 (rulings 127 and 130): "only on the first play" is one of an effect's "Only
    when..." choices, and "the first play must include the starting card" a switch beside who
    starts; both reach the file and the rules sheet."""
    from referee.app import designer as d

    assert {"play": "first"} in d.when_options("clear_pile", {})
    assert d.when_label({"play": "later"}) == "Only when it is not the first play of the game"
    at = design()
    (box,) = [s for s in at.selectbox if s.label == "Who starts"]
    box.select("lowest_plain").run()
    switch = next(c for c in at.checkbox if c.label.startswith("The first play must include"))
    switch.check().run()
    assert not at.exception, at.exception
    assert at.session_state["design"]["table"] == {"starts": "lowest_plain", "starting_card": True}
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    assert "must include the starter's lowest ordinary card" in rules_sheet(v)


def test_a_card_that_chooses_who_goes_next_without_yaml(data_dir: Path) -> None:
    """Issue 42, a choice made at the table: the composer offers "Choose who goes next" in
    plain words, and the card reaches the file with it."""
    at = design()
    at.text_input(key="c0_name").input("Pointer")
    at.multiselect(key="c0_effects").select("choose_next").run()
    at.button(key="c0_add").click().run()
    assert not at.exception, at.exception
    assert "Added the card Pointer." in texts(at.success)
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    assert [e.name for e in v.karma_cards[-1].effects] == ["choose_next"]
    assert any("chooses who goes next" in c for c in texts(at.caption))


def test_draws_that_add_up_are_composed_on_a_rank_without_yaml(data_dir: Path) -> None:
    """Issue 42 (ruling 132, house rule 69): "cumulative 2s" is an effect of the menu; chosen
    for a rank with its count, it reaches the file and its words reach the rules sheet."""
    at = design()
    first_rank_power(at, 2, "stack_draws")
    assert not at.exception, at.exception
    n = next(w for w in at.number_input if w.key.endswith("stack_draws_n"))
    assert n.value == 2
    n.set_value(3).run()
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    (effect,) = v.rank_powers[-1].effects
    assert (effect.name, effect.params["n"]) == ("stack_draws", 3)
    assert "It adds 3 cards for the next player to draw." in rules_sheet(v)


@pytest.mark.parametrize(
    ("name", "effects", "sheet"),
    [
        # Issue 42, a contest settled at the table.
        ("Duel", ["contest_pile"], "rock, paper, scissors; whoever loses takes the whole pile"),
        # Issue 42, a choice made at the table: a chosen player's face-up and face-down cards.
        (
            "Flip",
            ["swap_table_cards"],
            "turns their face-down cards face up and lays their face-up cards face down",
        ),
        # Issue 42: Take a card, and Give a card after it goes to that same player.
        ("Trade", ["take_card", "give_card"], "then gives one of their cards to that same player"),
        # Issue 42 (ruling 153, house rule 115): "a joker is any card its player names".
        (
            "Joker",
            ["named_value"],
            "its player names a number, and on top of the pile it counts as that number",
        ),
    ],
)
def test_a_karma_card_of_issue_42_is_composed_without_yaml(
    data_dir: Path, name: str, effects: list[str], sheet: str
) -> None:
    """The composer offers the effects in plain words; the card reaches the file with them,
    and the rules sheet says what it does."""
    at = design()
    at.text_input(key="c0_name").input(name)
    chosen = at.multiselect(key="c0_effects")
    for effect in effects:
        chosen = chosen.select(effect)
    chosen.run()
    at.button(key="c0_add").click().run()
    assert not at.exception, at.exception
    assert f"Added the card {name}." in texts(at.success)
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    assert [e.name for e in v.karma_cards[-1].effects] == effects
    assert sheet in rules_sheet(v)


def test_a_nine_whose_player_says_higher_or_lower_without_yaml(data_dir: Path) -> None:
    """Issue 42 (ruling 171, house rule 135): the scribd sheet's 9 is an effect of the menu;
    chosen for a rank, it reaches the file and its words reach the rules sheet."""
    at = design()
    first_rank_power(at, 9, "higher_or_lower")
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    (effect,) = v.rank_powers[-1].effects
    assert effect.name == "higher_or_lower"
    assert "its player says “higher” or “lower”" in rules_sheet(v)


def test_beat_it_or_its_player_picks_up_on_a_rank_without_yaml(data_dir: Path) -> None:
    """Issue 42 (ruling 138, house rule 78): "if the next player cannot play on it, its player
    picks up" is an effect of the menu; chosen for a rank, it reaches the file and its words
    reach the rules sheet."""
    at = design()
    first_rank_power(at, 9, "unbeaten_picks_up")
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    (power,) = v.rank_powers
    assert (power.rank, [e.name for e in power.effects]) == (9, ["unbeaten_picks_up"])
    assert "If they cannot, the player of this card picks up the pile" in rules_sheet(v)


def test_two_sevens_that_cancel_each_other_without_yaml(data_dir: Path) -> None:
    """Issue 42, a condition on what a card carries over while it lies on the pile: a 7's
    "next play a 7 or lower" may now take an "Only when..." choice, "Not on a card just like
    it" among them; it reaches the file and the card's sentence."""
    at = design()
    first_rank_power(at, 7, "next_range")
    at.number_input(key="d1_rank_powers_0_e_0_next_range_max").set_value(7).run()
    when = at.selectbox(key="d1_rank_powers_0_e_0_next_range_when")
    label = "Only when it does not go on a card just like it"
    assert label in when.options
    when.set_value({"laid_on": "other"}).run()
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    (effect,) = v.rank_powers[-1].effects
    assert (effect.name, effect.params.get("max"), effect.when) == (
        "next_range",
        7,
        {"laid_on": "other"},
    )
    assert any(f"{label}: the next player must play" in c for c in texts(at.caption))


@pytest.mark.parametrize(
    ("label", "rule", "sheet"),
    [
        # ruling 125: the rules sheet of the design says there is no draw pile
        ("Deal all the cards out: no draw pile", "deal_rest", "There is no draw pile."),
        # ruling 134: the burning sentence says it
        (
            "Only a run laid in one play burns",
            "burn_at_once",
            "laid together in one play, the whole pile burns",
        ),
        # ruling 141
        (
            "With no hand cards left, whoever picks up the pile takes a face-up card too, or several",
            "take_face_up_rank",
            "or several of the same rank (they choose)",
        ),
        # ruling 143: under the burning sentence
        (
            "A play that burns still does",
            "powers_before_burn",
            "A play that burns the pile still does its powers first",
        ),
        # ruling 144: under the burning sentence
        (
            "Anyone may complete a burn",
            "complete_burn",
            "anyone holding the same card may lay it at once",
        ),
    ],
)
def test_a_table_rule_of_issue_42_is_one_switch_in_plain_words(
    data_dir: Path, label: str, rule: str, sheet: str
) -> None:
    """Issue 42: each is one switch, off at first; ticked, the file holds the rule and nothing
    else, and the design's rules sheet says it."""
    at = design()
    box = next(c for c in at.checkbox if c.label.startswith(label))
    assert not box.value
    box.check().run()
    assert not at.exception, at.exception
    assert at.session_state["design"]["table"] == {rule: True}
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None and sheet in rules_sheet(v)


@pytest.mark.parametrize(
    ("rank", "effect", "before", "param", "label", "default", "chosen", "sheet"),
    [
        # Issue 42 (ruling 135): skips walking round the table.
        (8, "skip", {"target": "next"}, "walk", "Several skips", "others", "round",
         "moves the turn on one seat, yours too"),
        # Issue 42 (ruling 146): "Back to the one who laid it" makes a battle (rule 106).
        (3, "must_answer", {}, "answer", "Where an answer sends it", "round", "back",
         "An answer sends it back to the player who laid it"),
    ],
)  # fmt: skip
def test_a_choice_of_an_effect_without_yaml(
    data_dir: Path,
    rank: int,
    effect: str,
    before: dict[str, str],
    param: str,
    label: str,
    default: str,
    chosen: str,
    sheet: str,
) -> None:
    """An effect's choice is drawn from its declaration on a rank power, with its label and
    default; what is chosen reaches the file and the rules sheet."""
    at = design()
    first_rank_power(at, rank, effect)
    for key, value in before.items():
        at.selectbox(key=f"d1_rank_powers_0_e_0_{effect}_{key}").set_value(value).run()
    box = at.selectbox(key=f"d1_rank_powers_0_e_0_{effect}_{param}")
    assert box.label == label and box.value == default
    box.set_value(chosen).run()
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    (power,) = v.rank_powers
    assert power.effects[0].params[param] == chosen
    assert sheet in rules_sheet(v)


@pytest.mark.parametrize(
    ("rank", "effect", "sheet"),
    [
        # Issue 42: see-through only on its own (the pile remembers how each card was laid).
        (8, "transparent", "Only when it is played on its own: it is see-through"),
        # Issue 42 (ruling 147): what a card counts, only on its own.
        (2, "value", "Only when it is played on its own: on top of the pile it counts as"),
    ],
)
def test_a_lasting_effect_only_on_its_own_without_yaml(
    data_dir: Path, rank: int, effect: str, sheet: str
) -> None:
    """An effect that works while its card lies on the pile takes an "Only when..." choice
    too; "only when it is played on its own" reaches the file and the sheet."""
    at = design()
    first_rank_power(at, rank, effect)
    when = at.selectbox(key=f"d1_rank_powers_0_e_0_{effect}_when")
    assert "Only when it is played on its own" in when.options
    when.set_value({"cards": 1}).run()
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    (got,) = v.rank_powers[-1].effects
    assert (got.name, got.when) == (effect, {"cards": 1})
    assert sheet in rules_sheet(v)


def test_powers_of_a_suit_without_yaml(data_dir: Path) -> None:
    """Issue 42 (ruling 149): an ordinary pack's "Some powers belong to a suit or a colour"
    switch; only then does a rank power's "Only when..." offer a suit or a colour, and the
    choice reaches the file and the rules sheet."""
    at = design()
    at.radio(key="d0_ranks_pack").set_value("ordinary").run()
    at.button(key="d0_rp_add").click().run()
    assert not at.exception, at.exception
    last = len(at.session_state["design"]["rank_powers"]) - 1
    at.selectbox(key=f"d1_rp_{last}_rank").set_value(11).run()
    at.selectbox(key=f"d1_rank_powers_{last}_e_0_name").set_value("wild").run()
    when = at.selectbox(key=f"d1_rank_powers_{last}_e_0_wild_when")
    assert "Only when it is a heart" not in when.options  # the suits do not count yet
    at.checkbox(key="d1_ranks_suits").check().run()
    assert not at.exception, at.exception
    when = at.selectbox(key=f"d1_rank_powers_{last}_e_0_wild_when")
    assert "Only when it is a heart" in when.options and "Only when it is red" in when.options
    when.set_value({"suit": "hearts"}).run()
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None, [texts(at.error)]
    assert v.suits and v.rank_powers[-1].effects[-1].when == {"suit": "hearts"}
    assert "only when it is a heart" in rules_sheet(v).lower()


def test_a_demand_that_names_its_answers_without_yaml(data_dir: Path) -> None:
    """Issue 42: "answer it or pick up" offers the cards that answer it as a list of the
    design's own cards (``Cards``), each named as the page says it; the cards chosen are the
    file's ``answers``."""
    at = design()
    first_rank_power(at, 9, "must_answer")
    named = at.multiselect(key="d1_rank_powers_0_e_0_must_answer_answers")
    assert named.label.startswith("Which other cards answer it") and named.value == []
    assert {"2", "8", "10", "Bottoms Up"} <= set(named.options)  # numbers and Karma cards
    named.set_value([2, 8]).run()
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None
    (power,) = v.rank_powers
    assert power.effects[0].params["answers"] == (2, 8)
    assert "(or a 2 or an 8)" in rules_sheet(v)


def test_a_demand_answered_by_a_red_jack_without_yaml(data_dir: Path) -> None:
    """Issue 42 (ruling 160): where the suits count, "Which other cards answer it" offers each
    number in each colour and suit too, said as the page says it ('red Jacks'); the card chosen
    reaches the file (``answers: [red J]``) and the rules sheet. Where the suits do not count,
    none is offered."""
    at = design()
    at.radio(key="d0_ranks_pack").set_value("ordinary").run()
    at.button(key="d0_rp_add").click().run()
    last = len(at.session_state["design"]["rank_powers"]) - 1
    at.selectbox(key=f"d1_rp_{last}_rank").set_value(9).run()
    at.selectbox(key=f"d1_rank_powers_{last}_e_0_name").set_value("must_answer").run()
    named = at.multiselect(key=f"d1_rank_powers_{last}_e_0_must_answer_answers")
    assert "red Jacks" not in named.options  # the suits do not count yet
    at.checkbox(key="d1_ranks_suits").check().run()
    assert not at.exception, at.exception
    named = at.multiselect(key=f"d1_rank_powers_{last}_e_0_must_answer_answers")
    assert {"red Jacks", "Jack of hearts"} <= set(named.options)
    named.set_value(["red J"]).run()
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None, [texts(at.error)]
    assert v.rank_powers[-1].effects[0].params["answers"] == ("red J",)
    assert "(or a red Jack)" in rules_sheet(v)


def test_a_give_of_the_pile_that_may_be_passed_on_without_yaml(data_dir: Path) -> None:
    """Issue 42 (ruling 168): "Give the pile" offers the cards that pass it on as a list of the
    design's own cards, as a demand's answers are; left empty, the give is as before, and the
    cards chosen are the file's ``answers``, said on the rules sheet."""
    at = design()
    first_rank_power(at, 9, "give_pile")
    named = at.multiselect(key="d1_rank_powers_0_e_0_give_pile_answers")
    assert named.label.startswith("Which cards pass it on") and named.value == []
    assert {"3", "Bottoms Up"} <= set(named.options)
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None and "answers" not in v.rank_powers[0].effects[0].params
    named.set_value([3]).run()
    assert not at.exception, at.exception
    v = load_variant_text(at.session_state["design_yaml"]).variant
    assert v is not None, [texts(at.error)]
    (power,) = v.rank_powers
    assert power.effects[0].params["answers"] == (3,)
    assert "unless they pass it on at once with a 3" in rules_sheet(v)
