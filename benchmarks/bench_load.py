"""A club evening under load: tables saving rounds while read-only phones watch.

Run: .venv/bin/python benchmarks/bench_load.py [--tables 50] [--viewers 200] [--seconds 60]
     [--save-every 3] [--replica] [--repeat N] [--kills N [--keep [--chromium-tables 2]]]

Starts the real `scorekeeper serve` (gunicorn) on a free port of 127.0.0.1 with a fresh
database. Each table is a phone that opens the round form, saves a round and is shown
the score sheet, every 3 seconds. Each viewer holds the read-only page of one table and
polls it as static/live.js does: every 5 seconds `/revision` with the ETag it was last
given (If-None-Match), and on a new revision reloads the page (revalidating it and the
QR picture with their ETags). Threads, one keep-alive connection per phone. Stops by
itself, then checks the database: every acknowledged round there once, nothing else.

With ``--kills N --keep`` the machine dies N times mid-evening (``machine_dies``) and the
tables are phones that keep what they saved until the replica has it: ``--chromium-tables``
of them are real headless Chromium pages (Debian's chromium through Playwright, as
tests/browser do) whose own static/offline.js keeps and resends the rounds; the rest are
lighter clients doing the same in Python (``Keeper``). Every request goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import contextlib

from tests.web.serving import (  # noqa: E402  (the project root is put on the path above)
    Phone,
    Server,
    hidden,
    round_form,
    rummy_round,
    start_rummy,
)

SAVE_EVERY = 3.0
POLL_EVERY = 5.0
BACK_WITHIN = 120.0  # s: the reopened phones' rounds all back, or the run says which are not
# A Rami round typed into a Chromium page's round form and saved: "Points counted", the
# winner, each loser's count and "had melded: yes", then a click on Save
TYPE_ROUND = """([winner, counts]) => {
  const form = document.getElementById("round-form");
  const chip = [...form.querySelectorAll("#mode label.chip")]
    .find((label) => label.textContent.includes("Points counted"));
  if (chip) chip.click();
  form.querySelector(`#winner input[value="${winner}"]`).click();
  for (const [seat, points] of Object.entries(counts)) {
    const count = form.querySelector(`#count_${seat}`);
    count.value = String(points);
    count.dispatchEvent(new Event("input", { bubbles: true }));
    count.dispatchEvent(new Event("change", { bubbles: true }));
    form.querySelector(`#opened_${seat} input[value="y"]`).click();
  }
  [...form.querySelectorAll("[name=save]")]
    .find((button) => (button.value + button.textContent).includes("Save the round")).click();
}"""


class Results:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.times: dict[str, list[float]] = {}
        self.errors: list[str] = []
        self.acknowledged_at: dict[str, float] = {}  # by form key; wall-clock, as files are dated

    def time(self, name: str, seconds: float) -> None:
        with self.lock:
            self.times.setdefault(name, []).append(seconds)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


class Clock:
    """When the measured minute starts and ends: set once every phone is ready."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.start = self.until = 0.0

    def set(self) -> None:
        self.start = time.monotonic() + 0.5
        self.until = self.start + self.seconds


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def timed(results: Results, name: str, call, *args, **kwargs):
    start = time.perf_counter()
    answer = call(*args, **kwargs)
    results.time(name, time.perf_counter() - start)
    return answer


