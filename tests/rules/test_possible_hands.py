"""Only hands that can exist are scored: one impossible hand per variant, worked by hand
from VARIANTS.md (the deal table, who went out, what a showdown shows), with the sentence
the engine answers and the field it names."""

import pytest

from scorekeeper.rules import RulesError, check, score

AB = ["Ana", "Ben"]
ABC = ["Ana", "Ben", "Cem"]
ABCD = ["Ana", "Ben", "Cem", "Dan"]

RUNS = [
    "AS",
    "2S",
    "3S",
    "4S",
    "5S",
    "6S",
    "7S",
    "8S",
    "9S",
    "10S",
    "JS",
    "QS",
    "KS",
    "AH",
    "2H",
    "3H",
    "4H",
    "5H",
    "6H",
    "7H",
]
U_NINE = [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]
# a Nowrang win: a run of four and two runs of three (ace high)
NOWRANG_WIN = [["JC", "QC", "KC", "AC"], ["4D", "5D", "6D"], ["8D", "9D", "10D"]]
FIVE_RUNS = [["3D", "4D", "5D"], ["3C", "4C", "5C"], ["8D", "9D", "10D"], ["JC", "QC", "KC"]]
FIVE_RUNS = [*FIVE_RUNS, ["6C", "7C", "8C"]]

