"""A whole number card's suit from its face pips: on the generator's photos, whose truth
names each card laid with its outline, and on readings whose answers are worked out by
hand."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from scorekeeper.vision.faces import face_pips
from scorekeeper.vision.reading import Corner, CornerReading, cards_from_corners, face_suits

PHOTOS = Path(__file__).with_name("photos")
TRUTH = json.loads((PHOTOS / "truth.json").read_text(encoding="utf-8"))
SPREAD = [name for name, truth in TRUTH.items() if truth["layout"] == "spread"]
NUMBERS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")


@pytest.mark.parametrize("name", SPREAD)
def test_each_laid_number_cards_face_pips_show_its_suit(name):
    truth = TRUTH[name]
    pixels = cv2.imread(str(PHOTOS / name))
    numbers = {index: card for index, card in enumerate(truth["laid"]) if card[:-1] in NUMBERS}
    shown = face_suits(pixels, {i: np.float32(truth["outlines"][i]) for i in numbers})
    # a two or a three shows two pips out of its middle row, which is never read (printed
    # either way up): each card shows at least two
    assert set(shown) == set(numbers)
    for index, card in numbers.items():
        assert shown[index][0] == card[-1], (card, shown[index])


def test_a_blank_face_shows_no_pips():
    white = np.full((300, 300, 3), 235, np.uint8)
    glyphs, _colour = face_pips(white, np.float32([[50, 40], [150, 40], [150, 185], [50, 185]]))
    assert len(glyphs) == 0


def _whole(card: str, confidence: float, outline: int = 0) -> CornerReading:
    corner = Corner(np.float32((0, 0)), np.float32([1, 0]), np.float32([0, 1]), 100.0, outline)
    return CornerReading(corner, card, confidence)


def test_a_whole_number_card_takes_the_suit_its_face_pips_show_surely():
    # the corner read the eight of clubs, 0.87 sure; the face's pips say spades, 0.95 sure
    [card] = cards_from_corners([_whole("8C", 0.87)], {0}, faces={0: ("S", 0.95)})
    assert (card.card, card.confidence) == ("8S", 0.87)
    # and no surer than the pips: the corner's reading was wrong
    [card] = cards_from_corners([_whole("8C", 0.99)], {0}, faces={0: ("S", 0.85)})
    assert (card.card, card.confidence) == ("8S", 0.85)


def test_pips_shown_less_than_surely_or_a_court_card_keep_the_corners_reading():
    [card] = cards_from_corners([_whole("8C", 0.87)], {0}, faces={0: ("S", 0.7)})
    assert card.card == "8C"
    # a king's face is its picture, whatever pieces of it look like pips
    [card] = cards_from_corners([_whole("KC", 0.9)], {0}, faces={0: ("S", 0.99)})
    assert card.card == "KC"
    # an ace's one pip is never two alike; a joker has no suit
    [card] = cards_from_corners([_whole("JK", 0.9)], {0}, faces={0: ("S", 0.99)})
    assert card.card == "JK"
    # a reading outside a whole card's outline (a fan's) is not the face's
    [card] = cards_from_corners([_whole("8C", 0.87, outline=3)], {0}, faces={3: ("S", 0.99)})
    assert card.card == "8C"
