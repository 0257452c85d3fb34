"""The index model learnt from synthetic photos of the training decks.

Every corner the runtime's own steps find in a generated photo is labelled from the scene's
truth: the card, where the corner is a card's index corner showing upright in its patch,
else ``none`` (a card's other corners, a coin's or a glass's edge, the table). Each index
corner that shows is also cut a few more times with the small errors the steps make (the
corner a little off, the card width misjudged by tilt, the edges a few degrees off), most of
them :func:`varied` as another deck's type would print them. Beside the photos' corners,
index corners drawn in every installed font that has the letters (:func:`font_corners`)
teach letters and pips in designs no deck of the package prints, and the French and German
letters. Two scikit-learn pipelines (scaling and a small MLP) learn apart: the rank from the
rank glyph, the suit from the pip and the ink's colour. Several such pairs, each learnt from
photos and fonts of its own, read every corner together (their probabilities averaged): one
pair's mistakes on a design it never saw depend on the photos it happened to learn from, and
the pairs seldom make the same one. All are exported to one ONNX graph (skl2onnx), which the
runtime reads with ONNX Runtime.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ..corners import PATCH, RANK_COLUMNS, SUIT_COLUMNS, cut_corner
from ..reading import CLASSES, RANK_CLASSES, RANKS, SUITS, Corner, find_corners
from .scenes import Scene, make_scene

TRAINING_SIZE = (1280, 960)


@dataclass(frozen=True)
class CardModels:
    """The ensemble's members: the i-th rank model reads with the i-th suit model."""

    ranks: tuple[Any, ...]
    suits: tuple[Any, ...]

    def __add__(self, other: CardModels) -> CardModels:
        return CardModels(self.ranks + other.ranks, self.suits + other.suits)


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


