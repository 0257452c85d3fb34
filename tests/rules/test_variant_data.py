"""The variant records are the single source of truth (issue 10, Build 5).

Every expected number here is worked out by hand from shared/rules/VARIANTS.md.
"""

import ast
import re
from dataclasses import fields, replace
from pathlib import Path

import pytest

from scorekeeper.rules.catalog import resolve
from scorekeeper.rules.records import VARIANTS
from scorekeeper.rules.scoring import score
from scorekeeper.rules.variant import COMMON_OPTIONS, SCORING_NUMBERS, Option, Variant

ROOT = Path(__file__).resolve().parents[2]
ENGINE_CODE = ["scoring.py", "games.py", "melds.py"]


def test_a_variant_cannot_declare_a_common_option_again():
    with pytest.raises(ValueError, match="target"):
        replace(
            VARIANTS["rummy"],
            own_options={"target": Option(int, "Target", "again", minimum=1, maximum=9)},
        )


@pytest.mark.parametrize("variant", VARIANTS.values(), ids=list(VARIANTS))
def test_an_option_that_sets_a_field_defaults_to_the_variants_own_value(variant):
    for name, option in variant.options.items():
        if option.sets:
            assert option.default == variant.setting(option.sets), name


def test_an_option_that_reads_the_variants_data_declares_no_default_of_its_own():
    declared = list(COMMON_OPTIONS.values())
    declared += [spec for v in VARIANTS.values() for spec in v.own_options.values()]
    for option in declared:
        if option.sets:
            assert option.default is None, option.label


@pytest.mark.parametrize("variant", VARIANTS.values(), ids=list(VARIANTS))
def test_every_option_has_a_label_and_help_for_people(variant):
    for name, option in variant.options.items():
        assert option.label and option.label != name and "_" not in option.label, name
        assert option.help, name
        for choice in option.choices:
            assert option.choice_help.get(choice), f"{name}: {choice}"


@pytest.mark.parametrize(
    ("variant_id", "options", "path", "expected"),
    [
        ("kaluki", {"joker_value": 15}, "values.joker", 15),
        ("kaluki", {"ace_value": 11}, "values.ace", 11),
        ("kaluki", {"opening_min": 40}, "opening_min", 40),
        ("german-rummy", {"opening_min": 30}, "going_out_min", 30),  # going out follows it
        ("continental", {"start": 50}, "start", 50),
        ("continental", {"deuces_wild": True}, "deuces_wild", True),
        ("rami", {"end": "elimination"}, "game_end", "elimination"),
        ("rummy", {"ace": "around"}, "ace", "around"),
        ("rummy", {"target": 200}, "target", 200),
        ("rummy", {"decks": 2}, "cards", 10),  # 4 players with two decks: 10 each
        ("rummy", {"count_cards": True}, "target", 25),  # "target usually 25"
        ("rummy", {"count_cards": True, "target": 40}, "target", 40),  # chosen wins
    ],
)
def test_resolve_applies_each_option_to_the_field_it_names(variant_id, options, path, expected):
    value = resolve(variant_id, options, players=4)
    for part in path.split("."):
        value = getattr(value, part)
    assert value == expected


def test_count_cards_counts_one_a_card_and_two_a_joker():
    # Ben holds K, 7, joker: 1 + 1 + 2 = 4
    result = score(
        variant="rummy",
        options={"count_cards": True, "jokers": 2},
        players=["Ana", "Ben"],
        round={"winner": "Ana", "hands": {"Ben": ["KS", "7D", "JK"]}},
    )
    assert result["delta"]["Ana"] == 4


def test_no_dead_fields():
    """Every field of a variant's record is read somewhere (engine, pages, forms)."""
    sources = [p.read_text() for p in (ROOT / "scorekeeper").rglob("*.py")]
    sources += [p.read_text() for p in (ROOT / "templates").glob("*.html")]
    text = "\n".join(sources)
    for item in fields(Variant):
        assert re.search(rf"\.{item.name}\b", text), item.name


def test_the_engine_code_names_no_variant():
    # "rummy" is also a round's end (going rummy), so only the other ids are looked for;
    # the doctests' questions are text inside docstrings, not code
    ids = set(VARIANTS) - {"rummy"}
    for name in ENGINE_CODE:
        tree = ast.parse((ROOT / "scorekeeper" / "rules" / name).read_text())
        named = {
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        }
        assert not named & ids, name


def test_every_scoring_number_has_a_name_on_the_rules_page():
    numeric = {
        item.name
        for item in fields(Variant)
        if item.name.endswith(("_bonus", "_surcharge", "_chips", "_won", "_points", "_limit"))
    }
    assert numeric - {"hand_won_points"} <= set(SCORING_NUMBERS)
    assert "hand_won_points" in SCORING_NUMBERS


