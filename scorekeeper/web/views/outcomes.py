"""What a phone is told after a change to a session's rounds (delete, restore, undo)."""

from __future__ import annotations

from typing import Any

from flask import flash

from scorekeeper.language.formatting import translated
from scorekeeper.storage import changes


def flash_outcome(outcome: changes.Outcome, done: Any, cannot: Any) -> None:
    """``done`` when the change was made; ``cannot`` (a lazy text with a ``%(why)s`` slot)
    when a later round would break; the store's own reason when there was nothing to do."""
    if isinstance(outcome, changes.Broken):
        flash(cannot % {"why": translated(outcome.reason)})
    elif isinstance(outcome, changes.Refused):
        flash(translated(outcome.reason))
    else:
        flash(done)
