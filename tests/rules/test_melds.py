"""Meld legality, worked by hand from shared/rules/VARIANTS.md.

Each row: variant, options, the meld, and what a referee at the table says:
legal or not, as what, the first-meld value ("a joker worth the card it stands
for"; ace 1 below a two, otherwise 11 — 15 in Kaluki; courts 10), or the rule
broken.
"""

import pytest

from scorekeeper.rules import check
from scorekeeper.rules.cards import parse_cards
from scorekeeper.rules.catalog import resolve
from scorekeeper.rules.errors import CardError, OptionError, RulesError
from scorekeeper.rules.melds import judge_meld

CORNER = "a run may not turn the corner K-A-2 in this variant"
ACE_LOW_ONLY = "an ace is low only in this variant (A-2-3), never above a king"
ACE_HIGH_ONLY = "an ace is high only in this variant (Q-K-A), never below a two"
SAME_SUIT = "a set may not hold two cards of the same suit in this variant"
NEITHER = "a set must be all one rank and a run all one suit"
NOT_CONSECUTIVE = "the cards of a run must be consecutive (jokers may fill the gaps)"
RUNS_ONLY = "sets are not allowed in this variant: runs only"

LEGAL = [
    # (variant, options, meld, kind, points) -- points worked out in the comment
    ("rummy", {}, "3H 4H 5H", "run", 12),  # 3+4+5
    ("rummy", {}, "7S 7H 7D", "set", 21),  # 7x3
    ("rummy", {"jokers": 2}, "3H 4H JK 6H", "run", 18),  # JK is 5H: 3+4+5+6
    ("rummy", {"jokers": 2}, "3H 3S JK", "set", 9),  # "3-3-JK": 3x3
    ("rummy", {"ace": "low-or-high"}, "QH KH AH", "run", 31),  # 10+10+11
    ("around-the-corner", {}, "KD AD 2D 3D", "run", 16),  # the seed's K-A-2-3: 10+1+2+3
    ("around-the-corner", {}, "QS KS AS", "run", 31),  # ace after a king: 11
    ("around-the-corner", {}, "AC 2C 3C", "run", 6),
    ("around-the-corner", {}, "5H 5S 5D 5C", "set", 20),
    ("around-the-corner", {}, "JH QH KH AH 2H 3H", "run", 36),  # 10+10+10+1+2+3
    ("rummy-complete", {}, "10C JC QC", "run", 30),
    ("rummy-complete", {}, "2D 3D 4D 5D 6D", "run", 20),
    ("rummy-complete", {}, "KS KH KC", "set", 30),
    ("block-rummy", {}, "AS 2S 3S", "run", 6),
    ("block-rummy", {}, "4C 4D 4H", "set", 12),
    ("block-rummy", {}, "8H 9H 10H JH", "run", 37),
    ("block-rummy", {"jokers": 2}, "QC JK QH", "set", 30),  # Basic Rummy's jokers: 3-3-JK style
    ("boat-house", {}, "KH AH 2H", "run", 13),  # aces around: 10+1+2
    ("boat-house", {}, "QH KH AH 2H", "run", 23),  # 10+10+1+2
    ("boat-house", {}, "6S 6H 6D", "set", 18),
    ("boat-house", {}, "KC AC 2C 3C 4C", "run", 20),  # around the corner: 10+1+2+3+4
    ("kaluki", {}, "QH KH AH", "run", 35),  # ace 15 otherwise: 10+10+15
    ("kaluki", {}, "AH 2H 3H", "run", 6),  # ace 1 below a two
    ("kaluki", {}, "AS AH AD", "set", 45),  # 15x3
    ("kaluki", {}, "JK=7D 7S 7H", "set", 21),  # a declared joker in a set of three
    ("kaluki", {}, "JK 7S 7H 7D", "set", 28),  # four: the joker need not be declared
    ("double-rum", {}, "7S 7S 7H", "set", 21),  # identical cards allowed
    ("double-rum", {}, "7S 7S 7S 7H 7H", "set", 35),  # three or more, no limit
    ("double-rum", {}, "JK 9D 9D", "set", 27),
    ("double-rum", {}, "QC KC AC", "run", 31),
    ("knock-rummy", {}, "AC 2C 3C", "run", 6),
    ("knock-rummy", {}, "10D JD QD KD", "run", 40),
    ("knock-rummy", {}, "2S 2H 2D 2C", "set", 8),
    ("knock-rummy", {}, "9S 10S JS QS KS", "run", 49),
    ("continental", {}, "4H 5H 6H 7H 8H", "run", 30),
    ("continental", {"deuces_wild": True}, "4H 2C 6H", "run", 15),  # 2C wild as 5H
    ("continental", {"deuces_wild": True}, "AH 2H 3H", "run", 6),  # the deuce plays as itself
    ("continental", {"deuces_wild": True}, "2C=5H 4H 6H", "run", 15),
    ("continental", {}, "QD KD AD", "run", 31),
    ("queen-city", {}, "5D 6D 7D", "run", 18),
    ("queen-city", {}, "JS QS KS", "run", 30),
    ("queen-city", {}, "9S 9H 9C 9D", "set", 36),
    ("phom", {}, "4S 5S 6S", "run", 15),
    ("phom", {}, "9H 9D 9C", "set", 27),
    ("phom", {}, "AD 2D 3D 4D", "run", 10),
    ("german-rummy", {}, "JK 5H 6H", "run", 18),  # read as 5-6-7 (worth more than 4-5-6)
    ("german-rummy", {}, "AS 2S 3S", "run", 6),  # "A-2-3 = 6"
    ("german-rummy", {}, "QS KS AS", "run", 31),  # ace after a king: 11
    ("german-rummy", {}, "AS AH AD", "set", 33),  # ace in a set: 11
    ("german-rummy", {"ace": "around"}, "KS AS 2S", "run", 13),
    ("nowrang", {}, "QH KH AH", "run", 31),
    ("nowrang", {}, "4C 5C 6C 7C", "run", 22),
    ("nowrang", {}, "9D 10D JD", "run", 29),
    ("rami", {}, "10H JH QH", "run", 30),
    ("rami", {}, "KS KH KD", "set", 30),
    ("rami", {}, "JK AS AH", "set", 33),
    ("rami", {}, "2S 3S 4S", "run", 9),
    ("rami", {}, "9D 9H JK", "set", 27),
    ("carousel", {}, "5H 6H 7H 8H", "run", 26),
    ("carousel", {}, "QS KS AS", "run", 31),
    ("carousel", {}, "9C 9D 9S", "set", 27),
    ("carousel", {}, "JK=6H 5H 7H", "run", 18),
    ("carousel", {}, "AD 2D 3D", "run", 6),
]


