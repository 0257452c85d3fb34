"""``scorekeeper recognize PHOTO [--variant ID]``: the cards in a photo, as the contract's JSON.

A file that is not a photo, is damaged or too large exits 2 with ``{"error", "field":
"photo"}``; an unknown variant exits 2 with field ``variant``. The photo is read and dropped.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from .refusals import language, refuse, refusing


def add_command(commands: Any) -> None:
    sub = commands.add_parser("recognize", help="which cards lie in this photo?")
    sub.add_argument("photo", help="a JPEG, PNG, WebP or HEIC photo of cards lying face up")
    sub.add_argument("--variant", help="flag as unsure the cards this variant's deck cannot hold")
    sub.add_argument(
        "--lang", type=language, default="en", help="say errors in this language (en, de, fr, vi)"
    )


def run(args: argparse.Namespace, stdout: TextIO) -> int:
    # the engine's photo reader loads OpenCV: only this command pays for it
    from scorekeeper.vision import MOST_PHOTO_BYTES, recognize

    try:
        with open(args.photo, "rb") as handle:
            data = handle.read(MOST_PHOTO_BYTES + 1)
    except OSError as error:
        return refuse(f"cannot read {args.photo}: {error.strerror or error}", "photo", stdout)

    def ask() -> int:
        json.dump(recognize(data, args.variant), stdout, ensure_ascii=False, indent=2)
        stdout.write("\n")
        return 0

    return refusing(ask, stdout, args.lang)
