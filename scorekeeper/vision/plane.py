"""The table seen from above: a photo taken at a slant, drawn again as if the phone had been
held straight over the table, from the cards lying whole on it.

Every card on the table is a rectangle of one deck's proportions. A phone held at a slant
draws each as a quadrilateral, the near ones larger; one card's four corners give the
perspective transform that makes it a rectangle again, and that transform makes every
other card on the table a rectangle too. Each whole card is tried, with each of the
proportions decks print (:data:`ASPECTS`), and the transform under which most cards agree
is kept, where at least :data:`AGREEING` of them do and the cards are much nearer
rectangles under it than in the photo: a photo taken from nearly straight above is read as
it is.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

# a card's length over its width, as decks print them (poker 1.4, bridge 1.56, the package's
# decks 1.33 to 1.56)
ASPECTS = (1.35, 1.4, 1.45, 1.5, 1.55, 1.6, 1.65)
# how far from a rectangle of the aspect a card may be and still agree: the log of its sides'
# ratio over the aspect, plus the mean cosine of its corners
AGREES_WITHIN = 0.12
AGREEING = 3  # cards that must agree before a photo is drawn again
# the cards' mean distance from rectangles must fall by this much
LEAST_GAIN = 0.15
# the picture drawn again shows a card this many times as wide as the photo shows it (of
# the median card's area): the far cards, small in the photo, gain the pixels they lacked
WIDER = 1.25
LARGEST = 2.5  # the picture drawn again has at most this many times the photo's pixels


@dataclass(frozen=True)
class Rectified:
    """The photo drawn again from above, and the transform from the photo's pixels to it."""

    pixels: np.ndarray
    transform: np.ndarray

    def back(self, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """A box of the picture drawn again as a box of the photo (its corners' bounds)."""
        x, y, w, h = box
        corners = np.float64([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
        back = moved(np.linalg.inv(self.transform), corners).astype(np.float32)
        bx, by, bw, bh = cv2.boundingRect(back)
        return (float(bx), float(by), float(bw), float(bh))


def off_a_card(quads: np.ndarray, aspect: float) -> np.ndarray:
    """How far each of ``quads`` (n x 4 x 2) is from a rectangle ``aspect`` times as long as
    wide: the log of its sides' ratio over the aspect, plus the mean cosine of its four
    corners (0: a card)."""
    after = np.roll(quads, -1, axis=1) - quads
    sides = np.linalg.norm(after, axis=2)
    pairs = np.stack([(sides[:, 0] + sides[:, 2]) / 2, (sides[:, 1] + sides[:, 3]) / 2], axis=1)
    ratio = np.abs(np.log(pairs.max(axis=1) / np.maximum(pairs.min(axis=1), 1e-6) / aspect))
    before = np.roll(quads, 1, axis=1) - quads
    cosines = np.abs(np.sum(before * after, axis=2)) / (
        np.linalg.norm(before, axis=2) * sides + 1e-9
    )
    return ratio + cosines.mean(axis=1)


def _as_card(quad: np.ndarray, aspect: float) -> np.ndarray:
    """The perspective transform that makes ``quad`` a rectangle ``aspect`` times as long as
    wide, as wide as its short sides, turned as it lies (never mirrored)."""
    quad = quad.astype(np.float64)
    x, y = quad[:, 0], quad[:, 1]
    if float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y)) < 0:
        quad = quad[[0, 3, 2, 1]]  # clockwise on the screen, as the rectangle below
    sides = np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1)
    if sides[0] + sides[2] > sides[1] + sides[3]:
        quad = np.roll(quad, -1, axis=0)  # its first side a short one
        sides = np.roll(sides, -1)
    width = (sides[0] + sides[2]) / 2
    card = np.float32([[0, 0], [width, 0], [width, width * aspect], [0, width * aspect]])
    return cv2.getPerspectiveTransform(quad.astype(np.float32), card)


def moved(transform: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``points`` (n x 2) under the perspective ``transform``."""
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), transform).reshape(
        -1, 2
    )


def from_above(
    pixels: np.ndarray, cards: list[np.ndarray], shown: list[np.ndarray]
) -> Rectified | None:
    """``pixels`` drawn again from above, where ``cards`` (the whole cards' quadrilaterals,
    in its pixels) say the phone was held at a slant; None where they do not. ``shown``:
    every outline found, which the picture drawn again holds with a card's width round it."""
    cards = [card.astype(np.float64) for card in cards if len(card) == 4]
    if len(cards) < AGREEING:
        return None
    corners = np.stack(cards)
    best: tuple[float, np.ndarray, float] | None = None
    for aspect in ASPECTS:
        for card in cards:
            transform = _as_card(card, aspect)
            drawn_cards = moved(transform, corners).reshape(-1, 4, 2)
            offs = np.sort(off_a_card(drawn_cards, aspect))
            if int((offs < AGREES_WITHIN).sum()) < AGREEING:
                continue
            # the better half of the cards (a row of cards shaped like one is no card)
            score = float(offs[: (len(offs) + 1) // 2 + 1].mean())
            if best is None or score < best[0]:
                best = (score, transform, aspect)
    if best is None:
        return None
    score, transform, aspect = best
    if float(off_a_card(corners, aspect).mean()) - score < LEAST_GAIN:
        return None
    area = float(np.median([cv2.contourArea(card.astype(np.float32)) for card in cards]))
    redrawn = moved(transform, corners).reshape(-1, 4, 2).astype(np.float32)
    drawn = float(np.median([cv2.contourArea(card) for card in redrawn]))
    scale = WIDER * (area / max(drawn, 1e-6)) ** 0.5
    points = moved(transform, np.concatenate([outline for outline in shown if len(outline)]))
    if not np.isfinite(points).all():  # an outline at the horizon, or beyond it
        return None
    margin = scale * (drawn / aspect) ** 0.5  # a card's width
    low = points.min(axis=0) * scale - margin
    high = points.max(axis=0) * scale + margin
    size = np.ceil(high - low).astype(int)
    if size.min() < 50 or size.prod() > LARGEST * pixels.shape[0] * pixels.shape[1]:
        return None
    placed = np.float64([[scale, 0, -low[0]], [0, scale, -low[1]], [0, 0, 1]]) @ transform
    drawn_pixels = cv2.warpPerspective(
        pixels,
        placed,
        (int(size[0]), int(size[1])),
        flags=cv2.INTER_LINEAR,
        # the table beyond the photo's edge as its edge shows it: black there would move
        # the level that sets the cards' light apart from the table's
        borderMode=cv2.BORDER_REPLICATE,
    )
    return Rectified(drawn_pixels, placed)
