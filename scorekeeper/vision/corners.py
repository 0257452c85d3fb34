"""A card's corner index cut out upright, and the numbers the index reader looks at.

A corner is given as a point and two unit vectors along the card's edges from it, ``across``
(the short edge) and ``down`` (the long edge), chosen so that ``across`` turns into ``down``
clockwise as seen in the photo: the corner a card's index sits in, seen with the card
upright, is then always its top-left corner, whatever the card's rotation and whichever of
its two index corners this is (the bottom-right index is printed turned half a turn). Only
one such pair of edges exists at each corner of an outline, so a corner gives one cut.

The cut spans :data:`SPAN` card widths along each edge and is resampled to :data:`PATCH`
pixels. What the reader sees is mostly the index's ink, not the patch as a whole: the
patch is binarised, the rank glyph (the topmost ink, "10" being two pieces side by side)
and the suit pip below it are each cut to their own bounding box, padded square and scaled
to :data:`GLYPH` pixels. A glyph's shape carries over from one deck's design to another far
better than the corner's picture does, whatever size and place the deck prints its index
at. A coarse copy of the whole patch is kept beside them, for telling an index from what is
not one.
"""

from __future__ import annotations

import cv2
import numpy as np

# card widths covered by the cut, across and down: room for the largest index the decks print
SPAN = (0.36, 0.6)
PATCH = (48, 80)  # pixels across, down
GLYPH = 20  # pixels a side of each glyph as read
# a piece of ink at least this share of the patch's width is no glyph
WIDEST_GLYPH = 0.7
# a piece beside the rank's topmost one and this many times as tall is no digit of it
TALLER_BESIDE = 1.25
COARSE = (12, 20)  # the whole patch as read beside the glyphs
# faint ink is found after the light is made even under a disc this wide (patch pixels):
# wider than a rank glyph's strokes and an index's pip, narrower than the patch's lit
# and shaded parts
FLAT_SIDE = 13

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
    """The corner's patch (``PATCH`` sized) from ``image`` (BGR or grey, uint8)."""
    # clamped in Python: numpy's clip on one number costs more than the cut's arithmetic
    fine = min(max(round(SPAN[0] * width / PATCH[0]), 1), 4)
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


def _box(pieces: list[np.ndarray]) -> tuple[int, int, int, int]:
    x0 = min(int(p[0]) for p in pieces)
    y0 = min(int(p[1]) for p in pieces)
    x1 = max(int(p[0] + p[2]) for p in pieces)
    y1 = max(int(p[1] + p[3]) for p in pieces)
    return x0, y0, x1 - x0, y1 - y0


