"""Every phone at the table updated within a blink of Save (issue 30): the live streams.

Run: .venv/bin/python benchmarks/bench_live.py [--tables 50] [--watchers 4] [--seconds 30]
     [--chromium-tables 3] [--idle 1000] [--skip-bare]

Starts the real `scorekeeper serve` (default workers and threads) on a free port of
127.0.0.1, each part on a fresh database.

(a) Save to every watching phone: ``--tables`` games, ``--watchers`` read-only streams
    each (`/s/<view>/events`, read by one selector thread: lighter clients than a browser,
    reading what a browser's EventSource reads). Each table every 3 s opens the round form
    and saves a round the way a phone's script does (one request, the sheet in its answer).
    The figure per save: from its acknowledgement (the answer read) to the last of its
    table's watchers holding the event of that revision; p50 and p95 over the run, with the
    save's own p95. The first ``--chromium-tables`` tables are watched by real headless
    Chromium pages instead (Debian's chromium through Playwright, each page its own browser
    context, as tests/browser do): each opens the read-only page, whose live.js listens to the
    stream and swaps the sheet in place; the page notes, on its own clock
    (performance.timeOrigin + performance.now(), the same machine's wall clock as the save's
    time.time()), when each revision's sheet was in its DOM. Their figure is given apart.
(b) Server CPU per table cycle: the CPU time of the server's processes over the run of (a),
    divided by the saves acknowledged in it; beside it, bench_cycle's bare Flask +
    sqlite-utils app doing its cycle (form, save, redirect, page, 4 viewers polling every
    5 s) with the same number of tables in the same run (``--skip-bare`` leaves it out).
(c) Idle streams: ``--idle`` streams opened on 50 games and held; the resident memory of
    the server's processes (master and workers, from /proc) before and after.
(d) A phone that stops reading: one stream whose socket is never read (a small receive
    buffer) while its game gets saves with a long sheet; the server's memory and whether
    the stream was dropped (the connection closed by the server).

Every connection goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import resource
import selectors
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_cycle import chunks_read, cpu_seconds, evening, load_average, warm  # noqa: E402
from bench_load import percentile, prepare  # noqa: E402

from tests.web.serving import Phone, Server, descendants, round_form, rummy_round  # noqa: E402

SAVE_EVERY = 3.0
TARGET_P95 = 0.300
IDLE_TARGET_MB = 50
EVENT_ID = re.compile(rb"id: (\d+)\n")
PAGE_READY_WITHIN = 120.0  # s: every Chromium page open and its stream said hello
# Run in each page before its own scripts: when each revision's sheet was swapped in (live.js
# says so with "sheet:updated"), and how many of its streams said hello
NOTE_UPDATES = """
window.__updates = [];
window.__hellos = 0;
document.addEventListener("sheet:updated", function (event) {
  window.__updates.push([Number(event.detail.revision), performance.timeOrigin + performance.now()]);
});
if (window.EventSource) {
  window.EventSource = class extends window.EventSource {
    constructor(url, options) {
      super(url, options);
      this.addEventListener("hello", function () { window.__hellos += 1; });
    }
  };
}
"""


def resident_mb(pid: int) -> float:
    total = 0
    for each in (pid, *descendants(pid)):
        try:
            status = Path(f"/proc/{each}/status").read_text()
        except OSError:
            continue
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        total += int(found.group(1)) if found else 0
    return total / 1024


def open_stream(port: int, path: str, receive_buffer: int | None = None) -> socket.socket:
    connection = socket.socket()
    if receive_buffer:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    connection.connect(("127.0.0.1", port))
    connection.sendall(
        f"GET {path}/events?since=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    return connection


def first_seen(
    arrived: dict[tuple[int, int], list[tuple[int, float]]], table: int, revision: int
) -> list[float]:
    """For each of the table's watchers, when it first held that revision or a later one."""
    times = []
    for (of_table, _), events in arrived.items():
        if of_table == table:
            later = [when for seen, when in events if seen >= revision]
            if later:
                times.append(later[0])
    return times


