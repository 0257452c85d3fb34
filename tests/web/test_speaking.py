"""A sheet or pad printed in a chosen language speaks it, in a request of another language
or in none (i18n.speaking)."""

from scorekeeper.language.formatting import number
from scorekeeper.language.i18n import gettext, speaking


def test_words_outside_a_request_are_english_unless_a_language_is_chosen():
    assert gettext("Total") == "Total"
    with speaking("vi"):
        assert gettext("Total") == "Tổng"
    assert gettext("Total") == "Total"


def test_a_chosen_language_speaks_over_the_requests_and_gives_it_back(app):
    with app.test_request_context("/?lang=de"):
        assert gettext("Total") == "Summe"
        with speaking("vi"):
            assert gettext("Total") == "Tổng"
            # numbers as the chosen language groups them: Vietnamese with a dot
            assert number(12345) == "12.345"
        assert gettext("Total") == "Summe"
        assert number(12345) == "12.345"  # German groups with a dot as well
    with app.test_request_context("/?lang=fr"), speaking("en"):
        assert number(12345) == "12,345"
