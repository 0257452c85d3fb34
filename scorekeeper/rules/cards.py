"""Cards and their notation.

A card is written rank then suit: ``AS``, ``10H`` (or ``TH``), ``QD``, ``7♣``;
case does not matter. A joker is ``JK``, ``*`` or ``Joker``. Inside a meld a wild card may
be pinned to the card it stands for: ``JK=5H`` (a joker), ``2C=7H`` (a wild
deuce, where deuces are wild).

German and French tables write their own letters. There is one grammar, read the same on
every page (so a hand typed on a German phone and stored reads the same in the JSON API, the
CLI and an English page); a page's language only decides how cards are shown, and which
letters its hints and error messages name::

    card    := joker | natural | wild "=" natural
    joker   := "JK" | "*" | "Joker"
    natural := rank suit
    rank    := "A" | "2".."10" | "T" | "J" | "Q" | "K"            English
             | "B" (Bube = J) | "D" (Dame = Q)                  German; König, Ass: K, A
             | "V" (valet = J) | "R" (roi = K)                  French; dame is D as in German
    suit    := "S" | "H" | "D" | "C" | ♠ ♥ ♦ ♣ (♤ ♡ ♢ ♧)        English and symbols
             | "P" (Pik, pique = spades)                        German and French
             | "Kr" (Kreuz = clubs) | "Ka" (Karo = diamonds)    German; Herz is H
             | "Co" (cœur = hearts) | "Ca" (carreau = diamonds)
             | "T" | "Tr" (trèfle = clubs)                      French

Why no text reads as two cards. A suit is always at the end and a rank at the start, and
the table of every rank-and-suit text is built (and checked at import: no text is made by
two pairs that mean different cards) from the lists above: a rank is a digit run, "T" or
one letter, and no suit's letters end another suit or start with a letter that would leave
a rank behind (``DD`` is only Dame + D, the queen of diamonds; ``10D`` only 10 + D; ``KKr``
only König + Kr; ``TT`` only 10 + T, the ten of clubs). English letters keep their meaning
in every language: so French cœur is ``Co``, never ``C`` (``C`` is clubs), and French
carreau is ``Ca``, never ``K`` (``JK`` is the joker). ``K`` is never a suit: Kreuz and Karo
both begin with it, so a German ``BK`` could be B♣ or B♦ and is refused with a sentence
that says both and how to write each (``BKr``, ``BKa``); ``JK`` is the joker, as always.

>>> parse_card("10h")
Card(rank=<Rank.TEN: 10>, suit=<Suit.HEARTS: 'H'>, pinned=None)
>>> str(parse_card("t♣")), str(parse_card("*")), str(parse_card("jk=5h"))
('10C', 'JK', 'JK=5H')
>>> str(parse_card("DD")), str(parse_card("BP")), str(parse_card("Joker=Dh"))
('QD', 'JS', 'JK=QH')
>>> str(parse_card("BKr")), str(parse_card("KKa")), str(parse_card("RCo")), str(parse_card("VT"))
('JC', 'KD', 'KH', 'JC')
>>> format_card(parse_card("QH"), "de"), format_card(parse_card("JK=JS"), "de")
('D♥', 'Joker=B♠')
>>> format_card(parse_card("JC"), "de", letters=True), format_card(parse_card("QH"), "fr", letters=True)
('BKr', 'DCo')
>>> parse_card("1S", where="meld 2, card 1")
Traceback (most recent call last):
...
scorekeeper.rules.errors.CardError: '1S' (meld 2, card 1) is not a card: ranks are A, 2–10, J, Q, K
>>> parse_card("BK")
Traceback (most recent call last):
...
scorekeeper.rules.errors.CardError: 'BK' could be two cards: K after the rank is Kreuz (JC) or Karo (JD); write BKr or BKa
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from types import MappingProxyType

from .errors import CardError
from .messages import N_, ByLanguage, Nn_


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Enum hashes by name in Python code; the str's own hash is equal for equal values
    # and many times faster (cards are hashed on every question)
    __hash__ = str.__hash__


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

    __hash__ = int.__hash__  # see Suit

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]


_RANK_SYMBOLS = {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"} | {
    Rank(n): str(n) for n in range(2, 11)
}
_TEXT = {int(rank): symbol for rank, symbol in _RANK_SYMBOLS.items()}
# the German and French court letters a table writes (see the grammar above)
COURT_LETTERS = {
    "de": {Rank.JACK: "B", Rank.QUEEN: "D", Rank.KING: "K", Rank.ACE: "A"},
    "fr": {Rank.JACK: "V", Rank.QUEEN: "D", Rank.KING: "R", Rank.ACE: "A"},
}
_RANKS_BY_TOKEN = (
    {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()}
    | {"T": Rank.TEN}
    | {letter: rank for letters in COURT_LETTERS.values() for rank, letter in letters.items()}
)
SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUITS_BY_TOKEN = (
    {s.value: s for s in Suit}
    | {"P": Suit.SPADES}
    | {
        "♠": Suit.SPADES,
        "♥": Suit.HEARTS,
        "♦": Suit.DIAMONDS,
        "♣": Suit.CLUBS,
        "♤": Suit.SPADES,
        "♡": Suit.HEARTS,
        "♢": Suit.DIAMONDS,
        "♧": Suit.CLUBS,
    }
)
# the suit letters a table writes, by language: read everywhere (see the grammar above),
# written by format_card(..., letters=True); "S H D C" stay English
SUIT_LETTERS = {
    "de": {Suit.SPADES: "P", Suit.HEARTS: "H", Suit.DIAMONDS: "Ka", Suit.CLUBS: "Kr"},
    "fr": {Suit.SPADES: "P", Suit.HEARTS: "Co", Suit.DIAMONDS: "Ca", Suit.CLUBS: "T"},
}
_SUITS_BY_TOKEN |= {
    letter.upper(): suit for letters in SUIT_LETTERS.values() for suit, letter in letters.items()
} | {"TR": Suit.CLUBS}
# a letter in suit place that is two suits: Kreuz or Karo (refused, both named)
TWO_SUITS = "K"
JOKER_TOKENS = ("JK", "*", "JOKER")
JOKER_NAMES = {"de": "Joker", "fr": "Joker"}


def _naturals() -> dict[str, tuple[Rank, Suit]]:
    """Every rank-and-suit text (upper case) and the card it is. A text that two pairs make
    with different meanings, a joker's text, or a card's text that is also a rank followed
    by K (refused as two cards) stops the app at import: the grammar's proof, run."""
    table: dict[str, tuple[Rank, Suit]] = {}
    for rank_text, rank in _RANKS_BY_TOKEN.items():
        for suit_text, suit in _SUITS_BY_TOKEN.items():
            text = rank_text + suit_text
            if table.setdefault(text, (rank, suit)) != (rank, suit) or text in JOKER_TOKENS:
                raise ValueError(f"the card notation reads {text!r} two ways")
    if any(rank_text + TWO_SUITS in table for rank_text in _RANKS_BY_TOKEN):
        raise ValueError(f"the card notation reads {TWO_SUITS!r} after a rank as a suit")
    return table


