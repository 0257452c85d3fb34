"""Every round saved exactly once: double submits, stale forms, concurrent edits, restore, undo.

Basic Rummy, two players (Ana, Ben), Ana deals first and the deal passes left.
The winner scores the cards left in the other hand (K, Q, J and 10 count 10, others
face value; VARIANTS.md, rummy). Expected totals are worked out by hand.
"""

import json
import re

import pytest

from scorekeeper.storage import changes, round_store, session_store
from scorekeeper.storage.db import connect
from tests.web.sessions import start_game

CONFLICT = "Someone else changed this session"


def loaded(client, url):
    """Open a round form as a phone does: the hidden revision and one-time key it carries."""
    page = client.get(url).data.decode()
    keys = {
        name: re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)
        for name in ("revision", "submission")
    }
    assert keys["submission"], "every form carries a one-time key"
    return keys


def rummy_round(keys, ben_hand, winner="Ana"):
    hand = "hand_1" if winner == "Ana" else "hand_0"
    return {"winner": winner, "end": "out", hand: ben_hand, "save": "1", **keys}


def stored(app):
    """The live rounds in the database, in order: (id, position, Ben's hand)."""
    db = connect(app.config["DATABASE"])
    rows = db.execute(
        "select id, position, facts from rounds where deleted = 0 order by position"
    ).fetchall()
    db.conn.close()
    return [(r[0], r[1], json.loads(r[2])["hands"]) for r in rows]


def total_row(client, path):
    page = client.get(path).data.decode()
    return re.findall(r'<th class="total[^"]*">(-?\d+)</th>', page)


@pytest.fixture
def game(client):
    return start_game(client, "rummy", ["Ana", "Ben"])


def test_the_same_form_sent_twice_stores_one_round(client, app, game):
    keys = loaded(client, f"{game}/rounds/new")
    first = client.post(f"{game}/rounds/new", data=rummy_round(keys, "KS"))
    again = client.post(f"{game}/rounds/new", data=rummy_round(keys, "KS"))
    assert first.status_code == again.status_code == 302
    assert len(stored(app)) == 1
    page = client.get(game).data.decode()
    # one round dealt by Ana: Ben deals next, and Ana has 10, not 20
    assert "<strong data-next-dealer>Ben</strong> deals" in page and "Enter round 2" in page
    assert total_row(client, game) == ["10", "0"]
    assert "Round 1 was already saved." in page


def test_a_form_read_twice_at_one_revision_and_sent_twice_stores_one_round(app):
    # the same form sent twice at one revision: the second finds the first's save, and says
    # which round that is
    facts = {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS"]}}
    with app.app_context():
        session = session_store.create_session("rummy", {}, ["Ana", "Ben"], "Ana")
        plan = changes.plan_round(None, facts, session.revision, "one-time-key")
        first = changes.apply(session.id, plan)
        second = changes.apply(session.id, plan)
        assert first == changes.Saved(first.round_id, 1)
        assert second == changes.Duplicate(first.round_id, 1)
        assert len(round_store.rounds_of(session)) == 1


def test_a_new_round_on_a_stale_form_is_refused_and_the_input_kept(client, app, game):
    phone_a = loaded(client, f"{game}/rounds/new")
    phone_b = loaded(client, f"{game}/rounds/new")
    assert client.post(f"{game}/rounds/new", data=rummy_round(phone_b, "KS")).status_code == 302
    # phone A entered the same hand at the same time: a conflict, not a second round
    refused = client.post(f"{game}/rounds/new", data=rummy_round(phone_a, "QH 9C"))
    page = refused.data.decode()
    assert refused.status_code == 409
    assert "Another phone saved round 1 meanwhile." in page
    assert ">\nQH 9C</textarea>" in page  # what phone A typed is still in the form
    assert "The score now" in page and "<td>10</td>" in page  # the latest state: Ana 10
    assert len(stored(app)) == 1
    # having seen the news, phone A saves on purpose: a second round (Ben deals, Ana +19)
    resent = re.search(r'name="revision" type="hidden" value="(\d+)"', page).group(1)
    keys = {"revision": resent, "submission": phone_a["submission"]}
    assert client.post(f"{game}/rounds/new", data=rummy_round(keys, "QH 9C")).status_code == 302
    assert [hands["Ben"] for _, _, hands in stored(app)] == [["KS"], ["QH", "9C"]]
    assert total_row(client, game) == ["29", "0"]


def test_a_second_edit_of_the_same_round_is_refused(client, app, game):
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "KS"))
    round_id = stored(app)[0][0]
    edit = f"{game}/rounds/{round_id}"
    phone_a, phone_b = loaded(client, edit), loaded(client, edit)
    assert client.post(edit, data=rummy_round(phone_a, "KS QD")).status_code == 302
    refused = client.post(edit, data=rummy_round(phone_b, "5C"))
    assert refused.status_code == 409
    page = refused.data.decode()
    assert CONFLICT in page and ">\n5C</textarea>" in page
    assert "Round 1 as saved meanwhile:" in page and "Ben KS QD" in page
    assert stored(app)[0][2]["Ben"] == ["KS", "QD"]  # the first correction stands
    assert total_row(client, game) == ["20", "0"]