IMPOSSIBLE = [
    # Basic Rummy, 3 players: 7 dealt, one drawn: 8 at most
    (
        "rummy",
        ABC,
        {},
        {"winner": "Ana", "end": "out", "hands": {"Ben": RUNS[:9], "Cem": []}},
        "round.hands.Ben",
        "Ben's hand holds 9 cards, but Basic Rummy deals 7 and a hand holds at most 8: "
        "expected at most 8 cards",
    ),
    # a player who went out holds no cards
    (
        "rummy",
        ABC,
        {},
        {"winner": "Ana", "end": "out", "hands": {"Ana": ["KS", "QS"], "Ben": [], "Cem": []}},
        "round.hands.Ana",
        "Ana went out, so Ana holds no cards: expected 0 cards, not 2",
    ),
    # Around the Corner, 2 players: 10 dealt, 11 at most
    (
        "around-the-corner",
        AB,
        {},
        {"winner": "Ana", "end": "out", "hands": {"Ben": RUNS[:12]}},
        "round.hands.Ben",
        "Ben's hand holds 12 cards, but Around the Corner Rummy deals 10 and a hand holds at "
        "most 11: expected at most 11 cards",
    ),
    # Rummy Complete: the winner laid the whole hand down
    (
        "rummy-complete",
        AB,
        {},
        {"winner": "Ana", "end": "rummy", "hands": {"Ana": ["5C"], "Ben": ["KS"]}},
        "round.hands.Ana",
        "Ana went out, so Ana holds no cards: expected 0 cards, not 1",
    ),
    # Block Rummy, blocked with 2 players: 10 dealt, 11 at most
    (
        "block-rummy",
        AB,
        {},
        {"winner": None, "end": "stock", "hands": {"Ana": ["5C"], "Ben": RUNS[:13]}},
        "round.hands.Ben",
        "Ben's hand holds 13 cards, but Block Rummy deals 10 and a hand holds at most 11: "
        "expected at most 11 cards",
    ),
    # Boat House: the winner lays the whole hand down; 9D and KC meld with nothing
    (
        "boat-house",
        AB,
        {},
        {"winner": "Ana", "end": "out", "hands": {"Ana": ["4S", "5S", "6S", "9D", "KC"]}},
        "round.hands.Ana",
        "Ana went out, so every card Ana holds is melded; 9D KC would be left over",
    ),
    # Kaluki: 15 dealt, 16 at most
    (
        "kaluki",
        AB,
        {},
        {"winner": "Ana", "end": "out", "hands": {"Ben": RUNS[:17]}},
        "round.hands.Ben",
        "Ben's hand holds 17 cards, but Kaluki (Caloochi, Kalooki) deals 15 and a hand holds "
        "at most 16: expected at most 16 cards",
    ),
    # Double Rum: 10 dealt, 11 at most
    (
        "double-rum",
        ABC,
        {},
        {"winner": "Ana", "end": "out", "hands": {"Ben": RUNS[:12], "Cem": []}},
        "round.hands.Ben",
        "Ben's hand holds 12 cards, but Double Rum deals 10 and a hand holds at most 11: "
        "expected at most 11 cards",
    ),
    # Knock Rummy, 3 players: every hand shown holds the 7 dealt; Ben shows 3
    (
        "knock-rummy",
        ABC,
        {},
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4D", "9H", "9C", "9D"],
                "Ben": ["5C", "6C", "7C"],
                "Cem": ["KD", "8D", "8C", "8S", "AC", "2C", "3C"],
            },
        },
        "round.hands.Ben",
        "Ben's hand holds 3 cards, but when a player knocks (the knocker's after the discard) "
        "every hand holds exactly the 7 dealt: expected 7 cards",
    ),
    # Knock Rummy: a knocker with an empty hand cannot be
    (
        "knock-rummy",
        AB,
        {},
        {"winner": "Ana", "end": "knock", "hands": {"Ana": [], "Ben": RUNS[:10]}},
        "round.hands.Ana",
        "Ana's hand holds 0 cards, but when a player knocks (the knocker's after the discard) "
        "every hand holds exactly the 10 dealt: expected 10 cards",
    ),
    # Gin: the defender shows the 10 dealt; Ben shows 9
    (
        "gin",
        AB,
        {},
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4H", "4D", "4C", "10C", "JC", "QC", "KC"],
                "Ben": ["5D", "6D", "7D", "KH", "KS", "KD", "9H", "9S", "9C"],
            },
        },
        "round.hands.Ben",
        "Ben's hand holds 9 cards, but when a player knocks (the knocker's after the discard) "
        "every hand holds exactly the 10 dealt: expected 10 cards",
    ),
    # Continental: 15 dealt, 16 at most
    (
        "continental",
        AB,
        {},
        {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": RUNS[:17]},
            "melds": {"Ana": FIVE_RUNS},
        },
        "round.hands.Ben",
        "Ben's hand holds 17 cards, but Continental Rummy deals 15 and a hand holds at most 16: "
        "expected at most 16 cards",
    ),
    # Queen City: 7 dealt, 8 at most
    (
        "queen-city",
        AB,
        {},
        {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": RUNS[:9]},
            "melds": {"Ana": [["5H", "6H", "7H"], ["KS", "KD", "KC", "KH"]]},
        },
        "round.hands.Ben",
        "Ben's hand holds 9 cards, but Queen City Rum deals 7 and a hand holds at most 8: "
        "expected at most 8 cards",
    ),
    # Phỏm's ù: every card melded; 9D KC are not
    (
        "phom",
        AB,
        {},
        {
            "winner": "Ana",
            "end": "rummy",
            "hands": {"Ana": ["AS", "2S", "3S", "7H", "7D", "7C", "4C", "9D", "KC"]},
        },
        "round.hands.Ana",
        "Ana went out, so every card Ana holds is melded; 9D 4C KC would be left over",
    ),
    # Phỏm's ù is 9 cards melded and a discard (or 10): six are not enough
    (
        "phom",
        AB,
        {},
        {"winner": "Ana", "end": "rummy", "melds": {"Ana": U_NINE[:2]}},
        "round.melds.Ana",
        "Ana's ù melds 6 cards, but ù is 9 cards melded and a discard, or all 10 (ten_cards): "
        "expected 9 cards",
    ),
    # Phỏm's showdown: after four turns each a hand holds the 9 dealt (fewer after laying off)
    (
        "phom",
        AB,
        {},
        {
            "winner": None,
            "end": "stock",
            "hands": {"Ana": ["4S", "5S", "6S", "2D"], "Ben": RUNS[7:17]},
        },
        "round.hands.Ben",
        "Ben's hand holds 10 cards, but after four turns each a hand holds the 9 dealt, fewer "
        "only after laying off: expected at most 9 cards",
    ),
    # ... and exactly 9 where nobody lays off: Ana's hand and melds hold 4
    (
        "phom",
        AB,
        {"no_layoff": True},
        {
            "winner": None,
            "end": "stock",
            "hands": {"Ana": ["2D"], "Ben": RUNS[11:20]},
            "melds": {"Ana": [["4S", "5S", "6S"]]},
        },
        "round.hands.Ana",
        "Ana's hand holds 4 cards with the melds given apart, but after four turns each every "
        "hand holds exactly the 9 dealt: expected 9 cards",
    ),
    # German Rummy: 13 dealt, 14 at most
    (
        "german-rummy",
        AB,
        {},
        {"winner": "Ana", "end": "out", "hands": {"Ben": RUNS[:15]}, "opened": {"Ben": True}},
        "round.hands.Ben",
        "Ben's hand holds 15 cards, but German Rummy (Rommé) deals 13 and a hand holds at most "
        "14: expected at most 14 cards",
    ),
    # Nowrang: 10 dealt (11 to the first player, who discards first), 11 at most
    (
        "nowrang",
        AB,
        {},
        {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": RUNS[7:19]},
            "melds": {"Ana": NOWRANG_WIN},
        },
        "round.hands.Ben",
        "Ben's hand holds 12 cards, but Nowrang deals 10 and a hand holds at most 11: "
        "expected at most 11 cards",
    ),
    # Rami, 4 players: 12 dealt, 13 at most
    (
        "rami",
        ABCD,
        {},
        {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": RUNS[:14], "Cem": [], "Dan": []},
            "opened": {"Ben": True, "Cem": True, "Dan": True},
        },
        "round.hands.Ben",
        "Ben's hand holds 14 cards, but Rami (France) deals 12 and a hand holds at most 13: "
        "expected at most 13 cards",
    ),
    # Carousel: a knock needs 5 points or fewer; 3 + 4 = 7
    (
        "carousel",
        ABC,
        {},
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {"Ana": ["3C", "4D"], "Ben": ["9S"], "Cem": ["KS"]},
        },
        "round.hands.Ana",
        "Ana knocked with 7 points, but a knock needs 5 or fewer",
    ),
    # Carousel: going out leaves no cards
    (
        "carousel",
        AB,
        {},
        {"winner": "Ana", "end": "out", "hands": {"Ana": ["AS"], "Ben": ["9D"]}},
        "round.hands.Ana",
        "Ana went out, so Ana holds no cards: expected 0 cards, not 1",
    ),
]


