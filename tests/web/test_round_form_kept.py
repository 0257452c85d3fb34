"""The new round's form is drawn once and kept for the table's phones (issue 20): each answer
is byte for byte the form a fresh drawing gives, with its own CSRF token and one-time key,
and the round's number, dealer and revision as they are now."""

import re

import pytest

from scorekeeper.rules.records import VARIANTS
from scorekeeper.web.views import rounds as round_views

from .sessions import start_game


def hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)


def start(client, variant: str, players: list[str]) -> str:
    """A game started through the form with CSRF on, every house rule at its default."""
    page = client.get(f"/new/{variant}").data.decode()
    data = {"csrf_token": hidden(page, "csrf_token"), "players": "\n".join(players), "dealer": ""}
    for name, spec in VARIANTS[variant].options.items():
        if spec.default not in (None, False):
            data[f"option_{name}"] = "y" if spec.default is True else spec.default
    response = client.post(f"/new/{variant}", data=data)
    assert response.status_code == 302, response.data.decode()[:2000]
    return response.headers["Location"].split("localhost", 1)[-1]


def loaded(page: str) -> dict[str, str]:
    """What a phone sends back from a form it opened: its token, revision and one-time key."""
    return {name: hidden(page, name) for name in ("csrf_token", "revision", "submission")}


def per_answer_normalised(page: str) -> str:
    """The page with the parts every answer has of its own (the phone's CSRF token, the
    form's one-time key) written as one placeholder."""
    return re.sub(r'(name="(?:csrf_token|submission)" type="hidden" value=)"[^"]*"', r'\1"~"', page)


def rounds_saved(client, game: str) -> list[dict]:
    return client.get(f"{game}/export.json").get_json()["game"]["rounds"]


def drawn_fresh(client, url: str, monkeypatch) -> str:
    with monkeypatch.context() as patched:
        patched.setattr(round_views, "_cacheable", lambda entry: False)
        return client.get(url).data.decode()


# (variant, players, a round to save first or None, language, entry mode); the names are
# what the kept page marks its per-answer parts with: escaped, they must stay names
CASES = [
    ("rummy", ["<!--dealer-->", "<!--csrf-->"], None, "en", "cards"),
    (
        "rami",
        ["Ana", "Ben", "Cem"],
        {"winner": "Ana", "hand_1": "KS", "hand_2": "2C"},
        "de",
        "count",
    ),
    ("phom", ["Ana", "Ben", "Cem", "Dan"], None, "vi", "cards"),
    ("gin", ["Ana", "Ben"], None, "fr", "count"),
    ("queen-city", ["Ana", "Ben", "Cem"], None, "en", "count"),
]


@pytest.mark.parametrize(("variant", "players", "first", "lang", "mode"), CASES)
def test_the_kept_form_is_the_fresh_drawing_byte_for_byte(
    csrf_app, monkeypatch, variant, players, first, lang, mode
):
    client = csrf_app.test_client()
    game = start(client, variant, players)
    url = f"{game}/rounds/new?lang={lang}"
    if first is not None:  # Rami: nobody but the winner had melded, so "no" is offered next
        keys = loaded(client.get(url).data.decode())
        data = {**keys, **first, "mode": "cards", "end": "out", "save": "1"}
        data |= {f"opened_{seat}": "n" for seat in range(1, len(players))}
        assert client.post(f"{game}/rounds/new", data=data).status_code == 302
        client.get(game)  # the saved message is shown there
    client.set_cookie("entry_mode", mode)
    fresh = drawn_fresh(client, url, monkeypatch)
    kept_first, kept_again = (client.get(url).data.decode() for _ in range(2))
    assert f'<html lang="{lang}">' in fresh
    chosen = re.search(r'<input checked id="mode-\d" name="mode" type="radio" value="(\w+)"', fresh)
    assert chosen.group(1) == mode
    assert per_answer_normalised(kept_first) == per_answer_normalised(fresh)
    assert per_answer_normalised(kept_again) == per_answer_normalised(fresh)
    for page in (kept_first, kept_again):  # every mark was put back
        assert "<!--" not in page.split("<body>", 1)[1]
    keys = [loaded(page) for page in (fresh, kept_first, kept_again)]
    assert len({key["submission"] for key in keys}) == 3
    assert len({key["revision"] for key in keys}) == 1


def test_a_name_like_a_mark_stays_a_name_on_the_kept_form(csrf_app):
    client = csrf_app.test_client()
    game = start(client, "rummy", ["<!--dealer-->", "<!--csrf-->"])
    for _ in range(2):
        page = client.get(f"{game}/rounds/new").data.decode()
        assert (
            'dealt by <span class="dealer" data-next-dealer>&lt;!--dealer--&gt;</span></p>' in page
        )
        assert 'data-player="&lt;!--csrf--&gt;"' in page