@pytest.mark.parametrize(("variant", "options", "meld", "kind", "points"), LEGAL)
def test_legal_melds(variant, options, meld, kind, points):
    verdict = judge_meld(resolve(variant, options), parse_cards(meld))
    assert (verdict.legal, verdict.kind, verdict.points, verdict.reason) == (
        True,
        kind,
        points,
        None,
    )


ILLEGAL = [
    # (variant, options, meld, the rule broken)
    ("rummy", {}, "KH AH 2H", CORNER),
    ("rummy", {}, "QH KH AH", ACE_LOW_ONLY),  # ace low by default
    ("rummy", {}, "7S 7S 7H", SAME_SUIT),  # two decks: still different suits
    ("rummy", {}, "3H 4S 5H", NEITHER),
    ("rummy", {}, "AS 2S", "a meld needs at least 3 cards"),
    ("around-the-corner", {}, "5H 5S 5D 5C 5H", "a set holds at most 4 cards"),
    ("around-the-corner", {}, "9H JH QH", NOT_CONSECUTIVE),
    ("rummy-complete", {}, "9H 10H QH", NOT_CONSECUTIVE),
    ("block-rummy", {}, "QD KD AD", ACE_LOW_ONLY),
    ("boat-house", {}, "6S 7H 8S", NEITHER),
    ("kaluki", {}, "KH AH 2H", CORNER),
    (
        "kaluki",
        {},
        "JK 7S 7H",
        "a joker in a set of three must be declared as a specific card (like JK=7H) in this variant",
    ),
    ("kaluki", {}, "7S 7S 7H", SAME_SUIT),
    ("double-rum", {}, "KC AC 2C", CORNER),
    ("double-rum", {}, "7S 7S 8S", "a run may not hold the same card twice"),
    ("knock-rummy", {}, "QC KC AC", ACE_LOW_ONLY),
    ("knock-rummy", {}, "5C 6C 8C", NOT_CONSECUTIVE),
    ("continental", {}, "7S 7H 7D", RUNS_ONLY),
    ("continental", {}, "4H 2C 6H", "a run must be all one suit"),  # deuces are not wild
    (
        "continental",
        {},
        "2C=5H 4H 6H",
        "2C=5H cannot stand for another card: deuces are not wild in this variant",
    ),
    ("queen-city", {}, "QS KS AS", ACE_LOW_ONLY),
    ("phom", {}, "QS KS AS", ACE_LOW_ONLY),
    ("phom", {}, "JH QH", "a meld needs at least 3 cards"),
    (
        "german-rummy",
        {},
        "JK JK 5H",
        "a meld may not hold more jokers than natural cards in this variant",
    ),
    ("german-rummy", {}, "KS AS 2S", CORNER),
    ("nowrang", {}, "AH 2H 3H", ACE_HIGH_ONLY),
    ("nowrang", {}, "8S 8H 8D", RUNS_ONLY),
    ("rami", {}, "JK JK JK", "a meld needs at least one natural card"),
    ("rami", {}, "KD AD 2D", CORNER),
    ("carousel", {}, "8S 8S 8H", SAME_SUIT),  # "never two identical cards"
    ("carousel", {}, "KS AS 2S", CORNER),
]


