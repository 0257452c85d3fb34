"""Game totals: the rounds added up, the rule that ends the game, and who deals next.

>>> result = game(variant="rummy", players=["Ana", "Ben"], options={"target": 25},
...               rounds=[{"winner": "Ana", "hands": {"Ben": ["KS", "QS"]}},
...                       {"winner": "Ben", "hands": {"Ana": ["5C"]}}])
>>> result["totals"], result["finished"], result["winners"], result["next_dealer"]
({'Ana': 20, 'Ben': 5}, False, [], 'Ana')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .catalog import GameEnd, Goal, Rules
from .errors import RoundError, RulesError
from .requests import as_request
from .scoring import read_round, score_round, table


def _leaders(totals: Mapping[str, int], players: list[str], goal: Goal) -> list[str]:
    pick = max if goal == Goal.HIGH else min
    best = pick(totals[p] for p in players)
    return [p for p in players if totals[p] == best]


def _next_dealer(
    rules: Rules, players: list[str], seats: list[str], dealer: str, round_winners: list[str]
) -> str:
    """Clockwise to the next player still in, or the winner where the variant says so."""
    if (rules.winner_deals_next or rules.options.get("single_hand")) and round_winners:
        return round_winners[0]
    start = players.index(dealer)
    for step in range(1, len(players) + 1):
        candidate = players[(start + step) % len(players)]
        if candidate in seats:
            return candidate
    return dealer


def game(request: Mapping[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """The contract's ``game`` question.

    Rounds after the game has ended are refused: start a new game for them.
    """
    request = as_request(request, fields)
    rules, players, dealer = table(request)
    rounds = request.get("rounds", [])
    if not isinstance(rounds, list):
        raise RulesError("'rounds' must be a list of rounds", "rounds")
    # Without a dealer the first seat is taken to deal first, for passing the deal only:
    # a round whose score needs its dealer (a Phỏm tie) asks for it rather than guess.
    known = dealer is not None
    dealer = dealer or players[0]
    totals = {player: rules.start for player in players}
    won = {player: 0 for player in players}
    seats = list(players)  # players still in (Rami's elimination)
    eliminated: list[str] = []
    responses = []
    finished, reason = False, None
    end = rules.game_end
    if end == GameEnd.ROUNDS and rules.rounds is None:
        raise RulesError(
            f"{rules.variant.name} ends after an agreed number of rounds: set the option 'rounds'",
            "options.rounds",
        )
    for index, data in enumerate(rounds):
        prefix = f"rounds[{index}]"
        if finished:
            raise RoundError(
                f"the game ended after round {index}: {reason}; start a new game", prefix
            )
        if isinstance(data, Mapping) and "dealer" in data:
            dealer, known = data["dealer"], True
        round_ = read_round(rules, seats, dealer if known else None, data, prefix)
        response = score_round(round_)
        response["dealer"] = round_.dealer
        responses.append(response)
        for player, delta in response["delta"].items():
            totals[player] += delta
        for player in response["winners"]:
            won[player] += 1
        dealer = _next_dealer(rules, players, seats, round_.dealer or dealer, response["winners"])
        if response["winners"] and (rules.winner_deals_next or rules.options.get("single_hand")):
            known = True

        # A target and an agreed number of hands are always honoured, whichever comes first
        # (VARIANTS.md, "Game length"); Rami's own ends read the target as a mark to pass.
        reaches = end in (GameEnd.TARGET, GameEnd.ROUNDS) and rules.target is not None
        if rules.options.get("single_hand"):
            finished, reason = True, "single hand: each hand is its own game"
        elif reaches and any(totals[p] >= rules.target for p in seats):
            finished, reason = True, f"a player reached {rules.target}"
            note = rules.reading_notes.get("target")
            if note and rules.target == rules.variant.target:
                reason += f" (the target {rules.target}: {note}; reading)"
        elif rules.rounds is not None and index + 1 >= rules.rounds:
            finished, reason = True, f"the agreed {rules.rounds} rounds are played"
        elif end == GameEnd.THRESHOLD and any(totals[p] > rules.target for p in seats):
            finished, reason = True, f"a player passed {rules.target}"
        elif end == GameEnd.ELIMINATION:
            out = [p for p in seats if totals[p] > rules.target]
            if out:
                eliminated.extend(out)
                seats = [p for p in seats if p not in out]
                if dealer not in seats and seats:
                    dealer = _next_dealer(rules, players, seats, dealer, [])
            if len(seats) <= 1:
                finished, reason = (
                    True,
                    f"every other player passed {rules.target} and is eliminated",
                )

    bonuses: dict[str, int] = {}
    if finished and rules.end_bonus:
        # Carousel: those who reached the target get +100, every other player +25 a round won
        for player in players:
            if totals[player] >= rules.target:
                bonuses[player] = rules.end_bonus
            else:
                bonuses[player] = rules.end_bonus_per_round_won * won[player]
            totals[player] += bonuses[player]
    if finished:
        contenders = seats if end == GameEnd.ELIMINATION else players
        winners = _leaders(totals, contenders, rules.goal)
    else:
        winners = []
    answer: dict[str, Any] = {
        "totals": totals,
        "rounds": responses,
        "finished": finished,
        "winners": winners,
        "eliminated": eliminated,
        "next_dealer": dealer,
        "reason": reason,
        "rounds_won": won,
    }
    if bonuses:
        answer["end_bonuses"] = bonuses
    return answer
