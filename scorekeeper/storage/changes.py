"""Changing a session's rounds exactly once.

A change is worked out on the session as it is (its revision read first), checked by
the engine from the changed round onward (so a correction that breaks a later round is
refused), and written, with the engine's answer for every round it rescored, only if
the session has not moved on since. A new round is scored once, from the state stored
after the round before it. If the session moved on, the change is worked out again:
the plan decides whether the news is a conflict for it. The last attempt holds the
write lock throughout, so a busy session still gets its save in.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules import RulesError
from scorekeeper.rules.messages import N_

from . import db, derived, history_store, round_store, session_store

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

    session: session_store.Session


@dataclass(frozen=True)
class Broken:
    """The session would no longer score after the change."""

    reason: str
    field: str | None
    round_index: int | None  # where the changed round stands in the session (None: deleted)
    # the engine's refusal, every problem it found (``error.also``), and whether it is about
    # the changed round itself rather than a round after it
    error: RulesError | None = None
    own: bool = False


@dataclass(frozen=True)
class Refused:
    """Nothing to do (no such round, nothing to undo): the reason says why."""

    reason: str


@dataclass(frozen=True)
class KeyElsewhere:
    """The form's one-time key already saved another round, or a round of another game:
    nothing is written, and this is no duplicate of anything here."""

    reason: Any = N_(
        "Not saved: this form's one-time key was already used for another round or another "
        "game. Check the entry and save it again."
    )


Outcome = Saved | Duplicate | Conflict | Broken | Refused | KeyElsewhere
Plan = Callable[[session_store.Session], "round_store.Change | Outcome"]


def plan_round(round_id: int | None, facts: dict, base: int | None, key: str | None) -> Plan:
    """The change a round form asks for (a new round: ``round_id`` None), or why it must not
    be made on the session as it is now. ``base`` is the revision the form was loaded at
    (None: a form from before revisions were sent), ``key`` its one-time submission key."""

    def plan(session: session_store.Session) -> round_store.Change | Outcome:
        if key is not None:
            saved = round_store.submitted(session.id, key)
            if saved is not None and round_id is not None and saved != round_id:
                return KeyElsewhere()  # a correction of another round of this game
            if saved is not None:
                return Duplicate(saved, round_store.number_of(session.id, saved))
        if base is not None and base != session.revision:
            since = session_store.changed_since(session.id, base)
            # a new round clashes with any round entered, deleted or restored meanwhile:
            # two phones entering the same hand; a correction clashes with news of its round
            if since.rounds_added_or_removed if round_id is None else round_id in since.rounds:
                return Conflict(session)
        if round_id is not None and round_store.number_of(session.id, round_id) is None:
            return Refused(N_("That round was deleted meanwhile."))
        note = "entered" if round_id is None else "corrected"
        return round_store.Change(round_id, facts, 0, note, submission=key)

    return plan


def plan_delete(round_id: int) -> Plan:
    """Deleting a round (kept in its history, to be restored)."""

    def plan(session: session_store.Session) -> round_store.Change | Outcome:
        stored = round_store.get_round(session, round_id)
        if stored is None:
            return Refused(N_("That round is already deleted."))
        return round_store.Change(round_id, stored.facts, 1, "deleted")

    return plan


def plan_restore(version: dict[str, Any]) -> Plan:
    """A version of a round from its history made the round again: a new version of it,
    checked against every round after it."""
    change = round_store.Change(
        version["round_id"],
        version["facts"],
        version["deleted"],
        f"restored version {version['id']}",
    )
    return lambda session: change


def plan_undo(seen: str) -> Plan:
    """Taking back the newest change (a new round, a correction, a delete), as long as it is
    the one the phone saw: ``seen`` is the revision its page was shown at."""

    def plan(session: session_store.Session) -> round_store.Change | Outcome:
        # a second tap (or another phone's save) moved the session on: undo nothing unseen
        if seen != str(session.revision):
            return Refused(N_("The session changed since this page was shown: nothing was undone."))
        last = history_store.last_undoable(session)
        if last is None:
            return Refused(N_("There is nothing to undo."))
        before = history_store.version_before(last)
        note = f"undid version {last['id']}"
        if before is None:  # the change entered the round: undoing it removes the round
            return round_store.Change(last["round_id"], last["facts"], 1, note, undoes=last["id"])
        return round_store.Change(
            last["round_id"], before["facts"], before["deleted"], note, undoes=last["id"]
        )

    return plan


def plan_seating(change: dict[str, Any], key: str | None) -> Plan:
    """A seating change between rounds (rename, leave, join), saved like a round with the
    engine's seating entry as its facts; ``key`` its form's one-time submission key."""

    def plan(session: session_store.Session) -> round_store.Change | Outcome:
        if key is not None:
            saved = round_store.submitted(session.id, key)
            if saved is not None:
                return Duplicate(saved, None)
        return round_store.Change(None, {"seating": change}, 0, "seating", submission=key)

    return plan


def apply(session_id: int, plan: Plan) -> Outcome:
    """Make the change the plan asks for on the current session, or say why not."""
    if not round_store.derived_ready(session_id, derived.ENGINE):
        # stored scores missing (a new engine): rebuilt first, not under the write lock
        # below; a stored round that no longer scores is for the attempt to say
        with suppress(RulesError):
            derived.ensure(session_store.get_session(session_id))
    for attempt in range(OPTIMISTIC_ATTEMPTS + 1):
        if attempt < OPTIMISTIC_ATTEMPTS:
            outcome = _attempt(session_id, plan)
        else:
            with db.locked():
                outcome = _attempt(session_id, plan)
        if outcome is not None:
            return outcome
    raise AssertionError("a locked attempt cannot go stale")  # pragma: no cover


def _rescored(
    session: session_store.Session, change: round_store.Change
) -> tuple[dict | None, list[round_store.StoredRound]]:
    """The state before the changed round, and the live rounds from it on once changed:
    what the engine must score again (every round, when the stored scores are missing)."""
    new_round = round_store.StoredRound(round_store.NEW_ROUND, 0, change.facts, "")
    if change.round_id is None:
        # a new round goes last: nothing after it to rescore, unless the stored scores are
        # missing (read with the session just now: were it stale, the write finds it moved on)
        ready, last = round_store.last_stored_state(session.id, derived.ENGINE)
        if ready:
            return last, [new_round]
        start: int | None = 0
    elif not round_store.derived_ready(session.id, derived.ENGINE):
        start = 0
    else:
        start = round_store.position_of(change.round_id)
    before = round_store.state_before(session.id, start) if start != 0 else None
    rounds = round_store.live_rounds_from(session.id, start) if start is not None else []
    if change.round_id is None:
        return before, [*rounds, new_round]
    kept = [r for r in rounds if r.id != change.round_id]
    if change.deleted:
        return before, kept
    # a correction, or a restored round returning to its place
    position = round_store.position_of(change.round_id)
    changed = round_store.StoredRound(change.round_id, position, change.facts, "")
    return before, sorted([*kept, changed], key=lambda r: (r.position, r.id))


def _scored(
    session: session_store.Session,
    before: dict | None,
    rounds: list[round_store.StoredRound],
    changed: int | None,
) -> tuple[round_store.Derived, dict | None] | Broken:
    """The rounds scored once, on from ``before``, and the standing after the last; or the
    engine's refusal. The rounds before the changed one (at ``changed`` in ``rounds``; None:
    a deletion) are scored first, then it, then the rest: so it is known whether the changed
    round itself broke, or a round after it."""
    cut = len(rounds) if changed is None else changed
    scores: round_store.Derived = []
    standing = None
    for part, own in (
        (rounds[:cut], False),
        (rounds[cut : cut + 1], True),
        (rounds[cut + 1 :], False),
    ):
        try:
            more, after = derived.scored_on(session, derived.final_state(before, scores), part)
        except RulesError as error:
            played_before = before["played"] if before else 0
            index = None if changed is None else played_before + changed
            return Broken(error.message, error.field, index, error, own and changed is not None)
        scores += more
        standing = after if part else standing
    return scores, standing


def _attempt(session_id: int, plan: Plan) -> Outcome | None:
    session = session_store.get_session(session_id)
    planned = plan(session)
    if not isinstance(planned, round_store.Change):
        return planned
    before, rounds = _rescored(session, planned)
    changed_id = round_store.NEW_ROUND if planned.round_id is None else planned.round_id
    changed = next((i for i, r in enumerate(rounds) if r.id == changed_id), None)
    scored = _scored(session, before, rounds, None if planned.deleted else changed)
    if isinstance(scored, Broken):
        return scored
    scores, standing = scored
    state = derived.final_state(before, scores)
    count = state["played"] if state else 0
    summary = derived.summary_of(session, state, standing)
    try:
        round_id = round_store.write_change(session, planned, scores, summary, count)
    except round_store.Stale:
        return None
    except round_store.AlreadySaved:
        round_id = round_store.submitted(session_id, planned.submission or "")
        if round_id is None:  # the key (unique across games) saved a round of another game
            return KeyElsewhere()
        return Duplicate(round_id, None)
    # the changed round's state counts the hands up to it: its number on the sheet (a
    # seating change between rounds is no hand)
    number = next(
        (round_store.sheet_number(after) for rid, _, after in scores if rid == changed_id),
        None,
    )
    return Saved(round_id, None if planned.deleted else number)
