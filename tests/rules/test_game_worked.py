"""Whole games, one or more per variant, each total worked out by hand from VARIANTS.md."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RoundError, RulesError, game, score

P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Cem"]

CONTINENTAL_PLAIN = [
    ["AS", "2S", "3S"],
    ["4H", "5H", "6H"],
    ["7D", "8D", "9D"],
    ["10C", "JC", "QC"],
    ["4S", "5S", "6S"],
]
CONTINENTAL_JOKER = [
    ["AS", "2S", "3S"],
    ["4H", "JK", "6H"],
    ["7D", "8D", "9D"],
    ["10C", "JC", "QC"],
    ["4S", "5S", "6S"],
]


def play(variant, players, rounds, options=None, dealer="Ana"):
    request = {"variant": variant, "players": players, "rounds": rounds, "options": options or {}}
    if dealer is not None:
        request["dealer"] = dealer
    return game(request)


def out(winner, end="out", **fields):
    return {"winner": winner, "end": end} | fields


# (id, variant, players, options, dealer, rounds, totals, finished, winners, next_dealer)
GAMES = [
    (
        "rummy-to-a-target",
        "rummy",
        P2,
        {"target": 30},
        "Ana",
        [
            out("Ana", hands={"Ben": ["KS", "5C"]}),  # Ana 15
            out("Ben", hands={"Ana": ["9H"]}),  # Ben 9
            out("Ana", hands={"Ben": ["QS", "7D"]}),  # Ana 15 + 17 = 32 >= 30
        ],
        {"Ana": 32, "Ben": 9},
        True,
        ["Ana"],
        "Ben",  # dealers Ana, Ben, Ana; next Ben
    ),
    (
        "rummy-default-target-100",
        "rummy",
        P2,
        {},
        "Ana",
        [out("Ana", hands={"Ben": ["KS", "KD", "KH", "KC", "QS", "QD", "QH", "QC", "JS", "JD"]})],
        {"Ana": 100, "Ben": 0},  # ten courts: 100, the target
        True,
        ["Ana"],
        "Ben",
    ),
    (
        "rummy-single-hand-winner-deals",
        "rummy",
        P3,
        {"single_hand": True},
        "Ana",
        [out("Ben", hands={"Ana": ["5C"], "Cem": ["2D"]})],
        {"Ana": 0, "Ben": 7, "Cem": 0},
        True,
        ["Ben"],
        "Ben",  # the winner of a single hand deals the next
    ),
    (
        "around-the-corner-game",
        "around-the-corner",
        P2,
        {"target": 20},
        "Ben",
        [out("Ana", hands={"Ben": ["AH", "9C"]})],  # 11 + 9 = 20
        {"Ana": 20, "Ben": 0},
        True,
        ["Ana"],
        "Ana",
    ),
    (
        "rummy-complete-to-200",
        "rummy-complete",
        P3,
        {},
        "Cem",
        [
            # Ben 7 courts 70, Cem 5 courts + 10 + 10 = 70: Ana 140
            out(
                "Ana",
                hands={
                    "Ben": ["KS", "KD", "KH", "KC", "QS", "QD", "QH"],
                    "Cem": ["QC", "JS", "JD", "JH", "JC", "10S", "10D"],
                },
            ),
            out("Ben", hands={"Ana": ["AS"], "Cem": ["2C"]}),  # Ben 1 + 2 = 3
            # 9 x 4 + 8 x 3 = 60: Ana 200
            out("Ana", hands={"Ben": ["9S", "9D", "9H", "9C", "8S", "8D", "8H"], "Cem": []}),
        ],
        {"Ana": 200, "Ben": 3, "Cem": 0},
        True,
        ["Ana"],
        "Cem",  # dealers Cem, Ana, Ben; next Cem
    ),
    (
        "block-rummy-game",
        "block-rummy",
        P2,
        {"target": 20},
        "Ana",
        [
            {"winner": None, "end": "stock", "hands": {"Ana": ["2C"], "Ben": ["KS", "10S"]}},
            out("Ben", hands={"Ana": ["5H"]}),
            {"winner": None, "end": "stock", "hands": {"Ana": ["AS"], "Ben": ["3C"]}},
        ],
        {"Ana": 20, "Ben": 5},  # Ana 20 - 2 = 18, Ben 5, Ana 3 - 1 = 2: 20
        True,
        ["Ana"],
        "Ben",
    ),
    (
        "boat-house-game",
        "boat-house",
        P2,
        {"target": 20},
        "Ana",
        [out("Ana", hands={"Ben": ["7H", "8H", "9H", "KS", "QS"]})],  # 7-8-9H melded; 20
        {"Ana": 20, "Ben": 0},
        True,
        ["Ana"],
        "Ben",
    ),
    (
        "kaluki-to-250",
        "kaluki",
        P2,
        {},
        "Ana",
        [
            # 4 jokers 100 + 2 aces 30 + 8 courts 80 = 210
            out(
                "Ana",
                hands={
                    "Ben": [
                        "JK",
                        "JK",
                        "JK",
                        "JK",
                        "AS",
                        "AS",
                        "KS",
                        "KD",
                        "KH",
                        "KC",
                        "QS",
                        "QD",
                        "QH",
                        "QC",
                    ]
                },
            ),  # fmt: skip
            out("Ana", hands={"Ben": ["AH", "AD", "10S"]}),  # 15 + 15 + 10 = 40: 250
        ],
        {"Ana": 250, "Ben": 0},
        True,
        ["Ana"],
        "Ana",  # dealers Ana, Ben; next Ana
    ),
    (
        "double-rum-game",
        "double-rum",
        P2,
        {},
        "Ana",
        [
            # 4 jokers 60 + 4 aces 44 + 2 kings 20 = 124 >= 100
            out(
                "Ana",
                hands={"Ben": ["JK", "JK", "JK", "JK", "AS", "AS", "AH", "AH", "KS", "KD"]},
            )
        ],
        {"Ana": 124, "Ben": 0},
        True,
        ["Ana"],
        "Ben",
    ),
    (
        "knock-rummy-to-100",
        "knock-rummy",
        P2,
        {},
        "Ana",
        [
            # Ana A-2-3S, 9s, 6-8H, deadwood 4; Ben nothing melds: 10 x 7 + 9 + 10 + 8 = 97: Ana 93
            {
                "winner": "Ana",
                "end": "knock",
                "hands": {
                    "Ana": ["AS", "2S", "3S", "4D", "9H", "9C", "9D", "6H", "7H", "8H"],
                    "Ben": ["KS", "QD", "JC", "10H", "9S", "KH", "QC", "JH", "10S", "8D"],
                },
            },
            # Ben A-2-3S and AD 1; Ana KD 10 (the rest melded): Ben 9
            {
                "winner": "Ben",
                "end": "knock",
                "hands": {
                    "Ben": ["AS", "2S", "3S", "AD", "9H", "9C", "9D", "10S", "JS", "QS"],
                    "Ana": ["KD", "5C", "6C", "7C", "4H", "5H", "6H", "AC", "2C", "3C"],
                },
            },
            # 2 against 9 (the rest melded): Ana 7, 93 + 7 = 100
            {
                "winner": "Ana",
                "end": "knock",
                "hands": {
                    "Ana": ["2D", "6H", "7H", "8H", "JC", "QC", "KC", "8S", "9S", "10S"],
                    "Ben": ["9D", "3H", "3D", "3S", "3C", "4C", "5C", "6C", "7C", "8C"],
                },
            },
        ],
        {"Ana": 100, "Ben": 9},
        True,
        ["Ana"],
        "Ben",
    ),
    (
        "continental-start-100-winner-deals",
        "continental",
        P2,
        {},
        "Ana",
        [
            out("Ana", melds={"Ana": CONTINENTAL_PLAIN}),  # 1 from Ben: 101 / 99
            out("Ben", melds={"Ben": CONTINENTAL_JOKER}),  # 3 from Ana: 98 / 102
        ],
        {"Ana": 98, "Ben": 102},
        True,  # one hand per player: 2 hands
        ["Ben"],
        "Ben",  # the winner deals next
    ),
    (
        "queen-city-game",
        "queen-city",
        P2,
        {"target": 100},
        "Ana",
        [
            out("Ana", melds={"Ana": [["KS", "KD", "KC", "KH"], ["QS", "QD", "QC"]]}),  # 70 x 1
            out("Ben", melds={"Ben": [["2C", "3C", "4C"], ["5D", "5S", "5H", "5C"]]}),  # 9 + 20
            out("Ana", melds={"Ana": [["JS", "JD", "JC", "JH"], ["8H", "9H", "10H"]]}),  # 40 + 27
        ],
        {"Ana": 137, "Ben": 29},
        True,
        ["Ana"],
        "Ben",
    ),
    (
        "phom-agreed-hands",
        "phom",
        P2,
        {},
        "Ben",
        [
            {
                "winner": "Ana",
                "end": "rummy",
                "melds": {"Ana": [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]},
            },  # ù: 6 from Ben
            {
                "winner": None,
                "end": "stock",
                "hands": {"Ana": ["AS", "2S", "3S", "5H"], "Ben": ["4C", "4D", "4S", "9H"]},
            },  # 5 against 9: Ben pays 1
        ],
        {"Ana": 7, "Ben": -7},
        True,  # each player deals once: 2 hands
        ["Ana"],
        "Ben",  # dealers Ben, Ana; next Ben
    ),
    (
        "german-rummy-lowest-wins",
        "german-rummy",
        P2,
        {},
        "Ana",
        [out("Ana", hands={"Ben": ["5C"]}), out("Ben", hands={"Ana": ["JK"]})],
        {"Ana": 30, "Ben": 5},
        True,
        ["Ben"],
        "Ana",
    ),
    (
        "nowrang-hands-won",
        "nowrang",
        P2,
        {"rounds": 3},
        "Ana",
        [out("Ana"), out("Ben"), out("Ana")],
        {"Ana": 2, "Ben": 1},
        True,
        ["Ana"],
        "Ben",
    ),
    (
        "nowrang-default-ten-hands-not-over",
        "nowrang",
        P2,
        {},
        "Ana",
        [out("Ana"), out("Ben"), out("Ana")],
        {"Ana": 2, "Ben": 1},
        False,
        [],
        "Ben",
    ),
    (
        "rami-threshold",
        "rami",
        P2,
        {"target": 200},
        "Ana",
        # 150 + 5 + 100 (no meld) = 255 passes 200: the game ends, lowest wins
        [out("Ana", hands={"Ben": ["JK", "5C"]}, opened={"Ben": False})],
        {"Ana": 0, "Ben": 255},
        True,
        ["Ana"],
        "Ben",
    ),
    (
        "rami-rounds",
        "rami",
        P2,
        {"end": "rounds", "rounds": 2},
        "Ana",
        [
            out("Ana", hands={"Ben": ["JK", "5C"]}, opened={"Ben": False}),  # Ben 255
            out("Ben", hands={"Ana": ["KD"]}, opened={"Ana": True}),  # Ana 10
        ],
        {"Ana": 10, "Ben": 255},
        True,
        ["Ana"],
        "Ana",
    ),
    (
        "carousel-150-and-end-bonuses",
        "carousel",
        P2,
        {},
        "Ana",
        [
            # 10 courts and a ten: 100, all cards out +25: Ana 125
            {
                "winner": "Ana",
                "end": "out",
                "hands": {
                    "Ana": [],
                    "Ben": ["KS", "KD", "KH", "QS", "QD", "QH", "JS", "JD", "JH", "10S"],
                },
            },
            # Ben 1 against 30: Ben 29
            {"winner": "Ben", "end": "knock", "hands": {"Ben": ["AS"], "Ana": ["KS", "QS", "JS"]}},
            # Ana out: 30 + 25 = 55, Ana 180 >= 150
            {"winner": "Ana", "end": "out", "hands": {"Ana": [], "Ben": ["KS", "KD", "KH"]}},
        ],
        # Ana reached 150: 180 + 100 = 280; Ben won one round: 29 + 25 = 54
        {"Ana": 280, "Ben": 54},
        True,
        ["Ana"],
        "Ben",
    ),
    (
        "gin-to-100-with-game-and-box-bonuses",
        "gin",
        P2,
        {},
        "Ana",
        [
            # counted: the knocker's deadwood, the defender's after laying off
            {"winner": "Ana", "end": "knock", "hands": {"Ana": 2, "Ben": 40}},  # Ana 38
            {"winner": "Ben", "end": "knock", "hands": {"Ben": 5, "Ana": 5}},  # Ana 0 + 25
            {"winner": "Ben", "end": "knock", "hands": {"Ben": 0, "Ana": 30}},  # Ben 30 + 25
            {"winner": "Ana", "end": "knock", "hands": {"Ana": 1, "Ben": 45}},  # Ana 44
        ],
        # Ana 38 + 25 + 44 = 107: + game 100 + 3 hands x 25 = 282; Ben 55 + 25 = 80
        {"Ana": 282, "Ben": 80},
        True,
        ["Ana"],
        "Ana",
    ),
    (
        "kaluki-british-penalty-out-at-150",
        "kaluki",
        P3,
        {"scoring": "penalty", "ace_value": 11, "joker_value": 15, "cards": 13},
        "Ana",
        [
            # Ben JK 15 + AS 11 + KD 10 = 36; Cem 5 + 6 = 11
            out("Ana", hands={"Ben": ["JK", "AS", "KD"], "Cem": ["5C", "6D"]}),
            # Ana 15 + 15 + 10 + 10 = 50; Cem 15 + 11 + 11 + 10 + 10 + 10 = 67: Cem 78
            out(
                "Ben",
                hands={
                    "Ana": ["JK", "JK", "KS", "QS"],
                    "Cem": ["JK", "AH", "AD", "KH", "QH", "JH"],
                },
            ),
            # Ana 3 x 10 + 3 x 10 + 10 = 70: Ana 120; Ben 9 + 9 = 18: Ben 54
            out(
                "Cem",
                hands={"Ana": ["KS", "KH", "KD", "QS", "QH", "QD", "JS"], "Ben": ["9S", "9H"]},
            ),
            # Ben 3 x 15 + 6 x 10 = 105: Ben 159 passes 150 and is out; Cem 2: Cem 80
            out(
                "Ana",
                hands={
                    "Ben": ["JK", "JK", "JK", "KS", "KH", "KD", "QS", "QH", "QD"],
                    "Cem": ["2S"],
                },
            ),
            # Ana 3 x 11 + 15 = 48: Ana 168 passes 150; Cem is the last player left
            out("Cem", hands={"Ana": ["AS", "AH", "AD", "JK"]}),
        ],
        {"Ana": 168, "Ben": 159, "Cem": 80},
        True,
        ["Cem"],
        "Cem",  # dealers Ana, Ben, Cem, Ana, Cem (Ben out); the deal skips Ana, out too
    ),
]


@pytest.mark.parametrize(
    ("variant", "players", "options", "dealer", "rounds", "totals", "finished", "winners", "next_"),
    [case[1:] for case in GAMES],
    ids=[case[0] for case in GAMES],
)
def test_whole_game(variant, players, options, dealer, rounds, totals, finished, winners, next_):
    result = play(variant, players, rounds, options, dealer)
    assert result["totals"] == totals
    assert result["finished"] is finished
    assert result["winners"] == winners
    assert result["next_dealer"] == next_
    assert len(result["rounds"]) == len(rounds)
    assert (result["reason"] is not None) is finished


def test_every_variant_has_a_whole_game():
    from scorekeeper.rules.records import VARIANTS

    assert {case[1] for case in GAMES} == set(VARIANTS)


def test_rounds_are_the_score_responses():
    rounds = [out("Ana", hands={"Ben": ["KS", "5C"]}), out("Ben", hands={"Ana": ["9H"]})]
    result = play("rummy", P2, rounds, {"target": 100})
    for given, answered in zip(rounds, result["rounds"], strict=True):
        alone = score(variant="rummy", players=P2, options={"target": 100}, round=given)
        assert answered["delta"] == alone["delta"]
        assert answered["winners"] == alone["winners"]


def test_rami_elimination_plays_on_until_one_remains():
    rounds = [
        # Ben JK 150 + 100 (no meld) = 250 > 200: eliminated; Cem 5
        out("Ana", hands={"Ben": ["JK"], "Cem": ["5C"]}, opened={"Ben": False, "Cem": True}),
        # Ana JK 150 (opened): Ana 150
        out("Cem", hands={"Ana": ["JK"]}, opened={"Ana": True}),
        # Ana K 10 + 100 = 110: 260 > 200: eliminated, Cem remains
        out("Cem", hands={"Ana": ["KD"]}, opened={"Ana": False}),
    ]
    result = play("rami", P3, rounds, {"end": "elimination", "target": 200})
    assert result["totals"] == {"Ana": 260, "Ben": 250, "Cem": 5}
    assert result["eliminated"] == ["Ben", "Ana"]
    assert result["finished"] is True
    assert result["winners"] == ["Cem"]
    # dealers Ana, Cem (Ben is out), Ana; then only Cem is left
    assert result["next_dealer"] == "Cem"


def test_rami_threshold_not_yet_passed():
    result = play("rami", P2, [out("Ana", hands={"Ben": ["KD"]}, opened={"Ben": True})])
    assert result["totals"] == {"Ana": 0, "Ben": 10}
    assert result["finished"] is False
    assert result["winners"] == []


def test_carousel_not_finished_has_no_end_bonus():
    rounds = [{"winner": "Ana", "end": "knock", "hands": {"Ana": ["AS"], "Ben": ["9S"]}}]
    result = play("carousel", P2, rounds)
    assert result["totals"] == {"Ana": 8, "Ben": 0}  # 9 - 1, no bonuses yet
    assert result["finished"] is False


def test_the_deal_passes_clockwise():
    rounds = [out("Ana", hands={"Ben": ["2C"], "Cem": ["3C"]})] * 2
    # dealers Ana, Ben; next Cem
    assert play("rummy", P3, rounds)["next_dealer"] == "Cem"
    # dealers Cem, Ana; next Ben
    assert play("rummy", P3, rounds, dealer="Cem")["next_dealer"] == "Ben"


def test_agreed_rounds_end_a_target_game_too():
    rounds = [out("Ana", hands={"Ben": ["2C"]})] * 2
    result = play("rummy", P2, rounds, {"rounds": 2})
    assert result["finished"] is True
    assert result["totals"] == {"Ana": 4, "Ben": 0}
    assert result["winners"] == ["Ana"]


def test_continental_start_option():
    rounds = [out("Ana", melds={"Ana": CONTINENTAL_PLAIN})]
    result = play("continental", P2, rounds, {"start": 50})
    assert result["totals"] == {"Ana": 51, "Ben": 49}
    assert result["finished"] is False  # 1 of 2 hands


def test_a_round_after_the_end_is_refused():
    rounds = [out("Ana", hands={"Ben": ["5C"]}), out("Ben", hands={"Ana": ["5C"]})]
    with pytest.raises(RoundError) as error:
        play("rummy", P2, rounds, {"single_hand": True})
    assert error.value.field == "rounds[1]"


def test_a_bad_card_in_a_later_round_names_the_round():
    rounds = [out("Ana", hands={"Ben": ["5C"]}), out("Ben", hands={"Ana": ["ZZ"]})]
    with pytest.raises(RulesError) as error:
        play("rummy", P2, rounds)
    assert error.value.field == "rounds[1].hands.Ana[0]"


def test_continental_winner_deals_next_each_hand():
    rounds = [
        out("Ben", melds={"Ben": CONTINENTAL_PLAIN}),  # Ben 102, Ana 99, Cem 99
        out("Cem", melds={"Cem": CONTINENTAL_JOKER}),  # 3 each: Cem 99 + 6 = 105, Ana 96, Ben 99
        out("Cem", melds={"Cem": CONTINENTAL_PLAIN}),  # Cem 107, Ana 95, Ben 98 (sum 300)
    ]
    result = play("continental", P3, rounds)
    assert result["totals"] == {"Ana": 95, "Ben": 98, "Cem": 107}
    # Ana deals first; then the winner of each hand: Ben, Cem, and Cem again next
    assert [r["dealer"] for r in result["rounds"]] == ["Ana", "Ben", "Cem"]
    assert result["finished"] is True  # one hand per player: 3
    assert result["winners"] == ["Cem"]
    assert result["next_dealer"] == "Cem"
    assert result["eliminated"] == []


@pytest.mark.parametrize(
    ("variant", "hand"),
    [
        ("rummy", ["KS", "KD", "KH", "KC", "QS", "QD", "QH", "QC", "JS", "JD"]),  # 100
        ("kaluki", ["JK", "JK", "JK", "JK", "KS", "KD", "KH", "KC", "QS", "QD", "QH", "QC", "JS"]),
    ],
)
def test_a_target_set_by_a_reading_says_so(variant, hand):
    # Rummy's 100 and Kaluki's 250 are readings (the seeds give no number)
    rounds = [out("Ana", hands={"Ben": hand})] * (1 if variant == "rummy" else 2)  # 100; 190 x 2
    result = play(variant, P2, rounds)
    assert result["finished"] is True
    assert "reading" in result["reason"]
