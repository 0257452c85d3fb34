"""The evening's settlement (who pays whom) with its name and stake, on the session page
through the ``evening_block`` template global, and the form that sets them."""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, url_for
from wtforms import StringField
from wtforms.validators import Length, Optional, ValidationError

from scorekeeper.language.formatting import translated
from scorekeeper.language.i18n import gettext as _
from scorekeeper.language.i18n import lazy_gettext as _l
from scorekeeper.language.money import amount_text, digits_of
from scorekeeper.language.stakes import checked_stake, stake_left_out, stored_stake
from scorekeeper.printing.score_pdf import BASIS_TEXT
from scorekeeper.rules import RulesError
from scorekeeper.rules.catalog import default_name
from scorekeeper.rules.names import has_controls
from scorekeeper.storage import exchange, session_store
from scorekeeper.storage.game_page import build_sheet
from scorekeeper.web.form_base import Form

from ..access import require_edit
from ..score_pdf import page_locale
from .blueprint import bp


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


def _settlement_view(
    session: session_store.Session, details: dict[str, Any], sheet: Any = None
) -> dict[str, Any] | None:
    """Who pays whom, from the state stored after the last round (no replay)."""
    sheet = sheet if sheet is not None else build_sheet(session, last=0)
    if sheet.error:
        return None
    stake, currency = stored_stake(details)
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
    its form is filled with (the form's fields are plain inputs: the page is rendered once for
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
