"""Every photo the reader must refuse, and every one it must read the right way up: each
refusal is a PhotoError (a RulesError with field "photo") whose sentence names the problem."""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np
import pytest
from PIL import Image

from scorekeeper.rules.errors import RulesError
from scorekeeper.vision import MOST_PHOTO_BYTES, PhotoError, read_photo, recognize


def jpeg(image: Image.Image, **options) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", **options)
    return out.getvalue()


def refusal(data: bytes) -> str:
    with pytest.raises(PhotoError) as caught:
        recognize(data)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, RulesError)
    assert caught.value.field == "photo"
    return str(caught.value)


def test_a_file_that_is_no_image_is_refused():
    assert "not a photo" in refusal(b"AS 10H JK\nthese are cards typed, not photographed\n")
    assert "not a photo" in refusal(b"%PDF-1.7\n" + b"0" * 500)


def test_an_empty_file_is_refused():
    assert "empty" in refusal(b"")


def test_a_damaged_jpeg_is_refused():
    whole = jpeg(Image.new("RGB", (640, 480), (30, 120, 40)), quality=90)
    assert "damaged" in refusal(whole[: len(whole) // 2])
    assert "damaged" in refusal(whole[:40])


def test_a_damaged_png_is_refused():
    out = io.BytesIO()
    Image.new("RGB", (200, 100), (1, 2, 3)).save(out, "PNG")
    data = bytearray(out.getvalue())
    data[60:80] = b"\x00" * 20  # inside the compressed pixels
    assert "damaged" in refusal(bytes(data))


def test_more_bytes_than_the_bound_are_refused_before_reading():
    assert "15 MB" in refusal(b"\xff\xd8\xff" + b"\x00" * MOST_PHOTO_BYTES)


def test_more_than_40_megapixels_is_refused():
    # 8200 x 5000 = 41 megapixels, a small file of one colour
    data = jpeg(Image.new("L", (8200, 5000), 90), quality=50)
    assert len(data) < MOST_PHOTO_BYTES
    message = refusal(data)
    assert "41 megapixels" in message and "40" in message


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def test_a_decompression_bomb_is_refused_before_its_pixels_are_unpacked():
    # a real PNG: 30000 x 30000 one-bit pixels (900 megapixels) in a few hundred kilobytes
    side = 30000
    row = b"\x00" + b"\x00" * (side // 8)
    pixels = zlib.compress(row * side, 9)
    data = (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0))
        + _png_chunk(b"IDAT", pixels)
        + _png_chunk(b"IEND", b"")
    )
    assert len(data) < 1_000_000
    assert "900 megapixels" in refusal(data)


def test_exif_orientation_is_honoured():
    # stored landscape, 300 x 200, with a red mark top left; EXIF 6: turn it a quarter
    # clockwise to see it upright, so the photo is 200 x 300 and the mark is top right
    stored = Image.new("RGB", (300, 200), (40, 110, 40))
    stored.paste((230, 20, 20), (0, 0, 40, 40))
    exif = Image.Exif()
    exif[0x0112] = 6
    data = jpeg(stored, exif=exif.tobytes(), quality=95)
    answer = recognize(data)
    assert (answer["width"], answer["height"]) == (200, 300)
    assert answer["cards"] == []
    pixels = read_photo(data).pixels  # BGR
    assert pixels.shape[:2] == (300, 200)
    assert pixels[10, 190, 2] > 180 and pixels[10, 190, 1] < 80  # red, top right
    assert pixels[10, 10, 2] < 120  # the top left is the table


def test_a_heic_photo_is_read():
    import pillow_heif

    pillow_heif.register_heif_opener()
    out = io.BytesIO()
    Image.new("RGB", (320, 240), (30, 100, 40)).save(out, "HEIF")
    data = out.getvalue()
    assert data[4:12] == b"ftypheic"
    answer = recognize(data)
    assert answer == {"cards": [], "unsure": [], "width": 320, "height": 240}


def test_a_large_photo_is_read_at_the_working_size_and_answered_in_its_own_pixels():
    data = jpeg(Image.new("RGB", (4000, 3000), (120, 70, 30)), quality=80)
    photo = read_photo(data)
    assert max(photo.pixels.shape[:2]) == 1600
    assert (photo.width, photo.height) == (4000, 3000)
    assert isinstance(photo.pixels, np.ndarray)


def test_a_table_with_no_card_answers_an_empty_list():
    rng = np.random.default_rng(3)
    wood = (rng.normal(0, 12, (900, 1200, 3)) + (40, 80, 130)).clip(0, 255).astype(np.uint8)
    answer = recognize(jpeg(Image.fromarray(wood)))
    assert answer == {"cards": [], "unsure": [], "width": 1200, "height": 900}


def test_an_unknown_variant_is_refused_by_name():
    data = jpeg(Image.new("RGB", (64, 48), (30, 100, 40)))
    with pytest.raises(RulesError) as caught:
        recognize(data, "snap")
    assert caught.value.field == "variant"


def test_a_damaged_jpeg_is_refused_after_weasyprint_was_imported():
    # WeasyPrint turns Pillow's LOAD_TRUNCATED_IMAGES on when imported (the web app and the
    # photo reader share a process with it in the tests and the CLI)
    import weasyprint  # noqa: F401
    from PIL import ImageFile

    ImageFile.LOAD_TRUNCATED_IMAGES = True
    whole = jpeg(Image.new("RGB", (400, 300), (200, 30, 30)))
    assert "damaged" in refusal(whole[: len(whole) // 2])


def test_a_damaged_png_is_refused_after_weasyprint_was_imported():
    import weasyprint  # noqa: F401  (it turns LOAD_TRUNCATED_IMAGES on)
    from PIL import ImageFile

    ImageFile.LOAD_TRUNCATED_IMAGES = True
    out = io.BytesIO()
    Image.new("RGB", (200, 100), (1, 2, 3)).save(out, "PNG")
    data = bytearray(out.getvalue())
    data[60:80] = b"\x00" * 20  # inside the compressed pixels
    assert "damaged" in refusal(bytes(data))
