"""The game page byte for byte from two checkouts: a change that makes its rendering cheaper
must leave every byte of what a phone is sent as it was.

Run: .venv/bin/python benchmarks/same_page_bytes.py --against CHECKOUT
     .venv/bin/python benchmarks/same_page_bytes.py --write DIR

``--write`` plays a corpus of games on a fresh database through the app's test client (CSRF
on, as in production) with the ``scorekeeper`` on PYTHONPATH, and writes each answer to DIR:
the game page (editor's and read-only link, each in English, German, French and Vietnamese;
the last rounds, ``?all=1`` pages), the live parts a change sends the phones watching
(``views/live.py``), and a save's answer carrying the page (``PAGE_IN_ANSWER``). The corpus:
every variant at 0, 1 and 13 rounds (or until its game is over), 60 rounds, players who
join, leave and are renamed, corrections, deletes and undo, a stored round the engine refuses,
stakes and their settlement, a stake no save could store, names that HTML must escape.
Tokens, CSRF values and the submission keys are masked: they differ on every run.

``--against CHECKOUT`` writes the corpus from CHECKOUT (``PYTHONPATH=CHECKOUT``) and from this
checkout, each in its own process, compares them byte for byte, shows where the first
differences are, and exits 1 on any. Run on one core: two processes in turn, each a few seconds.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "de", "fr", "vi")

FIVE_RUNS = "3S 4S 5S\n3H 4H 5H\n3D 4D 5D\n3C 4C 5C\n8S 9S 10S"
# a round of each variant for players Ana and Ben, as the round form sends it
# (tests/web/test_every_variant.py scores each by hand)
ROUNDS = {
    "rummy": {"winner": "Ana", "end": "out", "hand_1": "KS 7D"},
    "around-the-corner": {"winner": "Ana", "end": "out", "hand_1": "AS 2D"},
    "rummy-complete": {"winner": "Ana", "end": "out", "hand_1": "3H 4H 5H"},
    "block-rummy": {"winner": "", "end": "stock", "hand_0": "5C", "hand_1": "9D"},
    "boat-house": {"winner": "Ana", "end": "out", "hand_1": "7S 8S 9S KD"},
    "kaluki": {"winner": "Ana", "end": "out", "hand_1": "JK AS"},
    "double-rum": {"winner": "Ana", "end": "out", "hand_1": "7S 7S 7H"},
    "knock-rummy": {
        "winner": "Ana",
        "end": "knock",
        "hand_0": "AS 2S 3S KH 10S JS QS 9C 10C JC",
        "hand_1": "9S 9H 9D 7C 8D AD 2D 3D 4D 5D",
    },
    "continental": {"winner": "Ana", "end": "out", "melds_0": FIVE_RUNS},
    "queen-city": {"winner": "Ana", "end": "out", "melds_0": "5D 6D 7D\n9S 9H 9C 9D"},
    "phom": {"winner": "Ana", "end": "rummy", "melds_0": "AS 2S 3S\n7H 7D 7C\n9C 10C JC"},
    "german-rummy": {"winner": "Ana", "end": "out", "hand_1": "JK AS 5D"},
    "nowrang": {"winner": "Ben", "end": "out"},
    "rami": {"winner": "Ana", "end": "out", "hand_1": "4C 5C", "opened_1": "y"},
    "carousel": {"winner": "Ana", "end": "knock", "hand_0": "AS 2D", "hand_1": "KS"},
    "gin": {
        "winner": "Ana",
        "end": "knock",
        "hand_0": "5H 6H 7H JS JD JC KC KD KS 3D",
        "hand_1": "4H 8H JH 2C 2D 2S QS 9D 7D AC",
    },
}
# names a page must escape, in scripts of the four languages, and one the chart shortens
AWKWARD = ('<b>Ana</b> & "Co"', "Bến 'Ø' ♠", "Cécile-Éléonore Großmann")
PAGE_IN_ANSWER = {"X-Scorekeeper-Answer": "page"}


class Table:
    """One client playing the corpus: it starts games, saves rounds and fetches pages."""

    def __init__(self, work: Path) -> None:
        from scorekeeper import create_app

        self.app = create_app(
            {
                "DATABASE": str(work / "golden.sqlite"),
                "SECRET_KEY": "a-golden-secret-key-of-more-than-32-characters",
                "RATELIMIT_ENABLED": False,
                "SERVER_NAME": "table.test",
            }
        )
        self.client = self.app.test_client()
        self.database = work / "golden.sqlite"
        self.masks: dict[str, str] = {}
        self.csrf = ""
        self.pages: dict[str, str] = {}

    def _post(self, path: str, data: dict, headers: dict | None = None):
        return self.client.post(path, data={**data, "csrf_token": self.csrf}, headers=headers)

    def start(self, name: str, variant: str, players: list[str], **options: str) -> str:
        """A game through the new game form; its edit link's path."""
        from scorekeeper.rules.records import VARIANTS

        form = self.client.get(f"/new/{variant}").get_data(as_text=True)
        self.csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]*)"', form).group(1)
        data = {"players": "\n".join(players), "dealer": ""}
        for option, spec in VARIANTS[variant].options.items():
            value = options.get(option, spec.default)
            if value is None or value is False:
                continue
            data[f"option_{option}"] = "y" if value is True else value
        answer = self._post(f"/new/{variant}", data)
        assert answer.status_code == 302, answer.get_data(as_text=True)[:2000]
        edit = answer.headers["Location"].replace("http://table.test", "")
        page = self.client.get(edit).get_data(as_text=True)  # the new game's message, read
        view = re.search(r'href="(/s/[^"]+)" class="link"', page).group(1)
        self.masks[edit.rsplit("/", 1)[1]] = f"EDIT-{name}"
        self.masks[view.rsplit("/", 1)[1]] = f"VIEW-{name}"
        return edit

    def save(self, edit: str, data: dict, round_id: int | None = None, headers=None):
        """A round through its form, as the phone sends it (its revision and one-time key)."""
        path = f"{edit}/rounds/{round_id if round_id else 'new'}"
        form = self.client.get(path).get_data(as_text=True)
        kept = {
            name: value
            for name in ("revision", "submission")
            if (value := _hidden(form, name)) is not None
        }
        return self._post(path, {**kept, **data, "save": "1"}, headers)

    def rounds(self, edit: str, data: dict, count: int) -> int:
        """Up to ``count`` rounds saved; how many were (a game over refuses the rest)."""
        for saved in range(count):
            if self.save(edit, data).status_code != 302:
                return saved
        return count

    def seating(self, edit: str, action: str, **fields: str) -> None:
        form = self.client.get(f"{edit}/players/").get_data(as_text=True)
        key = _hidden(form, f"{action}-submission")
        data = {"action": action, f"{action}-submission": key}
        data |= {f"{action}-{name}": value for name, value in fields.items()}
        answer = self._post(f"{edit}/players/", data)
        assert answer.status_code == 302, answer.get_data(as_text=True)[:3000]

    def round_ids(self, edit: str) -> list[int]:
        page = self.client.get(f"{edit}?all=1").get_data(as_text=True)
        return [int(n) for n in re.findall(r'class="edit-round" href="[^"]*/rounds/(\d+)"', page)]

    def keep(self, name: str, text: str) -> None:
        for secret, mask in self.masks.items():
            text = text.replace(secret, mask)
        text = re.sub(r'(name="csrf_token" type="hidden" value=")[^"]*"', r'\1CSRF"', text)
        text = re.sub(r'(name="[a-z]*-?submission" type="hidden" value=")[^"]*"', r'\1KEY"', text)
        assert name not in self.pages, name
        self.pages[name] = text

    def page(self, name: str, path: str, lang: str = "en", script_root: str = "") -> None:
        answer = self.client.get(
            path, headers={"Accept-Language": lang}, environ_overrides={"SCRIPT_NAME": script_root}
        )
        self.keep(name, f"{answer.status_code}\n{answer.get_data(as_text=True)}")

    def every_page(self, name: str, edit: str, query: str = "", langs=LANGUAGES) -> None:
        """The page by either link in each language, and its live parts for either role;
        the read-only page asked first in every other language (the cached page is rendered
        for whichever role asks first)."""
        view = next(s for s, m in self.masks.items() if m == f"VIEW-{name}")
        view_path = f"/s/{view}"
        for index, lang in enumerate(langs):
            asks = [("edit", edit), ("view", view_path)]
            for role, path in asks if index % 2 == 0 else reversed(asks):
                self.page(f"{name}{query or ''}.{lang}.{role}.html", path + query, lang)
            self.live_parts(f"{name}{query}.{lang}", edit, query, lang)

    def live_parts(self, name: str, edit: str, query: str, lang: str) -> None:
        from scorekeeper.storage import session_store
        from scorekeeper.web.views.rounds import game_over_parts
        from scorekeeper.web.views.sessions import live_parts, page_of_every_round

        with self.app.test_request_context(edit + query, headers={"Accept-Language": lang}):
            session = session_store.find_session(edit.rsplit("/", 1)[1])[0]
            everything = page_of_every_round(session)
            for role, can_edit in (("edit", True), ("view", False)):
                self.keep(f"{name}.{role}.live.html", live_parts(session, can_edit, everything))
            self.keep(f"{name}.form.live.html", game_over_parts(session))

    def change(self, path: str, data: dict) -> None:
        """A change the page's buttons make (a delete, an undo, the evening's details)."""
        answer = self._post(path, data)
        assert answer.status_code == 302, answer.get_data(as_text=True)[:3000]

    def database_write(self, sql: str, *parameters) -> None:
        with sqlite3.connect(self.database) as connection:
            connection.execute(sql, parameters)


