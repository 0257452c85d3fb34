"""The address the phones at the table open: this machine's own on the local network.

Found without sending anything: ``connect()`` on a UDP socket only asks the kernel which
route it would take, and so which of this machine's addresses it would send from; no packet
leaves the machine.
"""

from __future__ import annotations

import io
import ipaddress
import os
import socket
from typing import TextIO

import segno

EVERY_ADDRESS = ("0.0.0.0", "::", "")
# One address in each private range, the home networks' first: a laptop on a VPN routes
# 10.x through the tunnel, while the table's Wi-Fi is most often 192.168.x.
_PROBES = ("192.168.254.254", "172.16.254.254", "10.254.254.254")
_UNROUTABLE_PORT = 9  # the discard port; nothing is ever sent to it


def listens_everywhere(host: str) -> bool:
    return host in EVERY_ADDRESS


def listens_on_this_machine_only(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's IPv4 address on the local network, or None when it is on none."""
    for probe in _PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            try:
                udp.connect((probe, _UNROUTABLE_PORT))
                own = udp.getsockname()[0]
            except OSError:  # no route to that range
                continue
        found = ipaddress.ip_address(own)
        if not (found.is_loopback or found.is_link_local or found.is_unspecified):
            return own
    return None


def url_for_phones(host: str, port: int) -> str | None:
    """The address other phones open when the server listens on ``host``: None when only this
    machine can reach it, or when it listens everywhere but is on no network."""
    if listens_on_this_machine_only(host):
        return None
    if listens_everywhere(host):
        own = lan_address()
        if own is None:
            return None
    else:
        own = host
    shown = f"[{own}]" if ":" in own else own
    return f"http://{shown}:{port}"


def tell_the_workers(host: str, phones_url: str | None) -> None:
    """The app's settings for where it is reached, in the environment before gunicorn forks
    its workers (each builds its own app from it): links carry ``phones_url``, and a
    server on this machine only says in its share box that phones cannot open them."""
    for name in ("SCOREKEEPER_LAN_URL", "SCOREKEEPER_LOCAL_ONLY"):
        os.environ.pop(name, None)
    if listens_everywhere(host) and phones_url:
        os.environ["SCOREKEEPER_LAN_URL"] = phones_url
    if listens_on_this_machine_only(host):
        os.environ["SCOREKEEPER_LOCAL_ONLY"] = "1"


def announce(host: str, port: int, phones_url: str | None, out: TextIO) -> None:
    """serve's first lines: the address to open (the one the share links carry) and, when
    phones can reach it, its QR code, so the host's phone joins in one scan."""
    here = f"http://127.0.0.1:{port}/"
    if phones_url is None:
        out.write(f"Scorekeeper is running: open {here} on this machine\n")
        if listens_everywhere(host):
            out.write("(this machine is on no local network: phones can join once it is)\n")
        else:
            out.write("(phones at the table need --host 0.0.0.0, as scripts/run starts it)\n")
        out.flush()
        return
    out.write(f"Scorekeeper is running: phones open {phones_url.rstrip('/')}/ (or scan this)\n")
    drawn = io.StringIO()
    segno.make(phones_url.rstrip("/") + "/", error="m").terminal(out=drawn, compact=True)
    try:
        out.write(drawn.getvalue())
    except UnicodeEncodeError:  # a terminal that cannot show block characters
        out.write("(this terminal cannot draw the QR code)\n")
    if listens_everywhere(host):
        out.write(f"On this machine: {here} (anyone on this network can open the app)\n")
    out.flush()
