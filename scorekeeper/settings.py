"""Every setting in one table (:data:`SETTINGS`), read once by :func:`read` for the web
app, the server, the sheet worker and the command line alike.

A setting is its default, then its ``SCOREKEEPER_<NAME>`` environment variable, then the
same name in ``instance/config.py`` (or the mapping a test or the sheet worker hands in). A
value read from the environment is its text (a list: comma-separated); each is checked
where it is used, which refuses a bad one in that setting's own words. README.md's
"Configuration" table says the same, row for row (tests/test_docs.py).

Nothing of the package is imported here: every layer may read it.
"""

from __future__ import annotations

import functools
import hashlib
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Config

# templates/, static/, translations/ and instance/ sit beside the package
PROJECT_ROOT = Path(__file__).resolve().parent.parent
INSTANCE = PROJECT_ROOT / "instance"
ENVIRONMENT_PREFIX = "SCOREKEEPER_"


@dataclass(frozen=True)
class Setting:
    name: str
    # the value when nothing sets it; a function is given the settings read so far (the
    # database's path among them) and asked only when nothing set this one
    default: Any
    type: type
    meaning: str
    # read from SCOREKEEPER_<NAME>; False: only instance/config.py sets it
    from_environment: bool = True

    @property
    def environment(self) -> str | None:
        return ENVIRONMENT_PREFIX + self.name if self.from_environment else None


def _database(config: Mapping[str, Any]) -> str:
    return str(Path(config["instance"]) / "scorekeeper.sqlite")


def _beside_database(name: str, scheme: str = "") -> Callable[[Mapping[str, Any]], str]:
    return lambda config: scheme + str(Path(config["DATABASE"]).parent / name)


