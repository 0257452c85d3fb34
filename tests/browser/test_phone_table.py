"""A Rami evening on phone-sized screens, in real headless Chromium, one scenario per test.

Rami penalties (VARIANTS.md): each loser adds the cards in hand (joker 150, ace 11,
J/Q/K 10, others face), +100 if that player had not melded yet.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_pages import PHONES

pytestmark = pytest.mark.browser

PHONE = PHONES["390x844"]
SMALL_PHONE = PHONES["360x640"]
PLAYERS = ["Ana", "Ben", "Cem"]

# Round 1: Ana out; Ben JK 150 + A 11 + 10 = 171 + 100 (no meld) = 271; Cem 4, had melded
ROUND_1 = ("Ana", {1: ["JK", "AS", "10H"], 2: ["4C"]}, [2])
# Round 2: Ben out; Ana K 10, Cem 5 + 5 = 10, both had melded
ROUND_2 = ("Ben", {0: ["KD"], 2: ["5S", "5H"]}, [0, 2])
# Round 3: Cem out; Ana 2, Ben Q 10, both had melded
ROUND_3 = ("Cem", {0: ["2C"], 1: ["QH"]}, [0, 1])


# --- page helpers -------------------------------------------------------------------------


def open_phone(browser, viewport=PHONE):
    context = browser.new_context(
        viewport=viewport, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    return context, context.new_page()


def open_rami_session(page, live_server):
    page.goto(live_server + "/")
    page.get_by_role("link", name="Rami (France)").click()
    page.fill("#players", "\n".join(PLAYERS))
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".deal")).to_contain_text("14 cards each")


def pick(page, seat, cards):
    """Tap cards in the picker for one player's hand."""
    page.locator(f"#hand_{seat} + button.pick").click()
    for card in cards:
        page.locator(f'#picker button[data-card="{card}"]').click()
    page.locator("#picker-done").click()


def check_and_save(page, flash):
    page.get_by_role("button", name="Check the round").click()
    expect(page.locator(".preview")).to_be_visible()
    page.get_by_role("button", name="Save the round").first.click()
    expect(page.locator(".flash")).to_contain_text(flash)


def enter_round(page, winner, hands, opened):
    """A round through the form: winner, hands picked card by card, 'had melded' per loser."""
    page.get_by_role("link", name=re.compile("Enter round")).click()
    page.check(f"#winner input[value='{winner}']")
    page.select_option("#end", "out")
    for seat, cards in hands.items():
        pick(page, seat, cards)
    # "had melded" is asked of every loser: yes for those in ``opened``, no for the others
    for seat, player in enumerate(PLAYERS):
        if player != winner:
            page.check(f"#opened_{seat} input[value='{'y' if seat in opened else 'n'}']")
    check_and_save(page, "saved")


def totals(page):
    return [cell.inner_text() for cell in page.locator("tfoot th.total").all()]


def view_url(page):
    return page.locator("a.link").first.get_attribute("href")


def fits_the_width(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


# --- scenarios ------------------------------------------------------------------------------


def test_three_rounds_picked_card_by_card_add_up(live_server, browser, artifacts):
    context, page = open_phone(browser)
    open_rami_session(page, live_server)
    page.screenshot(path=artifacts / "01-new-session.png", full_page=True)
    for round_ in (ROUND_1, ROUND_2, ROUND_3):
        enter_round(page, *round_)
    # Ana 0 + 0 + 10 + 2 = 12; Ben 271 + 0 + 10 = 281; Cem 4 + 10 + 0 = 14
    assert totals(page) == ["12", "281", "14"]
    page.screenshot(path=artifacts / "02-three-rounds.png", full_page=True)
    context.close()


def test_a_correction_reaches_the_read_only_phone_without_a_reload(live_server, browser, artifacts):
    editor_context, editor = open_phone(browser)
    open_rami_session(editor, live_server)
    enter_round(editor, *ROUND_1)
    enter_round(editor, *ROUND_2)
    # Ana 10, Ben 271, Cem 4 + 10 = 14
    watcher_context, watcher = open_phone(browser)
    watcher.goto(live_server + view_url(editor))
    assert totals(watcher) == ["10", "271", "14"]
    expect(watcher.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)

    # round 2 corrected: Ana held K and Q of diamonds (20), not only the K
    editor.locator("td.round-no a", has_text="edit").nth(1).click()
    expect(editor.locator("#hand_0")).to_have_value("KD")
    pick(editor, 0, ["QD"])
    expect(editor.locator(".points").first).to_contain_text("20 points")
    check_and_save(editor, "corrected")
    assert totals(editor) == ["20", "271", "14"]
    editor.screenshot(path=artifacts / "03-corrected.png", full_page=True)

    # the shared view follows within 5 seconds, without a reload by hand
    expect(watcher.locator("tfoot th.total").first).to_have_text("20", timeout=5000)
    watcher.screenshot(path=artifacts / "04-read-only-updated.png", full_page=True)
    for context in (editor_context, watcher_context):
        context.close()


def test_the_score_fits_a_phone_without_sideways_scrolling(live_server, browser, artifacts):
    context, page = open_phone(browser)
    open_rami_session(page, live_server)
    enter_round(page, *ROUND_1)
    assert fits_the_width(page)
    small_context, small = open_phone(browser, SMALL_PHONE)
    small.goto(live_server + view_url(page))
    assert fits_the_width(small)
    small.screenshot(path=artifacts / "05-360-wide.png", full_page=True)
    for each in (context, small_context):
        each.close()