_NATURALS = _naturals()
# every rank text and suit text the grammar reads (upper case), for the tests' proof
RANK_TEXTS = MappingProxyType(_RANKS_BY_TOKEN)
SUIT_TEXTS = MappingProxyType(_SUITS_BY_TOKEN)


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
        if self.pinned:
            return f"{self.physical}={self.pinned}"
        return "JK" if self.rank is None else _TEXT[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card(rank={self.rank!r}, suit={self.suit!r}, pinned={self.pinned!r})"

    def in_language(self, lang: str) -> str:
        """The card in a message read in ``lang`` (messages.InLanguage)."""
        return format_card(self, lang)


JOKER = Card(None, None)

# Canonical deck order (used for sorting output): spades, hearts, diamonds, clubs, then jokers.
SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}


def sort_key(card: Card) -> tuple[int, int, str]:
    if card.is_joker:
        return (len(SUIT_ORDER), 0, str(card))
    return (SUIT_ORDER[card.suit], int(card.rank), str(card))


def _not_a_card(token: object, where: str, why: str, field: str | None) -> CardError:
    text = str(token)
    if len(text) > 24:  # a card is a few characters: the start is enough to find the mistake
        text = text[:24] + "…"
    if where:
        said = N_("'%(text)s' (%(where)s) is not a card: %(why)s", text=text, where=where, why=why)
    else:
        said = N_("'%(text)s' is not a card: %(why)s", text=text, why=why)
    return CardError(said, field)