@pytest.mark.parametrize(("variant", "options", "meld", "reason"), ILLEGAL)
def test_illegal_melds_name_the_rule(variant, options, meld, reason):
    verdict = judge_meld(resolve(variant, options), parse_cards(meld))
    assert (verdict.legal, verdict.reason) == (False, reason)


def test_inferred_joker_is_reported_by_index():
    # 3-4-JK-6: the joker can only be the five of hearts
    answer = check(variant="rummy", options={"jokers": 2}, melds=[["3H", "4H", "JK", "6H"]])
    assert answer["melds"][0]["jokers"] == {"2": "5H"}
    # a set of two aces and a joker: the joker is one of the missing suits (diamonds first)
    answer = check(variant="rami", melds=[["JK", "AS", "AH"]])
    assert answer["melds"][0]["jokers"] == {"0": "AD"}


def test_a_pinned_joker_must_fit_where_it_is_pinned():
    answer = check(variant="rummy", options={"jokers": 1}, melds=[["3H", "4H", "JK=9C"]])
    assert answer["legal"] is False


# --- openings -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "melds", "points", "reason"),
    [
        # Kaluki 51: Q-K-A of hearts 10+10+15 = 35 alone is short ...
        (
            "kaluki",
            [["QH", "KH", "AH"]],
            35,
            "a first meld must be worth at least 51 points; these are worth 35",
        ),
        # ... with 10-J-Q of spades (30) it is 65
        ("kaluki", [["QH", "KH", "AH"], ["10S", "JS", "QS"]], 65, None),
        # a joker counts as the card it replaces: 10-JK(J)-Q = 30, three kings 30
        ("kaluki", [["10S", "JK", "QS"], ["KS", "KH", "KD"]], 60, None),
        # German 40: Q-K-A = 31 is short; with 3-4-5 of hearts (12) it is 43
        (
            "german-rummy",
            [["QS", "KS", "AS"]],
            31,
            "a first meld must be worth at least 40 points; these are worth 31",
        ),
        ("german-rummy", [["QS", "KS", "AS"], ["3H", "4H", "5H"]], 43, None),
        # Rami 51 and a natural run: 10-J-Q of hearts 30 + three kings 30 = 60
        ("rami", [["10H", "JH", "QH"], ["KS", "KH", "KD"]], 60, None),
        (
            "rami",
            [["10H", "JK", "QH"], ["KS", "KH", "KD"]],
            60,
            "a first meld must include a natural run of three or more (no joker in it)",
        ),
        (
            "rami",
            [["10H", "JH", "QH"]],
            30,
            "a first meld must be worth at least 51 points; these are worth 30",
        ),
        # house rule: German first meld 30
        ("german-rummy", [["QS", "KS", "AS"]], 31, None),
    ],
)
def test_opening(variant, melds, points, reason):
    options = (
        {"opening_min": 30} if variant == "german-rummy" and reason is None and points == 31 else {}
    )
    answer = check(variant=variant, options=options, melds=melds, opening=True)
    assert (answer["points"], answer["reason"], answer["legal"]) == (points, reason, reason is None)


