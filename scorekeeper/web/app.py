"""The Flask app factory: configuration, database, CSRF, translations, security headers
and blueprints."""

from __future__ import annotations

import copy
import functools
import hashlib
import os
import re
import secrets
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from babel import Locale
from flask import Flask, g, render_template, request, url_for
from flask.sessions import SecureCookieSessionInterface
from flask_babel import get_babel
from flask_wtf.csrf import CSRFError
from itsdangerous import BadSignature
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import (
    BadHost,
    BadRequest,
    HTTPException,
    SecurityError,
    ServiceUnavailable,
)
from werkzeug.http import parse_accept_header
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter

from scorekeeper import PROJECT_ROOT
from scorekeeper.language import formatting
from scorekeeper.language.i18n import gettext as _
from scorekeeper.language.i18n import here, say_here
from scorekeeper.language.i18n import lazy_gettext as _l
from scorekeeper.rules import RulesError
from scorekeeper.rules.arranger import search_budget
from scorekeeper.storage import db, settings

from . import rate_limits, static_files, trouble
from .errors import json_error
from .extensions import babel, cache, compress, csrf, fragments
from .hosts import MALFORMED, REFUSED_HOST, HostChecked
from .limits import Busy
from .links import phones_cannot_reach, share_url
from .log_privacy import TokensHidden
from .origins import SentFromElsewhere, check_origin
from .photos import MOST_PHOTO_BYTES, PHOTO_TOO_LARGE, TooManyPhotos, UploadsInMemory
from .security_headers import SecurityHeaders
from .views import BLUEPRINTS
from .views import live as live_streams

TRANSLATIONS = PROJECT_ROOT / "translations"
LANGUAGE_COOKIE = "lang"


def _languages() -> tuple[str, ...]:
    """English (the msgids) and every language with a catalog: adding a language is adding
    its catalog under translations/, nothing else."""
    found = sorted(path.parent.parent.name for path in TRANSLATIONS.glob("*/LC_MESSAGES/*.po"))
    return ("en", *(code for code in found if code != "en"))


LANGUAGES = _languages()
SHORTEST_SECRET_KEY = 32

# The biggest legitimate request is an API `game` of 2,000 rounds: Continental with
# 12 players, 15 cards in each loser's hand, measured at 2.1 MB (8-letter names) to
# 3.4 MB (40-letter names, JSON with spaces). 4 MiB holds it.
MAX_CONTENT_LENGTH = 4 * 1024 * 1024
# Pages only take forms: a 12-player round with every meld written out is under 10 KB.
MAX_FORM_BYTES = 64 * 1024
MAX_FORM_PARTS = 200  # a 12-player round form has under 50 fields
FILE_UPLOADS = {"evening.import_session"}
# forms that may carry a photo of the cards (read, never kept: see photos.py), and the API's
PHOTO_UPLOADS = {"rounds.new", "rounds.edit", "referee.ask", "api.recognize"}
# the paths of those forms (under any prefix a proxy serves the app at)
PHOTO_PATHS = re.compile(r"(?:/api/v1/recognize|/rounds/(?:new|\d+)|/referee/)$")


def largest_body(path: str) -> int:
    """The largest body a request to ``path`` may have, for the server's worker to refuse a
    longer one before reading it (a photo's form may carry more than any other)."""
    return MOST_PHOTO_BYTES if PHOTO_PATHS.search(path) else MAX_CONTENT_LENGTH


HSTS_SECONDS = 365 * 24 * 3600
CONTENT_SECURITY_POLICY = {"default-src": "'self'", "frame-ancestors": "'none'"}
# drawn parts of pages in each worker's memory, the least recently drawn going first: some
# 16 million characters, a few hundred tables' last rows in two languages (a row is 1-2,000)
FRAGMENTS = {
    "CACHE_TYPE": "scorekeeper.web.extensions.DrawnParts",
    "FRAGMENTS_MAX_CHARACTERS": 16_000_000,
}


