"""The contract's ``check`` question (and every meld rule), worked by hand from VARIANTS.md.

Every row is one question a player could put to the referee: the variant, the
melds (and ``opening`` / ``going_out`` / ``from_discard`` / Carousel's turn), and
the answer worked out at the table: legal or the first rule broken, the points
as a first meld counts them (a joker worth the card it stands for; an ace 1
below a two, otherwise 11 -- 15 in Kaluki; J/Q/K 10; others face), and what each
unpinned joker stands for. The id of each row names the rule it checks.
"""

from collections import Counter

import pytest

from scorekeeper.rules import check
from scorekeeper.rules.errors import CardError, OptionError, RulesError
from scorekeeper.rules.records import VARIANTS

CORNER = "a run may not turn the corner K-A-2 in this variant"
ACE_LOW_ONLY = "an ace is low only in this variant (A-2-3), never above a king"
ACE_HIGH_ONLY = "an ace is high only in this variant (Q-K-A), never below a two"
SAME_SUIT = "a set may not hold two cards of the same suit in this variant"
NEITHER = "a set must be all one rank and a run all one suit"
NOT_CONSECUTIVE = "the cards of a run must be consecutive (jokers may fill the gaps)"
RUNS_ONLY = "sets are not allowed in this variant: runs only"
KEEPS_9S = "a joker declared as 9S keeps that card until the real 9S replaces it"


def m(*melds):
    """Melds written as strings of cards: m("AS 2S 3S", "KH KD KC")."""
    return [meld.split() for meld in melds]


def case(rule, variant, melds, *, points, reason=None, jokers=None, kind=None, **request):
    """One worked question; ``jokers`` lists each meld's {index: card} where it matters,
    ``kind`` what a single meld is (set or run)."""
    return pytest.param(
        variant, melds, request, points, reason, jokers, kind, id=f"{variant}-{rule}"
    )