# What the error of a mistyped card names: the ranks and suits of the reader's table
RANKS_ARE = ByLanguage(
    N_("ranks are A, 2–10, J, Q, K"),
    {
        "de": N_("ranks are A (Ass), 2–10, B (Bube), D (Dame), K (König); also J, Q"),
        "fr": N_("ranks are A (as), 2–10, V (valet), D (dame), R (roi); also J, Q, K"),
    },
)
SUITS_ARE = ByLanguage(
    N_("suits are S, H, D, C (or ♠ ♥ ♦ ♣)"),
    {
        "de": N_(
            "suits are Kr (Kreuz ♣), Ka (Karo ♦), P (Pik ♠), H (Herz ♥); also ♣ ♦ ♠ ♥ or C, D, S, H"
        ),
        "fr": N_(
            "suits are P (pique ♠), Co (cœur ♥), Ca (carreau ♦), T (trèfle ♣); also ♠ ♥ ♦ ♣ "
            "or S, H, D, C (C is clubs, trèfle)"
        ),
    },
)


def _parse_natural(text: str, original: object, where: str, field: str | None) -> Card:
    found = _NATURALS.get(text)
    if found is not None:
        return Card(*found)
    if len(text) < 2:
        raise _not_a_card(original, where, N_("write a rank then a suit, like 7H or 10S"), field)
    rank_text = text[:-1]
    if text.endswith(TWO_SUITS) and rank_text in _RANKS_BY_TOKEN:
        raise _two_cards(original, rank_text, _RANKS_BY_TOKEN[rank_text], where, field)
    # the longest suit text that ends the token tells a bad rank from a bad suit
    suit_text = next(
        (t for t in sorted(_SUITS_BY_TOKEN, key=len, reverse=True) if text.endswith(t)), ""
    )
    if suit_text and text[: -len(suit_text)] not in _RANKS_BY_TOKEN:
        raise _not_a_card(original, where, RANKS_ARE, field)
    if text[:2] in _RANKS_BY_TOKEN or text[:1] in _RANKS_BY_TOKEN:
        raise _not_a_card(original, where, SUITS_ARE, field)
    raise _not_a_card(original, where, RANKS_ARE, field)


def _two_cards(
    original: object, rank_text: str, rank: Rank, where: str, field: str | None
) -> CardError:
    """A German K in suit place: Kreuz or Karo, both said, and how to write each."""
    params = {
        "text": str(original).strip(),
        "clubs": Card(rank, Suit.CLUBS),
        "diamonds": Card(rank, Suit.DIAMONDS),
        "kreuz": rank_text + SUIT_LETTERS["de"][Suit.CLUBS],
        "karo": rank_text + SUIT_LETTERS["de"][Suit.DIAMONDS],
    }
    if where:
        said = N_(
            "'%(text)s' (%(where)s) could be two cards: K after the rank is Kreuz "
            "(%(clubs)s) or Karo (%(diamonds)s); write %(kreuz)s or %(karo)s",
            where=where,
            **params,
        )
    else:
        said = N_(
            "'%(text)s' could be two cards: K after the rank is Kreuz (%(clubs)s) or Karo "
            "(%(diamonds)s); write %(kreuz)s or %(karo)s",
            **params,
        )
    return CardError(said, field)


