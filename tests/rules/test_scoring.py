"""Round scoring, worked by hand from shared/rules/VARIANTS.md (the working beside each value)."""

import pytest

from scorekeeper.rules import RulesError, score

ABC = ["Ana", "Ben", "Cem"]
ABCD = ["Ana", "Ben", "Cem", "Dan"]


def run(variant, round_, players=ABC, options=None, dealer=None):
    request = {"variant": variant, "players": players, "round": round_, "options": options or {}}
    if dealer:
        request["dealer"] = dealer
    return score(request)


def zero(players=ABC):
    return {p: 0 for p in players}


# --- Basic Rummy and its family: the winner scores the cards left in the other hands ----------


def test_rummy_winner_scores_the_other_hands():
    # Ben: K 10 + 7 + A 1 = 18; Cem: 4; Ana collects 22, only Ana's total moves
    result = run(
        "rummy",
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS", "7D", "AC"], "Cem": ["4C"]}},
    )
    assert result["delta"] == {"Ana": 22, "Ben": 0, "Cem": 0}
    assert result["transfers"] == []
    assert result["winners"] == ["Ana"]
    assert result["explain"][1] == "Ben: KS 10 + 7D 7 + AC 1 = 18"


def test_rummy_verdeckt_doubles_going_rummy():
    # Ben: 5 + 5 = 10, Cem: Q 10; 20 doubled = 40
    round_ = {"winner": "Ana", "end": "rummy", "hands": {"Ben": ["5H", "5D"], "Cem": ["QH"]}}
    assert run("rummy", round_, options={"rummy_doubles": True})["delta"]["Ana"] == 40
    # without the house rule going rummy scores as usual: 20
    assert run("rummy", round_)["delta"]["Ana"] == 20


def test_rummy_ace_counts_11_when_aces_are_not_low_only():
    round_ = {"winner": "Ana", "hands": {"Ben": ["AS"], "Cem": ["AD", "2C"]}}
    assert run("rummy", round_)["delta"]["Ana"] == 1 + 1 + 2  # aces low: 1 each
    assert run("rummy", round_, options={"ace": "low-or-high"})["delta"]["Ana"] == 11 + 11 + 2


def test_rummy_count_cards():
    # 1 a card, a joker 2: Ben K + JK = 1 + 2, Cem 4C = 1
    round_ = {"winner": "Ana", "hands": {"Ben": ["KS", "JK"], "Cem": ["4C"]}}
    assert run("rummy", round_, options={"count_cards": True, "jokers": 2})["delta"]["Ana"] == 4


def test_rummy_jokers_count_15():
    round_ = {"winner": "Ana", "hands": {"Ben": ["JK"], "Cem": []}}
    assert run("rummy", round_, options={"jokers": 2})["delta"]["Ana"] == 15


def test_pay_turns_collecting_into_payments():
    # Ben pays his 10, Cem his 4: Ana +14, Ben -10, Cem -4
    round_ = {"winner": "Ana", "hands": {"Ben": ["KS"], "Cem": ["4C"]}}
    result = run("rummy", round_, options={"pay": True})
    assert result["delta"] == {"Ana": 14, "Ben": -10, "Cem": -4}
    assert result["transfers"] == [
        {"from": "Ben", "to": "Ana", "amount": 10},
        {"from": "Cem", "to": "Ana", "amount": 4},
    ]


def test_around_the_corner_ace_in_hand_counts_11():
    # Ben: A 11 + K 10 = 21
    result = run("around-the-corner", {"winner": "Ana", "hands": {"Ben": ["AD", "KS"], "Cem": []}})
    assert result["delta"]["Ana"] == 21


def test_around_the_corner_cards_in_hand_count_as_they_are():
    # a K-A-2 still in Ben's hand is not arranged: 10 + 11 + 2 = 23
    result = run(
        "around-the-corner", {"winner": "Cem", "hands": {"Ben": ["KH", "AH", "2H"], "Ana": []}}
    )
    assert result["delta"]["Cem"] == 23


def test_around_the_corner_pay():
    result = run(
        "around-the-corner",
        {"winner": "Ben", "hands": {"Ana": ["AC"], "Cem": []}},
        options={"pay": True},
    )
    assert result["delta"] == {"Ana": -11, "Ben": 11, "Cem": 0}


def test_rummy_complete_hands_are_not_arranged():
    # 3-4-5 of hearts would meld, but the others' hands count in full: 3+4+5+9 = 21
    result = run(
        "rummy-complete", {"winner": "Ana", "hands": {"Ben": ["3H", "4H", "5H", "9C"], "Cem": []}}
    )
    assert result["delta"]["Ana"] == 21


def test_rummy_complete_three_hands():
    # Cem: J-Q-K of diamonds 30 in full; Ben 2; Ana collects 32
    result = run(
        "rummy-complete", {"winner": "Ana", "hands": {"Ben": ["2S"], "Cem": ["KD", "QD", "JD"]}}
    )
    assert result["delta"] == {"Ana": 32, "Ben": 0, "Cem": 0}


