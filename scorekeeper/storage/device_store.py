"""The phones that opened a game (their list of games) and the table groups they share."""

from __future__ import annotations

from dataclasses import dataclass

from . import disk
from .db import get_db, now, query_rows, write_transaction
from .session_store import Session, new_token


def remember_device(device_id: str, session_id: int, can_edit: bool) -> None:
    """Put a game on a phone's list (or let an edit link upgrade a read-only entry)."""
    db = get_db()
    row = db.execute(
        "select can_edit from device_sessions where device_id = ? and session_id = ?",
        [device_id, session_id],
    ).fetchone()
    if row is not None and row[0] >= int(can_edit):
        return  # already listed: a page view writes nothing
    with disk.raising_disk_full(), db.conn:
        db.execute(
            "insert into device_sessions (device_id, session_id, can_edit, last_seen) "
            "values (?, ?, ?, ?) on conflict (device_id, session_id) "
            "do update set can_edit = max(can_edit, excluded.can_edit), last_seen = excluded.last_seen",
            [device_id, session_id, int(can_edit), now()],
        )


def device_sessions(device_id: str, limit: int, offset: int) -> list[tuple[Session, bool]]:
    """A phone's games, newest first, one page of them."""
    rows = query_rows(
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
    with write_transaction() as conn:
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
    with write_transaction() as conn:
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
    with write_transaction() as conn:
        conn.execute("delete from group_members where device_id = ?", [device_id])


def shared_sessions(device_id: str, limit: int) -> list[Session]:
    """The games this phone holds, or any phone of its group holds, newest first."""
    rows = query_rows(
        get_db().conn,
        "select s.* from sessions s where s.id in ("
        " select d.session_id from device_sessions d where d.device_id = ?"
        " or d.device_id in (select o.device_id from group_members o join group_members m"
        "  on m.group_id = o.group_id where m.device_id = ?)) "
        "order by s.created desc, s.id desc limit ?",
        [device_id, device_id, limit],
    )
    return [Session.from_row(row) for row in rows]
