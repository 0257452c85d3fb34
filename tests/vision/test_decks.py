"""The cache of drawn deck cards: a file damaged on disk is drawn again, never read as a card."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from scorekeeper.vision.training import decks


def test_a_damaged_cached_render_is_drawn_again(tmp_path, monkeypatch):
    monkeypatch.setattr(decks, "CACHE", tmp_path)
    first = decks.render("svg-standard", "7_spade")
    assert first is not None and first.ndim == 3 and first.shape[2] == 4
    cached = tmp_path / "svg-standard" / "7_spade.png"
    # what a run killed halfway through writing leaves: the PNG's first part only
    cached.write_bytes(cached.read_bytes()[:2000])
    assert cv2.imread(str(cached), cv2.IMREAD_UNCHANGED) is None

    again = decks.render("svg-standard", "7_spade")

    assert again is not None and again.shape == first.shape
    assert (again == first).all()
    reread = cv2.imread(str(cached), cv2.IMREAD_UNCHANGED)
    assert reread is not None and reread.shape == first.shape


def test_drawing_leaves_no_partial_files_beside_the_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(decks, "CACHE", tmp_path)
    assert decks.render("svg-standard", "queen_heart") is not None
    assert sorted(p.name for p in (tmp_path / "svg-standard").iterdir()) == [
        "queen_heart.png",
        "zoom.txt",
    ]


def _index_ink(card):
    """The top-left index's ink pixels (BGR), those well darker than the paper."""
    corner = card[: card.shape[0] // 5, : card.shape[1] // 5, :3].reshape(-1, 3).astype(int)
    return corner[corner.min(axis=1) < 120]


@pytest.mark.parametrize(
    ("deck", "width", "zoom"),
    # each element is a 72 x 112 (xskat) or 72 x 96 (konqi) picture on the sheet: drawn
    # 420 tall, at zoom 420 / 112 = 3.75 and 420 / 96 = 4.375, 72 * 3.75 = 270 and
    # 72 * 4.375 = 315 wide
    [("svg-xskat-french", 270, "3.7500"), ("svg-konqi-modern", 315, "4.3750")],
)
def test_the_decks_librsvg_cannot_draw_alone_are_cut_whole_from_their_sheet(
    deck, width, zoom, tmp_path, monkeypatch
):
    monkeypatch.setattr(decks, "CACHE", tmp_path)

    cards = {e: decks.render(deck, e) for e in ("1_spade", "queen_heart", "king_club")}

    for card in cards.values():
        assert card is not None and card.shape == (decks.CARD_HEIGHT, width, 4)
        # the card itself fills its middle: opaque and not blank
        middle = card[decks.CARD_HEIGHT // 4 : -decks.CARD_HEIGHT // 4, width // 4 : -width // 4]
        assert (middle[:, :, 3] == 255).all()
        assert len(_index_ink(card)) > 100
    assert not (cards["1_spade"] == cards["king_club"]).all()
    # the sheet is drawn once for the measure (zoom 1) and once at the cards' zoom, then
    # kept beside the cards
    assert sorted(p.name for p in (tmp_path / deck).iterdir()) == [
        "1_spade.png",
        "king_club.png",
        "queen_heart.png",
        "sheet-1.0000.png",
        f"sheet-{zoom}.png",
        "zoom.txt",
    ]


def test_the_german_deck_prints_its_hearts_red_and_spades_black(tmp_path, monkeypatch):
    monkeypatch.setattr(decks, "CACHE", tmp_path)
    heart = _index_ink(decks.render("svg-xskat-french", "queen_heart"))
    spade = _index_ink(decks.render("svg-xskat-french", "1_spade"))

    # red: bright in the red channel (BGR's last), dark in the others
    assert np.mean((heart[:, 2] > 180) & (heart[:, 1] < 90)) > 0.5
    assert np.mean(spade.max(axis=1) < 90) > 0.5


def test_a_deck_an_older_renderer_could_not_measure_is_measured_again(tmp_path, monkeypatch):
    monkeypatch.setattr(decks, "CACHE", tmp_path)
    # what the renderer that used only librsvg's element export left in the cache
    (tmp_path / "svg-xskat-french").mkdir()
    (tmp_path / "svg-xskat-french" / "zoom.txt").write_text("0.0")

    card = decks.render("svg-xskat-french", "7_diamond")

    assert card is not None and card.shape[0] == decks.CARD_HEIGHT
    assert float((tmp_path / "svg-xskat-french" / "zoom.txt").read_text()) == 420 / 112


def test_a_drawing_alone_is_printed_on_a_blank_card():
    # a 20 x 20 black square, opaque, on a card 100 wide and 145 long: scaled into the
    # middle 80% (80 x 80, from row 32 and column 10), on white, the corners rounded off
    drawing = np.zeros((20, 20, 4), np.uint8)
    drawing[:, :, 3] = 255
    card = decks.on_blank_card(drawing, 145, 100)
    assert card.shape == (145, 100, 4)
    assert (card[32:112, 10:90, :3] == 0).all()
    assert (card[20, 50] == (255, 255, 255, 255)).all()
    assert card[0, 0, 3] == 0 and card[144, 99, 3] == 0  # outside the rounded corners
    assert (card[0, 50, :3] < 255).all() and card[0, 50, 3] == 255  # the card's edge


def test_svg_gm_paris_joker_has_a_card_of_its_own():
    # the deck draws its joker as a picture on nothing: a photo showed the picture alone
    joker = decks.deck_faces("svg-gm-paris")["JK"][0]
    seven = decks.deck_faces("svg-gm-paris")["7C"][0]
    assert joker.shape == seven.shape
    assert float((joker[:, :, 3] > 200).mean()) > 0.95
