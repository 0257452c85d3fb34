"""A hand entered from a photo, in real headless Chromium on a 390x844 touch phone.

The page shrinks the photo before sending it (long side 1600 px, JPEG), puts the cards read
into the hand as if picked, and draws the photo with a numbered box on each card read, the
unsure ones marked; a tap on a card takes it out again. Nothing is saved until Save.

Where these tests give the page a reading, they answer the API's request themselves with
the contract's answer for the photo they made (three card-shaped boxes at known places),
so that what is tested is the page; the API's own answers are tests/web/test_photos.py's.
Basic Rummy (VARIANTS.md): the one who went out collects the cards left in the other hands,
K 10, 7 its face: Ben's K♠ 7♥ is 17 for Ana.
"""

import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from playwright.sync_api import expect

from tests.browser.table_pages import PHONES

pytestmark = pytest.mark.browser

# the photo the phone takes: 3000 x 2000, three white cards on green cloth
TAKEN = (3000, 2000)
CARDS_AT = [(300, 500, 520, 760), (1100, 520, 520, 760), (1900, 540, 520, 760)]
READ = [("KS", 0.97), ("7H", 0.93), ("QD", 0.41)]  # the third a doubtful reading


def photo_taken() -> bytes:
    picture = Image.new("RGB", TAKEN, (25, 100, 55))
    draw = ImageDraw.Draw(picture)
    for x, y, w, h in CARDS_AT:
        draw.rounded_rectangle((x, y, x + w, y + h), radius=40, fill=(250, 250, 245))
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=90)
    return out.getvalue()


def answer_for(received: bytes) -> dict:
    """The contract's answer in the pixels of the photo the page sent."""
    start = received.index(b"\xff\xd8")
    sent = Image.open(io.BytesIO(received[start:]))
    width, height = sent.size
    scale = width / TAKEN[0]
    cards = [
        {"card": card, "confidence": confidence, "box": [round(v * scale) for v in box]}
        for (card, confidence), box in zip(READ, CARDS_AT, strict=True)
    ]
    return {"cards": cards, "unsure": [2], "width": width, "height": height}


def start(page, base, lang=None):
    page.goto(f"{base}/new/rummy" + (f"?lang={lang}" if lang else ""))
    page.fill("#players", "Ana\nBen")
    page.locator("form button[type=submit], form input[type=submit]").first.click()
    expect(page.locator(".deal")).to_be_visible()


def open_round_form(page):
    """The sheet's link to the next round, in any language."""
    page.locator("a[href$='/rounds/new']").first.click()
    expect(page.locator("#round-form")).to_be_visible()


def answering_photos(page, sizes):
    """The stand-in reader answers the page's photos; each photo's size as sent is noted."""

    def reply(route):
        body = route.request.post_data_buffer
        sizes.append(Image.open(io.BytesIO(body[body.index(b"\xff\xd8") :])).size)
        route.fulfill(
            status=200, content_type="application/json", body=json.dumps(answer_for(body))
        )

    page.route("**/api/v1/recognize", reply)


def enter_from_photo(page, tmp_path, sizes):
    answering_photos(page, sizes)
    taken = tmp_path / "hand.jpg"
    taken.write_bytes(photo_taken())
    open_round_form(page)
    page.locator("#winner label.chip", has_text="Ana").tap()
    page.locator("input[name=photo_1]").set_input_files(str(taken))


