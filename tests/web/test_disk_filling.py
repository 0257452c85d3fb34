"""Nobody fills the disk (issue 18, item 8): an import is bounded and counted per phone and
hour, a look without a cookie stores nothing, and a full disk is said with the entry kept."""

import html
import http.client
import io
import json
import re
import sqlite3
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.storage import db, exchange
from scorekeeper.storage.exchange import MOST_ROUNDS
from tests.web.conftest import SECRET_KEY
from tests.web.serving import Phone, Server, hidden
from tests.web.sessions import start_game, view_link

DISK_FULL = "The server's disk is full: nothing was saved. Your entry is kept below."
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def count(app, table):
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute(f"select count(*) from {table}").fetchone()[0]


def upload(client, data):
    return client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(data).encode()), "session.json")},
        content_type="multipart/form-data",
    )


def said(response):
    return html.unescape(response.data.decode())


# --- what one import may store -------------------------------------------------------


def alternating(rounds):
    """Ana and Ben take turns going out; the loser holds one deuce (2 points)."""
    return [
        {"winner": "Ana", "hands": {"Ben": ["2C"]}}
        if i % 2 == 0
        else {"winner": "Ben", "hands": {"Ana": ["2D"]}}
        for i in range(rounds)
    ]


def test_an_import_of_more_rounds_than_an_evening_holds_is_refused(client, app):
    game = {"variant": "rummy", "players": ["Ana", "Ben"], "options": {"target": 100_000}}
    answer = upload(client, game | {"rounds": alternating(MOST_ROUNDS + 1)})
    assert answer.status_code == 400
    assert "a session holds at most 2,000 rounds, not 2,001" in said(answer)
    assert count(app, "sessions") == 0


def test_an_import_that_would_store_too_much_is_refused(client, app, monkeypatch):
    # seven players with 40-letter names, each loser's ten cards written out: every kept
    # score explains six hands card by card, about 20 KB a round, 2 MB for 100 rounds
    # from a file of 70 KB; with the bound at 1 MiB (instead of the 48 MiB 2,000 rounds
    # need) 100 rounds take too much, 40 do not
    monkeypatch.setattr(exchange, "MOST_STORED_BYTES", 1024 * 1024)
    names = [f"{letter}{'x' * 39}" for letter in "ABCDEFG"]
    deck = [f"{rank}{suit}" for suit in "SHDC" for rank in RANKS] * 2

    def dealt(winner):
        losers = [p for p in names if p != winner]
        return {p: deck[i * 10 : i * 10 + 10] for i, p in enumerate(losers)}

    rounds = [{"winner": names[i % 7], "hands": dealt(names[i % 7])} for i in range(100)]
    game = {"variant": "rummy", "players": names, "options": {"target": 100_000}}
    assert len(json.dumps(game | {"rounds": rounds})) < 80 * 1024
    answer = upload(client, game | {"rounds": rounds})
    assert answer.status_code == 400
    assert "this file would take more than 1 MiB on the server" in said(answer)
    assert count(app, "sessions") == 0
    assert upload(client, game | {"rounds": rounds[:40]}).status_code == 302


def test_a_history_of_more_versions_than_kept_is_refused(client, app):
    game = {"variant": "rummy", "players": ["Ana", "Ben"], "rounds": alternating(1)}
    version = {"position": 1, "facts": game["rounds"][0], "saved": "2026-11-22T20:15:00"}
    data = {"format": "scorekeeper-session", "version": 1, "game": game}
    answer = upload(client, data | {"history": [version] * 10_001})
    assert answer.status_code == 400
    assert "a session keeps at most 10,000 saved versions, not 10,001" in said(answer)
    assert count(app, "sessions") == 0


# --- imports per phone and hour ------------------------------------------------------


@pytest.fixture
def limited_app(tmp_path):
    """Rate limits on, as in production."""
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "limited.sqlite"),
            "SECRET_KEY": SECRET_KEY,
            "WTF_CSRF_ENABLED": False,
            "SERVER_NAME": "table.test",
        }
    )


