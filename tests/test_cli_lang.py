"""``scorekeeper score --lang de``: the engine's lines and errors in the table's language,
run as a real process. English stays the default.

German expectations use ids whose German the translators keep (listed for them):
"went out: 0", "%(hand)s, no meld yet +%(points)s", "the request must be a JSON object".
"""

import json
import subprocess
import sys

RAMI = {
    "variant": "rami",
    "players": ["Ana", "Ben"],
    "round": {
        "winner": "Ana",
        "end": "out",
        "hands": {"Ben": ["JK", "AS", "10H"]},
        "opened": {"Ben": False},
    },
}


def run(*args, stdin=""):
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in result.stderr
    return result.returncode, result.stdout, result.stderr


def test_score_in_german():
    code, out, _ = run("score", "--lang", "de", stdin=json.dumps(RAMI))
    assert code == 0
    assert json.loads(out)["explain"] == [
        "Ana: ausgemacht: 0",
        "Ben: Joker 150 + A♠ 11 + 10♥ 10 = 171, noch nicht ausgelegt +100 = 271",
    ]


def test_score_is_english_without_lang():
    code, out, _ = run("score", stdin=json.dumps(RAMI))
    assert code == 0
    assert json.loads(out)["explain"][0] == "Ana: went out: 0"


def test_an_error_in_german_exits_2():
    code, out, _ = run("score", "--lang", "de", stdin=json.dumps([RAMI]))
    assert code == 2
    assert json.loads(out) == {"error": "die Anfrage muss ein JSON-Objekt sein", "field": None}


def test_an_unknown_language_is_refused_with_exit_2():
    code, out, err = run("score", "--lang", "xx", stdin=json.dumps(RAMI))
    assert code == 2
    assert out == ""
    assert "'xx' is not a language we speak" in err