def test_an_edit_of_another_round_is_not_a_conflict(client, app, game):
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "KS"))
    first_id = stored(app)[0][0]
    correcting = loaded(client, f"{game}/rounds/{first_id}")
    # meanwhile another phone enters round 2 (Ben deals, Ben wins Ana's 7)
    client.post(
        f"{game}/rounds/new",
        data=rummy_round(loaded(client, f"{game}/rounds/new"), "7D", winner="Ben"),
    )
    saved = client.post(f"{game}/rounds/{first_id}", data=rummy_round(correcting, "KS 4H"))
    assert saved.status_code == 302
    assert total_row(client, game) == ["14", "7"]


def test_positions_are_unique_and_a_deleted_round_keeps_its_place(client, app, game):
    for hand in ("KS", "4H"):
        client.post(
            f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), hand)
        )
    first_id = stored(app)[0][0]
    client.post(f"{game}/rounds/{first_id}/delete")
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "2C"))
    assert [position for _, position, _ in stored(app)] == [2, 3]
    db = connect(app.config["DATABASE"])
    with pytest.raises(Exception, match="UNIQUE"):
        db.execute("update rounds set position = 3 where position = 2")
    db.conn.close()


def versions(client, game):
    history = client.get(f"{game}/versions").data.decode()
    return [int(v) for v in re.findall(r"/versions/(\d+)/restore", history)]


def test_a_restore_that_breaks_a_later_round_is_refused(client, app):
    game = start_game(client, "rummy", ["Ana", "Ben"], target=50)
    # round 1 first saved as Ben holding 57 (K Q J 10 9 8 of mixed suits): Ana reaches 50
    # and wins; corrected to Ben holding K (10), so round 2 could be played
    client.post(
        f"{game}/rounds/new",
        data=rummy_round(loaded(client, f"{game}/rounds/new"), "KS QD JC 10H 9S 8C"),
    )
    first_id = stored(app)[0][0]
    client.post(
        f"{game}/rounds/{first_id}",
        data=rummy_round(loaded(client, f"{game}/rounds/{first_id}"), "KS"),
    )
    client.post(
        f"{game}/rounds/new",
        data=rummy_round(loaded(client, f"{game}/rounds/new"), "5D", winner="Ben"),
    )
    oldest = min(versions(client, game))
    answer = client.post(f"{game}/versions/{oldest}/restore", follow_redirects=True)
    page = answer.data.decode()
    assert "That version cannot be restored" in page and "the game ended after round 1" in page
    assert stored(app)[0][2]["Ben"] == ["KS"]
    assert total_row(client, game) == ["10", "5"]


