"""Parallel phones against a real `scorekeeper serve` on 127.0.0.1 (threads).

Basic Rummy, Ana and Ben, Ana deals first and the deal passes left, so round n is dealt
by Ana when n is odd and by Ben when n is even; Ana goes out in every round here and
scores the cards Ben holds (VARIANTS.md, rummy).
"""

import json
import re
import sqlite3
import threading

import pytest

from tests.web.serving import Phone, Server, round_form, rummy_round, start_rummy

HANDS = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "2D", "3D", "4D", "5D"]


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "served.sqlite").start()
    yield running
    running.stop()


def together(count, work):
    """Run work(i) on count threads released at the same moment; the results in order."""
    barrier = threading.Barrier(count)
    results = [None] * count
    errors = []

    def run(i):
        try:
            barrier.wait(timeout=20)
            results[i] = work(i)
        except Exception as error:  # reported below, with the thread's number
            errors.append((i, error))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    return results


def stored_hands(server, game):
    token = game.rsplit("/", 1)[-1]
    db = sqlite3.connect(server.database)
    rows = db.execute(
        "select r.facts from rounds r join sessions s on s.id = r.session_id "
        "where s.edit_token = ? and r.deleted = 0 order by r.position",
        [token],
    ).fetchall()
    db.close()
    return [" ".join(json.loads(facts)["hands"]["Ben"]) for (facts,) in rows]


def dealers_on_the_sheet(phone, game):
    _, _, page = phone.get(game)
    return re.findall(r"dealt by (\w+)<br>", page)


def test_a_form_sent_four_times_at_once_saves_one_round(server):
    phones = [Phone(server.port) for _ in range(4)]
    game = start_rummy(phones[0])
    keys = round_form(phones[0], game)
    for phone in phones[1:]:
        phone.cookie = phones[0].cookie  # the same browser, four taps in flight
    statuses = together(
        4, lambda i: phones[i].post(f"{game}/rounds/new", rummy_round(keys, "KS"))[0]
    )
    assert statuses == [302] * 4
    assert stored_hands(server, game) == ["KS"]
    assert dealers_on_the_sheet(phones[0], game) == ["Ana"]


def test_two_phones_entering_rounds_at_once_lose_and_double_nothing(server):
    # four tables, two phones each; each phone enters its three hands, and when told that
    # someone else changed the session it looks at the news and saves again
    tables = 4
    setup = Phone(server.port)
    games = [start_rummy(setup) for _ in range(tables)]
    per_phone = 3

    def phone_work(i):
        game = games[i // 2]
        phone = Phone(server.port)
        phone.cookie = setup.cookie
        mine = HANDS[(i % 2) * per_phone : (i % 2) * per_phone + per_phone]
        conflicts = 0
        for hand in mine:
            keys = round_form(phone, game)
            while True:
                status, _, page = phone.post(f"{game}/rounds/new", rummy_round(keys, hand))
                if status == 302:
                    break
                assert status == 409, status
                assert re.search(r"Another phone saved round \d+ meanwhile", page)
                assert f">\n{hand}</textarea>" in page  # the input is kept
                conflicts += 1
                keys["revision"] = re.search(
                    r'name="revision" type="hidden" value="(\d+)"', page
                ).group(1)
        phone.close()
        return conflicts

    together(tables * 2, phone_work)
    for game in games:
        hands = stored_hands(server, game)
        assert sorted(hands) == sorted(HANDS[: 2 * per_phone])  # each hand exactly once
        dealers = dealers_on_the_sheet(setup, game)
        assert dealers == ["Ana", "Ben"] * per_phone


def test_concurrent_corrections_of_one_round_one_wins_the_rest_are_told(server):
    phones = [Phone(server.port) for _ in range(5)]
    game = start_rummy(phones[0])
    phones[0].post(f"{game}/rounds/new", rummy_round(round_form(phones[0], game), "KS"))
    _, _, page = phones[0].get(game)
    round_id = int(re.search(r"/rounds/(\d+)\"", page).group(1))
    loaded = []
    for phone in phones:
        phone.cookie = phones[0].cookie
        loaded.append(round_form(phone, game, round_id))
    corrections = ["2H", "3H", "4H", "5H", "6H"]
    statuses = together(
        5,
        lambda i: phones[i].post(
            f"{game}/rounds/{round_id}", rummy_round(loaded[i], corrections[i])
        )[0],
    )
    assert sorted(statuses) == [302, 409, 409, 409, 409]
    winner = corrections[statuses.index(302)]
    assert stored_hands(server, game) == [winner]
