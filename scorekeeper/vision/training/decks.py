"""The package's SVG decks drawn card by card into PNGs, kept in a cache outside the repository.

Every deck names its cards ``1_club`` .. ``king_spade``; jokers, where a deck has them, are
``joker``, ``red_joker``/``black_joker`` or ``jokerface``.
"""

from __future__ import annotations

import gzip
import math
import os
import subprocess
from functools import cache
from pathlib import Path
from xml.etree import ElementTree

import cv2
import numpy as np

DECKS_DIR = Path("/usr/share/carddecks")
CACHE = Path(os.environ.get("CARD_RENDER_CACHE", "/tmp/scorekeeper-card-renders"))
CARD_HEIGHT = 420

SUITS = {"club": "C", "diamond": "D", "heart": "H", "spade": "S"}
RANKS = {"1": "A", "jack": "J", "queen": "Q", "king": "K"} | {str(n): str(n) for n in range(2, 11)}
JOKER_IDS = ("joker", "red_joker", "black_joker", "jokerface")

# the decks learnt from, and the ones kept out and measured on (benchmarks/README.md). Left
# out of both: svg-future, whose elements draw as machine parts, not cards;
# svg-xskat-german, a German-suited Skat deck (acorns, leaves, bells); the oxygen decks,
# which print the rank in the top-right corner and only a pip in the top-left one (measured
# apart as OTHER_LAYOUT_DECKS); and SHEET_DECKS, which the model learnt no better with
TRAINING_DECKS = (
    "svg-standard",
    "svg-nicu-ornamental",
    "svg-ancient-egyptians",
    "svg-dondorf",
    "svg-jolly-royal",
)
# librsvg draws neither deck's elements alone ("has no dimensions"), so their cards are cut
# from the whole sheet (_cut_from_sheet). svg-xskat-french is the package's one deck that
# prints German indices (B D K for the jack, queen and king; its elements are named by the
# card, so a face is the card whatever letter it prints), svg-konqi-modern a four-colour
# deck of its own (spades red, hearts green). Learnt from, beside TRAINING_DECKS, they
# read the held-out decks no better (benchmarks/README.md), and are kept apart
SHEET_DECKS = ("svg-konqi-modern", "svg-xskat-french")
HELD_OUT_DECKS = (
    "svg-nicu-white",
    "svg-gm-paris",
    "svg-penguins",
    "svg-tigullio-international",
)
OTHER_LAYOUT_DECKS = ("svg-oxygen", "svg-oxygen-white", "svg-oxygen-air")


def deck_names() -> list[str]:
    return sorted(path.name for path in DECKS_DIR.glob("svg-*") if path.is_dir())


def card_ids() -> dict[str, str]:
    """Element id -> canonical card."""
    return {
        f"{rank}_{suit}": RANKS[rank] + letter for suit, letter in SUITS.items() for rank in RANKS
    }


def _svg(deck: str) -> Path:
    plain = CACHE / f"{deck}.svg"
    if not plain.exists():
        packed = next((DECKS_DIR / deck).glob("*.svgz"))
        plain.parent.mkdir(parents=True, exist_ok=True)
        _write_atomically(plain, gzip.decompress(packed.read_bytes()))
    return plain


def _write_atomically(path: Path, data: bytes) -> None:
    """``data`` under ``path`` in one step, so no reader ever sees it half written."""
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def _draw(svg: Path, element: str, zoom: float, target: Path) -> np.ndarray | None:
    drawn = _rsvg(svg, element, zoom, target)
    if drawn.returncode != 0 and TOO_LARGE in drawn.stderr:
        # a drawing on nothing far larger than a card (svg-gm-paris' joker: some 24,000 x
        # 28,000 pixels at the deck's zoom, over librsvg's 32,767): drawn smaller, as it is
        # printed on a blank card of the deck's size anyway
        fitted = _fitting_zoom(svg, element, target)
        drawn = _rsvg(svg, element, min(zoom, fitted), target) if fitted else drawn
    if drawn.returncode != 0:
        # svg-konqi-modern and svg-xskat-french: librsvg cannot size their elements alone
        return _cut_from_sheet(svg, element, zoom)
    return _read_cached(target)


# what librsvg answers for a drawing over its largest side
TOO_LARGE = b"larger than 32767"
# a drawing too large for librsvg at the deck's zoom is drawn this many pixels on its long side
LARGE_DRAWING_SIDE = 4 * CARD_HEIGHT
PROBE_ZOOM = 0.05


def _rsvg(svg: Path, element: str, zoom: float, target: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["rsvg-convert", "-u", "-i", element, "-z", f"{zoom:.4f}", str(svg), "-o", str(target)],
        capture_output=True,
        timeout=120,
    )


def _fitting_zoom(svg: Path, element: str, target: Path) -> float | None:
    """The zoom that draws ``element`` :data:`LARGE_DRAWING_SIDE` pixels on its long side,
    measured on a small drawing of it."""
    if _rsvg(svg, element, PROBE_ZOOM, target).returncode != 0:
        return None
    probe = _read_cached(target)
    if probe is None or max(probe.shape[:2]) < 2:
        return None
    return PROBE_ZOOM * LARGE_DRAWING_SIDE / max(probe.shape[:2])


