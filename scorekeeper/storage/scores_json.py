"""The engine's answers stored with each round, as JSON that keeps their messages.

An explain line or a reason is a :class:`Message` (its English text, an id and its
parameters), said in the table's language when a page shows it. Stored as plain JSON it
would come back as English text only, so messages, joined parts and cards are written
as tagged objects and read back as what they were. The tag is a key no player's name can
be (names have no control characters).
"""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any

from scorekeeper.rules.cards import parse_card
from scorekeeper.rules.messages import Join, Message

TAG = "\x00kept"  # written in every stored round: it stays as it is


def dumps(value: Any) -> str:
    return json.dumps(_encoded(value))


def loads(text: str) -> Any:
    # the hook sees every object innermost first: a message's parameters are read back
    # before the message itself
    return json.loads(text, object_hook=_tagged)


# what a stored score or state is mostly made of, written as it is: told by its exact type
# first (a Message is a str too, so it is asked after these): the walk over a round's score
# and state is part of every save
_AS_IT_IS = frozenset({str, int, bool, float, type(None)})


def _encoded(value: Any) -> Any:
    kind = type(value)
    if kind in _AS_IT_IS:
        return value
    if kind is dict:
        return {key: _encoded(item) for key, item in value.items()}
    if kind is list:
        return [_encoded(item) for item in value]
    if isinstance(value, Message):
        params = {name: _encoded(item) for name, item in value.params.items()}
        return {
            TAG: "message",
            "id": value.id,
            "params": params,
            "plural": value.plural,
            "count": value.count,
            "text": str(value),
        }
    if isinstance(value, Join):
        return {TAG: "join", "items": [_encoded(i) for i in value.items], "sep": value.separator}
    if type(value).__name__ == "Card":
        return {TAG: "card", "card": str(value)}
    if isinstance(value, dict):
        return {key: _encoded(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_encoded(item) for item in value]
    return value


# A Message renders its English text when made, which costs more than reading the rest of
# a round; the text is stored, so a stored message is rebuilt from it (when Message still has
# exactly these fields: otherwise it is made again the ordinary way).
_FIELDS = {"id", "plural", "count", "params"}
_REBUILD = set(getattr(Message, "__annotations__", {})) == _FIELDS


def _message(value: dict[str, Any]) -> Message:
    params = value["params"]
    if not _REBUILD or "text" not in value:
        return Message(value["id"], params, value["plural"], value["count"])
    message = str.__new__(Message, value["text"])
    # one update past Message.__setattr__ (which refuses every change), as Message itself
    # does: a page reads a dozen messages for each of its rows
    vars(message).update(
        id=value["id"],
        plural=value["plural"],
        count=value["count"],
        params=MappingProxyType(params),
    )
    return message


def _tagged(value: dict[str, Any]) -> Any:
    kind = value.get(TAG)
    if kind == "message":
        return _message(value)
    if kind == "join":
        return Join(value["items"], value["sep"])
    if kind == "card":
        return parse_card(value["card"])
    return value
