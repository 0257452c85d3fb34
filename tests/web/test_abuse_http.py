"""Trust under abuse (issue 18): hand-written requests against a real `scorekeeper serve`
on 127.0.0.1 (items 2, 5, 6, 7), and the app itself where the attack is not at the HTTP
level (the page cache, imported histories, logs).

Every connection goes to 127.0.0.1 only.
"""

import http.client
import io
import json
import logging
import os
import re
import socket
import stat
import struct
from unittest import mock

import pytest

from scorekeeper import create_app
from scorekeeper.web.extensions import cache, cached
from tests.web.conftest import SECRET_KEY
from tests.web.serving import Phone, Server, round_form, rummy_round, start_rummy

BEYOND_SQLITE = 2**63  # one past SQLite's largest integer


def ask(port: int, method: str, path: str, headers: dict | None = None, body: bytes = b""):
    """One request on its own connection: (status, headers, text)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=body or None, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.headers, response.read().decode(errors="replace")
    finally:
        conn.close()


def raw(port: int, request: bytes) -> bytes:
    """Bytes sent as they are; everything the server answers until it closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(request)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    return answer


def rendered_files(folder) -> list:
    """The page cache's files (and its count of them)."""
    return list((folder / "rendered").iterdir())


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The default server (no BASE_URL, no trusted hosts, no proxies trusted) with a game
    of one saved round: (server, edit path, read-only path, folder)."""
    folder = tmp_path_factory.mktemp("served")
    server = Server(folder / "served.sqlite", "--workers", "2").start()
    phone = Phone(server.port)
    edit = start_rummy(phone)
    status, _, _ = phone.post(f"{edit}/rounds/new", rummy_round(round_form(phone, edit), "KS"))
    assert status == 302
    _, _, page = phone.get(edit)
    view = re.search(r'href="(/s/[^"]+)" class="link"', page).group(1)
    phone.close()
    yield server, edit, view, folder
    server.stop()


# 2. The Host header chooses nothing


def test_hosts_share_one_cached_page_and_each_sees_its_own_link(served):
    server, _, view, folder = served
    before = len(rendered_files(folder))
    for n in range(5):
        status, _, page = ask(server.port, "GET", view, {"Host": f"evil-{n}.example"})
        assert status == 200
        # the share link starts with the address this phone used, no earlier visitor's
        assert f"http://evil-{n}.example{view}" in page
        assert not re.search(rf"evil-(?!{n}\b)\d", page)
    # five Host headers, no rendering of their own: the one the editor's page kept for this
    # revision (in English) serves them all
    assert len(rendered_files(folder)) == before


def test_a_cached_page_keeps_no_visitors_query_string(served):
    server, _, view, _ = served
    status, _, _ = ask(
        server.port, "GET", f"{view}?msg=INJECTED&_anchor=planted&lang=de", {"Host": "a.test"}
    )
    assert status == 200
    status, _, page = ask(server.port, "GET", f"{view}?lang=de", {"Host": "a.test"})
    assert status == 200
    assert "INJECTED" not in page and "planted" not in page


def test_hosts_outside_the_trusted_list_are_refused(tmp_path):
    with mock.patch.dict(os.environ, {"SCOREKEEPER_TRUSTED_HOSTS": "cards.example.org"}):
        server = Server(tmp_path / "trusted.sqlite", "--workers", "1").start()
    try:
        status, _, text = ask(server.port, "GET", "/", {"Host": "evil.example"})
        assert status == 400
        assert "does not answer for that address" in text
        assert ask(server.port, "GET", "/api/v1/variants", {"Host": "evil.example"})[0] == 400
        assert ask(server.port, "GET", "/", {"Host": "cards.example.org"})[0] == 200
    finally:
        server.stop()


def test_the_page_cache_is_bounded_in_bytes(tmp_path):
    app = create_app(
        {
            "DATABASE": str(tmp_path / "bounded.sqlite"),
            "SECRET_KEY": SECRET_KEY,
            "CACHE_MAX_BYTES": 100_000,
        }
    )
    with app.test_request_context():
        for n in range(10):  # 10 pages of 30 KB: 300 KB asked for, 100 KB allowed
            cached(("page", n), 1, lambda: "x" * 30_000)
        total = sum(path.stat().st_size for path in rendered_files(tmp_path))
        assert total <= 100_000
        # the newest page is the one kept
        assert cached(("page", 9), 1, lambda: pytest.fail("rendered again")) == "x" * 30_000


# 5. Every id and argument bounded


@pytest.mark.parametrize(
    ("method", "tail"),
    [
        ("GET", "/rounds/{n}"),
        ("POST", "/rounds/{n}"),
        ("GET", "/rounds/{n}/points"),
        ("POST", "/rounds/{n}/delete"),
        ("POST", "/versions/{n}/restore"),
    ],
)
def test_an_id_beyond_sqlites_integers_is_not_found(served, method, tail):
    server, edit, _, _ = served
    status, _, _ = ask(server.port, method, edit + tail.format(n=BEYOND_SQLITE))
    assert status == 404


@pytest.mark.parametrize("path", ["/rules/", "/", "/new/rummy", "/referee/"])
def test_a_method_override_in_the_query_string_still_shows_the_page(served, path):
    server, _, _, _ = served
    status, _, page = ask(server.port, "GET", f"{path}?_method=POST&_external=1&_scheme=x")
    assert status == 200
    assert "_method" not in page and "_scheme" not in page


def test_a_negative_chunk_size_is_a_bad_request(served):
    server, _, _, _ = served
    answer = raw(
        server.port,
        b"POST /api/v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n-1\r\n{}\r\n0\r\n\r\n",
    )
    assert answer.startswith(b"HTTP/1.1 400 ")


def test_an_imported_deleted_round_without_hands_is_shown_in_the_history(tmp_path):
    app = create_app(
        {
            "DATABASE": str(tmp_path / "imported.sqlite"),
            "SECRET_KEY": SECRET_KEY,
            "WTF_CSRF_ENABLED": False,
        }
    )
    client = app.test_client()
    players = {"players": "Ana\nBen", "dealer": "", "option_ace": "low", "option_borrow": "none"}
    edit = client.post("/new/rummy", data={**players, "option_target": "100"}).location
    saved = client.post(
        f"{edit}/rounds/new", data={"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    )
    assert saved.status_code == 302
    exported = client.get(f"{edit}/export.json").get_json()
    # a second round, entered without hands and deleted: the game's rounds stay the same
    shapes = [{}, {"hands": "KS"}, {"hands": {"Ben": {"KS": 1}}, "end": ["out"], "winner": 7}]
    for facts in shapes:
        exported["history"].append(dict(exported["history"][0], position=2, facts=facts))
    exported["history"].append(dict(exported["history"][0], position=2, facts={}, deleted=True))
    body = io.BytesIO(json.dumps(exported).encode())
    response = client.post("/import", data={"file": (body, "session.json")})
    assert response.status_code == 302, response.data.decode()[:500]
    history = client.get(f"{response.location}/versions")
    assert history.status_code == 200
    assert "Ben KS" in history.data.decode()  # the round that is in play, shown as before


# 6. The scheme cannot be faked


def test_a_client_cannot_claim_https_without_a_trusted_proxy(served):
    server, _, _, _ = served
    status, headers, _ = ask(server.port, "GET", "/new/rummy", {"X-Forwarded-Proto": "https"})
    assert status == 200
    assert "Strict-Transport-Security" not in headers
    cookies = headers.get_all("Set-Cookie")
    assert cookies and not any("secure" in cookie.lower() for cookie in cookies)


# 7. Secrets stay secret on the machine


def test_the_database_and_its_wal_are_readable_by_this_user_only(served):
    _, _, _, folder = served
    for name in ("served.sqlite", "served.sqlite-wal", "served.sqlite-shm"):
        mode = stat.S_IMODE((folder / name).stat().st_mode)
        assert mode == 0o600, (name, oct(mode))


def test_a_traceback_logs_only_the_first_characters_of_a_token(tmp_path, caplog, monkeypatch):
    app = create_app(
        {
            "DATABASE": str(tmp_path / "logged.sqlite"),
            "SECRET_KEY": SECRET_KEY,
            "WTF_CSRF_ENABLED": False,
        }
    )
    client = app.test_client()
    players = {"players": "Ana\nBen", "dealer": "", "option_ace": "low", "option_borrow": "none"}
    edit = client.post("/new/rummy", data={**players, "option_target": "100"}).location
    token = edit.rsplit("/", 1)[1]

    def broken(*_args, **_kwargs):
        raise RuntimeError(f"the sheet of /s/{token} failed")

    monkeypatch.setattr("scorekeeper.web.views.sessions.build_sheet", broken)
    with caplog.at_level(logging.ERROR):
        assert client.get(edit).status_code == 500
    assert f"/s/{token[:4]}…" in caplog.text
    assert token not in caplog.text
    assert "RuntimeError" in caplog.text  # the traceback is still there


# 12. A cached page of the wrong shape


@pytest.mark.parametrize("found", ["a page", (7,), ("r", "page", 3), [0, "page"], (0, 42)])
def test_a_cached_value_that_is_not_a_page_is_drawn_again(tmp_path, found):
    app = create_app({"DATABASE": str(tmp_path / "shapes.sqlite"), "SECRET_KEY": SECRET_KEY})
    with app.test_request_context():
        cache.set("page\x1fx", found)
        assert cached(("page", "x"), 0, lambda: "drawn") == "drawn"


@pytest.mark.parametrize(
    "payload",
    [b"\x80\x04c__main__\nNoSuchPage\n.", b"\x80\x04\x95garbage", b"\x00" * 40],
    ids=["a class this version lacks", "damaged", "zeros"],
)
def test_a_cache_file_that_does_not_unpickle_is_drawn_again(tmp_path, payload):
    app = create_app({"DATABASE": str(tmp_path / "files.sqlite"), "SECRET_KEY": SECRET_KEY})
    with app.test_request_context():
        cached(("page", "x"), 0, lambda: "first")
        for path in rendered_files(tmp_path):  # the page, and the cache's count of files
            path.write_bytes(struct.pack("I", 0) + payload)  # cachelib: expiry, then pickle
        assert cached(("page", "x"), 0, lambda: "drawn") == "drawn"
