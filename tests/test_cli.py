"""The `scorekeeper` command, run as a real process: JSON in, JSON out, exit 2 on bad input."""

import json
import subprocess
import sys

import pytest


def run(*args, stdin=""):
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in result.stderr
    return result.returncode, json.loads(result.stdout)


def test_variants_lists_all_fifteen():
    code, answer = run("variants")
    assert code == 0
    assert len(answer["variants"]) == 15
    rami = next(v for v in answer["variants"] if v["id"] == "rami")
    assert rami["goal"] == "low"
    assert rami["options"]["joker_value"] == 150


def test_a_legal_meld_answers_zero():
    code, answer = run(
        "check", stdin=json.dumps({"variant": "rummy", "melds": [["3H", "4H", "5H"]]})
    )
    assert code == 0
    assert answer["legal"] is True


def test_an_illegal_meld_is_still_a_well_formed_answer():
    # K-A-2 only turns the corner in around-the-corner: in Basic Rummy (ace low) it is illegal
    code, answer = run(
        "check", stdin=json.dumps({"variant": "rummy", "melds": [["KH", "AH", "2H"]]})
    )
    assert code == 0
    assert answer["legal"] is False
    assert answer["reason"]


def test_request_from_a_file_argument(tmp_path):
    request = tmp_path / "hand.json"
    # 4S 5S 6S is a run; 9D and KC are deadwood: 9 + 10 = 19
    request.write_text(
        json.dumps({"variant": "knock-rummy", "hand": ["4S", "5S", "6S", "9D", "KC"]})
    )
    code, answer = run("arrange", str(request))
    assert code == 0
    assert answer["deadwood_points"] == 19


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


ROUND = {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS"]}}


@pytest.mark.parametrize(
    ("command", "stdin", "field", "words"),
    [
        ("check", "{not json", None, "not valid JSON"),
        ("check", "[1, 2]", None, "JSON object"),
        ("check", json.dumps({"variant": "gin", "melds": []}), "variant", "unknown variant"),
        (
            "check",
            json.dumps({"variant": "rummy", "options": {"colour": 1}, "melds": []}),
            "options.colour",
            "no option 'colour'",
        ),
        (
            "arrange",
            json.dumps({"variant": "rami", "options": {"end": "never"}, "hand": []}),
            "options.end",
            "must be one of",
        ),
        (
            "check",
            json.dumps({"variant": "rummy", "melds": [["AS", "2S", "3S"], ["1S", "2H", "3H"]]}),
            "melds[1][0]",
            "'1S' (meld 2, card 1) is not a card",
        ),
        (
            "arrange",
            json.dumps({"variant": "knock-rummy", "hand": ["AS", "AS", "2S"]}),
            "hand[1]",
            "AS is used 2 times",
        ),
        (
            "score",
            json.dumps(
                {"variant": "rummy", "players": ["Ana", "Ben"], "round": ROUND | {"winner": "Zed"}}
            ),
            "round.winner",
            "Zed",
        ),
        (
            "score",
            json.dumps(
                {
                    "variant": "rummy",
                    "players": ["Ana", "Ben"],
                    "round": ROUND | {"hands": {"Cem": ["KS"]}},
                }
            ),
            "round.hands.Cem",
            "Cem",
        ),
        (
            "game",
            json.dumps(
                {"variant": "rummy", "players": ["Ana", "Ben"], "dealer": "Zed", "rounds": []}
            ),
            "dealer",
            "Zed",
        ),
    ],
)
def test_bad_input_exits_2_with_error_and_field(command, stdin, field, words):
    code, answer = run(command, stdin=stdin)
    assert code == 2
    assert set(answer) == {"error", "field"}
    assert answer["field"] == field
    assert words in answer["error"]


def test_missing_file_is_a_clear_error(tmp_path):
    code, answer = run("check", str(tmp_path / "nope.json"))
    assert code == 2
    assert "cannot read" in answer["error"]
