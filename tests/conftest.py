"""Fixtures every test folder shares. The web tests' own fixtures are in tests/web/conftest.py,
their shared steps in tests/web/sessions.py."""

from collections import Counter
from dataclasses import replace

import pytest

from scorekeeper.rules import catalog, records


@pytest.fixture
def patched(monkeypatch):
    """Replace one variant's record for a test (``patched("rami", unopened_surcharge=50)``);
    resolve's cache forgets the old one, before and after."""

    def patch(variant_id, **changes):
        catalog._resolve_frozen.cache_clear()
        record = replace(records.VARIANTS[variant_id], **changes)
        monkeypatch.setitem(records.VARIANTS, variant_id, record)

    yield patch
    catalog._resolve_frozen.cache_clear()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    # pytest-xdist (scripts/test) runs one test of each node id: two tests with the same id
    # would leave one silently unrun
    twice = [
        nodeid for nodeid, count in Counter(item.nodeid for item in items).items() if count > 1
    ]
    if twice:
        raise pytest.UsageError(f"tests that share a node id: {twice}")