# --- going out with the whole hand ----------------------------------------------


def _runs(*lengths, suits="SHDC"):
    """Runs of the given lengths, each starting at the three of its own suit."""
    melds = []
    for n, length in enumerate(lengths):
        suit = suits[n % 4]
        start = 3 if n < 4 else 8  # a fifth run goes higher in the first suit
        melds.append([f"{rank}{suit}" for rank in range(start, start + length)])
    return melds


@pytest.mark.parametrize(
    ("variant", "melds", "reason"),
    [
        ("continental", _runs(5, 4, 3, 3), None),
        ("continental", _runs(4, 4, 4, 3), None),
        ("continental", _runs(3, 3, 3, 3, 3), None),
        (
            "continental",
            _runs(5, 5, 5),
            "the whole hand must go down as runs of 5+4+3+3 or 4+4+4+3 or 3+3+3+3+3, not 5+5+5",
        ),
        ("nowrang", [["4C", "5C", "6C", "7C"], ["9D", "10D", "JD"], ["QS", "KS", "AS"]], None),
        ("nowrang", _runs(4, 4, 3), "the whole hand must go down as runs of 4+3+3, not 4+4+3"),
        ("queen-city", [["5D", "6D", "7D"], ["9S", "9H", "9C", "9D"]], None),  # all 7
        (
            "queen-city",
            [["5D", "6D", "7D"], ["9S", "9H", "9C"]],
            "the whole hand (7 or 8 cards) must go down at once, not 6",
        ),
        ("rami", [["2S", "3S", "4S"], ["9D", "9H", "JK"]], None),  # no minimum, a natural run
        (
            "rami",
            [["AS", "AH", "AD"], ["JK", "5C", "6C"]],
            "going out at once needs a natural run of three or more (no joker in it)",
        ),
        # German: going out at once still needs the 40: A-2-3 (6) + 4-5-6 (15) = 21
        (
            "german-rummy",
            [["AS", "2S", "3S"], ["4D", "5D", "6D"]],
            "going out without an earlier meld still needs 40 points; these melds are worth 21",
        ),
    ],
)
def test_going_out(variant, melds, reason):
    answer = check(variant=variant, melds=melds, going_out=True)
    assert (answer["legal"], answer["reason"]) == (reason is None, reason)


# --- Phỏm: one card from the discards per meld -----------------------------------


def test_phom_one_discard_card_per_meld():
    melds = [["4S", "5S", "6S"], ["9H", "9D", "9C"]]
    assert check(variant="phom", melds=melds, from_discard=["4S", "9H"])["legal"] is True
    answer = check(variant="phom", melds=melds, from_discard=["4S", "5S"])
    assert (
        answer["reason"] == "meld 1 holds 2 cards taken from the discards; a meld may hold only one"
    )


def test_phom_discard_card_must_be_in_a_meld():
    with pytest.raises(RulesError) as caught:
        check(variant="phom", melds=[["4S", "5S", "6S"]], from_discard=["KD"])
    assert caught.value.field == "from_discard"


