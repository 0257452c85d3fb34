"""Across evenings: the games this phone holds, grouped by player name."""

import html

from tests.web.sessions import start_game, stats_page


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
    page = stats_page(client)
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


def test_a_tables_group_shares_its_games_through_a_link(client, app):
    play(client, [("Ana", "KS 7D")])  # Ana +17 wins this phone's game
    other = app.test_client()
    play(other, [("Ben", "5C 4C")])  # Ben +9 on the other phone
    assert "<td>Ana</td><td>1</td><td>1</td>" in stats_page(client)

    assert "Start a group" in client.get("/stats").data.decode()
    client.post("/stats/group")
    page = html.unescape(client.get("/stats").data.decode())
    link = page.split("/stats/join/")[1].split('"')[0]
    assert "1 phone shares its games here." in page

    assert other.get(f"/stats/join/{link}").status_code == 200  # asks before joining
    assert "1 phone shares" in html.unescape(client.get("/stats").data.decode())
    assert other.post(f"/stats/join/{link}").status_code == 302
    shared = stats_page(other)
    assert "From the 2 games this phone and its table's group hold" in shared
    # Ana: two games, one won; rounds +17 and 0. Ben: rounds 0 and +9
    assert "<td>Ana</td><td>2</td><td>1</td><td>8.5</td>" in shared
    assert "<td>Ben</td><td>2</td><td>0</td><td>4.5</td>" in shared
    assert "2 phones share their games here." in shared

    other.post("/stats/leave")
    alone = stats_page(other)
    assert "From the 1 game this phone holds" in alone
    assert "<td>Ana</td><td>1</td><td>0</td>" in alone


def test_an_unknown_group_link_is_not_found(client):
    assert client.get("/stats/join/nosuchgroup").status_code == 404
    assert client.post("/stats/join/" + "x" * 200).status_code == 404
