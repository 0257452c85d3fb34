"""Where the evening's commands write and read: a file or standard output, and the app's
database."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from scorekeeper import settings
from scorekeeper.rules import RulesError


@contextmanager
def database() -> Iterator[None]:
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


def write(path: str | None, data: bytes, stdout: TextIO) -> None:
    if path in (None, "-"):
        stream = getattr(stdout, "buffer", None)
        if stream is not None:
            stream.write(data)
        else:
            stdout.write(data.decode("utf-8"))
        return
    Path(path).write_bytes(data)
