"""A card's corner index cut out upright, and the numbers the index reader looks at.

A corner is given as a point and two unit vectors along the card's edges from it, ``across``
(the short edge) and ``down`` (the long edge), chosen so that ``across`` turns into ``down``
clockwise as seen in the photo: the corner a card's index sits in, seen with the card
upright, is then always its top-left corner, whatever the card's rotation and whichever of
its two index corners this is (the bottom-right index is printed turned half a turn). Only
one such pair of edges exists at each corner of an outline, so a corner gives one cut.

The cut spans :data:`SPAN` card widths along each edge and is resampled to :data:`PATCH`
pixels; what the reader sees is the patch's gradients (HOG) and its shrunken grey levels,
both normalised so that ink colour, lighting and contrast do not matter.
"""

from __future__ import annotations

import cv2
import numpy as np

# card widths covered by the cut, across and down: room for the largest index the decks print
SPAN = (0.32, 0.48)
PATCH = (32, 48)  # pixels across, down

CELL = 8
BINS = 9


def hog(patches: np.ndarray) -> np.ndarray:
    """Histograms of oriented gradients (Dalal and Triggs) of a stack of patches: 8-pixel
    cells, 9 unsigned orientation bins, blocks of 2x2 cells normalised (L2-Hys). OpenCV 5
    moved its HOGDescriptor out of the main package, so it is written out here in numpy."""
    images = patches.astype(np.float32)
    dx = np.zeros_like(images)
    dy = np.zeros_like(images)
    dx[:, :, 1:-1] = images[:, :, 2:] - images[:, :, :-2]
    dy[:, 1:-1, :] = images[:, 2:, :] - images[:, :-2, :]
    magnitude = np.hypot(dx, dy)
    position = (np.rad2deg(np.arctan2(dy, dx)) % 180.0) / (180.0 / BINS) - 0.5
    low = np.floor(position).astype(np.int64)
    upper_share = position - low
    count, height, width = images.shape
    rows, columns = height // CELL, width // CELL
    cell = (np.arange(height)[:, None] // CELL) * columns + (np.arange(width)[None, :] // CELL)
    first = (np.arange(count)[:, None, None] * (rows * columns) + cell[None]) * BINS
    size = count * rows * columns * BINS
    histogram = np.bincount(
        (first + low % BINS).ravel(), (magnitude * (1 - upper_share)).ravel(), size
    ) + np.bincount((first + (low + 1) % BINS).ravel(), (magnitude * upper_share).ravel(), size)
    cells = histogram.reshape(count, rows, columns, BINS)
    blocks = np.concatenate(
        [cells[:, :-1, :-1], cells[:, :-1, 1:], cells[:, 1:, :-1], cells[:, 1:, 1:]], axis=3
    ).reshape(count, -1, 4 * BINS)
    blocks /= np.linalg.norm(blocks, axis=2, keepdims=True) + 1e-3
    blocks = np.minimum(blocks, 0.2)
    blocks /= np.linalg.norm(blocks, axis=2, keepdims=True) + 1e-3
    return blocks.reshape(count, -1).astype(np.float32)


def cut_corner(
    image: np.ndarray, corner: np.ndarray, across: np.ndarray, down: np.ndarray, width: float
) -> np.ndarray:
    """The corner's patch (grey, ``PATCH`` sized) from ``image`` (grey, uint8)."""
    fine = int(np.clip(round(SPAN[0] * width / PATCH[0]), 1, 4))
    size = (PATCH[0] * fine, PATCH[1] * fine)
    source = np.float32(
        [corner, corner + across * SPAN[0] * width, corner + down * SPAN[1] * width]
    )
    target = np.float32([[0, 0], [size[0], 0], [0, size[1]]])
    matrix = cv2.getAffineTransform(source, target)
    patch = cv2.warpAffine(
        image, matrix, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    if fine > 1:
        patch = cv2.resize(patch, PATCH, interpolation=cv2.INTER_AREA)
    return patch


def features(patches: list[np.ndarray] | np.ndarray) -> np.ndarray:
    """What the index reader sees of each patch: one row of HOG and 16x24 grey levels,
    each patch's contrast stretched first."""
    stack = np.asarray(patches, dtype=np.float32).reshape(-1, PATCH[1], PATCH[0])
    low = np.percentile(stack, 2, axis=(1, 2), keepdims=True)
    high = np.percentile(stack, 98, axis=(1, 2), keepdims=True)
    stretched = np.clip((stack - low) / np.maximum(high - low, 12.0), 0, 1)
    gradients = hog(stretched * 255)
    small = stretched.reshape(-1, PATCH[1] // 2, 2, PATCH[0] // 2, 2).mean(axis=(2, 4))
    small = small.reshape(len(stack), -1)
    return np.concatenate([gradients, small - small.mean(axis=1, keepdims=True)], axis=1)
