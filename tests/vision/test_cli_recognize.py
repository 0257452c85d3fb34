"""`scorekeeper recognize PHOTO [--variant ID]`, run as a real process."""

from __future__ import annotations

import json
from pathlib import Path

from tests.command import scorekeeper

PHOTOS = Path(__file__).with_name("photos")
TRUTH = json.loads((PHOTOS / "truth.json").read_text(encoding="utf-8"))


def test_a_photo_answers_the_contract_json():
    result = scorekeeper("recognize", PHOTOS / "four-colour.jpg")
    assert result.returncode == 0
    answer = json.loads(result.stdout)
    assert set(answer) >= {"cards", "unsure", "width", "height"}
    assert sorted(card["card"] for card in answer["cards"]) == TRUTH["four-colour.jpg"]["cards"]


def test_an_empty_table_answers_no_card():
    result = scorekeeper("recognize", PHOTOS / "empty-table.jpg", "--variant", "rummy")
    assert result.returncode == 0
    assert json.loads(result.stdout)["cards"] == []


def test_a_file_that_is_not_a_photo_exits_2_naming_the_photo(tmp_path):
    typed = tmp_path / "hand.jpg"
    typed.write_text("AS 10H JK", encoding="utf-8")
    result = scorekeeper("recognize", typed)
    assert result.returncode == 2
    answer = json.loads(result.stdout)
    assert answer["field"] == "photo" and "not a photo" in answer["error"]


def test_a_damaged_photo_exits_2_in_the_asked_language(tmp_path):
    cut = tmp_path / "cut.jpg"
    cut.write_bytes((PHOTOS / "four-colour.jpg").read_bytes()[:3000])
    result = scorekeeper("recognize", cut, "--lang", "de")
    assert result.returncode == 2
    answer = json.loads(result.stdout)
    assert answer == {
        "error": "das Foto ist beschädigt und kann nicht gelesen werden: nimm oder schicke es noch einmal",
        "field": "photo",
    }


def test_a_missing_file_and_an_unknown_variant_exit_2(tmp_path):
    result = scorekeeper("recognize", tmp_path / "none.jpg")
    assert result.returncode == 2 and json.loads(result.stdout)["field"] == "photo"
    result = scorekeeper("recognize", PHOTOS / "four-colour.jpg", "--variant", "snap")
    assert result.returncode == 2 and json.loads(result.stdout)["field"] == "variant"
