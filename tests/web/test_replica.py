"""The club's history survives the loss of the machine: real `scorekeeper serve --replica`
with real Litestream copying to a folder (file://), real SIGKILLs, real `scorekeeper restore`.

Litestream copies every 0.1 s here (SCOREKEEPER_REPLICA_SYNC_SECONDS) so the tests take
seconds; a club runs the default second.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import sqlite3
import subprocess
import time
import urllib.parse
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scorekeeper.storage.replica import litestream
from tests.command import scorekeeper
from tests.web.serving import (
    Phone,
    Server,
    command_line,
    descendants,
    round_form,
    rummy_round,
    start_rummy,
)

SYNC_SECONDS = "0.1"
# one xdist worker runs these one after another: two replicating servers at once made the
# supervisor's /health status go stale (see wait_until_copied) on a busy machine
pytestmark = pytest.mark.xdist_group("replica")


@pytest.fixture(autouse=True)
def quick_copies(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_REPLICA_SYNC_SECONDS", SYNC_SECONDS)
    monkeypatch.delenv("SCOREKEEPER_REPLICA", raising=False)


def replica_url(folder: Path) -> str:
    return f"file://{folder}"


def litestream_of(server: Server) -> list[int]:
    return [
        pid
        for pid in descendants(server.process.pid)
        if "litestream replicate" in command_line(pid)
    ]


def litestream_started(server: Server, other_than: int | None = None) -> list[int]:
    """The server's Litestream processes once there is one (not ``other_than``), within 20 s:
    its supervisor thread starts it beside the server, which may answer first on a busy
    machine, and starts it again after it ends."""
    deadline = time.monotonic() + 20
    while not (running := [pid for pid in litestream_of(server) if pid != other_than]):
        assert time.monotonic() < deadline, "Litestream was not started"
        time.sleep(0.1)
    return running


def health(server: Server) -> dict:
    status, _, body = Phone(server.port).get("/health")
    assert status in (200, 503), status
    return json.loads(body)["replica"]


def holds(url: str, keys: list[str], folder: Path) -> bool:
    """Whether the replica holds every one of these saves: restored as it is now, by
    Litestream itself, into a new file, and looked at."""
    probe = folder / f"probe-{time.monotonic_ns()}.sqlite"
    done = subprocess.run(
        [litestream(), "restore", "-o", str(probe), url], capture_output=True, timeout=60
    )
    if done.returncode != 0:
        return False
    db = sqlite3.connect(probe)
    try:
        stored = {key for (key,) in db.execute("select submission from rounds where deleted = 0")}
    finally:
        db.close()
    return set(keys) <= stored


def wait_until_copied(server: Server, url: str, keys: list[str], tmp_path: Path) -> dict:
    """Until the replica holds these saves, then what /health says of it."""
    deadline = time.monotonic() + 60
    (tmp_path / "probes").mkdir(exist_ok=True)
    while not holds(url, keys, tmp_path / "probes"):
        assert time.monotonic() < deadline, "the replica did not get the saves"
        time.sleep(0.2)
    # it checks once per sync; on a busy machine one check may find Litestream slow to
    # answer its control socket (said as running False until the next check that gets an
    # answer), so what is waited for is the whole healthy state, not only the lag
    deadline = time.monotonic() + 30
    while not caught_up(replica := health(server)):
        assert time.monotonic() < deadline, f"/health did not see it: {replica}"
        time.sleep(0.1)
    return replica


def caught_up(replica: dict) -> bool:
    return (
        replica["lag_seconds"] == 0
        and replica["running"]
        and replica["ok"]
        and bool(replica["last_sync"])
    )


def save_rounds(phone: Phone, game: str, count: int) -> list[str]:
    """``count`` rounds saved through the form; their one-time keys, each answered."""
    keys = []
    for _ in range(count):
        form = round_form(phone, game)
        status, _, _ = phone.post(f"{game}/rounds/new", rummy_round(form, "2C"))
        assert status == 302, status
        keys.append(form["submission"])
    return keys


def stored_keys(database: Path, game: str) -> list[str]:
    token = game.rsplit("/", 1)[-1]
    with sqlite3.connect(database) as db:
        return [
            key
            for (key,) in db.execute(
                "select r.submission from rounds r join sessions s on s.id = r.session_id "
                "where s.edit_token = ? and r.deleted = 0",
                [token],
            )
        ]


def restore(*args: object, database: Path):
    done = scorekeeper("restore", *args, database=database)
    return done.returncode, json.loads(done.stdout)


def test_the_drill_loses_no_acknowledged_round(tmp_path):
    database = tmp_path / "club.sqlite"
    url = replica_url(tmp_path / "replica")
    server = Server(database, "--replica", url, "--workers", "2").start()
    try:
        phone = Phone(server.port)
        games = [start_rummy(phone) for _ in range(3)]
        acknowledged = {game: save_rounds(phone, game, 3) for game in games}
        wait_until_copied(server, url, sum(acknowledged.values(), []), tmp_path)
    finally:
        server.kill()
    for lost in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
        lost.unlink(missing_ok=True)

    code, answer = restore(url, database=database)
    assert code == 0, answer
    assert answer == {"restored": str(database), "games": 3, "rounds": 9}

    again = Server(database, "--replica", url, "--workers", "2").start()
    try:
        phone.port, phone.conn = again.port, None
        for game in games:
            assert sorted(stored_keys(database, game)) == sorted(acknowledged[game])
            acknowledged[game] += save_rounds(phone, game, 1)  # the game plays on
            status, _, page = phone.get(game)
            assert status == 200
        for game in games:
            assert sorted(stored_keys(database, game)) == sorted(acknowledged[game])
    finally:
        again.stop()


def test_serving_on_an_empty_machine_restores_first(tmp_path, monkeypatch):
    url = replica_url(tmp_path / "replica")
    old = Server(tmp_path / "old" / "club.sqlite", "--replica", url, "--workers", "1")
    old.database.parent.mkdir()
    old.start()
    try:
        phone = Phone(old.port)
        game = start_rummy(phone)
        keys = save_rounds(phone, game, 2)
    finally:
        old.stop()  # the old machine is gone; the replica holds what it had

    new_machine = tmp_path / "new"
    new_machine.mkdir()
    database = new_machine / "club.sqlite"
    monkeypatch.setenv("SCOREKEEPER_REPLICA", url)  # set once for the machine, not per start
    new = Server(database, "--workers", "1").start()
    try:
        assert sorted(stored_keys(database, game)) == sorted(keys)
        assert len(litestream_started(new)) == 1
        status, _, page = Phone(new.port).get(game)
        assert status == 200
        assert "Ana" in page and "Ben" in page
    finally:
        new.stop()


def test_litestream_killed_while_serving_is_started_again_and_loses_nothing(tmp_path):
    database = tmp_path / "club.sqlite"
    url = replica_url(tmp_path / "replica")
    log = tmp_path / "server.log"
    server = Server(database, "--replica", url, "--workers", "1", log=log).start()
    try:
        phone = Phone(server.port)
        game = start_rummy(phone)
        keys = save_rounds(phone, game, 2)
        wait_until_copied(server, url, keys, tmp_path)
        (first,) = litestream_of(server)
        os.kill(first, signal.SIGKILL)
        keys += save_rounds(phone, game, 2)  # saved while no Litestream runs
        running = litestream_started(server, other_than=first)
        keys += save_rounds(phone, game, 2)
        replica = wait_until_copied(server, url, keys, tmp_path)
        assert replica["restarts"] == 1
        assert running == litestream_of(server)
    finally:
        server.stop()
    said = log.read_text()
    assert "litestream stopped" in said
    assert said.count('msg="replicating to"') == 2  # Litestream's own lines, from both runs

    code, answer = restore(url, "-o", tmp_path / "copy.sqlite", database=database)
    assert code == 0, answer
    assert answer["rounds"] == 6
    assert sorted(stored_keys(tmp_path / "copy.sqlite", game)) == sorted(keys)


def test_restore_never_overwrites_a_database(tmp_path):
    database = tmp_path / "club.sqlite"
    database.write_bytes(b"precious")
    code, answer = restore(replica_url(tmp_path / "replica"), database=database)
    assert code == 2
    assert "exists already" in answer["error"] and "--force" in answer["error"]
    assert database.read_bytes() == b"precious"


@pytest.mark.parametrize("replica", ["empty", "nowhere"])
def test_restore_refuses_an_empty_or_unknown_replica(tmp_path, replica):
    (tmp_path / "empty").mkdir()
    database = tmp_path / "club.sqlite"
    code, answer = restore(replica_url(tmp_path / replica), database=database)
    assert code == 2
    assert answer["error"] == (
        f"the replica file://{tmp_path / replica} holds no database: nothing to restore"
    )
    assert not database.exists()


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("backups/club", "must be a URL"),
        ("file://backups/club", "absolute path"),
        ("gopher://example.org/club", "unknown replica type"),
        ("file://club:hunter2@backups/club", "not 'file://club:***@backups/club'"),
    ],
)
def test_restore_refuses_what_is_no_replica(tmp_path, url, said):
    database = tmp_path / "club.sqlite"
    code, answer = restore(url, database=database)
    assert code == 2
    assert said in answer["error"]
    assert "hunter2" not in answer["error"]  # a password in the address is never shown
    assert not database.exists()


def test_restore_at_a_timestamp_is_the_state_of_that_moment(tmp_path):
    database = tmp_path / "club.sqlite"
    url = replica_url(tmp_path / "replica")
    server = Server(database, "--replica", url, "--workers", "1").start()
    try:
        phone = Phone(server.port)
        game = start_rummy(phone)
        before = save_rounds(phone, game, 2)
        wait_until_copied(server, url, before, tmp_path)
        moment = datetime.now(UTC)
        time.sleep(1.2)  # the replica dates its files to the second
        after = save_rounds(phone, game, 3)
        wait_until_copied(server, url, after, tmp_path)
    finally:
        server.stop()
    # taken back in place: the pages rendered for the later revisions go with the file
    assert (tmp_path / "rendered").is_dir()
    code, answer = restore(url, "--timestamp", moment.isoformat(), "--force", database=database)
    assert code == 0, answer
    assert sorted(stored_keys(database, game)) == sorted(before)
    assert not (tmp_path / "rendered").exists()

    code, answer = restore(
        url, "-o", tmp_path / "then.sqlite", "--timestamp", moment.isoformat(), database=database
    )
    assert code == 0, answer
    assert answer["rounds"] == 2
    assert sorted(stored_keys(tmp_path / "then.sqlite", game)) == sorted(before)
    code, answer = restore(url, "-o", tmp_path / "now.sqlite", database=database)
    assert answer["rounds"] == 5
    assert sorted(stored_keys(tmp_path / "now.sqlite", game)) == sorted(before + after)
    code, answer = restore(
        url, "-o", tmp_path / "x.sqlite", "--timestamp", "2001-01-01T00:00:00Z", database=database
    )
    assert code == 2
    assert "holds nothing as of 2001-01-01T00:00:00Z" in answer["error"]


def test_without_a_replica_nothing_starts(tmp_path):
    database = tmp_path / "club.sqlite"
    server = Server(database, "--workers", "1").start()
    try:
        phone = Phone(server.port)
        save_rounds(phone, start_rummy(phone), 1)
        assert litestream_of(server) == []
        status, _, body = phone.get("/health")
        assert status == 200
        assert json.loads(body) == {"replica": {"configured": False, "ok": True}}
    finally:
        server.stop()
    assert sorted(path.name for path in tmp_path.iterdir() if "litestream" in path.name) == []


def test_health_names_no_address_or_token(tmp_path):
    database = tmp_path / "club.sqlite"
    url = f"file://{tmp_path / 'secret-folder'}"
    server = Server(database, "--replica", url, "--workers", "1").start()
    try:
        phone = Phone(server.port)
        game = start_rummy(phone)
        wait_until_copied(server, url, [], tmp_path)
        _, headers, body = phone.get("/health")
        assert "secret-folder" not in body
        assert urllib.parse.urlsplit(game).path.rsplit("/", 1)[-1] not in body
        assert headers["cache-control"] == "no-store"
        _, _, page = phone.get(game)
        assert "/health" not in page
    finally:
        server.stop()


def test_serve_refuses_a_replica_that_is_no_url(tmp_path):
    done = scorekeeper("serve", "--replica", "backups/club", database=tmp_path / "club.sqlite")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "scorekeeper: the replica must be a URL such as file:///backups/club, "
        "s3://bucket/club or sftp://user@host/backups/club, not 'backups/club'"
    )
    assert not (tmp_path / "club.sqlite").exists()


def test_a_replica_falling_behind_shows_in_health(tmp_path):
    database = tmp_path / "club.sqlite"
    folder = tmp_path / "replica"
    url = replica_url(folder)
    server = Server(database, "--replica", url, "--workers", "1").start()
    try:
        phone = Phone(server.port)
        game = start_rummy(phone)
        keys = save_rounds(phone, game, 1)
        wait_until_copied(server, url, keys, tmp_path)
        folder.rename(tmp_path / "away")
        folder.write_text("the replica's disk is gone")  # nothing can be written there
        keys += save_rounds(phone, game, 1)
        deadline = time.monotonic() + 30
        # a reading of Litestream running (see wait_until_copied) and at least a second behind
        while not (((behind := health(server))["lag_seconds"] or 0) >= 1 and behind["running"]):
            assert time.monotonic() < deadline, f"/health did not see the lag: {behind}"
            time.sleep(0.1)
        assert behind["ok"]  # behind, but not yet a minute
        last_whole = datetime.fromisoformat(behind["last_sync"])
        assert datetime.fromisoformat(behind["checked"]) - last_whole >= timedelta(seconds=1)
        folder.unlink()
        (tmp_path / "away").rename(folder)  # the disk is back: Litestream catches up
        wait_until_copied(server, url, keys, tmp_path)
    finally:
        server.stop()


def test_the_log_warns_when_the_replica_falls_too_far_behind(tmp_path, monkeypatch):
    """Litestream run as serve runs it, on a database written to directly; the warning's
    threshold, a minute in a club, is a second here."""
    from scorekeeper.storage import replica

    monkeypatch.setattr(replica, "LAG_WARNING_SECONDS", 1)
    monkeypatch.setenv(replica.STATUS_ENVIRONMENT, "")  # start() sets it; put back afterwards
    database = tmp_path / "club.sqlite"
    db = sqlite3.connect(database, isolation_level=None)
    db.execute("pragma journal_mode = wal")
    db.execute("create table notes (text)")
    folder = tmp_path / "replica"
    said: list[str] = []
    replication = replica.Replication(database, replica_url(folder), 0.1, said.append)
    replication.start()
    try:

        def wait_for(words: str) -> None:
            deadline = time.monotonic() + 30
            while not any(words in line for line in said):
                assert time.monotonic() < deadline, f"never said {words!r}: {said[-5:]}"
                db.execute("insert into notes values ('a change')")
                time.sleep(0.1)

        wait_for('msg="replicating to"')  # its own lines come through, marked
        assert all(line.startswith(("litestream: ", "scorekeeper: ")) for line in said)
        while not folder.is_dir():
            time.sleep(0.1)
        folder.rename(tmp_path / "away")
        folder.write_text("the replica's disk is gone")
        wait_for("WARNING the replica is")
        assert not any("back within" in line for line in said)
        folder.unlink()
        (tmp_path / "away").rename(folder)
        wait_for("the replica is back within 1 s of the database")
    finally:
        replication.stop()
        db.close()


def replica_position(header: str) -> dict[str, int | None]:
    """``through=<ms>; now=<ms>; run=<id>`` as the phones read it: the two moments."""
    fields = dict(part.strip().split("=", 1) for part in header.split(";"))
    assert fields["run"].isalnum(), header
    return {name: int(fields[name]) if fields[name] else None for name in ("through", "now")}


def test_a_save_is_told_when_the_replica_has_it(tmp_path):
    database = tmp_path / "club.sqlite"
    url = replica_url(tmp_path / "replica")
    server = Server(database, "--replica", url, "--workers", "1").start()
    try:
        phone = Phone(server.port)
        game = start_rummy(phone)
        form = round_form(phone, game)
        status, headers, _ = phone.request(
            "POST",
            f"{game}/rounds/new",
            rummy_round(form, "2C"),
            headers={"X-Scorekeeper-Answer": "page"},
        )
        assert status == 200, status
        saved_at = replica_position(headers["x-scorekeeper-replica"])["now"]
        assert saved_at is not None
        wait_until_copied(server, url, [form["submission"]], tmp_path)
        # the replica holds the round: the next answer says it holds everything saved
        # before the round's answer was written
        deadline = time.monotonic() + 30
        while True:
            _, headers, _ = phone.get(game)
            through = replica_position(headers["x-scorekeeper-replica"])["through"]
            if through is not None and through >= saved_at:
                break
            assert time.monotonic() < deadline, headers["x-scorekeeper-replica"]
            time.sleep(0.1)
        # the game's stream says so first thing too
        status, _, _ = phone.get(game)
        token = game.rsplit("/", 1)[-1]
        stream = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        stream.request("GET", f"/s/{token}/events", headers={"Cookie": phone.cookie})
        answer = stream.getresponse()
        opening = b""
        while b"event: replica" not in opening or not opening.endswith(b"\n\n"):
            opening += answer.read1(4096)
        stream.close()
        said = opening.split(b"event: replica\ndata: ", 1)[1].split(b"\n", 1)[0].decode()
        assert replica_position(said)["through"] >= saved_at
    finally:
        server.stop()


def test_without_a_replica_the_phone_is_told_there_is_none(tmp_path):
    server = Server(tmp_path / "club.sqlite", "--workers", "1").start()
    try:
        phone = Phone(server.port)
        game = start_rummy(phone)
        form = round_form(phone, game)
        status, headers, _ = phone.request(
            "POST",
            f"{game}/rounds/new",
            rummy_round(form, "2C"),
            headers={"X-Scorekeeper-Answer": "page"},
        )
        assert status == 200
        assert headers["x-scorekeeper-replica"] == "none"
    finally:
        server.stop()


def test_a_commit_litestream_has_not_read_yet_is_not_told_copied(tmp_path, monkeypatch):
    """Litestream reads the WAL on its own tick (a second here): a change committed just
    before a check may not be read yet, and its own position is then the one before it. The
    phones must not be told the replica holds the change (they forget what they kept) unless
    the replica holds the number Litestream gives the change once it has read it."""
    from scorekeeper.storage import replica

    monkeypatch.setenv(replica.STATUS_ENVIRONMENT, "")  # start() sets it; put back afterwards
    database = tmp_path / "club.sqlite"
    db = sqlite3.connect(database, isolation_level=None)
    db.execute("pragma journal_mode = wal")
    db.execute("create table notes (text)")
    replication = replica.Replication(
        database, replica_url(tmp_path / "replica"), 30, lambda _line: None
    )
    replication.start()
    try:
        deadline = time.monotonic() + 30
        while replication.replicated_through is None:  # the first copy, made as it starts
            assert time.monotonic() < deadline, "the replica never had the first copy"
            time.sleep(0.1)
        for number in range(5):
            db.execute("insert into notes values (?)", [f"change {number}"])
            committed = time.time()
            replication._check()
            told_copied = (replication.replicated_through or 0) >= committed
            # the change's number, Litestream made to read the WAL (nothing committed since)
            change = replica._ask(replication.control_socket, "/sync", {"path": str(database)})
            assert not told_copied or replication.replica_txid >= change["txid"], number
            time.sleep(0.3)
    finally:
        replication.stop()
        db.close()


def test_under_steady_saves_the_phones_are_told_what_the_replica_holds(tmp_path, monkeypatch):
    """The database's newest id moves on at every check while the replica holds an older one:
    everything committed before the last check that still saw that older id is copied."""
    from scorekeeper.storage import replica as module

    replication = module.Replication(tmp_path / "club.sqlite", replica_url(tmp_path / "r"))
    replication.control_socket = tmp_path / "control.sock"
    replication.status_file = tmp_path / "status.json"
    clock = iter([100.0, 101.0, 102.0, 103.0])
    monkeypatch.setattr(module.time, "time", lambda: next(clock))
    database_ids = iter([5, 5, 7, 9])  # the database's newest id at each check
    replica_ids = iter([0, 5, 5, 7])  # what the replica holds by then
    monkeypatch.setattr(
        module, "_ask", lambda path, question, body=None: {"txid": next(database_ids)}
    )

    def listed(self):
        self.replica_txid = max(self.replica_txid, next(replica_ids))

    monkeypatch.setattr(module.Replication, "_list_replica", listed)
    seen = []
    for _ in range(4):
        replication._check()
        seen.append(json.loads(replication.status_file.read_text())["replicated_through"])
    # 100: nothing copied yet; 101: id 5 copied, and the database was still at 5 at 101;
    # 102: the database at 7, the replica at 5: still 101; 103: id 7 copied, last seen at 102
    assert seen == [None, 101.0, 101.0, 102.0]
