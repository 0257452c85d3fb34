#!/usr/bin/env python3
"""Make the card index model (scorekeeper/vision/card_index.onnx) again from scratch.

Needs Debian's card decks, librsvg's converter, the fonts the index glyphs are drawn in and
the learning libraries, which ``scripts/setup --vision-train`` installs; then

    OMP_NUM_THREADS=1 nice -n 19 .venv/bin/python scripts/make_card_model.py

The decks are drawn once into a cache (CARD_RENDER_CACHE, default
/tmp/scorekeeper-card-renders); each member of the model learns from photos of its own of the
training decks of scorekeeper/vision/training/decks.py only, and the whole is checked on the
decks kept out.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# one thread: the machine's other work comes first
for _threads in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from scorekeeper.vision.corners import features  # noqa: E402
from scorekeeper.vision.reading import MODEL  # noqa: E402
from scorekeeper.vision.training.decks import HELD_OUT_DECKS, TRAINING_DECKS  # noqa: E402
from scorekeeper.vision.training.train import (  # noqa: E402
    export,
    font_corners,
    report,
    samples,
    train,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--members", type=int, default=6, help="models that read together, each its own photos"
    )
    parser.add_argument("--scenes", type=int, default=140, help="synthetic photos each learns from")
    parser.add_argument(
        "--font-corners", type=int, default=20000, help="index corners each learns drawn in fonts"
    )
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--out", type=Path, default=MODEL)
    args = parser.parse_args()
    models = None
    for number, seeds in enumerate(np.random.SeedSequence(args.seed).spawn(args.members)):
        photos, fonts = (np.random.default_rng(s) for s in seeds.spawn(2))
        patches, labels = samples(photos, TRAINING_DECKS, args.scenes)
        rows = features(patches)
        drawn, drawn_labels = font_corners(fonts, args.font_corners)
        rows = np.concatenate([rows, features(drawn)])
        labels = np.concatenate([labels, np.array(drawn_labels)])
        member = train(rows, labels, args.seed + number)
        print(
            f"member {number + 1}: {len(patches)} corners from {args.scenes} photos and"
            f" {len(drawn)} drawn in fonts",
            flush=True,
        )
        report(member, rows, labels, "training decks")
        models = member if models is None else models + member
    held_patches, held_labels = samples(
        np.random.default_rng(args.seed + 1), HELD_OUT_DECKS[:2], 20, 0
    )
    report(models, features(held_patches), held_labels, "held-out decks")
    export(models, args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
