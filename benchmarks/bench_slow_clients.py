"""Slow clients hold nothing: normal requests while connections trickle their headers.

Run: .venv/bin/python benchmarks/bench_slow_clients.py [--trickling 64] [--seconds 10] [--rounds 3]
     [--streams 500]

Starts the real `scorekeeper serve` (default workers and threads) on a free port of
127.0.0.1 with a fresh database holding one game. Runs of the same length, in turns
(``--rounds`` of each, so a machine busy with other work weighs on both alike): without,
then with ``--trickling`` connections that each send one byte of a request's
headers every 4 seconds (and open a new connection whenever the server drops theirs, so
the pressure never lets up). In both runs four phones ask for the game's page and the
revision poll back to back; the figure is their p95 time, which with the trickling
connections must stay within 1.5x of the run without them.

Throughout both kinds of run ``--streams`` live streams (Server-Sent Events, as the game
pages of watching phones hold them) are open against the same server and read by one
thread, so the limits are checked with streams open (issue 30, item 4): the p95 ratio; each
trickling connection dropped once it has not sent its headers within the server's limit
(``HEADERS_WITHIN``); every stream still open at the end (the slow-client limits end slow
clients, never an idle stream). Every connection goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import resource
import select
import selectors
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_live import open_stream  # noqa: E402
from bench_load import prepare  # noqa: E402

from tests.web.serving import Phone, Server  # noqa: E402

TRICKLE_EVERY = 4.0
HEADERS_WITHIN = (
    5.0  # gunicorn_worker.HEADERS_SECONDS: a connection whose headers take longer is dropped
)
LATE_BY_AT_MOST = 1.5
PHONES = 4
HEADERS = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n\r\n"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def trickle(port: int, until: float, dropped: list[float]) -> None:
    """One slow client: a byte every few seconds; a new connection as soon as the server
    drops this one (it answers nothing and closes: the socket reads empty). ``dropped`` gets
    how long each connection lived before the server dropped it (-1: it could not connect)."""
    while time.monotonic() < until:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
                opened = time.monotonic()
                for byte in HEADERS:
                    conn.sendall(bytes([byte]))
                    ready, _, _ = select.select([conn], [], [], TRICKLE_EVERY)
                    if ready:
                        conn.recv(4096)
                        dropped.append(time.monotonic() - opened)
                        break
                    if time.monotonic() >= until:
                        return
        except OSError:
            dropped.append(-1.0)
            time.sleep(0.2)


class HeldStreams:
    """Live streams held open and read by one thread, as idle phones' EventSources: how many
    said hello and how many the server ended."""

    def __init__(self, port: int, view: str, count: int) -> None:
        self.selector = selectors.DefaultSelector()
        self.hellos = self.ended = 0
        self.count = count
        self.running = True
        for _ in range(count):
            connection = open_stream(port, view)
            connection.setblocking(False)
            self.selector.register(connection, selectors.EVENT_READ, [False])
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while self.running:
            for key, _ in self.selector.select(timeout=0.2):
                try:
                    data = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    self.selector.unregister(key.fileobj)
                    key.fileobj.close()
                    self.ended += 1
                    continue
                if not key.data[0] and b"event: hello" in data:
                    key.data[0] = True
                    self.hellos += 1

    def open(self) -> int:
        return self.count - self.ended

    def close(self) -> None:
        self.running = False
        self.thread.join(timeout=5)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()


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
    dropped: list[float] = []
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
    parser.add_argument(
        "--streams", type=int, default=500, help="live streams held open throughout (0: none)"
    )
    arguments = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = arguments.streams + 4 * arguments.trickling + 512
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, wanted)), hard))
    streams = None
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "bench.sqlite").start()
        try:
            games, views, _ = prepare(server, 1)
            game = games[0]
            setup = Phone(server.port, timeout=30)
            setup.get(game)  # the page is rendered once before timing
            setup.close()
            if arguments.streams:
                streams = HeldStreams(server.port, views[0], arguments.streams)
                time.sleep(5)  # every stream said hello
                print(f"{streams.hellos} of {arguments.streams} streams open and greeted")
            quiet, quiet_errors, busy, busy_errors = [], [], [], []
            dropped: list[float] = []
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
            if streams is not None:
                still_open = streams.open()
                streams.close()
        finally:
            if streams is not None:
                streams.close()
            server.stop()
    quiet_p95 = percentile(quiet, 0.95)
    busy_p95 = percentile(busy, 0.95)
    print(
        f"without slow clients: {len(quiet)} requests, p50 {percentile(quiet, 0.5) * 1000:.1f} ms, p95 {quiet_p95 * 1000:.1f} ms, errors {len(quiet_errors)}"
    )
    print(
        f"with {arguments.trickling} trickling: {len(busy)} requests, p50 {percentile(busy, 0.5) * 1000:.1f} ms, p95 {busy_p95 * 1000:.1f} ms, errors {len(busy_errors)}"
    )
    ratio = busy_p95 / quiet_p95
    print(f"p95 ratio {ratio:.2f} (target at most 1.5: {'held' if ratio <= 1.5 else 'NOT held'})")
    lived = [seconds for seconds in dropped if seconds >= 0]
    longest = max(lived, default=0.0)
    # dropped once its headers are late: the limit, and a moment for a busy machine to act
    on_time = bool(lived) and longest <= HEADERS_WITHIN + LATE_BY_AT_MOST
    print(
        f"slow connections dropped: {len(lived)}, {len(dropped) - len(lived)} could not "
        f"connect; longest lived {longest:.2f} s (limit {HEADERS_WITHIN:g} s for the headers, "
        f"+{LATE_BY_AT_MOST:g} s allowed: {'held' if on_time else 'NOT held'})"
    )
    if streams is not None:
        print(
            f"live streams: {streams.hellos} of {arguments.streams} greeted, {still_open} still "
            f"open at the end ({'held' if still_open == arguments.streams else 'NOT held'})"
        )
    for error in (quiet_errors + busy_errors)[:5]:
        print("  ", error)


if __name__ == "__main__":
    main()
