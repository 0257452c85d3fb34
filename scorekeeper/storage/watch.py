"""Which games changed since the last look: one connection per server process, asked on a
short tick by that process's live streams (see ``scorekeeper.web.live``).

SQLite's ``PRAGMA data_version`` changes whenever another connection, in this process or
any other, committed to the file; only then are the watched games' revisions read, in one
query. So a process holding a thousand open streams asks the database one cheap question
a tick, never one per stream, and a save made by another worker (or written by Litestream
into a replica) is seen the same way as its own.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from .db import BUSY_SECONDS

# SQLite's default limit on one statement's parameters is far above the games one
# process watches; asked in slices of this many all the same
IDS_AT_ONCE = 500


class Watcher:
    """A connection of its own, used by one caller at a time (the process's watcher), from
    whichever thread it runs on."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None
        self._version: int | None = None

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, check_same_thread=False)
        return self._conn

    def changed(self) -> bool:
        """Whether anything was committed since the last call (the first call: yes)."""
        version = self._connection().execute("PRAGMA data_version").fetchone()[0]
        changed = version != self._version
        self._version = version
        return changed

    def revisions(self, session_ids: Iterable[int]) -> dict[int, int]:
        """Each listed game's revision now (a game deleted meanwhile is left out)."""
        ids = list(session_ids)
        found: dict[int, int] = {}
        conn = self._connection()
        for start in range(0, len(ids), IDS_AT_ONCE):
            part = ids[start : start + IDS_AT_ONCE]
            marks = ",".join("?" * len(part))
            rows = conn.execute(f"select id, revision from sessions where id in ({marks})", part)
            found.update(dict(rows.fetchall()))
        return found

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None
