"""scorekeeper backup: a consistent copy while phones keep saving rounds."""

import json
import sqlite3
import threading

from tests.command import scorekeeper
from tests.web.sessions import start_game


def test_backup_while_clients_save_holds_every_acknowledged_round(app, tmp_path):
    paths = [
        start_game(app.test_client(), "rummy", ["Ana", "Ben"], target=100000) for _ in range(3)
    ]
    acknowledged = []
    lock = threading.Lock()
    stop = threading.Event()

    def phone(path):
        client = app.test_client()
        while not stop.is_set():
            data = {"winner": "Ana", "end": "out", "hand_1": "5C", "save": "1"}
            if client.post(f"{path}/rounds/new", data=data).status_code == 302:
                with lock:
                    acknowledged.append(path)

    threads = [threading.Thread(target=phone, args=(path,)) for path in paths]
    for thread in threads:
        thread.start()
    while len(acknowledged) < 10:
        threading.Event().wait(0.05)
    with lock:
        before = len(acknowledged)
    target = tmp_path / "copy.sqlite"
    done = scorekeeper("backup", target, database=app.config["DATABASE"])
    stop.set()
    for thread in threads:
        thread.join()
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout) == {"backup": str(target)}
    with sqlite3.connect(target) as copy:
        assert copy.execute("pragma integrity_check").fetchone()[0] == "ok"
        held = copy.execute("select count(*) from rounds where deleted = 0").fetchone()[0]
    assert held >= before


def test_backup_never_overwrites_a_file(app, tmp_path):
    existing = tmp_path / "kept.sqlite"
    existing.write_bytes(b"precious")
    done = scorekeeper("backup", existing, database=app.config["DATABASE"])
    assert done.returncode == 2
    assert "exists already" in json.loads(done.stdout)["error"]
    assert existing.read_bytes() == b"precious"
