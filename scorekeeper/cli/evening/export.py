"""``scorekeeper export``: a session of the app's database, by its link, as JSON or CSV."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from scorekeeper.rules import RulesError, game

from .files import database, write


def add_command(commands: Any) -> None:
    export = commands.add_parser("export", help="a session (by its link) as JSON or CSV")
    export.add_argument("link", help="the session's edit or read-only link (or its last part)")
    export.add_argument("-o", "--output", help="file to write (default: standard output)")
    export.add_argument("--csv", action="store_true", help="round by player, for a spreadsheet")


def run(args: argparse.Namespace, stdout: TextIO) -> int:
    # the database loads only for the commands that use it (start-up)
    from scorekeeper.storage import (
        exchange,
        history_store,
        round_store,
        session_store,
    )

    token = args.link.rstrip("/").rsplit("/", 1)[-1]
    with database():
        found = session_store.find_session(token)
        if found is None:
            raise RulesError("no session has this link: copy the whole link", "link")
        session, rounds = round_store.snapshot(found[0].id)
        data = exchange.record(
            session,
            rounds,
            history_store.versions_of(session),
            session_store.session_details(session.id),
        )
    if args.csv:
        write(args.output, exchange.to_csv(data["game"], game(data["game"])).encode(), stdout)
    else:
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        write(args.output, text.encode("utf-8"), stdout)
    return 0
