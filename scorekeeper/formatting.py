"""Numbers, dates and times on pages, in the request's language (Babel).

A time is sent as ``<time datetime=ISO>`` with this server's text inside; static/time.js
rewrites it in the phone's own time zone, which the server cannot know.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import Flask
from flask_babel import format_date, format_datetime, format_decimal, get_locale

SIGNED = "+#,##0;-#,##0"


def number(value: Any) -> str:
    """A whole or decimal number with the locale's grouping (1.234 in German)."""
    if value is None or value == "":
        return ""
    return format_decimal(value)


def signed(value: Any) -> str:
    """A round's change: +12, -7, and 0 without a sign."""
    if not value:
        return "0"
    return format_decimal(value, format=SIGNED)


def _moment(iso: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def when(iso: str, kind: str = "datetime") -> str:
    """A stored UTC time as text for the fallback inside <time> (the server's zone)."""
    moment = _moment(iso)
    if moment is None:
        return iso or ""
    if kind == "date":
        return format_date(moment, format="medium")
    return format_datetime(moment, format="short")


def page_language() -> str:
    return str(get_locale() or "en").replace("_", "-")


def picker_strings() -> dict[str, Any]:
    """Every word the card picker's script shows, in the page's language (the script has
    none of its own)."""
    from flask_babel import gettext

    from .rules import cards

    faces = getattr(cards, "card_faces", None)
    return {
        "lang": page_language(),
        "pick": gettext("Pick cards"),
        "points": gettext("points"),
        "faces": faces(str(get_locale() or "en")) if faces else {},
        "suits": {
            "S": gettext("spades"),
            "H": gettext("hearts"),
            "D": gettext("diamonds"),
            "C": gettext("clubs"),
        },
    }


def init_app(app: Flask) -> None:
    app.add_template_global(picker_strings, "picker_strings")
    app.add_template_filter(number, "number")
    app.add_template_filter(signed, "signed")
    app.add_template_filter(when, "when")
