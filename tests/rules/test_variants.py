"""The variant table against VARIANTS.md: deals, values and options."""

import pytest

from scorekeeper.rules.cards import parse_card
from scorekeeper.rules.catalog import resolve, variants
from scorekeeper.rules.errors import OptionError
from scorekeeper.rules.records import VARIANTS
from scorekeeper.rules.variant import AceMode, Goal

ALL_IDS = [
    "rummy",
    "around-the-corner",
    "rummy-complete",
    "block-rummy",
    "boat-house",
    "kaluki",
    "double-rum",
    "knock-rummy",
    "continental",
    "queen-city",
    "phom",
    "german-rummy",
    "nowrang",
    "rami",
    "carousel",
    "gin",
]


def test_all_fifteen_variants_are_listed():
    assert [v["id"] for v in variants()["variants"]] == ALL_IDS


@pytest.mark.parametrize(
    ("variant", "players", "decks", "jokers", "cards"),
    [
        ("rummy", 2, 1, 0, 10),  # "2 players 10 each"
        ("rummy", 3, 1, 0, 7),  # "3 players 7 (reading)"
        ("rummy", 5, 1, 0, 7),  # "4–5 players 7"
        ("rummy", 6, 2, 0, 10),  # "two decks (104) for 6–7", "with two decks 10"
        ("kaluki", 3, 2, 4, 15),  # "two 52-card decks + 4 jokers; 15 cards each"
        ("double-rum", 6, 2, 4, 10),
        ("knock-rummy", 2, 1, 0, 10),  # "2 players 10, 3–4 players 7, 5 players 6"
        ("knock-rummy", 4, 1, 0, 7),
        ("knock-rummy", 5, 1, 0, 6),
        ("continental", 5, 2, 2, 15),  # "52 + 1 joker: 2 decks for 2–5"
        ("continental", 6, 3, 3, 15),  # "3 for 6–8"
        ("continental", 12, 4, 4, 15),  # "4 for 9–12"
        ("queen-city", 6, 1, 0, 7),  # "7 cards each regardless of count"
        ("phom", 4, 1, 0, 9),  # "Deal 9 each"
        ("german-rummy", 4, 2, 6, 13),  # "Two 52-card decks + 6 jokers; 13 cards each"
        ("nowrang", 2, 1, 0, 10),
        ("rami", 3, 2, 4, 14),  # "2×52 + 4 jokers for 2–4 players", "14 cards for 2, 3 or 5"
        ("rami", 4, 2, 4, 12),  # "12 for 4"
        ("rami", 5, 3, 6, 14),  # "3×52 + 6 jokers for 5+"
        ("rami", 6, 3, 6, 12),  # "12 for ... 6 or more"
        ("carousel", 2, 1, 1, 10),  # "one 53-card deck (one joker) for 2 players"
        ("carousel", 3, 2, 2, 10),  # "two for 3+"
    ],
)
def test_deal_follows_the_player_count(variant, players, decks, jokers, cards):
    rules = resolve(variant, {}, players=players)
    assert (rules.decks, rules.jokers, rules.cards) == (decks, jokers, cards)


def test_four_or_five_rummy_players_may_choose_two_decks_and_get_ten_cards():
    rules = resolve("rummy", {"decks": 2}, players=4)
    assert (rules.decks, rules.cards) == (2, 10)


@pytest.mark.parametrize(
    ("variant", "options", "card", "points"),
    [
        ("rummy", {}, "AS", 1),  # ace 1 ...
        ("rummy", {"ace": "low-or-high"}, "AS", 11),  # ... 11 when ace is low-or-high
        ("rummy", {}, "JK", 15),
        ("rummy", {"count_cards": True}, "KS", 1),  # 1 point per card ...
        ("rummy", {"count_cards": True}, "JK", 2),  # ... joker 2
        ("around-the-corner", {}, "AD", 11),  # "an ace left in hand counts 11"
        ("boat-house", {}, "AD", 11),
        ("kaluki", {}, "AH", 15),
        ("kaluki", {}, "JK", 25),
        ("kaluki", {"ace_value": 11, "joker_value": 15}, "JK", 15),  # British Kalookie
        ("double-rum", {}, "AC", 11),
        ("knock-rummy", {}, "QC", 10),
        ("phom", {}, "JH", 11),
        ("phom", {}, "QH", 12),
        ("phom", {}, "KH", 13),
        ("german-rummy", {}, "JK", 30),
        ("german-rummy", {"joker_value": 20}, "JK", 20),
        ("rami", {}, "JK", 150),
        ("rami", {}, "AS", 11),
        ("carousel", {}, "JK", 25),
        ("carousel", {}, "AS", 1),
        ("queen-city", {}, "7D", 7),
    ],
)
def test_card_values(variant, options, card, points):
    assert resolve(variant, options).value(parse_card(card)) == points


def test_goals():
    low = {v.id for v in VARIANTS.values() if v.goal == Goal.LOW}
    assert low == {"german-rummy", "rami"}


