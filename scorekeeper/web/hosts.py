"""A Host header the app cannot answer for is refused with a page, not a traceback.

Werkzeug binds every request's routes to its Host: a name it cannot encode (``a..b``,
``.x``, a label of 64 letters) leaves the request with no routes at all, so every view
failed and then the error page too, for it builds its links from the routes. A Host outside
``TRUSTED_HOSTS`` did the same. Such a request is answered here as if it had come for a
name the server does answer for, flagged, and the app refuses it (400) before any view runs,
with the ordinary error page.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from werkzeug.sansio.utils import host_is_trusted
from werkzeug.wsgi import get_host

REFUSED_HOST = "scorekeeper.refused_host"  # in the WSGI environ: what was wrong with it
MALFORMED = "malformed"
UNTRUSTED = "untrusted"


def _placeholder(trusted: Iterable[str] | None) -> str:
    """A name every check accepts: the first trusted host, else the reserved ``.invalid``."""
    for name in trusted or ():
        return name.lstrip(".")
    return "host.invalid"  # RFC 6761: never anyone's real name


def what_is_wrong(environ: dict[str, Any], trusted: Iterable[str] | None) -> str | None:
    """MALFORMED, UNTRUSTED, or None for a Host the app can answer for."""
    return _judged(get_host(environ).lower(), tuple(trusted or ()))


@functools.lru_cache(maxsize=256)  # a phone sends the same Host with every poll
def _judged(host: str, trusted: tuple[str, ...]) -> str | None:
    name = host.partition(":")[0]  # the host as Werkzeug reads it, without its port
    try:
        name.encode("idna")  # what Werkzeug's routes do with it, and fail on
    except UnicodeError:
        return MALFORMED
    if trusted and not host_is_trusted(host, trusted):
        return UNTRUSTED
    return None


class HostChecked:
    """WSGI middleware, inside any proxy fix (it checks the Host the proxy passed on)."""

    def __init__(self, wsgi_app, config: dict[str, Any]) -> None:
        self.wsgi_app = wsgi_app
        self.config = config

    def __call__(self, environ, start_response):
        trusted = self.config.get("TRUSTED_HOSTS")
        wrong = what_is_wrong(environ, trusted)
        if wrong is not None:
            environ = {
                **environ,
                "HTTP_HOST": _placeholder(trusted),
                "SERVER_NAME": _placeholder(trusted),
                REFUSED_HOST: wrong,
            }
        return self.wsgi_app(environ, start_response)
