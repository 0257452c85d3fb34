"""Share links and QR codes: whole addresses other phones can open.

With ``BASE_URL`` set (``SCOREKEEPER_BASE_URL``) every link starts with it, whatever
Host header a request came with. Otherwise, when ``scorekeeper serve`` listens on every
address, links start with this machine's address on the local network (``LAN_URL``, which
serve sets for its workers), so a link copied on the host's own browser at 127.0.0.1 still
opens on a phone. Otherwise the request's own address is used, which behind a reverse proxy
is right only when ``PROXY_HOPS`` trusts that proxy.
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import current_app, request, url_for


def share_url(endpoint: str, **values: Any) -> str:
    base = current_app.config.get("BASE_URL") or current_app.config.get("LAN_URL")
    if not base:
        return url_for(endpoint, _external=True, **values)
    path = url_for(endpoint, **values)[len(request.script_root) :]
    return base.rstrip("/") + path


def phones_cannot_reach() -> bool:
    """True when serve listens on this machine only and no public address is configured."""
    local_only = str(current_app.config.get("LOCAL_ONLY") or "").lower() in ("1", "true")
    return local_only and not current_app.config.get("BASE_URL")


def share_box_version() -> str:
    """What a game page's share box shows besides the game (where its links start, and
    whether it warns that phones cannot open them), in a few characters: part of a kept
    page's key and ETag, so a server restarted on other addresses never shows the old box."""
    base = current_app.config.get("BASE_URL") or current_app.config.get("LAN_URL")
    # without one, each answer puts back the asker's own address (views.sessions): the Host
    # header must not choose which page is kept
    shown = f"{base or 'the asker'} {phones_cannot_reach()}"
    return hashlib.sha256(shown.encode()).hexdigest()[:8]
