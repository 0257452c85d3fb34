"""The database: one SQLite file under instance/, upgraded by migrations.

The web app opens it per request (Flask's ``g``, like Flask's own tutorial); the command
line opens it by path for the length of a command (:func:`opened`). Either way the store
reaches it through :func:`get_db`.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils
from flask import Flask, current_app, g
from sqlite_utils.migrations import Migrations

from . import disk

Migration = Callable[[sqlite_utils.Database], None]


def _create_sessions_and_rounds(db: sqlite_utils.Database) -> None:
    db["sessions"].create(
        {
            "id": int,
            "edit_token": str,
            "view_token": str,
            "variant": str,
            "options": str,  # JSON: the house rules
            "players": str,  # JSON: names in seat order
            "first_dealer": str,
            "created": str,
            "previous_id": int,  # the game this one follows ("new game, same players")
        },
        pk="id",
        not_null={
            "edit_token",
            "view_token",
            "variant",
            "options",
            "players",
            "first_dealer",
            "created",
        },
    )
    db["sessions"].create_index(["edit_token"], unique=True)
    db["sessions"].create_index(["view_token"], unique=True)
    db["rounds"].create(
        {
            "id": int,
            "session_id": int,
            "position": int,
            "facts": str,
            "deleted": int,
            "updated": str,
        },
        pk="id",
        foreign_keys=[("session_id", "sessions", "id")],
        not_null={"session_id", "position", "facts", "updated"},
        defaults={"deleted": 0},
    )
    db["rounds"].create_index(["session_id", "position"])
    # every version of a round's facts ever saved, so a correction can be undone
    db["round_versions"].create(
        {"id": int, "round_id": int, "facts": str, "deleted": int, "saved": str, "note": str},
        pk="id",
        foreign_keys=[("round_id", "rounds", "id")],
        not_null={"round_id", "facts", "saved"},
    )
    db["round_versions"].create_index(["round_id"])


def _add_session_revision(db: sqlite_utils.Database) -> None:
    # bumped on every change, so a read-only screen knows when to refresh
    db["sessions"].add_column("revision", int, not_null_default=0)


def _exactly_once(db: sqlite_utils.Database) -> None:
    # Two rounds could share a position when two phones saved at once (max+1 taken outside
    # the transaction): number such sessions' rounds again, in the order they were shown.
    clashing = [
        row[0]
        for row in db.execute(
            "select distinct session_id from rounds group by session_id, position "
            "having count(*) > 1"
        ).fetchall()
    ]
    for session_id in clashing:
        ids = db.execute(
            "select id from rounds where session_id = ? order by position, id", [session_id]
        ).fetchall()
        for position, (round_id,) in enumerate(ids, start=1):
            db.execute("update rounds set position = ? where id = ?", [position, round_id])
    db.execute("drop index if exists idx_rounds_session_id_position")
    db.execute("create unique index rounds_position on rounds (session_id, position)")
    # the one-time key of the form that entered the round: a resubmitted form finds it
    db["rounds"].add_column("submission", str)
    db.execute(
        "create unique index rounds_submission on rounds (session_id, submission) "
        "where submission is not null"
    )
    # each version: the session revision it made, the form it came from, the version it undid
    db["round_versions"].add_column("revision", int, not_null_default=0)
    db["round_versions"].add_column("submission", str)
    db["round_versions"].add_column("undoes", int)
    db.execute(
        "create unique index round_versions_submission on round_versions (submission) "
        "where submission is not null"
    )
    db.execute("create index round_versions_undoes on round_versions (undoes)")
    # what the home page lists, kept up to date on every save (no score sheet per game)
    db["sessions"].add_column("round_count", int, not_null_default=0)
    db["sessions"].add_column("summary", str)  # JSON: leaders, finished, winners
    db.execute(
        "update sessions set round_count = "
        "(select count(*) from rounds r where r.session_id = sessions.id and r.deleted = 0)"
    )


def _device_lists(db: sqlite_utils.Database) -> None:
    # every game a phone created or opened; its cookie only carries the device id
    db.execute(
        "create table device_sessions ("
        " device_id text not null,"
        " session_id integer not null references sessions(id),"
        " can_edit integer not null default 0,"
        " last_seen text not null,"
        " primary key (device_id, session_id))"
    )


def _session_name_and_stake(db: sqlite_utils.Database) -> None:
    # the name a table gives its evening (None: "<variant>, <date>"), and what a point is worth
    db["sessions"].add_column("name", str)
    db["sessions"].add_column("stake", str)  # a decimal as text, exact: "0.05"
    db["sessions"].add_column("currency", str)  # ISO 4217: "EUR"


def _table_groups(db: sqlite_utils.Database) -> None:
    # phones of one table that share their statistics across evenings: a phone is in at
    # most one group, joined through the group's link
    db.execute(
        "create table table_groups (id integer primary key, token text not null unique,"
        " created text not null)"
    )
    db.execute(
        "create table group_members ("
        " device_id text primary key,"
        " group_id integer not null references table_groups(id),"
        " joined text not null)"
    )
    db.execute("create index group_members_group on group_members (group_id)")


def _round_scores(db: sqlite_utils.Database) -> None:
    # The engine's answer stored with each live round: its score, and the game's state after
    # it (totals, dealer, end, settlement tally), so a new round is scored from the round
    # before it instead of a replay. A cache: null until worked out, rebuilt from the facts.
    db["rounds"].add_column("score", str)
    db["rounds"].add_column("after", str)
    db["sessions"].add_column("updated", str)  # the last change, for the lists


def _round_numbers(db: sqlite_utils.Database) -> None:
    # the live rounds of a session in order from an index, and each live round's number on
    # the sheet stored with its score: the last round's state, a round's number and the
    # chart's samples cost the same at round 10 and round 2,000
    db.execute("create index rounds_live on rounds (session_id, deleted, position)")
    db["rounds"].add_column("number", int)
    db.execute("create index rounds_number on rounds (session_id, number)")


def _game_stats(db: sqlite_utils.Database) -> None:
    # each game's part of the statistics page, as of one revision and engine: a cache,
    # worked out again when the game moves on
    db.execute(
        "create table game_stats (session_id integer primary key references sessions(id),"
        " revision integer not null, engine text not null, figures text not null)"
    )


MIGRATIONS: list[tuple[str, Migration]] = [
    ("0001_sessions_and_rounds", _create_sessions_and_rounds),
    ("0002_session_revision", _add_session_revision),
    ("0003_exactly_once", _exactly_once),
    ("0004_device_lists", _device_lists),
    ("0010_session_name_and_stake", _session_name_and_stake),
    ("0011_table_groups", _table_groups),
    ("0012_round_scores", _round_scores),
    ("0013_round_numbers", _round_numbers),
    ("0014_game_stats", _game_stats),
]


def migration_set() -> Migrations:
    migrations = Migrations("scorekeeper")
    for name, migration in MIGRATIONS:
        migrations(name=name)(migration)
    return migrations


def _carry_over_own_runner(db: sqlite_utils.Database, migrations: Migrations) -> None:
    """A database made before sqlite-utils ran our migrations lists them in ``_migrations``:
    record them as applied in the library's table, so none runs twice."""
    if "_migrations" not in db.table_names():
        return
    with db.atomic():
        migrations.ensure_migrations_table(db)
        known = {applied.name for applied in migrations.applied(db)}
        for row in db["_migrations"].rows:
            if row["name"] not in known:
                db[Migrations.migrations_table].insert(
                    {
                        "migration_set": migrations.name,
                        "name": row["name"],
                        "applied_at": row["applied"],
                    }
                )
        db["_migrations"].drop()