def _plain_tokens() -> dict[str, Card]:
    """Every way of writing a card or a joker without a pin, in upper and lower case."""
    table = {token: JOKER for token in JOKER_TOKENS} | {"jk": JOKER, "Joker": JOKER}
    for text, (rank, suit) in _NATURALS.items():
        for token in (text, text.lower()):
            table[token] = Card(rank, suit)
    return table


# most tokens are written plainly: looked up, not parsed
_PLAIN_TOKENS = _plain_tokens()


def parse_card(token: object, *, where: str = "", field: str | None = None) -> Card:
    """Parse one card token; ``where`` says where it stood, for the error message."""
    if isinstance(token, str):
        card = _PLAIN_TOKENS.get(token)
        if card is not None:
            return card
    else:
        raise _not_a_card(token, where, N_("a card is written as text, like 7H or JK"), field)
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
                token, where, N_("only a joker or a wild deuce can stand for another card"), field
            )
        pinned = _parse_natural(pin_text, token, where, field)
        return Card(base.rank, base.suit, pinned)
    return _parse_natural(text, token, where, field)


def card_tokens(text: str) -> list[str]:
    """Cards typed as text, cut into one token a card: spaces or commas stand between them.
    Nothing is read yet: :func:`parse_cards` names a token that is no card.

    >>> card_tokens("AS 10h,jk  D♥")
    ['AS', '10h', 'jk', 'D♥']
    """
    return text.replace(",", " ").split()


def meld_tokens(text: str) -> list[list[str]]:
    """Melds typed as text, one a line, each cut into its card tokens; a blank line is none.

    >>> meld_tokens("3H 4H 5H\\n\\n9S,9D,9C")
    [['3H', '4H', '5H'], ['9S', '9D', '9C']]
    """
    return [card_tokens(line) for line in text.splitlines() if line.strip()]


# a card as the engine writes it (``str(card)``) inside a sentence: not part of a longer
# word, and not the card a wild card stands for (``JK=5H`` stays as it is)
_WRITTEN_RANK = "|".join(sorted(_RANK_SYMBOLS.values(), key=len, reverse=True))
_WRITTEN_CARD = re.compile(rf"(?<![\w=])(?:{_WRITTEN_RANK})[{''.join(Suit)}](?!\w)")


def rewrite_cards(text: str, write: Callable[[Card], str]) -> str:
    """``text`` (an explain line) with each natural card the engine wrote in it written by
    ``write`` instead.

    >>> rewrite_cards("Ben: AS-2S-3S; JK=5H 10H 10", lambda card: card.rank.symbol + "!")
    'Ben: A!-2!-3!; JK=5H 10! 10'
    """
    return _WRITTEN_CARD.sub(lambda found: write(parse_card(found[0])), text)


def parse_cards(tokens: object, *, where: str = "", field: str | None = None) -> list[Card]:
    """Parse a list of tokens (or a space/comma separated string, the typing fallback).

    >>> [str(c) for c in parse_cards("AS 10h, jk")]
    ['AS', '10H', 'JK']
    """
    if isinstance(tokens, str):
        tokens = card_tokens(tokens)
    if not isinstance(tokens, list | tuple):
        raise CardError(N_("%(where)s must be a list of cards", where=where or N_("cards")), field)
    cards = []
    plain = _PLAIN_TOKENS
    for index, token in enumerate(tokens):
        card = plain.get(token) if isinstance(token, str) else None
        if card is None:  # written some other way, or a mistake: parsed, and named if wrong
            if where:
                place = N_("%(where)s, card %(number)s", where=where, number=index + 1)
            else:
                place = N_("card %(number)s", number=index + 1)
            sub_field = f"{field}[{index}]" if field is not None else None
            card = parse_card(token, where=place, field=sub_field)
        cards.append(card)
    return cards


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _base_language(lang: str | None) -> str:
    return (lang or "en").replace("-", "_").split("_")[0].lower()


