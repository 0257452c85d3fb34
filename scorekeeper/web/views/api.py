"""The JSON API of the contract (shared/spec/referee-json.md): the engine over HTTP."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify, request
from werkzeug.routing import BaseConverter

from scorekeeper.language.i18n import base, languages, say_in
from scorekeeper.rules import RulesError, arrange, check, game, score, variants
from scorekeeper.rules.arranger import search_budget
from scorekeeper.rules.messages import N_
from scorekeeper.rules.reading import parse_json_request
from scorekeeper.web.errors import answer_in, header_language
from scorekeeper.web.extensions import csrf
from scorekeeper.web.limits import ENGINE_SLOTS
from scorekeeper.web.openapi import OPENAPI
from scorekeeper.web.photos import checked_variant, count_photo, read_photo

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)  # JSON clients send no form token; nothing here changes stored data

QUESTIONS = {"check": check, "arrange": arrange, "score": score, "game": game}


class Question(BaseConverter):
    """Any name but the API's pages: POST /api/v1/variants is a 405 (that page is GET
    only), an unknown question a 404 naming the questions there are."""

    regex = r"(?!variants$|openapi\.json$|recognize$)[^/]+"


bp.record_once(lambda state: state.app.url_map.converters.setdefault("question", Question))


def _language(body: dict) -> str:
    """The body's ``lang`` (taken out: the engine never sees it), else Accept-Language."""
    if "lang" not in body:
        return header_language()
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
    # a GET has no body: ``?lang=`` plays the body's part
    lang = _language(request.args.to_dict())
    answer_in(lang)
    return jsonify(say_in(variants(), lang))


@bp.post("/<question:question>")
def ask(question: str):
    # a 404, a RulesError (400) or Busy (503 with Retry-After) raised here is answered by
    # errors.register, in the language answer_in chose (else Accept-Language's)
    answer_with = QUESTIONS.get(question)
    if answer_with is None:
        abort(
            404,
            N_(
                "there is no question '%(question)s': ask check, arrange, score or game",
                question=question,
            ),
        )
    if not request.is_json:
        raise RulesError(N_("the request body must be JSON (Content-Type: application/json)"), None)
    body = parse_json_request(request.get_data(cache=False))
    if not isinstance(body, dict):
        raise RulesError(N_("the request must be a JSON object"), None)
    lang = _language(body)
    answer_in(lang)
    with ENGINE_SLOTS.slot(), search_budget():
        answer = answer_with(body)
    return jsonify(say_in(answer, lang))


NO_PHOTO_PART = N_("send the photo as multipart/form-data, in the file field 'photo'")


NO_PHOTO_PART = N_("send the photo as multipart/form-data, in the file field 'photo'")


@bp.post("/recognize")
def recognize():
    """The cards in a photo (multipart: file ``photo``, optional ``variant``). The photo
    is read in memory and dropped with the request; nothing of it is stored or logged."""
    answer_in(header_language())
    if request.mimetype != "multipart/form-data":
        raise RulesError(NO_PHOTO_PART, "photo")
    answer_in(_language(request.form.to_dict()))  # an optional field ``lang``, as in JSON
    variant = checked_variant(request.form.get("variant"))
    upload = request.files.get("photo")
    if upload is None:
        raise RulesError(NO_PHOTO_PART, "photo")
    count_photo()
    return jsonify(read_photo(upload.read(), variant))


@bp.get("/openapi.json")
def openapi():
    return jsonify(OPENAPI)
