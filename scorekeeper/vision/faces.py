"""The suit a number card's face shows in its pips.

A corner's suit pip is a few pixels across in a phone's photo, and a small black spade
without its stem reads as a club (a heart as a diamond) in a deck the model never saw. A
number card's face prints the same pip several times over, several times larger: cut out
upright and shrunk like a corner's pip, each is read by the index model's suit half, and
together they say the suit. Read only on whole cards (a fanned card's face lies under its
neighbour).
"""

from __future__ import annotations

import cv2
import numpy as np

from .corners import GLYPH, ink_colour, pip_rows, square_glyph

# a whole card's face is drawn upright at this size (across, down): its pips then measure
# about what a corner's pip measures when cut, before both are shrunk to GLYPH
FACE = (120, 174)
# a face pip's box is this share of the card's width on each side, this much taller than wide
# (at most; at least the inverse), and its ink fills this share of its box: the index's own
# pips are smaller, a court picture's pieces larger or ragged, a 10's digits narrower
PIP_SIDE = (0.09, 0.32)
PIP_TALLER = 1.5
PIP_FILL = (0.4, 0.95)
# and its middle lies within these shares of the face (the corner indices lie outside)
PIP_ACROSS = (0.15, 0.85)
PIP_DOWN = (0.08, 0.92)
# a face's pips are alike: within these factors of the middle candidate's area
PIP_ALIKE = (0.6, 1.6)
# pips of a card's lower half are printed upside down; one this near the middle row (as a
# share of the card's length) is printed either way up, and is not read
MIDDLE_ROW = 0.06


def _upright(outline: np.ndarray) -> np.ndarray:
    """The outline's four corners ordered so the first side is a short one."""
    quad = np.float32(outline).reshape(4, 2)
    if np.linalg.norm(quad[1] - quad[0]) > np.linalg.norm(quad[2] - quad[1]):
        quad = np.roll(quad, -1, axis=0)
    return quad


def face_pips(pixels: np.ndarray, outline: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The face pips of the card whose four corners are ``outline`` (photo pixels), each
    upright and shrunk as a corner's pip is (:func:`.corners.square_glyph`), and their ink's
    colour (:func:`.corners.ink_colour`); no pips where the face shows fewer than two alike."""
    across, down = FACE
    none = (np.zeros((0, GLYPH, GLYPH), np.float32), np.zeros(3, np.float32))
    target = np.float32([[0, 0], [across - 1, 0], [across - 1, down - 1], [0, down - 1]])
    transform = cv2.getPerspectiveTransform(_upright(outline), target)
    face = cv2.warpPerspective(pixels, transform, (across, down))
    # read in the darkest channel and stretched, as a corner is
    darkest = cv2.min(cv2.min(face[..., 0], face[..., 1]), face[..., 2])
    share = np.cumsum(cv2.calcHist([darkest], [0], None, [256], [0, 256]).ravel())
    share /= share[-1]
    low, high = float(np.searchsorted(share, 0.02)), float(np.searchsorted(share, 0.98))
    if high - low < 30:  # a blank or flat face
        return none
    darkness = 1.0 - np.clip((darkest.astype(np.float32) - low) / (high - low), 0, 1)
    _level, ink = cv2.threshold(
        (darkness * 255).astype(np.uint8), 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU
    )
    _count, labels, stats, middles = cv2.connectedComponentsWithStats(ink, connectivity=8)
    _left, _top, wide, tall, area = stats[1:].T
    middle_x, middle_y = middles[1:].T
    smallest, largest = PIP_SIDE[0] * across, PIP_SIDE[1] * across
    pip_shaped = (
        (smallest <= wide)
        & (wide <= largest)
        & (smallest <= tall)
        & (tall <= largest)
        & (tall <= PIP_TALLER * wide)
        & (wide <= PIP_TALLER * tall)
        & (PIP_FILL[0] * wide * tall <= area)
        & (area <= PIP_FILL[1] * wide * tall)
        & (PIP_ACROSS[0] * across < middle_x)
        & (middle_x < PIP_ACROSS[1] * across)
        & (PIP_DOWN[0] * down < middle_y)
        & (middle_y < PIP_DOWN[1] * down)
    )
    if np.count_nonzero(pip_shaped) < 2:
        return none
    usual = float(np.median(area[pip_shaped]))
    alike = (
        pip_shaped
        & (PIP_ALIKE[0] * usual <= area)
        & (area <= PIP_ALIKE[1] * usual)
        & (np.abs(middle_y / down - 0.5) >= MIDDLE_ROW)
    )
    glyphs, boxes = [], []
    for index in np.flatnonzero(alike).tolist():
        left, top, pip_wide, pip_tall = (int(v) for v in stats[index + 1, :4])
        box = (slice(top, top + pip_tall), slice(left, left + pip_wide))
        alone = np.where(labels[box] == index + 1, darkness[box], 0)
        if middle_y[index] > down / 2:
            alone = alone[::-1, ::-1]
        glyphs.append(square_glyph(np.ascontiguousarray(alone), (0, 0, pip_wide, pip_tall)))
        boxes.append((left, top, pip_wide, pip_tall))
    if not glyphs:
        return none
    # one face's pips are printed in one ink
    return np.stack(glyphs), ink_colour(face.astype(np.float32), ink, boxes)


def face_rows(pips: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """The suit model's rows (:func:`.corners.pip_rows`) for the pips of :func:`face_pips`,
    face after face."""
    if not pips:
        return pip_rows(np.zeros((0, GLYPH, GLYPH), np.float32), np.zeros((0, 3), np.float32))
    return pip_rows(
        np.concatenate([glyphs for glyphs, _colour in pips]),
        np.concatenate([np.repeat(colour[None], len(glyphs), axis=0) for glyphs, colour in pips]),
    )
