"""Each phone's list of games lives in the database, not in the cookie: no practical limit."""

import re

from tests.web.sessions import start_game, view_link


def listed(client, page=1):
    html = client.get(f"/?page={page}").data.decode()
    return re.findall(r'<a href="(/s/[^"]+)">', html), html


def test_250_games_on_one_phone_are_all_listed_page_by_page(client):
    made = [start_game(client, "rummy", ["Ana", "Ben"]) for _ in range(250)]
    seen = []
    for page in range(1, 14):
        links, html = listed(client, page)
        assert len(links) == (20 if page < 13 else 10)
        seen += links
    assert seen == made[::-1]  # newest first, each once
    assert "Page 13 of 13 (250 games)" in html
    assert (
        len(client.get_cookie("session", domain="table.test").value) < 200
    )  # the cookie only holds an id


def test_another_phone_has_its_own_list(client, app):
    start_game(client, "rummy", ["Ana", "Ben"])
    other = app.test_client()
    assert listed(other)[0] == []


def test_a_read_only_link_is_listed_read_only_until_the_edit_link_is_opened(client, app):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    view = view_link(client, game)
    viewer = app.test_client()
    viewer.get(view)
    links, html = listed(viewer)
    assert links == [view] and "read-only" in html
    viewer.get(game)
    assert listed(viewer)[0] == [game]


def test_the_home_page_says_who_leads_and_who_won_without_a_score_sheet(client):
    game = start_game(client, "rummy", ["Ana", "Ben"], target=10)
    html = listed(client)[1]
    assert "running, 0 rounds" in html
    client.post(
        f"{game}/rounds/new", data={"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    )
    assert "won by Ana" in listed(client)[1]


def test_games_held_in_an_old_cookie_move_into_the_database(client, app):
    games = [start_game(app.test_client(), "rummy", ["Ana", "Ben"]) for _ in range(3)]
    tokens = [g.split("/")[-1] for g in games]
    with client.session_transaction() as cookie:
        cookie["held"] = [tokens[2], tokens[0], "no-such-token"]
    links, _ = listed(client)
    assert links == [games[2], games[0]]
    with client.session_transaction() as cookie:
        assert "held" not in cookie and "device" in cookie


def test_a_page_number_that_is_not_a_number_shows_the_first_page(client):
    start_game(client, "rummy", ["Ana", "Ben"])
    for page in ("x", "0", "-1", "99999999999"):
        response = client.get(f"/?page={page}")
        assert response.status_code == 200
        assert len(re.findall(r'<a href="(/s/[^"]+)">', response.data.decode())) == 1
