"""The reader's steps on drawn shapes whose answers are worked out by hand."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from scorekeeper.vision.corners import index_glyphs
from scorekeeper.vision.reading import (
    MODEL,
    Corner,
    CornerReading,
    card_mask,
    card_width,
    cards_from_corners,
    edge_crossings,
    edge_points,
    find_corners,
    hull_quadrilateral,
    one_place,
    rounded_corners,
    same_card,
)


def _ink(height=80, width=48):
    return np.zeros((height, width), np.uint8)


def test_the_rank_is_the_topmost_ink_with_its_neighbours_and_the_pip_lies_below():
    ink = _ink()
    ink[6:21, 5:8] = 1  # the "1" of "10": columns 5..7, rows 6..20
    ink[6:21, 10:19] = 1  # its "0": columns 10..18
    ink[9:18, 13:16] = 0
    ink[24:33, 6:15] = 1  # the pip: columns 6..14, rows 24..32
    ink[60:70, 30:40] = 1  # a pip of the face, further down and off to the side
    rank, suit = index_glyphs(ink)
    assert rank == (5, 6, 14, 15)
    assert suit == (6, 24, 9, 9)


def test_the_pip_is_the_piece_under_the_rank_not_a_picture_beside_it():
    # a queen's index: the Q in columns 5..14, rows 6..20; her pip in columns 6..14, rows
    # 24..32; a leaf of the flower she holds level with the pip (rows 23..30) in columns
    # 20..30, its middle at 25, within two rank widths: the pip alone is the suit
    ink = _ink()
    ink[6:21, 5:15] = 1
    ink[9:18, 8:12] = 0
    ink[24:33, 6:15] = 1
    ink[23:31, 20:31] = 1
    rank, suit = index_glyphs(ink)
    assert rank == (5, 6, 10, 15)
    assert suit == (6, 24, 9, 9)
    # a pip that blur broke in two side by side (a column apart) is still one pip
    ink[24:33, 10] = 0
    assert index_glyphs(ink)[1] == (6, 24, 9, 9)


def test_a_ten_whose_digits_ran_together_is_one_rank_glyph():
    # blur joins the 1 and the 0 of a wide 10 into one piece 31 of the patch's 48 columns
    # wide (over 0.6 of it, under 0.7); the heart below is its pip
    ink = _ink()
    ink[6:39, 4:9] = 1  # the 1: columns 4..8, rows 6..38
    ink[6:39, 12:35] = 1  # the 0: columns 12..34
    ink[12:33, 18:29] = 0
    ink[20:22, 9:12] = 1  # the blur joining them
    ink[44:60, 6:30] = 1  # the pip: columns 6..29, rows 44..59
    assert index_glyphs(ink) == ((4, 6, 31, 33), (6, 44, 24, 16))


def test_a_frame_along_the_cards_edge_does_not_swallow_the_index():
    ink = _ink()
    ink[0:2, :] = 1  # a printed frame along the top and left edges...
    ink[:, 0:2] = 1
    ink[2:21, 5:9] = 1  # ...that the rank glyph touches
    ink[24:33, 4:12] = 1
    rank, suit = index_glyphs(ink)
    assert rank == (5, 2, 4, 19)
    assert suit == (4, 24, 8, 9)


def test_a_letter_touching_a_pictures_frame_is_found_once_the_frames_strokes_are_out():
    from scorekeeper.vision.corners import _without_frame

    ink = _ink()
    ink[4:22, 4:18] = 1
    ink[7:19, 7:15] = 0  # the letter, a ring: columns 4..17, rows 4..21, strokes 3 wide
    ink[25:34, 6:15] = 1  # its pip: columns 6..14, rows 25..33
    ink[10:12, 18:48] = 1  # the frame's top, from the letter to the patch's edge (30 long)
    ink[10:80, 24:26] = 1  # and its side, 70 long
    # the letter and the frame are one piece, too wide for a glyph: the pip is taken for
    # the rank, with nothing below it
    assert index_glyphs(ink) == ((6, 25, 9, 9), None)
    # strokes at least half the patch long (40 down, 24 across) in that piece are taken
    # out: the frame's two; the letter's right side, where the frame's top runs on from it
    # (rows 10 and 11), stays, the letter's ink coming down onto it from rows 7 to 9
    assert index_glyphs(_without_frame(ink)) == ((4, 4, 14, 18), (6, 25, 9, 9))
    # a patch with no piece too large for a glyph keeps its ink
    plain = _ink()
    plain[4:22, 4:18] = 1
    assert (_without_frame(plain) == plain).all()


def test_a_letter_standing_on_a_frames_stroke_keeps_its_foot():
    from scorekeeper.vision.corners import _without_frame

    ink = _ink()
    ink[4:22, 4:18] = 1
    ink[7:19, 7:15] = 0  # a ring: columns 4..17, rows 4..21, its hole rows 7..18
    ink[18:22, 2:48] = 1  # the frame's top, 4 thick, through the ring's bottom (rows 18..21)
    ink[18:80, 24:26] = 1  # and its side
    ink[25:34, 6:15] = 1  # the pip: columns 6..14, rows 25..33
    # the frame's top is taken out but under the ring's sides (columns 4..6 and 15..17, ink
    # within 3 rows above it), through its 4 rows: the letter keeps its height (rows 4..21),
    # not cut off at row 17 as it was with the whole stroke out
    assert index_glyphs(_without_frame(ink)) == ((4, 4, 14, 18), (6, 25, 9, 9))


def test_a_letter_with_a_pictures_large_pip_beside_it_is_cut_alone_when_asked():
    ink = _ink()
    ink[6:21, 5:10] = 1  # the "K": columns 5..9, rows 6..20
    ink[6:20, 14:27] = 1  # the court picture's large pip level with it, 4 columns away
    ink[24:32, 5:12] = 1  # the index's pip below the letter: columns 5..11, rows 24..31
    # read as a row, like "10": the letter and the picture's pip together, columns 5..26
    assert index_glyphs(ink) == ((5, 6, 22, 15), (5, 24, 7, 8))
    # the leftmost piece alone is the rank, and the pip below it the suit
    assert index_glyphs(ink, lone=True) == ((5, 6, 5, 15), (5, 24, 7, 8))


def test_a_faces_large_pip_beside_the_index_is_no_part_of_the_rank():
    # svg-gm-paris prints a seven's first face pip level with its index and close beside it
    ink = _ink()
    ink[6:21, 5:12] = 1  # the "7": columns 5..11, rows 6..20 (15 tall)
    ink[8:30, 15:36] = 1  # the face's pip: 4 columns away, rows 8..29 (22 tall)
    ink[24:32, 5:12] = 1  # the index's pip below the 7
    # not a row like "10": a piece half again as tall as the rank is no digit beside it
    assert index_glyphs(ink) == ((5, 6, 7, 15), (5, 24, 7, 8))


def test_a_rank_run_together_with_its_pip_is_cut_apart_at_its_neck_when_asked():
    ink = _ink()
    ink[6:21, 5:13] = 1  # the rank: columns 5..12, rows 6..20
    ink[21:23, 8] = 1  # blur joins it to the pip by a one-pixel neck, rows 21..22
    ink[23:32, 5:13] = 1  # the pip: columns 5..12, rows 23..31
    # one piece 26 tall and 8 wide, and nothing below it
    assert index_glyphs(ink) == ((5, 6, 8, 26), None)
    # cut at the first row of least ink in its middle (row 21): the rank above it, the
    # rest (the neck's row 22 and the pip) below
    assert index_glyphs(ink, split=True) == ((5, 6, 8, 15), (5, 22, 8, 10))


def test_a_pip_run_into_a_faces_large_pip_is_cut_off_at_the_neck_between_them():
    # a court's index (svg-tigullio-international): the letter, columns 7..18 and rows
    # 12..35; its small pip below it, columns 8..17 and rows 40..50, joined by a bridge two
    # rows tall (columns 18..19) to the picture's large pip, columns 20..40 and rows 38..58.
    # The ink right below the letter is looked for in columns 7 - 12 // 4 = 4 to 7 + 12 + 3
    # = 22 and rows 37 to 58; the large pip runs on out of its right side, so it is cut at
    # the column with least ink right of the letter's middle (column 13): 11 rows of ink in
    # columns 13..17, 2 in the bridge's 18..19, 21 in the large pip's: cut at column 18, the
    # small pip alone, not (8, 38, 15, 21) with the large pip's edge
    ink = _ink()
    ink[12:36, 7:19] = 1
    ink[40:51, 8:18] = 1
    ink[44:46, 18:20] = 1
    ink[38:59, 20:41] = 1
    assert index_glyphs(ink, below_only=True) == ((7, 12, 12, 24), (8, 40, 10, 11))


def test_a_patch_without_ink_holds_no_index():
    assert index_glyphs(_ink()) == (None, None)


def test_a_row_of_overlapping_cards_is_as_tall_as_one_card_is_long():
    # cards overlapping in a row, the last ones a little lower: the row's outline is 400
    # long and its tightest box 150 tall, one card's length; its longest edge (400, along
    # several cards' tops) would make a card 276 wide
    row = np.float32([(0, 0), (400, 0), (400, 150), (200, 150), (200, 145), (0, 145)])
    assert abs(card_width([row]) - 150 / 1.45) < 1.0


def test_a_row_fanned_in_an_arc_takes_a_cards_length_from_its_first_cards_free_side():
    # the first and last cards' free long sides are 145 long; the cards' tops, fanned in an
    # arc, run as one straight edge 202 long and the row's box is 175 tall, both more than
    # a card's length: the longest edge no longer than the box's height is the card's
    # length, and the card 145 / 1.45 = 100 wide
    row = np.float32([(0, 0), (200, -30), (240, 0), (240, 145), (120, 115), (0, 145)])
    assert abs(card_width([row]) - 100.0) < 1e-3


def _reading(outline, point, card="JC"):
    corner = Corner(np.float32(point), np.float32([1, 0]), np.float32([0, 1]), 100.0, outline)
    return CornerReading(corner, card, 0.9)


def test_a_glass_rim_whose_hull_is_shaped_like_a_card_measures_no_card():
    # a row of overlapping cards 300 x 900 (a light region three times as long as wide, no
    # one card: as tall as a card is long, its cards 300 / 1.45 = 206.9 wide) beside a
    # glass's rim, a light arc 10 thick on a circle 150 across, a quarter turn of it. The
    # arc's hull cut to four sides is card-shaped (about 58 x 115 on the 800-pixel mask),
    # but the arc fills about a quarter of it: no card, and the row gives the width
    from scorekeeper.vision.reading import MEASURES_A_CARD, _card_short_side, _fill, outlines

    photo = np.zeros((1200, 1600, 3), np.uint8)
    photo[:] = (40, 110, 30)
    cv2.rectangle(photo, (400, 150), (700, 1050), (235, 235, 235), -1)
    cv2.ellipse(photo, (1250, 500), (150, 150), 0, 45, 135, (225, 225, 225), 10)
    mask = card_mask(cv2.resize(photo, (800, 600), interpolation=cv2.INTER_AREA))
    (arc,) = [o for o in outlines(mask, 800 * 600 * 0.0008) if cv2.contourArea(o) < 20000]
    quad = hull_quadrilateral(arc)
    assert _card_short_side(quad) is not None
    assert _fill(arc, quad) < MEASURES_A_CARD
    _polygons, found, whole = find_corners(photo)
    assert not whole
    assert abs(found[0].width / (300 / 1.45) - 1) < 0.03


def test_a_whole_cards_corners_are_where_its_edges_meet_not_on_its_rounded_corners():
    # a card 200 x 290 with corners rounded 24 pixels, turned 30 degrees, on a green table
    corner, across, down = (
        np.float64([300, 200]),
        np.float64([0.866, 0.5]),
        np.float64([-0.5, 0.866]),
    )
    sharp = [corner, corner + across * 200, corner + across * 200 + down * 290, corner + down * 290]
    photo = np.zeros((800, 800, 3), np.uint8)
    photo[:] = (40, 110, 30)
    card = np.zeros((800, 800), np.uint8)
    radius = 24
    inner = [
        corner + across * radius + down * radius,
        corner + across * (200 - radius) + down * radius,
        corner + across * (200 - radius) + down * (290 - radius),
        corner + across * radius + down * (290 - radius),
    ]
    cv2.fillConvexPoly(card, np.int32(np.round(inner)), 255)
    for centre in inner:
        cv2.circle(card, tuple(int(round(v)) for v in centre), radius, 255, -1)
    for start, end in zip(inner, inner[1:] + inner[:1], strict=True):
        cv2.line(
            card, tuple(np.int32(np.round(start))), tuple(np.int32(np.round(end))), 255, 2 * radius
        )
    photo[card > 0] = (235, 235, 235)
    polygons, _found, whole = find_corners(photo)
    assert len(whole) == 1
    found = polygons[next(iter(whole))]
    # each sharp corner has a corner found within two pixels (the hull's lie some 10 inside)
    for point in sharp:
        assert min(np.linalg.norm(found - point, axis=1)) < 2.0


def test_a_near_card_of_a_tilted_photo_is_one_whole_card():
    # a phone held at a slant: the far cards (top) 60 wide, the near one (bottom) 130, each
    # 1.45 times as long, on a green table 1200 x 1600. The cards' median width is 80 and the
    # near card 130 / 80 = 1.63 times it, beyond the 1.6 a whole card may be; the widths
    # grow with the rows (60, 80, 100, 130 at heights 200, 500, 900, 1300), and there a card
    # about 130 wide is what the near card is
    photo = np.full((1600, 1200, 3), (40, 110, 30), np.uint8)
    cards = [(300, 200, 60), (800, 200, 60), (300, 500, 80), (800, 500, 80), (300, 900, 100)]
    cards.append((700, 1300, 130))
    for x, y, width in cards:
        half_width, half_length = width // 2, round(width * 1.45) // 2
        photo[y - half_length : y + half_length, x - half_width : x + half_width] = 235
    polygons, _found, whole = find_corners(photo)
    assert len(polygons) == 6
    near = next(
        index
        for index, polygon in enumerate(polygons)
        if np.linalg.norm(polygon.mean(axis=0) - (700, 1300)) < 10
    )
    assert near in whole
    assert len(whole) == 6


def court_broken_by_its_picture(gap: int) -> np.ndarray:
    """Three plain cards 100 x 145 on a green table 800 x 800, and at (300, 400) a court card
    whose picture (rows 440 to 505, purple) reaches both long edges: two light pieces 100 x
    40, ``gap`` pixels further apart than the card holds them."""
    photo = np.full((800, 800, 3), (40, 110, 30), np.uint8)
    for x in (100, 300, 500):
        photo[100:245, x : x + 100] = 235
    photo[400:440, 300:400] = 235
    photo[440 : 505 + gap, 300:400] = (120, 40, 60) if gap == 0 else (40, 110, 30)
    photo[505 + gap : 545 + gap, 300:400] = 235
    return photo


def test_a_court_card_its_picture_cuts_in_two_is_one_whole_card():
    polygons, _found, whole = find_corners(court_broken_by_its_picture(gap=0))
    court = [i for i in whole if np.linalg.norm(polygons[i].mean(axis=0) - (350, 472)) < 10]
    assert len(court) == 1 and len(whole) == 4
    # its corners are the card's, within the mask's blur
    for point in ((300, 400), (400, 400), (400, 545), (300, 545)):
        assert min(np.linalg.norm(polygons[court[0]] - point, axis=1)) < 4
    # and its pieces are no outlines of their own
    assert all(len(polygon) == 0 for i, polygon in enumerate(polygons) if i not in whole)


def test_two_pieces_further_apart_than_one_card_holds_them_stay_apart():
    # the same two pieces 200 pixels further apart: together 100 x 345, no card's shape
    polygons, _found, whole = find_corners(court_broken_by_its_picture(gap=200))
    assert len(whole) == 3
    assert sum(len(polygon) > 0 for i, polygon in enumerate(polygons) if i not in whole) == 2


def test_a_fan_the_lamp_leaves_dim_is_found_whole_not_its_lit_strip():
    # a row of fanned cards 700 x 300 (no one card's shape) whose faces the lamp leaves grey
    # (whiteness 80: above the dim level 40, below the lit level 110) on a green table
    # (whiteness 0), the light falling on a zigzag strip along its top (whiteness 230). At
    # the lit level only the strip is found: a ragged outline filling well under 0.8 of its
    # hull, no card's shape either; at the dim level the whole row, solid
    photo = np.full((600, 800, 3), (40, 110, 30), np.uint8)
    photo[150:450, 50:750] = 80
    zigzag = np.int32([(50 + 40 * step, 160 + 40 * (step % 2)) for step in range(18)])
    cv2.polylines(photo, [zigzag], False, (230, 230, 230), 12)
    mask = card_mask(photo)
    # the row's lower cards are card faces, as its lit strip is
    assert mask[400, 400] == 255 and mask[300, 100] == 255
    assert mask[100, 400] == 0 and mask[500, 400] == 0


def test_cards_on_a_light_checked_tablecloth_are_found_apart_from_it():
    # a tablecloth checked in 40-pixel squares, lavender (BGR 200, 170, 200: whiteness
    # 200 - 38 = 162) and olive (30, 100, 100: whiteness 0), and four white cards 90 x 130
    # (whiteness 250) on it. Otsu's level parts the olive from the rest: the lavender
    # squares, corner to corner, and the cards are one region over the whole photo
    rows, columns = np.indices((600, 800))
    light = ((rows // 40 + columns // 40) % 2).astype(bool)
    photo = np.where(light[..., None], np.uint8([200, 170, 200]), np.uint8([30, 100, 100]))
    photo = photo.astype(np.uint8)
    for left, top in ((60, 60), (300, 80), (520, 300), (150, 400)):
        photo[top : top + 130, left : left + 90] = 250
    mask = card_mask(photo)
    found, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    # the level that parts the lightest pixels in two (162 from 250) finds the four cards
    assert len(found) == 4
    assert mask[60 + 65, 60 + 45] == 255 and mask[20, 20] == 0 and mask[20, 60] == 0


def test_readings_from_pieces_of_one_card_are_one_card():
    # a court card's picture splits its light region in two; each piece's index-like
    # corner places the card's centre half a card's width from the other's
    one, other = _reading(1, (0, 0)), _reading(2, (50, 0))
    assert same_card(one, other, frozenset({1, 2}))
    # in a row of cards the same two readings are two cards (two decks' jacks side by side)
    assert not same_card(one, other, frozenset())
    # pieces hold one card whatever their corners read: a corner inside the court picture
    # read as another card is that card (the readings' votes name it)
    assert same_card(one, _reading(2, (50, 0), "QC"), frozenset({1, 2}))
    # within one piece (two cards fanned tightly can be as small) they are two cards, unless
    # one corner is turned far from the other's (a quarter turn here): a picture's corner
    assert not same_card(one, _reading(1, (50, 0), "QC"), frozenset({1, 2}))
    turned = CornerReading(
        Corner(np.float32((50, 0)), np.float32([0, 1]), np.float32([-1, 0]), 100.0, 1), "QC", 0.6
    )
    assert same_card(one, turned, frozenset({1, 2}))
    # two pieces a card's width apart are two cards
    assert not same_card(one, _reading(2, (100, 0), "QC"), frozenset({1, 2}))


def test_two_readings_that_place_one_card_at_one_spot_are_one_card_whatever_they_read():
    # one index read twice (an eight of spades once as clubs): the two readings' card
    # centres lie 10 apart on a card 100 wide, closer than any two cards lie
    spades = CornerReading(
        Corner(np.float32((0, 0)), np.float32([1, 0]), np.float32([0, 1]), 100.0, 1), "8S", 0.9
    )
    clubs = CornerReading(
        Corner(np.float32((10, 0)), np.float32([1, 0]), np.float32([0, 1]), 100.0, 1), "8C", 0.6
    )
    cards = cards_from_corners([clubs, spades], whole=set())
    assert [card.card for card in cards] == ["8S"]
    # named by the surer reading, its confidence lowered by the disagreement: 0.9 * 0.9/1.5
    assert abs(cards[0].confidence - 0.54) < 1e-6
    # a neighbour in a fan a third of a card further on is a card of its own
    neighbour = CornerReading(
        Corner(np.float32((33, 0)), np.float32([1, 0]), np.float32([0, 1]), 100.0, 1), "8C", 0.6
    )
    assert len(cards_from_corners([spades, neighbour], whole=set())) == 2


def test_one_index_cut_along_two_edges_a_few_degrees_apart_is_one_card():
    # the queen of spades' index corner found twice, 20 apart on a card 128 wide, once along
    # an edge turned 20 degrees the other way: the centres they place lie 55 apart (over the
    # 0.2 widths, 25.6, that join two readings' centres); both read the one glyph, 20 tall,
    # its middle at (12, 14) in one cut and (13, 17) in the other: 3.2 apart, under half its
    # height
    def queen(point, across, glyph_at, confidence=1.0):
        across = np.float32(across)
        corner = Corner(np.float32(point), across, np.float32([-across[1], across[0]]), 128.0, 1)
        return CornerReading(corner, "QS", confidence, 20.0, glyph_at)

    turn = np.radians(-20)
    along = queen((0, 0), (1, 0), (12.0, 14.0))
    turned = queen((20, 0), (np.cos(turn), np.sin(turn)), (13.0, 17.0), 0.96)
    assert abs(np.linalg.norm(along.card_centre - turned.card_centre) - 55.2) < 0.1
    assert one_place(along, turned)
    assert [card.card for card in cards_from_corners([along, turned], whole=set())] == ["QS"]
    # a second queen of spades (two decks) fanned on from it, its index a quarter of a
    # width on (its glyph 32 on: over half a glyph): two cards
    fanned = queen((32, 0), (1, 0), (44.0, 14.0))
    assert not same_card(along, fanned)
    assert len(cards_from_corners([along, fanned], whole=set())) == 2


def test_a_cards_two_facing_indices_are_one_card_at_the_width_their_glyphs_measure():
    # a fan's card cut at 400 (the row taken for one card) whose two indices, half a turn
    # apart, lie 282 apart: 0.7 cut widths, closer than a card's corners can be even where
    # its row is as long as a card and cut 1.76 times too wide (its diagonal is 1.76 widths);
    # each rank glyph is 27.52 tall, which measures a card 27.52 / 0.172 = 160 wide, and
    # 282 / 160 = 1.76 widths: its two indices
    def seven(point, across, glyph, width=400.0):
        across = np.float32(across)
        return CornerReading(
            Corner(np.float32(point), across, np.float32([-across[1], across[0]]), width, 1),
            "7C",
            1.0,
            glyph,
        )

    top = seven((0, 0), (1, 0), 27.52)
    bottom = seven((160, 232), (-1, 0), 27.52)
    assert abs(np.linalg.norm(np.float32([160, 232])) - 282) < 1
    assert same_card(top, bottom)
    assert len(cards_from_corners([top, bottom], whole=set())) == 1
    # with no glyph measured the cut width is all there is: two cards
    assert not same_card(seven((0, 0), (1, 0), 0.0), seven((160, 232), (-1, 0), 0.0))


def test_a_fans_last_card_cut_at_its_rows_width_is_one_card_from_its_two_indices():
    def seven(point, across, width):
        across = np.float32(across)
        down = np.float32([-across[1], across[0]])
        return CornerReading(Corner(np.float32(point), across, down, width, 1), "7C", 1.0)

    # the card is 160 wide, its indices 282 apart (its diagonal, 1.76 widths); cut at 256,
    # the width its row was taken for, they lie 1.1 cut widths apart: one card, with no
    # glyph measured
    top, bottom = seven((0, 0), (1, 0), 256.0), seven((160, 232), (-1, 0), 256.0)
    assert same_card(top, bottom)
    assert len(cards_from_corners([top, bottom], whole=set())) == 1
    # 282 apart cut at 300 is 0.94 cut widths: closer than one card's two indices lie even
    # where its row was cut 1.76 times too wide: two cards
    assert not same_card(seven((0, 0), (1, 0), 300.0), seven((160, 232), (-1, 0), 300.0))


def test_a_court_cards_two_indices_on_the_pieces_its_picture_broke_are_one_card():
    # a jack 110 wide whose picture broke its light region in two, each piece taken for a
    # card, so the photo was cut at 56: its indices, on the two pieces, lie 165 apart (2.9
    # cut widths, beyond a card's diagonal); each glyph is 18.92 tall, which measures a card
    # 18.92 / 0.172 = 110 wide, and 165 / 110 = 1.5 widths: its two indices
    def jack(point, across, outline):
        across = np.float32(across)
        corner = Corner(
            np.float32(point), across, np.float32([-across[1], across[0]]), 56.0, outline
        )
        return CornerReading(corner, "JH", 0.97, 18.92)

    top, bottom = jack((0, 0), (1, 0), 1), jack((99, 132), (-1, 0), 2)
    assert abs(np.linalg.norm(np.float32([99, 132])) - 165) < 1
    assert same_card(top, bottom, frozenset({1, 2}))
    assert len(cards_from_corners([top, bottom], whole=set(), pieces=frozenset({1, 2}))) == 1
    # outlines that are no pieces of one card (two jacks of two decks, in a row) stay two
    assert not same_card(top, bottom)


def test_two_indices_found_along_a_rows_edge_are_two_cards_though_close():
    # a fan's row cut at 365 (too wide: its cards are narrower) and walked along its top
    # edge: the 9 of diamonds' corner and the 8 of spades' 40 apart, which places their
    # cards' centres 40 apart, within a seventh of 365 (52); their rank glyphs, 60 tall,
    # lie 40 apart plus where each sits in its patch
    def walked(x, card, glyph_x):
        corner = Corner(np.float32((x, 0)), np.float32([1, 0]), np.float32([0, 1]), 365.0, 0)
        return CornerReading(corner, card, 0.9, 60.0, (glyph_x, 40.0))

    diamonds = walked(0, "9D", 20.0)
    # the 8's glyph 70 on from the 9's (over one glyph's height): two indices, two cards
    spades = walked(40, "8S", 90.0)
    assert not same_card(diamonds, spades)
    assert len(cards_from_corners([diamonds, spades], whole=set())) == 2
    # the 9's own glyph seen from the next point along (20 on, under a glyph): one index read
    # twice, one card whatever the second reading says
    again = walked(40, "8S", 40.0)
    assert [card.card for card in cards_from_corners([diamonds, again], whole=set())] == ["9D"]


def test_a_neighbours_index_where_a_cards_other_index_would_lie_is_another_card():
    # an eight of clubs 100 wide read at both its indices: (0, 0) upright and (80, 150) half
    # a turn round, 170 apart, 1.7 widths (between 1.0 and 2.5: one card), their centres
    # (50, 72.5) and (80 - 50, 150 - 72.5) = (30, 77.5). The next card in the fan, a two of
    # clubs, shows its index at (100, 145), cut the way the eight's second index was: it
    # places its card's centre at (50, 72.5), where the eight's first index places the
    # eight's, so the two are one place (within a seventh of 100), though their glyphs lie
    # far apart. Both read surely and the eight has its other index read: two cards
    def read(point, across, card, confidence):
        across = np.float32(across)
        down = np.float32([-across[1], across[0]])
        corner = Corner(np.float32(point), across, down, 100.0, 0)
        glyph_at = tuple((np.float32(point) + across * 10 + down * 15).tolist())
        return CornerReading(corner, card, confidence, 17.2, glyph_at)

    first = read((0, 0), (1, 0), "8C", 0.97)
    second = read((80, 150), (-1, 0), "8C", 0.95)
    neighbour = read((100, 145), (-1, 0), "2C", 1.0)
    assert same_card(first, second) and one_place(first, neighbour)
    assert not one_place(second, neighbour)
    cards = cards_from_corners([first, second, neighbour], whole=set())
    assert sorted(card.card for card in cards) == ["2C", "8C"]
    # read unsurely there (0.6), it may be the eight's own index misread: one card, the eight
    unsure = read((100, 145), (-1, 0), "2C", 0.6)
    cards = cards_from_corners([first, second, unsure], whole=set())
    assert [card.card for card in cards] == ["8C"]


def test_one_index_read_as_two_cards_from_a_quarter_turn_apart_is_one_card():
    # a fan's first card, a German jack of diamonds (B over a diamond), cut upright at its
    # corner and a quarter turn away along the fan's left edge, 60 further down, where the
    # cut shows the same index on its side and reads a jack of hearts 0.62 sure. The
    # centres the two place, (64, 92.8) and (92.8, -4), lie 101 apart on cards 128 wide,
    # over a seventh (18.3) and a fifth; their rank glyphs (20 high) lie at (14, 16) and
    # (17, 20): 5 apart, a quarter of a glyph, one index's ink. One card, the surer's: JD,
    # 1.0 * 1.0 / (1.0 + 0.62) = 0.617
    def read(point, across, card, confidence, glyph_at):
        across = np.float32(across)
        corner = Corner(np.float32(point), across, np.float32([-across[1], across[0]]), 128.0, 0)
        return CornerReading(corner, card, confidence, 20.0, glyph_at)

    upright = read((0, 0), (1, 0), "JD", 1.0, (14.0, 16.0))
    on_its_side = read((0, 60), (0, -1), "JH", 0.62, (17.0, 20.0))
    assert np.linalg.norm(upright.card_centre - on_its_side.card_centre) > 128 / 5
    assert one_place(upright, on_its_side) and one_place(on_its_side, upright)
    (card,) = cards_from_corners([on_its_side, upright], whole=set())
    assert card.card == "JD"
    assert abs(card.confidence - 1.0 / 1.62) < 1e-6
    # the next card's index in the fan, a jack of hearts, 40 on: its card's centre 40 from
    # the jack of diamonds' (over a seventh), its glyph 12 on (0.6 of a glyph): two cards
    neighbour = read((40, 0), (1, 0), "JH", 0.62, (26.0, 16.0))
    assert not one_place(upright, neighbour)
    assert len(cards_from_corners([upright, neighbour], whole=set())) == 2


def test_two_cards_of_one_name_in_a_fan_stay_two_though_a_turned_index_faces_both():
    # two decks' 5H fanned 40 apart, cards 100 wide: their upright indices' rank glyphs (17.2
    # high) lie 40 apart, over two glyphs; the second card's turned index at (140, 145) faces
    # both upright ones from 1.76 and 2.01 card widths (each within a card's diagonal, 1.0 to
    # 2.5), and is read most surely. One card prints one index each way up: two cards
    def read(point, across, glyph_at, confidence):
        across = np.float32(across)
        down = np.float32([-across[1], across[0]])
        corner = Corner(np.float32(point), across, down, 100.0, 0)
        return CornerReading(corner, "5H", confidence, glyph=17.2, glyph_at=glyph_at)

    first = read((0, 0), (1, 0), (8.0, 15.0), 0.95)
    second = read((40, 0), (1, 0), (48.0, 15.0), 0.9)
    turned = read((140, 145), (-1, 0), (132.0, 130.0), 0.99)
    assert same_card(turned, first) and same_card(turned, second)
    cards = cards_from_corners([first, second, turned], whole=set())
    assert [card.card for card in cards] == ["5H", "5H"]


def test_one_index_cut_three_times_is_named_by_its_surest_reading_not_the_most_readings():
    # a 7C's index found at three points along its row's edge, 3 apart: read 7C 0.96 once
    # and 7S 0.81 and 0.68 (its pip half cut off) at the other two. One card; its name the
    # surest reading's, 7C, as sure as 0.96 times its share of the votes, 0.96 / (0.96 +
    # 0.81) = 0.5424: 0.5207 (the 7S readings summed, 1.49, would have named it 7S)
    readings = [
        CornerReading(
            Corner(np.float32((0, 3 * k)), np.float32([1, 0]), np.float32([0, 1]), 100.0, 0),
            card,
            confidence,
        )
        for k, (card, confidence) in enumerate([("7S", 0.81), ("7C", 0.96), ("7S", 0.68)])
    ]
    (card,) = cards_from_corners(readings, whole=set())
    assert card.card == "7C"
    assert card.confidence == pytest.approx(0.96 * 0.96 / (0.96 + 0.81))


def test_a_card_whose_rounded_corners_the_outline_cuts_off_still_has_its_four_corners():
    # a card 100 wide and 145 long whose outline (joined to a glass's rim, say) cuts each
    # rounded corner off in a short edge 7 long: its long edges, extended, meet at the
    # rectangle's corners; the top-left one is cut with "across" along the top edge
    outline = np.float32(
        [(5, 0), (95, 0), (100, 5), (100, 140), (95, 145), (5, 145), (0, 140), (0, 5)]
    )
    found = rounded_corners([outline], 100.0)
    assert sorted(tuple(np.round(c.point, 3)) for c in found) == [
        (0, 0),
        (0, 145),
        (100, 0),
        (100, 145),
    ]
    top_left = next(c for c in found if tuple(np.round(c.point, 3)) == (0, 0))
    assert tuple(np.round(top_left.across, 3)) == (1, 0)
    assert tuple(np.round(top_left.down, 3)) == (0, 1)
    # the bottom-right corner, where the index is printed turned half a turn
    bottom_right = next(c for c in found if tuple(np.round(c.point, 3)) == (100, 145))
    assert tuple(np.round(bottom_right.across, 3)) == (-1, 0)
    # an outline with no short edges between its long ones gives none here (its corners
    # are the outline's own)
    assert rounded_corners([np.float32([(0, 0), (100, 0), (100, 145), (0, 145)])], 100.0) == []


def test_a_card_corner_its_index_notches_is_found_where_its_long_edges_meet():
    # a card 110 wide joined to a glass (so its outline is no whole card) whose index's ink
    # reaches the top-left corner: the light region's outline runs in four short edges (8.9,
    # 8.9, 8.9 and 10 long: 37, a third of the width) from the left edge's end at (0, 22) to
    # the top edge's start at (20, 0); the two edges, extended, meet at (0, 0), 22 from the
    # left edge's end
    outline = np.float32(
        [(20, 0), (110, 0), (110, 160), (0, 160), (0, 22), (8, 18), (4, 10), (12, 6)]
    )
    found = rounded_corners([outline], 110.0)
    top_left = next(c for c in found if np.linalg.norm(c.point) < 1e-3)
    assert tuple(np.round(top_left.across, 3)) == (1, 0)
    assert tuple(np.round(top_left.down, 3)) == (0, 1)
    # short edges as long as a card is wide or more between two long ones are no corner's
    wandering = np.float32(
        [(20, 0), (110, 0), (110, 160), (0, 160), (0, 22)]
        + [(6 + 12 * (k % 2), 20 - k) for k in range(1, 10)]
    )
    assert not any(np.linalg.norm(c.point) < 1e-3 for c in rounded_corners([wandering], 110.0))


def test_an_index_that_bites_into_a_rows_edge_is_looked_at_across_the_notch():
    # a row of cards 100 wide whose left edge runs straight up from (0, 400) to (0, 0), but
    # for a fanned card's index ink, too dark for the mask, biting into it between y 240 and
    # y 200 (to x 20): points every 6 (0.06 of the width) along the edge, on across the notch
    # at y 240, 234 ... 204, then on from y 200; each looks into the row (down is +x)
    def left_edge_points(bite):
        outline = np.float32([(0, 0), (150, 0), (150, 400), (0, 400), (0, 240), *bite, (0, 200)])
        points = [c for c in edge_points([outline], 100.0) if abs(c.point[0]) < 1e-3]
        return points, sorted(round(float(c.point[1]), 3) for c in points)

    points, heights = left_edge_points([(20, 230), (15, 210)])
    assert [h for h in heights if 200 < h <= 240] == [204, 210, 216, 222, 228, 234, 240]
    across_the_notch = next(c for c in points if abs(c.point[1] - 222) < 1e-3)
    assert tuple(np.round(across_the_notch.down, 3)) == (1, 0)
    assert tuple(np.round(across_the_notch.across, 3)) == (0, -1)
    # the outline bulging out there (a glass beside the row) is no notch: nothing across it
    _points, heights = left_edge_points([(-20, 230), (-15, 210)])
    assert [h for h in heights if 200 < h <= 240] == []
    # nor is a bite more than half a card's width long (60 here), or one after which the
    # edge goes on 5 off its line
    outline = np.float32(
        [(0, 0), (150, 0), (150, 400), (0, 400), (0, 240), (20, 220), (15, 190), (0, 180)]
    )
    assert not any(
        180 < c.point[1] <= 240 and c.point[0] < 1e-3 for c in edge_points([outline], 100.0)
    )
    outline = np.float32(
        [(5, 0), (150, 0), (150, 400), (0, 400), (0, 240), (20, 230), (15, 210), (5, 200)]
    )
    assert not any(
        200 < c.point[1] <= 240 and c.point[0] < 1e-3 for c in edge_points([outline], 100.0)
    )


def test_a_whole_looking_outline_whose_corners_read_two_cards_surely_is_walked_as_a_row(
    monkeypatch,
):
    # cards overlapping along their long sides can make one outline shaped like a card: its
    # top-left corner reads 7H and its bottom-right one 10D, both surely. One card cannot
    # be both, so its edges are walked as a row's, and the index found there (9C) is a card
    # too; without the walk the outline would be one card
    from scorekeeper.vision import reading as steps
    from scorekeeper.vision.budget import PhotoBudget

    # 100 wide and 190 long: a row of cards 145 long fanned down by 45
    quad = np.float32([(0, 0), (100, 0), (100, 190), (0, 190)])
    top_left = Corner(np.float32((0, 0)), np.float32([1, 0]), np.float32([0, 1]), 100.0, 0)
    bottom_right = Corner(
        np.float32((100, 190)), np.float32([-1, 0]), np.float32([0, -1]), 100.0, 0
    )
    # the same outline at any width asked for: its readings carry no glyph sizes, so
    # nothing measures the card again
    monkeypatch.setattr(
        steps,
        "find_corners",
        lambda pixels, width=None, rows=frozenset(), lightest=False: (
            [quad],
            [top_left, bottom_right],
            {0},
        ),
    )

    def read(pixels, found):
        if not found:
            return []
        if found == [top_left, bottom_right]:
            return [CornerReading(top_left, "7H", 0.95), CornerReading(bottom_right, "10D", 0.95)]
        # the walk: points along the quad's edges; the one halfway down its right side is
        # an index, which places its card's centre over a third of a card from the others'
        assert found and all(corner.outline == 0 for corner in found)
        middle = min(found, key=lambda c: float(np.linalg.norm(c.point - np.float32((100, 95)))))
        return [CornerReading(middle, "9C", 0.9)]

    monkeypatch.setattr(steps, "read_corners", read)
    cards = steps.read_cards(np.zeros((200, 200, 3), np.uint8), PhotoBudget())
    assert sorted(card.card for card in cards) == ["10D", "7H", "9C"]


def _corners_in_a_row(count, apart, asked):
    """A stand-in for find_corners: ``count`` upright corners ``apart`` pixels apart along
    one edge, cut at whatever width is asked (each width asked is kept in ``asked``)."""

    def found_at(pixels, width=None, rows=frozenset(), lightest=False):
        asked.append(width)
        corners = [
            Corner(np.float32((apart * k, 0)), np.float32([1, 0]), np.float32([0, 1]), width, 0)
            for k in range(count)
        ]
        return [], corners, set()

    return found_at


def test_rows_whose_glyphs_measure_another_card_are_read_at_the_glyphs_width(monkeypatch):
    # a fan's outlines cut at 290: as rows as tall as a card is long, its cards would be
    # 290 / 1.45 = 200 wide. The corners found at 200 read surely, but their rank glyphs are
    # 25.8 high, which a card 25.8 / 0.172 = 150 wide prints: 0.75 of 200, more than 1.2
    # times off. Found again at 150 they agree: the card is 150 wide
    from scorekeeper.vision import reading as steps

    asked = []
    found_at = _corners_in_a_row(8, 40, asked)

    def read(glyph):
        return lambda pixels, found: [CornerReading(c, "5H", 0.95, glyph=glyph(c)) for c in found]

    monkeypatch.setattr(steps, "find_corners", found_at)
    monkeypatch.setattr(steps, "read_corners", read(lambda corner: 150 * 0.172))
    cut = [Corner(np.float32((0, 0)), np.float32([1, 0]), np.float32([0, 1]), 290.0, 3)]
    assert steps._as_rows(np.zeros((10, 10, 3), np.uint8), cut, set()) == pytest.approx(150)
    assert asked == [pytest.approx(200), pytest.approx(150)]
    # glyphs half the card they were cut at, whatever it is, agree with no width: read
    # surely at 200 and again at the 100 they measure there, the card is taken at 100, the
    # last width its corners read surely at (the glyphs there measure 50)
    monkeypatch.setattr(steps, "read_corners", read(lambda corner: corner.width * 0.172 / 2))
    asked.clear()
    assert steps._as_rows(np.zeros((10, 10, 3), np.uint8), cut, set()) == pytest.approx(100)
    assert asked == [pytest.approx(200), pytest.approx(100)]
    # a deck whose glyphs are a third larger than most decks' measure the card at 266.7;
    # there the fan looks like one card again and its four corners read one glyph surely:
    # the card is taken at 200, where the corners read surely
    monkeypatch.setattr(steps, "find_corners", found_at)
    monkeypatch.setattr(
        steps,
        "read_corners",
        lambda pixels, found: [
            CornerReading(c, "5H", 0.95, glyph=200 * 0.172 * 4 / 3)
            for c in (found if found[0].width < 250 else found[:1])
        ],
    )
    asked.clear()
    assert steps._as_rows(np.zeros((10, 10, 3), np.uint8), cut, set()) == pytest.approx(200)
    assert asked == [pytest.approx(200), pytest.approx(266.7, abs=0.1)]


def test_a_fan_taken_for_one_card_whose_trial_reads_one_glyph_is_looked_at_again_there(
    monkeypatch,
):
    # six cards 400 wide fanned into one outline cut at 956 (the fan's hull shaped like one
    # card): as a row it gives cards 956 / 1.45 = 659 wide, at which the eight corners found
    # read one index surely, its glyph 68.8 high: a card 68.8 / 0.172 = 400 wide, 0.61 of
    # 659. One sure reading is too few to trust a width by, but is where to look again: at
    # 400 every corner reads surely and agrees, so the card is 400 wide
    from scorekeeper.vision import reading as steps

    asked = []
    found_at = _corners_in_a_row(16, 80, asked)

    def read(pixels, found):
        if found[0].width > 500:
            return [CornerReading(found[1], "QD", 0.9, glyph=400 * 0.172)]
        return [CornerReading(c, "4S", 0.95, glyph=400 * 0.172) for c in found]

    monkeypatch.setattr(steps, "find_corners", found_at)
    monkeypatch.setattr(steps, "read_corners", read)
    cut = [Corner(np.float32((0, 0)), np.float32([1, 0]), np.float32([0, 1]), 956.0, 3)]
    photo = np.zeros((10, 10, 3), np.uint8)
    assert steps._as_rows(photo, cut, set()) == pytest.approx(400)
    assert asked == [pytest.approx(659.3, abs=0.1), pytest.approx(400)]
    # where the one glyph measures the width it was cut at, nothing says where else to look
    monkeypatch.setattr(
        steps,
        "read_corners",
        lambda pixels, found: [CornerReading(found[1], "QD", 0.9, glyph=found[1].width * 0.172)],
    )
    assert steps._as_rows(photo, cut, set()) is None
    # and a second trial that reads too few surely again is no width either
    monkeypatch.setattr(
        steps,
        "read_corners",
        lambda pixels, found: [CornerReading(found[1], "QD", 0.9, glyph=400 * 0.172)],
    )
    assert steps._as_rows(photo, cut, set()) is None


def test_sure_readings_found_again_are_kept_at_the_width_their_glyphs_fit():
    # a fan first cut at 345 wide, found again at the 196 its glyphs measure (a card
    # prints its rank glyph 0.172 of its width high): a 10H read 0.98 sure with a glyph
    # 33.7 high (a card 196 wide) is kept, its corner now cut at 196; a 9C read as surely
    # whose glyph, 59.3 high, measures a card 59.3 / 0.172 = 344.8 wide (1.76 times 196, over
    # 1.2 off) is kept too, at its own 344.8; an 8D read 0.6 sure and a joker (no rank glyph)
    # are not
    from scorekeeper.vision import reading as steps

    def read(card, confidence, glyph):
        corner = Corner(np.float32((600, 610)), np.float32([1, 0]), np.float32([0, 1]), 345.0, 2)
        return CornerReading(corner, card, confidence, glyph=glyph, glyph_at=(610.0, 625.0))

    kept = steps._kept_at(
        [
            read("10H", 0.98, 33.7),
            read("9C", 0.98, 59.3),
            read("8D", 0.6, 33.7),
            read("JK", 0.99, 0),
        ],
        196.0,
    )
    assert [(r.card, r.glyph_at) for r in kept] == [
        ("10H", (610.0, 625.0)),
        ("9C", (610.0, 625.0)),
    ]
    assert kept[0].corner.width == 196.0
    assert kept[1].corner.width == pytest.approx(344.8, abs=0.05)


def test_a_small_letter_read_surely_along_a_row_stays_when_the_row_is_measured():
    # a fan read first as one whole card 577 wide (seed 2026's fanned #58 of the held-out
    # sets): walked as a row, a French V (a jack, drawn smaller than the deck's digits) reads
    # JS 1.0 with a glyph 40 high; the row's digits measure 427. The V measures a card
    # 40 / 0.172 = 232.6 wide, under 427 / 1.2 = 355.8: it stays, its card placed at 232.6
    from scorekeeper.vision import reading as steps

    corner = Corner(np.float32((650, 262)), np.float32([1, 0]), np.float32([0, 1]), 577.0, 0)
    jack = CornerReading(corner, "JS", 1.0, glyph=40.0, glyph_at=(680.0, 300.0))
    (kept,) = steps._kept_at([jack], 427.0)
    assert kept.card == "JS"
    assert kept.corner.width == pytest.approx(232.6, abs=0.05)


def test_a_fan_on_a_light_cloth_is_set_apart_from_the_cloth():
    # a photo 400 x 300: dark wood on the left (x < 180), a light grey cloth on the right,
    # as white as the cards to Otsu's one level against the wood; on the cloth a row of
    # three cards fanned 30 apart, 160 x 145, none of them whole. Cloth and cards are one
    # region, 55% of the photo; parted again among the light pixels, the cards stand alone
    photo = np.full((300, 400, 3), (30, 60, 100), np.uint8)
    photo[:, 180:] = 200
    photo[80:225, 220:380] = 250
    mask = card_mask(photo)
    assert mask[150, 300] == 255  # the fan
    assert mask[30, 300] == 0 and mask[260, 200] == 0  # the cloth
    assert mask[150, 50] == 0  # the wood


def _corner_photo(*inked):
    """A white photo 100 x 100 with black ink in the boxes ``inked`` (rows, columns), and its
    top-left corner: at this card width the corner's patch is the photo's top-left 48 x 80
    pixels, one to one."""
    photo = np.full((100, 100, 3), 255, np.uint8)
    for rows, columns in inked:
        photo[rows, columns] = 0
    corner = Corner(np.float32((0, 0)), np.float32([1, 0]), np.float32([0, 1]), 400 / 3, 0)
    return photo, corner


def _court_corner_photo():
    # the index of a court card: the "K" (columns 5..9, rows 6..20), the court picture's
    # large pip level with it 4 columns away, the index's pip below the letter
    return _corner_photo(
        (slice(6, 21), slice(5, 10)), (slice(6, 20), slice(14, 27)), (slice(24, 32), slice(5, 12))
    )


def _reader_of_narrow_ranks(sureness):
    """A stand-in index model: a rank glyph wider than a quarter of the patch (the letter
    and the picture's pip together) is no index; a narrower one is KD this surely."""
    from scorekeeper.vision.corners import PLACES
    from scorekeeper.vision.reading import CLASSES

    def probabilities(rows):
        out = np.zeros((len(rows), len(CLASSES)), np.float32)
        wide = rows[:, PLACES + 2] > 0.25
        out[wide, CLASSES.index("none")] = 1.0
        out[~wide, CLASSES.index("KD")] = sureness
        out[~wide, CLASSES.index("none")] = 1.0 - sureness
        return out

    return probabilities


def test_an_index_not_read_with_the_pictures_pip_is_read_with_the_letter_alone(monkeypatch):
    from scorekeeper.vision import reading as steps

    photo, corner = _court_corner_photo()
    monkeypatch.setattr(steps, "index_probabilities", _reader_of_narrow_ranks(0.9))
    readings = steps.read_corners(photo, [corner])
    assert [(r.card, round(r.confidence, 3)) for r in readings] == [("KD", 0.9)]


def test_a_second_cut_read_less_than_surely_is_not_kept(monkeypatch):
    # a first cut is kept from 0.5; the second, which a picture's ink may pass, from 0.8
    from scorekeeper.vision import reading as steps

    photo, corner = _court_corner_photo()
    monkeypatch.setattr(steps, "index_probabilities", _reader_of_narrow_ranks(0.7))
    assert steps.read_corners(photo, [corner]) == []


def _sceptre_corner_photo():
    # a king's index: the "K" (columns 4..20, rows 4..29, 26 tall), its pip below it (rows
    # 32..50), and the king's sceptre running on down from the pip (columns 10..14, rows
    # 51..79): one piece 48 tall with the pip, no pip's shape
    return _corner_photo(
        (slice(4, 30), slice(4, 21)), (slice(32, 51), slice(4, 21)), (slice(51, 80), slice(10, 15))
    )


def test_a_pip_run_into_a_pictures_ink_below_is_cut_to_the_ink_right_below_the_rank():
    photo, _corner = _sceptre_corner_photo()
    ink = (photo[:80, :48, 0] == 0).astype(np.uint8)
    rank, suit = index_glyphs(ink)
    assert rank == (4, 4, 17, 26) and suit == (4, 32, 17, 48)  # 48 > 1.15 x 26
    # asked again: the ink from the row under the rank (31) to 0.95 of its height further
    # (24 rows: 31..54), a quarter of its width either side: the pip and the sceptre's top
    rank, suit = index_glyphs(ink, below_only=True)
    assert rank == (4, 4, 17, 26) and suit == (4, 32, 17, 23)


def _reader_of_short_pips(tall, short):
    """A stand-in index model: a row whose pip is over half the patch tall is KC ``tall``
    surely (the sceptre's ink read as a club), any other KS ``short`` surely."""
    from scorekeeper.vision.corners import PLACES
    from scorekeeper.vision.reading import CLASSES

    def probabilities(rows):
        out = np.zeros((len(rows), len(CLASSES)), np.float32)
        long_pip = rows[:, PLACES + 7] > 0.5
        out[long_pip, CLASSES.index("KC")] = tall
        out[~long_pip, CLASSES.index("KS")] = short
        out[:, CLASSES.index("none")] = 1.0 - out.sum(axis=1)
        return out

    return probabilities


@pytest.mark.parametrize(
    ("tall", "short", "read"),
    [(0.6, 0.95, ("KS", 0.95)), (0.6, 0.7, ("KS", 0.7)), (0.6, 0.55, ("KC", 0.6))],
)
def test_a_pip_cut_again_right_below_its_rank_is_read_where_it_is_surer(
    monkeypatch, tall, short, read
):
    # the first cut (pip and sceptre) is kept from 0.5; the second, reading the same rank,
    # takes its place where it reads at least 0.5 surely (not 0.8: its pip is the index's
    # own) and more surely than the first: KS 0.7 over KC 0.6, not KS 0.55
    from scorekeeper.vision import reading as steps

    photo, corner = _sceptre_corner_photo()
    monkeypatch.setattr(steps, "index_probabilities", _reader_of_short_pips(tall, short))
    readings = steps.read_corners(photo, [corner])
    assert [(r.card, round(r.confidence, 3)) for r in readings] == [read]


def _row_of_cards(names, card_width, step):
    """A drawn photo: svg-standard's cards ``card_width`` wide laid left to right on green
    felt, each ``step`` card widths right of the one before and on top of it, tops level."""
    import cv2

    from scorekeeper.vision.training.decks import laid_over, render

    photo = np.full((600, 800, 3), (40, 110, 30), np.uint8)
    for number, name in enumerate(names):
        face = render("svg-standard", name)
        length = round(card_width * face.shape[0] / face.shape[1])
        face = cv2.resize(face, (card_width, length), interpolation=cv2.INTER_AREA)
        left = 150 + round(number * step * card_width)
        under = photo[150 : 150 + length, left : left + card_width]
        under[:] = laid_over(face, under)
    return photo


def test_cards_on_a_striped_tablecloth_are_the_lightest_of_what_is_light():
    # three of svg-standard's cards 150 wide, spread on a mustard cloth striped diagonally in
    # light grey (160, 165, 160), stripes 15 wide: the grey is as colourless as the faces
    # and lighter than the level that parts the photo's light from its dark, so the stripes
    # are taken for faces, and their width for the card's: no card reads surely. Read again
    # with the faces the lightest of what is light, the three cards are read surely; the
    # cloth alone reads nothing either way
    from scorekeeper.vision import reading as steps
    from scorekeeper.vision.budget import PhotoBudget
    from scorekeeper.vision.training.decks import laid_over, render

    cloth = np.full((600, 800, 3), (40, 150, 190), np.uint8)
    down, across = np.mgrid[0:600, 0:800]
    cloth[((across + down) // 15) % 2 == 0] = (160, 165, 160)
    photo = cloth.copy()
    for number, name in enumerate(["7_spade", "4_heart", "9_club"]):
        face = render("svg-standard", name)
        length = round(150 * face.shape[0] / face.shape[1])
        face = cv2.resize(face, (150, length), interpolation=cv2.INTER_AREA)
        under = photo[200 : 200 + length, 120 + 200 * number : 270 + 200 * number]
        under[:] = laid_over(face, under)
    at_first = steps._read_photo(photo, PhotoBudget(), lightest=False)
    assert all(card.confidence < 0.8 for card in at_first)
    read = steps.read_cards(photo, PhotoBudget())
    assert sorted(card.card for card in read) == ["4H", "7S", "9C"]
    assert all(card.confidence >= 0.8 for card in read)
    assert steps.read_cards(cloth, PhotoBudget()) == []


def _read_seeing_the_corners_grouped(monkeypatch, photo):
    """The cards read in ``photo``, and every corner reading that was grouped into them."""
    from scorekeeper.vision import reading as steps
    from scorekeeper.vision.budget import PhotoBudget

    grouped = []
    group = steps.cards_from_corners

    def spy(readings, whole, pieces=frozenset(), faces=None):
        grouped.extend(readings)
        return group(readings, whole, pieces, faces)

    monkeypatch.setattr(steps, "cards_from_corners", spy)
    return steps.read_cards(photo, PhotoBudget()), grouped


def test_a_row_shaped_like_one_card_is_read_at_the_width_its_glyphs_give(monkeypatch):
    # four cards 150 wide (svg-standard's are 203 long), each 60 right of the one before:
    # one light region 150 + 3 * 60 = 330 wide and 203 tall, shaped like a card 203 wide.
    # Its corners' glyphs, read surely, are a card 150 wide's: the photo is read again at
    # that width, and every index is cut at it (within 15%: glyphs differ from deck to
    # deck) and read once
    photo = _row_of_cards(["7_spade", "4_heart", "9_club", "5_diamond"], 150, 0.4)
    cards, grouped = _read_seeing_the_corners_grouped(monkeypatch, photo)

    assert sorted(card.card for card in cards) == ["4H", "5D", "7S", "9C"]
    assert grouped and all(abs(r.corner.width / 150 - 1) <= 0.15 for r in grouped)


def test_the_glyphs_give_the_card_width_where_the_outlines_misled():
    # three sure readings cut at a width of 200 whose rank glyphs are 17.2, 17.2 and 20
    # pixels tall: a glyph is GLYPH_SHARE (0.172) of a card's width, so the card is
    # 17.2 / 0.172 = 100 wide (the median), half the width cut at: read again at 100
    from scorekeeper.vision.reading import GLYPH_SHARE, glyph_width

    assert GLYPH_SHARE == 0.172
    at = Corner(np.float32((0, 0)), np.float32([1, 0]), np.float32([0, 1]), 200.0, 0)
    sure = [
        CornerReading(at, card, 0.95, glyph)
        for card, glyph in (("7S", 17.2), ("4H", 17.2), ("9C", 20.0))
    ]
    assert abs(glyph_width(sure) - 100.0) < 1e-6
    # the same glyphs on corners cut at 110: within a factor of 1.2, nothing to redo
    near = Corner(np.float32((0, 0)), np.float32([1, 0]), np.float32([0, 1]), 110.0, 0)
    assert glyph_width([CornerReading(near, r.card, 0.95, r.glyph) for r in sure]) is None
    # unsure readings and a joker (no rank glyph) say nothing; two sure ones are too few
    assert glyph_width([CornerReading(at, "7S", 0.6, 17.2)] * 3) is None
    assert glyph_width([CornerReading(at, "JK", 0.95, 17.2)] * 3) is None
    assert glyph_width(sure[:2]) is None


def test_a_row_whose_corners_read_too_few_glyphs_surely_is_read_as_a_row(monkeypatch):
    # three cards 150 wide (svg-standard's are 203 long), each 0.4 * 150 = 60 right of the
    # one before: one light region 150 + 2 * 60 = 270 wide and 203 tall, shaped like a card
    # 203 wide (270 / 203 = 1.33). Where its corners read too few glyphs surely to measure
    # the card by (a deck whose glyphs read unsurely), it is made a row instead, as tall as
    # a card is long: the card is 203 / 1.45 = 140 wide, within 10% of 150, and the glyphs
    # read at that width agree
    from scorekeeper.vision.reading import _as_rows

    photo = _row_of_cards(["7_spade", "4_heart", "9_club"], 150, 0.4)
    _polygons, found, whole = find_corners(photo)
    assert abs(_as_rows(photo, found, whole) / 150 - 1) <= 0.1
    # read whole, each index is cut within 15% of 150 and each card read surely once; a
    # face's pip on the row's far edge may read as an unsure card, one the table looks at
    cards, grouped = _read_seeing_the_corners_grouped(monkeypatch, photo)
    assert sorted(card.card for card in cards if card.confidence >= 0.8) == ["4H", "7S", "9C"]
    assert grouped and all(abs(r.corner.width / 150 - 1) <= 0.15 for r in grouped)


def _card_corners():
    """The four corners of outline 0, a card 100 wide and 145 long at the origin, each with
    its two edges turning clockwise round it."""
    return [
        Corner(np.float32(point), np.float32(across), np.float32(down), 100.0, 0)
        for point, across, down in (
            ((0, 0), (1, 0), (0, 1)),
            ((100, 0), (0, 1), (-1, 0)),
            ((100, 145), (-1, 0), (0, -1)),
            ((0, 145), (0, -1), (1, 0)),
        )
    ]


def _one_outline_read(monkeypatch, corner_readings):
    """read_cards on one whole-looking outline (a card's shape, 100 wide and 145 long) whose
    four corners read ``corner_readings``, found the same at any width; where its edges are
    walked, the point halfway along its top edge is an index reading 9C surely. What is read,
    and whether the edges were walked."""
    from scorekeeper.vision import reading as steps
    from scorekeeper.vision.budget import PhotoBudget

    quad = np.float32([(0, 0), (100, 0), (100, 145), (0, 145)])
    corners = _card_corners()
    monkeypatch.setattr(
        steps,
        "find_corners",
        lambda pixels, width=None, rows=frozenset(), lightest=False: ([quad], list(corners), {0}),
    )
    walked = []

    def read(pixels, found):
        if all(any(c is corner for corner in corners) for c in found):
            # the outline's own corners (or some of them, as a trial at another width reads)
            shown = [c for c in found if c is corners[0]]
            return [
                CornerReading(c, card, sureness)
                for c in shown
                for card, sureness in corner_readings
            ]
        walked.extend(found)
        top = min(found, key=lambda c: float(np.linalg.norm(c.point - np.float32((50, 0)))))
        return [CornerReading(top, "9C", 0.95)]

    monkeypatch.setattr(steps, "read_corners", read)
    cards = steps.read_cards(np.zeros((200, 200, 3), np.uint8), PhotoBudget())
    read_at = sorted({round(c.width) for c in walked})
    return sorted(card.card for card in cards), read_at


def _found_beside_a_row(monkeypatch, outline, corners):
    """find_corners finding, at any width, ``outline`` (outline 0, whole) with its
    ``corners``, and beside it a row (outline 1) with six index corners 30 apart along its
    top edge, cut at 100: the name each of those is to read, by where it lies along (the
    row's other corners, its hull's, read nothing)."""
    from scorekeeper.vision import reading as steps

    row = np.float32([(300, 0), (550, 0), (550, 145), (300, 145)])
    along = [300 + 30 * k for k in range(6)]
    indices = [
        Corner(np.float32((x, 0)), np.float32([1, 0]), np.float32([0, 1]), 100.0, 1) for x in along
    ]
    monkeypatch.setattr(
        steps,
        "find_corners",
        lambda pixels, width=None, rows=frozenset(), lightest=False: (
            [outline, row],
            corners + indices,
            {0},
        ),
    )
    return dict(zip(along, ("2H", "3H", "4H", "5H", "6H", "7H"), strict=True))


def test_a_lone_whole_looking_outline_whose_corners_read_nothing_is_walked_as_a_row(
    monkeypatch,
):
    # a fan's row can make one outline shaped like a card whose corners (the hull's round
    # the fan) are no card's index corners: none reads, so nothing measures the card and
    # the outline is not known to be a row. Read as one card it gives nothing at all; its
    # edges are walked instead, and the index found along its top is read
    read, walked = _one_outline_read(monkeypatch, [])
    # as a row: as tall as a card is long, its cards 145 / 1.45 = 100 / 1.45 = 69 wide
    assert walked == [69]
    assert read == ["9C"]


def test_a_silent_whole_looking_outline_is_walked_though_a_row_beside_it_measures_the_card(
    monkeypatch,
):
    # a tight fan whose hull looks like one card 100 wide (outline 0: none of its corners is
    # an index corner, none reads) beside a looser row (outline 1) whose six indices read
    # surely, their glyphs 17.2 high: cards 17.2 / 0.172 = 100 wide, the width found. The
    # glyphs measure no other width, and the silent outline is still walked as a row, its
    # cards 145 / 1.45 = 100 / 1.45 = 69 wide: the index along its top reads 9C
    from scorekeeper.vision import reading as steps
    from scorekeeper.vision.budget import PhotoBudget

    quad = np.float32([(0, 0), (100, 0), (100, 145), (0, 145)])
    silent = _card_corners()
    names = _found_beside_a_row(monkeypatch, quad, silent)
    walked = []

    def read(pixels, found):
        readings = [
            CornerReading(c, names[int(c.point[0])], 0.95, glyph=17.2)
            for c in found
            if c.outline == 1 and c.point[1] == 0 and int(c.point[0]) in names
        ]
        along = [c for c in found if c.outline == 0 and not any(c is s for s in silent)]
        walked.extend(along)
        if along:
            top = min(along, key=lambda c: float(np.linalg.norm(c.point - np.float32((50, 0)))))
            readings.append(CornerReading(top, "9C", 0.95, glyph=69 * 0.172))
        return readings

    monkeypatch.setattr(steps, "read_corners", read)
    cards = steps.read_cards(np.zeros((200, 600, 3), np.uint8), PhotoBudget())
    assert sorted({round(c.width) for c in walked}) == [69]
    assert sorted(card.card for card in cards) == ["2H", "3H", "4H", "5H", "6H", "7H", "9C"]


def test_a_stack_whole_at_both_widths_whose_one_index_measures_a_narrower_card_is_walked(
    monkeypatch,
):
    # a fan whose cards each lie lower than the one before (outline 0): one light region as
    # wide as a card, 100, and 200 long, shaped like a card at both widths tried. Beside it a
    # row (outline 1) whose six indices read surely, their glyphs 13.76 high: cards 13.76 /
    # 0.172 = 80 wide, 100 / 80 = 1.25 times narrower than the corners were cut at, over
    # SCALE_OFF's 1.2, so the photo is read again at 80. The stack's one corner read, its top
    # card's 6C, measures 80 too: 80 * 1.05 = 84 <= 100, so the stack may be cards stacked.
    # Walked at its own width (100 / 1.0) and as a row (100 / 1.45 = 69), its right edge
    # shows the indices of the cards below the top one: KS and 8H, each its own card
    from scorekeeper.vision import reading as steps
    from scorekeeper.vision.budget import PhotoBudget

    stack = np.float32([(0, 0), (100, 0), (100, 200), (0, 200)])
    stack_corners = [
        Corner(np.float32(point), np.float32(across), np.float32(down), 100.0, 0)
        for point, across, down in (
            ((0, 0), (1, 0), (0, 1)),
            ((100, 0), (0, 1), (-1, 0)),
            ((100, 200), (-1, 0), (0, -1)),
            ((0, 200), (0, -1), (1, 0)),
        )
    ]
    names = _found_beside_a_row(monkeypatch, stack, stack_corners)
    walked = []

    def read(pixels, found):
        readings = [
            CornerReading(c, names[int(c.point[0])], 0.95, glyph=13.76)
            for c in found
            if c.outline == 1 and c.point[1] == 0 and int(c.point[0]) in names
        ]
        readings += [
            CornerReading(c, "6C", 0.95, glyph=13.76) for c in found if c is stack_corners[0]
        ]
        along = [c for c in found if c.outline == 0 and not any(c is s for s in stack_corners)]
        walked.extend(along)
        if along and round(along[0].width) == 100:
            for card, at in (("KS", (100, 80)), ("8H", (100, 140))):
                nearest = min(along, key=lambda c: float(np.linalg.norm(c.point - np.float32(at))))
                readings.append(CornerReading(nearest, card, 0.95, glyph=13.76))
        return readings

    monkeypatch.setattr(steps, "read_corners", read)
    cards = steps.read_cards(np.zeros((250, 600, 3), np.uint8), PhotoBudget())
    assert sorted({round(c.width) for c in walked}) == [69, 100]
    assert sorted(card.card for card in cards) == [
        "2H",
        "3H",
        "4H",
        "5H",
        "6C",
        "6H",
        "7H",
        "8H",
        "KS",
    ]


def test_a_rows_own_width_is_the_one_its_sure_glyphs_measure_where_it_is_another():
    from scorekeeper.vision.reading import GLYPH_SHARE, OWN_WIDTH_OFF, _own_widths

    def read(outline, sureness, glyph):
        corner = Corner(np.float32([0, 0]), np.float32([1, 0]), np.float32([0, 1]), 100.0, outline)
        return CornerReading(corner, "5S", sureness, glyph=glyph)

    readings = [
        # outline 0: three sure glyphs 13.76 tall, cut at 100: a card 13.76 / 0.172 = 80
        # wide, 100 / 80 = 1.25 times narrower
        *[read(0, 0.95, 13.76)] * 3,
        # outline 1: a card 17.888 / 0.172 = 104 wide, within 1.05 of 100
        *[read(1, 0.95, 17.888)] * 3,
        # outline 2: two sure readings only
        *[read(2, 0.95, 13.76)] * 2,
        # outline 3: a whole card, measured by its own outline
        *[read(3, 0.95, 13.76)] * 3,
        # outline 4: two sure and one unsure
        *[read(4, 0.95, 13.76)] * 2,
        read(4, 0.6, 13.76),
    ]
    assert GLYPH_SHARE == 0.172 and OWN_WIDTH_OFF == 1.05
    widths = _own_widths(readings, whole={3})
    assert list(widths) == [0] and round(widths[0], 6) == 80


def test_a_far_row_is_looked_at_again_at_its_own_width(monkeypatch):
    # two rows on one photo, their corners cut at 100, every tenth of a width along their top
    # edges: the near one (outline 1) reads six indices whose glyphs (17.2) measure cards 100
    # wide; the far one (outline 0) reads three whose glyphs (13.76) measure cards 80 wide.
    # The photo's width stands (the median glyph measures 100), but the far row's other
    # corners are found and read at 80 rather than at 100: there its fourth card's index, at
    # 70 along, reads 9C
    from scorekeeper.vision import reading as steps
    from scorekeeper.vision.budget import PhotoBudget

    far = np.float32([(0, 0), (200, 0), (200, 145), (0, 145)])
    near = np.float32([(300, 0), (520, 0), (520, 145), (300, 145)])

    def found_at(pixels, width=None, rows=frozenset(), lightest=False):
        cut = 100.0 if width is None else width
        return (
            [far, near],
            [
                Corner(np.float32((x, 0)), np.float32([1, 0]), np.float32([0, 1]), cut, outline)
                for outline, start, count in ((0, 0, 10), (1, 300, 12))
                for x in range(start, start + 10 * count, 10)
            ],
            set(),
        )

    monkeypatch.setattr(steps, "find_corners", found_at)
    far_cards = {0: "2C", 20: "3C", 40: "4C"}
    near_cards = {300: "2H", 320: "3H", 340: "4H", 360: "5H", 380: "6H", 400: "7H"}
    far_read = []

    def read(pixels, found):
        readings = []
        for c in found:
            x, cut = int(c.point[0]), round(c.width)
            if c.outline == 0:
                far_read.append((x, cut))
            if c.outline == 0 and cut == 100 and x in far_cards:
                readings.append(CornerReading(c, far_cards[x], 0.95, glyph=13.76))
            elif c.outline == 0 and cut == 80 and x == 70:
                readings.append(CornerReading(c, "9C", 0.95, glyph=13.76))
            elif c.outline == 1 and cut == 100 and x in near_cards and c.point[1] == 0:
                readings.append(CornerReading(c, near_cards[x], 0.95, glyph=17.2))
        return readings

    monkeypatch.setattr(steps, "read_corners", read)
    cards = steps.read_cards(np.zeros((200, 600, 3), np.uint8), PhotoBudget())
    # the far row's first half at 100, then every corner at 80; its other half never at 100
    assert sorted(x for x, cut in far_read if cut == 100) == [0, 20, 40, 60, 80]
    assert sorted(x for x, cut in far_read if cut == 80) == list(range(0, 100, 10))
    assert sorted(card.card for card in cards) == [
        "2C",
        "2H",
        "3C",
        "3H",
        "4C",
        "4H",
        "5H",
        "6H",
        "7H",
        "9C",
    ]


def test_a_whole_looking_outline_whose_corner_reads_a_card_is_not_walked(monkeypatch):
    # one card whose index reads, even unsurely (a glare on it), is that card: its edges,
    # where its middle pips lie, are not walked for more
    read, walked = _one_outline_read(monkeypatch, [("7H", 0.6)])
    assert walked == []
    assert read == ["7H"]


def test_a_pip_run_into_the_faces_first_pip_is_cut_off_at_the_neck_when_asked():
    # svg-gm-paris prints a seven's first face pip so close that blur joins the index's pip
    # to it: one piece 36 of the patch's 48 columns wide, no glyph, so the rank has no pip
    ink = _ink()
    ink[4:18, 4:12] = 1  # the "7": columns 4..11, rows 4..17 (8 wide, 14 tall)
    ink[20:30, 5:13] = 1  # the index's pip: columns 5..12, rows 20..29
    ink[25, 13] = 1  # the blur joining it to the face's pip at column 13
    ink[18:46, 14:41] = 1  # the face's pip: columns 14..40
    assert index_glyphs(ink) == ((4, 4, 8, 14), None)
    # asked for the second cut: below the rank (rows 18..36, columns 2..16) the column with
    # least ink right of the rank's middle is the joint's, 13; the pip is the ink left of it
    assert index_glyphs(ink, split=True) == ((4, 4, 8, 14), (5, 20, 8, 10))


def _corner(outline: int) -> Corner:
    return Corner(np.float32([0, 0]), np.float32([1, 0]), np.float32([0, 1]), 100.0, outline)


def _probabilities(*readings):
    from scorekeeper.vision.reading import CLASSES

    # the rest spread over "none" and nine cards, as a model in doubt spreads it
    others = ["none", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]
    rows = np.zeros((len(readings), len(CLASSES)), np.float32)
    for row, (card, sureness) in zip(rows, readings, strict=True):
        for other in others:
            row[CLASSES.index(other)] = (1.0 - sureness) / len(others)
        row[CLASSES.index(card)] = sureness
    return rows


def test_a_whole_card_whose_corners_read_as_no_index_is_named_by_two_agreeing_or_one_sure():
    """Outline 6: an index touching the card's edge reads at one corner; the other corner's
    ink, the edge run into the glyph, is a guess under half sure."""
    from scorekeeper.vision.answer import SURE
    from scorekeeper.vision.reading import FAINT_AT_MOST, faint_readings

    corners = (
        [_corner(0)] * 4
        + [_corner(1)] * 2
        + [_corner(2)] * 2
        + [_corner(3)] * 2
        + [_corner(4)] * 2
        + [_corner(5)] * 2
        + [_corner(6)] * 2
        + [_corner(7)] * 2
    )
    probabilities = _probabilities(
        # outline 0: two corners agree, the other two read as no card
        ("7C", 0.4),
        ("7C", 0.38),
        ("none", 1.0),
        ("none", 1.0),
        # outline 1: two corners, two cards
        ("2H", 0.7),
        ("5H", 0.6),
        # outline 2: the second corner under 0.3
        ("9C", 0.5),
        ("9C", 0.25),
        # outline 3: sure, yet no index's shape
        ("8S", 0.95),
        ("8S", 0.9),
        # outline 4: one corner alone, 0.75 sure or more, the other reads no card
        ("2D", 0.8),
        ("none", 0.9),
        # outline 5: one corner alone, under 0.75
        ("6H", 0.7),
        ("none", 0.9),
        # outline 6: one corner 0.75 sure or more, the other another card under 0.5
        ("JS", 0.92),
        ("JH", 0.35),
        # outline 7: one corner 0.75 sure or more, the other another card 0.5 sure or more
        ("QS", 0.95),
        ("QC", 0.5),
    )
    read = [
        (r.corner.outline, r.card, round(r.confidence, 2))
        for r in faint_readings(corners, probabilities)
    ]
    # at most 0.75 sure, below the answer's 0.8: the table is asked to look at it
    assert FAINT_AT_MOST < SURE
    assert read == [
        (0, "7C", 0.4),
        (0, "7C", 0.38),
        (3, "8S", 0.75),
        (3, "8S", 0.75),
        (4, "2D", 0.75),
        (6, "JS", 0.75),
    ]


def _spread(**cards: float) -> np.ndarray:
    """A row of probabilities with these cards' shares (each card's name after a "c", as in
    c6S=0.4) and the rest on "none"."""
    from scorekeeper.vision.reading import CLASSES

    row = np.zeros(len(CLASSES), np.float32)
    for card, share in cards.items():
        row[CLASSES.index(card.removeprefix("c"))] = share
    row[CLASSES.index("none")] += 1.0 - row.sum()
    return row


def test_a_whole_card_whose_corners_agree_on_the_rank_alone_is_named_by_it():
    from scorekeeper.vision.reading import FAINT_AT_MOST, faint_ranks

    corners = [_corner(0)] * 3 + [_corner(1)] * 2 + [_corner(2)] * 2 + [_corner(3)] * 2
    corners += [_corner(4)] * 2 + [_corner(5)] * 2
    nothing = _spread()
    as_cut = np.stack(
        [
            # outline 0: the 6 at two corners, its pip split between clubs and spades; the
            # third corner reads no card
            _spread(c6C=0.45, c6S=0.40),
            _spread(c6C=0.20, c6S=0.13),
            nothing,
            # outline 1: two corners, two ranks
            _spread(c9C=0.5),
            _spread(c6C=0.5),
            # outline 2: one corner's rank under 0.3
            _spread(c9D=0.6),
            _spread(c9D=0.25),
            # outline 3: named already
            _spread(c5H=0.6),
            _spread(c5H=0.6),
            # outline 4: a king at 0.35, its suit split evenly
            _spread(cKS=0.18, cKC=0.17),
            _spread(cKS=0.17, cKC=0.18),
            # outline 5: sure
            _spread(cQH=0.9),
            _spread(cQH=0.85),
        ]
    )
    flattened = np.stack([nothing] * len(corners))
    flattened[1] = _spread(c6S=0.55, c6C=0.25)
    read = [
        (r.corner.outline, r.card, round(r.confidence, 2))
        for r in faint_ranks(corners, as_cut, flattened, named={3})
    ]
    # outline 0: the 6's probability, the greater ink's, is 0.85 at the first corner and
    # 0.80 (flattened) at the second; clubs sum 0.45 + 0.20 + 0.25 = 0.90, spades
    # 0.40 + 0.13 + 0.55 = 1.08: spades, 0.85 x 1.08 / 1.98 = 0.46 sure. Outline 4: spades
    # and clubs 0.35 each, the first of the suits, 0.35 x 0.5 = 0.175 sure, under 0.3: none.
    # Outline 5: 0.9, shown at most 0.75.
    assert FAINT_AT_MOST == 0.75
    assert read == [(0, "6S", 0.46), (5, "QH", 0.75)]


def test_a_pale_index_under_a_shadow_is_found_against_the_paper_around_it():
    from scorekeeper.vision.corners import PATCH, PLACES, features, shows_an_index

    width, height = PATCH
    # a pink card's corner, the top in a shadow (the paper 120 at the top row, 235 at the
    # bottom), a "2" and its pip printed in a pale red that darkens the paper by a third
    light = np.linspace(120, 235, height)[:, None, None]
    paper = np.broadcast_to(light * np.float32([0.87, 0.87, 1.0]), (height, width, 3))
    drawn = np.zeros((height, width), np.uint8)
    cv2.putText(drawn, "2", (8, 24), cv2.FONT_HERSHEY_SIMPLEX, 0.6, 1, 2, cv2.LINE_8)
    cv2.circle(drawn, (14, 33), 5, 1, -1)  # the pip: columns 9..19, rows 28..38
    patch = np.where(drawn[..., None] == 1, paper * np.float32([0.62, 0.62, 0.95]), paper)
    patch = patch.astype(np.uint8)

    # one level over the whole patch parts the shadow from the light, and the ink with it
    assert not shows_an_index(features([patch]))[0]
    rows = features([patch], flattened=True)
    assert shows_an_index(rows)[0]
    rank = rows[0, PLACES : PLACES + 4] * [width, height, width, height]
    pip = rows[0, PLACES + 4 : PLACES + 8] * [width, height, width, height]
    assert np.allclose(pip, [9, 28, 11, 11], atol=1)
    # the "2" lies within the text's box above the pip: columns 8..21, rows 10..24
    assert rank[0] >= 7 and rank[0] + rank[2] <= 22 and rank[1] >= 9 and rank[1] + rank[3] <= 25


def _facing_indices(card_width: float) -> tuple[CornerReading, CornerReading]:
    """A card ``card_width`` wide (and 1.45 times as long) lying upright, its two indices read
    as 7H at corners cut 100 wide: the top-left one, and the bottom-right one printed half a
    turn round."""
    top_left = Corner(np.float32([0, 0]), np.float32([1, 0]), np.float32([0, 1]), 100.0, 0)
    bottom_right = Corner(
        np.float32([card_width, card_width * 1.45]),
        np.float32([-1, 0]),
        np.float32([0, -1]),
        100.0,
        1,
    )
    return CornerReading(top_left, "7H", 0.9), CornerReading(bottom_right, "7H", 0.9)


def test_a_card_nearer_the_phone_than_the_others_is_one_card_from_its_two_indices():
    # 130 wide (the phone tilted, the card nearer it) where the corners are cut at 100: its
    # indices 130 x 188.5 apart, 2.29 cut widths, facing each other: one card
    assert same_card(*_facing_indices(130))
    # 150 wide: 2.64 cut widths apart, further than any card's diagonal at this tilt: two
    assert not same_card(*_facing_indices(150))
    # unless their rank glyphs measure the card: 25.8 tall each, 25.8 / 0.172 = 150 wide
    # (1.5 cut widths, within GLYPHS_WIDER_AT_MOST 1.6), and 264.2 / 150 = 1.76 widths apart
    measured = [replace(reading, glyph=25.8) for reading in _facing_indices(150)]
    assert same_card(*measured)
    # glyphs 29.24 tall measure 170 (1.7 cut widths): a deck's large print more likely than so
    # near a card, and 264.2 / 170 = 1.55 widths is a card's two indices only by that measure
    assert not same_card(*[replace(reading, glyph=29.24) for reading in _facing_indices(150)])


def test_an_outline_whose_one_corner_reads_a_narrower_card_may_be_a_row():
    from scorekeeper.vision.reading import GLYPH_SHARE, _maybe_rows

    def read(outline, sureness, glyph, card="AD"):
        return CornerReading(_corner(outline), card, sureness, glyph=glyph)

    readings = [
        # outline 1: one corner, surely, a glyph 15.48 tall: a card 15.48 / 0.172 = 90 wide,
        # the outline's 100 over 1.11: its first card's index, the rest of the row unread
        read(1, 0.95, 15.48),
        # outline 2: the glyph measures the card 100 wide, the outline's own: one card
        read(2, 0.95, 17.2),
        # outline 3: one corner, unsurely, the same glyph: a stack's top card in a glare
        read(3, 0.6, 15.48),
        # outline 4: two corners read: a card's two indices
        read(4, 0.95, 15.48),
        read(4, 0.9, 15.48),
        # outline 5: one corner whose glyph was not measured: no measure of anything
        read(5, 0.95, 0.0),
        # outline 6: a joker, which prints no rank glyph to measure
        read(6, 0.95, 15.48, "JK"),
        # outline 7: its corners read two names, one surely, one not (a stack's top card at
        # one end, its last card's index at the other, in its shade): two cards, a row
        read(7, 0.99, 17.2, "7D"),
        read(7, 0.66, 17.2, "4S"),
    ]
    assert GLYPH_SHARE == 0.172
    # outline 0 read nothing: a row whose indices lie along its edges, or no card
    assert _maybe_rows(readings, {0, 1, 2, 3, 4, 5, 6, 7}) == {0, 1, 3, 7}


def test_the_index_model_is_within_the_size_the_repository_allows():
    # the bound on the model file kept in the repository
    assert MODEL.stat().st_size <= 20 * 1024 * 1024


def test_a_card_stepping_out_by_a_short_edge_is_looked_at_from_its_corner():
    # a row of two cards 100 wide: the second steps down 5 (under 0.08 of a width, too short
    # an edge for its corner to be taken for a card's) and runs on from (100, 5) to (250, 5).
    # Its top edge's points start 6 along it, and its corner (100, 5) is looked at too, the
    # patch along the edge (+x) and into the row (+y); no other corner is added: the outline's
    # other corners have long edges on both sides
    outline = np.float32([(0, 0), (100, 0), (100, 5), (250, 5), (250, 160), (0, 160)])
    found = edge_points([outline], 100.0)
    on_the_step = [c for c in found if abs(c.point[1] - 5) < 1e-3]
    assert sorted(round(float(c.point[0]), 3) for c in on_the_step)[:2] == [100, 106]
    corner = next(c for c in on_the_step if abs(c.point[0] - 100) < 1e-3)
    assert tuple(np.round(corner.across, 3)) == (1, 0)
    assert tuple(np.round(corner.down, 3)) == (0, 1)
    at_vertices = [c for c in found if any(np.linalg.norm(c.point - v) < 1e-3 for v in outline)]
    assert [tuple(c.point.tolist()) for c in at_vertices] == [(100.0, 5.0)]


def test_where_a_cards_own_edge_crosses_a_row_a_corner_is_looked_at():
    # a row of three cards 100 wide, 145 long on green felt, each lying 60 right of the one
    # under it: the row's outline is one light region from x 50 to 270, y 50 to 195, its top
    # edge straight. The second and third cards' left edges are 2-pixel grey lines at x 110
    # and 170 running down across the row: each meets the top edge where that card's index
    # corner is, the patch along the edge (+x) and into the row (+y)
    photo = np.full((300, 400, 3), (40, 110, 30), np.uint8)
    for left in (50, 110, 170):
        cv2.rectangle(photo, (left, 50), (left + 99, 194), (250, 250, 250), -1)
        if left > 50:  # the first card's left edge is the row's outline
            cv2.rectangle(photo, (left, 50), (left + 1, 194), (90, 90, 90), -1)
    outline = np.float32([(50, 50), (270, 50), (270, 195), (50, 195)])
    found = edge_crossings(photo, [outline], 100.0)
    on_top = sorted((c for c in found if abs(c.point[1] - 50) < 1e-3), key=lambda c: c.point[0])
    assert [round(float(c.point[0])) for c in on_top] == [110, 170]
    assert all(tuple(np.round(c.across, 3)) == (1, 0) for c in on_top)
    assert all(tuple(np.round(c.down, 3)) == (0, 1) for c in on_top)
    # a dark patch 40 wide across the band (x 120 to 159: a shadow, a glyph's ink) is looked
    # at from its two ends, not every 5 (CROSSING_APART) along it: the columns, all as dark,
    # are taken from the left, where the one 2 to a side (CROSSING_BESIDE, whole pixels) is
    # light: 120 and 158 (160 is light; 159 lies within 5 of 158). A line that stops short
    # of three quarters of the band (1 to 12 in from the edge) is nothing
    photo = np.full((300, 400, 3), (40, 110, 30), np.uint8)
    cv2.rectangle(photo, (50, 50), (269, 194), (250, 250, 250), -1)
    cv2.rectangle(photo, (120, 50), (159, 80), (20, 20, 20), -1)
    cv2.rectangle(photo, (200, 56), (201, 80), (20, 20, 20), -1)
    on_top = [c for c in edge_crossings(photo, [outline], 100.0) if c.point[1] < 60]
    assert [round(float(c.point[0])) for c in on_top] == [120, 158]
    # an outline smaller than 0.6 of a card's area (a speck, a glass's rim) is not looked along
    small = np.float32([(50, 50), (150, 50), (150, 120), (50, 120)])
    assert edge_crossings(photo, [small], 100.0) == []


def test_a_stack_whose_edge_the_indices_notch_has_its_outer_corner_on_its_hull():
    # a stack of cards 100 wide, its long left edge notched by every card's index ink (a
    # sawtooth 4 deep every 20 from y 290 up to y 10) and its bottom-left corner rounded off
    # (cut from (10, 300) to (0, 290)): no edge on the left is long enough for a corner, and
    # the outline finds none there (only a tooth at (0, 290), turned 11 degrees). The hull
    # has a straight left edge from (0, 290) to (0, 0) and the bottom edge from (100, 300):
    # extended, they meet at (0, 300), 10 from the bottom edge's end; seen there, the edge
    # up (0, -1) turns clockwise into the edge right (1, 0): "across" up, "down" right, the
    # last card's index corner. The hull's three other corners are the outline's own
    from scorekeeper.vision.reading import corners, hull_corners, rounded_corners

    left = [(0 if k % 2 == 0 else 4, y) for k, y in enumerate(range(290, 0, -20))]
    stack = np.float32([(0, 0), (100, 0), (100, 300), (10, 300), *left])
    found = corners([stack], 100.0) + rounded_corners([stack], 100.0)
    assert not any(np.allclose(c.point, (0, 300), atol=3) for c in found)
    (corner,) = hull_corners([stack], 100.0, found)
    assert corner.point == pytest.approx((0, 300), abs=0.01)
    assert corner.across == pytest.approx((0, -1), abs=0.001)
    assert corner.down == pytest.approx((1, 0), abs=0.001)
    assert (corner.width, corner.outline) == (100.0, 0)


def test_a_card_in_a_shadow_beside_lit_cards_is_found_whole():
    # a dark table (whiteness 0) with three lit cards 60 x 87 (grey 180: whiteness 180) and a
    # fourth in a shadow (grey 85). Otsu's level falls between the table and the shaded
    # card, under the lit level 110: at the lit level the three lit cards are whole, at the
    # dim level all four, one more only, so the lit level stands; the shaded card, whole at
    # the dim level, touching no lit card and lit nowhere, is added to it
    from scorekeeper.vision import reading as steps

    photo = np.full((300, 400, 3), (30, 45, 60), np.uint8)
    for x in (30, 120, 210):
        photo[40:127, x : x + 60] = 180
    photo[160:247, 300:360] = 85
    score = cv2.GaussianBlur(steps.whiteness(photo), (5, 5), 0)
    level, _ = cv2.threshold(score, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    assert steps.DIM_FACE <= level < 85 < steps.LIT_FACE
    _polygons, _found, whole = steps.find_corners(photo)
    assert len(whole) == 4
    assert steps.card_mask(photo)[200, 330] == 255
    # without the shaded cards (the index model's training corners): three
    _polygons, _found, whole = steps.find_corners(photo, shaded=False)
    assert len(whole) == 3
    # the same card lit over its top 70 of 87 rows: the lit level covers 70 / 87 = 0.80 of
    # it, over SHADED_LIT_AT_MOST 0.75: a lit card, not one in a shadow; its shaded foot stays
    # out of the mask
    photo[160:230, 300:360] = 180
    mask = steps.card_mask(photo)
    assert (mask[200, 330], mask[240, 330]) == (255, 0)
