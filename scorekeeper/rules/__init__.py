"""The referee engine: pure Python, no Flask, no database, no PDF.

``from scorekeeper.rules import variants, check, arrange, score, game``: each
takes the contract's request as a dict or as keyword arguments and returns the
response as a dict (``shared/spec/referee-json.md``). Malformed input raises
:class:`RulesError`, whose ``as_json()`` is the contract's error answer.

>>> arrange(variant="knock-rummy", hand=["AS", "2S", "3S", "9D", "KC"])["deadwood_points"]
19
"""

from __future__ import annotations

from .catalog import variants
from .errors import CardError, OptionError, RoundError, RulesError
from .games import game
from .referee import arrange, check
from .scoring import score

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
