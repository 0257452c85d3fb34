"""Steps the web tests share: start a session through its form, find its read-only link."""

import re

from scorekeeper.rules.catalog import VARIANTS


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
