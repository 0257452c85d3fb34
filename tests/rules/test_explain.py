"""Explain lines a player can follow (issue 10, Found 2 and Build 4).

Every round any rules test scores is checked by ``conftest.py`` (each line ends with the
player's delta; the payments a line names add up to the transfers); the last test here
makes sure those rounds covered every variant. The rest are hand-worked English lines,
one per finding, and the messages said in another language through a fake catalog.
"""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import game, score
from scorekeeper.rules.messages import Message, say_all
from scorekeeper.rules.records import VARIANTS

from .conftest import SEEN
from .explain_check import check_explain

ABC = ["Ana", "Ben", "Cem"]
ABCD = ["Ana", "Ben", "Cem", "Dan"]
U_NINE = [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]
FIVE_THREES = [
    ["8S", "9S", "10S"],
    ["3D", "4D", "5D"],
    ["3C", "4C", "5C"],
]


def run(variant, round_, players=ABC, options=None, dealer=None):
    request = {"variant": variant, "players": players, "round": round_, "options": options or {}}
    if dealer:
        request["dealer"] = dealer
    answer = score(request)
    check_explain(players, answer)
    return answer


def lines(answer, players=ABC):
    return dict(zip(players, answer["explain"], strict=True))


# --- with pay, who pays whom how much -------------------------------------------------


def test_with_pay_the_payer_says_whom_and_how_much_and_the_winner_what_comes_in():
    # Ben KS 10 and Cem 4C 4 pay Ana: Ben -10, Cem -4, Ana +14
    answer = run(
        "rummy",
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS"], "Cem": ["4C"]}},
        options={"pay": True},
    )
    assert lines(answer) == {
        "Ana": "Ana: went out, receives Ben 10 + Cem 4 = 14",
        "Ben": "Ben: KS 10; pays Ana 10; scores -10",
        "Cem": "Cem: 4C 4; pays Ana 4; scores -4",
    }


def test_without_pay_a_losers_line_ends_with_the_0_on_the_sheet():
    # only Ana's total moves: Ben's 18 is Ana's
    answer = run(
        "rummy", {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS", "7D", "AC"], "Cem": []}}
    )
    assert lines(answer)["Ben"] == "Ben: KS 10 + 7D 7 + AC 1 = 18 for Ana; scores 0"
    assert lines(answer)["Ana"] == "Ana: went out, collects Ben 18 + Cem 0 = 18"


# --- totals present -------------------------------------------------------------------


def test_knock_rummy_winner_line_ends_with_the_total():
    # Ana knocks with 4D (4); Ben's deadwood is 2D (2): Ben undercuts. Differences Ana
    # 4 - 2 = 2, Cem KD QD 20 - 2 = 18: 20; undercut bonus 10 paid by Ana: 30.
    answer = run(
        "knock-rummy",
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
    said = lines(answer)
    assert said["Ben"].endswith(
        "deadwood 2D 2; wins the differences Ana 2 + Cem 18 = 20; "
        "undercut bonus 10 paid by Ana; scores 30"
    )
    assert said["Ana"].endswith("deadwood 4D 4; pays Ben the undercut bonus 10; scores -10")


def test_phom_u_line_names_the_amount():
    # ù with nine cards: 6 chips from each of Ben, Cem, Dan = 18
    answer = run("phom", {"winner": "Ana", "end": "rummy", "melds": {"Ana": U_NINE}}, ABCD)
    said = lines(answer, ABCD)
    assert said["Ana"] == "Ana: ù (9 cards melded and a discard) 6 from each of 3 = 18"
    assert said["Ben"] == "Ben: pays Ana 6 for ù; scores -6"


def test_phom_feeder_line_ends_with_the_feeders_total():
    # Dan fed Ana three discards: Dan pays the ù for all three (6 x 3 = 18) and 1 chip a
    # discard fed (3): -21; Ana +21; Ben and Cem pay nothing
    answer = run(
        "phom",
        {"winner": "Ana", "end": "rummy", "melds": {"Ana": U_NINE}, "fed": [["Dan", "Ana"]] * 3},
        ABCD,
        {"feeding_penalties": True},
    )
    said = lines(answer, ABCD)
    assert said["Dan"] == (
        "Dan: fed Ana 3 discards: pays Ana the ù for everyone, 6 for each of 3 = 18; "
        "fed Ana 3 discards: pays Ana 3; scores -21"
    )
    assert said["Ben"] == "Ben: Dan pays the ù for them; scores 0"
    assert said["Ana"].endswith("took 3 discards from Dan: receives 3; scores 21")


# --- readable arithmetic, no noise ----------------------------------------------------


def test_continental_arithmetic_reads_as_a_sum():
    # went out 1 + two jokers at 2 each 4 = 5 from each of Ben and Cem: 10
    melds = [["3S", "JK", "5S"], ["3H", "4H", "JK"], *FIVE_THREES]
    answer = run("continental", {"winner": "Ana", "end": "out", "melds": {"Ana": melds}})
    ana = lines(answer)["Ana"]
    assert ana == (
        "Ana: went out 1 + 2 jokers 4 (2 each) = 5 from each; receives Ben 5 + Cem 5 = 10"
    )
    assert " x " not in ana


def test_block_rummy_says_no_number_twice():
    # counts Ana 5, Ben 9, Cem 20: Ana earns 4 + 15 = 19
    answer = run(
        "block-rummy",
        {
            "winner": None,
            "end": "stock",
            "hands": {"Ana": ["2C", "3D"], "Ben": ["9C"], "Cem": ["KS", "QS"]},
        },
    )
    ana = lines(answer)["Ana"]
    assert ana == ("Ana: 2C 2 + 3D 3 = 5; lowest count, earns the differences Ben 4 + Cem 15 = 19")
    assert not re.search(r"(?<![\d-])(\d+) = \1(?!\d)", " ".join(answer["explain"]))


def test_the_reading_note_is_said_once_per_round():
    answer = run(
        "rummy-complete",
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["7H", "8H", "9H", "KS"], "Cem": ["2C"]}},
    )
    assert answer["notes"] == [
        "Reading: the others' hands count in full, not arranged ('his hands' read as the "
        "opponents')."
    ]
    assert all("opponents" not in line for line in answer["explain"])
    # the reading is said on the rules page and once in the notes, never as jargon in a
    # player's line (issue 29)
    assert "reading" not in lines(answer)["Ben"]