def format_card(
    card: Card, lang: str | None = "en", *, letters: bool = False, symbols: bool = False
) -> str:
    """A card as a table of ``lang`` writes it; the parser reads it back.

    English (and every language without letters of its own) is the contract's form
    (``QH``), or with ``symbols`` the suit's symbol (``Q♥``, for a sentence a player reads);
    German and French use their court letters and the suit symbols, or with ``letters``
    their suit letters too (``BKr``, as typed on a keyboard without symbols).

    >>> format_card(Card(Rank.JACK, Suit.CLUBS), "de-AT"), format_card(Card(Rank.JACK, Suit.CLUBS))
    ('B♣', 'JC')
    >>> format_card(Card(Rank.NINE, Suit.CLUBS), "en", symbols=True)
    '9♣'
    """
    base = _base_language(lang)
    courts = COURT_LETTERS.get(base)
    if card.pinned is not None:
        return (
            f"{format_card(card.physical, lang, letters=letters, symbols=symbols)}="
            f"{format_card(card.pinned, lang, letters=letters, symbols=symbols)}"
        )
    if courts is None:
        if symbols and not card.is_joker:
            return card.rank.symbol + SUIT_SYMBOLS[card.suit]
        return str(card)
    if card.is_joker:
        return JOKER_NAMES[base]
    suits = SUIT_LETTERS[base] if letters else SUIT_SYMBOLS
    return courts.get(card.rank, card.rank.symbol) + suits[card.suit]


def card_faces(lang: str | None = "en") -> dict[str, str]:
    """What a card picker shows on its buttons in ``lang``: each rank's English letter
    (what the picker writes into the field) to the letter the table reads, and the joker.

    >>> card_faces("de")["Q"], card_faces("de")["JK"], card_faces("en")["Q"]
    ('D', 'Joker', 'Q')
    """
    base = _base_language(lang)
    letters = COURT_LETTERS.get(base, {})
    faces = {rank.symbol: letters.get(rank, rank.symbol) for rank in Rank}
    faces["JK"] = JOKER_NAMES.get(base, "JK")
    return faces


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


def check_hand_limits(cards: Sequence[Card], field: str, decks: int, jokers: int) -> None:
    """:func:`check_deck_limits` for one list of cards at JSON path ``field``."""
    if len({(card.rank, card.suit) for card in cards}) < len(cards) or any(
        card.rank is None for card in cards
    ):
        check_deck_limits(
            ((card, f"{field}[{index}]") for index, card in enumerate(cards)), decks, jokers
        )


def check_deck_limits(cards: Iterable[tuple[Card, str | None]], decks: int, jokers: int) -> None:
    """Refuse a card seen more often than the deck in play holds.

    ``cards`` pairs each card with the JSON path where it stood, so the error
    can point at the first copy that is one too many. Every natural card is in
    the deck ``decks`` times, the joker ``jokers`` times.
    """
    problems = deck_limit_problems(cards, decks, jokers)
    if problems:
        raise problems[0]


def deck_limit_problems(
    cards: Iterable[tuple[Card, str | None]], decks: int, jokers: int
) -> list[CardError]:
    """Each card seen more often than the deck in play holds, once, at its first copy too many
    (in the order the copies were met)."""
    seen: Counter[tuple[Rank | None, Suit | None]] = Counter()
    problems: list[CardError] = []
    for card, field in cards:
        # counted by rank and suit: a pinned wild card is the card it physically is
        key = (card.rank, card.suit)
        seen[key] += 1
        if seen[key] == (jokers if card.rank is None else decks) + 1:
            physical = card.physical
            if physical.is_joker:
                problems.append(
                    CardError(
                        N_(
                            "there are only %(jokers)s jokers in play, but %(seen)s were entered",
                            jokers=jokers,
                            seen=seen[key],
                        ),
                        field,
                    )
                )
                continue
            problems.append(
                CardError(
                    Nn_(
                        "%(card)s is used %(seen)s times, but the deck in play holds it once",
                        "%(card)s is used %(seen)s times, but the deck in play holds it "
                        "%(num)s times",
                        decks,
                        card=physical,
                        seen=seen[key],
                    ),
                    field,
                )
            )
    return problems
