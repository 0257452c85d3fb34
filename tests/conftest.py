"""Fixtures for the web tests: an app on a real SQLite file in a temporary folder."""

import re

import pytest

from scorekeeper import create_app


@pytest.fixture
def app(tmp_path):
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "scorekeeper.sqlite"),
            "SECRET_KEY": "test-secret-key-of-at-least-32-characters",
            "WTF_CSRF_ENABLED": False,
            "SERVER_NAME": "table.test",
        }
    )


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def csrf_app(tmp_path):
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "csrf.sqlite"),
            "SECRET_KEY": "test-secret-key-of-at-least-32-characters",
        }
    )


def start_game(client, variant, players, **options):
    """Start a session through the form; returns its edit link path."""
    from scorekeeper.rules.catalog import VARIANTS

    data = {"players": "\n".join(players), "dealer": ""}
    # what a browser sends: every house rule as the form shows it (defaults filled in)
    for name, spec in VARIANTS[variant].options.items():
        value = options.get(name, spec.default)
        if value is None or value is False:
            continue
        data[f"option_{name}"] = "y" if value is True else value
    response = client.post(f"/new/{variant}", data=data)
    assert response.status_code == 302, response.data.decode()[:2000]
    return response.headers["Location"].replace("http://table.test", "")


def view_link(client, edit_path):
    page = client.get(edit_path).data.decode()
    return re.search(r'href="(/s/[^"]+)" class="link"', page).group(1)
