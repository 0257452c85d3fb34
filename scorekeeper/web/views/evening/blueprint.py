"""The one blueprint the evening's features share: their routes' names (``evening.*``) and
addresses are the same whichever module holds them."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("evening", "scorekeeper.web.views.evening")
