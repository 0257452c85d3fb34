"""The Flask app factory: configuration, database, CSRF, translations, security headers
and blueprints."""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import PROJECT_ROOT
from scorekeeper.language import formatting
from scorekeeper.language.i18n import here
from scorekeeper.storage import db, settings

from . import errors, languages, rate_limits, requests, static_files
from .extensions import cache, compress, csrf, fragments
from .links import phones_cannot_reach, share_url
from .requests import FLASK_CONFIG, ScorekeeperFlask, served_under, this_address
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

    errors.register(app)
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
