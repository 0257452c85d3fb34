"""What the game page shows must be what its game shows now, whichever phone or worker
drew it: a round's row, its explanation, the house rules line, the share box, the evening's
form and the page's frame (a page kept from before a change, or another game's, would be a
wrong score or another table's links).

Scores worked out by hand from shared/rules/VARIANTS.md (Rami: the losers pay what they
hold, a king 10)."""

import re

from tests.web.sessions import rami_round, start_game


def running_by_row(page: str) -> list[list[str]]:
    """Each drawn round's running totals, in seat order."""
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.DOTALL)
    return [re.findall(r"<small>(-?[\d,.]+)</small>", row) for row in rows]


# Ana out; Ben holds a king (10), Cem a four
FIRST = rami_round("Ana", {"Ben": "KS", "Cem": "4C"}, {"Ben": True, "Cem": True})
# Ben out; Ana holds a five, Cem a two
SECOND = rami_round("Ben", {"Ana": "5C", "Cem": "2D"}, {"Ana": True, "Cem": True})


def game_with(client, *rounds) -> str:
    """A Rami game of Ana, Ben and Cem with these rounds saved."""
    game = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    for data in rounds:
        assert client.post(f"{game}/rounds/new", data=data).status_code == 302
    return game


def round_links(page: str) -> list[str]:
    return re.findall(r'class="edit-round" href="(/s/[^"]+/rounds/\d+)"', page)


def test_a_correction_redraws_the_rounds_after_it(client):
    game = game_with(client, FIRST, SECOND)
    page = client.get(game).data.decode()
    assert running_by_row(page) == [["0", "10", "4"], ["5", "10", "6"]]
    # round 1 corrected: Ben held a queen and a king, 20
    client.post(
        round_links(page)[0],
        data=rami_round("Ana", {"Ben": "QS KS", "Cem": "4C"}, {"Ben": True, "Cem": True}),
    )
    assert running_by_row(client.get(game).data.decode()) == [["0", "20", "4"], ["5", "20", "6"]]


def test_two_games_with_the_same_rounds_each_link_their_own(client):
    first, second = game_with(client, FIRST), game_with(client, FIRST)
    first_page, second_page = (client.get(game).data.decode() for game in (first, second))
    assert running_by_row(first_page) == running_by_row(second_page) == [["0", "10", "4"]]
    first_token, second_token = (game.rsplit("/", 1)[1] for game in (first, second))
    assert first_token not in second_page and second_token not in first_page
    (first_link,), (second_link,) = round_links(first_page), round_links(second_page)
    assert first_link.startswith(f"{first}/rounds/") and second_link.startswith(f"{second}/")
    assert first_link.rsplit("/", 1)[1] != second_link.rsplit("/", 1)[1]
    # each correction link opens its own game's round
    assert client.get(second_link).status_code == 200
    assert client.get(second_link.replace(second_token, first_token)).status_code == 404


def test_undo_takes_back_the_last_save_whatever_was_kept(client):
    game = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    for loser_hand in ("KS", "QS"):
        client.post(
            f"{game}/rounds/new",
            data=rami_round("Ana", {"Ben": loser_hand, "Cem": "4C"}, {"Ben": True, "Cem": True}),
        )
        page = client.get(game).data.decode()
    # the share box is the same since the first save: the undo form carries this revision
    revision = re.search(r'name="revision" value="(\d+)"', page).group(1)
    assert revision == "2"
    assert client.post(f"{game}/undo", data={"revision": revision}).status_code == 302
    assert running_by_row(client.get(game).data.decode()) == [["0", "10", "4"]]


def test_a_renamed_player_and_another_language_show_in_rows_drawn_before(client):
    game = game_with(client, FIRST)
    assert "dealt by" in client.get(game).data.decode()
    german = client.get(f"{game}?lang=de").data.decode()
    assert "gab" in german and "dealt by" not in german
    assert "Wie jede Runde gewertet wurde" in german
    renamed = client.post(
        f"{game}/players/", data={"action": "rename", "rename-player": "Ben", "rename-to": "Benno"}
    )
    assert renamed.status_code == 302
    page = client.get(f"{game}?lang=en").data.decode()
    head = re.search(r"<thead>(.*?)</thead>", page, re.DOTALL).group(1)
    assert "Benno" in head and 'title="Ben"' not in head
    # Ben's 10 stands in Benno's column of the round drawn before the rename
    assert running_by_row(page) == [["0", "10", "4"]]


