"""``scorekeeper pad``: a blank score pad of a variant, as PDF."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from scorekeeper.printing.pads import render_pad
from scorekeeper.rules import RulesError
from scorekeeper.rules.catalog import get_variant

from ..refusals import language
from .files import write


def add_command(commands: Any) -> None:
    pad = commands.add_parser("pad", help="a blank score pad of a variant, as PDF")
    pad.add_argument("variant")
    pad.add_argument("-o", "--output", required=True)
    pad.add_argument("--players", type=int, default=None)
    pad.add_argument("--paper", choices=("a4", "letter"), default="a4")
    pad.add_argument("--lang", type=language, default="en", help="the pad's words (en, de, fr, vi)")


def run(args: argparse.Namespace, stdout: TextIO) -> int:
    variant = get_variant(args.variant)
    low, high = variant.players
    players = args.players if args.players is not None else min(max(low, 4), high)
    if not low <= players <= high:
        raise RulesError(f"{variant.name} is for {low} to {high} players", "players")
    write(args.output, render_pad(variant.id, players, args.paper, args.lang), stdout)
    return 0