class Keeper:
    """What a phone's static/offline.js does with a replica: each round it saved is kept (its
    fields, the server's clock at the answer and the server's run) until an answer of the
    same run says the replica holds everything saved before then; after a restore (another
    run) the kept rounds are sent again, in order."""

    def __init__(self) -> None:
        self.kept: dict[str, tuple[dict[str, str], int | None, str]] = {}

    @staticmethod
    def position(header: str) -> tuple[int | None, int | None, str] | None:
        if not header or header == "none":
            return None
        fields = dict(part.strip().split("=", 1) for part in header.split(";"))
        number = {
            name: int(fields[name]) if fields.get(name) else None for name in ("through", "now")
        }
        return number["through"], number["now"], fields.get("run", "")

    def heard(self, header: str) -> None:
        where = self.position(header)
        if where is None:
            self.kept.clear()
            return
        through, _, run = where
        self.kept = {
            key: kept
            for key, kept in self.kept.items()
            if kept[2] != run or through is None or kept[1] is None or kept[1] > through
        }

    def saved(self, fields: dict[str, str], header: str) -> None:
        where = self.position(header)
        if where is not None:
            self.kept[fields["submission"]] = (fields, where[1], where[2])
        self.heard(header)

    def send_again(self, phone: Phone, game: str, page: str) -> tuple[int, int]:
        """The kept rounds sent to a restored server, oldest first, each with the token of
        the game's page just opened: (restored, conflicts)."""
        restored = conflicts = 0
        token = hidden(page, "csrf_token")
        for key, (fields, _, _) in list(self.kept.items()):
            status, headers, body = phone.request(
                "POST",
                f"{game}/rounds/new",
                {**fields, "csrf_token": token},
                headers={"X-Scorekeeper-Answer": "page"},
            )
            if status == 200:
                restored += "x-scorekeeper-already-saved" not in headers
                where = self.position(headers.get("x-scorekeeper-replica", ""))
                self.kept[key] = (fields, *(where[1:] if where else (None, "")))
            elif status == 409:
                conflicts += 1
                del self.kept[key]
            else:
                raise RuntimeError(f"sending a kept round again answered {status}: {body[:300]}")
        return restored, conflicts


