"""Game length (VARIANTS.md, "Game length"): `target` and `rounds` are always honoured,
whichever comes first; without an agreed number, one hand per player (Nowrang 10)."""

import pytest

from scorekeeper.rules import RulesError, game

ABC = ["Ana", "Ben", "Cem"]


def german(winner, **hands):
    return {"winner": winner, "end": "out", "hands": hands, "opened": dict.fromkeys(hands, True)}


def test_german_rummy_honours_a_target():
    # game to 500: Ben adds 260 then 250 = 510 and reaches it in round 2, before the 3 agreed
    # hands; the lowest total wins: Ana 10, Ben 510, Cem 5 + 0 = 5: Cem
    result = game(
        variant="german-rummy",
        players=ABC,
        options={"target": 500},
        rounds=[german("Ana", Ben=260, Cem=5), german("Cem", Ana=10, Ben=250)],
    )
    assert result["totals"] == {"Ana": 10, "Ben": 510, "Cem": 5}
    assert result["finished"] is True
    assert result["reason"] == "a player reached 500"
    assert result["winners"] == ["Cem"]


def test_german_rummy_without_a_target_plays_one_hand_per_player():
    rounds = [german("Ana", Ben=260, Cem=5), german("Cem", Ana=10, Ben=250)]
    assert game(variant="german-rummy", players=ABC, rounds=rounds)["finished"] is False
    rounds.append(german("Ben", Ana=1, Cem=1))
    result = game(variant="german-rummy", players=ABC, rounds=rounds)
    assert result["finished"] is True
    assert result["reason"] == "the agreed 3 rounds are played"
    assert result["winners"] == ["Cem"]  # Ana 11, Ben 510, Cem 6


def test_rounds_and_target_whichever_comes_first():
    # one agreed hand ends the game before anybody reaches 500
    result = game(
        variant="german-rummy",
        players=ABC,
        options={"target": 500, "rounds": 1},
        rounds=[german("Ana", Ben=30, Cem=5)],
    )
    assert result["finished"] is True
    assert result["reason"] == "the agreed round is played"
    assert result["winners"] == ["Ana"]


def test_a_target_ends_a_high_wins_game_played_for_hands():
    # Phỏm for chips to 5: Ana's ù takes 6 from Ben: Ana reached 5 and wins
    u = {
        "winner": "Ana",
        "end": "rummy",
        "melds": {"Ana": [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]},
    }
    result = game(variant="phom", players=["Ana", "Ben"], options={"target": 5}, rounds=[u])
    assert result["totals"] == {"Ana": 6, "Ben": -6}
    assert result["finished"] is True
    assert result["winners"] == ["Ana"]


def test_a_target_ends_basic_rummy_with_rounds_to_spare():
    # rounds 5 and target 20: Ana scores 22 in the first hand
    result = game(
        variant="rummy",
        players=ABC,
        options={"target": 20, "rounds": 5},
        rounds=[{"winner": "Ana", "hands": {"Ben": ["KS", "7D", "AC"], "Cem": ["4C"]}}],
    )
    assert result["finished"] is True
    assert result["winners"] == ["Ana"]


@pytest.mark.parametrize(
    ("variant", "players", "hands"),
    [
        ("continental", 3, 3),
        ("phom", 4, 4),
        ("german-rummy", 5, 5),
        ("nowrang", 2, 10),
    ],
)
def test_the_agreed_hands_default(variant, players, hands):
    from scorekeeper.rules.catalog import resolve

    assert resolve(variant, {}, players=players).rounds == hands


def test_rami_end_rounds_without_rounds_is_refused():
    with pytest.raises(RulesError) as caught:
        game(variant="rami", players=ABC, options={"end": "rounds"}, rounds=[])
    assert caught.value.field == "options.rounds"


def test_phom_rounds_not_a_multiple_of_the_players_is_honoured_as_given():
    # 3 players, rounds 4 (not 6): the game ends after the 4th hand; four ù of 6 from each
    # of 2 losers: Ana 4 x 12 = 48, Ben and Cem 4 x -6 = -24
    u = {
        "winner": "Ana",
        "end": "rummy",
        "melds": {"Ana": [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]},
    }
    players = ["Ana", "Ben", "Cem"]
    assert (
        game(variant="phom", players=players, options={"rounds": 4}, rounds=[u] * 3)["finished"]
        is False
    )
    result = game(variant="phom", players=players, options={"rounds": 4}, rounds=[u] * 4)
    assert result["finished"] is True
    assert result["totals"] == {"Ana": 48, "Ben": -24, "Cem": -24}