CASES = [
    # --- rummy: sets and runs of 3+, ace low, jokers wild (3-4-JK-6, 3-3-JK) ---
    case("set-and-run", "rummy", m("3H 4H 5H", "7S 7H 7D"), points=33),  # 3+4+5 + 7x3
    case("ace-low-only", "rummy", m("QH KH AH"), points=0, reason=f"meld 1: {ACE_LOW_ONLY}"),
    case("no-corner", "rummy", m("KH AH 2H"), points=0, reason=f"meld 1: {CORNER}"),
    # option ace low-or-high: Q-K-A, the ace after a king 11: 10+10+11
    case(
        "ace-low-or-high-option",
        "rummy",
        m("QH KH AH"),
        points=31,
        kind="run",
        options={"ace": "low-or-high"},
    ),
    # the seed's 3-4-JK-6: the joker can only be the 5H; 3+4+5+6
    case(
        "joker-fills-the-gap",
        "rummy",
        m("3H 4H JK 6H"),
        points=18,
        kind="run",
        jokers=[{"2": "5H"}],
        options={"jokers": 2},
    ),
    # a joker pinned to 9C cannot stand in a heart run; unpinned it would be 5H (3-4-5, worth
    # more than 2-3-4)
    case(
        "pinned-joker-must-fit",
        "rummy",
        m("3H 4H JK=9C"),
        points=0,
        reason="meld 1: JK=9C does not fit this meld, which is legal as 3H 4H JK=5H",
        options={"jokers": 2},
    ),
    # Basic Rummy has no first-meld minimum: A-2-3 = 1+2+3 = 6 opens
    case("no-opening-minimum", "rummy", m("AS 2S 3S"), points=6, opening=True),
    # --- kaluki, British tables: ace_value 11 also counts in a first meld (not below a two) ---
    # AS AH AD 11 x 3 = 33 + 2 + 3 + 4 = 42 (the default ace 15: 45 + 9 = 54)
    case(
        "british-aces-open-for-42",
        "kaluki",
        m("AS AH AD", "2C 3C 4C"),
        points=42,
        opening=True,
        options={"ace_value": 11, "opening_min": 40},
    ),
    case("default-aces-open-for-54", "kaluki", m("AS AH AD", "2C 3C 4C"), points=54, opening=True),
    # the default ace 15: 10 + 10 + 15 + 12 = 47, short of the default 51
    case(
        "default-joker-as-ace-47",
        "kaluki",
        m("QD KD JK=AD", "3S 4S 5S"),
        points=47,
        opening=True,
        reason="a first meld must be worth at least 51 points; these are worth 47",
    ),
    # QD 10 + KD 10 + the joker as AD 11 = 31, + 3 + 4 + 5 = 43 (the default: 47)
    case(
        "british-joker-as-ace-opens-for-43",
        "kaluki",
        m("QD KD JK=AD", "3S 4S 5S"),
        points=43,
        opening=True,
        options={"ace_value": 11, "opening_min": 40},
    ),
    # an ace below a two still counts 1: 1 + 2 + 3
    case(
        "british-ace-below-a-two-is-1",
        "kaluki",
        m("AC 2C 3C"),
        points=6,
        kind="run",
        options={"ace_value": 11},
    ),
    # --- openings and going out at once, more tables ---
    # Kaluki 51: Q-K-A of hearts 10+10+15 = 35 with 10-J-Q of spades (30) is 65
    case("opening-65", "kaluki", m("QH KH AH", "10S JS QS"), points=65, opening=True),
    # a joker counts as the card it replaces: 10-JK(J)-Q = 30, three kings 30
    case(
        "opening-joker-as-the-jack",
        "kaluki",
        m("10S JK QS", "KS KH KD"),
        points=60,
        jokers=[{"1": "JS"}, {}],
        opening=True,
    ),
    # German 40: Q-K-A = 31 is short; with 3-4-5 of hearts (12) it is 43
    case(
        "opening-31-short",
        "german-rummy",
        m("QS KS AS"),
        points=31,
        reason="a first meld must be worth at least 40 points; these are worth 31",
        opening=True,
    ),
    case("opening-43", "german-rummy", m("QS KS AS", "3H 4H 5H"), points=43, opening=True),
    # Rami 51: 10-J-Q of hearts alone is 30
    case(
        "opening-30-short",
        "rami",
        m("10H JH QH"),
        points=30,
        reason="a first meld must be worth at least 51 points; these are worth 30",
        opening=True,
    ),
    # Continental 4+4+4+3: 3-6S 18, 3-6H 18, 3-6D 18, 3-5C 12
    case(
        "pattern-4-4-4-3",
        "continental",
        m("3S 4S 5S 6S", "3H 4H 5H 6H", "3D 4D 5D 6D", "3C 4C 5C"),
        points=66,
        going_out=True,
    ),
    # 3+3+3+3+3: 12 x 4 and 8-9-10S 27
    case(
        "pattern-3-3-3-3-3",
        "continental",
        m("3S 4S 5S", "3H 4H 5H", "3D 4D 5D", "3C 4C 5C", "8S 9S 10S"),
        points=75,
        going_out=True,
    ),
    # Nowrang 4+4+3 is not its 4+3+3: 18 + 18 + 12
    case(
        "pattern-4-4-3-refused",
        "nowrang",
        m("3S 4S 5S 6S", "3H 4H 5H 6H", "3D 4D 5D"),
        points=48,
        reason="the whole hand must go down as runs of 4+3+3, not 4+4+3",
        going_out=True,
    ),
    # German: going out at once still needs the 40: A-2-3 (6) + 4-5-6 (15) = 21
    case(
        "going-out-needs-40",
        "german-rummy",
        m("AS 2S 3S", "4D 5D 6D"),
        points=21,
        reason="going out without an earlier meld still needs 40 points; these melds are worth 21",
        going_out=True,
    ),
    # --- around-the-corner: ace around, K-A-2-3 legal ---
    # an ace after a king counts high (11) even where a two follows it (the reading for
    # German Rummy's K-A-2), below a two at the bottom of a run low (1): 10+11+2+3
    case("k-a-2-3", "around-the-corner", m("KD AD 2D 3D"), points=26, kind="run"),
    # ace after a king high (11), ace below a two low (1): 31 + 6
    case("ace-high-and-low", "around-the-corner", m("QS KS AS", "AC 2C 3C"), points=37),
    case("j-q-k-a-2", "around-the-corner", m("JH QH KH AH 2H"), points=43),  # 10+10+10+11+2
    case(
        "set-at-most-four",
        "around-the-corner",
        m("5H 5S 5D 5C 5H"),
        points=0,
        reason="meld 1: a set holds at most 4 cards",
    ),
    case("one-suit", "around-the-corner", m("KH AS 2H"), points=0, reason=f"meld 1: {NEITHER}"),
    # --- rummy-complete: the whole hand at once ---
    # 1+2+3 + 10x3 + 7+8+9+10 = 6 + 30 + 34
    case(
        "whole-hand",
        "rummy-complete",
        m("AS 2S 3S", "KH KD KC", "7D 8D 9D 10D"),
        points=70,
        going_out=True,
    ),
    case(
        "ace-low-only", "rummy-complete", m("QC KC AC"), points=0, reason=f"meld 1: {ACE_LOW_ONLY}"
    ),
    case(
        "consecutive",
        "rummy-complete",
        m("9H 10H QH"),
        points=0,
        reason=f"meld 1: {NOT_CONSECUTIVE}",
    ),
    # JK 9-10: J (29) is worth more than 8 (27)
    case(
        "joker-read-in-the-players-favour",
        "rummy-complete",
        m("JK 9H 10H"),
        points=29,
        jokers=[{"0": "JH"}],
        options={"jokers": 1},
    ),
    case("set-of-four", "rummy-complete", m("4S 4H 4D 4C"), points=16),
    # --- block-rummy: Basic Rummy's melds ---
    case("run-of-four", "block-rummy", m("AS 2S 3S 4S"), points=10),
    case("ace-low-only", "block-rummy", m("QD KD AD"), points=0, reason=f"meld 1: {ACE_LOW_ONLY}"),
    case("set-and-run", "block-rummy", m("4C 4D 4H", "8H 9H 10H"), points=39),  # 12 + 27
    # option ace around: K-A-2 legal, the ace after the king 11: 10+11+2
    case("ace-around-option", "block-rummy", m("KS AS 2S"), points=23, options={"ace": "around"}),
    # two decks hold two 4C, but a set is still of different suits
    case("different-suits", "block-rummy", m("4C 4C 4H"), points=0, reason=f"meld 1: {SAME_SUIT}"),
    # --- boat-house: ace around ---
    case("k-a-2", "boat-house", m("KH AH 2H"), points=23, kind="run"),  # 10+11+2
    # the whole hand: Q-K-A-2 10+10+11+2 = 33, three sixes 18
    case("whole-hand", "boat-house", m("QC KC AC 2C", "6S 6H 6D"), points=51, going_out=True),
    case("neither", "boat-house", m("6S 7H 8S"), points=0, reason=f"meld 1: {NEITHER}"),
    # option ace low takes the corner away
    case(
        "ace-low-option",
        "boat-house",
        m("KH AH 2H"),
        points=0,
        reason=f"meld 1: {CORNER}",
        options={"ace": "low"},
    ),
    # K-JK-2: the joker can only be the AC, after the king 11: 10+11+2
    case(
        "joker-turns-the-corner",
        "boat-house",
        m("KC JK 2C"),
        points=23,
        jokers=[{"1": "AC"}],
        options={"jokers": 2},
    ),
    # --- kaluki: open with 51; ace 15 (1 below a two); a joker in a 3-set is declared ---
    case(
        "opening-51",
        "kaluki",
        m("QH KH AH"),
        points=35,  # 10+10+15
        reason="a first meld must be worth at least 51 points; these are worth 35",
        opening=True,
    ),
    case(
        "opening-51-reached", "kaluki", m("QH KH AH", "7S 7H 7D"), points=56, opening=True
    ),  # 35+21
    # British Kalookie opens with 40: 35 + 2+3+4
    case(
        "opening-min-option",
        "kaluki",
        m("QH KH AH", "2D 3D 4D"),
        points=44,
        opening=True,
        options={"opening_min": 40},
    ),
    # three aces 15x3 = 45; JK-2-3 read as 2-3-4 (9) rather than A-2-3 (6): 54
    case(
        "opening-joker-counts-as-its-card",
        "kaluki",
        m("AS AH AD", "JK 2C 3C"),
        points=54,
        jokers=[{}, {"0": "4C"}],
        opening=True,
    ),
    case(
        "joker-in-three-set-declared",
        "kaluki",
        m("JK 7S 7H"),
        points=0,
        reason="meld 1: a joker in a set of three must be declared as a specific card (like JK=7H) in this variant",
    ),
    case("declared-joker", "kaluki", m("JK=7D 7S 7H"), points=21, kind="set", jokers=[{"0": "7D"}]),
    case("no-corner", "kaluki", m("KH AH 2H"), points=0, reason=f"meld 1: {CORNER}"),
    # going out at once: 1+2+3 + 4+5+6 = 21 < 51
    case(
        "going-out-needs-51",
        "kaluki",
        m("AH 2H 3H", "4S 5S 6S"),
        points=21,
        reason="going out without an earlier meld still needs 51 points; these melds are worth 21",
        going_out=True,
    ),
    # --- double-rum: sets of 3+ may hold identical cards ---
    case("identical-in-set", "double-rum", m("7S 7S 7H"), points=21, kind="set"),
    case("set-no-maximum", "double-rum", m("7S 7S 7H 7H 7D"), points=35, kind="set"),
    case("no-corner", "double-rum", m("KC AC 2C"), points=0, reason=f"meld 1: {CORNER}"),
    case(
        "identical-not-in-run",
        "double-rum",
        m("7S 7S 8S"),
        points=0,
        reason="meld 1: a run may not hold the same card twice",
    ),
    case(
        "joker-as-identical-card", "double-rum", m("JK=9D 9D 9D"), points=27, jokers=[{"0": "9D"}]
    ),
    case("ace-high", "double-rum", m("QC KC AC"), points=31, kind="run"),
    # --- knock-rummy: ace low, no jokers ---
    case("run-and-run", "knock-rummy", m("AC 2C 3C", "10D JD QD KD"), points=46),  # 6 + 40
    case("ace-low-only", "knock-rummy", m("QC KC AC"), points=0, reason=f"meld 1: {ACE_LOW_ONLY}"),
    case(
        "consecutive", "knock-rummy", m("5C 6C 8C"), points=0, reason=f"meld 1: {NOT_CONSECUTIVE}"
    ),
    case("set-of-deuces", "knock-rummy", m("2S 2H 2D 2C"), points=8, kind="set"),
    case("long-run", "knock-rummy", m("9S 10S JS QS KS"), points=49, kind="run"),  # 9+10+10+10+10
    # --- gin: one deck, no jokers, ace low only; sets 3-4, runs 3+ ---
    case("set-and-run", "gin", m("7S 7H 7D", "9C 10C JC"), points=50),  # 21 + 9+10+10
    case("ace-low-run", "gin", m("AD 2D 3D"), points=6, kind="run"),  # 1+2+3
    case("ace-low-only", "gin", m("QD KD AD"), points=0, reason=f"meld 1: {ACE_LOW_ONLY}"),
    case("no-corner", "gin", m("KS AS 2S"), points=0, reason=f"meld 1: {CORNER}"),
    case("set-of-four", "gin", m("KS KH KD KC"), points=40, kind="set"),  # 4 x 10
    # --- continental: runs only, 5+4+3+3 / 4+4+4+3 / 3x5; deuces wild as an option ---
    # 3..7S 25, 3..6H 18, 3..5D 12, 3..5C 12
    case(
        "pattern-5-4-3-3",
        "continental",
        m("3S 4S 5S 6S 7S", "3H 4H 5H 6H", "3D 4D 5D", "3C 4C 5C"),
        points=67,
        going_out=True,
    ),
    # several runs in one suit are fine: 3+4+5+6 = 18, 8+9+10+10 = 37, 18, 9+10+10 = 29
    case(
        "pattern-4-4-4-3-one-suit-twice",
        "continental",
        m("3S 4S 5S 6S", "8S 9S 10S JS", "3H 4H 5H 6H", "9D 10D JD"),
        points=102,
        going_out=True,
    ),
    # 5+5+5 is not one of the patterns (3+3+3+3+3 is): 3..7S 25, 3..7H 25, 3..7D 25
    case(
        "pattern-5-5-5-refused",
        "continental",
        m("3S 4S 5S 6S 7S", "3H 4H 5H 6H 7H", "3D 4D 5D 6D 7D"),
        points=75,
        reason="the whole hand must go down as runs of 5+4+3+3 or 4+4+4+3 or 3+3+3+3+3, not 5+5+5",
        going_out=True,
    ),
    case("runs-only", "continental", m("7S 7H 7D"), points=0, reason=f"meld 1: {RUNS_ONLY}"),
    # 4H 2C 6H: the deuce can only be legal as a wild 5H: 4+5+6
    case(
        "deuce-wild-when-needed",
        "continental",
        m("4H 2C 6H"),
        points=15,
        kind="run",
        jokers=[{"1": "5H"}],
        options={"deuces_wild": True},
    ),
    # A-2-3 of hearts is legal with the deuce as itself, so it stays a natural two
    case(
        "deuce-natural-when-it-can-be",
        "continental",
        m("AH 2H 3H"),
        points=6,
        kind="run",
        jokers=[{}],
        options={"deuces_wild": True},
    ),
    case(
        "deuce-pinned-without-the-option",
        "continental",
        m("2C=5H 4H 6H"),
        points=0,
        reason="meld 1: 2C=5H cannot stand for another card: deuces are not wild in this variant",
    ),
    # --- queen-city: the whole hand, 7 or 8 cards ---
    case(
        "seven-cards", "queen-city", m("5D 6D 7D", "9S 9H 9C 9D"), points=54, going_out=True
    ),  # 18+36
    case(
        "eight-cards", "queen-city", m("AS 2S 3S 4S", "10H JH QH KH"), points=50, going_out=True
    ),  # 10+40
    case(
        "six-cards-refused",
        "queen-city",
        m("5D 6D 7D", "9S 9H 9C"),
        points=45,  # 18 + 27
        reason="the whole hand (7 or 8 cards) must go down at once, not 6",
        going_out=True,
    ),
    case("ace-low-only", "queen-city", m("QS KS AS"), points=0, reason=f"meld 1: {ACE_LOW_ONLY}"),
    # JK-Q-K with the ace low: the joker can only be the JS: 10+10+10
    case(
        "joker-as-card-replaced",
        "queen-city",
        m("JK QS KS"),
        points=30,
        jokers=[{"0": "JS"}],
        options={"jokers": 1},
    ),
    # --- phom: one card from the discards per meld; ace low ---
    case(
        "one-discard-each", "phom", m("4S 5S 6S", "9H 9D 9C"), points=42, from_discard=["4S", "9H"]
    ),  # 15+27
    case(
        "two-discards-in-one-meld",
        "phom",
        m("4S 5S 6S", "9H 9D 9C"),
        points=42,
        reason="meld 1 holds 2 cards taken from the discards; a meld may hold only one",
        from_discard=["4S", "5S"],
    ),
    case("ace-low-only", "phom", m("QS KS AS"), points=0, reason=f"meld 1: {ACE_LOW_ONLY}"),
    case("a-2-3-4", "phom", m("AD 2D 3D 4D"), points=10, kind="run"),
    case("set-of-kings", "phom", m("KS KH KD"), points=30),
    # --- german-rummy: open with 40; never more jokers than naturals ---
    case(
        "opening-a-2-3",
        "german-rummy",
        m("AS 2S 3S"),
        points=6,  # 1+2+3
        reason="a first meld must be worth at least 40 points; these are worth 6",
        opening=True,
    ),
    # three aces 11x3 = 33, Q-K-A 10+10+11 = 31 (two decks: a second AS)
    case("opening-aces", "german-rummy", m("AS AH AD", "QS KS AS"), points=64, opening=True),
    case(
        "jokers-at-most-naturals",
        "german-rummy",
        m("JK JK 5H"),
        points=0,
        reason="meld 1: a meld may not hold more jokers than natural cards in this variant",
    ),
    # two jokers, two naturals: allowed; 5-6 read up as 5-6-7-8 = 26
    case(
        "jokers-equal-naturals",
        "german-rummy",
        m("JK JK 5H 6H"),
        points=26,
        jokers=[{"0": "7H", "1": "8H"}],
    ),
    case(
        "opening-min-option",
        "german-rummy",
        m("QS KS AS"),
        points=31,
        opening=True,
        options={"opening_min": 30},
    ),
    case("no-corner", "german-rummy", m("KS AS 2S"), points=0, reason=f"meld 1: {CORNER}"),
    # other tables' K-A-2 (ace: around): the ace follows a king, so it counts 11, not 1;
    # K-A-2 10+11+2 = 23, three nines 27: 50
    case(
        "around-ace-after-king",
        "german-rummy",
        m("KD AD 2D", "9S 9H 9C"),
        points=50,
        opening=True,
        options={"ace": "around"},
    ),
    # 23 + 5+6+7 = 41 reaches the 40
    case(
        "around-opens-for-41",
        "german-rummy",
        m("KD AD 2D", "5C 6C 7C"),
        points=41,
        opening=True,
        options={"ace": "around"},
    ),
    # --- nowrang: runs only, ace high, out with 4+3+3 ---
    # 4..7C 22, 9-10-J D 29, Q-K-A S 31
    case(
        "pattern-4-3-3",
        "nowrang",
        m("4C 5C 6C 7C", "9D 10D JD", "QS KS AS"),
        points=82,
        going_out=True,
    ),
    # 3+3+3+3 is twelve cards, not the 4+3+3: 12 each
    case(
        "pattern-3-3-3-3-refused",
        "nowrang",
        m("3S 4S 5S", "3H 4H 5H", "3D 4D 5D", "3C 4C 5C"),
        points=48,
        reason="the whole hand must go down as runs of 4+3+3, not 3+3+3+3",
        going_out=True,
    ),
    case("ace-high-only", "nowrang", m("AH 2H 3H"), points=0, reason=f"meld 1: {ACE_HIGH_ONLY}"),
    case("runs-only", "nowrang", m("8S 8H 8D"), points=0, reason=f"meld 1: {RUNS_ONLY}"),
    case("run-of-five", "nowrang", m("10H JH QH KH AH"), points=51),  # 10+10+10+10+11
    # --- rami: open with 51 and a natural run; going rummy needs a natural run ---
    case("opening-51-natural-run", "rami", m("10H JH QH", "KS KH KD"), points=60, opening=True),
    # Other tables: at most one joker in any meld (jokers_per_meld: 1); without it two
    # jokers beside two naturals are fine (no more jokers than naturals): 4+5+6+7
    case(
        "two-jokers-without-the-option",
        "rami",
        m("4H 5H JK JK"),
        points=22,
        kind="run",
    ),
    case(
        "one-joker-per-meld",
        "rami",
        m("4H 5H JK JK"),
        points=0,
        reason="meld 1: a meld may hold at most 1 joker at this table (option jokers_per_meld)",
        options={"jokers_per_meld": 1},
    ),
    case(
        "one-joker-per-meld-allows-one",
        "rami",
        m("4H 5H JK"),
        points=15,  # 4 + 5 + the joker as the 6H (worth the most: 3H would be 3)
        kind="run",
        options={"jokers_per_meld": 1},
    ),
    case(
        "opening-run-with-joker-is-not-natural",
        "rami",
        m("10H JK QH", "KS KH KD"),
        points=60,
        reason="a first meld must include a natural run of three or more (no joker in it)",
        opening=True,
    ),
    # A-2-3 6, JK-K-K 30 (the joker a KS), Q-K-A 31: 67 with a natural run
    case(
        "opening-with-joker-in-a-set",
        "rami",
        m("AS 2S 3S", "JK KH KD", "QC KC AC"),
        points=67,
        jokers=[{}, {"0": "KS"}, {}],
        opening=True,
    ),
    case(
        "going-rummy-no-minimum", "rami", m("2S 3S 4S", "9D 9H JK"), points=36, going_out=True
    ),  # 9+27
    case(
        "going-rummy-needs-natural-run",
        "rami",
        m("AS AH AD", "JK 5C 6C"),
        points=51,  # 33 + the joker read as 7C: 5+6+7 = 18
        reason="going out at once needs a natural run of three or more (no joker in it)",
        going_out=True,
    ),
    case(
        "needs-a-natural-card",
        "rami",
        m("JK JK JK"),
        points=0,
        reason="meld 1: a meld needs at least one natural card",
    ),
    # --- carousel: never two identical cards in a set; ace low or high ---
    case("never-two-identical", "carousel", m("8S 8S 8H"), points=0, reason=f"meld 1: {SAME_SUIT}"),
    case("no-corner", "carousel", m("KS AS 2S"), points=0, reason=f"meld 1: {CORNER}"),
    case(
        "declared-joker", "carousel", m("JK=6H 5H 7H"), points=18, kind="run", jokers=[{"0": "6H"}]
    ),
]

