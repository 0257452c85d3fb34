"""Phones can reach it: served on every address, share links, QR codes and serve's first lines
carry this machine's address on the local network; served on 127.0.0.1 only, the share box
says phones cannot open the links. Every request goes to 127.0.0.1 only."""

import ipaddress
import re
from io import BytesIO, StringIO
from pathlib import Path

import pytest
import segno

from scorekeeper.serving.addresses import url_for_phones
from tests.web.serving import Phone, Server, start_rummy
from tests.web.sessions import configured_app, start_game

CANNOT_REACH = "Other phones cannot open these links"


def own_addresses() -> set[str]:
    """This machine's IPv4 addresses other than loopback, as the kernel lists its local
    routes (/proc/net/fib_trie: an address, then a line "/32 host LOCAL")."""
    lines = Path("/proc/net/fib_trie").read_text().splitlines()
    found = set()
    for before, line in zip(lines, lines[1:], strict=False):
        if "/32 host LOCAL" in line:
            address = before.split()[-1]
            if not ipaddress.ip_address(address).is_loopback:
                found.add(address)
    return found


def share_links(page: str) -> list[str]:
    return re.findall(r'class="link">([^<]+)</a>', page)


def qr_svg_of(link: str) -> bytes:
    buffer = BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", scale=4, dark="#000", light="#fff")
    return buffer.getvalue()


def qr_in_a_terminal(link: str) -> str:
    drawn = StringIO()
    segno.make(link, error="m").terminal(out=drawn, compact=True)
    return drawn.getvalue()


@pytest.fixture
def on_a_network():
    if not own_addresses():
        pytest.skip("this machine has no address on a local network")
    return own_addresses()


def test_served_on_every_address_the_links_and_qr_codes_carry_the_lan_address(
    tmp_path, on_a_network
):
    server = Server(tmp_path / "served.sqlite", "--host", "0.0.0.0").start()
    phone = Phone(server.port)  # the host's own browser, at 127.0.0.1
    try:
        game = start_rummy(phone)
        status, _, page = phone.get(game)
        assert status == 200
        links = share_links(page)
        assert len(links) == 2  # read-only and edit
        found = re.fullmatch(rf"http://([0-9.]+):{server.port}/s/[\w-]+", links[0])
        assert found and found.group(1) in on_a_network
        assert all(link.startswith(f"http://{found.group(1)}:{server.port}/s/") for link in links)
        assert CANNOT_REACH not in page
        _, _, view_qr = phone.get(f"{game}/qr/view.svg")
        _, _, edit_qr = phone.get(f"{game}/qr/edit.svg")
        assert view_qr.encode() == qr_svg_of(links[0])
        assert edit_qr.encode() == qr_svg_of(links[1])
    finally:
        phone.close()
        server.stop()


def test_serve_on_every_address_prints_the_lan_address_and_its_qr_code(tmp_path, on_a_network):
    server = Server(tmp_path / "served.sqlite", "--host", "0.0.0.0").start()
    server.stop()
    printed = server.first_line + server.process.stdout.read()
    found = re.search(rf"http://([0-9.]+):{server.port}/", server.first_line)
    assert found and found.group(1) in on_a_network
    assert qr_in_a_terminal(f"http://{found.group(1)}:{server.port}/") in printed
    assert f"http://127.0.0.1:{server.port}/" in printed  # and the host's own address


def test_served_on_this_machine_only_the_share_box_says_phones_cannot_reach_it(tmp_path):
    server = Server(tmp_path / "served.sqlite", "--host", "127.0.0.1").start()
    phone = Phone(server.port)
    try:
        game = start_rummy(phone)
        _, _, page = phone.get(game)
        assert CANNOT_REACH in page
        assert "--host 0.0.0.0" in page  # and how to start it so they can
        assert all(
            link.startswith(f"http://127.0.0.1:{server.port}/") for link in share_links(page)
        )
    finally:
        phone.close()
        server.stop()
    printed = server.first_line + server.process.stdout.read()
    assert "--host 0.0.0.0" in printed
    assert "█" not in printed  # no QR code of an address no phone can open


def test_base_url_wins_over_the_lan_address(tmp_path):
    client = configured_app(
        tmp_path, BASE_URL="https://cards.example.org", LAN_URL="http://192.0.2.7:8000"
    ).test_client()
    path = start_game(client, "rummy", ["Ana", "Ben"])
    links = share_links(client.get(path).data.decode())
    assert links and all(link.startswith("https://cards.example.org/s/") for link in links)


def test_a_configured_base_url_is_reachable_even_when_served_locally(tmp_path):
    """Behind a reverse proxy serve listens on 127.0.0.1, and the links are the proxy's."""
    client = configured_app(
        tmp_path, BASE_URL="https://cards.example.org", LOCAL_ONLY="1"
    ).test_client()
    path = start_game(client, "rummy", ["Ana", "Ben"])
    assert CANNOT_REACH not in client.get(path).data.decode()


def test_a_page_kept_while_served_locally_is_not_shown_once_served_to_the_network(
    tmp_path, on_a_network
):
    """Read-only pages are kept rendered beside the database and answered 304 by ETag: the
    same game after a restart on every address shows the LAN links and no warning."""
    database = tmp_path / "served.sqlite"
    local = Server(database, "--host", "127.0.0.1").start()
    phone = Phone(local.port)
    try:
        game = start_rummy(phone)
        _, _, page = phone.get(game)
        view = re.search(r'href="(/s/[^"]+)" class="link"', page).group(1)
        _, headers, kept = phone.get(view)
        assert CANNOT_REACH in kept
    finally:
        phone.close()
        local.stop()
    network = Server(database, "--host", "0.0.0.0", port=local.port).start()
    phone = Phone(network.port)
    try:
        status, _, page = phone.get(view, headers={"If-None-Match": headers["etag"]})
        assert status == 200
        assert CANNOT_REACH not in page
        found = re.match(r"http://([0-9.]+):", share_links(page)[0])
        assert found and found.group(1) in on_a_network
    finally:
        phone.close()
        network.stop()


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
def test_a_server_on_this_machine_only_has_no_address_for_phones(host):
    assert url_for_phones(host, 8000) is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_a_server_on_every_address_is_opened_at_the_lan_address(host, on_a_network):
    found = re.fullmatch(r"http://([0-9.]+):8000", url_for_phones(host, 8000) or "")
    assert found and found.group(1) in on_a_network


def test_a_server_on_one_address_is_opened_there():
    assert url_for_phones("192.0.2.9", 8080) == "http://192.0.2.9:8080"
    assert url_for_phones("fd00::7", 8080) == "http://[fd00::7]:8080"
