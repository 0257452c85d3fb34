"""The readings VARIANTS.md settled this week (issue 29), one test per reading, each worked
out by hand from shared/rules/VARIANTS.md.

Readings already covered elsewhere, not repeated here: the unpinned joker at a run's end
(tests/rules/test_check.py, "joker-read-in-the-players-favour": JK 9-10 counts 29), Phỏm's
feeding round the table (tests/rules/test_possible_hands.py,
test_the_last_in_turn_order_feeds_the_first) and Nowrang's hand sizes (the same file: a hand
of 12 refused, 11 at most).
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import OptionError, RoundError, check, game, score

P2 = ["Ana", "Ben"]
SPADES_A_TO_K = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]


# --- runs never repeat a rank ------------------------------------------------------------


@pytest.mark.parametrize("ace", ["low", "high", "low-or-high", "around"])
def test_a_run_never_holds_a_rank_twice_so_at_most_13_cards_in_every_ace_mode(ace):
    options = {"ace": ace, "decks": 2, "jokers": 2}
    # thirteen spades and a joker: the joker could only be a second ace (or any repeat)
    verdict = check(variant="rummy", options=options, melds=[[*SPADES_A_TO_K, "JK"]])
    assert verdict["legal"] is False
    assert verdict["melds"][0]["reason"] == (
        "a run holds each rank once, so at most 13 cards (never A-2-…-K-A)"
    )
    # A-2-…-K-A with a second natural ace of spades: the ace twice
    verdict = check(variant="rummy", options=options, melds=[[*SPADES_A_TO_K, "AS"]])
    assert verdict["legal"] is False


def test_thirteen_cards_make_a_run_where_the_ace_mode_allows_them():
    around = check(variant="around-the-corner", melds=[["QS", "KS", *SPADES_A_TO_K[:11]]])
    assert around["legal"] is True  # Q-K-A-2-…-J: thirteen ranks, each once
    low = check(variant="rummy", melds=[SPADES_A_TO_K])
    assert low["legal"] is True


# --- Gin ---------------------------------------------------------------------------------

# Ana: 2H-3H-4H or 3H-3S-3D, both leaving 6 (3S 3D, or 2H 4H); 5C-6C-7C-8C-9C
ANA_TWO_WAYS = ["2H", "3H", "4H", "3S", "3D", "5C", "6C", "7C", "8C", "9C"]
# Ben: QS-QD-QH, JS-JD-JH; 5H 5 + KH 10 + 2D 2 + 6D 6 = 23; 5H would go onto 2H-3H-4H
BEN_HOLDS_5H = ["QS", "QD", "QH", "JS", "JD", "JH", "5H", "KH", "2D", "6D"]
# Ana gin: AS-2S-3S, 4H-4D-4C, 10C-JC-QC-KC
GIN = ["AS", "2S", "3S", "4H", "4D", "4C", "10C", "JC", "QC", "KC"]


def knock(ana, ben, options=None, **facts):
    round_ = {"winner": "Ana", "end": "knock", "hands": {"Ana": ana, "Ben": ben}} | facts
    return score(variant="gin", players=P2, options=options or {}, round=round_)


def test_the_knocker_shows_the_arrangement_the_defender_lays_off_least_onto():
    # shown as 2H-3H-4H, Ben lays off 5H: 18 - 6 = 12; shown as 3H-3S-3D, Ben lays off
    # nothing: 23 - 6 = 17, which Ana, arranging in her own interest, shows
    result = knock(ANA_TWO_WAYS, BEN_HOLDS_5H)
    assert result["delta"] == {"Ana": 17, "Ben": 0}
    assert "2H 2 + 4H 4 = 6" in result["explain"][0]
    assert "lays off" not in result["explain"][1]


def test_gin_is_never_undercut_by_a_defender_with_no_deadwood():
    # Ben: 5S-6S-7S, 8H-8D-8C, 9D-10D-JD-QD: no deadwood either; Ana still scores 0 + 25
    ben = ["5S", "6S", "7S", "8H", "8D", "8C", "9D", "10D", "JD", "QD"]
    result = knock(GIN, ben)
    assert result["delta"] == {"Ana": 25, "Ben": 0}
    assert result["winners"] == ["Ana"]


def test_big_gin_claimed_for_a_fully_melded_ten_card_hand_is_refused_at_the_fact():
    ben = ["5S", "6S", "7S", "8H", "8D", "8C", "9D", "10D", "JD", "KH"]
    with pytest.raises(RoundError) as caught:
        knock(GIN, ben, big_gin=True)
    assert caught.value.field == "round.big_gin"
    assert "a whole hand of 10 melded is gin" in str(caught.value)


def counted(knocker, knocker_count, defender_count, upcard):
    other = "Ben" if knocker == "Ana" else "Ana"
    return {
        "winner": knocker,
        "end": "knock",
        "hands": {knocker: knocker_count, other: defender_count},
        "upcard": upcard,
    }


def test_oklahomas_doubling_covers_the_hand_not_the_games_end_bonuses():
    rounds = [
        counted("Ana", 2, 30, "9S"),  # spade: (30 - 2) x 2 = 56
        counted("Ben", 5, 5, "10H"),  # Ana undercuts: 0 + 25 = 25 (a heart, not doubled)
        counted("Ana", 1, 20, "10S"),  # spade: (20 - 1) x 2 = 38; Ana 119 >= 100
    ]
    result = game(variant="gin", players=P2, options={"oklahoma": True}, rounds=rounds)
    assert result["finished"] is True
    # 119 + game 100 + 3 hands x 25 = 294, not doubled by the spades; Ben scored nothing:
    # the shutout doubles the whole: 588
    assert result["totals"] == {"Ana": 588, "Ben": 0}


def test_the_knock_limit_is_0_to_10():
    with pytest.raises(OptionError) as caught:
        knock(GIN, ["5S"], {"knock_limit": 11})
    assert caught.value.field == "options.knock_limit"
    # 0: gin only; AS-2S-3S, 4H-4D-4C, 10C-JC-QC with AH 1 left is refused, gin is not
    ana = ["AS", "2S", "3S", "4H", "4D", "4C", "10C", "JC", "QC", "AH"]
    ben = ["5D", "6D", "7D", "KH", "KS", "KD", "9H", "9S", "QH", "8H"]
    with pytest.raises(RoundError) as caught:
        knock(ana, ben, {"knock_limit": 0})
    assert caught.value.field == "round.hands.Ana"
    # Ben's 5D-6D-7D, KH-KS-KD; 9H 9 + 9S 9 + QH 10 + 8H 8 = 36, + gin 25
    assert knock(GIN, ben, {"knock_limit": 0})["delta"] == {"Ana": 61, "Ben": 0}


# --- Carousel ----------------------------------------------------------------------------


def test_carousel_non_knockers_tied_below_the_knocker_each_score_as_a_winner():
    # Ana knocks with 5; Ben 2 and Cem 2 tie below her; Dan 20. Each of Ben and Cem gets the
    # differences to every other player: Ana 3 + Cem 0 + Dan 18 = 21, and the undercut 10
    result = score(
        variant="carousel",
        players=["Ana", "Ben", "Cem", "Dan"],
        round={
            "winner": "Ana",
            "end": "knock",
            "hands": {"Ana": ["5S"], "Ben": ["2S"], "Cem": ["2H"], "Dan": ["KS", "QS"]},
        },
    )
    assert result["delta"] == {"Ana": 0, "Ben": 31, "Cem": 31, "Dan": 0}
    assert result["winners"] == ["Ben", "Cem"]


# --- Phỏm --------------------------------------------------------------------------------


def test_phom_players_tied_for_the_highest_chips_share_the_win():
    # two players, two hands: Ana 5 against 9 (Ben pays 1), then 9 against 5 (Ana pays 1)
    rounds = [
        {
            "winner": None,
            "end": "stock",
            "hands": {"Ana": ["AS", "2S", "3S", "5H"], "Ben": ["4C", "4D", "4S", "9H"]},
        },
        {
            "winner": None,
            "end": "stock",
            "hands": {"Ana": ["AS", "2S", "3S", "9H"], "Ben": ["4C", "4D", "4S", "5H"]},
        },
    ]
    result = game(variant="phom", players=P2, dealer="Ben", rounds=rounds)
    assert result["finished"] is True
    assert result["totals"] == {"Ana": 0, "Ben": 0}
    assert result["winners"] == ["Ana", "Ben"]


# --- German Rummy, Rami, Kaluki ----------------------------------------------------------


def out(winner, hands, **more):
    return {"winner": winner, "end": "out", "hands": hands} | more


@pytest.mark.parametrize("count", [1, 7])
def test_german_rummy_is_for_2_to_6_players(count):
    players = ["Ana", "Ben", "Cem", "Dan", "Eva", "Fay", "Gus"][:count]
    with pytest.raises(OptionError) as caught:
        score(variant="german-rummy", players=players, round=out("Ana", {}))
    assert caught.value.field == "players"


def test_german_rummy_seats_2_and_6():
    six = ["Ana", "Ben", "Cem", "Dan", "Eva", "Fay"]
    hands = {"Ben": ["5C"], "Cem": [], "Dan": [], "Eva": [], "Fay": ["KD"]}
    result = score(variant="german-rummy", players=six, round=out("Ana", hands))
    assert result["delta"] == {"Ana": 0, "Ben": 5, "Cem": 0, "Dan": 0, "Eva": 0, "Fay": 10}
    assert score(variant="german-rummy", players=P2, round=out("Ana", {"Ben": ["JK"]}))[
        "delta"
    ] == {"Ana": 0, "Ben": 30}


def test_ramis_jokers_per_meld_takes_1_or_2():
    for most in (0, 3):
        with pytest.raises(OptionError) as caught:
            check(variant="rami", options={"jokers_per_meld": most}, melds=[["5H", "6H", "7H"]])
        assert caught.value.field == "options.jokers_per_meld"
    # two jokers beside four naturals: legal with 2, refused with 1
    meld = ["3H", "4H", "JK", "6H", "JK", "8H"]
    assert check(variant="rami", options={"jokers_per_meld": 2}, melds=[meld])["legal"] is True
    assert check(variant="rami", options={"jokers_per_meld": 1}, melds=[meld])["legal"] is False


def test_kaluki_playing_for_chips_with_penalty_scoring_is_refused():
    with pytest.raises(OptionError) as caught:
        score(
            variant="kaluki",
            players=P2,
            options={"pay": True, "scoring": "penalty"},
            round=out("Ana", {"Ben": ["5S"]}),
        )
    assert caught.value.field == "options.pay"
    assert "scoring 'penalty'" in str(caught.value)
    # either alone is a game
    assert score(
        variant="kaluki", players=P2, options={"pay": True}, round=out("Ana", {"Ben": ["5S"]})
    )["transfers"] == [{"from": "Ben", "to": "Ana", "amount": 5}]
