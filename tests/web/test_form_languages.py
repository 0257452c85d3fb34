"""Every form opens in every language of the app; WTForms' own messages are said in the
page's language where WTForms has a catalog for it, in English where it has none."""

import pytest

from scorekeeper.web.languages import LANGUAGES

from .sessions import start_game


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_form_page_opens_in_each_language(client, lang):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    for path in ("/new/rummy", f"{game}/rounds/new", f"{game}/players/", "/referee/"):
        assert client.get(f"{path}?lang={lang}").status_code == 200, path


@pytest.mark.parametrize(
    ("lang", "message"),
    [("de", "Keine gültige, ganze Zahl."), ("vi", "Not a valid integer value.")],
)
def test_wtforms_own_message_is_in_the_language_or_else_english(client, lang, message):
    game = start_game(client, "continental", ["Ana", "Ben", "Cem"], quick_bonus=True)
    data = {"winner": "Ana", "end": "out", "draws": "two", "preview": "1"}
    page = client.post(f"{game}/rounds/new?lang={lang}", data=data).data.decode()
    assert message in page
