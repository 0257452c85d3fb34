"""What an evening at the table still tripped over (issue 29): a game that is over offers no
round form, and a form left open on another phone is told so when it saves, its entry kept."""

from __future__ import annotations

import html
import re

import pytest

from .sessions import start_game

KING_ENDS_IT = {"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
GAME_OVER = {
    "en": "This game is over: Ana won.",
    "de": "Dieses Spiel ist vorbei: Ana hat gewonnen.",
    "fr": "Cette partie est terminée : Ana a gagné.",
    "vi": "Trận này đã kết thúc: Ana thắng.",
}


def _text(response) -> str:
    return html.unescape(response.data.decode())


def _finished_rummy(client):
    """Basic Rummy to 10: Ana going out against Ben's K (10) ends it at once."""
    path = start_game(client, "rummy", ["Ana", "Ben"], target=10)
    assert client.post(f"{path}/rounds/new", data=KING_ENDS_IT).status_code == 302
    return path


def test_a_finished_game_offers_its_result_and_the_next_game_instead_of_a_round_form(client):
    path = _finished_rummy(client)
    page = _text(client.get(path))
    assert "🏆 Ana won" in page and "New game, same players and house rules" in page
    assert "Enter round" not in page and "/rounds/new" not in page
    opened = client.get(f"{path}/rounds/new")
    assert opened.status_code == 302 and opened.headers["Location"].endswith(path)
    shown = _text(client.get(path))
    assert "This game is over; start a new game with the same players." in shown
    assert 'id="round-form"' not in shown


@pytest.mark.parametrize("lang", ["en", "de", "fr", "vi"])
def test_a_form_left_open_on_another_phone_is_refused_by_name_with_its_entry_kept(app, lang):
    path = start_game(app.test_client(), "rummy", ["Ana", "Ben"], target=10)
    other_phone = app.test_client()
    other_phone.set_cookie("lang", lang, domain="table.test")
    form = _text(other_phone.get(f"{path}/rounds/new?lang={lang}"))
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', form).group(1)
    key = re.search(r'name="submission" type="hidden" value="([^"]+)"', form).group(1)
    assert app.test_client().post(f"{path}/rounds/new", data=KING_ENDS_IT).status_code == 302
    typed = {"winner": "Ben", "end": "out", "hand_0": "QH 7C", "save": "1"}
    answer = other_phone.post(
        f"{path}/rounds/new?lang={lang}", data={**typed, "revision": revision, "submission": key}
    )
    assert answer.status_code == 409  # not a redirect: the queue and the draft keep it
    page = _text(answer)
    assert GAME_OVER[lang] in page
    assert re.search(r'<textarea[^>]*name="hand_0"[^>]*>\s*QH 7C</textarea>', page)
    assert "/again" in page  # the next game is one tap away
    assert app.test_client().get(f"{path}/revision").json["revision"] == 1  # nothing saved


def _loaded(page: str) -> dict[str, str]:
    """The form's revision and one-time key, as a phone holds them."""
    return {
        name: re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)
        for name in ("revision", "submission")
    }


def _both_phones_enter_round_one(app):
    """Ana's phone and Ben's phone open the same new round; Ana's saves first (Basic Rummy:
    Ana goes out, Ben holds K = 10); Ben's then saves Ben going out, Ana holding 7C 7D."""
    path = start_game(app.test_client(), "rummy", ["Ana", "Ben"], target=500)
    ana, ben = app.test_client(), app.test_client()
    ana_keys = _loaded(_text(ana.get(f"{path}/rounds/new")))
    ben_keys = _loaded(_text(ben.get(f"{path}/rounds/new")))
    assert ana.post(f"{path}/rounds/new", data=KING_ENDS_IT | ana_keys).status_code == 302
    typed = {"winner": "Ben", "end": "out", "hand_0": "7C 7D", "save": "1"}
    answer = ben.post(f"{path}/rounds/new", data=typed | ben_keys)
    return path, ben, typed, ben_keys, answer


