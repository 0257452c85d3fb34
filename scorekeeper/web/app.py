"""The Flask app factory: configuration, database, CSRF, translations, security headers
and blueprints."""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path
from typing import Any

from flask import Flask, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import (
    BadHost,
    BadRequest,
    HTTPException,
    SecurityError,
    ServiceUnavailable,
)

from scorekeeper import PROJECT_ROOT
from scorekeeper.language import formatting
from scorekeeper.language.i18n import gettext as _
from scorekeeper.language.i18n import here, say_here
from scorekeeper.language.i18n import lazy_gettext as _l
from scorekeeper.rules import RulesError
from scorekeeper.storage import db, settings

from . import languages, rate_limits, requests, static_files, trouble
from .errors import json_error
from .extensions import cache, compress, csrf, fragments
from .limits import Busy
from .links import phones_cannot_reach, share_url
from .origins import SentFromElsewhere
from .photos import PHOTO_TOO_LARGE, TooManyPhotos
from .requests import FLASK_CONFIG, PHOTO_UPLOADS, ScorekeeperFlask, served_under, this_address
from .security_headers import SecurityHeaders
from .views import BLUEPRINTS
from .views import live as live_streams

CONTENT_SECURITY_POLICY = {"default-src": "'self'", "frame-ancestors": "'none'"}
# drawn parts of pages in each worker's memory, the least recently drawn going first: some
# 16 million characters, a few hundred tables' last rows in two languages (a row is 1-2,000)
FRAGMENTS = {
    "CACHE_TYPE": "scorekeeper.web.extensions.DrawnParts",
    "FRAGMENTS_MAX_CHARACTERS": 16_000_000,
}


def configured_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app with its settings read (defaults, environment, instance/config.py) and
    nothing else done: no database opened or made."""
    instance = PROJECT_ROOT / "instance"
    app = ScorekeeperFlask(
        __name__,
        instance_path=str(instance),
        instance_relative_config=True,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    app.config.from_mapping(
        FLASK_CONFIG,
        BABEL_TRANSLATION_DIRECTORIES=str(PROJECT_ROOT / "translations"),
        BASE_URL=None,
        PROXY_HOPS=0,
    )
    # the database, the environment, the instance's config.py
    app.config.from_mapping(settings.read(test_config, instance))
    return app


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = configured_app(test_config)
    requests.check_settings(app)
    db.check_folder(Path(app.config["DATABASE"]))
    requests.register(app)
    db.init_app(app)
    csrf.init_app(app)
    app.config.setdefault("CACHE_TYPE", "scorekeeper.web.extensions.BoundedFileSystemCache")
    # and in bytes: a very long game's page and PDFs in every language are megabytes each
    app.config.setdefault("CACHE_MAX_BYTES", 256 * 1024 * 1024)
    app.config.setdefault("CACHE_DIR", _rendered_folder(Path(app.config["DATABASE"]).parent))
    # what another version of the app rendered is never this one's page
    app.config.setdefault("CACHE_KEY_PREFIX", f"{_code_version()}:")
    # one file per table in play and language; past this many, the expired and a third go
    app.config.setdefault("CACHE_THRESHOLD", 1000)
    app.config.setdefault("CACHE_DEFAULT_TIMEOUT", 24 * 3600)
    cache.init_app(app)
    fragments.init_app(app, config=FRAGMENTS)
    # a streamed answer (a game page's events) goes out as each part is written: compressed,
    # it would wait in the compressor's block until more came (text/event-stream is not one
    # of the compressed types either; tests/web/test_live_streams.py checks both)
    app.config.setdefault("COMPRESS_STREAMS", False)
    compress.init_app(app)
    static_files.init_app(app)
    languages.init_app(app)
    talisman = SecurityHeaders(  # every security header, on every response, set here only
        app,
        force_https=False,  # tables at home use plain http on the local network
        session_cookie_secure=False,  # decided per request by SessionCookies
        content_security_policy=CONTENT_SECURITY_POLICY,
        referrer_policy="no-referrer",  # every link carries a session token
        frame_options="DENY",
        # its HSTS believes any client's X-Forwarded-Proto: set by requests.register, from
        # the scheme the trusted proxies (PROXY_HOPS) gave
        strict_transport_security=False,
    )
    rate_limits.init_app(app)  # before the blueprints that put it around their views
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    live_streams.init_app(app)
    talisman.views_registered(app)

    @app.context_processor
    def template_helpers() -> dict[str, Any]:
        return {
            "current_locale": here().lang,
            "share_url": share_url,
            "phones_cannot_reach": phones_cannot_reach,
            "languages": languages.language_links,
            "this_address": this_address,
            "served_under": served_under,
        }

    formatting.init_app(app)

    register_error_pages(app)
    trouble.register(app)  # the database busy, damaged or failing: a page, not a traceback
    return app


def _rendered_folder(beside: Path) -> str:
    """The folder of rendered pages, beside the database: the cache reads its files back
    with pickle, so nobody but this user may write there."""
    folder = beside / "rendered"
    folder.mkdir(mode=0o700, exist_ok=True)
    found = folder.stat()
    if found.st_uid != os.getuid() or found.st_mode & 0o077:
        raise RuntimeError(
            f"{folder} holds rendered pages and must belong to this user alone "
            "(chmod 700, or remove it and it is made again)"
        )
    return str(folder)


@functools.cache
def _code_version() -> str:
    """A fingerprint of the code, templates and catalogs that render pages (their names,
    sizes and times): every worker of one version has the same, a new version another."""
    parts = []
    for folder in ("scorekeeper", "templates", "translations"):
        for path in sorted((PROJECT_ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in {".py", ".html", ".po", ".mo"}:
                found = path.stat()
                parts.append(
                    f"{path.relative_to(PROJECT_ROOT)} {found.st_size} {found.st_mtime_ns}"
                )
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


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


def register_error_pages(app: Flask) -> None:
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
        # it under a name the routes take, so this page can still draw its links
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
                    render_template("error.html", title=title, message=say_here(PHOTO_TOO_LARGE))
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
        return render_template("error.html", title=title, message=say_here(error.message)), 400

    @app.errorhandler(Busy)
    def busy(error: Busy):
        return http_error(ServiceUnavailable(error.message, retry_after=error.retry_after))

    @app.errorhandler(TooManyPhotos)
    def too_many_photos(error: TooManyPhotos):
        if request.path.startswith("/api/"):
            response = json_error(error.message, error.field, 429)
        else:
            title = _("Too many photos")
            page = render_template("error.html", title=title, message=say_here(error.message))
            response = app.make_response((page, 429))
        response.headers["Retry-After"] = str(error.retry_after)
        return response