@pytest.mark.parametrize(
    ("variant", "players", "options", "round_", "field", "sentence"),
    IMPOSSIBLE,
    ids=[f"{case[0]}-{i}" for i, case in enumerate(IMPOSSIBLE)],
)
def test_an_impossible_hand_is_refused(variant, players, options, round_, field, sentence):
    request = {"variant": variant, "players": players, "options": options, "round": round_}
    with pytest.raises(RulesError) as caught:
        score(request)
    assert caught.value.field == field
    assert caught.value.message == sentence


def test_every_variant_has_an_impossible_hand_in_the_table():
    from scorekeeper.rules.records import VARIANTS

    assert {case[0] for case in IMPOSSIBLE} == set(VARIANTS)


def test_a_whole_hand_at_the_deal_size_is_accepted():
    # every hand holds the 7 dealt: Ana 4 (4D), Ben 10 (KD), Cem 10 (KH): Ana wins 6 + 6 = 12
    hands = {
        "Ana": ["AS", "2S", "3S", "4D", "9H", "9C", "9D"],
        "Ben": ["5C", "6C", "7C", "KD", "10S", "JS", "QS"],
        "Cem": ["KH", "8D", "8C", "8S", "AC", "2C", "3C"],
    }
    result = score(
        variant="knock-rummy",
        players=ABC,
        round={"winner": "Ana", "end": "knock", "hands": hands},
    )
    assert result["delta"] == {"Ana": 12, "Ben": 0, "Cem": 0}


def test_a_knock_at_the_limit_is_accepted():
    # Carousel: 2 + 3 = 5 is a knock; Ben 9, Cem 10: Ana wins 4 + 5 = 9
    round_ = {"winner": "Ana", "end": "knock", "hands": {"Ana": ["2C", "3D"], "Ben": ["9S"]}}
    round_["hands"]["Cem"] = ["KS"]
    assert score(variant="carousel", players=ABC, round=round_)["delta"]["Ana"] == 9


def test_a_hand_may_grow_where_the_variant_lets_it():
    # Carousel: turns without a meld draw up to three cards and discard none: 14 cards are fine
    hands = {"Ana": [], "Ben": RUNS[:14]}
    result = score(
        variant="carousel", players=AB, round={"winner": "Ana", "end": "out", "hands": hands}
    )
    assert result["winners"] == ["Ana"]


# --- Phỏm's feeding: only the next player in turn order takes a discard ------------------


def test_feeding_between_players_who_are_not_neighbours_is_refused():
    round_ = {
        "winner": None,
        "end": "stock",
        "hands": {"Ana": ["2D"], "Ben": ["KC"], "Cem": ["3C"], "Dan": ["AC"]},
        "fed": [["Ana", "Cem"]],
    }
    with pytest.raises(RulesError) as caught:
        score(
            variant="phom",
            players=ABCD,
            dealer="Dan",
            options={"feeding_penalties": True},
            round=round_,
        )
    assert caught.value.field == "round.fed[0]"
    assert caught.value.message == (
        "only the next player in turn order takes Ana's discards: Ben, not Cem"
    )


