"""A game page's stream of changes (Server-Sent Events): what each phone is sent, when, and
what it is never sent.

Basic Rummy, Ana and Ben: Ana goes out and scores the cards Ben holds (VARIANTS.md, rummy):
Ben holding KS gives Ana 10; holding QH 2C, 12 more (22).
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time

import pytest

from scorekeeper.web import live
from tests.web.serving import Phone, Server, round_form, rummy_round, start_rummy
from tests.web.sessions import start_game, view_link


@pytest.fixture(autouse=True)
def quick_heartbeat(monkeypatch):
    # a stream says something every second: a test waiting for an event never hangs on it
    monkeypatch.setattr(live, "HEARTBEAT_SECONDS", 1)


def save(client, game, ben_hand="KS"):
    answer = client.post(
        f"{game}/rounds/new",
        data={"winner": "Ana", "end": "out", "hand_1": ben_hand, "save": "1"},
    )
    assert answer.status_code == 302


def parsed(raw: bytes) -> list[dict[str, str]]:
    """The events in what a stream wrote: each one's fields, its data lines joined."""
    events = []
    for block in raw.decode().split("\n\n"):
        if not block.strip():
            continue
        event: dict[str, str] = {}
        for line in block.split("\n"):
            name, _, value = line.partition(": ")
            if name == "data":
                event["data"] = f"{event['data']}\n{value}" if "data" in event else value
            else:
                event[name] = value
        events.append(event)
    return events


def sheet_events(chunks, wanted: int, seconds: float = 15) -> list[dict[str, str]]:
    """The sheet events read from a stream's chunks until ``wanted`` came (or time ran out)."""
    found: list[dict[str, str]] = []
    deadline = time.monotonic() + seconds
    while len(found) < wanted and time.monotonic() < deadline:
        found += [e for e in parsed(next(chunks)) if e.get("event") == "sheet"]
    return found


def opened(client, path: str, **headers):
    answer = client.get(path, buffered=False, headers=headers)
    assert answer.status_code == 200
    return answer, iter(answer.response)


def test_a_save_reaches_every_phone_watching_each_as_its_link_allows(client, app):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    view = view_link(client, game)
    editor, editor_chunks = opened(app.test_client(), f"{game}/events?since=0")
    viewer, viewer_chunks = opened(app.test_client(), f"{view}/events?since=0")
    for chunks in (editor_chunks, viewer_chunks):
        assert parsed(next(chunks))[0]["event"] == "hello"  # nothing missed: no sheet yet
    save(client, game)
    [for_editor] = sheet_events(editor_chunks, 1)
    [for_viewer] = sheet_events(viewer_chunks, 1)
    assert for_editor["id"] == for_viewer["id"] == "1"
    for part in (for_editor["data"], for_viewer["data"]):
        assert '<template data-live="live-sheet">' in part
        assert '<th class="total leader">10</th>' in part  # Ana: Ben's KS
    # the editor's controls: a correction link, a delete button whose CSRF token its page
    # fills in, the next round, undo; none of them, nor any edit token, to the read-only link
    assert "Enter round 2" in for_editor["data"] and "edit-round" in for_editor["data"]
    assert "data-csrf-fill" in for_editor["data"] and "Undo last save" in for_editor["data"]
    edit_token = game.rsplit("/", 1)[-1]
    for control in ("Enter round", "edit-round", "Delete round", "csrf", "Undo", "<form"):
        assert control not in for_viewer["data"]
    assert edit_token not in for_viewer["data"]
    editor.close()
    viewer.close()


def test_a_phone_back_from_sleep_is_sent_what_it_missed(client, app):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    view = view_link(client, game)
    save(client, game, "KS")
    save(client, game, "QH 2C")
    # its browser says it last saw revision 0: the sheet as it is now, both rounds on it
    phone, chunks = opened(app.test_client(), f"{view}/events?since=0", **{"Last-Event-ID": "0"})
    hello, missed, position = parsed(next(chunks))
    assert hello["event"] == "hello" and missed["event"] == "sheet" and missed["id"] == "2"
    # then how far the replica is (after the sheet: see static/offline.js); here there is none
    assert position == {"event": "replica", "data": "none"}
    assert re.search(r"<td class=\"won\">\+10\s*<br><small>10</small>", missed["data"])
    assert re.search(r"<td class=\"won\">\+12\s*<br><small>22</small>", missed["data"])
    phone.close()
    # the Last-Event-ID its browser sends wins over the revision its page was drawn at
    up_to_date, chunks = opened(
        app.test_client(), f"{view}/events?since=0", **{"Last-Event-ID": "2"}
    )
    assert [e["event"] for e in parsed(next(chunks))] == ["hello", "replica"]
    up_to_date.close()


def test_the_stream_goes_out_as_written_never_compressed_nor_kept(client, app):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    phone, chunks = opened(
        app.test_client(), f"{game}/events?since=0", **{"Accept-Encoding": "zstd, br, gzip"}
    )
    assert "Content-Encoding" not in phone.headers
    assert phone.headers["Content-Type"].startswith("text/event-stream")
    assert phone.headers["Cache-Control"] == "no-store"
    assert phone.headers["X-Accel-Buffering"] == "no"
    # each event is there to read while the stream is still open, not when it ends
    save(client, game)
    assert sheet_events(chunks, 1)[0]["id"] == "1"
    phone.close()


