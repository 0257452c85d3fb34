"""Rounds and the engine's answer stored for them; every change goes through
:func:`write_change`.

What is stored is what the table entered (the facts of each round), and with each live
round the engine's answer for it and the game's state after it: a cache the engine
produced, written with the change that made it (a correction rewrites it from the
corrected round onward) and rebuilt from the facts whenever it is missing.

Every change to a session's rounds goes through :func:`write_change`: one
``BEGIN IMMEDIATE`` transaction that refuses to write unless the session is still at the
revision the change was worked out from, takes the next position inside that transaction
(under a unique index), and records the change as a new version of the round. A form's
one-time submission key is stored with what it saved, so a form sent twice finds the
first save instead of making a second one.
"""

from __future__ import annotations

import functools
import json
import sqlite3
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from . import scores_json
from .db import get_db, now, query_rows, read_transaction, write_transaction
from .session_store import Session


@dataclass(frozen=True)
class StoredRound:
    id: int
    position: int
    facts: dict[str, Any]
    updated: str


@dataclass(frozen=True)
class Change:
    """One change to one round: a new round (round_id None), a correction, a delete or a restore."""

    round_id: int | None
    facts: dict[str, Any]
    deleted: int
    note: str
    submission: str | None = None
    undoes: int | None = None  # the version an "undo" takes back


class Stale(Exception):
    """The session changed between reading it and writing: work the change out again."""


class AlreadySaved(Exception):
    """The form's submission key is already stored (a double tap that raced the first)."""


def _live_rounds(conn: sqlite3.Connection, session_id: int) -> list[StoredRound]:
    rows = conn.execute(
        "select id, position, facts, updated from rounds "
        "where session_id = ? and deleted = 0 order by position, id",
        [session_id],
    ).fetchall()
    return [StoredRound(r[0], r[1], json.loads(r[2]), r[3]) for r in rows]


def rounds_of(session: Session) -> list[StoredRound]:
    return _live_rounds(get_db().conn, session.id)


def last_facts(session_id: int, count: int) -> list[dict[str, Any]]:
    """The facts of the session's last ``count`` rounds, newest first."""
    rows = (
        get_db()
        .conn.execute(
            "select facts from rounds where session_id = ? and deleted = 0 "
            "order by position desc, id desc limit ?",
            [session_id, count],
        )
        .fetchall()
    )
    return [json.loads(row[0]) for row in rows]


def snapshot(session_id: int) -> tuple[Session, list[StoredRound]]:
    """The session (with its revision) and its rounds, read in one transaction."""
    conn = get_db().conn
    with nullcontext(conn) if conn.in_transaction else read_transaction() as conn:
        row = query_rows(conn, "select * from sessions where id = ?", [session_id])[0]
        return Session.from_row(row), _live_rounds(conn, session_id)


ROUND_COLUMNS = "id, position, facts, updated"
SCORED_ROUND_COLUMNS = ROUND_COLUMNS + ", score, after"


def _live_round(session: Session, round_id: int, columns: str) -> tuple[Any, ...] | None:
    """These columns of one live round of the session, or None: no such round, another
    session's, or deleted."""
    return (
        get_db()
        .execute(
            f"select {columns} from rounds where id = ? and session_id = ? and deleted = 0",
            [round_id, session.id],
        )
        .fetchone()
    )


def get_round(session: Session, round_id: int) -> StoredRound | None:
    """A round of the session that is not deleted."""
    row = _live_round(session, round_id, ROUND_COLUMNS)
    if row is None:
        return None
    return StoredRound(row[0], row[1], json.loads(row[2]), row[3])


def scored_round(session: Session, round_id: int) -> ScoredRound | None:
    """A live round of the session with its stored score (None: no such live round)."""
    row = _live_round(session, round_id, SCORED_ROUND_COLUMNS)
    if row is None:
        return None
    return ScoredRound(row[0], row[1], json.loads(row[2]), row[3], row[4], _state(row[5]))


def _state(after: str | None) -> dict[str, Any]:
    return scores_json.loads(after) if after else {}


def position_of(round_id: int) -> int:
    return get_db().execute("select position from rounds where id = ?", [round_id]).fetchone()[0]


def sheet_number(after: dict[str, Any], counted: int | None = None) -> int:
    """A round's number on the sheet, from the game's state after it: rounds are numbered by
    hands played, so a seating change between them is no round. A state stored before hands
    were counted apart gives the rounds played, or ``counted`` (the caller's own count of
    the hands up to it) when the caller has one."""
    if "hands" in after:
        return after["hands"]
    return after["played"] if counted is None else counted


