"""How often a phone may do what stores a lot: Flask-Limiter, counting in a SQLite file.

``scorekeeper serve`` runs several worker processes; a count held in each one's memory
would let a phone import as many times more as there are workers, and forget it all at
every restart. The counts are stored instead in a small SQLite file beside the database,
which every worker opens (the ``limits`` library's storage interface; it has no file
storage of its own, and a club's machine runs no Redis). Keys hold a hash of the phone's
id, never the id itself: the id in its cookie opens the phone's list of games.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable

from flask import Flask, Response, current_app, request
from flask_limiter import Limiter, RequestLimit
from limits import parse
from limits.storage import Storage
from werkzeug.exceptions import TooManyRequests

from scorekeeper.web.phones import this_device

SCHEME = "scorekeeper+sqlite"  # the RATELIMIT_STORAGE_URI setting names it (scorekeeper.settings)


class SQLiteStorage(Storage):
    """Fixed-window counters in one SQLite table, shared by every process that opens it."""

    STORAGE_SCHEME = [SCHEME]

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options: object) -> None:
        super().__init__(uri, wrap_exceptions, **options)
        self.path = uri.split("://", 1)[1]
        self._local = threading.local()

    @property
    def base_exceptions(self) -> type[Exception]:
        return sqlite3.Error

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            if not os.path.exists(self.path):  # readable by this user alone, like the database
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))
            conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            conn.execute("pragma journal_mode = wal")
            conn.execute(
                "create table if not exists hits ("
                " key text primary key, count integer not null, expires real not null)"
            )
            self._local.conn = conn
        return conn

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        now = time.time()
        conn = self._conn()
        conn.execute("delete from hits where expires <= ?", [now])
        return conn.execute(
            "insert into hits (key, count, expires) values (?, ?, ?) "
            "on conflict (key) do update set count = count + excluded.count returning count",
            [key, amount, now + expiry],
        ).fetchone()[0]

    def get(self, key: str) -> int:
        row = (
            self._conn()
            .execute("select count from hits where key = ? and expires > ?", [key, time.time()])
            .fetchone()
        )
        return row[0] if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._conn().execute("select expires from hits where key = ?", [key]).fetchone()
        return row[0] if row else time.time()

    def check(self) -> bool:
        return self._conn().execute("select 1").fetchone() == (1,)

    def reset(self) -> int | None:
        return self._conn().execute("delete from hits").rowcount

    def clear(self, key: str) -> None:
        self._conn().execute("delete from hits where key = ?", [key])


def _hashed(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def this_phone() -> str:
    """The phone's id (hashed), the same before and after its first import made it one (see
    scorekeeper.web.phones); a visitor the app never gave a cookie counts by its address."""
    device = this_device()
    if device is not None:
        return "phone:" + _hashed(device)
    return this_address()


def this_address() -> str:
    """The client's address (the one a trusted proxy gives, see PROXY_HOPS), hashed."""
    return "address:" + _hashed(request.remote_addr or "")


def init_app(app: Flask) -> None:
    """One limiter per app (Flask-Limiter keeps its storage and on/off switch on the
    limiter, so apps sharing one would share them), made before the blueprints that put
    it around their views (:func:`limit_view`)."""
    limiter = Limiter(key_func=this_phone, app=app, headers_enabled=False)
    # Every limit here is put around its view (limit_view), whose decorator checks it as the
    # view is called; the app has no default or application limits. Flask-Limiter 4 has no
    # switch for its own check before every request, which would only find nothing to count
    # (a large part of each revision poll), so that hook is taken off again.
    # (a limiter switched off, RATELIMIT_ENABLED false, added none)
    hooks = app.before_request_funcs.get(None, [])
    if limiter._check_request_limit in hooks:
        hooks.remove(limiter._check_request_limit)
    # Its hook after every request only adds the rate-limit headers (off here) and counts the
    # limits given a deduct_when (limit_view gives none), and its teardown only empties the
    # limits noted in this request, which live on the request's context and go with it: on
    # a poll that no limit concerns they were work for nothing.
    app.after_request_funcs[None] = [
        hook
        for hook in app.after_request_funcs.get(None, [])
        if getattr(hook, "args", None) != (limiter,)
    ]
    app.teardown_request_funcs[None] = [
        hook
        for hook in app.teardown_request_funcs.get(None, [])
        if getattr(hook, "__self__", None) is not limiter
    ]
    app.extensions["scorekeeper_limiter"] = limiter  # the views hold it only weakly


def limit_view(
    app: Flask,
    endpoint: str,
    limits: Iterable[tuple[str, Callable[[], str]]],
    on_breach: Callable[[RequestLimit], Response],
) -> None:
    """Count the POSTs to ``endpoint``: each (limit, whose count) of ``limits``; past one,
    ``on_breach`` answers instead of the view."""
    limiter = app.extensions["scorekeeper_limiter"]
    view = app.view_functions[endpoint]
    for limit, key in limits:
        view = limiter.limit(limit, key_func=key, methods=["POST"], on_breach=on_breach)(view)
    app.view_functions[endpoint] = view


# A phone that opens a game's link wrong now and then (a link cut short when copied) is far
# below this; an address past it is guessing. Once it is, it is refused any link (known or
# not: else a 200 among the 429s would still tell it when it guessed right) until its window
# ends. Only the misses are counted in the shared file (a write each); every link opened
# asks the process's own note of the addresses found past the limit, which costs nothing
# beside a poll, where reading the shared count would be a tenth of it.
UNKNOWN_LINKS_PER_ADDRESS = parse("60 per minute")
MOST_NOTED_ADDRESSES = 10_000
_refused_until: dict[str, float] = {}  # this process's note: address key -> end of its window


def before_opening_a_link() -> None:
    """Refuse (429) an address found guessing links, until its window ends."""
    if not _refused_until:
        return
    key = this_address()
    until = _refused_until.get(key)
    if until is None:
        return
    if until > time.time():
        raise _guessing(until)
    _refused_until.pop(key, None)


def unknown_link() -> None:
    """Count a link that opened nothing; past the limit, note the address and refuse it."""
    limiter = current_app.extensions["scorekeeper_limiter"]
    if not limiter.enabled:
        return
    key = this_address()
    try:
        within = limiter.limiter.hit(UNKNOWN_LINKS_PER_ADDRESS, "unknown-links", key)
        if within:
            return
        stats = limiter.limiter.get_window_stats(UNKNOWN_LINKS_PER_ADDRESS, "unknown-links", key)
    except sqlite3.Error:  # the counts cannot be written (a full disk): the 404 stands
        return
    if len(_refused_until) >= MOST_NOTED_ADDRESSES:
        now = time.time()
        for noted in [k for k, until in _refused_until.items() if until <= now]:
            del _refused_until[noted]
        if len(_refused_until) >= MOST_NOTED_ADDRESSES:
            _refused_until.clear()  # an attack from very many addresses: counted again
    _refused_until[key] = stats.reset_time
    raise _guessing(stats.reset_time)


def _guessing(until: float) -> TooManyRequests:
    return TooManyRequests(retry_after=max(1, int(until - time.time()) + 1))
