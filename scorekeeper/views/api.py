"""The JSON API of the contract (shared/spec/referee-json.md): the engine over HTTP."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from ..extensions import csrf
from ..openapi import OPENAPI
from ..rules import RulesError, arrange, check, game, score, variants

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
    body: Any = request.get_json(silent=True)
    if body is None:
        return error_response(
            "the request body must be JSON (Content-Type: application/json)", None, 400
        )
    if not isinstance(body, dict):
        return error_response("the request must be a JSON object", None, 400)
    try:
        return jsonify(answer_with(body))
    except RulesError as error:
        return error_response(error.message, error.field, 400)


@bp.get("/openapi.json")
def openapi():
    return jsonify(OPENAPI)
