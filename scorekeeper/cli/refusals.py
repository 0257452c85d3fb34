"""How every ``scorekeeper`` command refuses bad input: one line of JSON
``{"error", "field"}`` in the asked language, and exit code 2, never a traceback; and
the ``--lang`` the commands that speak take."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, TextIO

from scorekeeper.language.i18n import base, languages, say_in
from scorekeeper.rules.errors import RulesError

EXIT_BAD_INPUT = 2


def refuse(message: Any, field: str | None, stream: TextIO, lang: str = "en") -> int:
    """Bad input: one line of JSON ``{"error", "field"}`` in ``lang``, exit 2."""
    said = say_in(message, lang)
    stream.write(json.dumps({"error": said, "field": field}, ensure_ascii=False) + "\n")
    return EXIT_BAD_INPUT


def refusing(command: Callable[[], int], stream: TextIO, lang: str = "en") -> int:
    """The exit code of ``command``; input the engine refuses is :func:`refuse`'d instead."""
    try:
        return command()
    except RulesError as error:
        return refuse(error.message, error.field, stream, lang)


def language(value: str) -> str:
    """A ``--lang`` argument: a language we speak ("de-AT" speaks "de"), else refused."""
    if base(value) not in languages():
        raise argparse.ArgumentTypeError(
            f"{value!r} is not a language we speak: {', '.join(languages())}"
        )
    return base(value)
