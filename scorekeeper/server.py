"""Running the table app on a production WSGI server (waitress).

Sizing, for a 2-core machine: every open phone keeps a keep-alive connection and polls
the live view, so connections are cheap and many (``CONNECTIONS``), while the threads
that run requests are few (``THREADS``): a save holds SQLite's write lock for a few
milliseconds, and more threads than that would only queue on the two cores and the lock.
With waitress's default of 100 connections, 200 read-only phones left no connection for
the phones that save.
"""

from __future__ import annotations

import sys
from typing import NoReturn

from waitress import serve as waitress_serve

from .app import MAX_CONTENT_LENGTH, create_app

THREADS = 16
CONNECTIONS = 1000
IDLE_SECONDS = 60  # a phone polls every few seconds; a closed tab frees its connection soon


def _refuse(message: str) -> NoReturn:
    """A setting that cannot work: one line saying which, exit 2, no traceback."""
    print(f"scorekeeper: {message}", file=sys.stderr, flush=True)
    raise SystemExit(2)


def serve(host: str = "127.0.0.1", port: int = 8000, threads: int | None = None) -> None:
    threads = THREADS if threads is None else threads
    if threads < 1:
        _refuse(f"--threads must be at least 1, not {threads}")
    try:
        app = create_app()
    except RuntimeError as error:
        _refuse(str(error))
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(f"Scorekeeper is running: open http://{shown}:{port}/ on this machine", flush=True)
    if host == "127.0.0.1":
        print("(phones at the table need --host 0.0.0.0 and this machine's address)", flush=True)
    waitress_serve(
        app,
        host=host,
        port=port,
        threads=threads,
        connection_limit=CONNECTIONS,
        channel_timeout=IDLE_SECONDS,
        asyncore_use_poll=True,  # select() cannot watch more than 1024 sockets
        # the app answers an oversized body with its own page; this only stops a body
        # sent without a length from filling the disk first
        max_request_body_size=2 * MAX_CONTENT_LENGTH,
    )