def _hidden(page: str, name: str) -> str | None:
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page)
    return found.group(1) if found else None


def play(table: Table) -> None:
    """The corpus, in one order: the cached pages each phone is answered from depend on it."""
    for variant, data in ROUNDS.items():
        for count in (0, 1, 13):
            name = f"{variant}-{count}"
            edit = table.start(name, variant, ["Ana", "Ben"])
            table.rounds(edit, data, count)
            table.every_page(name, edit)

    # a long evening: the last rounds and every round a page at a time
    rummy = ROUNDS["rummy"]
    edit = table.start("long", "rummy", ["Ana", "Ben", "Cem"], target="100000")
    for number in range(60):
        winner = ("Ana", "Ben", "Cem")[number % 3]
        hands = {"hand_1": "KS 7D", "hand_2": "3C"} if winner == "Ana" else {"hand_0": "2H"}
        table.save(edit, {"winner": winner, "end": "out", **hands})
    table.every_page("long", edit)
    for query in ("?all=1", "?all=1&page=2", "?all=1&page=9", "?all=1&page=x"):
        table.every_page("long", edit, query, langs=("en", "vi"))
    # served under a path (a proxy's prefix): every link on the page starts with it
    table.page("long.under-a-path.html", edit, "fr", script_root="/club")
    table.page("long?all=1&page=2.under-a-path.html", edit + "?all=1&page=2", script_root="/club")

    # names to escape, a finished game, and the save that ends it answered with the page
    edit = table.start("awkward", "rummy", list(AWKWARD))
    awkward = {"winner": AWKWARD[0], "end": "out", "hand_1": "KS 7D", "hand_2": "QH"}
    table.rounds(edit, awkward, 3)
    answer = table.save(edit, awkward, headers=PAGE_IN_ANSWER)
    table.keep("awkward.answer.html", f"{answer.status_code}\n{answer.get_data(as_text=True)}")
    table.rounds(edit, awkward, 13)
    table.every_page("awkward", edit)

    # a save answered with the page, in German, then the page with its message after a redirect
    edit = table.start("answered", "kaluki", ["Ana", "Ben", "Cem"])
    answer = table.save(edit, ROUNDS["kaluki"], headers={**PAGE_IN_ANSWER, "Accept-Language": "de"})
    table.keep("answered.de.html", f"{answer.status_code}\n{answer.get_data(as_text=True)}")
    table.save(edit, ROUNDS["kaluki"])
    table.page("answered.flash.fr.html", edit, "fr")
    table.every_page("answered", edit)

    # seating: a leave, a join after a round, a rename; rounds around them
    edit = table.start("seating", "rami", ["Ana", "Ben", "Cem", "Eve"])
    rami = {"winner": "Ana", "end": "out", "hand_1": "4C 5C", "opened_1": "y", "hand_2": "9H"}
    table.rounds(edit, {**rami, "opened_2": "n", "hand_3": "KS", "opened_3": "y"}, 2)
    table.page("seating.2.html", edit, "de")  # each change's page after the last one's
    table.seating(edit, "leave", player="Eve")
    table.page("seating.leave.html", edit, "de")
    table.rounds(edit, {**rami, "opened_2": "y"}, 1)
    table.page("seating.3.html", edit, "de")
    table.seating(edit, "join", name="Dara", total="40", after="Ben")
    table.page("seating.join.html", edit, "de")
    table.seating(edit, "rename", player="Ben", to="Benedikt")
    table.page("seating.rename.html", edit, "de")
    table.rounds(edit, {**rami, "opened_2": "y", "hand_3": "QD", "opened_3": "n"}, 2)
    table.every_page("seating", edit)

    # corrections: a round corrected, one deleted, the delete undone, another deleted
    edit = table.start("corrected", "rummy", ["Ana", "Ben"], target="100000")
    table.rounds(edit, rummy, 5)
    ids = table.round_ids(edit)
    corrected = {"winner": "Ben", "end": "out", "hand_0": "QS 2D"}
    table.page("corrected.5.html", edit)
    assert table.save(edit, corrected, round_id=ids[1]).status_code == 302
    table.page("corrected.corrected.html", edit)
    table.change(f"{edit}/rounds/{ids[2]}/delete", {})
    table.page("corrected.deleted.html", edit)
    undo_form = table.client.get(edit).get_data(as_text=True)
    revision = re.search(r'name="revision" value="(\d+)"', undo_form).group(1)
    table.change(f"{edit}/undo", {"revision": revision})
    table.page("corrected.undone.html", edit)
    table.change(f"{edit}/rounds/{ids[3]}/delete", {})
    table.every_page("corrected", edit)

    # the evening's stake and who pays whom; a stake no save could store (an older version's)
    for name, stake in (("stake", "0.05"), ("unprintable", None)):
        edit = table.start(name, "rummy", ["Ana", "Ben", "Cem"], target="100000")
        table.rounds(edit, {**rummy, "hand_2": "9C"}, 4)
        table.change(
            f"{edit}/details",
            {"name": "Friday <i>club</i>", "stake": stake or "0.1", "currency": "EUR"},
        )
        if stake is None:
            table.database_write(
                "update sessions set stake = '1e40' where id = (select max(id) from sessions)"
            )
        table.every_page(name, edit)
    table.page("stake.a4.html", "/s/" + _secret(table, "VIEW-stake"), "en-GB")

    # a stored round the engine refuses (a game an older engine kept)
    edit = table.start("refused", "rummy", ["Ana", "Ben"])
    table.rounds(edit, rummy, 3)
    table.database_write(
        "update rounds set facts = ?, after = json_set(after, '$.engine', 'older') "
        "where id = (select max(id) from rounds)",
        json.dumps({"winner": "Nobody", "end": "out", "hands": {}}),
    )
    table.every_page("refused", edit)


