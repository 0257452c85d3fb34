"""Settling a game that pays between players after a rename: earlier payments count under
the new name, whether the game is replayed whole or played on from kept states."""

from scorekeeper.rules import progress
from scorekeeper.rules.games import game
from scorekeeper.rules.settlement import settle_game

REQUEST = {"variant": "rummy", "players": ["Ana", "Ben", "Cem"], "options": {"pay": True}}
ROUNDS = [
    {"winner": "Ana", "hands": {"Ben": ["KS"], "Cem": ["2C"]}},
    {"seating": {"rename": "Ben", "to": "Benno"}},
    {"winner": "Benno", "hands": {"Ana": ["5C"], "Cem": ["3C"]}},
]
# Ben pays Ana 10 (K), Cem pays Ana 2; then Ana pays Benno 5, Cem pays Benno 3:
# Ana +12 - 5 = 7, Benno -10 + 8 = -2, Cem -2 - 3 = -5
BALANCES = {"Ana": 7, "Benno": -2, "Cem": -5}
PAYMENTS = {("Benno", "Ana", 2), ("Cem", "Ana", 5)}


def paid(settled):
    return {(p["from"], p["to"], p["amount"]) for p in settled["payments"]}


def test_a_replayed_game_settles_earlier_payments_under_the_new_name():
    settled = settle_game({**REQUEST, "rounds": ROUNDS}, game({**REQUEST, "rounds": ROUNDS}))
    assert settled["basis"] == "transfers"
    assert dict(settled["balances"]) == BALANCES
    assert paid(settled) == PAYMENTS


def test_a_game_played_on_from_kept_states_settles_the_same():
    state = None
    for facts in ROUNDS:
        _, state = progress.step({**REQUEST, "rounds": []}, state, facts)
    settled = progress.settle_state({**REQUEST, "rounds": []}, state)
    assert dict(settled["balances"]) == BALANCES
    assert paid(settled) == PAYMENTS
