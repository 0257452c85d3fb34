"""The JSON API of the contract (shared/spec/referee-json.md): the engine over HTTP."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from werkzeug.exceptions import HTTPException

from ..app import csrf
from ..openapi import OPENAPI
from ..rules import RulesError, arrange, check, game, score, variants

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)  # JSON clients send no form token; nothing here changes stored data

QUESTIONS = {"check": check, "arrange": arrange, "score": score, "game": game}


def _error(message: str, field: str | None, status: int):
    return jsonify(error=message, field=field), status


@bp.get("/variants")
def list_variants():
    return jsonify(variants())


@bp.post("/<question>")
def ask(question: str):
    answer_with = QUESTIONS.get(question)
    if answer_with is None:
        return _error(
            f"there is no question '{question}': ask check, arrange, score or game", None, 404
        )
    body: Any = request.get_json(silent=True)
    if body is None:
        return _error("the request body must be JSON (Content-Type: application/json)", None, 400)
    if not isinstance(body, dict):
        return _error("the request must be a JSON object", None, 400)
    try:
        return jsonify(answer_with(body))
    except RulesError as error:
        return _error(error.message, error.field, 400)


@bp.get("/openapi.json")
def openapi():
    return jsonify(OPENAPI)


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    return _error(error.description or error.name, None, error.code or 500)


@bp.app_errorhandler(404)
def not_found(error: HTTPException):
    if request.path.startswith("/api/"):
        return _error("there is nothing at this address of the API", None, 404)
    from flask import render_template

    return render_template(
        "error.html",
        title="Not found",
        message="There is nothing at this address. A session link must be copied whole.",
    ), 404


@bp.app_errorhandler(405)
def not_allowed(error: HTTPException):
    if request.path.startswith("/api/"):
        return _error(f"{request.method} is not allowed here", None, 405)
    from flask import render_template

    return render_template(
        "error.html", title="Not allowed", message="This page cannot do that."
    ), 405
