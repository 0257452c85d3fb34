"""Entering a hand with one thumb, in real headless Chromium at two phone sizes.

Rami penalties (VARIANTS.md): each loser adds the cards in hand (joker 150, ace 11,
J/Q/K 10, others face), +100 if that player had not melded yet; 4 players get 12 cards,
3 players 14, from 2 decks and 4 jokers. Basic Rummy with count_cards: 1 a card, a
joker 2; Knock Rummy counts a shown hand's deadwood after its best melds.
"""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import arrange, game
from tests.browser.table_pages import PHONES, open_round_form, totals

pytestmark = pytest.mark.browser


class Thumb:
    """Taps on the screen, counted (typing digits on the keypad is not a tap)."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def tap(self, locator):
        locator.tap()
        self.taps += 1

    def type(self, digits):
        # a phone's keypad commits its text through the input method, not as key presses
        self.page.keyboard.insert_text(digits)


def start(page, live_server, variant, players, **options):
    page.goto(f"{live_server}/new/{variant}")
    page.fill("#players", "\n".join(players))
    if options:
        page.locator("details.house-rules summary").click()
    for name, value in options.items():
        if value is True:
            page.check(f"#option_{name}")
        else:
            page.fill(f"#option_{name}", str(value))
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".deal")).to_be_visible()
    return page.url


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def enter_counted_rami_round(page, winner, counts, opened):
    """The fewest taps: the winner, each loser's count and 'had melded', Save."""
    thumb = Thumb(page)
    thumb.tap(page.locator("#winner label.chip", has_text=winner))
    for seat, count in counts.items():
        thumb.tap(page.locator(f"#count_{seat}"))
        expect(page.locator(f"#count_{seat}")).to_be_focused()
        thumb.type(str(count))
        expect(page.locator(f"#count_{seat}")).to_have_value(str(count))
    for seat, melded in opened.items():
        thumb.tap(page.locator(f"#opened_{seat} label.chip", has_text="Yes" if melded else "No"))
    thumb.tap(page.locator(".actions input[name=save]"))
    expect(page.locator(".flash")).to_contain_text("saved")
    return thumb.taps


def test_a_counted_rami_round_for_four_takes_at_most_eight_taps(
    live_server, browser, phone, artifacts
):
    page = phone
    start(page, live_server, "rami", ["Ana", "Ben", "Cem", "Dan"])
    # the first round: the table chooses counts once (one more tap), the form remembers it
    open_round_form(page)
    page.locator("#mode label.chip", has_text="Points counted").tap()
    expect(page.locator("#count_1")).to_be_visible()
    expect(page.locator("#hand_1")).to_be_hidden()
    assert page.locator("#count_1").get_attribute("inputmode") == "numeric"
    # Ana out; Ben 171 without a meld: +100 = 271; Cem 4; Dan 20
    enter_counted_rami_round(page, "Ana", {1: 171, 2: 4, 3: 20}, {1: False, 2: True, 3: True})
    assert totals(page) == ["0", "271", "4", "20"]

    # the next round opens in counts: 8 taps. Ben out; Ana 10; Cem 5; Dan 30, no meld: 130
    open_round_form(page)
    expect(page.locator("#count_0")).to_be_visible()
    page.screenshot(path=artifacts / f"entry-counted-{page.size}.png", full_page=True)
    assert no_horizontal_scroll(page)
    taps = enter_counted_rami_round(page, "Ben", {0: 10, 2: 5, 3: 30}, {0: True, 2: True, 3: False})
    assert taps <= 8
    assert totals(page) == ["10", "271", "9", "150"]


def test_the_winner_who_went_out_is_asked_nothing_more(live_server, browser, phone):
    page = phone
    start(page, live_server, "rami", ["Ana", "Ben", "Cem", "Dan"])
    open_round_form(page)
    page.locator("#mode label.chip", has_text="Points counted").tap()
    page.locator("#winner label.chip", has_text="Cem").tap()
    expect(page.locator("#count_2")).to_be_hidden()
    expect(page.locator("#opened_2")).to_be_hidden()
    expect(page.locator("#opened_1")).to_be_visible()
    # "had melded" offers a new table's usual "yes" (issue 22), one tap from "no"
    assert page.locator("input[name^=opened_][value=y]:checked").count() == 4


