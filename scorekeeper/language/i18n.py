"""The engine's messages said in a table's language, for the shells.

The engine answers in English with every reason, explain line and error a
:class:`~.rules.messages.Message` (its id and parameters). In a request the web
shell says them with Flask-Babel's translations for the request's language; the
CLI and the JSON API's ``lang`` load the same catalogs from ``translations/``, and
a printed sheet or pad speaks the language it is printed in (:func:`speaking`), in a
request or not.

A catalog that was not compiled yet is read from its ``.po`` file, so a fresh
checkout speaks every language it has a catalog for.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations
from flask import g, has_request_context
from flask_babel import get_babel
from flask_babel.speaklater import LazyString
from jinja2 import Environment
from markupsafe import Markup

from scorekeeper.rules.messages import ENGLISH, say_all
from scorekeeper.settings import PROJECT_ROOT

TRANSLATIONS = PROJECT_ROOT / "translations"
DEFAULT = "en"


def languages() -> tuple[str, ...]:
    """English and every language with a catalog."""
    found = sorted(
        path.name
        for path in TRANSLATIONS.glob("*")
        if (path / "LC_MESSAGES" / "messages.po").is_file()
        or (path / "LC_MESSAGES" / "messages.mo").is_file()
    )
    return (DEFAULT, *[code for code in found if code != DEFAULT])


def base(lang: str) -> str:
    """'de-AT' and 'de_AT' speak 'de'."""
    return lang.replace("-", "_").split("_")[0].lower()


def best_language(wanted: Iterable[str]) -> str:
    """The first language of ``wanted`` (most preferred first) we speak, else English."""
    known = languages()
    for lang in wanted:
        if lang and base(lang) in known:
            return base(lang)
    return DEFAULT


@functools.cache
def translations(lang: str) -> Translations | NullTranslations:
    """The catalog of ``lang`` (English: the ids themselves)."""
    lang = base(lang)
    if lang == DEFAULT:
        return NullTranslations()
    folder = TRANSLATIONS / lang / "LC_MESSAGES"
    compiled = folder / "messages.mo"
    source = folder / "messages.po"
    if source.is_file() and (
        not compiled.is_file() or compiled.stat().st_mtime < source.stat().st_mtime
    ):
        with source.open("rb") as stream:
            catalog = read_po(stream, locale=lang)
        buffer = BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        return Translations(buffer)
    if compiled.is_file():
        with compiled.open("rb") as stream:
            return Translations(stream)
    return NullTranslations()


def say_in(value: Any, lang: str = DEFAULT) -> Any:
    """Every engine message inside ``value`` (an answer, an error) in ``lang``."""
    if base(lang) == DEFAULT:
        return say_all(value, ENGLISH, DEFAULT)
    return say_all(value, translations(lang), base(lang))


def say_in_current_language(value: Any) -> Any:
    """Every engine message inside ``value`` in the current request's language."""
    speech = current_language()
    if speech.lang == DEFAULT:
        return say_all(value, ENGLISH, DEFAULT)
    return say_all(value, speech.translations, speech.lang)


@dataclass(frozen=True)
class Speech:
    """A request's language ("de") and its catalog."""

    lang: str
    translations: Translations | NullTranslations


_ENGLISH_SPEECH = Speech(DEFAULT, NullTranslations())
# the language chosen for what is said inside speaking(): over the request's own
_chosen: ContextVar[Speech | None] = ContextVar("scorekeeper_speech", default=None)


@contextmanager
def speaking(lang: str) -> Iterator[Speech]:
    """Everything said inside the block (gettext, the pages' filters, numbers and dates) in
    ``lang``, in a request or outside one: a sheet or pad printed in a chosen language."""
    chosen = Speech(base(lang), translations(lang))
    token = _chosen.set(chosen)
    try:
        yield chosen
    finally:
        _chosen.reset(token)


def current_language() -> Speech:
    """The language and catalog words are said in: the one chosen by :func:`speaking`,
    else the current request's, as Flask-Babel chose it.

    Looked up once per request and remembered: Flask-Babel's own ``gettext`` walks the request
    context on every call, and a page says a few hundred words. Outside a request
    (the CLI, a test building a sheet) the words are English unless chosen."""
    chosen = _chosen.get()
    if chosen is not None:
        return chosen
    if not has_request_context():
        return _ENGLISH_SPEECH
    speech = g.get("_speech")
    if speech is None:
        # the app's locale selector, as Flask-Babel's get_locale asks it, and the catalog
        # cached per language here (Flask-Babel's lookups walk the request context again)
        babel = get_babel()
        chosen = babel.locale_selector() if babel.locale_selector else None
        lang = base(str(chosen or babel.default_locale))
        speech = g._speech = Speech(lang, translations(lang))
    return speech


def gettext(text: str, **variables: Any) -> str:
    """``text`` in the request's language, its ``%(name)s`` slots filled (Flask-Babel's
    ``gettext``, with the request's catalog looked up once)."""
    said = current_language().translations.ugettext(text)
    return said % variables if variables else said


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The singular or plural of the request's language for ``num`` (``%(num)s`` filled)."""
    variables.setdefault("num", num)
    return current_language().translations.ungettext(singular, plural, num) % variables


def lazy_gettext(text: str, **variables: Any) -> LazyString:
    """``gettext`` when the text is shown, so a form built once speaks each request's
    language."""
    return LazyString(gettext, text, **variables)


def install_in_templates(env: Environment) -> None:
    """Templates' ``_``, ``gettext`` and ``ngettext`` through :func:`current_language`, its
    ``%(name)s`` slots filled and escaped as Jinja's i18n extension fills them ("newstyle").

    Every template rendered escapes (Flask's pages and the printed sheets), so each word is
    Markup without asking the template: Jinja's own callables take the template's context
    for that one question, and a context passed from inside a loop or after a ``set`` is a
    copy of the whole context, made for every word (much of a game page's rendering)."""
    # installed for what it tells the `trans` tag (newstyle: the callables fill the slots),
    # then the callables it wrapped in context-taking ones replaced by ours
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=gettext, ngettext=ngettext, newstyle=True
    )
    env.globals.update(_=_markup_gettext, gettext=_markup_gettext, ngettext=_markup_ngettext)


def _markup_gettext(text: str, **variables: Any) -> Markup:
    return Markup(current_language().translations.ugettext(text)) % variables


def _markup_ngettext(singular: str, plural: str, num: int, **variables: Any) -> Markup:
    variables.setdefault("num", num)
    return Markup(current_language().translations.ungettext(singular, plural, num)) % variables
