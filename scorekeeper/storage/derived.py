"""The engine's answer stored per round: worked out one round at a time from the state
before it, so the cost of a save does not grow with the length of the evening.

The facts a table entered stay the only record; scores and states are a cache the
engine produced. Each state is stamped with the engine's source, so a new engine
(different scores or explanations) makes every session rebuild once from its facts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scorekeeper.rules import progress
from scorekeeper.rules.catalog import goal_of
from scorekeeper.rules.variant import leaders

from . import round_store, session_store
from .one_at_a_time import only_one

# what is stored, and how (bumped when the stored columns change: every session rebuilds)
LAYOUT = b"kept rounds 2: number"
ENGINE = hashlib.sha256(
    b"".join(path.read_bytes() for path in sorted(Path(progress.__file__).parent.glob("*.py")))
    + LAYOUT
).hexdigest()[:16]


def score_on(
    session: session_store.Session,
    before: dict[str, Any] | None,
    rounds: list[round_store.StoredRound],
) -> round_store.Derived:
    """Each round scored after the one before it, starting from ``before``; raises the
    engine's RulesError for the first round it refuses."""
    return scored_on(session, before, rounds)[0]


def scored_on(
    session: session_store.Session,
    before: dict[str, Any] | None,
    rounds: list[round_store.StoredRound],
) -> tuple[round_store.Derived, dict[str, Any] | None]:
    """As :func:`score_on`, and the standing after the last round from the same play
    (None: no rounds)."""
    request = session.engine_request([])
    derived: round_store.Derived = []
    state, standing = before, None
    for stored in rounds:
        score, state, standing = progress.advance(request, state, stored.facts)
        state["engine"] = ENGINE
        derived.append((stored.id, score, state))
    return derived, standing


def played(request: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[Any, dict[str, Any]]]]:
    """The engine's whole answer for a ``game`` request and each round's score and the
    state after it, stamped as they are stored (:func:`progress.played`), so a long game
    imported is stored with its scores and its first view replays nothing.

    Raises the engine's RulesError, worded and placed as ``game`` words and places it."""
    answer, round_scores = progress.played(request)
    for _score, state in round_scores:
        state["engine"] = ENGINE
    return answer, round_scores


def final_state(
    before: dict[str, Any] | None, derived: round_store.Derived
) -> dict[str, Any] | None:
    return derived[-1][2] if derived else before


def summary(
    variant_id: str, options: Mapping[str, Any] | None, answer: Mapping[str, Any], played: bool
) -> dict[str, Any]:
    """What the lists say about a game, stored with the session: who leads once a round is
    played, whether the game is over and who won (``answer`` is the game's, or its standing);
    with a standing, also who sits for the next round and deals it (a round form then needs
    no play of the game to know)."""
    listed = {
        "leaders": leaders(answer["totals"], goal_of(variant_id, options)) if played else [],
        "finished": bool(answer["finished"]),
        "winners": answer["winners"] if answer["finished"] else [],
    }
    if "seated" in answer:
        listed["seated"] = answer["seated"]
        listed["next_dealer"] = answer["next_dealer"]
    return listed


def summary_of(
    session: session_store.Session,
    state: dict[str, Any] | None,
    standing: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The summary of a stored session after the rounds that led to ``state`` (every save);
    ``standing`` is the state's, when the caller has it from the play that made the state."""
    if standing is None:
        standing = progress.standing(session.engine_request([]), state)
    return summary(session.variant, session.options, standing, bool(state and state["played"]))


def summary_of_import(checked: Mapping[str, Any]) -> dict[str, Any]:
    """The summary of a session file checked for import (:func:`exchange.loads`)."""
    session, result = checked["session"], checked["result"]
    return summary(session["variant"], session["options"], result, bool(result["rounds"]))


def rebuild(session: session_store.Session) -> None:
    """Score every live round again from the facts and keep it (old rounds, a new engine).

    Raises the engine's RulesError when a stored round no longer scores; nothing is stored then.
    """
    rounds = round_store.live_rounds_from(session.id, 0)
    derived = score_on(session, None, rounds)
    state = final_state(None, derived)
    round_store.keep_derived(session, derived, summary_of(session, state), len(rounds))


# How long a request waits while another rebuilds the same game before it is answered
# "busy, try again" (a very long game takes longer than a request should wait to rebuild).
REBUILD_WAIT = 3.0
REBUILD_LOCKS = 64  # games share these locks by id: a bounded number of lock files


def ensure(session: session_store.Session) -> bool:
    """Have the session's stored scores there and from this engine: rebuilt once, by one
    request, while the others asking for the same game wait (see ``REBUILD_WAIT``).
    True when they were not there at first (the session's row was written meanwhile)."""
    if round_store.derived_ready(session.id, ENGINE):
        return False
    with only_one(f"rebuild-{session.id % REBUILD_LOCKS}", REBUILD_WAIT):
        if not round_store.derived_ready(session.id, ENGINE):  # done while this one waited
            rebuild(session_store.get_session(session.id))
    return True
