"""The settings the server and the command line share, read before any Flask app is made:
defaults, then ``SCOREKEEPER_*`` environment variables, then ``instance/config.py``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Config

from scorekeeper import PROJECT_ROOT

INSTANCE = PROJECT_ROOT / "instance"
# each read from SCOREKEEPER_<NAME> when set
FROM_ENVIRONMENT = (
    "SECRET_KEY",
    "BASE_URL",
    "PROXY_HOPS",
    "LAN_URL",
    "LOCAL_ONLY",
    "REPLICA",
    "REPLICA_SYNC_SECONDS",
)


def from_environment() -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for name in FROM_ENVIRONMENT:
        value = os.environ.get(f"SCOREKEEPER_{name}")
        if value is not None:
            settings[name] = value
    trusted = os.environ.get("SCOREKEEPER_TRUSTED_HOSTS")
    if trusted is not None:  # Flask's TRUSTED_HOSTS: the only Host headers answered
        settings["TRUSTED_HOSTS"] = [host.strip() for host in trusted.split(",") if host.strip()]
    return settings


def read(test_config: dict[str, Any] | None = None, instance: Path = INSTANCE) -> Config:
    """The settings as the app reads them (``test_config`` in place of the instance
    folder's config.py); the database's path is always among them."""
    instance.mkdir(parents=True, exist_ok=True)
    config = Config(str(instance))
    database = os.environ.get("SCOREKEEPER_DATABASE", str(instance / "scorekeeper.sqlite"))
    config["DATABASE"] = database
    config.from_mapping(from_environment())
    if test_config is None:
        config.from_pyfile("config.py", silent=True)
    else:
        config.from_mapping(test_config)
    return config
