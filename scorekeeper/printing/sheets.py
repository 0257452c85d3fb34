"""A session's sheet printed to PDF, in a chosen language and paper: from a game record
(the command line, an exported file) or from a stored session (the web, the background
job), with no Flask request."""

from __future__ import annotations

from typing import Any

from scorekeeper.language.formatting import translated
from scorekeeper.language.i18n import gettext, speaking
from scorekeeper.language.money import amount_text, digits_of
from scorekeeper.language.stakes import kept_stake
from scorekeeper.rules import RulesError
from scorekeeper.rules.messages import N_
from scorekeeper.storage import round_store, session_store

from . import pdf as printing
from .printable import build
from .score_sheet import kept_game

TABLE_WIDTH_PT = 520  # the text width of A4 (and a little less than US Letter's) in points
MONO_ADVANCE = 0.602  # DejaVu Sans Mono: every character is this many ems wide


# the height inside the margins (14 mm top, 16 mm bottom), in points
PAGE_HEIGHT_PT = {"a4": (297 - 30) * 72 / 25.4, "letter": (279.4 - 30) * 72 / 25.4}
TITLE_BLOCK_PT = 130  # the title, date, players and house rules above the first rows


def font_size(width: int) -> float:
    """The largest size up to 8.5 pt, in quarter points, at which the widest round line fits.

    >>> font_size(80), font_size(200)
    (8.5, 4.25)
    """
    fits = (TABLE_WIDTH_PT - 8) / (max(width, 1) * MONO_ADVANCE)
    return max(printing.SMALLEST_SIZE, min(8.5, int(fits * 4) / 4))


def page_rows(lines: list[str], line_height: float, paper: str) -> list[list[str]]:
    """The round lines cut into blocks that each fit a page under their heading line.

    >>> [len(rows) for rows in page_rows(["x"] * 200, 10.0, "a4")]
    [58, 71, 71]
    """
    height = PAGE_HEIGHT_PT[paper]
    # a page holds its heading line, the rows, and on the last page the total line
    per_page = int((height - 3 * line_height - 8) // line_height)
    first = max(1, int((height - TITLE_BLOCK_PT - 3 * line_height - 8) // line_height))
    pages = [lines[:first]]
    for start in range(first, len(lines), per_page):
        pages.append(lines[start : start + per_page])
    return pages


def settlement_lines(sheet: Any, currency: str | None, locale: str) -> list[str] | None:
    settled = sheet.settlement
    if settled is None:
        return None
    return [
        f"{payment['from']} → {payment['to']}: "
        f"{amount_text(payment['amount'], settled, currency, locale)}"
        for payment in settled["payments"]
    ]


BASIS_TEXT = {
    "difference": N_(
        "Each player pays the difference between their total and the best total "
        "(tied best players share it)."
    ),
    "transfers": N_("What the rounds paid between players, netted."),
}


def render_sheet(
    game_record: dict[str, Any],
    paper: str = "a4",
    locale: str = "en",
    stake: str | None = None,
    currency: str | None = None,
    result: dict[str, Any] | None = None,
    lang: str | None = None,
    states: list[dict[str, Any]] | None = None,
) -> bytes:
    """A game record as a PDF sheet (the web route and ``scorekeeper sheet`` both use this);
    ``result`` and ``states``: the engine's answer for it and the state after each round,
    when kept (None: scored here). Its words are in ``lang``, its money written as
    ``locale`` writes it (``lang``: the same, unless given)."""
    with speaking(lang or locale):
        money = bool(stake and currency)
        digits = digits_of(currency if money else None)
        sheet = build(game_record, stake if money else None, digits, result, translated, states)
        basis = translated(BASIS_TEXT[sheet.settlement["basis"]]) if sheet.settlement else ""
        if money:
            basis += " " + gettext(
                "Stake: %(stake)s %(currency)s a point.", stake=stake, currency=currency
            )
        size = font_size(sheet.width)
        line_height = printing.line_height(size)
        return printing.render(
            "sheet_pdf.html",
            paper,
            sheet=sheet,
            size_class=printing.size_class(size),
            pages=page_rows(sheet.lines, line_height, printing.paper_of(paper)),
            settlement_lines=settlement_lines(sheet, currency if money else None, locale),
            basis_text=basis,
            locale=locale,
        )


def session_record(session: session_store.Session, rounds: list[Any]) -> dict[str, Any]:
    details = session_store.session_details(session.id)
    stake, currency = kept_stake(details)  # one an older version kept unchecked is left out
    return {
        "name": details["name"],
        "created": session.created,
        "game": session.engine_request([stored.facts for stored in rounds]),
        "stake": stake,
        "currency": currency,
    }


def sheet_document(session: session_store.Session, paper: str, locale: str) -> bytes:
    """The session's sheet as a PDF in ``locale``'s language, from the scores kept with its
    rounds."""
    try:  # the scores and states kept with the rounds: no replay of the evening
        session, rounds, result = kept_game(session)
        states = [stored.after for stored in rounds]  # each holds its running totals
    except RulesError:  # a stored round no longer scores: the sheet prints why
        (session, rounds), result, states = round_store.snapshot(session.id), None, None
    record = session_record(session, rounds)
    return render_sheet(
        record, paper, locale, record["stake"], record["currency"], result, states=states
    )
