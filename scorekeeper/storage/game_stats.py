"""Each game's part of the statistics across evenings, worked out once per revision.

A game's part is what each player did in it (won or not, rounds scored, points, best and
worst round), read with one query from the scores stored with its rounds and stored with the
game until it changes. A visit to the statistics page works out at most
``WORK_ROUNDS`` rounds' worth of games not yet counted; the rest are counted on the next
visits, and the page says how many are still waiting.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules import RulesError, progress
from scorekeeper.rules.records import VARIANTS
from scorekeeper.rules.variant import Goal

from . import derived, round_store, session_store
from .one_at_a_time import StillWorking

WORK_ROUNDS = 40_000  # stored rounds read per visit: a bound on one visit's work
REBUILD_COST = 20  # a round whose stored score must be worked out again costs this many


@dataclass
class Counted:
    games: list[tuple[session_store.Session, Any]] = field(default_factory=list)  # figures or None
    waiting: int = 0  # games not counted on this visit


def figures_of(session: session_store.Session) -> list[dict[str, Any]] | None:
    """What each player did in this game (None: a stored round no longer scores)."""
    try:
        derived.ensure(session)
    except RulesError:
        return None
    state = round_store.state_before(session.id, None)
    standing = progress.standing(session.engine_request([]), state)
    renamed = standing.get("names") or {}
    merged: dict[str, list[int]] = {}
    for name, (rounds, points, high, low) in round_store.round_figures(session.id).items():
        now = renamed.get(name, name)  # a round names players as they were called then
        if now in merged:
            seen = merged[now]
            merged[now] = [
                seen[0] + rounds,
                seen[1] + points,
                max(seen[2], high),
                min(seen[3], low),
            ]
        else:
            merged[now] = [rounds, points, high, low]
    high_is_best = VARIANTS[session.variant].goal == Goal.HIGH
    figures = []
    for player in standing.get("players", session.players):
        rounds, points, high, low = merged.get(player, [0, 0, None, None])
        figures.append(
            {
                "name": player,
                "won": player in standing["winners"],
                "rounds": rounds,
                "points": points,
                "best": high if high_is_best else low,
                "worst": low if high_is_best else high,
            }
        )
    return figures


def counted(sessions: list[session_store.Session]) -> Counted:
    """The games' parts, newest first as given: stored ones as they are, the others worked
    out while this visit's work lasts."""
    stored = round_store.stored_game_stats([session.id for session in sessions])
    result = Counted()
    work = 0
    for session in sessions:
        found = stored.get(session.id)
        if found is not None and found[:2] == (session.revision, derived.ENGINE):
            result.games.append((session, found[2]))
            continue
        cost = session.round_count
        if not round_store.derived_ready(session.id, derived.ENGINE):
            cost *= REBUILD_COST
        if work and work + cost > WORK_ROUNDS:
            result.waiting += 1
            continue
        work += cost
        try:
            figures = figures_of(session)
        except StillWorking:  # another request is rebuilding this game right now
            result.waiting += 1
            continue
        round_store.keep_game_stats(session.id, session.revision, derived.ENGINE, figures)
        result.games.append((session, figures))
    return result
