"""Fixtures every test folder shares. The web tests' own fixtures are in tests/web/conftest.py,
their shared steps in tests/web/sessions.py."""

from dataclasses import replace

import pytest

from scorekeeper.rules import catalog


@pytest.fixture
def patched(monkeypatch):
    """Replace one variant's record for a test (``patched("rami", unopened_surcharge=50)``);
    resolve's cache forgets the old one, before and after."""

    def patch(variant_id, **changes):
        catalog._resolve_frozen.cache_clear()
        record = replace(catalog.VARIANTS[variant_id], **changes)
        monkeypatch.setitem(catalog.VARIANTS, variant_id, record)

    yield patch
    catalog._resolve_frozen.cache_clear()
