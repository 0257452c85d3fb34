"""The open bugs of issue 9 that are not about entering a hand's cards: where an engine
refusal is shown on the round form, the counted-hand message, and the referee opened
from a game (Found 6)."""

import re

from tests.web.sessions import start_game

RAMI_TABLE = ["Ana", "Ben", "Cem", "Dan"]


def counted_rami(counts, opened):
    data = {"mode": "count", "winner": "Ana", "end": "out", "save": "1"}
    data.update({f"count_{seat}": value for seat, value in counts.items()})
    data.update({f"opened_{seat}": answer for seat, answer in opened.items()})
    return data


def problems(page):
    start = page.index('class="error-summary"')
    return page[start : page.index("</section>", start)]


def test_a_loser_count_left_empty_asks_for_the_points_beside_the_count(client):
    path = start_game(client, "rami", RAMI_TABLE)
    # Ben's count left empty: the engine refuses his hand with a path that does not
    # name the round (round.hands.Ben); it belongs to this round, not a later one
    response = client.post(
        f"{path}/rounds/new", data=counted_rami({2: "4", 3: "20"}, {1: "n", 2: "y", 3: "y"})
    )
    page = response.data.decode()
    assert response.status_code == 200
    summary = problems(page)
    assert "breaks a later round" not in page
    assert "cards left" not in summary
    wanted = "The points counted in Ben&#39;s hand are needed (0 if none)."
    assert f'<a href="#count_1">{wanted}</a>' in summary
    # and beside Ben's count field
    ben = page[page.index('data-player="Ben"') :]
    ben = ben[: ben.index("</fieldset>")]
    assert wanted in ben
    assert client.get(path).data.decode().count("dealt by") == 0  # nothing saved


def test_a_later_round_that_breaks_is_named_as_later(client):
    # Rummy to 25 (VARIANTS.md "Game length"): round 1 Ben 20, round 2 Ana 10.
    # Correcting round 1 to Ben 30 ends the game there, so round 2 cannot stand.
    path = start_game(client, "rummy", ["Ana", "Ben"], target=25)
    for winner, loser, hand in (("Ana", 1, "KS QS"), ("Ben", 0, "10C")):
        data = {"mode": "cards", "winner": winner, "end": "out", "save": "1"}
        data[f"hand_{loser}"] = hand
        assert client.post(f"{path}/rounds/new", data=data).status_code == 302
    first = re.search(rf'href="({path}/rounds/\d+)"', client.get(path).data.decode()).group(1)
    data = {"mode": "cards", "winner": "Ana", "end": "out", "hand_1": "KS QS 10S", "save": "1"}
    page = client.post(first, data=data).data.decode()
    assert "This change breaks a later round" in problems(page)


def test_the_referee_opened_from_a_game_can_switch_variant(client):
    # a Rami game keeps Rami's house rules (opening 51, ...); Basic Rummy has none of them
    path = start_game(client, "rami", RAMI_TABLE)
    token = path.rsplit("/", 1)[1]
    data = {"variant": "rummy", "question": "meld", "melds": "3H 4H 5H"}
    page = client.post(f"/referee/?session={token}", data=data).data.decode()
    assert "has no option" not in page
    assert "✔" in page  # a run of three in one suit is a legal meld in Basic Rummy


def test_a_variant_for_one_player_count_says_so_plainly(client):
    # Nowrang is for two players (VARIANTS.md)
    page = client.post("/new/nowrang", data={"players": "Ana\nBen\nCem"}).data.decode()
    assert "Nowrang is for 2 players, not 3." in page
    assert "2 to 2" not in page and "2–2" not in page


def test_house_rules_are_shown_by_their_label(client):
    from scorekeeper.rules.records import VARIANTS
    from scorekeeper.web.forms import option_label

    page = client.get("/new/rami").data.decode()
    for name, spec in VARIANTS["rami"].options.items():
        assert f">{option_label(name, spec)}</label>" in page
        assert f">{name}</label>" not in page or "_" not in name
