"""The base of every form of the web app: Flask-WTF's form, its built-in messages said in
the request's language from catalogs read once per process."""

from __future__ import annotations

from flask_wtf import FlaskForm

from scorekeeper.language.i18n import here


class Form(FlaskForm):
    """Flask-WTF's form. With ``WTF_I18N_ENABLED`` (its default) Flask-WTF reads WTForms'
    catalog from disk on every request that builds a form (0.56 ms of each save); the app
    turns that off and names the request's language here instead, so WTForms' own
    translations cache (``Meta.cache_translations``) keeps one catalog per language."""

    class Meta:
        @property
        def locales(self) -> list[str]:
            # English after the request's language: WTForms has no catalog for some of ours
            # (Vietnamese), and gettext refuses a list of languages it finds none of
            return [here().lang, "en"]
