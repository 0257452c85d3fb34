"""Counted hands: a number typed at the table in place of the cards scores the same as cards
that add up to it. One round per variant, worked by hand from VARIANTS.md: the carded round,
the counted round, and the delta both must give."""

import pytest

from scorekeeper.rules import RulesError, score

AB = ["Ana", "Ben"]
ABC = ["Ana", "Ben", "Cem"]
ABCD = ["Ana", "Ben", "Cem", "Dan"]

FIVE_RUNS_ONE_JOKER = [
    ["3S", "4S", "5S"],
    ["3H", "4H", "5H"],
    ["3D", "4D", "5D"],
    ["3C", "4C", "5C"],
    ["8S", "JK", "10S"],
]

# variant, players, options, dealer, round with cards, the same round counted, delta
ROUNDS = [
    (
        "rummy",
        ABC,
        {},
        None,
        {"winner": "Ana", "hands": {"Ben": ["KS", "7D", "AC"], "Cem": ["4C"]}},
        {"winner": "Ana", "hands": {"Ben": 18, "Cem": 4}},
        {"Ana": 22, "Ben": 0, "Cem": 0},  # K 10 + 7 + A 1 = 18; 4
    ),
    (
        "around-the-corner",
        AB,
        {},
        None,
        {"winner": "Ana", "hands": {"Ben": ["AS", "5D"]}},
        {"winner": "Ana", "hands": {"Ben": 16}},
        {"Ana": 16, "Ben": 0},  # an ace left in hand 11 + 5
    ),
    (
        "rummy-complete",
        AB,
        {},
        None,
        {"winner": "Ana", "end": "rummy", "hands": {"Ben": ["KS", "QS", "2C"]}},
        {"winner": "Ana", "end": "rummy", "hands": {"Ben": 22}},
        {"Ana": 22, "Ben": 0},
    ),
    (
        "block-rummy",
        AB,
        {},
        None,
        {"winner": None, "end": "stock", "hands": {"Ana": ["5C"], "Ben": ["9D", "KC"]}},
        {"winner": None, "end": "stock", "hands": {"Ana": 5, "Ben": 19}},
        {"Ana": 14, "Ben": 0},  # lowest 5 earns 19 - 5
    ),
    (
        "boat-house",
        AB,
        {},
        None,
        # Ben's hand arranged: 4-5-6 of spades melded, KD 10 unmatched
        {"winner": "Ana", "hands": {"Ben": ["4S", "5S", "6S", "KD"]}},
        {"winner": "Ana", "hands": {"Ben": 10}},
        {"Ana": 10, "Ben": 0},
    ),
    (
        "kaluki",
        AB,
        {},
        None,
        {"winner": "Ana", "hands": {"Ben": ["AS", "JK"]}},
        {"winner": "Ana", "hands": {"Ben": 40}},
        {"Ana": 40, "Ben": 0},  # ace 15 + joker 25
    ),
    (
        "double-rum",
        AB,
        {},
        None,
        {"winner": "Ana", "hands": {"Ben": ["JK", "AS"]}},
        {"winner": "Ana", "hands": {"Ben": 26}},
        {"Ana": 26, "Ben": 0},  # joker 15 + ace 11
    ),
    (
        "knock-rummy",
        ABC,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4D", "9C", "9H", "9D"],
                "Ben": ["5C", "6C", "7C", "KD", "10H", "JH", "QH"],
                "Cem": ["4H", "5H", "6H", "7H", "8H", "QC", "2D"],
            },
        },
        {"winner": "Ana", "end": "knock", "hands": {"Ana": 4, "Ben": 10, "Cem": 12}},
        {"Ana": 14, "Ben": 0, "Cem": 0},  # deadwood 4, 10, 12: (10 - 4) + (12 - 4)
    ),
    (
        "continental",
        ABC,
        {},
        None,
        {"winner": "Ana", "end": "out", "melds": {"Ana": FIVE_RUNS_ONE_JOKER}},
        {"winner": "Ana", "end": "out", "wilds": {"jokers": 1}},
        {"Ana": 6, "Ben": -3, "Cem": -3},  # 1 + 2 for the joker, paid by each
    ),
    (
        "queen-city",
        ABC,
        {},
        None,
        {"winner": "Ana", "melds": {"Ana": [["5H", "6H", "7H"], ["KS", "KD", "KC", "KH"]]}},
        {"winner": "Ana", "meld_points": 58},
        {"Ana": 116, "Ben": 0, "Cem": 0},  # 18 + 40 = 58, x 2 opponents
    ),
    (
        "phom",
        ABCD,
        {},
        "Dan",
        {
            "end": "stock",
            "hands": {
                "Ana": ["4S", "5S", "6S", "2D"],
                "Ben": ["9H", "9D", "9C", "KC"],
                "Cem": ["JH", "QH", "KH", "3C", "5C"],
                "Dan": ["AC", "2H", "7S"],
            },
        },
        {
            "end": "stock",
            "hands": {"Ana": 2, "Ben": 13, "Cem": 8, "Dan": 10},
            "melds": {
                "Ana": [["4S", "5S", "6S"]],
                "Ben": [["9H", "9D", "9C"]],
                "Cem": [["JH", "QH", "KH"]],
                "Dan": [],
            },
        },
        # Ana 2 wins; Cem 8 pays 1, Ben 13 pays 2; Dan has no meld (móm) and pays 4
        {"Ana": 7, "Ben": -2, "Cem": -1, "Dan": -4},
    ),
    (
        "german-rummy",
        AB,
        {},
        None,
        {"winner": "Ana", "hands": {"Ben": ["JK", "AS", "KD"]}, "opened": {"Ben": True}},
        {"winner": "Ana", "hands": {"Ben": 51}, "opened": {"Ben": True}},
        {"Ana": 0, "Ben": 51},  # joker 30 + ace 11 + K 10
    ),
    (
        "nowrang",
        AB,
        {},
        None,
        {
            "winner": "Ana",
            "melds": {"Ana": [["JC", "QC", "KC", "AC"], ["4D", "5D", "6D"], ["8D", "9D", "10D"]]},
            "hands": {"Ben": ["2S", "9S", "KH"]},
        },
        {
            "winner": "Ana",
            "melds": {"Ana": [["JC", "QC", "KC", "AC"], ["4D", "5D", "6D"], ["8D", "9D", "10D"]]},
            "hands": {"Ben": 21},
        },
        {"Ana": 1, "Ben": 0},  # the hand is won; Ben's cards do not count
    ),
    (
        "rami",
        AB,
        {},
        None,
        {"winner": "Ana", "hands": {"Ben": ["JK", "AS", "10H"]}, "opened": {"Ben": False}},
        {"winner": "Ana", "hands": {"Ben": 171}, "opened": {"Ben": False}},
        {"Ana": 0, "Ben": 271},  # joker 150 + ace 11 + 10, not yet melded +100
    ),
    (
        "carousel",
        ABC,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {"Ana": ["AS", "2D"], "Ben": ["5C", "9D"], "Cem": ["KS"]},
        },
        {"winner": "Ana", "end": "knock", "hands": {"Ana": 3, "Ben": 14, "Cem": 10}},
        {"Ana": 18, "Ben": 0, "Cem": 0},  # knocker 3 lowest: (14 - 3) + (10 - 3)
    ),
    (
        "gin",
        AB,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "7H", "7D", "7C", "JC", "QC", "KC", "4D"],
                "Ben": ["4S", "9H", "9D", "9S", "2H", "3H", "4H", "KD", "QD", "8C"],
            },
        },
        # counted: the knocker's deadwood, the defender's after laying off
        {"winner": "Ana", "end": "knock", "hands": {"Ana": 4, "Ben": 28}},
        # Ben lays 4S off on AS-2S-3S; KD 10 + QD 10 + 8C 8 = 28 left; 28 - 4 = 24
        {"Ana": 24, "Ben": 0},
    ),
]


