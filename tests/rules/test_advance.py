"""A round played on from a kept state answers its standing from the same play (issue 20:
a save scores its round once): the same standing as asking for it from the state after."""

from hypothesis import HealthCheck, given, settings

from scorekeeper.rules import progress
from tests.web.evening_games import games


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_the_standing_after_a_round_is_the_standing_of_the_state_after_it(request):
    bare = {key: value for key, value in request.items() if key != "rounds"}
    state = None
    for facts in request["rounds"]:
        expected_score, expected_state = progress.step(bare, state, facts)
        score, state, standing = progress.advance(bare, state, facts)
        assert (score, state) == (expected_score, expected_state)
        assert standing == progress.standing(bare, state)
