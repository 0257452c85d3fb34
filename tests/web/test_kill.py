"""SIGKILL the server three times while phones save rounds: nothing acknowledged is lost.

Each phone keeps saving rounds; when the connection breaks it sends the same form again
(same one-time key) once the server is back, as a browser's retry would. Afterwards the
database passes `PRAGMA integrity_check`, every round whose save was answered is there,
and no form was saved twice.
"""

import http.client
import sqlite3
import threading
import time

from tests.web.serving import Phone, Server, round_form, rummy_round, start_rummy

KILLS = 3
TABLES = 3


def test_killing_the_server_loses_no_acknowledged_round(tmp_path):
    server = Server(tmp_path / "killed.sqlite").start()
    setup = Phone(server.port)
    games = [start_rummy(setup) for _ in range(TABLES)]
    stop = threading.Event()
    acknowledged: list[set[str]] = [set() for _ in games]
    pending: list[set[str]] = [set() for _ in games]

    def keep_saving(table: int) -> None:
        phone = Phone(server.port, timeout=5)
        phone.cookie = setup.cookie
        game = games[table]
        deadline = time.monotonic() + 60
        keys = None
        while time.monotonic() < deadline:
            try:
                if keys is None:
                    if stop.is_set():
                        return
                    keys = round_form(phone, game)
                pending[table].add(keys["submission"])
                status, _, _ = phone.post(f"{game}/rounds/new", rummy_round(keys, "2C"))
            except (OSError, http.client.HTTPException, AssertionError):
                time.sleep(0.05)  # the server is down: send the same form again soon
                continue
            assert status == 302, status
            acknowledged[table].add(keys["submission"])
            pending[table].discard(keys["submission"])
            keys = None

    phones = [threading.Thread(target=keep_saving, args=(t,)) for t in range(TABLES)]
    for phone in phones:
        phone.start()

    def saves_go_on() -> None:
        """Wait until the phones got more saves answered: the kill lands mid-stream."""
        goal = sum(len(keys) for keys in acknowledged) + 2 * TABLES
        deadline = time.monotonic() + 30
        while sum(len(keys) for keys in acknowledged) < goal and time.monotonic() < deadline:
            time.sleep(0.02)

    try:
        for _ in range(KILLS):
            saves_go_on()
            server.kill()
            server.start()
        saves_go_on()
    finally:
        stop.set()
        for phone in phones:
            phone.join(timeout=90)
        server.stop()

    db = sqlite3.connect(server.database)
    assert db.execute("pragma integrity_check").fetchone() == ("ok",)
    for table, game in enumerate(games):
        token = game.rsplit("/", 1)[-1]
        keys = [
            key
            for (key,) in db.execute(
                "select r.submission from rounds r join sessions s on s.id = r.session_id "
                "where s.edit_token = ? and r.deleted = 0",
                [token],
            )
        ]
        assert len(keys) == len(set(keys))  # no form saved twice
        assert acknowledged[table] <= set(keys)  # every answered save is there
        assert set(keys) <= acknowledged[table] | pending[table]
    # the phones did save between the kills
    assert sum(len(keys) for keys in acknowledged) >= 2 * TABLES * (KILLS + 1)
    db.close()
