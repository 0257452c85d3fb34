"""Running it for a club: the secret key, share links behind a proxy, and the server's sizing."""

import http.client
import os
import re
import stat
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import pytest
import segno

from scorekeeper import create_app, settings
from scorekeeper.web import requests as request_handling
from tests.command import scorekeeper
from tests.web.serving import Server, free_port
from tests.web.sessions import KEY, configured_app, start_game

# --- the secret key -------------------------------------------------------------------


def test_secret_key_file_is_never_readable_by_others(tmp_path, monkeypatch):
    """Every file that holds the key is mode 0600 from the moment the key is in it."""
    modes = []
    real_replace, real_chmod = os.replace, Path.chmod

    def replace(source, target):
        modes.append(stat.S_IMODE(os.stat(source).st_mode))
        return real_replace(source, target)

    def chmod(path, mode, **kwargs):  # a key written first and locked afterwards
        if path.exists() and path.read_text():
            modes.append(stat.S_IMODE(path.stat().st_mode))
        return real_chmod(path, mode, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(Path, "chmod", chmod)
    old_umask = os.umask(0o022)
    try:
        key = request_handling._secret_key(tmp_path)
    finally:
        os.umask(old_umask)
    assert modes and set(modes) == {0o600}
    assert (tmp_path / "secret_key").read_text() == key
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["secret_key"]  # no draft left behind


@pytest.mark.parametrize("content", ["", "\n", "short-key"])
def test_an_empty_or_short_key_file_is_refused_at_start(tmp_path, monkeypatch, content):
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    monkeypatch.setattr(settings, "INSTANCE", tmp_path / "instance")
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "secret_key").write_text(content)
    with pytest.raises(RuntimeError, match="at least 32"):
        create_app({"DATABASE": str(tmp_path / "d.sqlite")})


@pytest.mark.parametrize("key", ["", "x" * 31])
def test_an_empty_or_short_key_in_the_config_is_refused(tmp_path, key):
    with pytest.raises(RuntimeError, match="at least 32"):
        configured_app(tmp_path, SECRET_KEY=key)


def test_a_short_key_in_the_environment_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "too-short")
    with pytest.raises(RuntimeError, match="SCOREKEEPER_SECRET_KEY"):
        create_app({"DATABASE": str(tmp_path / "d.sqlite")})


def _serve(tmp_path, *args, **env):
    port = free_port()
    environment = dict(os.environ, SCOREKEEPER_DATABASE=str(tmp_path / "served.sqlite"), **env)
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port), *args]
    return port, subprocess.Popen(
        command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


@pytest.mark.parametrize(
    ("args", "env", "said"),
    [
        ((), {"SCOREKEEPER_SECRET_KEY": "short"}, "at least 32"),
        ((), {"SCOREKEEPER_SECRET_KEY": KEY, "SCOREKEEPER_PROXY_HOPS": "two"}, "PROXY_HOPS"),
        ((), {"SCOREKEEPER_SECRET_KEY": KEY, "SCOREKEEPER_BASE_URL": "cards.club"}, "https://"),
        (("--threads", "0"), {"SCOREKEEPER_SECRET_KEY": KEY}, "--threads"),
        (("--workers", "0"), {"SCOREKEEPER_SECRET_KEY": KEY}, "--workers"),
    ],
)
def test_serve_refuses_a_bad_setting_in_one_line(tmp_path, args, env, said):
    _port, server = _serve(tmp_path, *args, **env)
    out, err = server.communicate(timeout=30)
    assert server.returncode == 2
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert said in err


def test_serve_refuses_a_database_in_a_folder_that_does_not_exist(tmp_path):
    missing = tmp_path / "no such folder" / "club.sqlite"
    server = scorekeeper("serve", "--port", free_port(), database=missing)
    assert server.returncode == 2
    assert len(server.stderr.strip().splitlines()) == 1
    assert "no such folder" in server.stderr and "does not exist" in server.stderr


def test_serve_refuses_a_rendered_pages_folder_others_may_write(tmp_path):
    """The page cache reads its files back with pickle: a folder anyone can write to would
    let them run code in the server."""
    (tmp_path / "rendered").mkdir()
    (tmp_path / "rendered").chmod(0o777)
    _port, server = _serve(tmp_path, SCOREKEEPER_SECRET_KEY=KEY)
    out, err = server.communicate(timeout=30)
    assert server.returncode == 2
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "rendered" in err and "chmod 700" in err


# --- share links and QR codes ---------------------------------------------------------


def _share_links(client, path, **headers):
    page = client.get(path, headers=headers).data.decode()
    return re.findall(r'class="link">([^<]+)</a>', page)


def _qr_of(link):
    buffer = BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", scale=4, dark="#000", light="#fff")
    return buffer.getvalue()


def test_base_url_decides_share_links_and_qr_codes_whatever_the_host_header(tmp_path):
    client = configured_app(tmp_path, BASE_URL="https://cards.example.org/").test_client()
    path = start_game(client, "rummy", ["Ana", "Ben"])
    links = _share_links(client, path, Host="evil.example")
    assert len(links) == 2
    assert all(link.startswith("https://cards.example.org/s/") for link in links)
    view_link = links[0]
    qr = client.get(f"{path}/qr/view.svg", headers={"Host": "evil.example"}).data
    assert qr == _qr_of(view_link)


def test_forwarded_host_is_ignored_unless_a_proxy_is_trusted(tmp_path):
    forwarded = {"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"}
    client = configured_app(tmp_path).test_client()
    path = start_game(client, "rummy", ["Ana", "Ben"])
    assert all(
        link.startswith("http://localhost/s/") for link in _share_links(client, path, **forwarded)
    )
    trusting = configured_app(tmp_path, PROXY_HOPS=1).test_client()
    assert all(
        link.startswith("https://cards.example.org/s/")
        for link in _share_links(
            trusting,
            path,
            **{"X-Forwarded-Host": "cards.example.org", "X-Forwarded-Proto": "https"},
        )
    )


# --- the server's sizing --------------------------------------------------------------


def test_many_open_viewers_leave_room_for_a_save(tmp_path):
    """300 phones holding keep-alive connections open; a new phone can still start a game."""
    server = Server(tmp_path / "served.sqlite").start()
    port = server.port
    viewers = []
    try:
        for _ in range(300):
            viewer = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            viewer.request("GET", "/static/live.js")
            viewer.getresponse().read()
            viewers.append(viewer)
        saver = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        saver.request("GET", "/new/rummy")
        form = saver.getresponse()
        page = form.read().decode()
        cookie = form.getheader("Set-Cookie").split(";")[0]
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
        body = f"csrf_token={token}&players=Ana%0ABen&option_ace=low"
        saver.request(
            "POST",
            "/new/rummy",
            body=body,
            headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie},
        )
        saved = saver.getresponse()
        saved.read()
        assert saved.status == 302
    finally:
        for viewer in viewers:
            viewer.close()
        server.stop()