def test_rummy_complete_ace_low():
    assert (
        run("rummy-complete", {"winner": "Ben", "hands": {"Ana": ["AS"], "Cem": ["AH"]}})["delta"][
            "Ben"
        ]
        == 2
    )


def test_block_rummy_out_scores_as_basic_rummy():
    result = run(
        "block-rummy", {"winner": "Ana", "end": "out", "hands": {"Ben": ["9D"], "Cem": ["KH"]}}
    )
    assert result["delta"]["Ana"] == 19


def test_block_rummy_blocked_lowest_earns_the_differences():
    # counts: Ana 5, Ben 9, Cem K 10 + 2 = 12; Ana earns (9-5) + (12-5) = 11
    round_ = {
        "winner": None,
        "end": "stock",
        "hands": {"Ana": ["5C"], "Ben": ["9D"], "Cem": ["KH", "2S"]},
    }
    result = run("block-rummy", round_)
    assert result["delta"] == {"Ana": 11, "Ben": 0, "Cem": 0}
    assert result["winners"] == ["Ana"]


def test_block_rummy_tied_lowest_share_and_the_remainder_goes_to_nobody():
    # counts: Ana 5, Ben 4 + 1 = 5, Cem 12: differences 0 + 0 + 7 = 7, two ways: 3 each, 1 to nobody
    round_ = {"end": "stock", "hands": {"Ana": ["5C"], "Ben": ["4D", "AC"], "Cem": ["KH", "2S"]}}
    result = run("block-rummy", round_)
    assert result["delta"] == {"Ana": 3, "Ben": 3, "Cem": 0}
    assert result["winners"] == ["Ana", "Ben"]
    assert "credited to nobody" in result["explain"][0]


def test_block_rummy_blocked_with_pay():
    # Ben pays 9 - 5 = 4, Cem pays 12 - 5 = 7
    round_ = {"end": "stock", "hands": {"Ana": ["5C"], "Ben": ["9D"], "Cem": ["KH", "2S"]}}
    result = run("block-rummy", round_, options={"pay": True})
    assert result["delta"] == {"Ana": 11, "Ben": -4, "Cem": -7}


def test_block_rummy_tied_with_pay_explains_each_delta():
    # counts Ana 2, Ben 2, Cem 5, Dan 5: Cem and Dan each owe 3, split two ways: 1 to Ana and
    # 1 to Ben each (the odd points go to nobody): Ana +2, Ben +2, Cem -2, Dan -2
    hands = {"Ana": ["2C"], "Ben": ["2D"], "Cem": ["5S"], "Dan": ["5H"]}
    result = run("block-rummy", {"end": "stock", "hands": hands}, ABCD, {"pay": True})
    assert result["delta"] == {"Ana": 2, "Ben": 2, "Cem": -2, "Dan": -2}
    for line, player in zip(result["explain"], ABCD, strict=True):
        assert line.endswith(f"= {result['delta'][player]}")
    assert "2 point(s) that cannot be divided are credited to nobody" in result["explain"][0]


def test_boat_house_losers_hands_are_arranged():
    # Ben shows 7-8-9 of spades; only the KD (10) is unmatched
    result = run(
        "boat-house", {"winner": "Ana", "hands": {"Ben": ["7S", "8S", "9S", "KD"], "Cem": []}}
    )
    assert result["delta"]["Ana"] == 10


def test_boat_house_ace_counts_11_and_runs_turn_the_corner():
    # Ben: K-A-2 of hearts melds around the corner, 5C left: 5; Cem: AD left: 11
    round_ = {"winner": "Ana", "hands": {"Ben": ["KH", "AH", "2H", "5C"], "Cem": ["AD"]}}
    assert run("boat-house", round_)["delta"]["Ana"] == 16


def test_boat_house_declared_melds_are_taken_as_declared():
    # Ben declares 7-8-9 of spades and holds KD and 9D: 10 + 9 = 19
    round_ = {
        "winner": "Ana",
        "hands": {"Ben": ["KD", "9D"], "Cem": []},
        "melds": {"Ben": [["7S", "8S", "9S"]]},
    }
    assert run("boat-house", round_)["delta"]["Ana"] == 19


def test_declared_illegal_meld_is_refused():
    round_ = {
        "winner": "Ana",
        "hands": {"Ben": [], "Cem": []},
        "melds": {"Ben": [["7S", "8H", "9S"]]},
    }
    with pytest.raises(RulesError) as caught:
        run("boat-house", round_)
    assert caught.value.field == "round.melds.Ben[0]"


def test_kaluki_values():
    # Ben: JK 25 + A 15 + 7 = 47; Cem K 10: Ana 57
    result = run("kaluki", {"winner": "Ana", "hands": {"Ben": ["JK", "AS", "7D"], "Cem": ["KS"]}})
    assert result["delta"]["Ana"] == 57


def test_kaluki_british_values():
    # ace 11, joker 15: 15 + 11 = 26
    round_ = {"winner": "Ana", "hands": {"Ben": ["JK", "AS"], "Cem": []}}
    assert run("kaluki", round_, options={"ace_value": 11, "joker_value": 15})["delta"]["Ana"] == 26


