"""A round the phone's queue sends and the server refuses for good stays on the phone, with
the server's sentence (issue 29, item 13), in real headless Chromium."""

import sqlite3

import pytest
from playwright.sync_api import expect

from tests.browser.table_pages import enter_counted_round, start_table
from tests.browser.test_offline import (
    SEND_BACK_WITHIN,
    new_phone,
    open_round_form,
    save,
    totals,
    type_counted_round,
    under_service_worker,
)

pytestmark = pytest.mark.browser

# what the phone's queue keeps of each waiting entry: its form's fields as [name, value]
SWAP_KEY = """key => {
  const queue = JSON.parse(localStorage.getItem("scorekeeper:queue"));
  for (const entry of queue) {
    entry.fields = entry.fields.map(pair => pair[0] === "submission" ? [pair[0], key] : pair);
  }
  localStorage.setItem("scorekeeper:queue", JSON.stringify(queue));
}"""


def test_a_queued_round_whose_key_saved_another_game_stays_with_the_reason(
    live_server, browser, tmp_path
):
    database = tmp_path / "browser.sqlite"
    context, page = new_phone(browser)
    game_a = start_table(page.request, live_server, players=["Ana", "Ben"])
    enter_counted_round(page.request, game_a, "Ana", {1: 5}, {1: "y"})
    with sqlite3.connect(database) as db:
        (used_key,) = db.execute("select submission from rounds").fetchone()

    game_b = start_table(page.request, live_server, players=["Cem", "Dan", "Eve"])
    under_service_worker(page, game_b)
    open_round_form(page)
    context.set_offline(True)
    type_counted_round(page, "Cem", {1: 12, 2: 7})
    save(page)
    queue = page.locator("#queue")
    expect(queue).to_contain_text("1 entry is waiting to be sent.")
    page.evaluate(SWAP_KEY, used_key)  # the key game A's round was saved with

    context.set_offline(False)
    expect(queue).to_contain_text(
        "Not saved: this form's one-time key was already used for another round or another game.",
        timeout=SEND_BACK_WITHIN,
    )
    with sqlite3.connect(database) as db:
        assert db.execute("select count(*) from rounds").fetchone() == (1,)  # game A's only

    # kept, opened again and saved: game B's round 1 (Dan 12 and Eve 7, both had melded)
    queue.get_by_role("button", name="Open").click()
    expect(page.locator("#count_1")).to_have_value("12")
    save(page)
    expect(page.locator(".flash")).to_contain_text("Round 1 saved.")
    expect(totals(page)).to_have_text(["0", "12", "7"])
    expect(page.locator("#queue")).to_have_count(0)
    context.close()
