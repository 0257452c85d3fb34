"""The referee engine: pure Python, no Flask, no database, no PDF.

``from scorekeeper.rules import variants, check, arrange, score, game``: each
takes the contract's request as a dict or as keyword arguments and returns the
response as a dict (``shared/spec/referee-json.md``). Malformed input raises
:class:`RulesError`, whose ``as_json()`` is the contract's error answer.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .errors import CardError, OptionError, RoundError, RulesError

__all__ = [
    "CardError",
    "OptionError",
    "RoundError",
    "RulesError",
    "arrange",
    "check",
    "game",
    "score",
    "variants",
]

# Loaded on first use so that `scorekeeper variants` does not pay for the arranger.
_PUBLIC = {
    "variants": ".variants",
    "check": ".melds",
    "arrange": ".arrange",
    "score": ".scoring",
    "game": ".game",
}


def __getattr__(name: str) -> Any:
    if name in _PUBLIC:
        return getattr(import_module(_PUBLIC[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
