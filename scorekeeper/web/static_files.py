"""Styles, scripts and icons under versioned addresses, cached by the phones for a year.

Every ``url_for('static', filename=...)`` carries ``v``, a hash of the file's content, so a
changed file has a new address and a copy cached under the old one is never used again: the
phone may keep it for good and asks for nothing on the next page. A request whose ``v`` is
not the file's present hash (a page rendered before the file changed, or an address typed
without it) gets Flask's default instead: cached, but checked with the server each time.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from flask import Flask, request
from werkzeug.security import safe_join

A_YEAR = 365 * 24 * 3600


@functools.cache
def content_version(folder: str, filename: str) -> str | None:
    """The first 12 hex digits of the file's SHA-256, or None when there is no such file.
    Files do not change under a running server, so each is read once per worker."""
    path = safe_join(folder, filename)
    if path is None or not Path(path).is_file():
        return None
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def init_app(app: Flask) -> None:
    folder = str(app.static_folder)

    @app.url_defaults
    def versioned(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "v" not in values:
            version = content_version(folder, values.get("filename", ""))
            if version is not None:
                values["v"] = version

    @app.after_request
    def cached_for_a_year(response):
        if request.endpoint != "static" or response.status_code not in (200, 304):
            return response
        filename = (request.view_args or {}).get("filename", "")
        if request.args.get("v") and request.args["v"] == content_version(folder, filename):
            response.cache_control.no_cache = None
            response.cache_control.public = True
            response.cache_control.max_age = A_YEAR
            response.cache_control.immutable = True
        return response