class ChromiumPhones:
    """Real Chromium pages as some tables' phones, each in its own browser context: they
    start a Rami game of three, save a round through the round form every SAVE_EVERY seconds
    (their static/offline.js sends it in the background and keeps it until the replica has
    it) and, reopened on a restored server, send their kept rounds again by themselves.
    Playwright's sync API stays on the thread that started it: one thread owns it and runs
    what it is asked, in order; ``ask`` waits for the answer, ``begin`` then ``answer`` let
    the caller work meanwhile."""

    PLAYERS = ("Ana", "Ben", "Cem")

    def __init__(self, tables: int) -> None:
        self.tables = tables
        self.asked: queue.Queue = queue.Queue()
        self.answers: queue.Queue = queue.Queue()
        self.pages: list = []
        self.games: list[str] = []
        self.acknowledged: list[dict[str, float]] = [{} for _ in range(tables)]
        self.counting = False
        self.answered_whole: set[str] = set()  # saves whose answer arrived to its last byte
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def begin(self, name: str, *args) -> None:
        self.asked.put((name, args))

    def answer(self, timeout: float = 600):
        failed, value = self.answers.get(timeout=timeout)
        if failed:
            raise RuntimeError("a Chromium phone failed") from value
        return value

    def ask(self, name: str, *args):
        self.begin(name, *args)
        return self.answer()

    def _serve(self) -> None:
        from playwright.sync_api import sync_playwright

        from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

        with sync_playwright() as playwright:
            self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            while True:
                name, args = self.asked.get()
                if name == "close":
                    break
                try:
                    self.answers.put((False, getattr(self, f"_{name}")(*args)))
                except Exception as error:  # told to the caller, who stops the run
                    self.answers.put((True, error))
            self.browser.close()
        self.answers.put((False, None))

    def _noted(self, table: int):
        def key_of(request) -> str | None:
            if request.method != "POST" or not request.url.endswith("/rounds/new"):
                return None
            return urllib.parse.parse_qs(request.post_data or "").get("submission", [None])[0]

        def on_response(response) -> None:
            key = key_of(response.request)
            # the answer says: saved (200 and the sheet's address)
            saved = response.status == 200 and response.headers.get("content-location")
            if self.counting and key and saved:
                self.acknowledged[table][key] = time.time()

        def on_finished(request) -> None:
            key = key_of(request)
            if key:
                self.answered_whole.add(key)

        return on_response, on_finished

    def _open(self, port: int) -> None:
        from tests.browser.table_pages import start_table

        base = f"http://127.0.0.1:{port}"
        for table in range(self.tables):
            context = self.browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
            )
            page = context.new_page()
            page.set_default_timeout(10_000)
            on_response, on_finished = self._noted(table)
            page.on("response", on_response)
            page.on("requestfinished", on_finished)
            game = start_table(page.request, base, players=list(self.PLAYERS))
            page.goto(game)
            self.pages.append(page)
            self.games.append(game)

    def _save(self, page, turn: int) -> None:
        """A round as a player types it: Rami, the winner went out, each loser had melded
        and counts a few points (small, so the game never reaches its end at 1,000). The
        taps and typing are done in the page in one go (Playwright's own steps, one round
        trip each, would let the loaded machine slow a page's saves to a few a minute);
        Save is a click, so the page's own scripts send it."""
        from tests.browser.test_offline import open_round_form

        if page.locator("#round-form").count() == 0:
            open_round_form(page)
        winner = turn % len(self.PLAYERS)
        counts = {seat: 3 + seat for seat in range(len(self.PLAYERS)) if seat != winner}
        page.evaluate(TYPE_ROUND, [self.PLAYERS[winner], counts])
        page.locator(".flash").first.wait_for()

    def _play(self, clock: Clock, results: Results) -> None:
        """Each page saves every SAVE_EVERY seconds over the evening, the pages spread over
        the interval, one after the other (this thread drives them all)."""
        for acknowledged in self.acknowledged:
            acknowledged.clear()
        while not clock.start:
            time.sleep(0.05)
        self.counting = True
        ticks = [clock.start + SAVE_EVERY * i / self.tables for i in range(self.tables)]
        turns = [0] * self.tables
        while True:
            table = min(range(self.tables), key=ticks.__getitem__)
            time.sleep(max(0.0, ticks[table] - time.monotonic()))
            if time.monotonic() >= clock.until:
                break
            try:
                self._save(self.pages[table], turns[table])
            except Exception as error:  # the server died, or is slow: counted, like a person
                results.error(f"chromium table: {type(error).__name__}")
                with contextlib.suppress(Exception):  # back to the game, to try again
                    self.pages[table].goto(self.games[table], timeout=5_000)
            turns[table] += 1
            ticks[table] += SAVE_EVERY
        for page in self.pages:  # the answers that arrived while it waited, noted
            with contextlib.suppress(Exception):
                page.evaluate("1")
        self.counting = False

    def _reopen(self, database: Path) -> tuple[float, int, list[str]]:
        """Every page opens its game again on the restored server (its offline.js finds the
        server in another run and sends its kept rounds): seconds until every round they
        were acknowledged is in the database, and how many of them were missing first."""
        from playwright.sync_api import Error as PlaywrightError

        wanted = {key for acknowledged in self.acknowledged for key in acknowledged}
        missing_first = len(wanted - stored_keys(database))
        started = time.monotonic()
        for page, game in zip(self.pages, self.games, strict=True):
            try:
                page.goto(game, timeout=60_000)
            except PlaywrightError:  # the page reloaded itself meanwhile (its stream came back)
                page.wait_for_load_state(timeout=60_000)
        while wanted - stored_keys(database):
            if time.monotonic() - started > BACK_WITHIN:
                break
            for page in self.pages:  # the pages' own events, handled meanwhile
                page.wait_for_timeout(50)
        back = time.monotonic() - started
        lost = wanted - stored_keys(database)
        held = [self._held(page) for page in self.pages]
        said = [
            f"{key}: answer {'whole' if key in self.answered_whole else 'cut short'}, "
            + (
                ", ".join(where for where in (holding(h, key) for h in held) if where)
                or "held by no page"
            )
            for key in sorted(lost)
        ]
        return back, missing_first, said

    @staticmethod
    def _held(page) -> str:
        """What the page keeps of its rounds (its kept rounds and its queue), as stored."""
        for _ in range(20):
            try:
                return page.evaluate(
                    "JSON.stringify([localStorage.getItem('scorekeeper:kept'), "
                    "localStorage.getItem('scorekeeper:queue')])"
                )
            except Exception:  # the page is reloading: ask again
                page.wait_for_timeout(250)
        return ""


