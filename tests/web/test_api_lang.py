"""The JSON API says the engine's messages in the asker's language: Accept-Language, or
a ``lang`` field in the body (taken out before the engine sees it); English by default.

German expectations use ids whose German the translators keep (listed for them):
"went out: 0", "%(hand)s, no meld yet +%(points)s", "the request must be a JSON object".
"""

RAMI = {
    "variant": "rami",
    "players": ["Ana", "Ben"],
    "round": {
        "winner": "Ana",
        "end": "out",
        "hands": {"Ben": ["JK", "AS", "10H"]},
        "opened": {"Ben": False},
    },
}
ENGLISH = ["Ana: went out: 0", "Ben: JK 150 + AS 11 + 10H 10 = 171, no meld yet +100 = 271"]
# JK 150 + A 11 + 10 10 = 171, +100 not yet melded: German card letters, suits as symbols
GERMAN = [
    "Ana: ausgemacht: 0",
    "Ben: Joker 150 + A♠ 11 + 10♥ 10 = 171, noch nicht ausgelegt +100 = 271",
]


def test_english_by_default(client):
    answer = client.post("/api/v1/score", json=RAMI).json
    assert answer["explain"] == ENGLISH


def test_accept_language_de_says_the_lines_in_german(client):
    answer = client.post(
        "/api/v1/score", json=RAMI, headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
    ).json
    assert answer["explain"] == GERMAN
    assert answer["delta"] == {"Ana": 0, "Ben": 271}  # the numbers do not change


def test_a_lang_field_in_the_body_says_the_lines_in_german(client):
    answer = client.post("/api/v1/score", json={**RAMI, "lang": "de"}).json
    assert answer["explain"] == GERMAN


def test_the_bodys_lang_wins_over_the_header(client):
    answer = client.post(
        "/api/v1/score", json={**RAMI, "lang": "en"}, headers={"Accept-Language": "de"}
    ).json
    assert answer["explain"] == ENGLISH


def test_a_language_we_do_not_speak_falls_back_to_english(client):
    answer = client.post("/api/v1/score", json=RAMI, headers={"Accept-Language": "ja"}).json
    assert answer["explain"] == ENGLISH


def test_errors_are_said_in_german_too(client):
    response = client.post("/api/v1/score", json=[RAMI], headers={"Accept-Language": "de"})
    assert response.status_code == 400
    assert response.json == {"error": "die Anfrage muss ein JSON-Objekt sein", "field": None}


def test_an_unknown_lang_is_refused_naming_the_field(client):
    response = client.post("/api/v1/score", json={**RAMI, "lang": "xx"})
    assert response.status_code == 400
    assert response.json["field"] == "lang"
    assert "de" in response.json["error"] and "en" in response.json["error"]


def test_a_game_answer_is_said_in_german_round_by_round(client):
    request = {**RAMI, "rounds": [RAMI["round"]], "options": {"rounds": 1}}
    del request["round"]
    answer = client.post("/api/v1/game", json={**request, "lang": "de"}).json
    assert answer["rounds"][0]["explain"] == GERMAN