@cache
def _element_boxes(svg: Path) -> dict[str, tuple[float, float, float, float]]:
    """Element id -> its box on the whole sheet in pixels at zoom 1 (left, top, right,
    bottom), for the elements placed by their own ``x``, ``y``, ``width`` and ``height``
    with no transform on them or around them: the embedded pictures that librsvg 2.54 will
    not draw alone ("has no dimensions")."""
    root = ElementTree.parse(svg).getroot()
    try:
        sheet_width, sheet_height = float(root.get("width", "")), float(root.get("height", ""))
        left, top, width, height = (
            [float(v) for v in root.get("viewBox", "").replace(",", " ").split()]
            if root.get("viewBox")
            else [0.0, 0.0, sheet_width, sheet_height]
        )
    except ValueError:  # a size in units (mm, %) or no size: not cut from the sheet
        return {}
    scale_x, scale_y = sheet_width / width, sheet_height / height
    boxes = {}

    def visit(node: ElementTree.Element) -> None:
        for child in node:
            if child.get("transform"):
                continue
            if child.get("id"):
                try:
                    x, y, w, h = (float(child.get(a, "")) for a in ("x", "y", "width", "height"))
                except ValueError:
                    pass
                else:
                    boxes[child.get("id")] = (
                        (x - left) * scale_x,
                        (y - top) * scale_y,
                        (x + w - left) * scale_x,
                        (y + h - top) * scale_y,
                    )
            visit(child)

    visit(root)
    return boxes


def _sheet(svg: Path, zoom: float) -> np.ndarray | None:
    """The whole deck drawn at ``zoom``, drawn once into the cache beside its cards."""
    target = svg.parent / svg.stem / f"sheet-{zoom:.4f}.png"
    sheet = _read_cached(target)
    if sheet is not None:
        return sheet
    target.parent.mkdir(parents=True, exist_ok=True)
    drawing = target.with_name(f".{target.name}.{os.getpid()}.png")
    try:
        drawn = subprocess.run(
            ["rsvg-convert", "-u", "-z", f"{zoom:.4f}", str(svg), "-o", str(drawing)],
            capture_output=True,
            timeout=300,
        )
        sheet = _read_cached(drawing) if drawn.returncode == 0 else None
        if sheet is not None:
            os.replace(drawing, target)
    finally:
        drawing.unlink(missing_ok=True)
    return sheet


def _cut_from_sheet(svg: Path, element: str, zoom: float) -> np.ndarray | None:
    """``element`` cut out of the whole sheet by its box, rounded inwards so that no edge
    of the card beside it comes along."""
    box = _element_boxes(svg).get(element)
    if box is None:
        return None
    sheet = _sheet(svg, zoom)
    if sheet is None:
        return None
    left, top = (math.ceil(v * zoom - 0.01) for v in box[:2])
    right, bottom = (math.floor(v * zoom + 0.01) for v in box[2:])
    if right - left < 2 or bottom - top < 2:
        return None
    return np.ascontiguousarray(sheet[max(0, top) : bottom, max(0, left) : right])


def _card_part(image: np.ndarray) -> tuple[int, int, int, int] | None:
    """The card inside an element's drawing: its largest opaque piece. librsvg measures many
    of these decks' elements far larger than the card (hidden parts, clips), so the drawing
    holds the card somewhere in a transparent field."""
    count, _labels, stats, _centres = cv2.connectedComponentsWithStats(
        (image[:, :, 3] > 8).astype(np.uint8)
    )
    if count < 2:
        return None
    x, y, w, h, _area = max(stats[1:].tolist(), key=lambda s: s[4])
    return x, y, w, h


def _zoom(deck: str, svg: Path) -> float:
    """The zoom that draws this deck's cards about :data:`CARD_HEIGHT` tall, measured once
    on its seven of spades (every card of a deck is one size). A deck that could not be
    measured is measured again next time: a zoom of 0 cached by an older renderer, which
    could not draw svg-konqi-modern and svg-xskat-french, is not kept."""
    known = CACHE / deck / "zoom.txt"
    if known.exists() and (cached := float(known.read_text() or 0)):
        return cached
    known.parent.mkdir(parents=True, exist_ok=True)
    probe_file = CACHE / deck / f".probe.{os.getpid()}.png"
    try:
        probe = _draw(svg, "7_spade", 1.0, probe_file)
    finally:
        probe_file.unlink(missing_ok=True)
    part = _card_part(probe) if probe is not None else None
    zoom = CARD_HEIGHT / part[3] if part and part[3] >= 20 else 0.0
    if zoom:
        _write_atomically(known, str(zoom).encode())
    return zoom