@pytest.mark.parametrize(
    ("lang", "locale", "unsure_word", "saved"),
    [(None, "en-GB", "look again", "Round 1 saved."), ("de", "de-DE", "genau hinsehen", "Runde 1")],
    ids=["english", "german"],
)
def test_a_hand_entered_from_a_photo_is_checked_in_its_boxes_and_saved(
    live_server, browser, artifacts, tmp_path, lang, locale, unsure_word, saved
):
    context = browser.new_context(
        viewport=PHONES["390x844"], is_mobile=True, has_touch=True, locale=locale
    )
    page = context.new_page()
    start(page, live_server, lang)
    sizes = []
    enter_from_photo(page, tmp_path, sizes)
    boxes = page.locator("fieldset.player").nth(1).locator(".photo-box")
    expect(boxes).to_have_count(3)
    assert sizes == [(1600, 1067)]  # shrunk on the phone: long side 1600, as taken
    hand = page.locator("#hand_1")
    expect(hand).not_to_have_value("")
    # the numbers 1 2 3 in reading order, the doubtful third marked
    assert [box.inner_text() for box in boxes.all()] == ["1", "2", "3"]
    expect(boxes.nth(2)).to_have_class(re.compile("unsure"))
    expect(page.locator(".photo-card").nth(2)).to_contain_text(unsure_word)
    expect(page.locator("p.points[data-for=hand_1]")).to_contain_text("27")  # K 10 + 7 + Q 10
    # each box lies over its card: the first card's box starts a tenth of the photo in and a
    # quarter down (both measured at once: the page may still move as its lines fill in)
    where = (
        page.locator("fieldset.player")
        .nth(1)
        .locator(".photo-frame")
        .evaluate(
            """frame => {
            const photo = frame.querySelector("canvas").getBoundingClientRect();
            const box = frame.querySelector(".photo-box").getBoundingClientRect();
            return [(box.x - photo.x) / photo.width, (box.y - photo.y) / photo.height];
        }"""
        )
    )
    assert abs(where[0] - 300 / 3000) < 0.01 and abs(where[1] - 500 / 2000) < 0.01
    boxes.nth(0).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"photo-entry-{lang or 'en'}.png"))
    # the doubtful queen was not there: one tap takes it out, the count follows
    page.locator(".photo-card").nth(2).tap()
    expect(boxes.nth(2)).to_have_class(re.compile("out"))
    expect(page.locator("p.points[data-for=hand_1]")).to_contain_text("17")
    # a card typed meanwhile stays when a read card is put back and taken out again
    page.fill("#hand_1", page.locator("#hand_1").input_value() + " 2C")
    page.locator(".photo-card").nth(2).tap()
    expect(page.locator("p.points[data-for=hand_1]")).to_contain_text("29")  # + Q 10
    page.locator(".photo-card").nth(2).tap()
    expect(page.locator("p.points[data-for=hand_1]")).to_contain_text("19")  # K 10 + 7 + 2
    page.fill(
        "#hand_1", page.locator("#hand_1").input_value().replace(" 2C", "").replace(" 2♣", "")
    )
    expect(page.locator("p.points[data-for=hand_1]")).to_contain_text("17")
    page.locator(".actions input[name=save]").tap()
    expect(page.locator(".flash")).to_contain_text(saved)
    expect(page.locator("tfoot th.total").first).to_contain_text("17")
    context.close()


def test_without_the_network_the_photo_button_says_it_needs_it(live_server, browser, tmp_path):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    start(page, live_server)
    open_round_form(page)
    context.set_offline(True)
    taken = tmp_path / "hand.jpg"
    taken.write_bytes(photo_taken())
    page.locator("input[name=photo_1]").set_input_files(str(taken))
    status = page.locator("fieldset.player").nth(1).locator(".photo-status")
    expect(status).to_contain_text("A photo needs the network")
    # the rest of the form works as ever: the hand typed
    page.fill("#hand_1", "KS 7H")
    expect(page.locator("#hand_1")).to_have_value("KS 7H")
    context.set_offline(False)
    context.close()


def test_a_photo_read_by_the_server_without_a_card_says_so(live_server, browser, tmp_path):
    # no stand-in here: the real API reads a photo of the bare cloth
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    start(page, live_server)
    open_round_form(page)
    cloth = tmp_path / "cloth.jpg"
    Image.new("RGB", (2400, 1800), (25, 100, 55)).save(cloth, "JPEG")
    page.locator("input[name=photo_1]").set_input_files(str(cloth))
    status = page.locator("fieldset.player").nth(1).locator(".photo-status")
    expect(status).to_contain_text("No card found in this photo", timeout=30_000)
    expect(page.locator("#hand_1")).to_have_value("")
    context.close()


