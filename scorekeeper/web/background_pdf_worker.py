"""The background process that makes one very long game's printed sheet (see
:mod:`.background_pdf`): started with the job on its standard input, at a lower priority.

    python -m scorekeeper.web.background_pdf_worker < job.json

(started by background_pdf.start, not by hand)
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys

from scorekeeper.printing.score_pdf import render_sheet
from scorekeeper.storage import session_store
from scorekeeper.storage.game_record import game_record

from .app import create_app
from .background_pdf import failed_key, make
from .errors import kind_of
from .extensions import cache, cached

NICENESS = 10


def database_trouble(database: str, error: sqlite3.Error) -> str:
    """One line for the log (the server's, which this process writes to) on why the sheet
    was not made: a traceback there would say less, in forty lines."""
    what = " ".join(str(error).split())[:160]
    kind = kind_of(error)
    if kind == "damaged":
        return (
            f"scorekeeper: a printed sheet was not made: the database {database} is damaged "
            f"({what}); put back a good copy: `scorekeeper restore` from the replica, or a "
            "copy made by `scorekeeper backup`"
        )
    if kind == "busy":
        return (
            f"scorekeeper: a printed sheet was not made: the database {database} stayed busy "
            f"({what}); it is made when asked for again"
        )
    return f"scorekeeper: a printed sheet was not made: the database {database} failed ({what})"


def main() -> None:
    job = json.load(sys.stdin)
    try:
        _made(job)
    except sqlite3.Error as error:
        print(database_trouble(job["config"]["DATABASE"], error), file=sys.stderr)
        sys.exit(1)


def _made(job: dict) -> None:
    os.nice(NICENESS)
    app = create_app({**job["config"], "CHECK_DATABASE": False})
    key, token, paper, locale = tuple(job["key"]), job["token"], job["paper"], job["locale"]

    def render() -> None:
        with app.app_context():  # the database and the shared cache; no request
            found = session_store.find_session(token)
            if found is None:
                return  # no game has this link (any more): nothing to print
            session = found[0]
            try:
                cached(
                    key,
                    session.revision,
                    lambda: render_sheet(game_record(session), paper, locale),
                )
            except Exception:
                cache.set(failed_key(key), session.revision)  # not tried again at this revision
                raise

    make(job, render)


if __name__ == "__main__":
    main()
