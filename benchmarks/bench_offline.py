"""How long a round saved with no network waits once the network is back (issue 17).

Run: .venv/bin/python benchmarks/bench_offline.py [--repeat 20]

Starts `scorekeeper serve` (gunicorn) on 127.0.0.1 with a fresh database and drives
Debian's Chromium through Playwright, as a phone at the table: a Rami game under the
service worker. Each repeat saves one round online (tap Save until the sheet says "Round N
saved.") and one round with the network gone (Save queues it; then the network comes back),
alternating in the same run. For the queued round it times, from the moment the network is
back, the server's acknowledgement (the queue on the phone is empty) and the sheet showing
the round. Every request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.browser.table_pages import start_table  # noqa: E402
from tests.web.serving import Server  # noqa: E402

PLAYERS = ["Ana", "Ben", "Cem"]
QUEUE_EMPTY = "(localStorage.getItem('scorekeeper:queue') || '[]') === '[]'"


def until(page, script: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if page.evaluate(script):
                return
        except Exception:  # navigating: ask again
            pass
        time.sleep(0.002)
    raise RuntimeError(f"not true after {timeout} s: {script}")


def type_round(page, number: int) -> None:
    """Ana goes out; Ben and Cem had melded and count a few points."""
    page.get_by_role("link", name=re.compile("Enter round")).click()
    page.locator("#mode label.chip", has_text="Points counted").click()
    page.check("#winner input[value='Ana']")
    for seat in (1, 2):
        page.fill(f"#count_{seat}", str(number % 7 + seat))
        page.check(f"#opened_{seat} input[value='y']")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    online, acknowledged, shown = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "bench.sqlite").start()
        base = f"http://127.0.0.1:{server.port}"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context = browser.new_context(
                    viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
                )
                page = context.new_page()
                edit = start_table(page.request, base, players=PLAYERS)
                page.goto(edit)
                until(page, "navigator.serviceWorker.controller !== null")
                page.goto(edit)
                number = 0
                for _ in range(args.repeat):
                    number += 1
                    type_round(page, number)
                    start = time.perf_counter()
                    page.get_by_role("button", name="Save the round").first.click()
                    expect(page.locator(".flash")).to_contain_text(f"Round {number} saved.")
                    online.append(time.perf_counter() - start)

                    number += 1
                    type_round(page, number)
                    context.set_offline(True)
                    page.get_by_role("button", name="Save the round").first.click()
                    expect(page.locator("#queue")).to_be_visible()
                    start = time.perf_counter()
                    context.set_offline(False)
                    until(page, QUEUE_EMPTY)
                    acknowledged.append(time.perf_counter() - start)
                    expect(page.locator(".flash")).to_contain_text(
                        f"Round {number} saved.", timeout=60_000
                    )
                    shown.append(time.perf_counter() - start)
                browser.close()
        finally:
            server.stop()

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:.0f} ms (max {max(values) * 1000:.0f})"

    print(f"load average {os.getloadavg()[0]:.1f}, {args.repeat} of each, medians:")
    print(f"| online save: tap Save to the sheet saying it is saved | {ms(online)} |")
    print(f"| queued round: network back to the server's acknowledgement | {ms(acknowledged)} |")
    print(f"| queued round: network back to the sheet showing it | {ms(shown)} |")


if __name__ == "__main__":
    main()
