"""One blueprint per area of the app, each called ``bp``."""

from . import (
    api,
    entry,
    evening,
    health,
    live,
    offline,
    players,
    referee,
    rounds,
    rules_pages,
    score_pdf,
    sessions,
)

BLUEPRINTS = [
    sessions.bp,
    rounds.bp,
    entry.bp,
    score_pdf.bp,
    referee.bp,
    rules_pages.bp,
    api.bp,
    evening.bp,
    players.bp,
    health.bp,
    offline.bp,
    live.bp,
]
