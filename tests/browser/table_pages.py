"""The phones the browser tests use, and a Rami table of four with a few counted rounds,
entered through the real forms (CSRF token and all) over HTTP, so the phone tests start
from a filled sheet and open every page a table sees."""

import re

from playwright.sync_api import expect

PHONES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844}}
PLAYERS = ["Anastasia Konstantinopoulou", "Ben", "Cem Yılmaz", "Dan"]
# Rami: a loser adds the points counted in hand, +100 if not melded yet (VARIANTS.md)
ROUNDS = [
    ("Anastasia Konstantinopoulou", {1: 171, 2: 4, 3: 20}, {1: "n", 2: "y", 3: "y"}),
    ("Ben", {0: 10, 2: 12, 3: 5}, {0: "y", 2: "y", 3: "y"}),
    ("Dan", {0: 33, 1: 8, 2: 0}, {0: "y", 1: "y", 2: "y"}),
]


def hidden_fields(html):
    fields = {}
    for tag in re.findall(r"<input[^>]*type=\"hidden\"[^>]*>", html):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if name:
            fields[name.group(1)] = value.group(1) if value else ""
    return fields


def start_table(request, base, players=PLAYERS, variant="rami"):
    """The edit link of a new session, started through the new-session form."""
    form = request.get(f"{base}/new/{variant}").text()
    data = hidden_fields(form) | {"players": "\n".join(players), "dealer": ""}
    response = request.post(f"{base}/new/{variant}", form=data, max_redirects=0)
    assert response.status == 302, response.text()[:500]
    location = response.headers["location"]
    return location if location.startswith("http") else base + location


def enter_counted_round(request, edit_url, winner, counts, opened):
    form = request.get(f"{edit_url}/rounds/new").text()
    data = hidden_fields(form) | {"mode": "count", "winner": winner, "end": "out", "save": "1"}
    data |= {f"count_{seat}": str(points) for seat, points in counts.items()}
    data |= {f"opened_{seat}": answer for seat, answer in opened.items()}
    response = request.post(f"{edit_url}/rounds/new", form=data, max_redirects=0)
    assert response.status == 302, re.findall(r'class="error"[^>]*>([^<]*)', response.text())


def filled_table(request, base):
    edit_url = start_table(request, base)
    for winner, counts, opened in ROUNDS:
        enter_counted_round(request, edit_url, winner, counts, opened)
    return edit_url


def every_page(page, base):
    """Each page a table sees, as (name, url, what to do once it is open)."""
    edit_url = filled_table(page.request, base)

    def round_with_errors(page):
        page.locator("#mode label.chip", has_text="Points counted").tap()
        page.get_by_role("button", name="Save the round").first.tap()
        expect(page.locator("#problems")).to_be_visible()

    def picker_open(page):
        page.locator("#mode label.chip", has_text="Cards").tap()
        page.locator("#hand_1 + button.pick").tap()
        expect(page.locator("#picker")).to_be_visible()

    return edit_url, [
        ("home", f"{base}/", None),
        ("new-session", f"{base}/new/rami", None),
        ("session", edit_url, None),
        ("round-errors", f"{edit_url}/rounds/new", round_with_errors),
        ("picker", f"{edit_url}/rounds/new", picker_open),
        ("history", f"{edit_url}/versions", None),
        ("rules", f"{base}/rules/", None),
        ("rules-rami", f"{base}/rules/rami", None),
        ("referee", f"{base}/referee/?session={edit_url.rsplit('/', 1)[1]}", None),
        ("stats", f"{base}/stats", None),
    ]


def open_round_form(page):
    page.get_by_role("link", name=re.compile("Enter round")).first.click()
    expect(page.locator("#round-form")).to_be_visible()


def totals(page):
    """The sheet's totals row, read as text."""
    return [cell.inner_text() for cell in page.locator("tfoot th.total").all()]
