"""The base of every form of the web app: Flask-WTF's form, its built-in messages said in
the request's language from catalogs read once per process, and its CSRF token made when
the form is drawn."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.csrf import _FlaskFormCSRF
from wtforms.csrf.core import CSRFTokenField

from scorekeeper.language.i18n import here


class TokenWhenDrawn(CSRFTokenField):
    """WTForms' CSRF field, its token made when the page draws it rather than when a sent
    form is read: a save answered with a redirect draws no form, and signing a token for it
    was 4% of a round save's instructions. Flask-WTF signs one token per request (kept in
    ``g``) either way, so a page drawn twice, or a form and the kept round form, show the
    same token; what is checked on a POST is unchanged (CSRFProtect, before the view)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.type = "CSRFTokenField"  # what the templates know it by

    def process(self, *args, **kwargs) -> None:
        super(CSRFTokenField, self).process(*args, **kwargs)  # a HiddenField's, no token yet

    @property
    def current_token(self) -> str:  # read by _value() when the field is drawn
        return self.csrf_impl.generate_csrf_token(self)


class CSRFWhenDrawn(_FlaskFormCSRF):
    """Flask-WTF's CSRF for forms, with the field above (WTForms' ``CSRF.field_class``)."""

    field_class = TokenWhenDrawn


class Form(FlaskForm):
    """Flask-WTF's form. With ``WTF_I18N_ENABLED`` (its default) Flask-WTF reads WTForms'
    catalog from disk on every request that builds a form (0.56 ms of each save); the app
    turns that off and names the request's language here instead, so WTForms' own
    translations cache (``Meta.cache_translations``) keeps one catalog per language."""

    class Meta:
        csrf_class = CSRFWhenDrawn

        @property
        def locales(self) -> list[str]:
            # English after the request's language: WTForms has no catalog for some of ours
            # (Vietnamese), and gettext refuses a list of languages it finds none of
            return [here().lang, "en"]
