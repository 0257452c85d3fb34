"""When the database cannot answer: a page that says why, never a traceback.

A full disk is said as such (503: nothing was saved). The database's own trouble comes in
three cases, told apart by SQLite's own error code:

- another request holds the write lock past the busy timeout (or a long game's kept
  scores are being worked out by another request): 503 with Retry-After, and a page that
  tries again by itself;
- the file is damaged: 503, naming how to put back a good copy;
- anything else: 500 with our own page.
"""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, render_template, request

from scorekeeper.language.i18n import gettext as _
from scorekeeper.storage.disk import DiskFull
from scorekeeper.storage.one_at_a_time import RETRY_SECONDS, StillWorking

from .errors import json_error

DAMAGED = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
BUSY = {"SQLITE_BUSY", "SQLITE_LOCKED"}


def kind_of(error: sqlite3.Error) -> str:
    """'busy', 'damaged' or 'failed', from the error's code (the base code of an extended
    one: SQLITE_BUSY_SNAPSHOT is busy, SQLITE_CORRUPT_INDEX damaged)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    base = "_".join(name.split("_")[:2])
    if base in BUSY:
        return "busy"
    if base in DAMAGED or "malformed" in str(error):
        return "damaged"
    return "failed"


def _answer(title: str, message: str, status: int, retry_after: int | None = None):
    if request.path.startswith("/api/"):
        response = json_error(message, None, status)
    else:
        # a page that was only being read tries again by itself; a form sent is not sent twice
        refresh = retry_after if retry_after and request.method == "GET" else None
        response = current_app.make_response(
            render_template("trouble.html", title=title, message=message, refresh=refresh)
        )
    response.status_code = status
    if retry_after:
        response.headers["Retry-After"] = str(retry_after)
    return response


def _busy(retry_after: int):
    if request.method == "GET":
        message = _(
            "The server is busy with other work for a moment. This page tries again by itself "
            "in a few seconds."
        )
    else:
        message = _(
            "The server is busy with other work for a moment, and what you sent was not "
            "saved. Go back and send it again in a few seconds."
        )
    return _answer(_("Busy for a moment"), message, 503, retry_after)


def register(app: Flask) -> None:
    @app.errorhandler(DiskFull)
    def disk_full(_error: DiskFull):
        page = render_template(
            "error.html",
            title=_("The server's disk is full"),
            message=_(
                "Nothing was saved, and nothing can be until whoever runs this server frees "
                "some space. What you typed is still in the form: go back, and send it again "
                "then."
            ),
        )
        return page, 503, {"Retry-After": "60"}

    @app.errorhandler(StillWorking)
    def still_working(error: StillWorking):
        return _busy(error.retry_after)

    @app.errorhandler(sqlite3.DatabaseError)
    @app.errorhandler(sqlite3.OperationalError)
    def database_error(error: sqlite3.DatabaseError):
        kind = kind_of(error)
        if kind == "busy":
            app.logger.warning("database busy past the timeout: %s", error)
            return _busy(RETRY_SECONDS)
        if kind == "damaged":
            app.logger.error("the database is damaged: %s", error)
            return _answer(
                _("The database is damaged"),
                _(
                    "The server's database file is damaged, so no game can be shown or saved. "
                    "Whoever runs the server must stop it and put back a good copy: "
                    "“scorekeeper restore” from the replica, or a copy made by "
                    "“scorekeeper backup”."
                ),
                503,
            )
        # not the database's state but something unforeseen: the log keeps where it happened
        app.logger.error("database error: %s", error, exc_info=error)
        return _answer(
            _("The database could not answer"),
            _(
                "The server's database could not answer this request, and nothing was changed. "
                "Try again; if it keeps happening, tell whoever runs the server."
            ),
            500,
        )
