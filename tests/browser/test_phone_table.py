"""A whole Rami evening on a phone-sized screen, in real headless Chromium.

Rami penalties (VARIANTS.md): each loser adds the cards in hand (joker 150, ace 11,
J/Q/K 10, others face), +100 if that player had not melded yet.
"""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def pick(page, seat, cards):
    """Tap cards in the picker for one player's hand."""
    page.locator(f"#hand_{seat} + button.pick").click()
    for card in cards:
        page.locator(f'#picker button[data-card="{card}"]').click()
    page.locator("#picker-done").click()


def enter_round(page, winner, hands, opened):
    page.get_by_role("link", name=re.compile("Enter round")).click()
    page.check(f"#winner input[value='{winner}']")
    page.select_option("#end", "out")
    for seat, cards in hands.items():
        pick(page, seat, cards)
    # "had melded" is asked of every loser: yes for those in ``opened``, no for the others
    for seat, player in enumerate(["Ana", "Ben", "Cem"]):
        if player != winner:
            page.check(f"#opened_{seat} input[value='{'y' if seat in opened else 'n'}']")
    page.get_by_role("button", name="Check the round").click()
    expect(page.locator(".preview")).to_be_visible()
    page.get_by_role("button", name="Save the round").first.click()
    expect(page.locator(".flash")).to_contain_text("saved")


def totals(page):
    return [cell.inner_text() for cell in page.locator("tfoot th.total").all()]


def test_rami_evening_with_card_picker_correction_and_shared_view(live_server, browser, artifacts):
    phone = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = phone.new_page()
    page.goto(live_server + "/")
    page.get_by_role("link", name="Rami (France)").click()
    page.fill("#players", "Ana\nBen\nCem")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".deal")).to_contain_text("14 cards each")
    page.screenshot(path=artifacts / "01-new-session.png", full_page=True)

    # Round 1: Ana out; Ben JK 150 + A 11 + 10 = 171 + 100 (no meld) = 271; Cem 4, had melded
    enter_round(page, "Ana", {1: ["JK", "AS", "10H"], 2: ["4C"]}, opened=[2])
    # the hand's points show as the cards are tapped
    # Round 2: Ben out; Ana K 10, Cem 5 + 5 = 10, both had melded
    enter_round(page, "Ben", {0: ["KD"], 2: ["5S", "5H"]}, opened=[0, 2])
    # Round 3: Cem out; Ana 2, Ben Q 10, both had melded
    enter_round(page, "Cem", {0: ["2C"], 1: ["QH"]}, opened=[0, 1])
    assert totals(page) == ["12", "281", "14"]
    page.screenshot(path=artifacts / "02-three-rounds.png", full_page=True)

    # the read-only link, on a second phone
    view_url = page.locator("a.link").first.get_attribute("href")
    other = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    watcher = other.new_page()
    watcher.goto(live_server + view_url)
    assert [c.inner_text() for c in watcher.locator("tfoot th.total").all()] == ["12", "281", "14"]
    expect(watcher.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)

    # correct round 2: Ana held K and Q of diamonds (20), not only the K
    page.locator("td.round-no a", has_text="edit").nth(1).click()
    expect(page.locator("#hand_0")).to_have_value("KD")
    pick(page, 0, ["QD"])
    expect(page.locator(".points").first).to_contain_text("20 points")
    page.get_by_role("button", name="Check the round").click()
    page.get_by_role("button", name="Save the round").first.click()
    expect(page.locator(".flash")).to_contain_text("corrected")
    assert totals(page) == ["22", "281", "14"]
    page.screenshot(path=artifacts / "03-corrected.png", full_page=True)

    # the shared view follows within 5 seconds, without a reload by hand
    expect(watcher.locator("tfoot th.total").first).to_have_text("22", timeout=5000)
    watcher.screenshot(path=artifacts / "04-read-only-updated.png", full_page=True)

    # no horizontal scrolling at phone width
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    small = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True)
    narrow = small.new_page()
    narrow.goto(live_server + view_url)
    assert narrow.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    narrow.screenshot(path=artifacts / "05-360-wide.png", full_page=True)
    for context in (phone, other, small):
        context.close()
