"""Running the table app on a production WSGI server (gunicorn).

Sizing, for a 2-core machine: Python runs one thread at a time per process, so one
process uses one core at most, and at a club evening (50 tables saving, 200 phones
watching) the pages alone ask for more than that. So the workers are processes, two per
core: the operating system shares the cores between them far more evenly than Python
shares one process between its threads, so a quick save is not held up behind a page
another thread is rendering. Each has a few threads, for requests that wait on SQLite's lock.
A connection reaches a thread only once its request is read whole (see ``gunicorn_worker``):
idle, slow or stalled connections wait in the worker's event loop, up to ``CONNECTIONS``
per worker. The processes share nothing but the database file, which every
change writes in one transaction (see ``store``), and the rendered-page cache beside it.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from typing import NoReturn

from gunicorn.app.base import BaseApplication

from scorekeeper.settings import read as read_settings
from scorekeeper.storage import replica
from scorekeeper.web.app import create_app
from scorekeeper.web.requests import largest_body

from .addresses import announce, tell_the_workers, url_for_phones
from .gunicorn_worker import worker_class
from .request_log import FORMAT as ACCESS_LOG_FORMAT
from .request_log import RequestLog

# the cores this process may use (a container or taskset may allow fewer than the machine's)
WORKERS = min(2 * len(os.sched_getaffinity(0)), 16)
THREADS = 4
CONNECTIONS = 1000
# An idle keep-alive connection is closed after this long: a phone's next poll opens a
# new one (browsers do that by themselves), and that new connection goes to whichever worker
# is free then. Held open longer, a burst of phones arriving at once would stay with the one
# worker that happened to accept them, leaving the other core idle.
IDLE_SECONDS = 2
# A phone that loses the network mid-request (its body or our answer half sent) is dropped
# once nothing has moved for this long, so it does not hold a connection for good.
STALLED_SECONDS = 15


def _refuse(message: str) -> NoReturn:
    """A setting that cannot work: one line saying which, exit 2, no traceback."""
    print(f"scorekeeper: {message}", file=sys.stderr, flush=True)
    raise SystemExit(2)


class _Gunicorn(BaseApplication):
    """gunicorn run from our command with our settings, not from its own command line."""

    def __init__(self, settings: dict) -> None:
        self.settings = settings
        super().__init__()

    def load_config(self) -> None:
        for name, value in self.settings.items():
            self.cfg.set(name, value)

    def load(self):
        # each worker process builds its own app after the fork: no SQLite connection is
        # ever shared between processes
        return create_app()


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    threads: int | None = None,
    workers: int | None = None,
    stalled: int | None = None,
    replica_url: str | None = None,
) -> None:
    threads = THREADS if threads is None else threads
    workers = WORKERS if workers is None else workers
    stalled = STALLED_SECONDS if stalled is None else stalled
    if stalled < 1:
        _refuse(f"--stalled must be at least 1 second, not {stalled}")
    if threads < 1:
        _refuse(f"--threads must be at least 1, not {threads}")
    if workers < 1:
        _refuse(f"--workers must be at least 1, not {workers}")
    phones_url = url_for_phones(host, port)
    tell_the_workers(host, phones_url)
    try:
        # a missing database is restored first
        replication = replica.prepared(read_settings(), replica_url)
        app = create_app()  # a bad setting is refused here, once, before any worker starts
    except replica.ReplicaError as error:
        _refuse(error.message)
    except RuntimeError as error:
        _refuse(str(error))
    except (OSError, sqlite3.Error) as error:
        _refuse(f"cannot open the database: {error}")
    announce(host, port, app.config.get("BASE_URL") or phones_url, sys.stdout)
    if replication is not None:
        replication.start()  # and stopped when this process ends
    _Gunicorn(
        {
            "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
            "workers": workers,
            "worker_class": worker_class(stalled, largest_body),
            "threads": threads,
            "worker_connections": CONNECTIONS,
            "keepalive": IDLE_SECONDS,
            # the scheme is the app's to decide, from the proxies PROXY_HOPS trusts: gunicorn
            # would believe any X-Forwarded-Proto sent from 127.0.0.1
            "forwarded_allow_ips": "",
            "secure_scheme_headers": {},
            "graceful_timeout": 5,  # stopping waits this long for requests under way
            "errorlog": "-",
            "loglevel": "warning",
            "logger_class": RequestLog,
            "accesslog": "-",
            "access_log_format": ACCESS_LOG_FORMAT,
        }
    ).run()