def test_kaluki_pay():
    result = run(
        "kaluki", {"winner": "Cem", "hands": {"Ben": ["QC"], "Ana": ["3H"]}}, options={"pay": True}
    )
    assert result["delta"] == {"Ana": -3, "Ben": -10, "Cem": 13}


def test_double_rum_values():
    # JK 15 + A 11 + K 10 + 5 = 41
    result = run(
        "double-rum", {"winner": "Ana", "hands": {"Ben": ["JK", "AC", "KD", "5S"], "Cem": []}}
    )
    assert result["delta"]["Ana"] == 41


def test_double_rum_cards_in_hand_count_as_they_are():
    # two identical sevens and a third seven still in hand: 21 (a set, but not laid down)
    round_ = {"winner": "Ana", "hands": {"Ben": ["7S", "7S"], "Cem": ["7H"]}}
    assert run("double-rum", round_)["delta"]["Ana"] == 21


def test_double_rum_two_decks_hold_each_card_twice():
    with pytest.raises(RulesError) as caught:
        run("double-rum", {"winner": "Ana", "hands": {"Ben": ["7S", "7S"], "Cem": ["7S"]}})
    assert caught.value.field == "round.hands.Cem[0]"


def test_double_rum_going_rummy():
    assert (
        run(
            "double-rum", {"winner": "Ben", "end": "rummy", "hands": {"Ana": ["QH"], "Cem": ["2D"]}}
        )["delta"]["Ben"]
        == 12
    )


# --- Knock Rummy -------------------------------------------------------------------------


def test_knocker_lowest_wins_the_difference():
    # Ana shows A-2-3 and 10-J-Q of spades, 9-10-J of clubs, KH 10 left;
    # Ben shows three nines and A-5 of diamonds, 7 + 8 = 15 left: Ana +5
    round_ = {
        "winner": "Ana",
        "end": "knock",
        "hands": {
            "Ana": ["AS", "2S", "3S", "KH", "10S", "JS", "QS", "9C", "10C", "JC"],
            "Ben": ["9S", "9H", "9D", "7C", "8D", "AD", "2D", "3D", "4D", "5D"],
        },
    }
    result = run("knock-rummy", round_, players=["Ana", "Ben"])
    assert result["delta"] == {"Ana": 5, "Ben": 0}


def test_knocker_going_rummy_collects_25_per_opponent():
    # Ana 0 deadwood (A-2-3S, four eights, three sevens); Ben 5 + 9 = 14: 14 + 25
    round_ = {
        "winner": "Ana",
        "end": "knock",
        "hands": {
            "Ana": ["AS", "2S", "3S", "8H", "8S", "8D", "8C", "7H", "7D", "7S"],
            "Ben": ["5C", "9D", "QS", "QC", "QH", "QD", "KC", "KH", "KD", "KS"],
        },
    }
    assert run("knock-rummy", round_, players=["Ana", "Ben"])["delta"] == {"Ana": 39, "Ben": 0}


def test_undercut_the_lower_player_wins_and_the_knocker_pays_10():
    # Ana knocks with 6; Ben shows 4-5-6 of clubs, queens, kings and AD 1: Ben wins 5 + 10 paid by Ana
    round_ = {
        "winner": "Ana",
        "end": "knock",
        "hands": {
            "Ana": ["AS", "2S", "3S", "6H", "9H", "9C", "9D", "10S", "JS", "QS"],
            "Ben": ["4C", "5C", "6C", "AD", "QC", "QD", "QH", "KC", "KS", "KH"],
        },
    }
    result = run("knock-rummy", round_, players=["Ana", "Ben"])
    assert result["delta"] == {"Ana": -10, "Ben": 15}
    assert result["transfers"] == [{"from": "Ana", "to": "Ben", "amount": 10}]
    assert result["winners"] == ["Ben"]


def test_a_tie_with_the_knocker_wins_but_pays_no_undercut():
    # Ana 6, Ben 6, Cem 10: Ben wins instead, collecting 0 from Ana and 4 from Cem
    hands = {
        "Ana": ["AS", "2S", "3S", "6H", "9H", "9C", "9D"],
        "Ben": ["4C", "5C", "6C", "6D", "10S", "JS", "QS"],
        "Cem": ["KD", "8D", "8C", "8S", "AC", "2C", "3C"],
    }
    result = run("knock-rummy", {"winner": "Ana", "end": "knock", "hands": hands})
    assert result["delta"] == {"Ana": 0, "Ben": 4, "Cem": 0}
    assert result["winners"] == ["Ben"]
    # other tables pay the undercut on a tie too
    result = run(
        "knock-rummy",
        {"winner": "Ana", "end": "knock", "hands": hands},
        options={"undercut_on_tie": True},
    )
    assert result["delta"] == {"Ana": -10, "Ben": 14, "Cem": 0}