# Carousel's turn: (table_before, melds = the table after, from_hand)
TURNS = [
    # laying off the 8H on a run of three: 5+6+7+8
    case(
        "turn-lay-off",
        "carousel",
        m("5H 6H 7H 8H"),
        points=26,
        table_before=m("5H 6H 7H"),
        from_hand=["8H"],
    ),
    # the first meld of a round, all from hand: 5+6+7
    case(
        "turn-first-meld",
        "carousel",
        m("5H 6H 7H"),
        points=18,
        table_before=[],
        from_hand=["5H", "6H", "7H"],
    ),
    # the first meld must hold a legal set or run of three: two cards are not one
    case(
        "turn-first-meld-needs-three",
        "carousel",
        m("5H 6H"),
        points=0,
        reason="meld 1: a meld needs at least 3 cards",
        table_before=[],
        from_hand=["5H", "6H"],
    ),
    # rearranging: a run of six split into 3-4-5 and 6-7-8-9 with the 9C from hand: 12 + 30
    case(
        "turn-rearrange",
        "carousel",
        m("3C 4C 5C", "6C 7C 8C 9C"),
        points=42,
        table_before=m("3C 4C 5C 6C 7C 8C"),
        from_hand=["9C"],
    ),
    case(
        "turn-needs-a-card-from-hand",
        "carousel",
        m("5H 6H 7H 8H"),
        points=26,
        reason="a turn must add at least one card from hand to the table",
        table_before=m("5H 6H 7H 8H"),
        from_hand=[],
    ),
    case(
        "turn-takes-nothing-off-the-table",
        "carousel",
        m("5H 6H 7H", "9S 9H 9D"),
        points=45,  # 18 + 27
        reason="no card may be taken off the table, but 8H is missing after the turn",
        table_before=m("5H 6H 7H 8H"),
        from_hand=["9S", "9H", "9D"],
    ),
    # a card on the table after the turn must have been there or come from hand
    case(
        "turn-cards-from-nowhere",
        "carousel",
        m("5H 6H 7H", "KS KH KD"),
        points=48,
        reason="KD is on the table after the turn but was neither there before nor played from hand",
        table_before=m("5H 6H 7H"),
        from_hand=["KS", "KH"],
    ),
    # the real 6H from hand replaces the joker, which must stay on the table: it becomes 4H
    case(
        "turn-joker-replaced-from-hand",
        "carousel",
        m("JK=4H 5H 6H 7H"),
        points=22,
        jokers=[{"0": "4H"}],
        table_before=m("5H JK=6H 7H"),
        from_hand=["6H"],
    ),
    # the joker declared 9S is moved to the run as 8H, but no real 9S replaced it
    case(
        "turn-joker-keeps-its-card",
        "carousel",
        m("9C 9D 9H", "5H 6H 7H JK=8H"),
        points=53,  # 27 + 26
        reason=KEEPS_9S,
        table_before=m("9C 9D JK=9S", "5H 6H 7H"),
        from_hand=["9H"],
    ),
    # two decks: a real 9S lies on the table in a run that stays whole, so it replaced nothing
    case(
        "turn-real-card-elsewhere-replaces-nothing",
        "carousel",
        m("9S 10S JS", "9H 9D 9C", "JK=8H 6H 7H"),
        points=77,  # 29 + 27 + 21
        reason=KEEPS_9S,
        table_before=m("9S 10S JS", "9H 9D JK=9S"),
        from_hand=["9C", "6H", "7H"],
    ),
    # the real 9S may come from another meld: it leaves 9-10-J-Q of spades for the set, the
    # freed joker goes on the spades as the KS; the 9C from hand. 10+10+10+10 and 9x4
    case(
        "turn-real-card-from-another-meld",
        "carousel",
        m("10S JS QS JK=KS", "9S 9H 9D 9C"),
        points=76,
        table_before=m("9S 10S JS QS", "JK=9S 9H 9D"),
        from_hand=["9C"],
    ),
    # a joker from hand is declared as it goes down
    case(
        "turn-joker-from-hand",
        "carousel",
        m("5H 6H 7H JK=8H"),
        points=26,
        jokers=[{"3": "8H"}],
        table_before=m("5H 6H 7H"),
        from_hand=["JK"],
    ),
    # every card on the table after the turn must be in legal melds
    case(
        "turn-leaves-legal-melds",
        "carousel",
        m("5H 6H 7H 9H"),
        points=0,
        reason=f"meld 1: {NOT_CONSECUTIVE}",
        table_before=m("5H 6H 7H"),
        from_hand=["9H"],
    ),
]


