"""scorekeeper sheet | pad | export | import: the evening's files from the command line."""

import io
import json

from pypdf import PdfReader

from scorekeeper.cli.main import main
from scorekeeper.printing import printable
from scorekeeper.rules import progress
from tests.command import scorekeeper

# Basic Rummy: Ana collects KS 10 + 7D 7 = 17, then Ben collects 5C = 5
GAME = {
    "variant": "rummy",
    "players": ["Ana", "Ben"],
    "dealer": "Ana",
    "rounds": [
        {"winner": "Ana", "end": "out", "hands": {"Ben": ["KS", "7D"]}},
        {"winner": "Ben", "end": "out", "hands": {"Ana": ["5C"]}},
    ],
}


def text_of(path):
    pages = PdfReader(io.BytesIO(path.read_bytes())).pages
    return [" ".join(line.split()) for page in pages for line in page.extract_text().splitlines()]


def test_sheet_of_a_game_file_with_a_stake(tmp_path):
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    out = tmp_path / "sheet.pdf"
    done = scorekeeper("sheet", game, "-o", out, "--stake", "0.10", "--currency", "usd")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = text_of(out)
    assert "1 Ana Ana went out +17 (17) 0 (0)" in lines
    assert "2 Ben Ben went out 0 (17) +5 (5)" in lines
    assert "Total 17 5" in lines
    # points scored only: Ben pays the leader the difference, 12 x 0.10 USD
    assert "Ben → Ana: $1.20" in lines


def test_a_sheet_scores_the_game_once(tmp_path, monkeypatch, capsys):
    """The engine's answer worked out as the file is checked is the one printed: the rounds
    are not scored again to print them."""
    scored = []

    def counted(request):
        scored.append(len(request["rounds"]))
        return played(request)

    played = progress.played
    monkeypatch.setattr(progress, "played", counted)
    monkeypatch.setattr(printable, "played", counted)
    game = tmp_path / "game.json"
    out = tmp_path / "sheet.pdf"
    for dealer in ({"dealer": "Ana"}, {}):  # a file that names no dealer: the first seat
        scored.clear()
        game.write_text(json.dumps({**GAME, **dealer}))
        assert main(["sheet", str(game), "-o", str(out)]) == 0, capsys.readouterr().out
        assert scored == [2]
        assert "Total 17 5" in text_of(out)


def test_pad_of_a_variant(tmp_path):
    out = tmp_path / "pad.pdf"
    assert scorekeeper("pad", "kaluki", "-o", out, "--players", "3").returncode == 0
    text = " ".join(text_of(out))
    assert "Kaluki" in text and "Player 3" in text and "Joker 25" in text


def test_export_and_import_through_the_database(tmp_path):
    database = tmp_path / "cli.sqlite"
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    done = scorekeeper("import", game, database=database)
    assert done.returncode == 0, done.stdout + done.stderr
    link = json.loads(done.stdout)["edit_link"]
    exported = scorekeeper("export", link, database=database)
    assert exported.returncode == 0
    data = json.loads(exported.stdout)
    assert data["game"]["rounds"] == GAME["rounds"]
    assert data["result"]["totals"] == {"Ana": 17, "Ben": 5}
    as_csv = scorekeeper("export", link, "--csv", database=database)
    assert as_csv.stdout.lstrip("\ufeff").splitlines()[-1] == "Total,,,,,,17,5"


def test_bad_input_exits_2_naming_the_problem(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(dict(GAME, variant="canasta")))
    done = scorekeeper("sheet", broken, "-o", tmp_path / "x.pdf")
    assert done.returncode == 2
    assert "unknown variant 'canasta'" in json.loads(done.stdout)["error"]
    assert not (tmp_path / "x.pdf").exists()
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000)
    done = scorekeeper("import", deep, database=tmp_path / "empty.sqlite")
    assert done.returncode == 2
    assert "nested more than 32 levels deep" in json.loads(done.stdout)["error"]
    done = scorekeeper("sheet", tmp_path / "missing.json", "-o", tmp_path / "x.pdf")
    assert done.returncode == 2 and json.loads(done.stdout)["field"] == "file"
    done = scorekeeper("pad", "canasta", "-o", tmp_path / "p.pdf")
    assert done.returncode == 2 and json.loads(done.stdout)["field"] == "variant"
    done = scorekeeper("export", "no-such-link", database=tmp_path / "empty.sqlite")
    assert done.returncode == 2 and json.loads(done.stdout)["field"] == "link"
    done = scorekeeper("backup", tmp_path / "b.sqlite", database=tmp_path / "gone" / "club.sqlite")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "gone does not exist" in json.loads(done.stdout)["error"]


def test_a_sheet_in_german_writes_its_words_and_its_money_in_german(tmp_path):
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    out = tmp_path / "sheet.pdf"
    done = scorekeeper(
        "sheet", game, "-o", out, "--stake", "0.10", "--currency", "usd", "--lang", "de"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = text_of(out)
    # the catalog's words: Runde, Geber, Summe; Ana "ausgemacht" (went out)
    assert any(line.startswith("Runde Geber") for line in lines)
    assert "1 Ana Ana ausgemacht +17 (17) 0 (0)" in lines
    assert "Summe 17 5" in lines
    # Ben pays 12 x 0.10 USD, written as German writes dollars
    assert "Ben → Ana: 1,20 $" in lines


def test_a_pad_in_german(tmp_path):
    out = tmp_path / "pad.pdf"
    assert scorekeeper("pad", "kaluki", "-o", out, "--players", "3", "--lang", "de").returncode == 0
    text = " ".join(text_of(out))
    assert "Spieler 3" in text and "Summe" in text and "Player" not in text


def test_an_unknown_language_is_refused(tmp_path):
    done = scorekeeper("pad", "kaluki", "-o", tmp_path / "pad.pdf", "--lang", "xx")
    assert done.returncode == 2 and "'xx' is not a language we speak" in done.stderr
    assert not (tmp_path / "pad.pdf").exists()
