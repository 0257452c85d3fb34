"""``scorekeeper import``: a session file into the app's database."""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from .files import database


def add_command(commands: Any) -> None:
    imported = commands.add_parser("import", help="a session file into the database")
    imported.add_argument("file")


def run(args: argparse.Namespace, stdout: TextIO) -> int:
    # the database loads only for the commands that use it (start-up)
    from scorekeeper.storage import exchange, import_store

    checked = exchange.load_file(args.file)
    with database():
        session = import_store.import_checked(checked)
    print(json.dumps({"edit_link": f"/s/{session.edit_token}"}), file=stdout)
    return 0
