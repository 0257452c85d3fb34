"""A real `scorekeeper serve` on 127.0.0.1, and phones that talk to it over keep-alive HTTP.

Shared by the concurrency and kill tests and by benchmarks/bench_load.py. Every request
goes to 127.0.0.1 only.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]


# Ports below Linux's ephemeral range (32768 on): the kernel never hands them to a connection
# or to a bind to port 0, so between choosing a port and serve binding it nothing else takes it
SERVER_PORTS = range(20000, 32768)


def free_port() -> int:
    """A port nobody listens on, from this process's own share of SERVER_PORTS: each xdist
    worker (PYTEST_XDIST_WORKER gw0, gw1 ...) has its own, so two never choose the same."""
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    share = len(SERVER_PORTS) // max(workers, 1)
    start = SERVER_PORTS.start + worker * share
    ports = list(range(start, start + share))
    random.shuffle(ports)
    for port in ports:
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue  # in use, or still closing
            return port
    raise RuntimeError(f"no free port from {start} to {start + share - 1}")


class Server:
    """`scorekeeper serve` in a subprocess on a free port, on the given database file."""

    def __init__(
        self, database: Path, *args: str, port: int | None = None, log: Path | None = None
    ) -> None:
        self.database = database
        self.log = log  # where its standard error (the request log) goes; nowhere without
        self.args = args  # more of serve's options (--workers 3 ...)
        self.port = port or free_port()
        self.key = secrets.token_hex(32)
        self.process: subprocess.Popen | None = None
        self.first_line = ""  # what serve said first (the address to open)

    def start(self) -> Server:
        env = dict(
            os.environ,
            SCOREKEEPER_DATABASE=str(self.database),
            SCOREKEEPER_SECRET_KEY=self.key,  # the same key across restarts: cookies stay valid
        )
        log = self.log.open("ab") if self.log else None
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "scorekeeper.cli",
                "serve",
                "--port",
                str(self.port),
                *self.args,
            ],
            env=env,
            cwd=PROJECT,
            stdout=subprocess.PIPE,  # its first lines (and a QR code), then nothing: it never fills
            stderr=log or subprocess.DEVNULL,
            text=True,
        )
        if log:
            log.close()  # the server holds its own copy
        self.first_line = self.process.stdout.readline()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("scorekeeper serve stopped while starting") from None
                time.sleep(0.05)
        raise RuntimeError("scorekeeper serve did not answer")

    def kill(self) -> None:
        """The machine dies: the server and every process it started stop at once,
        mid-stride (all frozen first, so none hears of the others' end and tidies up; a
        worker outliving its parent would go on answering)."""
        if self.process is None or self.process.poll() is not None:
            return
        everyone = [self.process.pid, *descendants(self.process.pid)]
        for sent in (signal.SIGSTOP, signal.SIGKILL):
            for pid in everyone:
                with contextlib.suppress(ProcessLookupError):  # a short child ended by itself
                    os.kill(pid, sent)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        """Stopped as a person stops serve at the terminal, with Ctrl-C (SIGINT: gunicorn's
        quick shutdown). SIGTERM's graceful stop waits out every idle keep-alive connection
        a phone left open, and no test looks at what the wait would change."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def descendants(pid: int) -> list[int]:
    """Every process started by ``pid``, and by those, from /proc."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(text.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, of in parents.items() if of == parent]
        found += children
        frontier += children
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


class Phone:
    """One browser: its own cookie and one keep-alive connection, redirects not followed."""

    def __init__(self, port: int, timeout: float = 15) -> None:
        self.port = port
        self.timeout = timeout
        self.cookie = ""
        self.conn: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, data: dict | None = None, headers: dict | None = None
    ) -> tuple[int, dict[str, str], str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        sent = dict(headers or {})
        if self.cookie:
            sent["Cookie"] = self.cookie
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        reused = self.conn is not None
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        # sent again only if nothing can have been done twice: a page, or a save that carries
        # its one-time key
        repeatable = method == "GET" or "submission" in (data or {})
        try:
            self.conn.request(method, path, body=body, headers=sent)
            response = self.conn.getresponse()
        except (ConnectionResetError, BrokenPipeError, http.client.RemoteDisconnected):
            self.close()
            if not (reused and repeatable):
                raise
            # the server closed the idle keep-alive connection before answering: a browser
            # sends the request again on a new connection, and so does this phone
            return self.request(method, path, data, headers)
        except (OSError, http.client.HTTPException):
            self.close()
            raise
        try:
            text = response.read().decode(errors="replace")
        except (OSError, http.client.HTTPException):
            self.close()
            raise
        for header, value in response.getheaders():
            if header.lower() == "set-cookie" and value.startswith("session="):
                self.cookie = value.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text

    def get(self, path: str, headers: dict | None = None) -> tuple[int, dict[str, str], str]:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, data: dict) -> tuple[int, dict[str, str], str]:
        return self.request("POST", path, data=data)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def hidden(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page)
    if found is None:
        raise AssertionError(f"no hidden field {name} in the page")
    return found.group(1)


def start_rummy(phone: Phone, players: tuple[str, ...] = ("Ana", "Ben"), target: int = 1000) -> str:
    """A Basic Rummy game through the form, with its CSRF token; returns the edit path."""
    _, _, page = phone.get("/new/rummy")
    status, headers, _ = phone.post(
        "/new/rummy",
        {
            "csrf_token": hidden(page, "csrf_token"),
            "players": "\n".join(players),
            "dealer": "",
            "option_ace": "low",
            "option_borrow": "none",
            "option_target": str(target),
        },
    )
    assert status == 302, status
    return urllib.parse.urlsplit(headers["location"]).path


def round_form(phone: Phone, game: str, round_id: int | None = None) -> dict[str, str]:
    """Open a round form: the hidden fields a browser sends back with it."""
    path = f"{game}/rounds/new" if round_id is None else f"{game}/rounds/{round_id}"
    status, _, page = phone.get(path)
    assert status == 200, status
    return {name: hidden(page, name) for name in ("csrf_token", "revision", "submission")}


def rummy_round(keys: dict[str, str], ben_hand: str) -> dict[str, str]:
    """Ana goes out; Ben holds the given cards."""
    return {**keys, "winner": "Ana", "end": "out", "hand_1": ben_hand, "save": "1"}
