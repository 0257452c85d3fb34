"""The Flask extensions the app and its blueprints share, created once here.

Blueprints import them from this module, never from :mod:`scorekeeper.app`, so
the factory and the views do not import each other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask_babel import Babel
from flask_caching import Cache
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
babel = Babel()
# Pages and PDFs as rendered, shared by the server's worker processes (files beside the
# database): every phone watching a table reloads when a round is saved, and one rendering
# serves them all, whichever worker they reach. Keys name the revision, so nothing is stale.
cache = Cache()


Rendered = TypeVar("Rendered")


def kept(key: tuple, make: Callable[[], Rendered]) -> Rendered:
    """What ``make`` renders for ``key``, rendered once and kept for every worker; the key
    must name all the page depends on (link, revision, language...)."""
    name = "\x1f".join(str(part) for part in key)
    found = cache.get(name)
    if found is None:
        found = make()
        cache.set(name, found)
    return found