def test_a_phone_imports_five_files_an_hour(limited_app):
    game = {"variant": "rummy", "players": ["Ana", "Ben"], "rounds": alternating(2)}
    phone = limited_app.test_client()
    phone.get("/")  # the phone has its id
    answers = [upload(phone, game).status_code for _ in range(6)]
    assert answers == [302] * 5 + [429]
    refused = upload(phone, game)
    assert "5 files were imported from here lately" in said(refused)
    assert 0 < int(refused.headers["Retry-After"]) <= 3600  # within the hour
    assert count(limited_app, "sessions") == 5
    # another phone at the same address still may
    other = limited_app.test_client()
    other.get("/")
    assert upload(other, game).status_code == 302


def test_a_visitor_dropping_its_cookie_is_counted_by_its_address(limited_app):
    game = {"variant": "rummy", "players": ["Ana", "Ben"], "rounds": alternating(2)}
    # without a cookie, five an hour from the address
    answers = [upload(limited_app.test_client(), game).status_code for _ in range(6)]
    assert answers == [302] * 5 + [429]


def test_a_visitor_taking_a_new_phone_id_each_time_gets_twenty_a_day(limited_app):
    game = {"variant": "rummy", "players": ["Ana", "Ben"], "rounds": alternating(2)}
    answers = []
    for _ in range(21):
        phone = limited_app.test_client()
        phone.get("/")
        answers.append(upload(phone, game).status_code)
    assert answers == [302] * 20 + [429]
    assert count(limited_app, "sessions") == 20


def test_the_counts_are_kept_where_every_worker_reads_them(limited_app):
    # a second app on the same folder is another worker process of the same server
    game = {"variant": "rummy", "players": ["Ana", "Ben"], "rounds": alternating(2)}
    phone = limited_app.test_client()
    phone.get("/")
    for _ in range(5):
        assert upload(phone, game).status_code == 302
    worker = create_app(dict(limited_app.config))
    other_worker_client = worker.test_client()
    other_worker_client.set_cookie(
        "session", phone.get_cookie("session", domain="table.test").value, domain="table.test"
    )
    assert upload(other_worker_client, game).status_code == 429
    limits = Path(limited_app.config["DATABASE"]).parent / "rate-limits.sqlite"
    assert limits.stat().st_mode & 0o077 == 0  # holds no id, and nobody else reads it


# --- a look without a cookie ----------------------------------------------------------


def test_a_read_only_look_without_a_cookie_adds_no_row(client, app):
    path = start_game(client, "rummy", ["Ana", "Ben"])
    view = view_link(client, path)
    rows = count(app, "device_sessions")
    for _ in range(20):
        assert app.test_client().get(view).status_code == 200
    assert count(app, "device_sessions") == rows
    # a phone that keeps the cookie keeps the game: on its next visit, on its list
    phone = app.test_client()
    phone.get(view)
    assert count(app, "device_sessions") == rows
    assert view in phone.get("/").data.decode()
    assert count(app, "device_sessions") == rows + 1


# --- a full disk -----------------------------------------------------------------------

SIX = ["Ana", "Ben", "Cem", "Dan", "Eve", "Fay"]
HANDS = {1: "KS 7D", 2: "QH 2C", 3: "JD 9S", 4: "10C 4H", 5: "AS 6D"}


def round_form():
    """Ana goes out; everyone else holds two cards: a round whose kept score takes pages."""
    data = {"winner": "Ana", "end": "out", "save": "1", "submission": "one-time-key"}
    for seat in range(1, 6):
        data[f"hand_{seat}"] = HANDS[seat]
    return data


def fill_the_disk(app, full=True):
    """The database may grow no further than it is (SQLite answers SQLITE_FULL), on the
    connection this thread's requests use."""
    with app.app_context():
        conn = db.get_db().conn
        pages = conn.execute("pragma page_count").fetchone()[0]
        conn.execute(f"pragma max_page_count = {pages if full else 1_073_741_823}")


