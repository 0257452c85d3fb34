"""A stake that cannot be printed is never stored (issue 18, item 3): refused on the page's
form and in an imported file; one an older version stored shows the game without it."""

import html
import io
import json
import sqlite3

import pytest

from tests.web.sessions import pdf_text, start_game, view_link

# each far past a million a point: Babel's 28-digit arithmetic could not print the payments
UNPRINTABLE = [("1e999", "EUR"), ("1e99", "JPY"), ("1e30", "BHD")]


def played_rummy(client):
    """Ana and Ben, one round: Ana goes out, Ben holds KS and 7D (10 + 7 = 17 points)."""
    path = start_game(client, "rummy", ["Ana", "Ben"])
    client.post(
        f"{path}/rounds/new", data={"winner": "Ana", "end": "out", "hand_1": "KS 7D", "save": "1"}
    )
    return path


def stored_stake(app):
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute("select stake, currency from sessions").fetchall()


@pytest.mark.parametrize(("stake", "currency"), UNPRINTABLE)
def test_the_form_refuses_a_stake_past_a_million_a_point(client, app, stake, currency):
    path = played_rummy(client)
    answer = client.post(
        f"{path}/details", data={"stake": stake, "currency": currency}, follow_redirects=True
    )
    page = html.unescape(answer.data.decode())
    assert f"a stake is at most 1,000,000 {currency} a point" in page
    assert stored_stake(app) == [(None, None)]


def test_the_largest_stake_is_kept_and_printed(client, app):
    path = played_rummy(client)
    client.post(f"{path}/details", data={"stake": "1000000", "currency": "jpy"})
    assert stored_stake(app) == [("1000000", "JPY")]
    page = html.unescape(client.get(path).data.decode())
    # Ben pays Ana his 17 points at a million yen each
    assert "¥17,000,000" in page


def test_a_stake_is_stored_in_one_spelling(client, app):
    path = played_rummy(client)
    client.post(f"{path}/details", data={"stake": "5e-2", "currency": "eur"})
    assert stored_stake(app) == [("0.05", "EUR")]


@pytest.mark.parametrize(("stake", "currency"), UNPRINTABLE)
def test_an_imported_file_with_such_a_stake_is_refused_and_nothing_saved(
    client, app, stake, currency
):
    data = {
        "format": "scorekeeper-session",
        "version": 1,
        "game": {"variant": "rummy", "players": ["Ana", "Ben"], "rounds": []},
        "stake": stake,
        "currency": currency,
    }
    answer = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(data).encode()), "session.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 400
    assert f"a stake is at most 1,000,000 {currency} a point" in html.unescape(answer.data.decode())
    assert stored_stake(app) == []


@pytest.mark.parametrize(("stake", "currency"), UNPRINTABLE)
def test_a_stake_an_older_version_stored_leaves_the_game_readable(client, app, stake, currency):
    path = played_rummy(client)
    view = view_link(client, path)
    with sqlite3.connect(app.config["DATABASE"]) as conn:  # as an old database holds it
        conn.execute("update sessions set stake = ?, currency = ?", [stake, currency])
    page = html.unescape(client.get(path).data.decode())
    assert "cannot be printed, so amounts are in points" in page
    assert "17 points" in page  # Ben pays Ana the 17 points he held
    assert client.get(view).status_code == 200
    assert "17" in pdf_text(client.get(f"{path}/sheet.pdf"))
    exported = client.get(f"{path}/export.json").get_json()
    assert (exported["stake"], exported["currency"]) == (None, None)
    assert client.get(f"{path}/export.csv").status_code == 200
    # and the table can set it again from the page
    client.post(f"{path}/details", data={"stake": "0.10", "currency": "EUR"})
    assert stored_stake(app) == [("0.10", "EUR")]
    assert "€1.70" in html.unescape(client.get(path).data.decode())


def stored_name(app):
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute("select name from sessions").fetchall()


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Fri\u202eday", "Name of this evening: A name cannot contain control characters."),
        ("Fri\x00day", "Name of this evening: A name cannot contain control characters."),
        ("F" * 121, "Name of this evening: Field cannot be longer than 120 characters."),
    ],
)
def test_an_evening_name_that_cannot_show_plainly_is_refused_by_name(client, app, name, problem):
    path = played_rummy(client)
    client.post(f"{path}/details", data={"name": "Friday"})
    answer = client.post(f"{path}/details", data={"name": name}, follow_redirects=True)
    assert answer.status_code == 200
    assert problem in html.unescape(answer.data.decode())
    assert stored_name(app) == [("Friday",)]