def _secret(table: Table, mask: str) -> str:
    return next(secret for secret, masked in table.masks.items() if masked == mask)


def write(folder: Path) -> None:
    folder.mkdir(parents=True)  # a new folder: nothing of an earlier run left to compare
    with tempfile.TemporaryDirectory() as work:
        table = Table(Path(work))
        play(table)
        for name, text in table.pages.items():
            (folder / name).write_text(text, encoding="utf-8")
    import scorekeeper

    source = Path(scorekeeper.__file__).parent.parent
    print(f"{len(table.pages)} answers of {source} written to {folder}", file=sys.stderr)


def compare(reference: Path) -> int:
    with tempfile.TemporaryDirectory() as work:
        folders = {}
        for side, checkout in (("reference", reference), ("this", HERE)):
            folders[side] = Path(work) / side
            env = {**os.environ, "PYTHONPATH": str(checkout), "OMP_NUM_THREADS": "1"}
            command = [sys.executable, __file__, "--write", str(folders[side])]
            subprocess.run(command, env=env, check=True)
        theirs = {p.name: p.read_bytes() for p in folders["reference"].iterdir()}
        ours = {p.name: p.read_bytes() for p in folders["this"].iterdir()}
        differ = sorted(n for n in theirs.keys() | ours.keys() if theirs.get(n) != ours.get(n))
        for name in differ[:5]:
            diff = difflib.unified_diff(
                theirs.get(name, b"").decode().splitlines(),
                ours.get(name, b"").decode().splitlines(),
                f"reference/{name}",
                f"this/{name}",
                lineterm="",
                n=1,
            )
            print("\n".join(list(diff)[:40]))
        print(f"{len(theirs)} answers compared: {len(differ)} differ", *differ[:20])
        return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    side = parser.add_mutually_exclusive_group(required=True)
    side.add_argument("--against", type=Path, help="the checkout whose answers are the reference")
    side.add_argument("--write", type=Path, help="write this checkout's answers to this folder")
    args = parser.parse_args()
    if args.write:
        write(args.write)
    else:
        sys.exit(compare(args.against.resolve()))


if __name__ == "__main__":
    main()