def test_both_rummy_the_knocker_still_wins_with_the_bonus_for_everyone():
    round_ = {
        "winner": "Ana",
        "end": "knock",
        "hands": {
            "Ana": ["AS", "2S", "3S", "6H", "7H", "8H", "10C", "JC", "QC", "KC"],
            "Ben": ["4C", "5C", "6C", "9D", "10D", "JD", "10S", "JS", "QS", "KS"],
        },
    }
    result = run("knock-rummy", round_, players=["Ana", "Ben"])
    assert result["delta"] == {"Ana": 25, "Ben": 0}


def test_several_players_under_the_knocker_each_score_as_winners():
    # Ana knocks with 9; Ben and Cem both 2: each collects 9 - 2 = 7 (0 from each other) + 10 from Ana
    hands = {
        "Ana": ["AS", "2S", "3S", "9H", "10S", "JS", "QS"],
        "Ben": ["4C", "5C", "6C", "2D", "QC", "QD", "QH"],
        "Cem": ["7D", "8D", "9D", "2H", "KC", "KS", "KH"],
    }
    result = run("knock-rummy", {"winner": "Ana", "end": "knock", "hands": hands})
    assert result["delta"] == {"Ana": -20, "Ben": 17, "Cem": 17}
    assert result["winners"] == ["Ben", "Cem"]


def test_knock_rummy_needs_every_hand():
    with pytest.raises(RulesError) as caught:
        run(
            "knock-rummy",
            {
                "winner": "Ana",
                "end": "knock",
                "hands": {"Ben": ["4C", "6H", "7H", "8H", "JC", "QC", "KC", "8S", "9S", "10S"]},
            },
            players=["Ana", "Ben"],
        )
    assert caught.value.field == "round.hands.Ana"


# --- Continental -----------------------------------------------------------------------

FIVE_THREES = [
    ["3S", "4S", "5S"],
    ["3H", "4H", "5H"],
    ["3D", "4D", "5D"],
    ["3C", "4C", "5C"],
    ["8S", "9S", "10S"],
]


def test_continental_one_from_each_opponent():
    result = run(
        "continental",
        {"winner": "Ana", "end": "out", "melds": {"Ana": FIVE_THREES}},
        players=["Ana", "Ben"],
    )
    assert result["delta"] == {"Ana": 1, "Ben": -1}
    assert result["transfers"] == [{"from": "Ben", "to": "Ana", "amount": 1}]


def test_continental_two_per_joker():
    # two jokers in Ana's melds: 1 + 2 x 2 = 5 from each of two opponents
    melds = [["3S", "JK", "5S"], ["3H", "4H", "JK"], *FIVE_THREES[2:]]
    result = run("continental", {"winner": "Ana", "melds": {"Ana": melds}})
    assert result["delta"] == {"Ana": 10, "Ben": -5, "Cem": -5}


def test_continental_wild_deuce_earns_one_more():
    # one joker (2) and one deuce used as a five (1): 1 + 2 + 1 = 4
    melds = [["3S", "JK", "5S"], ["3H", "4H", "2C=5H"], *FIVE_THREES[2:]]
    result = run(
        "continental",
        {"winner": "Ana", "melds": {"Ana": melds}},
        players=["Ana", "Ben"],
        options={"deuces_wild": True},
    )
    assert result["delta"] == {"Ana": 4, "Ben": -4}


def test_continental_deuce_as_itself_earns_nothing():
    melds = [["AS", "2S", "3S"], *FIVE_THREES[1:]]
    result = run(
        "continental",
        {"winner": "Ana", "melds": {"Ana": melds}},
        players=["Ana", "Ben"],
        options={"deuces_wild": True},
    )
    assert result["delta"]["Ana"] == 1


@pytest.mark.parametrize(("draws", "each"), [(0, 11), (1, 8), (2, 1)])
def test_continental_quick_bonus(draws, each):
    # out after 0 draws +10, after 1 draw +7, later nothing: on top of the 1
    round_ = {"winner": "Ana", "melds": {"Ana": FIVE_THREES}, "draws": draws}
    assert (
        run("continental", round_, players=["Ana", "Ben"], options={"quick_bonus": True})["delta"][
            "Ana"
        ]
        == each
    )


def test_continental_quick_bonus_needs_the_draws():
    with pytest.raises(RulesError) as caught:
        run(
            "continental",
            {"winner": "Ana", "melds": {"Ana": FIVE_THREES}},
            players=["Ana", "Ben"],
            options={"quick_bonus": True},
        )
    assert caught.value.field == "round.draws"


def test_continental_special_bonuses():
    # no wild card: 1 + 10 = 11
    round_ = {"winner": "Ana", "melds": {"Ana": FIVE_THREES}}
    assert (
        run("continental", round_, players=["Ana", "Ben"], options={"special_bonus": True})[
            "delta"
        ]["Ana"]
        == 11
    )
    # all fifteen cards hearts (two decks) and no wild card: 1 + 10 + 10 = 21
    hearts = [
        ["AH", "2H", "3H"],
        ["4H", "5H", "6H"],
        ["7H", "8H", "9H"],
        ["10H", "JH", "QH"],
        ["3H", "4H", "5H"],
    ]
    round_ = {"winner": "Ana", "melds": {"Ana": hearts}}
    assert (
        run("continental", round_, players=["Ana", "Ben"], options={"special_bonus": True})[
            "delta"
        ]["Ana"]
        == 21
    )