def _secret_key(instance_path: Path) -> str:
    """The key kept in instance/, made once: written whole and never readable by others."""
    key_file = instance_path / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    key = secrets.token_hex(32)
    draft = key_file.with_name(f".secret_key.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as stream:
        stream.write(key)
        stream.flush()
        os.fsync(stream.fileno())
    os.replace(draft, key_file)  # other processes see no key or the whole key, never half
    return key


def _check_secret_key(key: Any, source: str) -> None:
    if not isinstance(key, str | bytes) or len(key) < SHORTEST_SECRET_KEY:
        length = len(key) if isinstance(key, str | bytes) else 0
        raise RuntimeError(
            f"The secret key from {source} is {length} characters long; it needs at least "
            f"{SHORTEST_SECRET_KEY} random characters. Set SCOREKEEPER_SECRET_KEY to the output "
            f"of `python -c 'import secrets; print(secrets.token_hex(32))'`, or delete the "
            f"key file so a new one is made."
        )


_IMMUTABLE = frozenset({str, int, float, bool, type(None)})


class SessionCookies(SecureCookieSessionInterface):
    """The cookie is marked Secure whenever the page was asked for over HTTPS.

    A fixed SESSION_COOKIE_SECURE cannot serve both a club behind an HTTPS proxy and a
    kitchen table on plain http://192.168.x.x, where a Secure cookie would be dropped.
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    # A phone sends the same cookie with every poll (every 5 s) until something in it
    # changes: its signature is checked once, the contents kept (0.2 ms of a 1.5 ms poll).
    def get_signing_serializer(self, app: Flask):
        keys = (*(app.config["SECRET_KEY_FALLBACKS"] or ()), app.secret_key)
        serializers = app.extensions.setdefault("scorekeeper_cookie_serializers", {})
        if keys not in serializers:  # Flask would build one (and derive its key) per request
            serializers[keys] = super().get_signing_serializer(app)
        return serializers[keys]

    def open_session(self, app: Flask, request):
        value = request.cookies.get(self.get_cookie_name(app))
        serializer = self.get_signing_serializer(app)
        if not value or serializer is None:
            return super().open_session(app, request)
        max_age = app.permanent_session_lifetime.total_seconds()
        checked = _checked_cookie(serializer, value)
        if checked is None or not 0 <= time.time() - checked[1] <= max_age:
            return self.session_class()  # a bad or expired signature, as Flask answers it
        contents = checked[0]
        # flash() changes lists in place: those are copied; strings and numbers (a watching
        # phone's whole cookie) are shared, for deepcopy's walk was a fifth of this step
        if not all(type(item) in _IMMUTABLE for item in contents.values()):
            contents = copy.deepcopy(contents)
        return self.session_class(contents)  # a dict of its own, its values shared


@functools.lru_cache(maxsize=1024)
def _checked_cookie(serializer, value: str) -> tuple[dict, float] | None:
    """A cookie's contents and when it was signed, or None when its signature is wrong."""
    try:
        data, signed = serializer.loads(value, return_timestamp=True)
    except BadSignature:
        return None
    return data, signed.timestamp()


class ScorekeeperFlask(Flask):
    """Flask, asking once per function whether it is a coroutine to wrap: Flask asks again
    for every hook on every request (eleven on a poll), and none of these ever changes."""

    request_class = UploadsInMemory  # an uploaded photo is never written to a temporary file

    @functools.cached_property
    def _made_sync(self) -> dict[Any, Any]:
        return {}

    def ensure_sync(self, func):
        try:
            return self._made_sync[func]
        except KeyError:
            synced = self._made_sync[func] = super().ensure_sync(func)
            return synced
        except TypeError:  # a callable that cannot be a key: asked each time, as Flask does
            return super().ensure_sync(func)


class RowId(IntegerConverter):
    """An ``<int:...>`` in a URL is a row's id: SQLite's integers end at 2**63 - 1, so a
    longer number names no row (404), never an OverflowError in the query."""

    def __init__(self, url_map, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", 2**63 - 1)
        super().__init__(url_map, *args, **kwargs)


def _locale() -> Locale | None:
    """The table's own choice (``?lang=xx``, then kept in a cookie) wins over the phone's.

    A Locale made once per language (Flask-Babel parsed the code on every request that
    speaks), and the phone's Accept-Language, the same on each of its requests, matched once:
    0.05 ms of the 0.2 ms a read-only page spent choosing its language."""
    asked = request._get_current_object()
    chosen = asked.args.get("lang") or asked.cookies.get(LANGUAGE_COOKIE)
    if chosen in LANGUAGES:
        return _parsed_locale(chosen)
    best = _best_language(asked.headers.get("Accept-Language", ""))
    # none: Flask-Babel's default, which it would parse again on each request
    return _parsed_locale(best or get_babel().default_locale)


@functools.cache  # the languages there are catalogs for, and the default
def _parsed_locale(code: str) -> Locale:
    return Locale.parse(code)


@functools.lru_cache(maxsize=256)
def _best_language(accepted: str) -> str | None:
    return parse_accept_header(accepted, LanguageAccept).best_match(LANGUAGES)


def _proxy_hops(app: Flask) -> int:
    raw = app.config.get("PROXY_HOPS", 0)
    try:
        hops = int(raw)
    except (TypeError, ValueError):
        hops = -1
    if hops < 0:
        raise RuntimeError(
            f"SCOREKEEPER_PROXY_HOPS must be the number of reverse proxies in front of the "
            f"app (0 when there is none), not {raw!r}."
        )
    return hops


def _check_base_url(base: Any) -> None:
    if base and not (isinstance(base, str) and base.startswith(("http://", "https://"))):
        raise RuntimeError(
            f"SCOREKEEPER_BASE_URL must be the address players open, starting with "
            f"https:// or http://, not {base!r}."
        )


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
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        # the cookie is sent only when it changed: a picker's or a poll's answer arriving
        # after a save would otherwise put back the cookie without the save's message
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_SAMESITE="Lax",
        WTF_CSRF_TIME_LIMIT=None,  # a form left open through a long hand must still save
        # Referrer-Policy: no-referrer means browsers send no Referer, which the strict
        # HTTPS check would demand; the form token and the SameSite cookie still hold.
        WTF_CSRF_SSL_STRICT=False,
        # checked by the app's own hook (bounded) for the methods it checks: Flask-WTF's
        # looked up whether the view is exempt first, on every GET too (0.03 ms of a poll)
        WTF_CSRF_CHECK_DEFAULT=False,
        # WTForms' messages in the page's language from a catalog kept per language (see
        # form_base.Form), not read from disk by Flask-WTF on every request
        WTF_I18N_ENABLED=False,
        BABEL_TRANSLATION_DIRECTORIES=str(PROJECT_ROOT / "translations"),
        MAX_CONTENT_LENGTH=MAX_CONTENT_LENGTH,
        MAX_FORM_MEMORY_SIZE=MAX_FORM_BYTES,
        MAX_FORM_PARTS=MAX_FORM_PARTS,
        BASE_URL=None,
        PROXY_HOPS=0,
    )
    # the database, the environment, the instance's config.py
    app.config.from_mapping(settings.read(test_config, instance))
    return app


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = configured_app(test_config)
    instance = Path(app.instance_path)
    if app.config.get("SECRET_KEY") is None:
        app.config["SECRET_KEY"] = _secret_key(instance)
        _check_secret_key(app.config["SECRET_KEY"], f"the file {instance / 'secret_key'}")
    else:
        _check_secret_key(app.config["SECRET_KEY"], "the configuration")
    _check_base_url(app.config.get("BASE_URL"))
    db.check_folder(Path(app.config["DATABASE"]))
    hops = _proxy_hops(app)
    app.wsgi_app = HostChecked(app.wsgi_app, app.config)  # type: ignore[method-assign]
    if hops:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops, x_prefix=hops
        )
    app.session_interface = SessionCookies()
    app.logger.addFilter(TokensHidden())  # "Exception on /s/<edit token>/..." and its traceback

    @app.before_request
    def bounded() -> None:
        # (one hook, the request looked up once: every request pays for each)
        asked = request._get_current_object()
        refused_host = asked.environ.get(REFUSED_HOST)
        if refused_host is not None:  # answered under a stand-in name (web.hosts)
            raise BadHost() if refused_host == MALFORMED else SecurityError()
        # forms are small: set before the CSRF check, the first to read a form;
        # a session file uploaded for import may be as large as an API question
        if asked.endpoint in PHOTO_UPLOADS:
            asked.max_content_length = MOST_PHOTO_BYTES
        elif not asked.path.startswith("/api/") and asked.endpoint not in FILE_UPLOADS:
            asked.max_content_length = MAX_FORM_BYTES
        # then the CSRF check, where Flask-WTF's own hook would (its docs' way when
        # WTF_CSRF_CHECK_DEFAULT is off), the exempt views (the JSON API) left out
        if asked.method in app.config["WTF_CSRF_METHODS"]:
            if not asked.path.startswith("/api/"):  # the API keeps nothing a cookie opens
                check_origin(asked)
            if app.config["WTF_CSRF_ENABLED"]:
                csrf.protect(apply_exemptions=True)
        # one search budget per request: a round save or a referee page arranges several
        # hands, together, not each, in the arranger's budget, so no page holds a thread long
        budget = search_budget()
        budget.__enter__()
        g.search_budget = budget

    @app.teardown_request
    def end_search_budget(_error: BaseException | None) -> None:
        budget = g.pop("search_budget", None)
        if budget is not None:
            budget.__exit__(None, None, None)

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
    babel.init_app(app, locale_selector=_locale)
    talisman = SecurityHeaders(  # every security header, on every response, set here only
        app,
        force_https=False,  # tables at home use plain http on the local network
        session_cookie_secure=False,  # decided per request by SessionCookies
        content_security_policy=CONTENT_SECURITY_POLICY,
        referrer_policy="no-referrer",  # every link carries a session token
        frame_options="DENY",
        # its HSTS believes any client's X-Forwarded-Proto: set below, from the scheme the
        # trusted proxies (PROXY_HOPS) gave
        strict_transport_security=False,
    )

    @app.after_request
    def strict_transport_security(response):
        if request.is_secure:
            response.headers["Strict-Transport-Security"] = (
                f"max-age={HSTS_SECONDS}; includeSubDomains"
            )
        return response

    app.url_map.converters["int"] = RowId  # before the routes that use it are added
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
            "languages": language_links,
            "this_address": this_address,
            "served_under": served_under,
        }

    @app.after_request
    def remember_language(response):
        asked = request._get_current_object()
        if not asked.query_string:  # nearly every request: no ?lang= to parse for
            return response
        chosen = asked.args.get("lang")
        if chosen in LANGUAGES and asked.cookies.get(LANGUAGE_COOKIE) != chosen:
            response.set_cookie(
                LANGUAGE_COOKIE,
                chosen,
                max_age=400 * 24 * 3600,
                samesite="Lax",
                secure=asked.is_secure,
                httponly=True,
            )
        return response

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


