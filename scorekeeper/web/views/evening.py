"""The end of an evening: settlement, name and stake, export/import, score pads, and stats.

Settlement and the session's name show on the session page through the
``evening_block`` template global, so the session view stays as it is.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from io import BytesIO
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    redirect,
    render_template,
    request,
    send_file,
    url_for,
)
from flask.blueprints import BlueprintSetupState
from flask_limiter import RequestLimit
from flask_wtf.file import FileField
from wtforms import StringField
from wtforms.validators import Length, Optional, ValidationError

from scorekeeper.language.formatting import translated
from scorekeeper.language.i18n import gettext as _
from scorekeeper.language.i18n import lazy_gettext as _l
from scorekeeper.language.money import amount_text, digits_of
from scorekeeper.language.stakes import checked_stake, kept_stake, stake_left_out
from scorekeeper.printing import pdf as printing
from scorekeeper.printing.pads import render_pad
from scorekeeper.printing.sheets import BASIS_TEXT
from scorekeeper.rules import RulesError, game
from scorekeeper.rules.catalog import default_name
from scorekeeper.rules.names import has_controls
from scorekeeper.rules.reading import MOST_REQUEST_BYTES
from scorekeeper.rules.records import VARIANTS
from scorekeeper.rules.variant import Goal
from scorekeeper.storage import (
    device_store,
    exchange,
    game_stats,
    history_store,
    import_store,
    round_store,
    session_store,
)
from scorekeeper.storage.game_page import build_sheet
from scorekeeper.storage.game_record import kept_figures
from scorekeeper.web import rate_limits
from scorekeeper.web.extensions import kept
from scorekeeper.web.form_base import Form
from scorekeeper.web.links import share_url

from .access import open_session, phone_keeping, phone_reading, remember, require_edit
from .pdf_sheets import page_locale

bp = Blueprint("evening", __name__)


def _shows_plainly(_form: Form, field: Any) -> None:
    if field.data and has_controls(field.data):
        raise ValidationError(_("A name cannot contain control characters."))


class DetailsForm(Form):
    name = StringField(
        _l("Name of this evening"),
        validators=[Optional(), Length(max=exchange.MAX_NAME), _shows_plainly],
    )
    stake = StringField(_l("Stake per point"), validators=[Optional(), Length(max=12)])
    currency = StringField(_l("Currency"), validators=[Optional(), Length(max=3)])


class ImportForm(Form):
    file = FileField()


def _settlement_view(
    session: session_store.Session, details: dict[str, Any], sheet: Any = None
) -> dict[str, Any] | None:
    """Who pays whom, from the state kept after the last round (no replay)."""
    sheet = sheet if sheet is not None else build_sheet(session, last=0)
    if sheet.error:
        return None
    stake, currency = kept_stake(details)
    money = bool(currency and stake)
    settled = sheet.settlement(stake if money else None, digits_of(currency))
    locale = page_locale()
    return {
        "basis": _(BASIS_TEXT[settled["basis"]]),
        "payments": [
            {
                "from": payment["from"],
                "to": payment["to"],
                "amount": amount_text(
                    payment["amount"], settled, currency if money else None, locale
                ),
            }
            for payment in settled["payments"]
        ],
        "played": bool(sheet.round_count),
        "stake_left_out": stake_left_out(details),
    }


@bp.app_template_global()
def evening_block(session: session_store.Session, sheet: Any = None) -> dict[str, Any]:
    """What the session page shows of the evening: its name, the settlement, and the details
    its form is filled with (the form's fields are plain inputs: the page is drawn once for
    every phone, so it holds no phone's CSRF token)."""
    details = session.details
    return {
        "name": details["name"] or default_name(session.variant, session.created),
        "details": details,
        "settlement": _settlement_view(session, details, sheet),
    }


@bp.post("/s/<token>/details")
def details(token: str):
    session = require_edit(token)
    form = DetailsForm()
    if not form.validate_on_submit():
        # the page's inputs keep to these bounds: only a crafted request gets here, and
        # is told what it broke
        for field in form:
            for error in field.errors:
                flash(f"{field.label.text}: {error}")
        return redirect(url_for("sessions.page", token=token))
    name = (form.name.data or "").strip() or None
    try:
        stake, currency = checked_stake(
            (form.stake.data or "").strip() or None, (form.currency.data or "").strip() or None
        )
    except RulesError as error:
        flash(translated(error.message))
        return redirect(url_for("sessions.page", token=token))
    session_store.set_session_details(session.id, name, stake, currency)
    flash(_("Saved."))
    return redirect(url_for("sessions.page", token=token))


def _export(token: str) -> tuple[session_store.Session, dict[str, Any], dict[str, Any] | None]:
    session, _can_edit = open_session(token)
    try:  # the figures kept with the rounds: no replay of the evening
        session, rounds, result = kept_figures(session)
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


# A table imports an evening now and then; more than this is someone filling the disk
# (each import keeps at most exchange.MOST_STORED_BYTES). A phone that drops its cookie is
# still counted by its address, per day (a club's phones may share one behind its router,
# hence the larger number).
IMPORTS_PER_PHONE = "5 per hour"
IMPORTS_PER_ADDRESS = "20 per day"


def too_many_imports(limit: RequestLimit) -> Response:
    """The import page again, saying why (counted by :func:`limit_imports`)."""
    error = _(
        "%(count)s files were imported from here lately: wait a while, then import again.",
        count=limit.limit.amount,
    )
    page = render_template("import.html", form=ImportForm(), error=error)
    retry = max(1, int(limit.window.reset_time - time.time()))
    return Response(page, status=429, headers={"Retry-After": str(retry)})


@bp.route("/import", methods=["GET", "POST"])
def import_session():
    form = ImportForm()
    error = None
    if form.validate_on_submit():
        upload = form.file.data
        raw = upload.read(MOST_REQUEST_BYTES + 1) if upload else b""
        try:
            if not raw:
                raise RulesError("choose a session file (.json) to import", "file")
            checked = exchange.loads(raw)
        except RulesError as refused:
            error = translated(refused.message) + (f" ({refused.field})" if refused.field else "")
        else:
            session = import_store.import_checked(checked)
            remember(session, True)
            flash(_("Imported: the same rounds and totals as the file."))
            return redirect(url_for("sessions.page", token=session.edit_token))
    status = 400 if error else 200
    return render_template("import.html", form=form, error=error), status


@bp.record_once
def limit_imports(state: BlueprintSetupState) -> None:
    """Imports counted per address and per phone, once the import view is in the app."""
    rate_limits.limit_view(
        state.app,
        "evening.import_session",
        (
            (IMPORTS_PER_ADDRESS, rate_limits.this_address),
            (IMPORTS_PER_PHONE, rate_limits.this_phone),
        ),
        too_many_imports,
    )


@bp.get("/variants/<variant_id>/pad.pdf")
def pad(variant_id: str):
    if variant_id not in VARIANTS:
        abort(404)
    variant = VARIANTS[variant_id]
    low, high = variant.players
    players = request.args.get("players", "")
    count = int(players) if players.isdigit() and len(players) < 3 else min(max(low, 4), high)
    if not low <= count <= high:
        abort(
            400,
            _(
                "%(variant)s is for %(low)s to %(high)s players, not %(count)s.",
                variant=translated(variant.name),
                low=low,
                high=high,
                count=count,
            ),
        )
    paper = printing.paper_of(request.args.get("paper"))
    locale = page_locale()
    document = kept(
        ("pad", variant_id, count, paper, locale),
        None,  # a blank pad changes only with the app, and the cache is cleared at its start
        lambda: render_pad(variant_id, count, paper, locale),
    )
    return send_file(
        BytesIO(document),
        mimetype="application/pdf",
        download_name=f"scorekeeper-pad-{variant_id}.pdf",
    )


def player_stats(games: list[tuple[session_store.Session, Any]]) -> dict[str, Any]:
    """Per player name: games, wins, average per round, best and worst round, wins by
    variant, from each game's part (see game_stats; None: a game that no longer scores)."""
    people: dict[str, dict[str, Any]] = {}
    for session, figures in games:
        if figures is None:
            continue
        variant = VARIANTS[session.variant]
        sign = 1 if variant.goal == Goal.HIGH else -1  # a penalty game's best round is its lowest
        for part in figures:
            person = people.setdefault(
                part["name"],
                {
                    "name": part["name"],
                    "games": 0,
                    "won": 0,
                    "rounds": 0,
                    "points": 0,
                    "best": None,
                    "worst": None,
                    "by_variant": defaultdict(int),
                },
            )
            person["games"] += 1
            if part["won"]:
                person["won"] += 1
                person["by_variant"][variant.name] += 1
            if not part["rounds"]:
                continue
            person["rounds"] += part["rounds"]
            person["points"] += part["points"]
            best = (sign * part["best"], part["best"], variant.name)
            if person["best"] is None or best[0] > person["best"][0]:
                person["best"] = best
            worst = (sign * part["worst"], part["worst"], variant.name)
            if person["worst"] is None or worst[0] < person["worst"][0]:
                person["worst"] = worst
    listed = sorted(people.values(), key=lambda p: (-p["won"], -p["games"], p["name"]))
    for person in listed:
        person["average"] = round(person["points"] / person["rounds"], 1) if person["rounds"] else 0
        person["by_variant"] = sorted(person["by_variant"].items())
    return {"players": listed}


STATS_GAMES = 500  # the latest games a phone and its group hold are enough


class GroupForm(Form):
    """No fields: the CSRF token makes joining, starting and leaving a deliberate tap."""


@bp.get("/stats")
def stats():
    device = phone_reading()
    sessions = device_store.shared_sessions(device, STATS_GAMES + 1) if device else []
    capped = len(sessions) > STATS_GAMES
    counted = game_stats.counted(sessions[:STATS_GAMES])
    figures = player_stats(counted.games)
    most = max([p["games"] for p in figures["players"]] or [1])
    bars = [
        {
            "name": person["name"],
            "y": 4 + i * 22,
            "games": round(300 * person["games"] / most, 1),
            "won": round(300 * person["won"] / most, 1),
            "label": f"{person['won']} / {person['games']}",
        }
        for i, person in enumerate(figures["players"][:20])
    ]
    group = device_store.device_group(device) if device else None
    return render_template(
        "stats.html",
        figures=figures,
        games=len(counted.games),
        waiting=counted.waiting,
        capped=capped,
        bars=bars,
        group=group,
        group_link=share_url("evening.join_group", token=group.token) if group else None,
        form=GroupForm(),
    )


@bp.post("/stats/group")
def start_group():
    if GroupForm().validate_on_submit():
        device_store.start_group(phone_keeping())
    return redirect(url_for("evening.stats"))


@bp.route("/stats/join/<token>", methods=["GET", "POST"])
def join_group(token: str):
    if len(token) > 64 or not device_store.group_exists(token):
        abort(404)
    form = GroupForm()
    if form.validate_on_submit():
        device_store.join_group(phone_keeping(), token)
        flash(_("This phone now shares its games with the table's group."))
        return redirect(url_for("evening.stats"))
    return render_template("group_join.html", form=form, token=token)


@bp.post("/stats/leave")
def leave_group():
    device = phone_reading()
    if GroupForm().validate_on_submit() and device is not None:
        device_store.leave_group(device)
    return redirect(url_for("evening.stats"))