class Watchers:
    """Every stream read by one thread; when each revision of each game reached each."""

    def __init__(self) -> None:
        self.selector = selectors.DefaultSelector()
        # each stream's events in order: (table, stream) -> [(revision, when)]
        self.arrived: dict[tuple[int, int], list[tuple[int, float]]] = {}
        self.streams = 0
        self.lock = threading.Lock()
        self.running = True
        self.thread = threading.Thread(target=self._read, daemon=True)

    def add(self, connection: socket.socket, table: int) -> None:
        connection.setblocking(False)
        self.selector.register(connection, selectors.EVENT_READ, [table, b"", self.streams])
        self.streams += 1

    def _read(self) -> None:
        for key, text in chunks_read(self.selector, lambda: self.running):
            now = time.monotonic()
            table, _tail, stream = key.data
            with self.lock:
                for found in EVENT_ID.finditer(text):
                    events = self.arrived.setdefault((table, stream), [])
                    events.append((int(found.group(1)), now))

    def updated(self, table: int, revision: int) -> list[float]:
        """When each of the table's streams first held that revision or a later one (the
        watcher sends a table's latest sheet: two quick saves may come as one event)."""
        return first_seen(self.arrived, table, revision)

    def close(self) -> None:
        self.running = False
        self.thread.join(timeout=5)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()


class ChromiumWatchers:
    """Real Chromium pages watching some tables: one thread owns Playwright (its sync API
    stays on the thread that started it), opens every page, waits for the evening to end and
    reads back when each page swapped in each revision."""

    def __init__(self, port: int, views: list[str], watchers: int) -> None:
        self.port = port
        self.views = views
        self.watchers = watchers
        self.ready = threading.Event()
        self.done = threading.Event()
        self.failed: BaseException | None = None
        # (table, page) -> [(revision, when on the wall clock)]
        self.arrived: dict[tuple[int, int], list[tuple[int, float]]] = {}
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        from playwright.sync_api import sync_playwright

        from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                pages = {}
                for table, view in enumerate(self.views):
                    for watcher in range(self.watchers):
                        context = browser.new_context(
                            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
                        )
                        context.add_init_script(NOTE_UPDATES)
                        page = context.new_page()
                        page.goto(f"http://127.0.0.1:{self.port}{view}", timeout=60_000)
                        pages[(table, watcher)] = page
                for page in pages.values():
                    page.wait_for_function("window.__hellos > 0", timeout=PAGE_READY_WITHIN * 1000)
                self.ready.set()
                self.done.wait()
                for key, page in pages.items():
                    self.arrived[key] = [
                        (int(revision), when / 1000)
                        for revision, when in page.evaluate("window.__updates")
                    ]
                browser.close()
        except BaseException as error:  # told to the main thread, which stops the run
            self.failed = error
            self.ready.set()

    def updated(self, table: int, revision: int) -> list[float]:
        """When each of the table's pages first showed that revision or a later one."""
        return first_seen(self.arrived, table, revision)


