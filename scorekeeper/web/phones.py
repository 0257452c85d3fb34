"""Which phone is asking: its id, the key of its list of games, its group and its import count.

A new phone sends its first requests side by side (the page, and the service worker fetching
the games list in the background), all with the cookie it had; the answers may come back in
any order, and the cookie set by the last one is the one the phone keeps. An id drawn at
random by whichever request first needed one gave two of them two ids, and the games stored
under the one that lost left this phone's list. So the id is no draw: it is worked out
(an HMAC under the app's key) from the secret the phone's cookie already carries, the random
token Flask-WTF keeps there for its CSRF check, so every request sent with the same cookie
names the same phone, whatever order they are answered in. Every form sends that token back
and is refused without the cookie that holds it, so two tabs starting games at once before
the phone had an id still agree on it. The id is written into the cookie (kept for 400 days)
only by a request that keeps something for the phone; a request that only reads never sets
it. Phones that got a random id before keep it: an id in the cookie comes first.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from flask import current_app
from flask import session as cookie
from flask_wtf.csrf import generate_csrf

DEVICE = "device"  # the signed cookie's id of this phone; its games are in the database


def _stored() -> str | None:
    device = cookie.get(DEVICE)
    return device if isinstance(device, str) and 16 <= len(device) <= 64 else None


def _secret_field() -> str:
    return current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")


def _secret() -> str | None:
    """The random token Flask-WTF keeps in the phone's cookie (the CSRF check's own secret)."""
    secret = cookie.get(_secret_field())
    return secret if isinstance(secret, str) and secret else None


def _worked_out(secret: str) -> str:
    key = current_app.secret_key
    key = key.encode() if isinstance(key, str) else key
    digest = hmac.new(key, b"device:" + secret.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")  # 22 characters


def this_device() -> str | None:
    """This phone's id, without making one: the one its cookie holds, or the one its first
    stored thing will give it; None for a phone this app never answered with a cookie."""
    stored = _stored()
    if stored is not None:
        return stored
    secret = _secret()
    return _worked_out(secret) if secret is not None else None


def give_secret() -> None:
    """A phone without a cookie gets the secret its id will be worked out from (the
    games list gives it, as every form does: it is a phone from now on, counted as one)."""
    generate_csrf()


def keep_device() -> str:
    """This phone's id for something it keeps (a game, a group), written into its cookie."""
    device = _stored()
    if device is None:
        secret = _secret()
        if secret is None:  # nothing was ever sent to it: a first request that keeps something
            give_secret()
            secret = cookie[_secret_field()]
        device = _worked_out(secret)
        cookie[DEVICE] = device
    if not cookie.permanent:  # set only once: a cookie left as it was is not sent again
        cookie.permanent = True
    return device
