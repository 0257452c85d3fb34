"""Players between rounds on the web: the Players page saves a seating change like a round,
the sheet shows it as a line, history undoes it, export and import keep it."""

from __future__ import annotations

import io
import json
import re

from .sessions import start_game, stats_page


def rami_out(winner, hands):
    return {"winner": winner, "end": "out", "hands": hands, "opened": dict.fromkeys(hands, True)}


GAME = {
    "variant": "rami",
    "options": {},
    "players": ["Ana", "Ben", "Cem", "Eve"],
    "dealer": "Ana",
    "rounds": [
        rami_out("Eve", {"Ana": ["KS", "5H"], "Ben": ["AS"], "Cem": ["JK"]}),
        rami_out("Ana", {"Ben": ["2C"], "Cem": ["3D"], "Eve": ["4S"]}),
        {"seating": {"leave": "Eve"}},
        rami_out("Cem", {"Ana": ["9H"], "Ben": ["10C"]}),
    ],
}


def upload(client, data):
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(data).encode()), "session.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302, response.data.decode()[:800]
    return response.headers["Location"].replace("http://table.test", "")


def totals_row(page):
    foot = re.search(r"<tfoot>(.*?)</tfoot>", page, re.S).group(1)
    return [cell.strip() for cell in re.findall(r'<th class="total[^"]*">([^<]*)</th>', foot)]


def test_a_leave_is_a_line_on_the_sheet_and_the_total_stays(client):
    path = upload(client, GAME)
    page = client.get(path).data.decode()
    assert "Eve left after round 2" in page
    # Ana 15 + 0 + 9, Ben 11 + 2 + 10, Cem 150 + 3 + 0, Eve 4 kept
    assert totals_row(page) == ["24", "23", "153", "4"]
    assert "<strong>Ana</strong>" in page  # deals next: Cem dealt round 3, Eve's seat skipped


def test_export_and_import_keep_the_seating_change(client):
    path = upload(client, GAME)
    exported = client.get(f"{path}/export.json").get_json()
    assert exported["game"]["rounds"][2] == {"seating": {"leave": "Eve"}}
    again = upload(client, exported)
    assert client.get(f"{again}/export.json").get_json()["game"] == exported["game"]
    csv = client.get(f"{path}/export.csv")
    assert csv.status_code == 200
    assert client.get(f"{path}/sheet.pdf").status_code == 200


def test_a_player_joins_through_the_players_page_and_undo_takes_it_back(client):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    page = client.get(f"{path}/players/")
    assert page.status_code == 200
    response = client.post(
        f"{path}/players/",
        data={"action": "join", "join-name": " Fay ", "join-total": "120", "join-after": "Ana"},
    )
    assert response.status_code == 302, response.data.decode()[:2000]
    sheet = client.get(path).data.decode()
    assert "Fay joined with 120" in sheet
    assert totals_row(sheet) == ["0", "120", "0", "0"]  # Ana, Fay, Ben, Cem
    revision = re.search(r'name="revision" value="(\d+)"', sheet).group(1)
    client.post(f"{path}/undo", data={"revision": revision})
    assert "Fay" not in client.get(path).data.decode()


def test_the_same_seating_form_sent_twice_is_saved_once(client):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    form = {"action": "rename", "rename-player": "Ben", "rename-to": "Benno"}
    form["rename-submission"] = "same-key"
    assert client.post(f"{path}/players/", data=form).status_code == 302
    assert client.post(f"{path}/players/", data=form).status_code == 302
    exported = client.get(f"{path}/export.json").get_json()
    assert exported["game"]["rounds"] == [{"seating": {"rename": "Ben", "to": "Benno"}}]


def test_a_rename_shows_earlier_rounds_under_the_new_name(client):
    game = {**GAME, "rounds": [*GAME["rounds"][:2], {"seating": {"rename": "Ben", "to": "Benno"}}]}
    page = client.get(upload(client, game)).data.decode()
    assert "Ben is now Benno" in page
    head = re.search(r"<thead>(.*?)</thead>", page, re.S).group(1)
    assert "Benno" in head and 'title="Ben"' not in head
    assert totals_row(page) == ["15", "13", "153", "4"]


