"""Cards and their notation.

A card is written rank then suit: ``AS``, ``10H`` (or ``TH``), ``QD``, ``7♣``;
case does not matter. A joker is ``JK`` or ``*``. Inside a meld a wild card may
be pinned to the card it stands for: ``JK=5H`` (a joker), ``2C=7H`` (a wild
deuce, where deuces are wild).

>>> parse_card("10h")
Card(rank=<Rank.TEN: 10>, suit=<Suit.HEARTS: 'H'>, pinned=None)
>>> str(parse_card("t♣")), str(parse_card("*")), str(parse_card("jk=5h"))
('10C', 'JK', 'JK=5H')
>>> parse_card("1S", where="meld 2, card 1")
Traceback (most recent call last):
...
scorekeeper.rules.errors.CardError: '1S' (meld 2, card 1) is not a card: ranks are A, 2–10, J, Q, K
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from .errors import CardError


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


class Rank(IntEnum):
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]


_RANK_SYMBOLS = {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"} | {
    Rank(n): str(n) for n in range(2, 11)
}
_RANKS_BY_TOKEN = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()} | {"T": Rank.TEN}
_SUITS_BY_TOKEN = {s.value: s for s in Suit} | {
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
JOKER_TOKENS = ("JK", "*")


@dataclass(frozen=True, order=True)
class Card:
    """A natural card (rank and suit), or a joker (both ``None``).

    ``pinned`` is the natural card a wild card stands for inside a meld
    (``JK=5H``, or ``2C=7H`` where deuces are wild); it is not part of the
    card's identity in the deck, see :attr:`physical`.
    """

    rank: Rank | None
    suit: Suit | None
    pinned: Card | None = None

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def physical(self) -> Card:
        """The card as it lies in the deck, without what it was pinned to."""
        return Card(self.rank, self.suit) if self.pinned else self

    @property
    def plays_as(self) -> Card | None:
        """The natural card this card counts as in a meld, ``None`` for a free joker."""
        if self.pinned is not None:
            return self.pinned
        return None if self.is_joker else self

    def __str__(self) -> str:
        text = "JK" if self.is_joker else f"{self.rank.symbol}{self.suit.value}"
        return f"{text}={self.pinned}" if self.pinned else text

    def __repr__(self) -> str:
        return f"Card(rank={self.rank!r}, suit={self.suit!r}, pinned={self.pinned!r})"


JOKER = Card(None, None)

# Canonical deck order (used for sorting output): spades, hearts, diamonds, clubs, then jokers.
SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}


def sort_key(card: Card) -> tuple[int, int, str]:
    if card.is_joker:
        return (len(SUIT_ORDER), 0, str(card))
    return (SUIT_ORDER[card.suit], int(card.rank), str(card))


def _not_a_card(token: object, where: str, why: str, field: str | None) -> CardError:
    place = f" ({where})" if where else ""
    return CardError(f"'{token}'{place} is not a card: {why}", field)


def _parse_natural(text: str, original: object, where: str, field: str | None) -> Card:
    if len(text) < 2:
        raise _not_a_card(original, where, "write a rank then a suit, like 7H or 10S", field)
    rank_text, suit_text = text[:-1], text[-1]
    suit = _SUITS_BY_TOKEN.get(suit_text)
    rank = _RANKS_BY_TOKEN.get(rank_text)
    if rank is None:
        raise _not_a_card(original, where, "ranks are A, 2–10, J, Q, K", field)
    if suit is None:
        raise _not_a_card(original, where, "suits are S, H, D, C (or ♠ ♥ ♦ ♣)", field)
    return Card(rank, suit)


def parse_card(token: object, *, where: str = "", field: str | None = None) -> Card:
    """Parse one card token; ``where`` says where it stood, for the error message."""
    if not isinstance(token, str):
        raise _not_a_card(token, where, "a card is written as text, like 7H or JK", field)
    text = token.strip().upper().replace("\N{VARIATION SELECTOR-16}", "")
    if text in JOKER_TOKENS:
        return JOKER
    if "=" in text:
        base_text, _, pin_text = text.partition("=")
        base = (
            JOKER if base_text in JOKER_TOKENS else _parse_natural(base_text, token, where, field)
        )
        if not base.is_joker and base.rank != Rank.TWO:
            raise _not_a_card(
                token, where, "only a joker or a wild deuce can stand for another card", field
            )
        pinned = _parse_natural(pin_text, token, where, field)
        return Card(base.rank, base.suit, pinned)
    return _parse_natural(text, token, where, field)


def parse_cards(tokens: object, *, where: str = "", field: str | None = None) -> list[Card]:
    """Parse a list of tokens (or a space/comma separated string, the typing fallback).

    >>> [str(c) for c in parse_cards("AS 10h, jk")]
    ['AS', '10H', 'JK']
    """
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    if not isinstance(tokens, list | tuple):
        raise CardError(f"{where or 'cards'} must be a list of cards", field)
    cards = []
    for index, token in enumerate(tokens):
        place = f"{where}, card {index + 1}" if where else f"card {index + 1}"
        sub_field = f"{field}[{index}]" if field is not None else None
        cards.append(parse_card(token, where=place, field=sub_field))
    return cards


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def full_deck(decks: int = 1, jokers: int = 0) -> Counter[Card]:
    """How many of each card the deck in play holds.

    >>> deck = full_deck(2, 4)
    >>> deck[Card(Rank.ACE, Suit.SPADES)], deck[JOKER], sum(deck.values())
    (2, 4, 108)
    """
    deck: Counter[Card] = Counter()
    for suit in Suit:
        for rank in Rank:
            deck[Card(rank, suit)] = decks
    if jokers:
        deck[JOKER] = jokers
    return deck


def check_deck_limits(cards: Iterable[tuple[Card, str | None]], decks: int, jokers: int) -> None:
    """Refuse a card seen more often than the deck in play holds.

    ``cards`` pairs each card with the JSON path where it stood, so the error
    can point at the first copy that is one too many.
    """
    deck = full_deck(decks, jokers)
    seen: Counter[Card] = Counter()
    for card, field in cards:
        physical = card.physical
        seen[physical] += 1
        if seen[physical] > deck[physical]:
            if physical.is_joker:
                raise CardError(
                    f"there are only {jokers} jokers in play, but {seen[physical]} were entered",
                    field,
                )
            copies = "once" if decks == 1 else f"{decks} times"
            raise CardError(
                f"{physical} is used {seen[physical]} times, but the deck in play holds it {copies}",
                field,
            )