def test_continental_needs_a_legal_pattern():
    melds = [["3S", "4S", "5S", "6S", "7S"]] * 1 + [
        ["3H", "4H", "5H", "6H", "7H"],
        ["3D", "4D", "5D", "6D", "7D"],
    ]
    with pytest.raises(RulesError) as caught:
        run("continental", {"winner": "Ana", "melds": {"Ana": melds}}, players=["Ana", "Ben"])
    assert caught.value.field == "round.melds.Ana"


# --- Queen City ----------------------------------------------------------------------------


def test_queen_city_own_melds_times_opponents():
    # 5+6+7 = 18 and four nines 36: 54, two opponents: 108
    melds = [["5D", "6D", "7D"], ["9S", "9H", "9C", "9D"]]
    result = run("queen-city", {"winner": "Ana", "melds": {"Ana": melds}})
    assert result["delta"] == {"Ana": 108, "Ben": 0, "Cem": 0}


def test_queen_city_the_seeds_example_53_with_4_opponents_is_212():
    # 5+6+7+8 of spades 26 and three nines 27: 53, x 4
    melds = [["5S", "6S", "7S", "8S"], ["9H", "9D", "9C"]]
    result = run(
        "queen-city",
        {"winner": "Ana", "melds": {"Ana": melds}},
        players=["Ana", "Ben", "Cem", "Dan", "Eva"],
    )
    assert result["delta"]["Ana"] == 212


def test_queen_city_joker_counts_as_the_card_it_replaces():
    # 5-JK(6)-7 = 18, four nines 36: 54 x 2
    melds = [["5D", "JK", "7D"], ["9S", "9H", "9C", "9D"]]
    assert (
        run("queen-city", {"winner": "Ana", "melds": {"Ana": melds}}, options={"jokers": 1})[
            "delta"
        ]["Ana"]
        == 108
    )


def test_queen_city_whole_hand_only():
    with pytest.raises(RulesError):
        run(
            "queen-city",
            {"winner": "Ana", "melds": {"Ana": [["5D", "6D", "7D"], ["9S", "9H", "9C"]]}},
        )


# --- Phỏm ------------------------------------------------------------------------------------


