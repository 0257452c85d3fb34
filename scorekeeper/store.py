"""Sessions and rounds in the database: the only module that writes SQL.

What is stored is what the table entered (the facts of each round), and with each
live round the engine's answer for it and the game's state after it: a cache the
engine produced, written with the change that made it (a correction rewrites it from
the corrected round onward) and rebuilt from the facts whenever it is missing.

Every change to a session's rounds goes through :func:`write_change`: one
``BEGIN IMMEDIATE`` transaction that refuses to write unless the session is still
at the revision the change was worked out from, takes the next position inside
that transaction (under a unique index), and records the change as a new version
of the round. A form's one-time submission key is stored with what it saved, so a
form sent twice finds the first save instead of making a second one.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from . import disk, kept_json
from .db import get_db


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


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
        )

    def engine_request(self, rounds: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "options": self.options,
            "players": self.players,
            "dealer": self.first_dealer,
            "rounds": rounds,
        }


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


@contextmanager
def _immediate() -> Iterator[sqlite3.Connection]:
    """A write transaction that takes the write lock at once, so what it reads stays true."""
    conn = get_db().conn
    with disk.said():
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
            conn.commit()
        except BaseException:
            conn.rollback()
            raise


@contextmanager
def _reading() -> Iterator[sqlite3.Connection]:
    """One read transaction: the session row and its rounds come from the same moment."""
    conn = get_db().conn
    conn.execute("BEGIN")
    try:
        yield conn
    finally:
        conn.rollback()


def _rows(conn: sqlite3.Connection, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    cursor = conn.execute(sql, params)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


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
    with disk.said(), db.conn:
        row_id = db["sessions"].insert(row).last_pk
    return get_session(row_id)


def get_session(session_id: int) -> Session:
    return Session.from_row(get_db()["sessions"].get(session_id))


def find_session(token: str) -> tuple[Session, bool] | None:
    """The session a link opens, and whether the link may edit it."""
    rows = list(
        get_db().query(
            "select * from sessions where edit_token = :token or view_token = :token",
            {"token": token},
        )
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
    with nullcontext(conn) if conn.in_transaction else _reading() as conn:
        row = _rows(conn, "select * from sessions where id = ?", [session_id])[0]
        return Session.from_row(row), _live_rounds(conn, session_id)


@contextmanager
def locked() -> Iterator[None]:
    """Hold the database's write lock throughout: snapshots and writes inside cannot go stale."""
    with _immediate():
        yield


def get_round(session: Session, round_id: int) -> StoredRound | None:
    """A round of the session that is not deleted."""
    rows = list(
        get_db().query(
            "select * from rounds where id = ? and session_id = ? and deleted = 0",
            [round_id, session.id],
        )
    )
    if not rows:
        return None
    row = rows[0]
    return StoredRound(row["id"], row["position"], json.loads(row["facts"]), row["updated"])


def scored_round(session: Session, round_id: int) -> ScoredRound | None:
    """A live round of the session with its kept score (None: no such live round)."""
    row = (
        get_db()
        .execute(
            "select id, position, facts, updated, score, after from rounds "
            "where id = ? and session_id = ? and deleted = 0",
            [round_id, session.id],
        )
        .fetchone()
    )
    if row is None:
        return None
    return ScoredRound(row[0], row[1], json.loads(row[2]), row[3], *_decoded(row[4], row[5]))


