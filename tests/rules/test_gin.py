"""Gin Rummy, worked by hand from VARIANTS.md's gin section: one test per rule.

Deadwood: J/Q/K 10, ace 1, others face. The knocker's melds are arranged for the least
deadwood; the defender lays off onto them (never onto gin) for the least deadwood.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import RoundError, check, game, score

P2 = ["Ana", "Ben"]

# Ana: 5H-6H-7H, JS-JD-JC, KC-KD-KS; deadwood 3D = 3
KNOCK_3 = ["5H", "6H", "7H", "JS", "JD", "JC", "KC", "KD", "KS", "3D"]
# Ben: 4H and 8H go onto Ana's run (both ends), JH onto her jacks; 2C-2D-2S his own;
# QS 10 + 9D 9 + 7D 7 + AC 1 = 27 left
LAYS_OFF_TO_27 = ["4H", "8H", "JH", "2C", "2D", "2S", "QS", "9D", "7D", "AC"]

# Ana: AS-2S-3S, 4H-4D-4C, 10C-JC-QC; deadwood 8D = 8 (or 9D = 9)
KNOCK_8 = ["AS", "2S", "3S", "4H", "4D", "4C", "10C", "JC", "QC", "8D"]
KNOCK_9 = ["AS", "2S", "3S", "4H", "4D", "4C", "10C", "JC", "QC", "9D"]
# Ben: 5D-6D-7D, KH-KS-KD, 9H-9S-9C; deadwood 8H = 8 (nothing of his fits Ana's melds)
DEFENDS_8 = ["5D", "6D", "7D", "KH", "KS", "KD", "9H", "9S", "9C", "8H"]
# Ben: 5D-6D-7D, KH-KS-KD, 8H-8S-8C; deadwood 5S = 5
DEFENDS_5 = ["5D", "6D", "7D", "KH", "KS", "KD", "8H", "8S", "8C", "5S"]

# Ana gin: AS-2S-3S, 4H-4D-4C, 10C-JC-QC-KC
GIN = ["AS", "2S", "3S", "4H", "4D", "4C", "10C", "JC", "QC", "KC"]
# Ben: 7H-7D-7S; 4S would go onto AS-2S-3S and 9C onto 10C-KC, but not onto gin:
# 4S 4 + 9C 9 + 2D 2 + 5D 5 + 8H 8 + QH 10 + KH 10 = 48
AGAINST_GIN = ["4S", "9C", "7H", "7D", "7S", "2D", "5D", "8H", "QH", "KH"]
# Ana big gin, 11 cards melded and no discard: AS-2S-3S, 4S-4H-4D-4C, 10C-JC-QC-KC
BIG_GIN = ["AS", "2S", "3S", "4S", "4H", "4D", "4C", "10C", "JC", "QC", "KC"]
# Ben: 7H-7D-7S; 9C 9 + 2D 2 + 5D 5 + 8H 8 + QH 10 + KH 10 + 6C 6 = 50
AGAINST_BIG_GIN = ["9C", "7H", "7D", "7S", "2D", "5D", "8H", "QH", "KH", "6C"]


def knock(ana, ben, options=None, **facts):
    round_ = {"winner": "Ana", "end": "knock", "hands": {"Ana": ana, "Ben": ben}} | facts
    return score(variant="gin", players=P2, options=options or {}, round=round_)


def test_knocker_lower_scores_the_difference_after_lay_offs_onto_a_run_and_a_set():
    result = knock(KNOCK_3, LAYS_OFF_TO_27)
    assert result["delta"] == {"Ana": 24, "Ben": 0}  # 27 - 3
    assert result["winners"] == ["Ana"]
    assert result["explain"][1] == (
        "Ben: lays off JH on JS-JD-JC, 4H 8H on 5H-6H-7H; melds 2S-2D-2C; "
        "deadwood QS 10 + 7D 7 + 9D 9 + AC 1 = 27; scores 0"
    )


def test_undercut_on_an_equal_count():
    result = knock(KNOCK_8, DEFENDS_8)
    assert result["delta"] == {"Ana": 0, "Ben": 25}  # 8 - 8 = 0, + undercut 25
    assert result["winners"] == ["Ben"]
    assert result["bonuses"] == {"Ben": ["undercut +25"]}


def test_undercut_on_a_lower_count():
    result = knock(KNOCK_9, DEFENDS_5)
    assert result["delta"] == {"Ana": 0, "Ben": 29}  # 9 - 5 = 4, + 25


def test_the_undercut_bonus_is_a_house_rule():
    result = knock(KNOCK_9, DEFENDS_5, {"undercut_bonus": 10})
    assert result["delta"] == {"Ana": 0, "Ben": 14}  # 4 + 10


def test_a_lay_off_turns_a_win_into_an_undercut():
    # Ben: 5D-6D-7D, KH-KS-KD, 8H-8S-8C, and 4S, which goes onto Ana's AS-2S-3S: 0 left
    ben = ["5D", "6D", "7D", "KH", "KS", "KD", "8H", "8S", "8C", "4S"]
    assert knock(KNOCK_9, ben)["delta"] == {"Ana": 0, "Ben": 34}  # 9 - 0 + 25


def test_gin_scores_the_whole_deadwood_with_no_lay_off_and_the_gin_bonus():
    result = knock(GIN, AGAINST_GIN)
    assert result["delta"] == {"Ana": 73, "Ben": 0}  # 48 + 25
    assert "no laying off on gin" in result["explain"][1]


def test_big_gin():
    result = knock(BIG_GIN, AGAINST_BIG_GIN, big_gin=True)
    assert result["delta"] == {"Ana": 81, "Ben": 0}  # 50 + 31


def test_big_gin_needs_eleven_cards():
    with pytest.raises(RoundError) as caught:
        knock(GIN, AGAINST_GIN, big_gin=True)
    assert caught.value.field == "round.big_gin"  # the claim is what is wrong (a reading)


def test_a_draw_when_the_stock_runs_down():
    result = score(variant="gin", players=P2, round={"winner": None, "end": "stock"})
    assert result["delta"] == {"Ana": 0, "Ben": 0}
    assert result["winners"] == []


def test_a_knock_above_the_limit_is_refused_with_the_rule():
    # AS-2S-3S, 7C-8C-9C-10C; 2H 2 + 4D 4 + 5H 5 = 11 > 10
    ana = ["AS", "2S", "3S", "7C", "8C", "9C", "10C", "2H", "4D", "5H"]
    with pytest.raises(RoundError) as caught:
        knock(ana, ["5D", "6D", "7D", "KH", "KS", "KD", "9H", "9S", "QH", "8H"])
    assert caught.value.field == "round.hands.Ana"
    assert str(caught.value) == "Ana knocked with 11 points, but a knock needs 10 or fewer"


def test_oklahoma_the_up_card_sets_the_knock_limit():
    with pytest.raises(RoundError) as caught:
        knock(KNOCK_8, DEFENDS_8, {"oklahoma": True}, upcard="7H")  # 8 > 7
    assert str(caught.value) == (
        "Ana knocked with 8 points, but with the up-card 7H a knock needs 7 or fewer (Oklahoma)"
    )
    # a heart: 24 as without Oklahoma
    assert knock(KNOCK_3, LAYS_OFF_TO_27, {"oklahoma": True}, upcard="3H")["delta"]["Ana"] == 24


def test_oklahoma_needs_the_up_card():
    with pytest.raises(RoundError) as caught:
        knock(KNOCK_3, LAYS_OFF_TO_27, {"oklahoma": True})
    assert caught.value.field == "round.upcard"


def test_oklahoma_a_spade_up_card_doubles_every_score_of_the_hand():
    result = knock(KNOCK_3, LAYS_OFF_TO_27, {"oklahoma": True}, upcard="9S")
    assert result["delta"] == {"Ana": 48, "Ben": 0}  # (27 - 3) x 2
    undercut = knock(KNOCK_9, DEFENDS_5, {"oklahoma": True}, upcard="10S")
    assert undercut["delta"] == {"Ana": 0, "Ben": 58}  # (9 - 5 + 25) x 2


def test_oklahoma_an_ace_up_card_allows_gin_only():
    with pytest.raises(RoundError) as caught:
        knock(KNOCK_3, LAYS_OFF_TO_27, {"oklahoma": True}, upcard="AC")
    assert "only gin may knock" in str(caught.value)
    assert knock(GIN, AGAINST_GIN, {"oklahoma": True}, upcard="AC")["delta"]["Ana"] == 73
    # the ace of spades: gin only, and doubled: (48 + 25) x 2
    assert knock(GIN, AGAINST_GIN, {"oklahoma": True}, upcard="AS")["delta"]["Ana"] == 146


def counted(knocker, knocker_count, defender_count):
    other = "Ben" if knocker == "Ana" else "Ana"
    return {
        "winner": knocker,
        "end": "knock",
        "hands": {knocker: knocker_count, other: defender_count},
    }


def test_game_bonus_and_box_bonuses_at_the_end():
    rounds = [
        counted("Ana", 2, 40),  # Ana 38
        counted("Ben", 5, 5),  # Ana undercuts: 0 + 25; Ana 63
        {"winner": None, "end": "stock"},  # a draw counts for nobody
        counted("Ben", 0, 30),  # Ben gin: 30 + 25 = 55
        counted("Ana", 1, 45),  # Ana 44: 107 >= 100
    ]
    result = game(variant="gin", players=P2, rounds=rounds)
    assert result["finished"] is True
    # Ana 107 + game 100 + 3 hands x 25 = 282; Ben 55 + 1 hand x 25 = 80
    assert result["totals"] == {"Ana": 282, "Ben": 80}
    assert result["winners"] == ["Ana"]
    assert result["end_explain"] == [
        "Ana: game bonus 100; box bonus 3 hands won x 25 = 75",
        "Ben: box bonus 1 hand won x 25 = 25",
    ]


SHUTOUT = [counted("Ana", 0, 50), counted("Ana", 4, 34)]  # 75, then 30: Ana 105


def test_a_shutout_doubles_the_whole_total():
    result = game(variant="gin", players=P2, rounds=SHUTOUT)
    # (105 + 100 + 2 x 25) x 2 = 510
    assert result["totals"] == {"Ana": 510, "Ben": 0}
    assert result["end_explain"][0].endswith(
        "shutout (Ben scored nothing): the whole 255 doubled = 510"
    )


def test_shutout_doubling_is_a_house_rule():
    result = game(variant="gin", players=P2, rounds=SHUTOUT, options={"shutout_doubles": False})
    assert result["totals"] == {"Ana": 255, "Ben": 0}


def test_no_end_bonus_before_the_end():
    result = game(variant="gin", players=P2, rounds=SHUTOUT[:1])
    assert result["totals"] == {"Ana": 75, "Ben": 0}
    assert "end_explain" not in result


def test_the_referee_says_whether_a_knock_is_legal():
    assert check(variant="gin", knock=KNOCK_3)["legal"] is True
    answer = check(variant="gin", knock=KNOCK_9, options={"oklahoma": True}, upcard="5H")
    assert answer["legal"] is False
    assert answer["deadwood_points"] == 9
    assert answer["reason"] == (
        "a knock with 9 points of deadwood, but with the up-card 5H a knock needs 5 or fewer "
        "(Oklahoma)"
    )


def test_a_counted_knocker_needs_a_counted_defender():
    # the lay-offs need the knocker's melds, which a count does not show
    with pytest.raises(RoundError) as caught:
        knock(3, LAYS_OFF_TO_27)
    assert caught.value.field == "round.hands.Ben"
    # counted both ways: the defender's count is after laying off
    assert knock(3, 27)["delta"] == {"Ana": 24, "Ben": 0}


def test_playing_for_chips_the_loser_pays():
    result = knock(KNOCK_3, LAYS_OFF_TO_27, {"pay": True})
    assert result["transfers"] == [{"from": "Ben", "to": "Ana", "amount": 24}]
    assert result["delta"] == {"Ana": 24, "Ben": -24}