def live_evening(
    folder: Path, tables: int, watchers: int, seconds: float, chromium_tables: int = 0
) -> dict:
    server = Server(folder / "live.sqlite").start()
    try:
        games, views, cookie = prepare(server, tables)
        warm(server.port, games, views, cookie)  # every worker past its first requests
        browsers = ChromiumWatchers(server.port, views[:chromium_tables], watchers)
        if chromium_tables:
            browsers.thread.start()
            browsers.ready.wait()
            if browsers.failed:
                raise RuntimeError("the Chromium pages did not open") from browsers.failed
        readers = Watchers()
        for table, view in enumerate(views[chromium_tables:], start=chromium_tables):
            for _ in range(watchers):
                readers.add(open_stream(server.port, view), table)
        readers.thread.start()
        time.sleep(3)  # every stream said hello, and was sent the warm-up's rounds
        acks: list[tuple[int, int, float, float]] = []  # (table, revision, acknowledged at:
        # monotonic for the light clients, wall clock for the pages)
        saves: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        start = time.monotonic() + 0.5
        until = start + seconds

        def run(table: int) -> None:
            phone = Phone(server.port, timeout=30)
            phone.cookie = cookie
            game = games[table]
            tick = start + SAVE_EVERY * table / tables
            while True:
                time.sleep(max(0.0, tick - time.monotonic()))
                if time.monotonic() >= until:
                    break
                try:
                    keys = round_form(phone, game)
                    began = time.perf_counter()
                    status, headers, _ = phone.request(
                        "POST",
                        f"{game}/rounds/new",
                        rummy_round(keys, "2C"),
                        {"X-Scorekeeper-Answer": "page"},
                    )
                    acknowledged, acknowledged_wall = time.monotonic(), time.time()
                    with lock:
                        saves.append(time.perf_counter() - began)
                        if status == 200 and "content-location" in headers:
                            revision = int(keys["revision"]) + 1
                            acks.append((table, revision, acknowledged, acknowledged_wall))
                        else:
                            errors.append(f"save answered {status}")
                except Exception as error:  # counted; the table carries on
                    with lock:
                        errors.append(repr(error))
                tick += SAVE_EVERY
            phone.close()

        cpu_before = cpu_seconds(server.process.pid)
        threads = [threading.Thread(target=run, args=(t,)) for t in range(tables)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=seconds + 60)
        cpu = cpu_seconds(server.process.pid) - cpu_before
        time.sleep(5)  # the last events on their way
        readers.close()
        browsers.done.set()
        if chromium_tables:
            browsers.thread.join(timeout=120)
        delays: dict[str, list[float]] = {"light": [], "chromium": []}
        missing = {"light": 0, "chromium": 0}
        for table, revision, acknowledged, acknowledged_wall in acks:
            kind = "chromium" if table < chromium_tables else "light"
            if kind == "chromium":
                times, since = browsers.updated(table, revision), acknowledged_wall
            else:
                times, since = readers.updated(table, revision), acknowledged
            if len(times) < watchers:
                missing[kind] += 1
                continue
            delays[kind].append(max(0.0, max(times) - since))
        found = {
            "saves": len(acks),
            "errors": len(errors),
            "save_p95": percentile(saves, 0.95) if saves else float("inf"),
            "cpu": cpu,
        }
        for kind, values in delays.items():
            found[kind] = {
                "saves": sum(
                    1 for ack in acks if (ack[0] < chromium_tables) == (kind == "chromium")
                ),
                "missing": missing[kind],
                "p50": percentile(values, 0.5) if values else float("inf"),
                "p95": percentile(values, 0.95) if values else float("inf"),
            }
        return found
    finally:
        server.stop()


def idle_streams(folder: Path, count: int) -> dict:
    server = Server(folder / "idle.sqlite").start()
    try:
        games, views, _ = prepare(server, 50)
        held: list[socket.socket] = []
        for i in range(50):  # every worker past its first requests and streams
            held.append(open_stream(server.port, views[i]))
        time.sleep(3)
        before = resident_mb(server.process.pid)
        for i in range(count - len(held)):
            held.append(open_stream(server.port, views[i % len(views)]))
        time.sleep(5)
        answered = 0
        for connection in held:
            connection.settimeout(5)
            with contextlib.suppress(OSError):
                answered += b"event: hello" in connection.recv(4096)
        after = resident_mb(server.process.pid)
        for connection in held:
            connection.close()
        return {"streams": count, "answered": answered, "before": before, "after": after}
    finally:
        server.stop()


