"""The game page is kept per revision (issue 20): drawn once for every phone holding the
edit link and every phone watching the read-only link, each still shown its own messages,
CSRF token and links, and a viewer nothing of the editor's."""

import re

import pytest

from scorekeeper import create_app
from scorekeeper.web.views import sessions as session_views
from tests.web.conftest import SECRET_KEY

HAND = {"winner": "Ana", "end": "out", "hand_1": "2C", "save": "1"}


def hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)


def tokens(page: str) -> set[str]:
    return set(re.findall(r'name="csrf_token" type="hidden" value="([^"]*)"', page))


def new_game(client) -> str:
    page = client.get("/new/rummy").data.decode()
    data = {"csrf_token": hidden(page, "csrf_token"), "players": "Ana\nBen", "dealer": ""}
    data |= {"option_ace": "low", "option_borrow": "none", "option_target": "1000"}
    response = client.post("/new/rummy", data=data)
    assert response.status_code == 302
    return response.headers["Location"].split("localhost", 1)[-1]


def save_round(client, game: str):
    form = client.get(f"{game}/rounds/new").data.decode()
    data = {name: hidden(form, name) for name in ("csrf_token", "revision", "submission")}
    return client.post(f"{game}/rounds/new", data=data | HAND)


def test_each_phone_sees_its_own_message_and_token_on_the_kept_page(csrf_app):
    saver, watcher = csrf_app.test_client(), csrf_app.test_client()
    game = new_game(saver)
    watcher.get(game)  # the other phone at the table has the edit link too
    assert save_round(saver, game).status_code == 302
    saved_page = saver.get(game).data.decode()
    other_page = watcher.get(game).data.decode()
    assert "Round 1 saved." in saved_page
    assert "Round 1 saved." not in other_page
    assert len(tokens(saved_page)) == 1 and len(tokens(other_page)) == 1
    assert tokens(saved_page) != tokens(other_page)
    # the token on the other phone's page is its own: its Undo is taken
    answer = watcher.post(
        f"{game}/undo", data={"csrf_token": tokens(other_page).pop(), "revision": "1"}
    )
    assert answer.status_code == 302
    after_undo = watcher.get(game).data.decode()
    assert "Undone." in after_undo and "Enter round 1" in after_undo
    assert "Undone." not in saver.get(game).data.decode()


def test_the_page_is_drawn_once_per_revision_for_every_editor_and_viewer(csrf_app, monkeypatch):
    drawn = []
    real = session_views.build_sheet
    monkeypatch.setattr(session_views, "build_sheet", lambda *args: drawn.append(1) or real(*args))
    first, second, viewer = (csrf_app.test_client() for _ in range(3))
    game = new_game(first)
    view = read_only_path(first.get(game).data.decode())
    second.get(game)
    viewer.get(view)
    assert len(drawn) == 1
    save_round(first, game)
    first.get(game)
    second.get(game)
    viewer.get(view)
    assert len(drawn) == 2


def read_only_path(page: str) -> str:
    return re.search(r'href="(/s/[^"]+)" class="link"', page).group(1)


def test_share_links_carry_the_address_each_phone_used(csrf_app):
    client = csrf_app.test_client()
    game = new_game(client)
    edit_token = game.rsplit("/", 1)[-1]
    client.get(game, base_url="http://192.168.1.20:8000")
    page = client.get(game, base_url="http://table.lan:8000").data.decode()
    links = re.findall(r'class="link">([^<]+)</a>', page)
    assert len(links) == 2
    assert all(link.startswith("http://table.lan:8000/s/") for link in links)
    assert f"http://table.lan:8000/s/{edit_token}" in links


@pytest.mark.parametrize("first", ["editor", "viewer"])
def test_whoever_draws_the_page_a_viewer_sees_nothing_of_the_editors(csrf_app, first):
    client, watcher = csrf_app.test_client(), csrf_app.test_client()
    game = new_game(client)
    edit_token = game.rsplit("/", 1)[-1]
    view = read_only_path(client.get(game).data.decode())
    view_token = view.rsplit("/", 1)[-1]
    save_round(client, game)  # a new revision: nothing of it drawn yet
    client.get(game)  # the flashed "Round 1 saved." goes, so the page is the kept one
    if first == "viewer":
        answer = watcher.get(view)
        editor = client.get(game).data.decode()
    else:
        editor = client.get(game).data.decode()
        answer = watcher.get(view)
    read_only = answer.data.decode()
    # the viewer: no edit token, no form, no correction link, its own token in its links
    assert edit_token not in read_only
    assert "csrf_token" not in read_only and "<form" not in read_only
    assert "Enter round 2" not in read_only and "Edit link" not in read_only
    assert "edit-round" not in read_only and "Undo last save" not in read_only
    assert f"/s/{view_token}/qr/view.svg" in read_only and f"/s/{view_token}/revision" in read_only
    assert f'href="/s/{view_token}?lang=de"' in read_only
    # the editor: its parts, its token in its links and its own CSRF token
    assert "Enter round 2" in editor and "Edit link" in editor and "edit-round" in editor
    assert f"/s/{edit_token}/qr/view.svg" in editor and f'href="/s/{edit_token}?lang=de"' in editor
    assert f'href="{view}" class="link"' in editor
    assert len(tokens(editor)) == 1
    # no mark of the kept drawing is left in either
    assert "<!--" not in read_only and "<!--" not in editor


def test_a_new_version_of_the_app_draws_its_own_pages(tmp_path, monkeypatch):
    # every kept page and sheet is a file beside the database: another version (other
    # templates, other code) must not be shown what this one drew
    drawn = []
    real = session_views.build_sheet
    monkeypatch.setattr(session_views, "build_sheet", lambda *args: drawn.append(1) or real(*args))

    def app_of(version: str):
        return create_app(
            {
                "TESTING": True,
                "DATABASE": str(tmp_path / "kept.sqlite"),
                "SECRET_KEY": SECRET_KEY,
                "CACHE_KEY_PREFIX": f"{version}:",
            }
        )

    game = new_game(app_of("one").test_client())
    app_of("one").test_client().get(game)
    assert len(drawn) == 1
    app_of("two").test_client().get(game)
    assert len(drawn) == 2
    app_of("one").test_client().get(game)  # its own drawing is still there
    assert len(drawn) == 2
