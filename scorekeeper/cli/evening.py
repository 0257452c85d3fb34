"""``scorekeeper sheet|pad|export|import|backup``: the evening's files from the command line.

``sheet`` and ``pad`` need no database; ``export``, ``import`` and ``backup`` work
on the app's database (``SCOREKEEPER_DATABASE`` or ``instance/scorekeeper.sqlite``),
safely while the server runs. None of them builds the web app: printing and the
database are used directly. Bad input exits 2 with ``{"error", "field"}``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from scorekeeper.language.stakes import checked_stake
from scorekeeper.printing.pads import render_pad
from scorekeeper.rules import RulesError, game
from scorekeeper.rules.catalog import get_variant
from scorekeeper.storage import settings
from scorekeeper.storage.disk import DiskFull

from .refusals import language, refuse, refusing

COMMANDS = ("sheet", "pad", "export", "import", "backup")


def add_commands(commands: Any) -> None:
    sheet = commands.add_parser("sheet", help="print a game (contract JSON or an export) to PDF")
    sheet.add_argument("file", help="the game's JSON: the contract's game form or an export")
    sheet.add_argument("-o", "--output", required=True, help="the PDF to write")
    sheet.add_argument("--paper", choices=("a4", "letter"), default="a4")
    sheet.add_argument("--stake", help="money per point, for the settlement (with --currency)")
    sheet.add_argument("--currency", help="ISO code such as EUR")
    sheet.add_argument(
        "--locale", help="how money is written (en, de, ...; default: the sheet's language)"
    )
    sheet.add_argument(
        "--lang", type=language, default="en", help="the sheet's words (en, de, fr, vi)"
    )
    pad = commands.add_parser("pad", help="a blank score pad of a variant, as PDF")
    pad.add_argument("variant")
    pad.add_argument("-o", "--output", required=True)
    pad.add_argument("--players", type=int, default=None)
    pad.add_argument("--paper", choices=("a4", "letter"), default="a4")
    pad.add_argument("--lang", type=language, default="en", help="the pad's words (en, de, fr, vi)")
    export = commands.add_parser("export", help="a session (by its link) as JSON or CSV")
    export.add_argument("link", help="the session's edit or read-only link (or its last part)")
    export.add_argument("-o", "--output", help="file to write (default: standard output)")
    export.add_argument("--csv", action="store_true", help="round by player, for a spreadsheet")
    imported = commands.add_parser("import", help="a session file into the database")
    imported.add_argument("file")
    backup = commands.add_parser("backup", help="a consistent copy of the database")
    backup.add_argument("path")


def run(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    stdout = stdout or sys.stdout
    work = {
        "sheet": _sheet,
        "pad": _pad,
        "import": _import,
        "export": _export,
        "backup": _backup,
    }[args.command]
    try:
        return refusing(lambda: work(args, stdout), stdout)
    except DiskFull:
        return refuse("the disk is full: nothing was saved", None, stdout)
    except OSError as error:
        name = getattr(error, "filename", None) or ""
        return refuse(f"cannot use {name}: {error.strerror or error}", None, stdout)


@contextmanager
def _database() -> Iterator[None]:
    """The app's database, open for the command (no web app: the store reaches it by path)."""
    # the database loads only for the commands that use it (start-up)
    from scorekeeper.storage.db import opened

    try:
        with opened(settings.read()["DATABASE"]):
            yield
    except RuntimeError as error:  # a database that cannot work (its folder, damaged)
        raise RulesError(str(error), None) from error
    except sqlite3.Error as error:
        raise RulesError(f"cannot open the database: {error}", None) from error


def _write(path: str | None, data: bytes, stdout: TextIO) -> None:
    if path in (None, "-"):
        stream = getattr(stdout, "buffer", None)
        if stream is not None:
            stream.write(data)
        else:
            stdout.write(data.decode("utf-8"))
        return
    Path(path).write_bytes(data)


def _sheet(args: argparse.Namespace, stdout: TextIO) -> int:
    # the stored sheet's modules (and the database library) load only to print (start-up)
    from scorekeeper.printing.sheets import render_sheet
    from scorekeeper.storage.exchange import load_file
    from scorekeeper.storage.game_record import file_record

    record = file_record(load_file(args.file))  # scored once, as the file is checked
    stake, currency = checked_stake(args.stake or record.stake, args.currency or record.currency)
    locale = args.locale or args.lang
    document = render_sheet(
        replace(record, stake=stake, currency=currency), args.paper, locale, lang=args.lang
    )
    _write(args.output, document, stdout)
    return 0


def _pad(args: argparse.Namespace, stdout: TextIO) -> int:
    variant = get_variant(args.variant)
    low, high = variant.players
    players = args.players if args.players is not None else min(max(low, 4), high)
    if not low <= players <= high:
        raise RulesError(f"{variant.name} is for {low} to {high} players", "players")
    _write(args.output, render_pad(variant.id, players, args.paper, args.lang), stdout)
    return 0


def _import(args: argparse.Namespace, stdout: TextIO) -> int:
    # the database loads only for the commands that use it (start-up)
    from scorekeeper.storage import exchange, import_store

    checked = exchange.load_file(args.file)
    with _database():
        session = import_store.import_checked(checked)
    print(json.dumps({"edit_link": f"/s/{session.edit_token}"}), file=stdout)
    return 0


def _export(args: argparse.Namespace, stdout: TextIO) -> int:
    # the database loads only for the commands that use it (start-up)
    from scorekeeper.storage import (
        exchange,
        history_store,
        round_store,
        session_store,
    )

    token = args.link.rstrip("/").rsplit("/", 1)[-1]
    with _database():
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
        _write(args.output, exchange.to_csv(data["game"], game(data["game"])).encode(), stdout)
    else:
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        _write(args.output, text.encode("utf-8"), stdout)
    return 0


def _backup(args: argparse.Namespace, stdout: TextIO) -> int:
    # the database loads only for the commands that use it (start-up)
    from scorekeeper.storage import db

    target = Path(args.path)
    if target.exists():
        raise RulesError(f"{target} exists already: choose a new file for the backup", "path")
    with _database():
        db.backup(str(target))
    print(json.dumps({"backup": str(target)}), file=stdout)
    return 0