@functools.cache
def _own_name(code: str) -> str:
    """A language's name in itself ("Deutsch"), capitalised (Babel reads it from its data)."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def language_links() -> list[tuple[str, str, str]]:
    """(code, the language's own name, this page in it) for the footer's selector."""
    # only the query arguments that choose what a page shows: others (?msg=..., _anchor,
    # _method) would be kept in a cached page for every later viewer, or break url_for
    shown = {name: request.args[name] for name in PAGE_ARGUMENTS if name in request.args}
    args = {**(request.view_args or {}), **shown}
    links = []
    for code in LANGUAGES:
        url = url_for(request.endpoint, **{**args, "lang": code}) if request.endpoint else ""
        links.append((code, _own_name(code), url))
    return links


def served_under() -> str:
    """The path the app is served under (a proxy's prefix) in a few characters, empty at the
    root: part of the key of every kept part with an address in it, for a proxy may serve
    the app under /club while the kitchen's phones reach it directly."""
    root = request.script_root
    return hashlib.blake2b(root.encode(), digest_size=16).hexdigest() if root else ""


def this_address() -> str:
    """This page's address (the path the app is served under, the path, the query) in a few
    characters: a key for what is drawn for it, the same length however long the address a
    visitor typed."""
    asked = request._get_current_object()
    return hashlib.blake2b(
        f"{asked.script_root}\x1f{asked.full_path}".encode(), digest_size=16
    ).hexdigest()


# the query arguments a page reads to choose what it shows (sessions, referee views)
PAGE_ARGUMENTS = ("all", "page", "session")

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
