"""A phone keeps one identity however its first requests interleave.

A new phone's first page registers the service worker, which fetches the games list ("/")
in the background while the player is already starting a game: two requests leave the phone
with the same cookie, and their answers come back in either order. Each answer may set the
cookie, and the one that comes back last is the one the phone keeps. Here the two requests
are sent with the same cookie and their answers taken in the order that once lost a game
(seen in the browser test of the recent variants): the game's answer first, the list's last.
"""

import io
import json
import re

import pytest

from tests.web.serving import Phone, Server, hidden


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "served.sqlite").start()
    yield running
    running.stop()


def game_form(phone, variant, players):
    _, _, page = phone.get(f"/new/{variant}")
    return {
        "csrf_token": hidden(page, "csrf_token"),
        "players": "\n".join(players),
        "dealer": "",
    }


def listed(phone):
    _, _, page = phone.get("/")
    return re.findall(r'<a href="(/s/[^"]+)">', page)


def answers_in_order(phone, *requests):
    """Every request sent with the cookie the phone has now (none waits for another's
    answer), then each answer's cookie taken in the order given: the last one stays."""
    sent_with = phone.cookie
    kept = []
    for method, path, data in requests:
        phone.cookie = sent_with
        answer = phone.request(method, path, data)
        kept.append((answer, phone.cookie if phone.cookie != sent_with else None))
    for _, cookie in kept:
        if cookie is not None:  # an answer that set no cookie leaves the phone's as it is
            phone.cookie = cookie
    return [answer for answer, _ in kept]


@pytest.mark.parametrize("list_answered", ["last", "first"])
def test_the_games_list_fetched_in_the_background_keeps_the_phone_its_first_game(
    server, list_answered
):
    phone = Phone(server.port)
    try:
        form = game_form(phone, "knock-rummy", ["Ana", "Ben"])
        start, show = ("POST", "/new/knock-rummy", form), ("GET", "/", None)
        requests, statuses = ((start, show), [302, 200])
        if list_answered == "first":
            requests, statuses = ((show, start), [200, 302])
        answers = answers_in_order(phone, *requests)
        assert [status for status, _, _ in answers] == statuses
        second = phone.post("/new/gin", game_form(phone, "gin", ["Cem", "Dan"]))
        assert second[0] == 302
        assert len(listed(phone)) == 2
    finally:
        phone.close()


def test_two_tabs_starting_games_at_once_both_list_them(server):
    phone = Phone(server.port)
    try:
        first = game_form(phone, "knock-rummy", ["Ana", "Ben"])
        second = game_form(phone, "gin", ["Cem", "Dan"])
        answers = answers_in_order(
            phone, ("POST", "/new/knock-rummy", first), ("POST", "/new/gin", second)
        )
        assert [status for status, _, _ in answers] == [302, 302]
        assert len(listed(phone)) == 2
    finally:
        phone.close()


def test_a_page_that_only_reads_writes_no_id_and_the_first_game_does(csrf_app):
    phone = csrf_app.test_client()
    form = phone.get("/new/rummy").data.decode()
    listing = phone.get("/")
    assert listing.status_code == 200
    assert "Set-Cookie" not in listing.headers  # nothing an answer landing late could undo
    with phone.session_transaction() as cookie:
        assert "device" not in cookie
    started = phone.post(
        "/new/rummy",
        data={"csrf_token": hidden(form, "csrf_token"), "players": "Ana\nBen", "dealer": ""},
    )
    assert started.status_code == 302
    with phone.session_transaction() as cookie:
        assert "device" in cookie
    assert len(re.findall(r'<a href="(/s/[^"]+)">', phone.get("/").data.decode())) == 1


def test_a_visitor_dropping_its_cookie_before_each_import_gets_twenty_a_day(csrf_app):
    """With the CSRF check on, an import needs the cookie a form gave: a visitor dropping it
    each time is a new phone each time, and its address allows twenty a day."""
    game = {"variant": "rummy", "players": ["Ana", "Ben"], "rounds": []}
    answers = []
    for _ in range(21):
        visitor = csrf_app.test_client()
        token = hidden(visitor.get("/import").data.decode(), "csrf_token")
        answers.append(
            visitor.post(
                "/import",
                data={
                    "csrf_token": token,
                    "file": (io.BytesIO(json.dumps(game).encode()), "session.json"),
                },
                content_type="multipart/form-data",
            ).status_code
        )
    assert answers == [302] * 20 + [429]


def test_two_tabs_opened_at_once_on_a_new_phone_never_split_its_games(server):
    """Both pages asked before the phone had any cookie: each answer brings its own secret and
    the last one stays. The other tab's form is refused (its token is of the secret that
    lost), so nothing is ever kept under an id the phone no longer has; sent again, it is."""
    phone = Phone(server.port)
    try:
        (_, _, lost_page), (_, _, kept_page) = answers_in_order(
            phone, ("GET", "/new/knock-rummy", None), ("GET", "/new/gin", None)
        )
        lost = {"csrf_token": hidden(lost_page, "csrf_token"), "players": "Ana\nBen"}
        kept = {"csrf_token": hidden(kept_page, "csrf_token"), "players": "Cem\nDan"}
        assert phone.post("/new/knock-rummy", {**lost, "dealer": ""})[0] == 400
        assert phone.post("/new/gin", {**kept, "dealer": ""})[0] == 302
        assert len(listed(phone)) == 1
        assert (
            phone.post("/new/knock-rummy", game_form(phone, "knock-rummy", ["Ana", "Ben"]))[0]
            == 302
        )
        assert len(listed(phone)) == 2
    finally:
        phone.close()