def holding(held: str, key: str) -> str:
    """Where a page holds the round of that one-time key: among its kept rounds, or in its
    queue (with the queue's state and note: a conflict or refusal waits for a person)."""
    if not held:
        return ""
    kept, queued = (json.loads(part or "[]") for part in json.loads(held))
    for entry in kept:
        if ["submission", key] in entry.get("fields", []):
            return "kept by its page"
    for entry in queued:
        if ["submission", key] in entry.get("fields", []):
            return f"in its page's queue ({entry.get('state')}: {entry.get('note')})"
    return ""


def stored_keys(database: Path) -> set[str]:
    with contextlib.closing(sqlite3.connect(database, timeout=30)) as db:
        return {key for (key,) in db.execute("select submission from rounds where deleted = 0")}


def table(
    game: str,
    cookie: str,
    port: int,
    ready: threading.Barrier,
    clock: Clock,
    offset: float,
    results: Results,
    keeper: Keeper | None = None,
):
    phone = Phone(port, timeout=30)
    phone.cookie = cookie
    acknowledged: list[str] = []
    phone.get(game)
    ready.wait()
    until = clock.until
    tick = clock.start + offset
    while True:
        time.sleep(max(0.0, tick - time.monotonic()))
        if time.monotonic() >= until:
            break
        try:
            keys = timed(results, "round form", round_form, phone, game)
            fields = rummy_round(keys, "2C")
            if keeper is not None:  # as offline.js: the sheet in the answer, the round kept
                status, headers, _ = timed(
                    results,
                    "round save (page in the answer)",
                    phone.request,
                    "POST",
                    f"{game}/rounds/new",
                    fields,
                    {"X-Scorekeeper-Answer": "page"},
                )
                if status == 200:
                    keeper.saved(fields, headers.get("x-scorekeeper-replica", ""))
                    acknowledged.append(keys["submission"])
                    with results.lock:
                        results.acknowledged_at[keys["submission"]] = time.time()
                else:
                    results.error(f"save answered {status}")
                tick += SAVE_EVERY
                continue
            tapped = time.perf_counter()
            status, headers, _ = timed(
                results, "round save", phone.post, f"{game}/rounds/new", fields
            )
            if status != 302:
                results.error(f"save answered {status}")
            else:
                acknowledged.append(keys["submission"])
                with results.lock:
                    results.acknowledged_at[keys["submission"]] = time.time()
                timed(results, "sheet after save", phone.get, game)
                # what the scorer waits for: the post and its redirect's page
                results.time("tap to sheet", time.perf_counter() - tapped)
        except Exception as error:  # counted, and the phone carries on like a person would
            results.error(f"table: {error!r}")
        tick += SAVE_EVERY
    phone.close()
    return acknowledged


def viewer(
    view: str, port: int, ready: threading.Barrier, clock: Clock, offset: float, results: Results
) -> None:
    phone = Phone(port, timeout=30)
    status, headers, page = phone.get(view)
    page_etag = headers.get("etag", "")
    poll_etag = ""
    seen = re.search(r'data-revision="(\d+)"', page).group(1)
    qr = re.search(r'src="(/s/[^"]+/qr/view\.svg)"', page).group(1)
    qr_etag = phone.get(qr)[1].get("etag", "")
    ready.wait()  # every phone has opened its page: only then does the clock start
    until = clock.until
    tick = clock.start + offset
    while True:
        time.sleep(max(0.0, tick - time.monotonic()))
        if time.monotonic() >= until:
            break
        try:
            status, headers, body = timed(
                results,
                "revision poll",
                phone.get,
                f"{view}/revision",
                {"If-None-Match": poll_etag} if poll_etag else {},
            )
            if status == 200:
                poll_etag = headers.get("etag", "")
                revision = str(json.loads(body)["revision"])
                if revision != seen:
                    status, headers, _ = timed(
                        results, "viewer reload", phone.get, view, {"If-None-Match": page_etag}
                    )
                    page_etag = headers.get("etag", page_etag)
                    phone.get(qr, {"If-None-Match": qr_etag})
                    seen = revision
            elif status != 304:
                results.error(f"poll answered {status}")
        except Exception as error:
            results.error(f"viewer: {error!r}")
        tick += POLL_EVERY
    phone.close()


