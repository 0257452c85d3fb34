"""The JSON API says the engine's messages in the asker's language: Accept-Language, or
a ``lang`` field in the body (taken out before the engine sees it); English by default.
"""

from tests.rami_in_german import ENGLISH, GERMAN, NOT_AN_OBJECT_IN_GERMAN, RAMI


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
    assert response.json == NOT_AN_OBJECT_IN_GERMAN


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


def test_the_variants_are_listed_in_the_askers_language(client):
    # the readings say Rami's surcharges from VARIANTS.md: +100 unopened, +100 rummy, +200
    said = (
        "Si le gagnant fait rami sec alors que personne n'avait posé, +200 remplace les 100 du "
        "rami sec : un perdant sans pose ajoute main + 100 + 200."
    )
    for asked in ({"headers": {"Accept-Language": "fr"}}, {"query_string": {"lang": "fr"}}):
        listed = client.get("/api/v1/variants", **asked).json["variants"]
        rami = next(variant for variant in listed if variant["id"] == "rami")
        # and the readings settled in issue 29: the joker at a run's end, runs of 13 at most
        assert rami["readings"][0] == said
        assert rami["readings"][1].startswith("Un joker sans carte désignée au bout d'une suite")
        assert rami["readings"][2].startswith("Une suite contient chaque rang une seule fois")
        assert rami["option_specs"]["unopened"]["label"] == "Jamais posé"
        assert (
            rami["option_specs"]["unopened"]["text"]
            == "Ce qu'ajoute un joueur qui n'a jamais posé."
        )
        german = next(variant for variant in listed if variant["id"] == "german-rummy")
        assert german["name"] == "Rami allemand (Rommé)"
        # two decks, six jokers, 13 cards, open with 40 (VARIANTS.md)
        assert german["summary"] == (
            "2 jeux et 6 jokers, 13 cartes ; ouvrir avec 40 ; chaque perdant ajoute la main qui "
            "lui reste."
        )
