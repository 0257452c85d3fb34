"""Every round any rules test scores is held to the explain lines' promise.

The engine's ``score_round`` (used by ``score`` and ``game``) is wrapped for the whole
session, so no variant or option a hand-worked table scores can be missed; the
variants and options seen are kept for ``test_explain``'s coverage check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.rules import games, scoring

from .explain_check import check_explain

SEEN: set[tuple[str, tuple[str, ...]]] = set()  # (variant, options switched on) scored


def _checked(score_round):
    def score_round_checked(round_):
        answer = score_round(round_)
        check_explain(round_.players, answer)
        options = tuple(sorted(k for k, v in round_.rules.options.items() if v))
        SEEN.add((round_.rules.variant.id, options))
        return answer

    return score_round_checked


@pytest.fixture(autouse=True, scope="session")
def _explain_checked_everywhere():
    original = scoring.score_round
    checked = _checked(original)
    scoring.score_round = checked
    games.score_round = checked
    yield
    scoring.score_round = original
    games.score_round = original


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    # the coverage check reads what the other rules tests scored, so it runs after them, and
    # in the same process: under xdist (scripts/test, --dist loadgroup) the rules tests are
    # one group, run by one worker in this order. First among the hooks: xdist's worker names
    # each test's group from its marks in this same hook, and ran before this one (the rules
    # tests went to both workers and the check skipped now and then)
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.xdist_group("rules"))
    last = [item for item in items if item.name == "test_every_variant_was_scored_and_explained"]
    for item in last:
        items.remove(item)
        items.append(item)
