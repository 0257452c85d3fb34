"""Players between rounds on the web: the Players page saves a seating change like a round,
the sheet shows it as a line, history undoes it, export and import keep it."""

from __future__ import annotations

import io
import json
import re

from .sessions import start_game


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
