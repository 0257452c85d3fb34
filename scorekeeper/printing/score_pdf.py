"""A game record's sheet printed to PDF, in a chosen language and paper, with no Flask
request: the record is handed in (``storage/game_record.py`` builds it for a stored game
and for a session file alike)."""

from __future__ import annotations

from typing import Any

from scorekeeper.language.formatting import translated
from scorekeeper.language.i18n import gettext, speaking
from scorekeeper.language.money import amount_text, digits_of
from scorekeeper.rules.messages import N_

from . import pdf
from .printable import GameRecord, build

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
    return max(pdf.SMALLEST_SIZE, min(8.5, int(fits * 4) / 4))


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
    record: GameRecord, paper: str = "a4", locale: str = "en", lang: str | None = None
) -> bytes:
    """A game record as a PDF sheet (the web route and ``scorekeeper sheet`` both use this),
    its settlement at the record's stake; scored here only when the record holds no answer
    for its rounds. Its words are in ``lang``, its money written as ``locale`` writes it
    (``lang``: the same, unless given)."""
    stake, currency = record.stake, record.currency
    with speaking(lang or locale):
        money = bool(stake and currency)
        digits = digits_of(currency if money else None)
        sheet = build(record, stake if money else None, digits, translated)
        basis = translated(BASIS_TEXT[sheet.settlement["basis"]]) if sheet.settlement else ""
        if money:
            basis += " " + gettext(
                "Stake: %(stake)s %(currency)s a point.", stake=stake, currency=currency
            )
        size = font_size(sheet.width)
        line_height = pdf.line_height(size)
        return pdf.render(
            "sheet_pdf.html",
            paper,
            sheet=sheet,
            size_class=pdf.size_class(size),
            pages=page_rows(sheet.lines, line_height, pdf.paper_of(paper)),
            settlement_lines=settlement_lines(sheet, currency if money else None, locale),
            basis_text=basis,
            locale=locale,
        )
