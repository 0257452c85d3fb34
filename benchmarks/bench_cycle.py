"""The table cycle against a bare Flask app: server CPU per cycle, and the tables held.

Run: .venv/bin/python benchmarks/bench_cycle.py [--tables 20] [--seconds 20] [--repeat 2]
     [--steps 5,10,15,20,25,35,50,75,100,150,200,250,300] [--step-seconds 10] [--budget 900]
     [--compare NAME=DIR ...] [--in-process CYCLES] [--skip-bare] [--skip-server]
     [--skip-search]

Scorekeeper (`scorekeeper serve`) and the reference app of `bare_app.py` (the same gunicorn
settings) are run in the same run, each table's phones the way that app's pages drive them:

- Scorekeeper, as its pages' scripts do: each table every 3 seconds opens the round form
  (which listens to its game's stream as a form, ``?form=1``) and saves a round with the
  sheet in the save's answer (one request); the scorer's page then listens to its game's
  stream until the next form. 4 read-only phones per table hold the game's stream
  (``/events``) and are sent the changed parts; a watcher that ends behind the last saved
  revision is counted.
- The bare app, as bench_load.py's phones: the form, the save, the redirect's page, and 4
  viewers per table polling the revision every 5 seconds (reloading the page on news).

(a) Server CPU per table cycle: the CPU time of the server's processes (from /proc, the
    master and its workers) over the measured window, divided by the saves acknowledged
    in it; the viewers' streams or polls are counted in. Every app at ``--tables``, taken
    in turn, ``--repeat`` times, the order turned round each time.
    ``--compare NAME=DIR`` adds Scorekeeper served from the checkout in DIR (another commit,
    e.g. ``git worktree add /tmp/cyc-rows <commit>``; its code is imported from DIR alone)
    to the turns: for each, what this checkout's cycle saves against it, as a share of this
    checkout's cycle, from the pooled figures and the lowest and highest of the turns.
(c) ``--in-process CYCLES``: each checkout's table cycle in process, in a child process
    that imports that checkout alone: 4 apps on one database stand for the server's 4
    workers; a cycle is the form, the save with the sheet in its answer, the read-only
    event drawn by every worker and the form's event by one. The median CPU time of a cycle
    per turn, ``--repeat`` turns in alternation; what each other checkout costs more, in ms
    and as a share of (a)'s table cycle when it ran (``--skip-server``: (c) alone). Steadier
    than (a) on a loaded machine: no HTTP, no event loop, medians.
(b) Tables held: the largest step of tables (4 viewers each) whose save p95 stays under
    25 ms with no errors, and apart, whose p95 from the tap to the sheet does (the bare app's
    post and its redirect's page; Scorekeeper's one request); the steps are tried in turn for
    both apps, a step of each before the next, until both fail or ``--budget`` seconds are
    spent.

Targets (issue 30): Scorekeeper's CPU per cycle at most 1.0x the bare app's; the tables it
holds at least the bare app's. Every request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_load import Clock, percentile, play, prepare  # noqa: E402

from tests.web.serving import (  # noqa: E402
    Phone,
    Server,
    command_line,
    descendants,
    free_port,
    round_form,
    rummy_round,
)

VIEWERS_PER_TABLE = 4
SAVE_P95 = 0.025
SAVE_EVERY = 3.0
CPU_TARGET = 1.0
TABLES_TARGET = 1.0
TICKS = os.sysconf("SC_CLK_TCK")
WARM_PHONES = 8  # at once, on new connections: every worker gets some
WARM_ROUNDS = 3
WORKERS = 4  # scorekeeper serve's default on this machine: two per core
EVENT_ID = re.compile(rb"id: (\d+)\n")


class BareServer:
    """``bare_app.py`` in a subprocess on a free port: the same surface as ``Server``."""

    def __init__(self, database: Path) -> None:
        self.database = database
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def start(self) -> BareServer:
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("bare_app.py")), str(self.port)]
            + [str(self.database)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the bare app did not answer")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of ``pid`` and every process under it, so far."""
    total = 0
    for each in (pid, *descendants(pid)):
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


