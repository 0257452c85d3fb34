"""The table drawn again from above, on shapes whose answers are worked out by hand."""

from __future__ import annotations

import math

import cv2
import numpy as np

from scorekeeper.vision.plane import from_above, off_a_card
from scorekeeper.vision.reading import find_corners


def _card(centre, turn_degrees, width=120.0, aspect=1.45):
    """A card's four corners on the table (clockwise on the screen), ``width`` wide."""
    turn = math.radians(turn_degrees)
    across = np.float64([math.cos(turn), math.sin(turn)]) * width / 2
    down = np.float64([-math.sin(turn), math.cos(turn)]) * width * aspect / 2
    centre = np.float64(centre)
    return np.stack(
        [
            centre - across - down,
            centre + across - down,
            centre + across + down,
            centre - across + down,
        ]
    )


def test_a_card_is_no_distance_from_a_card_and_a_square_is_its_proportions_away():
    card = _card((0, 0), 0, 100, 1.45)[None]
    assert abs(off_a_card(card, 1.45)[0]) < 1e-9
    # a square: its sides' ratio 1 against 1.45, its corners right: |log(1 / 1.45)| = 0.3716
    square = _card((0, 0), 30, 100, 1.0)[None]
    assert abs(off_a_card(square, 1.45)[0] - math.log(1.45)) < 1e-6


# the table seen at a slant: its square 1000 x 1000 drawn as a trapezoid whose far side
# (top) is 1000 pixels wide and whose near side (bottom) 1400, 900 pixels down
TABLE = np.float32([[0, 0], [1000, 0], [1000, 1000], [0, 1000]])
SEEN = np.float32([[300, 150], [1300, 150], [1500, 1050], [100, 1050]])
CARDS = [((200, 200), 10), ((700, 250), -20), ((450, 550), 35), ((200, 800), 80), ((800, 780), 0)]


def _photo(seen: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """Five cards on a green table as a phone sees them, and their corners in the photo."""
    slant = cv2.getPerspectiveTransform(TABLE, seen)
    photo = np.full((1200, 1600, 3), (40, 110, 30), np.uint8)
    corners = []
    for centre, turn in CARDS:
        quad = cv2.perspectiveTransform(_card(centre, turn).reshape(-1, 1, 2), slant).reshape(-1, 2)
        cv2.fillConvexPoly(photo, np.int32(np.round(quad)), (235, 235, 235))
        corners.append(quad)
    return photo, corners


def test_a_photo_taken_at_a_slant_is_drawn_again_with_its_cards_rectangles():
    photo, corners = _photo(SEEN)
    # in the photo the cards are far from rectangles of a card's proportions (the near ones
    # wider at the bottom, the far ones squashed)
    assert off_a_card(np.stack(corners), 1.45).mean() > 0.15
    polygons, _found, whole = find_corners(photo)
    above = from_above(photo, [polygons[index] for index in sorted(whole)], polygons)
    assert above is not None
    drawn = [
        cv2.perspectiveTransform(quad.reshape(-1, 1, 2), above.transform).reshape(-1, 2)
        for quad in corners
    ]
    # drawn again, every card is a rectangle of the card's proportions, and all one size
    assert off_a_card(np.stack(drawn), 1.45).max() < 0.03
    widths = [float(np.linalg.norm(quad[1] - quad[0])) for quad in drawn]
    assert max(widths) / min(widths) < 1.05
    # each card lies inside the picture drawn again, and its box there drawn back onto the
    # photo holds the card where the photo shows it
    height, width = above.pixels.shape[:2]
    for quad, seen in zip(drawn, corners, strict=True):
        assert quad.min() >= 0 and quad[:, 0].max() <= width and quad[:, 1].max() <= height
        x, y, w, h = cv2.boundingRect(quad.astype(np.float32))
        bx, by, bw, bh = above.back((x, y, w, h))
        assert bx <= seen[:, 0].min() + 1 and by <= seen[:, 1].min() + 1
        assert bx + bw >= seen[:, 0].max() - 1 and by + bh >= seen[:, 1].max() - 1


def test_a_photo_taken_from_straight_above_is_read_as_it_is():
    # the table's square drawn as a square: every card a rectangle already
    photo, _corners = _photo(np.float32([[300, 100], [1300, 100], [1300, 1100], [300, 1100]]))
    polygons, _found, whole = find_corners(photo)
    assert len(whole) == 5
    assert from_above(photo, [polygons[index] for index in sorted(whole)], polygons) is None


def test_two_cards_do_not_say_how_the_phone_was_held():
    photo, _corners = _photo(SEEN)
    polygons, _found, whole = find_corners(photo)
    two = [polygons[index] for index in sorted(whole)[:2]]
    assert from_above(photo, two, polygons) is None
