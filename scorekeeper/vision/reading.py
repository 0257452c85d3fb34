"""The steps from pixels to cards, each small and drawable on its own:

1. :func:`card_mask`: where card faces lie: light, unsaturated regions, set apart from the
   table by Otsu's threshold on a whiteness score (on a table as light as the cards, a
   second threshold among the lightest; where a photo reads no card surely, that second
   one alone: a tablecloth's light stripes), with any card a shadow leaves whole only at a
   lower level.
2. :func:`outlines`: each region's outline as a polygon.
3. :func:`corners`: every convex corner of an outline, with the two edges from it. A spread
   card's outline has four; a fanned row's outline has each card's top-left corner, where
   its index shows, among its own, or on a straight edge, looked at every few hundredths of
   a card along it (:func:`edge_points`, across the notch an index's dark ink bites into
   it), and where another card's own edge, a thin dark line, runs into the row from its
   outline (:func:`edge_crossings`). Two pieces that together make one card (a court card's
   picture across it: :func:`joined_pieces`) are that card's outline.
4. :func:`read_corners`: each corner's patch cut upright (:mod:`.corners`), its rank glyph
   and suit pip cut out by their ink, and read by the index model: a rank (or joker, or
   "no index here") and a suit. A patch whose ink is no glyph over a pip reads nothing.
   Where the rank glyphs read surely say a card of another width than their corners were
   cut at (:func:`glyph_width`: the outlines misled), steps 3 and 4 are done again at the
   glyphs' width, the sure readings that fit it kept; where one row's own glyphs say another
   width than the photo's (a tilt makes the far fan's cards smaller), the rest of its corners
   are found and read at its own (:func:`_own_widths`); last, the corners of each row's
   hull (:func:`hull_corners`: its outer cards' corners, where its outline turns in edges
   too short for one). A whole card none of whose corners read is named, less surely, by
   what its corners read faintly (:func:`faint_readings`, :func:`faint_ranks`).
5. :func:`cards_from_corners`: readings grouped into physical cards: a card seen at both of
   its index corners, or a lone card whose outline is whole, is one card, named by the
   surest reading of each name; two readings of one name the same way up, their glyphs
   apart, are two cards (:func:`two_indices`); a whole number card's suit is the one its
   face pips show, where they show one surely (:mod:`.faces`).

A photo taken at a slant, whose whole cards say so after step 3, is drawn again from above
(:mod:`.plane`) and read from step 1 there; its cards' boxes are drawn back onto the photo.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from .budget import PhotoBudget
from .corners import (
    PLACES,
    RANK_COLUMNS,
    SPAN,
    SUIT_COLUMNS,
    cut_corner,
    features,
    features_and_lone,
    shows_an_index,
)
from .faces import face_pips, face_rows
from .plane import from_above

MODEL = Path(__file__).with_name("card_index.onnx")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
# what a corner may read as
CLASSES = tuple(rank + suit for suit in SUITS for rank in RANKS) + ("JK", "none")
# what the rank model tells apart, in the order of its output's columns (the suit model's
# are SUITS)
RANK_CLASSES = (*RANKS, "JK", "none")
# a card is this many card widths long, for the decks tables use (1.4 to 1.56)
CARD_ASPECT = 1.45
MASK_SIDE = 800  # the card mask is found at this size: outlines need no more
# a whole card's edges are fitted to this middle share of each side of its outline, clear of
# its rounded corners; where that would move a corner by more than EDGE_MOVE of a side, the
# outline's hull keeps it
EDGE_MIDDLE = 0.6
EDGE_MOVE = 0.15
# the card width across a tilted photo is fitted to at least PLANE_CARDS card-shaped outlines,
# leaving out those wider or narrower than the fit by more than the factor OFF_THE_PLANE
PLANE_CARDS = 4
OFF_THE_PLANE = 1.28
# a light region smaller than this share of the picture is no card
LEAST_AREA = 0.0008
# a card face is at least this light (whiteness) in a lit photo, whatever Otsu's level says:
# on a dark table that level may sit low, among the table's own lighter grain
LIT_FACE = 110
# and at least this light where a dim room or a shadow over the table darkens every face; the
# lower level is taken where it makes at least two more outlines shaped like whole cards
DIM_FACE = 40
# the lower level is taken too where its solid outlines (at least SOLID of their hull) cover
# over SOLID_MORE times the area the lit level's do, with at most one whole card fewer
SOLID = 0.8
SOLID_MORE = 2.0
# a region whole at the dim level, touching no lit whole card, is a card in a shadow where the
# lit level covers less than this share of it (a lit card the lit level broke covers more)
SHADED_LIT_AT_MOST = 0.75
MOST_CORNERS = 4000  # a photo with more places to look at than this is not a table of cards
# a region of the card mask covering this share of the photo is the table, not cards
TABLE_TAKEN = 0.5
# an outline filling less than this share of its hull's quadrilateral measures no card,
# however card-shaped the quadrilateral: a glass's rim, a thin arc of light, fills about a
# quarter of it; a court card whose picture breaks its light region still fills about half
MEASURES_A_CARD = 0.35
# parted from such a table, cards none of which is whole (a fan) cover at least this share of it
FAN_LEAST = 0.02
# a card's corner cut off in short edges (:func:`rounded_corners`): they add up to at most
# this share of a card's width, and the long edges, extended, meet within this share of a
# width of where the first ends (a rounded corner alone cut off: 0.2 and 0.15; an index's
# ink reaching the edge, or a glass's rim, notches the corner further)
CUT_CORNER = (0.8, 0.3)
# a corner read as an index at least this sure is kept as a reading
KEEP = 0.5
# a corner read again with its rank glyph's leftmost piece alone is kept this surely: a
# picture's or a pip's ink cut so reads some card more often than a true index's does
SURE_ALONE = 0.8
# two corners of one whole-card outline read as different cards this surely: the outline is
# a row of overlapping cards
SURELY_ANOTHER = 0.8
# a rank glyph's ink is this many card widths tall: the median of the training decks' own
# medians (0.157 to 0.225), measured on their index corners cut at the true card width in
# generated photos; never on the held-out decks
GLYPH_SHARE = 0.172
# the card width the sure readings' glyphs give, against the width their corners were cut
# at: beyond this factor either way the outlines misled (a row of cards taken for one card,
# a court card's picture breaking its light region) and the photo is read at the glyphs'
SCALE_OFF = 1.2
# sure readings needed before their glyphs overrule the outlines
SCALE_READINGS = 3
# one row's sure glyphs measuring its card beyond this factor either way from the width its
# corners were cut at: the rest of its corners are found and read at its own width (a tilted
# phone sees the far fan's cards smaller than the near one's)
OWN_WIDTH_OFF = 1.05
# a whole card's short side is at most this many glyph-measured card widths
WHOLE_AT_MOST = 1.3
# this many outlines shaped like one whole card set the photo's card width: their median is
# not asked of the glyphs (whose share of a card's width differs from deck to deck)
TRUSTED_WHOLE = 3
# a whole-looking outline one of whose corners alone read a glyph measuring its card this
# many times narrower than the outline may be a row of cards (the row's first index)
ROW_GLYPH_NARROWER = 1.05
# a card's two index corners lie its diagonal apart, 1.76 card widths; a card nearer the
# phone than most, its corners cut at the photo's usual width, measures up to FACING_AT_MOST
# of them, and a fan's last card, cut at the width its row was taken for (up to 1.76 times
# its own, where the row is as long as a card), down to FACING_AT_LEAST
FACING_AT_MOST = 2.5
FACING_AT_LEAST = 1.0
# beyond FACING_AT_MOST cut widths, the card their two rank glyphs measure is trusted where it
# is up to this many times the cut width (a card much nearer a tilted phone than the row it
# lies in); wider still, a deck printing large glyphs is the likelier reading
GLYPHS_WIDER_AT_MOST = 1.6
# A whole card none of whose corners reads as an index (its pip run into the face's first
# pip, a thin rank the shape test misses) is read by the model alone: two of its corners
# agreeing, each at least this sure, name it, or one corner alone this sure where no other
# corner reads another card (a small index in a shadow reads at one of its two corners)
# as surely as FAINT_OTHER_AT_MOST (an index touching the card's edge reads at one corner,
# the other's ink a guess)...
FAINT_LEAST = 0.3
FAINT_ALONE = 0.75
FAINT_OTHER_AT_MOST = 0.5
# ...and it is shown at most this sure, below the answer's SURE: the table looks at it
FAINT_AT_MOST = 0.75
# two readings along one edge (their corners' edges this parallel, the cosine of the angle
# between them) whose rank glyphs lie over GLYPHS_APART glyph heights apart read two indices
GLYPHS_APART = 1.0
ALONG_ONE_EDGE = 0.95
# two readings whose rank glyphs lie within this many glyph heights of each other read one
# index, cut twice (along two edges a few degrees or a quarter turn apart, which move the
# card's centre each places), whatever each read; the next card's index in a fan lies a
# glyph's width on
SAME_GLYPH = 0.5
# a whole number card whose face pips (:mod:`.faces`), at least LEAST_PIPS of them, read on
# average at least this surely as one suit is of that suit, whatever its corners read: a
# corner's pip is a few pixels across, the face's several times larger and repeated
PIPS_SURE = 0.8
LEAST_PIPS = 2
NUMBER_RANKS = frozenset(RANKS[1:10])
# two pieces of no whole card, each under PIECE_AT_MOST of a card's area, are one card where
# their joint hull is card-shaped, JOINED_WIDTH of the card's width across, and they cover at
# least JOINED_FILL of it (a court's picture between them)
PIECE_AT_MOST = 0.9
JOINED_WIDTH = (0.8, 1.25)
JOINED_FILL = 0.3
# the edges of overlapping cards' outlines looked along for index corners, in card widths
LONG_EDGE = 0.15
# an outline's corner is taken for a card's where both its edges are at least this long (card
# widths); where the edge before a long edge is shorter, the long edge's own end is looked at
SHORTEST_CORNER_EDGE = 0.08
# a notch an index bites into a row's edge: at most this many edges, this long (card widths),
# the edge on its far side at most this far off the line, this straight with it (cosine)
NOTCH_EDGES = 5
NOTCH_LONGEST = 0.5
NOTCH_OFF_LINE = 0.025
NOTCH_SAME_LINE = 0.99
# a corner of an outline's hull this near one found on the outline (card widths) is that one
HULL_SAME_PLACE = 0.03
# a card's own edge crossing a row (:func:`edge_crossings`): outlines of at least this much of
# a card's area, their hull's bends under this (card widths) smoothed away; ink darker than
# this share of the band's white over at least this share of the band (card widths in from
# the hull's edge), where the band is under half dark this far to one side at least (a dark
# patch's edge, not its inside), such places at least this far apart
CROSSING_LEAST_AREA = 0.6
CROSSING_HULL = 0.02
CROSSING_DARK = 0.75
CROSSING_FILL = 0.75
CROSSING_BAND = (0.01, 0.12)
CROSSING_BESIDE = 0.025
CROSSING_APART = 0.05


@dataclass(frozen=True)
class Reading:
    """One physical card read: its canonical name, how sure, its box in working pixels."""

    card: str
    confidence: float
    box: tuple[float, float, float, float]

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.box
        return (x + w / 2, y + h / 2)


@dataclass(frozen=True)
class Corner:
    """A convex corner of an outline: the point, the unit edges ``across`` and ``down``
    (see :mod:`.corners`), the card width it was cut at, and the outline it belongs to."""

    point: np.ndarray
    across: np.ndarray
    down: np.ndarray
    width: float
    outline: int


@dataclass(frozen=True)
class CornerReading:
    """A corner read as ``card``; ``glyph``: the height of its rank glyph's ink in photo
    pixels (0 where not measured)."""

    corner: Corner
    card: str
    confidence: float
    glyph: float = 0.0
    # the middle of the rank glyph's ink in photo pixels, where measured
    glyph_at: tuple[float, float] | None = None

    @property
    def card_centre(self) -> np.ndarray:
        c = self.corner
        return c.point + (c.across * 0.5 + c.down * 0.5 * CARD_ASPECT) * c.width

    def card_outline(self) -> np.ndarray:
        c = self.corner
        w, h = c.across * c.width, c.down * c.width * CARD_ASPECT
        return np.float32([c.point, c.point + w, c.point + w + h, c.point + h])


def whiteness(pixels: np.ndarray) -> np.ndarray:
    """Light and colourless scores high: card faces, not wood, felt or most cloths."""
    hsv = cv2.cvtColor(pixels, cv2.COLOR_BGR2HSV)
    value = hsv[:, :, 2].astype(np.int16)
    saturation = hsv[:, :, 1].astype(np.int16)
    return np.clip(value - saturation, 0, 255).astype(np.uint8)


def card_mask(pixels: np.ndarray, lightest: bool = False, shaded: bool = True) -> np.ndarray:
    """Where card faces lie (255), at the size of ``pixels``: set apart at the level a lit
    face clears, or at the lower level a dim room or a shadow leaves them, whichever makes
    more outlines shaped like whole cards, and at the lit level with the cards in a shadow
    the lower level finds whole (:func:`_with_shaded_cards`; ``shaded`` False: without them,
    as the index model's training corners were found); above a light table
    (:func:`_above_the_table`) at a higher level. ``lightest``: only the lightest of what
    that level sets apart (the level that parts it in two: :func:`_lightest_level`),
    whatever it makes."""
    score = cv2.GaussianBlur(whiteness(pixels), (5, 5), 0)
    level, _ = cv2.threshold(score, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if lightest:
        return _faces_above(score, _lightest_level(score, level) or level, score.shape)
    least = pixels.shape[0] * pixels.shape[1] * LEAST_AREA
    return _above_the_table(score, level, _lit_or_dim(score, level, least, shaded), least)


def _lightest_level(score: np.ndarray, level: float) -> float | None:
    """The level that parts the pixels lighter than ``level`` in two (Otsu's among them),
    where there is one above ``level``."""
    light = score[score > level]
    if not light.size:
        return None
    upper, _ = cv2.threshold(light.reshape(1, -1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return upper if upper > level else None


def _lit_or_dim(score: np.ndarray, level: float, least: float, shaded: bool) -> np.ndarray:
    lit = _faces_above(score, max(level, LIT_FACE), score.shape)
    if level >= LIT_FACE:
        return lit
    dim = _faces_above(score, max(level, DIM_FACE), score.shape)
    found_lit, found_dim = outlines(lit, least), outlines(dim, least)
    whole_lit, whole_dim = (_whole_count(found) for found in (found_lit, found_dim))
    if whole_dim > whole_lit + 1:
        return dim
    # a fan whose far cards the lamp leaves dim: at the lit level only its brightest part is
    # found, ragged (and perhaps shaped like one card), at the dim level the whole fan, solid
    if _solid_area(found_dim) > SOLID_MORE * _solid_area(found_lit) and whole_dim >= whole_lit - 1:
        return dim
    return _with_shaded_cards(lit, found_lit, found_dim) if shaded else lit


def _with_shaded_cards(
    lit: np.ndarray, found_lit: list[np.ndarray], found_dim: list[np.ndarray]
) -> np.ndarray:
    """``lit`` and the regions of the dim level (their outlines ``found_dim``) shaped like one
    whole card that touch no whole card of the lit level (``found_lit``) and that the lit
    level covers less than :data:`SHADED_LIT_AT_MOST` of: a card in a glass's or a hand's
    shadow, which the lit level breaks into pieces or loses, beside cards the lamp lights."""
    lit_whole = np.zeros_like(lit)
    cv2.drawContours(
        lit_whole,
        [o.reshape(-1, 1, 2).astype(np.int32) for o in found_lit if card_shaped(o) is not None],
        -1,
        255,
        -1,
    )
    mask = lit
    for outline in found_dim:
        if card_shaped(outline) is None:
            continue
        region = np.zeros_like(lit)
        cv2.drawContours(region, [outline.reshape(-1, 1, 2).astype(np.int32)], -1, 255, -1)
        area = max(1, cv2.countNonZero(region))
        if cv2.countNonZero(region & lit_whole) == 0 and (
            cv2.countNonZero(region & lit) < SHADED_LIT_AT_MOST * area
        ):
            mask = mask | region
    return mask


def _whole_count(found: list[np.ndarray]) -> int:
    return sum(card_shaped(outline) is not None for outline in found)


def _above_the_table(score: np.ndarray, level: float, mask: np.ndarray, least: float) -> np.ndarray:
    """``mask``, or where one region of it covers at least :data:`TABLE_TAKEN` of the photo
    (a light tablecloth, as white as the cards, taken for one with them), the faces set
    apart at the level that parts the lightest pixels in two (Otsu's among those above
    ``level``), where that makes at least two more outlines shaped like whole cards."""
    found = outlines(mask, least)
    photo = score.shape[0] * score.shape[1]
    if _largest_area(found) < TABLE_TAKEN * photo:
        return mask
    upper = _lightest_level(score, level)
    if upper is None:
        return mask
    brighter = _faces_above(score, upper, score.shape)
    found_brighter = outlines(brighter, least)
    if _whole_count(found_brighter) >= _whole_count(found) + 2:
        return brighter
    # a fan, no card of it whole: the table gone from the brighter mask, cards left on it
    if (
        _largest_area(found_brighter) < TABLE_TAKEN * photo
        and _solid_area(found_brighter) >= FAN_LEAST * photo
    ):
        return brighter
    return mask


def _largest_area(found: list[np.ndarray]) -> float:
    return max((cv2.contourArea(outline.reshape(-1, 1, 2)) for outline in found), default=0.0)


def _solid_area(found: list[np.ndarray]) -> float:
    """The area of the outlines that fill at least :data:`SOLID` of their hull: cards, rows
    and fans of cards, not a ragged strip of light."""
    total = 0.0
    for outline in found:
        area = cv2.contourArea(outline.reshape(-1, 1, 2))
        if area >= SOLID * cv2.contourArea(cv2.convexHull(outline.reshape(-1, 1, 2))):
            total += area
    return total


def _faces_above(score: np.ndarray, level: float, shape: tuple[int, ...]) -> np.ndarray:
    _, mask = cv2.threshold(score, level, 255, cv2.THRESH_BINARY)
    # specks of light table are no card; the ink of pips and letters near a card's edge is
    # no notch in it: open, then close, then fill every hole
    side = max(3, int(max(shape[:2]) / 250) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    side = max(5, int(max(shape[:2]) / 80) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)
    found, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, found, -1, 255, -1)
    return filled


def outlines(mask: np.ndarray, least_area: float) -> list[np.ndarray]:
    """The outer outline of each region at least ``least_area`` large, holes filled."""
    found, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return [c.reshape(-1, 2).astype(np.float32) for c in found if cv2.contourArea(c) >= least_area]


def hull_quadrilateral(outline: np.ndarray) -> np.ndarray:
    """The outline's hull simplified with squares.py's tolerance: a whole card's outline
    becomes its four corners, even where its index's ink reaches the card's edge and notches
    the light region."""
    hull = cv2.convexHull(outline.reshape(-1, 1, 2)).reshape(-1, 2)
    return quadrilateral(_simplified(hull, 0.015 * cv2.arcLength(hull.reshape(-1, 1, 2), True)))


def _fill(outline: np.ndarray, quad: np.ndarray) -> float:
    """The share of ``quad`` (its hull's quadrilateral) the outline's area fills."""
    if len(quad) < 3:
        return 0.0
    hull = cv2.contourArea(quad.astype(np.float32).reshape(-1, 1, 2))
    return cv2.contourArea(outline.reshape(-1, 1, 2)) / hull if hull > 0 else 0.0


def card_shaped(outline: np.ndarray, quad: np.ndarray | None = None) -> float | None:
    """The short side of an outline shaped like one whole card (its hull a convex
    quadrilateral as long as a card, the outline filling it), else None. ``quad``: its
    :func:`hull_quadrilateral`, where already made."""
    quad = hull_quadrilateral(outline) if quad is None else quad
    short = _card_short_side(quad)
    if short is not None and _fill(outline, quad) > 0.88:
        return short
    return None


def _card_short_side(quad: np.ndarray) -> float | None:
    """The short side of ``quad`` where it is a convex quadrilateral as long as a card (1.15
    to 2.1 times its short side: any deck, tilted), else None."""
    if len(quad) != 4 or not cv2.isContourConvex(quad.astype(np.float32).reshape(-1, 1, 2)):
        return None
    sides = np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1)
    short, long_ = sorted([(sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2])
    return float(short) if 1.15 < long_ / max(short, 1e-3) < 2.1 else None


def corners_where_edges_meet(outline: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """A whole card's four corners where its edges meet: lines fitted to the middle of each
    side of its outline. The hull's corners lie on the card's rounded corners, inside the
    card, and an index printed close to the edge would be cut short there. Where an edge
    finds too few points, or the corners would move far (a notch, a glass touching the
    card), ``quad`` stays."""
    points = outline.reshape(-1, 2).astype(np.float32)
    lines = []
    for start, end in zip(quad, np.roll(quad, -1, axis=0), strict=True):
        side = (end - start).astype(np.float32)
        length = float(np.linalg.norm(side))
        if length < 1:
            return quad
        unit = side / length
        along = (points - start) @ unit
        off = (points - start) @ np.float32([-unit[1], unit[0]])
        middle = points[
            (np.abs(along / length - 0.5) < EDGE_MIDDLE / 2) & (np.abs(off) < 0.05 * length + 2)
        ]
        if len(middle) < 5:
            return quad
        dx, dy, x, y = cv2.fitLine(middle, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.float64([x, y]), np.float64([dx, dy])))
    met = []
    for (point, direction), (next_point, next_direction) in zip(
        [lines[-1], *lines[:-1]], lines, strict=True
    ):
        system = np.column_stack([direction, -next_direction])
        if abs(np.linalg.det(system)) < 1e-6:
            return quad
        along, _ = np.linalg.solve(system, next_point - point)
        met.append(point + direction * along)
    corners = np.float32(met)
    sides = np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1)
    if np.max(np.linalg.norm(corners - quad, axis=1)) > EDGE_MOVE * float(np.mean(sides)):
        return quad
    return corners


def _simplified(outline: np.ndarray, tolerance: float) -> np.ndarray:
    return cv2.approxPolyDP(outline.reshape(-1, 1, 2), tolerance, True).reshape(-1, 2)


def quadrilateral(polygon: np.ndarray) -> np.ndarray:
    """A convex polygon's four longest sides extended to meet: a card's outline with its
    rounded or notched corners cut back to the corners of the rectangle it was cut from.
    Fewer than four sides are returned as they are."""
    count = len(polygon)
    if count <= 4:
        return polygon
    sides = np.linalg.norm(np.roll(polygon, -1, axis=0) - polygon, axis=1)
    longest = sorted(np.argsort(sides)[-4:])
    corners = []
    for a, b in zip(longest, longest[1:] + longest[:1], strict=True):
        p1, p2 = polygon[a], polygon[(a + 1) % count]
        q1, q2 = polygon[b], polygon[(b + 1) % count]
        d1, d2 = p2 - p1, q2 - q1
        cross = d1[0] * d2[1] - d1[1] * d2[0]
        if abs(cross) < 1e-6 * (np.linalg.norm(d1) * np.linalg.norm(d2) + 1e-9):
            return polygon
        t = ((q1[0] - p1[0]) * d2[1] - (q1[1] - p1[1]) * d2[0]) / cross
        corners.append(p1 + t * d1)
    quad = np.float32(corners)
    if cv2.contourArea(quad.reshape(-1, 1, 2)) > 1.15 * cv2.contourArea(
        polygon.astype(np.float32).reshape(-1, 1, 2)
    ):
        return polygon
    return quad


def card_width(polygons: list[np.ndarray]) -> float | None:
    """The width of a card in this photo: from the outlines that are one whole card, else
    from the longest straight edge (a fan's last card shows its whole long side) or the
    narrowest side of the tightest box round a row of cards, whichever is smaller."""
    whole = []
    longest = 0.0
    for polygon in polygons:
        if len(polygon) < 3:
            continue
        sides = np.linalg.norm(np.roll(polygon, -1, axis=0) - polygon, axis=1)
        longest = max(longest, float(sides.max()))
        short = _card_short_side(polygon)
        if short is not None:
            whole.append(short)
    if whole:
        return float(np.median(whole))
    if not longest:
        return None
    # a row of overlapping cards is as tall as one card is long, however many it holds; its
    # outline's longest straight edge may run along several cards' tops
    tallest = max(
        (
            min(cv2.minAreaRect(p.astype(np.float32).reshape(-1, 1, 2))[1])
            for p in polygons
            if len(p) >= 3
        ),
        default=0.0,
    )
    # a row fanned in an arc (or whose cards lie at different heights) has a box taller
    # than a card is long; the first card's free long side is a straight edge of the row
    # no longer than that box's height, and the longest such edge is a card's length
    sides = [
        float(np.linalg.norm(b - a))
        for p in polygons
        if len(p) >= 3
        for a, b in zip(p, np.roll(p, -1, axis=0), strict=True)
    ]
    long_side = max((side for side in sides if 0.6 * tallest <= side <= tallest), default=0.0)
    return min(longest, long_side or tallest) / CARD_ASPECT


def _width_across(quads: list[np.ndarray]) -> Callable[[float, float], float] | None:
    """The card width as it changes across a tilted photo: a plane fitted to the short sides
    of the card-shaped quadrilaterals at their centres, refitted without those off it by more
    than :data:`OFF_THE_PLANE` (a row of cards shaped like one); None where fewer than
    :data:`PLANE_CARDS` are card-shaped."""
    points = []
    for quad in quads:
        short = _card_short_side(quad)
        if short is not None:
            points.append((*quad.mean(axis=0).tolist(), short))
    if len(points) < PLANE_CARDS:
        return None
    data = np.array(points)
    kept = np.ones(len(data), bool)
    for _ in range(2):
        design = np.column_stack([np.ones(int(kept.sum())), data[kept, 0], data[kept, 1]])
        (a, b, c), *_ = np.linalg.lstsq(design, data[kept, 2], rcond=None)
        fitted = a + b * data[:, 0] + c * data[:, 1]
        kept = np.abs(np.log(data[:, 2] / np.maximum(fitted, 1e-3))) < math.log(OFF_THE_PLANE)
        if kept.sum() < PLANE_CARDS:
            return None
    return lambda x, y: float(a + b * x + c * y)


def corners(polygons: list[np.ndarray], width: float) -> list[Corner]:
    """Every convex corner whose angle a tilted card's corner can have (50 to 130 degrees)."""
    found = []
    for index, polygon in enumerate(polygons):
        count = len(polygon)
        if count < 3:
            continue
        area = _oriented_area(polygon)
        for i in range(count):
            point = polygon[i].astype(np.float32)
            before = polygon[i - 1] - point
            after = polygon[(i + 1) % count] - point
            lb, la = float(np.linalg.norm(before)), float(np.linalg.norm(after))
            if lb < width * SHORTEST_CORNER_EDGE or la < width * SHORTEST_CORNER_EDGE:
                continue
            before, after = before / lb, after / la
            angle = math.degrees(math.acos(float(np.clip(np.dot(before, after), -1, 1))))
            if not 50 <= angle <= 130:
                continue
            # convex: the turn at the corner agrees with the outline's direction
            if (_turn(before, after) > 0) == (area > 0):
                continue
            found.append(_corner(point, before, after, width, index))
    return found


def _oriented_area(polygon: np.ndarray) -> float:
    """The outline's area, its sign saying which way round the outline runs."""
    return float(cv2.contourArea(polygon.reshape(-1, 1, 2).astype(np.float32), oriented=True))


def _turn(before: np.ndarray, after: np.ndarray) -> float:
    return float(before[0] * after[1] - before[1] * after[0])


def _corner(
    point: np.ndarray, before: np.ndarray, after: np.ndarray, width: float, index: int
) -> Corner:
    """A card's corner at ``point`` between the edges leaving it towards ``before`` and
    ``after``: "across" is the one that turns into "down" clockwise on screen (y points down)."""
    across, down = (before, after) if _turn(before, after) > 0 else (after, before)
    return Corner(point, across.astype(np.float32), down.astype(np.float32), width, index)


def rounded_corners(polygons: list[np.ndarray], width: float) -> list[Corner]:
    """The corners of cards whose rounded corner the outline cuts off in short edges: where
    two straight edges a quarter of a card's width long or more, with only short edges
    between them, meet when extended, at a convex angle a card's corner can have, near where
    the first of them ends. A card joined to its neighbour or a glass's rim keeps its rounded
    corners on its region's outline, where no single corner of the outline is a card's; an
    index printed close to the edge notches its corner, in several short edges that may add
    up to most of a card's width (:data:`CUT_CORNER`)."""
    found = []
    for index, polygon in enumerate(polygons):
        count = len(polygon)
        if count < 4:
            continue
        area = _oriented_area(polygon)
        ends = np.roll(polygon, -1, axis=0)
        lengths = np.linalg.norm(ends - polygon, axis=1)
        long_edges = [i for i in range(count) if lengths[i] >= width * 0.25]
        for a, b in zip(long_edges, long_edges[1:] + long_edges[:1], strict=True):
            between = [(a + k) % count for k in range(1, (b - a) % count)]
            if not between or sum(lengths[k] for k in between) > width * CUT_CORNER[0]:
                continue
            p1, d1 = polygon[a].astype(np.float32), (ends[a] - polygon[a]) / lengths[a]
            p2, d2 = polygon[b].astype(np.float32), (ends[b] - polygon[b]) / lengths[b]
            cross = float(d1[0] * d2[1] - d1[1] * d2[0])
            if abs(cross) < 0.77:  # the edges meet at 50 to 130 degrees
                continue
            # convex: the turn from one edge to the next agrees with the outline's direction
            if (cross > 0) != (area > 0):
                continue
            t = ((p2[0] - p1[0]) * d2[1] - (p2[1] - p1[1]) * d2[0]) / cross
            point = (p1 + t * d1).astype(np.float32)
            if np.linalg.norm(point - ends[a]) > width * CUT_CORNER[1]:
                continue
            found.append(_corner(point, -d1, d2, width, index))
    return found


def hull_corners(polygons: list[np.ndarray], width: float, found: list[Corner]) -> list[Corner]:
    """The corners (:func:`corners`, :func:`rounded_corners`) of each outline's hull, its bends
    under :data:`CROSSING_HULL` card widths smoothed away, that are not among ``found``
    already (within :data:`HULL_SAME_PLACE` card widths, cut the same way): a row's first and
    last cards' outer corners lie on its hull, where the outline itself may turn in short
    edges too short for a corner (the next card's index ink notching the edge beside it)."""
    hulls = [
        _smoothed_hull(polygon, width) if len(polygon) >= 3 else np.zeros((0, 2), np.float32)
        for polygon in polygons
    ]
    return [
        corner
        for corner in corners(hulls, width) + rounded_corners(hulls, width)
        if not any(
            float(np.linalg.norm(corner.point - other.point)) < HULL_SAME_PLACE * width
            and float(corner.across @ other.across) > 0.95
            for other in found
        )
    ]


def _smoothed_hull(polygon: np.ndarray, width: float) -> np.ndarray:
    """The polygon's convex hull, its bends under :data:`CROSSING_HULL` card widths smoothed
    away: a row's outline without the notches its indices' ink bites into it."""
    hull = cv2.convexHull(polygon.astype(np.float32).reshape(-1, 1, 2))
    return cv2.approxPolyDP(hull, CROSSING_HULL * width, True).reshape(-1, 2)


def edge_points(polygons: list[np.ndarray], width: float, step: float = 0.06) -> list[Corner]:
    """Points every ``step`` card widths along the outlines of overlapping cards, each seen
    as a corner whose ``across`` runs along the edge: a fanned card's index corner lies on
    its row's outline, often on a straight stretch with no corner of the outline there."""
    found = []
    for index, polygon in enumerate(polygons):
        count = len(polygon)
        lengths = np.linalg.norm(np.roll(polygon, -1, axis=0) - polygon, axis=1).tolist()
        for i, start, end, length, along, inward, across in _long_edges(polygon, width):
            for t in np.arange(step * width, length - step * width * 0.5, step * width):
                point = start + along * t
                found.append(Corner(point, across, inward, width, index))
            # the card's corner this edge's patches look along from, where the edge before it
            # is too short for :func:`corners` to take it for a card's corner (a fanned card
            # stepping out from under the one below it by a few pixels): the points above
            # start a step along the edge, cutting its index's first columns off
            forwards = float(across @ along) > 0
            before = (i - 1) % count if forwards else (i + 1) % count
            if lengths[before] < width * SHORTEST_CORNER_EDGE:
                found.append(Corner(start if forwards else end, across, inward, width, index))
            gap = _notch_across(polygon, i, along, inward, width)
            for t in np.arange(0.0, gap, step * width):
                found.append(Corner(end + along * t, across, inward, width, index))
    return found


def _long_edges(polygon: np.ndarray, width: float) -> Iterator[tuple]:
    """Each edge of ``polygon`` at least :data:`LONG_EDGE` card widths long: its number, its
    start and end, its length, the unit vector along it, the one into the outline, and
    ``across``, the way along the edge a corner's patch on it looks (into ``inward`` turned
    clockwise, as a card's top edge turns into its left edge)."""
    count = len(polygon)
    if count < 3:
        return
    area = _oriented_area(polygon)
    for i in range(count):
        start, end = polygon[i].astype(np.float32), polygon[(i + 1) % count].astype(np.float32)
        length = float(np.linalg.norm(end - start))
        if length < width * LONG_EDGE:
            continue
        along = (end - start) / length
        inward = (
            np.float32([-along[1], along[0]]) if area > 0 else np.float32([along[1], -along[0]])
        )
        across = along if along[0] * inward[1] - along[1] * inward[0] > 0 else -along
        yield i, start, end, length, along, inward, across


def edge_crossings(pixels: np.ndarray, polygons: list[np.ndarray], width: float) -> list[Corner]:
    """Where a card's own edge meets a row's outline, each seen as a corner whose ``across``
    runs along the outline (as :func:`edge_points`' do). A fanned card's index corner lies
    where its edge comes out from under the card above it or runs under the next: on a
    straight stretch of the row's outline, or across notches its index's ink bites into the
    outline, at no corner of the outline and between :func:`edge_points`' points. The edge
    shows as a thin dark line running into the row from its outline, often with the index's
    ink beside it; each long edge of each row's hull (notches bridged) is looked along, the
    band inside it straightened."""
    found = []
    for index, polygon in enumerate(polygons):
        if len(polygon) < 3 or abs(_oriented_area(polygon)) < (
            CROSSING_LEAST_AREA * width * width * CARD_ASPECT
        ):
            continue
        hull = _smoothed_hull(polygon, width)
        for _i, start, _end, length, along, inward, across in _long_edges(hull, width):
            for at in _lines_across(pixels, start, along, inward, length, width):
                found.append(Corner(start + along * at, across, inward, width, index))
    return found


def _lines_across(
    pixels: np.ndarray,
    start: np.ndarray,
    along: np.ndarray,
    inward: np.ndarray,
    length: float,
    width: float,
) -> list[float]:
    """How far along the edge from ``start`` dark ink runs across the band
    :data:`CROSSING_BAND` inside it (a card's edge, or an index's ink right beside it), the
    darkest first."""
    steps = np.arange(0.0, length, 1.0, dtype=np.float32)
    depths = np.arange(CROSSING_BAND[0] * width, CROSSING_BAND[1] * width, 1.0, dtype=np.float32)
    if len(depths) < 3 or len(steps) < 3:
        return []
    xs = start[0] + along[0] * steps[None, :] + inward[0] * depths[:, None]
    ys = start[1] + along[1] * steps[None, :] + inward[1] * depths[:, None]
    band = cv2.remap(pixels, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    # a pixel's darkest channel: red ink is as dark as black there, the white card is not
    darkest = (band.min(axis=2) if band.ndim == 3 else band).ravel()
    # the band's white: its 90th percentile, by a partial sort (a full percentile for every
    # edge of every row cost more than the lines' search)
    nth = int(0.9 * (darkest.size - 1))
    white = float(np.partition(darkest, nth)[nth])
    dark = (darkest.reshape(len(depths), len(steps)) < CROSSING_DARK * white).mean(axis=0)
    apart = max(1, int(CROSSING_APART * width))
    beside = max(2, int(CROSSING_BESIDE * width))
    lines: list[int] = []
    for at in np.argsort(-dark, kind="stable").tolist():
        if dark[at] < CROSSING_FILL:
            break
        if dark[at] < dark[max(0, at - apart) : at + apart + 1].max():
            continue  # a darker line lies near it
        sides = [dark[k] for k in (at - beside, at + beside) if 0 <= k < len(dark)]
        if sides and min(sides) > 0.5:
            continue  # inside a wide dark patch: its edge is looked at, not every step of it
        if any(abs(at - other) <= apart for other in lines):
            continue
        lines.append(at)
    return [float(steps[at]) for at in lines]


def _notch_across(
    polygon: np.ndarray, start: int, along: np.ndarray, inward: np.ndarray, width: float
) -> float:
    """How far the straight edge from vertex ``start`` runs on past its end across a notch:
    a fanned card's index ink, too dark for the mask, bites into the row's outline where its
    index corner lies, breaking the edge in two with no corner of the outline at the index.
    0 where the outline turns away instead."""
    count = len(polygon)
    end = polygon[(start + 1) % count].astype(np.float32)
    # the notch is two edges or more: in, then out again
    for edges in range(2, NOTCH_EDGES + 1):
        bitten = polygon[[(start + 1 + k) % count for k in range(1, edges)]] - end
        if (bitten @ inward < -NOTCH_OFF_LINE * width).any():
            return 0.0  # the outline went outwards: no notch
        resumes = polygon[(start + 1 + edges) % count].astype(np.float32)
        run = float(np.dot(resumes - end, along))
        if run > NOTCH_LONGEST * width:
            return 0.0
        onwards = polygon[(start + 2 + edges) % count].astype(np.float32) - resumes
        length = float(np.linalg.norm(onwards))
        if (
            run > 0
            and length >= LONG_EDGE * width
            and float(np.dot(onwards / length, along)) > NOTCH_SAME_LINE
            and abs(float(np.dot(resumes - end, inward))) < NOTCH_OFF_LINE * width
        ):
            return run
    return 0.0


@cache
def _session():
    # ONNX Runtime loads on the first photo, not with the package
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    return onnxruntime.InferenceSession(
        str(MODEL), sess_options=options, providers=["CPUExecutionProvider"]
    )


def index_probabilities(rows: np.ndarray) -> np.ndarray:
    """The probability of each of :data:`CLASSES` for feature rows: a card's is its rank's
    (rank model) times its suit's (suit model)."""
    ranks, suits = _session().run(
        ["rank_probabilities", "suit_probabilities"],
        {
            "rank_features": rows[:, RANK_COLUMNS].astype(np.float32),
            "suit_features": rows[:, SUIT_COLUMNS].astype(np.float32),
        },
    )
    cards = ranks[:, None, : len(RANKS)] * suits[:, :, None]  # suit by rank, as CLASSES
    return np.concatenate([cards.reshape(len(rows), -1), ranks[:, len(RANKS) :]], axis=1)


def suit_probabilities(rows: np.ndarray) -> np.ndarray:
    """The suit model's probability of each of :data:`SUITS` for feature rows."""
    (suits,) = _session().run(
        ["suit_probabilities"],
        {
            "rank_features": rows[:, RANK_COLUMNS].astype(np.float32),
            "suit_features": rows[:, SUIT_COLUMNS].astype(np.float32),
        },
    )
    return suits


def face_suits(pixels: np.ndarray, outlines: dict[int, np.ndarray]) -> dict[int, tuple[str, float]]:
    """For each whole card's four-cornered outline (by its index), the suit its face pips
    show and how surely (their mean probability), where at least :data:`LEAST_PIPS` pips are
    read (one batch for the model, every face)."""
    pips = {index: face_pips(pixels, outline) for index, outline in outlines.items()}
    pips = {index: shown for index, shown in pips.items() if len(shown[0]) >= LEAST_PIPS}
    if not pips:
        return {}
    suits = suit_probabilities(face_rows(list(pips.values())))
    shown = {}
    start = 0
    for index, (glyphs, _colour) in pips.items():
        mean = suits[start : start + len(glyphs)].mean(axis=0)
        start += len(glyphs)
        best = int(mean.argmax())
        shown[index] = (SUITS[best], float(mean[best]))
    return shown


def read_corners(pixels: np.ndarray, found: list[Corner]) -> list[CornerReading]:
    if not found:
        return []
    patches = [cut_corner(pixels, c.point, c.across, c.down, c.width) for c in found]
    rows, lone_rows, lone_of, below_only = features_and_lone(patches)
    # a corner not read whose rank glyph was several pieces side by side is read again with
    # its leftmost piece alone as the rank: the letter, where a court picture's large pip
    # stands level with it and close beside it; one whose rank had no pip below it, with
    # the rank cut apart from the pip it ran into, or the pip from the face's pip it ran
    # into; one whose pip is no pip's shape, with the ink right below its rank as the pip,
    # kept in place of the first reading where it reads more surely (one batch for the model,
    # every cut). That pip is the index's own where the rank reads the same both ways (a
    # king's sceptre run into his pip reads as a club), so it is kept from KEEP, not SURE_ALONE
    probabilities = index_probabilities(np.concatenate([rows, lone_rows]))
    kept = _kept(probabilities[: len(rows)], shows_an_index(rows))
    # the rank glyph's box in the patch (x, y, w, h), as shares of the patch's sides
    boxes = rows[:, PLACES : PLACES + 4].tolist()
    retried = _kept(probabilities[len(rows) :], shows_an_index(lone_rows))
    for index, reading, box, pip_below in zip(
        lone_of.tolist(),
        retried,
        lone_rows[:, PLACES : PLACES + 4].tolist(),
        below_only.tolist(),
        strict=True,
    ):
        first = kept[index]
        same_rank = (
            pip_below
            and first is not None
            and reading is not None
            and reading[0][:-1] == first[0][:-1]
        )
        if reading is not None and reading[1] < SURE_ALONE and not same_rank:
            reading = None
        if first is None or (pip_below and reading is not None and reading[1] > first[1]):
            kept[index] = reading
            boxes[index] = box
    return [
        CornerReading(
            corner,
            *reading,
            glyph=box[3] * SPAN[1] * corner.width,
            glyph_at=_in_photo(corner, box[0] + box[2] / 2, box[1] + box[3] / 2),
        )
        for corner, reading, box in zip(found, kept, boxes, strict=True)
        if reading is not None
    ]


def _in_photo(corner: Corner, across: float, down: float) -> tuple[float, float]:
    """The photo's point at (``across``, ``down``) in the corner's patch, as shares of the
    patch's sides."""
    x, y = (
        corner.point
        + corner.across * (across * SPAN[0] * corner.width)
        + corner.down * (down * SPAN[1] * corner.width)
    ).tolist()
    return (x, y)


def glyph_width(
    readings: list[CornerReading], least: int = SCALE_READINGS, off_at_most: float = SCALE_OFF
) -> float | None:
    """The card width the sure readings' rank glyphs give (their median height over
    :data:`GLYPH_SHARE`), where at least ``least`` read surely and it differs from the width
    their corners were cut at by more than ``off_at_most`` either way; else None. A glyph's
    size is the deck's, whatever the outlines it was found on: a row of overlapping cards
    shaped like one card gives a width a card's length or more, the glyphs on it their own
    card's."""
    sure = _sure(readings)
    if len(sure) < least:
        return None
    off = float(np.median([r.glyph / GLYPH_SHARE / r.corner.width for r in sure]))
    if 1 / off_at_most <= off <= off_at_most:
        return None
    return float(np.median([r.glyph for r in sure])) / GLYPH_SHARE


def _sure(readings: list[CornerReading]) -> list[CornerReading]:
    """The readings sure enough for their rank glyph to measure the card (a joker prints
    none)."""
    return [r for r in readings if r.confidence >= SURE_ALONE and r.card != "JK" and r.glyph > 0]


def _kept(
    probabilities: np.ndarray, index_shaped: np.ndarray, least: float = KEEP
) -> list[tuple[str, float] | None]:
    """Each row's card and confidence where it reads as an index at least ``least`` surely,
    else None.
    Ink that is no rank glyph over a pip (a court picture's corner, a middle pip, the table)
    is no index, however the model reads it; a joker prints no pip."""
    kept = []
    for p, shaped in zip(probabilities, index_shaped, strict=True):
        best = int(p.argmax())
        if CLASSES[best] != "none" and p[best] >= least and (shaped or CLASSES[best] == "JK"):
            kept.append((CLASSES[best], float(p[best])))
        else:
            kept.append(None)
    return kept


def same_card(
    one: CornerReading, other: CornerReading, pieces: frozenset[int] = frozenset()
) -> bool:
    """Two readings of one physical card: both come from ``pieces`` (outlines no larger than
    one card: a card whose picture broke its light region apart) and place the card's
    centre within most of a card's width, agreeing, from two pieces, or turned apart; or
    they agree, and either
    place the card's centre within a fifth of its width of each other, or face each other
    from opposite corners (its two indices, printed half a turn apart, about a card's
    diagonal apart: :data:`FACING_AT_LEAST` to :data:`FACING_AT_MOST` card widths, the width
    they were cut at or the one their glyphs measure, where smaller (a fan's row taken for
    one card is cut too wide) or up to :data:`GLYPHS_WIDER_AT_MOST` times wider (a card near
    a tilted phone, cut at its farther row's width); from two pieces, the glyphs' width
    either way)."""
    width = max(one.corner.width, other.corner.width)
    apart_centres = float(np.linalg.norm(one.card_centre - other.card_centre))
    # pieces of one card's region hold one card, whatever two pieces' corners read (a court
    # picture's inner corners are read as other cards); within one piece, which a tight fan
    # of two cards may be as small as, only a corner turned far from the other's (a
    # picture's, not a neighbour's in the fan) is read as that card
    if (
        one.corner.outline in pieces
        and other.corner.outline in pieces
        and (
            one.card == other.card
            or one.corner.outline != other.corner.outline
            or float(np.dot(one.corner.across, other.corner.across)) < 0.85
        )
        and apart_centres < 0.8 * width
    ):
        return True
    if one.card != other.card:
        return False
    if apart_centres < 0.2 * width:
        return True
    apart = float(np.linalg.norm(one.corner.point - other.corner.point)) / width
    if not _facing(one, other):
        return False
    if FACING_AT_LEAST < apart < FACING_AT_MOST:
        return True
    if one.glyph > 0 and other.glyph > 0:
        measured = (one.glyph + other.glyph) / 2 / GLYPH_SHARE
        apart = apart * width / measured
        # two pieces of one card's region (a court picture breaks it) may themselves have
        # been taken for cards, and the photo's width cut too narrow: their glyphs measure it
        in_pieces = one.corner.outline in pieces and other.corner.outline in pieces
        return (
            measured < width * GLYPHS_WIDER_AT_MOST or in_pieces
        ) and FACING_AT_LEAST < apart < FACING_AT_MOST
    return False


def _facing(one: CornerReading, other: CornerReading) -> bool:
    """Whether the two readings were cut facing each other, as a card's two indices are."""
    return float(np.dot(one.corner.across, other.corner.across)) < -0.7


def _other_index_read(readings: list[CornerReading], pieces: frozenset[int]) -> set[int]:
    """The positions in ``readings`` of those whose card's other index is read too: one of
    the same name facing it that :func:`same_card` makes one card with it."""
    read = set()
    for at, one in enumerate(readings):
        for later in range(at + 1, len(readings)):
            other = readings[later]
            if one.card == other.card and _facing(one, other) and same_card(one, other, pieces):
                read.update((at, later))
    return read


def _one_card(
    one: CornerReading, other: CornerReading, pieces: frozenset[int], either_paired: bool
) -> bool:
    """Whether two readings are of one physical card: :func:`same_card`, or
    :func:`one_place`; but two names read surely (:data:`SURELY_ANOTHER`) that place one
    card's centre without reading one index's ink are not one card where either has its
    own other index read (``either_paired``: :func:`_other_index_read`): the second name is
    no misreading of that card's index, but a neighbour's index lying where a card's other
    index would (a fan's card read at both its indices beside the next card's)."""
    if same_card(one, other, pieces):
        return True
    if not one_place(one, other):
        return False
    if one.card == other.card or _one_glyph(one, other):
        return True
    surely = min(one.confidence, other.confidence) >= SURELY_ANOTHER
    return not (surely and either_paired)


def _glyphs_apart(one: CornerReading, other: CornerReading) -> float | None:
    """How far apart the two readings' rank glyphs lie, in glyph heights (the taller's);
    None where either was not measured."""
    if one.glyph_at is None or other.glyph_at is None or not (one.glyph and other.glyph):
        return None
    return math.dist(one.glyph_at, other.glyph_at) / max(one.glyph, other.glyph)


def _one_glyph(one: CornerReading, other: CornerReading) -> bool:
    """Whether the two readings' rank glyphs lie within :data:`SAME_GLYPH` of a glyph's
    height of each other: one index's ink, cut from two corners."""
    apart = _glyphs_apart(one, other)
    return apart is not None and apart < SAME_GLYPH


def one_place(one: CornerReading, other: CornerReading) -> bool:
    """Two readings of one index's ink (:func:`_one_glyph`), or that place their card's
    centre within a seventh of a card's width of each other, are one physical card whatever
    they read (no two cards lie so close, even in a tight fan): the same index cut twice, a
    quarter turn apart where a fan's outline turns at its first card's corner, or its two
    corners read apart; unless, placed so, they were cut along one edge and their rank
    glyphs lie over :data:`GLYPHS_APART` glyphs apart: two indices, two cards (a fan's
    neighbours, found along its row's edge cut at too wide a card, where a seventh of that
    width is more than an index's)."""
    if _one_glyph(one, other):
        return True
    width = max(one.corner.width, other.corner.width)
    if float(np.linalg.norm(one.card_centre - other.card_centre)) >= width / 7:
        return False
    apart = _glyphs_apart(one, other)
    if apart is None or float(np.dot(one.corner.across, other.corner.across)) < ALONG_ONE_EDGE:
        return True
    return apart <= GLYPHS_APART


def two_indices(one: CornerReading, other: CornerReading) -> bool:
    """Two readings of one name that are two cards whatever else joins them: cut upright the
    same way (:data:`ALONG_ONE_EDGE`) with their rank glyphs over :data:`GLYPHS_APART` glyphs
    apart. A card prints one index each way up; two of a name in a fan (two decks), the
    other's turned index facing both, are still two."""
    return (
        one.card == other.card
        and float(np.dot(one.corner.across, other.corner.across)) >= ALONG_ONE_EDGE
        and (_glyphs_apart(one, other) or 0.0) > GLYPHS_APART
    )


def cards_from_corners(
    readings: list[CornerReading],
    whole: set[int],
    pieces: frozenset[int] = frozenset(),
    faces: dict[int, tuple[str, float]] | None = None,
) -> list[Reading]:
    """One reading per physical card. Within an outline that is one whole card, every index
    read is that card; elsewhere two readings are one card when they agree and place the
    card's centre within a fifth of a card's width of each other (the two index corners of
    a fan's last card), and any two that place it at one spot or read one index's ink
    (:func:`one_place`) are one, save two names read surely where either's card has its
    other index read (:func:`_one_card`); the surest reading of each name votes for it (the
    points along an edge cut one index several times over: a misreading repeated is no more
    sure for it), the likeliest names the card, and disagreement lowers its confidence. A whole
    number card is of the suit its face pips show, where they show one surely (``faces``:
    :func:`face_suits`)."""
    by_outline: dict[int, list[CornerReading]] = {}
    apart = []
    for reading in sorted(readings, key=lambda r: -r.confidence):
        if reading.corner.outline in whole:
            by_outline.setdefault(reading.corner.outline, []).append(reading)
        else:
            apart.append(reading)
    paired = _other_index_read(apart, pieces)
    placed: list[list[int]] = []
    for at, reading in enumerate(apart):
        for group in placed:
            if any(
                _one_card(apart[member], reading, pieces, member in paired or at in paired)
                for member in group
            ) and not any(two_indices(apart[member], reading) for member in group):
                group.append(at)
                break
        else:
            placed.append([at])
    groups = [[apart[member] for member in group] for group in placed]
    groups.extend(by_outline.values())
    faces = faces or {}
    cards = []
    for group in groups:
        votes: dict[str, float] = {}
        for reading in group:
            votes[reading.card] = max(votes.get(reading.card, 0.0), reading.confidence)
        card = max(votes, key=votes.__getitem__)
        agreeing = [r for r in group if r.card == card]
        confidence = max(r.confidence for r in agreeing) * (votes[card] / sum(votes.values()))
        outline = group[0].corner.outline
        suit, surely = faces.get(outline, ("", 0.0)) if outline in whole else ("", 0.0)
        if card[:-1] in NUMBER_RANKS and suit not in ("", card[-1]) and surely >= PIPS_SURE:
            card = card[:-1] + suit
            confidence = min(confidence, surely)
        points = np.concatenate([r.card_outline() for r in agreeing])
        x, y, w, h = cv2.boundingRect(points.astype(np.float32))
        cards.append(Reading(card, confidence, (float(x), float(y), float(w), float(h))))
    return cards


def find_corners(
    pixels: np.ndarray,
    width: float | None = None,
    rows: set[int] = frozenset(),
    lightest: bool = False,
    shaded: bool = True,
) -> tuple[list[np.ndarray], list[Corner], set[int]]:
    """Steps 1 to 3 on the working picture: the outlines (working pixels), their corners,
    and which outlines are one whole card. The card width the corners are cut at is the
    outlines' own (:func:`card_width`), or ``width`` (working pixels) where given: the
    glyphs' measure (:func:`glyph_width`). ``rows``: outlines already seen to be rows of
    cards (the outlines are the same whatever the width), never whole. ``lightest``: the
    faces are the lightest of the light regions (:func:`card_mask`); ``shaded``: with the
    cards in a shadow (:func:`card_mask`)."""
    factor = min(1.0, MASK_SIDE / max(pixels.shape[:2]))
    small = cv2.resize(pixels, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    mask = card_mask(small, lightest, shaded)
    least = small.shape[0] * small.shape[1] * LEAST_AREA
    outlines_small = outlines(mask, least)
    first = [hull_quadrilateral(outline) for outline in outlines_small]
    measuring = [
        quad
        for outline, quad in zip(outlines_small, first, strict=True)
        if _fill(outline, quad) >= MEASURES_A_CARD
    ]
    width_small = card_width(measuring) if width is None else width * factor
    if width_small is None:
        return [], [], set()
    # a width the glyphs measured is a card's within what decks print: a row of overlapping
    # cards as long as one card is wide or more is no one card
    widest = 1.6 if width is None else WHOLE_AT_MOST
    # a tilted phone sees the near cards larger than the far ones: each outline is weighed
    # against the width the card-shaped outlines give where it lies (the glyphs' width, where
    # given, is one deck's print, not the outlines')
    expected = _width_across(measuring) if width is None else None
    width = width_small / factor
    whole = set()
    polygons = []
    for index, (outline, quad) in enumerate(zip(outlines_small, first, strict=True)):
        short = card_shaped(outline, quad)
        here = _width_here(expected, quad, width_small) if short is not None else width_small
        if index not in rows and short is not None and 0.6 < short / here < widest:
            whole.add(index)
            polygons.append(corners_where_edges_meet(outline, quad) / factor)
            continue
        polygons.append(_simplified(outline, max(1.0, 0.03 * width_small)) / factor)
    # a court card whose picture cut its light region in two: its two pieces, one card
    for one, other, joined in joined_pieces(outlines_small, whole, rows, width_small, expected):
        polygons[one] = polygons[other] = np.zeros((0, 2), np.float32)
        whole.add(len(polygons))
        polygons.append(joined / factor)
    found = corners(polygons, width)
    apart = [p if i not in whole else np.zeros((0, 2)) for i, p in enumerate(polygons)]
    found += rounded_corners(apart, width)
    found += edge_points(apart, width)
    found += edge_crossings(pixels, apart, width)
    # a whole card's corners are cut at its own width: tilt makes near cards larger
    sized = []
    for corner in found:
        if corner.outline in whole:
            polygon = polygons[corner.outline]
            sides = np.linalg.norm(np.roll(polygon, -1, axis=0) - polygon, axis=1)
            own = float(min((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
            corner = replace(corner, width=own)
        sized.append(corner)
    return polygons, sized, whole


def _width_here(
    expected: Callable[[float, float], float] | None, quad: np.ndarray, width: float
) -> float:
    """The card width where ``quad`` lies: what the card-shaped outlines give there
    (``expected``), within half and twice the photo's ``width``; ``width`` where nothing
    gives one."""
    if expected is None:
        return width
    centre = quad.mean(axis=0)
    return min(max(expected(*centre.tolist()), width / 2), 2 * width)


def joined_pieces(
    outlines: list[np.ndarray],
    whole: set[int],
    rows: set[int],
    width: float,
    expected: Callable[[float, float], float] | None,
) -> list[tuple[int, int, np.ndarray]]:
    """Pairs of pieces whose outlines together are one card: a court card whose picture
    reaches both of its long edges leaves two light pieces, each a part of the card, neither
    shaped like one, and its index corners cut on neither. Two outlines of no whole card
    and no row (not in ``whole`` or ``rows``), each under :data:`PIECE_AT_MOST` of a card's
    area, whose joint hull is card-shaped, as wide as a card is where it lies
    (:func:`_width_here`) within :data:`JOINED_WIDTH`, and at least :data:`JOINED_FILL`
    covered by them; each piece joins the one that makes the smallest such card. Asked only
    where at least :data:`TRUSTED_WHOLE` outlines are whole cards: their width is the deck's,
    and a fan's strips, whose width nothing else measures, are never joined. (index, index,
    the joint hull's four corners), in ``outlines``' pixels."""
    if len(whole) < TRUSTED_WHOLE:
        return []
    card_area = width * width * CARD_ASPECT
    pieces = []
    for index, outline in enumerate(outlines):
        if index in whole or index in rows or len(outline) < 3:
            continue
        area = cv2.contourArea(outline.reshape(-1, 1, 2))
        if area < PIECE_AT_MOST * card_area:
            pieces.append((index, area, outline.mean(axis=0)))
    # two pieces of one card lie within its length of each other (a table's pattern of many
    # light specks is not asked about every pair of them)
    reach = JOINED_WIDTH[1] * width * CARD_ASPECT
    joined = []
    used: set[int] = set()
    for position, (one, area_one, centre_one) in enumerate(pieces):
        if one in used:
            continue
        best = None
        for other, area_other, centre_other in pieces[position + 1 :]:
            if other in used or np.linalg.norm(centre_one - centre_other) > reach:
                continue
            quad = hull_quadrilateral(np.concatenate([outlines[one], outlines[other]]))
            short = _card_short_side(quad)
            if short is None:
                continue
            here = _width_here(expected, quad, width)
            hull_area = cv2.contourArea(quad.reshape(-1, 1, 2))
            if (
                JOINED_WIDTH[0] < short / here < JOINED_WIDTH[1]
                and area_one + area_other >= JOINED_FILL * hull_area
                and (best is None or hull_area < best[2])
            ):
                best = (other, quad, hull_area)
        if best is not None:
            used |= {one, best[0]}
            joined.append((one, best[0], best[1]))
    return joined


def _rows_walked(
    pixels: np.ndarray,
    polygons: list[np.ndarray],
    found: list[Corner],
    whole: set[int],
    readings: list[CornerReading],
) -> tuple[set[int], list[CornerReading]]:
    """A row of cards overlapping along their long sides can look like one whole card; where
    a whole outline's corners read different cards surely, it is walked as a row: those
    outlines, and what their edges read."""
    surely: dict[int, set[str]] = {}
    for reading in readings:
        if reading.corner.outline in whole and reading.confidence >= SURELY_ANOTHER:
            surely.setdefault(reading.corner.outline, set()).add(reading.card)
    rows = {outline for outline, cards in surely.items() if len(cards) > 1}
    return rows, read_corners(pixels, _walk(polygons, found, rows))


def _maybe_rows(readings: list[CornerReading], whole: set[int]) -> set[int]:
    """The outlines of ``whole`` that may be rows of cards: those none of whose corners read;
    those whose corners read two names or more, however surely (a stack's first card's index
    at one end, its last card's at the other: :func:`_rows_walked` walks only those read
    surely); and those where one corner alone read a glyph (however surely: a stack's top
    card, in a glare) that measures its card at least :data:`ROW_GLYPH_NARROWER` times
    narrower than the outline (a card's two index corners read alike; a row's first card's
    index is its own card's size)."""
    by_outline: dict[int, list[CornerReading]] = {}
    for reading in readings:
        by_outline.setdefault(reading.corner.outline, []).append(reading)
    maybe = set()
    for outline in whole:
        read = by_outline.get(outline, [])
        if not read or len({reading.card for reading in read}) > 1:
            maybe.add(outline)
        elif len(read) == 1 and read[0].glyph > 0 and read[0].card != "JK":
            measured = read[0].glyph / GLYPH_SHARE
            if measured * ROW_GLYPH_NARROWER <= read[0].corner.width:
                maybe.add(outline)
    return maybe


def _walk(
    polygons: list[np.ndarray], found: list[Corner], rows: set[int], aspect: float = 1.0
) -> list[Corner]:
    """The points along the edges of each outline in ``rows``, at the width its own corners
    were cut at over ``aspect`` (:data:`CARD_ASPECT` for a row as tall as a card is long)."""
    walked = []
    for outline in sorted(rows):
        own = max(c.width for c in found if c.outline == outline) / aspect
        walked += edge_points(
            [p if i == outline else np.zeros((0, 2)) for i, p in enumerate(polygons)], own
        )
    return walked


def _kept_at(readings: list[CornerReading], width: float) -> list[CornerReading]:
    """The readings cut at another width that stay when the outlines are found again at
    ``width``: the sure ones (:func:`_sure`), each with its corner at ``width`` where its rank
    glyph measures a card within :data:`SCALE_OFF` of it (the index was in the patch, at its
    own size; a corner found there may miss an index this one read), else at the width its
    glyph measures: a fan's row of another deck, or a French letter printed smaller than the
    deck's digits, is still the card read, placed where its own index says."""
    kept = []
    for reading in _sure(readings):
        own = reading.glyph / GLYPH_SHARE
        at = width if 1 / SCALE_OFF <= own / width <= SCALE_OFF else own
        kept.append(replace(reading, corner=replace(reading.corner, width=at)))
    return kept


def _as_rows(
    pixels: np.ndarray, found: list[Corner], whole: set[int], lightest: bool = False
) -> float | None:
    """Where the outlines' corners read too few glyphs surely to measure the card by, the
    outlines taken for cards may be rows of them, as tall as a card is long: the card width
    that makes them rows (the width cut at over :data:`CARD_ASPECT`), where every other
    corner found at it reads enough glyphs surely, and they agree with it; or, where they
    read surely but measure another width (a fan's rows are not all of its cards' length),
    the width they measure, where the corners found at that one agree with it, else the
    width that read them (decks print their glyphs a third larger or smaller than
    :data:`GLYPH_SHARE`: at the glyphs' width a fan may look like one card again); else None.
    A fan taken for one whole card is cut far too wide even so, and may read only a glyph or
    two surely there: too few to trust, enough to say where to look again."""
    apart = [c.width for c in found if c.outline not in whole]
    cut = max(apart) if apart else float(np.median([c.width for c in found]))
    width = cut / CARD_ASPECT
    read_surely = None
    for trial_number in range(2):
        _polygons, again, _whole = find_corners(pixels, width, lightest=lightest)
        if not again or len(again) > MOST_CORNERS:
            return read_surely
        trial = read_corners(pixels, again[::2])
        if len(_sure(trial)) < SCALE_READINGS:
            measured = None if trial_number else glyph_width(trial, least=1)
            if measured is None:
                return read_surely
            width = measured
            continue
        measured = glyph_width(trial)
        if measured is None:
            return width
        read_surely, width = width, measured
    return read_surely


def read_cards(pixels: np.ndarray, budget: PhotoBudget) -> list[Reading]:
    """Steps 1 to 5 (the module's docstring); a photo taken at a slant is read as drawn
    again from above (:mod:`.plane`), and its cards' boxes drawn back onto the photo. Where
    no card is read surely, the photo is read once more with the faces the lightest of the
    light regions (:func:`card_mask`: a tablecloth's light stripes, taken for faces, make
    the card width theirs), and that reading is kept where it reads more cards surely."""
    cards = _read_photo(pixels, budget, lightest=False)
    if _surely_read(cards):
        return cards
    again = _read_photo(pixels, budget, lightest=True)
    return again if _surely_read(again) > _surely_read(cards) else cards


def _surely_read(cards: list[Reading]) -> int:
    """How many of ``cards`` are read at least :data:`SURE_ALONE` surely."""
    return sum(card.confidence >= SURE_ALONE for card in cards)


def _read_photo(pixels: np.ndarray, budget: PhotoBudget, lightest: bool) -> list[Reading]:
    budget.check()
    first = find_corners(pixels, lightest=lightest)
    polygons, _found, whole = first
    above = from_above(pixels, [polygons[index] for index in sorted(whole)], polygons)
    if above is None:
        return _read_cards(pixels, budget, first, lightest)
    budget.check()
    again = find_corners(above.pixels, lightest=lightest)
    return [
        Reading(reading.card, reading.confidence, above.back(reading.box))
        for reading in _read_cards(above.pixels, budget, again, lightest)
    ]


def _read_cards(
    pixels: np.ndarray,
    budget: PhotoBudget,
    first: tuple[list[np.ndarray], list[Corner], set[int]],
    lightest: bool = False,
) -> list[Reading]:
    polygons, found, whole = first
    budget.check()
    if not found or len(found) > MOST_CORNERS:
        return []
    # the whole cards' corners and every other place elsewhere are read first (the points
    # along an edge are in order: half of them, twice as far apart), and the rows among
    # the whole-looking outlines walked
    apart = [c for c in found if c.outline not in whole]
    rest = apart[1::2]
    readings = read_corners(pixels, [c for c in found if c.outline in whole] + apart[::2])
    budget.check()
    rows, walked = _rows_walked(pixels, polygons, found, whole, readings)
    readings += walked
    budget.check()
    # where fewer than TRUSTED_WHOLE outlines are one whole card, the glyphs read surely say
    # whether the widths the corners were cut at are right (an outline shaped like one card
    # may be a row of them); where not, the outlines are found again at the glyphs' width,
    # and what is not a whole card in both is read there
    measured = None
    silent: set[int] = set()
    if len(whole - rows) < TRUSTED_WHOLE:
        if len(_sure(readings)) >= SCALE_READINGS:
            measured = glyph_width(readings)
        else:
            measured = _as_rows(pixels, found, whole, lightest)
        if measured is None:
            # the card's width stands (the glyphs read elsewhere agree with it, or nothing
            # measures it): the whole-looking outlines none of whose corners read may be
            # rows whose cards' indices lie along their edges (a fan's top row, its corners
            # hidden by the hull round it; a tight fan beside another), and so may those
            # whose one corner read gives a narrower card (the row's first card's index),
            # walked below
            silent = _maybe_rows(readings, whole - rows)
    if measured is not None:
        polygons, again, whole_again = find_corners(pixels, measured, rows, lightest)
        if not again or len(again) > MOST_CORNERS:
            return []
        both = (whole - rows) & whole_again
        readings = [r for r in readings if r.corner.outline in both] + _kept_at(
            [r for r in readings if r.corner.outline not in both], measured
        )
        readings += read_corners(pixels, [c for c in again if c.outline in whole_again - both])
        found, whole = again, whole_again
        rows, walked = _rows_walked(pixels, polygons, found, whole - both, readings)
        readings += walked
        rest = [c for c in found if c.outline not in whole]
        budget.check()
        # an outline whole at both widths may still be cards stacked (:func:`_maybe_rows`): a
        # fan whose cards each lie lower than the one before is as wide as one card, the row
        # along their long sides as tall as one is long; walked both ways, it is a row where
        # its edges read a card
        stacked = _maybe_rows(readings, both)
        if stacked:
            walked = [
                reading
                for aspect in (1.0, CARD_ASPECT)
                for reading in read_corners(pixels, _walk(polygons, found, stacked, aspect))
            ]
            readings += walked
            rows = rows | {reading.corner.outline for reading in walked}
            budget.check()
    if silent:
        # as rows: as tall as a card is long
        readings += read_corners(pixels, _walk(polygons, found, silent, CARD_ASPECT))
        rows = rows | silent
    # a row whose own glyphs measure another card than the photo's width has the rest of its
    # corners found and read at its own width instead
    own = _own_widths(readings, whole - rows)
    # and the corners of the other rows' hulls, read last: a row's first and last cards'
    # outer corners, where its outline turns in edges too short to be a corner's
    cut = next((c.width for c in found if c.outline not in whole), None)
    if cut is not None:
        hulled = [
            polygon if i not in whole and i not in own else np.zeros((0, 2))
            for i, polygon in enumerate(polygons)
        ]
        rest = rest + hull_corners(hulled, cut, found)
    readings += read_corners(pixels, [c for c in rest if c.outline not in own])
    budget.check()
    for outline, width in own.items():
        _polygons, again, _whole = find_corners(pixels, width, rows, lightest)
        if again and len(again) <= MOST_CORNERS:
            readings += read_corners(pixels, [c for c in again if c.outline == outline])
        budget.check()
    whole = whole - rows
    card_area = found[0].width ** 2 * CARD_ASPECT
    pieces = frozenset(
        index
        for index, polygon in enumerate(polygons)
        if index not in whole
        and index not in rows
        and len(polygon) >= 3
        and cv2.contourArea(polygon.astype(np.float32).reshape(-1, 1, 2)) < 1.2 * card_area
    )
    read = {r.corner.outline for r in readings}
    silent = [c for c in found if c.outline in whole and c.outline not in read]
    if silent:
        patches = [cut_corner(pixels, c.point, c.across, c.down, c.width) for c in silent]
        as_cut = index_probabilities(features(patches))
        # against the paper around it, or with a frame's strokes taken out of it
        flattened = _surer_of_two_inks(
            index_probabilities(features(patches, flattened=True)),
            index_probabilities(features(patches, unframed=True)),
        )
        faint = faint_readings(silent, _surer_of_two_inks(as_cut, flattened))
        named = {reading.corner.outline for reading in faint}
        readings += faint + faint_ranks(silent, as_cut, flattened, named)
    numbered = {r.corner.outline for r in readings if r.card[:-1] in NUMBER_RANKS} & whole
    faces = face_suits(pixels, {i: polygons[i] for i in numbered if len(polygons[i]) == 4})
    return cards_from_corners(readings, whole, pieces, faces)


def _own_widths(readings: list[CornerReading], whole: set[int]) -> dict[int, float]:
    """For each outline not in ``whole``, the card width its own readings' glyphs measure
    (:func:`glyph_width`), where it is over :data:`OWN_WIDTH_OFF` off the width they were cut
    at."""
    by_outline: dict[int, list[CornerReading]] = {}
    for reading in readings:
        if reading.corner.outline not in whole:
            by_outline.setdefault(reading.corner.outline, []).append(reading)
    widths = {}
    for outline, read in sorted(by_outline.items()):
        measured = glyph_width(read, off_at_most=OWN_WIDTH_OFF)
        if measured is not None:
            widths[outline] = measured
    return widths


def _surer_of_two_inks(as_cut: np.ndarray, flattened: np.ndarray) -> np.ndarray:
    """Each patch's probabilities as its ink is found over the whole patch (``as_cut``) or
    another way (``flattened``: against the paper around it, or with a frame's strokes taken
    out, :func:`.corners.features`), whichever reads a card more surely: a whole card none of
    whose corners read may print its index small and faint, or touching a frame."""
    none = CLASSES.index("none")
    surer = flattened[:, :none].max(axis=1) > as_cut[:, :none].max(axis=1)
    return np.where(surer[:, None], flattened, as_cut)


def faint_readings(corners: list[Corner], probabilities: np.ndarray) -> list[CornerReading]:
    """The readings of whole cards' ``corners`` that read as no index (each row of
    ``probabilities`` a corner's): where two or more corners of one outline read as one
    card, at least :data:`FAINT_LEAST` and agreeing, or one corner alone reads a card at least
    :data:`FAINT_ALONE` sure and none of its others another as surely as
    :data:`FAINT_OTHER_AT_MOST`, they are that card, at most :data:`FAINT_AT_MOST` sure."""
    by_outline: dict[int, list[tuple[Corner, str, float]]] = {}
    for corner, p in zip(corners, probabilities, strict=True):
        best = int(p.argmax())
        if CLASSES[best] != "none" and p[best] >= FAINT_LEAST:
            by_outline.setdefault(corner.outline, []).append(
                (corner, CLASSES[best], float(p[best]))
            )
    faint = []
    for seen in by_outline.values():
        surest = max(seen, key=lambda corner_read: corner_read[2])
        others = [p for _corner, card, p in seen if card != surest[1]]
        if others and (surest[2] < FAINT_ALONE or max(others) >= FAINT_OTHER_AT_MOST):
            continue
        seen = [corner_read for corner_read in seen if corner_read[1] == surest[1]]
        if len(seen) < 2 and seen[0][2] < FAINT_ALONE:
            continue
        faint += [CornerReading(c, card, min(p, FAINT_AT_MOST)) for c, card, p in seen]
    return faint


def faint_ranks(
    corners: list[Corner], as_cut: np.ndarray, flattened: np.ndarray, named: set[int]
) -> list[CornerReading]:
    """The readings of whole cards' ``corners`` (each row of ``as_cut`` and ``flattened`` a
    corner's, the two inks of :func:`_surer_of_two_inks`) that :func:`faint_readings` left
    unnamed (their outlines not in ``named``), read by rank first: a small index in a lamp's
    tint reads its rank at both corners while its pip, a few pixels across, splits between the
    two suits of its colour, or reads in one ink at one corner and in the other at the next.
    A corner's rank is its likeliest, each rank's probability summed over the suits, the
    greater of the two inks'; where at least two corners' is one rank at least
    :data:`FAINT_LEAST` and no corner's another, the card is that rank, of the suit in which
    the corners' probabilities for it, both inks, sum highest (a whole number card's face pips
    may name its suit after: :func:`face_suits`); as sure as the surest corner's rank times
    that suit's share, where that is at least :data:`FAINT_LEAST`, and at most
    :data:`FAINT_AT_MOST`."""
    suits, ranks = len(SUITS), len(RANKS)
    by_outline: dict[int, list[tuple[Corner, np.ndarray, np.ndarray]]] = {}
    for corner, cut, flat in zip(corners, as_cut, flattened, strict=True):
        if corner.outline not in named:
            # suit by rank, as CLASSES
            by_outline.setdefault(corner.outline, []).append(
                (
                    corner,
                    cut[: suits * ranks].reshape(suits, ranks),
                    flat[: suits * ranks].reshape(suits, ranks),
                )
            )
    faint = []
    for seen in by_outline.values():
        of_rank = [np.maximum(cut.sum(axis=0), flat.sum(axis=0)) for _c, cut, flat in seen]
        likeliest = [int(p.argmax()) for p in of_rank if p.max() >= FAINT_LEAST]
        if len(likeliest) < 2 or len(set(likeliest)) > 1:
            continue
        rank = likeliest[0]
        by_suit = sum(cut[:, rank] + flat[:, rank] for _c, cut, flat in seen)
        suit = int(by_suit.argmax())
        surest = max(range(len(seen)), key=lambda at: of_rank[at][rank])
        sureness = float(of_rank[surest][rank] * by_suit[suit] / by_suit.sum())
        if sureness < FAINT_LEAST:
            continue
        faint.append(
            CornerReading(seen[surest][0], RANKS[rank] + SUITS[suit], min(sureness, FAINT_AT_MOST))
        )
    return faint
