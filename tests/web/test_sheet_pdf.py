"""The session sheet PDF, read back with pypdf, for a hand-worked Rami and Phỏm evening.

Rami (VARIANTS.md): each loser adds the cards in hand (joker 150, ace 11, J/Q/K 10,
others face value), +100 if not yet melded; passing the target ends the game and
the lowest total wins. Phỏm: tests/phom_evening.py.
"""

import io
import json
import shutil
import subprocess

from pypdf import PdfReader

from tests.phom_evening import phom_evening
from tests.web.sessions import pdf_text, rami_round, start_game


def pdf_lines(response):
    return [" ".join(line.split()) for line in pdf_text(response).splitlines()]


def rami_evening(client):
    # target 280. Round 1 (Ana deals, Ana out): Ben JK 150 + AS 11 + 10H 10 + 100 unmelded = 271,
    #   Cem 4C 4.                                         running 0 / 271 / 4
    # Round 2 (Ben deals, Ben out): Ana KD 10, Cem 5S + 5H = 10.   10 / 271 / 14
    # Round 3 (Cem deals, Cem out): Ana 2C 2, Ben QH 10.          12 / 281 / 14
    # Ben passes 280: the game ends; lowest wins: Ana 12, then Cem 14, then Ben 281.
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"], target=280)
    for data in (
        rami_round("Ana", {"Ben": "JK AS 10H", "Cem": "4C"}, {"Cem"}),
        rami_round("Ben", {"Ana": "KD", "Cem": "5S 5H"}, {"Ana", "Cem"}),
        rami_round("Cem", {"Ana": "2C", "Ben": "QH"}, {"Ana", "Ben"}),
    ):
        assert client.post(f"{path}/rounds/new", data=data).status_code == 302
    client.post(
        f"{path}/details", data={"name": "Rami at Cem's", "stake": "0.05", "currency": "EUR"}
    )
    return path


def test_rami_evening_rounds_totals_ranks_winner_and_settlement(client):
    lines = pdf_lines(client.get(f"{rami_evening(client)}/sheet.pdf"))
    assert lines[0] == "Rami at Cem's"
    assert "Round Dealer End Ana Ben Cem" in lines
    assert "1 Ana Ana went out 0 (0) +271 * (271) +4 (4)" in lines
    assert "2 Ben Ben went out +10 (10) 0 (271) +10 (14)" in lines
    assert "3 Cem Cem went out +2 (12) +10 (281) 0 (14)" in lines
    assert "Total 12 281 14" in lines
    # ranks, lowest first: Ana 12, Cem 14, Ben 281; the winner marked in words, not colour
    assert "1 Ana 12 1 ★ winner" in lines
    assert "2 Cem 14 1" in lines
    assert "3 Ben 281 1" in lines
    assert any(line.startswith("★ Winner: Ana") for line in lines)
    # each pays the difference to Ana at 5 cents: Ben 269 x 0.05 = 13.45, Cem 2 x 0.05 = 0.10
    assert "Ben → Ana: €13.45" in lines
    assert "Cem → Ana: €0.10" in lines


def test_phom_evening_chips_netted(client):
    # worked in tests/phom_evening.py: round 1 Ana +7, Ben -2, Cem -1, Dan -4; round 2 Ben ù,
    # Ana 1, Ben 16, Cem -7, Dan -10. Not over; ranks Ben, Ana, Cem, Dan.
    # Netted chips, fewest payments: Dan pays Ben 10, Cem pays Ben 6 and Ana 1.
    game = phom_evening()
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(game).encode()), "phom.json")},
        content_type="multipart/form-data",
    )
    path = response.headers["Location"].replace("http://table.test", "")
    lines = pdf_lines(client.get(f"{path}/sheet.pdf"))
    assert "Round Dealer End Ana Ben Cem Dan" in lines
    assert "1 Dan stock ran out +7 (7) -2 (-2) -1 (-1) -4 (-4)" in lines
    assert "2 Ana Ben went rummy -6 (1) +18 (16) -6 (-7) -6 (-10)" in lines
    assert "Total 1 16 -7 -10" in lines
    assert "Totals so far" in lines
    assert [
        line for line in lines if line[:2] in ("1 ", "2 ", "3 ", "4 ") and line.count(" ") == 3
    ] == ["1 Ben 16 1", "2 Ana 1 1", "3 Cem -7 0", "4 Dan -10 0"]
    assert "Cem → Ana: 1 point" in lines
    assert "Cem → Ben: 6 points" in lines
    assert "Dan → Ben: 10 points" in lines


