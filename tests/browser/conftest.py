"""Real headless Chromium (Debian's package) driven by Playwright, against the app on 127.0.0.1."""

import os
import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from scorekeeper import create_app
from tests.browser.table_pages import PHONES

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Chromium's own background traffic is refused on this closed network: switch it off
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Chromium draws its address bar's popup as a page of its own (chrome://omnibox-popup.top-chrome)
# in a renderer of its own for every window, each context's included, though a headless
# test never opens it: it was a quarter of Chromium's work in these tests. Switched off.
OMNIBOX_POPUP = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]


def features_playwright_disables(playwright) -> list[str]:
    """The features Playwright switches off, read from a Chromium it started: Chromium heeds
    only the last --disable-features, so a list of the tests' own must repeat them."""
    from tests.web.serving import command_line, descendants

    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        for pid in descendants(os.getpid()):
            words = command_line(pid).split()
            if "--remote-debugging-pipe" in words:  # the browser's own process
                for word in words:
                    if word.startswith("--disable-features="):
                        return word.removeprefix("--disable-features=").split(",")
    finally:
        browser.close()
    return []


@pytest.fixture
def live_server(tmp_path):
    app = create_app(
        {
            "DATABASE": str(tmp_path / "browser.sqlite"),
            "SECRET_KEY": "browser-test-secret-key-of-32-characters",
        }
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    # shutdown() waits for the loop's next look at its flag: every test stops a server
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def chromium():
    """One Chromium for the whole run (per xdist worker): starting it costs seconds, and each
    test gets its own contexts (cookies, storage, service workers) from ``browser``."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(
                f"Chromium is missing at {CHROMIUM}: scripts/setup --with-browser installs it"
            )
        pytest.skip("Chromium is not installed (scripts/setup --with-browser installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        disabled = [*features_playwright_disables(playwright), *OMNIBOX_POPUP]
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[*CHROMIUM_ARGS, f"--disable-features={','.join(disabled)}"],
        )
        yield browser
        browser.close()


@pytest.fixture
def browser(chromium):
    """The shared Chromium, left as the test found it: every context the test opened and
    did not close is closed after it, so no page, cookie or service worker reaches the next."""
    assert chromium.contexts == [], "a context outlived its test"
    yield chromium
    for context in chromium.contexts:
        context.close()


@pytest.fixture
def artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(params=list(PHONES))
def phone(request, browser):
    """A page on each of the phones, touch and all; ``page.size`` names the phone."""
    context = browser.new_context(
        viewport=PHONES[request.param], device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.size = request.param
    yield page
    context.close()
