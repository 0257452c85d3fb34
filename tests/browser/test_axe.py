"""axe-core (the npm package pinned in package.json, installed by scripts/setup
--with-browser) injected into every page a table sees, at 360x640 and 390x844, in
light and dark mode: no serious or critical violation."""

import json
import os
from pathlib import Path

import pytest

from tests.browser.table_pages import PHONES, every_page

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def axe():
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail(f"axe-core is missing at {AXE}: scripts/setup --with-browser installs it")
        pytest.skip("axe-core is not installed (scripts/setup --with-browser installs it)")
    return AXE


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(PHONES))
def test_no_serious_or_critical_violation_on_any_page(
    live_server, browser, axe, artifacts, size, scheme
):
    # the app's CSP forbids inline scripts, as it should: only the test's axe is let in
    context = browser.new_context(
        viewport=PHONES[size], is_mobile=True, has_touch=True, color_scheme=scheme, bypass_csp=True
    )
    page = context.new_page()
    _, pages = every_page(page, live_server)
    found = {}
    for name, url, action in pages:
        page.goto(url)
        if action:
            action(page)
        page.add_script_tag(path=str(axe))
        results = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        bad = [
            {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]]}
            for v in results["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        if bad:
            found[name] = bad
    context.close()
    (artifacts / f"axe-{size}-{scheme}.json").write_text(json.dumps(found, indent=1))
    assert not found, json.dumps(found, indent=1)
