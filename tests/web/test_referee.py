"""The referee page: verdicts with the engine's sentence, per meld, with a session's house rules.

Points are worked out by hand from shared/rules/VARIANTS.md (J/Q/K 10, others face value;
an ace high in a run counts 15 in Kaluki).
"""

import re

import pytest

from tests.web.sessions import start_game, view_link


def ask(client, path="/referee/", **data):
    return client.post(path, data=data).data.decode()


def test_each_meld_gets_its_own_verdict(client):
    # Basic Rummy: K-A-2 turns the corner; 5-5-5 is a set worth 15
    page = ask(client, variant="rummy", question="meld", melds="KH AH 2H\n5S 5D 5C")
    assert "Not legal" in page
    assert "meld 1: a run may not turn the corner K-A-2 in this variant" in page
    verdicts = re.findall(r"<li>(.*?)</li>", page, re.S)
    assert "a run may not turn the corner K-A-2 in this variant" in verdicts[0]
    assert verdicts[1].startswith("set: legal, 15")


@pytest.mark.parametrize(
    ("melds", "verdict", "sentence"),
    [
        # 7+8+9 = 24, K+K+K = 30: 54 >= 51 with a natural run
        ("7H 8H 9H\nKS KD KC", "Legal", "Worth 54 points"),
        # 2+3+4 = 9, + 30 = 39 < 51
        (
            "2H 3H 4H\nKS KD KC",
            "Not legal",
            "a first meld must be worth at least 51 points; these are worth 39",
        ),
    ],
)
def test_rami_opening_needs_51_points(client, melds, verdict, sentence):
    page = ask(client, variant="rami", question="opening", melds=melds)
    assert f"{verdict}</h2>" in page and sentence in page


def test_rami_going_out_at_once_needs_a_natural_run(client):
    page = ask(client, variant="rami", question="going_out", melds="JK 8H 9H\nKS KD KC")
    assert "Not legal" in page
    assert "going out at once needs a natural run of three or more (no joker in it)" in page
    # the same melds with a natural run go out
    page = ask(client, variant="rami", question="going_out", melds="7H 8H 9H\nKS KD KC")
    assert "Legal</h2>" in page


def test_best_arrangement_shows_melds_and_deadwood(client):
    # 4-5-6 of clubs and three queens meld; 9D + KC = 9 + 10 = 19 left
    page = ask(client, variant="knock-rummy", question="arrange", hand="QS 4C 9D QH 5C KC 6C QD")
    assert "Best arrangement" in page
    assert "<li>4C 5C 6C</li>" in page
    assert "= <strong>19</strong>" in page


def test_a_session_link_brings_its_variant_and_house_rules(client):
    # Kaluki opens at 51 by default; this table plays 40.
    # Q-K-A of hearts: 10 + 10 + 15 = 35; 5-5-5 = 15; together 50
    path = start_game(client, "kaluki", ["Ana", "Ben"], opening_min=40)
    token = path.rsplit("/", 1)[-1]
    melds = "QH KH AH\n5S 5D 5C"
    assert (
        '<option selected value="kaluki">' in client.get(f"/referee/?session={token}").data.decode()
    )
    house = ask(
        client, f"/referee/?session={token}", variant="kaluki", question="opening", melds=melds
    )
    assert "Legal</h2>" in house and "Worth 50 points" in house
    plain = ask(client, variant="kaluki", question="opening", melds=melds)
    assert "a first meld must be worth at least 51 points; these are worth 50" in plain
    # the read-only link works as well
    view_token = view_link(client, path).rsplit("/", 1)[-1]
    assert "Legal</h2>" in ask(
        client, f"/referee/?session={view_token}", variant="kaluki", question="opening", melds=melds
    )


def test_carousel_turn_must_play_a_card_from_hand(client):
    # the table after is the table before: nothing was added from hand
    page = ask(
        client,
        variant="carousel",
        question="turn",
        table_before="5H 6H 7H",
        melds="5H 6H 7H",
        from_hand="",
    )
    assert "Not legal" in page


@pytest.mark.parametrize(
    ("data", "message", "kept"),
    [
        ({"question": "meld", "melds": "AS 2S 3Z"}, "is not a card", "AS 2S 3Z"),
        ({"question": "arrange", "hand": "AS 22S"}, "is not a card", 'value="AS 22S"'),
        ({"question": "meld", "melds": ""}, "Enter at least one meld", ""),
    ],
)
def test_bad_cards_are_named_next_to_the_field_and_nothing_is_lost(client, data, message, kept):
    page = ask(client, variant="rummy", **data)
    assert message in page and kept in page
    assert "Legal</h2>" not in page


def test_referee_form_needs_the_csrf_token(csrf_app):
    client = csrf_app.test_client()
    page = client.get("/referee/").data.decode()
    assert 'name="csrf_token"' in page
    response = client.post(
        "/referee/", data={"variant": "rummy", "question": "meld", "melds": "AS 2S 3S"}
    )
    assert "Legal</h2>" not in response.data.decode()


def test_an_unknown_session_link_is_said_not_ignored(client):
    page = client.get("/referee/?session=not-a-real-token").data.decode()
    assert "This session link is not known" in page
