"""Every page a phone can open answers in every language of the app, with CSRF on as in
production: a page that breaks in one language alone (WTForms has no Vietnamese catalog,
and every form answered 500 in Vietnamese) is found here, not at a table."""

import re

import pytest

from scorekeeper.rules.records import VARIANTS
from scorekeeper.web.languages import LANGUAGES

HAND = {"winner": "Ana", "end": "out", "hand_1": "KS 7D", "save": "1"}


def hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)


def played_game(client) -> tuple[str, str, int]:
    """A Basic Rummy game of one round: (edit path, read-only path, the round's id)."""
    page = client.get("/new/rummy").data.decode()
    data = {"csrf_token": hidden(page, "csrf_token"), "players": "Ana\nBen", "dealer": ""}
    data |= {"option_ace": "low", "option_borrow": "none", "option_target": "100"}
    game = client.post("/new/rummy", data=data).headers["Location"].split("localhost", 1)[-1]
    form = client.get(f"{game}/rounds/new").data.decode()
    data = {name: hidden(form, name) for name in ("csrf_token", "revision", "submission")}
    assert client.post(f"{game}/rounds/new", data=data | HAND).status_code == 302
    page = client.get(game).data.decode()
    view = re.search(r'href="(/s/[^"]+)" class="link"', page).group(1)
    round_id = int(re.search(r'/rounds/(\d+)"', page).group(1))
    return game, view, round_id


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_opens_in_each_language(csrf_app, lang):
    client = csrf_app.test_client()
    game, view, round_id = played_game(client)
    pages = ["/", "/rules/", "/referee/", f"/referee/?session={game[3:]}", "/stats", "/import"]
    pages += [f"/new/{variant}" for variant in VARIANTS] + [f"/rules/{v}" for v in VARIANTS]
    pages += [game, f"{game}?all=1", view, f"{game}/rounds/new", f"{game}/rounds/{round_id}"]
    pages += [f"{game}/rounds/points", f"{game}/players/", f"{game}/versions"]
    pages += [f"{game}/export.json", f"{game}/export.csv", f"{view}/revision"]
    pages += [f"{game}/qr/view.svg", f"{game}/qr/edit.svg", "/sw.js", "/api/v1/variants"]
    for path in pages:
        separator = "&" if "?" in path else "?"
        answer = client.get(f"{path}{separator}lang={lang}")
        assert answer.status_code == 200, (path, answer.status_code)