def test_the_evening_form_shows_the_details_just_saved(client):
    game = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    client.get(game)
    answer = client.post(
        f"{game}/details", data={"name": "Friday", "stake": "0.10", "currency": "EUR"}
    )
    assert answer.status_code == 302
    page = client.get(game).data.decode()
    assert 'name="name" value="Friday"' in page and 'name="currency" value="EUR"' in page


def chart_points(page: str) -> list[str]:
    return re.findall(r'<polyline [^>]*points="([^"]*)"', page)


def test_the_chart_follows_the_running_totals_and_a_deleted_round(client):
    game = game_with(client, FIRST, SECOND)
    # the lines from 0 through each round's totals (Ana 0, 5; Ben 10, 10; Cem 4, 6) in a
    # 340 x 180 box less 24 on each side: x 24, 170, 316; y 156 at 0 to 24 at the top (10)
    page = client.get(game).data.decode()
    assert chart_points(page) == [
        "24.0,156.0 170.0,156.0 316.0,90.0",
        "24.0,156.0 170.0,24.0 316.0,24.0",
        "24.0,156.0 170.0,103.2 316.0,76.8",
    ]
    first = re.search(r'action="(/s/[^"]+/rounds/\d+/delete)"', page).group(1)
    assert client.post(first).status_code == 302
    # the second round alone: Ana 5, Ben 0, Cem 2; the top is now 5
    assert chart_points(client.get(game).data.decode()) == [
        "24.0,156.0 316.0,24.0",
        "24.0,156.0 316.0,156.0",
        "24.0,156.0 316.0,103.2",
    ]


def test_the_blank_pad_follows_a_player_who_joins(client):
    game = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    assert "players=3" in pad_link(client.get(game).data.decode())
    joined = client.post(f"{game}/players/", data={"action": "join", "join-name": "Dan"})
    assert joined.status_code == 302
    assert "players=4" in pad_link(client.get(game).data.decode())


def pad_link(page: str) -> str:
    return re.search(r'href="([^"]*pad[^"]*)"', page).group(1)


def language_links(page: str) -> list[str]:
    footer = page.split('<footer class="languages">', 1)[1].split("</footer>", 1)[0]
    return re.findall(r'<a href="([^"]+)" lang="de"', footer)


def test_the_language_links_are_each_pages_own(client):
    first, second = game_with(client, FIRST), game_with(client, FIRST)
    # each game's page, and its "show all" (which the German page must show too)
    assert language_links(client.get(first).data.decode()) == [f"{first}?lang=de"]
    assert language_links(client.get(second).data.decode()) == [f"{second}?lang=de"]
    assert language_links(client.get(f"{first}?all=1").data.decode()) == [
        f"{first}?all=1&amp;lang=de"
    ]


def test_a_game_page_reached_under_a_path_links_under_it(client):
    # a club's proxy serves the app under /club, the kitchen's phones reach it directly
    game = game_with(client, FIRST)
    assert language_links(client.get(game).data.decode()) == [f"{game}?lang=de"]
    under = client.get(game, environ_overrides={"SCRIPT_NAME": "/club"}).data.decode()
    assert language_links(under) == [f"/club{game}?lang=de"]
    assert f'href="/club{game}/rounds/new"' in under
    (row_link,) = re.findall(r'class="edit-round" href="([^"]+)"', under)
    assert row_link.startswith(f"/club{game}/rounds/")
    # every address on the page: the frame's, the house rules', the evening's, the share box's
    local = re.findall(r'(?:href|src|action|data-[a-z-]+)="(/[^"]*)"', under)
    assert len(local) > 20
    assert [address for address in local if not address.startswith("/club/")] == []


def test_a_game_page_under_a_long_proxy_path_shows_its_rounds(client):
    game = game_with(client, FIRST)
    under = client.get(game, environ_overrides={"SCRIPT_NAME": "/" + "p" * 2000})
    assert under.status_code == 200 and "KS" in under.data.decode()
