"""Entering a hand as counted points or as cards, through the Flask test client.

Rami (VARIANTS.md): each loser adds the cards in hand (joker 150, ace 11, J/Q/K 10,
others face), +100 if that player had not melded yet. Knock Rummy shows hands at the
knock, so a hand counts its deadwood after its best melds; Basic Rummy's count_cards counts
every card 1 and a joker 2.
"""

import re

from tests.web.sessions import start_game

RAMI_TABLE = ["Ana", "Ben", "Cem", "Dan"]


def rami(mode, hands, opened, save=True):
    """Ana went out; ``hands`` are counts (count mode) or card text, by seat."""
    data = {"mode": mode, "winner": "Ana", "end": "out", "save" if save else "preview": "1"}
    for seat, value in hands.items():
        data[f"{'count' if mode == 'count' else 'hand'}_{seat}"] = value
    for seat, answer in opened.items():
        data[f"opened_{seat}"] = answer
    return data


def totals(client, path):
    page = client.get(path).data.decode()
    return re.findall(r'<th class="total[^"]*">\s*([-\d]+)', page)


def deltas_of_preview(page):
    table = page[page.index('class="preview"') :]
    return re.findall(r"<td>([-+\d]+)</td>", table)[:4]


def test_a_counted_rami_round_scores_as_the_same_round_in_cards(client):
    # Ben JK 150 + AS 11 + 10H 10 = 171, had not melded: +100 = 271;
    # Cem 4C = 4 (melded); Dan KD + QD = 20 (melded). Ana went out: 0.
    opened = {1: "n", 2: "y", 3: "y"}
    cards = start_game(client, "rami", RAMI_TABLE)
    counted = start_game(client, "rami", RAMI_TABLE)
    by_cards = client.post(
        f"{cards}/rounds/new", data=rami("cards", {1: "JK AS 10H", 2: "4C", 3: "KD QD"}, opened)
    )
    by_count = client.post(
        f"{counted}/rounds/new", data=rami("count", {1: "171", 2: "4", 3: "20"}, opened)
    )
    assert by_cards.status_code == by_count.status_code == 302
    preview = client.post(
        f"{counted}/rounds/new",
        data=rami("count", {1: "171", 2: "4", 3: "20"}, opened, save=False),
    ).data.decode()
    assert deltas_of_preview(preview) == ["0", "+271", "+4", "+20"]
    assert "counted at the table" in preview
    sheet_cards = client.get(cards).data.decode()
    sheet_counted = client.get(counted).data.decode()
    for total in ("271", "4", "20"):
        assert f">{total}<" in sheet_cards.replace(" ", "")
    assert re.findall(r"tfoot.*", sheet_cards, re.S)[0].count("271") == re.findall(
        r"tfoot.*", sheet_counted, re.S
    )[0].count("271")


def test_a_loser_not_asked_had_melded_is_asked_again_by_name(client):
    path = start_game(client, "rami", RAMI_TABLE)
    # Ben's "had melded" left unanswered: the form asks, at Ben's question
    response = client.post(
        f"{path}/rounds/new", data=rami("count", {1: "171", 2: "4", 3: "20"}, {2: "y", 3: "y"})
    )
    page = response.data.decode()
    assert response.status_code == 200
    summary = page[page.index('class="error-summary"') : page.index("</section>")]
    assert 'role="alert"' in page[page.index('<section class="error-summary"') - 5 :][:80]
    assert '<a href="#opened_1">' in summary
    assert "Ben" in summary
    # and beside the question itself
    question = page[page.index('id="opened_1"') :]
    assert 'class="error"' in question[: question.index("</fieldset>")]
    # nothing typed is lost
    assert 'name="count_1"' in page and 'value="171"' in page