def _decoded(score: str | None, after: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
    return kept_json.loads(score) if score else {}, kept_json.loads(after) if after else {}


def position_of(round_id: int) -> int:
    return get_db().execute("select position from rounds where id = ?", [round_id]).fetchone()[0]


def number_of(session_id: int, round_id: int) -> int | None:
    """The round's number on the sheet (None: not a live round of the session). Rounds are
    numbered by hands played, so a seating change between them is not counted."""
    row = (
        get_db()
        .execute(
            "select coalesce(json_extract(r.after, '$.hands'), (select count(*) from rounds o "
            " where o.session_id = r.session_id and o.deleted = 0 and o.position <= r.position"
            " and json_extract(o.facts, '$.seating') is null)) "
            "from rounds r where r.id = ? and r.session_id = ? and r.deleted = 0",
            [round_id, session_id],
        )
        .fetchone()
    )
    return None if row is None else row[0]


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
class ChangedSince:
    rounds: set[int]  # rounds with any new version
    rounds_added_or_removed: bool  # the list of rounds itself changed (new, deleted, restored)


def changed_since(session_id: int, revision: int) -> ChangedSince:
    """What happened to a session's rounds after the given revision."""
    conn = get_db().conn
    touched = _rows(
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


# --- the engine's answer kept with each live round (see changes.py) -------------------


@dataclass(frozen=True)
class ScoredRound:
    id: int
    position: int
    facts: dict[str, Any]
    updated: str
    score: dict[str, Any]  # the engine's response for this round (with its dealer)
    after: dict[str, Any]  # the game's state after it


# the rounds' derived columns to write: (round id, or NEW_ROUND for the round a change
# enters; its score; the state after it)
Derived = list[tuple[int, dict[str, Any], dict[str, Any]]]
NEW_ROUND = 0


def derived_ready(session_id: int, stamp: str) -> bool:
    """Whether the live rounds' kept scores are there and from this engine (``stamp``).

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


def state_before(session_id: int, position: int | None) -> dict[str, Any] | None:
    """The game's state after the last live round before ``position`` (None: after the
    last round); None when no round comes before."""
    sql = "select after from rounds where session_id = ? and deleted = 0"
    params: list[Any] = [session_id]
    if position is not None:
        sql += " and position < ?"
        params.append(position)
    row = get_db().execute(sql + " order by position desc limit 1", params).fetchone()
    return kept_json.loads(row[0]) if row and row[0] else None


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
    session_id: int, last: int | None = None, every_state: bool = True
) -> list[ScoredRound]:
    """The live rounds with their kept scores, in order: only the ``last`` ones if given;
    without ``every_state`` only the last round's state is read back whole (the others'
    ``after`` holds only its running totals: reading a state costs as much as reading a
    score)."""
    sql = (
        "select id, position, facts, updated, score, after, json_extract(after, '$.totals') "
        "from rounds where session_id = ? and deleted = 0 order by position desc"
    )
    params: list[Any] = [session_id]
    if last is not None:
        sql += " limit ?"
        params.append(last)
    rows = get_db().execute(sql, params).fetchall()
    rounds = []
    for i, r in reversed(list(enumerate(rows))):
        score, after = _decoded(r[4], r[5] if every_state or not i else None)
        if not after and r[6] is not None:
            after = {"totals": json.loads(r[6])}
        rounds.append(ScoredRound(r[0], r[1], json.loads(r[2]), r[3], score, after))
    return rounds


def scored_snapshot(session_id: int) -> tuple[Session, list[ScoredRound]]:
    """The session and its live rounds with their kept scores (the state after the last
    only), read in one transaction."""
    conn = get_db().conn
    with nullcontext(conn) if conn.in_transaction else _reading() as conn:
        row = _rows(conn, "select * from sessions where id = ?", [session_id])[0]
        return Session.from_row(row), scored_rounds(session_id, every_state=False)


def figures_snapshot(
    session_id: int,
) -> tuple[Session, list[StoredRound], list[dict[str, Any]], dict[str, Any] | None]:
    """The session, its live rounds, each one's kept figures (delta, transfers, dealer:
    the whole kept score only for a seating change, whose explain line is its text), and
    the state after the last, in one transaction: what an export needs, read without
    turning every round's explain lines back into messages."""
    conn = get_db().conn
    with nullcontext(conn) if conn.in_transaction else _reading() as conn:
        row = _rows(conn, "select * from sessions where id = ?", [session_id])[0]
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
    figures = [
        kept_json.loads(r[7])
        if r[7] is not None
        else {
            "delta": json.loads(r[4]) if r[4] else {},
            "transfers": json.loads(r[5]) if r[5] else [],
            **({"dealer": r[6]} if r[6] is not None else {}),
        }
        for r in rows
    ]
    state = kept_json.loads(last[0]) if last and last[0] else None
    return Session.from_row(row), rounds, figures, state


def totals_every(session_id: int, numbers: list[int]) -> list[dict[str, int]]:
    """The running totals after each of the live rounds with these numbers."""
    rows = get_db().execute(
        "select json_extract(after, '$.totals') from rounds where session_id = ? "
        f"and number in ({', '.join('?' for _ in numbers)}) order by number",
        [session_id, *numbers],
    )
    return [json.loads(row[0]) for row in rows]


