"""The rules pages as generated from the variant records, and the picker's card letters."""

import html
import re
from collections.abc import Mapping
from dataclasses import replace

import pytest
from markupsafe import escape

from scorekeeper import create_app
from scorekeeper.rules.records import VARIANTS
from scorekeeper.rules.scoring import score
from scorekeeper.rules.variant import Deal, OpeningValues
from tests.web.sessions import start_game


def test_the_picker_gets_its_card_letters_in_the_tables_language(client):
    path = start_game(client, "rami", ["Ana", "Ben"])
    german = client.get(
        f"{path}/rounds/points", query_string={"hand_1": "DH BS"}, headers={"Accept-Language": "de"}
    ).get_json()
    assert german["faces"]["Q"] == "D" and german["faces"]["J"] == "B"
    assert german["faces"]["JK"] == "Joker"
    # German letters typed in the field are read as the table means them: Dame 10 + Bube 10
    assert german["fields"]["hand_1"]["cards"] == ["QH", "JS"]
    assert german["fields"]["hand_1"]["points"] == 20
    english = client.get(f"{path}/rounds/points", headers={"Accept-Language": "en"}).get_json()
    assert english["faces"]["Q"] == "Q"


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """One app for the read-only rules pages (they read the records at each request)."""
    folder = tmp_path_factory.mktemp("rules-pages")
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(folder / "scorekeeper.sqlite"),
            "SECRET_KEY": "test-secret-key-of-at-least-32-characters",
            "SERVER_NAME": "table.test",
        }
    )
    return app.test_client()


def escaped(text):
    """Text as the page's templates write it."""
    return str(escape(str(text)))


def cells(page, attribute):
    """Every `data-<attribute>="key"` cell of a page: key to the list of its texts."""
    found = {}
    for key, text in re.findall(rf'data-{attribute}="([^"]+)">([^<]*)<', page):
        found.setdefault(key, []).append(html.unescape(text).strip())
    return found


def page_of(pages, variant_id, lang="en"):
    response = pages.get(f"/rules/{variant_id}", headers={"Accept-Language": lang})
    assert response.status_code == 200
    return response.data.decode()


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_option_of_a_variant_is_on_its_rules_page(pages, variant_id):
    page = page_of(pages, variant_id)
    for name, option in VARIANTS[variant_id].options.items():
        assert f'data-option="{name}"' in page, name
        assert escaped(option.label) in page, name
        assert escaped(option.help) in page, name
        for choice in option.choices:
            assert f"<code>{choice}</code>" in page, (name, choice)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_scoring_number_of_a_variant_is_on_its_rules_page(pages, variant_id):
    variant = VARIANTS[variant_id]
    page = page_of(pages, variant_id)
    numbers = cells(page, "number")
    for name, value in variant.scoring_numbers():
        (text,) = numbers[name]
        if isinstance(value, Mapping):
            for players, chips in value.items():
                assert f"{players} players: {', '.join(map(str, chips))}" in text
        elif isinstance(value, tuple):
            for draws, chips in enumerate(value):
                assert f"{draws} draw{'s' if draws != 1 else ''}: {chips}" in text
        else:
            assert text == str(value), name
    values = {key: texts[0] for key, texts in cells(page, "value").items()}
    assert values["JK"] == str(variant.values.joker)
    assert values["J"] == str(variant.values.jack)
    assert values["Q"] == str(variant.values.queen)
    assert values["K"] == str(variant.values.king)
    if variant.values.ace is not None:
        assert values["A"] == str(variant.values.ace)
    deal = cells(page, "number")
    for row in variant.deal:
        assert str(row.cards) in deal["cards"] and str(row.decks) in deal["decks"]
    if variant.opening_min:
        assert f"at least {variant.opening_min} points" in page
    if variant.target:
        assert f"reach {variant.target}" in page or f"passing {variant.target}" in page


def test_a_fixed_number_of_players_is_not_a_range(pages):
    page = page_of(pages, "nowrang")
    assert 'data-fact="players">2 players<' in page
    assert "2–2" not in page
    assert 'data-fact="players">2–7 players<' in page_of(pages, "rummy")


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_the_worked_example_is_scored_by_the_engine_when_the_page_is_shown(pages, variant_id):
    example = VARIANTS[variant_id].example
    expected = score(variant=variant_id, **example)
    page = page_of(pages, variant_id)
    deltas = {key: texts[0] for key, texts in cells(page, "delta").items()}
    assert deltas == {p: f"{d:+d}" if d else "0" for p, d in expected["delta"].items()}
    for line in expected["explain"]:
        assert escaped(line) in page


def test_the_rules_page_shows_the_example_cards_in_the_tables_language(pages):
    page = page_of(pages, "rami", "de")
    assert "Joker A♠ 10♥" in page  # Ben's JK AS 10H


# --- a number changed in the data changes the page (one test per kind of number) --------


