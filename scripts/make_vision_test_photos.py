#!/usr/bin/env python3
"""Make the small photos of tests/vision/photos/ again, with their truth (truth.json).

The cards each photo shows are the generator's own record of what it laid on the table,
so the tests compare the reader against the truth, never against its own earlier output.
Needs the decks (see scripts/make_card_model.py); the photos are kept small (960 px,
JPEG quality 72).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from scorekeeper.vision.training.scenes import make_scene  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tests" / "vision" / "photos"
SIZE = (960, 720)

# name: (seed, decks, layout, cards, options)
PHOTOS = {
    "spread-standard.jpg": (1, ("svg-standard",), "spread", ["AS", "10H", "7C", "QD", "KS"], {}),
    "spread-held-out-deck.jpg": (2, ("svg-gm-paris",), "spread", ["3H", "9S", "JC", "2D"], {}),
    "fanned-standard.jpg": (
        3,
        ("svg-standard",),
        "fanned",
        ["4H", "5H", "6H", "9C", "9C", "KD"],
        {},
    ),
    "german-letters.jpg": (
        4,
        ("svg-standard",),
        "spread",
        ["JS", "QH", "KC", "AD"],
        {"letters": "german"},
    ),
    "french-letters.jpg": (
        5,
        ("svg-standard",),
        "spread",
        ["JH", "QS", "KD", "8C"],
        {"letters": "french"},
    ),
    "four-colour.jpg": (
        6,
        ("svg-standard",),
        "spread",
        ["5D", "6C", "7H", "8S", "AD", "AC"],
        {"four_colour_deck": True},
    ),
    "joker.jpg": (7, ("svg-nicu-ornamental",), "spread", ["JK", "2S", "2H"], {"jokers": True}),
    "empty-table.jpg": (8, ("svg-standard",), "spread", [], {}),
    # a held-out deck that prints its indices small and thin, its red pale on a tinted card
    "faint-index.jpg": (
        65,
        ("svg-tigullio-international",),
        "spread",
        ["2D", "6H", "8S", "4C", "9D", "3H"],
        {},
    ),
    # a held-out deck whose small black corner pips read as clubs: the faces' spades do not
    "face-pips.jpg": (
        302,
        ("svg-penguins",),
        "spread",
        ["3S", "7S", "9S", "4D", "6C", "8H"],
        {},
    ),
    # the phone held at 32 degrees from straight above: the far cards half the near ones' size
    "tilted.jpg": (
        16,
        ("svg-nicu-white",),
        "spread",
        ["2C", "5D", "9H", "JS", "QC", "KH", "AD", "7S"],
        {"tilt": 32.0},
    ),
}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    truth = {}
    for name, (seed, decks, layout, cards, options) in PHOTOS.items():
        options = {
            "letters": None,
            "four_colour_deck": False,
            "jokers": False,
            "tilt": 15.0,
        } | options
        scene = make_scene(
            np.random.default_rng(seed), decks, layout=layout, cards=cards, size=SIZE, **options
        )
        ok, encoded = cv2.imencode(".jpg", scene.photo, [cv2.IMWRITE_JPEG_QUALITY, 72])
        assert ok
        (OUT / name).write_bytes(encoded.tobytes())
        truth[name] = {
            "cards": sorted(card.card for card in scene.cards),
            "layout": layout,
            "decks": sorted({card.deck for card in scene.cards}),
            "shows": scene.notes,
            # each card as laid, with its outline's four corners (photo pixels)
            "laid": [card.card for card in scene.cards],
            "outlines": [
                [[round(float(v), 1) for v in p] for p in card.outline] for card in scene.cards
            ],
        }
        print(name, len(encoded) // 1024, "KiB", truth[name]["cards"])
    (OUT / "truth.json").write_text(json.dumps(truth, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
