"""Reading the contract's requests: one dict from a dict or keyword arguments,
and the cards inside it parsed with the JSON path of each."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Card, parse_cards
from .errors import RulesError


def as_request(request: Mapping[str, Any] | None, fields: Mapping[str, Any]) -> dict[str, Any]:
    """Merge a request dict and keyword arguments (keywords win)."""
    if request is not None and not isinstance(request, Mapping):
        raise RulesError("the request must be a JSON object", None)
    return dict(request or {}) | dict(fields)


def require(request: Mapping[str, Any], name: str) -> Any:
    if name not in request or request[name] is None:
        raise RulesError(f"the request needs '{name}'", name)
    return request[name]


def cards_at(value: object, field: str, where: str) -> list[Card]:
    """Parse a list of cards found at JSON path ``field``; ``where`` names it for people."""
    if not isinstance(value, list):
        raise RulesError(f"{where} must be a list of cards", field)
    return parse_cards(value, where=where, field=field)


def melds_at(value: object, field: str) -> list[list[Card]]:
    """Parse a list of melds (lists of cards) found at JSON path ``field``."""
    if not isinstance(value, list):
        raise RulesError(f"'{field}' must be a list of melds, each a list of cards", field)
    melds = []
    for index, meld in enumerate(value):
        if not isinstance(meld, list):
            raise RulesError(f"meld {index + 1} must be a list of cards", f"{field}[{index}]")
        melds.append(cards_at(meld, f"{field}[{index}]", f"meld {index + 1}"))
    return melds
