"""One table cycle in process: where a round save's time goes, and its SQL statements.

Run: .venv/bin/python benchmarks/profile_save.py [--rounds 200] [--cycles 100] [--profile]

A Basic Rummy game of ``--rounds`` rounds on a fresh database, then ``--cycles`` table
cycles through Flask's test client with CSRF on (open the round form, save a round, open
the editor's game page), each request timed; the read-only page after each save too. With
``--profile save`` (or form, page, view), cProfile over that request alone, the ``--lines`` costliest functions by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.storage.db import get_db


def hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)


REQUESTS = {
    "form": "round form GET",
    "save": "round save POST",
    "page": "editor's page GET",
    "view": "read-only page GET",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--lines", type=int, default=30, help="functions the profile lists")
    parser.add_argument("--cycles", type=int, default=100)
    parser.add_argument(
        "--profile", choices=list(REQUESTS), help="cProfile over this request of each cycle"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        app = create_app({"DATABASE": f"{work}/profile.sqlite", "SECRET_KEY": "k" * 64})
        client = app.test_client()
        page = client.get("/new/rummy").get_data(as_text=True)
        answer = client.post(
            "/new/rummy",
            data={
                "csrf_token": hidden(page, "csrf_token"),
                "players": "Ana\nBen",
                "option_ace": "low",
                "option_borrow": "none",
                "option_target": "100000",
            },
        )
        game = answer.headers["Location"]
        view = re.search(
            r'href="[^"]*(/s/[^"]+)" class="link"', client.get(game).get_data(as_text=True)
        ).group(1)
        statements: list[str] = []
        times: dict[str, list[float]] = {}
        profile = cProfile.Profile()

        profiled = REQUESTS.get(args.profile)

        def timed(name: str, call, *a, **k):
            if name == profiled and measuring:
                profile.enable()
            start = time.perf_counter()
            answer = call(*a, **k)
            times.setdefault(name, []).append(time.perf_counter() - start)
            profile.disable()
            return answer

        for n in range(args.rounds + args.cycles):
            measured = measuring = n >= args.rounds
            form = timed("round form GET", client.get, f"{game}/rounds/new").get_data(as_text=True)
            data = {name: hidden(form, name) for name in ("csrf_token", "revision", "submission")}
            data |= {"winner": "Ana", "end": "out", "hand_1": "2C", "save": "1"}
            if measured:
                with app.app_context():
                    get_db().conn.set_trace_callback(statements.append)
            saved = timed("round save POST", client.post, f"{game}/rounds/new", data=data)
            if measured:
                with app.app_context():
                    get_db().conn.set_trace_callback(None)
            assert saved.status_code == 302, saved.status_code
            timed("editor's page GET", client.get, game)
            timed("read-only page GET", client.get, view)
            if not measured:
                times.clear()
        print(f"a {args.rounds}-round game, {args.cycles} cycles measured, in process")
        for name, values in times.items():
            print(f"  {name:22} median {statistics.median(values) * 1000:6.2f} ms")
        print(f"  SQL statements per save: {len(statements) / args.cycles:.1f}")
        if args.profile:
            pstats.Stats(profile).sort_stats("cumulative").print_stats(args.lines)


if __name__ == "__main__":
    main()