def prepare(server: Server, tables: int) -> tuple[list[str], list[str], str]:
    """The tables' games (edit links), their read-only links, and the cookie that made them."""
    setup = Phone(server.port)
    games = [start_rummy(setup) for _ in range(tables)]
    views = []
    for game in games:
        page = setup.get(game)[2]
        views.append(re.search(r'href="(/s/[^"]+)" class="link"', page).group(1))
    setup.close()
    return games, views, setup.cookie


def play(
    port: int,
    games: list[str],
    views: list[str],
    cookie: str,
    viewers: int,
    seconds: float,
    during=None,
    keepers: list[Keeper] | None = None,
) -> tuple[Results, list[list[str]]]:
    """The evening: every table and viewer for ``seconds``; ``during(clock)`` runs beside them
    once the clock has started. Returns the timings and each table's acknowledged saves."""
    results = Results()
    clock = Clock(seconds)
    ready = threading.Barrier(len(games) + viewers, action=clock.set)
    acknowledged: list[list[str]] = [[] for _ in games]

    def run_table(i: int) -> None:
        offset = SAVE_EVERY * i / len(games)  # the tables spread over the interval
        keeper = keepers[i] if keepers is not None else None
        acknowledged[i] = table(games[i], cookie, port, ready, clock, offset, results, keeper)

    threads = [threading.Thread(target=run_table, args=(i,)) for i in range(len(games))]
    for j in range(viewers):
        offset = POLL_EVERY * j / max(1, viewers)
        threads.append(
            threading.Thread(
                target=viewer,
                args=(views[j % len(views)], port, ready, clock, offset, results),
            )
        )
    for thread in threads:
        thread.start()
    if during is not None:
        while not clock.start:
            time.sleep(0.05)
        during(clock)
    for thread in threads:
        thread.join(timeout=seconds + 120)
    return results, acknowledged


def report(results: Results, saved: int, lost: int, doubled: int) -> None:
    print(f"  saves acknowledged: {saved}")
    print(f"  errors: {len(results.errors)}  lost rounds: {lost}  duplicated rounds: {doubled}")
    for message in results.errors[:5]:
        print(f"    {message}")
    print("| request | count | p50 | p95 | p99 |")
    print("|---|---|---|---|---|")
    for name, values in results.times.items():
        print(
            f"| {name} | {len(values)} | {statistics.median(values) * 1000:.1f} ms "
            f"| {percentile(values, 0.95) * 1000:.1f} ms | {percentile(values, 0.99) * 1000:.1f} ms |"
        )
    saves = results.times.get("round save", [])
    if saves:
        p95 = percentile(saves, 0.95)
        for target in (0.050, 0.025):  # issue 8's target, then issue 12's
            verdict = "met" if p95 < target else "NOT met"
            print(f"target: round save p95 under {target * 1000:.0f} ms: {verdict}")


def ltx_times(folder: Path, times: dict[int, float]) -> None:
    """When each level-0 LTX file in ``folder`` was written (its mtime), by its last txid."""
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return
    for entry in entries:
        if entry.name.endswith(".ltx"):
            with contextlib.suppress(FileNotFoundError, ValueError):
                times.setdefault(int(entry.name.split("-")[1][:16], 16), entry.stat().st_mtime)


