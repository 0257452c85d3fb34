"""The cards in a photo: ``recognize(data)`` reads a phone's photo of cards lying face up.

``from scorekeeper.vision import recognize`` takes the photo's bytes (JPEG, PNG, WebP or
HEIC, EXIF orientation honoured) and answers the contract's dict
(``shared/spec/referee-json.md``, "recognize")::

    {"cards": [{"card": "QS", "confidence": 0.98, "box": [x, y, w, h]}, ...],
     "unsure": [indices into cards], "width": ..., "height": ...}

A photo that cannot be read raises :class:`PhotoError` (a :class:`~scorekeeper.rules.RulesError`
with field ``photo``), whose message is a sentence a player can act on. The package imports
the engine (for the one card notation and the variants' decks) and nothing else of the app.

>>> recognize(b"not a photo")
Traceback (most recent call last):
...
scorekeeper.vision.photo.PhotoError: this file is not a photo: send a JPEG, PNG, WebP or HEIC picture
"""

from __future__ import annotations

from .answer import recognize
from .budget import PhotoBudget
from .photo import MOST_PHOTO_BYTES, MOST_PIXELS, PhotoError, read_photo

__all__ = [
    "MOST_PHOTO_BYTES",
    "MOST_PIXELS",
    "PhotoBudget",
    "PhotoError",
    "read_photo",
    "recognize",
]
