"""``scorekeeper score --lang de``: the engine's lines and errors in the table's language,
run as a real process. English stays the default.
"""

import json

from tests.command import scorekeeper
from tests.rami_in_german import ENGLISH, GERMAN, NOT_AN_OBJECT_IN_GERMAN, RAMI


def run(*args, stdin=""):
    result = scorekeeper(*args, stdin=stdin)
    return result.returncode, result.stdout, result.stderr


def test_score_in_german():
    code, out, _ = run("score", "--lang", "de", stdin=json.dumps(RAMI))
    assert code == 0
    assert json.loads(out)["explain"] == GERMAN


def test_score_is_english_without_lang():
    code, out, _ = run("score", stdin=json.dumps(RAMI))
    assert code == 0
    assert json.loads(out)["explain"] == ENGLISH


def test_an_error_in_german_exits_2():
    code, out, _ = run("score", "--lang", "de", stdin=json.dumps([RAMI]))
    assert code == 2
    assert json.loads(out) == NOT_AN_OBJECT_IN_GERMAN


def test_an_unknown_language_is_refused_with_exit_2():
    code, out, err = run("score", "--lang", "xx", stdin=json.dumps(RAMI))
    assert code == 2
    assert out == ""
    assert "'xx' is not a language we speak" in err
