"""``scorekeeper sheet|pad|export|import|backup``: the evening's files, a module each.

``sheet`` and ``pad`` need no database; ``export``, ``import`` and ``backup`` work
on the app's database (``SCOREKEEPER_DATABASE`` or ``instance/scorekeeper.sqlite``),
safely while the server runs. None of them builds the web app: printing and the
database are used directly. Bad input exits 2 with ``{"error", "field"}``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from scorekeeper.storage.disk import DiskFull

from ..refusals import refuse, refusing
from . import backup, export, imports, pad, sheet

# in the order ``scorekeeper --help`` lists them
COMMANDS = {
    "sheet": sheet,
    "pad": pad,
    "export": export,
    "import": imports,
    "backup": backup,
}


def add_commands(commands: Any) -> None:
    for command in COMMANDS.values():
        command.add_command(commands)


def run(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    stdout = stdout or sys.stdout
    work = COMMANDS[args.command].run
    try:
        return refusing(lambda: work(args, stdout), stdout)
    except DiskFull:
        return refuse("the disk is full: nothing was saved", None, stdout)
    except OSError as error:
        name = getattr(error, "filename", None) or ""
        return refuse(f"cannot use {name}: {error.strerror or error}", None, stdout)
