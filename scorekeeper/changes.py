"""Changing a session's rounds exactly once.

A change is worked out on a snapshot of the session, checked by the engine over the
whole session as it would be after it (so a correction that breaks a later round is
refused), and written only if the session has not moved on since the snapshot. If it
has, the change is worked out again on the new snapshot: the plan decides whether the
news is a conflict for it. The last attempt holds the write lock throughout, so a busy
session still gets its save in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import store
from .rules import RulesError, game
from .sheet import keep_result, summary_of

OPTIMISTIC_ATTEMPTS = 3


@dataclass(frozen=True)
class Saved:
    round_id: int
    number: int | None  # the round's number on the sheet after the change (None: deleted)
    scored: tuple[store.Session, int, dict[str, Any]] | None = None  # the engine's answer


@dataclass(frozen=True)
class Duplicate:
    """The same form was already saved: nothing new is written."""

    round_id: int
    number: int | None


@dataclass(frozen=True)
class Conflict:
    """Someone else changed what this change was based on."""

    session: store.Session
    rounds: list[store.StoredRound]


@dataclass(frozen=True)
class Broken:
    """The session would no longer score after the change."""

    reason: str
    field: str | None
    round_index: int | None  # where the changed round stands in the session (None: deleted)


@dataclass(frozen=True)
class Refused:
    """Nothing to do (no such round, nothing to undo): the reason says why."""

    reason: str


Outcome = Saved | Duplicate | Conflict | Broken | Refused
Plan = Callable[[store.Session, list[store.StoredRound]], "store.Change | Outcome"]


def number_of(round_id: int, rounds: list[store.StoredRound]) -> int | None:
    return next((i + 1 for i, r in enumerate(rounds) if r.id == round_id), None)


def _index_of(round_id: int | None, after: list[store.StoredRound]) -> int:
    if round_id is None:
        return len(after) - 1
    return next(i for i, r in enumerate(after) if r.id == round_id)


def _after(rounds: list[store.StoredRound], change: store.Change) -> list[store.StoredRound]:
    """The live rounds once the change is made (a restored round returns to its place)."""
    if change.round_id is None:
        return [*rounds, store.StoredRound(0, 1 << 62, change.facts, "")]
    kept = [r for r in rounds if r.id != change.round_id]
    if change.deleted:
        return kept
    position = store.position_of(change.round_id)
    changed = store.StoredRound(change.round_id, position, change.facts, "")
    return sorted([*kept, changed], key=lambda r: (r.position, r.id))


def apply(session_id: int, plan: Plan) -> Outcome:
    """Make the change the plan asks for on the current session, or say why not."""
    for attempt in range(OPTIMISTIC_ATTEMPTS + 1):
        if attempt < OPTIMISTIC_ATTEMPTS:
            outcome = _attempt(session_id, plan)
        else:
            with store.locked():
                outcome = _attempt(session_id, plan)
        if outcome is not None:
            if isinstance(outcome, Saved) and outcome.scored is not None:
                # only once committed: the engine's answer is what the next page will show
                keep_result(*outcome.scored)
            return outcome
    raise AssertionError("a locked attempt cannot go stale")  # pragma: no cover


def _attempt(session_id: int, plan: Plan) -> Outcome | None:
    session, rounds = store.snapshot(session_id)
    planned = plan(session, rounds)
    if not isinstance(planned, store.Change):
        return planned
    after = _after(rounds, planned)
    try:
        result: dict[str, Any] = game(session.engine_request([r.facts for r in after]))
    except RulesError as error:
        changed = None if planned.deleted else _index_of(planned.round_id, after)
        return Broken(error.message, error.field, changed)
    try:
        round_id = store.write_change(session, planned, summary_of(session, result), len(after))
    except store.Stale:
        return None
    except store.AlreadySaved:
        round_id = store.submitted(session_id, planned.submission or "")
        return Duplicate(round_id or 0, None)
    scored = (session, session.revision + 1, result)
    if planned.deleted:
        return Saved(round_id, None, scored)
    number = len(after) if planned.round_id is None else number_of(round_id, after)
    return Saved(round_id, number, scored)