def checked_values(page, name):
    inputs = re.findall(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert inputs
    return [re.search(r'value="([^"]*)"', tag).group(1) for tag in inputs if "checked" in tag]


def test_the_winner_is_never_preselected_had_melded_offers_the_table_s_usual_answer(client):
    path = start_game(client, "rami", RAMI_TABLE)
    page = client.get(f"{path}/rounds/new").data.decode()
    assert checked_values(page, "winner") == []
    # a new table: most players have melded by the end of a round, so "yes" is ready
    assert [checked_values(page, f"opened_{seat}") for seat in range(4)] == [["y"]] * 4
    # this table's losers said no twice and yes once: "no" is ready from now on
    data = rami("count", {1: "5", 2: "6", 3: "7"}, {1: "n", 2: "n", 3: "y"})
    assert client.post(f"{path}/rounds/new", data=data).status_code == 302
    page = client.get(f"{path}/rounds/new").data.decode()
    assert [checked_values(page, f"opened_{seat}") for seat in range(4)] == [["n"]] * 4


def test_the_winner_who_went_out_needs_no_count_and_is_not_asked_had_melded(client):
    path = start_game(client, "rami", RAMI_TABLE)
    data = rami("count", {1: "5", 2: "6", 3: "7"}, {1: "y", 2: "y", 3: "y"})
    assert client.post(f"{path}/rounds/new", data=data).status_code == 302


def test_every_problem_is_listed_at_the_top_with_a_link_and_beside_its_field(client):
    path = start_game(client, "rami", RAMI_TABLE)
    data = {"mode": "count", "end": "out", "count_1": "12x", "count_2": "99999", "save": "1"}
    page = client.post(f"{path}/rounds/new", data=data).data.decode()
    summary = page[page.index('class="error-summary"') : page.index("</section>")]
    # no winner, two counts that are not counts, and nobody's "had melded" answered:
    # listed in the order of the page
    anchors = ["#winner", "#opened_0", "#count_1", "#opened_1", "#count_2", "#opened_2"]
    anchors.append("#opened_3")
    assert re.findall(r'<li><a href="([^"]+)">', summary) == anchors
    # twice listed, twice beside (the count fields also carry it for the script: not counted)
    assert page.count(">Type a whole number from 0 to 9999.<") == 4


def test_the_form_offers_the_table_s_last_choice_of_counts(client):
    path = start_game(client, "rami", RAMI_TABLE)
    first = client.get(f"{path}/rounds/new").data.decode()
    assert re.search(r'<input[^>]*checked[^>]*value="cards"|value="cards"[^>]*checked', first)
    client.set_cookie("entry_mode", "count", domain="table.test", path=f"{path}/rounds/")
    again = client.get(f"{path}/rounds/new").data.decode()
    assert re.search(r'<input[^>]*checked[^>]*value="count"|value="count"[^>]*checked', again)
    count = re.search(r'<input[^>]*name="count_1"[^>]*>', again).group(0)
    assert 'inputmode="numeric"' in count and 'pattern="[0-9]*"' in count


def test_a_counted_round_comes_back_as_counts_for_a_correction(client):
    path = start_game(client, "rami", RAMI_TABLE)
    client.post(
        f"{path}/rounds/new",
        data=rami("count", {1: "171", 2: "4", 3: "20"}, {1: "n", 2: "y", 3: "y"}),
    )
    edit = re.search(rf'href="({path}/rounds/\d+)"', client.get(path).data.decode()).group(1)
    page = client.get(edit).data.decode()
    assert re.search(r'value="count"[^>]*checked|checked[^>]*value="count"', page)
    assert re.search(r'name="count_1"[^>]*value="171"|value="171"[^>]*name="count_1"', page)
    assert re.search(r'id="opened_1-1"[^>]*checked|checked[^>]*id="opened_1-1"', page)


def test_queen_city_counts_the_winners_melds_where_the_variant_asks_for_them(client):
    path = start_game(client, "queen-city", ["Ana", "Ben", "Cem"])
    form = client.get(f"{path}/rounds/new").data.decode()
    assert 'name="meld_points"' in form and 'name="wilds_jokers"' not in form
    # the winner's melds counted 30, times 2 opponents = 60
    data = {"mode": "count", "winner": "Ana", "end": "out", "meld_points": "30", "preview": "1"}
    page = client.post(f"{path}/rounds/new", data=data).data.decode()
    assert "+60" in page[page.index('class="preview"') :]


def test_rami_asks_for_no_counted_meld_facts(client):
    path = start_game(client, "rami", RAMI_TABLE)
    form = client.get(f"{path}/rounds/new").data.decode()
    assert 'name="meld_points"' not in form and 'name="wilds_jokers"' not in form


# --- what the picker shows comes from the engine -----------------------------------------


def points(client, path, **fields):
    response = client.get(f"{path}/rounds/points", query_string=fields)
    assert response.status_code == 200
    return response.get_json()


def test_the_picker_s_points_are_the_engine_s_rami_values(client):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    answer = points(client, path, hand_1="JK as 10♥", hand_2="4C")
    assert answer["fields"]["hand_1"]["points"] == 171  # 150 + 11 + 10
    assert answer["fields"]["hand_1"]["cards"] == ["JK", "AS", "10H"]
    # two decks and four jokers for three players: one of each used
    assert answer["left"]["AS"] == 1 and answer["left"]["JK"] == 3 and answer["left"]["KD"] == 2


def test_the_picker_counts_a_showdown_hand_as_arranged(client):
    path = start_game(client, "knock-rummy", ["Ana", "Ben"])
    # 3S 4S 5S is a run: only KD is deadwood, 10 (the raw sum would be 22)
    answer = points(client, path, hand_0="3S 4S 5S KD")
    assert answer["fields"]["hand_0"]["points"] == 10
    assert answer["fields"]["hand_0"]["melds"] == ["3S 4S 5S"]


def test_the_picker_counts_cards_where_the_table_counts_cards(client):
    path = start_game(client, "rummy", ["Ana", "Ben"], count_cards=True, jokers=2)
    assert points(client, path, hand_0="JK 5S KD")["fields"]["hand_0"]["points"] == 4  # 2+1+1


def test_the_picker_names_a_mistyped_card(client):
    path = start_game(client, "rami", ["Ana", "Ben"])
    answer = points(client, path, hand_0="AS 1S")
    assert "'1S'" in answer["errors"]["hand_0"] and "not a card" in answer["errors"]["hand_0"]


def test_the_picker_s_answer_needs_the_edit_link(client):
    path = start_game(client, "rami", ["Ana", "Ben"])
    assert client.get(f"{path}/rounds/points").status_code == 200
    assert client.get("/s/not-a-session/rounds/points").status_code == 404


def test_the_picker_s_answers_never_resend_the_cookie_so_a_save_s_message_survives(client):
    # a picker's question still on its way when Save is tapped answers after the save's
    # redirect: if it sent the cookie it was asked with, the "Round 1 saved." would be lost
    path = start_game(client, "rami", RAMI_TABLE)
    client.get(path)
    answer = client.get(f"{path}/rounds/points?hand_1=AS")
    assert answer.status_code == 200
    assert "Set-Cookie" not in answer.headers
    assert "Set-Cookie" not in client.get(f"{path}/revision").headers


def test_draws_past_any_stock_are_refused_by_name_and_nothing_saved(client):
    path = start_game(client, "continental", ["Ana", "Ben"], quick_bonus=True)
    data = {"mode": "count", "winner": "Ana", "end": "out", "count_1": "5", "save": "1"}
    page = client.post(f"{path}/rounds/new", data=data | {"draws": "1000"}).data.decode()
    assert "Type a whole number from 0 to 999." in page
    assert "Round 1 saved." not in client.get(path).data.decode()
    assert 'max="999"' in client.get(f"{path}/rounds/new").data.decode()
