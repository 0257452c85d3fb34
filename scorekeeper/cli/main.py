"""The ``scorekeeper`` command: a thin shell over the engine and the web server.

``scorekeeper variants|check|arrange|score|game [FILE]`` reads the contract's
JSON request from FILE or standard input and prints the JSON answer. Input a
player or client got wrong exits 2 with ``{"error", "field"}``, never a
traceback. ``scorekeeper recognize PHOTO`` reads the cards in a photo.
``scorekeeper serve`` runs the table app.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from scorekeeper import rules
from scorekeeper.language.i18n import say_in
from scorekeeper.rules.arranger import search_budget
from scorekeeper.rules.errors import RulesError
from scorekeeper.rules.reading import MOST_REQUEST_BYTES, parse_json_request

from . import evening as evening_cli
from . import recognize as recognize_cli
from . import restore as replica_cli
from .refusals import language, refuse, refusing

QUESTIONS = ("variants", "check", "arrange", "score", "game")


def _print_json(data: Any, stream: TextIO) -> None:
    json.dump(data, stream, ensure_ascii=False, indent=2)
    stream.write("\n")


def _read_request(path: str | None, stdin: TextIO) -> str | bytes:
    """The raw question, read no further than the reader's limit (it refuses anything longer)."""
    most = MOST_REQUEST_BYTES + 1
    if path in (None, "-"):
        if stdin.isatty():
            return ""
        binary = getattr(stdin, "buffer", None)
        return binary.read(most) if binary is not None else stdin.read(most)
    with open(path, "rb") as handle:
        return handle.read(most)


def answer(question: str, request: Any) -> dict[str, Any]:
    """Ask the engine one question of the contract.

    >>> answer("variants", {})["variants"][0]["id"]
    'rummy'
    """
    if question == "variants":
        return rules.variants()
    if not isinstance(request, dict):
        raise RulesError("the request must be a JSON object", None)
    return getattr(rules, question)(request)


def _run_question(
    question: str, path: str | None, stdout: TextIO, stdin: TextIO, lang: str = "en"
) -> int:
    try:
        text = _read_request(path, stdin)
    except OSError as error:
        return refuse(f"cannot read {path}: {error.strerror or error}", None, stdout)

    def ask() -> int:
        # `variants` asks nothing, so it needs no input
        request = {} if question == "variants" and not text.strip() else parse_json_request(text)
        with search_budget():
            response = answer(question, request)
        _print_json(say_in(response, lang), stdout)
        return 0

    return refusing(ask, stdout, lang)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scorekeeper", description="Scorekeeping and rules referee for rummy-family games."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    helps = {
        "variants": "list the variants and their options",
        "check": "is this meld, opening or hand legal?",
        "arrange": "the arrangement of a hand with the least deadwood",
        "score": "what does this round score?",
        "game": "what do these rounds add up to?",
    }
    for question in QUESTIONS:
        sub = commands.add_parser(question, help=helps[question])
        sub.add_argument("file", nargs="?", help="JSON request (default: standard input)")
        sub.add_argument(
            "--lang",
            type=language,
            default="en",
            help="say reasons, explain lines and errors in this language (en, de, fr, vi)",
        )
    serve = commands.add_parser("serve", help="run the table app")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: this machine only; 0.0.0.0: every address, "
        "so the phones at the table can join)",
    )
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--workers", type=int, default=None, help="worker processes (default: two per core)"
    )
    serve.add_argument(
        "--threads", type=int, default=None, help="threads per worker process (default 4)"
    )
    serve.add_argument(
        "--stalled",
        type=int,
        default=None,
        help="seconds a connection may send or take nothing mid-request (default 15)",
    )
    serve.add_argument(
        "--replica", help="copy the database continuously to this URL (file://, s3://, sftp://)"
    )
    replica_cli.add_command(commands)
    recognize_cli.add_command(commands)
    evening_cli.add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        # gunicorn and the web app load only to serve: the engine's questions start light
        from scorekeeper.serving.server import serve

        serve(
            host=args.host,
            port=args.port,
            threads=args.threads,
            workers=args.workers,
            stalled=args.stalled,
            replica_url=args.replica,
        )
        return 0
    if args.command == "restore":
        return replica_cli.run(args, sys.stdout)
    if args.command == "recognize":
        return recognize_cli.run(args, sys.stdout)
    if args.command in evening_cli.COMMANDS:
        return evening_cli.run(args)
    return _run_question(args.command, args.file, sys.stdout, sys.stdin, args.lang)


if __name__ == "__main__":
    sys.exit(main())
