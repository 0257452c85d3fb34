"""The JSON API: the contract over HTTP, errors as 400 with error and field, never 500."""

import pytest


def test_variants(client):
    body = client.get("/api/v1/variants").json
    assert len(body["variants"]) == 15


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


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/v1/check", {"variant": "gin", "melds": []}, "variant"),
        ("/api/v1/check", {"variant": "rummy", "melds": [["1S"]]}, "melds[0][0]"),
        (
            "/api/v1/arrange",
            {"variant": "rummy", "options": {"colour": 1}, "hand": []},
            "options.colour",
        ),
        (
            "/api/v1/score",
            {"variant": "rummy", "players": ["Ana", "Ben"], "round": {"winner": "Zed"}},
            "round.winner",
        ),
        (
            "/api/v1/game",
            {"variant": "rummy", "players": ["Ana", "Ben"], "rounds": "many"},
            "rounds",
        ),
        ("/api/v1/check", [1, 2], None),
    ],
)
def test_bad_questions_are_400_with_error_and_field(client, path, body, field):
    response = client.post(path, json=body)
    assert response.status_code == 400
    assert set(response.json) == {"error", "field"}
    assert response.json["field"] == field


def test_bad_json_is_400(client):
    response = client.post("/api/v1/check", data="{not json", content_type="application/json")
    assert response.status_code == 400 and response.json["field"] is None


def test_unknown_api_paths_and_methods_answer_json(client):
    assert client.post("/api/v1/shuffle", json={}).status_code == 404
    assert client.get("/api/v1/nothing").json["error"]
    assert client.get("/api/v1/check").status_code == 405


def test_openapi_document_names_every_endpoint(client):
    document = client.get("/api/v1/openapi.json").json
    assert document["openapi"].startswith("3.")
    assert set(document["paths"]) == {
        f"/api/v1/{name}" for name in ("variants", "check", "arrange", "score", "game")
    }
