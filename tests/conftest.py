"""Fixtures every test folder shares. The web tests' own fixtures are in tests/web/conftest.py,
their shared steps in tests/web/sessions.py."""

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