# One meld at a time: what it is and what it is worth, or the rule it breaks
MELDS = [
    # 3+4+5
    case("run-3h-4h-5h", "rummy", m("3H 4H 5H"), points=12, kind="run"),
    # 7x3
    case("set-7s-7h-7d", "rummy", m("7S 7H 7D"), points=21, kind="set"),
    # "3-3-JK": 3x3
    case("set-3h-3s-jk", "rummy", m("3H 3S JK"), points=9, kind="set", options={"jokers": 2}),
    # ace after a king: 11
    case("run-qs-ks-as", "around-the-corner", m("QS KS AS"), points=31, kind="run"),
    case("run-ac-2c-3c", "around-the-corner", m("AC 2C 3C"), points=6, kind="run"),
    case("set-5h-5s-5d-5c", "around-the-corner", m("5H 5S 5D 5C"), points=20, kind="set"),
    # 10+10+10+11+2+3
    case(
        "run-jh-qh-kh-ah-2h-3h", "around-the-corner", m("JH QH KH AH 2H 3H"), points=46, kind="run"
    ),
    case("run-10c-jc-qc", "rummy-complete", m("10C JC QC"), points=30, kind="run"),
    case("run-2d-3d-4d-5d-6d", "rummy-complete", m("2D 3D 4D 5D 6D"), points=20, kind="run"),
    case("set-ks-kh-kc", "rummy-complete", m("KS KH KC"), points=30, kind="set"),
    case("run-as-2s-3s", "block-rummy", m("AS 2S 3S"), points=6, kind="run"),
    case("set-4c-4d-4h", "block-rummy", m("4C 4D 4H"), points=12, kind="set"),
    case("run-8h-9h-10h-jh", "block-rummy", m("8H 9H 10H JH"), points=37, kind="run"),
    # Basic Rummy's jokers: 3-3-JK style
    case(
        "set-qc-jk-qh", "block-rummy", m("QC JK QH"), points=30, kind="set", options={"jokers": 2}
    ),
    # 10+10+11+2
    case("run-qh-kh-ah-2h", "boat-house", m("QH KH AH 2H"), points=33, kind="run"),
    case("set-6s-6h-6d", "boat-house", m("6S 6H 6D"), points=18, kind="set"),
    # around the corner: 10+11+2+3+4
    case("run-kc-ac-2c-3c-4c", "boat-house", m("KC AC 2C 3C 4C"), points=30, kind="run"),
    # ace 15 otherwise: 10+10+15
    case("run-qh-kh-ah", "kaluki", m("QH KH AH"), points=35, kind="run"),
    # ace 1 below a two
    case("run-ah-2h-3h", "kaluki", m("AH 2H 3H"), points=6, kind="run"),
    # 15x3
    case("set-as-ah-ad", "kaluki", m("AS AH AD"), points=45, kind="set"),
    # four: the joker need not be declared
    case("set-jk-7s-7h-7d", "kaluki", m("JK 7S 7H 7D"), points=28, kind="set"),
    case("set-jk-9d-9d", "double-rum", m("JK 9D 9D"), points=27, kind="set"),
    case("run-ac-2c-3c", "knock-rummy", m("AC 2C 3C"), points=6, kind="run"),
    case("run-10d-jd-qd-kd", "knock-rummy", m("10D JD QD KD"), points=40, kind="run"),
    case("run-4h-5h-6h-7h-8h", "continental", m("4H 5H 6H 7H 8H"), points=30, kind="run"),
    case(
        "run-2c=5h-4h-6h",
        "continental",
        m("2C=5H 4H 6H"),
        points=15,
        kind="run",
        options={"deuces_wild": True},
    ),
    case("run-qd-kd-ad", "continental", m("QD KD AD"), points=31, kind="run"),
    case("run-5d-6d-7d", "queen-city", m("5D 6D 7D"), points=18, kind="run"),
    case("run-js-qs-ks", "queen-city", m("JS QS KS"), points=30, kind="run"),
    case("set-9s-9h-9c-9d", "queen-city", m("9S 9H 9C 9D"), points=36, kind="set"),
    case("run-4s-5s-6s", "phom", m("4S 5S 6S"), points=15, kind="run"),
    case("set-9h-9d-9c", "phom", m("9H 9D 9C"), points=27, kind="set"),
    # read as 5-6-7 (worth more than 4-5-6)
    case("run-jk-5h-6h", "german-rummy", m("JK 5H 6H"), points=18, kind="run"),
    # "A-2-3 = 6"
    case("run-as-2s-3s", "german-rummy", m("AS 2S 3S"), points=6, kind="run"),
    # ace after a king: 11
    case("run-qs-ks-as", "german-rummy", m("QS KS AS"), points=31, kind="run"),
    # ace in a set: 11
    case("set-as-ah-ad", "german-rummy", m("AS AH AD"), points=33, kind="set"),
    case("run-qh-kh-ah", "nowrang", m("QH KH AH"), points=31, kind="run"),
    case("run-4c-5c-6c-7c", "nowrang", m("4C 5C 6C 7C"), points=22, kind="run"),
    case("run-9d-10d-jd", "nowrang", m("9D 10D JD"), points=29, kind="run"),
    case("run-10h-jh-qh", "rami", m("10H JH QH"), points=30, kind="run"),
    case("set-ks-kh-kd", "rami", m("KS KH KD"), points=30, kind="set"),
    # a set of two aces and a joker: the joker is one of the missing suits (diamonds first)
    case("set-jk-as-ah", "rami", m("JK AS AH"), points=33, kind="set", jokers=[{"0": "AD"}]),
    case("run-2s-3s-4s", "rami", m("2S 3S 4S"), points=9, kind="run"),
    case("set-9d-9h-jk", "rami", m("9D 9H JK"), points=27, kind="set"),
    case("run-5h-6h-7h-8h", "carousel", m("5H 6H 7H 8H"), points=26, kind="run"),
    case("run-qs-ks-as", "carousel", m("QS KS AS"), points=31, kind="run"),
    case("set-9c-9d-9s", "carousel", m("9C 9D 9S"), points=27, kind="set"),
    case("run-ad-2d-3d", "carousel", m("AD 2D 3D"), points=6, kind="run"),
    # two decks: still different suits
    case("illegal-7s-7s-7h", "rummy", m("7S 7S 7H"), points=0, reason=f"meld 1: {SAME_SUIT}"),
    case("illegal-3h-4s-5h", "rummy", m("3H 4S 5H"), points=0, reason=f"meld 1: {NEITHER}"),
    case(
        "illegal-as-2s",
        "rummy",
        m("AS 2S"),
        points=0,
        reason="meld 1: a meld needs at least 3 cards",
    ),
    case(
        "illegal-9h-jh-qh",
        "around-the-corner",
        m("9H JH QH"),
        points=0,
        reason=f"meld 1: {NOT_CONSECUTIVE}",
    ),
    case("illegal-7s-7s-7h", "kaluki", m("7S 7S 7H"), points=0, reason=f"meld 1: {SAME_SUIT}"),
    # deuces are not wild
    case(
        "illegal-4h-2c-6h",
        "continental",
        m("4H 2C 6H"),
        points=0,
        reason="meld 1: a run must be all one suit",
    ),
    case(
        "illegal-jh-qh",
        "phom",
        m("JH QH"),
        points=0,
        reason="meld 1: a meld needs at least 3 cards",
    ),
    case("illegal-kd-ad-2d", "rami", m("KD AD 2D"), points=0, reason=f"meld 1: {CORNER}"),
]


