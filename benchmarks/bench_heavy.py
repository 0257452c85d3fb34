"""Heavy requests against a real `scorekeeper serve` (issue 18, item 9).

Run: .venv/bin/python benchmarks/bench_heavy.py [--long 10000] [--games 10] [--rounds 2000]

Starts `scorekeeper serve` (its default workers) on a free port of 127.0.0.1 with a fresh
database, imports the games through the import page as a phone would, and times:

- the first view of an imported ``--long``-round game, its CSV, its PDF sheet (until the
  PDF itself arrives: a long game's sheet may first answer with a page saying it is being
  prepared);
- ``/stats`` over ``--games`` games of ``--rounds`` rounds each (first and second time);
- eight PDFs at once (A4 and Letter in four languages, all but the one asked for above
  not rendered yet) on the long game while its kept scores are missing (as after a new
  engine), with a view of that game and one of another game beside them: every answer
  counted, errors are 5xx other than a 503 with Retry-After, and failed connections.

Every request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_pdf import rami_evening  # noqa: E402  (the project root is on the path)
from tests.web.serving import Server  # noqa: E402

PDF_WAIT = 900  # seconds a PDF may take before it counts as failed


class Phone:
    """One browser with its cookie (a requests session, redirects not followed)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = requests.Session()

    def get(self, path: str, timeout: float = PDF_WAIT) -> requests.Response:
        return self.http.get(self.base + path, allow_redirects=False, timeout=timeout)

    def import_game(self, record: dict) -> str:
        page = self.get("/import").text
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]*)"', page).group(1)
        body = json.dumps(record["game"]).encode()
        answer = self.http.post(
            self.base + "/import",
            data={"csrf_token": token},
            files={"file": ("game.json", body, "application/json")},
            allow_redirects=False,
            timeout=PDF_WAIT,
        )
        assert answer.status_code == 302, (answer.status_code, answer.text[:300])
        return urllib.parse.urlsplit(answer.headers["Location"]).path


def timed(work) -> tuple[float, object]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def pdf_until_ready(phone: Phone, path: str) -> tuple[float, float, int]:
    """(seconds to the first answer, seconds until the PDF itself, status of the first)."""
    start = time.perf_counter()
    answer = phone.get(path)
    first, status = time.perf_counter() - start, answer.status_code
    while answer.headers.get("Content-Type") != "application/pdf":
        if answer.status_code not in (202, 503) or time.perf_counter() - start > PDF_WAIT:
            raise AssertionError(f"{path}: {answer.status_code} {answer.text[:200]}")
        time.sleep(float(answer.headers.get("Retry-After", "2")))
        answer = phone.get(path)
    return first, time.perf_counter() - start, status


def forget_kept_scores(database: Path, path: str) -> None:
    """What a new engine does to a game: its kept scores no longer count."""
    token = path.rsplit("/", 1)[-1]
    with sqlite3.connect(database, timeout=60) as conn:
        conn.execute(
            "update rounds set score = null, after = null, number = null "
            "where session_id = (select id from sessions where edit_token = ?)",
            [token],
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--long", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=2_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite"
        server = Server(database).start()
        try:
            run(args, database, f"http://127.0.0.1:{server.port}")
        finally:
            server.stop()


def run(args: argparse.Namespace, database: Path, base: str) -> None:
    phone = Phone(base)
    long_game = rami_evening(args.long, 3)
    seconds, long_path = timed(lambda: phone.import_game(long_game))
    print(f"import of a {args.long}-round game: {seconds:.1f} s")
    seconds, answer = timed(lambda: phone.get(long_path))
    print(f"first view of it: {seconds:.2f} s ({answer.status_code})")
    seconds, answer = timed(lambda: phone.get(long_path))
    print(f"second view of it: {seconds:.2f} s ({answer.status_code})")
    seconds, answer = timed(lambda: phone.get(long_path + "?all=1"))
    print(f"every round shown (?all=1): {seconds:.2f} s ({answer.status_code})")
    seconds, answer = timed(lambda: phone.get(long_path + "/versions"))
    print(f"history of changes: {seconds:.2f} s ({answer.status_code})")
    seconds, answer = timed(lambda: phone.get(long_path + "/export.json"))
    print(f"JSON export: {seconds:.2f} s ({answer.status_code})")
    seconds, answer = timed(lambda: phone.get(long_path + "/export.csv"))
    print(f"CSV: {seconds:.2f} s ({answer.status_code}, {len(answer.content):,} bytes)")
    first, ready, status = pdf_until_ready(phone, long_path + "/sheet.pdf")
    print(f"PDF cold: first answer {first:.2f} s ({status}), the PDF after {ready:.1f} s")
    seconds, answer = timed(lambda: phone.get(long_path + "/sheet.pdf"))
    print(f"PDF again: {seconds:.2f} s ({answer.status_code})")

    stats_phone = Phone(base)
    for number in range(args.games):
        stats_phone.import_game(rami_evening(args.rounds, 4, seed=number))
    for attempt in ("first", "second"):
        seconds, answer = timed(lambda: stats_phone.get("/stats"))
        print(
            f"/stats over {args.games} games of {args.rounds} rounds, {attempt}: "
            f"{seconds:.2f} s ({answer.status_code})"
        )

    small = stats_phone.import_game(rami_evening(20, 3))
    forget_kept_scores(database, long_path)
    answers: list[tuple[str, int, float, str]] = []
    lock = threading.Lock()

    def ask(path: str) -> None:
        start = time.perf_counter()
        try:
            answer = Phone(base).get(path)
            status, retry = answer.status_code, answer.headers.get("Retry-After", "")
        except requests.RequestException as error:
            status, retry = 0, type(error).__name__
        with lock:
            answers.append((path, status, time.perf_counter() - start, retry))

    paths = [
        f"{long_path}/sheet.pdf?paper={paper}&lang={lang}"
        for paper in ("a4", "letter")
        for lang in ("en", "de", "fr", "vi")
    ]
    threads = [threading.Thread(target=ask, args=(path,)) for path in paths]
    for thread in threads:
        thread.start()
    time.sleep(1)
    views = [threading.Thread(target=ask, args=(path,)) for path in (long_path, small)]
    for view in views:
        view.start()
    for thread in [*threads, *views]:
        thread.join()
    errors = [a for a in answers if a[1] == 0 or (a[1] >= 500 and not (a[1] == 503 and a[3]))]
    for path, status, seconds, retry in sorted(answers, key=lambda a: a[2]):
        print(f"  {status} {seconds:6.2f} s {path.rsplit('/', 1)[-1]} {retry}")
    print(f"eight cold PDFs and a page view at once: {len(errors)} errors")


if __name__ == "__main__":
    main()
