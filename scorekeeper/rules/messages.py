"""Engine messages as data: an id (the English sentence with ``%(name)s`` slots) and its
parameters, so a shell can say the same thing in the table's language.

A :class:`Message` *is* its English sentence (a ``str``), so the contract's JSON answers
stay English and every caller that treats reasons and explain lines as text keeps
working. A shell that knows the language renders it with :func:`say`.

>>> m = N_("%(player)s pays %(amount)s", player="Ben", amount=6)
>>> m, m.id, dict(m.params)
('Ben pays 6', '%(player)s pays %(amount)s', {'player': 'Ben', 'amount': 6})
>>> str(Nn_("the agreed round is played", "the agreed %(num)s rounds are played", 3))
'the agreed 3 rounds are played'

``N_`` and ``Nn_`` are also the markers ``pybabel extract -k N_ -k Nn_:1,2`` looks for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol


class Translations(Protocol):
    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


class English:
    """The msgids themselves: the engine's own language."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH = English()


@dataclass(frozen=True)
class Join:
    """Several values shown as one parameter: cards in a hand, parts of a line. A separator
    that is a word (" or ") is a message too, said in the table's language."""

    items: tuple[Any, ...]
    separator: str = ", "

    def __init__(self, items: Iterable[Any], separator: str = ", ") -> None:
        object.__setattr__(self, "items", tuple(items))
        object.__setattr__(self, "separator", separator)


class Message(str):
    """A sentence the engine says: its English text, its id and its parameters."""

    id: str
    plural: str | None
    count: int | None
    params: Mapping[str, Any]

    def __new__(
        cls,
        id: str,
        params: Mapping[str, Any] | None = None,
        plural: str | None = None,
        count: int | None = None,
    ) -> Message:
        params = MappingProxyType(dict(params or {}))
        self = super().__new__(cls, _render(id, plural, count, params, ENGLISH, "en"))
        # one update past __setattr__ (which refuses every change): a 500-round game makes
        # 8,000 messages, and four object.__setattr__ calls were a visible share of scoring it
        vars(self).update(id=id, plural=plural, count=count, params=params)
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Message cannot change")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.id, dict(self.params), self.plural, self.count))

    def __deepcopy__(self, memo: dict[int, Any]) -> Message:
        return self  # it cannot change

    def __copy__(self) -> Message:
        return self

    def parts(self) -> Iterable[Message]:
        """This message and every message inside its parameters, depth first."""
        yield self
        for value in self.params.values():
            yield from _messages_in(value)


@dataclass(frozen=True)
class ByLanguage:
    """A message that differs by the reader's language beyond its words: a table's own card
    notation (the suits a German table writes are not the English ones translated). Said as
    the message for the reader's language (``de_AT`` reads ``de``), else as ``default``."""

    default: Message
    by_language: Mapping[str, Message] = field(default_factory=dict)

    def for_language(self, lang: str) -> Message:
        base = (lang or "en").replace("-", "_").split("_")[0].lower()
        return self.by_language.get(base, self.default)


def _messages_in(value: Any) -> Iterable[Message]:
    if isinstance(value, Message):
        yield from value.parts()
    elif isinstance(value, Join):
        for item in value.items:
            yield from _messages_in(item)
    elif isinstance(value, ByLanguage):
        yield from _messages_in(value.default)
        for message in value.by_language.values():
            yield from _messages_in(message)


def N_(id: str, **params: Any) -> Message:
    """A message; ``id`` is the English sentence (the msgid pybabel extracts)."""
    return Message(id, params)


def Nn_(singular: str, plural: str, num: int, **params: Any) -> Message:
    """A message whose words depend on a number, ``num`` (also a ``%(num)s`` parameter)."""
    return Message(singular, {"num": num, **params}, plural, num)


class InLanguage(Protocol):
    """A value that writes itself for a reader of ``lang`` (a card in that table's letters);
    the engine's messages carry such values as parameters without knowing their type."""

    def in_language(self, lang: str) -> str: ...


def say(value: Any, translations: Translations = ENGLISH, lang: str = "en") -> Any:
    """``value`` in the language of ``translations``: a message translated, cards written
    in ``lang``; anything else (a player's name, a number) as it is."""
    if isinstance(value, Message):
        if translations is ENGLISH and lang == "en":
            return str.__str__(value)  # made in English: re-saying nested messages cost most
        return _render(value.id, value.plural, value.count, value.params, translations, lang)
    if isinstance(value, Join):
        separator = str(say(value.separator, translations, lang))
        return separator.join(str(say(item, translations, lang)) for item in value.items)
    if isinstance(value, ByLanguage):
        return say(value.for_language(lang), translations, lang)
    # looked up on the type: a runtime Protocol check costs far more than the sentence
    in_language = getattr(type(value), "in_language", None)
    if in_language is not None:
        return in_language(value, lang)
    return value


def say_all(value: Any, translations: Translations = ENGLISH, lang: str = "en") -> Any:
    """Every message inside a JSON answer (dicts, lists) said in one language."""
    if isinstance(value, Message):
        return say(value, translations, lang)
    if isinstance(value, Mapping):
        return {key: say_all(item, translations, lang) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [say_all(item, translations, lang) for item in value]
    return value


PLAIN = frozenset({str, int})  # what say() gives back unchanged (exactly these types)


def _render(
    id: str,
    plural: str | None,
    count: int | None,
    params: Mapping[str, Any],
    translations: Translations,
    lang: str,
) -> str:
    if plural is not None:
        template = translations.ngettext(id, plural, count if count is not None else 1)
    else:
        template = translations.gettext(id)
    if not params:
        return template
    # names and numbers, most parameters, are said as they are without a call to say()
    values = {
        name: value if type(value) in PLAIN else say(value, translations, lang)
        for name, value in params.items()
    }
    try:
        return template % values
    except (KeyError, ValueError, TypeError):
        # a translation that lost a slot must not hide what the engine said
        english = ENGLISH.ngettext(id, plural, count or 0) if plural is not None else id
        return english % values


# the word between choices in a list ("7 or 8 cards")
OR = N_(" or ")


def cards_joined(cards: Sequence[InLanguage], separator: str = " ") -> Join:
    return Join(cards, separator)
