"""Heavy requests are bounded and never fail the light ones (issue 18, item 9).

The attack: a 10,000-round game imported, then eight PDFs of it asked for at once while
its kept scores were being worked out again: each PDF request replayed the game and
rendered the sheet itself (80 s each), each rebuilt the kept scores and wrote them under
the write lock, and a page view and a PDF failed with `database is locked`. The
statistics page replayed every game it counted, each visit.
"""

import html
import io
import json
import re
import sqlite3
import threading
import time
import urllib.parse

import requests

from benchmarks.bench_pdf import rami_evening
from scorekeeper import create_app
from scorekeeper.storage import db, game_stats
from scorekeeper.web.background_pdf import LONG_SHEET_ROUNDS
from tests.web.conftest import SECRET_KEY
from tests.web.serving import Server
from tests.web.sessions import start_game, stats_page


def import_over_http(base: str, http: requests.Session, record: dict) -> str:
    page = http.get(f"{base}/import", timeout=60).text
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]*)"', page).group(1)
    answer = http.post(
        f"{base}/import",
        data={"csrf_token": token},
        files={"file": ("game.json", json.dumps(record["game"]).encode(), "application/json")},
        allow_redirects=False,
        timeout=300,
    )
    assert answer.status_code == 302, answer.text[:500]
    return urllib.parse.urlsplit(answer.headers["Location"]).path


def kept_scores_missing(database, edit_token: str) -> int:
    with sqlite3.connect(database, timeout=60) as conn:
        return conn.execute(
            "select count(*) from rounds where deleted = 0 and score is null and session_id = "
            "(select id from sessions where edit_token = ?)",
            [edit_token],
        ).fetchone()[0]


def test_a_long_games_sheet_is_made_once_in_the_background_while_pages_answer(tmp_path):
    database = tmp_path / "scorekeeper.sqlite"
    server = Server(database).start()
    base = f"http://127.0.0.1:{server.port}"
    try:
        phone = requests.Session()
        long_game = import_over_http(base, phone, rami_evening(LONG_SHEET_ROUNDS + 1, 3))
        small_game = import_over_http(base, phone, rami_evening(5, 3))
        token = long_game.rsplit("/", 1)[1]
        # imported with its kept scores: its first view replays nothing
        assert kept_scores_missing(database, token) == 0
        # what a new engine does: every kept score is to be worked out again
        with sqlite3.connect(database, timeout=60) as conn:
            conn.execute("update rounds set score = null, after = null, number = null")
        assert kept_scores_missing(database, token) == LONG_SHEET_ROUNDS + 1

        answers = []
        lock = threading.Lock()

        def ask(path):
            answer = requests.get(base + path, timeout=300, allow_redirects=False)
            with lock:
                answers.append((path, answer.status_code, answer.headers, answer.text))

        # eight sheets none of which is made yet, the game's own page, and another game's
        sheets = [
            f"{long_game}/sheet.pdf?paper={paper}&lang={lang}"
            for paper in ("a4", "letter")
            for lang in ("en", "de", "fr", "vi")
        ]
        asked = [*sheets, long_game, small_game]
        threads = [threading.Thread(target=ask, args=(path,)) for path in asked]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

        assert len(answers) == len(asked)
        for path, status, headers, text in answers:
            assert "Traceback" not in text and "database is locked" not in text
            if path in sheets:
                # not rendered in the request: a page saying it is being made, asking again
                assert status == 202, (path, status)
                assert headers["Retry-After"] == "5"
                assert '<meta http-equiv="refresh" content="5">' in text
                if path.endswith("lang=en"):
                    said = f"This game has {LONG_SHEET_ROUNDS + 1:,} rounds"
                    assert said in html.unescape(text)
            elif path == long_game:
                # its kept scores rebuilt by this request, or by another one it waited for
                assert status == 200 or (status == 503 and headers["Retry-After"] == "5")
            else:
                assert status == 200
        # the game's own page rebuilds its kept scores once
        deadline = time.monotonic() + 300
        while requests.get(base + long_game, timeout=300).status_code != 200:
            assert time.monotonic() < deadline
            time.sleep(1)
        assert kept_scores_missing(database, token) == 0

        # the sheet arrives, made in the background
        deadline = time.monotonic() + 600
        while True:
            answer = requests.get(base + sheets[0], timeout=300)
            if answer.status_code == 200:
                break
            assert answer.status_code == 202 and time.monotonic() < deadline
            time.sleep(2)
        assert answer.headers["Content-Type"] == "application/pdf"
        assert answer.content.startswith(b"%PDF-")
    finally:
        server.stop()


