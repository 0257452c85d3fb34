"""The table app through the Flask test client, on a real SQLite file.

Expected scores are worked out by hand from shared/rules/VARIANTS.md.
"""

import re

import pytest

from scorekeeper.storage.db import MIGRATIONS, connect, migrate, migration_set
from tests.web.sessions import rami_round, start_game, view_link


def totals(page):
    """The sheet's totals row, in seat order."""
    return re.findall(r'<th class="total[^"]*">([^<]+)</th>', page)


def test_home_lists_every_variant(client):
    page = client.get("/").data.decode()
    for name in ["Basic Rummy", "Kaluki", "Phỏm", "Carousel", "Rami (France)", "Nowrang"]:
        assert name in page


@pytest.mark.parametrize("variant", ["rummy", "kaluki", "phom", "continental", "carousel", "rami"])
def test_new_session_form_shows_every_house_rule_with_its_default(client, variant):
    page = client.get(f"/new/{variant}").data.decode()
    assert 'name="players"' in page
    from scorekeeper.rules.records import VARIANTS

    for name in VARIANTS[variant].options:
        assert f'name="option_{name}"' in page


def test_unknown_variant_is_404(client):
    assert client.get("/new/canasta").status_code == 404


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("", "Enter the players, one per line."),
        ("Ana", "Rami (France) is for 2 to 8 players, not 1."),
        ("Ana\nAna", "Two players have the same name"),
    ],
)
def test_bad_players_are_refused_next_to_the_field(client, players, message):
    response = client.post("/new/rami", data={"players": players})
    assert response.status_code == 200
    assert message in response.data.decode()


def test_dealer_must_be_a_player(client):
    response = client.post(
        "/new/rummy", data={"players": "Ana\nBen", "dealer": "Zed", "option_ace": "low"}
    )
    assert "The dealer must be one of the players." in response.data.decode()


def test_session_page_shows_the_deal(client):
    # Rami, 3 players: 2 decks + 4 jokers, 14 cards each; the first player deals
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    page = client.get(path).data.decode()
    assert "<strong data-next-dealer>Ana</strong> deals: 2 decks, 4 jokers" in page
    assert "<strong>14</strong> cards each" in page


def test_a_round_is_checked_saved_and_totalled(client):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    # preview first: Ben JK 150 + A 11 + 10 = 171 + 100 (no meld yet) = 271; Cem 4
    preview = client.post(
        f"{path}/rounds/new",
        data=rami_round("Ana", {"Ben": "JK AS 10H", "Cem": "4C"}, {"Cem": True}, save=False),
    )
    text = preview.data.decode()
    assert "Ben: JK 150 + AS 11 + 10H 10 = 171, no meld yet +100 = 271" in text
    assert "This round scores" in text
    saved = client.post(
        f"{path}/rounds/new",
        data=rami_round("Ana", {"Ben": "JK AS 10H", "Cem": "4C"}, {"Cem": True}),
    )
    assert saved.status_code == 302
    page = client.get(path).data.decode()
    assert totals(page) == ["0", "271", "4"]
    assert '<th class="total leader">0</th>' in page  # Ana leads: the lowest total wins Rami


@pytest.mark.parametrize(
    ("hands", "message", "kept"),
    [
        (
            {"Ben": "JK 1S", "Cem": ""},
            "&#39;1S&#39; (Ben&#39;s hand, card 2) is not a card",
            "JK 1S",
        ),
        # 2 decks: a third AS is one too many
        (
            {"Ben": "AS AS", "Cem": "AS"},
            "AS is used 3 times, but the deck in play holds it 2 times",
            "AS AS",
        ),
        # 4 jokers in play for 3 players
        ({"Ben": "JK JK JK", "Cem": "JK JK"}, "there are only 4 jokers in play", "JK JK JK"),
    ],
)
def test_impossible_rounds_are_refused_and_nothing_typed_is_lost(client, hands, message, kept):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    response = client.post(f"{path}/rounds/new", data=rami_round("Ana", hands, {}))
    text = response.data.decode()
    assert response.status_code == 200
    assert message in text
    assert f">\n{kept}</textarea>" in text
    assert client.get(path).data.decode().count("round-no") == 0  # nothing saved


