"""The JSON API under generated input: schemathesis against its own OpenAPI document, and
Hypothesis over the card parser and every question. Never a 500; every error names its
field (or null) and agrees with the schema."""

from __future__ import annotations

import json
import secrets
import tempfile
from pathlib import Path

import jsonschema_rs  # schemathesis's own JSON Schema validator
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance

from scorekeeper import create_app
from scorekeeper.rules import CardError
from scorekeeper.rules.cards import Card, parse_card
from scorekeeper.rules.records import VARIANTS

APP = create_app(
    {
        "TESTING": True,
        "DATABASE": str(Path(tempfile.mkdtemp()) / "fuzz.sqlite"),
        "SECRET_KEY": secrets.token_hex(32),
        "WTF_CSRF_ENABLED": False,
    }
)
# schemathesis's own list of refusals, and 413: a body over the size limit (thousands of
# melds) is refused with its own answer, which the schema names
REJECTED = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]
CONFIG = SchemathesisConfig.from_dict(
    {"checks": {"negative_data_rejection": {"expected-statuses": REJECTED}}}
)
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP, config=CONFIG)
# Every check schemathesis has but one: "a request valid by the schema is accepted" cannot
# hold for a referee, whose 400 for a question the rules refuse is the contract's answer:
# more jokers than the table's decks hold, two names the same ignoring case, a round that
# ends by 'out' without a winner, an end the variant does not have, a hand larger than the
# deal, a player a round names who is not seated. JSON Schema cannot say those. The limits
# it can say it says (the card grammar, lengths, counts, each variant's options and their
# ranges, players per variant), and these checks hold the server to them: data outside
# them is refused, never answered 200.
NOT_CHECKED = [positive_data_acceptance]


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_agrees_with_its_schema(case):
    # schemathesis asks for requests' encodings (zstd, br, gzip) but its WSGI client reads
    # the body as sent, undecoded: ask for it plain, as the checks read it
    case.call_and_validate(headers={"Accept-Encoding": "identity"}, excluded_checks=NOT_CHECKED)


def test_arrange_without_a_hand_is_refused_as_the_schema_says():
    response = APP.test_client().post("/api/v1/arrange", json={"variant": "rummy"})
    assert response.status_code == 400
    assert response.json["field"] == "hand"


def test_posting_to_the_variants_list_is_not_allowed_rather_than_not_found():
    response = APP.test_client().post("/api/v1/variants", json={})
    assert response.status_code == 405
    assert "POST" not in response.headers["Allow"] and "GET" in response.headers["Allow"]


@pytest.mark.parametrize(
    ("question", "body"),
    [
        ("score", {"variant": "carousel", "players": ["Ana"], "round": {}}),  # 2 to 5 play
        ("game", {"variant": "kaluki", "players": ["A", "B", "C", "D", "E", "F", "G"]}),
        ("check", {"variant": "rami", "melds": [], "table_before": []}),  # no turns in Rami
        ("arrange", {"variant": "phom", "hand": [], "options": {"borrow": "none"}}),  # not Phom's
        ("arrange", {"variant": "kaluki", "hand": [], "options": {"decks": 9}}),  # 1 to 4
        ("arrange", {"variant": "rummy", "hand": ["AS", "1S"]}),  # no rank 1
    ],
)
def test_what_the_engine_refuses_for_a_variant_the_schema_refuses_too(question, body):
    """Requests the engine refused though the schema allowed them: each variant's player
    count, options and their ranges, turns against the table only where the table is
    rearranged, and cards as the parser reads them."""
    document = APP.test_client().get("/api/v1/openapi.json").json
    request = document["paths"][f"/api/v1/{question}"]["post"]["requestBody"]
    body = {"rounds": [], **body} if question == "game" else body
    assert not jsonschema_rs.validator_for(
        request["content"]["application/json"]["schema"]
    ).is_valid(body)
    assert APP.test_client().post(f"/api/v1/{question}", json=body).status_code == 400


