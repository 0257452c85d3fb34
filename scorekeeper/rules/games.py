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

from .catalog import Rules, resolve
from .errors import RoundError, RulesError
from .messages import N_, Join, Message, Nn_
from .reading import as_request
from .scoring import read_round, score_round, table
from .seating import Seating, apply, is_change, marker, read_change
from .variant import GameEnd, leaders


def winner_deals(rules: Rules) -> bool:
    """Whether a round's winner deals the next round; otherwise the deal passes clockwise."""
    return bool(rules.winner_deals_next or rules.options.get("single_hand"))


def _next_dealer(
    rules: Rules, players: list[str], seats: list[str], dealer: str, round_winners: list[str]
) -> str:
    """Clockwise to the next player still in, or the winner where the variant says so."""
    if winner_deals(rules) and round_winners:
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
    return _play(as_request(request, fields), None)[0]


def _play(
    request: Mapping[str, Any], before: Mapping[str, Any] | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game's answer for the request's rounds, played on from ``before`` (a state this
    function returned; None: the start of the game), and the state after them."""
    rules, players, dealer = table(request)
    seating = Seating.from_json(players, before.get("seating") if before else None)
    rounds = request.get("rounds", [])
    if not isinstance(rounds, list):
        raise RulesError(N_("'rounds' must be a list of rounds"), "rounds")
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
    played = hands = 0
    if before is not None:
        totals, won = dict(before["totals"]), dict(before["won"])
        eliminated = list(before["eliminated"])
        dealer, known = before["dealer"], before["known"]
        finished, reason, played = before["finished"], before["reason"], before["played"]
        hands = before.get("hands", played)
    players = seating.order  # everyone who has sat down, by current name, in seat order
    seats = [p for p in seating.present if p not in eliminated]
    if players != request["players"] or seating.left:
        rules = _rules_for(request, seating, None)
    end = rules.game_end
    if end == GameEnd.ROUNDS and rules.rounds is None:
        raise RulesError(
            N_(
                "%(variant)s ends after an agreed number of rounds: set the option 'rounds'",
                variant=rules.variant.name,
            ),
            "options.rounds",
        )
    for index, data in enumerate(rounds, start=played):
        prefix = f"rounds[{index}]"
        if finished:
            raise RoundError(
                N_(
                    "the game ended after round %(round)s: %(reason)s; start a new game",
                    round=index,
                    reason=reason,
                ),
                prefix,
            )
        if is_change(data):
            change = read_change(data, seating, prefix)
            apply(change, seating, [totals, won], rules.start)
            rules = _rules_for(request, seating, prefix)
            if "rename" in change:
                old, new = change["rename"], change["to"]
                eliminated = [new if p == old else p for p in eliminated]
                dealer = new if dealer == old else dealer
            players = seating.order
            seats = [p for p in seating.present if p not in eliminated]
            if len(seats) < 2:
                raise RoundError(
                    N_("a game needs two players still playing after the change"),
                    f"{prefix}.seating",
                )
            if dealer not in seats:
                dealer = _next_dealer(rules, players, seats, dealer, [])
            responses.append(marker(change, hands))
            continue
        hands += 1
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
            finished, reason = True, N_("single hand: each hand is its own game")
        elif reaches and any(totals[p] >= rules.target for p in seats):
            finished, reason = True, N_("a player reached %(target)s", target=rules.target)
            note = rules.reading_notes.get("target")
            if note and rules.target == rules.variant.target:
                reason = N_(
                    "a player reached %(target)s (the target %(target)s: %(note)s; reading)",
                    target=rules.target,
                    note=note,
                )
        elif rules.rounds is not None and hands >= rules.rounds:
            finished, reason = (
                True,
                Nn_(
                    "the agreed round is played",
                    "the agreed %(num)s rounds are played",
                    rules.rounds,
                ),
            )
        elif end == GameEnd.THRESHOLD and any(totals[p] > rules.target for p in seats):
            finished, reason = True, N_("a player passed %(target)s", target=rules.target)
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
                    N_(
                        "every other player passed %(target)s and is eliminated",
                        target=rules.target,
                    ),
                )

    state = {
        "played": played + len(rounds),
        "hands": hands,
        "seating": seating.as_json(),
        "totals": dict(totals),
        "won": dict(won),
        "eliminated": list(eliminated),
        "dealer": dealer,
        "known": known,
        "finished": finished,
        "reason": reason,
    }
    bonuses: dict[str, int] = {}
    if finished and rules.end_bonus:
        # Carousel: those who reached the target get +100, every other player +25 a round won
        for player in seating.present:  # who left takes no part in the end
            if totals[player] >= rules.target:
                bonuses[player] = rules.end_bonus
            else:
                bonuses[player] = rules.end_bonus_per_round_won * won[player]
            totals[player] += bonuses[player]
    end_explain: list[Message] = []
    if finished and (rules.game_bonus or rules.box_bonus):
        bonuses, end_explain = _game_and_box_bonuses(rules, totals, won, seating.present)
        for player, bonus in bonuses.items():
            totals[player] += bonus
    if finished:
        contenders = seats if end == GameEnd.ELIMINATION else seating.present
        winners = leaders(totals, rules.goal, contenders)
    else:
        winners = []
    answer: dict[str, Any] = {
        "players": list(players),
        "seated": seating.present,
        "left": list(seating.left),
        "names": dict(seating.former),
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
    if end_explain:
        answer["end_explain"] = end_explain
    return answer, state


def _game_and_box_bonuses(
    rules: Rules, totals: Mapping[str, int], won: Mapping[str, int], present: list[str]
) -> tuple[dict[str, int], list[Message]]:
    """Gin's end: the game bonus to the leader, the box bonus per hand won to everyone, and
    the leader's whole total doubled where every opponent scored nothing (shutout)."""
    ahead = leaders(totals, rules.goal, present)
    bonuses = {player: 0 for player in present}
    lines: dict[str, list[Message]] = {player: [] for player in present}
    for player in present:
        if player in ahead and rules.game_bonus:
            bonuses[player] += rules.game_bonus
            lines[player].append(N_("game bonus %(points)s", points=rules.game_bonus))
        if won[player] and rules.box_bonus:
            box = rules.box_bonus * won[player]
            bonuses[player] += box
            lines[player].append(
                Nn_(
                    "box bonus %(num)s hand won x %(each)s = %(points)s",
                    "box bonus %(num)s hands won x %(each)s = %(points)s",
                    won[player],
                    each=rules.box_bonus,
                    points=box,
                )
            )
    for player in ahead:
        others = [p for p in present if p != player]
        if rules.shutout_doubles and others and all(totals[p] == 0 for p in others):
            whole = totals[player] + bonuses[player]
            bonuses[player] += whole
            lines[player].append(
                N_(
                    "shutout (%(others)s scored nothing): the whole %(total)s doubled = "
                    "%(doubled)s",
                    others=Join(others, ", "),
                    total=whole,
                    doubled=whole * 2,
                )
            )
    said = [
        N_("%(player)s: %(parts)s", player=player, parts=Join(parts, "; "))
        for player, parts in lines.items()
        if parts
    ]
    return {player: bonus for player, bonus in bonuses.items() if bonus}, said


def _rules_for(request: Mapping[str, Any], seating: Seating, prefix: str | None) -> Rules:
    """The table's rules for the players still seated: the deal follows their count."""
    try:
        return resolve(request.get("variant"), request.get("options"), len(seating.present))
    except RulesError as error:
        if prefix is None:
            raise
        raise RoundError(error.message, f"{prefix}.seating") from None


def play_on(
    request: Mapping[str, Any], before: Mapping[str, Any] | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Score only the request's ``rounds``, played after the state ``before`` (None: from the
    start), as :func:`game` scores them after the rounds that led to ``before``: the answer
    (its ``rounds`` are the new ones, numbered on from ``before``) and the state after them.
    A state is plain JSON, so it can be kept and played on later.
    """
    return _play(request, before)
