"""Saves beside photos: does a burst of phones sending photos of their cards slow the club?

Run: .venv/bin/python benchmarks/bench_photos.py [--tables 10] [--viewers 40] [--seconds 10]
     [--rounds 3] [--photo-phones 10]

Starts the real `scorekeeper serve` (gunicorn) on a free port of 127.0.0.1 with a fresh
database, and plays bench_load's light club evening on it in ``--rounds`` pairs of windows of
``--seconds`` each, taken in turn (so that whatever else the machine runs meanwhile weighs on
both alike): alone, then with ``--photo-phones`` phones each sending a photo of cards
(1600 px JPEG, as the round form's script sends it) every 3 seconds, all starting at once, each waiting its
Retry-After and sending again when told the server is busy (as static/photo.js does). Each
photo phone started a game first, so the server counts its photos as one phone's (imports
and photos are counted per phone). Reports the saves' p50/p95 in each half and their ratio,
and the photos' answers and times. Every request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import io
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image, ImageDraw  # noqa: E402

from benchmarks.bench_load import Results, percentile, play, prepare  # noqa: E402
from tests.web.serving import Phone, Server, start_rummy  # noqa: E402

PHOTO_EVERY = 3.0
BOUNDARY = "bench-photo-boundary"


def photo() -> bytes:
    """A 1600 x 1200 JPEG of eight cards on green cloth, as a phone's script sends it."""
    picture = Image.new("RGB", (1600, 1200), (25, 100, 55))
    draw = ImageDraw.Draw(picture)
    for i in range(8):
        x, y = 80 + (i % 4) * 380, 120 + (i // 4) * 520
        draw.rounded_rectangle((x, y, x + 300, y + 440), radius=24, fill=(250, 250, 245))
        draw.text((x + 20, y + 20), "AKQJ"[i % 4], fill=(200, 0, 0) if i % 2 else (0, 0, 0))
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=85)
    return out.getvalue()


def send_photo(port: int, cookie: str, data: bytes) -> tuple[int, int]:
    body = (
        (
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\n'
            f"Content-Type: image/jpeg\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{BOUNDARY}--\r\n".encode()
    )
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(
            "POST",
            "/api/v1/recognize",
            body=body,
            headers={
                "Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
                "Cookie": cookie,
            },
        )
        response = connection.getresponse()
        response.read()
        return response.status, int(response.headers.get("Retry-After") or 0)
    finally:
        connection.close()


def photo_phone(port: int, cookie: str, until: float, data: bytes, answers: list, lock) -> None:
    while time.monotonic() < until:
        started = time.perf_counter()
        status, retry_after = send_photo(port, cookie, data)
        while status == 503 and time.monotonic() < until:
            time.sleep(retry_after or 1)
            status, retry_after = send_photo(port, cookie, data)
        with lock:
            answers.append((status, time.perf_counter() - started))
        time.sleep(max(0.0, PHOTO_EVERY - (time.perf_counter() - started)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--viewers", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--photo-phones", type=int, default=10)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-photos-"))
    server = Server(folder / "club.sqlite", log=folder / "server.log").start()
    try:
        games, views, cookie = prepare(server, args.tables)
        photo_cookies = []
        for _ in range(args.photo_phones):
            phone = Phone(server.port)
            start_rummy(phone)  # the phone gets its own id, as a table's phone has
            photo_cookies.append(phone.cookie)
            phone.close()
        data = photo()
        answers: list[tuple[int, float]] = []
        lock = threading.Lock()

        def photos(clock) -> None:
            threads = [
                threading.Thread(
                    target=photo_phone,
                    args=(server.port, c, clock.until, data, answers, lock),
                )
                for c in photo_cookies
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=args.seconds + 120)

        alone, beside = Results(), Results()
        for _ in range(args.rounds):
            for into, during in ((alone, None), (beside, photos)):
                played, _ = play(
                    server.port, games, views, cookie, args.viewers, args.seconds, during
                )
                for name, times in played.times.items():
                    into.times.setdefault(name, []).extend(times)
                into.errors.extend(played.errors)
    finally:
        server.kill()
        shutil.rmtree(folder, ignore_errors=True)
    report(alone, beside, answers, args)


def report(alone, beside, answers, args) -> None:
    saves_alone = alone.times.get("round save", [])
    saves_beside = beside.times.get("round save", [])
    p95_alone, p95_beside = percentile(saves_alone, 0.95), percentile(saves_beside, 0.95)
    print(
        f"{args.tables} tables, {args.viewers} viewers; {args.rounds} x {args.seconds:.0f} s "
        f"alone and {args.rounds} x {args.seconds:.0f} s beside {args.photo_phones} phones "
        f"sending a photo every {PHOTO_EVERY:.0f} s, in turn"
    )
    print("| windows | saves | p50 ms | p95 ms | errors |")
    print("|---|---|---|---|---|")
    for name, results, saves in (
        ("club alone", alone, saves_alone),
        ("club + photos", beside, saves_beside),
    ):
        print(
            f"| {name} | {len(saves)} | {1000 * percentile(saves, 0.5):.0f} | "
            f"{1000 * percentile(saves, 0.95):.0f} | {len(results.errors)} |"
        )
    print(f"saves' p95 with photos / without: {p95_beside / p95_alone:.2f}x")
    statuses: dict[int, int] = {}
    for status, _seconds in answers:
        statuses[status] = statuses.get(status, 0) + 1
    read = [seconds for status, seconds in answers if status == 200]
    print(f"photos answered: {dict(sorted(statuses.items()))}")
    if read:
        print(
            f"photo read (waits for a busy worker included): p50 {1000 * percentile(read, 0.5):.0f} ms, "
            f"p95 {1000 * percentile(read, 0.95):.0f} ms"
        )


if __name__ == "__main__":
    main()