def _read_cached(target: Path) -> np.ndarray | None:
    if not target.exists():
        return None
    image = cv2.imread(str(target), cv2.IMREAD_UNCHANGED)
    if image is None or image.ndim != 3 or image.shape[2] != 4:
        return None
    return image


def render(deck: str, element: str) -> np.ndarray | None:
    """The card ``element`` of ``deck`` as BGRA about :data:`CARD_HEIGHT` tall, drawn once
    and then read from the cache. A cached file that does not read back as a BGRA image (a
    run killed while it was written, before writes were atomic) is drawn again."""
    target = CACHE / deck / f"{element}.png"
    cached = _read_cached(target)
    if cached is not None:
        return cached
    svg = _svg(deck)
    if f'id="{element}"'.encode() not in svg.read_bytes() or not _zoom(deck, svg):
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    # drawn and cropped under names of this process's own, then moved into place in one
    # step: a run stopped halfway, or two runs drawing the same card, never leave a
    # half-written PNG under the name later runs read
    drawing = target.with_name(f".{element}.{os.getpid()}.drawn.png")
    cropped = target.with_name(f".{element}.{os.getpid()}.png")
    try:
        image = _draw(svg, element, _zoom(deck, svg), drawing)
        part = _card_part(image) if image is not None else None
        if part is None:
            return None
        x, y, w, h = part
        card = np.ascontiguousarray(image[y : y + h, x : x + w])
        if not cv2.imwrite(str(cropped), card):
            return None
        os.replace(cropped, target)
    finally:
        drawing.unlink(missing_ok=True)
        cropped.unlink(missing_ok=True)
    return card


def deck_faces(deck: str) -> dict[str, list[np.ndarray]]:
    """Canonical card -> the deck's faces for it (jokers under ``JK``). A joker drawn without
    a card of its own (svg-gm-paris's: a drawing on nothing) is printed on a blank card the
    size of the deck's others, as a real deck prints it."""
    faces: dict[str, list[np.ndarray]] = {}
    for element, card in card_ids().items():
        face = render(deck, element)
        if face is not None:
            faces.setdefault(card, []).append(face)
    for element in JOKER_IDS:
        face = render(deck, element)
        if face is not None and _opaque_share(face) < CARD_BODY and faces:
            shapes = [f.shape[:2] for found in faces.values() for f in found]
            height, width = (int(np.median([shape[i] for shape in shapes])) for i in (0, 1))
            face = on_blank_card(face, height, width)
        if face is not None and face.shape[0] > CARD_HEIGHT * 0.9 and face.shape[1] > 200:
            faces.setdefault("JK", []).append(face)
    return faces


# a face at least this share opaque has a card of its own; less is a drawing alone
CARD_BODY = 0.6


def _opaque_share(face: np.ndarray) -> float:
    return float(np.count_nonzero(face[:, :, 3] > 200)) / (face.shape[0] * face.shape[1])


def on_blank_card(drawing: np.ndarray, height: int, width: int) -> np.ndarray:
    """``drawing`` (BGRA) scaled into the middle 80% of a white card ``height`` by ``width``
    with rounded corners and a thin grey edge, as the deck's other cards are drawn."""
    card = np.zeros((height, width, 4), np.uint8)
    radius = max(2, round(0.05 * width))
    body = np.zeros((height, width), np.uint8)
    cv2.rectangle(body, (radius, 0), (width - 1 - radius, height - 1), 255, -1)
    cv2.rectangle(body, (0, radius), (width - 1, height - 1 - radius), 255, -1)
    for x, y in (
        (radius, radius),
        (width - 1 - radius, radius),
        (radius, height - 1 - radius),
        (width - 1 - radius, height - 1 - radius),
    ):
        cv2.circle(body, (x, y), radius, 255, -1)
    card[body > 0] = (255, 255, 255, 255)
    # the edge runs along the picture's border too: eroded as if nothing lay beyond it
    inner = cv2.erode(
        body, np.ones((3, 3), np.uint8), borderType=cv2.BORDER_CONSTANT, borderValue=0
    )
    edge = body - inner
    card[edge > 0, :3] = 110
    scale = min(0.8 * width / drawing.shape[1], 0.8 * height / drawing.shape[0])
    size = (max(1, round(drawing.shape[1] * scale)), max(1, round(drawing.shape[0] * scale)))
    small = cv2.resize(drawing, size, interpolation=cv2.INTER_AREA)
    top, left = (height - size[1]) // 2, (width - size[0]) // 2
    place = (slice(top, top + size[1]), slice(left, left + size[0]))
    card[place][:, :, :3] = laid_over(small, card[place][:, :, :3])
    return card


def laid_over(top: np.ndarray, under: np.ndarray) -> np.ndarray:
    """``top`` (BGRA) laid over ``under`` (BGR, the same size) as its alpha says."""
    alpha = top[:, :, 3:4].astype(np.float32) / 255
    return (top[:, :, :3] * alpha + under * (1 - alpha)).astype(np.uint8)


if __name__ == "__main__":
    for name in deck_names():
        print(name, sum(len(v) for v in deck_faces(name).values()), flush=True)
