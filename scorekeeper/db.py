"""The database: one SQLite file under instance/, opened per request, upgraded by migrations."""

from __future__ import annotations

from collections.abc import Callable

import sqlite_utils
from flask import Flask, current_app, g

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


MIGRATIONS: list[tuple[str, Migration]] = [
    ("0001_sessions_and_rounds", _create_sessions_and_rounds),
    ("0002_session_revision", _add_session_revision),
]


def migrate(db: sqlite_utils.Database) -> list[str]:
    """Apply the migrations not yet applied, in order; return their names."""
    if "_migrations" not in db.table_names():
        db["_migrations"].create({"name": str, "applied": str}, pk="name")
    done = {row["name"] for row in db["_migrations"].rows}
    applied = []
    for name, migration in MIGRATIONS:
        if name in done:
            continue
        with db.conn:
            migration(db)
            db["_migrations"].insert({"name": name, "applied": _now()})
        applied.append(name)
    return applied


def _now() -> str:
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat(timespec="seconds")


def connect(path: str) -> sqlite_utils.Database:
    db = sqlite_utils.Database(path)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA journal_mode = WAL")
    return db


def get_db() -> sqlite_utils.Database:
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
    db = connect(app.config["DATABASE"])
    try:
        migrate(db)
    finally:
        db.conn.close()
