"""Cards as each table writes them (issue 29, items 3 and 4): the placeholders and hints of
the round form and the referee page in the phone's notation, whichever language a page of
the same game was drawn in before."""

from __future__ import annotations

import re

import pytest

from tests.web.sessions import start_game

ENGLISH_HAND = "AS 10H JK"
GERMAN_HAND = "A♠ 10♥ Joker"


def hand_placeholders(client, path, lang):
    page = client.get(f"{path}/rounds/new", headers={"Accept-Language": lang}).data.decode()
    return set(
        re.findall(r'<textarea[^>]*class="[^"]*hand-cards[^"]*"[^>]*placeholder="([^"]*)"', page)
    )


@pytest.mark.parametrize("first", ["de", "en"])
def test_a_round_form_shows_the_cards_of_its_own_language_whichever_was_drawn_first(client, first):
    path = start_game(client, "german-rummy", ["Ana", "Ben"])
    second = "en" if first == "de" else "de"
    expected = {"de": {GERMAN_HAND}, "en": {ENGLISH_HAND}}
    assert hand_placeholders(client, path, first) == expected[first]
    assert hand_placeholders(client, path, second) == expected[second]
    assert hand_placeholders(client, path, first) == expected[first]


def typed_hand(client, path, lang, hand):
    """The picker's points question: what the one parser reads in a typed hand."""
    return client.get(
        f"{path}/rounds/points",
        query_string={"hand_1": hand},
        headers={"Accept-Language": lang},
    ).get_json()["fields"]["hand_1"]


def test_a_german_phone_reads_kreuz_and_karo_as_typed(client):
    path = start_game(client, "german-rummy", ["Ana", "Ben"])
    read = typed_hand(client, path, "de", "BKr DKa AP 10H B♣")
    assert read["cards"] == ["JC", "QD", "AS", "10H", "JC"]
    assert read["points"] == 10 + 10 + 11 + 10 + 10


def test_a_german_bk_is_refused_naming_kreuz_and_karo_in_german(client):
    path = start_game(client, "german-rummy", ["Ana", "Ben"])
    page = client.post(
        f"{path}/rounds/new",
        data={"winner": "Ana", "end": "out", "hand_1": "BK 5H", "preview": "1"},
        headers={"Accept-Language": "de"},
    ).data.decode()
    assert (
        "kann zwei Karten sein: K nach dem Rang ist Kreuz (B♣) oder Karo (B♦); schreib BKr oder BKa"
        in page
    )


def test_a_wrong_suit_names_the_suits_in_the_phones_notation(client):
    path = start_game(client, "german-rummy", ["Ana", "Ben"])
    page = client.post(
        f"{path}/rounds/new",
        data={"winner": "Ana", "end": "out", "hand_1": "BX", "preview": "1"},
        headers={"Accept-Language": "de"},
    ).data.decode()
    assert "Farben sind Kr (Kreuz ♣), Ka (Karo ♦), P (Pik ♠), H (Herz ♥)" in page
    assert "P/S, H, D, C" not in page


def test_a_french_phone_reads_its_own_suits(client):
    path = start_game(client, "rami", ["Ana", "Ben"])
    read = typed_hand(client, path, "fr", "RCo DCa VT AP")
    assert read["cards"] == ["KH", "QD", "JC", "AS"]


@pytest.mark.parametrize(
    ("lang", "hint"),
    [
        ("de", "A♠ 10♥ D♦ Joker, oder in Buchstaben AP 10H DKa Joker"),
        ("fr", "A♠ 10♥ D♦ Joker, ou en lettres AP 10Co DCa Joker"),
        ("en", "Type cards as rank then suit: AS 10H QD JK;"),
    ],
)
def test_the_referee_hint_shows_the_phones_notation(client, lang, hint):
    page = client.get("/referee/", headers={"Accept-Language": lang}).data.decode()
    assert hint in page
    if lang != "en":
        assert "AS 10H QD JK" not in page


def test_the_referee_says_what_a_joker_stands_for_in_words_and_the_tables_cards(client):
    data = {"variant": "rami", "question": "meld", "melds": "7C 8C JK\n5S 5D 5C 5H JK"}
    german = client.post("/referee/", data=data, headers={"Accept-Language": "de"}).data.decode()
    assert "der Joker steht für 9♣" in german
    english = client.post("/referee/", data=data, headers={"Accept-Language": "en"}).data.decode()
    assert "the joker stands for 9♣" in english  # the issue's own words
    assert "wild" not in english
    # a meld of no kind gets no "–" in front of its reason
    data = {"variant": "rummy", "question": "meld", "melds": "5H 6S 9C\n5S 5D 5C"}
    page = client.post("/referee/", data=data).data.decode()
    assert "–:" not in page
