"""Slow clients hold nothing (issue 18, item 1), against a real `scorekeeper serve`.

Every connection goes to 127.0.0.1 only.
"""

import socket
import urllib.request

from tests.web.serving import Server

PARTIAL_HEADERS = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-"


def answers(port: int, path: str = "/") -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
        return response.status


def closed_by_server(conn: socket.socket) -> bool:
    """Whether the server ends this connection (within the socket's timeout)."""
    try:
        return conn.recv(4096) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_connections_that_trickle_their_headers_hold_no_thread(tmp_path):
    """Eight connections with half their headers sent, against one worker of two threads
    and a --stalled limit of a minute: a phone is answered at once. (gunicorn's threaded
    worker gave each of them a thread until --stalled passed: the phone waited a minute.)"""
    args = ("--workers", "1", "--threads", "2", "--stalled", "60")
    server = Server(tmp_path / "served.sqlite", *args).start()
    slow = []
    try:
        for _ in range(8):
            conn = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            conn.sendall(PARTIAL_HEADERS)
            slow.append(conn)
        assert answers(server.port, "/api/v1/variants") == 200
    finally:
        for conn in slow:
            conn.close()
        server.stop()


def test_a_client_that_has_not_sent_its_headers_within_seconds_is_dropped(tmp_path):
    """Half a request's headers, then a byte now and then: the server closes the
    connection after a few seconds, long before --stalled (a minute) would."""
    server = Server(tmp_path / "served.sqlite", "--workers", "1", "--stalled", "60").start()
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as conn:
            conn.sendall(PARTIAL_HEADERS)
            assert closed_by_server(conn)
    finally:
        server.stop()


def test_a_phone_that_stalls_mid_body_is_dropped_after_the_stalled_limit(tmp_path):
    """Headers whole, then half the body and silence: dropped once --stalled (2 s) passes,
    never handed to a thread (which would wait on the body for good)."""
    server = Server(tmp_path / "served.sqlite", "--workers", "1", "--stalled", "2").start()
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as conn:
            conn.sendall(
                b"POST /api/v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
            )
            assert closed_by_server(conn)
        assert answers(server.port, "/api/v1/variants") == 200
    finally:
        server.stop()


def test_a_body_over_the_limit_is_refused_unread_and_a_large_one_is_read_whole(tmp_path):
    """A request that declares 10 MB is refused (413) without waiting for it; a question of
    200 KB (over the size read one at a time) arrives whole and is answered."""
    server = Server(tmp_path / "served.sqlite", "--workers", "1").start()
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as conn:
            conn.sendall(
                b"POST /api/v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                b"Content-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"
            )
            assert conn.recv(4096).startswith(b"HTTP/1.1 413 ")
        question = b" " * 200_000 + b'{"variant": "rummy", "melds": [["AS", "2S", "3S"]]}'
        request = urllib.request.Request(
            f"http://127.0.0.1:{server.port}/api/v1/check",
            data=question,
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 200
            assert b'"legal":true' in response.read()
    finally:
        server.stop()
