"""Settling up at the end of an evening: the fewest payments that square a table.

Who owes what comes from the totals and the variant's goal:

- penalty variants (lowest total wins): each player pays the difference between
  their total and the best total to the best; players tied for best share it;
- games that pay (chips, or points "paid"/"from each" with the option ``pay``):
  the round transfers netted;
- high-wins variants that only score points: as penalty, mirrored: each pays the
  leader the difference (reading: the seeds say nothing about money).

Amounts are whole units: points without a stake, the currency's smallest unit
(cents) with one. What cannot be split evenly between tied players goes one unit
each to the earlier seats. The payments are the fewest possible: the players are
split into the most groups that square among themselves, and a group of k needs
k - 1 payments.

>>> settle({"Ana": 10, "Ben": 25, "Cem": 40}, ["Ana", "Ben", "Cem"], "low")["payments"]
[{'from': 'Ben', 'to': 'Ana', 'amount': 15}, {'from': 'Cem', 'to': 'Ana', 'amount': 30}]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from .catalog import goal_of
from .errors import RulesError
from .messages import N_
from .variant import leaders

EXACT_UP_TO = 14  # players with a balance; beyond this the split into groups is greedy


def stake_in_units(stake: object, digits: int) -> int:
    """A stake per point as a whole number of the currency's smallest unit.

    >>> stake_in_units("0.05", 2)
    5
    """
    try:
        value = Decimal(str(stake).replace(",", "."))
    except InvalidOperation:
        raise RulesError(
            N_("the stake '%(stake)s' is not a number", stake=stake), "stake"
        ) from None
    if not value.is_finite() or value <= 0:
        raise RulesError(N_("the stake per point must be more than 0"), "stake")
    units = value.scaleb(digits)
    if units != units.to_integral_value():
        smallest = Decimal(1).scaleb(-digits)
        raise RulesError(
            N_(
                "a stake of %(stake)s is finer than the currency's smallest coin (%(smallest)s)",
                stake=str(value),
                smallest=str(smallest),
            ),
            "stake",
        )
    return int(units)


def _share(amount: int, receivers: list[str]) -> dict[str, int]:
    base, left = divmod(amount, len(receivers))
    return {p: base + (1 if i < left else 0) for i, p in enumerate(receivers)}


def balances(
    totals: Mapping[str, int],
    players: list[str],
    goal: str,
    transfers: Iterable[Mapping[str, Any]] | None = None,
    per_point: int = 1,
) -> tuple[str, dict[str, int]]:
    """What each player gets (positive) or pays (negative), and the basis it rests on.

    With ``transfers`` (a game that pays) the payments netted; without, the differences.
    """
    if transfers is not None:
        net = {p: 0 for p in players}
        for payment in transfers:
            net[payment["from"]] -= payment["amount"] * per_point
            net[payment["to"]] += payment["amount"] * per_point
        return "transfers", net
    ahead = leaders(totals, goal, players)
    best = totals[ahead[0]]
    owed = {p: -abs(totals[p] - best) * per_point for p in players if p not in ahead}
    received = _share(-sum(owed.values()), ahead)
    return "difference", {p: owed.get(p, received.get(p, 0)) for p in players}


def _most_squaring_groups(values: list[int]) -> list[list[int]]:
    """Indices of ``values`` split into the most groups that each sum to zero."""
    count = len(values)
    full = (1 << count) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    came_from = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + values[low]
        for i in range(count):
            bit = 1 << i
            if mask & bit and best[mask ^ bit] >= best[mask]:
                best[mask], came_from[mask] = best[mask ^ bit], i
        if sums[mask] == 0:
            best[mask] += 1
    # walk back: the members removed one by one; a zero-sum prefix closes a group
    order = []
    mask = full
    while mask:
        i = came_from[mask]
        order.append(i)
        mask ^= 1 << i
    order.reverse()
    groups, current, running = [], [], 0
    for i in order:
        current.append(i)
        running += values[i]
        if running == 0:
            groups.append(current)
            current = []
    return groups


def _square(group: dict[str, int], seat: dict[str, int]) -> list[dict[str, Any]]:
    """At most len(group) - 1 payments: the largest debt settles against the largest credit."""
    left = dict(group)
    payments = []
    while True:
        debtors = sorted((p for p in left if left[p] < 0), key=lambda p: (left[p], seat[p]))
        creditors = sorted((p for p in left if left[p] > 0), key=lambda p: (-left[p], seat[p]))
        if not debtors or not creditors:
            return payments
        payer, payee = debtors[0], creditors[0]
        amount = min(-left[payer], left[payee])
        payments.append({"from": payer, "to": payee, "amount": amount})
        left[payer] += amount
        left[payee] -= amount


def fewest_payments(balance: Mapping[str, int], players: list[str]) -> list[dict[str, Any]]:
    """The fewest payments after which every balance is zero (balances must sum to zero)."""
    if sum(balance.values()) != 0:
        raise RulesError(N_("the balances do not add up to zero, so they cannot be settled"), None)
    seat = {p: i for i, p in enumerate(players)}
    owing = [p for p in players if balance.get(p, 0)]
    if len(owing) <= EXACT_UP_TO:
        groups = _most_squaring_groups([balance[p] for p in owing])
    else:
        groups = [list(range(len(owing)))]
    payments = []
    for group in groups:
        payments += _square({owing[i]: balance[owing[i]] for i in group}, seat)
    return sorted(payments, key=lambda pay: (seat[pay["from"]], seat[pay["to"]]))


def settle(
    totals: Mapping[str, int],
    players: list[str],
    goal: str,
    transfers: Iterable[Mapping[str, Any]] | None = None,
    stake: object = None,
    digits: int = 2,
) -> dict[str, Any]:
    """Who pays whom, in points or (with a stake per point) in the currency's smallest unit."""
    in_money = stake not in (None, "")
    per_point = stake_in_units(stake, digits) if in_money else 1
    basis, balance = balances(totals, players, goal, transfers, per_point)
    return {
        "basis": basis,
        "in_money": in_money,
        "digits": digits if in_money else 0,
        "balances": balance,
        "payments": fewest_payments(balance, players),
    }


def settle_game(
    request: Mapping[str, Any], result: Mapping[str, Any], stake: object = None, digits: int = 2
) -> dict[str, Any]:
    """Settle a scored game (the contract's ``game`` request and response).

    A game pays when its table plays for chips (``pay``) or when every point it
    recorded was a payment (Phỏm, Continental); then the transfers are netted.
    """
    rounds = [scored for scored in result["rounds"] if "delta" in scored]  # not seating lines
    renamed = result.get("names") or {}  # a payment made before a rename, by the new name
    transfers = [
        {
            **pay,
            "from": renamed.get(pay["from"], pay["from"]),
            "to": renamed.get(pay["to"], pay["to"]),
        }
        for scored in rounds
        for pay in scored.get("transfers", [])
    ]
    pays = bool((request.get("options") or {}).get("pay")) or (
        bool(transfers)
        and all(scored["delta"] == _net(scored["transfers"], scored["delta"]) for scored in rounds)
    )
    goal = goal_of(request["variant"], request.get("options")).value
    players = list(result.get("players", request["players"]))  # after seating changes
    return settle(result["totals"], players, goal, transfers if pays else None, stake, digits)


def _net(transfers: Iterable[Mapping[str, Any]], delta: Mapping[str, int]) -> dict[str, int]:
    net = {p: 0 for p in delta}
    for payment in transfers:
        net[payment["from"]] -= payment["amount"]
        net[payment["to"]] += payment["amount"]
    return net
