"""The base of every form of the web app: Flask-WTF's form, its built-in messages said in
the request's language from catalogs read once per process; and the CSRF token a cached
page's forms carry."""

from __future__ import annotations

from flask import current_app
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf

from scorekeeper.language.i18n import current_language


class Form(FlaskForm):
    """Flask-WTF's form. With ``WTF_I18N_ENABLED`` (its default) Flask-WTF reads WTForms'
    catalog from disk on every request that builds a form (a share of each save); the app
    turns that off and names the request's language here instead, so WTForms' own
    translations cache (``Meta.cache_translations``) keeps one catalog per language."""

    class Meta:
        @property
        def locales(self) -> list[str]:
            # English after the request's language: WTForms has no catalog for some of ours
            # (Vietnamese), and gettext refuses a list of languages it finds none of
            return [current_language().lang, "en"]


def page_csrf_token() -> str | None:
    """The phone's CSRF token for a cached page's forms, as a form of this app would render it
    (Flask-WTF signs one per request), made without building a form; None with CSRF off."""
    return generate_csrf() if current_app.config.get("WTF_CSRF_ENABLED", True) else None
