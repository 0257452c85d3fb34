"""A session (one game at one table): its row, its links, its name and stake."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from sqlite_utils.db import NotFoundError

from . import disk
from .db import get_db, now, query_rows


def new_token() -> str:
    """An unguessable link: 22 characters of URL-safe base64, 128 bits."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class Session:
    id: int
    edit_token: str
    view_token: str
    variant: str
    options: dict[str, Any]
    players: list[str]
    first_dealer: str
    created: str
    revision: int
    previous_id: int | None
    round_count: int = 0
    summary: dict[str, Any] | None = None  # leaders, finished, winners as of the last save
    # the name a table gave it, its stake per point and currency (or None), read with the row
    details: dict[str, Any] | None = None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Session:
        return cls(
            id=row["id"],
            edit_token=row["edit_token"],
            view_token=row["view_token"],
            variant=row["variant"],
            options=json.loads(row["options"]),
            players=json.loads(row["players"]),
            first_dealer=row["first_dealer"],
            created=row["created"],
            revision=row["revision"],
            previous_id=row["previous_id"],
            round_count=row.get("round_count") or 0,
            summary=json.loads(row["summary"]) if row.get("summary") else None,
            details={"name": row["name"], "stake": row["stake"], "currency": row["currency"]},
        )

    def engine_request(self, rounds: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "options": self.options,
            "players": self.players,
            "dealer": self.first_dealer,
            "rounds": rounds,
        }


def create_session(
    variant: str,
    options: dict[str, Any],
    players: list[str],
    first_dealer: str,
    previous_id: int | None = None,
) -> Session:
    db = get_db()
    row = {
        "edit_token": new_token(),
        "view_token": new_token(),
        "variant": variant,
        "options": json.dumps(options),
        "players": json.dumps(players),
        "first_dealer": first_dealer,
        "created": now(),
        "previous_id": previous_id,
        "revision": 0,
    }
    with disk.raising_disk_full(), db.conn:
        row_id = db["sessions"].insert(row).last_pk
    return get_session(row_id)


def get_session(session_id: int) -> Session:
    # one select: sqlite-utils' Table.get first asks the schema for the table's keys and
    # columns (8 statements in all), and every page and save reads the session
    rows = query_rows(get_db().conn, "select * from sessions where id = ?", [session_id])
    if not rows:
        raise NotFoundError(session_id)
    return Session.from_row(rows[0])


def find_session(token: str) -> tuple[Session, bool] | None:
    """The session a link opens, and whether the link may edit it."""
    # a plain statement, not sqlite-utils' query(): that guards each read with a savepoint of
    # its own (two statements more), and every request that opens a game reads this
    rows = query_rows(
        get_db().conn,
        "select * from sessions where edit_token = :token or view_token = :token",
        {"token": token},
    )
    if not rows:
        return None
    session = Session.from_row(rows[0])
    return session, secrets.compare_digest(session.edit_token, token)


def current_revision(token: str) -> int | None:
    """Only the revision, for the live view's poll: no row is decoded."""
    row = (
        get_db()
        .execute(
            "select revision from sessions where edit_token = :token or view_token = :token",
            {"token": token},
        )
        .fetchone()
    )
    return None if row is None else row[0]


@dataclass(frozen=True)
class ChangedSince:
    rounds: set[int]  # rounds with any new version
    rounds_added_or_removed: bool  # the list of rounds itself changed (new, deleted, restored)


def changed_since(session_id: int, revision: int) -> ChangedSince:
    """What happened to a session's rounds after the given revision."""
    conn = get_db().conn
    touched = query_rows(
        conn,
        "select distinct r.id, r.deleted, "
        " (select v2.deleted from round_versions v2 where v2.round_id = r.id "
        "  and v2.revision <= :revision order by v2.id desc limit 1) as deleted_then "
        "from round_versions v join rounds r on r.id = v.round_id "
        "where r.session_id = :session and v.revision > :revision",
        {"session": session_id, "revision": revision},
    )
    added_or_removed = any(
        (row["deleted_then"] == 0) != (row["deleted"] == 0)  # None then: it did not exist yet
        for row in touched
    )
    return ChangedSince({row["id"] for row in touched}, added_or_removed)


def session_details(session_id: int) -> dict[str, Any]:
    """The name a table gave its session, and its stake per point and currency (or None):
    as they are now (``Session.details`` is as they were when the session was read)."""
    row = (
        get_db()
        .execute("select name, stake, currency from sessions where id = ?", [session_id])
        .fetchone()
    )
    return {"name": row[0], "stake": row[1], "currency": row[2]}


def set_session_details(
    session_id: int, name: str | None, stake: str | None, currency: str | None
) -> None:
    db = get_db()
    with disk.raising_disk_full(), db.conn:
        db.execute(
            "update sessions set name = ?, stake = ?, currency = ?, revision = revision + 1 "
            "where id = ?",
            [name, stake, currency, session_id],
        )