def copied_after(
    acknowledged_at: dict[str, float], taken: dict[int, float], copied: dict[int, float]
):
    """For each acknowledged save, how long until the replica held it: the first LTX file
    Litestream wrote after the save holds it (it takes the whole WAL so far), and the
    replica's copy of that file is dated when it arrived."""
    order = sorted(taken.items())
    delays = []
    for moment in acknowledged_at.values():
        holder = next((txid for txid, at in order if at >= moment), None)
        arrived = [at for txid, at in copied.items() if holder is not None and txid >= holder]
        if arrived:
            delays.append(min(arrived) - moment)
    return delays


def evening(args, database: Path, replica: str | None, results: Results, lags: list[float]):
    """One evening on a fresh database, with or without a replica, its timings added to
    ``results``. With a replica in a folder, its lag: for each acknowledged save, until the
    replica's folder held it (``lags``), from the dates of Litestream's files on both sides.
    Returns the saves acknowledged, lost and stored twice."""
    server = Server(database, *(("--replica", replica) if replica else ())).start()
    taken: dict[int, float] = {}
    copied: dict[int, float] = {}

    def watch_lag(clock: Clock) -> None:
        local = database.parent / f".{database.name}-litestream" / "ltx" / "0"
        remote = Path(urllib.parse.urlsplit(replica).path) / "ltx" / "0"
        while time.monotonic() < clock.until + 5:  # the last saves' copies too
            ltx_times(local, taken)
            ltx_times(remote, copied)
            time.sleep(0.05)

    try:
        games, views, cookie = prepare(server, args.tables)
        timings, acknowledged = play(
            server.port,
            games,
            views,
            cookie,
            args.viewers,
            args.seconds,
            during=watch_lag if replica else None,
        )
    finally:
        server.stop()
    for name, values in timings.times.items():
        results.times.setdefault(name, []).extend(values)
    results.errors += timings.errors
    lags.extend(copied_after(timings.acknowledged_at, taken, copied))
    lost, doubled = check(server.database, games, acknowledged)
    return sum(len(a) for a in acknowledged), lost, doubled


def evenings(args, folder: Path) -> None:
    """The evening without a replica, then with one, ``--repeat`` times in turn (so a busy
    machine weighs on both alike), pooled."""
    kinds = ["no replica", "replica in a folder"] if args.replica else ["no replica"]
    pooled = {kind: (Results(), [0, 0, 0], []) for kind in kinds}
    for turn in range(args.repeat):
        for kind in kinds:
            results, counts, lags = pooled[kind]
            replica = f"file://{folder / f'replica-{turn}'}" if kind != "no replica" else None
            database = folder / f"load-{kind.split()[0]}-{turn}.sqlite"
            for i, count in enumerate(evening(args, database, replica, results, lags)):
                counts[i] += count
    for kind, (results, (saved, lost, doubled), lags) in pooled.items():
        print(f"\n{kind}: {args.repeat} x {args.seconds:g} s")
        report(results, saved, lost, doubled)
        if lags:
            print(
                f"replica lag (acknowledged -> in the replica, {len(lags)} saves): median "
                f"{statistics.median(lags) * 1000:.0f} ms, worst {max(lags) * 1000:.0f} ms"
            )


