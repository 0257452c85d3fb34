"""Light on a weak network: pages compressed, static files kept for a year under versioned
addresses, a description for the page, one log line per request without the secret links,
and scripts/run installing only what running needs."""

import gzip
import hashlib
import os
import re
import subprocess
from pathlib import Path

import brotli
import pytest

from scorekeeper import create_app
from tests.web.serving import PROJECT, Phone, Server, start_rummy
from tests.web.sessions import start_game

KEY = "a-test-secret-key-of-more-than-32-characters"
A_YEAR = 365 * 24 * 3600


@pytest.fixture
def client(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "DATABASE": str(tmp_path / "d.sqlite"),
            "SECRET_KEY": KEY,
        }
    )
    return app.test_client()


@pytest.fixture
def game(client):
    return start_game(client, "rummy", ["Ana", "Ben", "Cem"])


# --- compression ----------------------------------------------------------------------


def test_the_game_page_is_sent_gzip_compressed_when_the_phone_accepts_gzip(client, game):
    plain = client.get(game).data
    response = client.get(game, headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert gzip.decompress(response.data) == plain
    assert len(response.data) < len(plain) / 2


def test_the_round_form_is_sent_brotli_compressed_when_the_phone_prefers_it(client, game):
    response = client.get(f"{game}/rounds/new", headers={"Accept-Encoding": "gzip, br"})
    assert response.headers["Content-Encoding"] == "br"
    assert b'name="submission"' in brotli.decompress(response.data)


def test_a_phone_that_accepts_no_compression_gets_the_page_as_it_is(client, game):
    response = client.get(game)
    assert "Content-Encoding" not in response.headers
    assert response.data.startswith(b"<!doctype html>")


# --- static files ---------------------------------------------------------------------


def _static_addresses(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


def test_static_addresses_carry_the_hash_of_the_files_content(client):
    addresses = _static_addresses(client.get("/").data.decode())
    assert "/static/style.css" in {address.split("?")[0] for address in addresses}
    for address in addresses:
        path, _, query = address.partition("?")
        content = (PROJECT / path.lstrip("/")).read_bytes()
        assert query == f"v={hashlib.sha256(content).hexdigest()[:12]}"


def test_a_versioned_static_file_is_kept_for_a_year(client):
    stylesheet = next(a for a in _static_addresses(client.get("/").data.decode()) if "style" in a)
    cache_control = client.get(stylesheet).cache_control
    assert cache_control.max_age >= A_YEAR
    assert cache_control.public and cache_control.immutable


@pytest.mark.parametrize("address", ["/static/style.css", "/static/style.css?v=0123456789ab"])
def test_a_static_file_without_its_present_version_is_checked_each_time(client, address):
    """Kept under an address that does not name the present content, an old copy would stay."""
    response = client.get(address)
    assert response.status_code == 200
    assert response.cache_control.no_cache and not response.cache_control.max_age


# --- the page's description -----------------------------------------------------------


def _description(page: str) -> str:
    found = re.search(r'<meta name="description" content="([^"]+)">', page)
    assert found, "no description"
    return found.group(1)


def test_pages_carry_a_description_in_the_pages_language(client, game):
    english = _description(client.get("/").data.decode())
    assert "rummy" in english.lower()
    assert _description(client.get(game).data.decode()) == english
    assert _description(client.get("/?lang=de").data.decode()) != english


# --- the request log ------------------------------------------------------------------


def test_the_server_logs_each_request_in_one_line_without_the_links_token(tmp_path):
    log = tmp_path / "requests.log"
    server = Server(tmp_path / "served.sqlite", "--workers", "1", log=log).start()
    phone = Phone(server.port)
    try:
        game = start_rummy(phone)  # GET /new/rummy, POST /new/rummy
        token = game.split("/")[2]
        phone.get(game)
        phone.get(f"{game}/rounds/new")
        phone.get(f"/referee?session={token}")
    finally:
        phone.close()
        server.stop()
    requests = [
        line for line in log.read_text().splitlines() if '"GET ' in line or '"POST ' in line
    ]
    assert len(requests) == 5
    assert '"POST /new/rummy HTTP/1.1" 302' in requests[1]
    assert f'"GET /s/{token[:4]}... HTTP/1.1" 200' in requests[2]
    assert f'"GET /s/{token[:4]}.../rounds/new HTTP/1.1" 200' in requests[3]
    assert f"session={token[:4]}..." in requests[4]
    assert token not in log.read_text()


# --- scripts/run installs only what running needs ---------------------------------------


def _dry_run(*command: str) -> str:
    """What the script would do, asked of it without installing anything."""
    done = subprocess.run(
        [str(PROJECT / command[0]), *command[1:]],
        env={**os.environ, "SCOREKEEPER_SETUP_DRY_RUN": "1"},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout


def test_scripts_run_installs_the_package_without_the_test_tools():
    said = _dry_run("scripts/run")
    assert "pip install -e '.'" in said
    assert "[dev]" not in said


def test_scripts_test_installs_the_test_tools():
    assert "pip install -e '.[dev]'" in _dry_run("scripts/setup", "--with-browser")


def test_scripts_run_serves_the_table_on_every_address():
    said = _dry_run("scripts/run", "--port", "8123")
    assert re.search(r"serve --host 0\.0\.0\.0 --port 8123$", said.strip())


def test_the_test_tools_are_not_among_the_packages_running_needs():
    import tomllib

    project = tomllib.loads(Path(PROJECT / "pyproject.toml").read_text())["project"]
    running = " ".join(project["dependencies"]).lower()
    for tool in ("pytest", "playwright", "schemathesis", "hypothesis", "ruff"):
        assert tool not in running
        assert any(tool in name for name in project["optional-dependencies"]["dev"])