U_NINE = {"Ana": [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]}
U_TEN = {"Ana": [["AS", "2S", "3S", "4S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]}


def test_phom_u_pays_6_from_each():
    result = run("phom", {"winner": "Ana", "end": "rummy", "melds": U_NINE}, players=ABCD)
    assert result["delta"] == {"Ana": 18, "Ben": -6, "Cem": -6, "Dan": -6}


def test_phom_ten_card_u_pays_12():
    round_ = {"winner": "Ana", "end": "rummy", "ten_cards": True, "melds": U_TEN}
    result = run("phom", round_, players=ABCD)
    assert result["delta"] == {"Ana": 36, "Ben": -12, "Cem": -12, "Dan": -12}


PHOM_HANDS = {
    "Ana": ["4S", "5S", "6S", "2D"],  # meld 4-5-6, deadwood 2
    "Ben": ["9H", "9D", "9C", "KC"],  # meld nines, deadwood K 13
    "Cem": ["JH", "QH", "KH", "3C", "5C"],  # meld J-Q-K, deadwood 3 + 5 = 8
    "Dan": ["AC", "2H", "7S"],  # no meld: móm
}


def test_phom_places_pay_1_2_3_and_mom_pays_4():
    # order by count: Ana 2, Cem 8, Ben 13; Cem pays 1, Ben 2; Dan is móm and pays 4: Ana +7
    result = run("phom", {"end": "stock", "hands": PHOM_HANDS}, players=ABCD, dealer="Dan")
    assert result["delta"] == {"Ana": 7, "Ben": -2, "Cem": -1, "Dan": -4}
    assert result["winners"] == ["Ana"]


def test_phom_tie_goes_to_the_earlier_player_in_turn_order():
    # Ana and Ben both 2; dealer Ben: turn order Cem, Dan, Ana, Ben: Ana is earlier
    hands = {
        "Ana": ["4S", "5S", "6S", "2D"],
        "Ben": ["9H", "9D", "9C", "2C"],
        "Cem": ["JH", "QH", "KH", "3C"],
    }
    result = run("phom", {"end": "stock", "hands": hands}, dealer="Ben")
    assert result["winners"] == ["Ana"]
    assert result["delta"] == {"Ana": 3, "Ben": -1, "Cem": -2}  # three players pay 1 and 2
    # dealer Ana: turn order Ben, Cem, Ana: now Ben is earlier
    assert run("phom", {"end": "stock", "hands": hands}, dealer="Ana")["winners"] == ["Ben"]


def test_phom_tie_needs_the_dealer():
    hands = {"Ana": ["4S", "5S", "6S", "2D"], "Ben": ["9H", "9D", "9C", "2C"]}
    with pytest.raises(RulesError) as caught:
        run("phom", {"end": "stock", "hands": hands}, players=["Ana", "Ben"])
    assert caught.value.field == "dealer"


def test_phom_feeding_penalties():
    # Ben fed Cem once: Ben pays Cem 1, on top of the places
    round_ = {"end": "stock", "hands": PHOM_HANDS, "fed": [["Ben", "Cem"]]}
    result = run("phom", round_, players=ABCD, dealer="Dan", options={"feeding_penalties": True})
    assert result["delta"] == {"Ana": 7, "Ben": -3, "Cem": 0, "Dan": -4}


def test_phom_three_discards_then_u_the_feeder_pays_for_everyone():
    # Dan fed Ana three times and Ana went ù: Dan pays 6 for each of the 3 losers, plus 3 feeding chips
    round_ = {"winner": "Ana", "end": "rummy", "melds": U_NINE, "fed": [["Dan", "Ana"]] * 3}
    result = run("phom", round_, players=ABCD, options={"feeding_penalties": True})
    assert result["delta"] == {"Ana": 21, "Ben": 0, "Cem": 0, "Dan": -21}


def test_phom_everybody_mom_lowest_wins():
    # nobody melds: Ana 1 + 2 = 3, Ben 5, Cem K 13; Ana wins, the others are móm and pay 4
    hands = {"Ana": ["AC", "2H"], "Ben": ["5S"], "Cem": ["KD"]}
    result = run("phom", {"end": "stock", "hands": hands}, dealer="Cem")
    assert result["delta"] == {"Ana": 8, "Ben": -4, "Cem": -4}


# --- German Rommé ------------------------------------------------------------------------------


def test_german_each_loser_adds_the_hand():
    # Ben: JK 30 + A 11 + 5 = 46; Cem: K 10
    result = run(
        "german-rummy", {"winner": "Ana", "hands": {"Ben": ["JK", "AS", "5D"], "Cem": ["KS"]}}
    )
    assert result["delta"] == {"Ana": 0, "Ben": 46, "Cem": 10}
    assert result["winners"] == ["Ana"]


def test_german_joker_20_house_rule():
    round_ = {"winner": "Ana", "hands": {"Ben": ["JK"], "Cem": []}}
    assert run("german-rummy", round_, options={"joker_value": 20})["delta"]["Ben"] == 20


def test_german_going_rummy_scores_the_same():
    round_ = {"winner": "Cem", "end": "rummy", "hands": {"Ben": ["QH", "2C"], "Ana": ["AD"]}}
    assert run("german-rummy", round_)["delta"] == {"Ana": 11, "Ben": 12, "Cem": 0}


# --- Nowrang -----------------------------------------------------------------------------------


def test_nowrang_counts_hands_won():
    assert run("nowrang", {"winner": "Ben", "end": "out"}, players=["Ana", "Ben"])["delta"] == {
        "Ana": 0,
        "Ben": 1,
    }


def test_nowrang_winning_melds_are_checked():
    melds = [["4C", "5C", "6C", "7C"], ["9D", "10D", "JD"], ["QS", "KS", "AS"]]
    assert (
        run("nowrang", {"winner": "Ana", "melds": {"Ana": melds}}, players=["Ana", "Ben"])["delta"][
            "Ana"
        ]
        == 1
    )
    with pytest.raises(RulesError):
        run(
            "nowrang",
            {"winner": "Ana", "melds": {"Ana": melds[:2] + [["9S", "9H", "9C"]]}},
            players=["Ana", "Ben"],
        )


def test_nowrang_pay():
    result = run("nowrang", {"winner": "Ana"}, players=["Ana", "Ben"], options={"pay": True})
    assert result["delta"] == {"Ana": 1, "Ben": -1}


# --- Rami ----------------------------------------------------------------------------------------


def test_rami_the_contracts_example():
    # Ben: JK 150 + A 11 + 10 = 171, no meld yet +100 = 271; Cem: 4, had melded
    round_ = {
        "winner": "Ana",
        "end": "out",
        "hands": {"Ben": ["JK", "AS", "10H"], "Cem": ["4C"]},
        "opened": {"Ben": False, "Cem": True},
    }
    result = run("rami", round_)
    assert result["delta"] == {"Ana": 0, "Ben": 271, "Cem": 4}
    assert result["explain"][1] == "Ben: JK 150 + AS 11 + 10H 10 = 171, no meld yet +100 = 271"


def test_rami_winner_went_rummy_adds_100():
    # Ben melded: 5 + 100; Cem had not: 10 + 100 + 100
    round_ = {
        "winner": "Ana",
        "end": "rummy",
        "hands": {"Ben": ["5H"], "Cem": ["KD"]},
        "opened": {"Ben": True, "Cem": False},
    }
    assert run("rami", round_)["delta"] == {"Ana": 0, "Ben": 105, "Cem": 210}


def test_rami_rummy_from_a_table_with_no_meld_adds_200_instead():
    # nobody had melded: hand + 100 + 200 (the 200 replaces the rummy 100: reading)
    round_ = {
        "winner": "Ana",
        "end": "rummy",
        "hands": {"Ben": ["5H"], "Cem": ["KD"]},
        "opened": {"Ben": False, "Cem": False},
    }
    assert run("rami", round_)["delta"] == {"Ana": 0, "Ben": 305, "Cem": 310}


def test_rami_unopened_flat():
    # a player who never melded scores a flat 100 instead of the hand
    round_ = {
        "winner": "Ana",
        "hands": {"Ben": ["JK", "AS"], "Cem": ["4C"]},
        "opened": {"Ben": False, "Cem": True},
    }
    assert run("rami", round_, options={"unopened": "flat"})["delta"] == {
        "Ana": 0,
        "Ben": 100,
        "Cem": 4,
    }


def test_rami_rummy_doubles_house_rule():
    # Ben 5 x 2; Cem (10 + 100) x 2
    round_ = {
        "winner": "Ana",
        "end": "rummy",
        "hands": {"Ben": ["5H"], "Cem": ["KD"]},
        "opened": {"Ben": True, "Cem": False},
    }
    assert run("rami", round_, options={"rummy": "double"})["delta"] == {
        "Ana": 0,
        "Ben": 10,
        "Cem": 220,
    }


def test_rami_joker_value_house_rule():
    round_ = {
        "winner": "Ana",
        "hands": {"Ben": ["JK"], "Cem": []},
        "opened": {"Ben": True, "Cem": True},
    }
    assert run("rami", round_, options={"joker_value": 25})["delta"]["Ben"] == 25


def test_rami_needs_opened():
    with pytest.raises(RulesError) as caught:
        run("rami", {"winner": "Ana", "hands": {"Ben": ["5H"], "Cem": []}, "opened": {"Ben": True}})
    assert caught.value.field == "round.opened.Cem"


# --- Carousel -----------------------------------------------------------------------------------


def carousel(end, winner, hands, players=ABC):
    return run("carousel", {"winner": winner, "end": end, "hands": hands}, players=players)


def test_carousel_knocker_lowest_gets_the_sum_of_differences():
    # Ana A + 2 = 3, Ben 5 + 9 = 14, Cem 10: 11 + 7 = 18
    result = carousel("knock", "Ana", {"Ana": ["AS", "2D"], "Ben": ["5C", "9D"], "Cem": ["KS"]})
    assert result["delta"] == {"Ana": 18, "Ben": 0, "Cem": 0}


def test_carousel_two_players_difference():
    assert carousel("knock", "Ana", {"Ana": ["AS"], "Ben": ["9S"]}, players=["Ana", "Ben"])[
        "delta"
    ] == {"Ana": 8, "Ben": 0}


def test_carousel_knocker_tied_by_one_that_player_wins_with_the_bonus():
    # Ana 3, Ben 1 + 2 = 3, Cem 10: Ben gets 0 + 7 + 10
    result = carousel("knock", "Ana", {"Ana": ["3C"], "Ben": ["AS", "2D"], "Cem": ["KS"]})
    assert result["delta"] == {"Ana": 0, "Ben": 17, "Cem": 0}
    assert result["winners"] == ["Ben"]


def test_carousel_knocker_tied_by_two_both_win_with_the_bonus():
    result = carousel("knock", "Ana", {"Ana": ["3C"], "Ben": ["3D"], "Cem": ["2S", "AH"]})
    assert result["delta"] == {"Ana": 0, "Ben": 10, "Cem": 10}


def test_carousel_undercut():
    # Ana knocks with 5; Ben 2 wins 3 + 8 and the 10 bonus
    result = carousel("knock", "Ana", {"Ana": ["5C"], "Ben": ["2S"], "Cem": ["KS"]})
    assert result["delta"] == {"Ana": 0, "Ben": 21, "Cem": 0}


def test_carousel_no_cards_left_25():
    # Ana went out: Ben 4, Cem joker 25: 4 + 25 + 25
    result = carousel("out", "Ana", {"Ana": [], "Ben": ["4C"], "Cem": ["JK"]})
    assert result["delta"] == {"Ana": 54, "Ben": 0, "Cem": 0}


def test_carousel_stock_ran_out_ties_score_as_winners_without_bonus():
    # Ana 4, Ben 4, Cem 9: each tied winner gets 5, no undercut bonus (reading)
    result = carousel("stock", None, {"Ana": ["4C"], "Ben": ["4D"], "Cem": ["9S"]})
    assert result["delta"] == {"Ana": 5, "Ben": 5, "Cem": 0}


# --- validation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (
            {"variant": "rummy", "players": ABC, "round": {"winner": "Zed", "hands": {}}},
            "round.winner",
        ),
        (
            {
                "variant": "rummy",
                "players": ABC,
                "dealer": "Zed",
                "round": {"winner": "Ana", "hands": {"Ben": [], "Cem": []}},
            },
            "dealer",
        ),
        (
            {
                "variant": "rummy",
                "players": ABC,
                "round": {"winner": "Ana", "hands": {"Zed": ["KS"]}},
            },
            "round.hands.Zed",
        ),
        (
            {
                "variant": "rummy",
                "players": ABC,
                "round": {"winner": "Ana", "hands": {"Ben": ["KS"]}},
            },
            "round.hands.Cem",
        ),
        (
            {
                "variant": "rummy",
                "players": ABC,
                "round": {"winner": "Ana", "end": "knock", "hands": {}},
            },
            "round.end",
        ),
        (
            {
                "variant": "rummy",
                "players": ABC,
                "round": {"winner": None, "end": "out", "hands": {}},
            },
            "round.winner",
        ),
        # one deck for three Rummy players: a second KS is one too many
        (
            {
                "variant": "rummy",
                "players": ABC,
                "round": {"winner": "Ana", "hands": {"Ben": ["KS"], "Cem": ["KS"]}},
            },
            "round.hands.Cem[0]",
        ),
        (
            {
                "variant": "rummy",
                "players": ABC,
                "round": {"winner": "Ana", "hands": {"Ben": ["1S"], "Cem": []}},
            },
            "round.hands.Ben[0]",
        ),
        ({"variant": "nowrang", "players": ABC, "round": {"winner": "Ana"}}, "players"),
        ({"variant": "rummy", "players": ["Ana", "Ana"], "round": {"winner": "Ana"}}, "players"),
        ({"variant": "rummy", "players": ABC}, "round"),
    ],
)
def test_bad_rounds_name_the_field(request_, field):
    with pytest.raises(RulesError) as caught:
        score(request_)
    assert caught.value.field == field


