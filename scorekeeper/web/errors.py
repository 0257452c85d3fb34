"""Every error mapped to its status and answer, in one place (:func:`register`): the JSON
API's one error shape ``{"error", "field"}`` under /api/, a page elsewhere. Views raise;
they never catch an error to answer it themselves.

An API error is said in the language the question asked for: the body's ``lang`` once the
view has read it, else Accept-Language.

When the database cannot answer, the page says why, never a traceback. A full disk is said
as such (503: nothing was saved; a form's page comes back as typed, see
:func:`keeping_the_form`). The database's own trouble comes in three cases, told apart by
SQLite's own error code:

- another request holds the write lock past the busy timeout (or a long game's stored
  scores are being worked out by another request): 503 with Retry-After, and a page that
  tries again by itself;
- the file is damaged: 503, naming how to put back a good copy;
- anything else: 500 with our own page.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, Response, current_app, g, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import (
    BadHost,
    BadRequest,
    HTTPException,
    SecurityError,
    ServiceUnavailable,
)

from scorekeeper.language.i18n import best_language, say_in, say_in_current_language
from scorekeeper.language.i18n import gettext as _
from scorekeeper.language.i18n import lazy_gettext as _l
from scorekeeper.rules import RulesError
from scorekeeper.storage import disk
from scorekeeper.storage.disk import DiskFull
from scorekeeper.storage.one_at_a_time import RETRY_SECONDS, StillWorking

from .limits import Busy
from .origins import SentFromElsewhere
from .photos import PHOTO_TOO_LARGE, TooManyPhotos
from .requests import PHOTO_UPLOADS

ERROR_PAGES = {
    400: (
        _l("Bad request"),
        _l("The page could not understand what was sent. Go back and try again."),
    ),
    403: (_l("Read-only link"), _l("This link shows the score; it cannot change it.")),
    404: (
        _l("Not found"),
        _l("There is nothing at this address. A session link must be copied whole."),
    ),
    405: (_l("Not allowed"), _l("This page cannot do that.")),
    429: (
        _l("Too many wrong links"),
        _l(
            "Many links that open no game were asked for from here. Wait a minute, then "
            "copy the game's link again, whole."
        ),
    ),
    413: (
        _l("Too much at once"),
        _l("What was sent is far bigger than any game needs. Go back and shorten it."),
    ),
}
DAMAGED = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
BUSY = {"SQLITE_BUSY", "SQLITE_LOCKED"}


def header_language() -> str:
    """Accept-Language, most preferred first; English when it names nothing we speak."""
    return best_language(lang for lang, _ in request.accept_languages)


def answer_in(lang: str) -> None:
    """Say this request's answer, and any error after this point, in ``lang``."""
    g.api_language = lang


def answer_language() -> str:
    return g.get("api_language") or header_language()


def json_error(message: Any, field: str | None, status: int) -> Response:
    response = jsonify(error=say_in(message, answer_language()), field=field)
    response.status_code = status
    return response


@contextmanager
def keeping_the_form(form: Any, page: Callable[[], Any]) -> Iterator[None]:
    """Should the disk be full while this block saves, the answer is ``page()`` with 503: the
    form again, as typed, saying above it that nothing was saved, in place of the error page."""
    g.form_as_typed_on_disk_full = (form, page)
    yield
    g.pop("form_as_typed_on_disk_full", None)  # saved: a later full disk is the error page's


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


def _trouble(title: str, message: str, status: int, retry_after: int | None = None):
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
    return _trouble(_("Busy for a moment"), message, 503, retry_after)


def register(app: Flask) -> None:
    """Errors map to statuses here, in one place: JSON under /api/, a page elsewhere."""

    @app.errorhandler(CSRFError)
    def csrf_failed(_error: CSRFError):
        message = _(
            "This form was not sent from this app, or the page is too old. Go back, reload and send it again."
        )
        return render_template("error.html", title=_("Form expired"), message=message), 400

    @app.errorhandler(SentFromElsewhere)
    def sent_from_elsewhere(_error: SentFromElsewhere):
        message = _(
            "This form was sent from another site's page, so nothing was changed. Open the "
            "game's link and send it from there."
        )
        return render_template(
            "error.html", title=_("Not sent from this app"), message=message
        ), 403

    @app.errorhandler(BadHost)
    @app.errorhandler(SecurityError)
    def refused_host(_error: BadRequest):
        # a Host header outside TRUSTED_HOSTS, or no name at all (a..b): web.hosts answered
        # it under a name the routes take, so this page can still render its links
        message = _("This server does not answer for that address.")
        if request.path.startswith("/api/"):
            return json_error(message, None, 400)
        title = ERROR_PAGES[400][0]
        return render_template("error.html", title=title, message=message), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        if error.response is not None:  # the raiser made the page already (too many imports)
            return error.response
        status = error.code or 500
        if status == 413 and request.endpoint in PHOTO_UPLOADS:
            # a photo over the bound: said as a photo's problem, beside the photo's field
            response = json_error(PHOTO_TOO_LARGE, "photo", status)
            if not request.path.startswith("/api/"):
                title, _message = ERROR_PAGES[413]
                response = app.make_response(
                    render_template(
                        "error.html", title=title, message=say_in_current_language(PHOTO_TOO_LARGE)
                    )
                )
        elif request.path.startswith("/api/"):
            response = json_error(error.description or error.name, None, status)
        else:
            title, message = ERROR_PAGES.get(status, (error.name, error.description or ""))
            response = app.make_response(
                render_template("error.html", title=title, message=message)
            )
        response.status_code = status
        # the exception's own headers (Allow on a 405, Retry-After, ...) must survive
        for name, value in error.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value
        return response

    @app.errorhandler(RulesError)
    def refused(error: RulesError):
        if request.path.startswith("/api/"):
            return json_error(error.message, error.field, 400)
        # pages catch what they can say beside the form; one that escapes is still the
        # input's fault, not the server's
        title = ERROR_PAGES[400][0]
        return render_template(
            "error.html", title=title, message=say_in_current_language(error.message)
        ), 400

    @app.errorhandler(Busy)
    def busy(error: Busy):
        return http_error(ServiceUnavailable(error.message, retry_after=error.retry_after))

    @app.errorhandler(TooManyPhotos)
    def too_many_photos(error: TooManyPhotos):
        if request.path.startswith("/api/"):
            response = json_error(error.message, error.field, 429)
        else:
            title = _("Too many photos")
            page = render_template(
                "error.html", title=title, message=say_in_current_language(error.message)
            )
            response = app.make_response((page, 429))
        response.headers["Retry-After"] = str(error.retry_after)
        return response

    @app.errorhandler(DiskFull)
    def disk_full(_error: DiskFull):
        as_typed = g.pop("form_as_typed_on_disk_full", None)
        if as_typed is not None:  # the form again, as typed
            form, page = as_typed
            form.form_errors.append(disk.message())
            return page(), 503
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
            return _trouble(
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
        return _trouble(
            _("The database could not answer"),
            _(
                "The server's database could not answer this request, and nothing was changed. "
                "Try again; if it keeps happening, tell whoever runs the server."
            ),
            500,
        )