def machine_dies(args, folder: Path, kills: int) -> None:
    """The machine dies mid-evening: everything is SIGKILLed halfway through the load, the
    database, its WAL and Litestream's state are deleted, the database is restored from the
    replica and served again (on the same port, as a restored machine would be); the
    acknowledged saves missing from it are counted. With ``--keep`` the tables are phones
    that keep each saved round until the replica has it (``--chromium-tables`` of them real
    Chromium pages, the rest Keeper): reopened on the restored server they send the kept
    rounds again, and what is counted missing is what is still missing after that, with the
    time from reopening the phones to every round back."""
    database = folder / "dies.sqlite"
    replica = f"file://{folder / 'dies-replica'}"
    lost_total = saved_total = restored_total = conflicts_total = 0
    oldest = 0.0
    back_times: list[float] = []
    chromium_figures = {"acknowledged": 0, "missing first": 0, "lost": 0, "back": []}
    browsers = min(args.chromium_tables, args.tables) if args.keep else 0
    light = args.tables - browsers
    keepers = [Keeper() for _ in range(light)] if args.keep else None
    phones = ChromiumPhones(browsers) if browsers else None
    server = Server(database, "--replica", replica).start()
    games, views, cookie = prepare(server, light)
    if phones is not None:
        phones.ask("open", server.port)
    try:
        for kill in range(1, kills + 1):
            if server.process.poll() is not None:
                server.start()
            died_at: list[float] = []
            evening = Results()

            def die(clock: Clock, died_at: list[float] = died_at, evening=evening) -> None:
                if phones is not None:
                    phones.begin("play", clock, evening)
                time.sleep(max(0.0, clock.start + args.seconds / 2 - time.monotonic()))
                server.kill()
                died_at.append(time.time())

            timings, acknowledged = play(
                server.port, games, views, cookie, args.viewers, args.seconds, die, keepers
            )
            if phones is not None:
                phones.answer()
                timings.errors += evening.errors
                for kept in phones.acknowledged:
                    acknowledged.append(list(kept))
                    timings.acknowledged_at.update(kept)
            for gone in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
                gone.unlink()
            shutil.rmtree(folder / ".dies.sqlite-litestream")
            restored = subprocess.run(
                [sys.executable, "-m", "scorekeeper.cli", "restore", replica],
                env=dict(os.environ, SCOREKEEPER_DATABASE=str(database)),
                capture_output=True,
                text=True,
                check=True,
            )
            stored = stored_keys(database)
            missing = [key for keys in acknowledged for key in keys if key not in stored]
            saved = sum(len(a) for a in acknowledged)
            ages = sorted(died_at[0] - timings.acknowledged_at[key] for key in missing)
            before = ", ".join(f"{age * 1000:.0f}" for age in ages)
            line = (
                f"kill {kill}: {saved} saves acknowledged ({len(timings.errors)} requests "
                f"failed, most at the kill: {timings.errors[:1]}), {len(missing)} missing from "
                f"the replica (acknowledged {before or '-'} ms before the kill) after "
                f"{restored.stdout.strip()}"
            )
            if keepers is not None:
                server.start()
                if phones is not None:
                    phones.begin("reopen", database)
                back, sent_back, conflicts = reopen_phones(server, games, cookie, keepers)
                if phones is not None:
                    page_back, page_missing, page_said = phones.answer(timeout=BACK_WITHIN + 120)
                    page_keys = {key for kept in phones.acknowledged for key in kept}
                    page_lost = len(page_keys - stored_keys(database))
                    chromium_figures["acknowledged"] += len(page_keys)
                    chromium_figures["missing first"] += page_missing
                    chromium_figures["lost"] += page_lost
                    chromium_figures["back"].append(page_back)
                    back = max(back, page_back)
                    line += (
                        f"; the {browsers} Chromium pages: {len(page_keys)} acknowledged, "
                        f"{page_missing} missing from the replica, every round back in "
                        f"{page_back * 1000:.0f} ms, {page_lost} missing"
                        + (f" ({'; '.join(page_said)})" if page_said else "")
                    )
                back_times.append(back)
                restored_total += sent_back
                conflicts_total += conflicts
                stored = stored_keys(database)
                missing = [key for keys in acknowledged for key in keys if key not in stored]
                line += (
                    f"; the light phones sent {sent_back} back ({conflicts} conflicts); every "
                    f"phone's rounds back in {back * 1000:.0f} ms: {len(missing)} missing"
                )
            print(line, flush=True)
            lost_total += len(missing)
            saved_total += saved
            oldest = max(oldest, *ages) if ages else oldest
    finally:
        server.stop()
        if phones is not None:
            phones.begin("close")
            phones.thread.join(timeout=60)
    print(
        f"machine killed {kills} times: {lost_total} of {saved_total} acknowledged saves lost"
        + (
            f" after the phones sent {restored_total} kept rounds back ({conflicts_total} "
            f"conflicts); reopening to every round back: median "
            f"{statistics.median(back_times) * 1000:.0f} ms, worst {max(back_times) * 1000:.0f} ms"
            if keepers is not None
            else f", the oldest acknowledged {oldest * 1000:.0f} ms before the kill"
        )
    )
    if phones is not None:
        backs = chromium_figures["back"]
        print(
            f"of which the {browsers} Chromium pages: {chromium_figures['lost']} of "
            f"{chromium_figures['acknowledged']} acknowledged saves lost, "
            f"{chromium_figures['missing first']} missing from the replica and sent back by the "
            f"pages; reopening to every round back: median {statistics.median(backs) * 1000:.0f}"
            f" ms, worst {max(backs) * 1000:.0f} ms"
        )


