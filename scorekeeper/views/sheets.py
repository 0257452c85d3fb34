"""The printable score sheet: a real PDF from WeasyPrint."""

from __future__ import annotations

from io import BytesIO

from flask import Blueprint, render_template, send_file

from ..rules.catalog import resolve
from ..sheet import build_sheet
from .sessions import open_session

bp = Blueprint("sheets", __name__)


@bp.get("/s/<token>/sheet.pdf")
def pdf(token: str):
    from weasyprint import HTML  # imported here: only printing needs it

    session, _ = open_session(token)
    sheet = build_sheet(session)
    rules = resolve(session.variant, session.options, len(session.players))
    html = render_template("sheet_pdf.html", session=session, sheet=sheet, rules=rules)
    document = HTML(string=html).write_pdf()
    name = f"scorekeeper-{session.variant}-{session.created[:10]}.pdf"
    return send_file(BytesIO(document), mimetype="application/pdf", download_name=name)
