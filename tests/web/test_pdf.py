"""The printable score sheet: a real PDF (WeasyPrint), read back with pypdf.

Rami penalties from shared/rules/VARIANTS.md: each loser adds the cards in hand
(joker 150, ace 11, J/Q/K 10, others face value), +100 if not yet melded.
"""

import io
import itertools
import re
import subprocess
import tempfile

import pytest
from pypdf import PdfReader

from scorekeeper.printing import printable
from scorekeeper.printing.printable import chart
from scorekeeper.rules import progress
from tests.web.sessions import pdf_text, rami_round, start_game, view_link


def test_sheet_has_rounds_dealers_deltas_running_totals_and_explain_lines(client):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    # Round 1, Ana deals, Ana out: Ben JK 150 + AS 11 + 10H 10 = 171, no meld +100 = 271;
    #   Cem 4C = 4 (had melded).                    running: Ana 0, Ben 271, Cem 4
    # Round 2, Ben deals, Ben out: Ana KD 10; Cem 5S + 5H = 10.
    #                                              running: Ana 10, Ben 271, Cem 14
    # Round 3, Cem deals, Cem out: Ana 2C 2; Ben QH 10.
    #                                              running: Ana 12, Ben 281, Cem 14
    rounds = [
        rami_round("Ana", {"Ben": "JK AS 10H", "Cem": "4C"}, {"Cem"}),
        rami_round("Ben", {"Ana": "KD", "Cem": "5S 5H"}, {"Ana", "Cem"}),
        rami_round("Cem", {"Ana": "2C", "Ben": "QH"}, {"Ana", "Ben"}),
    ]
    for data in rounds:
        assert client.post(f"{path}/rounds/new", data=data).status_code == 302
    text = pdf_text(client.get(f"{path}/sheet.pdf"))
    assert "Rami" in text
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert "Round Dealer End Ana Ben Cem" in lines
    row = {
        number: next(line for line in lines if line.startswith(f"{number} ")) for number in "123"
    }
    assert row["1"].startswith("1 Ana ") and row["1"].endswith("0 (0) +271 * (271) +4 (4)")
    assert row["2"].startswith("2 Ben ") and row["2"].endswith("+10 (10) 0 (271) +10 (14)")
    assert row["3"].startswith("3 Cem ") and row["3"].endswith("+2 (12) +10 (281) 0 (14)")
    assert "Total 12 281 14" in lines
    # suits print as symbols (hearts and diamonds outlined); a compact appendix may wrap a line
    assert "Ben: JK 150 + A♠ 11 + 10♥ 10 = 171, no meld yet +100 = 271" in " ".join(text.split())
    assert "Winner" not in text  # nobody has reached 1000


def test_a_stored_game_prints_the_answer_kept_with_its_rounds(client, monkeypatch):
    """The route hands printing the game's record with the scores kept at each save:
    printing the sheet scores no round again."""
    path = start_game(client, "rummy", ["Ana", "Ben"])
    # Ana collects Ben's KS 10 + 7D 7 = 17
    data = {"winner": "Ana", "end": "out", "hand_1": "KS 7D", "save": "1"}
    assert client.post(f"{path}/rounds/new", data=data).status_code == 302
    scored = []

    def counted(request):
        scored.append(request)
        return played(request)

    played = progress.played
    monkeypatch.setattr(progress, "played", counted)
    monkeypatch.setattr(printable, "played", counted)
    text = " ".join(pdf_text(client.get(f"{path}/sheet.pdf")).split())
    assert "Total 17 0" in text
    assert scored == []


def test_finished_game_names_the_winner(client):
    # Basic Rummy to 10 points: Ana collects Ben's K 10 + 7 = 17 and wins at once
    path = start_game(client, "rummy", ["Ana", "Ben"], target=10)
    data = {"winner": "Ana", "end": "out", "hand_1": "KS 7D", "save": "1"}
    client.post(f"{path}/rounds/new", data=data)
    text = pdf_text(client.get(f"{path}/sheet.pdf"))
    assert re.search(r"Winner: Ana\b", text)
    assert "Total 17 0" in " ".join(text.split())


def test_read_only_link_prints_too_and_the_file_is_named(client):
    path = start_game(client, "rummy", ["Ana", "Ben"])
    response = client.get(f"{view_link(client, path)}/sheet.pdf")
    text = pdf_text(response)
    assert "Ana" in text and "Ben" in text
    disposition = response.headers["Content-Disposition"]
    assert re.search(r'filename="?scorekeeper-rummy-\d{4}-\d\d-\d\d\.pdf', disposition)


def test_unknown_session_has_no_sheet(client):
    assert client.get("/s/no-such-link/sheet.pdf").status_code == 404