@pytest.mark.parametrize(
    ("variant", "ace"),
    [
        ("rummy", AceMode.LOW),
        ("around-the-corner", AceMode.AROUND),
        ("boat-house", AceMode.AROUND),
        ("kaluki", AceMode.LOW_OR_HIGH),
        ("knock-rummy", AceMode.LOW),
        ("phom", AceMode.LOW),
        ("nowrang", AceMode.HIGH),
        ("carousel", AceMode.LOW_OR_HIGH),
    ],
)
def test_ace_modes(variant, ace):
    assert resolve(variant).ace == ace


def test_every_variant_takes_the_common_options_and_pay_only_when_high_wins():
    for variant in VARIANTS.values():
        options = variant.options
        assert {"decks", "jokers", "ace", "target", "rounds"} <= set(options)
        assert ("pay" in options) == (variant.goal == Goal.HIGH)


@pytest.mark.parametrize(
    ("variant", "options", "message", "field"),
    [
        ("rummy", {"colour": "red"}, "rummy has no option 'colour'", "options.colour"),
        ("rummy", {"ace": "sideways"}, "option 'ace' of rummy must be one of", "options.ace"),
        (
            "rummy",
            {"decks": 0},
            "option 'decks' of rummy must be at least 1, not 0",
            "options.decks",
        ),
        (
            "rummy",
            {"decks": "two"},
            "option 'decks' of rummy must be a whole number",
            "options.decks",
        ),
        ("rummy", {"rummy_doubles": "yes"}, "is a switch: true or false", "options.rummy_doubles"),
        (
            "nowrang",
            {"joker_value": 20},
            "nowrang has no option 'joker_value'",
            "options.joker_value",
        ),
        (
            "rami",
            {"end": "sideways"},
            "must be one of threshold, elimination, rounds",
            "options.end",
        ),
    ],
)
def test_bad_options_are_named(variant, options, message, field):
    with pytest.raises(OptionError) as caught:
        resolve(variant, options)
    assert message in str(caught.value)
    assert caught.value.field == field


def test_a_deal_the_decks_cannot_hold_is_refused_with_the_option_named():
    # 7 players x 10 cards = 70, and one card for the stock: 71 > one deck's 52
    with pytest.raises(OptionError) as caught:
        resolve("rummy", {"cards": 10, "decks": 1}, players=7)
    assert "7 players of 10 cards need 71 cards with the stock" in str(caught.value)
    assert "1 deck and 0 jokers hold 52" in str(caught.value)
    assert caught.value.field == "options.cards"
    # 4 x 13 = 52 leaves no stock: refused; a joker makes 53 cards, enough for one stock card
    with pytest.raises(OptionError, match="need 53 cards with the stock"):
        resolve("rummy", {"cards": 13, "decks": 1}, players=4)
    assert resolve("rummy", {"cards": 13, "decks": 1, "jokers": 1}, players=4).cards == 13
    # the decks chosen too small for the default deal names 'decks'
    with pytest.raises(OptionError) as caught:
        resolve("rummy", {"decks": 1}, players=7)
    assert caught.value.field == "options.decks"


def test_unknown_variant_lists_the_known_ones():
    with pytest.raises(OptionError) as caught:
        resolve("canasta")
    assert "unknown variant 'canasta'" in str(caught.value)
    assert caught.value.field == "variant"


def test_player_count_outside_the_variant():
    with pytest.raises(OptionError, match="Nowrang is for 2 to 2 players, not 3"):
        resolve("nowrang", {}, players=3)


def test_rummy_count_cards_plays_to_25_unless_a_target_is_set():
    assert resolve("rummy", {"count_cards": True}).target == 25
    assert resolve("rummy", {"count_cards": True, "target": 40}).target == 40


def test_agreed_rounds_default_follows_the_player_count():
    assert resolve("german-rummy", {}, players=4).rounds == 4
    assert resolve("german-rummy", {"rounds": 9}, players=4).rounds == 9


def test_the_first_player_gets_one_card_more_in_phom_and_nowrang():
    # Phỏm: "Deal 9 each; the first player ... gets 10"; Nowrang: "11 to the opponent, 10 to self"
    extra = {v.id for v in VARIANTS.values() if v.first_player_extra_card}
    assert extra == {"phom", "nowrang"}
    assert resolve("phom", {}, players=4).cards == 9
    assert resolve("nowrang", {}, players=2).cards == 10


def test_kaluki_penalty_scoring_plays_to_150_and_lowest_wins():
    rules = resolve("kaluki", {"scoring": "penalty"}, players=3)
    assert (rules.target, rules.goal.value, rules.game_end.value) == (150, "low", "elimination")
    # a target the table chose wins over the 150 of this scoring
    assert resolve("kaluki", {"scoring": "penalty", "target": 200}, players=3).target == 200
    # the default scoring is unchanged: the winner collects, first to 250
    assert resolve("kaluki", {}, players=3).target == 250


def test_kaluki_ace_value_sets_the_first_meld_ace_too():
    rules = resolve("kaluki", {"ace_value": 11})
    assert (rules.values.ace, rules.opening_values.ace_high, rules.opening_values.ace_low) == (
        11,
        11,
        1,
    )