@functools.cache
def code_version() -> str:
    """A fingerprint of the code, templates and catalogs that render pages (their names,
    sizes and times): every worker of one version has the same, a new version another."""
    parts = []
    for folder in ("scorekeeper", "templates", "translations"):
        for path in sorted((PROJECT_ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in {".py", ".html", ".po", ".mo"}:
                found = path.stat()
                parts.append(
                    f"{path.relative_to(PROJECT_ROOT)} {found.st_size} {found.st_mtime_ns}"
                )
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "DATABASE",
        _database,
        str,
        "the SQLite file the games are saved in (its folder must exist)",
    ),
    Setting(
        "SECRET_KEY",
        None,
        str,
        "the key that signs cookies, at least 32 random characters; made once into "
        "instance/secret_key when none is set",
    ),
    Setting(
        "BASE_URL",
        None,
        str,
        "the address players open (https://...): share links, QR codes and serve's first "
        "line start with it",
    ),
    Setting(
        "PROXY_HOPS",
        0,
        int,
        "how many reverse proxies in front to trust for X-Forwarded-* (0: none)",
    ),
    Setting(
        "TRUSTED_HOSTS",
        None,
        list,
        "the only Host headers answered (comma-separated); any other is refused with 400",
    ),
    Setting(
        "LAN_URL",
        None,
        str,
        "this machine's address on the local network, set by serve for its workers: share "
        "links start with it when BASE_URL is not set",
    ),
    Setting(
        "LOCAL_ONLY",
        None,
        bool,
        "1 when serve listens on this machine only (set by serve): the share box says phones "
        "cannot reach it",
    ),
    Setting(
        "REPLICA",
        None,
        str,
        "where Litestream copies the database as it is saved (file://, s3://, sftp://...); "
        "serve's --replica wins",
    ),
    Setting(
        "REPLICA_SYNC_SECONDS",
        1.0,
        float,
        "how often Litestream copies to the replica, from 0.1 to 3600 seconds",
    ),
    Setting(
        "REPLICA_SFTP_KEY",
        None,
        str,
        "the private key file Litestream signs in to an sftp:// replica with (read by "
        "Litestream from the environment only)",
    ),
    Setting(
        "CHECK_DATABASE",
        True,
        bool,
        "SQLite's quick check of the whole database file at every start (the sheet worker "
        "skips it)",
        from_environment=False,
    ),
    Setting(
        "CACHE_TYPE",
        "scorekeeper.web.extensions.BoundedFileSystemCache",
        str,
        "where pages and PDFs as rendered are cached for every worker (Flask-Caching's CACHE_TYPE)",
        from_environment=False,
    ),
    Setting(
        "CACHE_DIR",
        _beside_database("rendered"),
        str,
        "the folder of rendered pages, shared by the workers (mode 700, this user's alone)",
        from_environment=False,
    ),
    Setting(
        "CACHE_KEY_PREFIX",
        lambda _config: f"{code_version()}:",
        str,
        "the app's version in every rendered page's key: another version's page is never shown",
        from_environment=False,
    ),
    # one file per table in play and language; past this many, the expired and a third go
    Setting(
        "CACHE_THRESHOLD",
        1000,
        int,
        "the most rendered files cached; past it, the oldest go",
        from_environment=False,
    ),
    # and in bytes: a very long game's page and PDFs in every language are megabytes each
    Setting(
        "CACHE_MAX_BYTES",
        256 * 1024 * 1024,
        int,
        "the most bytes of rendered files cached; past it, the oldest go",
        from_environment=False,
    ),
    Setting(
        "CACHE_DEFAULT_TIMEOUT",
        24 * 3600,
        int,
        "how many seconds a rendered page is cached unless a save replaces it first",
        from_environment=False,
    ),
    # a streamed answer (a game page's events) goes out as each part is written: compressed,
    # it would wait in the compressor's block until more came (text/event-stream is not one
    # of the compressed types either; tests/web/test_live_streams.py checks both)
    Setting(
        "COMPRESS_STREAMS",
        False,
        bool,
        "whether streamed answers are compressed (Flask-Compress); off, so a game's stream "
        "of changes goes out as written",
        from_environment=False,
    ),
    Setting(
        "RATELIMIT_STORAGE_URI",
        # the scheme web.rate_limits registers: the counts in a SQLite file every worker sees
        _beside_database("rate-limits.sqlite", scheme="scorekeeper+sqlite://"),
        str,
        "where the import and wrong-link counts are stored, for every worker (Flask-Limiter)",
        from_environment=False,
    ),
    # counts that cannot be written (a full disk) let the import through to say so itself
    Setting(
        "RATELIMIT_SWALLOW_ERRORS",
        True,
        bool,
        "a count that cannot be written lets the request through (Flask-Limiter)",
        from_environment=False,
    ),
)
NAMES = tuple(setting.name for setting in SETTINGS)


def from_environment() -> dict[str, Any]:
    """The settings the environment sets, each from its SCOREKEEPER_<NAME>."""
    found: dict[str, Any] = {}
    for setting in SETTINGS:
        value = os.environ.get(setting.environment) if setting.environment else None
        if value is None:
            continue
        if setting.type is list:
            found[setting.name] = [part.strip() for part in value.split(",") if part.strip()]
        else:
            found[setting.name] = value
    return found


def read(overrides: Mapping[str, Any] | None = None, instance: Path | None = None) -> Config:
    """Every setting: its default, the environment, then ``instance/config.py`` (or, given,
    ``overrides`` in its place). The instance folder is made when missing."""
    instance = INSTANCE if instance is None else instance
    instance.mkdir(parents=True, exist_ok=True)
    config = Config(str(instance))
    config.from_mapping(
        {setting.name: setting.default for setting in SETTINGS if not callable(setting.default)}
    )
    config.from_mapping(from_environment())
    if overrides is None:
        config.from_pyfile("config.py", silent=True)
    else:
        config.from_mapping(overrides)
    for setting in SETTINGS:
        if callable(setting.default) and setting.name not in config:
            config[setting.name] = setting.default({**config, "instance": instance})
    return config
