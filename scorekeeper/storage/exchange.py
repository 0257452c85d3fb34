"""A session leaving the app and coming back: JSON export/import and a CSV of the rounds.

The JSON is the contract's ``game`` request (``shared/spec/referee-json.md``)
wrapped with what a session adds::

    {"format": "scorekeeper-session", "version": 1,
     "name": "...", "created": "...", "exported": "...",
     "game": {"variant", "options", "players", "dealer", "rounds": [<round facts>]},
     "house_rules": {...every option in force...}, "stake": "0.05", "currency": "EUR",
     "history": [{"position", "facts", "deleted", "saved", "note"}, ...],  # oldest first
     "result": {"totals", "winners", "finished", "reason"}, "settlement": {...}}

Importing checks everything first (the engine scores every round, the history
must end in the game's rounds) and then writes it in one transaction, so a bad
file changes nothing. A bare ``game`` request is accepted too.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from typing import Any

from scorekeeper.language.money import amount_text, digits_of
from scorekeeper.language.stakes import checked_stake, stored_stake
from scorekeeper.rules import RulesError, game
from scorekeeper.rules.catalog import default_name, house_rules, resolve
from scorekeeper.rules.messages import N_, Message
from scorekeeper.rules.names import has_controls
from scorekeeper.rules.reading import MOST_REQUEST_BYTES, parse_json_request
from scorekeeper.rules.settlement import settle_game
from scorekeeper.rules.variant import RoundEnd

from . import derived, scores_json

FORMAT = "scorekeeper-session"
VERSION = 1
MAX_NAME = 120
NOTES = 200


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def record(
    session: Any,
    rounds: list[Any],
    versions: list[dict[str, Any]],
    details: dict[str, Any],
    locale: str = "en",
    result: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The export of a stored session (its rounds, every saved version, name and stake);
    ``result``: the engine's answer for its rounds, when stored (None: scored here)."""
    request = session.engine_request([stored.facts for stored in rounds])
    stake, currency = stored_stake(details)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "name": details.get("name") or default_name(session.variant, session.created),
        "created": session.created,
        "exported": _now(),
        "game": request,
        "house_rules": {
            name: value
            for name, value, _ in house_rules(
                session.variant, session.options, len(session.players)
            )
        },
        # a stake an older version stored unchecked is left out, so the file imports again
        "stake": stake,
        "currency": currency,
        "history": [
            {
                "position": version["position"],
                "facts": version["facts"],
                "deleted": bool(version["deleted"]),
                "saved": version["saved"],
                "note": version["note"],
            }
            for version in sorted(versions, key=lambda v: v["id"])
        ],
    }
    try:
        result = result if result is not None else game(request)
    except RulesError as error:
        data["result"] = {"error": error.message}
        return data
    data["result"] = {
        key: result[key] for key in ("totals", "winners", "finished", "reason", "next_dealer")
    }
    data["settlement"] = settlement_json(request, result, data["stake"], data["currency"], locale)
    return data


def settlement_json(
    request: dict[str, Any],
    result: dict[str, Any],
    stake: str | None,
    currency: str | None,
    locale: str = "en",
) -> dict[str, Any]:
    settled = settle_game(request, result, stake if currency else None, digits_of(currency))
    return {
        "basis": settled["basis"],
        "stake": stake if currency else None,
        "currency": currency if stake else None,
        "payments": [
            dict(
                payment,
                amount=amount_text(payment["amount"], settled, currency, locale),
                units=payment["amount"],
            )
            for payment in settled["payments"]
        ],
    }


def _bad(message: Message, field: str | None) -> RulesError:
    return RulesError(message, field)


def _text(data: dict[str, Any], key: str, limit: int, required: bool = False) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise _bad(
            N_("'%(key)s' must be text of 1 to %(most)s characters", key=key, most=limit), key
        )
    if has_controls(value):
        raise _bad(N_("'%(key)s' cannot contain control characters", key=key), key)
    return value.strip()


def _shown_text(value: Any, field: str) -> None:
    """Refuse a text anywhere in ``value`` (keys too) that a page could not show as typed
    text is shown: the facts of a version no longer in play are not the engine's to check,
    but the history page shows them."""
    if isinstance(value, str):
        texts = [value]
    elif isinstance(value, dict):
        texts = list(value)
        for key, inner in value.items():
            _shown_text(inner, f"{field}.{key}" if isinstance(key, str) else field)
    elif isinstance(value, list):
        texts = []
        for index, inner in enumerate(value):
            _shown_text(inner, f"{field}[{index}]")
    else:
        return
    if any(has_controls(text) for text in texts):
        key = field.rsplit(".", 1)[-1]
        raise _bad(N_("'%(key)s' cannot contain control characters", key=key), field)


