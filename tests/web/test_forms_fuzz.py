"""Random input in every field of every HTML form: an answer, never a server error.

The fields are read from the page itself (inputs, selects, radios, textareas, buttons),
so a field added to a form is fuzzed without changing this file.
"""

from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.records import VARIANTS
from tests.web.sessions import start_game

FUZZ = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

CARDS = ["AS", "10H", "JK", "2C", "KD", "QS", "9D", "3H", "4H", "5H", "7S", "JK=5H", "1Z", "X"]
cards = st.lists(st.sampled_from(CARDS), max_size=16).map(" ".join)
melds = st.lists(cards, max_size=4).map("\n".join)
names = st.lists(st.text(max_size=12), max_size=14).map("\n".join)
numbers = st.one_of(st.integers(-(10**6), 10**6), st.integers()).map(str)
anything = st.one_of(st.text(max_size=60), numbers, cards, melds, names)


class FormFields(HTMLParser):
    """Each POST form of a page: its field names, and the values a browser could send."""

    def __init__(self):
        super().__init__()
        self.forms = []
        self.select = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and attrs.get("method", "").lower() == "post":
            self.forms.append({})
        if not self.forms or "name" not in attrs and tag != "option":
            return
        fields = self.forms[-1]
        if tag in ("input", "button", "textarea"):
            values = fields.setdefault(attrs["name"], [])
            if attrs.get("value") is not None:
                values.append(attrs["value"])
            elif attrs.get("type") == "checkbox":
                values.append("y")
        elif tag == "select":
            self.select = fields.setdefault(attrs["name"], [])
        elif tag == "option" and self.select is not None:
            self.select.append(attrs.get("value", ""))

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None


def fields_of(html):
    parser = FormFields()
    parser.feed(html)
    return max(parser.forms, key=len)


def form_data(fields):
    """Per field: left out, one of the values the page offers, or anything at all."""
    return st.fixed_dictionaries(
        {},
        optional={
            name: st.one_of(st.sampled_from(values), anything) if values else anything
            for name, values in fields.items()
        },
    )


def assert_answers(client, url, fields):
    @FUZZ
    @given(data=form_data(fields))
    def post(data):
        response = client.post(url, data=data)
        assert response.status_code < 500, (data, response.data.decode()[:3000])

    post()


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_new_session_form_never_fails(client, variant):
    url = f"/new/{variant}"
    assert_answers(client, url, fields_of(client.get(url).data.decode()))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_round_form_never_fails(client, variant):
    low = VARIANTS[variant].players[0]
    edit = start_game(client, variant, ["Ana", "Ben", "Cem", "Dan"][:low])
    url = f"{edit}/rounds/new"
    fields = fields_of(client.get(url).data.decode())
    assert any(name.startswith("hand_") for name in fields)
    assert_answers(client, url, fields)


def test_referee_form_never_fails(client):
    edit = start_game(client, "rami", ["Ana", "Ben"])
    url = f"/referee/?session={edit.rsplit('/', 1)[1]}"
    fields = fields_of(client.get(url).data.decode())
    assert {"variant", "question", "melds", "hand"} <= set(fields)
    assert_answers(client, url, fields)
