"""One rule for player names, wherever they come from (issue 18, item 4): the new-game
form, the players page, the JSON API and an imported file refuse the same names."""

import html
import io
import json
import sqlite3

import pytest

from tests.command import scorekeeper
from tests.web.sessions import start_game

ZERO_WIDTH_SPACE = "\u200b"
HANGUL_FILLER = "\u3164"
RIGHT_TO_LEFT_OVERRIDE = "\u202e"
COMBINING_RING = "\u030a"

SAME_NAME = "Two players have the same name"
LOOKS_LIKE_ANA = "looks like Ana: give each player a name the others can tell apart."
NOTHING_SHOWS = "A name needs at least one letter, digit or sign that shows."
CONTROL = "A name cannot contain control characters."
TOO_LONG = "is 41 characters long; a name has at most 40."


def invisible(code: str) -> str:
    return f"A name cannot contain an invisible character ({code} here)."


# (the second name of a two-player table, why it is refused) beside "Ana"
BAD_BESIDE_ANA = [
    ("Ana" + ZERO_WIDTH_SPACE, invisible("U+200B")),
    ("ANA", SAME_NAME),
    ("\u0410na", "\u0410na " + LOOKS_LIKE_ANA),  # a Cyrillic А
    ("Ana\u034f", invisible("U+034F")),  # combining grapheme joiner
    ("Ana\ufe0f", invisible("U+FE0F")),  # an emoji's selector after a letter
    ("Ana\u17b4", invisible("U+17B4")),  # a Khmer vowel that is never written
    ("Ana\U000e0100", invisible("U+E0100")),  # a variation selector
    ("Ben\uffff", "A name cannot contain U+FFFF, which is not a character of Unicode."),
    ("Ben\u0378", "A name cannot contain U+0378, which is not a character of Unicode."),
    ("Ben\ue000", "A name cannot contain U+E000, a private-use character"),
    (ZERO_WIDTH_SPACE, NOTHING_SHOWS),
    ("\u034f", NOTHING_SHOWS),
    ("\ufe0f", NOTHING_SHOWS),
    ("\u17b4", NOTHING_SHOWS),
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
    if why.endswith(LOOKS_LIKE_ANA):  # a name beside the others, not one name alone
        assert error == {"error": why, "field": "players"}
    elif why == SAME_NAME:
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


# Names that look alike (Unicode's confusable skeletons, UTS #39): the second of each pair
# is refused beside the first, wherever it comes from
LOOK_ALIKE = [
    ("Ana", "\u0410na"),  # Cyrillic А
    ("Ben", "B\u0435n"),  # Cyrillic е
    ("Ian", "lan"),  # capital I, small l
    ("Cam", "Carn"),  # r and n drawn together are an m
    ("ANA", "\u0430na"),  # Cyrillic а beside the same name in capitals
]


def looks_like(pair):
    first, second = pair
    return f"{second} looks like {first}: give each player a name the others can tell apart."


@pytest.mark.parametrize("pair", LOOK_ALIKE)
def test_a_name_that_looks_like_another_is_refused_everywhere(client, app, pair, tmp_path):
    first, second = pair
    form = client.post("/new/rummy", data={"players": f"{first}\n{second}", "option_ace": "low"})
    assert looks_like(pair) in said(form)
    api = client.post(
        "/api/v1/game", json={"variant": "rummy", "players": [first, second], "rounds": []}
    )
    assert api.status_code == 400
    assert api.get_json() == {"error": looks_like(pair), "field": "players"}
    imported = upload(
        client, json.dumps({"variant": "rummy", "players": [first, second], "rounds": []}).encode()
    )
    assert imported.status_code == 400 and looks_like(pair) in said(imported)
    assert sessions_stored(app) == []
    path = start_game(client, "rummy", [first, "Cem"])
    joined = client.post(f"{path}/players/", data={"action": "join", "join-name": second})
    renamed = client.post(
        f"{path}/players/", data={"action": "rename", "rename-player": "Cem", "rename-to": second}
    )
    for answer in (joined, renamed):
        assert looks_like(pair) in said(answer)
    assert client.get(f"{path}/export.json").get_json()["game"]["rounds"] == []
    # the command line: the same engine, the same sentence
    question = {"variant": "rummy", "players": [first, second], "rounds": []}
    answer = scorekeeper("game", stdin=json.dumps(question))
    assert answer.returncode == 2
    assert json.loads(answer.stdout) == {"error": looks_like(pair), "field": "players"}


def test_the_look_alike_sentence_is_said_in_each_language(client):
    said_in = {
        "de": "\u0410na sieht aus wie Ana",
        "fr": "\u0410na ressemble à Ana",
        "vi": "\u0410na trông giống Ana",
    }
    for lang, sentence in said_in.items():
        answer = client.post(
            "/api/v1/game",
            json={"variant": "rummy", "players": ["Ana", "\u0410na"], "lang": lang},
        )
        assert sentence in answer.get_json()["error"]


@pytest.mark.parametrize(
    "players",
    [
        ["Ana", "Anne", "Ann"],
        ["Jörg", "Jorg"],  # an umlaut is seen
        ["Nguyễn", "Nguyên"],  # and a Vietnamese tone mark
        ["❤️", "Ana"],  # an emoji with its selector
        ["👨\u200d👩\u200d👧", "Ben"],  # a family joined by zero width joiners
        ["🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", "Cem"],  # Scotland
        ["Dan 1\ufe0f\u20e3", "Dan"],  # a keycap
    ],
)
def test_names_that_can_be_told_apart_are_taken(client, app, players):
    start_game(client, "rummy", players)
    assert sessions_stored(app) == [(json.dumps(players),)]
