"""A game's record, built in one place for whatever prints it: the web's PDF route, the
background sheet worker and ``scorekeeper sheet``.

Printing is handed a :class:`GameRecord` and reads nothing else: a stored game's comes
from the scores stored with its rounds (:func:`game_record`), a session file's from the
answer the engine gave when the file was checked (:func:`file_record`), so neither is
scored a second time to be printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.language.stakes import stored_stake
from scorekeeper.rules import RulesError, progress

from . import derived, exchange, round_store, session_store
from .round_store import ScoredRound, StoredRound, points_snapshot, scored_snapshot
from .session_store import Session, get_session


@dataclass
class GameRecord:
    """A game as printing reads it: the contract's ``game`` request and what a session adds
    (its name, date, stake and currency), with the engine's whole answer for it and the
    game's state after each round when they are already worked out (None: printing scores
    the rounds itself, as it does for a bare game request)."""

    game: dict[str, Any]
    name: str | None = None
    created: str | None = None
    stake: str | None = None
    currency: str | None = None
    result: dict[str, Any] | None = None
    states: list[dict[str, Any]] | None = None


def game_record(session: Session) -> GameRecord:
    """The stored game as it is now, with the scores and states stored with its rounds (no
    replay of the evening). A stored round the engine now refuses leaves them out: the
    sheet then says why."""
    try:
        session, rounds, result = scored_game(session)
        states: list[dict[str, Any]] | None = [stored.after for stored in rounds]
    except RulesError:
        (session, rounds), result, states = round_store.snapshot(session.id), None, None
    details = session_store.session_details(session.id)
    stake, currency = stored_stake(details)  # one an older version stored unchecked is left out
    return GameRecord(
        game=session.engine_request([stored.facts for stored in rounds]),
        name=details["name"],
        created=session.created,
        stake=stake,
        currency=currency,
        result=result,
        states=states,
    )


def file_record(checked: dict[str, Any]) -> GameRecord:
    """A session file as :func:`exchange.read` checked it, with the answer the engine gave
    then for the game as it is stored (the first seat dealing first when the file names no
    dealer)."""
    session = checked["session"]
    round_scores = checked["round_scores"]
    return GameRecord(
        game={
            "variant": session["variant"],
            "options": session["options"],
            "players": session["players"],
            "dealer": session["first_dealer"],
            "rounds": exchange.live_rounds(checked["history"]),
        },
        name=session["name"],
        created=session["created"],
        stake=session["stake"],
        currency=session["currency"],
        result=checked["stored_result"],
        states=None if round_scores is None else [state for _score, state in round_scores],
    )


def scored_game(session: Session) -> tuple[Session, list[ScoredRound], dict[str, Any]]:
    """The session as it is now, its live rounds, and the engine's whole ``game`` answer
    for them read back from the stored scores. Raises the engine's RulesError when a stored
    round no longer scores."""
    derived.ensure(get_session(session.id))
    session, stored = scored_snapshot(session.id)
    state = stored[-1].after if stored else None
    standing = progress.standing(session.engine_request([]), state)
    return session, stored, {**standing, "rounds": [r.score for r in stored]}


def scored_points(session: Session) -> tuple[Session, list[StoredRound], dict[str, Any]]:
    """As :func:`scored_game`, but each round's answer holds only its points (delta,
    transfers, dealer; a seating change whole): what an export writes, read in a fraction
    of the time the explain lines take."""
    derived.ensure(get_session(session.id))
    session, stored, points, state = points_snapshot(session.id)
    standing = progress.standing(session.engine_request([]), state)
    return session, stored, {**standing, "rounds": points}


def game_of(session: Session, rounds: object = None) -> dict[str, Any]:
    """The engine's whole answer for the session as it is now (``rounds`` is ignored:
    they are the session's own)."""
    return scored_game(session)[2]
