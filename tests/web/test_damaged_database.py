"""A damaged database is said, not served (issue 18, item 10).

The attack: 20 KB of random bytes written into the middle of the database file. Before,
the server started and every page was a 500 with a traceback in the log.
"""

import random
import sqlite3

from scorekeeper import create_app
from tests.command import scorekeeper
from tests.web.conftest import SECRET_KEY
from tests.web.serving import free_port
from tests.web.sessions import start_game


def a_database_with_games(tmp_path, games=12):
    path = tmp_path / "scorekeeper.sqlite"
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(path),
            "SECRET_KEY": SECRET_KEY,
            "WTF_CSRF_ENABLED": False,
            "SERVER_NAME": "table.test",
        }
    )
    client = app.test_client()
    edit_paths = []
    for _ in range(games):
        path_of_game = start_game(client, "rummy", ["Ana", "Ben"])
        for hand in ("KS 7D", "QH", "2C 3C"):
            client.post(
                f"{path_of_game}/rounds/new",
                data={"winner": "Ana", "end": "out", "hand_1": hand, "save": "1"},
            )
        edit_paths.append(path_of_game)
    with sqlite3.connect(path) as conn:  # everything in the main file, nothing left in the WAL
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path, edit_paths


def test_serve_refuses_a_damaged_database_in_one_line(tmp_path):
    path, _ = a_database_with_games(tmp_path)
    data = bytearray(path.read_bytes())
    assert len(data) > 60_000
    middle = len(data) // 2 - 10_000
    data[middle : middle + 20_000] = random.Random(18).randbytes(20_000)
    path.write_bytes(bytes(data))

    result = scorekeeper("serve", "--port", free_port(), database=path)

    assert result.returncode == 2
    said = result.stderr.strip().splitlines()
    assert len(said) == 1, said
    assert said[0].startswith(f"scorekeeper: the database {path} is damaged")
    assert "scorekeeper restore" in said[0] and "scorekeeper backup" in said[0]
    assert result.stdout == ""  # it never said it was running


def test_a_database_damaged_while_serving_answers_one_clear_page(tmp_path):
    path, edit_paths = a_database_with_games(tmp_path)
    with sqlite3.connect(path) as conn:
        roots = [
            row[0]
            for row in conn.execute(
                "select rootpage from sqlite_master where tbl_name = 'sessions' and rootpage > 0"
            )
        ]
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    noise = random.Random(18)
    with open(path, "r+b") as file:  # the games' table and its indexes: any page needs them
        for root in roots:
            file.seek((root - 1) * page_size)
            file.write(noise.randbytes(page_size))
    # as a server already running when the disk went bad: no check at its start
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(path),
            "SECRET_KEY": SECRET_KEY,
            "SERVER_NAME": "table.test",
            "CHECK_DATABASE": False,
        }
    )
    client = app.test_client()

    for path_of_game in edit_paths[:3]:
        answer = client.get(path_of_game)
        page = answer.data.decode()
        assert answer.status_code == 503
        assert "The database is damaged" in page
        assert "scorekeeper restore" in page and "scorekeeper backup" in page
        assert "Traceback" not in page and "sqlite3" not in page
