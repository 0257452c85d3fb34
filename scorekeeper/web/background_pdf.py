"""The printed sheet of a very long game, made once in the background.

A sheet of thousands of rounds takes WeasyPrint too long for a request
to wait, and too much to do once per phone asking. Such a sheet is made by one separate
process at a lower priority (``nice``), so the pages and saves of every table keep their
share of the cores; it puts the PDF where every worker finds it (the rendered-page
cache), and the request that asked gets a page saying so that asks again by itself.

One sheet is made at a time on the whole server: asking for a sheet while one is being
made starts nothing (a lock per sheet and one for all of them), and the page asks again.

    python -m scorekeeper.web.background_pdf_worker < job.json

(started by :func:`start`, not by hand)
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

from filelock import FileLock, Timeout
from flask import current_app
from flask_caching.backends import FileSystemCache, MemcachedCache, RedisCache

from scorekeeper.settings import NAMES, PROJECT_ROOT
from scorekeeper.storage.one_at_a_time import held, lock_path

from .extensions import cache, cached

# Games with more live rounds than this get their sheet made in the background: a longer
# sheet takes WeasyPrint longer than a request may hold one of a worker's few threads, the
# more so on a busy core (benchmarks/bench_pdf.py and its figures in benchmarks/README.md).
LONG_SHEET_ROUNDS = 500
# caches whose entries every process sees (a cache in one process's memory is not shared);
# their subclasses too: the app's own BoundedFileSystemCache is a FileSystemCache
SHARED_CACHES = (FileSystemCache, RedisCache, MemcachedCache)
RETRY_SECONDS = 5
JOBS_LOCK = "sheet-jobs"
# what a job's app needs of the asking app's configuration: every setting, as it read them
PASSED = NAMES


class _NotKept(Exception):
    """The sheet is not made yet."""


def _not_cached() -> bytes:
    raise _NotKept


def _name(key: tuple) -> str:
    return "sheet-" + hashlib.sha256(repr(key).encode()).hexdigest()[:20]


def failed_key(key: tuple) -> str:
    return "failed\x1f" + _name(key)


def in_background() -> bool:
    """Whether a job's sheet reaches the asking workers (through a cache they share)."""
    return isinstance(cache.cache, SHARED_CACHES)


def ready(key: tuple, version: int) -> bytes | None:
    """The sheet cached for ``key`` at ``version``, or None when it is not made yet."""
    try:
        return cached(key, version, _not_cached)
    except _NotKept:
        return None


def failed(key: tuple, version: int) -> bool:
    """Whether the last try to make this sheet at this version failed."""
    return cache.get(failed_key(key)) == version


def start(key: tuple, token: str, paper: str, locale: str) -> None:
    """Have the sheet made in the background, unless it is being made already or another
    sheet is (then it is started by a later ask, once that one is done: no queue of
    waiting processes)."""
    if held(_name(key)) or held(JOBS_LOCK):
        return
    config = {name: current_app.config.get(name) for name in PASSED}
    job = {"config": config, "key": list(key), "token": token, "paper": paper, "locale": locale}
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.web.background_pdf_worker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        cwd=PROJECT_ROOT,  # `-m` finds this very package first: the job runs the asker's code
        text=True,
        start_new_session=True,  # a Ctrl-C meant for the server does not cut it in half
    )
    assert process.stdin is not None
    process.stdin.write(json.dumps(job))
    process.stdin.close()
    # waited for (and so cleared from the process table) by a thread that only sleeps
    threading.Thread(target=process.wait, daemon=True).start()


def make(job: dict[str, Any], render: Callable[[], None]) -> None:
    """Run ``render`` for ``job`` (see :mod:`.background_pdf_worker`) unless another process is
    making the same sheet; after any other long sheet being made."""
    database = job["config"]["DATABASE"]
    mine = FileLock(lock_path(_name(tuple(job["key"])), database), timeout=0)
    try:
        mine.acquire()
    except Timeout:
        return  # another process is making this sheet
    try:
        with FileLock(lock_path(JOBS_LOCK, database)):  # one long sheet at a time
            render()
    finally:
        mine.release()
