"""How a round ended: one vocabulary for the engine and every shell (issue 20, Build 2).

Worked by hand from shared/spec/referee-json.md: ``out`` and ``rummy`` are going out (the
winner has laid down every card), ``knock`` leaves the knocker holding cards, and ``stock``
is a round nobody ended.
"""

import json

import pytest

from scorekeeper.rules.variant import GOING_OUT, RoundEnd


@pytest.mark.parametrize(
    ("end", "going_out", "by_player"),
    [("out", True, True), ("rummy", True, True), ("knock", False, True), ("stock", False, False)],
)
def test_each_end_says_whether_it_is_a_going_out_and_whether_a_player_ended_it(
    end, going_out, by_player
):
    assert RoundEnd(end).going_out is going_out
    assert RoundEnd(end).by_player is by_player
    assert (end in GOING_OUT) is going_out


def test_the_ends_are_the_contracts_words_in_json():
    assert json.dumps(list(RoundEnd)) == '["out", "rummy", "knock", "stock"]'