def run(variant, players, options, dealer, round_):
    request = {"variant": variant, "players": players, "options": options, "round": round_}
    if dealer:
        request["dealer"] = dealer
    return score(request)


@pytest.mark.parametrize(
    ("variant", "players", "options", "dealer", "carded", "counted", "delta"),
    ROUNDS,
    ids=[case[0] for case in ROUNDS],
)
def test_a_counted_round_scores_as_the_cards_it_counts(
    variant, players, options, dealer, carded, counted, delta
):
    with_cards = run(variant, players, options, dealer, carded)
    with_counts = run(variant, players, options, dealer, counted)
    assert with_cards["delta"] == delta
    assert with_counts["delta"] == delta
    assert with_counts["winners"] == with_cards["winners"]
    assert with_counts["transfers"] == with_cards["transfers"]


def test_every_variant_has_a_counted_round():
    from scorekeeper.rules.records import VARIANTS

    assert {case[0] for case in ROUNDS} == set(VARIANTS)


def test_the_explain_line_says_counted_at_the_table():
    result = run(
        "rami", AB, {}, None, {"winner": "Ana", "hands": {"Ben": 171}, "opened": {"Ben": False}}
    )
    assert result["explain"][1] == "Ben: counted at the table: 171, no meld yet +100 = 271"
    result = run("rummy", ABC, {}, None, {"winner": "Ana", "hands": {"Ben": 18, "Cem": ["4C"]}})
    assert result["explain"][1:] == [
        "Ben: counted at the table: 18 for Ana; scores 0",
        "Cem: 4C 4 for Ana; scores 0",
    ]


