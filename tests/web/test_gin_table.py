"""A Gin table and a British Kalooki table on their phones: the round form's Gin fields,
the sheet and PDF with the end bonuses, who is out, and the referee's Gin questions.
Every number worked by hand from VARIANTS.md (see tests/rules/test_gin.py)."""

import re

from tests.web.sessions import pdf_text, start_game

P2 = ["Ana", "Ben"]
KNOCK_3 = "5H 6H 7H JS JD JC KC KD KS 3D"  # deadwood 3D 3
LAYS_OFF_TO_27 = "4H 8H JH 2C 2D 2S QS 9D 7D AC"  # 27 after laying off
GIN = "AS 2S 3S 4H 4D 4C 10C JC QC KC"
BIG_GIN = "AS 2S 3S 4S 4H 4D 4C 10C JC QC KC"
AGAINST_BIG_GIN = "9C 7H 7D 7S 2D 5D 8H QH KH 6C"  # 50 left


def saved(client, path, data):
    response = client.post(f"{path}/rounds/new", data=data | {"save": "1"})
    assert response.status_code == 302, re.findall(
        r'class="error"[^>]*>([^<]*)', response.data.decode()
    )


def last_row(client, path):
    page = client.get(path).data.decode()
    row = re.findall(r'<td class="round-no">.*?</tr>', page, re.S)[-1]
    return [cell.strip() for cell in re.findall(r'<td class="(?:won)?">\s*([^<]+?)\s*<', row)]


def test_oklahoma_asks_for_the_up_card_and_a_spade_doubles(client):
    path = start_game(client, "gin", P2, oklahoma=True)
    form = client.get(f"{path}/rounds/new").data.decode()
    assert 'name="upcard"' in form
    knock = {"winner": "Ana", "end": "knock", "hand_0": KNOCK_3, "hand_1": LAYS_OFF_TO_27}
    # up-card 2H: a knock needs 2 or fewer, Ana has 3: refused next to the field, not saved
    response = client.post(f"{path}/rounds/new", data=knock | {"upcard": "2H", "save": "1"})
    assert response.status_code == 200
    assert "with the up-card 2H a knock needs 2 or fewer (Oklahoma)" in response.data.decode()
    saved(client, path, knock | {"upcard": "9S"})
    assert last_row(client, path) == ["+48", "0"]  # (27 - 3) x 2


def test_big_gin_is_a_tick_on_the_round_form(client):
    path = start_game(client, "gin", P2)
    form = client.get(f"{path}/rounds/new").data.decode()
    assert 'name="upcard"' not in form  # no Oklahoma at this table
    data = {"winner": "Ana", "end": "knock", "hand_0": BIG_GIN, "hand_1": AGAINST_BIG_GIN}
    saved(client, path, data | {"big_gin": "y"})
    assert last_row(client, path) == ["+81", "0"]  # 50 + 31


def test_a_whole_game_shows_the_game_and_box_bonuses_on_the_sheet_and_pdf(client):
    path = start_game(client, "gin", P2)
    counted = [("Ana", "2", "40"), ("Ben", "5", "5"), ("Ana", "1", "45")]
    for knocker, knocks, defends in counted:
        seat = P2.index(knocker)
        data = {"mode": "count", "winner": knocker, "end": "knock"}
        data[f"count_{seat}"], data[f"count_{1 - seat}"] = knocks, defends
        saved(client, path, data)
    # Ana 38, undercut 25, 44: 107; + 100 + 3 hands x 25 = 282; Ben 0, no hand won
    page = client.get(path).data.decode()
    assert "Game over" in page
    assert "game bonus 100; box bonus 3 hands won x 25 = 75" in page
    assert "shutout (Ben scored nothing): the whole 282 doubled = 564" in page
    text = pdf_text(client.get(f"{path}/sheet.pdf"))
    assert "box bonus 3 hands won x 25 = 75" in " ".join(text.split())
    assert "564" in text


def test_british_kalooki_shows_who_is_out(client):
    options = {"scoring": "penalty", "ace_value": 11, "joker_value": 15, "cards": 13}
    path = start_game(client, "kaluki", ["Ana", "Ben", "Cem"], **options)
    # Ben: jokers 3 x 15 = 45 + K K K Q Q Q 60 + the ace 11 = 116; Cem 2
    saved(
        client,
        path,
        {
            "winner": "Ana",
            "end": "out",
            "hand_1": "JK JK JK KS KH KD QS QH QD AS",
            "hand_2": "2C",
        },
    )
    assert last_row(client, path) == ["0", "+116", "+2"]
    # Ben 9 x 4 = 36: 152 passes 150, and he is out; Ana 3
    saved(client, path, {"winner": "Cem", "end": "out", "hand_0": "3C", "hand_1": "9S 9H 9D 9C"})
    page = client.get(path).data.decode()
    assert "Out: Ben" in page
    assert "Game over" not in page  # Ana and Cem play on
    assert "Out: Ben" in pdf_text(client.get(f"{path}/sheet.pdf"))


def test_the_referee_answers_a_knock_and_the_lay_offs(client):
    page = client.post(
        "/referee/",
        data={"variant": "gin", "question": "knock", "hand": "AS 2S 3S 4H 4D 4C 10C JC QC 9D"},
    ).data.decode()
    assert "A legal knock" in page and "<strong>9</strong>" in page
    page = client.post(
        "/referee/",
        data={
            "variant": "gin",
            "question": "layoff",
            "hand": "8H 9H KS 2C 2D 2S",
            "onto": "5H 6H 7H",
        },
    ).data.decode()
    assert "The defender lays off" in page
    # 8H and 9H go onto 5-6-7 of hearts; 2-2-2 melded; KS 10 left
    assert "<strong>10</strong>" in page


def test_the_json_api_asks_the_gin_questions(client):
    ids = [v["id"] for v in client.get("/api/v1/variants").get_json()["variants"]]
    assert "gin" in ids
    knock = client.post(
        "/api/v1/check",
        json={"variant": "gin", "knock": KNOCK_3.split(), "lang": "de"},
    ).get_json()
    assert knock["legal"] is True and knock["deadwood_points"] == 3
    laid = client.post(
        "/api/v1/arrange",
        json={"variant": "gin", "hand": LAYS_OFF_TO_27.split(), "onto": [["5H", "6H", "7H"]]},
    ).get_json()
    # 4H and 8H onto the hearts; 2-2-2 melded; JH 10 + QS 10 + 9D 9 + 7D 7 + AC 1 = 37
    assert laid["laid_off"] == [{"card": "4H", "onto": 0}, {"card": "8H", "onto": 0}]
    assert laid["deadwood_points"] == 37
    refused = client.post(
        "/api/v1/check",
        json={"variant": "gin", "knock": KNOCK_3.split(), "options": {"oklahoma": True}},
    )
    assert refused.status_code == 400
    assert refused.get_json()["field"] == "upcard"
