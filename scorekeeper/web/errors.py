"""The JSON API's one error shape: ``{"error", "field"}`` with the HTTP status.

app.register_error_pages maps every error to a response in one place; under /api/ it
answers with :func:`json_error`, elsewhere with a page. An API error is said in the
language the question asked for: the body's ``lang`` once the view has read it, else
Accept-Language.
"""

from __future__ import annotations

from typing import Any

from flask import Response, g, jsonify, request

from scorekeeper.language.i18n import best_language, say_in


def header_language() -> str:
    """Accept-Language, most preferred first; English when it names nothing we speak."""
    return best_language(lang for lang, _ in request.accept_languages)


def answer_in(lang: str) -> None:
    """Say this request's answer, and any error after this point, in ``lang``."""
    g.api_language = lang


def answer_language() -> str:
    return g.get("api_language") or header_language()


def json_error(message: Any, field: str | None, status: int) -> Response:
    response = jsonify(error=say_in(message, answer_language()), field=field)
    response.status_code = status
    return response
