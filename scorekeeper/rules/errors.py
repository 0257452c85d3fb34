"""Errors the engine raises for input a player or client got wrong.

Every error carries ``field``: the JSON path of the bad value (or ``None``), so
the CLI and the HTTP API can answer ``{"error": ..., "field": ...}`` without
guessing where the problem was. ``message`` is a :class:`~.messages.Message` (plain
text is taken as one), so the shells can say it in the table's language.
"""

from __future__ import annotations

from .messages import Message


class RulesError(ValueError):
    """Malformed input: exit 2 on the CLI, HTTP 400 on the API."""

    def __init__(self, message: str, field: str | None = None) -> None:
        if not isinstance(message, Message):
            message = Message(message)
        super().__init__(message)
        self.message = message
        self.field = field
        # more problems found in the same pass (a form shows them all at once); the API
        # and the CLI answer the first
        self.also: list[RulesError] = []

    def as_json(self) -> dict[str, str | None]:
        return {"error": self.message, "field": self.field}


class CardError(RulesError):
    """A token that is not a card, or a card used more often than the decks hold."""


class OptionError(RulesError):
    """An unknown variant, an unknown option, or an option value it does not allow."""


class RoundError(RulesError):
    """A round that cannot be scored as given (unknown player, missing fact, ...)."""
