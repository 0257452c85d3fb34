"""What an evening at the table still tripped over (issue 29), in real headless Chromium at
390x844: rounds waiting offline numbered in order, the next form, button and dealer after them.

Rami passes the deal clockwise (VARIANTS.md); with no dealer chosen the first seat deals.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.table_pages import start_table
from tests.browser.test_offline import (
    SEND_BACK_WITHIN,
    kept_by_the_phone,
    new_phone,
    open_round_form,
    rounds_stored,
    save,
    totals,
    type_counted_round,
    under_service_worker,
)

pytestmark = pytest.mark.browser

PLAYERS = ["Ana", "Ben", "Cem"]


def test_rounds_saved_offline_in_a_row_are_numbered_in_order_and_move_the_deal_on(
    live_server, browser, tmp_path, artifacts
):
    context, page = new_phone(browser)
    edit = start_table(page.request, live_server, players=PLAYERS)
    under_service_worker(page, edit)
    kept_by_the_phone(page, edit + "/rounds/new", "Round")
    expect(page.locator("[data-next-dealer]").first).to_have_text("Ana")
    context.set_offline(True)
    # Ana deals round 1, Ben round 2, Cem round 3; Ana the fourth
    for number, dealer, winner in ((1, "Ana", "Ben"), (2, "Ben", "Cem"), (3, "Cem", "Ana")):
        open_round_form(page)
        expect(page.locator("h1")).to_have_text(f"Round {number}")
        expect(page.locator(".dealt-by .dealer")).to_have_text(dealer)
        losers = {seat: 5 * number for seat, p in enumerate(PLAYERS) if p != winner}
        type_counted_round(page, winner, losers)
        save(page)
        expect(page.locator("#queue")).to_contain_text(f"Round {number}")
        expect(page.get_by_role("link", name=f"Enter round {number + 1}")).to_be_visible()
    expect(page.locator("#queue li strong")).to_have_text(["Round 1", "Round 2", "Round 3"])
    expect(page.locator(".deal [data-next-dealer]")).to_have_text("Ana")
    page.screenshot(path=artifacts / "offline-03-three-waiting.png", full_page=False)
    assert rounds_stored(tmp_path / "browser.sqlite") == []

    context.set_offline(False)
    expect(page.locator("#queue")).to_have_count(0, timeout=SEND_BACK_WITHIN)
    # each loser had melded and adds what was counted: Ana 5 + 10, Ben 10 + 15, Cem 5 + 15
    expect(totals(page)).to_have_text(["15", "25", "20"])
    assert len(rounds_stored(tmp_path / "browser.sqlite")) == 3
    expect(page.get_by_role("link", name="Enter round 4")).to_be_visible()
    expect(page.locator(".deal [data-next-dealer]")).to_have_text("Ana")
    context.close()
