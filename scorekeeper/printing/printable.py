"""What a printed session sheet shows, worked out from a game record (no Flask, no database).

A game record is the contract's ``game`` request plus what a session adds: its
name, dates, stake and currency (storage builds it: ``storage/game_record.py``). The
web route, the background sheet worker and the command line all print from it, so a
sheet printed from an exported file matches the one the server prints.

The round-by-round table is laid out as fixed-width text lines (one table cell
a row): WeasyPrint lays out one cell per row many times faster than one per
number, which is what keeps a long evening's sheet quick to print (benchmarks/bench_pdf.py).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Protocol

from scorekeeper.rules import RulesError
from scorekeeper.rules.cards import rewrite_cards
from scorekeeper.rules.catalog import default_name, get_variant, goal_of, house_rules, resolve
from scorekeeper.rules.progress import played
from scorekeeper.rules.settlement import settle_game
from scorekeeper.rules.variant import Goal, RoundEnd

SYMBOLS = {"S": "♠", "H": "♡", "D": "♢", "C": "♣"}
RED_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
NAME_WIDTH = 14  # a longer name is shortened in the column heading (it is in full above)
DASHES = ["", "6 3", "2 2", "8 3 2 3", "1 3", "10 4", "4 2 1 2", "3 5"]


def short(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def with_suits(text: str, red: bool = False) -> str:
    """Card tokens with suit symbols: hearts and diamonds outlined, as printed rules do
    in black and white (``red=True`` gives the filled symbols, for text printed in red).

    >>> with_suits("Ben: JK 150 + AS 11 + 10H 10 + QD 10")
    'Ben: JK 150 + A♠ 11 + 10♡ 10 + Q♢ 10'
    """
    symbols = RED_SYMBOLS if red else SYMBOLS
    return rewrite_cards(text, lambda card: card.rank.symbol + symbols[card.suit])


RED = re.compile(r"([♥♦♡♢])")
# Up to this many rounds the appendix prints hearts and diamonds red; beyond, outlined in
# black (still told apart by shape): a span per red symbol is a box of its own to lay out,
# and a long evening's sheet took far longer with them (benchmarks/README.md).
RED_SUITS_UP_TO_ROUNDS = 100


def red_suits(text: str, red: bool = True) -> list[tuple[str, bool]]:
    """A line cut into pieces, each heart or diamond symbol a piece of its own, printed red
    (filled symbols, so a black-and-white copy still tells them apart by shape).

    >>> red_suits("Ben: 10♥ 10 + A♠ 11")
    [('Ben: 10', False), ('♥', True), (' 10 + A♠ 11', False)]
    >>> red_suits("Ben: 10♡ 10", red=False)
    [('Ben: 10♡ 10', False)]
    """
    if not red:
        return [(text, False)]
    return [(piece, bool(RED.fullmatch(piece))) for piece in RED.split(text) if piece]


class GameRecord(Protocol):
    """What printing reads of a game (``scorekeeper.storage.game_record.GameRecord`` is one):
    the contract's ``game`` request, the session's name, date, stake and currency, and the
    engine's answer and the state after each round when already worked out (None: scored
    here)."""

    game: dict[str, Any]
    name: str | None
    created: str | None
    stake: str | None
    currency: str | None
    result: dict[str, Any] | None
    states: list[dict[str, Any]] | None


@dataclass
class Printable:
    """Everything a sheet prints, as plain values (the template only lays them out)."""

    name: str
    variant: Any
    rules: Any
    created: str
    players: list[str]
    first_dealer: str
    house_rules: list[tuple[str, Any, bool]]  # name, value, changed from the default
    heading: str = ""
    lines: list[str] = field(default_factory=list)  # one text line per round
    total_line: str = ""
    width: int = 0  # characters in the widest line
    # one line per round, as (text, red) pieces: hearts and diamonds print red
    explain: list[list[tuple[str, bool]]] = field(default_factory=list)
    standings: list[dict[str, Any]] = field(default_factory=list)
    finished: bool = False
    reason: str | None = None
    winners: list[str] = field(default_factory=list)
    end_explain: list[str] = field(default_factory=list)  # the end bonuses (Gin's box bonuses)
    eliminated: list[str] = field(default_factory=list)  # who is out (elimination, penalty)
    settlement: dict[str, Any] | None = None
    chart: dict[str, Any] | None = None
    error: str | None = None


def ranks(totals: dict[str, int], players: list[str], goal: Goal) -> list[tuple[int, str]]:
    """Standard competition ranking (1, 1, 3) in seat order within a tie.

    >>> ranks({"Ana": 5, "Ben": 9, "Cem": 5}, ["Ana", "Ben", "Cem"], Goal.LOW)
    [(1, 'Ana'), (1, 'Cem'), (3, 'Ben')]
    """
    sign = -1 if goal == Goal.HIGH else 1
    ordered = sorted(players, key=lambda p: (sign * totals[p], players.index(p)))
    ranked = []
    for i, player in enumerate(ordered):
        if i and totals[player] == totals[ordered[i - 1]]:
            ranked.append((ranked[-1][0], player))
        else:
            ranked.append((i + 1, player))
    return ranked


def chart(
    players: list[str],
    series: dict[str, list[int]],
    width: int = 520,
    height: int = 200,
    pad: int = 28,
    label_room: int = 60,
    # the printed names are 7 units high: a name with Vietnamese marks stacked over a capital
    # (Ấ) reaches 1.03 of that above its baseline, one with a descender 0.21 below, so two
    # names 8 apart touched; 9.5 keeps every pair apart
    label_gap: float = 9.5,
) -> dict:
    """Running totals as polylines scaled to the box, for the printed sheet and the page;
    each player also has a dash pattern (black and white). ``label_room`` is kept free on
    the right for the names; each name's baseline (``label_y``) sits by its line's end,
    moved apart so no two names overlap (``label_gap``: a line of their text) and every
    one stays inside the box."""
    values = [v for points in series.values() for v in points] or [0]
    low, high = min(values + [0]), max(values + [1])
    span = high - low or 1
    steps = max(1, max((len(points) for points in series.values()), default=1) - 1)
    # long sessions are thinned to at most one point per printed unit across the plot
    # (each point is work for the PDF renderer: 500 rounds drew 0.8 units apart)
    stride = max(1, math.ceil(steps / max(1, width - 2 * pad - label_room)))

    def x(i: int) -> float:
        return round(pad + (width - 2 * pad - label_room) * i / steps, 1)

    def y(v: int) -> float:
        return round(height - pad - (height - 2 * pad) * (v - low) / span, 1)

    lines = []
    for i, player in enumerate(players):
        points = series[player]
        kept = list(range(0, len(points), stride))
        if kept[-1] != len(points) - 1:
            kept.append(len(points) - 1)
        kept = _corners(kept, points)
        lines.append(
            {
                "player": player,
                "dash": DASHES[i % len(DASHES)],
                "grey": ["#000", "#555"][i // len(DASHES) % 2],
                "points": " ".join(f"{x(j)},{y(points[j])}" for j in kept),
                "last": (x(len(points) - 1), y(points[-1])),
            }
        )
    _place_labels(lines, height, label_gap)
    return {
        "width": width,
        "height": height,
        "lines": lines,
        "low": low,
        "high": high,
        "y0": y(0),
        "y_low": y(low),
        "y_high": y(high),
        "pad": pad,
    }


def running_totals_chart(
    players: list[str], series: dict[str, list[int]], width: int = 340, height: int = 180
) -> dict[str, Any]:
    """The game page's chart of running totals, scaled to the box (rendered on the server,
    no script): its lines in the left three quarters, the names beside them."""
    return chart(players, series, width, height, pad=24, label_room=0, label_gap=14)


def _corners(kept: list[int], points: list[int]) -> list[int]:
    """The kept indices without those in the middle of a level stretch (a round that left
    the total as it was): the line through them is the same straight line without them.

    >>> _corners([0, 1, 2, 3, 4, 5], [0, 5, 5, 5, 9, 9])
    [0, 1, 3, 4, 5]
    """
    inner = [
        here
        for before, here, after in zip(kept, kept[1:], kept[2:], strict=False)
        if not points[before] == points[here] == points[after]
    ]
    return [kept[0], *inner, kept[-1]] if len(kept) > 1 else kept


def _place_labels(lines: list[dict], height: int, gap: float) -> None:
    """Top to bottom by their line's end: each name at its line (a third of a gap below it,
    where the text's middle meets the line), at least a gap below the name above, and high
    enough that the names below it still fit above the bottom edge."""
    placed = gap - 1  # the first baseline: a name's height below the top
    ordered = sorted(lines, key=lambda line: line["last"][1])
    for index, line in enumerate(ordered):
        room_below = (len(ordered) - 1 - index) * gap
        wanted = max(line["last"][1] + gap / 3, placed)
        line["label_y"] = round(min(wanted, height - 2 - room_below), 1)
        placed = line["label_y"] + gap


def _columns(rows: list[list[str]], widths: list[int], right: list[bool]) -> list[str]:
    # two spaces between columns: a player's numbers stay apart from the next player's
    return [
        "  ".join(
            cell.rjust(w) if r else cell.ljust(w)
            for cell, w, r in zip(row, widths, right, strict=True)
        ).rstrip()
        for row in rows
    ]


def build(
    record: GameRecord,
    stake: object = None,
    digits: int = 2,
    say: Callable[[Any], str] = str,
) -> Printable:
    """The printable sheet of a game record, from the engine's answer for it and the game's
    state after each round when the record holds them (stored per round; else worked out
    here in one pass). The running totals are the engine's, read from those states, as the
    game's page reads them (storage/game_page.py): nothing adds them up again. ``say``
    puts the sheet's own words in the reader's language (English as it is)."""
    request = record.game
    players = list(request["players"])
    variant = get_variant(request["variant"])
    options = request.get("options") or {}
    rules = resolve(variant.id, options, len(players))
    first_dealer = request.get("dealer") or players[0]
    created = record.created or date.today().isoformat()
    result, states = record.result, record.states
    sheet = Printable(
        name=record.name or default_name(variant.id, created, say),
        variant=variant,
        rules=rules,
        created=created,
        players=players,
        first_dealer=first_dealer,
        house_rules=house_rules(variant.id, options, len(players)),
    )
    try:
        if result is None or states is None:
            result, round_scores = played(request)
            states = [state for _score, state in round_scores]
    except RulesError as error:
        sheet.error = error.message
        result, states = None, []
    renamed = result.get("names") or {} if result else {}
    if result and "players" in result:  # joiners and new names after seating changes
        players = sheet.players = list(result["players"])
    running = {p: rules.start for p in players}
    series = {p: [rules.start] for p in players}
    table: list[list[str]] = []
    parts: list[list[tuple[str, str, str]]] = []  # per round and player: delta, mark, running
    scored_rounds = result["rounds"] if result else []
    number = 0
    # a red symbol is a box of its own to lay out: a long evening prints them outlined
    red = len(request["rounds"]) <= RED_SUITS_UP_TO_ROUNDS
    for facts, scored, after in zip(request["rounds"], scored_rounds, states, strict=False):
        # the totals after the round by the latest names (a joiner's from their first seat)
        running.update({renamed.get(p, p): total for p, total in after["totals"].items()})
        if "seating" in scored:  # a line of its own in the notes, no row of points
            sheet.explain.append(
                red_suits(" · ".join(say(line) for line in scored["explain"]), red)
            )
            continue
        number += 1
        winner = facts.get("winner")
        end = say(RoundEnd(facts.get("end", RoundEnd.OUT)).words)
        how = f"{winner} {end}" if winner else say(RoundEnd.STOCK.words)
        table.append([str(number), short(scored["dealer"] or "", 12), short(how, 22)])
        cells = []
        deltas = {renamed.get(p, p): points for p, points in scored["delta"].items()}
        for p in players:
            delta = deltas.get(p, 0)
            series[p].append(running[p])
            mark = "*" if scored.get("bonuses", {}).get(p) else " "
            cells.append((f"{delta:+d}" if delta else "0", mark, f"({running[p]})"))
        parts.append(cells)
        lines = [with_suits(say(line), red=red) for line in scored["explain"]]
        sheet.explain.append(red_suits(f"{number}. " + " · ".join(lines), red))
    totals = result["totals"] if result else running
    heading = [say("Round"), say("Dealer"), say("End"), *(short(p, NAME_WIDTH) for p in players)]
    total_row = [say("Total"), "", "", *(str(totals[p]) for p in players)]
    # each player's cell: the delta, a bonus mark and the running total, aligned on the mark
    delta_width = max([len(cell[0]) for row in parts for cell in row] or [1])
    run_width = max([len(cell[2]) for row in parts for cell in row] or [1])
    table = [
        row + [f"{d.rjust(delta_width)} {mark} {r.rjust(run_width)}" for d, mark, r in cells]
        for row, cells in zip(table, parts, strict=True)
    ]
    everything = [heading, *table, total_row]
    widths = [max(len(row[i]) for row in everything) for i in range(len(heading))]
    right = [True, False, False, *([True] * len(players))]
    laid = _columns(everything, widths, right)
    sheet.heading, sheet.lines, sheet.total_line = laid[0], laid[1:-1], laid[-1]
    sheet.width = max(len(line) for line in laid)
    if result:
        sheet.finished = result["finished"]
        sheet.reason = say(result["reason"]) if result.get("reason") else None
        sheet.winners = result["winners"]
        won = result.get("rounds_won", {})
        sheet.standings = [
            {
                "rank": rank,
                "player": player,
                "total": totals[player],
                "rounds_won": won.get(player, 0),
                "winner": player in sheet.winners,
            }
            for rank, player in ranks(
                totals, players, goal_of(request["variant"], request.get("options"))
            )
        ]
        sheet.end_explain = [say(line) for line in result.get("end_explain", [])]
        sheet.eliminated = list(result.get("eliminated", []))
        sheet.settlement = settle_game(request, result, stake, digits)
    sheet.chart = chart(players, series)
    return sheet