def migrate(db: sqlite_utils.Database) -> list[str]:
    """Apply the migrations not yet applied, in order; return their names."""
    migrations = migration_set()
    _carry_over_own_runner(db, migrations)
    pending = [migration.name for migration in migrations.pending(db)]
    migrations.apply(db)
    return pending


# How long a connection waits for another's write to end. Every write is one short
# transaction (nothing is worked out while the lock is held), so a wait this long means the
# server is overloaded: the request is answered 503 with Retry-After (see web/errors.py).
BUSY_SECONDS = 10


def connect(path: str) -> sqlite_utils.Database:
    # made readable by this user alone, like the secret key (SQLite gives its -wal and -shm
    # files the database file's mode)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    db = sqlite_utils.Database(sqlite3.connect(path, timeout=BUSY_SECONDS))
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA journal_mode = WAL")
    # In WAL mode NORMAL still survives the server being killed (a commit is in the WAL
    # file before the answer goes out); only a power cut of the machine may lose the
    # last commits, never corrupt the file. FULL's fsync per save (far longer when the
    # disk is busy) held the write lock and made saves wait on each other.
    db.execute("PRAGMA synchronous = NORMAL")
    return db


# One connection per server thread, kept between requests: opening SQLite and setting
# its pragmas cost more than a revision poll's query. Only the newest database a thread
# used is kept (tests open many), and a request never leaves a transaction open on it.
_per_thread = threading.local()


