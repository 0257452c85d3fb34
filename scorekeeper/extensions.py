"""The Flask extensions the app and its blueprints share, created once here.

Blueprints import them from this module, never from :mod:`scorekeeper.app`, so
the factory and the views do not import each other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask_babel import Babel
from flask_caching import Cache
from flask_compress import Compress
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
babel = Babel()
# Pages and PDFs as rendered, shared by the server's worker processes (files beside the
# database): every phone watching a table reloads when a round is saved, and one rendering
# serves them all, whichever worker they reach.
cache = Cache()
# pages, styles, scripts and JSON go out compressed (zstd, br or gzip, as the phone accepts):
# a table's Wi-Fi is often weak
compress = Compress()


Rendered = TypeVar("Rendered")


def kept(key: tuple, version: object, make: Callable[[], Rendered]) -> Rendered:
    """What ``make`` renders for ``key`` at ``version`` (a session's revision), rendered once
    and kept for every worker. One file per key, overwritten by the next version, so the
    cache holds the tables in play, not every revision of them."""
    name = "\x1f".join(str(part) for part in key)
    found = cache.get(name)
    if found is not None and found[0] == version:
        return found[1]
    rendered = make()
    if not cache.set(name, (version, rendered)):  # no room: its draft file stays behind
        from .disk import clean_cache_drafts

        clean_cache_drafts()
    return rendered
