"""Scorekeeper: the table app over the rules engine in ``scorekeeper.rules``.

Nothing web is imported here, so that ``import scorekeeper.rules`` stays pure
Python; the app factory lives in :mod:`scorekeeper.web.app`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

# templates/, static/, translations/ and instance/ sit beside the package
PROJECT_ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The Flask app (see :func:`scorekeeper.web.app.create_app`)."""
    # loaded when called: importing the package (and its engine) loads no Flask
    from scorekeeper.web.app import create_app as factory

    return factory(test_config)
