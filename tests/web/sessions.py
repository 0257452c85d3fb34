"""Steps the web tests share: start a session through its form, find its read-only link,
enter a Rami round, read a PDF's text, read the statistics page."""

import html
import io
import re

from pypdf import PdfReader

from scorekeeper.rules.records import VARIANTS


def start_game(client, variant, players, **options):
    """Start a session through the form; returns its edit link path."""
    data = {"players": "\n".join(players), "dealer": ""}
    # what a browser sends: every house rule as the form shows it (defaults filled in)
    for name, spec in VARIANTS[variant].options.items():
        value = options.get(name, spec.default)
        if value is None or value is False:
            continue
        data[f"option_{name}"] = "y" if value is True else value
    response = client.post(f"/new/{variant}", data=data)
    assert response.status_code == 302, response.data.decode()[:2000]
    return response.headers["Location"].replace("http://table.test", "")


def view_link(client, edit_path):
    page = client.get(edit_path).data.decode()
    return re.search(r'href="(/s/[^"]+)" class="link"', page).group(1)


def rami_round(winner, hands, opened, save=True):
    """A Rami round for Ana, Ben and Cem as the form sends it: cards typed, and "had
    melded" asked of every loser (yes for those in ``opened``), never assumed; saved, or
    only checked."""
    data = {"winner": winner, "end": "out", "save" if save else "preview": "1"}
    for seat, player in enumerate(["Ana", "Ben", "Cem"]):
        data[f"hand_{seat}"] = hands.get(player, "")
        data[f"opened_{seat}"] = "y" if player in opened else "n"
    return data


def pdf_text(response):
    """The text of a PDF the app answered with (a real PDF, or the test fails)."""
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)


def stats_page(client):
    """The stats page, each cell's attributes left out (on a phone a cell names its column)."""
    return re.sub(r"<td [^>]*>", "<td>", html.unescape(client.get("/stats").data.decode()))


# a secret key long enough for the app's check, for apps a test configures itself
KEY = "a-test-secret-key-of-more-than-32-characters"


def configured_app(tmp_path, **config):
    """An app on its own database in ``tmp_path`` with the settings a test gives it."""
    from scorekeeper import create_app

    return create_app(
        {
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "DATABASE": str(tmp_path / "d.sqlite"),
            "SECRET_KEY": KEY,
            **config,
        }
    )