def test_a_carded_round_through_the_picker_never_covers_its_field(
    live_server, browser, phone, artifacts
):
    page = phone
    height = PHONES[page.size]["height"]
    width = PHONES[page.size]["width"]
    start(page, live_server, "rami", ["Ana", "Ben", "Cem"])
    open_round_form(page)
    page.locator("#mode label.chip", has_text="Cards").tap()
    page.locator("#winner label.chip", has_text="Ana").tap()
    page.locator("#hand_1 + button.pick").tap()
    picker = page.locator("#picker")
    expect(picker).to_be_visible()

    def field_in_view(selector):
        sheet = picker.bounding_box()
        field = page.locator(selector).bounding_box()
        # 44 px cards, seven to a row (issue 22): the sheet takes at most 72% of a 360x640
        assert sheet["height"] <= 0.72 * height
        assert field["y"] >= 0 and field["y"] + field["height"] <= sheet["y"], (field, sheet)

    field_in_view("#hand_1")
    # no phone keyboard while the sheet is open
    assert page.locator("#hand_1").get_attribute("inputmode") == "none"
    assert page.locator("#hand_1").evaluate("input => input.readOnly")
    # all 52 cards and the joker within the screen, no scrolling
    buttons = page.locator("#picker button[data-card]")
    assert buttons.count() == 53
    for box in [b.bounding_box() for b in buttons.all()]:
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        assert box["y"] >= 0 and box["y"] + box["height"] <= height

    # Ben: JK 150 + AS 11 + 10H 10 = 171 (the engine's count, shown as the cards go in)
    for card in ["JK", "AS", "10H"]:
        page.locator(f'#picker button[data-card="{card}"]').tap()
    expect(page.locator("#picker-points")).to_have_text("= 171 points")
    expect(page.locator('#picker button[data-card="AS"] .left')).to_have_text("1")
    expect(page.locator('#picker button[data-card="JK"] .left')).to_have_text("3")
    page.screenshot(path=artifacts / f"entry-picker-{page.size}.png")
    field_in_view("#hand_1")

    # next player: Cem, a slip and its undo
    page.locator("#picker-next").tap()
    field_in_view("#hand_2")
    page.locator('#picker button[data-card="4C"]').tap()
    page.locator('#picker button[data-card="5C"]').tap()
    page.locator("#picker-undo").tap()
    expect(page.locator("#hand_2")).to_have_value("4C")
    expect(page.locator("#picker-points")).to_have_text("= 4 points")
    page.locator("#picker-done").tap()
    expect(picker).to_be_hidden()
    assert page.locator("#hand_1").get_attribute("inputmode") is None
    assert not page.locator("#hand_1").evaluate("input => input.readOnly")
    assert no_horizontal_scroll(page)

    page.locator("#opened_1 label.chip", has_text="No").tap()
    page.locator("#opened_2 label.chip", has_text="Yes").tap()
    page.locator(".actions input[name=save]").tap()
    expect(page.locator(".flash")).to_contain_text("saved")
    assert totals(page) == ["0", "271", "4"]


def test_next_meld_starts_a_new_line_of_melds(live_server, browser, phone):
    page = phone
    start(page, live_server, "continental", ["Ana", "Ben", "Cem"])
    open_round_form(page)
    page.locator("#mode label.chip", has_text="Cards").tap()
    page.locator("#melds_0 + button.pick").tap()
    for card in ["3H", "4H", "5H"]:
        page.locator(f'#picker button[data-card="{card}"]').tap()
    page.locator("#picker-meld").tap()
    for card in ["7S", "8S", "9S"]:
        page.locator(f'#picker button[data-card="{card}"]').tap()
    expect(page.locator("#melds_0")).to_have_value("3H 4H 5H\n7S 8S 9S")
    sheet = page.locator("#picker").bounding_box()
    field = page.locator("#melds_0").bounding_box()
    assert field["y"] >= 0 and field["y"] + field["height"] <= sheet["y"]


