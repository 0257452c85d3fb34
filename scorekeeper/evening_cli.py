"""``scorekeeper sheet|pad|export|import|backup``: the evening's files from the command line.

``sheet`` and ``pad`` need no database; ``export``, ``import`` and ``backup`` work
on the app's database (``SCOREKEEPER_DATABASE`` or ``instance/scorekeeper.sqlite``),
safely while the server runs. Bad input exits 2 with ``{"error", "field"}``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any, TextIO

from .cli import refuse, refusing

COMMANDS = ("sheet", "pad", "export", "import", "backup")


def add_commands(commands: Any) -> None:
    sheet = commands.add_parser("sheet", help="print a game (contract JSON or an export) to PDF")
    sheet.add_argument("file", help="the game's JSON: the contract's game form or an export")
    sheet.add_argument("-o", "--output", required=True, help="the PDF to write")
    sheet.add_argument("--paper", choices=("a4", "letter"), default="a4")
    sheet.add_argument("--stake", help="money per point, for the settlement (with --currency)")
    sheet.add_argument("--currency", help="ISO code such as EUR")
    sheet.add_argument("--locale", default="en", help="how money is written (en, de, ...)")
    pad = commands.add_parser("pad", help="a blank score pad of a variant, as PDF")
    pad.add_argument("variant")
    pad.add_argument("-o", "--output", required=True)
    pad.add_argument("--players", type=int, default=None)
    pad.add_argument("--paper", choices=("a4", "letter"), default="a4")
    export = commands.add_parser("export", help="a session (by its link) as JSON or CSV")
    export.add_argument("link", help="the session's edit or read-only link (or its last part)")
    export.add_argument("-o", "--output", help="file to write (default: standard output)")
    export.add_argument("--csv", action="store_true", help="round by player, for a spreadsheet")
    imported = commands.add_parser("import", help="a session file into the database")
    imported.add_argument("file")
    backup = commands.add_parser("backup", help="a consistent copy of the database")
    backup.add_argument("path")


def _app():
    from .app import create_app
    from .rules.errors import RulesError

    try:
        return create_app()
    except RuntimeError as error:  # a setting that cannot work (the database's folder, the key)
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


def run(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    from .disk import DiskFull

    stdout = stdout or sys.stdout
    try:
        return refusing(lambda: _run(args, stdout), stdout)
    except DiskFull:
        return refuse("the disk is full: nothing was saved", None, stdout)
    except OSError as error:
        name = getattr(error, "filename", None) or ""
        return refuse(f"cannot use {name}: {error.strerror or error}", None, stdout)


def _run(args: argparse.Namespace, stdout: TextIO) -> int:
    from . import exchange
    from .rules import RulesError

    if args.command == "sheet":
        from .stakes import checked_stake
        from .views.pdf_sheets import render_sheet

        checked = exchange.load_file(args.file)
        session = checked["session"]
        stake, currency = checked_stake(
            args.stake or session["stake"], args.currency or session["currency"]
        )
        record = {
            "name": session["name"],
            "created": session["created"],
            "game": {
                "variant": session["variant"],
                "options": session["options"],
                "players": session["players"],
                "dealer": session["first_dealer"],
                "rounds": [v["facts"] for v in _live(checked["history"])],
            },
        }
        _write(args.output, render_sheet(record, args.paper, args.locale, stake, currency), stdout)
        return 0
    if args.command == "pad":
        from .rules.catalog import get_variant
        from .views.evening import render_pad

        variant = get_variant(args.variant)
        low, high = variant.players
        players = args.players if args.players is not None else min(max(low, 4), high)
        if not low <= players <= high:
            raise RulesError(f"{variant.name} is for {low} to {high} players", "players")
        _write(args.output, render_pad(variant.id, players, args.paper), stdout)
        return 0
    if args.command == "import":
        data = exchange.load_file(args.file)
        with _app().test_request_context():
            from . import derived, store

            checked = data
            summary = derived.summary_of_import(checked)
            session = store.get_session(
                store.import_session(
                    checked["session"], checked["history"], summary, checked["kept"]
                )
            )
            print(json.dumps({"edit_link": f"/s/{session.edit_token}"}), file=stdout)
        return 0
    if args.command == "export":
        token = args.link.rstrip("/").rsplit("/", 1)[-1]
        with _app().test_request_context():
            from . import store

            found = store.find_session(token)
            if found is None:
                raise RulesError("no session has this link: copy the whole link", "link")
            session, rounds = store.snapshot(found[0].id)
            data = exchange.record(
                session, rounds, store.versions_of(session), store.session_details(session.id)
            )
        if args.csv:
            from .rules import game

            _write(args.output, exchange.to_csv(data["game"], game(data["game"])).encode(), stdout)
        else:
            text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
            _write(args.output, text.encode("utf-8"), stdout)
        return 0
    if args.command == "backup":
        target = Path(args.path)
        if target.exists():
            raise RulesError(f"{target} exists already: choose a new file for the backup", "path")
        with _app().test_request_context():
            from . import store

            store.backup(str(target))
        print(json.dumps({"backup": str(target)}), file=stdout)
        return 0
    raise RulesError(f"unknown command {args.command}", None)


def _live(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rounds a history ends in, in order."""
    last: dict[int, dict[str, Any]] = {}
    for version in history:
        last[version["position"]] = version
    return [last[p] for p in sorted(last) if not last[p]["deleted"]]
