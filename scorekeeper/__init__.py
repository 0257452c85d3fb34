"""Scorekeeper: the table app over the rules engine in ``scorekeeper.rules``.

Nothing web is imported here, so that ``import scorekeeper.rules`` stays pure Python; the
app factory lives in :mod:`scorekeeper.web.app` and is loaded when :func:`create_app` is
called. Every setting, and the project's folder, is in :mod:`scorekeeper.settings`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The Flask app (see :func:`scorekeeper.web.app.create_app`)."""
    # loaded when called: importing the package (and its engine) loads no Flask
    from scorekeeper.web.app import create_app as factory

    return factory(test_config)
