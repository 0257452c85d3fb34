"""The round form at the table (issue 22, items 1-9), in real headless Chromium on a touch
phone: no trap a new player cannot get out of, few taps, thumb-sized targets.

Worked by hand from VARIANTS.md. Rami: a loser adds the cards in hand (ace 11, J/Q/K 10,
others face), +100 if not melded yet; 4 players get 12 cards from 2 decks and 4 jokers.
Knock Rummy: one deck, no joker, 10 cards each for 2 players; at a knock every hand holds
exactly the 10 dealt. Phỏm at the end of the stock: the lowest count without móm wins, the
others pay by place (1 and 2 chips with 4 players), a móm (no meld) pays 4.
"""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.rules.records import VARIANTS
from tests.browser.table_pages import PHONES, every_page, open_round_form, totals

pytestmark = pytest.mark.browser

ABCD = ["Ana", "Ben", "Cem", "Dan"]
BUSY = 20_000  # ms a save may take on a machine shared with other work


class Thumb:
    """Taps counted, and the times the screen had to scroll first to show what is tapped
    (typing on the keypad is neither)."""

    def __init__(self, page):
        self.page = page
        self.taps = 0
        self.scrolls = 0

    def tap(self, locator):
        if not self.in_view(locator):
            self.scrolls += 1
        locator.tap()
        self.taps += 1

    def in_view(self, locator):
        """On the screen, and not under the Save bar that stays at its foot."""
        box = locator.bounding_box()
        bottom = self.page.viewport_size["height"]
        if not locator.evaluate("element => Boolean(element.closest('.actions'))"):
            bottom = self.page.locator(".actions").bounding_box()["y"]
        return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= bottom

    def type(self, text):
        # a phone's keypad commits its text through the input method, not as key presses
        self.page.keyboard.insert_text(text)


def start(page, base, variant, players):
    page.goto(f"{base}/new/{variant}")
    page.fill("#players", "\n".join(players))
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".deal")).to_be_visible()
    return page.url


def choose_counts(page):
    """The table's one-time choice of counted points (the form remembers it)."""
    page.locator("#mode label.chip", has_text="Points counted").tap()
    expect(page.locator("#count_0")).to_be_visible()


def every_problem_leads_to_a_visible_field(page):
    links = page.locator("#problems a")
    assert links.count() > 0
    for href in [link.get_attribute("href") for link in links.all()]:
        expect(page.locator(href)).to_be_visible()


# --- 1. a field the user cannot see never blocks a save ------------------------------------


@pytest.mark.parametrize("scripts", [True, False], ids=["scripts", "no-scripts"])
def test_a_hand_typed_for_the_player_who_then_went_out_never_blocks_the_round(
    live_server, browser, scripts
):
    context = browser.new_context(
        viewport=PHONES["390x844"], is_mobile=True, has_touch=True, java_script_enabled=scripts
    )
    page = context.new_page()
    start(page, live_server, "rami", ABCD)
    open_round_form(page)
    page.locator("#mode label.chip", has_text="Cards").click()
    page.fill("#hand_0", "KS QS")
    page.locator("#winner label.chip", has_text="Ana").click()
    if scripts:  # hidden at once; without scripts, once the server has seen the choice
        expect(page.locator("#hand_0")).to_be_hidden()
    # a slip in Ben's hand: the one problem links to his visible field
    page.fill("#hand_1", "5X")
    page.fill("#hand_2", "4C")
    page.fill("#hand_3", "KD QD")
    page.get_by_role("button", name="Check the round").click()
    expect(page.locator("#problems")).to_contain_text("Ben")
    expect(page.locator("#problems")).not_to_contain_text("Ana went out")
    expect(page.locator("#hand_0")).to_be_hidden()
    every_problem_leads_to_a_visible_field(page)
    # Ben 5H = 5, Cem 4C = 4, Dan KD + QD = 20, all melded ("yes" is ready): Ana out, 0
    page.fill("#hand_1", "5H")
    page.get_by_role("button", name="Check the round").click()
    expect(page.locator(".preview")).to_be_visible()
    page.locator("#save-checked").click()
    expect(page.locator(".flash")).to_contain_text("Round 1 saved.", timeout=BUSY)
    assert totals(page) == ["0", "5", "4", "20"]
    context.close()


