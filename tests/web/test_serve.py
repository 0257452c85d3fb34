"""`scorekeeper serve`: the production server (gunicorn) answers on 127.0.0.1, then stops."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serve_runs_the_app_and_prints_the_address(tmp_path):
    port = free_port()
    env = dict(os.environ, SCOREKEEPER_DATABASE=str(tmp_path / "served.sqlite"))
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        first_line = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first_line
        for _ in range(50):
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/api/v1/variants", timeout=2
                ) as response:
                    assert response.status == 200
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the server did not answer")
        assert (tmp_path / "served.sqlite").exists()  # the database is a real file
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_serve_runs_one_worker_process_each_on_the_one_database(tmp_path):
    """Python runs one thread at a time per process: the workers are processes, so a busy
    club evening can use every core."""
    port = free_port()
    env = dict(os.environ, SCOREKEEPER_DATABASE=str(tmp_path / "served.sqlite"))
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port), "--workers", "3"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        server.stdout.readline()
        children: list[str] = []
        for _ in range(100):
            children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
            if len(children) == 3:
                break
            time.sleep(0.1)
        assert len(children) == 3
        for _ in range(50):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the server did not answer")
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_phones_that_stall_mid_request_do_not_hold_the_server(tmp_path):
    """Two phones send the first byte of a request and nothing more: with one worker of two
    threads, both threads wait on them until --stalled seconds pass, then a third phone is
    answered (without the limit gunicorn would wait on them for good)."""
    port = free_port()
    env = dict(os.environ, SCOREKEEPER_DATABASE=str(tmp_path / "served.sqlite"))
    args = ["--workers", "1", "--threads", "2", "--stalled", "2"]
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port), *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    stalled = []
    try:
        server.stdout.readline()
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        for _ in range(2):
            phone = socket.create_connection(("127.0.0.1", port), timeout=5)
            phone.sendall(b"G")
            stalled.append(phone)
        time.sleep(0.5)  # both threads have taken a stalled phone
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as answer:
            assert answer.status == 200
    finally:
        for phone in stalled:
            phone.close()
        server.terminate()
        server.wait(timeout=10)
