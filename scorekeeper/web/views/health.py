"""``/health``: for the host, not the table (no page links here, no token in it).

Whether the database is being copied to its replica, when the replica last held every
change and how far behind it is, as JSON; answered 503 when replication has stopped or
is more than a minute behind, so an uptime monitor can raise the alarm.
"""

from __future__ import annotations

from flask import Blueprint, jsonify

from scorekeeper.storage.replica import health

bp = Blueprint("health", __name__)


@bp.get("/health")
def replication_health():
    replica = health()
    response = jsonify({"replica": replica})
    response.status_code = 200 if replica["ok"] else 503
    response.headers["Cache-Control"] = "no-store"
    return response
