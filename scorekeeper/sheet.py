"""A session's score sheet, derived from the engine: rows, totals, leader and chart."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from .rules import RulesError, game
from .rules.catalog import Goal, get_variant, resolve
from .store import Session, StoredRound, snapshot

END_TEXT = {"out": "went out", "rummy": "went rummy", "knock": "knocked", "stock": "stock ran out"}
PALETTE = ["#0b5fff", "#d7263d", "#1b998b", "#f46036", "#6a4c93", "#2e294e", "#c5a000", "#3a7d44"]


@dataclass
class Sheet:
    session: Session
    rounds: list[StoredRound]
    result: dict[str, Any] | None = None
    error: str | None = None  # a stored round the engine now refuses (after a correction)
    rows: list[dict[str, Any]] = field(default_factory=list)

    @property
    def variant(self):
        return get_variant(self.session.variant)

    @property
    def totals(self) -> dict[str, int]:
        if self.result:
            return self.result["totals"]
        start = resolve(self.session.variant, self.session.options, len(self.session.players)).start
        return {p: start for p in self.session.players}

    @property
    def leaders(self) -> list[str]:
        if not self.rows:
            return []
        return leaders_of(self.variant, self.totals)

    @property
    def finished(self) -> bool:
        return bool(self.result and self.result["finished"])

    @property
    def next_dealer(self) -> str:
        return self.result["next_dealer"] if self.result else self.session.first_dealer


def leaders_of(variant, totals: dict[str, int]) -> list[str]:
    pick = max if variant.goal == Goal.HIGH else min
    best = pick(totals.values())
    return [p for p, t in totals.items() if t == best]


def summary_of(session: Session, result: dict[str, Any]) -> dict[str, Any]:
    """What the home page says about a game, kept with the session on every save."""
    played = bool(result["rounds"])
    return {
        "leaders": leaders_of(get_variant(session.variant), result["totals"]) if played else [],
        "finished": bool(result["finished"]),
        "winners": result["winners"] if result["finished"] else [],
    }


# The engine's answer per session revision. A revision's rounds never change, so the
# answer worked out when a round is saved serves the page shown after the save, the
# round form and every phone that reloads. Entries are shared: never change one.
_results: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
_results_lock = threading.Lock()
RESULTS_KEPT = 500


def keep_result(session: Session, revision: int, result: dict[str, Any]) -> None:
    with _results_lock:
        _results[(session.edit_token, revision)] = result
        while len(_results) > RESULTS_KEPT:
            _results.popitem(last=False)


def game_of(session: Session, rounds: list[StoredRound]) -> dict[str, Any]:
    """The engine's answer for a session's rounds, which must be those of ``session.revision``."""
    with _results_lock:
        kept = _results.get((session.edit_token, session.revision))
    if kept is not None:
        return kept
    result = game(session.engine_request([r.facts for r in rounds]))
    keep_result(session, session.revision, result)
    return result


def build_sheet(session: Session, rounds: list[StoredRound] | None = None) -> Sheet:
    """The sheet of the given rounds of this revision (or the session as it is now)."""
    if rounds is None:
        session, rounds = snapshot(session.id)
    sheet = Sheet(session, rounds)
    try:
        sheet.result = game_of(session, rounds)
    except RulesError as error:
        sheet.error = error.message
        return sheet
    running = {
        p: resolve(session.variant, session.options, len(session.players)).start
        for p in session.players
    }
    for stored, scored in zip(rounds, sheet.result["rounds"], strict=True):
        for player, delta in scored["delta"].items():
            running[player] += delta
        facts = stored.facts
        winner = facts.get("winner")
        sheet.rows.append(
            {
                "stored": stored,
                "number": len(sheet.rows) + 1,
                "dealer": scored["dealer"],
                "how": f"{winner} {END_TEXT[facts.get('end', 'out')]}"
                if winner
                else END_TEXT["stock"],
                "delta": scored["delta"],
                "running": dict(running),
                "winners": scored["winners"],
                "explain": scored["explain"],
                "bonus": {p: ", ".join(scored["bonuses"].get(p, [])) for p in running},
            }
        )
    return sheet


def chart_svg(sheet: Sheet, width: int = 340, height: int = 180) -> dict[str, Any]:
    """Running totals as polylines, scaled to the box (drawn on the server, no script)."""
    players = sheet.session.players
    start = {
        p: (sheet.rows[0]["running"][p] - sheet.rows[0]["delta"][p]) if sheet.rows else 0
        for p in players
    }
    series = {p: [start[p]] + [row["running"][p] for row in sheet.rows] for p in players}
    values = [v for points in series.values() for v in points] or [0]
    low, high = min(values + [0]), max(values + [1])
    span = high - low or 1
    pad = 24
    steps = max(1, len(sheet.rows))

    def x(i: int) -> float:
        return round(pad + (width - 2 * pad) * i / steps, 1)

    def y(v: int) -> float:
        return round(height - pad - (height - 2 * pad) * (v - low) / span, 1)

    lines = [
        {
            "player": p,
            "color": PALETTE[i % len(PALETTE)],
            "points": " ".join(f"{x(j)},{y(v)}" for j, v in enumerate(series[p])),
            "last": (x(len(series[p]) - 1), y(series[p][-1])),
        }
        for i, p in enumerate(players)
    ]
    return {
        "width": width,
        "height": height,
        "lines": lines,
        "low": low,
        "high": high,
        "y0": y(0),
        "pad": pad,
    }