def never_reading(folder: Path, saves: int) -> dict:
    server = Server(folder / "stalled.sqlite").start()
    try:
        phone = Phone(server.port, timeout=30)
        games, views, cookie = prepare(server, 1)
        phone.cookie = cookie
        stalled = open_stream(server.port, views[0], receive_buffer=4096)
        time.sleep(1)
        before = resident_mb(server.process.pid)
        for number in range(saves):
            keys = round_form(phone, games[0])
            # Ana and Ben win in turn, the other holding 2 points: nobody reaches Rummy's
            # 100 in 80 rounds, so the game stays open (a finished game takes no round)
            saved = rummy_round(keys, "2C")
            if number % 2:
                saved = {**keys, "winner": "Ben", "end": "out", "hand_0": "2C", "save": "1"}
            phone.post(f"{games[0]}/rounds/new", saved)
        time.sleep(20)  # past the server's --stalled limit (15 s) on a write that cannot go
        after = resident_mb(server.process.pid)
        stalled.settimeout(0.5)
        dropped = False
        try:
            while stalled.recv(65536):
                pass
            dropped = True  # the server closed it: read to the end
        except OSError:
            pass
        stalled.close()
        return {"saves": saves, "before": before, "after": after, "dropped": dropped}
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--watchers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument(
        "--chromium-tables",
        type=int,
        default=3,
        help="tables of the latency part watched by real Chromium pages (0: light clients only)",
    )
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--stalled-saves", type=int, default=80)
    parser.add_argument("--skip-bare", action="store_true")
    parser.add_argument("--parts", default="latency,idle,stalled")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, args.idle * 2 + 512)), hard))
    parts = set(args.parts.split(","))
    print(f"cores: {len(os.sched_getaffinity(0))}, load average before: {load_average()}")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        if "latency" in parts:
            chromium = min(args.chromium_tables, args.tables)
            live = live_evening(folder, args.tables, args.watchers, args.seconds, chromium)
            per_cycle = live["cpu"] / max(1, live["saves"])
            print(
                f"(a) {args.tables} tables x {args.watchers} watchers ({chromium} tables of "
                f"Chromium pages), {args.seconds:.0f} s: {live['saves']} saves, "
                f"{live['errors']} errors; save p95 {live['save_p95'] * 1000:.1f} ms"
            )
            for kind, watched in (("Chromium pages", "chromium"), ("light clients", "light")):
                part = live[watched]
                if not part["saves"]:
                    continue
                verdict = "met" if part["p95"] <= TARGET_P95 else "NOT met"
                print(
                    f"    {kind}: {part['saves']} saves, {part['missing']} not seen by every "
                    f"watcher; save acknowledged -> every watcher updated p50 "
                    f"{part['p50'] * 1000:.0f} ms, p95 {part['p95'] * 1000:.0f} ms (target "
                    f"{TARGET_P95 * 1000:.0f} ms: {verdict})"
                )
            print(f"(b) server CPU per table cycle: {per_cycle * 1000:.2f} ms", end="")
            if args.skip_bare:
                print()
            else:
                bare = evening("bare", folder, "bare", args.tables, args.seconds)
                bare_cycle = bare["cpu"] / max(1, bare["cycles"])
                print(
                    f"; bare app {bare_cycle * 1000:.2f} ms ({bare['cycles']} cycles, save p95 "
                    f"{bare['p95'] * 1000:.1f} ms): {per_cycle / bare_cycle:.2f}x (target 1.0x)"
                )
            print(f"    load average after: {load_average()}")
        if "idle" in parts:
            idle = idle_streams(folder, args.idle)
            print(
                f"(c) {idle['answered']} of {idle['streams']} idle streams open: server memory "
                f"{idle['before']:.1f} MB -> {idle['after']:.1f} MB, "
                f"+{idle['after'] - idle['before']:.1f} MB (target < {IDLE_TARGET_MB} MB)"
            )
        if "stalled" in parts:
            stalled = never_reading(folder, args.stalled_saves)
            print(
                f"(d) a stream never read, {stalled['saves']} saves on its game: server memory "
                f"{stalled['before']:.1f} MB -> {stalled['after']:.1f} MB; dropped by the "
                f"server: {'yes' if stalled['dropped'] else 'no'}"
            )


if __name__ == "__main__":
    main()
