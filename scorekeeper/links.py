"""Share links and QR codes: whole addresses other phones can open.

With ``BASE_URL`` set (``SCOREKEEPER_BASE_URL``) every link starts with it, whatever
Host header a request came with; otherwise the request's own address is used, which
behind a reverse proxy is right only when ``PROXY_HOPS`` trusts that proxy.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, request, url_for


def share_url(endpoint: str, **values: Any) -> str:
    base = current_app.config.get("BASE_URL")
    if not base:
        return url_for(endpoint, _external=True, **values)
    path = url_for(endpoint, **values)[len(request.script_root) :]
    return base.rstrip("/") + path
