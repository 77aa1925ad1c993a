"""Issue 8 item 6: every valid variant loaded into the Design page and downloaded again is the
same variant — texts (to the schema's limits), every card's ``rule:``, every field.  Was: the
page cut descriptions to 1,000 characters and card texts to 500, and dropped ``rule:``."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from strategies import budget, valid_variants
from streamlit.testing.v1 import AppTest

from referee.app import designer as d
from referee.app import links
from referee.variant.loader import dump_variant, load_variant_text, variant_to_data
from referee.variant.model import Variant
from referee.variant.schema_gen import variant_schema

MAIN = str(Path(__file__).resolve().parents[1] / "referee" / "app" / "main.py")


def _through_the_page(variant: Variant) -> Variant:
    at = AppTest.from_file(MAIN, default_timeout=30)
    at.run()
    at.switch_page("screens/design.py").run()
    text = dump_variant(variant)
    at.file_uploader(key="design_upload").upload("ours.yaml", text.encode(), "application/x-yaml")
    at.run()
    assert not at.exception, at.exception
    downloaded = at.session_state["design_yaml"]
    result = load_variant_text(downloaded, "downloaded.yaml")
    assert result.variant is not None, result.errors
    return result.variant


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(variant=valid_variants())
def test_any_valid_variant_survives_the_design_page(variant: Variant, data_dir: Path) -> None:
    assert variant_to_data(_through_the_page(variant)) == variant_to_data(variant)


def test_longest_texts_and_rules_survive(data_dir: Path) -> None:
    base = load_variant_text(
        (Path(__file__).resolve().parents[1] / "variants" / "second-edition.yaml").read_text()
    ).variant
    assert base is not None
    data = variant_to_data(base)
    data["description"] = ("A family story, told at length. " * 200)[: d.FIELDS["description"].most]
    data["karma_cards"][0]["text"] = ("Point at someone! " * 100)[
        : d.FIELDS["karma_cards.text"].most
    ]
    assert all(card.get("rule") for card in data["karma_cards"])
    variant = load_variant_text(d.to_yaml(data), "long.yaml").variant
    assert variant is not None
    back = _through_the_page(variant)
    assert back.description == data["description"]
    assert back.karma_cards[0].text == data["karma_cards"][0]["text"]
    assert [c.rule for c in back.karma_cards] == [c.rule for c in base.karma_cards]


@budget(150)
@given(variant=valid_variants())
def test_designer_functions_lose_nothing(variant: Variant) -> None:
    """The pure half of the page, many more examples: design data -> checked YAML (what the
    download button gives) -> the same variant; and the same through a share link."""
    checked = d.check(variant_to_data(variant))
    assert checked.variant is not None, checked.result.errors
    assert variant_to_data(checked.variant) == variant_to_data(variant)
    shared = load_variant_text(
        links.read_share(links.share_param(checked.yaml)), "shared.yaml"
    ).variant
    assert shared is not None and variant_to_data(shared) == variant_to_data(variant)
    for card in variant.karma_cards:  # the page's fields are as long as the schema allows
        assert (
            len(card.name) <= d.FIELDS["karma_cards.name"].most
            and len(card.text or "") <= d.FIELDS["karma_cards.text"].most
        )
    assert len(variant.description or "") <= d.FIELDS["description"].most


def test_numbers_at_the_schemas_limits_survive(data_dir: Path) -> None:
    """Was: the page's number fields stopped short of the schema (hand cards at 10 where a
    variant may deal 20), so such a variant came back changed."""
    base = load_variant_text(
        (Path(__file__).resolve().parents[1] / "variants" / "classic.yaml").read_text()
    ).variant
    assert base is not None
    # The page's number fields are drawn from the declarations the schema is made of.
    schema = variant_schema()
    assert d.FIELDS["deal.hand"].hi == schema["$defs"]["deal"]["properties"]["hand"]["maximum"]
    assert d.FIELDS["min_hand"].hi == schema["properties"]["min_hand"]["maximum"]
    data = variant_to_data(base)
    data["deal"] = {"face_down": 0, "face_up": 0, "hand": d.FIELDS["deal.hand"].hi}
    data["min_hand"] = d.FIELDS["min_hand"].hi
    data["players"] = [{"decks": 4, "min": 2, "max": 4}]
    variant = load_variant_text(d.to_yaml(data), "big.yaml").variant
    assert variant is not None, "the test's variant should be valid"
    assert variant_to_data(_through_the_page(variant)) == variant_to_data(variant)
