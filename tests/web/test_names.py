"""One rule for player names, wherever they come from (issue 18, item 4): the new-game
form, the players page, the JSON API and an imported file refuse the same names."""

import html
import io
import json
import sqlite3

import pytest

from tests.web.sessions import start_game

ZERO_WIDTH_SPACE = "\u200b"
HANGUL_FILLER = "\u3164"
RIGHT_TO_LEFT_OVERRIDE = "\u202e"
COMBINING_RING = "\u030a"

SAME_NAME = "Two players have the same name"
NOTHING_SHOWS = "A name needs at least one letter, digit or sign that shows."
CONTROL = "A name cannot contain control characters."
TOO_LONG = "is 41 characters long; a name has at most 40."

# (the second name of a two-player table, why it is refused) beside "Ana"
BAD_BESIDE_ANA = [
    ("Ana" + ZERO_WIDTH_SPACE, SAME_NAME),
    ("ANA", SAME_NAME),
    (ZERO_WIDTH_SPACE, NOTHING_SHOWS),
    (HANGUL_FILLER, NOTHING_SHOWS),
    ("\u115f\u1160\uffa0", NOTHING_SHOWS),
    ("Ben\x00", CONTROL),
    ("Ben\x1b[31m", CONTROL),
    ("Ben\u2028Cem", CONTROL),
    (RIGHT_TO_LEFT_OVERRIDE + "neB", CONTROL),
    ("B" * 41, TOO_LONG),
]


def sessions_stored(app):
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute("select players from sessions order by id").fetchall()


def said(response):
    return html.unescape(response.data.decode())


# the form takes one name a line, and a line separator starts a line like a newline does
ON_THE_FORM = [(name, why) for name, why in BAD_BESIDE_ANA if "\u2028" not in name]


@pytest.mark.parametrize(("name", "why"), ON_THE_FORM)
def test_the_new_game_form_refuses_the_name(client, app, name, why):
    answer = client.post("/new/rummy", data={"players": f"Ana\n{name}", "option_ace": "low"})
    assert answer.status_code == 200
    assert why in said(answer)
    assert sessions_stored(app) == []


def test_a_name_is_stored_composed_and_its_decomposed_twin_is_the_same(client, app):
    assert SAME_NAME in said(
        client.post("/new/rummy", data={"players": f"Åsa\nA{COMBINING_RING}sa"})
    )
    start_game(client, "rummy", [f"A{COMBINING_RING}sa", "Ben"])
    assert sessions_stored(app) == [(json.dumps(["Åsa", "Ben"]),)]


@pytest.mark.parametrize(("name", "why"), BAD_BESIDE_ANA)
def test_the_players_page_refuses_the_name_for_a_join_and_a_rename(client, app, name, why):
    path = start_game(client, "rummy", ["Ana", "Cem"])
    before = sessions_stored(app)
    joined = client.post(f"{path}/players/", data={"action": "join", "join-name": name})
    renamed = client.post(
        f"{path}/players/",
        data={"action": "rename", "rename-player": "Cem", "rename-to": name},
    )
    for answer in (joined, renamed):
        assert answer.status_code == 200
        # the page's own words for a name already at the table, or the rule's
        assert (why if why != SAME_NAME else "already used in this game") in said(answer)
    assert sessions_stored(app) == before
    assert client.get(f"{path}/export.json").get_json()["game"]["rounds"] == []


@pytest.mark.parametrize(("name", "why"), BAD_BESIDE_ANA)
def test_the_api_refuses_the_name_naming_the_field(client, name, why):
    game = {"variant": "rummy", "players": ["Ana", name], "rounds": []}
    answer = client.post("/api/v1/game", json=game)
    assert answer.status_code == 400
    error = answer.get_json()
    if why == SAME_NAME:
        assert error == {
            "error": "each player must have a different name (ignoring case)",
            "field": "players",
        }
    else:
        assert why in error["error"] and error["field"] == "players[1]"


def upload(client, body):
    return client.post(
        "/import",
        data={"file": (io.BytesIO(body), "session.json")},
        content_type="multipart/form-data",
    )


@pytest.mark.parametrize(("name", "why"), [*BAD_BESIDE_ANA, ("  ", NOTHING_SHOWS)])
def test_an_imported_file_is_refused_whole_for_the_name(client, app, name, why):
    game = {"variant": "rummy", "players": ["Ana", name], "rounds": []}
    answer = upload(client, json.dumps(game).encode())
    assert answer.status_code == 400
    expected = "each player must have a different name" if why == SAME_NAME else why
    assert expected in said(answer)
    # a player joining later in the file is held to the same rule
    joined = {
        "variant": "rummy",
        "players": ["Ana", "Cem"],
        "rounds": [{"seating": {"join": name}}],
    }
    answer = upload(client, json.dumps(joined).encode())
    assert answer.status_code == 400
    assert (why if why != SAME_NAME else "already used in this game") in said(answer)
    assert sessions_stored(app) == []


def test_half_a_character_in_an_imported_file_is_a_clear_refusal(client, app):
    # JSON lets a file escape half of a UTF-16 pair alone: no page or database can hold it
    body = b'{"variant": "rummy", "players": ["Ana", "\\ud800"], "rounds": []}'
    answer = upload(client, body)
    assert answer.status_code == 400
    assert "holds U+D800, half of a character" in said(answer)
    assert sessions_stored(app) == []
    api = client.post("/api/v1/game", data=body, content_type="application/json")
    assert api.status_code == 400
    assert api.get_json()["field"] == "players[1]"
