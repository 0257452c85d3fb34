"""Worked rounds, one table per variant, each worked out by hand from VARIANTS.md.

Every case names the rule it checks; the comment beside the expected value is the
working a player would do at the table. Values: Basic Rummy family J/Q/K 10, ace 1
(11 when aces are low-or-high or around), joker 15; other variants as noted.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import score

# 3+3+3+3+3 runs, no wild card: a legal Continental hand
FIVE_PLAIN_RUNS = [
    ["AS", "2S", "3S"],
    ["4H", "5H", "6H"],
    ["7D", "8D", "9D"],
    ["10C", "JC", "QC"],
    ["4S", "5S", "6S"],
]

P3 = ["Ana", "Ben", "Cem"]
P4 = ["Ana", "Ben", "Cem", "Dan"]


def run(variant, players, round_, options=None, dealer=None):
    request = {"variant": variant, "players": players, "round": round_, "options": options or {}}
    if dealer is not None:
        request["dealer"] = dealer
    return score(request)


def zeros(players, **deltas):
    return {p: deltas.get(p, 0) for p in players}


def net(transfers, player):
    return sum(t["amount"] for t in transfers if t["to"] == player) - sum(
        t["amount"] for t in transfers if t["from"] == player
    )


# (id, variant, players, options, dealer, round, expected delta, expected winners)
CASES = [
    # --- rummy: the winner scores the cards left in all other hands --------------------
    (
        "rummy-winner-collects",
        "rummy",
        P3,
        {},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS", "7D", "AC"], "Cem": ["4C"]}},
        zeros(P3, Ana=22),  # Ben K 10 + 7 + A 1 = 18; Cem 4; 18 + 4 = 22
        ["Ana"],
    ),
    (
        "rummy-ace-11-when-low-or-high",
        "rummy",
        P3,
        {"ace": "low-or-high"},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["AS", "2C"], "Cem": ["9H"]}},
        zeros(P3, Ana=22),  # A 11 + 2 = 13; 9; 13 + 9 = 22
        ["Ana"],
    ),
    (
        "rummy-joker-15",
        "rummy",
        P3,
        {"jokers": 2},
        None,
        {"winner": "Cem", "end": "out", "hands": {"Ana": ["JK", "3H"], "Ben": ["QD"]}},
        zeros(P3, Cem=28),  # JK 15 + 3 = 18; Q 10; 28
        ["Cem"],
    ),
    (
        "rummy-doubles-when-rummy",
        "rummy",
        P3,
        {"rummy_doubles": True},
        None,
        {"winner": "Ana", "end": "rummy", "hands": {"Ben": ["5H", "5D"], "Cem": ["KC"]}},
        zeros(P3, Ana=40),  # (5 + 5 + 10) = 20, going rummy doubles: 40
        ["Ana"],
    ),
    (
        "rummy-doubles-not-when-out",
        "rummy",
        P3,
        {"rummy_doubles": True},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["5H", "5D"], "Cem": ["KC"]}},
        zeros(P3, Ana=20),  # 5 + 5 + 10 = 20, not doubled: went out normally
        ["Ana"],
    ),
    (
        "rummy-count-cards",
        "rummy",
        P3,
        {"count_cards": True, "jokers": 2},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS", "JK", "2C"], "Cem": ["9D"]}},
        zeros(P3, Ana=5),  # 1 a card, joker 2: Ben 1 + 2 + 1 = 4, Cem 1: 5
        ["Ana"],
    ),
    (
        "rummy-single-hand-scores-like-rummy",
        "rummy",
        ["Ana", "Ben"],
        {"single_hand": True},
        None,
        {"winner": "Ben", "end": "out", "hands": {"Ana": ["8C", "9C"]}},
        zeros(["Ana", "Ben"], Ben=17),  # 8 + 9
        ["Ben"],
    ),
    # --- around the corner: an ace left in hand counts 11 --------------------------------
    (
        "around-ace-11",
        "around-the-corner",
        P3,
        {},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["AH", "3C"], "Cem": ["KD"]}},
        zeros(P3, Ana=24),  # A 11 + 3 = 14; K 10; 24
        ["Ana"],
    ),
    (
        "around-hand-counted-as-it-is",
        "around-the-corner",
        ["Ana", "Ben"],
        {},
        None,
        {"winner": "Ben", "end": "out", "hands": {"Ana": ["KH", "AH", "2H"]}},
        zeros(["Ana", "Ben"], Ben=23),  # drift-out: K 10 + A 11 + 2 = 23 (not arranged)
        ["Ben"],
    ),
    (
        "around-rummy-end",
        "around-the-corner",
        P3,
        {},
        None,
        {"winner": "Cem", "end": "rummy", "hands": {"Ana": ["6S"], "Ben": ["7S", "AD"]}},
        zeros(P3, Cem=24),  # 6; 7 + A 11 = 18; 24 (no doubling without rummy_doubles)
        ["Cem"],
    ),
    # --- rummy complete: the others' hands are not arranged ------------------------------
    (
        "complete-full-value",
        "rummy-complete",
        P3,
        {},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["5H", "6H", "7H", "KS"], "Cem": ["2C"]}},
        zeros(P3, Ana=30),  # 5 + 6 + 7 + 10 = 28 even though 5-6-7H is a run; + 2 = 30
        ["Ana"],
    ),
    (
        "complete-two-players",
        "rummy-complete",
        ["Ana", "Ben"],
        {},
        None,
        {"winner": "Ben", "end": "out", "hands": {"Ana": ["QS", "QH", "QD", "AC"]}},
        zeros(["Ana", "Ben"], Ben=31),  # 10 + 10 + 10 + 1
        ["Ben"],
    ),
    (
        "complete-pay",
        "rummy-complete",
        P3,
        {"pay": True},
        None,
        {"winner": "Cem", "end": "out", "hands": {"Ana": ["4D"], "Ben": ["9S", "JS"]}},
        {"Ana": -4, "Ben": -19, "Cem": 23},  # each pays what they hold: 4; 9 + 10
        ["Cem"],
    ),
    # --- block rummy ---------------------------------------------------------------------
    (
        "block-out-as-basic",
        "block-rummy",
        P3,
        {},
        None,
        {"winner": "Ben", "end": "out", "hands": {"Ana": ["9C"], "Cem": ["2S", "3S"]}},
        zeros(P3, Ben=14),  # 9 + 2 + 3
        ["Ben"],
    ),
    (
        "block-stock-lowest-earns-differences",
        "block-rummy",
        P3,
        {},
        None,
        {
            "winner": None,
            "end": "stock",
            "hands": {"Ana": ["2C", "3D"], "Ben": ["9C"], "Cem": ["KS", "QS"]},
        },
        zeros(P3, Ana=19),  # counts 5, 9, 20: Ana earns (9-5) + (20-5) = 4 + 15 = 19
        ["Ana"],
    ),
    (
        "block-stock-tie-shares-remainder-to-nobody",
        "block-rummy",
        P3,
        {},
        None,
        {
            "winner": None,
            "end": "stock",
            "hands": {"Ana": ["2C", "3D"], "Ben": ["5S"], "Cem": ["KS", "2H"]},
        },
        # counts 5, 5, 12: the points are (12-5) = 7; two ways: 3 each, 1 credited to nobody
        zeros(P3, Ana=3, Ben=3),
        ["Ana", "Ben"],
    ),
    (
        "block-stock-pay",
        "block-rummy",
        P3,
        {"pay": True},
        None,
        {
            "winner": None,
            "end": "stock",
            "hands": {"Ana": ["2C", "3D"], "Ben": ["9C"], "Cem": ["KS", "QS"]},
        },
        {"Ana": 19, "Ben": -4, "Cem": -15},  # Ben pays 9-5 = 4, Cem pays 20-5 = 15
        ["Ana"],
    ),
    # --- boat house: the losers' hands are arranged; an ace counts 11 --------------------
    (
        "boat-house-losers-arranged",
        "boat-house",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": ["7H", "8H", "9H", "KS"], "Cem": ["AS", "2S", "3S", "QD"]},
        },
        zeros(P3, Ana=20),  # Ben melds 7-8-9H, KS 10 left; Cem melds A-2-3S, QD 10: 20
        ["Ana"],
    ),
    (
        "boat-house-around-the-corner",
        "boat-house",
        ["Ana", "Ben"],
        {},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["KH", "AH", "2H", "5C", "AD"]}},
        zeros(["Ana", "Ben"], Ana=16),  # K-A-2H wraps; 5 + AD 11 = 16 unmatched
        ["Ana"],
    ),
    (
        "boat-house-declared-melds-hand-is-deadwood",
        "boat-house",
        ["Ana", "Ben"],
        {},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": ["KS", "4D"]},
            "melds": {"Ben": [["7H", "8H", "9H"]]},
        },
        zeros(["Ana", "Ben"], Ana=14),  # melds as declared; the hand K 10 + 4 is unmatched
        ["Ana"],
    ),
    # --- kaluki: ace 15, joker 25 ---------------------------------------------------------
    (
        "kaluki-ace-15-joker-25",
        "kaluki",
        P3,
        {},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["AS", "JK", "5D"], "Cem": ["KC"]}},
        zeros(P3, Ana=55),  # 15 + 25 + 5 = 45; 10; 55
        ["Ana"],
    ),
    (
        "kaluki-british-values",
        "kaluki",
        ["Ana", "Ben"],
        {"ace_value": 11, "joker_value": 15},
        None,
        {"winner": "Ben", "end": "out", "hands": {"Ana": ["AS", "JK"]}},
        zeros(["Ana", "Ben"], Ben=26),  # 11 + 15
        ["Ben"],
    ),
    (
        "kaluki-pay",
        "kaluki",
        P3,
        {"pay": True},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["2C"], "Cem": ["QH", "AH"]}},
        {"Ana": 27, "Ben": -2, "Cem": -25},  # Ben pays 2; Cem pays 10 + 15
        ["Ana"],
    ),
    # --- double rum: ace 11, joker 15, identical cards from two decks --------------------
    (
        "double-rum-identical-cards",
        "double-rum",
        ["Ana", "Ben"],
        {},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["AS", "AS", "JK"]}},
        zeros(["Ana", "Ben"], Ana=37),  # 11 + 11 + 15
        ["Ana"],
    ),
    (
        "double-rum-empty-hand-counts-0",
        "double-rum",
        P3,
        {},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["QH", "10C"], "Cem": []}},
        zeros(P3, Ana=20),  # 10 + 10; Cem 0
        ["Ana"],
    ),
    (
        "double-rum-rummy",
        "double-rum",
        P3,
        {},
        None,
        {"winner": "Cem", "end": "rummy", "hands": {"Ana": ["3D"], "Ben": ["JK", "JK"]}},
        zeros(P3, Cem=33),  # 3 + 15 + 15
        ["Cem"],
    ),
    # --- knock rummy ---------------------------------------------------------------------
    (
        "knock-lowest-knocker-wins-differences",
        "knock-rummy",
        P3,
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
        zeros(P3, Ana=14),  # deadwood 4, 10, 12: Ana wins (10-4) + (12-4) = 6 + 8 = 14
        ["Ana"],
    ),
    (
        "knock-undercut-bonus-paid-by-knocker",
        "knock-rummy",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4D", "9H", "9C", "9D"],
                "Ben": ["5C", "6C", "7C", "2D", "10S", "JS", "QS"],
                "Cem": ["KD", "QD", "4H", "5H", "6H", "7H", "8H"],
            },
        },
        # deadwood 4, 2, 20: Ben wins (4-2) + (20-2) = 20, + 10 paid by Ana
        {"Ana": -10, "Ben": 30, "Cem": 0},
        ["Ben"],
    ),
    (
        "knock-tie-wins-without-bonus",
        "knock-rummy",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4D", "9H", "9C", "9D"],
                "Ben": ["5C", "6C", "7C", "4H", "10S", "JS", "QS"],
                "Cem": ["KD", "8D", "8C", "8S", "AC", "2C", "3C"],
            },
        },
        zeros(P3, Ben=6),  # 4, 4, 10: Ben ties the knocker and wins 0 + 6, no undercut
        ["Ben"],
    ),
    (
        "knock-undercut-on-tie",
        "knock-rummy",
        P3,
        {"undercut_on_tie": True},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4D", "9H", "9C", "9D"],
                "Ben": ["5C", "6C", "7C", "4H", "10S", "JS", "QS"],
                "Cem": ["KD", "8D", "8C", "8S", "AC", "2C", "3C"],
            },
        },
        {"Ana": -10, "Ben": 16, "Cem": 0},  # 6 and the 10 bonus paid by Ana
        ["Ben"],
    ),
    (
        "knock-knocker-rummy-tied-still-wins",
        "knock-rummy",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "7H", "8H", "9H", "10H"],
                "Ben": ["5C", "6C", "7C", "9D", "10D", "JD", "QD"],
                "Cem": ["KD", "2D", "6S", "7S", "8S", "9S", "10S"],
            },
        },
        zeros(P3, Ana=62),  # 0, 0, 12: Ana wins 0 + 12, rummy 25 x 2 opponents = 50: 62
        ["Ana"],
    ),
    (
        "knock-non-knocker-rummy-undercuts",
        "knock-rummy",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4D", "9H", "9C", "9D"],
                "Ben": ["5C", "6C", "7C", "10S", "JS", "QS", "KS"],
                "Cem": ["KD", "8D", "8C", "8S", "AC", "2C", "3C"],
            },
        },
        # 4, 0, 10: Ben wins 4 + 10 = 14, rummy 25 x 2 = 50, undercut 10 from Ana: 74
        {"Ana": -10, "Ben": 74, "Cem": 0},
        ["Ben"],
    ),
    (
        "knock-several-share-lowest",
        "knock-rummy",
        P4,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["6D", "9H", "9C", "9D", "10S", "JS", "QS"],
                "Ben": ["2C", "8D", "8C", "8S", "QC", "QD", "QH"],
                "Cem": ["2H", "3S", "4S", "5S", "KC", "KS", "KH"],
                "Dan": ["9S", "6H", "7H", "8H", "3C", "4C", "5C"],
            },
        },
        # 6, 2, 2, 9: Ben and Cem each win (6-2) + 0 + (9-2) = 11, and 10 each from Ana
        {"Ana": -20, "Ben": 21, "Cem": 21, "Dan": 0},
        ["Ben", "Cem"],
    ),
    (
        "knock-pay",
        "knock-rummy",
        P3,
        {"pay": True},
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
        {"Ana": 14, "Ben": -6, "Cem": -8},  # Ben pays 10-4, Cem pays 12-4
        ["Ana"],
    ),
    (
        "knock-declared-melds",
        "knock-rummy",
        ["Ana", "Ben"],
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["3D", "9H", "9S", "9D", "JS", "QS", "KS", "5H", "6H", "7H"],
                "Ben": ["8C", "9C"],
            },
            "melds": {"Ben": [["5C", "6C", "7C"], ["2S", "3S", "4S", "5S", "6S"]]},
        },
        # Ben declared 5-6-7C, so 8C 9C are deadwood as given (17), not 5-9C: 17 - 3 = 14
        zeros(["Ana", "Ben"], Ana=14),
        ["Ana"],
    ),
    # --- continental: 1 from each, 2 a joker, transfers from a start of 100 ---------------
    (
        "continental-plain",
        "continental",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "melds": {"Ana": FIVE_PLAIN_RUNS},
        },
        {"Ana": 2, "Ben": -1, "Cem": -1},  # 1 from each of 2
        ["Ana"],
    ),
    (
        "continental-joker-2-more",
        "continental",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "melds": {
                "Ana": [
                    ["AS", "2S", "3S"],
                    ["4H", "JK", "6H"],
                    ["7D", "8D", "9D"],
                    ["10C", "JC", "QC"],
                    ["4S", "5S", "6S"],
                ]
            },
        },
        {"Ana": 6, "Ben": -3, "Cem": -3},  # 1 + 2 for the joker = 3 from each
        ["Ana"],
    ),
    (
        "continental-deuces-wild",
        "continental",
        P3,
        {"deuces_wild": True},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "melds": {
                "Ana": [
                    ["AS", "2S", "3S"],
                    ["4H", "2C", "6H"],
                    ["7D", "8D", "9D"],
                    ["10C", "JC", "QC"],
                    ["4S", "5S", "6S"],
                ]
            },
        },
        # 2C stands for 5H: wild, +1; 2S in A-2-3S is a natural two: nothing. 1 + 1 = 2 each
        {"Ana": 4, "Ben": -2, "Cem": -2},
        ["Ana"],
    ),
    (
        "continental-quick-0-draws",
        "continental",
        ["Ana", "Ben"],
        {"quick_bonus": True},
        None,
        {
            "winner": "Ben",
            "end": "out",
            "draws": 0,
            "melds": {"Ben": FIVE_PLAIN_RUNS},
        },
        {"Ana": -11, "Ben": 11},  # 1 + 10
        ["Ben"],
    ),
    (
        "continental-quick-1-draw",
        "continental",
        ["Ana", "Ben"],
        {"quick_bonus": True},
        None,
        {
            "winner": "Ben",
            "end": "out",
            "draws": 1,
            "melds": {"Ben": FIVE_PLAIN_RUNS},
        },
        {"Ana": -8, "Ben": 8},  # 1 + 7
        ["Ben"],
    ),
    (
        "continental-special-one-suit",
        "continental",
        P3,
        {"special_bonus": True},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "melds": {
                "Ana": [
                    ["AS", "2S", "3S", "4S", "5S"],
                    ["6S", "7S", "8S", "9S"],
                    ["10S", "JS", "QS"],
                    ["2S", "3S", "4S"],
                ]
            },
        },
        # 5+4+3+3 all spades (two decks), no wild: 1 + 10 + 10 = 21 from each of 2
        {"Ana": 42, "Ben": -21, "Cem": -21},
        ["Ana"],
    ),
    (
        "continental-special-no-wild-only",
        "continental",
        ["Ana", "Ben"],
        {"special_bonus": True},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "melds": {"Ana": FIVE_PLAIN_RUNS},
        },
        {"Ana": 11, "Ben": -11},  # 1 + 10 (no wild card; four suits)
        ["Ana"],
    ),
    # --- queen city: own melded value times opponents -------------------------------------
    (
        "queen-city-times-opponents",
        "queen-city",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "melds": {"Ana": [["5H", "6H", "7H"], ["KS", "KD", "KC", "KH"]]},
        },
        zeros(P3, Ana=116),  # 5 + 6 + 7 + 4 x 10 = 58, x 2 opponents = 116
        ["Ana"],
    ),
    (
        "queen-city-four-players",
        "queen-city",
        P4,
        {},
        None,
        {
            "winner": "Dan",
            "end": "out",
            "melds": {"Dan": [["2C", "3C", "4C"], ["8D", "8S", "8H", "8C"]]},
        },
        zeros(P4, Dan=123),  # 2 + 3 + 4 + 32 = 41, x 3 = 123
        ["Dan"],
    ),
    (
        "queen-city-joker-as-its-card",
        "queen-city",
        P3,
        {"jokers": 1},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "melds": {"Ana": [["5H", "JK", "7H"], ["KS", "KD", "KC", "KH"]]},
        },
        zeros(P3, Ana=116),  # the joker is 6H: 58 as before (not 15), x 2
        ["Ana"],
    ),
    (
        "queen-city-pay",
        "queen-city",
        P3,
        {"pay": True},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "melds": {"Ana": [["5H", "6H", "7H"], ["KS", "KD", "KC", "KH"]]},
        },
        {"Ana": 116, "Ben": -58, "Cem": -58},  # each opponent pays 58
        ["Ana"],
    ),
    # --- phỏm: chips ---------------------------------------------------------------------
    (
        "phom-u-6-from-each",
        "phom",
        P4,
        {},
        "Dan",
        {
            "winner": "Ana",
            "end": "rummy",
            "melds": {"Ana": [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]},
        },
        {"Ana": 18, "Ben": -6, "Cem": -6, "Dan": -6},
        ["Ana"],
    ),
    (
        "phom-u-ten-cards-12",
        "phom",
        P3,
        {},
        "Cem",
        {
            "winner": "Ben",
            "end": "rummy",
            "ten_cards": True,
            "melds": {"Ben": [["AS", "2S", "3S", "4S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]},
        },
        {"Ana": -12, "Ben": 24, "Cem": -12},
        ["Ben"],
    ),
    (
        "phom-places-1-2-3",
        "phom",
        P4,
        {},
        "Dan",
        {
            "winner": None,
            "end": "stock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4H"],
                "Ben": ["5C", "6C", "7C", "KD"],
                "Cem": ["9H", "9D", "9S", "2D"],
                "Dan": ["8H", "8D", "8S", "QC", "JC"],
            },
        },
        # unmelded: Ana 4, Ben K 13, Cem 2, Dan Q 12 + J 11 = 23. Cem wins;
        # Ana 2nd pays 1, Ben 3rd pays 2, Dan 4th pays 3: Cem +6
        {"Ana": -1, "Ben": -2, "Cem": 6, "Dan": -3},
        ["Cem"],
    ),
    (
        "phom-mom-pays-4",
        "phom",
        P4,
        {},
        "Dan",
        {
            "winner": None,
            "end": "stock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4H"],
                "Ben": ["5C", "6C", "7C", "KD"],
                "Cem": ["9H", "9D", "9S", "2D"],
                "Dan": ["QC", "JC", "3D"],
            },
        },
        # Dan has no meld (móm): pays 4, out of the order. Cem 2 wins, Ana 4 pays 1, Ben 13 pays 2
        {"Ana": -1, "Ben": -2, "Cem": 7, "Dan": -4},
        ["Cem"],
    ),
    (
        "phom-tie-goes-earlier-in-turn-order",
        "phom",
        P4,
        {},
        "Dan",
        {
            "winner": None,
            "end": "stock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4H"],
                "Ben": ["5C", "6C", "7C", "KD"],
                "Cem": ["9H", "9D", "9S", "4D"],
                "Dan": ["8H", "8D", "8S", "QC", "JC"],
            },
        },
        # Ana 4 and Cem 4 tie; dealer Dan: turn order Ana, Ben, Cem, Dan: Ana wins,
        # Cem 2nd pays 1, Ben 13 pays 2, Dan 23 pays 3
        {"Ana": 6, "Ben": -2, "Cem": -1, "Dan": -3},
        ["Ana"],
    ),
    (
        "phom-tie-dealer-moves-the-order",
        "phom",
        P4,
        {},
        "Ana",
        {
            "winner": None,
            "end": "stock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4H"],
                "Ben": ["5C", "6C", "7C", "KD"],
                "Cem": ["9H", "9D", "9S", "4D"],
                "Dan": ["8H", "8D", "8S", "QC", "JC"],
            },
        },
        # dealer Ana: turn order Ben, Cem, Dan, Ana: Cem is earlier than Ana and wins
        {"Ana": -1, "Ben": -2, "Cem": 6, "Dan": -3},
        ["Cem"],
    ),
    (
        "phom-two-players-1-chip",
        "phom",
        ["Ana", "Ben"],
        {},
        "Ben",
        {
            "winner": None,
            "end": "stock",
            "hands": {"Ana": ["AS", "2S", "3S", "5H"], "Ben": ["4C", "4D", "4S", "9H"]},
        },
        {"Ana": 1, "Ben": -1},  # 5 against 9
        ["Ana"],
    ),
    (
        "phom-feeding-1-chip",
        "phom",
        P4,
        {"feeding_penalties": True},
        "Dan",
        {
            "winner": None,
            "end": "stock",
            "fed": [["Ben", "Cem"]],
            "hands": {
                "Ana": ["AS", "2S", "3S", "4H"],
                "Ben": ["5C", "6C", "7C", "KD"],
                "Cem": ["9H", "9D", "9S", "2D"],
                "Dan": ["8H", "8D", "8S", "QC", "JC"],
            },
        },
        # places as before (Ana 1, Ben 2, Dan 3 to Cem) and Ben, Cem's right-hand
        # neighbour, fed Cem once: 1 more
        {"Ana": -1, "Ben": -3, "Cem": 7, "Dan": -3},
        ["Cem"],
    ),
    (
        "phom-three-discards-feeder-pays-for-all",
        "phom",
        P3,
        {"feeding_penalties": True},
        "Cem",
        {
            "winner": "Cem",
            "end": "rummy",
            "fed": [["Ben", "Cem"]] * 3,
            "melds": {"Cem": [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]},
        },
        # Ben fed Cem three times and Cem went ù: Ben pays 6 for Ana and 6 for himself,
        # and the 3 feeding chips: 15
        {"Ana": 0, "Ben": -15, "Cem": 15},
        ["Cem"],
    ),
    # --- german rummy: penalties ---------------------------------------------------------
    (
        "german-each-loser-adds-hand",
        "german-rummy",
        P3,
        {},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["JK", "AS", "KD"], "Cem": ["3C"]}},
        {"Ana": 0, "Ben": 51, "Cem": 3},  # joker 30 + ace 11 + K 10 = 51; 3
        ["Ana"],
    ),
    (
        "german-joker-20",
        "german-rummy",
        ["Ana", "Ben"],
        {"joker_value": 20},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["JK", "2H"]}},
        {"Ana": 0, "Ben": 22},  # 20 + 2
        ["Ana"],
    ),
    (
        "german-rummy-end-no-surcharge",
        "german-rummy",
        P3,
        {},
        None,
        {"winner": "Cem", "end": "rummy", "hands": {"Ana": ["QH", "QD"], "Ben": ["7S"]}},
        {"Ana": 20, "Ben": 7, "Cem": 0},  # no surcharges in Rommé: 10 + 10; 7
        ["Cem"],
    ),
    # --- nowrang: one hand won -----------------------------------------------------------
    (
        "nowrang-hand-won",
        "nowrang",
        ["Ana", "Ben"],
        {},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "melds": {"Ana": [["JH", "QH", "KH", "AH"], ["2C", "3C", "4C"], ["7D", "8D", "9D"]]},
        },
        {"Ana": 1, "Ben": 0},
        ["Ana"],
    ),
    (
        "nowrang-without-melds",
        "nowrang",
        ["Ana", "Ben"],
        {},
        None,
        {"winner": "Ben", "end": "out"},
        {"Ana": 0, "Ben": 1},
        ["Ben"],
    ),
    (
        "nowrang-pay",
        "nowrang",
        ["Ana", "Ben"],
        {"pay": True},
        None,
        {"winner": "Ben", "end": "out"},
        {"Ana": -1, "Ben": 1},
        ["Ben"],
    ),
    # --- rami: penalties and surcharges --------------------------------------------------
    (
        "rami-hand-and-no-meld",
        "rami",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": ["JK", "AS", "10H"], "Cem": ["4C"]},
            "opened": {"Ben": True, "Cem": False},
        },
        {"Ana": 0, "Ben": 171, "Cem": 104},  # 150 + 11 + 10; 4 + 100 (no meld yet)
        ["Ana"],
    ),
    (
        "rami-rummy-100-more",
        "rami",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "rummy",
            "hands": {"Ben": ["5C"], "Cem": ["5D"]},
            "opened": {"Ben": True, "Cem": False},
        },
        {"Ana": 0, "Ben": 105, "Cem": 205},  # 5 + 100 rummy; 5 + 100 no meld + 100 rummy
        ["Ana"],
    ),
    (
        "rami-rummy-nobody-melded-200",
        "rami",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "rummy",
            "hands": {"Ben": ["5C"], "Cem": ["KD"]},
            "opened": {"Ben": False, "Cem": False},
        },
        # reading: 200 replaces the rummy 100: hand + 100 + 200
        {"Ana": 0, "Ben": 305, "Cem": 310},
        ["Ana"],
    ),
    (
        "rami-unopened-flat",
        "rami",
        P3,
        {"unopened": "flat"},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": ["KD"], "Cem": ["KC", "JK"]},
            "opened": {"Ben": True, "Cem": False},
        },
        {"Ana": 0, "Ben": 10, "Cem": 100},  # flat 100 instead of 10 + 150 + 100
        ["Ana"],
    ),
    (
        "rami-rummy-double",
        "rami",
        P3,
        {"rummy": "double"},
        None,
        {
            "winner": "Ana",
            "end": "rummy",
            "hands": {"Ben": ["5C"], "Cem": ["5D"]},
            "opened": {"Ben": True, "Cem": False},
        },
        {"Ana": 0, "Ben": 10, "Cem": 210},  # 5 x 2; (5 + 100) x 2
        ["Ana"],
    ),
    (
        "rami-joker-value-25",
        "rami",
        ["Ana", "Ben"],
        {"joker_value": 25},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["JK", "3H"]}, "opened": {"Ben": True}},
        {"Ana": 0, "Ben": 28},  # 25 + 3
        ["Ana"],
    ),
    # --- carousel ------------------------------------------------------------------------
    (
        "carousel-knocker-lowest",
        "carousel",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {"Ana": ["AS", "2C"], "Ben": ["9H"], "Cem": ["KD", "5S"]},
        },
        zeros(P3, Ana=18),  # 3, 9, 15: (9-3) + (15-3) = 18
        ["Ana"],
    ),
    (
        "carousel-two-players-difference",
        "carousel",
        ["Ana", "Ben"],
        {},
        None,
        {"winner": "Ana", "end": "knock", "hands": {"Ana": ["2C"], "Ben": ["10H"]}},
        zeros(["Ana", "Ben"], Ana=8),  # 10 - 2
        ["Ana"],
    ),
    (
        "carousel-undercut",
        "carousel",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {"Ana": ["4C"], "Ben": ["AS", "2C"], "Cem": ["KD"]},
        },
        zeros(P3, Ben=18),  # 4, 3, 10: Ben (4-3) + (10-3) = 8, + 10 undercut
        ["Ben"],
    ),
    (
        "carousel-knocker-tied-by-one",
        "carousel",
        P3,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {"Ana": ["4C"], "Ben": ["3C", "AH"], "Cem": ["KD"]},
        },
        zeros(P3, Ben=16),  # 4, 4, 10: Ben wins 0 + 6 and the bonus 10
        ["Ben"],
    ),
    (
        "carousel-knocker-tied-by-two",
        "carousel",
        P4,
        {},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {"Ana": ["4C"], "Ben": ["4D"], "Cem": ["4H"], "Dan": ["KD"]},
        },
        zeros(P4, Ben=16, Cem=16),  # each: 0 + 0 + 6 and the bonus 10
        ["Ben", "Cem"],
    ),
    (
        "carousel-out-all-cards",
        "carousel",
        P3,
        {},
        None,
        {"winner": "Ana", "end": "out", "hands": {"Ana": [], "Ben": ["5C"], "Cem": ["JK"]}},
        zeros(P3, Ana=55),  # 5 + 25 (joker) = 30, no cards left +25
        ["Ana"],
    ),
    (
        "carousel-stock-ties-both-win",
        "carousel",
        P3,
        {},
        None,
        {"winner": None, "end": "stock", "hands": {"Ana": ["3C"], "Ben": ["3D"], "Cem": ["9S"]}},
        zeros(P3, Ana=6, Ben=6),  # 3, 3, 9: each 0 + 6, no undercut bonus (reading)
        ["Ana", "Ben"],
    ),
    (
        "carousel-pay",
        "carousel",
        P3,
        {"pay": True},
        None,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {"Ana": ["AS", "2C"], "Ben": ["9H"], "Cem": ["KD", "5S"]},
        },
        {"Ana": 18, "Ben": -6, "Cem": -12},
        ["Ana"],
    ),
    # --- more edges, each worked by hand ---------------------------------------------------
    (
        "phom-mom-cannot-win-with-the-lowest-count",
        "phom",
        P4,
        {},
        "Dan",
        {
            "winner": None,
            "end": "stock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4H"],
                "Ben": ["5C", "6C", "7C", "KD"],
                "Cem": ["9H", "9D", "9S", "8D"],
                "Dan": ["AC", "2H"],
            },
        },
        # Dan 3 is lowest but móm: Ana 4 wins; Cem 8 pays 1, Ben 13 pays 2, Dan pays 4
        {"Ana": 7, "Ben": -2, "Cem": -1, "Dan": -4},
        ["Ana"],
    ),
    (
        "phom-everybody-mom-lowest-wins",
        "phom",
        P3,
        {},
        "Cem",
        {
            "winner": None,
            "end": "stock",
            "hands": {"Ana": ["KS", "2D"], "Ben": ["AH", "5C"], "Cem": ["QS", "9D"]},
        },
        # all móm: Ben 1 + 5 = 6 is lowest and wins; the others are móm and pay 4 each
        {"Ana": -4, "Ben": 8, "Cem": -4},
        ["Ben"],
    ),
    (
        "carousel-undercut-with-no-cards-left",
        "carousel",
        P3,
        {},
        None,
        {"winner": "Ana", "end": "knock", "hands": {"Ana": ["3C"], "Ben": [], "Cem": ["KD"]}},
        zeros(P3, Ben=48),  # 3, 0, 10: Ben 3 + 10 = 13, undercut +10, no cards +25
        ["Ben"],
    ),
    (
        "continental-three-decks-for-six",
        "continental",
        ["Ana", "Ben", "Cem", "Dan", "Eva", "Fay"],
        {},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "melds": {
                "Ana": [
                    ["AS", "2S", "3S"],
                    ["AS", "2S", "3S"],
                    ["AS", "2S", "3S"],
                    ["4H", "5H", "6H"],
                    ["7D", "8D", "9D"],
                ]
            },
        },
        # three decks hold A-2-3S three times; 1 from each of 5 opponents
        {"Ana": 5, "Ben": -1, "Cem": -1, "Dan": -1, "Eva": -1, "Fay": -1},
        ["Ana"],
    ),
    (
        "rami-five-players-three-decks",
        "rami",
        ["Ana", "Ben", "Cem", "Dan", "Eva"],
        {},
        None,
        {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": ["JK"] * 5, "Cem": ["2C"], "Dan": ["3C"], "Eva": []},
            "opened": {"Ben": True, "Cem": True, "Dan": False, "Eva": True},
        },
        # 5 jokers x 150 = 750; 2; 3 + 100 (no meld); 0
        {"Ana": 0, "Ben": 750, "Cem": 2, "Dan": 103, "Eva": 0},
        ["Ana"],
    ),
]


@pytest.mark.parametrize(
    ("variant", "players", "options", "dealer", "round_", "delta", "winners"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_worked_round(variant, players, options, dealer, round_, delta, winners):
    result = run(variant, players, round_, options, dealer)
    assert result["delta"] == delta
    assert result["winners"] == winners
    assert len(result["explain"]) == len(players)
    for player, line in zip(players, result["explain"], strict=True):
        assert line.startswith(f"{player}: ")
    if result["transfers"]:
        # where points pass between players, delta is their net (no other points here)
        assert sum(t["amount"] for t in result["transfers"]) > 0
        for t in result["transfers"]:
            assert t["from"] != t["to"] and t["amount"] > 0


def test_transfers_are_the_net_in_pay_games():
    result = run(
        "rummy",
        P3,
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS"], "Cem": ["3C"]}},
        {"pay": True},
    )
    # Ben pays 10, Cem pays 3
    assert sorted((t["from"], t["amount"]) for t in result["transfers"]) == [
        ("Ben", 10),
        ("Cem", 3),
    ]
    assert {p: net(result["transfers"], p) for p in P3} == result["delta"]


def test_no_transfers_where_the_winner_only_scores():
    result = run("rummy", P3, {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS"], "Cem": []}})
    assert result["transfers"] == []


def test_knock_undercut_is_a_transfer():
    result = run(
        "knock-rummy",
        P3,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["4D", "9H", "9C", "9D", "10S", "JS", "QS"],
                "Ben": ["2D", "8D", "8C", "8S", "3S", "4S", "5S"],
                "Cem": ["KD", "QD", "3C", "4C", "5C", "6C", "7C"],
            },
        },
    )
    assert {"from": "Ana", "to": "Ben", "amount": 10} in result["transfers"]


# --- explain lines a player can check -----------------------------------------------------


def test_rami_explain_line_adds_up():
    result = run(
        "rami",
        ["Ana", "Ben"],
        {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": ["JK", "AS", "10H"]},
            "opened": {"Ben": False},
        },
    )
    line = result["explain"][1]
    for part in ("150", "11", "171", "100", "271"):
        assert part in line


@pytest.mark.parametrize(
    ("variant", "players", "round_", "dealer", "who"),
    [
        (
            "rami",
            ["Ana", "Ben"],
            {"winner": "Ana", "end": "rummy", "hands": {"Ben": ["5C"]}, "opened": {"Ben": False}},
            None,
            "Ben",
        ),
        (
            "carousel",
            P3,
            {
                "winner": None,
                "end": "stock",
                "hands": {"Ana": ["3C"], "Ben": ["3D"], "Cem": ["9S"]},
            },
            None,
            "Ana",
        ),
        (
            "knock-rummy",
            P4,
            {
                "winner": "Ana",
                "end": "knock",
                "hands": {
                    "Ana": ["6D", "9H", "9C", "9D", "10S", "JS", "QS"],
                    "Ben": ["2C", "8D", "8C", "8S", "QC", "QD", "QH"],
                    "Cem": ["2H", "3S", "4S", "5S", "KC", "KS", "KH"],
                    "Dan": ["9S", "6H", "7H", "8H", "3C", "4C", "5C"],
                },
            },
            None,
            "Ben",
        ),
        (
            "queen-city",
            ["Ana", "Ben"],
            {
                "winner": "Ana",
                "end": "out",
                "melds": {"Ana": [["5H", "JK", "7H"], ["KS", "KD", "KC", "KH"]]},
            },
            None,
            "Ana",
        ),
        ("nowrang", ["Ana", "Ben"], {"winner": "Ana", "end": "out"}, None, "Ana"),
    ],
)
def test_explain_says_where_a_reading_decided(variant, players, round_, dealer, who):
    options = {"jokers": 1} if variant == "queen-city" else {}
    result = run(variant, players, round_, options, dealer)
    line = result["explain"][players.index(who)]
    assert "reading" in line


def test_block_explain_names_the_points_credited_to_nobody():
    result = run(
        "block-rummy",
        P3,
        {
            "winner": None,
            "end": "stock",
            "hands": {"Ana": ["2C", "3D"], "Ben": ["5S"], "Cem": ["KS", "2H"]},
        },
    )
    assert "nobody" in " ".join(result["explain"])


# Each of these scores was decided by a line VARIANTS.md marks "(reading)"; the explain
# line of the player it touches says so.
READING_LINES = [
    (
        "boat-house-losers-arranged",
        "boat-house",
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["7H", "8H", "9H", "KS"], "Cem": ["2C"]}},
        None,
        "Ben",
    ),
    (
        "rummy-complete-hands-not-arranged",
        "rummy-complete",
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["7H", "8H", "9H", "KS"], "Cem": ["2C"]}},
        None,
        "Ben",
    ),
    (
        "block-stock-read-as-the-stock",
        "block-rummy",
        {"winner": None, "end": "stock", "hands": {"Ana": ["2C"], "Ben": ["KS"], "Cem": ["3C"]}},
        None,
        "Ana",
    ),
    (
        "phom-places-1-2",
        "phom",
        {
            "winner": None,
            "end": "stock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4H"],
                "Ben": ["5C", "6C", "7C", "KD"],
                "Cem": ["9S", "9H", "9D", "QS"],
            },
        },
        "Cem",
        "Ben",
    ),
    (
        "phom-mom",
        "phom",
        {
            "winner": None,
            "end": "stock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4H"],
                "Ben": ["5C", "6C", "7C", "KD"],
                "Cem": ["QS", "9D"],
            },
        },
        "Cem",
        "Cem",
    ),
]


@pytest.mark.parametrize(
    ("variant", "round_", "dealer", "who"),
    [case[1:] for case in READING_LINES],
    ids=[case[0] for case in READING_LINES],
)
def test_explain_names_the_reading_that_decided(variant, round_, dealer, who):
    result = run(variant, P3, round_, {}, dealer)
    assert "reading" in result["explain"][P3.index(who)]


def test_carousel_pay_knocker_pays_the_undercut_reading():
    # 4, 3, 10: Ben wins; Ana pays 4 - 3 = 1, Cem pays 10 - 3 = 7, and (reading) the
    # knocker Ana pays the 10 undercut bonus: Ana -11, Ben +18, Cem -7
    result = run(
        "carousel",
        P3,
        {
            "winner": "Ana",
            "end": "knock",
            "hands": {"Ana": ["4C"], "Ben": ["AS", "2C"], "Cem": ["KD"]},
        },
        {"pay": True},
    )
    assert result["delta"] == {"Ana": -11, "Ben": 18, "Cem": -7}
    assert {"from": "Ana", "to": "Ben", "amount": 10} in result["transfers"]
    assert "reading" in result["explain"][1]


def test_carousel_pay_the_all_cards_bonus_is_scored_reading():
    # out with no cards: Ben pays 5, Cem pays 9 (transfers); +25 names no payer: Ana 14 + 25
    result = run(
        "carousel",
        P3,
        {"winner": "Ana", "end": "out", "hands": {"Ana": [], "Ben": ["5C"], "Cem": ["9C"]}},
        {"pay": True},
    )
    assert result["delta"] == {"Ana": 39, "Ben": -5, "Cem": -9}
    assert "reading" in result["explain"][0]


def test_phom_tie_says_turn_order_reading():
    hands = {
        "Ana": ["AS", "2S", "3S", "4H"],
        "Ben": ["5C", "6C", "7C", "KD"],
        "Cem": ["9H", "9D", "9S", "4D"],
        "Dan": ["8H", "8D", "8S", "QC", "JC"],
    }
    result = run("phom", P4, {"winner": None, "end": "stock", "hands": hands}, {}, "Dan")
    assert "reading" in result["explain"][0] and "Cem" in result["explain"][0]