def _date(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if value is None:
        return _now()
    try:
        datetime.fromisoformat(str(value))
    except ValueError:
        raise _bad(
            N_("'%(key)s' must be a date such as 2026-11-22 or 2026-11-22T20:15:00", key=key), key
        ) from None
    return str(value)


def _history(data: dict[str, Any], rounds: list[Any]) -> list[dict[str, Any]]:
    """The saved versions, checked to end in the game's rounds (or one version per round)."""
    history = data.get("history")
    if history is None:
        return [
            {"position": i, "facts": facts, "deleted": 0, "saved": _now(), "note": "imported"}
            for i, facts in enumerate(rounds, start=1)
        ]
    if not isinstance(history, list):
        raise _bad(N_("'history' must be a list of saved versions"), "history")
    if len(history) > MOST_VERSIONS:
        raise _bad(
            N_(
                "a session keeps at most %(most)s saved versions, not %(count)s",
                most=f"{MOST_VERSIONS:,}",
                count=f"{len(history):,}",
            ),
            "history",
        )
    checked = []
    for i, version in enumerate(history):
        where = f"history[{i}]"
        if not isinstance(version, dict):
            raise _bad(N_("each saved version must be an object"), where)
        position = version.get("position")
        if isinstance(position, bool) or not isinstance(position, int) or position < 1:
            raise _bad(N_("'position' must be a round number from 1"), f"{where}.position")
        facts = version.get("facts")
        if not isinstance(facts, dict):
            raise _bad(N_("'facts' must be the round as the contract gives it"), f"{where}.facts")
        _shown_text(facts, f"{where}.facts")
        deleted = version.get("deleted", False)
        if not isinstance(deleted, bool | int):
            raise _bad(N_("'deleted' must be true or false"), f"{where}.deleted")
        note = version.get("note") or "imported"
        if not isinstance(note, str) or len(note) > NOTES:
            raise _bad(
                N_("'note' must be text of at most %(most)s characters", most=NOTES),
                f"{where}.note",
            )
        _shown_text(note, f"{where}.note")
        checked.append(
            {
                "position": position,
                "facts": facts,
                "deleted": int(bool(deleted)),
                "saved": _date(version, "saved"),
                "note": note,
            }
        )
    if live_rounds(checked) != rounds:
        raise _bad(
            N_(
                "the history does not end in the game's rounds: the file was changed by hand "
                "or is incomplete"
            ),
            "history",
        )
    return checked


def live_rounds(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The facts of the rounds a history ends in, in order: each position's last version,
    unless that one is a delete."""
    last: dict[int, dict[str, Any]] = {}
    for version in history:
        last[version["position"]] = version
    return [last[p]["facts"] for p in sorted(last) if not last[p]["deleted"]]


# What one import may make the server keep. A file is small beside what it causes: each
# round's facts are stored with every version of it, and the engine's answer for each round
# (its explain lines as messages) with the game's state after it, 20 to 50 times the
# file. The longest evening the API scores, 2,000 rounds, keeps 24 MiB at 7 players with
# counted hands, about 34 MiB with every card written out: the bound lets such an
# evening come back from its export, and refuses more.
MOST_ROUNDS = 2_000
MOST_VERSIONS = 10_000
MOST_STORED_BYTES = 48 * 1024 * 1024


def _check_stored_size(history: list[dict[str, Any]], result: dict[str, Any]) -> None:
    """Refuse a file whose rounds, versions and scores would take more than the bound."""
    stored = sum(len(json.dumps(version["facts"])) for version in history)
    for scored in result["rounds"]:  # what each round's stored score holds
        stored += len(scores_json.dumps(scored))
        if stored > MOST_STORED_BYTES:
            raise _bad(
                N_(
                    "this file would take more than %(most)s MiB on the server: "
                    "split the evening into shorter sessions",
                    most=MOST_STORED_BYTES // (1024 * 1024),
                ),
                None,
            )


def read(data: Any) -> dict[str, Any]:
    """A session file checked through; raises RulesError naming the first problem."""
    if not isinstance(data, dict):
        raise _bad(N_("the file must hold a JSON object: an exported session or a game"), None)
    if "format" in data:
        if data["format"] != FORMAT:
            raise _bad(
                N_(
                    "this is not a Scorekeeper session file (format '%(format)s')",
                    format=data["format"],
                ),
                "format",
            )
        if data.get("version") != VERSION:
            raise _bad(
                N_(
                    "this session file is version '%(version)s'; this app reads %(ours)s",
                    version=data.get("version"),
                    ours=VERSION,
                ),
                "version",
            )
        request = data.get("game")
        prefix = "game"
    elif "variant" in data and "rounds" in data:
        request, prefix, data = data, "", {}
    else:
        raise _bad(
            N_(
                "this is neither an exported session nor a game "
                "(no 'format', no 'variant' and 'rounds')"
            ),
            None,
        )
    if not isinstance(request, dict):
        raise _bad(N_("'game' must be the contract's game request"), "game")
    rounds = request.get("rounds")
    if isinstance(rounds, list) and len(rounds) > MOST_ROUNDS:
        raise _bad(
            N_(
                "a session holds at most %(most)s rounds, not %(count)s",
                most=f"{MOST_ROUNDS:,}",
                count=f"{len(rounds):,}",
            ),
            f"{prefix}.rounds" if prefix else "rounds",
        )
    try:
        if request.get("dealer") is not None:  # scored as it will be stored: one pass
            result, round_scores = derived.played(request)
            stored_result = result
        else:
            result, round_scores = game(request), None
    except RulesError as error:
        field = f"{prefix}.{error.field}" if prefix and error.field else error.field or prefix
        raise _bad(error.message, field) from None
    players = list(request["players"])
    rounds = request.get("rounds", [])
    stake, currency = checked_stake(data.get("stake"), data.get("currency"))
    created = _date(data, "created")
    history = _history(data, rounds)
    _check_stored_size(history, result)
    if round_scores is None:  # stored with the first seat dealing first, and scored so
        try:
            stored_result, round_scores = derived.played({**request, "dealer": players[0]})
        except RulesError:
            # worked out (and its refusal shown) when the game is first opened
            stored_result, round_scores = None, None
    return {
        "session": {
            "variant": request["variant"],
            "options": request.get("options") or {},
            "players": players,
            "first_dealer": request.get("dealer") or players[0],
            "created": created,
            "name": _text(data, "name", MAX_NAME),
            "stake": stake,
            "currency": currency,
        },
        "history": history,
        "result": result,
        "round_scores": round_scores,  # each live round's score and the state after it
        "stored_result": stored_result,  # the engine's answer for the game as it is stored
    }


# A session file holds a whole evening: its history and the engine's answer (explain
# lines) make longer lists and texts than one question does.
MOST_FILE_ITEMS = 200_000
MOST_FILE_STRING_CHARS = 4_000


def loads(text: str | bytes) -> dict[str, Any]:
    """A session file read through the engine's one JSON reader (size, depth and number
    limits) and checked; raises RulesError naming the first problem."""
    try:
        data = parse_json_request(
            text, most_items=MOST_FILE_ITEMS, most_string_chars=MOST_FILE_STRING_CHARS
        )
    except RulesError as error:
        raise _bad(error.message, error.field) from None
    return read(data)


def load_file(path: str) -> dict[str, Any]:
    """A session file from disk, read no further than the reader's limit."""
    try:
        with open(path, "rb") as file:
            return loads(file.read(MOST_REQUEST_BYTES + 1))
    except OSError as error:
        raise _bad(
            N_("cannot read %(path)s: %(why)s", path=str(path), why=error.strerror or str(error)),
            "file",
        ) from None


def _cell(text: str) -> str:
    """A name a spreadsheet could take for a formula is kept as text."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def to_csv(request: dict[str, Any], result: dict[str, Any]) -> str:
    """Round by player: each round's points, then each running total; a Total row at the end.
    A seating change between rounds is a line of its own; columns use the latest names."""
    players = list(result.get("players", request["players"]))
    renamed = result.get("names") or {}
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    names = [_cell(p) for p in players]
    writer.writerow(
        ["round", "dealer", "winner", "end", *names, *(f"{name} total" for name in names)]
    )
    start = resolve(request["variant"], request.get("options"), len(request["players"])).start
    running = {p: start for p in players}
    number = 0
    for facts, scored in zip(request["rounds"], result["rounds"], strict=True):
        if "seating" in scored:
            joiner = scored["seating"].get("join")
            if joiner is not None:
                running[renamed.get(joiner, joiner)] = scored["seating"]["total"]
            writer.writerow(["", "", "", _cell(scored["explain"][0]), *[""] * (2 * len(players))])
            continue
        number += 1
        delta = {renamed.get(p, p): points for p, points in scored["delta"].items()}
        for p, points in delta.items():
            running[p] += points
        writer.writerow(
            [
                number,
                _cell(renamed.get(scored.get("dealer"), scored.get("dealer")) or ""),
                _cell(renamed.get(facts.get("winner"), facts.get("winner")) or ""),
                facts.get("end", RoundEnd.OUT.value),
                *(delta.get(p, "") for p in players),
                *(running[p] for p in players),
            ]
        )
    # the totals: the last running totals, plus any end-of-game bonus (Carousel)
    totals = [result["totals"][p] for p in players]
    writer.writerow(["Total", "", "", "", *([""] * len(players)), *totals])
    # a byte-order mark, so a spreadsheet opening the file reads its names as UTF-8
    return "\ufeff" + out.getvalue()
