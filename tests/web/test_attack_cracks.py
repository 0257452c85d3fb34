"""The cracks an attack run found (issue 29, items 10-17): each tried again, against a real
`scorekeeper serve` on 127.0.0.1 where the crack was the server's, else against the app.

Every connection goes to 127.0.0.1 only.
"""

from __future__ import annotations

import html
import http.client
import io
import json
import os
import random
import re
import secrets
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.serving.server import IDLE_SECONDS
from scorekeeper.storage import changes, round_store, session_store
from scorekeeper.storage.game_page import ROWS_PER_PAGE
from tests.web.conftest import SECRET_KEY
from tests.web.serving import (
    Phone,
    Server,
    descendants,
    hidden,
    round_form,
    rummy_round,
    start_rummy,
)
from tests.web.test_damaged_database import a_database_with_games


def ask(port: int, method: str, path: str, headers: dict | None = None, body: bytes = b""):
    """One request on its own connection: (status, headers, text)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=body or None, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.headers, response.read().decode(errors="replace")
    finally:
        conn.close()


# 10. A Host header no server can have

MALFORMED_HOSTS = ["a..b", ".x", "a" * 64 + ".example", "a..b:8000"]
# a page, the API, a form's POST, a picture, an address with nothing at it
EVERY_KIND_OF_ROUTE = [
    ("GET", "/"),
    ("GET", "/api/v1/variants"),
    ("POST", "/new/rummy"),
    ("GET", "/static/style.css"),
    ("GET", "/nothing/here"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    served = Server(tmp_path_factory.mktemp("cracks") / "cracks.sqlite", "--workers", "1")
    served.start()
    yield served
    served.stop()


@pytest.mark.parametrize("host", MALFORMED_HOSTS)
def test_a_malformed_host_is_refused_with_a_page_by_the_real_server(server, host):
    for method, path in EVERY_KIND_OF_ROUTE:
        status, headers, text = ask(server.port, method, path, {"Host": host})
        assert status == 400, (method, path)
        if path.startswith("/api/"):
            assert headers["Content-Type"] == "application/json"
            assert "does not answer for that address" in text
        else:
            assert headers["Content-Type"].startswith("text/html")
            assert "<h1>Bad request</h1>" in text
            assert "This server does not answer for that address." in text
    # the page is said in the phone's language, and the server still answers a real name
    _, _, text = ask(server.port, "GET", "/", {"Host": host, "Accept-Language": "de"})
    assert "Ungültige Anfrage" in text
    assert "Dieser Server antwortet nicht unter dieser Adresse." in text
    assert ask(server.port, "GET", "/", {"Host": "table.example:8000"})[0] == 200


@pytest.mark.parametrize("host", MALFORMED_HOSTS)
def test_a_malformed_host_is_refused_with_a_page_by_the_app(client, host):
    for method, path in EVERY_KIND_OF_ROUTE:
        response = client.open(path, method=method, headers={"Host": host})
        assert response.status_code == 400, (method, path)
    page = client.get("/", headers={"Host": host}).get_data(as_text=True)
    assert "This server does not answer for that address." in page
    # its links are the app's own, not built on the name that was sent
    assert 'href="/"' in page and host not in page


def test_a_malformed_host_passed_on_by_a_trusted_proxy_is_refused_with_a_page(tmp_path):
    app = create_app(
        {"DATABASE": str(tmp_path / "proxied.sqlite"), "SECRET_KEY": SECRET_KEY, "PROXY_HOPS": 1}
    )
    response = app.test_client().get(
        "/", headers={"Host": "cards.example", "X-Forwarded-Host": "a..b"}
    )
    assert response.status_code == 400
    assert "This server does not answer for that address." in response.get_data(as_text=True)


# 12. Every text of an imported file is held to the rule typed text follows

RIGHT_TO_LEFT_OVERRIDE = "\u202e"


def exported_game(client) -> tuple[str, dict]:
    edit = client.post(
        "/new/rummy", data={"players": "Ana\nBen", "option_ace": "low", "option_target": "100"}
    ).location
    saved = client.post(
        f"{edit}/rounds/new", data={"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    )
    assert saved.status_code == 302
    return edit, client.get(f"{edit}/export.json").get_json()


def imported(client, exported: dict):
    body = io.BytesIO(json.dumps(exported).encode())
    return client.post("/import", data={"file": (body, "session.json")})


def stored_sessions(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute("select count(*) from sessions").fetchone()[0]


def test_an_imported_note_with_a_direction_override_is_refused(client, app):
    _, exported = exported_game(client)
    exported["history"][0]["note"] = RIGHT_TO_LEFT_OVERRIDE + "entered<script>"
    answer = imported(client, exported)
    assert answer.status_code == 400
    assert "&#39;note&#39; cannot contain control characters" in answer.get_data(as_text=True)
    assert stored_sessions(app) == 1  # the game exported, nothing more


def test_text_in_an_imported_version_no_longer_in_play_is_refused(client, app):
    _, exported = exported_game(client)
    for facts in (
        {"winner": RIGHT_TO_LEFT_OVERRIDE + "anA"},  # shown on the history page as it is
        {"winner": "Ana", "hands": {"Ben\x1b[2J": "KS"}},
        {"winner": "Ana", "hands": {"Ben": ["KS", "\u2066QS"]}},
    ):
        changed = json.loads(json.dumps(exported))
        version = dict(changed["history"][0], position=2, facts=facts)
        changed["history"] += [version, dict(version, deleted=True)]
        answer = imported(client, changed)
        assert answer.status_code == 400, facts
        assert "cannot contain control characters" in html.unescape(answer.get_data(as_text=True))
    assert stored_sessions(app) == 1
    # the same file with plain text comes in whole
    plain = json.loads(json.dumps(exported))
    version = dict(plain["history"][0], position=2, facts={"winner": "Ana", "hands": "KS"})
    plain["history"] += [version, dict(version, deleted=True)]
    assert imported(client, plain).status_code == 302


# 13. A one-time key that saved a round elsewhere is refused, not taken for a duplicate

KEY_ELSEWHERE = "Not saved: this form's one-time key was already used for another round"


def stored_rounds(database) -> list[tuple[int, str]]:
    with sqlite3.connect(database) as conn:
        return conn.execute("select session_id, submission from rounds order by id").fetchall()


def test_a_key_used_in_one_game_is_refused_in_another(tmp_path):
    served = Server(tmp_path / "keys.sqlite", "--workers", "1").start()
    try:
        phone = Phone(served.port)
        game_a, game_b = start_rummy(phone), start_rummy(phone, ("Cem", "Dan"))
        keys_a = round_form(phone, game_a)
        status, _, _ = phone.post(f"{game_a}/rounds/new", rummy_round(keys_a, "KS"))
        assert status == 302
        before = stored_rounds(tmp_path / "keys.sqlite")
        # game B's form, sent with the key game A's round was saved with
        keys_b = {**round_form(phone, game_b), "submission": keys_a["submission"]}
        round_b = {**rummy_round(keys_b, "QS"), "winner": "Cem"}
        status, _, page = phone.post(f"{game_b}/rounds/new", round_b)
        assert status == 422
        assert KEY_ELSEWHERE in html.unescape(page)
        assert "\nQS</textarea>" in page  # the entry as typed, to save again
        fresh = hidden(page, "submission")
        assert fresh and fresh != keys_a["submission"]
        assert stored_rounds(tmp_path / "keys.sqlite") == before
        # saved again with the key the page gave, it is game B's first round
        status, _, _ = phone.post(f"{game_b}/rounds/new", {**round_b, "submission": fresh})
        assert status == 302
        assert len(stored_rounds(tmp_path / "keys.sqlite")) == 2
    finally:
        served.stop()


def test_a_key_that_saved_one_round_is_refused_for_a_correction_of_another(client, app):
    edit = client.post(
        "/new/rummy", data={"players": "Ana\nBen", "option_ace": "low", "option_target": "500"}
    ).location
    for key, hand in (("first-round-key", "KS"), ("second-round-key", "QS")):
        saved = client.post(
            f"{edit}/rounds/new",
            data={"winner": "Ana", "end": "out", "hand_1": hand, "save": "1", "submission": key},
        )
        assert saved.status_code == 302
    second = client.get(f"{edit}/export.json").get_json()["game"]["rounds"][1]
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        round_two = conn.execute("select id from rounds where position = 2").fetchone()[0]
    answer = client.post(
        f"{edit}/rounds/{round_two}",
        data={
            "winner": "Ana",
            "end": "out",
            "hand_1": "JS",
            "save": "1",
            "submission": "first-round-key",
        },
    )
    assert answer.status_code == 422
    assert KEY_ELSEWHERE in html.unescape(answer.get_data(as_text=True))
    # round 2 still holds the queen: Ben's QS, 10 points
    assert client.get(f"{edit}/export.json").get_json()["game"]["rounds"][1] == second
    assert second["hands"]["Ben"] == ["QS"]


# 16. Another site's form is refused beside its token, and guessing links is slowed

SENT_FROM_ELSEWHERE = "This form was sent from another site&#39;s page, so nothing was changed."


def new_game_form(phone: Phone) -> dict[str, str]:
    _, _, page = phone.get("/new/rummy")
    return {
        "csrf_token": hidden(page, "csrf_token"),
        "players": "Ana\nBen",
        "option_ace": "low",
        "option_borrow": "none",
        "option_target": "100",
    }


def test_a_form_with_a_valid_token_from_another_site_is_refused(server, tmp_path):
    phone = Phone(server.port)
    own = f"http://127.0.0.1:{server.port}"
    refused = [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},  # a sandboxed frame, or a page opened from a file
        {"Origin": f"http://127.0.0.1:{server.port + 1}"},  # another port is another origin
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://cards.127.0.0.1.example"},
    ]
    for headers in refused:
        status, _, page = phone.request("POST", "/new/rummy", new_game_form(phone), headers)
        assert status == 403, headers
        assert SENT_FROM_ELSEWHERE in page and "<h1>Not sent from this app</h1>" in page
    taken = [
        {},  # no browser: the token alone decides
        {"Origin": own},
        {"Origin": own, "Sec-Fetch-Site": "same-origin"},
        {"Origin": "https://renamed.example", "Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "none"},
    ]
    for headers in taken:
        status, _, _ = phone.request("POST", "/new/rummy", new_game_form(phone), headers)
        assert status == 302, headers
    with sqlite3.connect(server.database) as conn:
        assert conn.execute("select count(*) from sessions").fetchone()[0] >= len(taken)


def test_the_apps_own_addresses_are_its_origins(tmp_path):
    lan = "http://192.168.1.20:8000"
    app = create_app(
        {
            "DATABASE": str(tmp_path / "origins.sqlite"),
            "SECRET_KEY": SECRET_KEY,
            "WTF_CSRF_ENABLED": False,
            "LAN_URL": lan,
            "BASE_URL": "https://cards.example.org/club",
            "PROXY_HOPS": 1,
        }
    )
    client = app.test_client()
    game = {"players": "Ana\nBen", "option_ace": "low", "option_borrow": "none"}

    def sent(origin: str, **headers: str) -> int:
        return client.post(
            "/new/rummy", data=game, headers={"Origin": origin, **headers}
        ).status_code

    assert sent(lan) == 302  # the address serve gave the phones on the local network
    assert sent("https://cards.example.org") == 302  # the configured address
    # behind a trusted proxy that serves the app under /club at another name
    proxied = {
        "X-Forwarded-Host": "scores.example.net",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Prefix": "/club",
    }
    assert sent("https://scores.example.net", **proxied) == 302
    assert sent("https://evil.example", **proxied) == 403
    assert sent("http://192.168.1.21:8000") == 403
    # the JSON API keeps nothing a cookie opens: asked from any page, it answers
    question = {"variant": "rummy", "melds": [["AS", "2S", "3S"]]}
    api = client.post("/api/v1/check", headers={"Origin": "https://evil.example"}, json=question)
    assert api.status_code == 200


def test_an_address_guessing_game_links_is_refused_after_sixty(tmp_path):
    served = Server(tmp_path / "guess.sqlite", "--workers", "1").start()
    try:
        phone = Phone(served.port)
        game = start_rummy(phone)
        guesses = [f"/s/{secrets.token_urlsafe(16)}" for _ in range(100)]
        answers = [phone.get(path)[0] for path in guesses[:60]]
        assert answers == [404] * 60
        status, headers, page = phone.get(guesses[60])
        assert status == 429
        assert 1 <= int(headers["retry-after"]) <= 61
        assert "<h1>Too many wrong links</h1>" in page
        # past the limit every link is refused, the right one too, and the poll
        assert phone.get(guesses[61] + "/revision")[0] == 429
        assert phone.get(game)[0] == 429
        # said in the phone's language
        _, _, page = phone.get(guesses[62], {"Accept-Language": "de"})
        assert "Zu viele falsche Links" in page
    finally:
        served.stop()


def test_a_phone_that_misses_a_link_now_and_then_is_never_refused(tmp_path):
    served = Server(tmp_path / "misses.sqlite", "--workers", "1").start()
    try:
        phone = Phone(served.port)
        game = start_rummy(phone)
        for _ in range(20):
            assert phone.get(f"/s/{secrets.token_urlsafe(16)}")[0] == 404
            for _ in range(10):  # its game, polled and opened as a phone does
                assert phone.get(game)[0] == 200
    finally:
        served.stop()


# 17. The background sheet process on a damaged database: one line, no traceback


def test_the_sheet_process_says_a_damaged_database_in_one_line(tmp_path):
    path, edit_paths = a_database_with_games(tmp_path)
    data = bytearray(path.read_bytes())
    # the pages after SQLite's own first one: the tables every lookup of a link starts from
    data[4096 : 4096 + 20_000] = random.Random(18).randbytes(20_000)
    path.write_bytes(bytes(data))
    job = {
        "config": {
            "DATABASE": str(path),
            "SECRET_KEY": SECRET_KEY,
            "CACHE_DIR": str(tmp_path / "rendered"),
        },
        "key": ["sheet", 1],
        "token": edit_paths[0].split("/")[2],
        "paper": "a4",
        "locale": "en",
    }
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.web.background_pdf_worker"],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    said = done.stderr.strip().splitlines()
    assert len(said) == 1, said
    assert said[0].startswith(
        f"scorekeeper: a printed sheet was not made: the database {path} is damaged"
    )
    assert "scorekeeper restore" in said[0]


# 14. Every round of a long game is shown a page of rows at a time


def long_game(app, rounds: int) -> str:
    """A Basic Rummy game of ``rounds`` rounds, saved through the change path the round
    form uses: Ana goes out each round and Ben keeps the 2♣ (2 points)."""
    with app.app_context():
        session = session_store.create_session("rummy", {"target": 100_000}, ["Ana", "Ben"], "Ana")
        for _ in range(rounds):
            change = round_store.Change(None, {"winner": "Ana", "hands": {"Ben": ["2C"]}}, 0, "")
            assert isinstance(changes.apply(session.id, lambda _s, c=change: c), changes.Saved)
        return f"/s/{session.edit_token}"


def numbers_shown(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'<td class="round-no">.*?</span>(\d+)<span', page)]


def test_every_round_is_shown_a_page_of_rows_at_a_time(app, client):
    assert ROWS_PER_PAGE == 50  # the pages below are worked out for it
    game = long_game(app, 120)
    first = client.get(f"{game}?all=1").get_data(as_text=True)
    assert numbers_shown(first) == list(range(1, 51))
    assert "Rounds 1 to 50 of 120" in first
    assert f'rel="next" href="{game}?all=1&amp;page=2"' in first and 'rel="prev"' not in first
    second = client.get(f"{game}?all=1&page=2").get_data(as_text=True)
    assert numbers_shown(second) == list(range(51, 101))
    assert f'rel="prev" href="{game}?all=1&amp;page=1"' in second
    assert f'rel="next" href="{game}?all=1&amp;page=3"' in second
    last = client.get(f"{game}?all=1&page=3").get_data(as_text=True)
    assert numbers_shown(last) == list(range(101, 121))
    assert "Rounds 101 to 120 of 120" in last and 'rel="next"' not in last
    # Ben's 2♣ each round: his running total after round 120 is 240, Ana's 0
    assert "<small>240</small>" in last
    # a page past the last is the last, not one more page drawn and kept
    past = client.get(f"{game}?all=1&page=999999").get_data(as_text=True)
    assert numbers_shown(past) == list(range(101, 121))
    # a short game's every round fits one page, with no page links
    short = long_game(app, 5)
    page = client.get(f"{short}?all=1").get_data(as_text=True)
    assert numbers_shown(page) == [1, 2, 3, 4, 5] and 'rel="next"' not in page


# 15. A request that reached the server before it closed an idle connection is answered


def parent(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


def test_a_save_that_arrived_while_the_worker_was_held_past_keep_alive_is_answered(tmp_path):
    served = Server(tmp_path / "keepalive.sqlite", "--workers", "1").start()
    try:
        phone = Phone(served.port)
        game = start_rummy(phone)
        # gunicorn's one worker: the serve process's own child (a worker may start helpers)
        workers = [
            pid for pid in descendants(served.process.pid) if parent(pid) == served.process.pid
        ]
        assert len(workers) == 1
        saves = []
        for hand in ("KS", "QS"):
            keys = round_form(phone, game)  # the phone's keep-alive connection, now idle
            body = urllib.parse.urlencode(rummy_round(keys, hand))
            # the worker gets no CPU (a busy machine) from before its keep-alive time ends
            # until after the phone's save has reached it
            time.sleep(IDLE_SECONDS / 2)
            os.kill(workers[0], signal.SIGSTOP)
            try:
                time.sleep(IDLE_SECONDS)
                phone.conn.request(
                    "POST",
                    f"{game}/rounds/new",
                    body=body,
                    headers={
                        "Cookie": phone.cookie,
                        "Content-Type": "application/x-www-form-urlencoded",
                    },
                )
                time.sleep(0.1)
            finally:
                os.kill(workers[0], signal.SIGCONT)
            answer = phone.conn.getresponse()  # before: ConnectionResetError, nothing stored
            answer.read()
            assert answer.status == 302
            saves.append(keys["submission"])
        with sqlite3.connect(tmp_path / "keepalive.sqlite") as conn:
            stored = [key for (key,) in conn.execute("select submission from rounds order by id")]
        assert stored == saves
    finally:
        served.stop()