def test_us_letter_on_request_and_a4_by_default(client):
    path = rami_evening(client)
    a4 = PdfReader(io.BytesIO(client.get(f"{path}/sheet.pdf").data)).pages[0].mediabox
    letter = PdfReader(io.BytesIO(client.get(f"{path}/sheet.pdf?paper=letter").data)).pages[0]
    assert (round(float(a4.width)), round(float(a4.height))) == (595, 842)
    assert (round(float(letter.mediabox.width)), round(float(letter.mediabox.height))) == (612, 792)


def test_long_sessions_repeat_the_heading_on_every_page_with_page_numbers(client):
    # 120 imported Basic Rummy rounds (target far away): Ana collects 5 from Ben each time
    game = {
        "variant": "rummy",
        "options": {"target": 10000},
        "players": ["Ana", "Ben"],
        "rounds": [{"winner": "Ana", "hands": {"Ben": ["5C"]}}] * 120,
    }
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(game).encode()), "long.json")},
        content_type="multipart/form-data",
    )
    path = response.headers["Location"].replace("http://table.test", "")
    reader = PdfReader(io.BytesIO(client.get(f"{path}/sheet.pdf").data))
    pages = [" ".join(page.extract_text().split()) for page in reader.pages]
    assert len(pages) >= 3
    for number, text in enumerate(pages, start=1):
        assert f"{number} / {len(pages)}" in text  # page numbers in the footer
        assert "Round Dealer End Ana Ben" in text or number > 2  # heading over every table page
    assert "120 Ben Ana went out" in " ".join(pages)
    # the fonts travel inside the file (a subset of DejaVu, with its glyph data)
    fonts = [
        font.get_object() for page in reader.pages for font in page["/Resources"]["/Font"].values()
    ]
    # "Sheet Sans" and "Sheet Mono" are DejaVu files loaded by the print stylesheet
    assert {"Sheet-Sans", "Sheet-Mono"} <= {str(f["/BaseFont"]).split("+")[-1] for f in fonts}
    assert all(
        "/FontFile2" in font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        or "/FontFile3" in font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        for font in fonts
        if "/DescendantFonts" in font
    )


def test_first_page_renders_to_a_picture_that_is_not_blank(client, tmp_path):
    pdftoppm = shutil.which("pdftoppm")
    assert pdftoppm, "pdftoppm is missing: install poppler-utils (scripts/setup does)"
    sheet = tmp_path / "sheet.pdf"
    sheet.write_bytes(client.get(f"{rami_evening(client)}/sheet.pdf").data)
    subprocess.run(
        [pdftoppm, "-gray", "-r", "40", "-f", "1", "-l", "1", str(sheet), str(tmp_path / "page")],
        check=True,
        timeout=60,
    )
    picture = next(tmp_path.glob("page*.pgm")).read_bytes()
    # binary PGM: "P5", width, height, maxval, then one byte a pixel
    header = picture.split(maxsplit=4)
    width, height = int(header[1]), int(header[2])
    pixels = picture[-width * height :]
    dark = sum(1 for value in pixels if value < 128)
    assert dark > 0.01 * width * height


def test_hearts_and_diamonds_print_red(client, tmp_path):
    # the appendix holds 10H, KD, 5H and QH: their suit symbols are the only red on the sheet
    pdftoppm = shutil.which("pdftoppm")
    assert pdftoppm, "pdftoppm is missing: install poppler-utils (scripts/setup does)"
    sheet = tmp_path / "sheet.pdf"
    sheet.write_bytes(client.get(f"{rami_evening(client)}/sheet.pdf").data)
    subprocess.run(
        [pdftoppm, "-r", "60", str(sheet), str(tmp_path / "page")], check=True, timeout=60
    )
    red = 0
    for page in tmp_path.glob("page*.ppm"):
        picture = page.read_bytes()
        header = picture.split(maxsplit=4)  # binary PPM: "P6", width, height, maxval, RGB bytes
        width, height = int(header[1]), int(header[2])
        pixels = picture[-3 * width * height :]
        red += sum(
            1
            for i in range(0, len(pixels), 3)
            if pixels[i] > 150 and pixels[i + 1] < 90 and pixels[i + 2] < 90
        )
    assert red > 0
