"""``scorekeeper backup``: a consistent copy of the app's database, safe while it serves."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from scorekeeper.rules import RulesError

from .files import database


def add_command(commands: Any) -> None:
    backup = commands.add_parser("backup", help="a consistent copy of the database")
    backup.add_argument("path")


def run(args: argparse.Namespace, stdout: TextIO) -> int:
    # the database loads only for the commands that use it (start-up)
    from scorekeeper.storage import db

    target = Path(args.path)
    if target.exists():
        raise RulesError(f"{target} exists already: choose a new file for the backup", "path")
    with database():
        db.backup(str(target))
    print(json.dumps({"backup": str(target)}), file=stdout)
    return 0