# --- 2. a fact the engine asks for has a control: Phỏm's "no meld" --------------------------


def test_a_phom_player_with_no_meld_is_one_tap_and_the_counted_round_takes_ten(
    live_server, browser
):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    start(page, live_server, "phom", ABCD)
    open_round_form(page)
    choose_counts(page)
    page.evaluate("window.scrollTo(0, 0)")
    thumb = Thumb(page)
    # the stock ran out: Ana 12, Ben 20, Cem 30 each with a meld; Dan 25 with none (móm).
    # Beside a count no meld is typed: whether a player has one is the toggle, no list
    for seat in range(4):
        expect(page.locator(f"#melds_{seat}")).to_be_hidden()
    thumb.tap(page.locator("#winner label.chip", has_text="Nobody"))
    for seat, count in {0: 12, 1: 20, 2: 30, 3: 25}.items():
        thumb.tap(page.locator(f"#count_{seat}"))
        thumb.type(str(count))
    thumb.tap(page.locator("#nomelds_3").locator("xpath=.."))
    thumb.tap(page.locator(".actions input[name=save]"))
    expect(page.locator(".flash")).to_contain_text("Round 1 saved.", timeout=BUSY)
    # Ana lowest: Ben 2nd pays 1, Cem 3rd pays 2, Dan móm pays 4: Ana +7
    assert totals(page) == ["7", "-1", "-2", "-4"]
    assert thumb.taps <= 7
    assert thumb.scrolls == 0
    context.close()


# --- 3. one pass reports every problem ------------------------------------------------------


