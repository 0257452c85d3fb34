"""Synthetic table photos with their ground truth, made from the package's decks.

A scene lays 1 to 15 cards on a procedural table (wood, felt, cloth), spread (no two
touching) or fanned (rows of overlapping cards, each index showing), turns the whole
layout, views it through a phone held up to 35 degrees off straight above, and spoils the
photo as phones and kitchens do: a lamp's gradient, a shadow, glare, blur, noise, JPEG.
A coin or a glass may lie beside the cards. Faces may be recoloured as a four-colour deck
(diamonds blue, clubs green) or given French (V D R) or German (B D K) letters, drawn in
DejaVu over the deck's own. Each card's truth is its canonical name and its outline in the
photo (corners in the card's own order: top-left, top-right, bottom-right, bottom-left),
with whether each index corner shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ..plane import moved
from .decks import deck_faces, laid_over

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
FOUR_COLOURS = {"D": (200, 90, 0), "C": (40, 140, 0)}  # BGR: blue diamonds, green clubs
LETTERS = {"french": {"J": "V", "Q": "D", "K": "R"}, "german": {"J": "B", "Q": "D", "K": "K"}}


@dataclass
class TrueCard:
    card: str
    deck: str
    outline: np.ndarray  # 4x2: top-left, top-right, bottom-right, bottom-left, photo pixels
    shows: dict[str, bool] = field(default_factory=dict)  # "top-left", "bottom-right"
    rotated_bottom_index: bool = True  # the bottom-right index is the top-left one turned


@dataclass
class Scene:
    photo: np.ndarray
    cards: list[TrueCard]
    layout: str
    notes: list[str]


_FACES: dict[str, dict[str, list[np.ndarray]]] = {}


def faces(deck: str) -> dict[str, list[np.ndarray]]:
    if deck not in _FACES:
        _FACES[deck] = deck_faces(deck)
    return _FACES[deck]


def _ink(face: np.ndarray) -> np.ndarray:
    """Darkness of the ink: every ink colour dark against the card."""
    return 255 - face[:, :, :3].min(axis=2)


# looked at card by card: these decks print the bottom-right index upright, not turned
UPRIGHT_BOTTOM_INDEX = {"svg-ancient-egyptians"}


def bottom_index_turned(deck: str) -> bool:
    """Does the deck print its bottom-right index as the top-left one turned half a turn?"""
    return deck not in UPRIGHT_BOTTOM_INDEX


# ---- faces as some tables' decks print them ------------------------------------------


def four_colour(face: np.ndarray, suit: str) -> np.ndarray:
    if suit not in FOUR_COLOURS:
        return face
    out = face.copy()
    bgr = out[:, :, :3].astype(np.int16)
    if suit == "D":
        ink = (bgr[:, :, 2] > 120) & (bgr[:, :, 2] - bgr[:, :, 1] > 70)
    else:
        ink = bgr.max(axis=2) < 90
    strength = np.where(ink, 1.0, 0.0).astype(np.float32)
    colour = np.array(FOUR_COLOURS[suit], np.float32)
    out[:, :, :3] = (bgr * (1 - strength[..., None]) + colour * strength[..., None]).astype(
        np.uint8
    )
    return out


def _rank_glyph(face: np.ndarray) -> tuple[int, int, int, int] | None:
    """The box of the rank letter in the top-left index: the topmost ink near the corner,
    with the pieces level with it, close beside it and no taller ("10"); None where the
    topmost ink is not where an index is printed. Looked for in the face's top-left
    :data:`INDEX_AREA`, so a large letter is painted over whole (svg-nicu-white's Q, whose
    tail and right side reach past a fifth of the card: left beside the new letter, they
    joined it to the pip below)."""
    h, w = face.shape[:2]
    bottom, right = int(h * INDEX_AREA[1]), int(w * INDEX_AREA[0])
    region = _ink(face)[:bottom, :right]
    mask = ((region > 90) & (face[:bottom, :right, 3] > 200)).astype(np.uint8)
    count, _labels, stats, _c = cv2.connectedComponentsWithStats(mask)
    pieces = [
        s.tolist()
        for s in stats[1:]
        if s[4] > 15 and s[0] > 1 and s[1] > 1 and s[2] < w * 0.25 and s[3] < h * 0.25
    ]
    if not pieces:
        return None
    top = min(pieces, key=lambda s: s[1])
    if top[0] > w * 0.15 or top[1] > h * 0.12:  # a picture's piece, not an index's letter
        return None
    row = [
        s
        for s in pieces
        if s[1] < top[1] + top[3] * 0.5
        and s[3] <= 1.25 * top[3]
        and max(s[0] - (top[0] + top[2]), top[0] - (s[0] + s[2])) < 0.6 * top[3]
    ]
    x0 = min(s[0] for s in row)
    y0 = min(s[1] for s in row)
    x1 = max(s[0] + s[2] for s in row)
    y1 = max(s[1] + s[3] for s in row)
    return x0, y0, x1 - x0, y1 - y0


# the share of a face's width and length from its top-left corner where its index is looked for
INDEX_AREA = (0.3, 0.3)


def redraw_letter(face: np.ndarray, letter: str, turned: bool) -> np.ndarray:
    """The face with its index letter(s) painted over and ``letter`` drawn in their place."""
    out = face.copy()
    for corner in ("top-left", "bottom-right") if turned else ("top-left",):
        if corner == "bottom-right":
            out = np.ascontiguousarray(np.rot90(out, 2))
        box = _rank_glyph(out)
        if box is None:
            return face
        x, y, w, h = box
        pad = 2
        ring = np.concatenate(
            [
                out[max(0, y - pad - 2), x : x + w, :3],
                out[min(out.shape[0] - 1, y + h + pad + 1), x : x + w, :3],
            ]
        )
        paper = np.median(ring, axis=0)
        inked = out[y : y + h, x : x + w, :3].reshape(-1, 3)
        ink = inked[inked.min(axis=1).argsort()[: max(1, len(inked) // 6)]].mean(axis=0)
        out[max(0, y - pad) : y + h + pad, max(0, x - pad) : x + w + pad, :3] = paper
        canvas = Image.fromarray(np.ascontiguousarray(out[:, :, :3][:, :, ::-1]))
        font = ImageFont.truetype(FONT, size=max(8, int(h * 1.3)))
        draw = ImageDraw.Draw(canvas)
        left, top, right, bottom = draw.textbbox((0, 0), letter, font=font)
        scale_x = (right - left) / max(1, w)
        if scale_x > 1.25:  # a wide letter in a narrow index: smaller
            font = ImageFont.truetype(FONT, size=max(8, int(h * 1.3 / scale_x * 1.15)))
            left, top, right, bottom = draw.textbbox((0, 0), letter, font=font)
        cx, cy = x + w / 2, y + h / 2
        draw.text(
            (cx - (left + right) / 2, cy - (top + bottom) / 2),
            letter,
            font=font,
            fill=tuple(int(c) for c in ink[::-1]),
        )
        out[:, :, :3] = np.asarray(canvas)[:, :, ::-1]
        if corner == "bottom-right":
            out = np.ascontiguousarray(np.rot90(out, 2))
    return out


# ---- the table -----------------------------------------------------------------------


def _value_noise(rng: np.random.Generator, shape: tuple[int, int], cells: int) -> np.ndarray:
    small = rng.random((max(2, shape[0] // cells), max(2, shape[1] // cells))).astype(np.float32)
    return cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def table(rng: np.random.Generator, height: int, width: int) -> tuple[np.ndarray, str]:
    kind = rng.choice(["wood", "felt", "cloth", "plain"], p=[0.35, 0.25, 0.25, 0.15])
    if kind == "wood":
        base = np.array([rng.uniform(20, 70), rng.uniform(50, 110), rng.uniform(90, 170)])
        size = int(math.hypot(height, width)) + 4
        ys = np.arange(size, dtype=np.float32)[:, None]
        wobble = _value_noise(rng, (size, size), 60) * rng.uniform(10, 40)
        grain = np.sin((ys + wobble) * rng.uniform(0.05, 0.25)) * 0.5 + 0.5
        grain = grain * rng.uniform(0.15, 0.35) + _value_noise(rng, (size, size), 8) * 0.1
        texture = np.broadcast_to(grain, (size, size)).astype(np.float32)
        turn = cv2.getRotationMatrix2D((size / 2, size / 2), rng.uniform(0, 180), 1)
        texture = cv2.warpAffine(texture, turn, (size, size))
        oy, ox = (size - height) // 2, (size - width) // 2
        texture = texture[oy : oy + height, ox : ox + width]
        photo = base[None, None, :] * (0.75 + texture[..., None])
    elif kind == "felt":
        base = rng.choice(
            [[40, 110, 20], [110, 60, 20], [30, 30, 120], [60, 60, 60], [90, 40, 30]]
        ).astype(np.float32) * rng.uniform(0.7, 1.3)
        photo = base[None, None, :] * (0.9 + 0.2 * _value_noise(rng, (height, width), 3)[..., None])
    elif kind == "cloth":
        a = rng.uniform(20, 200, 3)
        b = rng.uniform(20, 170, 3)
        period = rng.uniform(20, 90)
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
        angle = rng.uniform(0, math.pi)
        u = xs * math.cos(angle) + ys * math.sin(angle)
        v = -xs * math.sin(angle) + ys * math.cos(angle)
        if rng.random() < 0.5:
            pattern = ((u // period + v // period) % 2).astype(np.float32)
        else:
            pattern = ((u // period) % 2).astype(np.float32)
        photo = a * pattern[..., None] + b * (1 - pattern[..., None])
        photo *= 0.9 + 0.2 * _value_noise(rng, (height, width), 4)[..., None]
    else:
        base = rng.uniform(30, 150, 3)
        photo = base[None, None, :] * (
            0.9 + 0.2 * _value_noise(rng, (height, width), 50)[..., None]
        )
    return np.clip(photo, 0, 255).astype(np.uint8), str(kind)


def _distractor(rng: np.random.Generator, photo: np.ndarray, radius: float) -> str:
    h, w = photo.shape[:2]
    cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    if rng.random() < 0.5:
        colour = rng.choice([[140, 140, 150], [60, 140, 190], [80, 110, 160]]).astype(float)
        r = radius * rng.uniform(0.15, 0.3)
        overlay = photo.copy()
        cv2.circle(overlay, (int(cx), int(cy)), int(r), colour.tolist(), -1, cv2.LINE_AA)
        cv2.circle(
            overlay,
            (int(cx - r * 0.3), int(cy - r * 0.3)),
            int(r * 0.4),
            (colour * 1.4).clip(0, 255).tolist(),
            -1,
            cv2.LINE_AA,
        )
        cv2.circle(
            overlay,
            (int(cx), int(cy)),
            int(r),
            (colour * 0.6).tolist(),
            max(1, int(r * 0.1)),
            cv2.LINE_AA,
        )
        photo[:] = cv2.addWeighted(overlay, 1, photo, 0, 0)
        return "coin"
    r = radius * rng.uniform(0.35, 0.6)
    overlay = photo.copy()
    cv2.ellipse(
        overlay,
        (int(cx), int(cy)),
        (int(r), int(r * rng.uniform(0.7, 1))),
        0,
        0,
        360,
        (235, 235, 235),
        max(2, int(r * 0.06)),
        cv2.LINE_AA,
    )
    cv2.ellipse(
        overlay,
        (int(cx), int(cy)),
        (int(r * 0.9), int(r * 0.8)),
        0,
        200,
        300,
        (255, 255, 255),
        max(2, int(r * 0.08)),
        cv2.LINE_AA,
    )
    photo[:] = cv2.addWeighted(overlay, 0.7, photo, 0.3, 0)
    return "glass"


# ---- the layout ----------------------------------------------------------------------


def _card_outline(width: float, height: float) -> np.ndarray:
    return np.float32([[0, 0], [width, 0], [width, height], [0, height]])


def _placed(outline: np.ndarray, angle: float, at: tuple[float, float]) -> np.ndarray:
    centre = outline.mean(axis=0)
    c, s = math.cos(angle), math.sin(angle)
    turn = np.float32([[c, -s], [s, c]])
    return (outline - centre) @ turn.T + np.float32(at)


def spread_layout(
    rng: np.random.Generator, count: int, width: float, height: float
) -> list[np.ndarray]:
    columns = max(1, int(math.ceil(math.sqrt(count * rng.uniform(0.8, 2.0)))))
    step = math.hypot(width, height) * rng.uniform(1.02, 1.2)
    free_turn = rng.random() < 0.4
    outlines = []
    for index in range(count):
        row, column = divmod(index, columns)
        angle = rng.uniform(-math.pi, math.pi) if free_turn else rng.normal(0, 0.12)
        jitter = rng.uniform(-0.04, 0.04, 2) * step
        outlines.append(
            _placed(
                _card_outline(width, height),
                angle,
                (column * step + jitter[0], row * step * 1.05 + jitter[1]),
            )
        )
    return outlines


def fanned_layout(
    rng: np.random.Generator,
    count: int,
    width: float,
    height: float,
    notes: list[str] | None = None,
) -> list[np.ndarray]:
    rows = 1 if count <= 8 or rng.random() < 0.3 else 2
    per_row = int(math.ceil(count / rows))
    outlines = []
    for row in range(rows):
        n = min(per_row, count - row * per_row)
        gap = width * rng.uniform(0.27, 0.5)
        if notes is not None and gap < width / 3 and n > 1 and "tight fan" not in notes:
            notes.append("tight fan")
        fan = rng.uniform(0, 0.12) if rng.random() < 0.5 else 0.0
        lift = rng.uniform(-0.08, 0.08) * height
        for i in range(n):
            angle = (i - (n - 1) / 2) * fan
            # a fan turns about a point below the cards, as a hand holds them
            pivot = np.float32([0, height * 1.6])
            at = np.float32([i * gap, row * height * 1.25 + i * lift / max(1, n)])
            if fan:
                c, s = math.cos(angle), math.sin(angle)
                offset = np.float32([0, -height * 1.1])
                at = (
                    at
                    + pivot
                    + np.float32([c * offset[0] - s * offset[1], s * offset[0] + c * offset[1]])
                    - pivot
                    - offset
                )
            outlines.append(_placed(_card_outline(width, height), angle, (at[0], at[1])))
    return outlines


def _tilt(rng: np.random.Generator, width: int, height: int, degrees: float) -> np.ndarray:
    """The homography of a camera turned ``degrees`` away from straight above."""
    focal = width * rng.uniform(1.0, 1.5)
    k = np.float64([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1]])
    axis_angle = rng.uniform(0, math.pi)
    axis = np.float64([math.cos(axis_angle), math.sin(axis_angle), 0]) * math.radians(degrees)
    rotation, _ = cv2.Rodrigues(axis)
    return k @ rotation @ np.linalg.inv(k)


def _fit(points: np.ndarray, width: int, height: int, fill: float) -> np.ndarray:
    """The similarity that centres ``points`` in the photo, covering ``fill`` of it."""
    low, high = points.min(axis=0), points.max(axis=0)
    scale = fill * min(width / max(1e-3, high[0] - low[0]), height / max(1e-3, high[1] - low[1]))
    centre = (low + high) / 2
    return np.float64(
        [
            [scale, 0, width / 2 - scale * centre[0]],
            [0, scale, height / 2 - scale * centre[1]],
            [0, 0, 1],
        ]
    )


# ---- a scene -------------------------------------------------------------------------


def make_scene(
    rng: np.random.Generator,
    decks: tuple[str, ...],
    *,
    layout: str | None = None,
    count: int | None = None,
    cards: list[str] | None = None,
    size: tuple[int, int] = (1600, 1200),
    letters: str | None = None,
    four_colour_deck: bool | None = None,
    jokers: bool | None = None,
    tilt: float | None = None,
) -> Scene:
    """One photo and its truth. Unset choices are drawn from ``rng``; ``cards`` names the
    cards to lay (each from one of the decks that has it)."""
    width, height = size if rng.random() < 0.5 else (size[1], size[0])
    layout = layout or str(rng.choice(["spread", "fanned"]))
    count = count if count is not None else int(rng.integers(1, 16))
    notes: list[str] = []
    in_play = [
        str(d)
        for d in rng.choice(decks, size=min(len(decks), int(rng.integers(1, 4))), replace=False)
    ]
    letters = (
        letters
        if letters is not None
        else rng.choice([None, "french", "german"], p=[0.6, 0.2, 0.2])
    )
    four_colour_deck = four_colour_deck if four_colour_deck is not None else rng.random() < 0.15
    jokers = jokers if jokers is not None else rng.random() < 0.3
    if letters:
        notes.append(f"{letters} letters")
    if four_colour_deck:
        notes.append("four-colour")

    chosen: list[tuple[str, str, np.ndarray]] = []
    for number in range(len(cards) if cards is not None else count):
        deck = in_play[int(rng.integers(len(in_play)))]
        available = faces(deck)
        names = [n for n in available if n != "JK" or jokers]
        if not names:
            continue
        card = names[int(rng.integers(len(names)))]
        if cards is not None:
            card = cards[number]
        elif rng.random() < 0.08 and chosen:  # the same card from another deck
            card = chosen[int(rng.integers(len(chosen)))][1]
            if card not in available:
                card = names[0]
        face = available[card][int(rng.integers(len(available[card])))]
        if four_colour_deck and card != "JK":
            face = four_colour(face, card[-1])
        if letters and card != "JK" and card[:-1] in LETTERS[letters]:
            new = LETTERS[letters][card[:-1]]
            if new != card[:-1]:
                face = redraw_letter(face, new, bottom_index_turned(deck))
        chosen.append((deck, card, face))
    if jokers and any(c == "JK" for _d, c, _f in chosen):
        notes.append("joker")

    card_h = 300.0
    card_w = card_h * 0.69
    arranged = (spread_layout if layout == "spread" else fanned_layout)(
        rng, len(chosen), card_w, card_h
    )
    # the whole layout turned any way on the table
    turn = rng.uniform(-math.pi, math.pi) if rng.random() < 0.5 else rng.normal(0, 0.15)
    c, s = math.cos(turn), math.sin(turn)
    arranged = [o @ np.float32([[c, -s], [s, c]]).T for o in arranged]

    degrees = tilt if tilt is not None else float(rng.uniform(0, 35))
    tilt_h = _tilt(rng, width, height, degrees)
    everything = np.concatenate(arranged) if arranged else np.float32([[0, 0], [1, 1]])
    first = _fit(everything, width, height, 1.0)
    projected = moved(tilt_h @ first, everything)
    fill = rng.uniform(0.6, 0.95)
    second = _fit(projected, width, height, fill)
    # at least a readable card: the index of a card near 60 px wide is at the limit
    whole = second @ tilt_h @ first

    photo, kind = table(rng, height, width)
    notes.append(kind)
    if rng.random() < 0.3:
        notes.append(_distractor(rng, photo, card_h * whole[0, 0]))
    owner = np.full((height, width), -1, np.int32)
    truths: list[TrueCard] = []
    for index, ((deck, card, face), outline) in enumerate(zip(chosen, arranged, strict=True)):
        fh, fw = face.shape[:2]
        source = np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]])
        # keep each deck's own proportions: stretch the outline's long side
        ratio = (fh / fw) / (card_h / card_w)
        top_left, top_right, _br, bottom_left = outline
        down = (bottom_left - top_left) * ratio
        outline = np.float32([top_left, top_right, top_right + down, top_left + down])
        target = moved(whole, outline).astype(np.float32)
        h = cv2.getPerspectiveTransform(source, target)
        warped = cv2.warpPerspective(face, h, (width, height), flags=cv2.INTER_LINEAR)
        photo[:] = laid_over(warped, photo)
        owner[warped[:, :, 3] > 127] = index
        truths.append(TrueCard(card, deck, target, rotated_bottom_index=bottom_index_turned(deck)))
    for index, truth in enumerate(truths):
        for name, at, towards in (("top-left", 0, (1, 3)), ("bottom-right", 2, (3, 1))):
            corner = truth.outline[at]
            across = truth.outline[towards[0]] - corner
            down = truth.outline[towards[1]] - corner
            samples = [
                corner + across * u + down * v for u in (0.05, 0.12, 0.2) for v in (0.05, 0.12, 0.2)
            ]
            seen = 0
            for x, y in samples:
                xi, yi = int(round(x)), int(round(y))
                if 0 <= xi < width and 0 <= yi < height and owner[yi, xi] == index:
                    seen += 1
            truth.shows[name] = seen >= 8
    photo = spoil(rng, photo, notes)
    return Scene(photo=photo, cards=truths, layout=layout, notes=notes)


def spoil(rng: np.random.Generator, photo: np.ndarray, notes: list[str]) -> np.ndarray:
    height, width = photo.shape[:2]
    light = photo.astype(np.float32)
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (xs * math.cos(angle) + ys * math.sin(angle)) / max(width, height)
    gain = rng.uniform(0.65, 1.0) + rng.uniform(0, 0.4) * (ramp - ramp.min())
    light *= gain[..., None]
    light *= rng.uniform(0.88, 1.12, 3)[None, None, :]  # the lamp's colour
    if rng.random() < 0.4:
        notes.append("shadow")
        shade = np.zeros((height, width), np.float32)
        centre = rng.uniform(0, 1, 2) * (width, height)
        points = centre + rng.normal(0, 0.3, (5, 2)) * (width, height)
        cv2.fillPoly(shade, [cv2.convexHull(points.astype(np.int32))], 1.0)
        shade = cv2.GaussianBlur(shade, (0, 0), max(width, height) * 0.02)
        light *= (1 - shade * rng.uniform(0.25, 0.55))[..., None]
    if rng.random() < 0.35:
        notes.append("glare")
        glare = np.zeros((height, width), np.float32)
        centre = (int(rng.uniform(0.2, 0.8) * width), int(rng.uniform(0.2, 0.8) * height))
        axes = (int(rng.uniform(0.03, 0.12) * width), int(rng.uniform(0.02, 0.08) * width))
        cv2.ellipse(glare, centre, axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
        glare = cv2.GaussianBlur(glare, (0, 0), axes[1] * 0.6 + 1)
        light += glare[..., None] * rng.uniform(80, 200)
    sigma = rng.uniform(0, 1.4)
    if sigma > 0.4:
        light = cv2.GaussianBlur(light, (0, 0), sigma)
    light += rng.normal(0, rng.uniform(1, 7), light.shape).astype(np.float32)
    photo = np.clip(light, 0, 255).astype(np.uint8)
    quality = int(rng.integers(55, 95))
    ok, encoded = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(encoded, cv2.IMREAD_COLOR)
