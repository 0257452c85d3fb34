"""Players between rounds: a rename, a player leaving, a player joining; totals worked by
hand from VARIANTS.md (Rami: cards in hand, joker 150, ace 11, J/Q/K 10; 14 cards for
3 players, 12 for 4)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RulesError, game
from scorekeeper.rules.games import play_on

THIRTEEN_HEARTS = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]


def rami(players, rounds, options=None):
    return game(variant="rami", players=players, dealer="Ana", options=options or {}, rounds=rounds)


def out(winner, hands):
    return {"winner": winner, "end": "out", "hands": hands, "opened": dict.fromkeys(hands, True)}


LEAVE = [
    out("Eve", {"Ana": ["KS", "5H"], "Ben": ["AS"], "Cem": ["JK"]}),  # Ana deals
    out("Ana", {"Ben": ["2C"], "Cem": ["3D"], "Eve": ["4S"]}),  # Ben deals
    {"seating": {"leave": "Eve"}},
    out("Cem", {"Ana": ["9H"], "Ben": ["10C"]}),  # Cem deals; Eve would be next
]


def test_a_player_who_leaves_keeps_the_total_deals_no_more_and_cannot_win():
    answer = rami(["Ana", "Ben", "Cem", "Eve"], LEAVE, {"end": "rounds", "rounds": 3})
    # Ana 15 + 0 + 9, Ben 11 + 2 + 10, Cem 150 + 3 + 0, Eve 0 + 4 (kept)
    assert answer["totals"] == {"Ana": 24, "Ben": 23, "Cem": 153, "Eve": 4}
    assert answer["finished"] is True  # the agreed 3 rounds: the seating change is no round
    assert answer["winners"] == ["Ben"]  # Eve's 4 is lowest, but she left
    assert answer["next_dealer"] == "Ana"  # after Cem, Eve's seat is skipped
    assert answer["rounds"][3]["dealer"] == "Cem"
    assert answer["seated"] == ["Ana", "Ben", "Cem"]
    assert answer["left"] == ["Eve"]
    assert answer["rounds"][2]["seating"] == {"leave": "Eve", "after_round": 2}
    assert answer["rounds"][2]["explain"] == ["Eve left after round 2"]
    assert answer["rounds"][2]["delta"] == {}


def test_a_player_who_left_plays_no_later_round():
    rounds = [*LEAVE[:3], out("Cem", {"Ana": ["9H"], "Eve": ["10C"]})]
    with pytest.raises(RulesError) as refused:
        rami(["Ana", "Ben", "Cem", "Eve"], rounds)
    assert refused.value.field == "rounds[3].hands.Eve"


def test_the_dealer_who_leaves_passes_the_deal_to_the_next_seat():
    rounds = [LEAVE[0], {"seating": {"leave": "Ben"}}]  # Ben was to deal round 2
    assert rami(["Ana", "Ben", "Cem", "Eve"], rounds)["next_dealer"] == "Cem"


JOIN = [
    out("Ana", {"Ben": ["KS"], "Cem": ["5H"]}),  # Ana deals
    {"seating": {"join": "Fay", "total": 120, "after": "Ana"}},
    out("Fay", {"Ana": ["2C"], "Ben": ["3C"], "Cem": THIRTEEN_HEARTS}),  # Ben deals
]


def test_a_player_joins_with_the_chosen_total_and_the_deal_follows_four_players():
    answer = rami(["Ana", "Ben", "Cem"], JOIN)
    # Cem's 13 hearts: 11 + (2..10 = 54) + 30 = 95
    assert answer["totals"] == {"Ana": 2, "Ben": 13, "Cem": 100, "Fay": 120}
    assert answer["players"] == ["Ana", "Fay", "Ben", "Cem"]
    assert answer["rounds"][1]["explain"] == ["Fay joined with 120"]
    assert answer["rounds"][2]["dealer"] == "Ben"
    assert answer["next_dealer"] == "Cem"


def test_after_a_join_a_hand_holds_at_most_the_four_player_deal_plus_one():
    # 14 cards dealt to 3 players, 12 to 4: a 14-card hand could exist before Fay sat down
    fourteen = [*THIRTEEN_HEARTS, "AS"]
    three = rami(["Ana", "Ben", "Cem"], [out("Ana", {"Ben": fourteen, "Cem": ["5H"]})])
    assert three["totals"]["Ben"] == 95 + 11
    with pytest.raises(RulesError) as refused:
        rami(["Ana", "Ben", "Cem"], [*JOIN[:2], out("Fay", {"Ana": ["2C"], "Ben": fourteen})])
    assert refused.value.field == "rounds[2].hands.Ben"
    assert "13" in refused.value.message


def test_a_joiner_without_a_total_starts_at_the_variant_start():
    answer = rami(["Ana", "Ben"], [{"seating": {"join": "Fay"}}])
    assert answer["totals"] == {"Ana": 0, "Ben": 0, "Fay": 0}
    assert answer["players"] == ["Ana", "Ben", "Fay"]


def test_a_rename_carries_the_total_and_later_rounds_use_the_new_name():
    rounds = [
        out("Ana", {"Dan": ["KS"]}),
        {"seating": {"rename": "dan", "to": "Daniel"}},
        out("Daniel", {"Ana": ["5H"]}),
    ]
    answer = rami(["Ana", "Dan"], rounds)
    assert answer["totals"] == {"Ana": 5, "Daniel": 10}
    assert answer["names"] == {"Dan": "Daniel"}
    assert answer["rounds"][1]["explain"] == ["Dan is now Daniel"]
    assert answer["next_dealer"] == "Ana"  # Ana dealt 1, Daniel 2
    with pytest.raises(RulesError) as refused:
        rami(["Ana", "Dan"], [*rounds[:2], out("Dan", {"Ana": ["5H"]})])
    assert refused.value.field == "rounds[2].winner"


def test_played_on_from_kept_states_the_same_as_the_whole_game():
    request = {"variant": "rami", "players": ["Ana", "Ben", "Cem", "Eve"], "dealer": "Ana"}
    state = None
    for entry in LEAVE:
        _, state = play_on({**request, "rounds": [entry]}, state)
    whole = rami(request["players"], LEAVE)
    last, _ = play_on({**request, "rounds": []}, state)
    assert last["totals"] == whole["totals"]
    assert last["next_dealer"] == whole["next_dealer"] == "Ana"
    assert last["players"] == whole["players"]


@pytest.mark.parametrize(
    "change, field, words",
    [
        ({"leave": "Zed"}, "rounds[0].seating.leave", "'Zed' is not at the table"),
        ({"rename": "Zed", "to": "Zoe"}, "rounds[0].seating.rename", "not at the table"),
        ({"join": "Fay", "after": "Zed"}, "rounds[0].seating.after", "not at the table"),
        ({"join": "ana"}, "rounds[0].seating.join", "already used"),
        ({"rename": "Ben", "to": "ANA"}, "rounds[0].seating.to", "already used"),
        (
            {"join": "x" * 41},
            "rounds[0].seating.join",
            "is 41 characters long; a name has at most 40",
        ),
        ({"join": "  "}, "rounds[0].seating.join", "at least one letter, digit or sign"),
        ({"rename": "Ben"}, "rounds[0].seating.to", "1 to 40 characters"),
        ({"join": "Fay", "total": 100_000}, "rounds[0].seating.total", "-99999 to 99999"),
        ({"join": "Fay", "total": True}, "rounds[0].seating.total", "whole number"),
        ({"join": "Fay", "total": "12"}, "rounds[0].seating.total", "whole number"),
        ({"leave": "Ben", "join": "Fay"}, "rounds[0].seating", "one of 'rename'"),
        ({}, "rounds[0].seating", "one of 'rename'"),
        ({"leave": "Ben", "why": "tired"}, "rounds[0].seating.why", "'why'"),
        ({"leave": "Ben"}, "rounds[0].seating", "players, not 1"),
    ],
)
def test_a_bad_seating_change_is_refused_naming_its_field(change, field, words):
    with pytest.raises(RulesError) as refused:
        rami(["Ana", "Ben"], [{"seating": change}])
    assert refused.value.field == field
    assert words in refused.value.message


def test_a_join_past_the_variants_most_players_is_refused():
    players = ["Ana", "Ben", "Cem", "Dan", "Eve"]
    with pytest.raises(RulesError) as refused:
        game(variant="carousel", players=players, rounds=[{"seating": {"join": "Fay"}}])
    assert refused.value.field == "rounds[0].seating"
    assert "not 6" in refused.value.message


def test_a_former_name_is_not_given_again():
    rounds = [{"seating": {"rename": "Ben", "to": "Benno"}}, {"seating": {"join": "ben"}}]
    with pytest.raises(RulesError) as refused:
        rami(["Ana", "Ben"], rounds)
    assert refused.value.field == "rounds[1].seating.join"


def test_no_seating_change_after_the_game_ended():
    rounds = [out("Ana", {"Ben": ["KS"], "Cem": ["5H"]}), {"seating": {"leave": "Ben"}}]
    with pytest.raises(RulesError) as refused:
        rami(["Ana", "Ben", "Cem"], rounds, {"end": "rounds", "rounds": 1})
    assert refused.value.field == "rounds[1]"
