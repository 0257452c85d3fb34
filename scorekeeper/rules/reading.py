"""Reading the contract's requests: one dict from a dict or keyword arguments,
and the cards inside it parsed with the JSON path of each."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from .cards import Card, parse_cards
from .errors import RulesError
from .messages import N_


def as_request(request: Mapping[str, Any] | None, fields: Mapping[str, Any]) -> dict[str, Any]:
    """Merge a request dict and keyword arguments (keywords win)."""
    if request is not None and not isinstance(request, Mapping):
        raise RulesError(N_("the request must be a JSON object"), None)
    return dict(request or {}) | dict(fields)


def require(request: Mapping[str, Any], name: str) -> Any:
    if name not in request or request[name] is None:
        raise RulesError(N_("the request needs '%(name)s'", name=name), name)
    return request[name]


def cards_at(value: object, field: str, where: str) -> list[Card]:
    """Parse a list of cards found at JSON path ``field``; ``where`` names it for people."""
    if not isinstance(value, list):
        raise RulesError(N_("%(where)s must be a list of cards", where=where), field)
    return parse_cards(value, where=where, field=field)


def melds_at(value: object, field: str) -> list[list[Card]]:
    """Parse a list of melds (lists of cards) found at JSON path ``field``."""
    if not isinstance(value, list):
        raise RulesError(
            N_("'%(field)s' must be a list of melds, each a list of cards", field=field), field
        )
    melds = []
    for index, meld in enumerate(value):
        if not isinstance(meld, list):
            raise RulesError(
                N_("meld %(number)s must be a list of cards", number=index + 1),
                f"{field}[{index}]",
            )
        melds.append(cards_at(meld, f"{field}[{index}]", N_("meld %(number)s", number=index + 1)))
    return melds


# Limits on a question as it arrives (HTTP body or CLI input), checked before the engine
# sees it: a real question is a few kilobytes, a few levels deep, with small numbers and
# short names. A whole evening of 2,000 rounds for 12 players is about 3.4 MB, so the
# limit sits just under the web app's 4 MiB body limit.
MOST_REQUEST_BYTES = 4_000_000
MOST_NESTING = 32
MOST_INTEGER_DIGITS = 12
MOST_STRING_CHARS = 200
MOST_ITEMS = 2_000  # in one list or object


NESTED = N_("the request is nested more than %(most)s levels deep", most=MOST_NESTING)


class _Refused:
    """A number the reader will not pass on: it is named, with its place, after parsing."""

    def __init__(self, text: str, why: str) -> None:
        self.text = text
        self.why = why


def _parse_int(text: str) -> int | _Refused:
    if len(text.lstrip("-")) > MOST_INTEGER_DIGITS:
        return _Refused(text, N_("has more than %(most)s digits", most=MOST_INTEGER_DIGITS))
    return int(text)


def _parse_float(text: str) -> float | _Refused:
    number = float(text)
    if number in (float("inf"), float("-inf")):
        return _Refused(text, N_("is too large"))
    return number


def _parse_constant(name: str) -> _Refused:
    return _Refused(name, N_("is not a number JSON allows"))


def _path(parent: str | None, key: str | int) -> str:
    if isinstance(key, int):
        return f"{parent or ''}[{key}]"
    return key if parent is None else f"{parent}.{key}"


def _short(text: str) -> str:
    return text if len(text) <= 20 else text[:20] + "…"


# JSON may escape half of a UTF-16 pair ("\ud800") alone: Python reads it as a string that
# no file, page or database can hold
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_text(text: str, path: str | None) -> None:
    found = _LONE_SURROGATE.search(text)
    if found is not None:
        raise RulesError(
            N_(
                "a text in the request holds U+%(code)s, half of a character and no text by itself",
                code=f"{ord(found.group()):04X}",
            ),
            path,
        )


def _check_tree(data: Any, most_items: int, most_string_chars: int) -> None:
    """Walk the parsed JSON (without recursion) and refuse the first value over a limit."""
    stack: list[tuple[Any, str | None, int]] = [(data, None, 1)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MOST_NESTING:
                raise RulesError(NESTED, path)
            if len(value) > most_items:
                raise RulesError(
                    N_(
                        "at most %(most)s items in one place, not %(count)s",
                        most=most_items,
                        count=len(value),
                    ),
                    path,
                )
            items = value.items() if isinstance(value, dict) else enumerate(value)
            children = []
            for key, child in items:
                if isinstance(key, str):
                    _check_text(key, path)
                if isinstance(key, str) and len(key) > most_string_chars:
                    raise RulesError(
                        N_(
                            "a name in the request is longer than %(most)s characters: '%(text)s'",
                            most=most_string_chars,
                            text=_short(key),
                        ),
                        path,
                    )
                children.append((child, _path(path, key), depth + 1))
            stack.extend(reversed(children))
        elif isinstance(value, _Refused):
            raise RulesError(
                N_("the number %(text)s %(why)s", text=_short(value.text), why=value.why), path
            )
        elif isinstance(value, str):
            _check_text(value, path)
            if len(value) <= most_string_chars:
                continue
            raise RulesError(
                N_(
                    "a text in the request is longer than %(most)s characters: '%(text)s'",
                    most=most_string_chars,
                    text=_short(value),
                ),
                path,
            )


def parse_json_request(
    data: str | bytes,
    *,
    most_items: int = MOST_ITEMS,
    most_string_chars: int = MOST_STRING_CHARS,
) -> Any:
    """Read a question as it arrives (HTTP body or CLI input), refusing what is over a limit.

    The one reader for the API, the CLI and session files (which hold a whole history, so
    they allow more items and longer texts): it never raises anything but RulesError.

    >>> parse_json_request('{"hand": ["AS"]}')
    {'hand': ['AS']}
    >>> parse_json_request('{"options": {"target": 1' + '0' * 20 + '}}')
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.RulesError: the number 10000000000000000000… has more than 12 digits
    """
    if len(data) > MOST_REQUEST_BYTES:
        raise RulesError(
            N_("the request is larger than %(most)s bytes", most=f"{MOST_REQUEST_BYTES:,}"), None
        )
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RulesError(
                N_("the request is not UTF-8 text (byte %(byte)s is not)", byte=error.start + 1),
                None,
            ) from None
    if not data.strip():
        raise RulesError(N_("the request is empty: send a JSON object"), None)
    try:
        parsed = json.loads(
            data,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
        )
    except json.JSONDecodeError as error:
        raise RulesError(
            N_(
                "the request is not valid JSON: %(problem)s at line %(line)s, column %(column)s",
                problem=error.msg,
                line=error.lineno,
                column=error.colno,
            ),
            None,
        ) from None
    except RecursionError:
        raise RulesError(NESTED, None) from None
    _check_tree(parsed, most_items, most_string_chars)
    return parsed