def number_of(session_id: int, round_id: int) -> int | None:
    """The round's number on the sheet (None: not a live round of the session)."""
    db = get_db()
    row = db.execute(
        "select after, position from rounds where id = ? and session_id = ? and deleted = 0",
        [round_id, session_id],
    ).fetchone()
    if row is None:
        return None
    after = _state(row[0])
    if "hands" in after:
        return sheet_number(after)
    # no stored state counts its hands (stored scores missing): the live hands up to it counted
    counted = db.execute(
        "select count(*) from rounds where session_id = ? and deleted = 0 and position <= ?"
        " and json_extract(facts, '$.seating') is null",
        [session_id, row[1]],
    ).fetchone()[0]
    return sheet_number(after, counted)


def submitted(session_id: int, key: str) -> int | None:
    """The round a form with this submission key already saved, if any."""
    row = (
        get_db()
        .execute(
            "select v.round_id from round_versions v join rounds r on r.id = v.round_id "
            "where v.submission = ? and r.session_id = ?",
            [key, session_id],
        )
        .fetchone()
    )
    return None if row is None else row[0]


@dataclass(frozen=True)
class ScoredRound:
    id: int
    position: int
    facts: dict[str, Any]
    updated: str
    stored_score: str | None  # the engine's response for this round as stored (JSON)
    after: dict[str, Any]  # the game's state after it

    @functools.cached_property
    def score(self) -> dict[str, Any]:
        """The engine's response for this round (with its dealer), read back when first
        asked for (its explain lines cost most of reading a round)."""
        return scores_json.loads(self.stored_score) if self.stored_score else {}


# the rounds' derived columns to write: (round id, or NEW_ROUND for the round a change
# enters; its score; the state after it)
Derived = list[tuple[int, dict[str, Any], dict[str, Any]]]


NEW_ROUND = 0


def derived_ready(session_id: int, stamp: str) -> bool:
    """Whether the live rounds' stored scores are there and from this engine (``stamp``).

    Every change writes the scores of its round and of every live round after it, so
    the last live round's state tells for all of them.
    """
    row = (
        get_db()
        .execute(
            "select json_extract(after, '$.engine') from rounds "
            "where session_id = ? and deleted = 0 order by position desc limit 1",
            [session_id],
        )
        .fetchone()
    )
    return row is None or row[0] == stamp


def last_stored_state(session_id: int, stamp: str) -> tuple[bool, dict[str, Any] | None]:
    """What :func:`derived_ready` and :func:`state_before` (None) say, from one read: whether
    the stored scores are there and from this engine, and the state after the last live round
    (None: no round yet)."""
    row = (
        get_db()
        .execute(
            "select after from rounds where session_id = ? and deleted = 0 "
            "order by position desc limit 1",
            [session_id],
        )
        .fetchone()
    )
    if row is None:
        return True, None
    state = scores_json.loads(row[0]) if row[0] else None
    return state is not None and state.get("engine") == stamp, state


def state_before(session_id: int, position: int | None) -> dict[str, Any] | None:
    """The game's state after the last live round before ``position`` (None: after the
    last round); None when no round comes before."""
    sql = "select after from rounds where session_id = ? and deleted = 0"
    params: list[Any] = [session_id]
    if position is not None:
        sql += " and position < ?"
        params.append(position)
    row = get_db().execute(sql + " order by position desc limit 1", params).fetchone()
    return scores_json.loads(row[0]) if row and row[0] else None


def live_rounds_from(session_id: int, position: int) -> list[StoredRound]:
    """The live rounds at ``position`` and after, in order: what a change there rescores."""
    rows = (
        get_db()
        .execute(
            "select id, position, facts, updated from rounds "
            "where session_id = ? and deleted = 0 and position >= ? order by position",
            [session_id, position],
        )
        .fetchall()
    )
    return [StoredRound(r[0], r[1], json.loads(r[2]), r[3]) for r in rows]


def scored_rounds(
    session_id: int, last: int | None = None, every_state: bool = True, skip: int = 0
) -> list[ScoredRound]:
    """The live rounds with their stored scores, in order: only the ``last`` ones if given
    (before the ``skip`` latest, for a page of a long game's rounds); without
    ``every_state`` only the last round's state is read back whole (the others' ``after``
    holds only its running totals and hands played, what a sheet's row shows: reading a
    state costs as much as reading a score)."""
    sql = (
        "select id, position, facts, updated, score, after, json_extract(after, '$.totals'), "
        "json_extract(after, '$.hands') "
        "from rounds where session_id = ? and deleted = 0 order by position desc"
    )
    params: list[Any] = [session_id]
    if last is not None or skip:
        sql += " limit ? offset ?"
        params += [-1 if last is None else last, skip]
    rows = get_db().execute(sql, params).fetchall()
    rounds = []
    for i, r in reversed(list(enumerate(rows))):
        after = _state(r[5] if every_state or not i else None)
        if not after and r[6] is not None:
            after = {"totals": json.loads(r[6])}
            if r[7] is not None:
                after["hands"] = r[7]
        rounds.append(ScoredRound(r[0], r[1], json.loads(r[2]), r[3], r[4], after))
    return rounds


