"""Which language a page speaks: the table's own choice (``?lang=xx``, then remembered in a
cookie) over the phone's Accept-Language, and the footer's links to the page in each."""

from __future__ import annotations

import functools

from babel import Locale
from flask import Flask, request, url_for
from flask_babel import get_babel
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from scorekeeper.settings import PROJECT_ROOT

from .extensions import babel

TRANSLATIONS = PROJECT_ROOT / "translations"
LANGUAGE_COOKIE = "lang"
# the query arguments a page reads to choose what it shows (sessions, referee views)
PAGE_ARGUMENTS = ("all", "page", "session")


def _languages() -> tuple[str, ...]:
    """English (the msgids) and every language with a catalog: adding a language is adding
    its catalog under translations/, nothing else."""
    found = sorted(path.parent.parent.name for path in TRANSLATIONS.glob("*/LC_MESSAGES/*.po"))
    return ("en", *(code for code in found if code != "en"))


LANGUAGES = _languages()


def _locale() -> Locale | None:
    """The table's own choice (``?lang=xx``, then remembered in a cookie) wins over the phone's.

    A Locale made once per language (Flask-Babel parsed the code on every request that
    speaks), and the phone's Accept-Language, the same on each of its requests, matched once."""
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


@functools.cache
def _own_name(code: str) -> str:
    """A language's name in itself ("Deutsch"), capitalised (Babel reads it from its data)."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def language_links() -> list[tuple[str, str, str]]:
    """(code, the language's own name, this page in it) for the footer's selector."""
    # only the query arguments that choose what a page shows: others (?msg=..., _anchor,
    # _method) would be stored in a cached page for every later viewer, or break url_for
    shown = {name: request.args[name] for name in PAGE_ARGUMENTS if name in request.args}
    args = {**(request.view_args or {}), **shown}
    if not request.endpoint:
        return [(code, _own_name(code), "") for code in LANGUAGES]
    # the links differ in their last query argument alone (the codes are letters and "_",
    # written as they are): the page's address built once, not once per language
    address = url_for(request.endpoint, **args)
    joiner = "&" if "?" in address else "?"
    return [(code, _own_name(code), f"{address}{joiner}lang={code}") for code in LANGUAGES]


def init_app(app: Flask) -> None:
    """Flask-Babel choosing each request's language here; a ``?lang=`` the table chose remembered
    in a cookie for its next pages."""
    babel.init_app(app, locale_selector=_locale)

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