def varied(rng: np.random.Generator, patch: np.ndarray) -> np.ndarray:
    """The patch as another deck might print its index: the glyphs narrower or wider, a
    little slanted, their strokes bolder or lighter. A deck never seen differs from the
    decks learnt from mostly so, and the glyphs' shapes stay what they name."""
    scale = 3
    big = cv2.resize(patch, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    height, width = big.shape[:2]
    stretch = float(np.exp(rng.normal(0, 0.16)))
    slant = float(rng.normal(0, 0.07))
    matrix = np.float32([[stretch, slant, 0], [0, float(np.exp(rng.normal(0, 0.06))), 0]])
    big = cv2.warpAffine(big, matrix, (width, height), borderMode=cv2.BORDER_REPLICATE)
    # ink is dark: a min filter makes it bolder, a max filter lighter
    stroke = int(rng.integers(-2, 4))
    if stroke:
        kernel = np.ones((abs(stroke) + 1, abs(stroke) + 1), np.uint8)
        big = cv2.erode(big, kernel) if stroke > 0 else cv2.dilate(big, kernel)
    return cv2.resize(big, (width // scale, height // scale), interpolation=cv2.INTER_AREA)


def samples(
    rng: np.random.Generator, decks: tuple[str, ...], scenes: int, extra: int = 4
) -> tuple[list[np.ndarray], np.ndarray]:
    """Patches cut from synthetic photos of ``decks`` with their labels (indices of
    :data:`CLASSES`): the corners the runtime finds, and ``extra`` more cuts of each index
    corner that shows, moved as the runtime's errors move them and most of them
    :func:`varied`."""
    rows, labels = [], []
    for _ in range(scenes):
        scene = make_scene(rng, decks, size=TRAINING_SIZE)
        truths = _truth_corners(scene)
        # the corners the model was first made from: before the cards in a shadow were
        # added to the mask (their index corners are among the truth's cut below)
        _polygons, found, _whole = find_corners(scene.photo, shaded=False)
        for corner in found:
            label = _label(corner, truths)
            if label is None:
                continue
            rows.append(
                cut_corner(scene.photo, corner.point, corner.across, corner.down, corner.width)
            )
            labels.append(CLASSES.index(label))
        for corner, card in truths:
            for _ in range(extra):
                moved = _jittered(rng, corner)
                patch = cut_corner(scene.photo, moved.point, moved.across, moved.down, moved.width)
                rows.append(varied(rng, patch) if rng.random() < 0.7 else patch)
                labels.append(CLASSES.index(card))
        # the faces' insides and the table, seen as if they were corners
        height, width = scene.photo.shape[:2]
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
            rows.append(cut_corner(scene.photo, point, across, down, card_width))
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
    return rows, labels


def _mlp(hidden: int, seed: int):
    # the learning libraries are the vision-train extra, never installed to run the app
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    return make_pipeline(
        StandardScaler(),
        MLPClassifier(
            hidden_layer_sizes=(hidden,),
            alpha=1e-3,
            batch_size=256,
            learning_rate_init=1e-3,
            max_iter=40,
            early_stopping=True,
            n_iter_no_change=6,
            random_state=seed,
        ),
    )


def _fitted(model, rows: np.ndarray, labels: np.ndarray, classes: int):
    # every class in the output, in order, even one no sample fell in
    missing = sorted(set(range(classes)) - set(labels.tolist()))
    if missing:
        rows = np.concatenate([rows, np.zeros((len(missing), rows.shape[1]), np.float32)])
        labels = np.concatenate([labels, np.array(missing)])
    return model.fit(rows, labels)


def rank_labels(labels: np.ndarray) -> np.ndarray:
    """Each of :data:`CLASSES`' labels as its rank (or joker, or nothing) in RANK_CLASSES."""
    names = [CLASSES[label] for label in labels.tolist()]
    return np.array([RANK_CLASSES.index(n if n in ("JK", "none") else n[:-1]) for n in names])


def train(rows: np.ndarray, labels: np.ndarray, seed: int = 0) -> CardModels:
    """One member: a rank model on the rank glyph and its place (every corner: the none
    class is what is no index) and a suit model on the pip and the ink's colour (the cards'
    corners only): apart, each learns its glyph's shape rather than one design's pairing of
    the two."""
    rank = _fitted(_mlp(256, seed), rows[:, RANK_COLUMNS], rank_labels(labels), len(RANK_CLASSES))
    cards = np.array([CLASSES[label] not in ("JK", "none") for label in labels.tolist()])
    suit_labels = np.array([SUITS.index(CLASSES[label][-1]) for label in labels[cards]])
    suit = _fitted(_mlp(128, seed), rows[cards][:, SUIT_COLUMNS], suit_labels, len(SUITS))
    return CardModels((rank,), (suit,))


def _onnx(model, name: str, columns: int):
    # the vision-train extra, as above
    from skl2onnx import convert_sklearn
    from skl2onnx.common.data_types import FloatTensorType

    return convert_sklearn(
        model,
        initial_types=[(f"{name}_features", FloatTensorType([None, columns]))],
        options={id(model): {"zipmap": False}},
        target_opset=17,
    )


def export(models: CardModels, path: Path) -> None:
    """Every member in one ONNX graph with one input and one output each for the rank and
    the suit (``rank_features`` -> ``rank_probabilities``, ``suit_features`` ->
    ``suit_probabilities``): the members' probabilities, averaged."""
    # the vision-train extra, as above
    import onnx
    from onnx import compose, helper

    nodes, initializers, inputs, outputs = [], [], [], []
    opsets, ir_version = None, None
    for name, members, columns in (
        ("rank", models.ranks, len(RANK_COLUMNS)),
        ("suit", models.suits, len(SUIT_COLUMNS)),
    ):
        read = []
        for number, model in enumerate(members):
            converted = _onnx(model, name, columns)
            kept = [o for o in converted.graph.output if o.name.startswith("prob")]
            converted = compose.add_prefix(converted, f"{name}{number}_", rename_inputs=False)
            nodes += converted.graph.node
            initializers += converted.graph.initializer
            read.append(f"{name}{number}_{kept[0].name}")
            opsets, ir_version = converted.opset_import, converted.ir_version
        inputs.append(converted.graph.input[0])
        nodes.append(helper.make_node("Mean", read, [f"{name}_probabilities"]))
        outputs.append(
            helper.make_tensor_value_info(
                f"{name}_probabilities", onnx.TensorProto.FLOAT, [None, len(members[0].classes_)]
            )
        )
    graph = helper.make_graph(nodes, "card_index", inputs, outputs, initializers)
    combined = helper.make_model(graph, opset_imports=opsets)
    combined.ir_version = ir_version
    onnx.checker.check_model(combined)
    path.write_bytes(combined.SerializeToString())


def probabilities(models: CardModels, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The members' rank and suit probabilities for feature rows, averaged."""
    ranks = np.mean([m.predict_proba(rows[:, RANK_COLUMNS]) for m in models.ranks], axis=0)
    suits = np.mean([m.predict_proba(rows[:, SUIT_COLUMNS]) for m in models.suits], axis=0)
    return ranks, suits


def predict(models: CardModels, rows: np.ndarray) -> np.ndarray:
    """The labels (indices of :data:`CLASSES`) the two models give together."""
    ranks, suits = probabilities(models, rows)
    return np.array(
        [
            CLASSES.index(
                RANK_CLASSES[r] if RANK_CLASSES[r] in ("JK", "none") else RANK_CLASSES[r] + SUITS[s]
            )
            for r, s in zip(
                ranks.argmax(axis=1).tolist(), suits.argmax(axis=1).tolist(), strict=True
            )
        ]
    )


def report(models: CardModels, rows: np.ndarray, labels: np.ndarray, title: str) -> None:
    predicted = predict(models, rows)
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


# ---- index glyphs drawn in the system's fonts -------------------------------------------

FONT_DIRS = (
    "/usr/share/fonts/truetype",
    "/usr/share/fonts/opentype",
    "/usr/share/texmf/fonts/opentype/public/tex-gyre",
)
# what each deck's letters name: English, French (V D R) and German (B D K) indices
LETTER_RANKS = {"J": "J", "Q": "Q", "K": "K", "V": "J", "D": "Q", "R": "K", "B": "J"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
INDEX_CHARACTERS = "0123456789AJQKVDRB"
# no deck prints its index slanted or in hairlines (names lower-cased)
NOT_INDEX_TYPE = (
    "italic",
    "oblique",
    "ita.",
    "_i.",
    "_ri",
    "_rbi",
    "_rzi",
    "extralight",
    "thin",
    "math",
    "emoji",
    "chorus",
    "z003",
)
# fonts of symbols, which draw no letters in a letter's place
SYMBOLS_ONLY = ("symbol", "d050000l", "ancient")


def _characters(path: Path) -> set[int]:
    # fontTools is WeasyPrint's own dependency, and in the vision-train extra
    from fontTools.ttLib import TTFont

    try:
        with TTFont(str(path), lazy=True, fontNumber=0) as font:
            return set(font.getBestCmap() or {})
    except Exception:  # a font file fontTools cannot read is not used
        return set()


@cache
def _fonts() -> tuple[list[str], list[str]]:
    """The installed fonts (the Debian font packages the trainer names) that draw every
    index letter and digit, and those that draw the four suits' pips."""
    letters, suits = [], []
    paths = sorted(
        path
        for folder in FONT_DIRS
        for path in Path(folder).rglob("*")
        if path.suffix.lower() in (".ttf", ".otf")
    )
    for path in paths:
        name = path.name.lower()
        if any(word in name for word in NOT_INDEX_TYPE):
            continue
        characters = _characters(path)
        if all(ord(c) in characters for c in SUIT_SYMBOLS.values()):
            suits.append(str(path))
        if not any(word in name for word in SYMBOLS_ONLY) and all(
            ord(c) in characters for c in INDEX_CHARACTERS
        ):
            letters.append(str(path))
    return letters, suits


def font_corners(rng: np.random.Generator, count: int) -> tuple[list[np.ndarray], list[int]]:
    """Index corners drawn in the system's fonts (rank letter above suit pip, each its own
    size, place, weight and ink colour), as patches the size of a cut corner: the letters of
    decks the photos' decks do not cover, and a check on learning one deck's design."""
    letter_fonts, suit_fonts = _fonts()
    if not suit_fonts:
        raise SystemExit("no font draws the suits: apt-get install fonts-dejavu-core")
    scale = 4
    width, height = PATCH[0] * scale, PATCH[1] * scale
    texts = [*RANKS[:10], *LETTER_RANKS]
    patches, labels = [], []
    for _ in range(count):
        text = texts[rng.integers(len(texts))]
        rank = LETTER_RANKS.get(text, text)
        suit = SUITS[rng.integers(4)]
        paper_level = rng.uniform(170, 255)
        paper = tuple(int(min(255, paper_level * rng.uniform(0.9, 1.05))) for _ in range(3))
        dark = rng.uniform(0, min(110, paper_level - 60))
        if suit in "HD" or (suit == "C" and rng.random() < 0.15):
            bright = rng.uniform(150, 235)
            ink = [dark, dark, dark]
            # red; a four-colour deck's diamonds blue and clubs green
            channel = 2 if suit == "D" and rng.random() < 0.15 else 1 if suit == "C" else 0
            ink[channel] = bright
            ink = tuple(int(v) for v in ink)
        else:
            ink = (int(dark),) * 3
        canvas = Image.new("RGB", (width, height), paper)
        draw = ImageDraw.Draw(canvas)
        glyph_height = rng.uniform(0.14, 0.4) * height
        font_path = letter_fonts[rng.integers(len(letter_fonts))]
        font = ImageFont.truetype(font_path, 100)
        left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
        size = max(6, int(100 * glyph_height / max(1, bottom - top)))
        if (right - left) * size / 100 > 0.55 * width:  # "10" in a narrow index
            size = max(6, int(100 * 0.55 * width / max(1, right - left)))
        font = ImageFont.truetype(font_path, size)
        left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
        x = rng.uniform(0.03, 0.18) * width
        y = rng.uniform(0.03, 0.12) * height
        stroke = int(rng.integers(0, 3)) if rng.random() < 0.3 else 0
        draw.text(
            (x - left, y - top), text, font=font, fill=ink, stroke_width=stroke, stroke_fill=ink
        )
        centre = x + (right - left) / 2
        below = y + (bottom - top) + rng.uniform(0.08, 0.45) * (bottom - top)
        pip_font_path = suit_fonts[rng.integers(len(suit_fonts))]
        pip_height = rng.uniform(0.5, 1.0) * (bottom - top)
        pip_font = ImageFont.truetype(pip_font_path, 100)
        symbol = SUIT_SYMBOLS[suit]
        pl, pt, pr, pb = draw.textbbox((0, 0), symbol, font=pip_font)
        pip_font = ImageFont.truetype(
            pip_font_path, max(6, int(100 * pip_height / max(1, pb - pt)))
        )
        pl, pt, pr, pb = draw.textbbox((0, 0), symbol, font=pip_font)
        shift = rng.normal(0, 0.1) * (right - left)
        draw.text(
            (centre - (pr - pl) / 2 - pl + shift, below - pt), symbol, font=pip_font, fill=ink
        )
        image = np.ascontiguousarray(np.asarray(canvas, dtype=np.uint8)[:, :, ::-1])
        if rng.random() < 0.4:  # the table beyond a rounded corner
            table = tuple(int(v) for v in rng.uniform(20, 160, 3))
            radius = int(rng.uniform(0.05, 0.15) * width)
            corner = np.zeros((radius, radius, 3), np.uint8)
            corner[:] = table
            cv2.circle(corner, (radius, radius), radius, paper[::-1], -1)
            image = image.copy()
            image[:radius, :radius] = corner
        turn = rng.normal(0, 3)
        matrix = cv2.getRotationMatrix2D((width / 2, height / 2), turn, 1.0)
        image = cv2.warpAffine(image, matrix, (width, height), borderMode=cv2.BORDER_REPLICATE)
        sigma = rng.uniform(0.3, 2.5)
        image = cv2.GaussianBlur(image, (0, 0), sigma)
        patch = cv2.resize(image, PATCH, interpolation=cv2.INTER_AREA)
        if rng.random() < 0.6:
            patch = varied(rng, patch)
        patch = patch.astype(np.float32) + rng.normal(0, rng.uniform(0, 8), patch.shape)
        patches.append(np.clip(patch, 0, 255).astype(np.uint8))
        labels.append(CLASSES.index(rank + suit))
    return patches, labels
