"""The history of changes: every version of every round, for the history page and undo."""

from __future__ import annotations

import json
from typing import Any

from .db import get_db, query_rows
from .session_store import Session


def versions_of(session: Session, limit: int = -1, offset: int = 0) -> list[dict[str, Any]]:
    """Every saved version of every round of a session, newest first (``limit`` of them
    from ``offset`` when given)."""
    rows = get_db().query(
        "select v.id, v.round_id, v.facts, v.deleted, v.saved, v.note, r.position "
        "from round_versions v join rounds r on r.id = v.round_id "
        "where r.session_id = ? order by v.id desc limit ? offset ?",
        [session.id, limit, offset],
    )
    return [dict(row, facts=json.loads(row["facts"])) for row in rows]


def version_count(session: Session) -> int:
    return (
        get_db()
        .execute(
            "select count(*) from round_versions v join rounds r on r.id = v.round_id "
            "where r.session_id = ?",
            [session.id],
        )
        .fetchone()[0]
    )


def _version(row: dict[str, Any]) -> dict[str, Any]:
    return dict(row, facts=json.loads(row["facts"]))


def get_version(session: Session, version_id: int) -> dict[str, Any] | None:
    rows = query_rows(
        get_db().conn,
        "select v.*, r.position from round_versions v join rounds r on r.id = v.round_id "
        "where v.id = ? and r.session_id = ?",
        [version_id, session.id],
    )
    return _version(rows[0]) if rows else None


def last_undoable(session: Session) -> dict[str, Any] | None:
    """The newest change that is neither an undo nor already undone: what "Undo" takes back.

    Each tap walks one change further back; what an undo did is itself in the history.
    """
    rows = query_rows(
        get_db().conn,
        "select v.*, r.position from round_versions v join rounds r on r.id = v.round_id "
        "where r.session_id = ? and v.undoes is null "
        "and not exists (select 1 from round_versions u where u.undoes = v.id) "
        "order by v.id desc limit 1",
        [session.id],
    )
    return _version(rows[0]) if rows else None


def version_before(version: dict[str, Any]) -> dict[str, Any] | None:
    """The round's version just before this one (None: this one entered the round)."""
    rows = query_rows(
        get_db().conn,
        "select * from round_versions where round_id = ? and id < ? order by id desc limit 1",
        [version["round_id"], version["id"]],
    )
    return _version(rows[0]) if rows else None
