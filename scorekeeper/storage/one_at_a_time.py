"""Work that only one request of all the server's workers may do at a time.

A lock is a file in ``locks/`` beside the database (the operating system's lock on it,
through filelock): it holds across the worker processes, and it is let go when the
process holding it ends, however it ends.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from .db import database_path

# how long a request told "still working" waits before it asks again
RETRY_SECONDS = 5


class StillWorking(Exception):
    """Another request is doing this work now (one at a time): ask again shortly."""

    def __init__(self, retry_after: int = RETRY_SECONDS) -> None:
        super().__init__(f"the work is being done by another request: retry in {retry_after} s")
        self.retry_after = retry_after


def lock_path(name: str, database: str | None = None) -> Path:
    folder = Path(database or database_path()).parent / "locks"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder / f"{name}.lock"


@contextmanager
def only_one(name: str, wait: float) -> Iterator[None]:
    """Hold the lock ``name``; when another holds it past ``wait`` seconds, raise
    :class:`StillWorking` (answered 503 with Retry-After)."""
    try:
        with FileLock(lock_path(name), timeout=wait):
            yield
    except Timeout:
        raise StillWorking from None


def held(name: str) -> bool:
    """Whether anyone holds the lock ``name`` now."""
    lock = FileLock(lock_path(name), timeout=0)
    try:
        lock.acquire()
    except Timeout:
        return True
    lock.release()
    return False
