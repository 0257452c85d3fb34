"""One blueprint per area of the app, each called ``bp``."""

from . import (
    api,
    entry,
    evening,
    health,
    live,
    offline,
    pdf_sheets,
    players,
    referee,
    rounds,
    rules_pages,
    sessions,
)

BLUEPRINTS = [
    sessions.bp,
    rounds.bp,
    entry.bp,
    pdf_sheets.bp,
    referee.bp,
    rules_pages.bp,
    api.bp,
    evening.bp,
    players.bp,
    health.bp,
    offline.bp,
    live.bp,
]
