"""The live view scales: the revision poll and the read-only page answer 304 while nothing
changed, and the QR picture is cached by the phone."""

from tests.web.sessions import start_game, view_link


def save_a_round(client, game):
    return client.post(
        f"{game}/rounds/new", data={"winner": "Ana", "end": "out", "hand_1": "KS", "save": "1"}
    )


def test_the_revision_poll_answers_304_until_a_change(client):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    view = view_link(client, game)
    first = client.get(f"{view}/revision")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and first.json == {"revision": 0}
    assert "no-cache" in first.headers["Cache-Control"]
    unchanged = client.get(f"{view}/revision", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.data == b""
    save_a_round(client, game)
    changed = client.get(f"{view}/revision", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.json == {"revision": 1}
    assert changed.headers["ETag"] != etag


def test_an_unknown_link_polls_404(client):
    assert client.get("/s/not-a-session/revision").status_code == 404


def test_the_read_only_page_answers_304_until_a_change(client, app):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    view = view_link(client, game)
    viewer = app.test_client()
    first = viewer.get(view)
    etag = first.headers["ETag"]
    assert viewer.get(view, headers={"If-None-Match": etag}).status_code == 304
    save_a_round(client, game)
    fresh = viewer.get(view, headers={"If-None-Match": etag})
    page = fresh.data.decode()
    assert fresh.status_code == 200 and "Enter round" not in page
    # Ana went out and Ben held K (10): the new total, not a cached old page
    assert '<th class="total leader">10</th>' in page


# The second worker: its own process and app on the same database, which must serve the
# page without rendering it.
OTHER_WORKER = """
import sys
from scorekeeper import create_app
from scorekeeper.web.views import sessions

def rendered_again(*args, **kwargs):
    raise AssertionError("the page was rendered a second time")

app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": sys.argv[2], "SERVER_NAME": "table.test"})
sessions._render_page = rendered_again
print("ready", flush=True)
sys.stdin.readline()  # the first worker has rendered the page
answer = app.test_client().get(sys.argv[3])
sys.stdout.buffer.write(answer.data if answer.status_code == 200 else b"status %d" % answer.status_code)
"""


def test_one_worker_renders_the_read_only_page_for_all(client, app):
    """`scorekeeper serve` runs several worker processes, each with its own app on the one
    database: the page one of them rendered for a revision is what the others serve."""
    import subprocess
    import sys

    game = start_game(client, "rummy", ["Ana", "Ben"])
    save_a_round(client, game)
    view = view_link(client, game)
    other = subprocess.Popen(
        [
            sys.executable,
            "-c",
            OTHER_WORKER,
            app.config["DATABASE"],
            app.config["SECRET_KEY"],
            view,
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert other.stdout.readline() == b"ready\n"
    first = app.test_client().get(view)
    served = other.communicate(b"go\n", timeout=60)[0]
    assert first.status_code == 200 and served == first.data


def test_the_edit_page_is_never_served_from_cache(client):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    assert "ETag" not in client.get(game).headers


def test_the_qr_picture_is_cacheable(client):
    game = start_game(client, "rummy", ["Ana", "Ben"])
    first = client.get(f"{game}/qr/view.svg")
    assert "max-age" in first.headers["Cache-Control"]
    assert "private" in first.headers["Cache-Control"]
    again = client.get(f"{game}/qr/view.svg", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_live_js_polls_every_five_seconds_with_revalidation():
    from pathlib import Path

    script = (Path(__file__).resolve().parents[2] / "static" / "live.js").read_text()
    assert 'cache: "no-cache"' in script and "5000" in script