def test_bad_seating_input_is_shown_on_the_players_page(client):
    path = start_game(client, "rami", ["Ana", "Ben"])
    taken = client.post(f"{path}/players/", data={"action": "join", "join-name": "ana"})
    assert taken.status_code == 200
    assert "already used in this game" in taken.data.decode()
    too_few = client.post(f"{path}/players/", data={"action": "leave", "leave-player": "Ben"})
    assert "players, not 1" in too_few.data.decode()
    long = client.post(f"{path}/players/", data={"action": "join", "join-name": "x" * 41})
    assert "a name has at most 40" in long.data.decode()
    assert client.get(f"{path}/export.json").get_json()["game"]["rounds"] == []


def seats_on(page):
    """The players the round form deals in, in seat order."""
    return re.findall(r'<fieldset class="player[^"]*" data-player="([^"]*)">', page)


def save_round(client, path, winner, hands, opened, url="rounds/new"):
    """A round through the web form, by the seats the form shows (cards typed)."""
    seats = seats_on(client.get(f"{path}/{url}").data.decode())
    data = {"mode": "cards", "winner": winner, "end": "out", "save": "1"}
    for seat, player in enumerate(seats):
        data[f"hand_{seat}"] = hands.get(player, "")
        if player in opened:
            data[f"opened_{seat}"] = "y" if opened[player] else "n"
    response = client.post(f"{path}/{url}", data=data)
    assert response.status_code == 302, re.findall(r'class="error"[^>]*>([^<]*)', response.text)
    return seats


def seating(client, path, **fields):
    data = {"action": fields.pop("action"), **fields}
    response = client.post(f"{path}/players/", data=data)
    assert response.status_code == 302, response.data.decode()[:2000]


def test_after_a_player_leaves_the_next_round_is_entered_for_those_still_seated(client):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    save_round(client, path, "Ana", {"Ben": "KS 5H", "Cem": "7D"}, {"Ben": True, "Cem": True})
    seating(client, path, action="leave", **{"leave-player": "Cem"})
    assert (
        "<h1>Round <span data-round-number>2</span></h1>"
        in client.get(f"{path}/rounds/new").data.decode()
    )
    # Ben out; Ana holds AS 9H (11 + 9) and had not melded (+100)
    seats = save_round(client, path, "Ben", {"Ana": "AS 9H"}, {"Ana": False})
    assert seats == ["Ana", "Ben"]
    page = client.get(path).data.decode()
    # Ana 0 + 120, Ben 15 + 0, Cem 7 kept
    assert totals_row(page) == ["120", "15", "7"]


def test_the_picker_counts_the_decks_of_the_players_still_seated(client):
    # Rami: 3 decks for 5 players, 2 for 4 (VARIANTS.md)
    path = start_game(client, "rami", ["Ana", "Ben", "Cem", "Dan", "Eve"])
    before = client.get(f"{path}/rounds/points?hand_0=AS").get_json()
    assert before["left"]["AS"] == 2
    seating(client, path, action="leave", **{"leave-player": "Eve"})
    after = client.get(f"{path}/rounds/points?hand_0=AS&hand_4=AS").get_json()
    assert after["left"]["AS"] == 1  # the fifth seat is nobody's now: its field is not read
    assert "hand_4" not in after["fields"]


def test_a_joiner_is_on_the_next_round_form_and_the_round_saves(client):
    path = start_game(client, "rami", ["Ana", "Ben"])
    seating(
        client,
        path,
        action="join",
        **{"join-name": "Fay", "join-total": "120", "join-after": "Ana"},
    )
    # Ben out; Ana KS (10), Fay 5H (5), both had melded
    seats = save_round(client, path, "Ben", {"Ana": "KS", "Fay": "5H"}, {"Ana": True, "Fay": True})
    assert seats == ["Ana", "Fay", "Ben"]
    assert totals_row(client.get(path).data.decode()) == ["10", "125", "0"]


