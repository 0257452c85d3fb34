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


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    # schemathesis gives each API operation's test the node id of the test itself (without
    # "[POST /api/v1/check]"): pytest-xdist schedules by node id and ran one of the five.
    # Each gets the id its name says (pytest 9 keeps it as _id, pytest 8 as _nodeid).
    for item in items:
        if type(item).__name__ == "SchemathesisFunction" and item.name != item.originalname:
            if hasattr(item, "_id"):
                item._id = item.parent.id.child(item.name)
            else:
                item._nodeid = f"{item.parent.nodeid}::{item.name}"
