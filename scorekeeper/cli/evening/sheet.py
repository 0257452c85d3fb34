"""``scorekeeper sheet``: a game file (the contract's game or an export) printed to PDF."""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Any, TextIO

from scorekeeper.language.stakes import checked_stake

from ..refusals import language
from .files import write


def add_command(commands: Any) -> None:
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


def run(args: argparse.Namespace, stdout: TextIO) -> int:
    # the stored sheet's modules (and the database library) load only to print (start-up)
    from scorekeeper.printing.score_pdf import render_sheet
    from scorekeeper.storage.exchange import load_file
    from scorekeeper.storage.game_record import file_record

    record = file_record(load_file(args.file))  # scored once, as the file is checked
    stake, currency = checked_stake(args.stake or record.stake, args.currency or record.currency)
    locale = args.locale or args.lang
    document = render_sheet(
        replace(record, stake=stake, currency=currency), args.paper, locale, lang=args.lang
    )
    write(args.output, document, stdout)
    return 0