def index_glyphs(
    ink: np.ndarray, lone: bool = False, split: bool = False, below_only: bool = False
) -> tuple[tuple | None, tuple | None]:
    """The boxes (x, y, w, h) of the rank glyph and of the suit pip below it in a patch's
    ink mask (1 where ink), either None where there is none. ``lone``: the rank is the
    leftmost piece of the topmost row alone, not the row ("10"): some decks print a court
    picture's large pip level with the letter and close beside it (svg-gm-paris).
    ``split``: a rank with no pip below it, twice as tall as wide, is the rank and the pip
    run together (a small card's index, blurred), cut apart at its narrowest row; any other
    rank with no pip below it has its pip run into a face's pip beside it (svg-gm-paris's
    sevens and nines), cut off at the narrowest column. ``below_only``: the pip is the ink
    right below the rank, within a rank's height and about its width (:func:`_pip_below`),
    whatever piece it belongs to."""
    height, width = ink.shape
    ink = _off_the_edge(ink)
    count, _labels, stats, _centres = cv2.connectedComponentsWithStats(ink, connectivity=8)
    found = stats[1:count]
    kept = (found[:, 4] >= 6) & (found[:, 3] >= 4) & _glyph_sized(found, height, width)
    # as Python numbers: the steps below ask each piece a few questions, numpy's scalars slowly
    pieces = found[kept].tolist()
    if not pieces:
        return None, None
    # the table showing beyond a rounded corner, or a frame's end, leaves a speck of ink in
    # the corner: touching the edge and far smaller than the glyphs, it is no rank
    tallest = max(s[3] for s in pieces)
    pieces = [s for s in pieces if (s[0] > 2 and s[1] > 2) or s[3] >= 0.5 * tallest]
    top = min(pieces, key=lambda s: s[1])
    # the rank: the pieces level with the topmost one and close beside it ("10"), none of
    # them much taller than it (a face's first pip may lie level with the index, close by)
    row = [top]
    for piece in sorted(pieces, key=lambda s: s[0]):
        if piece is top:
            continue
        overlap = min(top[1] + top[3], piece[1] + piece[3]) - max(top[1], piece[1])
        x, _y, w, _h = _box(row)
        gap = max(piece[0] - (x + w), x - (piece[0] + piece[2]))
        if (
            overlap > 0.5 * min(top[3], piece[3])
            and gap < 0.6 * top[3]
            and piece[3] <= TALLER_BESIDE * top[3]
        ):
            row.append(piece)
    reach = (-1.0, 2.0)
    if lone:
        # the leftmost piece as tall as a glyph, and the pip beneath it, not the picture's
        tall = max(s[3] for s in row)
        row = [min((s for s in row if s[3] >= 0.5 * tall), key=lambda s: s[0])]
        reach = (-0.5, 1.5)
    rank = _box(row)
    x, y, w, h = rank
    if below_only:
        return rank, _pip_below(ink, rank)
    below = [
        s
        for s in pieces
        if s[1] >= y + h - 1
        and s[1] < y + h + 1.5 * h
        and x + reach[0] * w <= s[0] + s[2] / 2 <= x + reach[1] * w
        and not any(s is r for r in row)
    ]
    if not below:
        if split and h > 2 * w:
            return _split(ink, rank)
        if split:
            return rank, _pip_cut_off(ink, rank)
        return rank, None
    first = min(below, key=lambda s: s[1])
    level = [s for s in below if s[1] < first[1] + first[3] * 0.5]
    # the pip is the piece level with the topmost below the rank nearest under its middle,
    # with any that all but touch it (a pip blur broke apart); a picture's ink beside it (a
    # queen's flower) is not
    middle = x + w / 2
    pip = min(level, key=lambda s: abs(s[0] + s[2] / 2 - middle))
    close = PIP_PIECES_APART * pip[3]
    suit = _box(
        [s for s in level if s[0] < pip[0] + pip[2] + close and pip[0] < s[0] + s[2] + close]
    )
    return rank, suit


def _off_the_edge(ink: np.ndarray) -> np.ndarray:
    """A copy of the ink mask without its first two rows and columns: the card's edge (and a
    frame printed along it, which some indices touch) lies there when the corner is found
    right."""
    ink = ink.copy()
    ink[:2, :] = 0
    ink[:, :2] = 0
    return ink


def _glyph_sized(stats: np.ndarray, height: int, width: int) -> np.ndarray:
    """Which pieces (rows of connectedComponentsWithStats' stats) could be a glyph: the
    card's edge, a frame or the table beyond the corner is none; a 10 whose digits ran
    together is one piece, in a large index over 0.6 of the patch wide."""
    return (
        (stats[:, 2] < width * WIDEST_GLYPH)
        & (stats[:, 3] < height * 0.62)
        & (stats[:, 0] + stats[:, 2] < width)
    )


