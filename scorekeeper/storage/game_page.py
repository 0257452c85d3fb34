"""A game's page as read from the engine's answer stored with each round: the rows it shows,
totals, leader, settlement and the running totals its chart samples, reading only the
rows it shows."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules import RulesError, progress
from scorekeeper.rules.catalog import get_variant, goal_of
from scorekeeper.rules.variant import RoundEnd, leaders

from . import derived
from .round_store import ScoredRound, scored_rounds, sheet_number, state_before, totals_every
from .session_store import Session, get_session

CHART_POINTS = 60  # a longer evening's chart is sampled: a phone draws no more
# every round of a long evening is shown this many rows a page: the page of a 10,000-round
# evening's rows was megabytes, rendered again by every phone after each save
ROWS_PER_PAGE = 50


@dataclass
class Sheet:
    session: Session
    state: dict[str, Any] | None = None  # the game's state after the last round
    result: dict[str, Any] | None = None  # the game's standing: totals, finished, winners...
    error: str | None = None  # a stored round the engine now refuses (after a new engine)
    rows: list[Row] = field(default_factory=list)  # the rounds rendered, in order
    page: int | None = None  # which page of every round's rows is rendered (None: the last rows)

    @property
    def variant(self):
        return get_variant(self.session.variant)

    @property
    def round_count(self) -> int:
        return self.state["played"] if self.state else 0

    @property
    def folded(self) -> int:
        """Rounds not rendered (behind "show all")."""
        return self.round_count - len(self.rows)

    @property
    def pages(self) -> int:
        """How many pages every round's rows take (at least one)."""
        return max(1, -(-self.round_count // ROWS_PER_PAGE))

    @property
    def players(self) -> list[str]:
        """Everyone who has sat at the table, by current name (joiners and leavers too)."""
        return self.result.get("players", self.session.players) if self.result else []

    @property
    def totals(self) -> dict[str, int]:
        return self.result["totals"] if self.result else {}

    @functools.cached_property
    def leaders(self) -> list[str]:
        if not self.round_count or not self.result:
            return []
        return leaders(self.totals, goal_of(self.session.variant, self.session.options))

    @property
    def finished(self) -> bool:
        return bool(self.result and self.result["finished"])

    @property
    def next_dealer(self) -> str:
        return self.result["next_dealer"] if self.result else self.session.first_dealer

    def settlement(self, stake: object = None, digits: int = 2) -> dict[str, Any]:
        # the standing the sheet already has: the game is not played again to settle it
        return progress.settle_state(
            self.session.engine_request([]), self.state, stake, digits, self.result
        )


def build_sheet(session: Session, last: int | None = None, page: int | None = None) -> Sheet:
    """The sheet of the session as it is now, rendering its ``last`` rounds (None: all), or
    the ``page`` of every round's rows (ROWS_PER_PAGE a page, the first rounds first; a
    page past the last is the last)."""
    session = get_session(session.id)
    try:
        derived.ensure(session)
    except RulesError as error:
        return Sheet(session, error=error.message)
    skip = 0
    if page is None:
        # a row shows its round's totals and number, the sheet the last round's whole state
        stored = scored_rounds(session.id, last, every_state=False)
        state = stored[-1].after if stored else state_before(session.id, None)
    else:
        state = state_before(session.id, None)
        count = state["played"] if state else 0
        page = min(max(page, 1), max(1, -(-count // ROWS_PER_PAGE)))
        shown_last = min(page * ROWS_PER_PAGE, count)
        skip = count - shown_last
        stored = scored_rounds(
            session.id, shown_last - (page - 1) * ROWS_PER_PAGE, every_state=False, skip=skip
        )
    sheet = Sheet(session, state, progress.standing(session.engine_request([]), state))
    sheet.page = page
    first = sheet.round_count - skip - len(stored) + 1
    # a renamed player's earlier rounds show under the new name
    renamed = sheet.result.get("names") or {}
    sheet.rows = [Row(r, number, renamed) for number, r in enumerate(stored, start=first)]
    return sheet


class Row:
    """One round as the page renders it; a seating change between rounds is a row too.

    Read from the round's stored score only when rendered."""

    def __init__(self, stored: ScoredRound, number: int, renamed: dict[str, str]) -> None:
        self.stored = stored
        self.number: int = sheet_number(stored.after, number)
        self._renamed = renamed

    def _named(self, player: str) -> str:
        return self._renamed.get(player, player)

    @functools.cached_property
    def explain(self) -> list[Any]:
        """Messages, said in the reader's language where the page shows them."""
        return self.stored.score["explain"]

    @functools.cached_property
    def running(self) -> dict[str, int]:
        return {self._named(p): v for p, v in self.stored.after["totals"].items()}

    @functools.cached_property
    def seating(self) -> Any:
        """The change, when the row is one."""
        return self.explain[0] if "seating" in self.stored.facts else None

    def _scored(self, name: str, empty: Any) -> Any:
        return empty if self.seating is not None else self.stored.score[name]

    @functools.cached_property
    def delta(self) -> dict[str, int]:
        return {self._named(p): v for p, v in self._scored("delta", {}).items()}

    @functools.cached_property
    def winners(self) -> list[str]:
        return [self._named(p) for p in self._scored("winners", [])]

    @functools.cached_property
    def bonus(self) -> dict[str, list[Any]]:
        bonuses = self._scored("bonuses", {})
        return {self._named(p): list(bonuses.get(p, [])) for p in self._scored("delta", {})}

    @functools.cached_property
    def notes(self) -> list[Any]:
        return [] if self.seating is not None else self.stored.score.get("notes", [])

    @property
    def dealer(self) -> str | None:
        return None if self.seating is not None else self.stored.score["dealer"]

    @property
    def winner(self) -> str | None:
        return None if self.seating is not None else self.stored.facts.get("winner")

    @property
    def end(self) -> str:
        """As stored ("out"): the page words it in the reader's language."""
        if self.winner:
            return self.stored.facts.get("end", RoundEnd.OUT)
        return RoundEnd.STOCK


def chart_totals(sheet: Sheet) -> tuple[list[str], dict[str, list[int]]]:
    """The players the chart draws and each one's running totals from the start, at most
    CHART_POINTS a player: a long evening is sampled every few rounds."""
    players = sheet.players or sheet.session.players
    renamed = (sheet.result or {}).get("names") or {}
    count = sheet.round_count
    step = max(1, -(-count // CHART_POINTS))
    numbers = sorted({*range(step, count + 1, step), count} - {0})
    start = progress.standing(sheet.session.engine_request([]), None)["totals"]
    sampled = totals_every(sheet.session.id, numbers) if numbers else []
    # under the latest names; a joiner's line runs at the start value until they sat down
    sampled = [{renamed.get(p, p): t for p, t in totals.items()} for totals in sampled]
    first = next(iter(start.values()))
    series = {
        p: [start.get(p, first)] + [totals.get(p, first) for totals in sampled] for p in players
    }
    return players, series
