"""Every round of a very long game, shown a page of rows at a time (issue 29, item 14).

Run: .venv/bin/python benchmarks/bench_all_rounds.py [--rounds 10000] [--phones 8]

Fills a Basic Rummy game of ``--rounds`` rounds (two players, target 100,000 so it never
ends) through the change path the round form uses, in a fresh database, then starts
`scorekeeper serve` (its default workers) on a free port of 127.0.0.1 and times, each
from ``--phones`` phones at once (one thread and connection each):

- the game's own page (its last rows), once every worker has answered it: the
  reference, in the same run;
- every round shown (``?all=1``: its first page of rows), cold and again;
- the same after a save, when every phone asks for it again (the table's revision moved
  on, so the page is drawn anew once and kept);
- a page of rows in the middle, and the last page (``?all=1&page=N``), cold.

Each figure is the slowest of the phones' answers, with the bytes of one answer. Every
request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper import create_app  # noqa: E402  (the project root is on the path)
from scorekeeper.storage import changes, round_store, session_store  # noqa: E402
from scorekeeper.storage.game_page import ROWS_PER_PAGE  # noqa: E402
from tests.web.serving import Server  # noqa: E402

PLAYERS = ["Ana", "Ben"]


def fill(database: Path, rounds: int) -> str:
    app = create_app({"DATABASE": str(database), "SECRET_KEY": "bench-secret-key-" + "x" * 32})
    with app.app_context():
        session = session_store.create_session("rummy", {"target": 100_000}, PLAYERS, "Ana")
        for number in range(rounds):
            winner = PLAYERS[number % 2]
            loser = PLAYERS[1 - number % 2]
            facts = {"winner": winner, "hands": {loser: ["2C", "3D"]}}
            change = round_store.Change(None, facts, 0, "entered")
            outcome = changes.apply(session.id, lambda _current, c=change: c)
            assert isinstance(outcome, changes.Saved), outcome
        return session.view_token


def get(port: int, path: str) -> tuple[float, int, int]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        start = time.perf_counter()
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        return time.perf_counter() - start, response.status, len(body)
    finally:
        conn.close()


def at_once(port: int, path: str, phones: int) -> tuple[float, int]:
    """The slowest of ``phones`` answers asked at once, and one answer's bytes."""
    found: list[tuple[float, int, int]] = []
    threads = [
        threading.Thread(target=lambda: found.append(get(port, path))) for _ in range(phones)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(status == 200 for _, status, _ in found), [status for _, status, _ in found]
    return max(seconds for seconds, _, _ in found), found[0][2]


def save_a_round(database: Path, token: str) -> None:
    app = create_app({"DATABASE": str(database), "SECRET_KEY": "bench-secret-key-" + "x" * 32})
    with app.app_context():
        session = session_store.find_session(token)[0]
        change = round_store.Change(None, {"winner": "Ana", "hands": {"Ben": ["4H"]}}, 0, "")
        assert isinstance(changes.apply(session.id, lambda _s: change), changes.Saved)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--phones", type=int, default=8)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite"
        start = time.perf_counter()
        token = fill(database, args.rounds)
        print(f"{args.rounds:,} rounds saved in {time.perf_counter() - start:.0f} s")
        server = Server(database).start()
        try:
            game = f"/s/{token}"
            pages = -(-(args.rounds + 1) // ROWS_PER_PAGE)
            # every worker's first answers (code imported, templates compiled) are no figure
            for _ in range(3):
                at_once(server.port, game, args.phones)
            rows = []
            for label, path in (
                ("the game's page (its last rows): reference", game),
                ("every round shown (?all=1), cold", f"{game}?all=1"),
                ("every round shown (?all=1), again", f"{game}?all=1"),
            ):
                seconds, size = at_once(server.port, path, args.phones)
                rows.append((label, seconds, size))
            save_a_round(database, token)
            middle = pages // 2
            for label, path in (
                ("?all=1 after a save", f"{game}?all=1"),
                (
                    f"a page in the middle (?all=1&page={middle}), cold",
                    f"{game}?all=1&page={middle}",
                ),
                (f"the last page (?all=1&page={pages}), cold", f"{game}?all=1&page={pages}"),
            ):
                seconds, size = at_once(server.port, path, args.phones)
                rows.append((label, seconds, size))
        finally:
            server.stop()
    reference = rows[0][1]
    print(f"{args.phones} phones at once, the slowest answer of each:")
    for label, seconds, size in rows:
        print(f"  {label}: {seconds:.2f} s ({seconds / reference:.1f}x), {size:,} bytes")


if __name__ == "__main__":
    main()
