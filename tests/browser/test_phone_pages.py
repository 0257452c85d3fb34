"""The referee, stats, rules and session pages on a phone, in English and German, in real
headless Chromium (issue 22, items 10, 11, 13, 15 and 16).

Card values (VARIANTS.md): Kaluki's first meld needs 51, an ace counts 15 there (1 below a
two), a court card 10. Rami: each loser adds the cards in hand (J/Q/K 10), +100 without an
earlier meld. The table of tests/browser/table_pages.py: Anastasia, Ben, Cem, Dan; round 1
Anastasia out (Ben 171 + 100 = 271, Cem 4, Dan 20), round 2 Ben out (Anastasia 10, Cem 12,
Dan 5), round 3 Dan out (Anastasia 33, Ben 8, Cem 0).
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.table_pages import PHONES, filled_table, hidden_fields

pytestmark = pytest.mark.browser

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
# a card as the contract writes it and a German table never does (QH, 10S, JK): a heart
# with a German rank (10H, KH) is also how a German keyboard types Herz, so it may show
ENGLISH_CARD = re.compile(
    r"(?<![\w=])(?:(?:10|[2-9AK])[SDC]|[JQ][SHDC])(?![\w])|(?<![\w])JK(?![\w])"
)


def phone_page(browser, size="390x844", german=False):
    context = browser.new_context(
        viewport=PHONES[size],
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        extra_http_headers=GERMAN if german else {},
    )
    return context, context.new_page()


def in_view(page, locator):
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def pick(page, field, cards):
    page.locator(f"#{field} + button.pick").tap()
    for card in cards:
        page.locator(f'#picker button[data-card="{card}"]').tap()
    page.locator("#picker-done").tap()


def shown_options(page, select):
    return page.locator(f"#{select} option:not([hidden])").evaluate_all(
        "options => options.map(option => option.value)"
    )


# --- 10. the referee ------------------------------------------------------------------------


@pytest.mark.parametrize("size", list(PHONES))
def test_the_verdict_is_at_the_top_and_focused_after_a_question(live_server, browser, size):
    context, page = phone_page(browser, size)
    page.goto(f"{live_server}/referee/")
    page.select_option("#variant", "kaluki")
    page.select_option("#question", "opening")
    pick(page, "melds", ["QH", "KH", "AH"])  # the picker works on the referee's fields
    expect(page.locator("#melds")).to_have_value("QH KH AH")
    page.get_by_role("button", name="Ask the referee").tap()
    verdict = page.locator("#verdict")
    expect(verdict).to_be_focused()
    assert in_view(page, verdict)
    # Q 10 + K 10 + A 15 = 35, under Kaluki's 51
    expect(verdict.get_by_role("heading")).to_have_text("✘ Not legal")
    expect(verdict).to_contain_text("Worth 35 points as a first meld.")
    context.close()


def test_a_plain_meld_question_says_nothing_of_a_first_meld(live_server, browser):
    context, page = phone_page(browser)
    page.goto(f"{live_server}/referee/")
    page.select_option("#variant", "kaluki")
    page.select_option("#question", "meld")
    page.fill("#melds", "KH KD KC")
    page.get_by_role("button", name="Ask the referee").tap()
    expect(page.locator("#verdict h2")).to_have_text("✔ Legal")
    expect(page.locator("#verdict")).not_to_contain_text("first meld")
    context.close()


def test_only_the_questions_of_the_variant_and_the_fields_of_the_question(live_server, browser):
    context, page = phone_page(browser)
    page.goto(f"{live_server}/referee/")
    page.select_option("#variant", "kaluki")
    # Kaluki has a first-meld rule and rules for going out, no table to rearrange
    assert shown_options(page, "question") == ["meld", "opening", "going_out", "arrange"]
    expect(page.locator("#melds")).to_be_visible()
    for field in ("hand", "table_before", "from_hand"):
        expect(page.locator(f"#{field}")).to_be_hidden()
    page.select_option("#question", "arrange")
    expect(page.locator("#hand")).to_be_visible()
    expect(page.locator("#melds")).to_be_hidden()
    # Basic Rummy: no first-meld minimum, no rule of its own for going out, and no joker
    page.select_option("#variant", "rummy")
    assert shown_options(page, "question") == ["meld", "arrange"]
    page.locator("#hand + button.pick").tap()  # the question is still the arrangement
    expect(page.locator('#picker button[data-card="JK"]')).to_be_hidden()
    page.locator("#picker-done").tap()
    # Carousel rearranges the table: its turn asks for the table before and the cards played
    page.select_option("#variant", "carousel")
    assert "turn" in shown_options(page, "question")
    page.select_option("#question", "turn")
    for field in ("melds", "table_before", "from_hand"):
        expect(page.locator(f"#{field}")).to_be_visible()
    expect(page.locator("#hand")).to_be_hidden()
    context.close()


# --- 11. stats ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", list(PHONES))
def test_stats_show_every_figure_and_label_on_a_phone(live_server, browser, size):
    context, page = phone_page(browser, size)
    filled_table(page.request, live_server)
    page.goto(f"{live_server}/stats")
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    cells = page.locator(".player-stats td").evaluate_all(
        """cells => cells.map(cell => {
             const box = cell.getBoundingClientRect();
             return {text: cell.innerText, left: box.left, right: box.right,
                     clipped: cell.scrollWidth > cell.clientWidth + 1};
           })"""
    )
    assert cells, "no figures"
    for cell in cells:
        assert cell["left"] >= 0 and cell["right"] <= width and not cell["clipped"], cell
    # Ben: 271 + 0 + 8 over 3 rounds = 93 a round; one game, not won (it goes on)
    ben = page.locator(".player-stats tr", has_text="Ben")
    # each figure is named by its column, on screen and for a screen reader
    for name in ("Games 1", "Won 0", "Average per round 93"):
        expect(ben.get_by_role("cell", name=name, exact=True)).to_be_visible()
    sizes = page.locator(".stats-bars li span").evaluate_all(
        "labels => labels.map(label => parseFloat(getComputedStyle(label).fontSize))"
    )
    assert len(sizes) == 8 and min(sizes) >= 12, sizes  # a name and "0 / 1" for each of 4
    expect(page.locator(".stats-bars li", has_text="Ben")).to_contain_text("0 / 1")
    context.close()


# --- 13. rules pages ------------------------------------------------------------------------


def test_a_rules_page_names_its_source_and_folds_under_a_contents_list(live_server, browser):
    context, page = phone_page(browser)
    page.goto(f"{live_server}/rules/rami")
    expect(page.locator(".source")).to_have_text("From the French Rami rules.")
    expect(page.locator("main")).not_to_contain_text("seed")
    # 4,158 px unfolded at 390 px: folded, it is less than half of that
    assert page.evaluate("document.documentElement.scrollHeight") < 4158 / 2
    contents = page.get_by_role("navigation", name="Contents")
    expect(contents.get_by_role("link")).to_have_count(9)
    values = page.locator("#values")
    expect(values.locator("table")).to_be_hidden()
    contents.get_by_role("link", name="Card values").tap()
    expect(values.locator("table")).to_be_visible()
    # a heading in each fold: a screen reader still finds every section by heading
    expect(page.get_by_role("heading", level=2)).to_have_count(10)  # 9 and "Contents"
    # on paper every section is there, unfolded
    page.emulate_media(media="print")
    expect(page.locator("#house-rules dl")).to_be_visible()
    expect(page.locator("#example ol")).to_be_visible()
    context.close()


def test_a_german_rules_page_names_its_source_in_german(live_server, browser):
    context, page = phone_page(browser, german=True)
    page.goto(f"{live_server}/rules/rami")
    expect(page.locator(".source")).to_have_text("Nach den französischen Rami-Regeln.")
    context.close()


# --- 15. cards in the reader's language -----------------------------------------------------


def test_the_german_picker_writes_what_it_shows(live_server, browser):
    context, page = phone_page(browser, german=True)
    edit_url = filled_table(page.request, live_server)
    page.goto(f"{edit_url}/rounds/new")
    page.check("#mode input[value=cards]")
    expect(page.locator("#hand_1")).to_have_attribute("placeholder", "A♠ 10♥ Joker")
    pick(page, "hand_1", ["QH", "JS"])
    expect(page.locator('#picker button[data-card="QH"]')).to_contain_text("D")
    expect(page.locator("#hand_1")).to_have_value("D♥ B♠")
    # the engine reads what the picker wrote: a queen and a jack, 10 + 10
    expect(page.locator('.points[data-for="hand_1"]')).to_contain_text("20")
    context.close()


def test_a_german_table_sees_its_own_letters_everywhere(live_server, browser):
    context, page = phone_page(browser, german=True)
    edit_url = filled_table(page.request, live_server)
    # a round typed in English letters: Ben holds KS QH (the parser takes any language)
    form = page.request.get(f"{edit_url}/rounds/new").text()
    data = hidden_fields(form) | {"mode": "cards", "winner": "Dan", "end": "out", "save": "1"}
    data |= {"hand_0": "2C", "hand_1": "KS QH", "hand_2": "5D"}
    data |= {f"opened_{seat}": "y" for seat in range(3)}
    saved = page.request.post(f"{edit_url}/rounds/new", form=data, max_redirects=0)
    assert saved.status == 302, saved.text()[:300]
    page.goto(f"{edit_url}/versions")
    expect(page.locator("main")).to_contain_text("Ben K♠ D♥")
    page.goto(edit_url)
    page.locator(".evening details summary").tap()
    expect(page.locator("input[name=stake]")).to_have_attribute("placeholder", "0,05")
    seen = {}
    for url in (
        edit_url,
        f"{edit_url}/versions",
        f"{edit_url}/rounds/new",
        f"{live_server}/referee/",
    ):
        page.goto(url)
        words = page.evaluate(
            """() => [document.body.innerText,
                      ...Array.from(document.querySelectorAll('[placeholder]'), e => e.placeholder),
                      ...Array.from(document.querySelectorAll('input, textarea'), e => e.value)]
                     .join('\\n')"""
        )
        found = ENGLISH_CARD.findall(words)
        if found:
            seen[url] = found
    assert seen == {}
    context.close()


# --- 16. German word order, and the menu on one line ----------------------------------------


@pytest.mark.parametrize("size", list(PHONES))
def test_german_sentences_put_the_number_where_german_does(live_server, browser, size):
    context, page = phone_page(browser, size, german=True)
    edit_url = filled_table(page.request, live_server)
    page.goto(edit_url)
    expect(page.locator(".deal a.button")).to_have_text("Runde 4 eintragen")
    expect(page.get_by_role("link", name="Runde 2 ändern")).to_be_visible()
    page.locator("details.explain summary").tap()
    expect(page.get_by_role("button", name="Runde 1 löschen")).to_be_visible()
    # round 2 was dealt by Ben: the name first, and the whole line in its cell
    dealer = page.locator("tbody tr").nth(1).locator("td.round-no")
    expect(dealer.locator("small")).to_contain_text("Ben gab")
    assert dealer.evaluate("cell => cell.scrollWidth <= cell.clientWidth")
    page.goto(f"{live_server}/stats")
    expect(page.locator("main")).to_contain_text("Aus 1 Spiel dieses Telefons")
    context.close()


@pytest.mark.parametrize("lang", ["en", "de", "fr", "vi"])
@pytest.mark.parametrize("size", list(PHONES))
def test_the_menu_is_one_line(live_server, browser, size, lang):
    context, page = phone_page(browser, size)
    page.goto(f"{live_server}/?lang={lang}")
    boxes = page.locator("header.top a").evaluate_all(
        "links => links.map(link => link.getBoundingClientRect().toJSON())"
    )
    width = page.viewport_size["width"]
    assert len({round(box["top"]) for box in boxes}) == 1, boxes
    assert all(box["left"] >= 0 and box["right"] <= width for box in boxes), boxes
    assert all(box["height"] >= 44 and box["width"] >= 44 for box in boxes), boxes
    assert page.locator("header.top").bounding_box()["height"] <= 48
    context.close()
