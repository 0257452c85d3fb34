"""``scorekeeper restore``: the database rebuilt from its replica (see :mod:`.replica`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO

from scorekeeper import settings
from scorekeeper.storage.replica import ReplicaError, restore

from .refusals import refuse


def add_command(commands: Any) -> None:
    """``scorekeeper restore URL [-o PATH] [--timestamp T] [--force]``."""
    command = commands.add_parser("restore", help="rebuild the database from its replica")
    command.add_argument("url", help="the replica: file:///..., s3://bucket/path, sftp://...")
    command.add_argument(
        "-o", "--output", help="the database to write (default: the app's database)"
    )
    command.add_argument(
        "--timestamp", help="the state at this moment (2026-11-25T21:30:00Z) instead of the latest"
    )
    command.add_argument(
        "--force", action="store_true", help="replace an existing database (stop the server first)"
    )


def run(args: Any, stdout: TextIO) -> int:
    """Restore as asked; prints what the database holds, or refuses in one line (exit 2)."""
    output = Path(args.output or settings.read()["DATABASE"])
    try:
        found = restore(args.url, output, args.timestamp, args.force)
    except ReplicaError as error:
        return refuse(error.message, None, stdout)
    print(json.dumps({"restored": str(output.absolute()), **found}), file=stdout)
    return 0
