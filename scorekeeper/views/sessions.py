"""Starting a session, its page (score sheet), sharing links, corrections history, and each phone's list."""

from __future__ import annotations

from io import BytesIO

import segno
from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    url_for,
)
from flask import session as cookie
from flask_babel import gettext as _

from .. import store
from ..forms import EmptyForm, options_from, players_from_text, session_form
from ..links import share_url
from ..rules.catalog import VARIANTS, resolve
from ..sheet import build_sheet, chart_svg

bp = Blueprint("sessions", __name__)

HELD = "held"  # the signed cookie listing the links this phone created or opened
MAX_HELD = 200


def remember(token: str) -> None:
    held = [t for t in cookie.get(HELD, []) if t != token]
    cookie[HELD] = [token, *held][:MAX_HELD]
    cookie.permanent = True


def open_session(token: str) -> tuple[store.Session, bool]:
    found = store.find_session(token)
    if found is None:
        abort(404)
    return found


def require_edit(token: str) -> store.Session:
    session, can_edit = open_session(token)
    if not can_edit:
        abort(403)
    return session


@bp.get("/")
def index():
    held = store.sessions_by_tokens(cookie.get(HELD, []))
    listed = []
    for session, can_edit in held:
        sheet = build_sheet(session)
        listed.append({"session": session, "can_edit": can_edit, "sheet": sheet})
    listed.sort(key=lambda item: item["session"].created, reverse=True)
    return render_template("index.html", held=listed, variants=list(VARIANTS.values()))


@bp.route("/new/<variant_id>", methods=["GET", "POST"])
def new(variant_id: str):
    variant = VARIANTS.get(variant_id)
    if variant is None:
        abort(404)
    form = session_form(variant)
    if form.validate_on_submit():
        players = players_from_text(form.players.data)
        options = options_from(form, variant)
        try:
            resolve(variant.id, options, players=len(players))
        except Exception as error:  # an option value the engine refuses
            form.players.errors = [*form.players.errors, str(error)]
        else:
            dealer = (form.dealer.data or "").strip() or players[0]
            session = store.create_session(variant.id, options, players, dealer)
            remember(session.edit_token)
            return redirect(url_for("sessions.page", token=session.edit_token))
    return render_template("new_session.html", variant=variant, form=form)


@bp.get("/s/<token>")
def page(token: str):
    session, can_edit = open_session(token)
    remember(token)
    sheet = build_sheet(session)
    rules = resolve(session.variant, session.options, len(session.players))
    return render_template(
        "session.html",
        session=session,
        token=token,
        can_edit=can_edit,
        sheet=sheet,
        rules=rules,
        chart=chart_svg(sheet),
        form=EmptyForm(),
    )


@bp.get("/s/<token>/revision")
def revision(token: str):
    session, _ = open_session(token)
    return jsonify(revision=session.revision)


@bp.get("/s/<token>/qr/<kind>.svg")
def qr(token: str, kind: str):
    session, can_edit = open_session(token)
    if kind == "edit" and can_edit:
        target = session.edit_token
    elif kind == "view":
        target = session.view_token
    else:
        abort(404)
    link = share_url("sessions.page", token=target)
    # a whole SVG document (with its namespace): an <img> does not render inline SVG markup
    buffer = BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", scale=4, dark="#000", light="#fff")
    return Response(buffer.getvalue(), mimetype="image/svg+xml")


@bp.post("/s/<token>/again")
def again(token: str):
    session = require_edit(token)
    if not EmptyForm().validate_on_submit():
        abort(400)
    sheet = build_sheet(session)
    winners = sheet.result["winners"] if sheet.result else []
    # the deal passes on from the last game's next dealer
    dealer = sheet.next_dealer if sheet.rows else session.first_dealer
    new_session = store.create_session(
        session.variant, session.options, session.players, dealer, previous_id=session.id
    )
    remember(new_session.edit_token)
    if winners:
        flash(_("New game. The last one went to %(winners)s.", winners=", ".join(winners)))
    return redirect(url_for("sessions.page", token=new_session.edit_token))


@bp.get("/s/<token>/versions")
def versions(token: str):
    session = require_edit(token)
    return render_template(
        "versions.html",
        session=session,
        token=token,
        versions=store.versions_of(session),
        form=EmptyForm(),
    )


@bp.post("/s/<token>/versions/<int:version_id>/restore")
def restore(token: str, version_id: int):
    session = require_edit(token)
    if not EmptyForm().validate_on_submit() or not store.restore_version(session, version_id):
        abort(404)
    flash(_("The earlier version is back; everything after it was recomputed."))
    return redirect(url_for("sessions.page", token=token))
