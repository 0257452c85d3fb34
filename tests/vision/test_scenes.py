"""The photo generator's faces as French- and German-lettered decks print them
(scorekeeper/vision/training/scenes.py): the old letter gone whole, the pip kept."""

import cv2
import numpy as np
import pytest

from scorekeeper.vision.training import decks, scenes


def index_pieces(face: np.ndarray) -> list[tuple[int, int, int, int]]:
    """The boxes of the ink pieces in the face's top-left index area, specks left out."""
    h, w = face.shape[:2]
    bottom, right = int(h * 0.3), int(w * 0.3)
    ink = (scenes._ink(face)[:bottom, :right] > 90) & (face[:bottom, :right, 3] > 200)
    _count, _labels, stats, _centres = cv2.connectedComponentsWithStats(ink.astype(np.uint8))
    return [tuple(int(v) for v in s[:4]) for s in stats[1:] if s[4] > 15]


@pytest.mark.parametrize(
    ("element", "letter"), [("jack_spade", "V"), ("queen_heart", "D"), ("king_club", "R")]
)
def test_a_large_letter_is_painted_over_whole(element, letter):
    # svg-nicu-white prints its letters large (its Q's tail and right side reach past a fifth
    # of the card): what was left of the old letter stood beside the new one and ran into
    # the pip below. The index keeps two pieces: the new letter, and the pip under it.
    face = decks.render("svg-nicu-white", element)
    redrawn = scenes.redraw_letter(face, letter, turned=True)
    pieces = sorted(index_pieces(redrawn), key=lambda box: box[1])
    assert len(pieces) == 2
    letter_box, pip_box = pieces
    assert letter_box[1] + letter_box[3] < pip_box[1]
    # the pip is the one printed, where it was printed (the paint's 2-pixel margin round
    # the old letter may take a row off its top, where the Q's tail nearly touched it)
    printed = index_pieces(face)
    assert any(np.abs(np.subtract(pip_box, box)).max() <= 2 for box in printed)


def test_the_pip_under_a_small_letter_is_kept():
    # svg-tigullio-international prints a small letter over its pip, a picture's piece level
    # with the letter beside it: the letter alone is painted over, the pip stays
    face = decks.render("svg-tigullio-international", "queen_heart")
    redrawn = scenes.redraw_letter(face, "D", turned=True)
    below_the_letter = [box for box in index_pieces(face) if box[1] > 0.14 * face.shape[0]]
    pip = min(below_the_letter, key=lambda box: box[1])
    x, y, w, h = pip
    assert np.array_equal(redrawn[y : y + h, x : x + w], face[y : y + h, x : x + w])
