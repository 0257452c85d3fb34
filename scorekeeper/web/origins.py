"""A form is taken only from the app's own pages: the browser's word for where it was sent
from (``Sec-Fetch-Site``, ``Origin``) is checked beside the CSRF token.

The token alone already refuses another site's form; this refuses it again should a token
ever leak (defence in depth). A client that is no browser (curl, a script) sends neither
header and is not refused for that: it still needs a token. The app's own addresses are the
one the request came to (its Host, as the trusted proxies pass it on, see PROXY_HOPS), the
configured BASE_URL and the local network's address that ``serve`` gives its workers
(LAN_URL). A proxy's path prefix is no part of an origin, so it changes nothing here.
Browsers send no ``Sec-Fetch-Site`` to a plain-http address on the local network, so the
``Origin`` is what a kitchen table's phones are checked by.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Request, current_app
from werkzeug.exceptions import Forbidden

# what Sec-Fetch-Site says of a request the app's own page made, or a person typed
OWN_SITE = {"same-origin", "none"}


class SentFromElsewhere(Forbidden):
    """A form sent from another site's page."""


def _netloc(url: str) -> str:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return ""
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    if port is None or (parts.scheme, port) in {("http", 80), ("https", 443)}:
        return host
    return f"{host}:{port}"


def own_addresses(asked: Request) -> set[str]:
    config = current_app.config
    addresses = {_netloc(f"{asked.scheme}://{asked.host}")}
    for configured in (config.get("BASE_URL"), config.get("LAN_URL")):
        if configured:
            addresses.add(_netloc(configured))
    addresses.discard("")
    return addresses


def check_origin(asked: Request) -> None:
    """Raise SentFromElsewhere for a request another site's page made."""
    site = asked.headers.get("Sec-Fetch-Site")
    if site is not None and site not in OWN_SITE:
        raise SentFromElsewhere()
    origin = asked.headers.get("Origin")
    if origin is None:
        return  # no browser, or one that says nothing: the token decides
    if site == "same-origin":
        return  # the browser's own word (a proxy may have renamed the Host)
    if _netloc(origin) not in own_addresses(asked):
        raise SentFromElsewhere()
