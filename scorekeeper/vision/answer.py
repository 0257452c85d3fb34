"""The contract's answer: the cards read, each once, in reading order, the doubtful ones named.

Reading order is the order a player reads a page in: the cards are grouped into rows
(a card whose centre lies within half a card's height of a row's centre is in that row),
rows from the top down, each row from left to right.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from scorekeeper.rules import variants
from scorekeeper.rules.catalog import get_variant

from .budget import PhotoBudget
from .photo import read_photo
from .reading import Reading, read_cards

# below this the table is asked to look again (benchmarks/README.md, "The cards in a
# photo": the share of wrong and of right readings below it). A card's confidence is its
# rank's probability times its suit's, so a doubt in either shows
SURE = 0.8


def recognize(data: bytes, variant: str | None = None) -> dict[str, Any]:
    """The cards in the photo ``data`` (see the package's docstring); with ``variant``, a
    card that variant's deck cannot hold (a joker where it plays none, a third copy in a
    two-deck game) is listed in ``unsure``."""
    if variant is not None:
        get_variant(variant)  # an unknown variant is refused before the photo is read
    budget = PhotoBudget()
    photo = read_photo(data)
    budget.check()
    readings = reading_order(read_cards(photo.pixels, budget))
    cards = []
    for reading in readings:
        x, y, w, h = reading.box
        scale = photo.scale
        left, top = max(0, round(x * scale)), max(0, round(y * scale))
        cards.append(
            {
                "card": reading.card,
                "confidence": round(float(reading.confidence), 3),
                "box": [
                    left,
                    top,
                    max(1, min(photo.width - left, round(w * scale))),
                    max(1, min(photo.height - top, round(h * scale))),
                ],
            }
        )
    unsure = [index for index, reading in enumerate(readings) if reading.confidence < SURE]
    if variant is not None:
        unsure = sorted(set(unsure) | set(_beyond_the_deck([r.card for r in readings], variant)))
    return {"cards": cards, "unsure": unsure, "width": photo.width, "height": photo.height}


def reading_order(readings: Sequence[Reading]) -> list[Reading]:
    """Rows from the top down, each from left to right.

    >>> cards = [Reading("2S", 1, (300, 10, 100, 150)), Reading("3S", 1, (10, 30, 100, 150)),
    ...          Reading("4S", 1, (20, 300, 100, 150))]
    >>> [r.card for r in reading_order(cards)]
    ['3S', '2S', '4S']
    """
    rows: list[list[Reading]] = []
    for reading in sorted(readings, key=lambda r: r.centre[1]):
        if rows:
            row = rows[-1]
            middle = sum(r.centre[1] for r in row) / len(row)
            height = sum(r.box[3] for r in row) / len(row)
            if abs(reading.centre[1] - middle) <= height / 2:
                row.append(reading)
                continue
        rows.append([reading])
    return [reading for row in rows for reading in sorted(row, key=lambda r: r.centre[0])]


def _beyond_the_deck(cards: Sequence[str], variant: str) -> list[int]:
    """Indices of the cards the variant's largest deal cannot hold (each copy too many)."""
    record = next(v for v in variants()["variants"] if v["id"] == variant)
    decks = max(row["decks"] for row in record["deal"])
    jokers = max(row["jokers"] for row in record["deal"])
    seen: Counter[str] = Counter()
    beyond = []
    for index, card in enumerate(cards):
        seen[card] += 1
        if seen[card] > (jokers if card == "JK" else decks):
            beyond.append(index)
    return beyond
