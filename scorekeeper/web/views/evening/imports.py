"""A session file imported as a new game, the imports counted per phone and address."""

from __future__ import annotations

import time

from flask import Response, flash, redirect, render_template, url_for
from flask.blueprints import BlueprintSetupState
from flask_limiter import RequestLimit
from flask_wtf.file import FileField

from scorekeeper.language.formatting import translated
from scorekeeper.language.i18n import gettext as _
from scorekeeper.rules import RulesError
from scorekeeper.rules.reading import MOST_REQUEST_BYTES
from scorekeeper.storage import exchange, import_store
from scorekeeper.web import rate_limits
from scorekeeper.web.form_base import Form

from ..access import remember
from .blueprint import bp


class ImportForm(Form):
    file = FileField()


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