@pytest.mark.parametrize(
    ("variant", "melds", "request_", "points", "reason", "jokers", "kind"), CASES + TURNS + MELDS
)
def test_check(variant, melds, request_, points, reason, jokers, kind):
    answer = check(variant=variant, melds=melds, **request_)
    assert (answer["legal"], answer["reason"], answer["points"]) == (reason is None, reason, points)
    assert len(answer["melds"]) == len(melds)
    if jokers is not None:
        assert [meld["jokers"] for meld in answer["melds"]] == jokers
    if kind is not None:
        assert answer["melds"][0]["kind"] == kind


def test_at_least_five_worked_examples_per_variant():
    counts = Counter(param.values[0] for param in CASES + TURNS)
    assert set(counts) == set(VARIANTS)
    assert min(counts.values()) >= 5, counts


def test_answer_shape_and_canonical_cards():
    # ♥ and T are read and answered in the canonical form; the joker reads as the 10H
    answer = check(variant="rummy", options={"jokers": 1}, melds=[["8♥", "9h", "JK"]])
    assert answer == {
        "legal": True,
        "points": 27,  # 8+9+10 (the joker as 10H beats 7H)
        "reason": None,
        "melds": [
            {"legal": True, "kind": "run", "points": 27, "reason": None, "jokers": {"2": "10H"}}
        ],
    }