def reopen_phones(
    server: Server, games: list[str], cookie: str, keepers: list[Keeper]
) -> tuple[float, int, int]:
    """Every table's phone opens its game on the restored server (a page of another run) and
    sends its kept rounds again, all at once: seconds until the last is done, rounds restored
    (not already there), conflicts."""
    counts = [(0, 0)] * len(games)

    def reopen(i: int) -> None:
        phone = Phone(server.port, timeout=30)
        phone.cookie = cookie
        status, _, page = phone.get(games[i])
        assert status == 200, status
        counts[i] = keepers[i].send_again(phone, games[i], page)
        phone.close()

    started = time.monotonic()
    threads = [threading.Thread(target=reopen, args=(i,)) for i in range(len(games))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    back = time.monotonic() - started
    return back, sum(c[0] for c in counts), sum(c[1] for c in counts)


def main() -> None:
    global SAVE_EVERY  # the tables' pace, --save-every
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument(
        "--save-every", type=float, default=SAVE_EVERY, help="seconds between a table's saves"
    )
    parser.add_argument(
        "--replica",
        action="store_true",
        help="the same evening twice, without and then with Litestream copying to a folder",
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="evenings of each kind, taken in turn"
    )
    parser.add_argument(
        "--kills",
        type=int,
        default=0,
        help="kill the whole machine this many times mid-evening and restore each time "
        "(alone, or after the evenings of --replica)",
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help="with --kills: the tables keep each saved round until the replica has it and "
        "send it again to the restored server (as static/offline.js does)",
    )
    parser.add_argument(
        "--chromium-tables",
        type=int,
        default=2,
        help="with --kills --keep: tables whose phone is a real Chromium page (0: none)",
    )
    args = parser.parse_args()
    SAVE_EVERY = args.save_every
    if args.kills and args.keep and args.chromium_tables >= args.tables:
        parser.error("--chromium-tables must leave at least one table of lighter clients")

    print(
        f"{args.tables} tables saving every {SAVE_EVERY:g} s, {args.viewers} viewers polling "
        f"every {POLL_EVERY:g} s"
    )
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        if args.replica or not args.kills:
            evenings(args, folder)
        if args.kills:
            machine_dies(args, folder, args.kills)


def check(database: Path, games: list[str], acknowledged: list[list[str]]) -> tuple[int, int]:
    """Rounds acknowledged but missing, and rounds stored more often than saved."""
    db = sqlite3.connect(database)
    lost = doubled = 0
    for game, keys in zip(games, acknowledged, strict=True):
        token = game.rsplit("/", 1)[-1]
        stored = [
            key
            for (key,) in db.execute(
                "select r.submission from rounds r join sessions s on s.id = r.session_id "
                "where s.edit_token = ? and r.deleted = 0",
                [token],
            )
        ]
        lost += len(set(keys) - set(stored))
        doubled += len(stored) - len(set(stored)) + len(set(stored) - set(keys))
    assert db.execute("pragma integrity_check").fetchone() == ("ok",)
    db.close()
    return lost, doubled


if __name__ == "__main__":
    main()