# (score, state after, number, round id) as written: turned into JSON before the write
# lock is taken, so a long game's rescoring holds nobody else's save up
DerivedRows = list[tuple[str, str, int, int]]


def _derived_rows(derived: Derived) -> DerivedRows:
    return [
        (kept_json.dumps(score), kept_json.dumps(after), after["played"], rid)
        for rid, score, after in derived
    ]


def _write_derived(
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
    rows = _derived_rows(derived)
    with _immediate() as conn:
        revision = conn.execute(
            "select revision from sessions where id = ?", [session.id]
        ).fetchone()[0]
        if revision != session.revision:
            return
        _write_derived(conn, session.id, rows, None)
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
    rows = _derived_rows(derived)
    conn = get_db().conn
    with nullcontext(conn) if conn.in_transaction else _immediate() as conn:
        revision = conn.execute(
            "select revision from sessions where id = ?", [session.id]
        ).fetchone()[0]
        if revision != session.revision:
            raise Stale
        round_id = change.round_id
        try:
            if round_id is None:
                # positions are never reused: a deleted round keeps its place for a restore
                position = conn.execute(
                    "select coalesce(max(position), 0) + 1 from rounds where session_id = ?",
                    [session.id],
                ).fetchone()[0]
                round_id = conn.execute(
                    "insert into rounds (session_id, position, facts, deleted, updated, submission)"
                    " values (?, ?, ?, 0, ?, ?)",
                    [session.id, position, facts, stamp, change.submission],
                ).lastrowid
            else:
                # a deleted round's kept score means nothing any more
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
        _write_derived(conn, session.id, rows, round_id)
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
    rows = _rows(
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
    rows = _rows(
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
    rows = _rows(
        get_db().conn,
        "select * from round_versions where round_id = ? and id < ? order by id desc limit 1",
        [version["round_id"], version["id"]],
    )
    return _version(rows[0]) if rows else None


# --- each phone's list of games -------------------------------------------------------


def remember_device(device_id: str, session_id: int, can_edit: bool) -> None:
    """Put a game on a phone's list (or let an edit link upgrade a read-only entry)."""
    db = get_db()
    row = db.execute(
        "select can_edit from device_sessions where device_id = ? and session_id = ?",
        [device_id, session_id],
    ).fetchone()
    if row is not None and row[0] >= int(can_edit):
        return  # already listed: a page view writes nothing
    with disk.said(), db.conn:
        db.execute(
            "insert into device_sessions (device_id, session_id, can_edit, last_seen) "
            "values (?, ?, ?, ?) on conflict (device_id, session_id) "
            "do update set can_edit = max(can_edit, excluded.can_edit), last_seen = excluded.last_seen",
            [device_id, session_id, int(can_edit), now()],
        )


def device_sessions(device_id: str, limit: int, offset: int) -> list[tuple[Session, bool]]:
    """A phone's games, newest first, one page of them."""
    rows = _rows(
        get_db().conn,
        "select s.*, d.can_edit as device_can_edit from device_sessions d "
        "join sessions s on s.id = d.session_id where d.device_id = ? "
        "order by s.created desc, s.id desc limit ? offset ?",
        [device_id, limit, offset],
    )
    return [(Session.from_row(row), bool(row["device_can_edit"])) for row in rows]


def device_session_count(device_id: str) -> int:
    return (
        get_db()
        .execute("select count(*) from device_sessions where device_id = ?", [device_id])
        .fetchone()[0]
    )


# --- a table's group of phones, sharing their games across evenings --------------------


@dataclass(frozen=True)
class Group:
    token: str
    phones: int


def device_group(device_id: str) -> Group | None:
    row = (
        get_db()
        .execute(
            "select g.token, (select count(*) from group_members o where o.group_id = g.id) "
            "from group_members m join table_groups g on g.id = m.group_id where m.device_id = ?",
            [device_id],
        )
        .fetchone()
    )
    return Group(row[0], row[1]) if row else None


def group_exists(token: str) -> bool:
    return (
        get_db().execute("select 1 from table_groups where token = ?", [token]).fetchone()
        is not None
    )


def start_group(device_id: str) -> str:
    """A new group holding this phone (a phone already in one keeps it): its token."""
    with _immediate() as conn:
        row = conn.execute(
            "select g.token from group_members m join table_groups g on g.id = m.group_id "
            "where m.device_id = ?",
            [device_id],
        ).fetchone()
        if row:
            return row[0]
        token = new_token()
        group_id = conn.execute(
            "insert into table_groups (token, created) values (?, ?)", [token, now()]
        ).lastrowid
        conn.execute(
            "insert into group_members (device_id, group_id, joined) values (?, ?, ?)",
            [device_id, group_id, now()],
        )
        return token


def join_group(device_id: str, token: str) -> bool:
    """Move this phone into the group with ``token``; False if there is no such group."""
    with _immediate() as conn:
        row = conn.execute("select id from table_groups where token = ?", [token]).fetchone()
        if row is None:
            return False
        conn.execute(
            "insert into group_members (device_id, group_id, joined) values (?, ?, ?) "
            "on conflict (device_id) do update set group_id = excluded.group_id, "
            "joined = excluded.joined",
            [device_id, row[0], now()],
        )
        return True


def leave_group(device_id: str) -> None:
    with _immediate() as conn:
        conn.execute("delete from group_members where device_id = ?", [device_id])


def shared_sessions(device_id: str, limit: int) -> list[Session]:
    """The games this phone holds, or any phone of its group holds, newest first."""
    rows = _rows(
        get_db().conn,
        "select s.* from sessions s where s.id in ("
        " select d.session_id from device_sessions d where d.device_id = ?"
        " or d.device_id in (select o.device_id from group_members o join group_members m"
        "  on m.group_id = o.group_id where m.device_id = ?)) "
        "order by s.created desc, s.id desc limit ?",
        [device_id, device_id, limit],
    )
    return [Session.from_row(row) for row in rows]


# --- an evening's name, stake and currency; imports; backups (issue 11) ----------------


def session_details(session_id: int) -> dict[str, Any]:
    """The name a table gave its session, and its stake per point and currency (or None)."""
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
    with disk.said(), db.conn:
        db.execute(
            "update sessions set name = ?, stake = ?, currency = ?, revision = revision + 1 "
            "where id = ?",
            [name, stake, currency, session_id],
        )


def import_session(
    session: dict[str, Any],
    history: list[dict[str, Any]],
    summary: dict[str, Any] | None,
    kept: list[tuple[Any, dict[str, Any]]] | None = None,
) -> int:
    """Create a session with its rounds and every saved version, all or nothing.

    ``session`` holds variant, options, players, first_dealer, created, name, stake,
    currency; ``history`` is every version in the order saved, each with the round's
    ``position``, ``facts``, ``deleted``, ``saved`` and ``note``; ``kept``, each live
    round's score and the state after it, in order (None: worked out when first read).
    """
    rows = _derived_rows([(NEW_ROUND, score, after) for score, after in kept or []])
    conn = get_db().conn
    columns = {row[1] for row in conn.execute("pragma table_info(sessions)")}
    version_columns = {row[1] for row in conn.execute("pragma table_info(round_versions)")}
    with disk.said():
        return _import_session(conn, columns, version_columns, session, history, summary, rows)


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
                _write_derived(
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


# --- each game's part of the statistics page (issue 18) ---------------------------------


def round_figures(session_id: int) -> dict[str, tuple[int, int, int, int]]:
    """Per name a player had when the round was scored: the live rounds they scored in,
    their points, their highest and lowest round, read from the kept scores."""
    rows = get_db().execute(
        "select d.key, count(*), sum(d.value), max(d.value), min(d.value) "
        "from rounds r, json_each(r.score, '$.delta') d "
        "where r.session_id = ? and r.deleted = 0 and d.type = 'integer' group by d.key",
        [session_id],
    )
    return {row[0]: (row[1], row[2], row[3], row[4]) for row in rows}


def kept_game_stats(session_ids: list[int]) -> dict[int, tuple[int, str, Any]]:
    """The kept statistics of these games: (revision, engine, figures) by session id."""
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
    with _immediate() as conn:
        conn.execute(
            "insert into game_stats (session_id, revision, engine, figures) values (?, ?, ?, ?) "
            "on conflict (session_id) do update set revision = excluded.revision, "
            "engine = excluded.engine, figures = excluded.figures",
            [session_id, revision, engine, json.dumps(figures)],
        )
