"""Nothing a phone was told is saved is lost when the machine dies (issue 32), in real headless
Chromium against real `scorekeeper serve --replica` with real Litestream copying to a folder.

"The replica misses the last rounds" is made certain, not left to timing: Litestream is paused
(SIGSTOP) before them, so they are on the machine and on the phone only; then the server and
Litestream are SIGKILLed, the database and its WAL deleted, and the server started again on
the empty folder restores the replica first. Rami scoring (VARIANTS.md): a loser who had
melded adds the points counted in hand; the winner who went out scores 0.
"""

import json
import os
import signal
import sqlite3
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.table_pages import start_table
from tests.browser.test_offline import (
    new_phone,
    open_round_form,
    rounds_stored,
    save,
    totals,
    type_counted_round,
    under_service_worker,
    wait_until,
)
from tests.web.serving import Server, command_line, descendants

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("replica")]

PLAYERS = ["Ana", "Ben", "Cem"]
BACK_WITHIN = 90_000  # ms: the phone's stream reconnects by itself; the rest is a busy machine
KEPT = "JSON.parse(localStorage.getItem('scorekeeper:kept') || '[]').length"


@pytest.fixture(autouse=True)
def quick_copies(monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_REPLICA_SYNC_SECONDS", "0.1")
    monkeypatch.delenv("SCOREKEEPER_REPLICA", raising=False)


def replicating(tmp_path: Path) -> Server:
    url = f"file://{tmp_path / 'replica'}"
    return Server(
        tmp_path / "club.sqlite", "--replica", url, "--workers", "1", log=tmp_path / "server.log"
    ).start()


def pause_litestream(server: Server) -> None:
    """From now on the replica gets nothing: what is saved is on the machine only."""
    paused = [
        pid
        for pid in descendants(server.process.pid)
        if "litestream replicate" in command_line(pid)
    ]
    assert paused
    for pid in paused:
        os.kill(pid, signal.SIGSTOP)


def machine_dies_and_is_restored(server: Server) -> None:
    """SIGKILL to the server and its Litestream, the database and its WAL gone; started again
    on the empty folder, the server restores the replica first."""
    server.kill()
    for lost in (server.database, Path(f"{server.database}-wal"), Path(f"{server.database}-shm")):
        lost.unlink(missing_ok=True)
    server.start()


def restored_rounds(tmp_path: Path) -> int:
    """How many rounds the server said it restored from the replica (its log's line)."""
    said = [line for line in (tmp_path / "server.log").read_text().splitlines() if " from " in line]
    restored = [line for line in said if line.startswith("restored ")]
    assert restored, said
    return int(restored[-1].rsplit(", ", 1)[1].split()[0])


def save_round(page, winner, counts, number):
    if page.locator("#round-form").count() == 0:
        open_round_form(page)
    type_counted_round(page, winner, counts)
    save(page)
    expect(page.locator(".flash").first).to_contain_text(f"Round {number} saved.")


def wait_until_forgotten(page, timeout=30.0):
    """The replica has the phone's rounds: it keeps none."""
    wait_until(page, f"{KEPT} === 0", timeout=timeout)


def round_two_on_the_phone_only(browser, server, service_worker=False):
    """A phone at a new table: round 1 saved and in the replica, round 2 saved with Litestream
    paused, so only the machine and the phone hold it. Returns (context, page, edit link)."""
    context, page = new_phone(browser)
    edit = start_table(page.request, f"http://127.0.0.1:{server.port}", players=PLAYERS)
    if service_worker:
        under_service_worker(page, edit)
    else:
        page.goto(edit)
    save_round(page, "Ana", {1: 12, 2: 7}, 1)
    wait_until_forgotten(page)
    pause_litestream(server)
    save_round(page, "Ben", {0: 5, 2: 9}, 2)
    assert page.evaluate(KEPT) == 1
    return context, page, edit


def test_rounds_the_replica_missed_come_back_from_the_phone(browser, tmp_path, artifacts):
    server = replicating(tmp_path)
    base = f"http://127.0.0.1:{server.port}"
    try:
        context, page = new_phone(browser)
        edit = start_table(page.request, base, players=PLAYERS)
        page.goto(edit)
        save_round(page, "Ana", {1: 12, 2: 7}, 1)
        wait_until_forgotten(page)  # round 1 is in the replica: the phone holds nothing
        expect(page.locator("#replica-mark")).to_have_count(0)

        pause_litestream(server)
        save_round(page, "Ben", {0: 5, 2: 9}, 2)
        save_round(page, "Cem", {0: 3, 1: 20}, 3)
        mark = page.locator("#replica-mark")
        expect(mark).to_have_text("Last round not yet in the backup copy: this phone keeps it.")
        assert page.evaluate(KEPT) == 2
        page.screenshot(path=artifacts / "replica-01-not-yet-copied.png")
        # a minute on, still not copied: the replica has stalled
        page.evaluate(
            "localStorage.setItem('scorekeeper:kept', JSON.stringify("
            "JSON.parse(localStorage.getItem('scorekeeper:kept')).map("
            "e => Object.assign(e, {kept: e.kept - 61000}))))"
        )
        expect(mark).to_contain_text(
            "has not taken the last round for over a minute", timeout=10_000
        )
        expect(mark).to_have_class("replica-mark stalled")
        page.screenshot(path=artifacts / "replica-02-stalled.png")

        machine_dies_and_is_restored(server)
        assert restored_rounds(tmp_path) == 1  # the replica had round 1 only

        # the phone's stream reconnects by itself and finds the game behind what it saw
        expect(page.locator(".restored-rounds")).to_have_text(
            "Restored 2 rounds from this phone.", timeout=BACK_WITHIN
        )
        page.screenshot(path=artifacts / "replica-03-restored.png")
        stored = rounds_stored(server.database)
        assert len(stored) == 3 and len(set(stored)) == 3  # each round once
        # Ana 0 + 5 + 3 = 8, Ben 12 + 0 + 20 = 32, Cem 7 + 9 + 0 = 16
        expect(totals(page)).to_have_text(["8", "32", "16"])
        wait_until_forgotten(page)  # the new server's replica has them all now
        expect(page.locator("#replica-mark")).to_have_count(0)
        context.close()
    finally:
        server.stop()


def test_two_phones_holding_the_same_round_send_it_once(browser, tmp_path):
    server = replicating(tmp_path)
    try:
        context, page, edit = round_two_on_the_phone_only(browser, server)
        kept = page.evaluate("localStorage.getItem('scorekeeper:kept')")
        # the phone beside it holds the same round, with the same one-time key
        other_context, other = new_phone(browser)
        other.goto(edit)
        expect(totals(other)).to_have_text(["5", "12", "16"])
        other.evaluate("kept => localStorage.setItem('scorekeeper:kept', kept)", kept)

        machine_dies_and_is_restored(server)
        assert restored_rounds(tmp_path) == 1
        for phone in (page, other):
            expect(totals(phone)).to_have_text(["5", "12", "16"], timeout=BACK_WITHIN)
            wait_until_forgotten(phone, timeout=60)
        stored = rounds_stored(server.database)
        assert len(stored) == 2 and len(set(stored)) == 2
        # one phone restored it; to the other the server said it had it already
        said = [p.locator(".restored-rounds").all_text_contents() for p in (page, other)]
        assert sorted(said) == [[], ["Restored 1 round from this phone."]], said
        for phone in (page, other):
            expect(phone.locator("#queue")).to_have_count(0)  # no conflict, nothing waiting
        other_context.close()
        context.close()
    finally:
        server.stop()


def test_a_round_another_phone_replaced_since_goes_to_the_conflict_view(browser, tmp_path):
    server = replicating(tmp_path)
    try:
        context, page, edit = round_two_on_the_phone_only(browser, server)
        context.set_offline(True)  # this phone is away while the machine is restored

        machine_dies_and_is_restored(server)
        assert restored_rounds(tmp_path) == 1
        # meanwhile another phone saves its own round 2 on the restored server
        other_context, other = new_phone(browser)
        other.goto(edit)
        save_round(other, "Cem", {0: 30, 1: 4}, 2)

        context.set_offline(False)
        queue = page.locator("#queue")
        expect(queue).to_contain_text(
            "not sent: another phone saved this round meanwhile", timeout=BACK_WITHIN
        )
        expect(queue).to_contain_text("Yours: Ben · Went out")
        expect(queue).to_contain_text("Ana: 5; Cem: 9")
        expect(queue).to_contain_text("Round 2 as saved meanwhile: Cem went out")
        assert page.evaluate(KEPT) == 0  # it is the queue's now, to open or drop
        stored = rounds_stored(server.database)
        assert len(stored) == 2  # round 1 and the other phone's round 2
        # opened, it is back in the form; saved, it becomes round 3
        queue.get_by_role("button", name="Open").click()
        expect(page.locator("#count_0")).to_have_value("5")
        save(page)
        expect(page.locator(".flash").first).to_contain_text("Round 3 saved.")
        # Ana 0 + 30 + 5 = 35, Ben 12 + 4 + 0 = 16, Cem 7 + 0 + 9 = 16
        expect(totals(page)).to_have_text(["35", "16", "16"])
        other_context.close()
        context.close()
    finally:
        server.stop()


def test_without_a_replica_nothing_is_kept_after_the_answer(browser, tmp_path):
    server = Server(tmp_path / "club.sqlite", "--workers", "1").start()
    base = f"http://127.0.0.1:{server.port}"
    try:
        context, page = new_phone(browser)
        edit = start_table(page.request, base, players=PLAYERS)
        page.goto(edit)
        save_round(page, "Ana", {1: 12, 2: 7}, 1)
        assert page.evaluate("localStorage.getItem('scorekeeper:kept')") is None
        expect(page.locator("#replica-mark")).to_have_count(0)
        context.close()
    finally:
        server.stop()


def test_kept_rounds_go_before_a_round_queued_while_the_machine_was_dead(browser, tmp_path):
    """Round 2 is on the phone only (the replica missed it); the machine dies; with no network
    the phone queues round 3. When the network is back the phone sends round 2 first, then
    round 3: the queued round must not take round 2's number and turn it into a conflict."""
    server = replicating(tmp_path)
    try:
        context, page, edit = round_two_on_the_phone_only(browser, server, service_worker=True)

        context.set_offline(True)
        machine_dies_and_is_restored(server)
        assert restored_rounds(tmp_path) == 1
        open_round_form(page)
        type_counted_round(page, "Cem", {0: 3, 1: 20})
        save(page)
        expect(page.locator("#queue")).to_contain_text("1 entry is waiting to be sent.")

        context.set_offline(False)  # 'online' sends the queue at once
        expect(page.locator("#queue")).to_have_count(0, timeout=BACK_WITHIN)
        stored = rounds_stored(server.database)
        assert len(stored) == 3 and len(set(stored)) == 3
        with sqlite3.connect(server.database) as db:
            played = [
                json.loads(facts)["winner"]
                for (facts,) in db.execute(
                    "select facts from rounds where deleted = 0 order by position"
                )
            ]
        assert played == ["Ana", "Ben", "Cem"]
        sheet = context.new_page()
        sheet.goto(edit)
        # Ana 0 + 5 + 3 = 8, Ben 12 + 0 + 20 = 32, Cem 7 + 9 + 0 = 16, in the order played
        expect(totals(sheet)).to_have_text(["8", "32", "16"])
        assert (
            page.evaluate("JSON.parse(localStorage.getItem('scorekeeper:queue') || '[]').length")
            == 0
        )
        context.close()
    finally:
        server.stop()
