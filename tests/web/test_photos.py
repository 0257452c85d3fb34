"""POST /api/v1/recognize and the round form's photos, through the test client and a real
server: the contract's answer, every bad file refused with a sentence (field photo), a body
over 15 MB 413, one photo at a time per worker (503 with Retry-After), photos counted per
phone (429), and a photo never written to disk or to the logs."""

from __future__ import annotations

import concurrent.futures
import io
import re
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from scorekeeper.vision import MOST_PHOTO_BYTES as VISION_BOUND
from scorekeeper.web import photos
from tests.web.serving import Server, command_line, descendants
from tests.web.sessions import configured_app, start_game


def jpeg(width=800, height=600, colour=(20, 110, 50)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(out, "JPEG", quality=80)
    return out.getvalue()


def png_claiming(width: int, height: int) -> bytes:
    """A PNG whose header claims width x height, with a tiny compressed body: a bomb's shape."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = zlib.compress(b"\x00" * 1024)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")
    )


def send(client, data: bytes, name="photo.jpg", **fields):
    form = {"photo": (io.BytesIO(data), name), **fields}
    return client.post("/api/v1/recognize", data=form, content_type="multipart/form-data")


def test_the_web_bound_is_visions_bound():
    assert photos.MOST_PHOTO_BYTES == VISION_BOUND == 15 * 1024 * 1024


def test_a_photo_without_cards_answers_an_empty_list_with_its_size(client):
    response = send(client, jpeg(800, 600))
    assert response.status_code == 200
    assert response.json == {"cards": [], "unsure": [], "width": 800, "height": 600}


def test_exif_orientation_turns_the_size_upright(client):
    # a 800x600 picture the camera says is turned a quarter (orientation 6): 600 wide upright
    picture = Image.new("RGB", (800, 600), (20, 110, 50))
    exif = picture.getexif()
    exif[0x0112] = 6
    out = io.BytesIO()
    picture.save(out, "JPEG", exif=exif)
    answer = send(client, out.getvalue()).json
    assert (answer["width"], answer["height"]) == (600, 800)


@pytest.mark.parametrize(
    ("data", "name"),
    [
        (b"%PDF-1.4 not a photo at all", "sheet.pdf"),
        (b"hello, this is text", "notes.txt"),
        (jpeg()[:400], "cut.jpg"),  # damaged: cut short
        (png_claiming(9000, 9000), "huge.png"),  # 81 megapixels: more than 40
        (png_claiming(60000, 60000), "bomb.png"),  # 3.6 gigapixels from 1 KB
    ],
    ids=["pdf", "text", "damaged", "over-40-megapixels", "bomb"],
)
def test_a_file_that_is_no_readable_photo_is_refused_with_a_sentence(client, data, name):
    response = send(client, data, name)
    assert response.status_code == 400
    assert response.json["field"] == "photo"
    assert len(response.json["error"]) > 20 and "Traceback" not in response.json["error"]


def test_heic_from_an_iphone_is_read_or_refused_by_name(client):
    pillow_heif = pytest.importorskip("pillow_heif")
    picture = Image.new("RGB", (640, 480), (20, 110, 50))
    out = io.BytesIO()
    try:
        pillow_heif.from_pillow(picture).save(out, format="HEIF")
    except Exception:  # no HEVC encoder in this build: a file that names itself HEIC
        pytest.skip("pillow-heif here cannot write HEIC")
    response = send(client, out.getvalue(), "IMG_0001.HEIC")
    if response.status_code == 200:
        assert (response.json["width"], response.json["height"]) == (640, 480)
    else:
        assert response.status_code == 400 and "HEIC" in response.json["error"]


def test_a_body_over_15_mb_is_413_naming_the_photo(client):
    response = send(client, b"\xff" * (15 * 1024 * 1024 + 1))
    assert response.status_code == 413
    assert response.json["field"] == "photo"
    assert "15 MB" in response.json["error"]


def test_a_photo_as_large_as_a_phones_is_read_not_refused_as_over_15_mb(client):
    # a phone's 1600 px photo is often a few hundred KB; the form's reader takes the body
    # 64 KiB at a time, keeping back any bytes that may start the closing boundary (a line
    # break), and refused such a piece with the next as over a form's bound: 413, "larger
    # than 15 MB". Noise at quality 95 holds line-break bytes all through its 600-odd KB
    noise = np.random.default_rng(7).integers(0, 256, (600, 800, 3), dtype=np.uint8)
    out = io.BytesIO()
    Image.fromarray(noise).save(out, "JPEG", quality=95)
    photo = out.getvalue()
    assert len(photo) > 8 * 64 * 1024
    response = send(client, photo)
    assert response.status_code == 200, response.json
    assert (response.json["width"], response.json["height"]) == (800, 600)


def test_a_body_just_under_the_bound_is_read_not_refused_for_size(client):
    response = send(client, jpeg() + b"\x00" * (14 * 1024 * 1024))
    assert response.status_code in (200, 400)
    assert response.status_code == 200 or "15 MB" not in response.json["error"]


def test_the_other_api_questions_keep_their_4_mib_bound(client):
    body = b'{"variant": "rummy", "pad": "' + b"x" * (5 * 1024 * 1024) + b'"}'
    response = client.post("/api/v1/check", data=body, content_type="application/json")
    assert response.status_code == 413


@pytest.mark.parametrize(
    ("form", "field"),
    [
        ({"photo": (io.BytesIO(b""), "empty.jpg")}, "photo"),
        ({"variant": "rummy"}, "photo"),  # no file at all
        ({"photo": (io.BytesIO(b"x"), "p.jpg"), "variant": "poker"}, "variant"),
        ({"photo": (io.BytesIO(b"x"), "p.jpg"), "lang": "xx"}, "lang"),
    ],
    ids=["empty-file", "no-photo-field", "unknown-variant", "unknown-lang"],
)
def test_a_malformed_request_names_its_field(client, form, field):
    response = client.post("/api/v1/recognize", data=form, content_type="multipart/form-data")
    assert response.status_code == 400
    assert response.json["field"] == field


def test_json_instead_of_a_photo_is_refused(client):
    response = client.post("/api/v1/recognize", json={"photo": "AAAA"})
    assert response.status_code == 400 and response.json["field"] == "photo"


def test_the_refusal_speaks_the_phones_language(client):
    response = client.post(
        "/api/v1/recognize",
        data={"photo": (io.BytesIO(b"plain text"), "a.txt")},
        content_type="multipart/form-data",
        headers={"Accept-Language": "de"},
    )
    assert response.status_code == 400
    assert "Foto" in response.json["error"]
    said_in_french = client.post(
        "/api/v1/recognize",
        data={"photo": (io.BytesIO(b"plain text"), "a.txt"), "lang": "fr"},
        content_type="multipart/form-data",
    ).json["error"]
    assert said_in_french != response.json["error"] and "photo" in said_in_french.lower()


def test_a_get_is_not_allowed_rather_than_not_found(client):
    assert client.get("/api/v1/recognize").status_code == 405


def test_while_the_workers_photo_slot_is_taken_another_photo_is_told_to_come_back(client):
    with photos.PHOTO_SLOTS.slot():
        response = send(client, jpeg())
    assert response.status_code == 503
    assert int(response.headers["Retry-After"]) >= 1
    assert "photo" in response.json["error"]
    assert send(client, jpeg()).status_code == 200  # the slot free again


def test_a_phone_sending_more_photos_than_a_table_takes_is_told_to_wait(tmp_path):
    app = configured_app(tmp_path, RATELIMIT_ENABLED=True)
    client = app.test_client()
    allowed = photos.PHOTOS_PER_PHONE.amount
    statuses = [send(client, b"not a photo").status_code for _ in range(allowed)]
    assert statuses == [400] * allowed  # counted, each refused for what it is
    response = send(client, jpeg())
    assert response.status_code == 429
    assert response.json["field"] == "photo"
    assert int(response.headers["Retry-After"]) > 0


def test_an_uploaded_photo_is_kept_in_memory_only(app):
    with app.test_request_context(
        "/api/v1/recognize",
        method="POST",
        data={"photo": (io.BytesIO(b"\xff" * (2 * 1024 * 1024)), "p.jpg")},
        content_type="multipart/form-data",
    ):
        from flask import request

        assert isinstance(request.files["photo"].stream, io.BytesIO)


# --- the round form without scripts --------------------------------------------------------


def test_a_photo_sent_with_the_round_form_comes_back_listed_and_saves_nothing(client):
    edit = start_game(client, "rummy", ["Ana", "Ben"])
    response = client.post(
        f"{edit}/rounds/new",
        data={
            "mode": "cards",
            "winner": "Ana",
            "end": "out",
            "hand_1": "KS",
            "photo_1": (io.BytesIO(jpeg()), "hand.jpg"),
            "read_photo": "photo_1",
        },
        content_type="multipart/form-data",
    )
    assert response.status_code == 200
    page = response.data.decode()
    assert "No card found in this photo" in page  # the green cloth holds no card
    assert "Round 1" in page  # the form again, nothing saved
    # nothing saved: the next round to enter is still the first
    assert "<span data-round-number>1</span>" in client.get(f"{edit}/rounds/new").data.decode()


def test_read_the_photo_without_a_photo_says_to_choose_one(client):
    edit = start_game(client, "rummy", ["Ana", "Ben"])
    response = client.post(
        f"{edit}/rounds/new",
        data={"mode": "cards", "winner": "Ana", "read_photo": "photo_1"},
        content_type="multipart/form-data",
    )
    assert response.status_code == 200
    assert "choose a photo of the cards to send" in response.data.decode()


def test_the_round_form_is_multipart_with_a_photo_button_per_hand(client):
    edit = start_game(client, "rummy", ["Ana", "Ben", "Cem"])
    page = client.get(f"{edit}/rounds/new").data.decode()
    assert 'enctype="multipart/form-data"' in page
    for seat in range(3):
        assert f'name="photo_{seat}" accept="image/*" capture="environment"' in page


def test_the_photo_button_speaks_the_tables_language(client):
    edit = start_game(client, "rummy", ["Ana", "Ben"])
    page = client.get(f"{edit}/rounds/new?lang=de").data.decode()
    assert ">Foto<input" in page


# --- a real server -------------------------------------------------------------------------


@pytest.fixture
def server(tmp_path):
    log = tmp_path / "server.log"
    started = Server(tmp_path / "photos.sqlite", "--workers", "1", log=log).start()
    yield started
    if started.process.poll() is None:
        started.kill()


def _post_photo(port: int, data: bytes):
    import http.client

    boundary = "photo-boundary-1234"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; '
            f'filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request(
        "POST",
        "/api/v1/recognize",
        body=body,
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    response = connection.getresponse()
    answer = (response.status, dict(response.getheaders()), response.read())
    connection.close()
    return answer


def test_a_real_server_reads_refuses_and_bounds_photos(server, tmp_path):
    photo = jpeg(1600, 1200)
    status, _headers, body = _post_photo(server.port, photo)
    assert status == 200 and b'"width":1600' in body.replace(b" ", b"")
    status, _headers, body = _post_photo(server.port, b"not a photo")
    assert status == 400 and b'"field":"photo"' in body.replace(b" ", b"")
    status, _headers, body = _post_photo(server.port, b"\xff" * (16 * 1024 * 1024))
    assert status == 413 and b'"field":"photo"' in body.replace(b" ", b"")
    # a burst of photos on one worker: each read or told to come back, never an error
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: _post_photo(server.port, photo), range(8)))
    assert {status for status, _h, _b in answers} <= {200, 503}
    assert any(status == 200 for status, _h, _b in answers)
    for status, headers, _body in answers:
        if status == 503:
            assert int(headers["Retry-After"]) >= 1
    # the worker's reader process goes with the server
    readers = [
        pid for pid in descendants(server.process.pid) if "multiprocessing" in command_line(pid)
    ]
    assert readers
    server.stop()
    waited = 0.0
    while [pid for pid in readers if Path(f"/proc/{pid}").exists()] and waited < 10:
        time.sleep(0.2)
        waited += 0.2
    assert not [pid for pid in readers if Path(f"/proc/{pid}").exists()]
    # nothing of the photos in the server's log: one line per request, no body
    log = (tmp_path / "server.log").read_bytes()
    assert b"JFIF" not in log and b"not a photo" not in log
    assert b"Traceback" not in log
    assert not list(Path(tempfile.gettempdir()).glob("tmp*photo*"))


def test_the_referee_takes_a_photo_too_and_answers_nothing_before_it_is_checked(client):
    page = client.get("/referee/").data.decode()
    assert 'enctype="multipart/form-data"' in page
    assert 'name="photo" accept="image/*" capture="environment"' in page
    response = client.post(
        "/referee/",
        data={
            "variant": "rummy",
            "question": "arrange",
            "hand": "AS 2S 3S",
            "photo": (io.BytesIO(jpeg()), "meld.jpg"),
            "read_photo": "photo",
        },
        content_type="multipart/form-data",
    )
    page = response.data.decode()
    assert response.status_code == 200
    assert "No card found in this photo" in page
    assert 'id="verdict"' not in page  # not asked: the photo's cards are checked first
    damaged = client.post(
        "/referee/",
        data={"variant": "rummy", "question": "meld", "photo": (io.BytesIO(b"no"), "x.jpg")},
        content_type="multipart/form-data",
    )
    assert damaged.status_code == 200
    assert "this file is not a photo" in damaged.data.decode()


@pytest.mark.parametrize(
    ("path", "largest"),
    [
        ("/api/v1/recognize", 15 * 1024 * 1024),
        ("/s/AbCdEfGhIjKlMnOpQrStUv/rounds/new", 15 * 1024 * 1024),
        ("/club/s/AbCdEfGhIjKlMnOpQrStUv/rounds/12", 15 * 1024 * 1024),
        ("/referee/", 15 * 1024 * 1024),
        ("/api/v1/check", 4 * 1024 * 1024),
        ("/import", 4 * 1024 * 1024),
        ("/new/rummy", 4 * 1024 * 1024),
    ],
)
def test_the_server_reads_a_photo_sized_body_only_where_a_photo_may_go(path, largest):
    from scorekeeper.web.requests import largest_body

    assert largest_body(path) == largest


def test_a_photo_over_the_bound_is_refused_unread_by_a_real_server(server):
    import socket

    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as conn:
        conn.sendall(
            b"POST /api/v1/recognize HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            b"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 20000000\r\n\r\n--x"
        )
        # The head and the body may come in separate packets: read until the server closes.
        answer = b""
        try:
            while chunk := conn.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass  # closing with the body unread may reset; the answer came first
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert b'"field":"photo"' in answer.replace(b" ", b"")


class _StandInReader:
    """The contract's answer for any photo: K♠ for sure, 7♥ doubtful (the page is tested
    here, not vision, whose reader the API's tests above reach)."""

    def read(self, data: bytes, variant: str | None) -> dict:
        assert data and variant == "rummy"
        return {
            "cards": [
                {"card": "KS", "confidence": 0.97, "box": [10, 10, 50, 70]},
                {"card": "7H", "confidence": 0.42, "box": [70, 10, 50, 70]},
            ],
            "unsure": [1],
            "width": 200,
            "height": 100,
        }


def test_without_scripts_the_cards_read_fill_the_hand_and_save_as_typed(client, monkeypatch):
    monkeypatch.setattr(photos, "_READER", _StandInReader())
    edit = start_game(client, "rummy", ["Ana", "Ben"])
    form = {"mode": "cards", "winner": "Ana", "end": "out"}
    response = client.post(
        f"{edit}/rounds/new",
        data={**form, "photo_1": (io.BytesIO(jpeg()), "hand.jpg"), "save": "1"},
        content_type="multipart/form-data",
    )
    page = response.data.decode()
    assert response.status_code == 200  # Save with a photo: the cards shown first, not saved
    hand = re.search(r'<textarea[^>]*name="hand_1"[^>]*>\s*([^<]*)</textarea>', page).group(1)
    assert hand.strip() == "KS 7H"
    listed = page[page.index('class="photo-list"') :]
    assert re.search(r'<li>KS</li><li class="unsure">7H · <strong>look again</strong>', listed)
    saved = client.post(f"{edit}/rounds/new", data={**form, "hand_1": hand.strip(), "save": "1"})
    assert saved.status_code == 302
    # Basic Rummy: Ana collects Ben's K 10 + 7 = 17
    assert re.search(r'<th class="total[^"]*">\s*17', client.get(edit).data.decode())


def test_a_reader_leaves_with_its_worker_killed_outright():
    # gunicorn kills a stuck worker, or a signal finds it still starting: the worker never
    # stops its reader process, which must not wait on for ever with OpenCV loaded
    worker = subprocess.Popen(
        [sys.executable, "-c", _WORKER_THAT_STARTS_ITS_READER],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        reader = int(worker.stdout.readline())
        assert _running(reader)
    finally:
        worker.kill()
        worker.wait()
    waited = 0.0
    while _running(reader) and waited < 15:
        time.sleep(0.2)
        waited += 0.2
    assert not _running(reader)


_WORKER_THAT_STARTS_ITS_READER = """
import time
from scorekeeper.web import photos
photos.start_reader()
print(*(p.pid for p in photos._READER._current()._processes.values()), flush=True)
time.sleep(120)
"""


def _running(pid: int) -> bool:
    """Whether the process is there and not a zombie (its new parent may be slow to reap)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
