"""A German table meets no English: every page, form, error, the PDF sheet and the API's
refusals, asked for with ``Accept-Language: de``.

The stoplist holds words of our own English that cannot be German words or names. Player
names are German names, so no name can hide or cause a hit.
"""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser

import pytest
from pypdf import PdfReader

from scorekeeper.rules.records import VARIANTS

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
PLAYERS = ["Anke", "Bernd", "Carla"]
STOPLIST = {
    "round", "rounds", "went", "points", "point", "player", "players", "dealer", "deals",
    "deadwood", "meld", "melds", "melded", "save", "total", "totals", "winner", "knocked",
    "score", "scores", "the", "and", "each", "from", "pays", "receives", "nobody", "house",
    "rules", "check", "enter", "share", "undo", "print", "stock", "left", "won", "with",
    "cards", "games", "legal", "worth", "reading", "opponent", "opponents", "bonus",
    "surcharge", "deck", "decks", "must", "cannot", "not", "only", "is",
}  # fmt: skip
SEEN_ATTRIBUTES = {"aria-label", "placeholder", "title", "alt", "value"}
BUTTONS = {"submit", "button"}


class Words(HTMLParser):
    """The words a person reads on a page: text, and the attributes shown or spoken."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        attributes = dict(attrs)
        for name, value in attributes.items():
            if name not in SEEN_ATTRIBUTES or not value:
                continue
            # an input's value is what was typed (cards, names), a button's is its text
            if name == "value" and (tag != "input" or attributes.get("type") not in BUTTONS):
                continue
            self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def english_in(text: str) -> set[str]:
    return {word for word in re.findall(r"[A-Za-z]+", text) if word.lower() in STOPLIST}


def english_on_page(html: str) -> set[str]:
    reader = Words()
    reader.feed(html)
    return english_in(" ".join(reader.parts))


def german_page(client, url, **post) -> str:
    if post:
        response = client.post(url, data=post, headers=GERMAN)
    else:
        response = client.get(url, headers=GERMAN)
    assert response.status_code < 500, url
    html = response.data.decode()
    assert 'lang="de"' in html
    return html


def start_game(client, variant: str, players: list[str]) -> str:
    """A session started through its form, every house rule as the form shows it."""
    data = {"players": "\n".join(players), "dealer": ""}
    for name, spec in VARIANTS[variant].options.items():
        if spec.default is not None and spec.default is not False:
            data[f"option_{name}"] = "y" if spec.default is True else spec.default
    response = client.post(f"/new/{variant}", data=data, headers=GERMAN)
    assert response.status_code == 302
    return response.headers["Location"].replace("http://table.test", "")


def view_link(client, edit_path: str) -> str:
    page = client.get(edit_path, headers=GERMAN).data.decode()
    return re.search(r'href="(/s/[^"]+)" class="link"', page).group(1)


def rami_round(winner: str, hands: dict[str, str], save: bool = True) -> dict[str, str]:
    data = {"winner": winner, "end": "out", "mode": "cards"}
    for seat, player in enumerate(PLAYERS):
        data[f"hand_{seat}"] = hands.get(player, "")
        data[f"opened_{seat}"] = "y"
    data["save" if save else "preview"] = "1"
    return data


@pytest.fixture
def evening(client):
    """A Rami table with two rounds saved and one corrected, in German."""
    path = start_game(client, "rami", PLAYERS)
    for winner, hands in (("Anke", {"Bernd": "KS", "Carla": "4C"}), ("Bernd", {"Anke": "5C"})):
        # the save's own message is shown on the next page: it is said in German too
        client.post(f"{path}/rounds/new", data=rami_round(winner, hands), headers=GERMAN)
    return path


def test_the_home_page_and_a_new_game(client, evening):
    assert english_on_page(german_page(client, "/")) == set()
    for variant in ("rami", "phom", "rummy", "knock-rummy", "continental"):
        assert english_on_page(german_page(client, f"/new/{variant}")) == set(), variant


def test_a_refused_new_game(client):
    page = german_page(client, "/new/rami", players="Anke", option_target="viel")
    assert english_on_page(page) == set()


def test_the_session_page_and_its_history(client, evening):
    assert english_on_page(german_page(client, evening)) == set()
    assert english_on_page(german_page(client, view_link(client, evening))) == set()
    assert english_on_page(german_page(client, f"{evening}/versions")) == set()


def test_the_round_form_its_check_and_its_problems(client, evening):
    assert english_on_page(german_page(client, f"{evening}/rounds/new")) == set()
    checked = german_page(
        client, f"{evening}/rounds/new", **rami_round("Carla", {"Anke": "QH", "Bernd": "9S"}, False)
    )
    assert english_on_page(checked) == set()
    refused = german_page(
        client, f"{evening}/rounds/new", **rami_round("Carla", {"Anke": "ZZ", "Bernd": ""})
    )
    assert english_on_page(refused) == set()
    unanswered = {"winner": "", "end": "out", "mode": "count", "save": "1"}
    assert english_on_page(german_page(client, f"{evening}/rounds/new", **unanswered)) == set()


def test_the_rules_pages(client):
    assert english_on_page(german_page(client, "/rules/")) == set()
    for variant in ("rami", "phom", "rummy"):
        assert english_on_page(german_page(client, f"/rules/{variant}")) == set(), variant


def test_the_referee_and_its_answers(client):
    assert english_on_page(german_page(client, "/referee/")) == set()
    for melds in ("3H 4H 5H", "3H 4H 6S", "ZZ"):
        page = german_page(
            client, "/referee/", variant="rami", question="meld", melds=melds, hand=""
        )
        assert english_on_page(page) == set(), melds
    page = german_page(
        client, "/referee/", variant="rami", question="arrange", melds="", hand="3H 4H 5H KS"
    )
    assert english_on_page(page) == set()


def test_the_players_page_and_a_refused_change(client, evening):
    assert english_on_page(german_page(client, f"{evening}/players/")) == set()
    taken = {"action": "rename", "rename-player": "Anke", "rename-to": "bernd"}
    page = german_page(client, f"{evening}/players/", **taken)
    assert "bernd" in page  # the engine's refusal is on the page, in German
    assert english_on_page(page) == set()


@pytest.mark.parametrize("file", [b'{"format": "other"}', b"[1, 2]", b"{"])
def test_a_refused_import(client, file):
    response = client.post(
        "/import", data={"file": (io.BytesIO(file), "evening.json")}, headers=GERMAN
    )
    assert response.status_code == 400 or 'class="error"' in response.data.decode()
    assert english_on_page(response.data.decode()) == set()


def test_stats_import_and_error_pages(client, evening):
    assert english_on_page(german_page(client, "/stats")) == set()
    assert english_on_page(german_page(client, "/import")) == set()
    assert english_on_page(german_page(client, "/s/no-such-link")) == set()


def test_the_pdf_sheet(client, evening):
    response = client.get(f"{evening}/sheet.pdf", headers=GERMAN)
    assert response.status_code == 200
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    assert "Anke" in text
    assert english_in(text) == set()


@pytest.mark.parametrize(
    "body",
    [
        {"variant": "rami", "melds": [["3H", "4H", "ZZ"]]},
        {"variant": "no-such-game", "melds": [["3H", "4H", "5H"]]},
        {"melds": [["3H", "4H", "5H"]]},
    ],
)
def test_api_refusals(client, body):
    response = client.post("/api/v1/check", json=body, headers=GERMAN)
    assert response.status_code == 400
    said = response.get_json()["error"]
    for variant_id in VARIANTS:  # the API's own names stay ("boat-house")
        said = said.replace(variant_id, "")
    assert english_in(said) == set()


def test_api_unknown_question(client):
    response = client.post("/api/v1/nothing", json={}, headers=GERMAN)
    assert response.status_code == 404
    said = response.get_json()["error"]
    for question in ("check", "arrange", "score", "game"):  # the API's own names stay
        said = said.replace(question, "")
    assert english_in(said) == set()


def test_a_chosen_language_wins_over_the_phone_and_is_kept(client):
    page = client.get("/?lang=de", headers={"Accept-Language": "en"}).data.decode()
    assert 'lang="de"' in page and "Deine Spiele" in page
    again = client.get("/", headers={"Accept-Language": "en"}).data.decode()
    assert 'lang="de"' in again
    english = client.get("/?lang=en", headers=GERMAN).data.decode()
    assert "Your games" in english


def test_numbers_and_times_follow_the_language(client, evening):
    page = german_page(client, "/")
    created = re.search(r'<time datetime="([^"]+)" data-kind="date">([^<]+)</time>', page)
    assert created is not None
    assert re.fullmatch(r"\d{1,2}\.\d{2}\.\d{4}", created.group(2).strip())  # 23.11.2026
    form = german_page(client, f"{evening}/rounds/new")
    assert '"points": "Punkte"' in form and '"pick": "Karten w' in form


def test_a_surcharge_mark_on_the_sheet_is_german(client):
    path = start_game(client, "rami", PLAYERS)
    data = rami_round("Anke", {"Bernd": "KS"})
    data["opened_1"] = "n"  # Bernd had not melded: +100 (VARIANTS.md, Rami)
    client.post(f"{path}/rounds/new", data=data, headers=GERMAN)
    page = german_page(client, path)
    assert 'title="nicht ausgelegt +100"' in page
    assert english_on_page(page) == set()