def test_the_referee_arranges_a_hand_read_from_a_photo(live_server, browser, tmp_path):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    sizes = []
    answering_photos(page, sizes)
    page.goto(f"{live_server}/referee/")
    page.select_option("#variant", "rummy")
    page.select_option("#question", "arrange")
    taken = tmp_path / "hand.jpg"
    taken.write_bytes(photo_taken())
    page.locator("input[name=photo]").set_input_files(str(taken))
    expect(page.locator(".photo-box")).to_have_count(3)
    expect(page.locator("#hand")).to_have_value("KS 7H QD")  # the whole hand, where asked
    expect(page.locator("#melds")).to_have_value("")
    page.locator("#referee-form [type=submit]").last.click()
    # no meld among K♠ 7♥ Q♦: all three are deadwood, 10 + 7 + 10
    expect(page.locator("#verdict")).to_contain_text("27")
    context.close()


def test_without_scripts_the_photo_goes_with_the_form_and_comes_back_read(
    live_server, browser, tmp_path
):
    context = browser.new_context(
        viewport=PHONES["390x844"], is_mobile=True, has_touch=True, java_script_enabled=False
    )
    page = context.new_page()
    start(page, live_server)
    open_round_form(page)
    page.locator("#winner label.chip", has_text="Ana").tap()
    cloth = tmp_path / "cloth.jpg"
    Image.new("RGB", (4000, 3000), (25, 100, 55)).save(cloth, "JPEG")  # sent whole: no script
    page.locator("input[name=photo_1]").set_input_files(str(cloth))
    page.locator("fieldset.player").nth(1).get_by_role("button", name="Read the photo").tap()
    listed = page.locator("fieldset.player").nth(1).locator(".photo-list")
    expect(listed).to_contain_text("No card found in this photo", timeout=30_000)
    expect(page.locator("#winner input[value=Ana]")).to_be_checked()  # nothing typed lost
    expect(page.locator("h1")).to_contain_text("Round 1")  # nothing saved
    context.close()


def test_a_round_entered_from_a_generated_photo_through_the_real_reader(
    live_server, browser, artifacts
):
    """No stand-in: vision's own generated photo (five cards spread: 10♥ 7♣ A♠ K♠ Q♦, its
    truth.json) read by the server. Whatever the reader finds goes into the hand with its
    numbered box, every card found is one of the five, the table picks what it missed, and
    the round saves as the five: Basic Rummy, 10 + 7 + 1 + 10 + 10 = 38 for Ana."""
    photos = Path(__file__).resolve().parents[1] / "vision" / "photos"
    truth = json.loads((photos / "truth.json").read_text())["spread-standard.jpg"]["cards"]
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    start(page, live_server)
    open_round_form(page)
    page.locator("#winner label.chip", has_text="Ana").tap()
    page.locator("input[name=photo_1]").set_input_files(str(photos / "spread-standard.jpg"))
    ben = page.locator("fieldset.player").nth(1)
    expect(ben.locator(".photo-status")).to_contain_text("Read from the photo", timeout=60_000)
    read = page.locator("#hand_1").input_value().split()
    boxes = ben.locator(".photo-box")
    assert boxes.count() == len(read) >= 1
    assert [box.inner_text() for box in boxes.all()] == [str(n + 1) for n in range(len(read))]
    assert set(read) <= set(truth)  # no phantom card
    boxes.nth(0).scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "photo-entry-generated.png"))
    missed = [card for card in truth if card not in read]
    page.fill("#hand_1", " ".join(read + missed))
    expect(page.locator("p.points[data-for=hand_1]")).to_contain_text("38")
    page.locator(".actions input[name=save]").tap()
    expect(page.locator(".flash")).to_contain_text("Round 1 saved.")
    expect(page.locator("tfoot th.total").first).to_contain_text("38")
    context.close()