def test_the_last_in_turn_order_feeds_the_first():
    # Dan (seat 4) discards before Ana (seat 1) takes: Dan pays Ana 1 on top of the places.
    # All móm: Ana 2, Ben 13, Cem 3, Dan 1: Dan wins (places do not apply to móm);
    # each other player pays 4: Dan +12; Dan fed Ana: Ana +1, Dan -1
    round_ = {
        "winner": None,
        "end": "stock",
        "hands": {"Ana": ["2D"], "Ben": ["KC"], "Cem": ["3C"], "Dan": ["AC"]},
        "fed": [["Dan", "Ana"]],
    }
    result = score(
        variant="phom",
        players=ABCD,
        dealer="Dan",
        options={"feeding_penalties": True},
        round=round_,
    )
    assert result["delta"] == {"Ana": -3, "Ben": -4, "Cem": -4, "Dan": 11}


# --- names match ignoring case ------------------------------------------------------------


def test_names_in_a_round_match_the_seats_ignoring_case():
    round_ = {
        "winner": "ana",
        "end": "out",
        "hands": {"BEN": ["KS", "7D", "AC"], "cem": ["4C"]},
    }
    result = score(variant="rummy", players=ABC, round=round_)
    assert result["delta"] == {"Ana": 22, "Ben": 0, "Cem": 0}
    assert result["winners"] == ["Ana"]


def test_fed_and_opened_match_ignoring_case():
    round_ = {"winner": "ANA", "end": "out", "hands": {"ben": ["5C"]}, "opened": {"BEN": True}}
    assert score(variant="rami", players=AB, round=round_)["delta"] == {"Ana": 0, "Ben": 5}
    u = {"winner": "ana", "end": "rummy", "melds": {"ANA": U_NINE}, "fed": [["ben", "ANA"]] * 3}
    result = score(variant="phom", players=AB, options={"feeding_penalties": True}, round=u)
    # Ben fed Ana three discards: pays 6 for the ù and 3 feeding chips
    assert result["delta"] == {"Ana": 9, "Ben": -9}


def test_a_player_named_twice_in_other_cases_is_refused():
    round_ = {"winner": "Ana", "end": "out", "hands": {"Ben": ["5C"], "ben": ["6C"]}}
    with pytest.raises(RulesError) as caught:
        score(variant="rummy", players=AB, round=round_)
    assert caught.value.message == "Ben is named twice in round.hands"


def test_seats_that_differ_only_in_case_are_refused():
    with pytest.raises(RulesError) as caught:
        score(variant="rummy", players=["Ana", "ANA"], round={"winner": "Ana", "hands": {}})
    assert caught.value.field == "players"


# --- Rami: a meld never holds more jokers than natural cards ------------------------------


def test_rami_refuses_a_meld_with_more_jokers_than_naturals():
    answer = check(variant="rami", melds=[["JK", "JK", "5H"]])
    assert answer["legal"] is False
    assert answer["melds"][0]["reason"] == (
        "a meld may not hold more jokers than natural cards in this variant"
    )
    # as many jokers as naturals is fine: 5H JK 7H JK is 5-6-7-8 of hearts
    assert check(variant="rami", melds=[["5H", "JK", "7H", "JK"]])["legal"] is True


def test_every_problem_of_a_round_is_found_in_one_pass():
    """Knock Rummy, two players: one deck, 10 cards each, and at a knock every hand holds
    exactly the 10 dealt. Ben's hand has KS twice (one deck holds it once) and 9 cards:
    both problems are found at once, the card twice first, as the API answers it."""
    ten = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    ben = ["KS", "KS", "QH", "2H", "3H", "4H", "5H", "6H", "7H"]
    round_ = {"winner": "Ana", "end": "knock", "hands": {"Ana": ten, "Ben": ben}}
    with pytest.raises(RulesError) as refused:
        score({"variant": "knock-rummy", "players": AB, "round": round_})
    first, also = refused.value, refused.value.also
    assert first.field == "round.hands.Ben[1]"
    assert str(first.message).startswith("KS is used 2 times")
    assert [problem.field for problem in also] == ["round.hands.Ben"]
    assert "Ben's hand holds 9 cards" in str(also[0].message)
    assert "expected 10 cards" in str(also[0].message)
