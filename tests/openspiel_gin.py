"""Gin hands played out by OpenSpiel's ``gin_rummy``, and our score of the same hands.

Play is random, except that a player knocks whenever OpenSpiel allows it and discards a
card that leaves the least deadwood (ties broken at random): random discards seldom reach
a knock before the stock runs down. After the knock both sides finish as the rules mean them: the knocker lays
melds that leave the least deadwood, and the defender lays off and melds for the least
deadwood; both are found by searching OpenSpiel's own legal actions, so OpenSpiel decides
what may be laid off. Our engine is then given the knocker's melds (as declared), the
knocker's deadwood, the defender's whole hand and who knocked.

OpenSpiel scores a knocker tied by the defender 0 (its undercut bonus only comes with a
strictly lower count), where VARIANTS.md's undercut is "equal or lower" (the defender
scores 0 + 25): those hands are counted apart and checked against VARIANTS.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pyspiel
from pyspiel import gin_rummy

from scorekeeper.rules import score

PLAYERS = ["P0", "P1"]
UNDERCUT_BONUS = 25  # the parameters OpenSpiel is loaded with, as VARIANTS.md's defaults
GAME = pyspiel.load_game(
    "gin_rummy", {"knock_card": 10, "gin_bonus": 25, "undercut_bonus": UNDERCUT_BONUS}
)
MELD_BASE = gin_rummy.MELD_ACTION_BASE
UTILS = gin_rummy.GinRummyUtils(13, 4, 10)
# a new state builds OpenSpiel's meld tables (some 18 ms); a copy of one does not
DEALING = GAME.new_initial_state()


@dataclass
class Hand:
    """One hand played to a knock: our request, OpenSpiel's returns, and the tie flag."""

    round: dict[str, Any]
    returns: list[float]
    tie: bool


def card(index: int) -> str:
    return UTILS.card_string(index).upper()


def _finish(state: Any, player: int) -> list[int]:
    """The actions with which ``player`` ends this phase on the least deadwood (a search of
    OpenSpiel's legal actions, each hand of cards looked at once)."""
    memo: dict[Any, tuple[int, list[int]]] = {}

    def best(node: Any) -> tuple[int, list[int]]:
        if node.is_terminal() or node.current_player() != player:
            return node.deadwood()[player], []
        key = (
            str(node.current_phase()),
            node.finished_layoffs(),
            tuple(sorted(node.hands()[player])),
        )
        if key in memo:
            return memo[key]
        found = (10**6, [])
        for action in node.legal_actions():
            child = node.child(action)
            points, rest = best(child)
            if points < found[0]:
                found = (points, [action, *rest])
        memo[key] = found
        return found

    return best(state)[1]


def _discard(state: Any, legal: list[int], rng: random.Random) -> int:
    """A discard leaving the least deadwood, one of the best at random."""
    hand = state.hands()[state.current_player()]
    left = {c: UTILS.min_deadwood([other for other in hand if other != c]) for c in legal}
    least = min(left.values())
    return rng.choice([c for c, points in left.items() if points == least])


def play_hand(rng: random.Random) -> Hand | None:
    """A random hand played to a knock (None where it ended another way)."""
    state = DEALING.clone()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [action for action, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
            continue
        legal = state.legal_actions()
        if gin_rummy.KNOCK_ACTION in legal:
            state.apply_action(gin_rummy.KNOCK_ACTION)
            break
        if state.current_phase() == gin_rummy.Phase.DISCARD:
            state.apply_action(_discard(state, legal, rng))
        else:
            state.apply_action(rng.choice(legal))
    if state.is_terminal():
        return None
    knocker = state.current_player()
    defender = 1 - knocker
    state.apply_action(rng.choice(state.legal_actions()))  # the knocker's discard
    for action in _finish(state, knocker):
        state.apply_action(action)
    knocker_melds = [[card(c) for c in UTILS.int_to_meld[m]] for m in state.layed_melds()[knocker]]
    knocker_deadwood = [card(c) for c in state.hands()[knocker]]
    defender_hand = [card(c) for c in state.hands()[defender]]
    for action in _finish(state, defender):
        state.apply_action(action)
    assert state.is_terminal()
    deadwood = state.deadwood()
    round_ = {
        "winner": PLAYERS[knocker],
        "end": "knock",
        "hands": {PLAYERS[knocker]: knocker_deadwood, PLAYERS[defender]: defender_hand},
        "melds": {PLAYERS[knocker]: knocker_melds},
    }
    tie = deadwood[knocker] == deadwood[defender] and deadwood[knocker] > 0
    return Hand(round_, state.returns(), tie)


def ours(hand: Hand) -> tuple[list[int], dict[str, Any]]:
    """Our score as OpenSpiel's zero-sum returns (the winner's points, the loser's minus),
    and our whole answer."""
    answer = score(variant="gin", players=PLAYERS, round=hand.round)
    net = answer["delta"]["P0"] - answer["delta"]["P1"]
    return [net, -net], answer


@dataclass
class Agreement:
    """What ``agree`` found: hands agreeing with OpenSpiel, ties agreeing with VARIANTS.md,
    the hands that disagree, and how many hands had lay-offs, gin and an undercut."""

    agreed: int = 0
    ties: int = 0
    wrong: list[Hand] = field(default_factory=list)
    lay_offs: int = 0
    gins: int = 0
    undercuts: int = 0


def agree(hands: int, seed: int) -> Agreement:
    """Play until ``hands`` knocks and score each both ways; a tie is checked against
    VARIANTS.md's undercut (the defender scores 0 + 25) and OpenSpiel's 0."""
    rng = random.Random(seed)
    found = Agreement()
    played = 0
    while played < hands:
        hand = play_hand(rng)
        if hand is None:
            continue
        played += 1
        mine, answer = ours(hand)
        defender = "P0" if hand.round["winner"] == "P1" else "P1"
        found.lay_offs += "lays off" in answer["explain"][PLAYERS.index(defender)]
        found.gins += "gin" in str(answer["bonuses"])
        found.undercuts += "undercut" in str(answer["bonuses"])
        if hand.tie:
            expected = [-UNDERCUT_BONUS, UNDERCUT_BONUS]
            if defender == "P0":
                expected.reverse()
            if mine == expected and hand.returns == [0.0, 0.0]:
                found.ties += 1
            else:
                found.wrong.append(hand)
        elif mine == [int(r) for r in hand.returns]:
            found.agreed += 1
        else:
            found.wrong.append(hand)
    return found
