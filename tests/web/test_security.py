"""Output safety and security headers: no user text ever reaches a page as markup."""


from tests.conftest import start_game, view_link

EVIL_NAMES = ["<img src=x onerror=alert(1)>", '"><script>alert(2)</script>']


def _pages_of_a_session(client, monkeypatch):
    """Every page that shows the players of one Basic Rummy session with one saved round."""
    edit = start_game(client, "rummy", [*EVIL_NAMES, "Ana"])
    saved = client.post(
        f"{edit}/rounds/new",
        data={"winner": "Ana", "end": "out", "hand_0": "5H", "hand_1": "KS", "save": "1"},
    )
    assert saved.status_code == 302, saved.data.decode()[:2000]
    page = client.get(edit).data.decode()
    round_path = page.split(f'href="{edit}/rounds/')[1].split('"')[0]
    printed = {}

    class FakeHTML:  # WeasyPrint is slow and its PDF hides the text: keep the HTML it gets
        def __init__(self, string):
            printed["html"] = string

        def write_pdf(self):
            return b"%PDF-1.7"

    import weasyprint

    monkeypatch.setattr(weasyprint, "HTML", FakeHTML)
    assert client.get(f"{edit}/sheet.pdf").status_code == 200
    token = edit.rsplit("/", 1)[1]
    pages = {
        "home": client.get("/").data.decode(),
        "session (edit)": page,
        "session (read-only)": client.get(view_link(client, edit)).data.decode(),
        "round form (new)": client.get(f"{edit}/rounds/new").data.decode(),
        "round form (edit)": client.get(f"{edit}/rounds/{round_path}").data.decode(),
        "round form (preview)": client.post(
            f"{edit}/rounds/new",
            data={"winner": EVIL_NAMES[0], "end": "out", "hand_1": "5H", "preview": "1"},
        ).data.decode(),
        "versions": client.get(f"{edit}/versions").data.decode(),
        "referee": client.get(f"/referee/?session={token}").data.decode(),
        "pdf html": printed["html"],
    }
    return pages


def test_player_names_are_never_markup_on_any_page(client, monkeypatch):
    pages = _pages_of_a_session(client, monkeypatch)
    for name, html in pages.items():
        for evil in EVIL_NAMES:
            assert evil not in html, f"{name} shows {evil!r} as markup"
    # and the names are there, escaped, where players are listed
    assert "&lt;img src=x onerror=alert(1)&gt;" in pages["round form (new)"]


def test_new_session_form_shows_typed_names_escaped(client):
    response = client.post("/new/rummy", data={"players": EVIL_NAMES[0], "dealer": EVIL_NAMES[1]})
    html = response.data.decode()
    for evil in EVIL_NAMES:
        assert evil not in html
