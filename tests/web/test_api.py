"""The JSON API: the contract over HTTP, errors as 400 with error and field, never 500."""

from scorekeeper.rules import variants


def test_variants(client):
    body = client.get("/api/v1/variants").json
    assert body == variants()


def test_check(client):
    body = client.post(
        "/api/v1/check", json={"variant": "rummy", "melds": [["KH", "AH", "2H"]]}
    ).json
    assert body["legal"] is False
    assert body["reason"] == "meld 1: a run may not turn the corner K-A-2 in this variant"


def test_arrange(client):
    # A-2-3 of spades melds; 9 + K 10 = 19
    body = client.post(
        "/api/v1/arrange", json={"variant": "knock-rummy", "hand": ["AS", "2S", "3S", "9D", "KC"]}
    ).json
    assert body == {"melds": [["AS", "2S", "3S"]], "deadwood": ["9D", "KC"], "deadwood_points": 19}


def test_score_and_game(client):
    round_ = {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS"]}}
    assert client.post(
        "/api/v1/score", json={"variant": "rummy", "players": ["Ana", "Ben"], "round": round_}
    ).json["delta"] == {"Ana": 10, "Ben": 0}
    body = client.post(
        "/api/v1/game", json={"variant": "rummy", "players": ["Ana", "Ben"], "rounds": [round_] * 2}
    ).json
    assert body["totals"] == {"Ana": 20, "Ben": 0}


def test_an_engine_error_is_400_with_its_message_and_field(client):
    # the engine's own refusal (tests/rules/test_scoring_validation.py), passed on unchanged
    body = {"variant": "rummy", "players": ["Ana", "Ben"], "round": {"winner": "Zed"}}
    response = client.post("/api/v1/score", json=body)
    assert response.status_code == 400
    assert response.json == {
        "error": "the winner 'Zed' is not one of the players (Ana, Ben)",
        "field": "round.winner",
    }


def test_a_body_that_is_not_an_object_is_400(client):
    response = client.post("/api/v1/check", json=[1, 2])
    assert response.status_code == 400
    assert response.json == {"error": "the request must be a JSON object", "field": None}


def test_bad_json_is_400(client):
    response = client.post("/api/v1/check", data="{not json", content_type="application/json")
    assert response.status_code == 400 and response.json["field"] is None


def test_unknown_api_paths_and_methods_answer_json(client):
    shuffle = client.post("/api/v1/shuffle", json={})
    assert shuffle.status_code == 404
    assert shuffle.json == {
        "error": "there is no question 'shuffle': ask check, arrange, score or game",
        "field": None,
    }
    # questions are asked with POST: a GET is refused in JSON too
    for path in ("/api/v1/nothing", "/api/v1/check"):
        refused = client.get(path)
        assert refused.status_code == 405 and set(refused.json) == {"error", "field"}


def test_openapi_document_names_every_endpoint(client):
    document = client.get("/api/v1/openapi.json").json
    assert document["openapi"].startswith("3.")
    assert set(document["paths"]) == {
        f"/api/v1/{name}" for name in ("variants", "check", "arrange", "score", "game", "recognize")
    }
