"""A session exported as JSON (the contract's game and what the session adds) or as CSV."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, abort

from scorekeeper.rules import RulesError, game
from scorekeeper.storage import exchange, history_store, round_store, session_store
from scorekeeper.storage.game_record import scored_points

from ..access import open_session
from ..score_pdf import page_locale
from .blueprint import bp


def _export(token: str) -> tuple[session_store.Session, dict[str, Any], dict[str, Any] | None]:
    session, _can_edit = open_session(token)
    try:  # the points stored with the rounds: no replay of the evening
        session, rounds, result = scored_points(session)
    except RulesError:  # a stored round no longer scores: the export says why
        (session, rounds), result = round_store.snapshot(session.id), None
    data = exchange.record(
        session,
        rounds,
        history_store.versions_of(session),
        session_store.session_details(session.id),
        page_locale(),
        result,
    )
    return session, data, result


@bp.get("/s/<token>/export.json")
def export_json(token: str):
    session, data, _result = _export(token)
    body = json.dumps(data, ensure_ascii=False, indent=2)
    return Response(
        body,
        mimetype="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="scorekeeper-{session.variant}-'
            f'{session.created[:10]}.json"'
        },
    )


@bp.get("/s/<token>/export.csv")
def export_csv(token: str):
    session, data, result = _export(token)
    if "error" in data["result"]:
        abort(409, data["result"]["error"])
    text = exchange.to_csv(data["game"], result if result is not None else game(data["game"]))
    return Response(
        text.encode("utf-8"),
        mimetype="text/csv",
        headers={
            "Content-Disposition": f'attachment; filename="scorekeeper-{session.variant}-'
            f'{session.created[:10]}.csv"'
        },
    )