def test_the_phone_that_loses_a_race_for_a_round_sees_both_and_chooses(app):
    path, ben, typed, keys, answer = _both_phones_enter_round_one(app)
    assert answer.status_code == 409
    page = _text(answer)
    assert "Another phone saved round 1 meanwhile." in page
    assert "check it and save again" not in page
    assert re.search(r'class="theirs">Round 1 as saved meanwhile:\s*Ana went out; Ben KS', page)
    assert re.search(r'class="mine">Yours: Ben went out; Ana 7C 7D', page)
    assert 'name="drop"' in page and "Drop mine (the same hand)" in page
    assert "Save mine as round 2 (a different hand)" in page
    # the entry stays in the form, now based on the revision with the other round in it
    assert re.search(r'<textarea[^>]*name="hand_0"[^>]*>\s*7C 7D</textarea>', page)
    assert _loaded(page) == {"revision": "1", "submission": keys["submission"]}


def test_dropping_mine_saves_nothing(app):
    path, ben, typed, keys, answer = _both_phones_enter_round_one(app)
    again = _loaded(_text(answer))
    for _tap in range(2):
        dropped = ben.post(f"{path}/rounds/new", data=typed | again | {"drop": "y"})
        assert dropped.status_code == 302 and dropped.headers["Location"].endswith(path)
    assert "Your entry was dropped; nothing was saved." in _text(ben.get(path))
    assert ben.get(f"{path}/revision").json["revision"] == 1


def test_saving_mine_as_the_next_round_saves_it_once(app):
    path, ben, typed, keys, answer = _both_phones_enter_round_one(app)
    again = _loaded(_text(answer))
    for _tap in range(2):  # a double tap: the one-time key makes the second a no-op
        saved = ben.post(f"{path}/rounds/new", data=typed | again | {"save": "y"})
        assert saved.status_code == 302
    assert ben.get(f"{path}/revision").json["revision"] == 2
    # round 1: Ana collects K 10; round 2: Ben collects 7 + 7 = 14
    sheet = _text(ben.get(path))
    assert re.findall(r'<th class="total[^"]*">(\d+)</th>', sheet) == ["10", "14"]


def test_a_phom_counted_round_asks_one_toggle_per_player_not_a_list_of_melds(client):
    path = start_game(client, "phom", ["Ana", "Ben", "Cem"])
    client.set_cookie("mode", "count", domain="table.test")
    form = _text(client.get(f"{path}/rounds/new"))
    assert "empty list" not in form
    # the stock ran out: Ana 2 and Ben 9 with a meld, Cem 1 with none (móm): nothing typed
    # but the counts and Cem's toggle
    data = {"mode": "count", "winner": "", "end": "stock", "save": "1"}
    data |= {"count_0": "2", "count_1": "9", "count_2": "1", "nomelds_2": "y"}
    saved = client.post(f"{path}/rounds/new", data=data)
    assert saved.status_code == 302, re.findall(r'class="error"[^>]*>([^<]*)', _text(saved))
    # three players: second place pays 1, móm pays 4 and is out of the order: Ana +5
    sheet = _text(client.get(path))
    assert re.findall(r'<th class="total[^"]*">(-?\d+)</th>', sheet) == ["5", "-1", "-4"]


PRINT_LINK = re.compile(r'<a class="button[^"]*" href="[^"]*/sheet\.pdf\?paper=(\w+)">([^<]*)</a>')


@pytest.mark.parametrize(
    ("accept", "first", "other"),
    [
        ("de-DE,de;q=0.9", ("a4", "Drucken (A4)"), ("letter", "oder auf US-Letter")),
        ("fr-FR,fr;q=0.9", ("a4", "Imprimer (A4)"), ("letter", "ou sur US Letter")),
        ("vi-VN,vi;q=0.9", ("a4", "In (A4)"), ("letter", "hoặc khổ US Letter")),
        ("en-US,en;q=0.9", ("letter", "Print (US Letter)"), ("a4", "or on A4")),
        ("en-GB,en;q=0.9", ("a4", "Print (A4)"), ("letter", "or on US Letter")),
    ],
)
def test_one_print_button_on_the_paper_of_the_phones_country(client, accept, first, other):
    path = start_game(client, "rummy", ["Ana", "Ben"])
    view = re.search(r'href="(/s/[^"]+)" class="link"', _text(client.get(path))).group(1)
    for link in (path, view):  # the editor's page and the read-only one
        page = _text(client.get(link, headers={"Accept-Language": accept}))
        assert PRINT_LINK.findall(page) == [first, other]