def test_a_well_formed_round_never_scores_zero_silently_for_missing_winner_hand():
    # the winner of a going-out round needs no hand
    assert run("rummy", {"winner": "Ana", "hands": {"Ben": [], "Cem": []}})["delta"] == zero()


def test_bonuses_are_named_for_the_score_sheet():
    # Knock Rummy: Ana knocks rummy (+25 per opponent); Carousel: undercut and no cards left
    round_ = {
        "winner": "Ana",
        "end": "knock",
        "hands": {
            "Ana": ["AS", "2S", "3S", "8H", "8S", "8D", "8C", "7H", "7D", "7S"],
            "Ben": ["5C", "9D", "QS", "QC", "QH", "QD", "KC", "KH", "KD", "KS"],
        },
    }
    assert run("knock-rummy", round_, players=["Ana", "Ben"])["bonuses"] == {
        "Ana": ["rummy +25 per opponent"]
    }
    result = carousel("knock", "Ana", {"Ana": ["5C"], "Ben": ["2S"], "Cem": ["KS"]})
    assert result["bonuses"] == {"Ben": ["undercut +10"]}
    # Rami: Cem had not melded and the winner went rummy
    round_ = {
        "winner": "Ana",
        "end": "rummy",
        "hands": {"Ben": ["5H"], "Cem": ["KD"]},
        "opened": {"Ben": True, "Cem": False},
    }
    assert run("rami", round_)["bonuses"] == {
        "Ben": ["winner went rummy +100"],
        "Cem": ["no meld +100", "winner went rummy +100"],
    }
    # a plain round has none
    assert run("rummy", {"winner": "Ana", "hands": {"Ben": ["KS"], "Cem": []}})["bonuses"] == {}


