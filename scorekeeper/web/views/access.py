"""Who may see and change a session: its two links, and the phone that holds them.

Every blueprint opens a session through here, so a read-only link can never reach a
page that changes something, and each phone's list of games stays in one place.
"""

from __future__ import annotations

import secrets

from flask import abort
from flask import session as cookie

from scorekeeper.storage import device_store, session_store
from scorekeeper.storage.disk import DiskFull

DEVICE = "device"  # the signed cookie's random id of this phone; its games are in the database
HELD = "held"  # the old cookie list of links, moved into the database on the first visit


def _known_device() -> bool:
    """Whether the phone came back with the id this app gave it (it keeps our cookie)."""
    device = cookie.get(DEVICE)
    return isinstance(device, str) and 16 <= len(device) <= 64


def device_id() -> str:
    """This phone's id, made on its first visit (games it held in the old cookie move over)."""
    device = cookie.get(DEVICE)
    if not _known_device():
        device = secrets.token_urlsafe(16)
        cookie[DEVICE] = device
        cookie.permanent = True
    held = cookie.pop(HELD) if HELD in cookie else None  # pop marks the cookie changed
    if isinstance(held, list):
        for token in reversed(held):  # oldest first, as they were opened
            found = session_store.find_session(token) if isinstance(token, str) else None
            if found is not None:
                device_store.remember_device(device, found[0].id, found[1])
    return device


def remember(session: session_store.Session, can_edit: bool) -> None:
    """Put the game on this phone's list. A read-only look from a phone without an id yet
    gives it one and notes the game in its cookie; the row is made when the phone comes back
    with that cookie (see device_id), so a visitor that keeps no cookie (a script asking
    again and again) adds nothing to the database."""
    if not can_edit and not _known_device():
        device_id()
        cookie[HELD] = [session.view_token]
        return
    try:
        device_store.remember_device(device_id(), session.id, can_edit)
    except DiskFull:  # the list is a convenience: the game still shows
        return


def open_session(token: str) -> tuple[session_store.Session, bool]:
    found = session_store.find_session(token)
    if found is None:
        abort(404)
    return found


def require_edit(token: str) -> session_store.Session:
    session, can_edit = open_session(token)
    if not can_edit:
        abort(403)
    return session