# --- Carousel: a turn against the table before it --------------------------------


@pytest.mark.parametrize(
    ("before", "after", "from_hand", "reason"),
    [
        # laying off the 8H on a run
        ([["5H", "6H", "7H"]], [["5H", "6H", "7H", "8H"]], ["8H"], None),
        # the first meld of the round, all from hand
        ([], [["5H", "6H", "7H"]], ["5H", "6H", "7H"], None),
        # splitting a run of six into two and adding a card: 3-4-5 and 6-7-8-9
        (
            [["3C", "4C", "5C", "6C", "7C", "8C"]],
            [["3C", "4C", "5C"], ["6C", "7C", "8C", "9C"]],
            ["9C"],
            None,
        ),
        # the real 6H replaces the joker, which then stands for the 4H
        ([["5H", "JK=6H", "7H"]], [["JK=4H", "5H", "6H", "7H"]], ["6H"], None),
        (
            [["5H", "6H", "7H", "8H"]],
            [["5H", "6H", "7H", "8H"]],
            [],
            "a turn must add at least one card from hand to the table",
        ),
        (
            [["5H", "6H", "7H", "8H"]],
            [["5H", "6H", "7H"], ["9S", "9H", "9D"]],
            ["9S", "9H", "9D"],
            "no card may be taken off the table, but 8H is missing after the turn",
        ),
        (
            [["9C", "9D", "JK=9S"], ["5H", "6H", "7H"]],
            [["9C", "9D", "9H"], ["5H", "6H", "7H", "JK=8H"]],
            ["9H"],
            "a joker declared as 9S keeps that card until the real 9S replaces it",
        ),
        (
            [["5H", "6H", "7H"]],
            [["5H", "6H", "7H"], ["KS", "KH", "KD"]],
            ["KS", "KH"],
            "KD is on the table after the turn but was neither there before nor played from hand",
        ),
        ([["5H", "6H", "7H"]], [["5H", "6H", "7H", "9H"]], ["9H"], f"meld 1: {NOT_CONSECUTIVE}"),
    ],
)
def test_carousel_turn(before, after, from_hand, reason):
    answer = check(variant="carousel", table_before=before, melds=after, from_hand=from_hand)
    assert (answer["legal"], answer["reason"]) == (reason is None, reason)


def test_only_carousel_checks_a_turn():
    with pytest.raises(RulesError) as caught:
        check(variant="rummy", table_before=[], melds=[["5H", "6H", "7H"]], from_hand=["5H"])
    assert caught.value.field == "table_before"


# --- malformed questions -----------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "error", "field", "message"),
    [
        ({"variant": "gin", "melds": []}, OptionError, "variant", "unknown variant 'gin'"),
        (
            {"variant": "rummy", "options": {"wild": 1}, "melds": []},
            OptionError,
            "options.wild",
            "rummy has no option 'wild'",
        ),
        (
            {"variant": "rummy", "melds": [["AS", "2S", "3S"], ["1S", "2H", "3H"]]},
            CardError,
            "melds[1][0]",
            "'1S' (meld 2, card 1) is not a card: ranks are A, 2–10, J, Q, K",
        ),
        # Basic Rummy's largest deal is two decks: a third 7H is one too many
        (
            {
                "variant": "rummy",
                "melds": [["7H", "7S", "7D"], ["7H", "8H", "9H"], ["5H", "6H", "7H"]],
            },
            CardError,
            "melds[2][2]",
            "7H is used 3 times, but the deck in play holds it 2 times",
        ),
        # Queen City plays one deck and no jokers by default
        (
            {"variant": "queen-city", "melds": [["JK", "5D", "6D"]]},
            CardError,
            "melds[0][0]",
            "there are only 0 jokers in play",
        ),
        ({"variant": "rummy", "melds": "AS 2S 3S"}, RulesError, "melds", "must be a list of melds"),
    ],
)
def test_malformed_questions(request_, error, field, message):
    with pytest.raises(error) as caught:
        check(request_)
    assert caught.value.field == field
    assert message in caught.value.message
