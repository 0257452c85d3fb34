"""Photos the generator made (tests/vision/photos, truth.json: the cards it laid on the
table, scripts/make_vision_test_photos.py), read through the public recognize()."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorekeeper.vision import recognize

PHOTOS = Path(__file__).with_name("photos")
TRUTH = json.loads((PHOTOS / "truth.json").read_text(encoding="utf-8"))
# the photos the reader reads right today: two cards joined to a glass's rim (read at the
# corners their rounded corners leave on the joined outline), a held-out deck (gm-paris,
# whose jack prints B and whose court picture splits the card's light region in two),
# German and French letters drawn on, a four-colour deck, an empty table, a held-out deck
# photographed at 32 degrees from straight above (read as drawn again from above: before,
# its 2 of clubs read as the 2 of spades), a held-out deck's small pale indices (its 6 of
# hearts, a whole card none of whose corners read, read against the paper around its ink:
# before, missed), a held-out deck whose small black corner pips read as clubs (its 3 and 9
# of spades, named by their faces' larger pips). The others
# (fanned-standard: the second of two nines of clubs; joker: the nicu joker, read as two
# unsure cards) are kept with their truth and counted in benchmarks/README.md, "The cards in
# a photo"
READ_RIGHT = [
    "spread-standard.jpg",
    "spread-held-out-deck.jpg",
    "german-letters.jpg",
    "french-letters.jpg",
    "four-colour.jpg",
    "empty-table.jpg",
    "tilted.jpg",
    "faint-index.jpg",
    "face-pips.jpg",
]


@pytest.mark.parametrize("name", READ_RIGHT)
def test_the_photo_reads_the_cards_laid(name):
    answer = recognize((PHOTOS / name).read_bytes())
    assert sorted(card["card"] for card in answer["cards"]) == TRUTH[name]["cards"]


# a dim room (or a phone's shadow over the whole table) leaves every face at under half its
# light: whiter than the table still, but below the level a lit face clears
@pytest.mark.parametrize(
    "name", ["spread-standard.jpg", "spread-held-out-deck.jpg", "french-letters.jpg"]
)
def test_a_photo_taken_in_a_dim_room_reads_the_same_cards(name):
    answer = recognize(_dimmed((PHOTOS / name).read_bytes(), 0.45))
    assert sorted(card["card"] for card in answer["cards"]) == TRUTH[name]["cards"]


def test_an_empty_table_in_a_dim_room_reads_no_card():
    assert recognize(_dimmed((PHOTOS / "empty-table.jpg").read_bytes(), 0.45))["cards"] == []


def _dimmed(photo: bytes, light: float) -> bytes:
    pixels = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR)
    ok, encoded = cv2.imencode(".jpg", (pixels * light).astype(np.uint8))
    assert ok
    return encoded.tobytes()


def test_the_answer_has_the_contract_shape_and_reading_order():
    name = "four-colour.jpg"
    answer = recognize((PHOTOS / name).read_bytes())
    assert (answer["width"], answer["height"]) in ((960, 720), (720, 960))
    for card in answer["cards"]:
        assert 0 <= card["confidence"] <= 1
        x, y, w, h = card["box"]
        assert min(x, y) >= 0 and min(w, h) > 0
        assert x + w <= answer["width"] and y + h <= answer["height"]
    # each card's box holds the centre of one laid card, and the cards go row by row
    centres = [
        (sum(p[0] for p in outline) / 4, sum(p[1] for p in outline) / 4)
        for outline in TRUTH[name]["outlines"]
    ]
    for card in answer["cards"]:
        x, y, w, h = card["box"]
        inside = [c for c in centres if x <= c[0] <= x + w and y <= c[1] <= y + h]
        assert len(inside) >= 1
    tops = [card["box"][1] + card["box"][3] / 2 for card in answer["cards"]]
    heights = [card["box"][3] for card in answer["cards"]]
    for before, after, height in zip(tops, tops[1:], heights, strict=False):
        assert after > before - height / 2  # never back up a row


def test_a_variant_flags_what_its_deck_cannot_hold():
    # Gin plays one deck: the second copy of a card read is unsure, the first is not
    from scorekeeper.vision.answer import _beyond_the_deck  # the rule alone, without a photo

    cards = ["AC", "5D", "AC", "JK"]
    assert _beyond_the_deck(cards, "gin") == [2, 3]  # one deck, no joker
    assert _beyond_the_deck(cards, "rami") == []  # two decks, four jokers
    # Rami's largest deal (5 to 8 players) plays 3 decks and 6 jokers
    assert _beyond_the_deck(["JK"] * 7, "rami") == [6]
    assert _beyond_the_deck(["9S"] * 4, "rami") == [3]


def test_a_reading_whose_rank_or_suit_is_in_doubt_is_unsure(monkeypatch):
    # a card's confidence is its rank's probability times its suit's: 0.9 x 0.8 = 0.72 is a
    # doubt in one of them, and the table is asked to look there; 0.95 x 0.95 is not
    from scorekeeper.vision import answer
    from scorekeeper.vision.reading import Reading

    readings = [
        Reading("KS", 0.95 * 0.95, (10, 10, 50, 70)),
        Reading("7H", 0.9 * 0.8, (80, 10, 50, 70)),
    ]
    monkeypatch.setattr(answer, "read_cards", lambda pixels, budget: readings)
    found = recognize((PHOTOS / "empty-table.jpg").read_bytes())
    assert [card["card"] for card in found["cards"]] == ["KS", "7H"]
    assert found["unsure"] == [1]
