"""WTForms' own messages are said in the page's language (its catalogs, kept per language
instead of read by Flask-WTF on every request, issue 20)."""

import pytest

from tests.web.sessions import start_game


@pytest.mark.parametrize(
    ("lang", "refusal"),
    [
        ("en", "Not a valid choice."),
        ("de", "Keine gültige Auswahl."),
        ("fr", "est pas un choix valide."),
    ],
)
def test_a_choice_not_offered_is_refused_in_the_pages_language(client, lang, refusal):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    for _ in range(2):  # the second request reads the kept catalog
        page = client.post(
            f"{game}/rounds/new?lang={lang}",
            data={"winner": "Ana", "end": "slept", "hand_1": "2C", "preview": "1"},
        ).data.decode()
        assert refusal in page
