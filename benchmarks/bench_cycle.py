"""The table cycle against a bare Flask app: server CPU per cycle, and the tables held.

Run: .venv/bin/python benchmarks/bench_cycle.py [--tables 20] [--seconds 20]
     [--steps 5,10,15,20,25,35,50,75,100,150,200,250,300] [--step-seconds 10] [--budget 900]

Scorekeeper (`scorekeeper serve`) and the reference app of `bare_app.py` (the same gunicorn
settings) are driven the same way, in the same run, by bench_load.py's phones: each table
opens the round form, saves a round and opens the game page every 3 seconds, and 4 viewers
per table poll the read-only page's revision every 5 seconds (reloading it on news).

(a) Server CPU per table cycle: the CPU time of the server's processes (from /proc, the
    master and its workers) over the measured window, divided by the saves acknowledged
    in it; the viewers' polls are counted in. Both apps at ``--tables``, taken in turn.
(b) Tables held: the largest step of tables (4 viewers each) whose save p95 stays under
    25 ms with no errors; the steps are tried in turn for both apps, a step of each before
    the next, until both fail or ``--budget`` seconds are spent.

Targets (issue 20): Scorekeeper's CPU per cycle at most 1.5x the bare app's; the tables it
holds at least 0.67x the bare app's. Every request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import os
import socket
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
    descendants,
    free_port,
    round_form,
    rummy_round,
)

VIEWERS_PER_TABLE = 4
SAVE_P95 = 0.025
CPU_TARGET = 1.5
TABLES_TARGET = 0.67
TICKS = os.sysconf("SC_CLK_TCK")
WARM_PHONES = 8  # at once, on new connections: every worker gets some
WARM_ROUNDS = 3


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


def started(kind: str, folder: Path, name: str):
    database = folder / f"{name}.sqlite"
    return (Server(database) if kind == "scorekeeper" else BareServer(database)).start()


def evening(kind: str, folder: Path, name: str, tables: int, seconds: float) -> dict:
    """One short evening on a fresh server: save timings, errors, cycles and server CPU."""
    server = started(kind, folder, name)
    window: list[float] = []

    def measure(clock: Clock) -> None:
        time.sleep(max(0.0, clock.start - time.monotonic()))
        window.append(cpu_seconds(server.process.pid))
        time.sleep(max(0.0, clock.until - time.monotonic()))
        window.append(cpu_seconds(server.process.pid))

    try:
        games, views, cookie = prepare(server, tables)
        warm(server.port, games, views, cookie)
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
    return {
        "cycles": cycles,
        "cpu": window[1] - window[0],
        "p95": percentile(saves, 0.95) if saves else float("inf"),
        "errors": len(results.errors),
    }


def warm(port: int, games: list[str], views: list[str], cookie: str) -> None:
    """Every worker past its first requests (imports, templates compiled, catalogs read)
    before anything is measured: phones on new connections, a few at once, each going
    through one table cycle and one viewer's requests."""

    def phone_cycle(i: int) -> None:
        phone = Phone(port, timeout=30)
        phone.cookie = cookie
        game, view = games[i % len(games)], views[i % len(views)]
        keys = round_form(phone, game)
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


def cpu_per_cycle(folder: Path, tables: int, seconds: float, repeat: int) -> dict[str, float]:
    print(f"(a) server CPU per table cycle: {tables} tables, {tables * VIEWERS_PER_TABLE} viewers")
    print("| app | run | cycles | server CPU | CPU per cycle | save p95 | errors |")
    print("|---|---|---|---|---|---|---|")
    pooled = {"bare": [0.0, 0], "scorekeeper": [0.0, 0]}
    for turn in range(repeat):
        for kind in pooled:
            found = evening(kind, folder, f"cpu-{kind}-{turn}", tables, seconds)
            pooled[kind][0] += found["cpu"]
            pooled[kind][1] += found["cycles"]
            print(
                f"| {kind} | {turn + 1} | {found['cycles']} | {found['cpu']:.2f} s "
                f"| {found['cpu'] / max(1, found['cycles']) * 1000:.1f} ms "
                f"| {found['p95'] * 1000:.1f} ms | {found['errors']} |",
                flush=True,
            )
    return {kind: cpu / max(1, cycles) for kind, (cpu, cycles) in pooled.items()}


def tables_held(folder: Path, steps: list[int], seconds: float, budget: float) -> dict[str, int]:
    print(f"\n(b) tables held with save p95 under {SAVE_P95 * 1000:.0f} ms ({seconds:g} s a step)")
    print("| tables | app | save p95 | errors | held |")
    print("|---|---|---|---|---|")
    held = {"bare": 0, "scorekeeper": 0}
    searching = set(held)
    until = time.monotonic() + budget
    for tables in steps:
        for kind in held:
            if kind not in searching or time.monotonic() > until:
                continue
            found = evening(kind, folder, f"step-{kind}-{tables}", tables, seconds)
            kept = found["p95"] < SAVE_P95 and not found["errors"]
            print(
                f"| {tables} | {kind} | {found['p95'] * 1000:.1f} ms | {found['errors']} "
                f"| {'yes' if kept else 'no'} |",
                flush=True,
            )
            if kept:
                held[kind] = tables
            else:
                searching.discard(kind)
        if not searching or time.monotonic() > until:
            break
    if searching:
        print(f"  still holding at the end of the search: {', '.join(sorted(searching))}")
    return held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20, help="tables for the CPU measure")
    parser.add_argument("--seconds", type=float, default=20, help="length of a CPU run")
    parser.add_argument("--repeat", type=int, default=2, help="CPU runs of each app, in turn")
    parser.add_argument("--steps", default="5,10,15,20,25,35,50,75,100,150,200,250,300")
    parser.add_argument("--step-seconds", type=float, default=10)
    parser.add_argument("--budget", type=float, default=900, help="seconds for the search")
    parser.add_argument("--skip-search", action="store_true")
    args = parser.parse_args()
    print(f"load average before: {load_average()}")
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        cpu = cpu_per_cycle(folder, args.tables, args.seconds, args.repeat)
        held = None
        if not args.skip_search:
            steps = [int(step) for step in args.steps.split(",")]
            held = tables_held(folder, steps, args.step_seconds, args.budget)
    print(f"\nload average after: {load_average()}")
    ratio = cpu["scorekeeper"] / cpu["bare"]
    print(
        f"CPU per cycle: Scorekeeper {cpu['scorekeeper'] * 1000:.1f} ms, bare "
        f"{cpu['bare'] * 1000:.1f} ms: {ratio:.2f}x (target at most {CPU_TARGET}x: "
        f"{'met' if ratio <= CPU_TARGET else 'NOT met'})"
    )
    if held is not None:
        share = held["scorekeeper"] / max(1, held["bare"])
        print(
            f"tables held: Scorekeeper {held['scorekeeper']}, bare {held['bare']}: {share:.2f}x "
            f"(target at least {TABLES_TARGET}x: {'met' if share >= TABLES_TARGET else 'NOT met'})"
        )


if __name__ == "__main__":
    main()
