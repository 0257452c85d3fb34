"""The index model learnt from synthetic photos of the training decks.

Every corner the runtime's own steps find in a generated photo is labelled from the scene's
truth: the card, where the corner is a card's index corner showing upright in its patch,
else ``none`` (a card's other corners, a coin's or a glass's edge, the table). Each index
corner that shows is also cut a few more times with the small errors the steps make (the
corner a little off, the card width misjudged by tilt, the edges a few degrees off). A
scikit-learn pipeline (scaling and a small MLP) learns the classes and is exported to ONNX
(skl2onnx), which the runtime reads with ONNX Runtime.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable

import numpy as np

from ..corners import cut_corner, features
from ..reading import CLASSES, Corner, find_corners, index_grey
from .scenes import Scene, make_scene

TRAINING_SIZE = (1280, 960)


def _truth_corners(scene: Scene) -> list[tuple[Corner, str]]:
    """Each showing index corner of the scene as the runtime would see it, with its card."""
    found = []
    for truth in scene.cards:
        o = truth.outline
        width = float(np.linalg.norm(o[1] - o[0]))
        for name, at, towards in (("top-left", 0, (1, 3)), ("bottom-right", 2, (3, 1))):
            if not truth.shows.get(name):
                continue
            if name == "bottom-right" and not truth.rotated_bottom_index:
                continue
            across = o[towards[0]] - o[at]
            down = o[towards[1]] - o[at]
            corner = Corner(
                o[at].astype(np.float32),
                (across / np.linalg.norm(across)).astype(np.float32),
                (down / np.linalg.norm(down)).astype(np.float32),
                width,
                -1,
            )
            found.append((corner, truth.card))
    return found


def _label(corner: Corner, truths: list[tuple[Corner, str]]) -> str | None:
    """The card whose index corner this is; ``none``; or None where the patch is doubtful
    (near an index corner but cut askew), which is left out of learning."""
    for truth, card in truths:
        off = np.linalg.norm(corner.point - truth.point) / truth.width
        if off < 0.07 and float(np.dot(corner.across, truth.across)) > 0.94:
            return card
        if off < 0.16:
            return None
    return "none"


def _jittered(rng: np.random.Generator, corner: Corner) -> Corner:
    turn = math.radians(rng.normal(0, 4))
    c, s = math.cos(turn), math.sin(turn)
    rotation = np.float32([[c, -s], [s, c]])
    # other decks print their index a little further in or out, larger or smaller
    shift = rng.normal(0, 0.04, 2) * corner.width
    return Corner(
        (corner.point + shift).astype(np.float32),
        (rotation @ corner.across).astype(np.float32),
        (rotation @ corner.down).astype(np.float32),
        corner.width * float(np.exp(rng.normal(0, 0.22))),
        -1,
    )


def samples(
    rng: np.random.Generator, decks: tuple[str, ...], scenes: int, extra: int = 4
) -> tuple[np.ndarray, np.ndarray]:
    rows, labels = [], []
    for _ in range(scenes):
        scene = make_scene(rng, decks, size=TRAINING_SIZE)
        grey = index_grey(scene.photo)
        truths = _truth_corners(scene)
        _polygons, found, _whole = find_corners(scene.photo)
        for corner in found:
            label = _label(corner, truths)
            if label is None:
                continue
            rows.append(cut_corner(grey, corner.point, corner.across, corner.down, corner.width))
            labels.append(CLASSES.index(label))
        for corner, card in truths:
            for _ in range(extra):
                moved = _jittered(rng, corner)
                rows.append(cut_corner(grey, moved.point, moved.across, moved.down, moved.width))
                labels.append(CLASSES.index(card))
        # the faces' insides and the table, seen as if they were corners
        height, width = grey.shape
        card_width = (
            float(np.median([np.linalg.norm(t.outline[1] - t.outline[0]) for t in scene.cards]))
            if scene.cards
            else 150.0
        )
        for _ in range(4):
            angle = rng.uniform(0, 2 * math.pi)
            across = np.float32([math.cos(angle), math.sin(angle)])
            down = np.float32([-across[1], across[0]])
            point = np.float32([rng.uniform(0, width), rng.uniform(0, height)])
            if any(np.linalg.norm(point - t.point) < 0.3 * t.width for t, _c in truths):
                continue
            rows.append(cut_corner(grey, point, across, down, card_width))
            labels.append(CLASSES.index("none"))
    labels = np.array(labels)
    # the table and the cards' blank corners outnumber the indices many times: keep four
    # of them for each index, drawn at random
    nothing = np.flatnonzero(labels == CLASSES.index("none"))
    most = 4 * (len(labels) - len(nothing))
    if len(nothing) > most:
        dropped = set(rng.choice(nothing, len(nothing) - most, replace=False).tolist())
        kept = [i for i in range(len(labels)) if i not in dropped]
        rows = [rows[i] for i in kept]
        labels = labels[kept]
    return features(rows), labels


def train(rows: np.ndarray, labels: np.ndarray, seed: int = 0):
    # the learning libraries are the vision-train extra, never installed to run the app
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    model = make_pipeline(
        StandardScaler(),
        MLPClassifier(
            hidden_layer_sizes=(384,),
            alpha=1e-3,
            batch_size=256,
            learning_rate_init=1e-3,
            max_iter=60,
            early_stopping=True,
            n_iter_no_change=6,
            random_state=seed,
        ),
    )
    # every class in the output, in CLASSES order, even one no sample fell in
    missing = sorted(set(range(len(CLASSES))) - set(labels.tolist()))
    if missing:
        rows = np.concatenate([rows, np.zeros((len(missing), rows.shape[1]), np.float32)])
        labels = np.concatenate([labels, np.array(missing)])
    model.fit(rows, labels)
    return model


def export(model, rows: int, path) -> None:
    # the vision-train extra, as above
    from skl2onnx import convert_sklearn
    from skl2onnx.common.data_types import FloatTensorType

    onnx_model = convert_sklearn(
        model,
        initial_types=[("features", FloatTensorType([None, rows]))],
        options={id(model): {"zipmap": False}},
        target_opset=17,
    )
    for output in onnx_model.graph.output:
        if output.name.startswith("prob"):
            output.name = output.name
    path.write_bytes(onnx_model.SerializeToString())


def report(model, rows: np.ndarray, labels: np.ndarray, title: str) -> None:
    predicted = model.predict(rows)
    index = labels != CLASSES.index("none")
    print(
        f"{title}: all {np.mean(predicted == labels):.3f}, "
        f"index corners {np.mean(predicted[index] == labels[index]):.3f} ({index.sum()}), "
        f"none kept none {np.mean(predicted[~index] == labels[~index]):.3f} ({(~index).sum()})",
        flush=True,
    )


def timed(what: str, work: Iterable) -> None:  # pragma: no cover - progress for a person
    started = time.monotonic()
    for _ in work:
        pass
    print(f"{what}: {time.monotonic() - started:.0f} s", flush=True)