def _pdf(client, path):
    import io

    from pypdf import PdfReader

    response = client.get(f"{path}/sheet.pdf")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")
    return PdfReader(io.BytesIO(response.data))


def test_the_pdf_says_chosen_in_bold_only_where_a_house_rule_was_chosen(client):
    plain = start_game(client, "rummy", ["Ana", "Ben"])
    text = "\n".join(page.extract_text() for page in _pdf(client, plain).pages)
    assert "chosen for this table" not in text.replace("\n", " ")
    chosen = start_game(client, "rummy", ["Ana", "Ben"], target=50)
    text = "\n".join(page.extract_text() for page in _pdf(client, chosen).pages)
    assert "(chosen for this table in bold)" in text.replace("\n", " ")


def test_a_player_named_with_an_emoji_prints_as_that_emoji(client):
    path = start_game(client, "rummy", ["Ana 🦊", "Ben"])
    data = {"winner": "Ana 🦊", "end": "out", "hand_1": "KS", "save": "1"}
    assert client.post(f"{path}/rounds/new", data=data).status_code == 302
    reader = _pdf(client, path)
    assert "Ana 🦊" in reader.pages[0].extract_text()
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in reader.pages
        for font in page["/Resources"].get("/Font", {}).values()
    }
    # the fox is drawn from the colour emoji font (fonts-noto-color-emoji), not a fallback box
    assert any("Noto-Color-Emoji" in name for name in fonts), fonts


def test_printed_chart_names_of_close_totals_never_touch(client):
    # the PDF's names are DejaVu Sans at 7 units (templates/sheet_pdf.html); their ink is
    # measured on the font itself: a name with a descender (Giang) above one with
    # Vietnamese marks stacked over a capital (Ấn) needs more than 8 units between baselines
    from PIL import ImageFont

    from scorekeeper.printing.pdf import FONT_DIR
    from scorekeeper.printing.printable import chart

    font = ImageFont.truetype(str(FONT_DIR / "DejaVuSans.ttf"), 700)  # 100 times 7 units
    series = {"Giang": [0, 41], "Ấn": [0, 40], "Bảo": [0, 40]}
    drawn = chart(list(series), series)  # as printable.build draws the sheet's chart
    placed = sorted((line["label_y"], line["player"]) for line in drawn["lines"])
    for (above_y, above), (below_y, below) in zip(placed, placed[1:], strict=False):
        descent = font.getbbox(above, anchor="ls")[3] / 100
        ascent = -font.getbbox(below, anchor="ls")[1] / 100
        assert below_y - above_y >= descent + ascent, (above, below, placed)


# A new round's form open on a phone when another phone ends the game is told at once: it
# listens to the game's stream as a form (?form=1), and is sent only the notice for its top.
STAYS = {
    "en": "This game is over: Ana won. Your entry stays on this phone.",
    "de": "Dieses Spiel ist vorbei: Ana hat gewonnen. Deine Eingabe bleibt auf diesem Telefon.",
    "fr": "Cette partie est terminée : Ana a gagné. Votre saisie reste sur ce téléphone.",
    "vi": "Trận này đã kết thúc: Ana thắng. Phần bạn đã nhập vẫn được giữ trên điện thoại này.",
}


