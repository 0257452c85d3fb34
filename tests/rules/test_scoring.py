"""Worked rounds, one table for every variant, each worked out by hand from VARIANTS.md.

Every row names the rule it checks; the comment above it is the working a player would do
at the table. Values: Basic Rummy family J/Q/K 10, ace 1 (11 when aces are low-or-high or
around), joker 15; other variants as noted. Malformed rounds are in test_scoring_validation.py.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import score


def m(*melds):
    """Melds written as strings of cards: m("AS 2S 3S", "KH KD KC")."""
    return [meld.split() for meld in melds]


P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Cem"]
P4 = ["Ana", "Ben", "Cem", "Dan"]
P5 = ["Ana", "Ben", "Cem", "Dan", "Eva"]

# 3+3+3+3+3 runs, no wild card: legal Continental hands
FIVE_PLAIN_RUNS = m("AS 2S 3S", "4H 5H 6H", "7D 8D 9D", "10C JC QC", "4S 5S 6S")
FIVE_THREES = m("3S 4S 5S", "3H 4H 5H", "3D 4D 5D", "3C 4C 5C", "8S 9S 10S")
# Phỏm's ù: nine (or ten) cards, every one melded
U_NINE = {"Ana": m("AS 2S 3S", "7H 7D 7C", "9C 10C JC")}
U_TEN = {"Ana": m("AS 2S 3S 4S", "7H 7D 7C", "9C 10C JC")}
PHOM_HANDS = {
    "Ana": "4S 5S 6S 2D",  # meld 4-5-6, deadwood 2
    "Ben": "9H 9D 9C KC",  # meld nines, deadwood K 13
    "Cem": "JH QH KH 3C 5C",  # meld J-Q-K, deadwood 3 + 5 = 8
    "Dan": "AC 2H 7S",  # no meld: móm
}
PHOM_TIE3 = {
    "Ana": "4S 5S 6S 2D",  # deadwood 2
    "Ben": "9H 9D 9C 2C",  # deadwood 2
    "Cem": "JH QH KH 3C",  # deadwood 3
}
# Knock Rummy deadwood: Ana 6, Ben 6, Cem K 10
KNOCK_TIE = {
    "Ana": "AS 2S 3S 6H 9H 9C 9D",
    "Ben": "4C 5C 6C 6D 10S JS QS",
    "Cem": "KD 8D 8C 8S AC 2C 3C",
}


def out(winner, end="out", **hands):
    """A round someone went out (or rummy) in; hands as strings of cards: Ben="KS 7D"."""
    round_ = {"winner": winner, "end": end}
    if hands:
        round_["hands"] = {player: cards.split() for player, cards in hands.items()}
    return round_


def knock(knocker, **hands):
    return out(knocker, "knock", **hands)


def stock(**hands):
    """The stock ran out (or the game blocked): nobody went out."""
    return out(None, "stock", **hands)


def pays(payer, payee, amount):
    return {"from": payer, "to": payee, "amount": amount}


def row(
    id_, variant, round_, delta, *, winners=None, players=P3, options=None, dealer=None, **expected
):
    """One worked round: the request as the contract takes it and the answer worked by hand.

    ``delta`` names the players whose total moves (the others score 0); ``winners`` is the
    round's winner unless given. ``expected`` may add ``transfers`` (exact), ``bonuses``
    (exact), ``explain`` (a player's whole line) and ``explain_says`` (words a line holds)."""
    request = {"variant": variant, "players": players, "round": round_, "options": options or {}}
    if dealer is not None:
        request["dealer"] = dealer
    if winners is None:
        winners = [round_["winner"]] if round_["winner"] else []
    delta = {player: delta.get(player, 0) for player in players}
    return {"id": id_, "request": request, "delta": delta, "winners": winners, **expected}


ROUNDS = [
    # --- rummy: the winner scores the cards left in all other hands --------------------
    # Ben K 10 + 7 + A 1 = 18; Cem 4; 18 + 4 = 22
    row(
        "rummy-winner-collects",
        "rummy",
        out("Ana", Ben="KS 7D AC", Cem="4C"),
        {"Ana": 22},
        transfers=[],
        explain={"Ben": "Ben: KS 10 + 7D 7 + AC 1 = 18 for Ana; scores 0"},
    ),
    # A 11 + 2 = 13; 9; 13 + 9 = 22
    row(
        "rummy-ace-11-when-low-or-high",
        "rummy",
        out("Ana", Ben="AS 2C", Cem="9H"),
        {"Ana": 22},
        options={"ace": "low-or-high"},
    ),
    # JK 15 + 3 = 18; Q 10; 28
    row(
        "rummy-joker-15",
        "rummy",
        out("Cem", Ana="JK 3H", Ben="QD"),
        {"Cem": 28},
        options={"jokers": 2},
    ),
    # (5 + 5 + 10) = 20, going rummy doubles: 40
    row(
        "rummy-doubles-when-rummy",
        "rummy",
        out("Ana", end="rummy", Ben="5H 5D", Cem="KC"),
        {"Ana": 40},
        options={"rummy_doubles": True},
    ),
    # 5 + 5 + 10 = 20, not doubled: went out normally
    row(
        "rummy-doubles-not-when-out",
        "rummy",
        out("Ana", Ben="5H 5D", Cem="KC"),
        {"Ana": 20},
        options={"rummy_doubles": True},
    ),
    # 1 a card, joker 2: Ben 1 + 2 + 1 = 4, Cem 1: 5
    row(
        "rummy-count-cards",
        "rummy",
        out("Ana", Ben="KS JK 2C", Cem="9D"),
        {"Ana": 5},
        options={"count_cards": True, "jokers": 2},
    ),
    # 8 + 9
    row(
        "rummy-single-hand-scores-like-rummy",
        "rummy",
        out("Ben", Ana="8C 9C"),
        {"Ben": 17},
        players=P2,
        options={"single_hand": True},
    ),
    # aces low: 1 + 1 + 2 = 4
    row("rummy-ace-counts-1", "rummy", out("Ana", Ben="AS", Cem="AD 2C"), {"Ana": 4}),
    # low-or-high: 11 + 11 + 2 = 24
    row(
        "rummy-aces-11-each-when-low-or-high",
        "rummy",
        out("Ana", Ben="AS", Cem="AD 2C"),
        {"Ana": 24},
        options={"ace": "low-or-high"},
    ),
    # without the house rule going rummy scores as usual: 5 + 5 + 10 = 20
    row(
        "rummy-going-rummy-without-the-house-rule",
        "rummy",
        out("Ana", end="rummy", Ben="5H 5D", Cem="QH"),
        {"Ana": 20},
    ),
    # 1 a card, a joker 2: Ben K + JK = 1 + 2, Cem 4C = 1
    row(
        "rummy-count-cards-joker-2",
        "rummy",
        out("Ana", Ben="KS JK", Cem="4C"),
        {"Ana": 4},
        options={"count_cards": True, "jokers": 2},
    ),
    row(
        "rummy-a-lone-joker-15",
        "rummy",
        out("Ana", Ben="JK", Cem=""),
        {"Ana": 15},
        options={"jokers": 2},
    ),
    # the winner of a going-out round needs no hand; empty hands score nothing
    row("rummy-empty-hands-score-0", "rummy", out("Ana", Ben="", Cem=""), {}),
    # K 10 and nothing else; no transfers and no bonus where the winner only scores
    row(
        "rummy-winner-only-scores",
        "rummy",
        out("Ana", Ben="KS", Cem=""),
        {"Ana": 10},
        transfers=[],
        bonuses={},
    ),
    # Ben pays his 10, Cem his 4: Ana +14, Ben -10, Cem -4
    row(
        "rummy-pay-turns-collecting-into-payments",
        "rummy",
        out("Ana", Ben="KS", Cem="4C"),
        {"Ana": 14, "Ben": -10, "Cem": -4},
        options={"pay": True},
        transfers=[pays("Ben", "Ana", 10), pays("Cem", "Ana", 4)],
    ),
    # Ben pays 10, Cem pays 3
    row(
        "rummy-pay-each-loser-pays-the-winner",
        "rummy",
        out("Ana", Ben="KS", Cem="3C"),
        {"Ana": 13, "Ben": -10, "Cem": -3},
        options={"pay": True},
        transfers=[pays("Ben", "Ana", 10), pays("Cem", "Ana", 3)],
    ),
    # --- around the corner: an ace left in hand counts 11 --------------------------------
    # A 11 + 3 = 14; K 10; 24
    row("around-ace-11", "around-the-corner", out("Ana", Ben="AH 3C", Cem="KD"), {"Ana": 24}),
    # drift-out: K 10 + A 11 + 2 = 23 (not arranged)
    row(
        "around-hand-counted-as-it-is",
        "around-the-corner",
        out("Ben", Ana="KH AH 2H"),
        {"Ben": 23},
        players=P2,
    ),
    # 6; 7 + A 11 = 18; 24 (no doubling without rummy_doubles)
    row(
        "around-rummy-end",
        "around-the-corner",
        out("Cem", end="rummy", Ana="6S", Ben="7S AD"),
        {"Cem": 24},
    ),
    # Ben: A 11 + K 10 = 21
    row("around-ace-in-hand-11", "around-the-corner", out("Ana", Ben="AD KS", Cem=""), {"Ana": 21}),
    # Ana pays her ace: 11
    row(
        "around-pay",
        "around-the-corner",
        out("Ben", Ana="AC", Cem=""),
        {"Ana": -11, "Ben": 11},
        options={"pay": True},
        transfers=[pays("Ana", "Ben", 11)],
    ),
    # --- rummy complete: the others' hands are not arranged ------------------------------
    # 5 + 6 + 7 + 10 = 28 even though 5-6-7H is a run; + 2 = 30
    row(
        "complete-full-value",
        "rummy-complete",
        out("Ana", Ben="5H 6H 7H KS", Cem="2C"),
        {"Ana": 30},
    ),
    # 10 + 10 + 10 + 1
    row(
        "complete-two-players",
        "rummy-complete",
        out("Ben", Ana="QS QH QD AC"),
        {"Ben": 31},
        players=P2,
    ),
    # each pays what they hold: 4; 9 + 10
    row(
        "complete-pay",
        "rummy-complete",
        out("Cem", Ana="4D", Ben="9S JS"),
        {"Ana": -4, "Ben": -19, "Cem": 23},
        options={"pay": True},
    ),
    # 3-4-5 of hearts would meld, but the others' hands count in full: 3+4+5+9 = 21
    row(
        "complete-run-in-hand-not-arranged",
        "rummy-complete",
        out("Ana", Ben="3H 4H 5H 9C", Cem=""),
        {"Ana": 21},
    ),
    # Cem: J-Q-K of diamonds 30 in full; Ben 2; Ana collects 32
    row(
        "complete-three-hands", "rummy-complete", out("Ana", Ben="2S", Cem="KD QD JD"), {"Ana": 32}
    ),
    # ace low: 1 + 1
    row("complete-ace-low", "rummy-complete", out("Ben", Ana="AS", Cem="AH"), {"Ben": 2}),
    # (reading) the hand counts in full: 7 + 8 + 9 + 10 = 34; 2: 36
    row(
        "complete-hands-not-arranged-reading",
        "rummy-complete",
        out("Ana", Ben="7H 8H 9H KS", Cem="2C"),
        {"Ana": 36},
        explain_says={"Ben": ["reading"]},
    ),
    # --- block rummy ---------------------------------------------------------------------
    # 9 + 2 + 3
    row("block-out-as-basic", "block-rummy", out("Ben", Ana="9C", Cem="2S 3S"), {"Ben": 14}),
    # counts 5, 9, 20: Ana earns (9-5) + (20-5) = 4 + 15 = 19
    row(
        "block-stock-lowest-earns-differences",
        "block-rummy",
        stock(Ana="2C 3D", Ben="9C", Cem="KS QS"),
        {"Ana": 19},
        winners=["Ana"],
    ),
    # counts 5, 5, 12: the points are (12-5) = 7; two ways: 3 each, 1 credited to nobody
    row(
        "block-stock-tie-shares-remainder-to-nobody",
        "block-rummy",
        stock(Ana="2C 3D", Ben="5S", Cem="KS 2H"),
        {"Ana": 3, "Ben": 3},
        winners=["Ana", "Ben"],
    ),
    # Ben pays 9-5 = 4, Cem pays 20-5 = 15
    row(
        "block-stock-pay",
        "block-rummy",
        stock(Ana="2C 3D", Ben="9C", Cem="KS QS"),
        {"Ana": 19, "Ben": -4, "Cem": -15},
        winners=["Ana"],
        options={"pay": True},
    ),
    row(
        "block-out-scores-as-basic-rummy",
        "block-rummy",
        out("Ana", Ben="9D", Cem="KH"),
        {"Ana": 19},
    ),
    # counts: Ana 5, Ben 9, Cem K 10 + 2 = 12; Ana earns (9-5) + (12-5) = 11
    row(
        "block-blocked-lowest-earns-the-differences",
        "block-rummy",
        stock(Ana="5C", Ben="9D", Cem="KH 2S"),
        {"Ana": 11},
        winners=["Ana"],
    ),
    # counts: Ana 5, Ben 4 + 1 = 5, Cem 12: differences 0 + 0 + 7 = 7, two ways: 3 each, 1 to nobody
    row(
        "block-tied-lowest-share-remainder-to-nobody",
        "block-rummy",
        stock(Ana="5C", Ben="4D AC", Cem="KH 2S"),
        {"Ana": 3, "Ben": 3},
        winners=["Ana", "Ben"],
        explain_says={"Ana": ["credited to nobody"]},
    ),
    # Ben pays 9 - 5 = 4, Cem pays 12 - 5 = 7
    row(
        "block-blocked-with-pay",
        "block-rummy",
        stock(Ana="5C", Ben="9D", Cem="KH 2S"),
        {"Ana": 11, "Ben": -4, "Cem": -7},
        winners=["Ana"],
        options={"pay": True},
    ),
    # counts Ana 2, Ben 2, Cem 5, Dan 5: Cem and Dan each owe 3, split two ways: 1 to Ana and
    # 1 to Ben each (the odd points go to nobody): Ana +2, Ben +2, Cem -2, Dan -2
    row(
        "block-tied-with-pay",
        "block-rummy",
        stock(Ana="2C", Ben="2D", Cem="5S", Dan="5H"),
        {"Ana": 2, "Ben": 2, "Cem": -2, "Dan": -2},
        winners=["Ana", "Ben"],
        players=P4,
        options={"pay": True},
        explain_says={"Ana": ["2 points that cannot be divided are credited to nobody"]},
    ),
    # counts 2, 10, 3: Ana earns 8 + 1 = 9; (reading) a block is scored as the stock running out
    row(
        "block-stock-read-as-the-stock",
        "block-rummy",
        stock(Ana="2C", Ben="KS", Cem="3C"),
        {"Ana": 9},
        winners=["Ana"],
        explain_says={"Ana": ["reading"]},
    ),
    # --- boat house: the losers' hands are arranged; an ace counts 11 --------------------
    # Ben melds 7-8-9H, KS 10 left; Cem melds A-2-3S, QD 10: 20
    row(
        "boat-house-losers-arranged",
        "boat-house",
        out("Ana", Ben="7H 8H 9H KS", Cem="AS 2S 3S QD"),
        {"Ana": 20},
    ),
    # K-A-2H wraps; 5 + AD 11 = 16 unmatched
    row(
        "boat-house-around-the-corner",
        "boat-house",
        out("Ana", Ben="KH AH 2H 5C AD"),
        {"Ana": 16},
        players=P2,
    ),
    # melds as declared; the hand K 10 + 4 is unmatched
    row(
        "boat-house-declared-melds-hand-is-deadwood",
        "boat-house",
        out("Ana", Ben="KS 4D") | {"melds": {"Ben": m("7H 8H 9H")}},
        {"Ana": 14},
        players=P2,
    ),
    # Ben shows 7-8-9 of spades; only the KD (10) is unmatched
    row(
        "boat-house-run-in-hand-arranged",
        "boat-house",
        out("Ana", Ben="7S 8S 9S KD", Cem=""),
        {"Ana": 10},
    ),
    # Ben: K-A-2 of hearts melds around the corner, 5C left: 5; Cem: AD left: 11
    row(
        "boat-house-ace-11-and-corner-runs",
        "boat-house",
        out("Ana", Ben="KH AH 2H 5C", Cem="AD"),
        {"Ana": 16},
    ),
    # Ben declares 7-8-9 of spades and holds KD and 9D: 10 + 9 = 19
    row(
        "boat-house-declared-melds-taken-as-declared",
        "boat-house",
        out("Ana", Ben="KD 9D", Cem="") | {"melds": {"Ben": m("7S 8S 9S")}},
        {"Ana": 19},
    ),
    # (reading) Ben's 7-8-9H is arranged away: KS 10; Cem 2: 12
    row(
        "boat-house-losers-arranged-reading",
        "boat-house",
        out("Ana", Ben="7H 8H 9H KS", Cem="2C"),
        {"Ana": 12},
        explain_says={"Ben": ["reading"]},
    ),
    # --- kaluki: ace 15, joker 25 ---------------------------------------------------------
    # 15 + 25 + 5 = 45; 10; 55
    row("kaluki-ace-15-joker-25", "kaluki", out("Ana", Ben="AS JK 5D", Cem="KC"), {"Ana": 55}),
    # 11 + 15
    row(
        "kaluki-british-values",
        "kaluki",
        out("Ben", Ana="AS JK"),
        {"Ben": 26},
        players=P2,
        options={"ace_value": 11, "joker_value": 15},
    ),
    # Ben pays 2; Cem pays 10 + 15
    row(
        "kaluki-pay",
        "kaluki",
        out("Ana", Ben="2C", Cem="QH AH"),
        {"Ana": 27, "Ben": -2, "Cem": -25},
        options={"pay": True},
    ),
    # Ben: JK 25 + A 15 + 7 = 47; Cem K 10: Ana 57
    row("kaluki-values", "kaluki", out("Ana", Ben="JK AS 7D", Cem="KS"), {"Ana": 57}),
    # ace 11, joker 15: 15 + 11 = 26
    row(
        "kaluki-british-values-3-players",
        "kaluki",
        out("Ana", Ben="JK AS", Cem=""),
        {"Ana": 26},
        options={"ace_value": 11, "joker_value": 15},
    ),
    # Ben pays Q 10, Ana pays 3
    row(
        "kaluki-pay-to-cem",
        "kaluki",
        out("Cem", Ben="QC", Ana="3H"),
        {"Ana": -3, "Ben": -10, "Cem": 13},
        options={"pay": True},
    ),
    # --- double rum: ace 11, joker 15, identical cards from two decks --------------------
    # 11 + 11 + 15
    row(
        "double-rum-identical-cards",
        "double-rum",
        out("Ana", Ben="AS AS JK"),
        {"Ana": 37},
        players=P2,
    ),
    # 10 + 10; Cem 0
    row(
        "double-rum-empty-hand-counts-0",
        "double-rum",
        out("Ana", Ben="QH 10C", Cem=""),
        {"Ana": 20},
    ),
    # 3 + 15 + 15
    row(
        "double-rum-rummy",
        "double-rum",
        out("Cem", end="rummy", Ana="3D", Ben="JK JK"),
        {"Cem": 33},
    ),
    # JK 15 + A 11 + K 10 + 5 = 41
    row("double-rum-values", "double-rum", out("Ana", Ben="JK AC KD 5S", Cem=""), {"Ana": 41}),
    # two identical sevens and a third seven still in hand: 21 (a set, but not laid down)
    row(
        "double-rum-cards-in-hand-count-as-they-are",
        "double-rum",
        out("Ana", Ben="7S 7S", Cem="7H"),
        {"Ana": 21},
    ),
    # Q 10 + 2
    row(
        "double-rum-going-rummy-12",
        "double-rum",
        out("Ben", end="rummy", Ana="QH", Cem="2D"),
        {"Ben": 12},
    ),
    # --- knock rummy ---------------------------------------------------------------------
    # deadwood 4, 10, 12: Ana wins (10-4) + (12-4) = 6 + 8 = 14
    row(
        "knock-lowest-knocker-wins-differences",
        "knock-rummy",
        knock(
            "Ana",
            Ana="AS 2S 3S 4D 9C 9H 9D",
            Ben="5C 6C 7C KD 10H JH QH",
            Cem="4H 5H 6H 7H 8H QC 2D",
        ),
        {"Ana": 14},
    ),
    # deadwood 4, 2, 20: Ben wins (4-2) + (20-2) = 20, + 10 paid by Ana
    row(
        "knock-undercut-bonus-paid-by-knocker",
        "knock-rummy",
        knock(
            "Ana",
            Ana="AS 2S 3S 4D 9H 9C 9D",
            Ben="5C 6C 7C 2D 10S JS QS",
            Cem="KD QD 4H 5H 6H 7H 8H",
        ),
        {"Ana": -10, "Ben": 30},
        winners=["Ben"],
        transfers=[pays("Ana", "Ben", 10)],
    ),
    # 4, 4, 10: Ben ties the knocker and wins 0 + 6, no undercut
    row(
        "knock-tie-wins-without-bonus",
        "knock-rummy",
        knock(
            "Ana",
            Ana="AS 2S 3S 4D 9H 9C 9D",
            Ben="5C 6C 7C 4H 10S JS QS",
            Cem="KD 8D 8C 8S AC 2C 3C",
        ),
        {"Ben": 6},
        winners=["Ben"],
    ),
    # 6 and the 10 bonus paid by Ana
    row(
        "knock-undercut-on-tie",
        "knock-rummy",
        knock(
            "Ana",
            Ana="AS 2S 3S 4D 9H 9C 9D",
            Ben="5C 6C 7C 4H 10S JS QS",
            Cem="KD 8D 8C 8S AC 2C 3C",
        ),
        {"Ana": -10, "Ben": 16},
        winners=["Ben"],
        options={"undercut_on_tie": True},
    ),
    # 0, 0, 12: Ana wins 0 + 12, rummy 25 x 2 opponents = 50: 62
    row(
        "knock-knocker-rummy-tied-still-wins",
        "knock-rummy",
        knock(
            "Ana",
            Ana="AS 2S 3S 7H 8H 9H 10H",
            Ben="5C 6C 7C 9D 10D JD QD",
            Cem="KD 2D 6S 7S 8S 9S 10S",
        ),
        {"Ana": 62},
    ),
    # 4, 0, 10: Ben wins 4 + 10 = 14, rummy 25 x 2 = 50, undercut 10 from Ana: 74
    row(
        "knock-non-knocker-rummy-undercuts",
        "knock-rummy",
        knock(
            "Ana",
            Ana="AS 2S 3S 4D 9H 9C 9D",
            Ben="5C 6C 7C 10S JS QS KS",
            Cem="KD 8D 8C 8S AC 2C 3C",
        ),
        {"Ana": -10, "Ben": 74},
        winners=["Ben"],
    ),
    # 6, 2, 2, 9: Ben and Cem each win (6-2) + 0 + (9-2) = 11, and 10 each from Ana
    row(
        "knock-several-share-lowest",
        "knock-rummy",
        knock(
            "Ana",
            Ana="6D 9H 9C 9D 10S JS QS",
            Ben="2C 8D 8C 8S QC QD QH",
            Cem="2H 3S 4S 5S KC KS KH",
            Dan="9S 6H 7H 8H 3C 4C 5C",
        ),
        {"Ana": -20, "Ben": 21, "Cem": 21},
        winners=["Ben", "Cem"],
        players=P4,
        explain_says={"Ben": ["reading"]},
    ),
    # Ben pays 10-4, Cem pays 12-4
    row(
        "knock-pay",
        "knock-rummy",
        knock(
            "Ana",
            Ana="AS 2S 3S 4D 9C 9H 9D",
            Ben="5C 6C 7C KD 10H JH QH",
            Cem="4H 5H 6H 7H 8H QC 2D",
        ),
        {"Ana": 14, "Ben": -6, "Cem": -8},
        options={"pay": True},
    ),
    # Ben declared 5-6-7C, so 8C 9C are deadwood as given (17), not 5-9C: 17 - 3 = 14
    row(
        "knock-declared-melds",
        "knock-rummy",
        knock("Ana", Ana="3D 9H 9S 9D JS QS KS 5H 6H 7H", Ben="8C 9C")
        | {"melds": {"Ben": m("5C 6C 7C", "2S 3S 4S 5S 6S")}},
        {"Ana": 14},
        players=P2,
    ),
    # Ana shows A-2-3 and 10-J-Q of spades, 9-10-J of clubs, KH 10 left;
    # Ben shows three nines and A-5 of diamonds, 7 + 8 = 15 left: Ana +5
    row(
        "knock-two-players-difference",
        "knock-rummy",
        knock("Ana", Ana="AS 2S 3S KH 10S JS QS 9C 10C JC", Ben="9S 9H 9D 7C 8D AD 2D 3D 4D 5D"),
        {"Ana": 5},
        players=P2,
    ),
    # Ana 0 deadwood (A-2-3S, four eights, three sevens); Ben 5 + 9 = 14: 14 + 25
    row(
        "knock-going-rummy-25-per-opponent",
        "knock-rummy",
        knock("Ana", Ana="AS 2S 3S 8H 8S 8D 8C 7H 7D 7S", Ben="5C 9D QS QC QH QD KC KH KD KS"),
        {"Ana": 39},
        players=P2,
        bonuses={"Ana": ["rummy +25 per opponent"]},
    ),
    # Ana knocks with 6; Ben shows 4-5-6 of clubs, queens, kings and AD 1: Ben wins 5 + 10 paid by Ana
    row(
        "knock-undercut-two-players",
        "knock-rummy",
        knock("Ana", Ana="AS 2S 3S 6H 9H 9C 9D 10S JS QS", Ben="4C 5C 6C AD QC QD QH KC KS KH"),
        {"Ana": -10, "Ben": 15},
        winners=["Ben"],
        players=P2,
        transfers=[pays("Ana", "Ben", 10)],
    ),
    # Ana 6, Ben 6, Cem 10: Ben wins instead, collecting 0 from Ana and 4 from Cem
    row(
        "knock-tie-wins-no-undercut",
        "knock-rummy",
        knock("Ana", **KNOCK_TIE),
        {"Ben": 4},
        winners=["Ben"],
    ),
    # other tables pay the undercut on a tie too: 4 + 10 from Ana
    row(
        "knock-tie-pays-undercut-on-tie",
        "knock-rummy",
        knock("Ana", **KNOCK_TIE),
        {"Ana": -10, "Ben": 14},
        winners=["Ben"],
        options={"undercut_on_tie": True},
    ),
    # both 0 deadwood: the knocker still wins, 0 + the 25 rummy bonus
    row(
        "knock-both-rummy-knocker-wins",
        "knock-rummy",
        knock("Ana", Ana="AS 2S 3S 6H 7H 8H 10C JC QC KC", Ben="4C 5C 6C 9D 10D JD 10S JS QS KS"),
        {"Ana": 25},
        players=P2,
    ),
    # Ana knocks with 9; Ben and Cem both 2: each collects 9 - 2 = 7 (0 from each other) + 10 from Ana
    row(
        "knock-several-under-the-knocker",
        "knock-rummy",
        knock(
            "Ana",
            Ana="AS 2S 3S 9H 10S JS QS",
            Ben="4C 5C 6C 2D QC QD QH",
            Cem="7D 8D 9D 2H KC KS KH",
        ),
        {"Ana": -20, "Ben": 17, "Cem": 17},
        winners=["Ben", "Cem"],
    ),
    # --- continental: 1 from each, 2 a joker, transfers from a start of 100 ---------------
    # 1 from each of 2
    row(
        "continental-plain",
        "continental",
        out("Ana") | {"melds": {"Ana": FIVE_PLAIN_RUNS}},
        {"Ana": 2, "Ben": -1, "Cem": -1},
    ),
    # 1 + 2 for the joker = 3 from each
    row(
        "continental-joker-2-more",
        "continental",
        out("Ana") | {"melds": {"Ana": [*m("AS 2S 3S", "4H JK 6H"), *FIVE_PLAIN_RUNS[2:]]}},
        {"Ana": 6, "Ben": -3, "Cem": -3},
    ),
    # 2C stands for 5H: wild, +1; 2S in A-2-3S is a natural two: nothing. 1 + 1 = 2 each
    row(
        "continental-deuces-wild",
        "continental",
        out("Ana") | {"melds": {"Ana": [*m("AS 2S 3S", "4H 2C 6H"), *FIVE_PLAIN_RUNS[2:]]}},
        {"Ana": 4, "Ben": -2, "Cem": -2},
        options={"deuces_wild": True},
    ),
    # 1 + 10
    row(
        "continental-quick-0-draws",
        "continental",
        out("Ben") | {"draws": 0, "melds": {"Ben": FIVE_PLAIN_RUNS}},
        {"Ana": -11, "Ben": 11},
        players=P2,
        options={"quick_bonus": True},
    ),
    # 1 + 7
    row(
        "continental-quick-1-draw",
        "continental",
        out("Ben") | {"draws": 1, "melds": {"Ben": FIVE_PLAIN_RUNS}},
        {"Ana": -8, "Ben": 8},
        players=P2,
        options={"quick_bonus": True},
    ),
    # 5+4+3+3 all spades (two decks), no wild: 1 + 10 + 10 = 21 from each of 2
    row(
        "continental-special-one-suit",
        "continental",
        out("Ana")
        | {"melds": {"Ana": m("AS 2S 3S 4S 5S", "6S 7S 8S 9S", "10S JS QS", "2S 3S 4S")}},
        {"Ana": 42, "Ben": -21, "Cem": -21},
        options={"special_bonus": True},
    ),
    # 1 + 10 (no wild card; four suits)
    row(
        "continental-special-no-wild-only",
        "continental",
        out("Ana") | {"melds": {"Ana": FIVE_PLAIN_RUNS}},
        {"Ana": 11, "Ben": -11},
        players=P2,
        options={"special_bonus": True},
    ),
    row(
        "continental-one-from-the-opponent",
        "continental",
        out("Ana") | {"melds": {"Ana": FIVE_THREES}},
        {"Ana": 1, "Ben": -1},
        players=P2,
        transfers=[pays("Ben", "Ana", 1)],
    ),
    # two jokers in Ana's melds: 1 + 2 x 2 = 5 from each of two opponents
    row(
        "continental-two-per-joker",
        "continental",
        out("Ana") | {"melds": {"Ana": [*m("3S JK 5S", "3H 4H JK"), *FIVE_THREES[2:]]}},
        {"Ana": 10, "Ben": -5, "Cem": -5},
    ),
    # one joker (2) and one deuce used as a five (1): 1 + 2 + 1 = 4
    row(
        "continental-wild-deuce-earns-one-more",
        "continental",
        out("Ana") | {"melds": {"Ana": [*m("3S JK 5S", "3H 4H 2C=5H"), *FIVE_THREES[2:]]}},
        {"Ana": 4, "Ben": -4},
        players=P2,
        options={"deuces_wild": True},
    ),
    # A-2-3 of spades: the deuce is itself and earns nothing: 1
    row(
        "continental-deuce-as-itself-earns-nothing",
        "continental",
        out("Ana") | {"melds": {"Ana": [*m("AS 2S 3S"), *FIVE_THREES[1:]]}},
        {"Ana": 1, "Ben": -1},
        players=P2,
        options={"deuces_wild": True},
    ),
    # with both options: a deuce used as a wild five earns 1 more but is a wild card, so the
    # "no wild card" +10 is lost: 1 + 1 = 2 (four suits, so no one-suit bonus either)
    row(
        "continental-wild-deuce-loses-the-no-wild-bonus",
        "continental",
        out("Ana") | {"melds": {"Ana": [*m("3S 4S 5S", "3H 4H 2C=5H"), *FIVE_THREES[2:]]}},
        {"Ana": 2, "Ben": -2},
        players=P2,
        options={"deuces_wild": True, "special_bonus": True},
    ),
    # a deuce laid as itself is no wild card: the +10 stays: 1 + 10 = 11
    row(
        "continental-natural-deuce-keeps-the-no-wild-bonus",
        "continental",
        out("Ana") | {"melds": {"Ana": [*m("AS 2S 3S"), *FIVE_THREES[1:]]}},
        {"Ana": 11, "Ben": -11},
        players=P2,
        options={"deuces_wild": True, "special_bonus": True},
    ),
    # out after 2 draws: no quick bonus, only the 1
    row(
        "continental-quick-bonus-none-after-2-draws",
        "continental",
        out("Ana") | {"melds": {"Ana": FIVE_THREES}, "draws": 2},
        {"Ana": 1, "Ben": -1},
        players=P2,
        options={"quick_bonus": True},
    ),
    # --- queen city: own melded value times opponents -------------------------------------
    # 5 + 6 + 7 + 4 x 10 = 58, x 2 opponents = 116
    row(
        "queen-city-times-opponents",
        "queen-city",
        out("Ana") | {"melds": {"Ana": m("5H 6H 7H", "KS KD KC KH")}},
        {"Ana": 116},
    ),
    # 2 + 3 + 4 + 32 = 41, x 3 = 123
    row(
        "queen-city-four-players",
        "queen-city",
        out("Dan") | {"melds": {"Dan": m("2C 3C 4C", "8D 8S 8H 8C")}},
        {"Dan": 123},
        players=P4,
    ),
    # the joker is 6H: 58 as before (not 15), x 2
    row(
        "queen-city-joker-as-its-card",
        "queen-city",
        out("Ana") | {"melds": {"Ana": m("5H JK 7H", "KS KD KC KH")}},
        {"Ana": 116},
        options={"jokers": 1},
    ),
    # each opponent pays 58
    row(
        "queen-city-pay",
        "queen-city",
        out("Ana") | {"melds": {"Ana": m("5H 6H 7H", "KS KD KC KH")}},
        {"Ana": 116, "Ben": -58, "Cem": -58},
        options={"pay": True},
    ),
    # 5+6+7 = 18 and four nines 36: 54, two opponents: 108
    row(
        "queen-city-nines-times-opponents",
        "queen-city",
        out("Ana") | {"melds": {"Ana": m("5D 6D 7D", "9S 9H 9C 9D")}},
        {"Ana": 108},
    ),
    # the seed's example: 5+6+7+8 of spades 26 and three nines 27: 53, x 4
    row(
        "queen-city-the-seeds-example-212",
        "queen-city",
        out("Ana") | {"melds": {"Ana": m("5S 6S 7S 8S", "9H 9D 9C")}},
        {"Ana": 212},
        players=P5,
    ),
    # 5-JK(6)-7 = 18, four nines 36: 54 x 2
    row(
        "queen-city-joker-as-the-6",
        "queen-city",
        out("Ana") | {"melds": {"Ana": m("5D JK 7D", "9S 9H 9C 9D")}},
        {"Ana": 108},
        options={"jokers": 1},
    ),
    # (reading) the joker is the 6H: 5 + 6 + 7 + 40 = 58, one opponent
    row(
        "queen-city-joker-reading",
        "queen-city",
        out("Ana") | {"melds": {"Ana": m("5H JK 7H", "KS KD KC KH")}},
        {"Ana": 58},
        players=P2,
        options={"jokers": 1},
        explain_says={"Ana": ["reading"]},
    ),
    # --- phỏm: chips ---------------------------------------------------------------------
    row(
        "phom-u-6-from-each",
        "phom",
        out("Ana", end="rummy") | {"melds": U_NINE},
        {"Ana": 18, "Ben": -6, "Cem": -6, "Dan": -6},
        players=P4,
        dealer="Dan",
    ),
    row(
        "phom-u-ten-cards-12",
        "phom",
        out("Ben", end="rummy")
        | {"ten_cards": True, "melds": {"Ben": m("AS 2S 3S 4S", "7H 7D 7C", "9C 10C JC")}},
        {"Ana": -12, "Ben": 24, "Cem": -12},
        dealer="Cem",
    ),
    # unmelded: Ana 4, Ben K 13, Cem 2, Dan Q 12 + J 11 = 23. Cem wins;
    # Ana 2nd pays 1, Ben 3rd pays 2, Dan 4th pays 3: Cem +6
    row(
        "phom-places-1-2-3",
        "phom",
        stock(Ana="AS 2S 3S 4H", Ben="5C 6C 7C KD", Cem="9H 9D 9S 2D", Dan="8H 8D 8S QC JC"),
        {"Ana": -1, "Ben": -2, "Cem": 6, "Dan": -3},
        winners=["Cem"],
        players=P4,
        dealer="Dan",
    ),
    # Dan has no meld (móm): pays 4, out of the order. Cem 2 wins, Ana 4 pays 1, Ben 13 pays 2
    row(
        "phom-mom-pays-4",
        "phom",
        stock(Ana="AS 2S 3S 4H", Ben="5C 6C 7C KD", Cem="9H 9D 9S 2D", Dan="QC JC 3D"),
        {"Ana": -1, "Ben": -2, "Cem": 7, "Dan": -4},
        winners=["Cem"],
        players=P4,
        dealer="Dan",
    ),
    # Ana 4 and Cem 4 tie; dealer Dan: turn order Ana, Ben, Cem, Dan: Ana wins,
    # Cem 2nd pays 1, Ben 13 pays 2, Dan 23 pays 3
    row(
        "phom-tie-goes-earlier-in-turn-order",
        "phom",
        stock(Ana="AS 2S 3S 4H", Ben="5C 6C 7C KD", Cem="9H 9D 9S 4D", Dan="8H 8D 8S QC JC"),
        {"Ana": 6, "Ben": -2, "Cem": -1, "Dan": -3},
        winners=["Ana"],
        players=P4,
        dealer="Dan",
        explain_says={"Ana": ["reading", "Cem"]},
    ),
    # dealer Ana: turn order Ben, Cem, Dan, Ana: Cem is earlier than Ana and wins
    row(
        "phom-tie-dealer-moves-the-order",
        "phom",
        stock(Ana="AS 2S 3S 4H", Ben="5C 6C 7C KD", Cem="9H 9D 9S 4D", Dan="8H 8D 8S QC JC"),
        {"Ana": -1, "Ben": -2, "Cem": 6, "Dan": -3},
        winners=["Cem"],
        players=P4,
        dealer="Ana",
    ),
    # 5 against 9
    row(
        "phom-two-players-1-chip",
        "phom",
        stock(Ana="AS 2S 3S 5H", Ben="4C 4D 4S 9H"),
        {"Ana": 1, "Ben": -1},
        winners=["Ana"],
        players=P2,
        dealer="Ben",
    ),
    # places as before (Ana 1, Ben 2, Dan 3 to Cem) and Ben, Cem's right-hand
    # neighbour, fed Cem once: 1 more
    row(
        "phom-feeding-1-chip",
        "phom",
        stock(Ana="AS 2S 3S 4H", Ben="5C 6C 7C KD", Cem="9H 9D 9S 2D", Dan="8H 8D 8S QC JC")
        | {"fed": [["Ben", "Cem"]]},
        {"Ana": -1, "Ben": -3, "Cem": 7, "Dan": -3},
        winners=["Cem"],
        players=P4,
        options={"feeding_penalties": True},
        dealer="Dan",
    ),
    # Ben fed Cem three times and Cem went ù: Ben pays 6 for Ana and 6 for himself,
    # and the 3 feeding chips: 15
    row(
        "phom-three-discards-feeder-pays-for-all",
        "phom",
        out("Cem", end="rummy")
        | {"fed": [["Ben", "Cem"]] * 3, "melds": {"Cem": m("AS 2S 3S", "7H 7D 7C", "9C 10C JC")}},
        {"Ben": -15, "Cem": 15},
        options={"feeding_penalties": True},
        dealer="Cem",
    ),
    row(
        "phom-ten-card-u-12-from-each-of-3",
        "phom",
        out("Ana", end="rummy") | {"ten_cards": True, "melds": U_TEN},
        {"Ana": 36, "Ben": -12, "Cem": -12, "Dan": -12},
        players=P4,
    ),
    # order by count: Ana 2, Cem 8, Ben 13; Cem pays 1, Ben 2; Dan is móm and pays 4: Ana +7
    row(
        "phom-places-and-mom",
        "phom",
        stock(**PHOM_HANDS),
        {"Ana": 7, "Ben": -2, "Cem": -1, "Dan": -4},
        winners=["Ana"],
        players=P4,
        dealer="Dan",
    ),
    # Ana and Ben both 2; dealer Ben: turn order Cem, Dan, Ana, Ben: Ana is earlier; three players pay 1 and 2
    row(
        "phom-tie-earlier-in-turn-order-3-players",
        "phom",
        stock(**PHOM_TIE3),
        {"Ana": 3, "Ben": -1, "Cem": -2},
        winners=["Ana"],
        dealer="Ben",
    ),
    # dealer Ana: turn order Ben, Cem, Ana: now Ben is earlier; Ana 2nd pays 1, Cem 3 pays 2
    row(
        "phom-tie-dealer-ana-moves-the-order",
        "phom",
        stock(**PHOM_TIE3),
        {"Ana": -1, "Ben": 3, "Cem": -2},
        winners=["Ben"],
        dealer="Ana",
    ),
    # Ben fed Cem once: Ben pays Cem 1, on top of the places
    row(
        "phom-feeding-penalty-on-top-of-places",
        "phom",
        stock(**PHOM_HANDS) | {"fed": [["Ben", "Cem"]]},
        {"Ana": 7, "Ben": -3, "Dan": -4},
        winners=["Ana"],
        players=P4,
        options={"feeding_penalties": True},
        dealer="Dan",
    ),
    # Dan fed Ana three times and Ana went ù: Dan pays 6 for each of the 3 losers, plus 3 feeding chips
    row(
        "phom-three-discards-then-u",
        "phom",
        out("Ana", end="rummy") | {"melds": U_NINE, "fed": [["Dan", "Ana"]] * 3},
        {"Ana": 21, "Dan": -21},
        players=P4,
        options={"feeding_penalties": True},
    ),
    # nobody melds: Ana 1 + 2 = 3, Ben 5, Cem K 13; Ana wins, the others are móm and pay 4
    row(
        "phom-everybody-mom-ana-lowest",
        "phom",
        stock(Ana="AC 2H", Ben="5S", Cem="KD"),
        {"Ana": 8, "Ben": -4, "Cem": -4},
        winners=["Ana"],
        dealer="Cem",
    ),
    # unmelded Ana 4, Ben K 13, Cem Q 12: Ana wins, Cem 2nd pays 1, Ben 3rd pays 2 (reading)
    row(
        "phom-places-1-2-reading",
        "phom",
        stock(Ana="AS 2S 3S 4H", Ben="5C 6C 7C KD", Cem="9S 9H 9D QS"),
        {"Ana": 3, "Ben": -2, "Cem": -1},
        winners=["Ana"],
        dealer="Cem",
        explain_says={"Ben": ["reading"]},
    ),
    # Cem has no meld (móm, reading): pays 4; Ana 4 wins, Ben 13 2nd pays 1
    row(
        "phom-mom-reading",
        "phom",
        stock(Ana="AS 2S 3S 4H", Ben="5C 6C 7C KD", Cem="QS 9D"),
        {"Ana": 5, "Ben": -1, "Cem": -4},
        winners=["Ana"],
        dealer="Cem",
        explain_says={"Cem": ["reading"]},
    ),
    # --- german rummy: penalties ---------------------------------------------------------
    # joker 30 + ace 11 + K 10 = 51; 3
    row(
        "german-each-loser-adds-hand",
        "german-rummy",
        out("Ana", Ben="JK AS KD", Cem="3C"),
        {"Ben": 51, "Cem": 3},
    ),
    # 20 + 2
    row(
        "german-joker-20",
        "german-rummy",
        out("Ana", Ben="JK 2H"),
        {"Ben": 22},
        players=P2,
        options={"joker_value": 20},
    ),
    # no surcharges in Rommé: 10 + 10; 7
    row(
        "german-rummy-end-no-surcharge",
        "german-rummy",
        out("Cem", end="rummy", Ana="QH QD", Ben="7S"),
        {"Ana": 20, "Ben": 7},
    ),
    # Ben: JK 30 + A 11 + 5 = 46; Cem: K 10
    row(
        "german-jk-ace-five",
        "german-rummy",
        out("Ana", Ben="JK AS 5D", Cem="KS"),
        {"Ben": 46, "Cem": 10},
    ),
    row(
        "german-joker-20-alone",
        "german-rummy",
        out("Ana", Ben="JK", Cem=""),
        {"Ben": 20},
        options={"joker_value": 20},
    ),
    # going rummy scores the same: Q 10 + 2; A 11
    row(
        "german-going-rummy-scores-the-same",
        "german-rummy",
        out("Cem", end="rummy", Ben="QH 2C", Ana="AD"),
        {"Ana": 11, "Ben": 12},
    ),
    # --- nowrang: one hand won -----------------------------------------------------------
    row(
        "nowrang-hand-won",
        "nowrang",
        out("Ana") | {"melds": {"Ana": m("JH QH KH AH", "2C 3C 4C", "7D 8D 9D")}},
        {"Ana": 1},
        players=P2,
    ),
    row(
        "nowrang-without-melds",
        "nowrang",
        out("Ben"),
        {"Ben": 1},
        players=P2,
        explain_says={"Ben": ["reading"]},
    ),
    row(
        "nowrang-pay",
        "nowrang",
        out("Ben"),
        {"Ana": -1, "Ben": 1},
        players=P2,
        options={"pay": True},
    ),
    # --- rami: penalties and surcharges --------------------------------------------------
    # 150 + 11 + 10; 4 + 100 (no meld yet)
    row(
        "rami-hand-and-no-meld",
        "rami",
        out("Ana", Ben="JK AS 10H", Cem="4C") | {"opened": {"Ben": True, "Cem": False}},
        {"Ben": 171, "Cem": 104},
    ),
    # 5 + 100 rummy; 5 + 100 no meld + 100 rummy
    row(
        "rami-rummy-100-more",
        "rami",
        out("Ana", end="rummy", Ben="5C", Cem="5D") | {"opened": {"Ben": True, "Cem": False}},
        {"Ben": 105, "Cem": 205},
    ),
    # reading: 200 replaces the rummy 100: hand + 100 + 200
    row(
        "rami-rummy-nobody-melded-200",
        "rami",
        out("Ana", end="rummy", Ben="5C", Cem="KD") | {"opened": {"Ben": False, "Cem": False}},
        {"Ben": 305, "Cem": 310},
    ),
    # flat 100 instead of 10 + 150 + 100
    row(
        "rami-unopened-flat",
        "rami",
        out("Ana", Ben="KD", Cem="KC JK") | {"opened": {"Ben": True, "Cem": False}},
        {"Ben": 10, "Cem": 100},
        options={"unopened": "flat"},
    ),
    # 5 x 2; (5 + 100) x 2
    row(
        "rami-rummy-double",
        "rami",
        out("Ana", end="rummy", Ben="5C", Cem="5D") | {"opened": {"Ben": True, "Cem": False}},
        {"Ben": 10, "Cem": 210},
        options={"rummy": "double"},
    ),
    # 25 + 3
    row(
        "rami-joker-value-25",
        "rami",
        out("Ana", Ben="JK 3H") | {"opened": {"Ben": True}},
        {"Ben": 28},
        players=P2,
        options={"joker_value": 25},
    ),
    # Ben: JK 150 + A 11 + 10 = 171, no meld yet +100 = 271; Cem: 4, had melded
    row(
        "rami-the-contracts-example",
        "rami",
        out("Ana", Ben="JK AS 10H", Cem="4C") | {"opened": {"Ben": False, "Cem": True}},
        {"Ben": 271, "Cem": 4},
        explain={"Ben": "Ben: JK 150 + AS 11 + 10H 10 = 171, no meld yet +100 = 271"},
    ),
    # Ben melded: 5 + 100; Cem had not: 10 + 100 + 100
    row(
        "rami-winner-went-rummy-adds-100",
        "rami",
        out("Ana", end="rummy", Ben="5H", Cem="KD") | {"opened": {"Ben": True, "Cem": False}},
        {"Ben": 105, "Cem": 210},
        bonuses={
            "Ben": ["winner went rummy +100"],
            "Cem": ["no meld +100", "winner went rummy +100"],
        },
    ),
    # a player who never melded scores a flat 100 instead of the hand
    row(
        "rami-unopened-flat-100",
        "rami",
        out("Ana", Ben="JK AS", Cem="4C") | {"opened": {"Ben": False, "Cem": True}},
        {"Ben": 100, "Cem": 4},
        options={"unopened": "flat"},
    ),
    # Ben 5 x 2; Cem (10 + 100) x 2
    row(
        "rami-rummy-doubles-house-rule",
        "rami",
        out("Ana", end="rummy", Ben="5H", Cem="KD") | {"opened": {"Ben": True, "Cem": False}},
        {"Ben": 10, "Cem": 220},
        options={"rummy": "double"},
    ),
    row(
        "rami-joker-25-alone",
        "rami",
        out("Ana", Ben="JK", Cem="") | {"opened": {"Ben": True, "Cem": True}},
        {"Ben": 25},
        options={"joker_value": 25},
    ),
    # nobody else had melded (reading: 200 replaces the rummy 100): 5 + 100 + 200
    row(
        "rami-rummy-from-a-bare-table-reading",
        "rami",
        out("Ana", end="rummy", Ben="5C") | {"opened": {"Ben": False}},
        {"Ben": 305},
        players=P2,
        explain_says={"Ben": ["reading"]},
    ),
    # --- carousel ------------------------------------------------------------------------
    # 3, 9, 15: (9-3) + (15-3) = 18
    row(
        "carousel-knocker-lowest",
        "carousel",
        knock("Ana", Ana="AS 2C", Ben="9H", Cem="KD 5S"),
        {"Ana": 18},
    ),
    # 10 - 2
    row(
        "carousel-two-players-difference",
        "carousel",
        knock("Ana", Ana="2C", Ben="10H"),
        {"Ana": 8},
        players=P2,
    ),
    # 4, 3, 10: Ben (4-3) + (10-3) = 8, + 10 undercut
    row(
        "carousel-undercut",
        "carousel",
        knock("Ana", Ana="4C", Ben="AS 2C", Cem="KD"),
        {"Ben": 18},
        winners=["Ben"],
    ),
    # 4, 4, 10: Ben wins 0 + 6 and the bonus 10
    row(
        "carousel-knocker-tied-by-one",
        "carousel",
        knock("Ana", Ana="4C", Ben="3C AH", Cem="KD"),
        {"Ben": 16},
        winners=["Ben"],
    ),
    # each: 0 + 0 + 6 and the bonus 10
    row(
        "carousel-knocker-tied-by-two",
        "carousel",
        knock("Ana", Ana="4C", Ben="4D", Cem="4H", Dan="KD"),
        {"Ben": 16, "Cem": 16},
        winners=["Ben", "Cem"],
        players=P4,
    ),
    # 5 + 25 (joker) = 30, no cards left +25
    row("carousel-out-all-cards", "carousel", out("Ana", Ana="", Ben="5C", Cem="JK"), {"Ana": 55}),
    # 3, 3, 9: each 0 + 6, no undercut bonus (reading)
    row(
        "carousel-stock-ties-both-win",
        "carousel",
        stock(Ana="3C", Ben="3D", Cem="9S"),
        {"Ana": 6, "Ben": 6},
        winners=["Ana", "Ben"],
        explain_says={"Ana": ["reading"]},
    ),
    row(
        "carousel-pay",
        "carousel",
        knock("Ana", Ana="AS 2C", Ben="9H", Cem="KD 5S"),
        {"Ana": 18, "Ben": -6, "Cem": -12},
        options={"pay": True},
    ),
    # Ana A + 2 = 3, Ben 5 + 9 = 14, Cem 10: 11 + 7 = 18
    row(
        "carousel-knocker-lowest-sum-of-differences",
        "carousel",
        knock("Ana", Ana="AS 2D", Ben="5C 9D", Cem="KS"),
        {"Ana": 18},
    ),
    # 9 - 1
    row(
        "carousel-two-players-8",
        "carousel",
        knock("Ana", Ana="AS", Ben="9S"),
        {"Ana": 8},
        players=P2,
    ),
    # Ana 3, Ben 1 + 2 = 3, Cem 10: Ben gets 0 + 7 + 10
    row(
        "carousel-tied-by-one-wins-the-bonus",
        "carousel",
        knock("Ana", Ana="3C", Ben="AS 2D", Cem="KS"),
        {"Ben": 17},
        winners=["Ben"],
    ),
    # Ana 3, Ben 3, Cem 2 + 1 = 3: each gets 0 + 0 and the 10 bonus
    row(
        "carousel-tied-by-two-both-win-the-bonus",
        "carousel",
        knock("Ana", Ana="3C", Ben="3D", Cem="2S AH"),
        {"Ben": 10, "Cem": 10},
        winners=["Ben", "Cem"],
    ),
    # Ana knocks with 5; Ben 2 wins 3 + 8 and the 10 bonus
    row(
        "carousel-undercut-bonus",
        "carousel",
        knock("Ana", Ana="5C", Ben="2S", Cem="KS"),
        {"Ben": 21},
        winners=["Ben"],
        bonuses={"Ben": ["undercut +10"]},
    ),
    # Ana went out: Ben 4, Cem joker 25: 4 + 25 + 25
    row(
        "carousel-no-cards-left-25", "carousel", out("Ana", Ana="", Ben="4C", Cem="JK"), {"Ana": 54}
    ),
    # Ana 4, Ben 4, Cem 9: each tied winner gets 5, no undercut bonus (reading)
    row(
        "carousel-stock-ties-5-each",
        "carousel",
        stock(Ana="4C", Ben="4D", Cem="9S"),
        {"Ana": 5, "Ben": 5},
        winners=["Ana", "Ben"],
    ),
    # 4, 3, 10: Ben wins; Ana pays 4 - 3 = 1, Cem pays 10 - 3 = 7, and (reading) the
    # knocker Ana pays the 10 undercut bonus: Ana -11, Ben +18, Cem -7
    row(
        "carousel-pay-knocker-pays-the-undercut-reading",
        "carousel",
        knock("Ana", Ana="4C", Ben="AS 2C", Cem="KD"),
        {"Ana": -11, "Ben": 18, "Cem": -7},
        winners=["Ben"],
        options={"pay": True},
        explain_says={"Ben": ["reading"]},
    ),
    # out with no cards: Ben pays 5, Cem pays 9 (transfers); +25 names no payer: Ana 14 + 25
    row(
        "carousel-pay-the-all-cards-bonus-reading",
        "carousel",
        out("Ana", Ana="", Ben="5C", Cem="9C"),
        {"Ana": 39, "Ben": -5, "Cem": -9},
        options={"pay": True},
        transfers=[pays("Ben", "Ana", 5), pays("Cem", "Ana", 9)],
        explain_says={"Ana": ["reading"]},
    ),
    # --- more edges, each worked by hand ---------------------------------------------------
    # Dan 3 is lowest but móm: Ana 4 wins; Cem 8 pays 1, Ben 13 pays 2, Dan pays 4
    row(
        "phom-mom-cannot-win-with-the-lowest-count",
        "phom",
        stock(Ana="AS 2S 3S 4H", Ben="5C 6C 7C KD", Cem="9H 9D 9S 8D", Dan="AC 2H"),
        {"Ana": 7, "Ben": -2, "Cem": -1, "Dan": -4},
        winners=["Ana"],
        players=P4,
        dealer="Dan",
    ),
    # all móm: Ben 1 + 5 = 6 is lowest and wins; the others are móm and pay 4 each
    row(
        "phom-everybody-mom-lowest-wins",
        "phom",
        stock(Ana="KS 2D", Ben="AH 5C", Cem="QS 9D"),
        {"Ana": -4, "Ben": 8, "Cem": -4},
        winners=["Ben"],
        dealer="Cem",
    ),
    # 3, 0, 10: Ben 3 + 10 = 13, undercut +10, no cards +25
    row(
        "carousel-undercut-with-no-cards-left",
        "carousel",
        knock("Ana", Ana="3C", Ben="", Cem="KD"),
        {"Ben": 48},
        winners=["Ben"],
    ),
    # three decks hold A-2-3S three times; 1 from each of 5 opponents
    row(
        "continental-three-decks-for-six",
        "continental",
        out("Ana")
        | {"melds": {"Ana": m("AS 2S 3S", "AS 2S 3S", "AS 2S 3S", "4H 5H 6H", "7D 8D 9D")}},
        {"Ana": 5, "Ben": -1, "Cem": -1, "Dan": -1, "Eva": -1, "Fay": -1},
        players=["Ana", "Ben", "Cem", "Dan", "Eva", "Fay"],
    ),
    # 5 jokers x 150 = 750; 2; 3 + 100 (no meld); 0
    row(
        "rami-five-players-three-decks",
        "rami",
        out("Ana", Ben="JK JK JK JK JK", Cem="2C", Dan="3C", Eva="")
        | {"opened": {"Ben": True, "Cem": True, "Dan": False, "Eva": True}},
        {"Ben": 750, "Cem": 2, "Dan": 103},
        players=P5,
    ),
]


def by_payer(transfers):
    return sorted(transfers, key=lambda t: (t["from"], t["to"]))


@pytest.mark.parametrize("case", ROUNDS, ids=[case["id"] for case in ROUNDS])
def test_worked_round(case):
    result = score(case["request"])
    players = case["request"]["players"]
    assert result["delta"] == case["delta"]
    assert result["winners"] == case["winners"]
    if "transfers" in case:
        assert by_payer(result["transfers"]) == by_payer(case["transfers"])
    elif min(case["delta"].values()) >= 0:
        assert result["transfers"] == []  # nobody lost points, so nobody paid any
    if "bonuses" in case:
        assert result["bonuses"] == case["bonuses"]
    lines = dict(zip(players, result["explain"], strict=True))
    assert all(line.startswith(f"{player}: ") for player, line in lines.items())
    for player, line in case.get("explain", {}).items():
        assert lines[player] == line
    for player, words in case.get("explain_says", {}).items():
        for word in words:
            if word == "reading":  # said once in the notes, not as a marker in the line
                assert any(note.startswith("Reading: ") for note in result["notes"])
            else:
                assert word in lines[player]
    assert not any("reading" in line for line in result["explain"])
