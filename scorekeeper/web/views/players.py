"""Between rounds: rename a player, a player leaves, a player joins.

Each change is saved like a round (the engine's seating entry as the round's facts), so it
is kept in the history, undone with "Undo last save" and carried by export and import.
"""

from __future__ import annotations

import functools
import secrets
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, SelectField, StringField
from wtforms.validators import NumberRange, Optional, ValidationError

from scorekeeper.language.i18n import gettext as _
from scorekeeper.language.i18n import lazy_gettext as _l
from scorekeeper.rules import seating
from scorekeeper.rules.catalog import get_variant
from scorekeeper.rules.names import normalised
from scorekeeper.storage import changes, session_store
from scorekeeper.storage.game_page import build_sheet
from scorekeeper.web.errors import keeping_the_form
from scorekeeper.web.form_base import Form
from scorekeeper.web.forms import LONGEST_NAME, name_problem

from . import outcomes
from .access import require_edit

bp = Blueprint("players", __name__, url_prefix="/s/<token>/players")


class _NewName:
    """A name the new-session form would take (the engine checks it is not taken)."""

    def __call__(self, form: FlaskForm, field: Any) -> None:
        name = normalised(field.data or "")
        if not name:
            raise ValidationError(_("Enter a name."))
        problem = name_problem(name, get_variant(form.variant_id))
        if problem:
            raise ValidationError(problem)
        field.data = name


class SeatingForm(Form):
    submission = HiddenField()


class RenameForm(SeatingForm):
    player = SelectField(_l("Player"), validate_choice=False)
    to = StringField(_l("New name"), [_NewName()], render_kw={"maxlength": LONGEST_NAME})


class LeaveForm(SeatingForm):
    player = SelectField(_l("Player"), validate_choice=False)


class JoinForm(SeatingForm):
    name = StringField(_l("Name"), [_NewName()], render_kw={"maxlength": LONGEST_NAME})
    total = IntegerField(
        _l("Starting total"),
        [Optional(), NumberRange(-seating.MOST_TOTAL, seating.MOST_TOTAL)],
        render_kw={"inputmode": "numeric"},
    )
    after = SelectField(_l("Sits after"), validate_choice=False)


FORMS = {"rename": RenameForm, "leave": LeaveForm, "join": JoinForm}


def _forms(session: session_store.Session, answer: dict[str, Any], formdata: Any = None) -> dict:
    key = secrets.token_urlsafe(12)
    forms = {}
    for action, form_class in FORMS.items():
        form = form_class(
            formdata=formdata if formdata and action in formdata.get("action", "") else None,
            prefix=action,
        )
        form.variant_id = session.variant
        if not form.submission.data:
            form.submission.data = key
        forms[action] = form
    forms["rename"].player.choices = [(p, p) for p in answer["players"]]
    forms["leave"].player.choices = [(p, p) for p in answer["seated"]]
    forms["join"].after.choices = [(p, p) for p in answer["seated"]]
    return forms


def _change(action: str, form: Any) -> dict[str, Any]:
    if action == "rename":
        return {"rename": form.player.data, "to": form.to.data}
    if action == "leave":
        return {"leave": form.player.data}
    return {"join": form.name.data, "total": form.total.data, "after": form.after.data}


@bp.route("/", methods=["GET", "POST"])
def edit(token: str):
    session = require_edit(token)
    sheet = build_sheet(session, last=0)
    answer = sheet.result or {"players": session.players, "seated": session.players}
    action = request.form.get("action", "")
    forms = _forms(session, answer, request.form if action in FORMS else None)
    page = functools.partial(
        render_template,
        "players.html",
        session=session,
        sheet=sheet,
        token=token,
        forms=forms,
        answer=answer,
    )
    if request.method == "POST" and action in FORMS:
        form = forms[action]
        if form.validate():
            key = (form.submission.data or "").strip()[:64] or None
            with keeping_the_form(form, page):
                outcome = changes.apply(
                    session.id, changes.plan_seating(_change(action, form), key)
                )
            told = outcomes.told(outcome, outcomes.SEATING)
            if told.status == outcomes.BACK:
                outcomes.flash_told(told)
                return redirect(url_for("sessions.page", token=token))
            form.form_errors.append(told.message)
            if told.status == outcomes.KEY_ELSEWHERE:  # as a round form answers it
                form.submission.data = session_store.new_token()
                return page(), told.status
    return page()