def test_correcting_a_round_recomputes_and_keeps_the_old_version(client, app):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    client.post(
        f"{path}/rounds/new",
        data=rami_round("Ana", {"Ben": "KS", "Cem": "4C"}, {"Ben": True, "Cem": True}),
    )
    client.post(
        f"{path}/rounds/new",
        data=rami_round("Ben", {"Ana": "5C", "Cem": "2D"}, {"Ana": True, "Cem": True}),
    )
    page = client.get(path).data.decode()
    # round 1: Ben K 10, Cem 4; round 2: Ana 5, Cem 2
    assert totals(page) == ["5", "10", "6"]
    round_one = re.search(
        r'class="edit-round"[^>]* href="(/s/[^"]+/rounds/\d+)"><span class="visually-hidden">Edit round </span>1<',
        page,
    ).group(1)
    form = client.get(round_one).data.decode()
    assert ">\nKS</textarea>" in form  # the stored facts come back into the form
    # correction: Ben held Q+K = 20, not 10
    client.post(
        round_one, data=rami_round("Ana", {"Ben": "QS KS", "Cem": "4C"}, {"Ben": True, "Cem": True})
    )
    assert totals(client.get(path).data.decode()) == ["5", "20", "6"]
    history = client.get(f"{path}/versions").data.decode()
    assert "corrected" in history and "entered" in history
    # restore the first version of round 1: Ben back to 10
    version = re.findall(r'action="(/s/[^"]+/versions/(\d+)/restore)"', history)
    oldest = min(version, key=lambda v: int(v[1]))[0]
    client.post(oldest)
    assert totals(client.get(path).data.decode()) == ["5", "10", "6"]


