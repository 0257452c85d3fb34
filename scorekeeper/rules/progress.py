"""A game played on one round at a time from a kept state, and the tally that settles it.

The web app keeps the state after every round, so entering round 500 scores one round,
not 500. States are plain JSON: what :func:`games.play_on` returns, plus a settlement
tally (the payments between each two players, and whether every round was a payment),
so the settlement needs no replay either. Each function here gives what the full
:func:`games.game` and :func:`settlement.settle_game` give for the same rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .catalog import goal_of
from .errors import RulesError
from .games import game, play_on
from .messages import N_
from .settlement import settle

NO_TALLY = {"paid": [], "all_pay": True, "any_transfers": False}


def step(
    request: Mapping[str, Any], before: Mapping[str, Any] | None, facts: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """One round scored after ``before`` (None: the first round): its response, and the
    state after it. ``request`` is the game without its rounds."""
    scored, state, _ = advance(request, before, facts)
    return scored, state


def advance(
    request: Mapping[str, Any], before: Mapping[str, Any] | None, facts: Any
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """As :func:`step`, and the standing after the round (what :func:`standing` answers for
    the state after it) from the same play: a save scores its round once."""
    answer, state = play_on({**request, "rounds": [facts]}, before)
    scored = answer.pop("rounds")[0]
    state["tally"] = _tallied(before["tally"] if before else NO_TALLY, scored)
    return scored, state, answer


def played(request: Mapping[str, Any]) -> tuple[dict[str, Any], list[tuple[Any, dict[str, Any]]]]:
    """The engine's whole answer for a ``game`` request (what ``game`` answers), and each
    round's score and the state after it (its running totals among them): one pass does
    both. Raises RulesError, worded and placed as ``game`` words and places it."""
    rounds = request.get("rounds", [])
    bare = {key: value for key, value in request.items() if key != "rounds"}
    kept: list[tuple[Any, dict[str, Any]]] = []
    try:
        if not isinstance(rounds, list):
            raise RulesError(N_("'rounds' must be a list of rounds"), "rounds")
        state: dict[str, Any] | None = None
        for facts in rounds:
            score, state = step(bare, state, facts)
            kept.append((score, state))
        answer = {**standing(bare, state), "rounds": [score for score, _ in kept]}
    except RulesError:
        game(request)  # the whole game's own refusal (its field names), when it has one
        raise
    return answer, kept


def _tallied(tally: Mapping[str, Any], scored: Mapping[str, Any]) -> dict[str, Any]:
    # [payer, payee, amount] per pair: names may hold any character, so no text keys
    paid = {(payer, payee): amount for payer, payee, amount in tally["paid"]}
    net = {player: 0 for player in scored["delta"]}
    for payment in scored.get("transfers", []):
        pair = (payment["from"], payment["to"])
        paid[pair] = paid.get(pair, 0) + payment["amount"]
        net[payment["from"]] -= payment["amount"]
        net[payment["to"]] += payment["amount"]
    return {
        "paid": [[payer, payee, amount] for (payer, payee), amount in paid.items()],
        "all_pay": tally["all_pay"] and scored["delta"] == net,
        "any_transfers": tally["any_transfers"] or bool(scored.get("transfers")),
    }


def standing(request: Mapping[str, Any], state: Mapping[str, Any] | None) -> dict[str, Any]:
    """The game's answer after the rounds that led to ``state``, without their ``rounds``
    (totals with any end bonus, finished, winners, next dealer, reason)."""
    answer, _ = play_on({**request, "rounds": []}, state)
    answer.pop("rounds")
    return answer


def settle_state(
    request: Mapping[str, Any],
    state: Mapping[str, Any] | None,
    stake: object = None,
    digits: int = 2,
    answer: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Who pays whom after the rounds that led to ``state``, as ``settle_game`` says;
    ``answer`` is the state's :func:`standing` where the caller has it (not played again)."""
    tally = state["tally"] if state else NO_TALLY
    pays = bool((request.get("options") or {}).get("pay")) or (
        tally["any_transfers"] and tally["all_pay"]
    )
    if answer is None:
        answer = standing(request, state)
    renamed = answer.get("names") or {}  # payments made before a rename, by the new name
    transfers = [
        {"from": renamed.get(payer, payer), "to": renamed.get(payee, payee), "amount": amount}
        for payer, payee, amount in tally["paid"]
    ]
    goal = goal_of(request["variant"], request.get("options")).value
    totals = answer["totals"]
    return settle(totals, list(totals), goal, transfers if pays else None, stake, digits)
