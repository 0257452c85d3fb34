"""The command line's way to the database: opened by its path, with no Flask app."""

import sqlite3

import pytest

from scorekeeper.storage import db, exchange, import_store, session_store
from scorekeeper.storage.one_at_a_time import lock_path

GAME = {
    "variant": "rummy",
    "players": ["Ana", "Ben"],
    "dealer": "Ana",
    "rounds": [{"winner": "Ana", "end": "out", "hands": {"Ben": ["KS", "7D"]}}],
}


def test_the_store_works_on_a_database_opened_by_its_path(tmp_path):
    path = str(tmp_path / "club.sqlite")
    checked = exchange.read(GAME)
    with db.opened(path) as opened:
        assert db.get_db() is opened and db.database_path() == path
        session = import_store.import_checked(checked)
        session_id = session.id
        assert session_store.find_session(session.edit_token)[0].id == session_id
        assert lock_path("rebuild-1").parent == tmp_path / "locks"  # beside the database
    # the block's end closes it; outside a request and any command there is no database
    with pytest.raises(sqlite3.ProgrammingError):
        opened.execute("select 1")
    with pytest.raises(RuntimeError):
        db.get_db()
    # and what was written is in the file: KS 10 + 7D 7 = 17 for Ana
    with db.opened(path):
        assert session_store.get_session(session_id).summary["leaders"] == ["Ana"]


def test_a_database_whose_folder_is_missing_is_refused_by_name(tmp_path):
    with (
        pytest.raises(RuntimeError, match="folder .*gone does not exist"),
        db.opened(str(tmp_path / "gone" / "club.sqlite")),
    ):
        pass