def undo(client, game):
    page = client.get(game).data.decode()
    seen = re.search(r'name="revision" value="(\d+)"', page).group(1)
    return client.post(f"{game}/undo", data={"revision": seen}, follow_redirects=True)


def test_undo_takes_back_a_new_round(client, app, game):
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "KS"))
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "4H"))
    assert "Undone." in undo(client, game).data.decode()
    assert [hands["Ben"] for _, _, hands in stored(app)] == [["KS"]]
    page = client.get(game).data.decode()
    assert (
        "<strong data-next-dealer>Ben</strong> deals" in page
    )  # the deal goes back with the round
    assert "undid version" in client.get(f"{game}/versions").data.decode()


def test_undo_takes_back_a_correction(client, app, game):
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "KS"))
    first_id = stored(app)[0][0]
    edit = f"{game}/rounds/{first_id}"
    client.post(edit, data=rummy_round(loaded(client, edit), "KS QD"))
    assert total_row(client, game) == ["20", "0"]
    undo(client, game)
    assert stored(app)[0][2]["Ben"] == ["KS"]
    assert total_row(client, game) == ["10", "0"]


def test_undo_takes_back_a_delete(client, app, game):
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "KS"))
    first_id = stored(app)[0][0]
    client.post(f"{game}/rounds/{first_id}/delete")
    assert stored(app) == []
    undo(client, game)
    assert [(round_id, hands["Ben"]) for round_id, _, hands in stored(app)] == [(first_id, ["KS"])]


def test_each_undo_goes_one_change_further_back(client, app, game):
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "KS"))
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "4H"))
    undo(client, game)
    undo(client, game)
    assert stored(app) == []


def test_a_double_tap_on_undo_undoes_one_change(client, app, game):
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "KS"))
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "4H"))
    page = client.get(game).data.decode()
    seen = re.search(r'name="revision" value="(\d+)"', page).group(1)
    client.post(f"{game}/undo", data={"revision": seen})
    second = client.post(f"{game}/undo", data={"revision": seen}, follow_redirects=True)
    assert "nothing was undone" in second.data.decode()
    assert len(stored(app)) == 1


def test_an_undo_that_breaks_a_later_round_is_refused(client, app):
    game = start_game(client, "rummy", ["Ana", "Ben"], target=50)
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "KS"))
    client.post(f"{game}/rounds/new", data=rummy_round(loaded(client, f"{game}/rounds/new"), "4H"))
    first_id = stored(app)[0][0]
    # a version saved before restores were checked: round 1 as a game-winning 57 for Ana
    db = connect(app.config["DATABASE"])
    with db.conn:
        facts = {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ana": [], "Ben": ["KS", "QD", "JC", "10H", "9S", "8C"]},
        }
        db.execute(
            "insert into round_versions (round_id, facts, deleted, saved, note, revision) "
            "values (?, ?, 0, 'then', 'restored version 1', 2)",
            [first_id, json.dumps(facts)],
        )
    db.conn.close()
    edit = f"{game}/rounds/{first_id}"
    client.post(edit, data=rummy_round(loaded(client, edit), "QD"))
    page = undo(client, game).data.decode()
    assert "That cannot be undone" in page and "the game ended after round 1" in page
    assert stored(app)[0][2]["Ben"] == ["QD"]


def test_nothing_to_undo_is_said(client, game):
    page = client.get(game).data.decode()
    assert "Undo last save" not in page  # a fresh game has nothing to take back
    answer = client.post(f"{game}/undo", data={"revision": "0"}, follow_redirects=True)
    assert "There is nothing to undo." in answer.data.decode()


def test_a_read_only_link_cannot_undo(client, game):
    from tests.web.sessions import view_link

    assert client.post(f"{view_link(client, game)}/undo", data={"revision": "0"}).status_code == 403