def test_a_new_rounds_form_listens_as_a_form_and_a_correction_does_not(client):
    path = start_game(client, "rummy", ["Ana", "Ben"], target=500)
    form = _text(client.get(f"{path}/rounds/new"))
    listening = re.search(r'<div id="live-form" data-revision="0" data-events-url="([^"]+)"', form)
    assert listening and listening.group(1) == f"{path}/events?form=1"
    assert f'data-parts-url="{path}/rounds/live-parts"' in form
    assert "live.js" in form
    assert client.post(f"{path}/rounds/new", data=KING_ENDS_IT).status_code == 302
    # the kept form of the next round carries the revision it is loaded at
    assert 'id="live-form" data-revision="1"' in _text(client.get(f"{path}/rounds/new"))
    round_id = re.search(rf'href="{path}/rounds/(\d+)"', _text(client.get(path))).group(1)
    assert 'id="live-form"' not in _text(client.get(f"{path}/rounds/{round_id}"))


@pytest.mark.parametrize("lang", ["en", "de", "fr", "vi"])
def test_the_stream_of_a_form_carries_the_game_over_in_its_language(app, lang, monkeypatch):
    from scorekeeper.web import live
    from tests.web.test_live_streams import opened, sheet_events

    monkeypatch.setattr(live, "HEARTBEAT_SECONDS", 1)
    path = start_game(app.test_client(), "rummy", ["Ana", "Ben"], target=10)
    phone = app.test_client()
    stream, chunks = opened(phone, f"{path}/events?form=1&since=0&lang={lang}")
    assert app.test_client().post(f"{path}/rounds/new", data=KING_ENDS_IT).status_code == 302
    [event] = sheet_events(chunks, 1)
    stream.close()
    assert event["id"] == "1"
    notice = html.unescape(event["data"])
    assert notice.startswith('<template data-live="live-game-over"><div id="live-game-over">')
    assert STAYS[lang] in notice and "data-game-over" in notice
    assert f'action="{path}/again"' in notice and "data-csrf-fill" in notice
    assert f'href="{path}"' in notice  # the sheet with the result, one tap away
    assert "live-sheet" not in notice  # a form is sent its notice, not the sheet


def test_a_form_is_sent_an_empty_notice_while_the_game_goes_on(app):
    from tests.web.test_live_streams import opened, sheet_events

    path = start_game(app.test_client(), "rummy", ["Ana", "Ben"], target=500)
    stream, chunks = opened(app.test_client(), f"{path}/events?form=1&since=0")
    assert app.test_client().post(f"{path}/rounds/new", data=KING_ENDS_IT).status_code == 302
    [event] = sheet_events(chunks, 1)
    stream.close()
    assert event["data"] == (
        '<template data-live="live-game-over"><div id="live-game-over"></div></template>'
    )


def test_a_read_only_link_asking_as_a_form_is_sent_its_sheet(app):
    from tests.web.sessions import view_link
    from tests.web.test_live_streams import opened

    client = app.test_client()
    path = start_game(client, "rummy", ["Ana", "Ben"], target=10)
    assert client.post(f"{path}/rounds/new", data=KING_ENDS_IT).status_code == 302
    view = view_link(client, path)
    stream, chunks = opened(app.test_client(), f"{view}/events?form=1&since=0")
    first = next(chunks) + next(chunks)
    stream.close()
    assert b"live-sheet" in first and b"live-game-over" not in first
    assert app.test_client().get(f"{view}/rounds/live-parts").status_code == 403


def test_the_forms_poll_fetches_the_notice_as_the_stream_sends_it(client):
    path = _finished_rummy(client)
    parts = client.get(f"{path}/rounds/live-parts?lang=de")
    assert parts.status_code == 200 and parts.headers["Cache-Control"] == "no-store"
    assert STAYS["de"] in _text(parts)


def test_a_correction_of_a_finished_game_may_still_be_saved(client):
    # Ana out, Ben's K (10) ends Basic Rummy to 10; corrected to Ben's Q (10): still over
    path = _finished_rummy(client)
    round_id = re.search(rf'href="{path}/rounds/(\d+)"', _text(client.get(path))).group(1)
    corrected = {"winner": "Ana", "end": "out", "hand_1": "QS", "save": "1"}
    assert client.post(f"{path}/rounds/{round_id}", data=corrected).status_code == 302
    assert client.get(f"{path}/revision").json["revision"] == 2
