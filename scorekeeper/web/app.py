"""The Flask app factory: the settings read, then each part of the app put together, in the
order they depend on each other."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import settings
from scorekeeper.language import formatting
from scorekeeper.language.i18n import current_language
from scorekeeper.storage import db

from . import errors, languages, rate_limits, requests, static_files
from .extensions import cache, compress, csrf
from .links import fixed_url, phones_cannot_reach, share_url
from .security_headers import SecurityHeaders
from .views import BLUEPRINTS
from .views import live as live_streams

CONTENT_SECURITY_POLICY = {"default-src": "'self'", "frame-ancestors": "'none'"}


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app, with ``test_config`` in place of instance/config.py when given."""
    app = requests.ScorekeeperFlask(
        __name__,
        instance_path=str(settings.INSTANCE),
        instance_relative_config=True,
        template_folder=str(settings.PROJECT_ROOT / "templates"),
        static_folder=str(settings.PROJECT_ROOT / "static"),
    )
    app.config.from_mapping(
        requests.FLASK_CONFIG, BABEL_TRANSLATION_DIRECTORIES=str(languages.TRANSLATIONS)
    )
    app.config.from_mapping(settings.read(test_config, settings.INSTANCE))
    requests.check_settings(app)
    db.check_folder(Path(app.config["DATABASE"]))
    requests.register(app)
    db.init_app(app)
    csrf.init_app(app)
    _check_rendered_folder(Path(app.config["DATABASE"]).parent / "rendered")
    cache.init_app(app)
    compress.init_app(app)
    static_files.init_app(app)
    languages.init_app(app)
    talisman = SecurityHeaders(  # every security header, on every response, set here only
        app,
        force_https=False,  # tables at home use plain http on the local network
        session_cookie_secure=False,  # decided per request by requests.SessionCookies
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
    app.context_processor(
        lambda: {
            "current_locale": current_language().lang,
            "share_url": share_url,
            "fixed_url": fixed_url,
            "phones_cannot_reach": phones_cannot_reach,
            "languages": languages.language_links,
        }
    )
    formatting.init_app(app)
    errors.register(app)
    return app


def compile_templates(app: Flask) -> None:
    """Every page template compiled now, once per server process: a process compiles a
    template the first time it renders it, and the first save or page a fresh worker served
    waited for its templates' compiling (benchmarks/README.md)."""
    for name in app.jinja_env.list_templates(extensions=["html"]):
        app.jinja_env.get_template(name)


def _check_rendered_folder(folder: Path) -> None:
    """The folder of rendered pages, beside the database: the cache reads its files back
    with pickle, so nobody but this user may write there."""
    folder.mkdir(mode=0o700, exist_ok=True)
    found = folder.stat()
    if found.st_uid != os.getuid() or found.st_mode & 0o077:
        raise RuntimeError(
            f"{folder} holds rendered pages and must belong to this user alone "
            "(chmod 700, or remove it and it is made again)"
        )
