"""The promise every explain line keeps, checked on any scored round.

- one line per player, in the order of the sheet, each starting with the player's name;
- each line ends with exactly that player's delta (the number the sheet shows);
- the payments a payer's line names (every message with a payee ``to`` and an
  ``amount``) add up, payee by payee, to that payer's transfers.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.rules.messages import Message

ENDING = re.compile(r"(-?\d+)$")


def named_payments(line: Message) -> Counter:
    paid: Counter = Counter()
    for part in line.parts():
        if "to" in part.params and "amount" in part.params:
            paid[part.params["to"]] += part.params["amount"]
    return paid


def check_explain(players: Sequence[str], answer: Mapping[str, Any]) -> None:
    explain = answer["explain"]
    assert len(explain) == len(players), explain
    for player, line in zip(players, explain, strict=True):
        assert line.startswith(f"{player}: "), line
        ending = ENDING.search(line)
        assert ending, f"the line does not end with a number: {line!r}"
        assert int(ending.group(1)) == answer["delta"][player], (
            f"{line!r} does not end with {player}'s delta {answer['delta'][player]}"
        )
        transfers: Counter = Counter()
        for transfer in answer["transfers"]:
            if transfer["from"] == player:
                transfers[transfer["to"]] += transfer["amount"]
        assert named_payments(line) == transfers, (
            f"{line!r} names payments {dict(named_payments(line))}, "
            f"the transfers are {dict(transfers)}"
        )
