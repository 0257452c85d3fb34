"""One blueprint per area of the app, each called ``bp``."""

from . import api, entry, evening, players, referee, rounds, rules_pages, sessions, sheets

BLUEPRINTS = [
    sessions.bp,
    rounds.bp,
    entry.bp,
    sheets.bp,
    referee.bp,
    rules_pages.bp,
    api.bp,
    evening.bp,
    players.bp,
]
