"""Who may see and change a session: its two links, and the phone that holds them.

Every blueprint opens a session through here, so a read-only link can never reach a
page that changes something, and each phone's list of games stays in one place.
"""

from __future__ import annotations

from flask import abort
from flask import session as cookie

from scorekeeper.storage import device_store, session_store
from scorekeeper.storage.disk import DiskFull
from scorekeeper.web import rate_limits
from scorekeeper.web.phones import keep_device, this_device

HELD = "held"  # the old cookie list of links, moved into the database on the next visit


def phone_reading() -> str | None:
    """This phone's id for a page that only shows its games (None: it has none yet).
    Games a look noted in its cookie (see remember) are put on its list first."""
    if HELD in cookie:
        return phone_keeping()
    return this_device()


def phone_keeping() -> str:
    """This phone's id for something it keeps (see scorekeeper.web.phones); games it held
    in the old cookie move over."""
    device = keep_device()
    held = cookie.pop(HELD) if HELD in cookie else None  # pop marks the cookie changed
    if isinstance(held, list):
        for token in reversed(held):  # oldest first, as they were opened
            found = session_store.find_session(token) if isinstance(token, str) else None
            if found is not None:
                device_store.remember_device(device, found[0].id, found[1])
    return device


def remember(session: session_store.Session, can_edit: bool) -> None:
    """Put the game on this phone's list. A read-only look from a phone the app never gave a
    cookie notes the game in a new cookie; the row is made when the phone comes back with it
    (see phone_reading), so a visitor that keeps no cookie (a script asking again and again)
    adds nothing to the database."""
    if not can_edit and this_device() is None and HELD not in cookie:
        cookie[HELD] = [session.view_token]
        return
    try:
        device_store.remember_device(phone_keeping(), session.id, can_edit)
    except DiskFull:  # the list is a convenience: the game still shows
        return


def find_link(token: str) -> tuple[session_store.Session, bool] | None:
    """The session a link opens, and whether it may edit; links that open nothing are
    counted per address, and an address that guesses is refused (web.rate_limits)."""
    rate_limits.before_opening_a_link()
    found = session_store.find_session(token)
    if found is None:
        rate_limits.unknown_link()
    return found


def open_session(token: str) -> tuple[session_store.Session, bool]:
    found = find_link(token)
    if found is None:
        abort(404)
    return found


def require_edit(token: str) -> session_store.Session:
    session, can_edit = open_session(token)
    if not can_edit:
        abort(403)
    return session