def _archival_facts(pdf: bytes) -> tuple[str, str, str]:
    """What pdfinfo says of the file: whether it is tagged, its XMP, and its language."""
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(pdf)
        file.flush()
        info = subprocess.run(["pdfinfo", file.name], capture_output=True, text=True).stdout
        xmp = subprocess.run(["pdfinfo", "-meta", file.name], capture_output=True, text=True)
    lang = PdfReader(io.BytesIO(pdf)).trailer["/Root"].get("/Lang")
    return info, xmp.stdout, str(lang)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_sheets_and_pads_are_tagged_archival_pdfs_in_the_readers_language(client, lang):
    path = start_game(client, "rummy", ["Ana", "Ben"])
    for url in (f"{path}/sheet.pdf", "/variants/rummy/pad.pdf?players=2"):
        response = client.get(url, headers={"Accept-Language": lang})
        pdf_text(response)
        info, xmp, document_lang = _archival_facts(response.data)
        # read by screen readers: a structure tree; kept for years: PDF/A-3 (level A), and
        # it says PDF/UA-1 too
        assert re.search(r"^Tagged:\s+yes$", info, re.M)
        assert 'pdfaid:part="3"' in xmp and 'pdfaid:conformance="A"' in xmp
        assert "<pdfuaid:part>1</pdfuaid:part>" in xmp
        assert document_lang == lang


def _figures(node) -> list:
    """The Figure elements of a PDF's structure tree, depth first."""
    node = node.get_object()
    found = [node] if node.get("/S") == "/Figure" else []
    kids = node.get("/K", [])
    for kid in kids if isinstance(kids, list) else [kids]:
        kid = kid.get_object()
        if hasattr(kid, "get"):
            found += _figures(kid)
    return found


def test_the_sheets_chart_is_read_out_by_its_title(client):
    path = start_game(client, "rummy", ["Ana", "Ben"])
    data = {"winner": "Ana", "end": "out", "hand_1": "KS 7D", "save": "1"}
    assert client.post(f"{path}/rounds/new", data=data).status_code == 302
    response = client.get(f"{path}/sheet.pdf", headers={"Accept-Language": "de"})
    root = PdfReader(io.BytesIO(response.data)).trailer["/Root"]["/StructTreeRoot"]
    assert [str(figure.get("/Alt")) for figure in _figures(root)] == ["Zwischenstände"]


def test_chart_names_never_overlap_and_stay_inside(client):
    # three totals ending together at 0 and one far above: the three names are moved
    # apart by a line of text each (8 pt), the lowest still inside the 200 pt box
    series = {"Ana": [0, 0], "Ben": [0, 271], "Cem": [0, 0], "Dan": [0, 0]}
    drawn = chart(list(series), series, label_gap=8)
    placed = sorted(line["label_y"] for line in drawn["lines"])
    assert all(below - above >= 8 for above, below in itertools.pairwise(placed)), placed
    assert placed[0] >= 7 and placed[-1] <= 200


def test_a_long_name_beside_the_chart_is_shortened_not_cut_at_its_edge(client):
    # the chart keeps about 85 units right of its lines for the names: 16 characters of
    # this one reach its edge, so it ends with an ellipsis after its first 15
    path = start_game(client, "rummy", ["Anastasia Konstantinopoulou", "Ben"])
    data = {"winner": "Ben", "end": "out", "hand_0": "KS 7D", "save": "1"}
    assert client.post(f"{path}/rounds/new", data=data).status_code == 302
    text = pdf_text(client.get(f"{path}/sheet.pdf"))
    assert "Anastasia Konst…" in text


def test_the_sheet_points_to_a_section_it_has_one_line_a_round_and_no_empty_column(client):
    path = start_game(client, "rami", ["Ana", "Ben", "Cem"])
    rounds = [
        rami_round("Ana", {"Ben": "JK AS 10H", "Cem": "4C"}, {"Cem"}),
        rami_round("Ben", {"Ana": "KD", "Cem": "5S 5H"}, {"Ana", "Cem"}),
    ]
    for data in rounds:
        assert client.post(f"{path}/rounds/new", data=data).status_code == 302
    lines = [
        " ".join(line.split()) for line in pdf_text(client.get(f"{path}/sheet.pdf")).splitlines()
    ]
    text = " ".join(lines)
    assert "(see “How each round was scored”)" in text and "How each round was scored" in lines
    # each round's explanation starts a line of its own
    assert any(
        line.startswith("1. Ana: went out: 0") and line.endswith("Cem: 4♣ 4") for line in lines
    )
    assert any(line.startswith("2. Ana: K♦ 10") for line in lines)
    # nobody has won yet: the standings have no winner column
    assert "Rank Player Total Rounds won" in lines
    assert "Winner" not in text


def test_streams_compressed_once_draw_what_weasyprint_draws_and_keep_the_identifier():
    from weasyprint import HTML

    from scorekeeper.printing import pdf

    html = '<html lang="en"><title>Ana</title><h1>Ana</h1><pre>  1  Ana  +17 (17)</pre></html>'
    options = {
        "pdf_variant": pdf.ARCHIVAL_VARIANT,
        "xmp_metadata": [pdf.UNIVERSAL_ACCESS_XMP],
    }
    plain = PdfReader(io.BytesIO(HTML(string=html).write_pdf(**options)))
    finished = HTML(string=html).write_pdf(finisher=pdf.compress_streams_once, **options)
    reader = PdfReader(io.BytesIO(finished))
    assert [page.get_contents().get_data() for page in reader.pages] == [
        page.get_contents().get_data() for page in plain.pages
    ]
    assert reader.pages[0].extract_text() == "Ana\n  1  Ana  +17 (17)"
    # PDF/A requires a file identifier: two strings in the trailer
    assert len(reader.trailer["/ID"]) == 2
