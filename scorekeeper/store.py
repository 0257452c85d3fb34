"""Sessions and rounds in the database: the only module that writes SQL.

What is stored is what the table entered (the facts of each round); every score
is derived from the engine when it is shown, so a correction recomputes
everything after it.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

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
    with db.conn:
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


def sessions_by_tokens(tokens: list[str]) -> list[tuple[Session, bool]]:
    found = []
    for token in tokens:
        held = find_session(token)
        if held is not None:
            found.append(held)
    return found


def rounds_of(session: Session) -> list[StoredRound]:
    rows = get_db().query(
        "select * from rounds where session_id = ? and deleted = 0 order by position, id",
        [session.id],
    )
    return [StoredRound(r["id"], r["position"], json.loads(r["facts"]), r["updated"]) for r in rows]


def _touch(session: Session) -> None:
    get_db().execute("update sessions set revision = revision + 1 where id = ?", [session.id])


def add_round(session: Session, facts: dict[str, Any]) -> int:
    db = get_db()
    with db.conn:
        last = db.execute(
            "select coalesce(max(position), 0) from rounds where session_id = ?", [session.id]
        ).fetchone()[0]
        stamp = now()
        round_id = (
            db["rounds"]
            .insert(
                {
                    "session_id": session.id,
                    "position": last + 1,
                    "facts": json.dumps(facts),
                    "deleted": 0,
                    "updated": stamp,
                }
            )
            .last_pk
        )
        db["round_versions"].insert(
            {
                "round_id": round_id,
                "facts": json.dumps(facts),
                "deleted": 0,
                "saved": stamp,
                "note": "entered",
            }
        )
        _touch(session)
    return round_id


def get_round(session: Session, round_id: int) -> StoredRound | None:
    rows = list(
        get_db().query(
            "select * from rounds where id = ? and session_id = ?", [round_id, session.id]
        )
    )
    if not rows:
        return None
    row = rows[0]
    return StoredRound(row["id"], row["position"], json.loads(row["facts"]), row["updated"])


def _save(session: Session, round_id: int, facts: dict[str, Any], deleted: int, note: str) -> None:
    db = get_db()
    with db.conn:
        stamp = now()
        db["rounds"].update(
            round_id, {"facts": json.dumps(facts), "deleted": deleted, "updated": stamp}
        )
        db["round_versions"].insert(
            {
                "round_id": round_id,
                "facts": json.dumps(facts),
                "deleted": deleted,
                "saved": stamp,
                "note": note,
            }
        )
        _touch(session)


def update_round(session: Session, round_id: int, facts: dict[str, Any]) -> None:
    _save(session, round_id, facts, 0, "corrected")


def delete_round(session: Session, round_id: int) -> None:
    stored = get_round(session, round_id)
    if stored is not None:
        _save(session, round_id, stored.facts, 1, "deleted")


def versions_of(session: Session) -> list[dict[str, Any]]:
    """Every saved version of every round of a session, newest first."""
    rows = get_db().query(
        "select v.id, v.round_id, v.facts, v.deleted, v.saved, v.note, r.position "
        "from round_versions v join rounds r on r.id = v.round_id "
        "where r.session_id = ? order by v.id desc",
        [session.id],
    )
    return [dict(row, facts=json.loads(row["facts"])) for row in rows]


def restore_version(session: Session, version_id: int) -> bool:
    rows = list(
        get_db().query(
            "select v.* from round_versions v join rounds r on r.id = v.round_id "
            "where v.id = ? and r.session_id = ?",
            [version_id, session.id],
        )
    )
    if not rows:
        return False
    version = rows[0]
    _save(
        session,
        version["round_id"],
        json.loads(version["facts"]),
        version["deleted"],
        f"restored version {version_id}",
    )
    return True
