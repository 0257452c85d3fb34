"""Who leads, by the table's goal: one rule for the game, the lists, the sheet and the
settlement (issue 20, Build 2). Worked by hand from shared/rules/VARIANTS.md: Kaluki's
winner collects (the highest total leads) unless the house rule ``scoring: penalty`` makes
each loser add their hand (the lowest leads); German Rummy is a penalty game."""

from scorekeeper.rules.catalog import goal_of
from scorekeeper.rules.variant import leaders

TOTALS = {"Ana": 40, "Ben": 15, "Cem": 40, "Dan": 15}


def test_where_the_highest_total_wins_the_tied_highest_lead_in_seat_order():
    assert leaders(TOTALS, goal_of("kaluki")) == ["Ana", "Cem"]


def test_where_the_lowest_total_wins_the_tied_lowest_lead_in_seat_order():
    assert leaders(TOTALS, goal_of("german-rummy")) == ["Ben", "Dan"]


def test_a_house_rule_that_turns_the_game_into_penalties_makes_the_lowest_lead():
    assert leaders(TOTALS, goal_of("kaluki", {"scoring": "penalty"})) == ["Ben", "Dan"]


def test_only_the_players_named_can_lead_in_the_order_named():
    # Dan has left the table: of those still seated, Ben has the lowest total
    assert leaders(TOTALS, goal_of("german-rummy"), ["Cem", "Ben", "Ana"]) == ["Ben"]
