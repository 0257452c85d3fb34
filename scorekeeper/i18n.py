"""The engine's messages said in a table's language, for the shells.

The engine answers in English with every reason, explain line and error a
:class:`~.rules.messages.Message` (its id and parameters). In a request the web
shell says them with Flask-Babel's translations for the request's language; the
CLI and the JSON API's ``lang`` load the same catalogs from ``translations/``.

A catalog that was not compiled yet is read from its ``.po`` file, so a fresh
checkout speaks every language it has a catalog for.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from .rules.messages import ENGLISH, say_all

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
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


def say_here(value: Any) -> Any:
    """Every engine message inside ``value`` in the current request's language."""
    from flask_babel import get_locale, get_translations

    locale = get_locale()
    lang = str(locale) if locale is not None else DEFAULT
    if base(lang) == DEFAULT:
        return say_all(value, ENGLISH, DEFAULT)
    return say_all(value, get_translations(), base(lang))
