"""Our Gin scoring agrees with OpenSpiel's ``gin_rummy`` on 1,000 hands it played out.

Runs where OpenSpiel is installed (the ``dev`` extra installs it); skipped otherwise. The
hands, and the one place the two differ on purpose (a tie: OpenSpiel 0, VARIANTS.md's
undercut on equal counts 0 + 25), are described in ``tests/openspiel_gin.py``.
"""

import pytest

pytest.importorskip("pyspiel")

from tests.openspiel_gin import agree  # noqa: E402 (only where OpenSpiel is installed)

HANDS = 1000


def test_our_score_agrees_with_openspiel_on_a_thousand_knocks():
    found = agree(HANDS, seed=2026)
    assert found.wrong == []
    assert found.agreed + found.ties == HANDS
    assert found.lay_offs > 0  # the defender's lay-offs were part of the check
    assert found.undercuts > 0
