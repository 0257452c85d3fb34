"""Across evenings: the games this phone holds, grouped by player name."""

import html

from tests.conftest import start_game


def play(client, winner_hands):
    # Basic Rummy to 10: one round ends it (the winner collects the loser's cards)
    path = start_game(client, "rummy", ["Ana", "Ben"], target=10)
    for winner, hand in winner_hands:
        field = "hand_1" if winner == "Ana" else "hand_0"
        client.post(
            f"{path}/rounds/new", data={"winner": winner, "end": "out", field: hand, "save": "1"}
        )
    return path


def test_players_games_wins_average_best_and_worst(client, app):
    play(client, [("Ana", "KS 7D")])  # Ana +17: wins
    play(client, [("Ben", "5C 4C")])  # Ben +9: under 10, the game goes on
    other = app.test_client()
    start_game(other, "rummy", ["Zed", "Ana"])  # another phone's game: not shown here
    page = html.unescape(client.get("/stats").data.decode())
    assert "From the 2 games this phone holds" in page
    assert "Zed" not in page
    rows = {
        line.split("<td>")[1].split("</td>")[0]: line
        for line in page.split("<tr>")
        if line.startswith("<td>")
    }
    # Ana: 2 games, 1 won; rounds +17 and 0: average 8.5, best 17, worst 0
    assert "<td>Ana</td><td>2</td><td>1</td><td>8.5</td>" in rows["Ana"]
    assert "17 <small>(Basic Rummy)</small>" in rows["Ana"]
    assert "Basic Rummy 1" in rows["Ana"]
    # Ben: 2 games, none won yet; rounds 0 and +9: average 4.5
    assert "<td>Ben</td><td>2</td><td>0</td><td>4.5</td>" in rows["Ben"]


def test_a_new_phone_holds_nothing(client):
    assert "No games on this phone yet." in client.get("/stats").data.decode()
