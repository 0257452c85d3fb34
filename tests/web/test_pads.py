"""Blank score pads: columns for the players, rows for rounds, the variant's cheat sheet."""

import io

from pypdf import PdfReader


def pad_text(response):
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(response.data)).pages
    )


def test_rami_pad_has_player_columns_rows_and_its_numbers(client):
    text = pad_text(client.get("/variants/rami/pad.pdf?players=5"))
    assert "Rami (France) · score pad" in text
    assert "Player 5" in text and "Player 6" not in text
    assert " 24 " in text and "Total" in text
    # from VARIANTS.md: ace 11, joker 150, +100 not yet melded, +100 rummy, +200 from a bare table
    assert "A 11" in text and "Joker 150" in text
    assert "not yet melded 100" in text and "winner went rummy 100" in text
    assert "rummy from a table with no meld 200" in text
    assert "when a player passes 1000; lowest total wins" in text
    # five players: three decks, six jokers, 14 cards
    assert "3 decks, 6 jokers, 14 cards each (5 players)" in text


def test_carousel_pad_names_its_bonuses_and_target(client):
    text = pad_text(client.get("/variants/carousel/pad.pdf"))
    assert "undercut 10" in text and "out with no cards left 25" in text
    assert "reaching the target at the end 100" in text and "per round won at the end 25" in text
    assert "knock with at most 5" in text and "first to reach 150" in text


def test_pad_on_letter_paper(client):
    page = PdfReader(io.BytesIO(client.get("/variants/rummy/pad.pdf?paper=letter").data)).pages[0]
    assert round(float(page.mediabox.width)) == 612


def test_unknown_variant_or_impossible_table_has_no_pad(client):
    assert client.get("/variants/canasta/pad.pdf").status_code == 404
    assert client.get("/variants/rami/pad.pdf?players=9").status_code == 400


def test_phom_pad_lists_its_chips_from_the_data(client):
    text = pad_text(client.get("/variants/phom/pad.pdf?players=4"))
    # VARIANTS.md, Phỏm: móm pays 4, ù 6 from each (12 with every card melded), a fed discard 1
    assert "A player with no meld at all (móm) pays 4" in text
    assert "Ù, melded with a discard: from each other player 6" in text
    assert "Ù with every card melded: from each other player 12" in text
    assert "Each discard the next player took: paid to that player 1" in text