def test_a_round_after_a_rename_is_entered_under_the_new_name(client):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    seating(client, path, action="rename", **{"rename-player": "Ben", "rename-to": "Benno"})
    # Benno out; Ana QH (10), Cem 2C 3C (5), both had melded
    seats = save_round(
        client, path, "Benno", {"Ana": "QH", "Cem": "2C 3C"}, {"Ana": True, "Cem": True}
    )
    assert seats == ["Ana", "Benno", "Cem"]
    assert totals_row(client.get(path).data.decode()) == ["10", "0", "5"]
    exported = client.get(f"{path}/export.json").get_json()
    assert exported["game"]["rounds"][1]["winner"] == "Benno"


def test_correcting_a_round_from_before_a_leave_shows_the_seats_it_was_played_with(client):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    save_round(client, path, "Ana", {"Ben": "KS 5H", "Cem": "7D"}, {"Ben": True, "Cem": True})
    seating(client, path, action="leave", **{"leave-player": "Cem"})
    save_round(client, path, "Ben", {"Ana": "AS 9H"}, {"Ana": False})
    first = re.findall(r"/rounds/(\d+)\"", client.get(path).data.decode())[0]
    page = client.get(f"{path}/rounds/{first}").data.decode()
    assert seats_on(page) == ["Ana", "Ben", "Cem"]
    assert re.search(r'<textarea[^>]*name="hand_2"[^>]*>\n7D</textarea>', page)
    assert f"/rounds/{first}/points" in page
    # Cem's 7D becomes 8D: Cem 8, and the rounds after are scored again
    seats = save_round(
        client,
        path,
        "Ana",
        {"Ben": "KS 5H", "Cem": "8D"},
        {"Ben": True, "Cem": True},
        url=f"rounds/{first}",
    )
    assert seats == ["Ana", "Ben", "Cem"]
    assert totals_row(client.get(path).data.decode()) == ["120", "15", "8"]


def test_stats_count_a_renamed_player_once_under_the_new_name(client):
    # Basic Rummy to 50: the winner collects the loser's cards (K 10, 7 7, 5 5, 4 4)
    path = start_game(client, "rummy", ["Ana", "Ben"], target=50)
    client.post(
        f"{path}/rounds/new", data={"winner": "Ana", "end": "out", "hand_1": "KS 7D", "save": "1"}
    )
    seating(client, path, action="rename", **{"rename-player": "Ben", "rename-to": "Benno"})
    client.post(
        f"{path}/rounds/new", data={"winner": "Benno", "end": "out", "hand_0": "5C 4C", "save": "1"}
    )
    page = stats_page(client)
    # Ana: rounds +17 and 0, average 8.5; Benno: rounds 0 and +9, average 4.5; no game won
    assert "<td>Ana</td><td>1</td><td>0</td><td>8.5</td>" in page
    assert "<td>Benno</td><td>1</td><td>0</td><td>4.5</td>" in page
    assert "<td>Ben</td>" not in page


def test_a_round_saved_after_a_leave_is_named_by_its_hand(client):
    """The sheet numbers hands played: the seating line between round 1 and round 2 is no
    round, so saving round 2 (and sending it again) says "Round 2", not 3."""
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    save_round(client, path, "Ana", {"Ben": "KS 5H", "Cem": "7D"}, {"Ben": True, "Cem": True})
    seating(client, path, action="leave", **{"leave-player": "Cem"})
    form = client.get(f"{path}/rounds/new").data.decode()
    keys = {
        name: re.search(rf'name="{name}" type="hidden" value="([^"]*)"', form).group(1)
        for name in ("revision", "submission")
    }
    data = {**keys, "mode": "cards", "winner": "Ben", "end": "out", "save": "1"}
    data.update({"hand_0": "AS 9H", "opened_0": "n"})
    assert client.post(f"{path}/rounds/new", data=data).status_code == 302
    assert "Round 2 saved." in client.get(path).data.decode()
    assert client.post(f"{path}/rounds/new", data=data).status_code == 302
    assert "Round 2 was already saved." in client.get(path).data.decode()
