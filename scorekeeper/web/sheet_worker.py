"""The background process that makes one very long game's printed sheet (see
:mod:`.sheet_jobs`): started with the job on its standard input, at a lower priority.

    python -m scorekeeper.web.sheet_worker < job.json   (started by sheet_jobs.start, not by hand)
"""

from __future__ import annotations

import json
import os
import sys

from scorekeeper.printing.sheets import sheet_document
from scorekeeper.storage import session_store

from .app import create_app
from .extensions import cache, kept
from .sheet_jobs import failed_key, make

NICENESS = 10


def main() -> None:
    job = json.load(sys.stdin)
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
                kept(key, session.revision, lambda: sheet_document(session, paper, locale))
            except Exception:
                cache.set(failed_key(key), session.revision)  # not tried again at this revision
                raise

    make(job, render)


if __name__ == "__main__":
    main()
