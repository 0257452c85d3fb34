"""A game page's stream of changes (Server-Sent Events): see ``scorekeeper.web.live``."""

from __future__ import annotations

import io

from flask import Blueprint, Flask, Response, current_app, request
from sqlite_utils.db import NotFoundError

from scorekeeper.language.i18n import current_language
from scorekeeper.storage import replica, session_store
from scorekeeper.web import live

from .access import open_session, require_edit
from .rounds import game_over_parts
from .sessions import live_parts, page_of_every_round

bp = Blueprint("live", __name__)


def init_app(app: Flask) -> None:
    """The process's streams, rendering each event as the stream's own request would."""

    def render(kind: live.Kind, environ: dict) -> tuple[int, str] | None:
        with app.request_context({**environ, "wsgi.input": io.BytesIO()}):
            try:
                session = session_store.get_session(kind.session_id)
            except NotFoundError:  # the game is gone: nothing to show
                return None
            return session.revision, _parts(session, kind)

    app.extensions[live.EXTENSION] = live.Streams(app.config["DATABASE"], render)

    @app.after_request
    def replica_position(response: Response) -> Response:
        # a page or a save's answer says how far the replica has caught up: the phone keeps
        # each round it saved until then (static/offline.js)
        if response.mimetype == "text/html":
            response.headers[REPLICA_HEADER] = live.position_text(replica.position())
        return response


# "none" (no replica: nothing to keep), else "through=<ms>; now=<ms>; run=<id>" on the server's
# clock (see replica.position)
REPLICA_HEADER = "X-Scorekeeper-Replica"


def _parts(session: session_store.Session, kind: live.Kind) -> str:
    if kind.page == "form":
        return game_over_parts(session)
    return live_parts(session, kind.role == "edit", kind.everything)


def _listening_form(can_edit: bool) -> bool:
    """Whether the stream is asked for by a new round's form (``?form=1``): only an editor
    has one, so a read-only link is sent its sheet whatever it asks."""
    return can_edit and request.args.get("form") == "1"


def streams() -> live.Streams:
    return current_app.extensions[live.EXTENSION]


def _seen() -> int | None:
    """The revision the phone shows: the last event it got (its browser says so when it
    reconnects), else the revision its page was rendered at."""
    for given in (request.headers.get("Last-Event-ID", ""), request.args.get("since", "")):
        given = given.strip()
        if given.isdigit() and len(given) < 12:
            return int(given)
    return None


@bp.get("/s/<token>/events")
def events(token: str):
    session, can_edit = open_session(token)
    form = _listening_form(can_edit)
    everything = None if form else page_of_every_round(session)
    kind = live.Kind(
        session.id,
        "edit" if can_edit else "view",
        current_language().lang,
        everything,
        request.script_root,
        "form" if form else "sheet",
    )
    first = live.opening()
    if _seen() != session.revision:  # what it missed: the page's parts as they are now
        first += live.sheet_event(session.revision, _parts(session, kind))
    # after the sheet: a phone forgets the rounds the replica holds only once it has seen
    # that the game is not behind them (a server restored from the replica is)
    first += live.replica_event(replica.position())
    # what rendering its later events needs of this request (the address, the language)
    environ = {name: value for name, value in request.environ.items() if isinstance(value, str)}
    # the server writes this answer from its event loop, not from a thread (serving/)
    request.environ[live.STREAM_ENVIRON_KEY] = True
    response = Response(
        streams().events(kind, session.revision, environ, first),
        mimetype="text/event-stream",
    )
    # never cached by the phone, its service worker or a proxy; nginx passes it on as written
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


@bp.get("/s/<token>/rounds/live-parts")
def form_parts(token: str):
    """A new round's form's parts as they are now, for a phone whose stream says nothing
    (it polls the revision, and asks for these when it moved on rather than reloading the
    form it is typing in)."""
    session = require_edit(token)
    response = Response(game_over_parts(session), mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"
    return response