@contextlib.contextmanager
def code_from(checkout: Path | None):
    """A server started meanwhile imports Scorekeeper from ``checkout`` alone (None: from
    this one): its folder first on the path, and not the folder it is started in."""
    if checkout is None:
        yield
        return
    saved = {name: os.environ.get(name) for name in ("PYTHONPATH", "PYTHONSAFEPATH")}
    os.environ["PYTHONPATH"] = str(checkout)
    os.environ["PYTHONSAFEPATH"] = "1"  # `python -m` puts no working folder first
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def serving_cpu_seconds(pid: int) -> float:
    """As :func:`cpu_seconds`, less the photo readers' child processes (one per worker,
    started with it: no cycle sends a photo, and their imports take seconds of CPU whenever
    the machine lets them run)."""
    readers = [each for each in descendants(pid) if "multiprocessing" in command_line(each)]
    return cpu_seconds(pid) - sum(cpu_seconds(each) for each in readers)


def settled(pid: int, quiet: float = 0.05, longest: float = 90) -> None:
    """Waits until the server is idle (under ``quiet`` s of CPU in a second): each worker
    starts its photo reader's child process, whose imports take seconds of CPU that no
    cycle should be charged with."""
    deadline = time.monotonic() + longest
    before = serving_cpu_seconds(pid)
    while time.monotonic() < deadline:
        time.sleep(1)
        now = serving_cpu_seconds(pid)
        if now - before < quiet:
            return
        before = now


def started(kind: str, folder: Path, name: str, checkout: Path | None = None):
    database = folder / f"{name}.sqlite"
    if kind == "bare":
        return BareServer(database).start()
    with code_from(checkout):
        return Server(database).start()


def evening(
    kind: str,
    folder: Path,
    name: str,
    tables: int,
    seconds: float,
    checkout: Path | None = None,
) -> dict:
    """One short evening on a fresh server: save timings, errors, cycles and server CPU;
    Scorekeeper's phones as its pages' scripts drive them (see live_evening)."""
    if kind != "bare":
        return live_evening(folder, name, tables, seconds, checkout)
    server = started(kind, folder, name)
    window: list[float] = []

    def measure(clock: Clock) -> None:
        time.sleep(max(0.0, clock.start - time.monotonic()))
        window.append(serving_cpu_seconds(server.process.pid))
        time.sleep(max(0.0, clock.until - time.monotonic()))
        window.append(serving_cpu_seconds(server.process.pid))

    try:
        games, views, cookie = prepare(server, tables)
        warm(server.port, games, views, cookie)
        settled(server.process.pid)
        results, acknowledged = play(
            server.port,
            games,
            views,
            cookie,
            tables * VIEWERS_PER_TABLE,
            seconds,
            during=measure,
        )
    finally:
        server.stop()
    cycles = sum(len(keys) for keys in acknowledged)
    saves = results.times.get("round save", [])
    to_sheet = results.times.get("tap to sheet", [])
    return {
        "cycles": cycles,
        "cpu": window[1] - window[0],
        "p95": percentile(saves, 0.95) if saves else float("inf"),
        "sheet_p95": percentile(to_sheet, 0.95) if to_sheet else float("inf"),
        "errors": len(results.errors),
        "behind": 0,
    }


def chunks_read(selector: selectors.BaseSelector, running):
    """Each stream's text as it comes, while ``running()``, with the last bytes of its previous
    read before it (``key.data[1]``): an event's id line may be cut between two reads."""
    while running():
        for key, _ in selector.select(timeout=0.2):
            try:
                data = key.fileobj.recv(262144)
            except BlockingIOError:
                continue
            if not data:
                selector.unregister(key.fileobj)
                continue
            text = key.data[1] + data
            key.data[1] = text[-32:]
            yield key, text


