"""The W3C Nu HTML checker (the vnu-jar npm package pinned in package.json, run with Debian's
Java; scripts/setup --with-browser installs both) over every page a table sees, as the
server sends it and as the phone's DOM holds it once the page's script has run, and over
every variant's new-game form and rules page: no error."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from scorekeeper.rules.records import VARIANTS
from tests.browser.table_pages import PHONES, every_page

pytestmark = pytest.mark.browser

VNU = (
    Path(__file__).resolve().parents[2] / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
)


@pytest.fixture
def nu_checker():
    java = shutil.which("java")
    if not VNU.exists() or not java:
        missing = f"the Nu checker at {VNU}" if java else "java"
        if os.environ.get("CI"):
            pytest.fail(f"{missing} is missing: scripts/setup --with-browser installs it")
        pytest.skip(f"{missing} is not installed (scripts/setup --with-browser installs it)")
    return [java, "-jar", str(VNU), "--format", "json", "--exit-zero-always"]


def nu_errors(command, files):
    checked = subprocess.run(
        [*command, *map(str, files)], capture_output=True, text=True, timeout=600, check=True
    )
    messages = json.loads(checked.stderr or checked.stdout)["messages"]
    return [
        {
            "page": Path(m["url"]).stem,
            "line": m.get("lastLine"),
            "message": m["message"],
            "extract": m.get("extract", ""),
        }
        for m in messages
        if m["type"] == "error" or m.get("subType") == "fatal"
    ]


def test_every_page_passes_the_nu_checker(live_server, browser, nu_checker, tmp_path, artifacts):
    context = browser.new_context(viewport=PHONES["390x844"], is_mobile=True, has_touch=True)
    page = context.new_page()
    edit_url, pages = every_page(page, live_server)

    def ask_the_referee(page):
        page.fill("#melds", "QH KH AH")
        page.get_by_role("button", name="Ask the referee").tap()
        page.locator("#verdict").wait_for()

    # the referee's answer, and German pages last (?lang= keeps German in a cookie)
    pages += [
        ("referee-verdict", f"{live_server}/referee/", ask_the_referee),
        ("session-de", f"{edit_url}?lang=de", None),
        ("rules-rami-de", f"{live_server}/rules/rami?lang=de", None),
        ("stats-de", f"{live_server}/stats?lang=de", None),
    ]
    files = []
    for name, url, action in pages:
        sent = page.request.get(url)
        assert sent.ok, (name, sent.status)
        (tmp_path / f"{name}.html").write_text(sent.text())
        files.append(tmp_path / f"{name}.html")
        page.goto(url)
        if action:
            action(page)
        (tmp_path / f"{name}-dom.html").write_text(page.content())
        files.append(tmp_path / f"{name}-dom.html")
    # every variant's new-game form and rules page, as sent
    for variant in VARIANTS:
        for kind, url in (
            ("new", f"{live_server}/new/{variant}"),
            ("rules", f"{live_server}/rules/{variant}"),
        ):
            sent = page.request.get(url)
            assert sent.ok, (url, sent.status)
            (tmp_path / f"{kind}-{variant}.html").write_text(sent.text())
            files.append(tmp_path / f"{kind}-{variant}.html")
    context.close()
    errors = nu_errors(nu_checker, files)
    (artifacts / "nu-checker.json").write_text(json.dumps(errors, indent=1, ensure_ascii=False))
    assert errors == [], json.dumps(errors, indent=1, ensure_ascii=False)
