"""Slow clients hold nothing: normal requests while connections trickle their headers.

Run: .venv/bin/python benchmarks/bench_slow_clients.py [--trickling 64] [--seconds 10] [--rounds 3]

Starts the real `scorekeeper serve` (default workers and threads) on a free port of
127.0.0.1 with a fresh database holding one game. Runs of the same length, in turns
(``--rounds`` of each, so a machine busy with other work weighs on both alike): without,
then with ``--trickling`` connections that each send one byte of a request's
headers every 4 seconds (and open a new connection whenever the server drops theirs, so
the pressure never lets up). In both runs four phones ask for the game's page and the
revision poll back to back; the figure is their p95 time, which with the trickling
connections must stay within 1.5x of the run without them. Every connection goes to
127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import select
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.serving import Phone, Server, start_rummy  # noqa: E402

TRICKLE_EVERY = 4.0
PHONES = 4
HEADERS = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n\r\n"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def trickle(port: int, until: float, dropped: list[int]) -> None:
    """One slow client: a byte every few seconds; a new connection as soon as the server
    drops this one (it answers nothing and closes: the socket reads empty)."""
    while time.monotonic() < until:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
                for byte in HEADERS:
                    conn.sendall(bytes([byte]))
                    ready, _, _ = select.select([conn], [], [], TRICKLE_EVERY)
                    if time.monotonic() >= until:
                        return
                    if ready:
                        conn.recv(4096)
                        dropped.append(1)
                        break
        except OSError:
            dropped.append(1)
            time.sleep(0.2)


def phone_loop(port: int, game: str, until: float, times: list[float], errors: list[str]) -> None:
    phone = Phone(port, timeout=30)
    paths = (game, f"{game}/revision")
    turn = 0
    while time.monotonic() < until:
        path = paths[turn % 2]
        turn += 1
        start = time.perf_counter()
        try:
            status, _, _ = phone.get(path)
        except OSError as error:
            errors.append(f"{path}: {error}")
            continue
        times.append(time.perf_counter() - start)
        if status != 200:
            errors.append(f"{path}: {status}")
    phone.close()


def run(port: int, game: str, seconds: float, trickling: int) -> tuple[list[float], list, list]:
    until = time.monotonic() + seconds
    times: list[float] = []
    errors: list[str] = []
    dropped: list[int] = []
    slow = [
        threading.Thread(target=trickle, args=(port, until, dropped), daemon=True)
        for _ in range(trickling)
    ]
    for thread in slow:
        thread.start()
    time.sleep(min(2.0, seconds / 4) if trickling else 0)  # every slow client has connected
    phones = [
        threading.Thread(target=phone_loop, args=(port, game, until, times, errors))
        for _ in range(PHONES)
    ]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join()
    return times, errors, dropped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trickling", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "bench.sqlite").start()
        try:
            setup = Phone(server.port, timeout=30)
            game = start_rummy(setup)
            setup.get(game)  # the page is rendered once before timing
            setup.close()
            quiet, quiet_errors, busy, busy_errors, dropped = [], [], [], [], []
            for _ in range(arguments.rounds):
                for times, errors, trickling in (
                    (quiet, quiet_errors, 0),
                    (busy, busy_errors, arguments.trickling),
                ):
                    found = run(server.port, game, arguments.seconds, trickling)
                    times += found[0]
                    errors += found[1]
                    if trickling:
                        dropped += found[2]
        finally:
            server.stop()
    quiet_p95 = percentile(quiet, 0.95)
    busy_p95 = percentile(busy, 0.95)
    print(
        f"without slow clients: {len(quiet)} requests, p50 {percentile(quiet, 0.5) * 1000:.1f} ms, p95 {quiet_p95 * 1000:.1f} ms, errors {len(quiet_errors)}"
    )
    print(
        f"with {arguments.trickling} trickling: {len(busy)} requests, p50 {percentile(busy, 0.5) * 1000:.1f} ms, p95 {busy_p95 * 1000:.1f} ms, errors {len(busy_errors)}, slow connections dropped {len(dropped)}"
    )
    print(f"p95 ratio {busy_p95 / quiet_p95:.2f} (target at most 1.5)")
    for error in (quiet_errors + busy_errors)[:5]:
        print("  ", error)


if __name__ == "__main__":
    main()
