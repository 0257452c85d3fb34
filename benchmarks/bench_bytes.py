"""Bytes sent for the game page and the round form, without and with compression.

Run: .venv/bin/python benchmarks/bench_bytes.py [--rounds 12]

Starts the real server (`scorekeeper serve`, gunicorn) on 127.0.0.1 with a fresh database,
plays a four-player Basic Rummy game of ``--rounds`` rounds through its forms, then asks for
the game page and the round form as a phone would, once accepting no compression and once
for each encoding Flask-Compress offers. The figures are what came over the socket: the
response's headers and its body as sent. Every request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.serving import Phone, Server, round_form, start_rummy  # noqa: E402

PLAYERS = ("Ana", "Ben", "Cem", "Dan")
ENCODINGS = ("identity", "gzip", "br", "zstd")
LOSERS_HANDS = ("KS QH 7D", "9C 4S", "JD JC 2H 3H")


def play(phone: Phone, rounds: int) -> str:
    game = start_rummy(phone, PLAYERS, target=100_000)
    for number in range(rounds):
        keys = round_form(phone, game)
        data = {**keys, "winner": PLAYERS[number % 4], "end": "out", "save": "1"}
        losers = [seat for seat in range(4) if seat != number % 4]
        for seat, hand in zip(losers, LOSERS_HANDS, strict=True):
            data[f"hand_{seat}"] = hand
        status, _, page = phone.post(f"{game}/rounds/new", data)
        assert status in (302, 303), (status, page[:500])
    return game


def bytes_sent(port: int, path: str, cookie: str, encoding: str) -> tuple[int, int]:
    """(header bytes, body bytes) of one answer, as they came over the socket."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers={"Cookie": cookie, "Accept-Encoding": encoding})
        response = conn.getresponse()
        body = response.read()  # http.client does not decompress: these are the bytes sent
        assert response.status == 200, response.status
        sent_encoding = response.getheader("Content-Encoding", "identity")
        assert sent_encoding == encoding, (sent_encoding, encoding)
        head = f"HTTP/1.1 {response.status} {response.reason}\r\n" + "".join(
            f"{name}: {value}\r\n" for name, value in response.getheaders()
        )
        return len(head) + 2, len(body)
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=12)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "bench.sqlite", "--workers", "1").start()
        phone = Phone(server.port)
        try:
            game = play(phone, args.rounds)
            pages = {"game page": game, "round form": f"{game}/rounds/new"}
            print(f"{len(PLAYERS)} players, {args.rounds} rounds; bytes sent (headers + body)")
            print(f"{'':12}" + "".join(f"{encoding:>18}" for encoding in ENCODINGS))
            for name, path in pages.items():
                cells = []
                for encoding in ENCODINGS:
                    head, body = bytes_sent(server.port, path, phone.cookie, encoding)
                    cells.append(f"{head + body:>7} ({body:>6})")
                print(f"{name:12}" + "".join(f"{cell:>18}" for cell in cells))
        finally:
            phone.close()
            server.stop()


if __name__ == "__main__":
    main()
