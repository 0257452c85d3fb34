"""Output safety and security headers: no user text ever reaches a page as markup."""

from html.parser import HTMLParser

import pytest

from tests.web.sessions import start_game, view_link

EVIL_NAMES = ["<img src=x onerror=alert(1)>", '"><script>alert(2)</script>']


def _pages_of_a_session(client, monkeypatch):
    """Every page that shows the players of one Basic Rummy session with one saved round."""
    edit = start_game(client, "rummy", [*EVIL_NAMES, "Ana"])
    saved = client.post(
        f"{edit}/rounds/new",
        data={"winner": "Ana", "end": "out", "hand_0": "5H", "hand_1": "KS", "save": "1"},
    )
    assert saved.status_code == 302, saved.data.decode()[:2000]
    page = client.get(edit).data.decode()
    round_path = page.split(f'href="{edit}/rounds/')[1].split('"')[0]
    printed = {}

    class FakeHTML:  # WeasyPrint is slow and its PDF hides the text: keep the HTML it gets
        def __init__(self, string, **_options):
            printed["html"] = string

        def write_pdf(self, **_options):
            return b"%PDF-1.7"

    import weasyprint

    monkeypatch.setattr(weasyprint, "HTML", FakeHTML)
    assert client.get(f"{edit}/sheet.pdf").status_code == 200
    token = edit.rsplit("/", 1)[1]
    pages = {
        "home": client.get("/").data.decode(),
        "session (edit)": page,
        "session (read-only)": client.get(view_link(client, edit)).data.decode(),
        "round form (new)": client.get(f"{edit}/rounds/new").data.decode(),
        "round form (edit)": client.get(f"{edit}/rounds/{round_path}").data.decode(),
        "round form (preview)": client.post(
            f"{edit}/rounds/new",
            data={"winner": EVIL_NAMES[0], "end": "out", "hand_1": "5H", "preview": "1"},
        ).data.decode(),
        "versions": client.get(f"{edit}/versions").data.decode(),
        "referee": client.get(f"/referee/?session={token}").data.decode(),
        "pdf html": printed["html"],
    }
    return pages


def test_player_names_are_never_markup_on_any_page(client, monkeypatch):
    pages = _pages_of_a_session(client, monkeypatch)
    for name, html in pages.items():
        for evil in EVIL_NAMES:
            assert evil not in html, f"{name} shows {evil!r} as markup"
    # and the names are there, escaped, where players are listed
    assert "&lt;img src=x onerror=alert(1)&gt;" in pages["round form (new)"]


def test_new_session_form_shows_typed_names_escaped(client):
    response = client.post("/new/rummy", data={"players": EVIL_NAMES[0], "dealer": EVIL_NAMES[1]})
    html = response.data.decode()
    for evil in EVIL_NAMES:
        assert evil not in html


def _every_page(client, monkeypatch):
    pages = _pages_of_a_session(client, monkeypatch)
    del pages["pdf html"]  # only WeasyPrint reads it; it never reaches a browser
    pages["new session"] = client.get("/new/rami").data.decode()
    pages["rules"] = client.get("/rules/").data.decode()
    pages["rules of a variant"] = client.get("/rules/rami").data.decode()
    pages["not found"] = client.get("/nowhere").data.decode()
    return pages


class InlineCode(HTMLParser):
    """Collects what a CSP without 'unsafe-inline' would block: style=, on*=, inline code."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        names = [name for name, _ in attrs]
        self.found += [
            f"{tag} {name}=" for name in names if name == "style" or name.startswith("on")
        ]
        if tag == "style" or (tag == "script" and "src" not in names):
            self.found.append(f"<{tag}> inline")


def test_pages_need_no_inline_script_or_style(client, monkeypatch):
    # the policy forbids them, so a page that used one would silently break
    for name, html in _every_page(client, monkeypatch).items():
        parser = InlineCode()
        parser.feed(html)
        assert parser.found == [], name


@pytest.mark.parametrize(
    "url", ["/", "/new/rami", "/static/style.css", "/nowhere", "/api/v1/variants"]
)
def test_every_response_carries_the_security_headers(client, url):
    headers = client.get(url).headers
    policy = headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"


def test_every_answer_to_a_watching_phone_carries_the_security_headers(client):
    # the answers a phone watching a table gets again and again: its poll, the game's page and
    # the QR picture, each answered in full and then "not modified", twice over
    view = view_link(client, start_game(client, "rummy", ["Ana", "Ben"]))
    expected = {
        "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }
    for _ in range(2):
        for path in (f"{view}/revision", view, f"{view}/qr/view.svg"):
            full = client.get(path)
            again = client.get(path, headers={"If-None-Match": full.headers["ETag"]})
            assert (full.status_code, again.status_code) == (200, 304), path
            for response in (full, again):
                assert {name: response.headers.get(name) for name in expected} == expected, path
                assert "Strict-Transport-Security" not in response.headers  # plain http


def test_plain_http_is_not_redirected_and_its_cookie_works(client):
    # tables at home use http://192.168.x.x: no redirect to https, a cookie the phone keeps
    response = client.post("/new/rummy", data={"players": "Ana\nBen", "option_ace": "low"})
    assert response.status_code == 302 and response.headers["Location"].startswith("/s/")
    cookie = response.headers["Set-Cookie"]
    assert "Secure" not in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie


@pytest.fixture
def proxied_csrf_app(tmp_path):
    from scorekeeper import create_app

    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "proxied.sqlite"),
            "SECRET_KEY": "a-test-secret-key-of-more-than-32-characters",
            "PROXY_HOPS": 1,
        }
    )


def test_behind_an_https_proxy_the_cookie_is_secure_and_forms_still_save(proxied_csrf_app):
    client = proxied_csrf_app.test_client()
    https = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example.org"}
    form = client.get("/new/rummy", headers=https)
    cookie = form.headers["Set-Cookie"]
    assert "Secure" in cookie
    token = form.data.decode().split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    # no Referer: Referrer-Policy no-referrer keeps the browser from sending one
    response = client.post(
        "/new/rummy",
        data={"csrf_token": token, "players": "Ana\nBen", "option_ace": "low"},
        headers=https,
    )
    assert response.status_code == 302, response.data.decode()[:500]
    assert "Secure" in response.headers["Set-Cookie"]
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")


def test_405_names_the_allowed_methods(client):
    for url in ["/", "/api/v1/check"]:
        response = client.delete(url)
        assert response.status_code == 405
        assert "GET" in response.headers["Allow"] or "POST" in response.headers["Allow"]