def scored_snapshot(session_id: int) -> tuple[Session, list[ScoredRound]]:
    """The session and its live rounds with their stored scores (the state after the last
    only), read in one transaction."""
    conn = get_db().conn
    with nullcontext(conn) if conn.in_transaction else read_transaction() as conn:
        row = query_rows(conn, "select * from sessions where id = ?", [session_id])[0]
        return Session.from_row(row), scored_rounds(session_id, every_state=False)


def points_snapshot(
    session_id: int,
) -> tuple[Session, list[StoredRound], list[dict[str, Any]], dict[str, Any] | None]:
    """The session, its live rounds, each one's stored points (delta, transfers, dealer:
    the whole stored score only for a seating change, whose explain line is its text), and
    the state after the last, in one transaction: what an export needs, read without
    turning every round's explain lines back into messages."""
    conn = get_db().conn
    with nullcontext(conn) if conn.in_transaction else read_transaction() as conn:
        row = query_rows(conn, "select * from sessions where id = ?", [session_id])[0]
        rows = conn.execute(
            "select id, position, facts, updated, json_extract(score, '$.delta'), "
            "json_extract(score, '$.transfers'), json_extract(score, '$.dealer'), "
            "case when json_extract(facts, '$.seating') is not null then score end "
            "from rounds where session_id = ? and deleted = 0 order by position",
            [session_id],
        ).fetchall()
        last = conn.execute(
            "select after from rounds where session_id = ? and deleted = 0 "
            "order by position desc limit 1",
            [session_id],
        ).fetchone()
    rounds = [StoredRound(r[0], r[1], json.loads(r[2]), r[3]) for r in rows]
    points = [
        scores_json.loads(r[7])
        if r[7] is not None
        else {
            "delta": json.loads(r[4]) if r[4] else {},
            "transfers": json.loads(r[5]) if r[5] else [],
            **({"dealer": r[6]} if r[6] is not None else {}),
        }
        for r in rows
    ]
    state = scores_json.loads(last[0]) if last and last[0] else None
    return Session.from_row(row), rounds, points, state


def totals_every(session_id: int, numbers: list[int]) -> list[dict[str, int]]:
    """The running totals after each of the live rounds with these numbers."""
    # one JSON array from SQLite, decoded once: a chart samples up to 60 rounds a rendering.
    # Each total goes with its number: the order an aggregate sees its rows is not promised
    row = (
        get_db()
        .execute(
            "select json_group_array(json_array(number, json(json_extract(after, '$.totals'))))"
            f" from rounds where session_id = ? and number in ({', '.join('?' for _ in numbers)})",
            [session_id, *numbers],
        )
        .fetchone()
    )
    return [totals for _number, totals in sorted(json.loads(row[0]), key=lambda pair: pair[0])]


# (score, state after, number, round id) as written: turned into JSON before the write
# lock is taken, so a long game's rescoring holds nobody else's save up
DerivedRows = list[tuple[str, str, int, int]]


def derived_rows(derived: Derived) -> DerivedRows:
    return [
        (scores_json.dumps(score), scores_json.dumps(after), after["played"], rid)
        for rid, score, after in derived
    ]


def write_derived(
    conn: sqlite3.Connection, session_id: int, rows: DerivedRows, new_round: int | None
) -> None:
    conn.executemany(
        "update rounds set score = ?, after = ?, number = ? where id = ? and session_id = ?",
        [
            (score, after, number, new_round if rid == NEW_ROUND else rid, session_id)
            for score, after, number, rid in rows
        ],
    )


def keep_derived(
    session: Session, derived: Derived, summary: dict[str, Any] | None, round_count: int
) -> None:
    """Keep scores worked out on a read (old rounds, a new engine), unless the session
    moved on meanwhile: a cache fill, not a change, so the revision stays."""
    rows = derived_rows(derived)
    with write_transaction() as conn:
        revision = conn.execute(
            "select revision from sessions where id = ?", [session.id]
        ).fetchone()[0]
        if revision != session.revision:
            return
        write_derived(conn, session.id, rows, None)
        conn.execute(
            "update sessions set summary = ?, round_count = ? where id = ?",
            [json.dumps(summary) if summary else None, round_count, session.id],
        )


