"""The Flask app factory: configuration, database, CSRF, translations and blueprints."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, render_template, request
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError

from .extensions import babel, csrf

PROJECT_ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "de")


def _secret_key(instance_path: Path) -> str:
    """The configured key, or one generated once and kept in instance/ (never a fixed one)."""
    key_file = instance_path / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    key = secrets.token_hex(32)
    key_file.write_text(key)
    key_file.chmod(0o600)
    return key


def _locale() -> str | None:
    return request.accept_languages.best_match(LANGUAGES)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_path=str(PROJECT_ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE=os.environ.get("SCOREKEEPER_DATABASE", str(instance / "scorekeeper.sqlite")),
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        SESSION_COOKIE_SAMESITE="Lax",
        WTF_CSRF_TIME_LIMIT=None,  # a form left open through a long hand must still save
        BABEL_TRANSLATION_DIRECTORIES=str(PROJECT_ROOT / "translations"),
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(instance)

    from . import db
    from .views import BLUEPRINTS

    db.init_app(app)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=_locale)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)

    @app.context_processor
    def locale() -> dict[str, Any]:
        from flask_babel import get_locale

        return {"current_locale": str(get_locale() or "en")}

    register_error_pages(app)
    return app


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
}


def register_error_pages(app: Flask) -> None:
    """Errors map to statuses here, in one place: JSON under /api/, a page elsewhere."""
    from flask_babel import gettext as _
    from werkzeug.exceptions import HTTPException

    from .views.api import error_response

    @app.errorhandler(CSRFError)
    def csrf_failed(_error: CSRFError):
        message = _(
            "This form was not sent from this app, or the page is too old. Go back, reload and send it again."
        )
        return render_template("error.html", title=_("Form expired"), message=message), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        status = error.code or 500
        if request.path.startswith("/api/"):
            return error_response(error.description or error.name, None, status)
        title, message = ERROR_PAGES.get(status, (error.name, error.description or ""))
        return render_template("error.html", title=title, message=message), status