def test_a_hand_with_a_card_twice_and_too_few_cards_shows_both_problems_at_once(
    live_server, browser
):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    start(page, live_server, "knock-rummy", ["Ana", "Ben"])
    open_round_form(page)
    page.locator("#mode label.chip", has_text="Cards").tap()
    page.locator("#winner label.chip", has_text="Ana").tap()
    page.fill("#hand_0", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S")
    page.fill("#hand_1", "KS KS QH 2H 3H 4H 5H 6H 7H")
    page.get_by_role("button", name="Check the round").tap()
    problems = page.locator("#problems li")
    expect(problems).to_have_count(2)
    expect(problems.nth(0)).to_contain_text("KS is used 2 times")
    expect(problems.nth(1)).to_contain_text("Ben's hand holds 9 cards")
    expect(problems.nth(1)).to_contain_text("expected 10 cards")
    expect(page.locator("#hand_1 ~ .error")).to_have_count(2)
    every_problem_leads_to_a_visible_field(page)
    context.close()


# --- 4. taps per round ----------------------------------------------------------------------


def test_a_counted_rami_round_for_four_takes_at_most_six_taps(live_server, browser):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    start(page, live_server, "rami", ABCD)
    open_round_form(page)
    choose_counts(page)
    thumb = Thumb(page)
    # Ana out; Ben 171 and had not melded (one tap changes the ready "yes"): 271; Cem 4; Dan 20
    thumb.tap(page.locator("#winner label.chip", has_text="Ana"))
    for seat, count in {1: 171, 2: 4, 3: 20}.items():
        thumb.tap(page.locator(f"#count_{seat}"))
        thumb.type(str(count))
    thumb.tap(page.locator("#opened_1 label.chip", has_text="No"))
    thumb.tap(page.locator(".actions input[name=save]"))
    expect(page.locator(".flash")).to_contain_text("Round 1 saved.", timeout=BUSY)
    assert totals(page) == ["0", "271", "4", "20"]
    assert thumb.taps <= 6
    context.close()


def counted_round(variant):
    """What a counted round of each variant needs at a table of its players (four where it
    can), worked from VARIANTS.md: (players, winner chip, counts by seat, fields typed
    beside them, the totals after it)."""
    seated = ABCD[: min(4, VARIANTS[variant].players[1])]
    losers = {1: 5, 2: 4, 3: 20}
    if variant == "nowrang":  # two players; the winner's 4+3+3 is checked on its cards
        melds = "JC QC KC AC\n4D 5D 6D\n8D 9D 10D"
        return seated, "Ana", {1: 5}, {"#melds_0": melds}
    if variant == "knock-rummy":  # the knocker's deadwood is counted too (3 <= 10)
        return seated, "Ana", {0: 3, **losers}, {}
    if variant == "carousel":
        return seated, "Ana", {0: 3, **losers}, {}
    if variant == "gin":  # two players: the knocker's deadwood (3 <= 10) and the defender's
        return seated, "Ana", {0: 3, 1: 20}, {}
    if variant == "continental":  # the winner's wild cards, counted: none
        return seated, "Ana", losers, {"#wilds_jokers": "0"}
    if variant == "queen-city":  # the winner's melds, counted at the table
        return seated, "Ana", losers, {"#meld_points": "45"}
    if variant == "phom":  # the stock ran out; everyone has a meld (no toggle to tap)
        return seated, "Nobody", {0: 12, 1: 20, 2: 30, 3: 25}, {}
    return seated, "Ana", losers, {}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variant_s_counted_round_takes_at_most_eight_taps(live_server, browser, variant):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    players, winner, counts, typed = counted_round(variant)
    start(page, live_server, variant, players)
    open_round_form(page)
    choose_counts(page)
    thumb = Thumb(page)
    thumb.tap(page.locator("#winner label.chip", has_text=winner))
    for seat, count in counts.items():
        thumb.tap(page.locator(f"#count_{seat}"))
        thumb.type(str(count))
    for selector, text in typed.items():
        thumb.tap(page.locator(selector))
        thumb.type(text)
    thumb.tap(page.locator(".actions input[name=save]"))
    expect(page.locator(".flash")).to_contain_text("Round 1 saved.", timeout=BUSY)
    assert thumb.taps <= 8, (variant, thumb.taps)
    context.close()


# --- 5. thumb-sized targets -----------------------------------------------------------------

SMALL_TARGETS = """() => {
  const small = [];
  const tappable = 'a[href], button, input:not([type=hidden]), select, textarea, summary';
  for (const element of document.querySelectorAll(tappable)) {
    if (!element.getClientRects().length) continue;
    if (getComputedStyle(element).visibility === 'hidden') continue;
    // a box or a radio button is tapped through the label around it
    const target = element.closest('label') || element;
    const box = target.getBoundingClientRect();
    if (box.width < 44 || box.height < 44) {
      const name = (target.innerText || target.value || target.name || '').trim().slice(0, 30);
      small.push(`${target.tagName} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return [...new Set(small)];
}"""


def test_every_target_a_thumb_taps_is_at_least_44_px_square(live_server, phone):
    edit_url, pages = every_page(phone, live_server)
    for name, url, action in pages:
        phone.goto(url)
        if action:
            action(phone)
        assert phone.evaluate(SMALL_TARGETS) == [], (name, phone.size)
    # a Phỏm round form, counted: the "no meld" boxes too
    start(phone, live_server, "phom", ABCD)
    open_round_form(phone)
    choose_counts(phone)
    assert phone.evaluate(SMALL_TARGETS) == [], ("phom-round", phone.size)


# --- 6. undo where the user is --------------------------------------------------------------


def test_the_saved_message_carries_its_undo(live_server, browser):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    start(page, live_server, "rami", ABCD)
    open_round_form(page)
    choose_counts(page)
    page.locator("#winner label.chip", has_text="Ana").tap()
    for seat, count in {1: "5", 2: "4", 3: "20"}.items():
        page.fill(f"#count_{seat}", count)
    page.locator(".actions input[name=save]").tap()
    flash = page.locator(".flash")
    expect(flash).to_contain_text("Round 1 saved.")
    undo = flash.get_by_role("button", name="Undo")
    box = undo.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844  # on the first screen
    undo.tap()
    expect(page.locator(".flash")).to_contain_text("Undone.")
    expect(page.get_by_role("link", name=re.compile("Enter round"))).to_contain_text("1")
    context.close()


# --- 7. a whole hand in view; counts are digits ---------------------------------------------


def test_a_fifteen_card_hand_is_seen_whole_and_a_count_says_its_limit(live_server, browser):
    context = browser.new_context(viewport=PHONES["360x640"], is_mobile=True, has_touch=True)
    page = context.new_page()
    start(page, live_server, "kaluki", ["Ana", "Ben"])
    open_round_form(page)
    page.locator("#mode label.chip", has_text="Cards").tap()
    fifteen = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 10H"
    page.locator("#hand_1").tap()
    page.keyboard.insert_text(fifteen)
    hand = page.locator("#hand_1")
    # nothing of the hand is scrolled out of its field
    shown = hand.evaluate(
        "f => [f.scrollHeight <= f.clientHeight + 1, f.scrollWidth <= f.clientWidth + 1]"
    )
    assert shown == [True, True]
    assert hand.bounding_box()["height"] > 44  # it grew to a second line
    choose_counts(page)
    count = page.locator("#count_1")
    assert count.get_attribute("inputmode") == "numeric"
    assert count.get_attribute("pattern") == "[0-9]*"
    count.tap()
    page.keyboard.insert_text("99999")
    expect(count).to_have_value("99999")  # never cut short to 9999
    said = page.locator("#count_1 ~ .live-error")
    expect(said).to_have_text("Type a whole number from 0 to 9999.")
    page.locator("#winner label.chip", has_text="Ana").tap()
    page.get_by_role("button", name="Check the round").tap()
    expect(page.locator("#problems")).to_contain_text("Type a whole number from 0 to 9999.")
    expect(page.locator("#count_1")).to_have_value("99999")
    context.close()


# --- 8. labels that fit the variant ---------------------------------------------------------


def test_labels_fit_the_variant_and_no_drop_down_has_one_choice(live_server, browser):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    for variant in VARIANTS:
        players = ABCD[: min(4, VARIANTS[variant].players[1])]
        start(page, live_server, variant, players)
        open_round_form(page)
        text = page.locator("#round-form").inner_text()
        knocks = "knock" in VARIANTS[variant].ends
        assert ("Knock" in text or "knock" in text) == knocks, variant
        for select in page.locator("#round-form select").all():
            if select.is_visible():
                assert select.locator("option").count() > 1, variant
    # Knock Rummy: the only way to end is a knock, so only who knocked is asked
    start(page, live_server, "knock-rummy", ["Ana", "Ben"])
    open_round_form(page)
    expect(page.locator("#winner legend")).to_have_text("Who knocked")
    expect(page.locator("select#end")).to_have_count(0)
    context.close()


def test_the_deal_is_said_in_plural_forms_and_house_rules_show_their_defaults(live_server, browser):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    start(page, live_server, "rami", ABCD)  # 4 players: 2 decks, 4 jokers, 12 cards
    expect(page.locator(".deal")).to_contain_text("2 decks, 4 jokers, 12 cards each")
    start(page, live_server, "knock-rummy", ["Ana", "Ben"])  # 2 players: one deck, no joker
    expect(page.locator(".deal")).to_contain_text("1 deck, no jokers, 10 cards each")
    page.goto(f"{live_server}/new/rami")
    page.locator("details.house-rules summary").tap()
    for field in page.locator("details.house-rules input:not([type=checkbox])").all():
        shown = field.input_value() or field.get_attribute("placeholder")
        assert shown, field.get_attribute("name")
    # Rami's deal table: 2 decks for 2-3 and for 4 players, 3 for 5 and for 6-8
    assert page.locator("#option_decks").get_attribute("placeholder") == (
        "2 for 2–4 players, 3 for 5–8 players"
    )
    # no agreed number of rounds unless the table sets one
    assert page.locator("#option_rounds").get_attribute("placeholder") == "none"
    context.close()


# --- 9. starting a game ---------------------------------------------------------------------


def test_recent_variants_come_first_and_the_next_game_is_one_tap(live_server, browser):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    start(page, live_server, "knock-rummy", ["Ana", "Ben"])
    start(page, live_server, "carousel", ["Cem", "Dan", "Eve"])
    page.goto(f"{live_server}/")
    names = page.locator("h2 + ul.cards-list li strong").all_inner_texts()
    assert names[:2] == ["Carousel (Manipulation Rummy)", "Knock Rummy"]
    assert len(names) == len(VARIANTS)
    again = page.get_by_role("button", name=re.compile("New game: Carousel"))
    expect(again).to_contain_text("Cem, Dan, Eve")
    again.tap()
    expect(page.locator(".deal")).to_be_visible()
    expect(page.locator("h1")).to_have_text("Carousel (Manipulation Rummy)")
    page.goto(f"{live_server}/")
    assert page.locator("ul.cards-list").first.locator("li").count() == 3
    context.close()
