"""Changing a session's rounds exactly once.

A change is worked out on the session as it is (its revision read first), checked by
the engine from the changed round onward (so a correction that breaks a later round is
refused), and written, with the engine's answer for every round it rescored, only if
the session has not moved on since. A new round is scored once, from the state kept
after the round before it. If the session moved on, the change is worked out again:
the plan decides whether the news is a conflict for it. The last attempt holds the
write lock throughout, so a busy session still gets its save in.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass

from . import derived, store
from .rules import RulesError

OPTIMISTIC_ATTEMPTS = 3


@dataclass(frozen=True)
class Saved:
    round_id: int
    number: int | None  # the round's number on the sheet after the change (None: deleted)


@dataclass(frozen=True)
class Duplicate:
    """The same form was already saved: nothing new is written."""

    round_id: int
    number: int | None


@dataclass(frozen=True)
class Conflict:
    """Someone else changed what this change was based on."""

    session: store.Session


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
Plan = Callable[[store.Session], "store.Change | Outcome"]


def apply(session_id: int, plan: Plan) -> Outcome:
    """Make the change the plan asks for on the current session, or say why not."""
    # kept scores missing (a new engine): rebuilt first, not under the write lock below; a
    # stored round that no longer scores is for the attempt to say
    with suppress(RulesError):
        derived.ensure(store.get_session(session_id))
    for attempt in range(OPTIMISTIC_ATTEMPTS + 1):
        if attempt < OPTIMISTIC_ATTEMPTS:
            outcome = _attempt(session_id, plan)
        else:
            with store.locked():
                outcome = _attempt(session_id, plan)
        if outcome is not None:
            return outcome
    raise AssertionError("a locked attempt cannot go stale")  # pragma: no cover


def _rescored(
    session: store.Session, change: store.Change
) -> tuple[dict | None, list[store.StoredRound]]:
    """The state before the changed round, and the live rounds from it on once changed:
    what the engine must score again (every round, when the kept scores are missing)."""
    if not store.derived_ready(session.id, derived.ENGINE):
        start: int | None = 0
    elif change.round_id is None:
        start = None  # a new round goes last: nothing after it to rescore
    else:
        start = store.position_of(change.round_id)
    before = store.state_before(session.id, start) if start != 0 else None
    rounds = store.live_rounds_from(session.id, start) if start is not None else []
    if change.round_id is None:
        return before, [*rounds, store.StoredRound(store.NEW_ROUND, 0, change.facts, "")]
    kept = [r for r in rounds if r.id != change.round_id]
    if change.deleted:
        return before, kept
    # a correction, or a restored round returning to its place
    position = store.position_of(change.round_id)
    changed = store.StoredRound(change.round_id, position, change.facts, "")
    return before, sorted([*kept, changed], key=lambda r: (r.position, r.id))


def _attempt(session_id: int, plan: Plan) -> Outcome | None:
    session = store.get_session(session_id)
    planned = plan(session)
    if not isinstance(planned, store.Change):
        return planned
    before, rounds = _rescored(session, planned)
    changed_id = store.NEW_ROUND if planned.round_id is None else planned.round_id
    try:
        scores = derived.score_on(session, before, rounds)
    except RulesError as error:
        played_before = before["played"] if before else 0
        changed = next(
            (played_before + i for i, r in enumerate(rounds) if r.id == changed_id), None
        )
        return Broken(error.message, error.field, None if planned.deleted else changed)
    state = derived.final_state(before, scores)
    count = state["played"] if state else 0
    try:
        round_id = store.write_change(
            session, planned, scores, derived.summary_of(session, state), count
        )
    except store.Stale:
        return None
    except store.AlreadySaved:
        round_id = store.submitted(session_id, planned.submission or "")
        return Duplicate(round_id or 0, None)
    # the changed round's state counts the hands up to it: its number on the sheet (a
    # seating change between rounds is no hand)
    number = next(
        (after.get("hands", after["played"]) for rid, _, after in scores if rid == changed_id),
        None,
    )
    return Saved(round_id, None if planned.deleted else number)
