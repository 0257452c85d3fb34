"""Each round's line of the score sheet and its explanation, as HTML built in Python.

A Jinja macro called once a row cost more than everything the row shows: each call built
a frame, looked up every attribute through the sandbox's getattr and escaped each piece
apart. Here every value from a player or the engine (names, notes, explanations, even
numbers) goes through ``markupsafe.escape`` exactly as the template's autoescape did, and
the words around them are translated once a page. The HTML is the macros' less the blank
lines their template tags left between the cells.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import url_for
from markupsafe import Markup, escape

from scorekeeper.language.formatting import number, round_end, signed, translated
from scorekeeper.language.i18n import current_language
from scorekeeper.language.i18n import gettext as _
from scorekeeper.storage.game_page import Row, Sheet


@dataclass(frozen=True)
class RenderedRows:
    lines: Markup  # the score sheet's rows
    explained: Markup  # how each round was scored


def rendered_rows(sheet: Sheet, token: str, csrf_mark: str) -> RenderedRows:
    """The sheet's rows and their explanations; ``csrf_mark`` stands where each delete
    form's CSRF field goes (put in per answer)."""
    words = _Words(url_for("rounds.new", token=token)[: -len("new")])
    players = sheet.players
    lines = []
    explained = []
    for row in sheet.rows:
        lines.append(_line(row, players, words))
        explained.append(_explained(row, words, csrf_mark))
    return RenderedRows(Markup("".join(lines)), Markup("".join(explained)))


class _Words:
    """The page's words around each row's numbers and names, translated and escaped once."""

    def __init__(self, rounds_url: str) -> None:
        self.speech = current_language()
        self.rounds_url = escape(rounds_url)
        self.edit = escape(_("edit"))
        self.edit_round = _split(_("Edit round %(number)s", number="{}"))
        self.dealt_by = _split(_("dealt by %(name)s", name="{}"))
        self.round_title = _split(_("Round %(number)s", number="{}"))
        self.delete_round = _split(_("Delete round %(number)s", number="{}"))
        self._ends: dict[str, Markup] = {}

    def said(self, value: Any) -> Markup:
        """An engine message or a data word in the page's language, escaped."""
        return escape(translated(value, self.speech))

    def end(self, end: str) -> Markup:
        """How a round ended, in words (a page has two or three ways, said once each)."""
        if not isinstance(end, str):  # as stored: whatever an older version kept is said as is
            return escape(round_end(end))
        if end not in self._ends:
            self._ends[end] = escape(round_end(end))
        return self._ends[end]


def _split(sentence: str) -> tuple[str, str]:
    """A sentence split where its number or name goes, each side escaped (a translation that
    lost the slot keeps its words before the number, as the sheet's macro did)."""
    parts = sentence.split("{}")
    return escape(parts[0]), escape(parts[1] if len(parts) > 1 else "")


def _line(row: Row, players: list[str], words: _Words) -> str:
    seating = row.seating
    if seating:
        return (
            f'<tr class="seating"><td colspan="{len(players) + 1}">'
            f"{words.said(seating)}</td></tr>\n"
        )
    number_shown = escape(row.number)
    winner = row.winner
    how = f"{escape(winner)} " if winner else ""
    dealt = (
        f'<small class="dealt">{words.dealt_by[0]}{escape(row.dealer)}{words.dealt_by[1]}'
        f'<br><span class="how">{how}{words.end(row.end)}</span></small>'
    )
    cells = [
        '<tr><td class="round-no"><!--edit-->'
        f'<a class="edit-round" href="{words.rounds_url}{escape(row.stored.id)}">'
        f'<span class="visually-hidden">{words.edit_round[0]}</span>{number_shown}'
        f'<span class="visually-hidden">{words.edit_round[1]}</span> '
        f'<span class="edit-word" aria-hidden="true">{words.edit}</span><br>{dealt}</a>'
        f"<!--/edit--><!--view-->{number_shown}<br>{dealt}<!--/view--></td>"
    ]
    delta, winners, bonus, running = row.delta, row.winners, row.bonus, row.running
    for player in players:
        if player not in delta:
            cells.append("<td></td>")
            continue
        won = "won" if player in winners else ""
        star = ""
        if bonus[player]:
            star = f'<span class="bonus" title="{_joined(bonus[player], words)}">★</span>'
        cells.append(
            f'<td class="{won}">{escape(signed(delta[player]))}{star}'
            f"<br><small>{escape(number(running[player]))}</small></td>"
        )
    cells.append("</tr>\n")
    return "".join(cells)


def _joined(bonuses: list[Any], words: _Words) -> str:
    """A bonus's reasons in the reader's words, as Jinja's ``map('tr')|join(', ')`` writes
    them: escaped each, or as they are where one is already HTML."""
    said = [translated(reason, words.speech) for reason in bonuses]
    if any(hasattr(reason, "__html__") for reason in said):
        return Markup(", ").join(said)
    return escape(", ".join(str(reason) for reason in said))


def _explained(row: Row, words: _Words, csrf_mark: str) -> str:
    number_shown = escape(row.number)
    lines = "".join(f"<li>{words.said(line)}</li>" for line in row.explain)
    notes = "".join(f'<p class="muted">{words.said(note)}</p>' for note in row.notes)
    return (
        f"\n  <h3>{words.round_title[0]}{number_shown}{words.round_title[1]}</h3>\n"
        f"  <ul>{lines}</ul>{notes}\n  <!--edit-->\n"
        f'  <form method="post" action="{words.rounds_url}{escape(row.stored.id)}/delete">\n'
        f'    {csrf_mark}<button class="button small" type="submit">'
        f"{words.delete_round[0]}{number_shown}{words.delete_round[1]}</button>\n"
        "  </form>\n  <!--/edit-->\n"
    )