# the database a command opened by its path (see opened()): answered before any app's
_opened: ContextVar[tuple[str, sqlite_utils.Database] | None] = ContextVar(
    "scorekeeper_opened_database", default=None
)


def get_db() -> sqlite_utils.Database:
    explicit = _opened.get()
    if explicit is not None:
        return explicit[1]
    if "db" not in g:
        path = current_app.config["DATABASE"]
        existing = getattr(_per_thread, "db", None)
        if existing is None or existing[0] != path:
            if existing is not None:
                existing[1].conn.close()
            existing = _per_thread.db = (path, connect(path))
        g.db = existing[1]
    return g.db


def database_path() -> str:
    """The file :func:`get_db` answers from: the one a command opened, else the app's."""
    explicit = _opened.get()
    return explicit[0] if explicit is not None else current_app.config["DATABASE"]


@contextlib.contextmanager
def opened(path: str) -> Iterator[sqlite_utils.Database]:
    """The database at ``path`` for work outside a request (the command line): checked and
    brought up to date as the app does at its start, and what :func:`get_db` answers until
    the block ends. Raises RuntimeError (a missing folder, :class:`Damaged`) or
    sqlite3.Error with a message that says why it cannot be used."""
    prepare(path)
    db = connect(path)
    token = _opened.set((path, db))
    try:
        yield db
    finally:
        _opened.reset(token)
        db.conn.close()


def close_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


class Damaged(RuntimeError):
    """The database file is damaged: nothing in it can be trusted until it is restored."""


def check_intact(path: str) -> None:
    """SQLite's quick check of the whole file; raises :class:`Damaged` with one line."""
    if not os.path.exists(path):
        return  # made by the first migration
    conn = sqlite3.connect(path, timeout=BUSY_SECONDS)
    try:
        found = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
    except sqlite3.DatabaseError as error:
        found = [str(error)]
    finally:
        conn.close()
    if found != ["ok"]:
        what = " ".join(found[0].split())[:160]  # SQLite's first finding, on one line
        raise Damaged(
            f"the database {path} is damaged ({what}); put back a good copy before starting: "
            "`scorekeeper restore` from the replica, or a copy made by `scorekeeper backup`"
        )


def check_folder(database: Path) -> None:
    if not database.parent.is_dir():
        raise RuntimeError(
            f"the database's folder {database.parent} does not exist: create it, or set "
            "SCOREKEEPER_DATABASE to a file in a folder that does"
        )


def prepare(path: str, check: bool = True) -> None:
    """Refuse a database that cannot be used (no folder; damaged, when ``check``), and apply
    the migrations it lacks."""
    check_folder(Path(path))
    if check:
        check_intact(path)
    db = connect(path)
    try:
        migrate(db)
    finally:
        db.conn.close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
    prepare(app.config["DATABASE"], app.config.get("CHECK_DATABASE", True))


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@contextmanager
def write_transaction() -> Iterator[sqlite3.Connection]:
    """A write transaction that takes the write lock at once, so what it reads stays true."""
    conn = get_db().conn
    with disk.raising_disk_full():
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
            conn.commit()
        except BaseException:
            conn.rollback()
            raise


@contextmanager
def read_transaction() -> Iterator[sqlite3.Connection]:
    """One read transaction: the session row and its rounds come from the same moment."""
    conn = get_db().conn
    conn.execute("BEGIN")
    try:
        yield conn
    finally:
        conn.rollback()


def query_rows(conn: sqlite3.Connection, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    cursor = conn.execute(sql, params)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


@contextmanager
def locked() -> Iterator[None]:
    """Hold the database's write lock throughout: snapshots and writes inside cannot go stale."""
    with write_transaction():
        yield


def backup(path: str) -> None:
    """A consistent copy of the whole database through SQLite's online backup API.

    Pages are copied in steps; a write by the server in between restarts the copy
    of what changed, so the copy is one moment of the database while saves go on.
    """
    target = sqlite3.connect(path)
    try:
        get_db().conn.backup(target, pages=256)
    finally:
        target.close()
