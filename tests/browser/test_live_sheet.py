"""Every phone at the table sees a saved round at once (issue 30), in real headless Chromium
at 390x844: the rounds come over the game's stream of changes and are swapped into the page
without a reload (a marker set in the page survives), an open section stays open, a phone
that was offline catches up, a read-only phone is never sent an editor's control, and
behind a proxy that holds the stream the page polls as before.

Basic Rummy, Ana and Ben: Ana goes out and scores the cards Ben holds (VARIANTS.md, rummy):
KS 10, then 2C 2 (12), then 3C 3 (15), then 4C 4 (19).
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.browser.table_pages import PHONES, hidden_fields, start_table
from tests.browser.test_offline import wait_until

pytestmark = pytest.mark.browser

ROWS = "document.querySelectorAll('#live-sheet table.sheet tbody tr').length"
ANA_TOTAL = "document.querySelector('#live-sheet tfoot th.total').textContent.trim()"


def new_phone(browser):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    return context, context.new_page()


def save_round(request, edit_url, ben_hand):
    """Ana goes out, Ben holds ``ben_hand``: saved through the round form over HTTP."""
    form = request.get(f"{edit_url}/rounds/new").text()
    data = hidden_fields(form) | {"winner": "Ana", "end": "out", "hand_1": ben_hand}
    response = request.post(f"{edit_url}/rounds/new", form=data | {"save": "1"}, max_redirects=0)
    assert response.status == 302, response.text()[:500]


def read_only_link(page):
    return page.locator(".share a.link").first.get_attribute("href")


def listening(page):
    """The page heard its stream's first words (live.js keeps no state to ask: the stream's
    own readiness is what the browser says)."""
    page.evaluate("window.__marker = 'still the same page'")


def test_three_phones_one_saves_the_others_show_it_in_place(browser, live_server):
    scorer_context, scorer = new_phone(browser)
    edit_url = start_table(scorer.request, live_server, ["Ana", "Ben"], variant="rummy")
    save_round(scorer.request, edit_url, "KS")
    scorer.goto(edit_url)
    view_url = live_server + read_only_link(scorer)
    other_context, other_editor = new_phone(browser)
    viewer_context, viewer = new_phone(browser)
    other_editor.goto(edit_url)
    viewer.goto(view_url)
    for page in (other_editor, viewer):
        listening(page)
        assert page.evaluate(ROWS) == 1
    # the viewer reads how the rounds were scored, scrolled down to it (a row more above it
    # must not move it away)
    viewer.locator("details.explain summary").tap()
    viewer.evaluate("window.scrollTo(0, 400)")
    assert viewer.evaluate("document.querySelector('details.explain').open")
    wait_until(viewer, "window.scrollY > 0")
    reading = "document.querySelector('details.explain h3').getBoundingClientRect().top"
    place = viewer.evaluate(reading)
    # let both streams open (their first words) before the save
    viewer.wait_for_timeout(1500)

    save_round(scorer.request, edit_url, "2C")

    for page in (other_editor, viewer):
        wait_until(page, f"{ROWS} === 2", timeout=15)
        assert page.evaluate("window.__marker") == "still the same page"  # no reload
        assert page.evaluate(ANA_TOTAL) == "12"
    assert viewer.evaluate("document.querySelector('details.explain').open")
    # what the reader was reading stays where it was on the screen
    assert abs(viewer.evaluate(reading) - place) <= 1
    # the other editor's new row can be corrected, its delete button carries its own token
    assert other_editor.locator("#live-sheet a.edit-round").count() == 2
    token = other_editor.evaluate(
        "document.querySelector('#live-sheet form input[name=csrf_token]').value"
    )
    own = other_editor.evaluate("document.querySelector('.evening input[name=csrf_token]').value")
    assert token and token == own
    # the read-only phone: no control of the editor's anywhere on its page
    for control in ("a.edit-round", "form[action*='/delete']", "form[action*='/undo']"):
        assert viewer.locator(control).count() == 0
    assert "Enter round" not in viewer.locator("main").inner_text()
    for context in (scorer_context, other_context, viewer_context):
        context.close()


class _Network:
    """The phone's network: a relay between it and the server that can be taken away,
    every open connection with it (Chromium's own offline switch leaves a stream that is
    already open flowing), and given back."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.open: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                phone.close()
                continue
            server = socket.create_connection(self.upstream)
            self.open += [phone, server]
            for source, target in ((phone, server), (server, phone)):
                threading.Thread(target=self._pump, args=(source, target), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, target: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                target.sendall(data)
        except OSError:
            pass
        for end in (source, target):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def take_away(self) -> None:
        self.up = False
        for connection in self.open:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        self.open = []

    def give_back(self) -> None:
        self.up = True

    def close(self) -> None:
        self.take_away()
        self.listener.close()


def test_a_phone_that_was_offline_catches_up_on_the_rounds_it_missed(browser, live_server):
    upstream = urllib.parse.urlsplit(live_server)
    network = _Network((upstream.hostname, upstream.port))
    try:
        scorer_context, scorer = new_phone(browser)
        edit_url = start_table(scorer.request, live_server, ["Ana", "Ben"], variant="rummy")
        save_round(scorer.request, edit_url, "KS")
        scorer.goto(edit_url)
        viewer_context, viewer = new_phone(browser)
        viewer.goto(f"http://127.0.0.1:{network.port}{read_only_link(scorer)}")
        listening(viewer)
        viewer.wait_for_timeout(1500)
        network.take_away()
        save_round(scorer.request, edit_url, "2C")
        save_round(scorer.request, edit_url, "3C")
        viewer.wait_for_timeout(3000)  # its browser tried to reconnect, and could not
        assert viewer.evaluate(ROWS) == 1
        network.give_back()
        wait_until(viewer, f"{ROWS} === 3", timeout=20)
        assert viewer.evaluate(ANA_TOTAL) == "15"
        assert viewer.evaluate("window.__marker") == "still the same page"
        scorer_context.close()
        viewer_context.close()
    finally:
        network.close()


class _HoldingProxy(BaseHTTPRequestHandler):
    """A proxy that buffers every answer whole before passing it on: a stream, which never
    ends, is never passed on (some proxies and antivirus filters do this)."""

    upstream: tuple[str, int]

    def do_GET(self):  # noqa: N802 - the name http.server calls
        connection = http.client.HTTPConnection(*self.upstream, timeout=600)
        headers = {k: v for k, v in self.headers.items() if k.lower() != "accept-encoding"}
        connection.request("GET", self.path, headers=headers)
        answer = connection.getresponse()
        body = answer.read()  # the whole answer first
        self.send_response(answer.status)
        for name, value in answer.getheaders():
            if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_behind_a_proxy_that_holds_the_stream_the_page_polls(browser, live_server):
    upstream = urllib.parse.urlsplit(live_server)
    handler = type("Proxy", (_HoldingProxy,), {"upstream": (upstream.hostname, upstream.port)})
    proxy = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    proxy.daemon_threads = True
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    try:
        scorer_context, scorer = new_phone(browser)
        edit_url = start_table(scorer.request, live_server, ["Ana", "Ben"], variant="rummy")
        scorer.goto(edit_url)
        viewer_context, viewer = new_phone(browser)
        viewer.goto(f"http://127.0.0.1:{proxy.server_port}{read_only_link(scorer)}")
        listening(viewer)
        assert viewer.evaluate(ROWS) == 0
        save_round(scorer.request, edit_url, "KS")
        # nothing comes through the stream: the poll notices the new revision and reloads
        wait_until(viewer, f"document.readyState === 'complete' && {ROWS} === 1", timeout=30)
        assert viewer.evaluate("window.__marker") is None
        assert viewer.evaluate(ANA_TOTAL) == "10"
        scorer_context.close()
        viewer_context.close()
    finally:
        proxy.shutdown()


def test_the_scorers_save_is_one_request_from_the_tap_to_the_sheet(browser, live_server):
    scorer_context, scorer = new_phone(browser)
    edit_url = start_table(scorer.request, live_server, ["Ana", "Ben"], variant="rummy")
    save_round(scorer.request, edit_url, "KS")
    scorer.goto(f"{edit_url}/rounds/new")
    scorer.locator("#winner label.chip", has_text="Ana").tap()
    scorer.fill("#hand_1", "2C")
    asked = []
    scorer.on("request", lambda request: asked.append((request.method, request.url)))
    scorer.locator(".actions input[name=save]").tap()
    wait_until(scorer, f"location.pathname.endsWith('{urllib.parse.urlsplit(edit_url).path}')")
    wait_until(scorer, f"!!document.querySelector('#live-sheet') && {ROWS} === 2")
    assert "Round 2 saved." in scorer.locator(".flash").inner_text()
    assert scorer.evaluate(ANA_TOTAL) == "12"
    # the save was sent once, and its answer was the sheet: the sheet itself never asked for
    # (what the sheet holds, its QR pictures and its stream of changes, comes as on any load)
    assert asked.count(("POST", f"{edit_url}/rounds/new")) == 1
    assert ("GET", edit_url) not in asked
    # the page it shows is live: another phone's save reaches it in place
    scorer.evaluate("window.__marker = 'the answered page'")
    scorer.wait_for_timeout(1500)
    save_round(scorer.request, edit_url, "3C")
    wait_until(scorer, f"{ROWS} === 3", timeout=15)
    assert scorer.evaluate(ANA_TOTAL) == "15"
    assert scorer.evaluate("window.__marker") == "the answered page"
    scorer_context.close()


def test_without_eventsource_the_page_polls_as_before(browser, live_server):
    scorer_context, scorer = new_phone(browser)
    edit_url = start_table(scorer.request, live_server, ["Ana", "Ben"], variant="rummy")
    scorer.goto(edit_url)
    viewer_context, viewer = new_phone(browser)
    viewer.add_init_script("delete window.EventSource;")  # an old browser
    viewer.goto(live_server + read_only_link(scorer))
    listening(viewer)
    save_round(scorer.request, edit_url, "KS")
    wait_until(viewer, f"document.readyState === 'complete' && {ROWS} === 1", timeout=20)
    assert viewer.evaluate("window.__marker") is None  # reloaded by the poll
    assert viewer.evaluate(ANA_TOTAL) == "10"
    scorer_context.close()
    viewer_context.close()
