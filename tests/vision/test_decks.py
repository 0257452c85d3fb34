"""The cache of drawn deck cards: a file damaged on disk is drawn again, never read as a card."""

from __future__ import annotations

import cv2

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
