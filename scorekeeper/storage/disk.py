"""A full disk said as such: nothing was saved, and what the table typed is kept.

SQLite answers a write that finds no room with SQLITE_FULL ("database or disk is full"),
and the rest of the system with OSError ENOSPC. Every write transaction of the store
turns either into :class:`DiskFull`, which the pages answer with 503 and a page that says
so (web/errors.py; the round form shows the entry again), never a 500. The page cache (Flask-Caching's
FileSystemCache) writes each page to a temporary file first and, finding no room, leaves
that file behind; those are removed here, so they do not hold the little room there is.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import current_app, has_app_context

from scorekeeper.language.i18n import gettext as _

# cachelib's FileSystemCache: tempfile.mkstemp(suffix=...) in the cache folder, then os.replace
CACHE_DRAFT_SUFFIX = ".__wz_cache"
# a draft older than this is no page being written any more
DRAFT_SECONDS = 60


class DiskFull(Exception):
    """The server's disk (or the database's size limit) has no room for this write."""


def is_full(error: BaseException) -> bool:
    if isinstance(error, sqlite3.OperationalError):
        return getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or (
            "database or disk is full" in str(error)
        )
    return isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT)


@contextmanager
def raising_disk_full() -> Iterator[None]:
    """Turn a write that found no room into DiskFull (the transaction is rolled back by
    whoever opened it)."""
    try:
        yield
    except (sqlite3.OperationalError, OSError) as error:
        if is_full(error):
            clean_cache_drafts()
            raise DiskFull(str(error)) from error
        raise


def clean_cache_drafts() -> int:
    """Remove the page cache's leftover temporary files: empty ones, and any left for longer
    than a page takes to write. Returns how many went."""
    # the command line writes through no app, and so through no page cache
    folder = current_app.config.get("CACHE_DIR") if has_app_context() else None
    if not folder:
        return 0
    removed = 0
    now = time.time()
    for path in Path(folder).glob(f"*{CACHE_DRAFT_SUFFIX}"):
        try:
            found = path.stat()
            if found.st_size == 0 or now - found.st_mtime > DRAFT_SECONDS:
                os.remove(path)
                removed += 1
        except FileNotFoundError:  # renamed into place or removed meanwhile
            continue
    return removed


def message() -> str:
    return _("The server's disk is full: nothing was saved. Your entry is kept below.")