def test_carousels_reading_note_is_whole():
    # out with no cards, with pay: Ben pays 5, Cem 9; the +25 names no payer: Ana 14 + 25
    answer = run(
        "carousel",
        {"winner": "Ana", "end": "out", "hands": {"Ana": [], "Ben": ["5C"], "Cem": ["9C"]}},
        options={"pay": True},
    )
    assert answer["notes"] == [
        "Reading: with pay the knocker pays the undercut bonus; the +25 names no payer and is "
        "scored by the winner alone."
    ]
    assert lines(answer)["Ana"].endswith("no cards left +25; scores 39")


def test_queen_city_says_the_joker_reading_only_when_a_joker_is_there():
    # 5 + 6 + 7 + 4 kings 40 = 58, from each of 2 opponents = 116
    plain = run(
        "queen-city",
        {
            "winner": "Ana",
            "end": "out",
            "melds": {"Ana": [["5H", "6H", "7H"], ["KS", "KD", "KC", "KH"]]},
        },
    )
    assert lines(plain)["Ana"] == (
        "Ana: own melds 5 + 6 + 7 + 10 + 10 + 10 + 10 = 58, from each of 2 opponents = 116"
    )
    assert plain["notes"] == []
    with_joker = run(
        "queen-city",
        {
            "winner": "Ana",
            "end": "out",
            "melds": {"Ana": [["5H", "JK", "7H"], ["KS", "KD", "KC", "KH"]]},
        },
        options={"jokers": 1},
    )
    assert "a joker counts as its card" in lines(with_joker)["Ana"]
    assert with_joker["notes"] == ["Reading: a joker counts as the card it replaces."]


@pytest.mark.parametrize(
    ("rounds", "reason"),
    [(1, "the agreed round is played"), (3, "the agreed 3 rounds are played")],
)
def test_the_agreed_rounds_are_counted_in_words(rounds, reason):
    hand = {"winner": "Ana", "end": "out", "hands": {"Ben": ["5C"]}, "opened": {"Ben": True}}
    answer = game(
        variant="german-rummy",
        players=["Ana", "Ben"],
        options={"rounds": rounds},
        rounds=[hand] * rounds,
    )
    assert answer["reason"] == reason


# --- the same lines in another language -----------------------------------------------


class FakeGerman:
    """A catalog of a few ids, enough to see every part of a line go through it."""

    WORDS = {
        "scores %(points)s": "Ergebnis %(points)s",
        "%(hand)s for %(winner)s": "%(hand)s für %(winner)s",
        "no cards": "keine Karten",
    }

    def gettext(self, message):
        return self.WORDS.get(message, message)

    def ngettext(self, singular, plural, n):
        return singular if n == 1 else plural


def test_a_line_is_said_part_by_part_in_the_tables_language():
    answer = run(
        "rummy", {"winner": "Ana", "end": "out", "hands": {"Ben": ["QS", "7D"], "Cem": []}}
    )
    said = say_all(answer, FakeGerman(), "de")
    # court cards in German letters, suits as symbols; ids without a translation stay English
    assert said["explain"] == [
        "Ana: went out, collects Ben 17 + Cem 0 = 17",
        "Ben: D♠ 10 + 7♦ 7 = 17 für Ana; Ergebnis 0",
        "Cem: keine Karten für Ana; Ergebnis 0",
    ]
    assert all(type(line) is str for line in said["explain"])
    assert answer["explain"][1] == "Ben: QS 10 + 7D 7 = 17 for Ana; scores 0"  # English kept


def test_every_line_is_a_message_with_its_parameters():
    answer = run("rummy", {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS"], "Cem": []}})
    line = answer["explain"][1]
    assert isinstance(line, Message)
    assert line.id == "%(player)s: %(parts)s"
    assert line.params["player"] == "Ben"


# --- every round the suite scored -----------------------------------------------------


def test_every_variant_was_scored_and_explained():
    """Runs last (conftest): the rounds the rules tests scored covered every variant, and
    each was checked as it was scored."""
    if len(SEEN) < 40:
        pytest.skip("only meaningful when the rules tests run together")
    assert {variant for variant, _ in SEEN} == set(VARIANTS)
    options = {option for _, switched in SEEN for option in switched}
    assert {"pay", "feeding_penalties", "quick_bonus", "special_bonus"} <= options
