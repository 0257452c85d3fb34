"""A new phone's games stay on its list while its service worker fetches the list behind it.

The first page a phone opens registers the service worker, which fetches the games list ("/")
in the background to keep it for offline use; the player is meanwhile starting a game. On a
busy server the list's answer can come after the game's, and the cookie it sets is the one
the phone keeps. Here the server answers the worker's fetch of the list only after the game
was started, always: the order that once left the first game off the list.
"""

import threading
import time

import pytest
from flask import request
from playwright.sync_api import expect
from werkzeug.serving import make_server

from scorekeeper import create_app
from tests.browser.table_pages import PHONES

pytestmark = pytest.mark.browser

STARTED_WITHIN = 30  # s: a game started on a busy machine


@pytest.fixture
def slow_list_server(tmp_path):
    """The app on 127.0.0.1, answering the service worker's fetch of the games list only
    once a game has been started (a browser's own page loads are navigations, not held)."""
    app = create_app(
        {
            "DATABASE": str(tmp_path / "browser.sqlite"),
            "SECRET_KEY": "browser-test-secret-key-of-32-characters",
        }
    )
    started = threading.Event()
    held = []

    @app.before_request
    def hold_the_background_list():
        if request.path == "/" and request.headers.get("Sec-Fetch-Mode") != "navigate":
            held.append(request.headers.get("Cookie", ""))
            started.wait(STARTED_WITHIN)
            time.sleep(0.2)  # the game's answer has reached the phone

    @app.after_request
    def note_a_started_game(response):
        if request.method == "POST" and request.path.startswith("/new/"):
            started.set()
        return response

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", held
    started.set()
    server.shutdown()
    thread.join(timeout=5)


def test_a_game_started_while_the_worker_fetches_the_list_stays_on_the_list(
    slow_list_server, browser
):
    base, held = slow_list_server
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{base}/new/knock-rummy")
    page.wait_for_function("navigator.serviceWorker.getRegistration().then(Boolean)")
    page.fill("#players", "Ana\nBen")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".deal")).to_be_visible()
    page.wait_for_function(
        "navigator.serviceWorker.ready.then(() => true)", timeout=STARTED_WITHIN * 1000
    )
    assert held, "the service worker never fetched the games list"
    page.goto(f"{base}/new/carousel")
    page.fill("#players", "Cem\nDan\nEve")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".deal")).to_be_visible()
    page.goto(f"{base}/")
    names = page.locator("h2 + ul.cards-list li strong").all_inner_texts()
    assert names[:2] == ["Carousel (Manipulation Rummy)", "Knock Rummy"]
    assert page.locator("ul.cards-list").first.locator("li").count() == 2
    context.close()