def test_a_save_on_a_full_disk_says_so_and_keeps_the_entry(client, app):
    path = start_game(client, "rummy", SIX)
    cache = Path(app.config["CACHE_DIR"])
    draft = cache / "tmpleftover.__wz_cache"  # what the page cache leaves when a write fails
    draft.touch()
    fill_the_disk(app)
    answer = client.post(f"{path}/rounds/new", data=round_form())
    assert answer.status_code == 503
    page = said(answer)
    assert DISK_FULL in page
    for seat in range(1, 6):  # every hand as typed
        assert re.search(rf'name="hand_{seat}"[^>]*>\s*{HANDS[seat]}</textarea>', page)
    assert count(app, "rounds") == 0 and count(app, "round_versions") == 0
    assert not draft.exists()
    # room again: the same form saves, once
    fill_the_disk(app, full=False)
    assert client.post(f"{path}/rounds/new", data=round_form()).status_code == 302
    assert count(app, "rounds") == 1


def test_a_new_game_on_a_full_disk_keeps_the_players_typed(client, app):
    start_game(client, "rummy", ["Ana", "Ben"])
    fill_the_disk(app)
    players = "\n".join(f"{name}{'x' * 30}" for name in SIX)
    answers = [
        client.post("/new/rummy", data={"players": players, "option_ace": "low"})
        for _ in range(40)  # until a new session row needs a page of its own
    ]
    refused = [a for a in answers if a.status_code != 302]
    assert refused and all(a.status_code == 503 for a in refused)
    assert DISK_FULL in said(refused[0])
    assert "Anaxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" in said(refused[0])


def test_an_import_on_a_full_disk_is_said_and_nothing_is_half_saved(client, app):
    start_game(client, "rummy", SIX)
    sessions = count(app, "sessions")
    fill_the_disk(app)
    game = {"variant": "rummy", "players": SIX, "options": {"target": 100_000}}
    game["rounds"] = alternating_six(30)
    answer = upload(client, game)
    assert answer.status_code == 503
    assert "The server's disk is full" in said(answer)
    assert count(app, "sessions") == sessions and count(app, "round_versions") == 0
    assert "What you typed is still in the form" in said(answer)


def alternating_six(rounds):
    """Ana and Ben take turns going out; the other of them holds a deuce, the rest a card."""
    held = dict(zip(SIX[2:], (["KS"], ["QH"], ["JD"], ["9C"]), strict=True))
    return [{"winner": SIX[i % 2], "hands": held | {SIX[1 - i % 2]: ["2C"]}} for i in range(rounds)]


def test_a_served_phone_is_counted_across_the_workers(tmp_path):
    """Three worker processes: each import goes on a new connection (any worker may take
    it), and the sixth is refused all the same."""
    server = Server(tmp_path / "served.sqlite", "--workers", "3").start()
    phone = Phone(server.port)
    try:
        _, _, page = phone.get("/import")
        token = hidden(page, "csrf_token")
        game = {"variant": "rummy", "players": ["Ana", "Ben"], "rounds": alternating(2)}
        answers = []
        for _ in range(6):
            phone.close()  # a new connection each time
            answers.append(served_upload(phone, token, json.dumps(game).encode())[0])
        assert answers == [302] * 5 + [429]
    finally:
        phone.close()
        server.stop()


def served_upload(phone, token, body):
    boundary = "scorekeeper-test-boundary"
    form = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            f'filename="session.json"\r\nContent-Type: application/json\r\n\r\n'
        ).encode()
        + body
        + f"\r\n--{boundary}--\r\n".encode()
    )
    conn = http.client.HTTPConnection("127.0.0.1", phone.port, timeout=30)
    try:
        conn.request(
            "POST",
            "/import",
            body=form,
            headers={
                "Content-Type": f"multipart/form-data; boundary={boundary}",
                "Cookie": phone.cookie,
            },
        )
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_a_seating_change_on_a_full_disk_keeps_the_name_typed(client, app):
    path = start_game(client, "rami", ["Ana", "Ben"])
    fill_the_disk(app)
    names = ["Ana", *(f"Player{turn:02d}{'x' * 30}" for turn in range(40))]
    for before, after in zip(names, names[1:], strict=False):
        answer = client.post(
            f"{path}/players/",
            data={
                "action": "rename",
                "rename-player": before,
                "rename-to": after,
                "rename-submission": f"key-{after}",
            },
        )
        if answer.status_code != 302:  # a change that needed a page of its own
            break
    assert answer.status_code == 503
    page = said(answer)
    assert DISK_FULL in page
    assert f'name="rename-to" type="text" value="{after}"' in page
    assert f"{before} is now" not in said(client.get(path))
