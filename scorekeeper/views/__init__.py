"""One blueprint per area of the app, each called ``bp``."""

from . import api, referee, rounds, rules_pages, sessions, sheets

BLUEPRINTS = [sessions.bp, rounds.bp, sheets.bp, referee.bp, rules_pages.bp, api.bp]
