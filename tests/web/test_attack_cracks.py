"""The cracks an attack run found (issue 29, items 10-17): each tried again, against a real
`scorekeeper serve` on 127.0.0.1 where the crack was the server's, else against the app.

Every connection goes to 127.0.0.1 only.
"""

from __future__ import annotations

import html
import http.client
import io
import json
import sqlite3

import pytest

from scorekeeper import create_app
from tests.web.conftest import SECRET_KEY
from tests.web.serving import Server


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