@pytest.mark.parametrize(
    ("variant_id", "changes", "attribute", "key", "shown"),
    [
        ("rami", {"values": replace(VARIANTS["rami"].values, joker=120)}, "value", "JK", "120"),
        ("rami", {"unopened_surcharge": 50}, "number", "unopened_surcharge", "50"),
        ("carousel", {"undercut_bonus": 15}, "number", "undercut_bonus", "15"),
        ("carousel", {"knock_limit": 4}, "number", "knock_limit", "4"),
        ("phom", {"place_chips": {3: (2, 5)}}, "number", "place_chips", "3 players: 2, 5"),
        ("phom", {"mom_chips": 5}, "number", "mom_chips", "5"),
        ("phom", {"u_chips": 7}, "number", "u_chips", "7"),
        ("phom", {"feed_chips": 2}, "number", "feed_chips", "2"),
        ("continental", {"joker_chips": 3}, "number", "joker_chips", "3"),
        (
            "continental",
            {"quick_chips": (12, 8)},
            "number",
            "quick_chips",
            "after 0 draws: 12; after 1 draw: 8",
        ),
        ("nowrang", {"hand_won_points": 2}, "number", "hand_won_points", "2"),
        ("rummy", {"deal": (Deal((2, 7), 1, 0, 9),)}, "number", "cards", "9"),
    ],
)
def test_a_number_changed_in_the_data_changes_the_page(
    pages, patched, variant_id, changes, attribute, key, shown
):
    patched(variant_id, **changes)
    assert cells(page_of(pages, variant_id), attribute)[key] == [shown]


@pytest.mark.parametrize(
    ("variant_id", "changes", "lang", "said"),
    [
        # a field of the record
        (
            "rummy",
            {"target": 150},
            "en",
            "<li>The game is played to 150 points (the seed's own number was lost in "
            "translation).</li>",
        ),
        # a field of one of its parts (the first meld's card values)
        (
            "kaluki",
            {"opening_values": OpeningValues(ace_high=14, ace_low=2, court=9)},
            "en",
            "<li>In the first meld an ace counts 2 below a two and 14 otherwise, courts 9.</li>",
        ),
        # the deal for a number of players, in the summary
        (
            "german-rummy",
            {"deal": (Deal((2, 6), 3, 4, 12),)},
            "de",
            "<p>3 Blätter und 4 Joker, 12 Karten; erste Auslage mit 40; jeder Verlierer bekommt "
            "seine Resthand dazu.</p>",
        ),
        # a count that chooses the plural
        (
            "continental",
            {"rounds_per_player": 2},
            "fr",
            "<li>Sans nombre de donnes convenu, la partie dure 2 donnes par joueur.</li>",
        ),
        # the hand patterns of going out at once
        (
            "continental",
            {"going_out_patterns": ((5, 5, 5), (4, 4, 4, 3))},
            "en",
            "<p>Runs only, the whole hand of 15 at once in 5+5+5 or 4+4+4+3; chips from each.</p>",
        ),
        # chips by player count, as a ladder
        (
            "phom",
            {"place_chips": {2: (1,), 3: (2, 5), 4: (1, 2, 3)}},
            "en",
            "<li>The others pay the winner chips by place, from second place on "
            "(4 players: 1, 2, 3; 3 players: 2, 5; 2 players: 1).</li>",
        ),
        (
            "phom",
            {"mom_chips": 5},
            "de",
            "<li>Wer keine Auslage hat (móm), zahlt 5, fällt aus der Reihenfolge und kann nicht "
            "gewinnen, außer alle sind móm.</li>",
        ),
    ],
)
def test_a_reading_that_says_a_number_follows_the_data(
    pages, patched, variant_id, changes, lang, said
):
    patched(variant_id, **changes)
    opening, text, closing = re.fullmatch(r"(<\w+>)(.*)(</\w+>)", said).groups()
    assert f"{opening}{escaped(text)}{closing}" in page_of(pages, variant_id, lang)


def test_the_example_on_the_page_follows_a_number_changed_in_the_data(pages, patched):
    patched("rami", unopened_surcharge=50)
    # Ben: 150 + 11 + 10 + 50
    assert cells(page_of(pages, "rami"), "delta")["Ben"] == ["+221"]


def test_the_first_meld_and_the_default_length_on_the_page_follow_the_data(pages, patched):
    patched("kaluki", opening_min=60)
    assert "at least 60 points" in page_of(pages, "kaluki")
    patched("nowrang", rounds_per_player=3)
    assert "3 hands per player" in page_of(pages, "nowrang")


# VARIANTS.md's readings settled in issue 29, each on the page of the variant it touches
SETTLED_READINGS = [
    ("gin", "en", "the knocker shows the one that lets the defender lay off least"),
    (
        "gin",
        "en",
        "Gin is never undercut: a defender with no deadwood still gives the knocker 0 + 25.",
    ),
    ("gin", "de", "Gin wird nie unterboten"),
    ("gin", "en", "claimed for any other hand it is refused (a fully melded hand of 10 is gin)"),
    ("gin", "en", "Oklahoma's doubling covers a hand's score with its gin or undercut bonus"),
    ("gin", "fr", "La limite d'arrêt va de 0 à 10 (0 : gin seulement)."),
    ("german-rummy", "de", "Es spielen 2 bis 6 Spieler (die Quelle nennt keine Zahl)."),
    ("german-rummy", "en", "stands for the card worth more in a first meld (JK-9C-10C counts"),
    ("rami", "vi", "Sảnh chỉ có mỗi hạng một lần"),
    ("carousel", "en", "tied for the lowest count below the knocker's, each score as a winner"),
    ("phom", "en", "after the dealer, who plays last, comes the first player"),
    ("phom", "vi", "Những người cùng có tổng chip cao nhất lúc kết thúc cùng thắng."),
    ("kaluki", "en", "Playing for chips (pay) with scoring 'penalty' is refused"),
    (
        "nowrang",
        "en",
        "holds at most one card more than the 10 dealt; the winner's whole hand is 10",
    ),
]


@pytest.mark.parametrize(("variant_id", "lang", "said"), SETTLED_READINGS)
def test_each_settled_reading_is_on_its_rules_page(pages, variant_id, lang, said):
    page = page_of(pages, variant_id, lang)
    assert 'id="readings"' in page
    assert escaped(said) in page.split('id="readings"', 1)[1]
