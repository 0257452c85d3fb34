"""The reference for `bench_cycle.py`: the least a table app can do, on the same server.

A bare Flask + sqlite-utils app with the URLs Scorekeeper's table cycle uses: a round form
(a small page with the hidden fields the phones send back), a save (one row inserted in a
WAL SQLite file with synchronous=FULL, then a redirect), a game page (the last rows; the
read-only one kept per revision with an ETag), a revision poll and a QR picture. Served by
gunicorn with `scorekeeper serve`'s settings: its worker class, workers, threads,
connections and keep-alive.

Run: .venv/bin/python benchmarks/bare_app.py PORT DATABASE
"""

from __future__ import annotations

import secrets
import sqlite3
import sys
import threading
from pathlib import Path

from flask import Flask, Response, abort, jsonify, redirect, request
from gunicorn.app.base import BaseApplication
from markupsafe import escape
from sqlite_utils import Database

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.serving.gunicorn_worker import worker_class
from scorekeeper.serving.server import CONNECTIONS, IDLE_SECONDS, STALLED_SECONDS, THREADS, WORKERS
from scorekeeper.web.requests import MAX_CONTENT_LENGTH

PAGE = """<!doctype html><html><head><title>Game</title></head>
<body data-revision="{revision}"><h1>Game</h1><a href="/s/{view}" class="link">share</a>
<img src="/s/{view}/qr/view.svg" alt="QR"><table>{rows}</table></body></html>"""
FORM = """<!doctype html><html><body><form method="post">
<input id="csrf_token" name="csrf_token" type="hidden" value="{csrf}">
<input id="revision" name="revision" type="hidden" value="{revision}">
<input id="submission" name="submission" type="hidden" value="{submission}">
<input name="winner"><input name="end"><input name="hand_1"><button name="save">Save</button>
</form></body></html>"""
QR = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'


def create_app(path: str) -> Flask:
    app = Flask(__name__)
    local = threading.local()
    kept: dict[tuple[str, int], str] = {}  # the read-only page per revision, as Scorekeeper

    def db() -> Database:
        if not hasattr(local, "db"):
            conn = sqlite3.connect(path, timeout=30, isolation_level=None)
            conn.execute("pragma journal_mode=wal")
            conn.execute("pragma synchronous=full")
            local.db = Database(conn)
        return local.db

    with sqlite3.connect(path) as conn:
        conn.execute("pragma journal_mode=wal")
        conn.executescript(
            "create table if not exists games (id integer primary key, edit text unique, "
            "view text unique, revision integer not null default 0);"
            "create table if not exists rounds (id integer primary key, game integer, "
            "submission text unique, winner text, hand text)"
        )

    def game_of(token: str) -> tuple[dict, bool]:
        for row in db().query("select * from games where edit = ? or view = ?", [token, token]):
            return row, row["edit"] == token
        abort(404)

    def draw(game: dict) -> str:
        rows = db().query(
            "select winner, hand from rounds where game = ? order by id desc limit 12",
            [game["id"]],
        )
        return PAGE.format(
            revision=game["revision"],
            view=game["view"],
            rows="".join(
                f"<tr><td>{escape(r['winner'])}</td><td>{escape(r['hand'])}</td></tr>" for r in rows
            ),
        )

    @app.route("/new/rummy", methods=["GET", "POST"])
    def new():
        if request.method == "GET":
            return FORM.format(csrf="-", revision=0, submission="-")
        edit, view = secrets.token_urlsafe(12), secrets.token_urlsafe(12)
        db()["games"].insert({"edit": edit, "view": view})
        return redirect(f"/s/{edit}")

    @app.get("/s/<token>")
    def page(token: str):
        game, can_edit = game_of(token)
        if can_edit:
            return draw(game)
        etag = f"r{game['revision']}"
        if request.if_none_match.contains(etag):
            response = Response(status=304)
        else:
            key = (token, game["revision"])
            if key not in kept:
                kept[key] = draw(game)
            response = Response(kept[key], mimetype="text/html")
        response.set_etag(etag)
        response.headers["Cache-Control"] = "private, no-cache"
        return response

    @app.route("/s/<token>/rounds/new", methods=["GET", "POST"])
    def round_form(token: str):
        game, can_edit = game_of(token)
        if not can_edit:
            abort(403)
        if request.method == "GET":
            return FORM.format(
                csrf="-", revision=game["revision"], submission=secrets.token_urlsafe(16)
            )
        conn = db().conn
        with conn:
            conn.execute("begin immediate")
            conn.execute(
                "insert into rounds (game, submission, winner, hand) values (?, ?, ?, ?)",
                [
                    game["id"],
                    request.form["submission"],
                    request.form["winner"],
                    request.form["hand_1"],
                ],
            )
            conn.execute("update games set revision = revision + 1 where id = ?", [game["id"]])
        return redirect(f"/s/{token}")

    @app.get("/s/<token>/revision")
    def revision(token: str):
        game, _ = game_of(token)
        etag = f"r{game['revision']}"
        if request.if_none_match.contains(etag):
            response = Response(status=304)
        else:
            response = jsonify(revision=game["revision"])
        response.set_etag(etag)
        return response

    @app.get("/s/<token>/qr/view.svg")
    def qr(token: str):
        game_of(token)
        if request.if_none_match.contains("qr"):
            response = Response(status=304)
        else:
            response = Response(QR, mimetype="image/svg+xml")
        response.set_etag("qr")
        return response

    return app


class _Gunicorn(BaseApplication):
    def __init__(self, settings: dict, path: str) -> None:
        self.settings, self.path = settings, path
        super().__init__()

    def load_config(self) -> None:
        for name, value in self.settings.items():
            self.cfg.set(name, value)

    def load(self):
        return create_app(self.path)


def main() -> None:
    port, path = int(sys.argv[1]), sys.argv[2]
    create_app(path)  # the tables made once, before the workers start
    _Gunicorn(
        {
            "bind": f"127.0.0.1:{port}",
            "workers": WORKERS,
            "worker_class": worker_class(STALLED_SECONDS, MAX_CONTENT_LENGTH),
            "threads": THREADS,
            "worker_connections": CONNECTIONS,
            "keepalive": IDLE_SECONDS,
            "graceful_timeout": 5,
            "loglevel": "warning",
            "accesslog": "-",  # Scorekeeper logs every request too
        },
        path,
    ).run()


if __name__ == "__main__":
    main()
