"""The `scorekeeper` command run as a real process, as a person at a terminal runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def scorekeeper(*args: object, stdin: str = "", database: Path | None = None):
    """Its answer (exit code, output); whatever it was asked, never a traceback."""
    env = dict(os.environ)
    if database is not None:
        env["SCOREKEEPER_DATABASE"] = str(database)
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert "Traceback" not in result.stderr
    return result
