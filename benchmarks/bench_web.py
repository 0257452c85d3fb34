"""Page and round-submit latency of `scorekeeper serve` (gunicorn), on 127.0.0.1.

Run: .venv/bin/python benchmarks/bench_web.py [--requests 200]

Starts the real server in a subprocess on a free port with a fresh database, plays
a Rami session through HTTP (with the CSRF token, as a browser would), measures,
and stops the server. Every request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Browser:
    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def get(self, path: str) -> tuple[str, float]:
        start = time.perf_counter()
        with self.opener.open(self.base + path, timeout=30) as response:
            body = response.read().decode(errors="replace")  # the PDF is bytes
        return body, time.perf_counter() - start

    def post(self, path: str, data: dict[str, str]) -> tuple[str, str, float]:
        start = time.perf_counter()
        encoded = urllib.parse.urlencode(data).encode()
        with self.opener.open(self.base + path, data=encoded, timeout=30) as response:
            body = response.read().decode()
            url = response.geturl()
        return body, url, time.perf_counter() - start


def token(page: str) -> str:
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    return f"{name:28} median {statistics.median(times) * 1e3:6.1f} ms   p95 {p95 * 1e3:6.1f} ms   (n={len(times)})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    port = free_port()
    workdir = tempfile.mkdtemp()
    env = dict(os.environ, SCOREKEEPER_DATABASE=os.path.join(workdir, "bench.sqlite"))
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        browser = Browser(base)
        form, _ = browser.get("/new/rami")
        data = {
            "csrf_token": token(form),
            "players": "Ana\nBen\nCem",
            "option_ace": "low-or-high",
            "option_target": "100000",  # the most a table may set: no one passes it here
            "option_joker_value": "150",
            "option_unopened": "penalty",
            "option_rummy": "surcharge",
            "option_end": "threshold",
        }
        _, session_url, _ = browser.post("/new/rami", data)
        session = urllib.parse.urlparse(session_url).path
        if not session.startswith("/s/"):
            raise SystemExit(f"the session was not started (answered with {session})")
        submits = []
        for n in range(args.requests // 4):
            page, _ = browser.get(f"{session}/rounds/new")
            winner = ["Ana", "Ben", "Cem"][n % 3]
            round_ = {
                "csrf_token": token(page),
                "winner": winner,
                "end": "out",
                "save": "1",
                "opened_0": "y",
                "opened_1": "y",
                "opened_2": "y",
            }
            for seat, player in enumerate(["Ana", "Ben", "Cem"]):
                round_[f"hand_{seat}"] = "" if player == winner else "KS 7D"
            _, _, elapsed = browser.post(f"{session}/rounds/new", round_)
            submits.append(elapsed)
        pages = {
            "home": "/",
            "session page (score sheet)": session,
            "round form": f"{session}/rounds/new",
            "referee": "/referee/",
            "rules page": "/rules/rami",
        }
        print(f"scorekeeper serve (gunicorn) on 127.0.0.1; session with {len(submits)} rounds")
        for name, path in pages.items():
            times = [browser.get(path)[1] for _ in range(args.requests // 4)]
            print(summary(name, times))
        print(summary("round submit (check + save)", submits))
        times = [browser.get(f"{session}/sheet.pdf")[1] for _ in range(10)]
        print(summary("PDF score sheet", times))
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