# the picker shows the engine's count: Basic Rummy's count_cards with jokers, Knock Rummy's
# shown hand arranged (the raw sum would be 22 + 9 = 31), Rami's values
AGREEMENT = [
    ("rummy", {"count_cards": True, "jokers": 2}, ["JK", "5S", "KD"], 4),
    ("knock-rummy", {}, ["3S", "4S", "5S", "KD", "9H"], 19),
    ("rami", {}, ["JK", "AS", "10H"], 171),
]


def engine_count(variant, options, hand):
    """The engine's own count of a loser's hand: scored in a round (or arranged, for a
    variant whose hands are shown)."""
    if variant == "knock-rummy":
        return arrange(variant=variant, hand=hand)["deadwood_points"]
    players = ["Ana", "Ben"]
    round_ = {"winner": "Ana", "end": "out", "hands": {"Ana": [], "Ben": hand}}
    if variant == "rami":
        round_["opened"] = {"Ana": True, "Ben": True}
    result = game({"variant": variant, "players": players, "options": options, "rounds": [round_]})
    return max(abs(d) for d in result["rounds"][0]["delta"].values())


@pytest.mark.parametrize(("variant", "options", "hand", "worked"), AGREEMENT)
def test_the_picker_and_the_engine_count_the_same(
    live_server, browser, variant, options, hand, worked
):
    context = browser.new_context(viewport=PHONES["360x640"], is_mobile=True, has_touch=True)
    page = context.new_page()
    start(page, live_server, variant, ["Ana", "Ben"], **options)
    open_round_form(page)
    if page.locator("#mode").count():
        page.locator("#mode label.chip", has_text="Cards").tap()
    page.locator("#hand_1 + button.pick").tap()
    for card in hand:
        page.locator(f'#picker button[data-card="{card}"]').tap()
    expect(page.locator("#hand_1")).to_have_value(" ".join(hand))
    assert engine_count(variant, options, hand) == worked
    # the running count under the field and in the sheet (waits for the last card's answer)
    expect(page.locator(".points[data-for=hand_1]")).to_have_text(
        re.compile(rf"^= {worked} points")
    )
    expect(page.locator("#picker-points")).to_have_text(re.compile(rf"^= {worked} points"))
    context.close()


def test_a_checked_round_and_its_problems_show_where_the_eye_is(live_server, browser, phone):
    page = phone
    height = PHONES[page.size]["height"]
    start(page, live_server, "rami", ["Ana", "Ben", "Cem", "Dan"])
    open_round_form(page)
    page.locator("#mode label.chip", has_text="Points counted").tap()
    page.locator("#winner label.chip", has_text="Ana").tap()
    # Ben's and Cem's counts are not whole numbers up to 9999: listed at the top, in view
    for seat, count in {1: "12x", 2: "99999", 3: "30"}.items():
        page.locator(f"#count_{seat}").fill(count)
    page.get_by_role("button", name="Check the round").tap()
    summary = page.locator("#problems")
    expect(summary).to_be_focused()
    box = summary.bounding_box()
    assert 0 <= box["y"] < height
    links = [a.get_attribute("href") for a in summary.locator("a").all()]
    assert links == ["#count_1", "#count_2"]
    assert summary.inner_text().count("Type a whole number from 0 to 9999.") == 2
    expect(page.locator("#count_1 ~ .error:not(.live-error)")).to_be_visible()
    assert no_horizontal_scroll(page)

    page.locator("#count_1").fill("12")
    page.locator("#count_2").fill("7")
    page.locator("#opened_2 label.chip", has_text="No").tap()
    page.get_by_role("button", name="Check the round").tap()
    preview = page.locator("#checked-round")
    expect(preview).to_be_focused()
    box = preview.bounding_box()
    assert 0 <= box["y"] < height
    # Ben 12; Cem 7 + 100 = 107; Dan 30
    expect(preview).to_contain_text("+107")
    assert no_horizontal_scroll(page)
    preview.get_by_role("button", name="Save the round").tap()
    expect(page.locator(".flash")).to_contain_text("saved")
    assert totals(page) == ["0", "12", "107", "30"]