def test_the_first_broken_rule_is_reported():
    # meld 2 breaks the corner rule and meld 3 the suit rule: meld 2 is named; the legal
    # meld 1 (3+4+5 = 12) is the only one counted
    answer = check(
        variant="rummy", melds=[["3H", "4H", "5H"], ["KC", "AC", "2C"], ["7S", "7S", "7H"]]
    )
    assert answer["reason"] == f"meld 2: {CORNER}"
    assert answer["points"] == 12
    assert [meld["legal"] for meld in answer["melds"]] == [True, False, False]
    assert answer["melds"][2]["reason"] == SAME_SUIT


ERRORS = [
    # (request, error class, field, words in the message)
    pytest.param(
        {"variant": "rummy", "melds": [["AS", "2S", "3S"], ["1S", "2H", "3H"]]},
        CardError,
        "melds[1][0]",
        "'1S' (meld 2, card 1) is not a card: ranks are A, 2–10, J, Q, K",
        id="bad-card-token",
    ),
    pytest.param(
        {"variant": "rummy", "melds": [["AS", "2S", "3X"]]},
        CardError,
        "melds[0][2]",
        "'3X' (meld 1, card 3) is not a card: suits are S, H, D, C",
        id="bad-suit",
    ),
    # Double Rum plays two decks: a third 7S is one too many
    pytest.param(
        {"variant": "double-rum", "melds": [["7S", "7S", "7S"]]},
        CardError,
        "melds[0][2]",
        "7S is used 3 times, but the deck in play holds it 2 times",
        id="too-many-copies",
    ),
    # Knock Rummy plays one deck without jokers
    pytest.param(
        {"variant": "knock-rummy", "melds": [["JK", "5C", "6C"]]},
        CardError,
        "melds[0][0]",
        "there are only 0 jokers in play, but 1 were entered",
        id="no-jokers-in-play",
    ),
    # Carousel: two decks and two jokers at most (its largest deal); a third joker is too many
    pytest.param(
        {"variant": "carousel", "melds": [["JK=5H", "6H", "7H"], ["JK=9S", "JK=9H", "9D", "9C"]]},
        CardError,
        "melds[1][1]",
        "there are only 2 jokers in play, but 3 were entered",
        id="carousel-deck-bound",
    ),
    pytest.param(
        {"variant": "canasta", "melds": []},
        OptionError,
        "variant",
        "unknown variant 'canasta'",
        id="unknown-variant",
    ),
    pytest.param(
        {"variant": "kaluki", "options": {"deuces_wild": True}, "melds": []},
        OptionError,
        "options.deuces_wild",
        "kaluki has no option 'deuces_wild'",
        id="unknown-option",
    ),
    pytest.param(
        {"variant": "german-rummy", "options": {"opening_min": "forty"}, "melds": []},
        OptionError,
        "options.opening_min",
        "must be a whole number",
        id="bad-option-value",
    ),
    # Basic Rummy's largest deal is two decks: a third 7H is one too many
    pytest.param(
        {"variant": "rummy", "melds": [["7H", "7S", "7D"], ["7H", "8H", "9H"], ["5H", "6H", "7H"]]},
        CardError,
        "melds[2][2]",
        "7H is used 3 times, but the deck in play holds it 2 times",
        id="rummy-deck-bound",
    ),
    pytest.param(
        {"variant": "rummy"}, RulesError, "melds", "the request needs 'melds'", id="no-melds"
    ),
    pytest.param(
        {"variant": "rummy", "melds": "AS 2S 3S"},
        RulesError,
        "melds",
        "must be a list of melds",
        id="melds-not-a-list",
    ),
    pytest.param(
        {"variant": "rummy", "melds": [["AS", "2S", "3S"]], "opening": "yes"},
        RulesError,
        "opening",
        "'opening' is a switch: true or false",
        id="opening-not-a-switch",
    ),
    pytest.param(
        {"variant": "rummy", "melds": [["AS", "2S", "3S"]], "from_discard": ["AS"]},
        RulesError,
        "from_discard",
        "Basic Rummy has no rule about melds built from discards",
        id="from-discard-outside-phom",
    ),
    pytest.param(
        {"variant": "phom", "melds": [["4S", "5S", "6S"]], "from_discard": ["KD"]},
        RulesError,
        "from_discard",
        "KD is marked as taken from the discards but is in no meld",
        id="from-discard-in-no-meld",
    ),
    pytest.param(
        {"variant": "phom", "melds": [["4S", "5S", "6S"]], "from_discard": ["4Z"]},
        CardError,
        "from_discard[0]",
        "'4Z' (from_discard, card 1) is not a card",
        id="from-discard-bad-card",
    ),
    pytest.param(
        {
            "variant": "rummy",
            "table_before": [],
            "melds": [["5H", "6H", "7H"]],
            "from_hand": ["5H"],
        },
        RulesError,
        "table_before",
        "Basic Rummy does not rearrange the table",
        id="turn-outside-carousel",
    ),
    pytest.param(
        {
            "variant": "carousel",
            "table_before": [["5H", "6H", "8H"]],
            "melds": [["5H", "6H", "7H", "8H"]],
            "from_hand": ["7H"],
        },
        RulesError,
        "table_before[0]",
        "the table before the turn is not legal: meld 1:",
        id="turn-from-an-illegal-table",
    ),
    pytest.param(
        {
            "variant": "carousel",
            "table_before": [],
            "melds": [["5H", "6H", "7H"]],
            "from_hand": ["5H", "6Q"],
        },
        CardError,
        "from_hand[1]",
        "'6Q' (from_hand, card 2) is not a card",
        id="from-hand-bad-card",
    ),
]


@pytest.mark.parametrize(("request_", "error", "field", "message"), ERRORS)
def test_malformed_questions_raise_with_the_field(request_, error, field, message):
    with pytest.raises(error) as caught:
        check(request_)
    assert caught.value.field == field
    assert message in caught.value.message
