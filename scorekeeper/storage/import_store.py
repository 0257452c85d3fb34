"""A whole session written from an imported file, in one transaction."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from . import derived, disk
from .db import get_db
from .round_store import NEW_ROUND, DerivedRows, derived_rows, write_derived
from .session_store import Session, get_session, new_token


def import_session(
    session: dict[str, Any],
    history: list[dict[str, Any]],
    summary: dict[str, Any] | None,
    round_scores: list[tuple[Any, dict[str, Any]]] | None = None,
) -> int:
    """Create a session with its rounds and every saved version, all or nothing.

    ``session`` holds variant, options, players, first_dealer, created, name, stake,
    currency; ``history`` is every version in the order saved, each with the round's
    ``position``, ``facts``, ``deleted``, ``saved`` and ``note``; ``round_scores``, each live
    round's score and the state after it, in order (None: worked out when first read).
    """
    rows = derived_rows([(NEW_ROUND, score, after) for score, after in round_scores or []])
    conn = get_db().conn
    columns = {row[1] for row in conn.execute("pragma table_info(sessions)")}
    version_columns = {row[1] for row in conn.execute("pragma table_info(round_versions)")}
    with disk.raising_disk_full():
        return _import_session(conn, columns, version_columns, session, history, summary, rows)


def import_checked(checked: dict[str, Any]) -> Session:
    """A session file read and checked by :func:`exchange.loads`, stored whole with its
    summary (the import page and ``scorekeeper import`` alike)."""
    session_id = import_session(
        checked["session"],
        checked["history"],
        derived.summary_of_import(checked),
        checked["round_scores"],
    )
    return get_session(session_id)


def _import_session(
    conn: sqlite3.Connection,
    columns: set[str],
    version_columns: set[str],
    session: dict[str, Any],
    history: list[dict[str, Any]],
    summary: dict[str, Any] | None,
    rows: DerivedRows,
) -> int:
    conn.execute("BEGIN IMMEDIATE")
    try:
        session_id = conn.execute(
            "insert into sessions (edit_token, view_token, variant, options, players, "
            "first_dealer, created, revision, name, stake, currency) "
            "values (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
            [
                new_token(),
                new_token(),
                session["variant"],
                json.dumps(session["options"]),
                json.dumps(session["players"]),
                session["first_dealer"],
                session["created"],
                session.get("name"),
                session.get("stake"),
                session.get("currency"),
            ],
        ).lastrowid
        round_ids: dict[int, int] = {}
        for revision, version in enumerate(history, start=1):
            facts = json.dumps(version["facts"])
            position = version["position"]
            if position not in round_ids:
                round_ids[position] = conn.execute(
                    "insert into rounds (session_id, position, facts, deleted, updated) "
                    "values (?, ?, ?, ?, ?)",
                    [session_id, position, facts, version["deleted"], version["saved"]],
                ).lastrowid
            else:
                conn.execute(
                    "update rounds set facts = ?, deleted = ?, updated = ? where id = ?",
                    [facts, version["deleted"], version["saved"], round_ids[position]],
                )
            values = {
                "round_id": round_ids[position],
                "facts": facts,
                "deleted": version["deleted"],
                "saved": version["saved"],
                "note": version["note"],
            }
            if "revision" in version_columns:
                values["revision"] = revision
            conn.execute(
                f"insert into round_versions ({', '.join(values)}) "
                f"values ({', '.join('?' for _ in values)})",
                list(values.values()),
            )
        conn.execute("update sessions set revision = ? where id = ?", [len(history), session_id])
        if rows and "number" in {row[1] for row in conn.execute("pragma table_info(rounds)")}:
            live = [
                row[0]
                for row in conn.execute(
                    "select id from rounds where session_id = ? and deleted = 0 order by position",
                    [session_id],
                )
            ]
            if len(live) == len(rows):
                write_derived(
                    conn,
                    session_id,
                    [(*row[:3], round_id) for row, round_id in zip(rows, live, strict=True)],
                    None,
                )
        if "round_count" in columns:
            live = conn.execute(
                "select count(*) from rounds where session_id = ? and deleted = 0", [session_id]
            ).fetchone()[0]
            conn.execute(
                "update sessions set round_count = ?, summary = ? where id = ?",
                [live, json.dumps(summary) if summary else None, session_id],
            )
    except BaseException:
        conn.rollback()
        raise
    conn.commit()
    return session_id
