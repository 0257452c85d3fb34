"""Fixtures for the web tests: an app on a real SQLite file in a temporary folder."""

import pytest

from scorekeeper import create_app

SECRET_KEY = "test-secret-key-of-at-least-32-characters"


@pytest.fixture
def app(tmp_path):
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "scorekeeper.sqlite"),
            "SECRET_KEY": SECRET_KEY,
            "WTF_CSRF_ENABLED": False,
            "SERVER_NAME": "table.test",
            # tests import far more files than a table does: test_import_limits counts them
            "RATELIMIT_ENABLED": False,
        }
    )


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def csrf_app(tmp_path):
    """CSRF protection on, as in production."""
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "csrf.sqlite"), "SECRET_KEY": SECRET_KEY}
    )
