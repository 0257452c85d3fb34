"""The reader's steps on drawn shapes whose answers are worked out by hand."""

from __future__ import annotations

import numpy as np

from scorekeeper.vision.corners import index_glyphs
from scorekeeper.vision.reading import Corner, CornerReading, card_width, same_card


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


def test_a_frame_along_the_cards_edge_does_not_swallow_the_index():
    ink = _ink()
    ink[0:2, :] = 1  # a printed frame along the top and left edges...
    ink[:, 0:2] = 1
    ink[2:21, 5:9] = 1  # ...that the rank glyph touches
    ink[24:33, 4:12] = 1
    rank, suit = index_glyphs(ink)
    assert rank == (5, 2, 4, 19)
    assert suit == (4, 24, 8, 9)


def test_a_patch_without_ink_holds_no_index():
    assert index_glyphs(_ink()) == (None, None)


def test_a_row_of_overlapping_cards_is_as_tall_as_one_card_is_long():
    # cards overlapping in a row, the last ones a little lower: the row's outline is 400
    # long and its tightest box 150 tall, one card's length; its longest edge (400, along
    # several cards' tops) would make a card 276 wide
    row = np.float32([(0, 0), (400, 0), (400, 150), (200, 150), (200, 145), (0, 145)])
    assert abs(card_width([row]) - 150 / 1.45) < 1.0


def _reading(outline, point, card="JC"):
    corner = Corner(np.float32(point), np.float32([1, 0]), np.float32([0, 1]), 100.0, outline)
    return CornerReading(corner, card, 0.9)


def test_agreeing_readings_from_pieces_of_one_card_are_one_card():
    # a court card's picture splits its light region in two; each piece's index-like
    # corner places the card's centre half a card's width from the other's
    one, other = _reading(1, (0, 0)), _reading(2, (50, 0))
    assert same_card(one, other, frozenset({1, 2}))
    # in a row of cards the same two readings are two cards (two decks' jacks side by side)
    assert not same_card(one, other, frozenset())
    # and pieces never join readings of different cards
    assert not same_card(one, _reading(2, (50, 0), "QC"), frozenset({1, 2}))
