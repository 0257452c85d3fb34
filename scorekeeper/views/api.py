"""The JSON API of the contract (shared/spec/referee-json.md): the engine over HTTP."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from ..extensions import csrf
from ..limits import ENGINE_SLOTS, Busy
from ..openapi import OPENAPI
from ..rules import RulesError, arrange, check, game, score, variants
from ..rules.arranger import search_budget
from ..rules.requests import parse_json_request

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)  # JSON clients send no form token; nothing here changes stored data

QUESTIONS = {"check": check, "arrange": arrange, "score": score, "game": game}


def error_response(message: str, field: str | None, status: int):
    return jsonify(error=message, field=field), status


@bp.get("/variants")
def list_variants():
    return jsonify(variants())


@bp.post("/<question>")
def ask(question: str):
    answer_with = QUESTIONS.get(question)
    if answer_with is None:
        return error_response(
            f"there is no question '{question}': ask check, arrange, score or game", None, 404
        )
    if not request.is_json:
        return error_response(
            "the request body must be JSON (Content-Type: application/json)", None, 400
        )
    try:
        body = parse_json_request(request.get_data(cache=False))
        if not isinstance(body, dict):
            raise RulesError("the request must be a JSON object", None)
        with ENGINE_SLOTS.slot(), search_budget():
            return jsonify(answer_with(body))
    except RulesError as error:
        return error_response(error.message, error.field, 400)
    except Busy as busy:
        response, status = error_response(busy.message, None, 503)
        response.headers["Retry-After"] = str(busy.retry_after)
        return response, status


@bp.get("/openapi.json")
def openapi():
    return jsonify(OPENAPI)
