"""What a phone is told after a change to a session's rounds: the one mapping from a
change's outcome (storage/changes.py) to the sentence it is shown and the answer's status.

A change is a new round, a correction, a seating change, a delete, an undo or a restored
version. Each says its own success and, for the three taken from the session's page, why
a later round keeps it from being made; everything else is said the same for all."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import flash, redirect, url_for
from werkzeug.wrappers import Response

from scorekeeper.language.formatting import translated
from scorekeeper.language.i18n import gettext as _
from scorekeeper.storage import changes

# the answer's status: back to the session's page with the sentence flashed, or the form
# shown again with it (a change that breaks a round, a key used elsewhere, a conflict)
BACK = 302
FORM_AGAIN = 200
KEY_ELSEWHERE = 422  # not the 409 of a round saved meanwhile, which the phone's queue shows
CONFLICT = 409  # beside the other round: here there is none to show


@dataclass(frozen=True)
class Told:
    message: Any  # None: nothing to say
    status: int
    undoable: bool = False  # the message carries an Undo button on the page it is shown on


ENTERED, CORRECTED, SEATING, DELETED, RESTORED, UNDONE = (
    "entered",
    "corrected",
    "seating",
    "deleted",
    "restored",
    "undone",
)


def _done(change: str, number: int | None) -> Any:
    if change == ENTERED:
        return _("Round %(n)s saved.", n=number)
    if change == CORRECTED:
        return _("Round %(n)s corrected; everything after it was recomputed.", n=number)
    if change == SEATING:
        return _("Players changed.")
    if change == DELETED:
        return _("Round deleted; it can be restored from the history of changes.")
    if change == RESTORED:
        return _("The earlier version is back; everything after it was recomputed.")
    return _("Undone. The change is kept in the history of changes.")


def _cannot(change: str, why: Any) -> Any:
    """Why a change taken from the session's page was not made: a later round breaks."""
    if change == DELETED:
        return _(
            "That round cannot be deleted: without it a later round breaks (%(why)s).", why=why
        )
    if change == RESTORED:
        return _(
            "That version cannot be restored: with it a later round breaks (%(why)s).", why=why
        )
    return _("That cannot be undone: a later round would break (%(why)s).", why=why)


def told(outcome: changes.Outcome, change: str) -> Told:
    """What the phone that asked for ``change`` is told of its ``outcome``."""
    rounds = change in (ENTERED, CORRECTED)
    if isinstance(outcome, changes.Saved):
        return Told(_done(change, outcome.number), BACK, undoable=rounds)
    if isinstance(outcome, changes.Duplicate):
        # a double tap or a resubmitted page: the first save stands, nothing moves on
        if not rounds:
            return Told(_done(change, outcome.number), BACK)
        if outcome.number is None:
            return Told(None, BACK)
        return Told(_("Round %(n)s was already saved.", n=outcome.number), BACK)
    if isinstance(outcome, changes.Refused):
        return Told(translated(outcome.reason), BACK)
    if isinstance(outcome, changes.KeyElsewhere):
        return Told(translated(outcome.reason), KEY_ELSEWHERE)
    if isinstance(outcome, changes.Conflict):  # only a round form says what it was based on
        return Told(None, CONFLICT if rounds else BACK)
    if rounds:  # Broken, said on the form (every problem beside its field when its own)
        why = translated(outcome.reason)
        return Told(_("This change breaks a later round: %(why)s", why=why), FORM_AGAIN)
    if change == SEATING:
        return Told(outcome.reason, FORM_AGAIN)
    return Told(_cannot(change, translated(outcome.reason)), BACK)


def flash_told(answer: Told) -> None:
    """The sentence flashed for the page the phone goes back to."""
    if answer.message is not None:
        if answer.undoable:
            flash(answer.message, "undoable")
        else:
            flash(answer.message)


def applied(session_id: int, plan: changes.Plan, change: str, token: str) -> Response:
    """A change taken from the game's page (a delete, an undo, a restored version): made,
    what it did (or why it could not) flashed, and the phone sent back to the page."""
    outcome = changes.apply(session_id, plan)
    flash_told(told(outcome, change))
    return redirect(url_for("sessions.page", token=token))