def test_an_unknown_link_has_no_stream(client):
    assert client.get("/s/not-a-game/events").status_code == 404


def test_a_phone_that_stops_reading_is_dropped_not_buffered(client, app):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    phone, chunks = opened(app.test_client(), f"{game}/events?since=0")
    next(chunks)  # its hello; from now on it reads nothing
    streams = app.extensions[live.EXTENSION]
    [stream] = streams.by_game[next(iter(streams.by_game))]
    for number, hand in enumerate(["KS", "2C", "3C", "4C", "5C", "6C"], start=1):
        save(client, game, hand)
        deadline = time.monotonic() + 10
        while stream.revision < number and not stream.dropped and time.monotonic() < deadline:
            time.sleep(0.02)
    # WAITING_EVENTS were held for it; the next one let its stream go
    assert stream.dropped and streams.count() == 0
    assert stream.events.qsize() == live.WAITING_EVENTS + 1  # and the end of the stream
    phone.close()


def _stream(port: int, path: str) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", port), timeout=20)
    connection.sendall(
        f"GET {path}/events?since=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    return connection


def _read_until(connection: socket.socket, marker: bytes) -> bytes:
    got = b""
    while marker not in got:
        more = connection.recv(65536)
        assert more, f"the stream ended before {marker!r}: {got[-300:]!r}"
        got += more
    return got


SAVE_FROM_ANOTHER_PROCESS = """
import sys
from scorekeeper import create_app
app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": sys.argv[2], "WTF_CSRF_ENABLED": False})
answer = app.test_client().post(sys.argv[3] + "/rounds/new", data={
    "winner": "Ana", "end": "out", "hand_1": "QH 2C", "save": "1"})
print(answer.status_code)
"""


def test_streams_held_by_two_workers_hear_every_save(tmp_path):
    """`scorekeeper serve --workers 2`: each worker's watcher hears of a save made by the
    other worker, and of one made by a process that is no worker at all."""
    server = Server(tmp_path / "two.sqlite", "--workers", "2").start()
    try:
        phone = Phone(server.port)
        game = start_rummy(phone)
        streams = [_stream(server.port, game) for _ in range(8)]
        for connection in streams:
            _read_until(connection, b"event: hello")
        phone.post(f"{game}/rounds/new", rummy_round(round_form(phone, game), "KS"))
        for connection in streams:
            assert b'<th class="total leader">10</th>' in _read_until(connection, b"id: 1\n")
        other = subprocess.run(
            [
                sys.executable,
                "-c",
                SAVE_FROM_ANOTHER_PROCESS,
                str(server.database),
                server.key,
                game,
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert other.stdout.strip() == "302", other.stderr
        for connection in streams:
            assert b'<th class="total leader">22</th>' in _read_until(connection, b"id: 2\n")
            connection.close()
    finally:
        server.stop()


# The scorer's save from the page's script: the game page in the answer, no redirect.
SCRIPTED = {"X-Scorekeeper-Answer": "page"}


def test_a_scripted_save_is_answered_with_the_sheet_and_its_saved_message(client):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    answer = client.post(
        f"{game}/rounds/new",
        data={"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"},
        headers=SCRIPTED,
    )
    assert answer.status_code == 200
    assert answer.headers["Content-Location"] == game
    assert answer.headers["Cache-Control"] == "no-store"
    page = answer.data.decode()
    assert "Round 1 saved." in page and '<th class="total leader">10</th>' in page
    # the message was this answer's: the next look at the page does not say it again
    assert "Round 1 saved." not in client.get(game).data.decode()


def test_a_save_without_the_script_is_still_post_redirect_get(client):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    answer = client.post(
        f"{game}/rounds/new", data={"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    )
    assert answer.status_code == 302 and answer.headers["Location"].endswith(game)


def test_a_refused_scripted_save_comes_back_as_the_form_with_what_was_typed(client):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    # one deck holds one king of spades: two are refused, the hand kept as typed
    answer = client.post(
        f"{game}/rounds/new",
        data={"winner": "Ana", "end": "out", "hand_1": "KS KS", "save": "1"},
        headers=SCRIPTED,
    )
    assert "Content-Location" not in answer.headers
    page = answer.data.decode()
    assert 'name="hand_1">\nKS KS</textarea>' in page
    assert "KS is used 2 times, but the deck in play holds it once" in page
    assert client.get(f"{game}/revision").json == {"revision": 0}


def test_a_delete_and_its_undo_reach_the_phones_watching(client, app):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    view = view_link(client, game)
    save(client, game, "KS")
    phone, chunks = opened(app.test_client(), f"{view}/events?since=1")
    assert [e["event"] for e in parsed(next(chunks))] == ["hello", "replica"]
    page = client.get(game).data.decode()
    delete = re.search(r'action="([^"]+/delete)"', page).group(1)
    assert client.post(delete).status_code == 302
    [deleted] = sheet_events(chunks, 1)
    # no round left: no row, and nobody leads
    assert deleted["id"] == "2"
    assert "<tr" not in re.search(r"<tbody>(.*?)</tbody>", deleted["data"], re.DOTALL).group(1)
    assert '<th class="total leader">' not in deleted["data"]
    assert client.post(f"{game}/undo", data={"revision": "2"}).status_code == 302
    [undone] = sheet_events(chunks, 1)
    assert undone["id"] == "3" and '<th class="total leader">10</th>' in undone["data"]
    phone.close()