def test_a_write_lock_held_past_the_timeout_is_busy_not_an_error(tmp_path, monkeypatch):
    monkeypatch.setattr(db, "BUSY_SECONDS", 0.2)  # the wait every connection allows a writer
    database = tmp_path / "busy.sqlite"
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(database),
            "SECRET_KEY": SECRET_KEY,
            "WTF_CSRF_ENABLED": False,
            "SERVER_NAME": "table.test",
        }
    )
    client = app.test_client()
    path = start_game(client, "rummy", ["Ana", "Ben"])
    save = {"winner": "Ana", "end": "out", "hand_1": "KS 7D", "save": "1"}
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process writing, and not letting go
    try:
        answer = client.post(f"{path}/rounds/new", data=save)
        page = answer.data.decode()
        assert answer.status_code == 503
        assert answer.headers["Retry-After"] == "5"
        assert "what you sent was not saved" in page
        assert "locked" not in page and "Traceback" not in page
        assert client.get(path).status_code == 200  # reading goes on beside the writer
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert client.post(f"{path}/rounds/new", data=save).status_code == 302
    # Basic Rummy: Ana collects Ben's KS 7D, 10 + 7, once
    totals = client.get(f"{path}/export.json").get_json()["result"]["totals"]
    assert totals == {"Ana": 17, "Ben": 0}


def test_the_statistics_page_counts_each_game_once_within_its_work(client, monkeypatch):
    # six games of one round each: Ana collects Ben's KS 7D (17) and wins at target 10
    for _ in range(6):
        path = start_game(client, "rummy", ["Ana", "Ben"], target=10)
        client.post(
            f"{path}/rounds/new",
            data={"winner": "Ana", "end": "out", "hand_1": "KS 7D", "save": "1"},
        )
    monkeypatch.setattr(game_stats, "WORK_ROUNDS", 4)  # four games' rounds a visit

    first = stats_page(client)
    assert "From the 4 games this phone holds" in first
    assert "2 more games are still being counted" in first
    assert "<td>Ana</td><td>4</td><td>4</td><td>17</td>" in first

    second = stats_page(client)
    assert "From the 6 games this phone holds" in second
    assert "still being counted" not in second
    # Ana: 6 games, 6 won, every round +17; Ben: 6 games, every round 0
    assert "<td>Ana</td><td>6</td><td>6</td><td>17</td>" in second
    assert "<td>Ben</td><td>6</td><td>0</td><td>0</td>" in second


def test_an_imported_game_is_stored_with_its_kept_scores(client, app):
    record = rami_evening(30, 3)
    answer = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(record["game"]).encode()), "game.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        kept = conn.execute(
            "select number, json_extract(after, '$.played') from rounds order by position"
        ).fetchall()
    assert kept == [(n, n) for n in range(1, 31)]


def test_the_history_of_a_long_game_is_drawn_a_page_at_a_time(client):
    record = rami_evening(150, 3)  # imported: one saved version per round
    answer = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(record["game"]).encode()), "game.json")},
        content_type="multipart/form-data",
    )
    game = urllib.parse.urlsplit(answer.headers["Location"]).path

    newest = client.get(f"{game}/versions").data.decode()
    assert len(re.findall(r"/versions/\d+/restore", newest)) == 100
    assert "<strong>Round 150</strong>" in newest and "<strong>Round 51</strong>" in newest
    assert "Page 1 of 2" in newest and f"{game}/versions?page=2" in newest

    oldest = client.get(f"{game}/versions?page=2").data.decode()
    assert len(re.findall(r"/versions/\d+/restore", oldest)) == 50
    assert "<strong>Round 50</strong>" in oldest and "<strong>Round 1</strong>" in oldest
    assert "Older changes" not in oldest
