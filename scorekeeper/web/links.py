"""Share links and QR codes: whole addresses other phones can open.

With ``BASE_URL`` set (``SCOREKEEPER_BASE_URL``) every link starts with it, whatever
Host header a request came with. Otherwise, when ``scorekeeper serve`` listens on every
address, links start with this machine's address on the local network (``LAN_URL``, which
serve sets for its workers), so a link copied on the host's own browser at 127.0.0.1 still
opens on a phone. Otherwise the request's own address is used, which behind a reverse proxy
is right only when ``PROXY_HOPS`` trusts that proxy.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping
from typing import Any

from flask import current_app, request, url_for


def share_url(endpoint: str, **values: Any) -> str:
    config = current_app.config
    base = config.get("BASE_URL") or config.get("LAN_URL")
    if not base:
        return url_for(endpoint, _external=True, **values)
    path = url_for(endpoint, **values)[len(request.script_root) :]
    return base.rstrip("/") + path


def phones_cannot_reach() -> bool:
    """True when serve listens on this machine only and no public address is configured."""
    return _cannot_reach(current_app.config)


def _cannot_reach(config: Mapping[str, Any]) -> bool:
    local_only = str(config.get("LOCAL_ONLY") or "").lower() in ("1", "true")
    return local_only and not config.get("BASE_URL")


def share_box_version() -> str:
    """What a game page's share box shows besides the game (where its links start, and
    whether it warns that phones cannot open them), in a few characters: part of a cached
    page's key and ETag, so a server restarted on other addresses never shows the old box."""
    config = current_app.config
    base = config.get("BASE_URL") or config.get("LAN_URL")
    # without one, each answer puts back the asker's own address (views.sessions): the Host
    # header must not choose which page is cached
    return _box_version(f"{base or 'the asker'} {_cannot_reach(config)}")


@functools.lru_cache(maxsize=16)  # a server's addresses change only when it restarts
def _box_version(shown: str) -> str:
    return hashlib.sha256(shown.encode()).hexdigest()[:8]


# the addresses fixed_url has worked out, per app (kept with it: they go when the app goes)
FIXED_URLS = "scorekeeper.fixed_urls"
FIXED_URLS_KEPT = 256  # bounded: the path the app is served under comes with the request


def fixed_url(endpoint: str, **values: Any) -> str:
    """``url_for`` of an address that is the same on every page (a style sheet, the list of
    games), worked out once per path the app is served under: the frame of every page asks
    for a dozen of them, and each ``url_for`` walks the URL map again."""
    known = current_app.extensions.setdefault(FIXED_URLS, {})
    key = (request.script_root, endpoint, *values.items())
    address = known.get(key)
    if address is None:
        if len(known) >= FIXED_URLS_KEPT:
            known.clear()
        address = known[key] = url_for(endpoint, **values)
    return address
