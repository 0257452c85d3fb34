"""The JSON API of the contract (shared/spec/referee-json.md): the engine over HTTP."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from ..extensions import csrf
from ..i18n import base, best_language, languages, say_in
from ..limits import ENGINE_SLOTS, Busy
from ..openapi import OPENAPI
from ..rules import RulesError, arrange, check, game, score, variants
from ..rules.arranger import search_budget
from ..rules.messages import N_
from ..rules.reading import parse_json_request

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)  # JSON clients send no form token; nothing here changes stored data

QUESTIONS = {"check": check, "arrange": arrange, "score": score, "game": game}


def error_response(message: str, field: str | None, status: int, lang: str | None = None):
    message = say_in(message, lang or _header_language())
    return jsonify(error=message, field=field), status


def _header_language() -> str:
    """Accept-Language, most preferred first; English when it names nothing we speak."""
    return best_language(lang for lang, _ in request.accept_languages)


def _language(body: dict) -> str:
    """The body's ``lang`` (taken out: the engine never sees it), else Accept-Language."""
    if "lang" not in body:
        return _header_language()
    lang = body.pop("lang")
    if not isinstance(lang, str) or base(lang) not in languages():
        raise RulesError(
            N_(
                "'lang' must be one of the languages we speak: %(languages)s",
                languages=", ".join(languages()),
            ),
            "lang",
        )
    return base(lang)


@bp.get("/variants")
def list_variants():
    return jsonify(variants())


@bp.post("/<question>")
def ask(question: str):
    answer_with = QUESTIONS.get(question)
    if answer_with is None:
        return error_response(
            N_(
                "there is no question '%(question)s': ask check, arrange, score or game",
                question=question,
            ),
            None,
            404,
        )
    if not request.is_json:
        return error_response(
            N_("the request body must be JSON (Content-Type: application/json)"), None, 400
        )
    lang = None
    try:
        body = parse_json_request(request.get_data(cache=False))
        if not isinstance(body, dict):
            raise RulesError(N_("the request must be a JSON object"), None)
        lang = _language(body)
        with ENGINE_SLOTS.slot(), search_budget():
            answer = answer_with(body)
        return jsonify(say_in(answer, lang))
    except RulesError as error:
        return error_response(error.message, error.field, 400, lang)
    except Busy as busy:
        response, status = error_response(busy.message, None, 503)
        response.headers["Retry-After"] = str(busy.retry_after)
        return response, status


@bp.get("/openapi.json")
def openapi():
    return jsonify(OPENAPI)
