"""Limits on what the web side accepts: body size, player names, house-rule numbers."""

import json
from io import BytesIO

import pytest
from markupsafe import escape
from werkzeug.datastructures import MultiDict

from scorekeeper.rules.records import VARIANTS
from scorekeeper.web.forms import round_facts, round_form
from scorekeeper.web.requests import MAX_CONTENT_LENGTH, MAX_FORM_BYTES
from tests.web.sessions import start_game

# --- request size ---------------------------------------------------------------------


def test_an_oversized_form_gets_a_readable_413_page(client):
    body = "players=" + "A" * (MAX_FORM_BYTES + 1)
    response = client.post(
        "/new/rummy", data=body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 413
    page = response.data.decode()
    assert "<h1>Too much at once</h1>" in page and "Back to the games" in page
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]


def test_an_oversized_api_request_gets_a_json_413(client):
    body = json.dumps({"variant": "rummy", "pad": "x" * MAX_CONTENT_LENGTH})
    response = client.post("/api/v1/game", data=body, content_type="application/json")
    assert response.status_code == 413
    answer = response.get_json()
    assert set(answer) == {"error", "field"} and answer["field"] is None and answer["error"]


@pytest.mark.parametrize("field", ["players", "dealer"])
def test_a_huge_name_is_refused_before_it_is_read(client, field):
    # under the API's limit, far over any form: pages take small forms only
    data = {"players": "Ana\nBen", field: "B" * 2_000_000}
    assert client.post("/new/rummy", data=data).status_code == 413


def test_a_huge_multipart_form_is_refused(client):
    data = {"players": "Ana\nBen", "dealer": (BytesIO(b"x" * 200_000), "f")}
    assert client.post("/new/rummy", data=data).status_code == 413


def test_a_request_just_under_the_limit_is_read(client):
    # the limit leaves room for the biggest real question (a 2,000-round game, ~3.4 MB)
    pad = "x" * (MAX_CONTENT_LENGTH - 1000)
    body = json.dumps({"variant": "no-such-variant", "pad": pad})
    response = client.post("/api/v1/check", data=body, content_type="application/json")
    assert response.status_code != 413


# --- player names ---------------------------------------------------------------------


def _new(client, players, variant="rummy", **fields):
    data = {"players": players, "dealer": "", "option_ace": "low", **fields}
    return client.post(f"/new/{variant}", data=data)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("Ana\n" + "B" * 41, "is 41 characters long; a name has at most 40."),
        ("Ana\nBen\x07", "A name cannot contain control characters."),
        ("Ana\nBen\u202e", "A name cannot contain control characters."),
        ("Ana\nana", "Two players have the same name"),
        ("ANA\nBen\nAna", "Two players have the same name"),
        ("\n".join(f"P{i}" for i in range(8)), "Basic Rummy is for 2 to 7 players, not 8."),
    ],
)
def test_bad_player_names_are_refused_next_to_the_field(client, players, message):
    response = _new(client, players)
    assert response.status_code == 200
    page = response.data.decode()
    players_field = page.split('name="players"')[1].split('name="dealer"')[0]
    assert str(escape(message)) in players_field


def test_a_name_with_the_discard_arrow_is_refused_where_discards_are_listed(client):
    # Phỏm's "discards taken" lines read "giver > taker"
    response = _new(client, "Ana\nBen > Cem", variant="phom")
    assert str(escape("A name cannot contain '>'.")) in response.data.decode()
    assert _new(client, "Ana\nBen > Cem").status_code == 302


def test_names_are_trimmed_and_forty_characters_are_fine(client):
    longest = "Ö" * 40
    response = _new(client, f"  Ana  \n{longest}\t")
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).data.decode()
    assert f"Ana · {longest}" in page  # no spaces kept around either name


def test_a_long_dealer_is_refused(client):
    response = _new(client, "Ana\nBen", dealer="D" * 41)
    assert response.status_code == 200
    assert "Field cannot be longer than 40 characters." in response.data.decode()


def test_a_player_named_dash_can_win(app):
    # "-" used to be the "nobody won" marker: a player of that name could never win
    variant = VARIANTS["phom"]
    with app.test_request_context():
        form = round_form(
            variant, ["-", "Ana"], {}, formdata=MultiDict({"winner": "-", "end": "stock"})
        )
        assert form.validate(), form.errors
        assert round_facts(form, variant, ["-", "Ana"])["winner"] == "-"
        nobody = round_form(variant, ["-", "Ana"], {}, formdata=MultiDict({"end": "stock"}))
        nobody.winner.data = ""
        assert round_facts(nobody, variant, ["-", "Ana"])["winner"] is None


# --- house-rule numbers ---------------------------------------------------------------


def _option_block(page, name):
    return page.split(f'name="option_{name}"')[1].split('<div class="field')[0]


def test_an_out_of_range_option_is_refused_next_to_it_with_the_rules_opened(client):
    response = _new(client, "Ana\nBen", option_decks="0")
    page = response.data.decode()
    assert response.status_code == 200
    assert 'role="alert">Number must be' in _option_block(page, "decks")
    assert '<details class="house-rules" open>' in page


def test_an_absurd_option_is_refused_next_to_it(client):
    response = _new(client, "Ana\nBen", option_target="9" * 30)
    page = response.data.decode()
    assert response.status_code == 200
    assert '<p class="error" role="alert">' in _option_block(page, "target")
    assert '<details class="house-rules" open>' in page


def test_an_option_the_engine_refuses_is_shown_next_to_that_option(client):
    # Rami ending after an agreed number of rounds needs that number
    response = _new(client, "Ana\nBen", variant="rami", option_end="rounds", option_rounds="")
    page = response.data.decode()
    assert response.status_code == 200
    assert "needs an agreed number of rounds" in _option_block(page, "rounds")
    assert '<details class="house-rules" open>' in page


@pytest.mark.parametrize("variant", ["rummy", "carousel"])
def test_an_emptied_target_means_the_default(client, variant):
    path = start_game(client, variant, ["Ana", "Ben"], target="")
    page = client.get(path).data.decode()
    assert "target=" not in page  # the default target: no house rule stored
    saved = client.post(
        f"{path}/rounds/new",
        data={"winner": "Ana", "end": "out", "hand_1": "5H", "save": "1"},
    )
    assert saved.status_code == 302
    assert client.get(path).status_code == 200
