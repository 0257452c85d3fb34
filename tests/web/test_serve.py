"""`scorekeeper serve`: the production server (gunicorn) answers on 127.0.0.1, then stops."""

import socket
import time
import urllib.request
from pathlib import Path

from tests.web.serving import Server


def answers(port: int, path: str = "/") -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
        return response.status


def test_serve_runs_the_app_and_prints_the_address(tmp_path):
    server = Server(tmp_path / "served.sqlite").start()
    try:
        assert f"http://127.0.0.1:{server.port}/" in server.first_line
        assert answers(server.port, "/api/v1/variants") == 200
        assert (tmp_path / "served.sqlite").exists()  # the database is a real file
    finally:
        server.stop()


def test_serve_runs_one_worker_process_each_on_the_one_database(tmp_path):
    """Python runs one thread at a time per process: the workers are processes, so a busy
    club evening can use every core."""
    server = Server(tmp_path / "served.sqlite", "--workers", "3").start()
    pid = server.process.pid
    try:
        children: list[str] = []
        for _ in range(100):
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            if len(children) == 3:
                break
            time.sleep(0.1)
        assert len(children) == 3
        assert answers(server.port) == 200
    finally:
        server.stop()


def test_phones_that_stall_mid_request_do_not_hold_the_server(tmp_path):
    """Two phones send the first byte of a request and nothing more: with one worker of two
    threads, a third phone is answered (the two wait in the worker's event loop, holding
    no thread, until they are dropped)."""
    args = ("--workers", "1", "--threads", "2", "--stalled", "2")
    server = Server(tmp_path / "served.sqlite", *args).start()
    stalled = []
    try:
        for _ in range(2):
            phone = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            phone.sendall(b"G")
            stalled.append(phone)
        time.sleep(0.5)  # both threads have taken a stalled phone
        assert answers(server.port) == 200
    finally:
        for phone in stalled:
            phone.close()
        server.stop()
