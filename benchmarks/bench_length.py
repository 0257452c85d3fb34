"""What a long evening costs: requests against sessions of 10 to 2,000 rounds, and a
phone holding 1,000 games, measured in one run so every size has its 10-round reference.

Run: .venv/bin/python benchmarks/bench_length.py [--sizes 10,50,200,500,2000] [--repeat 40]

In-process (Flask's test client, the real app on a real SQLite file in a temporary
folder, CSRF off). Basic Rummy for four players, target 100,000 so no game ends. The
sessions are filled through the same change path the round form uses. Then, round-robin
over the sizes (so a busy moment of the machine hits every size alike), each request
is timed once per repeat: saving a round (the form's POST and its redirect answer),
the new-round form, the live view's revision poll, the editor's session page (the last
rows drawn) and the same page with every round ("show all"). Each save adds a round, so
a session ends the run a few dozen rounds longer than its size.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app
from scorekeeper.storage import changes, device_store, round_store, session_store

PLAYERS = ["Ana", "Ben", "Cem", "Dan"]
DEVICE = "bench-device-0123456789"


def facts(number: int) -> dict:
    winner = PLAYERS[number % 4]
    cards = iter(["2C", "3D", "4H"])
    return {
        "winner": winner,
        "end": "out",
        "hands": {p: [next(cards)] for p in PLAYERS if p != winner},
    }


def form(number: int) -> dict[str, str]:
    winner = number % 4
    data = {"winner": PLAYERS[winner], "end": "out", "save": "1"}
    cards = iter(["2C", "3D", "4H"])
    for seat in range(4):
        if seat != winner:
            data[f"hand_{seat}"] = next(cards)
    return data


def fill(app, rounds: int) -> str:
    with app.app_context():
        session = session_store.create_session("rummy", {"target": 100_000}, PLAYERS, "Ana")
        for number in range(rounds):
            change = round_store.Change(None, facts(number), 0, "entered")
            outcome = changes.apply(session.id, lambda current, c=change: c)
            assert isinstance(outcome, changes.Saved), outcome
        return session.edit_token


def timed(call) -> float:
    start = time.perf_counter()
    response = call()
    elapsed = time.perf_counter() - start
    assert response.status_code in (200, 302, 304), response.status_code
    return elapsed


def ms(values: list[float]) -> float:
    return statistics.median(values) * 1e3


def length_curve(app, sizes: list[int], repeat: int) -> None:
    client = app.test_client()
    tokens = {}
    for size in sizes:
        start = time.perf_counter()
        tokens[size] = fill(app, size)
        print(f"filled {size} rounds in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    kinds = ["save a round", "round form", "revision poll", "session page", "page, show all"]
    times: dict[tuple[str, int], list[float]] = {(k, s): [] for k in kinds for s in sizes}
    counter = 0
    for _ in range(repeat):
        for size in sizes:
            path = f"/s/{tokens[size]}"
            counter += 1
            data = form(counter)
            times["save a round", size].append(
                timed(lambda p=path, d=data: client.post(f"{p}/rounds/new", data=d))
            )
            times["round form", size].append(timed(lambda p=path: client.get(f"{p}/rounds/new")))
            times["revision poll", size].append(timed(lambda p=path: client.get(f"{p}/revision")))
            times["session page", size].append(timed(lambda p=path: client.get(p)))
            if size <= 500 or _ % 4 == 0:  # the whole 2,000-round page is slow to draw
                times["page, show all", size].append(timed(lambda p=path: client.get(f"{p}?all=1")))
    header = " | ".join(str(s) for s in sizes)
    print(f"\n| ms (median of {repeat}) | {header} | worst ratio to 10 |")
    print("|---|" + "---|" * len(sizes) + "---|")
    for kind in kinds:
        base = ms(times[kind, sizes[0]])
        cells = [f"{ms(times[kind, s]):.2f}" for s in sizes]
        worst = max(ms(times[kind, s]) / base for s in sizes)
        print(f"| {kind} | {' | '.join(cells)} | {worst:.2f}x |")


def home_page(app, games: int, repeat: int) -> None:
    client = app.test_client()
    with client.session_transaction() as cookie:
        cookie["device"] = DEVICE
    with app.app_context():
        for number in range(games):
            session = session_store.create_session("rummy", {"target": 100_000}, PLAYERS, "Ana")
            for played in range(number % 3 + 1):
                change = round_store.Change(None, facts(played), 0, "entered")
                changes.apply(session.id, lambda current, c=change: c)
            device_store.remember_device(DEVICE, session.id, True)
    first = [timed(lambda: client.get("/")) for _ in range(repeat)]
    last = [timed(lambda: client.get(f"/?page={games // 20}")) for _ in range(repeat)]
    ordered = sorted(first)
    print(f"\nhome page, a phone holding {games} games (20 a page), {repeat} requests:")
    print(
        f"| first page | median {ms(first):.2f} ms | p95 {ordered[int(len(ordered) * 0.95) - 1] * 1e3:.2f} ms |"
    )
    print(f"| last page | median {ms(last):.2f} ms | |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10,50,200,500,2000")
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    folder = tempfile.mkdtemp()
    app = create_app(
        {
            "DATABASE": str(Path(folder) / "bench.sqlite"),
            "SECRET_KEY": "bench-secret-key-of-at-least-32-characters",
            "WTF_CSRF_ENABLED": False,
            "SERVER_NAME": "table.test",
        }
    )
    length_curve(app, sizes, args.repeat)
    home_page(app, args.games, args.repeat)


if __name__ == "__main__":
    main()