def test_a_deleted_round_leaves_the_sheet_and_stays_in_the_history(client):
    path = start_game(client, "rummy", ["Ana", "Ben"])
    client.post(
        f"{path}/rounds/new", data={"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    )
    page = client.get(path).data.decode()
    assert totals(page) == ["10", "0"]  # Ana collects K 10
    delete = re.search(r'action="(/s/[^"]+/rounds/\d+/delete)"', page).group(1)
    client.post(delete)
    page = client.get(path).data.decode()
    assert "round-no" not in page and totals(page) == ["0", "0"]
    history = client.get(f"{path}/versions").data.decode()
    assert "deleted" in history


def test_game_over_is_announced_with_a_new_game_button(client):
    # Basic Rummy to 10: Ana collects K 10 at once
    path = start_game(client, "rummy", ["Ana", "Ben"], target=10)
    client.post(
        f"{path}/rounds/new", data={"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    )
    page = client.get(path).data.decode()
    assert "🏆 Ana won" in page
    response = client.post(f"{path}/again")
    assert response.status_code == 302
    fresh = client.get(response.headers["Location"].replace("http://table.test", "")).data.decode()
    # the house rule by its label (or its name until it has one), then its value
    assert "Ana · Ben" in fresh and re.search(r"target[^<,]*: 10", fresh, re.I)
    # Ana dealt the only round: Ben deals the new game
    assert "<strong data-next-dealer>Ben</strong> deals" in fresh


def test_read_only_link_shows_the_score_but_cannot_change_it(client):
    path = start_game(client, "rummy", ["Ana", "Ben"])
    view = view_link(client, path)
    assert view != path
    assert len(view.split("/")[-1]) >= 22  # 128 bits in URL-safe base64
    page = client.get(view).data.decode()
    assert "Enter round" not in page and "Edit link" not in page
    refused = client.post(f"{view}/rounds/new", data={"winner": "Ana"})
    assert refused.status_code == 403
    assert "This link shows the score; it cannot change it." in refused.data.decode()
    assert client.get(f"{view}/versions").status_code == 403
    assert client.get(f"{view}/qr/edit.svg").status_code == 404
    qr = client.get(f"{view}/qr/view.svg")
    assert qr.mimetype == "image/svg+xml" and b"http://www.w3.org/2000/svg" in qr.data


def test_revision_changes_when_a_round_is_saved(client):
    path = start_game(client, "rummy", ["Ana", "Ben"])
    view = view_link(client, path)
    before = client.get(f"{view}/revision").json["revision"]
    client.post(
        f"{path}/rounds/new", data={"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    )
    assert client.get(f"{view}/revision").json["revision"] == before + 1


def test_unknown_links_are_404(client):
    assert client.get("/s/not-a-real-token").status_code == 404
    assert client.get("/s/not-a-real-token/sheet.pdf").status_code == 404


def test_history_lists_the_sessions_this_phone_holds(app):
    phone, other = app.test_client(), app.test_client()
    path = start_game(phone, "kaluki", ["Ana", "Ben"])
    start_game(other, "phom", ["Cem", "Dan"])
    mine = phone.get("/").data.decode()
    assert "Kaluki" in mine and "Ana, Ben" in mine
    assert "Cem, Dan" not in mine  # nobody sees a session they hold no link for
    # a phone that opens the read-only link remembers it too
    view = view_link(phone, path)
    other.get(view)
    assert "Ana, Ben" in other.get("/").data.decode()


def test_rules_pages_name_the_readings(client):
    page = client.get("/rules/rami").data.decode()
    assert "Readings this app follows" in page and "+200 replaces the rummy 100" in page
    assert client.get("/rules/canasta").status_code == 404


def test_forms_refuse_a_post_without_the_csrf_token(csrf_app):
    client = csrf_app.test_client()
    response = client.post("/new/rummy", data={"players": "Ana\nBen"})
    assert response.status_code == 400
    assert "This form was not sent from this app" in response.data.decode()
    with csrf_app.app_context():
        db = connect(csrf_app.config["DATABASE"])
        assert db["sessions"].count == 0


def test_migrations_run_once(tmp_path):
    db = connect(str(tmp_path / "m.sqlite"))
    assert migrate(db) == [
        "0001_sessions_and_rounds",
        "0002_session_revision",
        "0003_exactly_once",
        "0004_device_lists",
        "0010_session_name_and_stake",
        "0011_table_groups",
        "0012_round_scores",
        "0013_round_numbers",
        "0014_game_stats",
    ]
    assert migrate(db) == []
    assert "revision" in db["sessions"].columns_dict


def test_a_database_of_the_earlier_migration_runner_is_carried_over(tmp_path):
    # what the runner before sqlite-utils' Migrations left: every migration applied, each
    # listed by name in its own _migrations table, and a game in it
    db = connect(str(tmp_path / "old.sqlite"))
    db["_migrations"].create({"name": str, "applied": str}, pk="name")
    for name, migration in MIGRATIONS:
        with db.conn:
            migration(db)
            db["_migrations"].insert({"name": name, "applied": "2026-11-01T20:00:00+00:00"})
    db["sessions"].insert(
        {
            "edit_token": "e",
            "view_token": "v",
            "variant": "rummy",
            "options": "{}",
            "players": '["Ana", "Ben"]',
            "first_dealer": "Ana",
            "created": "2026-11-01",
        }
    )
    assert migrate(db) == []
    assert [m.name for m in migration_set().applied(db)] == [name for name, _ in MIGRATIONS]
    assert "_migrations" not in db.table_names()
    assert db["sessions"].count == 1


def test_secret_key_is_generated_once_and_kept(tmp_path, monkeypatch):
    from scorekeeper.web.requests import _secret_key

    first = _secret_key(tmp_path)
    assert len(first) == 64 and _secret_key(tmp_path) == first


def test_pages_stay_small(client):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    for url in [
        "/",
        path,
        f"{path}/rounds/new",
        "/referee/",
        "/rules/rami",
        "/static/style.css",
        "/static/picker.js",
    ]:
        assert len(client.get(url).data) < 100_000, url


def test_pages_follow_the_phones_language(client):
    german = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}).data.decode()
    assert "Deine Spiele" in german and 'lang="de"' in german
    english = client.get("/", headers={"Accept-Language": "en-GB"}).data.decode()
    assert "Your games" in english


def test_forms_follow_the_phones_language_too(client):
    german = {"Accept-Language": "de"}
    page = client.get("/new/rummy", headers=german).data.decode()
    assert "Spieler in Sitzreihenfolge" in page and "Spiel starten" in page
    refused = client.post("/new/rummy", data={"players": "Ana"}, headers=german).data.decode()
    assert "Einfaches Rommé ist für 2 bis 7 Spieler, nicht 1." in refused


def test_score_sheet_marks_bonuses(client):
    # Knock Rummy: Ana knocks with every card melded: rummy +25
    path = start_game(client, "knock-rummy", ["Ana", "Ben"])
    data = {
        "winner": "Ana",
        "end": "knock",
        "hand_0": "AS 2S 3S 8H 8S 8D 8C 7H 7D 7S",
        "hand_1": "5C 9D QS QC QH QD KC KH KD KS",
        "save": "1",
    }
    client.post(f"{path}/rounds/new", data=data)
    page = client.get(path).data.decode()
    assert '<span class="bonus" title="rummy +25 per opponent">★</span>' in page
