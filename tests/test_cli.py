"""The `scorekeeper` command, run as a real process: JSON in, JSON out, exit 2 on bad input."""

import json

import pytest

from scorekeeper.rules import variants
from tests.command import scorekeeper


def run(*args, stdin=""):
    result = scorekeeper(*args, stdin=stdin)
    return result.returncode, json.loads(result.stdout)


def test_variants_lists_the_catalog():
    code, answer = run("variants")
    assert code == 0
    assert answer == json.loads(json.dumps(variants()))


def test_gin_through_the_cli():
    assert "gin" in [v["id"] for v in run("variants")[1]["variants"]]
    # AS-2S-3S, 4H-4D-4C, 10C-JC-QC; 9D 9 left: a knock needs 10 or fewer
    hand = ["AS", "2S", "3S", "4H", "4D", "4C", "10C", "JC", "QC", "9D"]
    code, answer = run("check", stdin=json.dumps({"variant": "gin", "knock": hand}))
    assert code == 0
    assert (answer["legal"], answer["deadwood_points"]) == (True, 9)


def test_a_legal_meld_answers_zero():
    code, answer = run(
        "check", stdin=json.dumps({"variant": "rummy", "melds": [["3H", "4H", "5H"]]})
    )
    assert code == 0
    assert (answer["legal"], answer["points"]) == (True, 12)  # 3 + 4 + 5


def test_an_illegal_meld_is_still_a_well_formed_answer():
    # K-A-2 only turns the corner in around-the-corner: in Basic Rummy (ace low) it is illegal
    code, answer = run(
        "check", stdin=json.dumps({"variant": "rummy", "melds": [["KH", "AH", "2H"]]})
    )
    assert code == 0
    assert answer["legal"] is False
    assert answer["reason"] == "meld 1: a run may not turn the corner K-A-2 in this variant"


def test_request_from_a_file_argument(tmp_path):
    request = tmp_path / "hand.json"
    # 4S 5S 6S is a run; 9D and KC are deadwood: 9 + 10 = 19
    request.write_text(
        json.dumps({"variant": "knock-rummy", "hand": ["4S", "5S", "6S", "9D", "KC"]})
    )
    code, answer = run("arrange", str(request))
    assert code == 0
    assert answer == {
        "melds": [["4S", "5S", "6S"]],
        "deadwood": ["9D", "KC"],
        "deadwood_points": 19,
    }


def test_score_through_the_cli():
    # Basic Rummy: the winner scores the cards left in the other hands: 10 + 7 + 1 = 18
    request = {
        "variant": "rummy",
        "players": ["Ana", "Ben"],
        "round": {"winner": "Ana", "end": "out", "hands": {"Ana": [], "Ben": ["KS", "7D", "AC"]}},
    }
    code, answer = run("score", stdin=json.dumps(request))
    assert code == 0
    assert answer["delta"] == {"Ana": 18, "Ben": 0}


@pytest.mark.parametrize(
    ("stdin", "field", "error"),
    [
        ("{not json", None, "not valid JSON"),
        ("[1, 2]", None, "the request must be a JSON object"),
        # the engine's own refusal (tests/rules/test_scoring_validation.py), passed on unchanged
        (
            json.dumps({"variant": "rummy", "players": ["Ana", "Ben"], "round": {"winner": "Zed"}}),
            "round.winner",
            "the winner 'Zed' is not one of the players (Ana, Ben)",
        ),
    ],
)
def test_bad_input_exits_2_with_error_and_field(stdin, field, error):
    code, answer = run("score", stdin=stdin)
    assert code == 2
    assert set(answer) == {"error", "field"}
    assert answer["field"] == field
    assert error in answer["error"]


def test_missing_file_is_a_clear_error(tmp_path):
    code, answer = run("check", str(tmp_path / "nope.json"))
    assert code == 2
    assert "cannot read" in answer["error"]