def test_the_schema_lists_every_variant():
    document = APP.test_client().get("/api/v1/openapi.json").json
    request = document["paths"]["/api/v1/arrange"]["post"]["requestBody"]
    variant = request["content"]["application/json"]["schema"]["properties"]["variant"]
    assert variant["enum"] == list(VARIANTS)
    decks = document["paths"]["/api/v1/check"]["post"]["requestBody"]["content"][
        "application/json"
    ]["schema"]["properties"]["options"]["properties"]["decks"]
    assert (decks["minimum"], decks["maximum"]) == (1, 4)


TOKEN_PARTS = st.sampled_from(
    ["A", "2", "10", "T", "J", "Q", "K", "1", "11", "S", "H", "D", "C", "♠", "♥", "X", "JK", "*"]
    + ["=", " ", "\N{VARIATION SELECTOR-16}", "", "0"]
)
TOKENS = st.one_of(
    st.lists(TOKEN_PARTS, max_size=5).map("".join),
    st.text(max_size=12),
    st.integers(),
    st.none(),
    st.lists(st.text(max_size=3), max_size=2),
)


@settings(max_examples=300, deadline=None)
@given(token=TOKENS)
def test_the_card_parser_gives_a_card_or_names_the_token(token):
    try:
        card = parse_card(token, where="hand, card 1", field="hand[0]")
    except CardError as error:
        assert error.field == "hand[0]"
        # refused as no card, or as two (a rank then K: Kreuz or Karo, issue 29 item 3)
        assert (
            "(hand, card 1) is not a card" in error.message
            or "(hand, card 1) could be two cards" in error.message
        )
    else:
        assert isinstance(card, Card)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(
    ["variant", "options", "hand", "melds", "players", "round", "rounds", "dealer", "opening"]
)
REQUESTS = st.dictionaries(KEYS, JSON | st.sampled_from(list(VARIANTS)), max_size=5)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(question=st.sampled_from(["check", "arrange", "score", "game"]), body=REQUESTS | JSON)
def test_random_json_never_breaks_a_question(question, body):
    response = APP.test_client().post(
        f"/api/v1/{question}", data=json.dumps(body), content_type="application/json"
    )
    assert response.status_code in (200, 400), response.data[:500]
    if response.status_code == 400:
        answer = response.json
        assert set(answer) == {"error", "field"}
        assert answer["field"] is None or isinstance(answer["field"], str)
        assert answer["error"]


def test_json_nested_a_thousand_deep_is_a_400_not_a_500():
    response = APP.test_client().post(
        "/api/v1/check", data="[" * 1000 + "]" * 1000, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json == {
        "error": "the request is nested more than 32 levels deep",
        "field": None,
    }


def test_a_huge_integer_is_a_400_naming_its_place():
    body = '{"variant": "rummy", "options": {"target": ' + "9" * 5000 + '}, "melds": []}'
    response = APP.test_client().post("/api/v1/check", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json["field"] == "options.target"


def test_a_question_that_gets_no_turn_is_told_to_come_back(monkeypatch):
    from scorekeeper.web import limits

    # every slot taken by other questions, and no time to wait for one
    full = limits.Slots(size=1, wait=0.01)
    with full.slot():
        monkeypatch.setattr("scorekeeper.web.views.api.ENGINE_SLOTS", full)
        response = APP.test_client().post(
            "/api/v1/arrange", json={"variant": "rummy", "hand": ["AS"]}
        )
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "1"
    assert response.json["field"] is None
    assert "busy" in response.json["error"]


def test_the_schema_names_the_languages_every_endpoint_speaks():
    document = APP.test_client().get("/api/v1/openapi.json").json
    variants = document["paths"]["/api/v1/variants"]["get"]["parameters"]
    assert {"name": "lang", "in": "query", "required": False} | {
        "schema": {"type": "string", "enum": ["en", "de", "fr", "vi"]}
    } in variants
    score = document["paths"]["/api/v1/score"]["post"]["requestBody"]["content"]
    assert score["application/json"]["schema"]["properties"]["lang"]["enum"] == [
        "en",
        "de",
        "fr",
        "vi",
    ]