def write_change(
    session: Session,
    change: Change,
    derived: Derived,
    summary: dict[str, Any] | None,
    round_count: int,
) -> int:
    """Write one change if the session is still at ``session.revision``; return the round id.

    ``derived`` is the engine's answer for the changed round and every live round after
    it, written in the same transaction. Raises :class:`Stale` when another save came
    first (nothing is written), and :class:`AlreadySaved` when the submission key is
    already stored.
    """
    stamp = now()
    facts = json.dumps(change.facts)
    rows = derived_rows(derived)
    # a new round is inserted with its score and state; the other rows are updated (a
    # correction's, or every earlier round's when the stored scores were rebuilt)
    entered = next((row[:3] for row in rows if row[3] == NEW_ROUND), (None, None, None))
    rows = [row for row in rows if row[3] != NEW_ROUND]
    conn = get_db().conn
    with nullcontext(conn) if conn.in_transaction else write_transaction() as conn:
        # positions are never reused: a deleted round keeps its place for a restore
        revision, position = conn.execute(
            "select revision, (select coalesce(max(position), 0) + 1 from rounds "
            "where session_id = :id) from sessions where id = :id",
            {"id": session.id},
        ).fetchone()
        if revision != session.revision:
            raise Stale
        round_id = change.round_id
        try:
            if round_id is None:
                round_id = conn.execute(
                    "insert into rounds (session_id, position, facts, deleted, updated, "
                    "submission, score, after, number) values (?, ?, ?, 0, ?, ?, ?, ?, ?)",
                    [session.id, position, facts, stamp, change.submission, *entered],
                ).lastrowid
            else:
                # a deleted round's stored score means nothing any more
                conn.execute(
                    "update rounds set facts = ?, deleted = ?, updated = ?, "
                    "score = null, after = null, number = null where id = ? and session_id = ?",
                    [facts, change.deleted, stamp, round_id, session.id],
                )
            conn.execute(
                "insert into round_versions "
                "(round_id, facts, deleted, saved, note, revision, submission, undoes) "
                "values (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    round_id,
                    facts,
                    change.deleted,
                    stamp,
                    change.note,
                    revision + 1,
                    change.submission,
                    change.undoes,
                ],
            )
        except sqlite3.IntegrityError as error:
            if change.submission and "submission" in str(error):
                raise AlreadySaved from error
            raise
        if rows:
            write_derived(conn, session.id, rows, round_id)
        conn.execute(
            "update sessions set revision = ?, round_count = ?, summary = ?, updated = ? "
            "where id = ?",
            [
                revision + 1,
                round_count,
                json.dumps(summary) if summary else None,
                stamp,
                session.id,
            ],
        )
    return round_id


def round_figures(session_id: int) -> dict[str, tuple[int, int, int, int]]:
    """Per name a player had when the round was scored: the live rounds they scored in,
    their points, their highest and lowest round, read from the stored scores."""
    rows = get_db().execute(
        "select d.key, count(*), sum(d.value), max(d.value), min(d.value) "
        "from rounds r, json_each(r.score, '$.delta') d "
        "where r.session_id = ? and r.deleted = 0 and d.type = 'integer' group by d.key",
        [session_id],
    )
    return {row[0]: (row[1], row[2], row[3], row[4]) for row in rows}


def stored_game_stats(session_ids: list[int]) -> dict[int, tuple[int, str, Any]]:
    """The stored statistics of these games: (revision, engine, figures) by session id."""
    found: dict[int, tuple[int, str, Any]] = {}
    conn = get_db().conn
    for start in range(0, len(session_ids), 500):  # SQLite's limit on parameters
        part = session_ids[start : start + 500]
        rows = conn.execute(
            "select session_id, revision, engine, figures from game_stats "
            f"where session_id in ({', '.join('?' for _ in part)})",
            part,
        )
        for session_id, revision, engine, figures in rows:
            found[session_id] = (revision, engine, json.loads(figures))
    return found


def keep_game_stats(session_id: int, revision: int, engine: str, figures: Any) -> None:
    with write_transaction() as conn:
        conn.execute(
            "insert into game_stats (session_id, revision, engine, figures) values (?, ?, ?, ?) "
            "on conflict (session_id) do update set revision = excluded.revision, "
            "engine = excluded.engine, figures = excluded.figures",
            [session_id, revision, engine, json.dumps(figures)],
        )