def _pip_below(ink: np.ndarray, rank: tuple) -> tuple | None:
    """The box of the ink right below ``rank``: within :data:`PIP_BELOW` of its height
    under it, and a quarter of its width either side of it; None where there is too little.
    A pip that ran into a picture's ink (a king's sceptre under his pip, a flower beside a
    queen's) is one piece with it, far taller than the rank or too large to be a glyph. Ink
    running on out of that window's right side is a face's large pip the index's ran into
    (svg-tigullio-international's courts): the window is cut at the column with the least
    ink right of the rank's middle."""
    x, y, w, h = rank
    height, width = ink.shape
    top, bottom = y + h + 1, min(height, y + h + 1 + int(PIP_BELOW * h))
    left, right = max(2, x - w // 4), min(width, x + w + w // 4 + 1)
    if bottom - top < 4 or right - left < 4:
        return None
    window = ink[top:bottom, left:right]
    if right < width and window[:, -1].any() and ink[top:bottom, right].any():
        middle = x + w // 2 - left
        neck = _neck(window, middle)
        if neck is not None and neck > max(1, middle):
            window = window[:, :neck]
    return _ink_box(window, left, top)


def _ink_box(window: np.ndarray, left: int, top: int) -> tuple | None:
    """The box of the ink in ``window`` (whose top-left pixel is the patch's (``left``,
    ``top``)), in the patch's pixels; None where there are fewer than 6 pixels of it."""
    rows, cols = np.nonzero(window)
    if len(rows) < 6:
        return None
    return (
        left + int(cols.min()),
        top + int(rows.min()),
        int(cols.max() - cols.min()) + 1,
        int(rows.max() - rows.min()) + 1,
    )


def _pip_cut_off(ink: np.ndarray, rank: tuple) -> tuple | None:
    """The pip beneath ``rank`` where it ran into a larger piece of ink beside it (a face's
    first pip printed close to the index): the ink below the rank, cut off at the column
    with the least ink right of the rank's middle; None where there is none."""
    x, y, w, h = rank
    height, width = ink.shape
    top, bottom = y + h, min(height, y + h + int(1.3 * h) + 1)
    left, right = max(2, x - w // 2), min(width, x + int(1.6 * w) + 1)
    window = ink[top:bottom, left:right]
    if bottom - top < 4 or right - left < 4 or not window.any():
        return None
    neck = _neck(window, x + w // 2 - left)
    return None if neck is None else _ink_box(window[:, :neck], left, top)


def _neck(window: np.ndarray, middle: int) -> int | None:
    """The first column of ``window`` with the least ink from column ``middle`` (at least 1)
    on, where two pieces of ink run together; None where no column is left right of it."""
    start = max(1, middle)
    if start >= window.shape[1] - 1:
        return None
    return start + int(np.argmin(window.sum(axis=0)[start:]))


def _split(ink: np.ndarray, box: tuple) -> tuple[tuple | None, tuple | None]:
    """A glyph's box cut in two at the row with the least ink in its middle third or so:
    the rank above, the pip below, each shrunk to its ink."""
    x, y, w, h = box
    inside = ink[y : y + h, x : x + w]
    middle = np.arange(int(h * 0.35), int(h * 0.7) + 1)
    neck = int(middle[np.argmin(inside[middle].sum(axis=1))])
    parts = []
    for top, bottom in ((0, neck), (neck + 1, h)):
        rows, columns = np.nonzero(inside[top:bottom])
        if not len(rows):
            return box, None
        parts.append(
            (
                x + int(columns.min()),
                y + top + int(rows.min()),
                int(columns.max() - columns.min()) + 1,
                int(rows.max() - rows.min()) + 1,
            )
        )
    return parts[0], parts[1]


def square_glyph(image: np.ndarray, box: tuple[int, int, int, int] | None) -> np.ndarray:
    """The box's content padded square (the glyph's proportions kept) at GLYPH pixels."""
    if box is None:
        return np.zeros((GLYPH, GLYPH), np.float32)
    x, y, w, h = box
    side = max(w, h) + 2
    canvas = np.zeros((side, side), np.float32)
    top, left = (side - h) // 2, (side - w) // 2
    canvas[top : top + h, left : left + w] = image[y : y + h, x : x + w]
    return cv2.resize(canvas, (GLYPH, GLYPH), interpolation=cv2.INTER_AREA)


def glyph_hog(glyphs: np.ndarray) -> np.ndarray:
    big = np.stack([cv2.resize(g, (24, 24), interpolation=cv2.INTER_LINEAR) for g in glyphs])
    return hog(big * 255)


# where each patch's glyph boxes lie in its row of features: after two glyphs' ink levels
# and their HOG (3 x 3 cells of 8 pixels at 24 x 24, blocks of 2 x 2 cells, 9 bins)
PLACES = 2 * GLYPH * GLYPH + 2 * 4 * 4 * BINS


def shows_an_index(rows: np.ndarray) -> np.ndarray:
    """Whether each row's patch holds an index's shape: a rank glyph with a pip below it."""
    return (rows[:, PLACES + 2] > 0) & (rows[:, PLACES + 6] > 0)


def ink_colour(patch: np.ndarray, ink: np.ndarray, boxes: list) -> np.ndarray:
    """The index ink's colour against the card's own paper: each channel's share of the
    ink's darkening, less their mean, so black ink reads (0, 0, 0) and red ink shows in
    its red channel (blue, green in four-colour decks) whatever the light's colour."""
    # OpenCV's masked means: numpy's boolean indexing copies the pixels, once per patch
    inked = np.zeros(ink.shape, np.uint8)
    for box in boxes:
        if box is not None:
            x, y, w, h = box
            inked[y : y + h, x : x + w] = ink[y : y + h, x : x + w]
    paper = (ink == 0).astype(np.uint8)
    if cv2.countNonZero(inked) < 3 or cv2.countNonZero(paper) < 3:
        return np.zeros(3, np.float32)
    paper_colour = np.float64(cv2.mean(patch, paper)[:3]) + 1.0
    ink_colour = np.float64(cv2.mean(patch, inked)[:3]) + 1.0
    darkening = 1.0 - np.minimum(np.maximum(ink_colour / paper_colour, 0.0), 1.0)
    return (darkening - darkening.mean()).astype(np.float32)


def features(
    patches: list[np.ndarray] | np.ndarray, flattened: bool = False, unframed: bool = False
) -> np.ndarray:
    """What the index reader sees of each patch (colour, ``PATCH`` sized): its rank glyph
    and suit pip (ink levels and HOG, each scaled to :data:`GLYPH`), their places and sizes
    in the patch, the ink's colour, and the whole patch coarsely; each patch's contrast
    stretched first. Read in the patch's darkest channel, so red, blue, green and black ink
    are all dark on a light card. ``flattened``: the glyphs are found where the ink stands
    out from the paper around it (a white top-hat under a :data:`FLAT_SIDE` disc), not from
    the whole patch: a small index printed faintly, on a tinted card or across a lamp's
    gradient, is lost in one level set between the table's dark edge and the paper.
    ``unframed``: long straight strokes of ink in pieces too large for a glyph are taken out
    first (:func:`_without_frame`)."""
    chunk = 1024
    return np.concatenate(
        [
            _features(patches[start : start + chunk], False, flattened, unframed)[0]
            for start in range(0, len(patches), chunk)
        ]
        or [np.zeros((0, FEATURES), np.float32)]
    )


def features_and_lone(
    patches: list[np.ndarray] | np.ndarray, lone: bool = True
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`features` of each patch; then, for each patch whose rank glyph is several
    pieces side by side, has no pip below it, or a pip below it that is no pip's shape, its
    row cut the second way (:func:`index_glyphs` with ``lone``: the leftmost piece alone as
    the rank; ``split``: a tall rank cut apart from the pip it ran into; ``below_only``: the
    ink right below the rank as the pip), which patch each of those rows is of, and whether
    it was cut ``below_only``."""
    chunk = 1024
    parts = [
        _features(patches[start : start + chunk], lone) for start in range(0, len(patches), chunk)
    ]
    if not parts:
        empty = np.zeros((0, FEATURES), np.float32)
        return empty, empty, np.zeros(0, np.int64), np.zeros(0, bool)
    starts = range(0, len(patches), chunk)
    return (
        np.concatenate([part[0] for part in parts]),
        np.concatenate([part[1] for part in parts]),
        np.concatenate([part[2] + start for part, start in zip(parts, starts, strict=True)]),
        np.concatenate([part[3] for part in parts]),
    )


def _place(rank: tuple | None, suit: tuple | None, ink, in_colour) -> np.ndarray:
    place = np.zeros(PLACE_COUNT, np.float32)
    for offset, box in ((0, rank), (4, suit)):
        if box is not None:
            x, y, w, h = box
            place[offset : offset + 4] = (x / PATCH[0], y / PATCH[1], w / PATCH[0], h / PATCH[1])
    place[8] = 1.0 if rank is not None and rank[2] > rank[3] * 0.9 else 0.0
    place[9:12] = INK_COLOUR_WEIGHT * ink_colour(in_colour, ink, [rank, suit])
    return place


_FLAT_DISC = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (FLAT_SIDE, FLAT_SIDE))


def _flattened(darkness: np.ndarray) -> np.ndarray:
    """A patch's darkness (0 to 255) less the paper's own around each pixel, stretched to 0..1
    (its brightest hundredth at 1; a patch with no ink that stands out stays dim)."""
    standing_out = cv2.morphologyEx(darkness, cv2.MORPH_TOPHAT, _FLAT_DISC).astype(np.float32)
    top = max(float(np.percentile(standing_out, 99)), 12.0)
    return np.clip(standing_out / top, 0, 1)


def _without_frame(ink: np.ndarray) -> np.ndarray:
    """The ink mask less the straight strokes, at least :data:`FRAME_STROKE` of the patch's
    height or width long, of its pieces too large for a glyph: a frame printed round a court
    card's picture, which a large letter touches (svg-penguins), is one piece with the
    letter, too wide for a glyph, and the letter was lost with it."""
    height, width = ink.shape
    count, labels, stats, _centres = cv2.connectedComponentsWithStats(
        _off_the_edge(ink), connectivity=8
    )
    large = 1 + np.flatnonzero(~_glyph_sized(stats[1:count], height, width))
    if not len(large):
        return ink
    pieces = np.isin(labels, large).astype(np.uint8)
    down = cv2.getStructuringElement(cv2.MORPH_RECT, (1, int(FRAME_STROKE * height)))
    along = cv2.getStructuringElement(cv2.MORPH_RECT, (int(FRAME_STROKE * width), 1))
    upright = cv2.morphologyEx(pieces, cv2.MORPH_OPEN, down)
    level = cv2.morphologyEx(pieces, cv2.MORPH_OPEN, along)
    # a letter standing on the frame's top stroke runs on into it (its foot, a Q's tail):
    # the stroke is kept where the letter's ink comes down onto it, through its thickness
    standing = pieces & (1 - (upright | level))
    above = cv2.dilate(standing, np.ones((FRAME_FOOT + 1, 1), np.uint8), anchor=(0, FRAME_FOOT))
    kept = np.zeros_like(level)
    for row in range(height):
        kept[row] = level[row] & (above[row] | kept[row - 1] if row else above[row])
    return ink & (1 - ((upright | level) & (1 - kept)))


def _features(
    patches: list[np.ndarray] | np.ndarray,
    lone: bool,
    flattened: bool = False,
    unframed: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    colour = np.asarray(patches, dtype=np.float32).reshape(-1, PATCH[1], PATCH[0], 3)
    # the darkest channel, channel by channel: numpy's min over an axis of three is far slower
    stack = np.minimum(np.minimum(colour[..., 0], colour[..., 1]), colour[..., 2])
    low = np.percentile(stack, 2, axis=(1, 2), keepdims=True)
    high = np.percentile(stack, 98, axis=(1, 2), keepdims=True)
    stretched = np.clip((stack - low) / np.maximum(high - low, 12.0), 0, 1)
    darkness = 1.0 - stretched
    ranks, suits, places = [], [], []
    lone_ranks, lone_suits, lone_places, lone_of, lone_below = [], [], [], [], []
    for index, (patch, contrast, in_colour) in enumerate(
        zip(darkness, (high - low).ravel(), colour, strict=True)
    ):
        if contrast < 30:  # no ink on a blank or flat patch
            ranks.append(square_glyph(patch, None))
            suits.append(square_glyph(patch, None))
            places.append(np.zeros(PLACE_COUNT, np.float32))
            continue
        grey = (patch * 255).astype(np.uint8)
        if flattened:
            patch = _flattened(grey)
            grey = (patch * 255).astype(np.uint8)
        _level, ink = cv2.threshold(grey, 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        if unframed:
            ink = _without_frame(ink)
        rank, suit = index_glyphs(ink)
        ranks.append(square_glyph(patch, rank))
        suits.append(square_glyph(patch, suit))
        places.append(_place(rank, suit, ink, in_colour))
        wide = rank is not None and rank[2] > rank[3] * 0.9
        # a rank run into its pip starts in the patch's top rows, where an index's does
        run_together = rank is not None and suit is None and rank[1] < 0.2 * PATCH[1]
        # a rank whose pip is far taller than it, or lies well below it, or is none at all:
        # its pip ran into a picture's ink
        odd_pip = (
            rank is not None
            and not wide
            and not run_together
            and rank[1] < 0.2 * PATCH[1]
            and (
                suit is None
                or suit[3] > PIP_TALLER * rank[3]
                or suit[1] > rank[1] + (1 + PIP_BELOW_GAP) * rank[3]
            )
        )
        if lone and (wide or run_together or odd_pip):
            alone, below = index_glyphs(ink, lone=wide, split=run_together, below_only=odd_pip)
            if (alone, below) != (rank, suit):
                lone_ranks.append(square_glyph(patch, alone))
                lone_suits.append(square_glyph(patch, below))
                lone_places.append(_place(alone, below, ink, in_colour))
                lone_of.append(index)
                lone_below.append(odd_pip)
    coarse = stretched.reshape(
        len(stack), COARSE[1], PATCH[1] // COARSE[1], COARSE[0], PATCH[0] // COARSE[0]
    ).mean(axis=(2, 4))
    coarse = coarse.reshape(len(stack), -1)
    coarse = coarse - coarse.mean(axis=1, keepdims=True)
    of = np.array(lone_of, np.int64)
    return (
        _rows(ranks, suits, places, coarse),
        _rows(lone_ranks, lone_suits, lone_places, coarse[of]),
        of,
        np.array(lone_below, bool),
    )


def _rows(ranks: list, suits: list, places: list, coarse: np.ndarray) -> np.ndarray:
    if not ranks:
        return np.zeros((0, FEATURES), np.float32)
    ranks, suits = np.stack(ranks), np.stack(suits)
    return np.concatenate(
        [
            ranks.reshape(len(ranks), -1),
            suits.reshape(len(suits), -1),
            glyph_hog(ranks),
            glyph_hog(suits),
            np.stack(places),
            coarse,
        ],
        axis=1,
    ).astype(np.float32)


PLACE_COUNT = 12
# a frame's straight strokes are at least this share of the patch's height or width long
# (a glyph, 0.3 of the patch's height, has none so long)
FRAME_STROKE = 0.5
# a letter's ink this many rows above a frame's level stroke comes down onto it
FRAME_FOOT = 3
# a pip this many times taller than its rank, or more than PIP_BELOW_GAP of the rank's height
# below it, is no pip of it: the pip is looked for again within PIP_BELOW of the rank's
# height right below it (an index's pip is no taller than its rank, and close under it)
PIP_TALLER = 1.15
PIP_BELOW_GAP = 0.5
PIP_BELOW = 0.95
# pieces of one pip lie at most this share of its height apart
PIP_PIECES_APART = 0.3
# the ink's colour weighs this much beside the glyphs' levels (0 to 1) in a row
INK_COLOUR_WEIGHT = 4.0
FEATURES = PLACES + PLACE_COUNT + COARSE[0] * COARSE[1]

# what each of the two index models reads of a patch's row of features: the rank model the
# rank glyph (ink and HOG) and where the glyphs lie, the suit model the pip (ink and HOG)
# and the ink's colour. Neither sees the whole patch, whose look is one deck's design.
_GLYPHS = GLYPH * GLYPH
_HOG = 4 * 4 * BINS
RANK_COLUMNS = np.r_[0:_GLYPHS, 2 * _GLYPHS : 2 * _GLYPHS + _HOG, PLACES : PLACES + 9]
_PIP = slice(_GLYPHS, 2 * _GLYPHS)
_PIP_HOG = slice(2 * _GLYPHS + _HOG, PLACES)
_INK_COLOUR = slice(PLACES + 9, PLACES + PLACE_COUNT)
SUIT_COLUMNS = np.r_[_PIP, _PIP_HOG, _INK_COLOUR]


def pip_rows(pips: np.ndarray, colours: np.ndarray) -> np.ndarray:
    """Rows of features holding only what the suit model reads: each pip (GLYPH square, as
    :func:`square_glyph` makes it) with its HOG, and its ink's colour (:func:`ink_colour`)."""
    rows = np.zeros((len(pips), FEATURES), np.float32)
    if len(pips):
        rows[:, _PIP] = pips.reshape(len(pips), -1)
        rows[:, _PIP_HOG] = glyph_hog(pips)
        rows[:, _INK_COLOUR] = INK_COLOUR_WEIGHT * colours
    return rows
