"""The printable session sheet: a real PDF from WeasyPrint, cached per session revision."""

from __future__ import annotations

from io import BytesIO

from flask import Blueprint, render_template, request, send_file, url_for

from scorekeeper.language.i18n import current_language, gettext
from scorekeeper.printing import pdf
from scorekeeper.printing.score_pdf import render_sheet
from scorekeeper.storage import session_store
from scorekeeper.storage.game_record import game_record
from scorekeeper.web import background_pdf
from scorekeeper.web.extensions import cached

from .access import open_session

bp = Blueprint("sheets", __name__)


def page_locale() -> str:
    return current_language().lang


@bp.get("/s/<token>/sheet.pdf", endpoint="pdf")  # url_for("sheets.pdf")
def score_pdf(token: str):
    session, _ = open_session(token)
    paper = pdf.paper_of(request.args.get("paper"))
    locale = page_locale()
    # keyed by the session's secret link, which no other session (or database) shares; the
    # revision moves on with every save, rename or stake change: a new sheet then
    key = ("sheet", session.edit_token, paper, locale)
    if session.round_count > background_pdf.LONG_SHEET_ROUNDS and background_pdf.in_background():
        document = background_pdf.ready(key, session.revision)
        if document is None:
            return _long_sheet_pending(session, key, token, paper, locale)
    else:
        document = cached(
            key, session.revision, lambda: render_sheet(game_record(session), paper, locale)
        )
    name = f"scorekeeper-{session.variant}-{session.created[:10]}.pdf"
    return send_file(BytesIO(document), mimetype="application/pdf", download_name=name)


def _long_sheet_pending(
    session: session_store.Session, key: tuple, token: str, paper: str, locale: str
):
    if background_pdf.failed(key, session.revision):
        title = gettext("The printable sheet could not be made")
        message = gettext(
            "Making the printable sheet of this game failed; the game itself is safe. "
            "Export it as a file or a spreadsheet instead, or try again after the next round."
        )
        return render_template("trouble.html", title=title, message=message), 500
    background_pdf.start(key, token, paper, locale)
    page = render_template(
        "sheet_pending.html",
        rounds=session.round_count,
        refresh=background_pdf.RETRY_SECONDS,
        game_url=url_for("sessions.page", token=token),
    )
    return page, 202, {"Retry-After": str(background_pdf.RETRY_SECONDS)}