class Watching:
    """The read-only phones' streams, read by one thread: the last revision each was sent."""

    def __init__(self) -> None:
        self.selector = selectors.DefaultSelector()
        self.last: dict[int, tuple[int, int]] = {}  # stream -> (table, last event's revision)
        self.running = True
        self.thread = threading.Thread(target=self._read, daemon=True)

    def add(self, connection: socket.socket, table: int) -> None:
        connection.setblocking(False)
        number = len(self.last)
        self.last[number] = (table, -1)
        self.selector.register(connection, selectors.EVENT_READ, [number, b""])

    def _read(self) -> None:
        for key, text in chunks_read(self.selector, lambda: self.running):
            number = key.data[0]
            revisions = [int(found) for found in EVENT_ID.findall(text)]
            if revisions:
                table, last = self.last[number]
                self.last[number] = (table, max(last, *revisions))

    def behind(self, revisions: dict[int, int]) -> int:
        """The streams whose last event is older than their table's last saved revision."""
        return sum(seen < revisions.get(table, -1) for table, seen in self.last.values())

    def close(self) -> None:
        self.running = False
        self.thread.join(timeout=5)
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()


def open_stream(port: int, path: str) -> socket.socket:
    """A page's EventSource: the stream asked for, its answer left for the reader."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    connection.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    return connection


def live_evening(
    folder: Path, name: str, tables: int, seconds: float, checkout: Path | None = None
) -> dict:
    """Scorekeeper's evening as its pages' scripts play it (the module's docstring)."""
    server = started("scorekeeper", folder, name, checkout)
    watching = Watching()
    try:
        games, views, cookie = prepare(server, tables)
        warm(server.port, games, views, cookie, live=True)  # every worker past its first requests
        settled(server.process.pid)
        opener = Phone(server.port)
        for table, view in enumerate(views):
            revision = re.search(r'data-revision="(\d+)"', opener.get(view)[2])
            for _ in range(VIEWERS_PER_TABLE):
                stream = open_stream(server.port, f"{view}/events?since={revision.group(1)}")
                watching.add(stream, table)
        opener.close()
        watching.thread.start()
        saves: list[float] = []
        acknowledged = [0]
        errors: list[str] = []
        last_saved: dict[int, int] = {}
        lock = threading.Lock()
        start = time.monotonic() + 1.0
        until = start + seconds

        def run(table: int) -> None:
            phone = Phone(server.port, timeout=30)
            phone.cookie = cookie
            game = games[table]
            listening: socket.socket | None = None  # the scorer's page's stream
            tick = start + SAVE_EVERY * table / tables
            while True:
                time.sleep(max(0.0, tick - time.monotonic()))
                if time.monotonic() >= until:
                    break
                try:
                    if listening is not None:
                        listening.close()  # the page left for the form
                    keys = round_form(phone, game)
                    listening = open_stream(
                        server.port, f"{game}/events?form=1&since={keys['revision']}"
                    )
                    began = time.perf_counter()
                    status, headers, _ = phone.request(
                        "POST",
                        f"{game}/rounds/new",
                        rummy_round(keys, "2C"),
                        {"X-Scorekeeper-Answer": "page"},
                    )
                    took = time.perf_counter() - began
                    listening.close()  # the form left for the sheet in the answer
                    saved = int(keys["revision"]) + 1
                    listening = open_stream(server.port, f"{game}/events?since={saved}")
                    with lock:
                        saves.append(took)
                        if status == 200 and "content-location" in headers:
                            last_saved[table] = saved
                            acknowledged[0] += 1
                        else:
                            errors.append(f"save answered {status}")
                except Exception as error:  # counted; the table carries on
                    with lock:
                        errors.append(repr(error))
                tick += SAVE_EVERY
            if listening is not None:
                listening.close()
            phone.close()

        threads = [threading.Thread(target=run, args=(t,)) for t in range(tables)]
        for thread in threads:
            thread.start()
        # the window of the tables' clock, as the bare app's evening measures it
        time.sleep(max(0.0, start - time.monotonic()))
        cpu_before = serving_cpu_seconds(server.process.pid)
        time.sleep(max(0.0, until - time.monotonic()))
        cpu = serving_cpu_seconds(server.process.pid) - cpu_before
        for thread in threads:
            thread.join(timeout=60)
        time.sleep(2)  # the last events on their way
        behind = watching.behind(last_saved)
    finally:
        watching.close()
        server.stop()
    p95 = percentile(saves, 0.95) if saves else float("inf")
    return {
        "cycles": acknowledged[0],
        "cpu": cpu,
        "p95": p95,
        "sheet_p95": p95,  # one request from the tap to the sheet
        "errors": len(errors),
        "behind": behind,
    }


def warm(port: int, games: list[str], views: list[str], cookie: str, live: bool = False) -> None:
    """Every worker past its first requests (imports, templates compiled, catalogs read)
    before anything is measured: phones on new connections, a few at once, each going
    through one table cycle and one viewer's requests; ``live``: as Scorekeeper's scripts
    drive them, the save answered with the sheet and a viewer's stream sent that change."""

    def phone_cycle(i: int) -> None:
        phone = Phone(port, timeout=30)
        phone.cookie = cookie
        game, view = games[i % len(games)], views[i % len(views)]
        keys = round_form(phone, game)
        if live:
            stream = open_stream(port, f"{view}/events?since={keys['revision']}")
            phone.request(
                "POST",
                f"{game}/rounds/new",
                rummy_round(keys, "2C"),
                {"X-Scorekeeper-Answer": "page"},
            )
            with contextlib.suppress(OSError):
                stream.recv(65536)  # its opening words, the change's event on their heels
            stream.close()
        else:
            phone.post(f"{game}/rounds/new", rummy_round(keys, "2C"))
            phone.get(game)
        phone.get(view)
        phone.get(f"{view}/revision")
        phone.close()

    for _ in range(WARM_ROUNDS):
        threads = [threading.Thread(target=phone_cycle, args=(i,)) for i in range(WARM_PHONES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def load_average() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def cpu_per_cycle(
    folder: Path,
    tables: int,
    seconds: float,
    repeat: int,
    checkouts: dict[str, Path | None],
) -> tuple[dict[str, float], dict[str, list[float]]]:
    """Every app's CPU per cycle, pooled over the turns, and its figure in each turn."""
    print(f"(a) server CPU per table cycle: {tables} tables, {tables * VIEWERS_PER_TABLE} viewers")
    print(
        "| app | run | cycles | server CPU | CPU per cycle | save p95 | errors | watchers behind |"
    )
    print("|---|---|---|---|---|---|---|---|")
    pooled = {kind: [0.0, 0] for kind in checkouts}
    turns: dict[str, list[float]] = {kind: [] for kind in checkouts}
    apps = list(checkouts)
    for turn in range(repeat):
        # the order turned round each time: no app always runs first, or after the same one
        for kind in apps[turn % len(apps) :] + apps[: turn % len(apps)]:
            found = evening(
                "bare" if kind == "bare" else "scorekeeper",
                folder,
                f"cpu-{kind}-{turn}",
                tables,
                seconds,
                checkouts[kind],
            )
            pooled[kind][0] += found["cpu"]
            pooled[kind][1] += found["cycles"]
            per_cycle = found["cpu"] / max(1, found["cycles"])
            turns[kind].append(per_cycle)
            print(
                f"| {kind} | {turn + 1} | {found['cycles']} | {found['cpu']:.2f} s "
                f"| {per_cycle * 1000:.1f} ms | {found['p95'] * 1000:.1f} ms "
                f"| {found['errors']} | {found['behind']} |",
                flush=True,
            )
    return {kind: cpu / max(1, cycles) for kind, (cpu, cycles) in pooled.items()}, turns


def compared(cpu: dict[str, float], turns: dict[str, list[float]], names: list[str]) -> None:
    """What this checkout's cycle saves against each other checkout: the pooled figures,
    and the lowest and highest of the turns (each against the same turn's own)."""
    print(
        "\n| without | CPU per cycle (median of turns) | saved by this checkout, pooled "
        "| saved, median of turns | lowest and highest turn |"
    )
    print("|---|---|---|---|---|")
    ours = cpu["scorekeeper"]
    for name in names:
        saved = (cpu[name] - ours) / ours
        each_turn = [
            (theirs - mine) / mine
            for theirs, mine in zip(turns[name], turns["scorekeeper"], strict=True)
        ]
        print(
            f"| {name} | {statistics.median(turns[name]) * 1000:.1f} ms "
            f"(this checkout {statistics.median(turns['scorekeeper']) * 1000:.1f} ms) "
            f"| {saved:+.1%} | {statistics.median(each_turn):+.1%} "
            f"| {min(each_turn):+.1%} .. {max(each_turn):+.1%} |"
        )


# One checkout's table cycle in process, run in a child process that imports that checkout
# alone: ``WORKERS`` apps on one database stand for the server's workers (each its own
# memory, the rendered-page files shared). A cycle: the scorer's phone opens the round form
# and saves with the sheet in the answer (the first app), every worker's watcher draws the
# read-only event for its streams of the game, and one draws the form's event for the
# scorer's open form. Prints each cycle's CPU time (time.process_time) as JSON.
IN_PROCESS = """
import io, json, re, sys, tempfile, time
from pathlib import Path
from werkzeug.test import EnvironBuilder
from scorekeeper import create_app
from scorekeeper.web import live
from scorekeeper.web.views.access import open_session

warm, cycles, workers = (int(value) for value in sys.argv[1:4])
with tempfile.TemporaryDirectory() as folder:
    config = {"DATABASE": str(Path(folder) / "cycle.sqlite"), "SECRET_KEY": "k" * 64,
              "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False}
    apps = [create_app(dict(config)) for _ in range(workers)]
    phone = apps[0].test_client()
    made = phone.post("/new/rummy", data={"players": "Ana\\nBen", "dealer": "",
        "option_ace": "low", "option_borrow": "none", "option_target": "1000"})
    game = made.headers["Location"].split("localhost", 1)[-1]
    view = re.search(r'href="(/s/[^"]+)" class="link"', phone.get(game).data.decode()).group(1)
    with apps[0].test_request_context(game):
        session_id = open_session(game.rsplit("/", 1)[1])[0].id
    def environ(path):
        built = EnvironBuilder(path=path, base_url="http://localhost").get_environ()
        return {name: value for name, value in built.items() if isinstance(value, str)}
    watching = live.Kind(session_id, "view", "en", None, "", "sheet")
    form = live.Kind(session_id, "edit", "en", None, "", "form")
    view_environ, form_environ = environ(view + "/events"), environ(game + "/events")
    times = []
    for number in range(warm + cycles):
        began = time.process_time()
        page = phone.get(game + "/rounds/new").data.decode()
        keys = {name: re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)
                for name in ("revision", "submission")}
        saved = phone.post(game + "/rounds/new", headers={"X-Scorekeeper-Answer": "page"},
            data={**keys, "winner": "Ana", "end": "out", "hand_1": "2C", "save": "1"})
        assert saved.status_code == 200, saved.status_code
        for app in apps:
            app.extensions[live.EXTENSION].render(watching, view_environ)
        apps[0].extensions[live.EXTENSION].render(form, form_environ)
        if number >= warm:
            times.append(time.process_time() - began)
print(json.dumps(times))
"""


def in_process(
    checkouts: dict[str, Path | None], repeat: int, cycles: int, workers: int
) -> dict[str, list[float]]:
    """Each checkout's median CPU time per cycle in process, in each turn (the order turned
    round each time)."""
    names = [name for name in checkouts if name != "bare"]
    medians: dict[str, list[float]] = {name: [] for name in names}
    for turn in range(repeat):
        for name in names[turn % len(names) :] + names[: turn % len(names)]:
            folder = checkouts[name] or Path(__file__).resolve().parents[1]
            environment = {
                **os.environ,
                "PYTHONPATH": str(folder),
                "OMP_NUM_THREADS": "1",
            }
            environment.pop("PYTHONSAFEPATH", None)
            answer = subprocess.run(
                [sys.executable, "-c", IN_PROCESS, "10", str(cycles), str(workers)],
                cwd=folder,
                env=environment,
                capture_output=True,
                text=True,
                timeout=600,
                check=True,
            )
            medians[name].append(statistics.median(json.loads(answer.stdout)))
            print(f"| {name} | {turn + 1} | {medians[name][-1] * 1000:.2f} ms |", flush=True)
    return medians


def compared_in_process(
    medians: dict[str, list[float]], names: list[str], server_cycle: float | None
) -> None:
    """What this checkout's cycle saves in process against each other checkout: in
    milliseconds, as a share of the cycle in process and, when (a) ran, of the server's
    whole table cycle (the same milliseconds over (a)'s CPU per cycle)."""
    ours = statistics.median(medians["scorekeeper"])
    print(f"\nin process: this checkout {ours * 1000:.2f} ms a cycle (median of turns)")
    print(
        "| without | ms a cycle (median of turns) | saved | of the cycle in process "
        "| lowest and highest turn | of the server's table cycle |"
    )
    print("|---|---|---|---|---|---|")
    for name in names:
        theirs = statistics.median(medians[name])
        each_turn = [
            (t - o) / o for t, o in zip(medians[name], medians["scorekeeper"], strict=True)
        ]
        whole = f"{(theirs - ours) / server_cycle:+.1%}" if server_cycle else "(no (a))"
        print(
            f"| {name} | {theirs * 1000:.2f} | {(theirs - ours) * 1000:+.2f} ms "
            f"| {(theirs - ours) / ours:+.1%} | {min(each_turn):+.1%} .. {max(each_turn):+.1%} "
            f"| {whole} |"
        )


def tables_held(
    folder: Path, steps: list[int], seconds: float, budget: float
) -> dict[str, dict[str, int]]:
    """The largest step each app holds, by two measures: the save request's p95 (the bare
    app's post answered with a redirect; Scorekeeper's with the sheet), and the p95 from the
    tap to the sheet on the scorer's screen (the bare app's post and its redirect's page)."""
    print(f"\n(b) tables held with p95 under {SAVE_P95 * 1000:.0f} ms ({seconds:g} s a step)")
    print("| tables | app | save p95 | tap to sheet p95 | errors | held (save / to sheet) |")
    print("|---|---|---|---|---|---|")
    held = {kind: {"save": 0, "sheet": 0} for kind in ("bare", "scorekeeper")}
    searching = {kind: {"save", "sheet"} for kind in held}
    until = time.monotonic() + budget
    for tables in steps:
        for kind in held:
            if not searching[kind] or time.monotonic() > until:
                continue
            found = evening(kind, folder, f"step-{kind}-{tables}", tables, seconds)
            kept = {
                measure
                for measure, p95 in (("save", found["p95"]), ("sheet", found["sheet_p95"]))
                if p95 < SAVE_P95 and not found["errors"] and measure in searching[kind]
            }
            print(
                f"| {tables} | {kind} | {found['p95'] * 1000:.1f} ms "
                f"| {found['sheet_p95'] * 1000:.1f} ms | {found['errors']} "
                f"| {'yes' if 'save' in kept else 'no'} / {'yes' if 'sheet' in kept else 'no'} |",
                flush=True,
            )
            for measure in kept:
                held[kind][measure] = tables
            searching[kind] = kept
        if not any(searching.values()) or time.monotonic() > until:
            break
    still = [f"{kind} ({', '.join(sorted(left))})" for kind, left in searching.items() if left]
    if still:
        print(f"  still holding at the end of the search: {'; '.join(still)}")
    return held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20, help="tables for the CPU measure")
    parser.add_argument("--seconds", type=float, default=20, help="length of a CPU run")
    parser.add_argument("--repeat", type=int, default=2, help="CPU runs of each app, in turn")
    parser.add_argument(
        "--compare",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="also Scorekeeper served from the checkout in DIR, in the same turns",
    )
    parser.add_argument("--skip-bare", action="store_true", help="(a) without the bare app")
    parser.add_argument(
        "--in-process",
        type=int,
        default=0,
        metavar="CYCLES",
        help="(c) also each checkout's cycle in process, CYCLES cycles a turn (0: not)",
    )
    parser.add_argument("--skip-server", action="store_true", help="no (a): (c) alone")
    parser.add_argument("--steps", default="5,10,15,20,25,35,50,75,100,150,200,250,300")
    parser.add_argument("--step-seconds", type=float, default=10)
    parser.add_argument("--budget", type=float, default=900, help="seconds for the search")
    parser.add_argument("--skip-search", action="store_true")
    args = parser.parse_args()
    checkouts: dict[str, Path | None] = {} if args.skip_bare else {"bare": None}
    checkouts["scorekeeper"] = None
    for given in args.compare:
        name, _, folder = given.partition("=")
        if not name or not folder or name in checkouts:
            parser.error(f"--compare {given}: NAME=DIR, a name of its own")
        if not (Path(folder) / "scorekeeper" / "__init__.py").is_file():
            parser.error(f"--compare {given}: no Scorekeeper checkout in {folder}")
        checkouts[name] = Path(folder).resolve()
    print(f"load average before: {load_average()}")
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        cpu, turns = {}, {}
        if not args.skip_server:
            cpu, turns = cpu_per_cycle(folder, args.tables, args.seconds, args.repeat, checkouts)
        held = None
        if not args.skip_search:
            steps = [int(step) for step in args.steps.split(",")]
            held = tables_held(folder, steps, args.step_seconds, args.budget)
    others = [name for name in checkouts if name not in ("bare", "scorekeeper")]
    medians = {}
    if args.in_process:
        print(f"\n(c) a table cycle in process ({WORKERS} apps for the workers), median CPU time")
        print("| app | run | CPU per cycle |")
        print("|---|---|---|")
        medians = in_process(checkouts, args.repeat, args.in_process, WORKERS)
    print(f"\nload average after: {load_average()}")
    if cpu and others:
        compared(cpu, turns, others)
    if medians and others:
        compared_in_process(medians, others, cpu.get("scorekeeper"))
    if "bare" in cpu:
        ratio = cpu["scorekeeper"] / cpu["bare"]
        print(
            f"CPU per cycle: Scorekeeper {cpu['scorekeeper'] * 1000:.1f} ms, bare "
            f"{cpu['bare'] * 1000:.1f} ms: {ratio:.2f}x (target at most {CPU_TARGET}x: "
            f"{'met' if ratio <= CPU_TARGET else 'NOT met'})"
        )
    if held is not None:
        for measure, said in (("save", "the save's p95"), ("sheet", "tap to sheet p95")):
            ours, bare = held["scorekeeper"][measure], held["bare"][measure]
            share = ours / max(1, bare)
            print(
                f"tables held ({said} under {SAVE_P95 * 1000:.0f} ms): Scorekeeper {ours}, "
                f"bare {bare}: {share:.2f}x (target at least {TABLES_TARGET}x: "
                f"{'met' if share >= TABLES_TARGET else 'NOT met'})"
            )


if __name__ == "__main__":
    main()
