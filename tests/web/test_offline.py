"""What the server does for a table that loses the network (issue 17): the service worker's
address and headers, the word that a kept draft was saved, and a conflict that shows the
round another phone saved meanwhile."""

import html
import json
import re

from tests.web.sessions import rami_round, start_game


def test_the_service_worker_is_served_from_the_root_and_asked_for_afresh(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert b'addEventListener("fetch"' in response.data


def hidden(page, name):
    return re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)


def keys(client, path):
    page = client.get(path).data.decode()
    return {name: hidden(page, name) for name in ("revision", "submission")}


def test_a_saved_form_names_its_draft_in_a_cookie_the_page_reads(client):
    game = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    data = keys(client, f"{game}/rounds/new") | rami_round("Ana", {"Ben": "4C"}, ["Ben", "Cem"])
    response = client.post(f"{game}/rounds/new", data=data | {"draft_ack": "a1b2c3"})
    assert response.status_code == 302
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("draft_saved=a1b2c3;")
    assert "HttpOnly" not in cookie  # drafts.js reads it


def test_a_form_the_server_did_not_take_keeps_its_draft(client):
    game = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    # nobody chosen as the winner: the form comes back with its problem
    data = keys(client, f"{game}/rounds/new") | {"end": "out", "save": "1", "draft_ack": "a1b2"}
    response = client.post(f"{game}/rounds/new", data=data)
    assert response.status_code == 200
    assert "draft_saved" not in response.headers.get("Set-Cookie", "")


def test_a_draft_id_that_is_not_a_plain_token_is_not_echoed(client):
    game = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    data = keys(client, f"{game}/rounds/new") | rami_round("Ana", {"Ben": "4C"}, ["Ben", "Cem"])
    response = client.post(f"{game}/rounds/new", data=data | {"draft_ack": "x; Path=/other"})
    assert response.status_code == 302
    assert "draft_saved" not in response.headers.get("Set-Cookie", "")


def test_a_new_round_in_conflict_shows_the_round_saved_meanwhile(client):
    game = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    mine = keys(client, f"{game}/rounds/new")
    theirs = keys(client, f"{game}/rounds/new")
    saved = client.post(
        f"{game}/rounds/new",
        data=theirs | rami_round("Cem", {"Ana": "KD", "Ben": "5S 5H"}, ["Ana", "Ben"]),
    )
    assert saved.status_code == 302
    response = client.post(
        f"{game}/rounds/new", data=mine | rami_round("Ana", {"Ben": "4C"}, ["Ben", "Cem"])
    )
    assert response.status_code == 409
    page = response.data.decode()
    said = re.search(r"Round 1 as saved meanwhile:(.*?)</p>", page, re.S).group(1)
    assert " ".join(said.split()) == "Cem went out; Ana KD; Ben 5S 5H"
    # the entry is kept in the form, based now on the latest revision
    assert ">\n4C</textarea>" in page
    assert hidden(page, "revision") == "1"


def test_the_offline_words_come_in_the_pages_language_with_both_plural_forms(client):
    page = client.get("/?lang=de").data.decode()
    found = re.search(r"data-offline-strings='([^']*)'", page).group(1)
    words = json.loads(html.unescape(found))
    assert words["lang"] == "de"
    # the script fills {n} and picks the form with Intl.PluralRules("de")
    assert words["waiting"] == {
        "one": "{n} Eintrag wartet darauf, gesendet zu werden.",
        "other": "{n} Einträge warten darauf, gesendet zu werden.",
    }
    assert words["offline_as_of"] == "Offline, Stand {time}"