def test_counts_and_cards_mix_in_one_round():
    round_ = {"winner": "Ana", "hands": {"Ben": 18, "Cem": ["4C"]}}
    assert run("rummy", ABC, {}, None, round_)["delta"] == {"Ana": 22, "Ben": 0, "Cem": 0}


def test_carousel_a_winner_counted_0_has_no_cards_left():
    # Ana went out counted 0: lowest, 9 from Ben, and +25 for no cards left
    round_ = {"winner": "Ana", "end": "out", "hands": {"Ana": 0, "Ben": 9}}
    assert run("carousel", AB, {}, None, round_)["delta"] == {"Ana": 34, "Ben": 0}


def test_rummy_doubles_a_counted_hand():
    round_ = {"winner": "Ana", "end": "rummy", "hands": {"Ben": 10, "Cem": 10}}
    assert run("rummy", ABC, {"rummy_doubles": True}, None, round_)["delta"]["Ana"] == 40


def test_continental_counted_bonuses():
    # deuces wild: 1 joker (2) and 1 wild deuce (1) plus the 1: 4 from each opponent
    round_ = {"winner": "Ana", "end": "out", "wilds": {"jokers": 1, "deuces": 1}}
    result = run("continental", AB, {"deuces_wild": True}, None, round_)
    assert result["delta"] == {"Ana": 4, "Ben": -4}
    # no wild card +10, all one suit +10: 21 from each
    round_ = {"winner": "Ana", "end": "out", "wilds": {"jokers": 0}, "one_suit": True}
    result = run("continental", AB, {"special_bonus": True}, None, round_)
    assert result["delta"] == {"Ana": 21, "Ben": -21}


