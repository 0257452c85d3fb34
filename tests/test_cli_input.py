"""The `scorekeeper` command answers every kind of bad input with exit 2 and one line of
JSON naming the problem, never a traceback (a real process, real files)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorekeeper.rules.records import VARIANTS


def run(*args: str, stdin: bytes = b"") -> tuple[int, list[str]]:
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args],
        input=stdin,
        capture_output=True,
        timeout=60,
    )
    assert b"Traceback" not in result.stderr
    return result.returncode, result.stdout.decode("utf-8").splitlines()


def refused(*args: str, stdin: bytes = b"") -> dict:
    code, lines = run(*args, stdin=stdin)
    assert code == 2
    assert len(lines) == 1, lines
    answer = json.loads(lines[0])
    assert set(answer) == {"error", "field"}
    return answer


def test_nesting_a_thousand_deep_is_refused():
    answer = refused("check", stdin=b"[" * 1000 + b"]" * 1000)
    assert "nested more than 32 levels" in answer["error"]


def test_nesting_just_over_the_limit_names_where():
    body = {"variant": "rummy", "melds": [[]]}
    inner: object = "AS"
    for _ in range(40):
        inner = [inner]
    body["options"] = {"deep": inner}
    answer = refused("check", stdin=json.dumps(body).encode())
    assert answer["field"].startswith("options.deep[0]")


def test_a_five_thousand_digit_integer_is_refused_with_its_place():
    text = '{"variant": "rummy", "options": {"target": ' + "9" * 5000 + "}}"
    answer = refused("check", stdin=text.encode())
    assert answer == {
        "error": "the number 99999999999999999999… has more than 12 digits",
        "field": "options.target",
    }


def test_nan_is_refused():
    answer = refused("arrange", stdin=b'{"variant": "rummy", "options": {"decks": NaN}}')
    assert answer["field"] == "options.decks"


def test_a_binary_file_is_refused(tmp_path):
    path = tmp_path / "hand.bin"
    path.write_bytes(bytes(range(256)))
    answer = refused("arrange", str(path))
    assert "not UTF-8" in answer["error"]


def test_a_directory_is_refused(tmp_path):
    answer = refused("arrange", str(tmp_path))
    assert answer["error"].startswith(f"cannot read {tmp_path}")


def test_a_missing_file_is_refused(tmp_path):
    answer = refused("arrange", str(tmp_path / "nothing.json"))
    assert answer["error"] == f"cannot read {tmp_path / 'nothing.json'}: No such file or directory"


@pytest.mark.parametrize("stdin", [b"", b"  \n"])
def test_empty_input_is_refused(stdin):
    assert refused("arrange", stdin=stdin)["error"] == "the request is empty: send a JSON object"


def test_variants_needs_no_input():
    code, lines = run("variants")
    assert code == 0
    assert len(json.loads("\n".join(lines))["variants"]) == len(VARIANTS)


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "huge.json"
    path.write_bytes(b'{"hand": ["' + b"A" * 5_000_000 + b'"]}')
    answer = refused("arrange", str(path))
    assert answer["error"] == "the request is larger than 4,000,000 bytes"


def test_a_long_text_is_refused_with_its_place():
    body = {"variant": "rummy", "hand": ["AS", "x" * 1000]}
    answer = refused("arrange", stdin=json.dumps(body).encode())
    assert answer["field"] == "hand[1]"
    assert "longer than 200 characters" in answer["error"]
