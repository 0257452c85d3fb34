"""A phone's photo read into pixels, within bounds, or refused with a sentence a player can act on.

The photo is read in memory and dropped: nothing here writes it anywhere or logs it. Every
refusal is a :class:`PhotoError` (field ``photo``), never a traceback:

- more bytes than :data:`MOST_PHOTO_BYTES`, or no image at all (a text file, a PDF);
- a damaged image (cut short, corrupt data);
- more than :data:`MOST_PIXELS` pixels, checked from the header before any pixel is decoded,
  so a decompression bomb (a small file that claims a huge picture) costs nothing;
- HEIC/HEIF (iPhones) is read through pillow-heif; where it is missing it is refused by name.

The picture is turned upright by its EXIF orientation, and a large JPEG is decoded at a
reduced scale straight from its DCT blocks (Pillow's ``draft``): reading needs about
:data:`WORKING_SIDE` pixels on the long side, not 12 million.
"""

from __future__ import annotations

import io
import re
import warnings
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, ImageFile, ImageOps, UnidentifiedImageError

from scorekeeper.rules.errors import RulesError
from scorekeeper.rules.messages import N_

MOST_PHOTO_BYTES = 15 * 1024 * 1024
MOST_PIXELS = 40_000_000
# the long side the cards are looked for at: a card's corner index stays readable on a
# table of 15 cards, and the work per photo stays bounded whatever the camera
WORKING_SIDE = 1600

try:
    import pillow_heif

    pillow_heif.register_heif_opener()
    READS_HEIC = True
except ImportError:  # pragma: no cover - pillow-heif is a runtime dependency
    READS_HEIC = False

_HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1", b"avif")
FORMATS = {"JPEG", "PNG", "WEBP", "HEIF", "AVIF", "MPO", "GIF", "BMP", "TIFF"}


class PhotoError(RulesError):
    """A photo that cannot be read: exit 2 on the CLI, HTTP 400 on the API, field ``photo``."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "photo")


@dataclass(frozen=True)
class Photo:
    """The upright picture to read (BGR, at most :data:`WORKING_SIDE` on its long side) and
    the size of the upright photo as sent, which the answer's boxes are measured in."""

    pixels: np.ndarray
    width: int
    height: int

    @property
    def scale(self) -> float:
        """Photo pixels per working pixel."""
        return self.width / self.pixels.shape[1]


def _is_heif(data: bytes) -> bool:
    return data[4:8] == b"ftyp" and data[8:12] in _HEIF_BRANDS


def read_photo(data: bytes, working_side: int = WORKING_SIDE) -> Photo:
    """The upright picture in ``data``, or a :class:`PhotoError` that says what is wrong.

    >>> read_photo(b"hello")
    Traceback (most recent call last):
    ...
    scorekeeper.vision.photo.PhotoError: this file is not a photo: send a JPEG, PNG, WebP or HEIC picture
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise PhotoError(N_("this file is not a photo: send a JPEG, PNG, WebP or HEIC picture"))
    data = bytes(data)
    if not data:
        raise PhotoError(N_("the photo is empty: take the picture again"))
    if len(data) > MOST_PHOTO_BYTES:
        raise PhotoError(
            N_(
                "the photo is larger than %(megabytes)s MB: send it smaller",
                megabytes=MOST_PHOTO_BYTES // (1024 * 1024),
            )
        )
    if _is_heif(data) and not READS_HEIC:  # pragma: no cover - pillow-heif is installed
        raise PhotoError(
            N_("HEIC photos cannot be read here: set the camera to JPEG (Most Compatible)")
        )
    with warnings.catch_warnings():
        # a picture over Pillow's bound warns first: here that is a refusal, not a warning
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(data))
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as bomb:
            # Pillow's own guard, far above ours, met while reading the header
            raise _too_many_pixels(str(bomb)) from None
        except UnidentifiedImageError:
            raise _not_read(data) from None
        except (OSError, ValueError, SyntaxError, EOFError):
            raise _damaged() from None
        try:
            return _decode(image, working_side)
        finally:
            image.close()


def _not_read(data: bytes) -> PhotoError:
    # a file Pillow cannot even identify: a bomb's header is identified, so this is
    # either another kind of file or an image too damaged to name
    if data[:3] == b"\xff\xd8\xff" or data[:8] == b"\x89PNG\r\n\x1a\n" or data[8:12] == b"WEBP":
        return _damaged()
    return PhotoError(N_("this file is not a photo: send a JPEG, PNG, WebP or HEIC picture"))


def _damaged() -> PhotoError:
    return PhotoError(N_("the photo is damaged and cannot be read: take or send it again"))


def _too_large(width: int, height: int) -> PhotoError:
    return PhotoError(
        N_(
            "the photo has %(megapixels)s megapixels, more than the %(most)s a photo may have: send it smaller",
            megapixels=round(width * height / 1_000_000),
            most=MOST_PIXELS // 1_000_000,
        )
    )


def _too_many_pixels(pillow_says: str) -> PhotoError:
    """Pillow's refusal ("Image size (900000000 pixels) exceeds limit ...") in our words."""
    counted = re.search(r"\((\d+) pixels\)", pillow_says)
    pixels = int(counted.group(1)) if counted else MOST_PIXELS * 5
    return _too_large(pixels, 1)


def _decode(image: Image.Image, working_side: int) -> Photo:
    if image.format not in FORMATS:
        raise PhotoError(N_("this file is not a photo: send a JPEG, PNG, WebP or HEIC picture"))
    width, height = image.size
    if width < 1 or height < 1:
        raise _damaged()
    if width * height > MOST_PIXELS:
        raise _too_large(width, height)
    factor = working_side / max(width, height)
    # a file cut short is damaged, never half a picture: said at each read (before the EXIF,
    # which a PNG reads after its pixels), for WeasyPrint turns Pillow's process-wide switch
    # on when it is imported
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        orientation = image.getexif().get(0x0112, 1)
        turned = orientation in (5, 6, 7, 8)
        upright = (height, width) if turned else (width, height)
        if factor < 1 and image.format in ("JPEG", "MPO"):
            # DCT scaling to at least twice the working size: quick, and the final
            # resize below still averages every pixel
            image.draft("RGB", (int(width * factor * 2), int(height * factor * 2)))
        image.load()
        # in place: a copy of the whole photo when it is upright already costs a copy
        ImageOps.exif_transpose(image, in_place=True)
        if image.mode not in ("RGB", "L"):
            image = image.convert("RGBA") if "A" in image.getbands() else image.convert("RGB")
            if image.mode == "RGBA":
                # a transparent background reads as a white table, which hides nothing
                background = Image.new("RGB", image.size, (255, 255, 255))
                background.paste(image, mask=image.getchannel("A"))
                image = background
        if factor < 1:
            size = (max(1, round(upright[0] * factor)), max(1, round(upright[1] * factor)))
            image = image.resize(size, Image.Resampling.BOX)
        if image.mode != "RGB":  # converting to its own mode would copy it
            image = image.convert("RGB")
        pixels = cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)
    except (OSError, ValueError, SyntaxError, EOFError, Image.DecompressionBombError):
        raise _damaged() from None
    except MemoryError:
        raise _too_large(width, height) from None
    return Photo(pixels=pixels, width=upright[0], height=upright[1])
