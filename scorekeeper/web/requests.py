"""How the app takes each request: its Flask class, the signed session cookie, the URL
converter for row ids, the bounds and checks before each request and the headers after it,
and the settings it refuses to start without (the secret key, the proxies it trusts, the
base URL). :func:`register` installs them on an app, as an extension's ``init_app`` would.
"""

from __future__ import annotations

import copy
import functools
import os
import re
import secrets
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, g, request
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import BadSignature
from werkzeug.exceptions import BadHost, SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter

from scorekeeper.rules.arranger import search_budget

from .extensions import csrf
from .hosts import MALFORMED, REFUSED_HOST, HostChecked
from .log_privacy import TokensHidden
from .origins import check_origin
from .photos import MOST_PHOTO_BYTES, UploadsInMemory

SHORTEST_SECRET_KEY = 32
# The biggest legitimate request is an API `game` of 2,000 rounds: Continental with
# 12 players, 15 cards in each loser's hand, measured at 2.1 MB (8-letter names) to
# 3.4 MB (40-letter names, JSON with spaces). 4 MiB holds it.
MAX_CONTENT_LENGTH = 4 * 1024 * 1024
# Pages only take forms: a 12-player round with every meld written out is under 10 KB.
MAX_FORM_BYTES = 64 * 1024
MAX_FORM_PARTS = 200  # a 12-player round form has under 50 fields
# Werkzeug reads a multipart body 64 KiB at a time and refuses (413) a piece that, with what
# it kept back of the piece before (the start a boundary may have), is over the form's memory
# bound: a form carrying a file (a photo, a session to import) is bounded at this instead,
# each of its text fields too, as the body itself is bounded
FILE_FORM_MEMORY = 1024 * 1024
FILE_UPLOADS = {"evening.import_session"}
# forms that may carry a photo of the cards (read, never stored: see photos.py), and the API's
PHOTO_UPLOADS = {"rounds.new", "rounds.edit", "referee.ask", "api.recognize"}
# the paths of those forms (under any prefix a proxy serves the app at)
PHOTO_PATHS = re.compile(r"(?:/api/v1/recognize|/rounds/(?:new|\d+)|/referee/)$")
HSTS_SECONDS = 365 * 24 * 3600

# Flask's and its extensions' own configuration, as this app sets it (a test may change it)
FLASK_CONFIG: dict[str, Any] = {
    "PERMANENT_SESSION_LIFETIME": timedelta(days=400),
    # the cookie is sent only when it changed: a picker's or a poll's answer arriving
    # after a save would otherwise put back the cookie without the save's message
    "SESSION_REFRESH_EACH_REQUEST": False,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "WTF_CSRF_TIME_LIMIT": None,  # a form left open through a long hand must still save
    # Referrer-Policy: no-referrer means browsers send no Referer, which the strict
    # HTTPS check would demand; the form token and the SameSite cookie still hold.
    "WTF_CSRF_SSL_STRICT": False,
    # checked by this module's own hook (bounded) for the methods it checks: Flask-WTF's
    # looks up whether the view is exempt first, on every GET too
    "WTF_CSRF_CHECK_DEFAULT": False,
    # WTForms' messages in the page's language from a catalog cached per language (see
    # form_base.Form), not read from disk by Flask-WTF on every request
    "WTF_I18N_ENABLED": False,
    "MAX_CONTENT_LENGTH": MAX_CONTENT_LENGTH,
    "MAX_FORM_MEMORY_SIZE": MAX_FORM_BYTES,
    "MAX_FORM_PARTS": MAX_FORM_PARTS,
}


def largest_body(path: str) -> int:
    """The largest body a request to ``path`` may have, for the server's worker to refuse a
    longer one before reading it (a photo's form may carry more than any other)."""
    return MOST_PHOTO_BYTES if PHOTO_PATHS.search(path) else MAX_CONTENT_LENGTH


class ScorekeeperFlask(Flask):
    """Flask, asking once per function whether it is a coroutine to wrap: Flask asks again
    for every hook on every request, and none of these ever changes."""

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


_IMMUTABLE = frozenset({str, int, float, bool, type(None)})


class SessionCookies(SecureCookieSessionInterface):
    """The cookie is marked Secure whenever the page was asked for over HTTPS.

    A fixed SESSION_COOKIE_SECURE cannot serve both a club behind an HTTPS proxy and a
    kitchen table on plain http://192.168.x.x, where a Secure cookie would be dropped.
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    # A phone sends the same cookie with every poll (every few seconds) until something in it
    # changes: its signature is checked once, the contents cached.
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
        # phone's whole cookie) are shared, for deepcopy's walk was much of this step
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


class RowId(IntegerConverter):
    """An ``<int:...>`` in a URL is a row's id: SQLite's integers end at 2**63 - 1, so a
    longer number names no row (404), never an OverflowError in the query."""

    def __init__(self, url_map, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", 2**63 - 1)
        super().__init__(url_map, *args, **kwargs)


def _secret_key(instance_path: Path) -> str:
    """The key stored in instance/, made once: written whole and never readable by others."""
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


def check_settings(app: Flask) -> None:
    """Refuse to start on a secret key, base URL or proxy count that cannot work, with one
    line saying what to set; a missing key is made once into the instance folder."""
    instance = Path(app.instance_path)
    if app.config.get("SECRET_KEY") is None:
        app.config["SECRET_KEY"] = _secret_key(instance)
        _check_secret_key(app.config["SECRET_KEY"], f"the file {instance / 'secret_key'}")
    else:
        _check_secret_key(app.config["SECRET_KEY"], "the configuration")
    _check_base_url(app.config.get("BASE_URL"))


def register(app: Flask) -> None:
    """The request's way in (the Host checked, the trusted proxies' headers applied, the
    cookie, the bounds and the CSRF check before the view) and the headers on the way out."""
    hops = _proxy_hops(app)
    app.wsgi_app = HostChecked(app.wsgi_app, app.config)  # type: ignore[method-assign]
    if hops:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops, x_prefix=hops
        )
    app.session_interface = SessionCookies()
    app.logger.addFilter(TokensHidden())  # "Exception on /s/<edit token>/..." and its traceback
    app.url_map.converters["int"] = RowId  # before the routes that use it are added

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
        if asked.endpoint in PHOTO_UPLOADS or asked.endpoint in FILE_UPLOADS:
            asked.max_form_memory_size = FILE_FORM_MEMORY
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

    @app.after_request
    def strict_transport_security(response):
        # Talisman's own HSTS believes any client's X-Forwarded-Proto: this one trusts the
        # scheme the trusted proxies (PROXY_HOPS) gave
        if request.is_secure:
            response.headers["Strict-Transport-Security"] = (
                f"max-age={HSTS_SECONDS}; includeSubDomains"
            )
        return response