REFUSED = [
    # true is not a count
    (
        "rummy",
        AB,
        {},
        {"winner": "Ana", "hands": {"Ben": True}},
        "round.hands.Ben",
        "Ben's hand must be a list of cards or a count (a whole number), not True",
    ),
    (
        "rummy",
        AB,
        {},
        {"winner": "Ana", "hands": {"Ben": 10000}},
        "round.hands.Ben",
        "Ben's hand counted at the table must be 0 to 9999, not 10000",
    ),
    (
        "rummy",
        AB,
        {},
        {"winner": "Ana", "hands": {"Ben": -1}},
        "round.hands.Ben",
        "Ben's hand counted at the table must be 0 to 9999, not -1",
    ),
    # 2 players of Basic Rummy: 10 dealt, 11 held at most, J/Q/K 10: 110 at most
    (
        "rummy",
        AB,
        {},
        {"winner": "Ana", "hands": {"Ben": 111}},
        "round.hands.Ben",
        "Ben's hand cannot count 111: 11 cards count at most 110 in Basic Rummy",
    ),
    # a player who went out counts nothing
    (
        "rummy",
        AB,
        {},
        {"winner": "Ana", "hands": {"Ana": 5, "Ben": 10}},
        "round.hands.Ana",
        "Ana went out, so Ana's hand counts 0, not 5",
    ),
    # Phỏm's ù is checked on the cards
    (
        "phom",
        AB,
        {},
        {"winner": "Ana", "end": "rummy", "hands": {"Ana": 0}},
        "round.hands.Ana",
        "Ana's hand cannot be given as a count: ù is checked on the cards: every one melded, "
        "9 (one more with ten_cards)",
    ),
    # Nowrang's 4+3+3 is checked on the cards
    (
        "nowrang",
        AB,
        {},
        {"winner": "Ana", "end": "out", "hands": {"Ana": 0}},
        "round.hands.Ana",
        "Ana's hand cannot be given as a count: the win is checked on the cards: the melds, "
        "runs of 4+3+3 cards",
    ),
    # Phỏm: whether a counted player had a meld (móm) is not in the count
    (
        "phom",
        AB,
        {},
        {"end": "stock", "hands": {"Ana": 2, "Ben": ["KC"]}},
        "round.has_meld.Ana",
        "Phỏm (Tá lả) needs to know whether Ana has a meld beside a counted hand "
        "(round.has_meld, true or false)",
    ),
    # Carousel: the knock limit holds for a count too
    (
        "carousel",
        AB,
        {},
        {"winner": "Ana", "end": "knock", "hands": {"Ana": 6, "Ben": 20}},
        "round.hands.Ana",
        "Ana knocked with 6 points, but a knock needs 5 or fewer",
    ),
    # Queen City: the winner's melds or their value counted
    (
        "queen-city",
        AB,
        {},
        {"winner": "Ana", "end": "out"},
        "round.melds.Ana",
        "Queen City Rum needs the melds Ana went out with (or round.meld_points)",
    ),
    (
        "queen-city",
        AB,
        {},
        {"winner": "Ana", "end": "out", "meld_points": 81},
        "round.meld_points",
        "round.meld_points (the value of the 8 or fewer cards Ana melded) must be a whole "
        "number from 1 to 80",
    ),
    (
        "continental",
        AB,
        {},
        {"winner": "Ana", "end": "out", "wilds": {"jokers": 3}},
        "round.wilds.jokers",
        "the jokers in the melds must be a whole number from 0 to 2",
    ),
]


@pytest.mark.parametrize(
    ("variant", "players", "options", "round_", "field", "sentence"),
    REFUSED,
    ids=[f"{case[0]}-{i}" for i, case in enumerate(REFUSED)],
)
def test_a_count_that_cannot_stand_is_refused(variant, players, options, round_, field, sentence):
    with pytest.raises(RulesError) as caught:
        run(variant, players, options, None, round_)
    assert caught.value.field == field
    assert caught.value.message == sentence


def test_phom_counted_hands_need_only_whether_each_player_has_a_meld():
    # The stock ran out; Ana counted 2, Ben 9, each with a meld; Cem 1 with none (móm).
    # VARIANTS.md: the lowest count among players with a meld wins; with three players the
    # second place pays 1; a móm player pays 4 and is out of the order: Ana +5.
    round_ = {
        "end": "stock",
        "hands": {"Ana": 2, "Ben": 9, "Cem": 1},
        "has_meld": {"Ana": True, "Ben": True, "Cem": False},
    }
    result = run("phom", ABC, {}, "Ana", round_)
    assert result["delta"] == {"Ana": 5, "Ben": -1, "Cem": -4}
    assert result["winners"] == ["Ana"]
    assert "móm" in result["explain"][2]


def test_phom_has_meld_is_true_or_false():
    round_ = {"end": "stock", "hands": {"Ana": 2, "Ben": 9}, "has_meld": {"Ana": 1, "Ben": True}}
    with pytest.raises(RulesError) as refused:
        run("phom", AB, {}, "Ana", round_)
    assert refused.value.field == "round.has_meld.Ana"
    assert "empty list" not in refused.value.message