# Each variant's worked example, scored by hand from VARIANTS.md.
EXAMPLE_DELTAS = {
    "rummy": {"Ana": 22, "Ben": 0, "Cem": 0},  # K 10 + 7 + A 1 = 18; 4
    "around-the-corner": {"Ana": 30, "Ben": 0, "Cem": 0},  # A 11 + K 10 + 5; 2 + 2
    "rummy-complete": {"Ana": 35, "Ben": 0},  # Q Q Q count in full: 30 + 5
    "block-rummy": {"Ana": 16, "Ben": 0, "Cem": 0},  # 5 lowest: 19 - 5 + 7 - 5
    "boat-house": {"Ana": 21, "Ben": 0},  # 5-6-7H melded; K 10 + A 11
    "kaluki": {"Ana": 62, "Ben": 0, "Cem": 0},  # A 15 + JK 25 + 9; Q 10 + 3
    "double-rum": {"Ana": 36, "Ben": 0},  # A 11 + JK 15 + Q 10
    "knock-rummy": {"Ana": 65, "Ben": 0, "Cem": 0},  # Ana 1, Ben 6, Cem 61: 5 + 60
    "continental": {"Ana": 6, "Ben": -3, "Cem": -3},  # 1 + 2 for the joker from each
    "queen-city": {"Ana": 128, "Ben": 0, "Cem": 0},  # 7+8+9+10 + 30 = 64, x 2
    "phom": {"Ana": -1, "Ben": -2, "Cem": 3},  # Cem 2 wins; Ana 4 pays 1, Ben 13 pays 2
    "german-rummy": {"Ana": 0, "Ben": 51, "Cem": 10},  # JK 30 + A 11 + 10; 5 + 5
    "nowrang": {"Ana": 1, "Ben": 0},
    "rami": {"Ana": 0, "Ben": 271, "Cem": 10},  # 150 + 11 + 10 + 100 not melded; 5 + 5
    "carousel": {"Ana": 0, "Ben": 40, "Cem": 0},  # Ben 2: 3 + 27, undercut +10
    # Ana 3D 3; Ben lays 8H off on 5H-6H-7H: QS 10 + JD 10 + 7D 7 + AC 1 + 4C 4 + 5C 5 = 37
    "gin": {"Ana": 34, "Ben": 0},  # 37 - 3
}


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_each_variants_worked_example_scores_as_worked_by_hand(variant_id):
    example = VARIANTS[variant_id].example
    assert score(variant=variant_id, **example)["delta"] == EXAMPLE_DELTAS[variant_id]


# --- a number changed in the data changes the score (one test per kind of number) ------


def test_a_card_value_in_the_data_changes_the_score(patched):
    patched("rami", values=replace(VARIANTS["rami"].values, joker=120))
    # 120 + 11 + 10 + 100
    assert score(variant="rami", **VARIANTS["rami"].example)["delta"]["Ben"] == 241


def test_a_surcharge_in_the_data_changes_the_score(patched):
    patched("rami", unopened_surcharge=50)
    assert score(variant="rami", **VARIANTS["rami"].example)["delta"]["Ben"] == 221


def test_a_bonus_in_the_data_changes_the_score(patched):
    patched("carousel", undercut_bonus=15)
    assert score(variant="carousel", **VARIANTS["carousel"].example)["delta"]["Ben"] == 45


def test_the_chip_ladder_in_the_data_changes_the_score_and_its_reading(patched):
    patched("phom", place_chips={2: (1,), 3: (2, 5), 4: (1, 2, 3)})
    result = score(variant="phom", **VARIANTS["phom"].example)
    assert result["delta"] == {"Ana": -2, "Ben": -5, "Cem": 7}
    assert result["notes"] == [
        "Reading: places pay from second place on "
        "(4 players: 1, 2, 3; 3 players: 2, 5; 2 players: 1)."
    ]


MOM_ROUND = {
    "players": ["Ana", "Ben", "Cem"],
    "dealer": "Cem",
    "round": {
        "end": "stock",
        "hands": {
            "Ana": ["AS", "2S", "3S", "4H"],
            "Ben": ["5C", "6C", "7C", "KD"],
            "Cem": ["QC", "JC", "3D"],
        },
    },
}


def test_the_mom_chips_in_the_data_change_the_score_and_their_reading(patched):
    # Cem has no meld: pays 5; Ana 4 beats Ben 13, who pays 1
    patched("phom", mom_chips=5)
    result = score(variant="phom", **MOM_ROUND)
    assert result["delta"] == {"Ana": 6, "Ben": -1, "Cem": -5}
    assert (
        "Reading: móm pays 5, is left out of the order and cannot win unless all are móm."
        in result["notes"]
    )


U_ROUND = {
    "players": ["Ana", "Ben", "Cem"],
    "round": {
        "winner": "Ana",
        "end": "rummy",
        "melds": {"Ana": [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]},
    },
}


def test_the_u_chips_in_the_data_change_the_score(patched):
    patched("phom", u_chips=7)
    assert score(variant="phom", **U_ROUND)["delta"] == {"Ana": 14, "Ben": -7, "Cem": -7}


def test_the_feeding_chips_in_the_data_change_the_score(patched):
    # Ben fed Cem one discard: Ben pays Cem 2 on top of the places
    patched("phom", feed_chips=2)
    round_ = dict(VARIANTS["phom"].example["round"], fed=[["Ben", "Cem"]])
    result = score(
        variant="phom",
        options={"feeding_penalties": True},
        players=["Ana", "Ben", "Cem"],
        dealer="Cem",
        round=round_,
    )
    assert result["delta"] == {"Ana": -1, "Ben": -4, "Cem": 5}


def test_continentals_chips_in_the_data_change_the_score(patched):
    patched("continental", joker_chips=3, out_chips=2)
    # 2 + 3 for the joker = 5 from each of two
    delta = score(variant="continental", **VARIANTS["continental"].example)["delta"]
    assert delta == {"Ana": 10, "Ben": -5, "Cem": -5}


def test_nowrangs_points_for_a_hand_won_in_the_data_change_the_score(patched):
    patched("nowrang", hand_won_points=2)
    assert score(variant="nowrang", **VARIANTS["nowrang"].example)["delta"]["Ana"] == 2


def test_the_default_length_in_the_data_changes_the_game(patched):
    patched("nowrang", rounds_per_player=3)
    assert resolve("nowrang", {}, players=2).rounds == 6


def test_the_knock_limit_in_the_data_is_enforced(patched):
    from scorekeeper.rules.errors import RoundError

    patched("carousel", knock_limit=4)  # Ana knocks with 5
    with pytest.raises(RoundError, match="4 or fewer"):
        score(variant="carousel", **VARIANTS["carousel"].example)