def test_two_loads_and_two_phones_each_get_their_own_key_and_token_and_save_once(csrf_app):
    ana_phone, ben_phone = csrf_app.test_client(), csrf_app.test_client()
    game = start(ana_phone, "rummy", ["Ana", "Ben"])
    first = loaded(ana_phone.get(f"{game}/rounds/new").data.decode())
    reloaded = loaded(ana_phone.get(f"{game}/rounds/new").data.decode())
    other = loaded(ben_phone.get(f"{game}/rounds/new").data.decode())
    assert len({first["submission"], reloaded["submission"], other["submission"]}) == 3
    assert first["revision"] == reloaded["revision"] == other["revision"]
    assert other["csrf_token"] != first["csrf_token"]

    ana_wins = {"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    for _ in range(2):  # a double tap: the round lands once
        saved = ana_phone.post(f"{game}/rounds/new", data=first | ana_wins)
        assert saved.status_code == 302
    assert rounds_saved(ana_phone, game) == [
        {"winner": "Ana", "end": "out", "hands": {"Ana": [], "Ben": ["KS"]}}
    ]
    # the other phone's form, loaded at the same revision, is its own: not taken for Ana's
    # save, but a second round entered meanwhile, shown again over the latest score
    ben_wins = {"winner": "Ben", "end": "out", "hand_0": "2C", "save": "1"}
    clash = ben_phone.post(f"{game}/rounds/new", data=other | ben_wins)
    assert clash.status_code == 409
    again = loaded(clash.data.decode())
    assert again["submission"] == other["submission"]
    for _ in range(2):
        assert ben_phone.post(f"{game}/rounds/new", data=again | ben_wins).status_code == 302
    assert len(rounds_saved(ana_phone, game)) == 2
    # the reloaded form's key is unused: it saves a third round, once
    reloaded["revision"] = loaded(ana_phone.get(f"{game}/rounds/new").data.decode())["revision"]
    for _ in range(2):
        assert ana_phone.post(f"{game}/rounds/new", data=reloaded | ana_wins).status_code == 302
    assert len(rounds_saved(ana_phone, game)) == 3


def title_and_dealer(page: str) -> tuple[str, str, str]:
    title = re.search(r"<title>(.*?)</title>", page).group(1)
    heading = re.sub(r"<[^>]*>", "", re.search(r"<h1>(.*?)</h1>", page).group(1))
    dealer = re.search(r"dealt by <span[^>]*>(.*?)</span></p>", page).group(1)
    return title, heading, dealer


def test_after_each_save_the_form_shows_the_next_round_and_its_dealer(client):
    # Basic Rummy, Ana deals first and the deal passes left: Ana, Ben, Cem, Ana...
    game = start_game(client, "rummy", ["Ana", "Ben", "Cem"])
    page = client.get(f"{game}/rounds/new").data.decode()
    assert title_and_dealer(page) == ("Round 1 · Scorekeeper", "Round 1", "Ana")
    revision = int(hidden(page, "revision"))
    expected = [("Round 2", "Ben"), ("Round 3", "Cem"), ("Round 4", "Ana")]
    for number, dealer in expected:
        keys = {name: hidden(page, name) for name in ("revision", "submission")}
        data = keys | {"winner": "Ana", "end": "out", "hand_1": "3C", "hand_2": "4D", "save": "1"}
        assert client.post(f"{game}/rounds/new", data=data).status_code == 302
        client.get(game)  # the phone is sent to the game page, which says "Round n saved."
        page = client.get(f"{game}/rounds/new").data.decode()
        assert title_and_dealer(page) == (f"{number} · Scorekeeper", number, dealer)
        revision += 1
        assert hidden(page, "revision") == str(revision)
    # a seating change is no round: round 4 still, dealt by Ana under her new name
    rename = {"action": "rename", "rename-player": "Ana", "rename-to": "Anna"}
    assert client.post(f"{game}/players/", data=rename).status_code == 302
    client.get(game)
    page = client.get(f"{game}/rounds/new").data.decode()
    assert title_and_dealer(page) == ("Round 4 · Scorekeeper", "Round 4", "Anna")
    assert re.findall(r'data-player="([^"]*)"', page) == ["Anna", "Ben", "Cem"]
    assert hidden(page, "revision") == str(revision + 1)


def opened_answers(page: str) -> list[str]:
    """The "had melded" answer ready on each seat of the form."""
    return re.findall(
        r'<input checked id="opened_\d-\d" name="opened_\d" type="radio" value="(\w)"', page
    )


def test_the_usual_had_melded_answer_follows_the_table_s_last_rounds(client):
    # Rami at four: each round three losers answer; the form offers the answer given most in
    # the last rounds, "yes" while as many of each were given
    game = start_game(client, "rami", ["Ana", "Ben", "Cem", "Dan"])
    assert opened_answers(client.get(f"{game}/rounds/new").data.decode()) == ["y"] * 4
    said_no_twice = {"opened_1": "n", "opened_2": "n", "opened_3": "y"}
    said_yes_twice = {"opened_1": "y", "opened_2": "y", "opened_3": "n"}
    # no, no, yes (no leads); then yes, yes, no (three of each); then no, no, yes again
    for answers, offered in [(said_no_twice, "n"), (said_yes_twice, "y"), (said_no_twice, "n")]:
        data = {"mode": "count", "winner": "Ana", "end": "out", "save": "1", **answers}
        data |= {"count_1": "5", "count_2": "6", "count_3": "7"}
        assert client.post(f"{game}/rounds/new", data=data).status_code == 302
        client.get(game)
        assert opened_answers(client.get(f"{game}/rounds/new").data.decode()) == [offered] * 4


def test_a_message_for_this_phone_is_shown_on_the_form_to_it_alone(csrf_app):
    saver, other = csrf_app.test_client(), csrf_app.test_client()
    game = start(saver, "rummy", ["Ana", "Ben"])
    keys = loaded(saver.get(f"{game}/rounds/new").data.decode())
    data = keys | {"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    assert saver.post(f"{game}/rounds/new", data=data).status_code == 302
    other.get(f"{game}/rounds/new")  # the form of the new revision, drawn and kept
    with_message = saver.get(f"{game}/rounds/new").data.decode()
    assert '<p class="flash" role="status">Round 1 saved.</p>' in with_message
    assert "Round 1 saved." not in saver.get(f"{game}/rounds/new").data.decode()
    assert "Round 1 saved." not in other.get(f"{game}/rounds/new").data.decode()


def test_the_form_is_drawn_once_for_every_load_of_the_table(csrf_app, monkeypatch):
    drawn = []
    real = round_views._render
    monkeypatch.setattr(
        round_views, "_render", lambda *args, **kw: drawn.append(1) or real(*args, **kw)
    )
    ana_phone, ben_phone = csrf_app.test_client(), csrf_app.test_client()
    game = start(ana_phone, "rummy", ["Ana", "Ben"])
    for phone in (ana_phone, ben_phone, ana_phone):
        keys = loaded(phone.get(f"{game}/rounds/new").data.decode())
    data = keys | {"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    assert ana_phone.post(f"{game}/rounds/new", data=data).status_code == 302
    ana_phone.get(game)
    # the next round's form: its number, dealer and revision put back, not drawn again
    page = ana_phone.get(f"{game}/rounds/new").data.decode()
    assert title_and_dealer(page)[1:] == ("Round 2", "Ben")
    assert len(drawn) == 1
    # another language is another drawing, so is another entry mode; a POST (here a check)
    # is drawn as it is
    assert '<html lang="de">' in ana_phone.get(f"{game}/rounds/new?lang=de").data.decode()
    assert len(drawn) == 2
    ben_phone.set_cookie("entry_mode", "count")
    counting = ben_phone.get(f"{game}/rounds/new").data.decode()
    assert '<input checked id="mode-0" name="mode" type="radio" value="count">' in counting
    assert '<html lang="en">' in counting
    assert len(drawn) == 3
    check = loaded(page) | {"winner": "Ana", "end": "out", "hand_1": "KS", "preview": "1"}
    assert ana_phone.post(f"{game}/rounds/new", data=check).status_code == 200
    assert len(drawn) == 4


def test_a_form_drawn_again_after_a_refused_save_carries_a_token_that_saves(csrf_app):
    client = csrf_app.test_client()
    game = start(client, "rummy", ["Ana", "Ben"])
    keys = loaded(client.get(f"{game}/rounds/new").data.decode())
    refused = client.post(f"{game}/rounds/new", data=keys | {"end": "out", "save": "1"})
    assert refused.status_code == 200  # nobody went out: the form again, with its problem
    again = loaded(refused.data.decode())
    assert again["csrf_token"]
    data = again | {"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    assert client.post(f"{game}/rounds/new", data=data).status_code == 302
    assert "Round 1 saved." in client.get(game).data.decode()
