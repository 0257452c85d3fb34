"""Benchmark of the cards read in a photo, on decks the index model never saw (issue 31).

Run (needs Debian's kdegames-card-data-kf5 and librsvg2-bin, which draw the decks):
    OMP_NUM_THREADS=1 .venv/bin/python benchmarks/bench_recognize.py [--photos 100]

Synthetic table photos (scorekeeper/vision/training/scenes.py) of the held-out decks
(scorekeeper/vision/training/decks.py: HELD_OUT_DECKS), spread and fanned apart, each a
JPEG at 1600 px as a phone sends it, read through the public ``recognize()``:

- cards read right: the share of the photos' cards found with the right name (the
  multiset of names read against the truth: a card read as another is one miss and one
  phantom);
- photos read exactly: the share of photos whose read cards are exactly the truth;
- phantom cards: the share of photos with a card read that is not there;
- each photo that fails, counted under what it shows (glare, shadow, four-colour deck,
  French or German letters, a joker, a fan tighter than a third of a card, ...);
- seconds per photo on one core: the reading thread's CPU time, at 1600 px and for the
  same photos enlarged to 12 megapixels (4000 x 3000).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from scorekeeper.vision import recognize  # noqa: E402
from scorekeeper.vision.training.decks import (  # noqa: E402
    HELD_OUT_DECKS,
    SHEET_DECKS,
    TRAINING_DECKS,
)
from scorekeeper.vision.training.scenes import make_scene  # noqa: E402


def jpeg(pixels: np.ndarray, quality: int = 88) -> bytes:
    ok, encoded = cv2.imencode(".jpg", pixels, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return encoded.tobytes()


def measure(
    layout: str, photos: int, decks: tuple[str, ...], seed: int, examples: int = 12
) -> dict:
    rng = np.random.default_rng(seed)
    cards = right = exact = phantom_photos = 0
    seconds: list[float] = []
    failures: Counter[str] = Counter()
    failed_examples: list[str] = []
    unsure_wrong = wrong = 0
    for number in range(photos):
        scene = make_scene(rng, decks, layout=layout)
        data = jpeg(scene.photo)
        started = time.thread_time()
        answer = recognize(data)
        seconds.append(time.thread_time() - started)
        truth = Counter(card.card for card in scene.cards)
        read = Counter(card["card"] for card in answer["cards"])
        found = sum((truth & read).values())
        extra = sum((read - truth).values())
        cards += sum(truth.values())
        right += found
        exact += truth == read
        phantom_photos += extra > 0
        wrong_indices = set()
        remaining = Counter(truth)
        for index, card in enumerate(answer["cards"]):
            if remaining[card["card"]] > 0:
                remaining[card["card"]] -= 1
            else:
                wrong_indices.add(index)
        wrong += len(wrong_indices)
        unsure_wrong += len(wrong_indices & set(answer["unsure"]))
        if truth != read:
            kinds = list(scene.notes)
            if layout == "fanned" and len(scene.cards) > 1:
                kinds.append("fanned")
            for kind in kinds:
                failures[kind] += 1
            if len(failed_examples) < examples:
                missed = sorted((truth - read).elements())
                phantoms = sorted((read - truth).elements())
                failed_examples.append(
                    f"#{number} ({', '.join(scene.notes)}; {len(scene.cards)} cards): "
                    f"missed {missed or '-'}, read but not there {phantoms or '-'}"
                )
    return {
        "photos": photos,
        "cards": cards,
        "cards right": right / max(1, cards),
        "photos exact": exact / photos,
        "photos with a phantom": phantom_photos / photos,
        "median s": statistics.median(seconds),
        "p95 s": sorted(seconds)[int(0.95 * (len(seconds) - 1))],
        "failures": failures,
        "examples": failed_examples,
        "wrong flagged unsure": f"{unsure_wrong}/{wrong}",
    }


def big_photo_seconds(photos: int, decks: tuple[str, ...], seed: int) -> list[float]:
    rng = np.random.default_rng(seed)
    seconds = []
    for _ in range(photos):
        scene = make_scene(rng, decks, layout="spread", size=(1600, 1200))
        big = cv2.resize(
            scene.photo,
            (4000, 3000) if scene.photo.shape[1] > scene.photo.shape[0] else (3000, 4000),
            interpolation=cv2.INTER_CUBIC,
        )
        data = jpeg(big, 92)
        started = time.thread_time()
        recognize(data)
        seconds.append(time.thread_time() - started)
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=100, help="photos per layout")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--training-decks", action="store_true", help="measure on the decks learnt from"
    )
    parser.add_argument(
        "--decks",
        help="measure on these decks instead (comma-separated), e.g. the sheet decks: "
        + ",".join(SHEET_DECKS),
    )
    parser.add_argument("--examples", type=int, default=12, help="failed photos listed per layout")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    decks = TRAINING_DECKS if args.training_decks else HELD_OUT_DECKS
    if args.decks:
        decks = tuple(args.decks.split(","))
    print(f"decks: {', '.join(decks)}")
    for offset, layout in enumerate(("spread", "fanned")):
        result = measure(layout, args.photos, decks, args.seed + offset, args.examples)
        print(
            f"{layout}: {result['photos']} photos, {result['cards']} cards: "
            f"cards right {result['cards right']:.1%}, photos exact {result['photos exact']:.1%}, "
            f"photos with a phantom {result['photos with a phantom']:.1%}, "
            f"wrong readings flagged unsure {result['wrong flagged unsure']}, "
            f"CPU s per photo median {result['median s']:.3f} p95 {result['p95 s']:.3f}"
        )
        print("  failed photos by what they show:", dict(result["failures"].most_common()))
        for example in result["examples"]:
            print("   ", example)
    big = big_photo_seconds(max(3, args.photos // 10), decks, args.seed + 7)
    print(f"12 Mpx: CPU s per photo median {statistics.median(big):.3f} max {max(big):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