@pytest.mark.parametrize(
    ("variant", "players", "hands"),
    [
        # Phỏm: Ana's 2 beats Ben's K 13; Ben named as winner is refused
        (
            "phom",
            ["Ana", "Ben"],
            {"Ana": ["4S", "5S", "6S", "2D"], "Ben": ["9H", "9D", "9C", "KC"]},
        ),
        # Block Rummy blocked: Ana 5 is lowest, not Ben 9
        ("block-rummy", ["Ana", "Ben"], {"Ana": ["5C"], "Ben": ["9D"]}),
        # Carousel, stock ran out: Ana 5 is lowest, not Ben 9
        ("carousel", ["Ana", "Ben"], {"Ana": ["5C"], "Ben": ["9D"]}),
    ],
)
def test_a_showdown_winner_the_counts_contradict_is_refused(variant, players, hands):
    with pytest.raises(RulesError) as caught:
        run(
            variant,
            {"winner": "Ben", "end": "stock", "hands": hands},
            players=players,
            dealer="Ben",
        )
    assert caught.value.field == "round.winner"
    assert "the counts make Ana the winner of this hand, not Ben" in caught.value.message


def test_a_hand_longer_than_any_deal_is_refused():
    hand = [
        f"{rank}{suit}"
        for suit in "SH"
        for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    ]
    round_ = {
        "winner": "Ana",
        "end": "knock",
        "hands": {"Ana": ["AS"], "Ben": hand[1:] + ["AD", "2D", "3D", "4D", "5D", "6D"]},
    }
    with pytest.raises(RulesError) as caught:
        run("knock-rummy", round_, players=["Ana", "Ben"])
    assert caught.value.field == "round.hands.Ben"
