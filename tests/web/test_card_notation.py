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
