"""What a variant is: the record's types, the options every variant takes, and how a record
says its numbers.

A rule that differs between variants is a field of :class:`Variant`, never an
``if variant == ...`` elsewhere; the sixteen records themselves are in
:mod:`scorekeeper.rules.records`, and :mod:`scorekeeper.rules.catalog` looks them up and
applies a table's house rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from enum import Enum, StrEnum
from functools import cached_property
from types import MappingProxyType
from typing import Any

from .cards import Card, Rank
from .errors import OptionError
from .messages import N_, OR, Join, Message, Nn_

DECK_CARDS = 52
# Where a hand may grow past the deal (the variant's ``hands_grow``), no hand is longer than
# this: a longer "hand" is a mistake.
MOST_CARDS_IN_HAND = 30


class AceMode(StrEnum):
    """Where an ace may stand in a run."""

    LOW = "low"  # A-2-3 only
    HIGH = "high"  # Q-K-A only
    LOW_OR_HIGH = "low-or-high"  # A-2-3 or Q-K-A, never K-A-2
    AROUND = "around"  # K-A-2 allowed, runs may wrap


class Goal(StrEnum):
    LOW = "low"  # penalty games: the lowest total wins
    HIGH = "high"  # the highest total wins


def leaders(
    totals: Mapping[str, int], goal: Goal | str, players: Iterable[str] | None = None
) -> list[str]:
    """Who leads: the players (in ``players`` order, or the totals' own) with the best total
    by the table's goal (see :func:`scorekeeper.rules.catalog.goal_of` for a house rule's),
    every tied player among them.

    >>> leaders({"Ana": 20, "Ben": 5, "Cem": 5}, Goal.LOW)
    ['Ben', 'Cem']
    """
    among = list(totals if players is None else players)
    if not among:
        return []
    pick = max if Goal(goal) == Goal.HIGH else min
    best = pick(totals[player] for player in among)
    return [player for player in among if totals[player] == best]


class Scoring(StrEnum):
    """How a round turns into points; each names one rule in ``scoring.py``."""

    WINNER_COLLECTS = "winner-collects"  # winner scores the cards left in the other hands
    BLOCK = "block"  # as winner-collects; a blocked hand pays the lowest count the differences
    PENALTY = "penalty"  # each loser adds their hand (German Rommé, Rami)
    KNOCK = "knock"  # Knock Rummy showdown
    CONTINENTAL = "continental"  # chips from each opponent
    QUEEN_CITY = "queen-city"  # own melded value times opponents
    PHOM = "phom"  # chips by place
    HANDS_WON = "hands-won"  # Nowrang: one point a hand won
    CAROUSEL = "carousel"  # lowest count wins the differences
    GIN = "gin"  # a knock: the defender lays off; the lower deadwood scores the difference


class GameEnd(StrEnum):
    TARGET = "target"  # first to reach `target` (high) ends the game
    ROUNDS = "rounds"  # an agreed number of hands
    THRESHOLD = "threshold"  # Rami: passing the mark ends it, lowest wins
    ELIMINATION = "elimination"  # Rami: passing the mark eliminates


class RoundEnd(StrEnum):
    """How a round ended: the contract's ``end``."""

    OUT = "out"  # went out, having melded in earlier turns
    RUMMY = "rummy"  # went out all at once, nothing melded before
    KNOCK = "knock"  # knocked: the knocker still holds cards
    STOCK = "stock"  # the stock ran out, or play blocked: nobody ended it

    @property
    def going_out(self) -> bool:
        """The winner laid down every card, so holds none (and had melded)."""
        return self in (RoundEnd.OUT, RoundEnd.RUMMY)

    @property
    def by_player(self) -> bool:
        """A player ended the round, so it has a winner."""
        return self is not RoundEnd.STOCK

    @property
    def words(self) -> Message:
        """How the round ended, in words ("went out"). (Not ``in_language``: :func:`say` takes a
        type with ``in_language`` for one that writes itself in a language, as a card does.)"""
        return _ROUND_END_WORDS[self]


_ROUND_END_WORDS = {
    RoundEnd.OUT: N_("went out"),
    RoundEnd.RUMMY: N_("went rummy"),
    RoundEnd.KNOCK: N_("knocked"),
    RoundEnd.STOCK: N_("stock ran out"),
}
# the ends at which the winner holds no cards
GOING_OUT = frozenset(end for end in RoundEnd if end.going_out)


@dataclass(frozen=True)
class Values:
    """What a card is worth left in hand (penalty or collected points).

    ``ace`` is ``None`` where it follows the ace mode: ``ace_low`` with aces low,
    ``ace_high`` otherwise (Basic Rummy: "ace 1 (11 when `ace` is low-or-high or around)").
    """

    ace: int | None = 1
    ace_low: int = 1
    ace_high: int = 11
    jack: int = 10
    queen: int = 10
    king: int = 10
    joker: int = 15
    pip: int | None = None  # 2–10: None is face value (a table counting cards makes it 1)

    def of(self, card: Card, ace_mode: AceMode = AceMode.LOW) -> int:
        """Points of one physical card (a pinned joker still counts as a joker).

        >>> Values(ace=None).of(Card(Rank.ACE, None), AceMode.AROUND)
        11
        """
        card = card.physical
        if card.is_joker:
            return self.joker
        if card.rank == Rank.ACE:
            if self.ace is None:
                return self.ace_low if ace_mode == AceMode.LOW else self.ace_high
            return self.ace
        court = {Rank.JACK: self.jack, Rank.QUEEN: self.queen, Rank.KING: self.king}
        if card.rank in court:
            return court[card.rank]
        return int(card.rank) if self.pip is None else self.pip


@dataclass(frozen=True)
class OpeningValues:
    """What a card is worth in a first meld (a joker worth the card it stands for).

    ``ace_high`` is the ace anywhere but below a two, where it is worth ``ace_low``.
    """

    ace_high: int = 11
    ace_low: int = 1
    court: int = 10


@dataclass(frozen=True)
class Deal:
    """One row of a variant's deal table."""

    players: tuple[int, int]  # inclusive range of player counts this row covers
    decks: int
    jokers: int
    cards: int


@dataclass(frozen=True)
class Option:
    """A house rule a variant takes: what it is called, what it changes, its bounds.

    ``sets`` names the :class:`Rules` field the option sets (``values.joker`` is the
    joker's value); such an option's default is that field of the variant's own data,
    declared there once (see :attr:`Variant.options`). A default of ``None`` on ``decks``,
    ``jokers``, ``cards`` and ``rounds`` means "from the player count" (see :func:`resolve`);
    a ``null`` given for them means the same. ``when_on`` (a switch) gives the Rules fields
    it changes when on, unless the table chose that field itself. ``choices`` lists the
    allowed values of a text option; ``kind`` is the Python type of the value; ``minimum``
    and ``maximum`` bound a number (the largest a real table could use, which also bounds
    the work a question can ask of the engine). ``label`` and ``help`` are for people
    (marked for translation); ``choice_help`` says what each choice does.
    """

    kind: type
    label: str
    help: str
    default: Any = None
    sets: str = ""
    choices: tuple[str, ...] = ()
    choice_help: Mapping[str, str] = field(default_factory=dict)
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    when_on: Mapping[str, Any] = field(default_factory=dict)
    # the variant's scoring numbers this option brings into play (shown beside it)
    numbers: tuple[str, ...] = ()
    # further Rules fields the option sets to the same value (Kaluki's ace_value also sets
    # the ace in a first meld)
    sets_too: tuple[str, ...] = ()
    # a text option's choice and the Rules fields it sets, unless the table chose that field
    # itself (Kaluki's scoring 'penalty' plays to a lower target)
    when: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # the round facts a table enters only while this switch is on (see
    # :meth:`Variant.facts_in_force`); a part of a fact is named by its path ("wilds.deuces")
    facts: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The help text (the contract's ``text``)."""
        return self.help

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "default": self.default,
            "type": self.kind.__name__,
            "label": self.label,
            "text": self.help,
        }
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        return data


def switch_option(
    label: str,
    help: str,
    numbers: tuple[str, ...] = (),
    facts: tuple[str, ...] = (),
    **when_on: Any,
) -> Option:
    return Option(bool, label, help, default=False, when_on=when_on, numbers=numbers, facts=facts)


def number_option(label: str, help: str, sets: str, most: int = 1000) -> Option:
    """A number option whose default is the variant's own field ``sets``."""
    return Option(int, label, help, sets=sets, minimum=0, maximum=most)


# Options every variant takes. Where an option sets a field of the variant's data, the
# variant's value of that field is its default: declared once, in the variant.
COMMON_OPTIONS: dict[str, Option] = {
    "decks": Option(
        int,
        N_("Decks"),
        N_("How many 52-card decks are in play."),
        sets="decks",
        minimum=1,
        maximum=4,
        nullable=True,
    ),
    "jokers": Option(
        int,
        N_("Jokers"),
        N_("How many jokers are in play, in all."),
        sets="jokers",
        minimum=0,
        maximum=8,
        nullable=True,
    ),
    "ace": Option(
        str,
        N_("Aces in runs"),
        N_("Where an ace may stand in a run."),
        sets="ace",
        choices=tuple(m.value for m in AceMode),
        choice_help={
            AceMode.LOW.value: N_("low only (A-2-3)"),
            AceMode.HIGH.value: N_("high only (Q-K-A)"),
            AceMode.LOW_OR_HIGH.value: N_("low or high (A-2-3 or Q-K-A), never K-A-2"),
            AceMode.AROUND.value: N_("around the corner (K-A-2 allowed)"),
        },
    ),
    "target": Option(
        int,
        N_("Target score"),
        N_("The score that ends the game."),
        sets="target",
        minimum=1,
        maximum=100_000,
        nullable=True,
    ),
    "rounds": Option(
        int,
        N_("Agreed hands"),
        N_("An agreed number of hands that ends the game."),
        sets="rounds",
        minimum=1,
        maximum=1000,
        nullable=True,
    ),
    "cards": Option(
        int,
        N_("Cards dealt"),
        N_("Cards dealt to each player."),
        sets="cards",
        minimum=1,
        maximum=20,
        nullable=True,
    ),
}

PAY_OPTION = Option(
    bool,
    N_("Play for chips"),
    N_("Play for chips: every 'scores from each' becomes a payment by the players it names."),
    default=False,
)


SCORING_NUMBERS: dict[str, str] = {
    "start": N_("Everyone starts with"),
    "knock_limit": N_("A knock needs at most this many points in hand"),
    "rummy_bonus": N_("Rummy (no deadwood at all): from each opponent"),
    "undercut_bonus": N_("Undercut bonus"),
    "unopened_surcharge": N_("A loser who had not yet melded adds"),
    "rummy_surcharge": N_("The winner went rummy: each loser adds"),
    "rummy_unopened_table_surcharge": N_(
        "The winner went rummy and nobody had melded: each loser adds, instead"
    ),
    "out_bonus": N_("A winner with no cards left"),
    "end_bonus": N_("At the end, each player who reached the target"),
    "end_bonus_per_round_won": N_("At the end, every other player, per round won"),
    "out_chips": N_("Going out: from each opponent"),
    "joker_chips": N_("Each joker in the winner's melds: from each opponent"),
    "wild_deuce_chips": N_("Each deuce used as a wild card: from each opponent"),
    "quick_chips": N_("Going out after so many draws: from each opponent"),
    "no_wild_chips": N_("No wild card in the melds: from each opponent"),
    "one_suit_chips": N_("The whole hand in one suit: from each opponent"),
    "place_chips": N_("The others pay the winner by place"),
    "mom_chips": N_("A player with no meld at all (móm) pays"),
    "u_chips": N_("Ù, melded with a discard: from each other player"),
    "u_all_cards_chips": N_("Ù with every card melded: from each other player"),
    "feed_chips": N_("Each discard the next player took: paid to that player"),
    "feeds_for_liability": N_("Discards taken that make the feeder pay for a rummy"),
    "hand_won_points": N_("A hand won scores"),
    "gin_bonus": N_("Gin (no deadwood at all): on top of the defender's deadwood"),
    "big_gin_bonus": N_("Big gin (all eleven cards melded): instead of the gin bonus"),
    "game_bonus": N_("At the end, the winner of the game"),
    "box_bonus": N_("At the end, each player per hand won"),
    "oklahoma_ace_knock_limit": N_("Oklahoma, an ace up-card: a knock needs at most"),
    "oklahoma_spade_factor": N_("Oklahoma, a spade up-card: every score of the hand times"),
}


@dataclass(frozen=True)
class Variant:
    """One variant of the product, as data."""

    id: str
    name: str
    summary: str
    seeds: tuple[str, ...]
    players: tuple[int, int]
    deal: tuple[Deal, ...]
    ace: AceMode
    goal: Goal
    scoring: Scoring
    game_end: GameEnd
    values: Values = Values()
    # Melds
    sets: bool = True
    set_sizes: tuple[int, int | None] = (3, 4)  # (min, max); max None: no limit
    identical_in_sets: bool = False  # Double Rum: a set may hold the same card twice
    runs: bool = True
    run_min: int = 3
    jokers_at_most_naturals: bool = False  # German Rommé, Rami
    jokers_per_meld: int | None = None  # at most this many jokers in one meld (None: no limit)
    joker_in_three_set_declared: bool = False  # Kaluki: a joker in a 3-card set names its card
    deuces_wild: bool = False  # the default of the option deuces_wild, where a variant takes it
    melds_during_play: bool = True  # False: the whole hand goes down at once (rules page)
    # First meld
    opening_min: int = 0
    opening_natural_run: bool = False  # Rami
    opening_values: OpeningValues = OpeningValues()
    # Going out with the whole hand at once
    going_out_patterns: tuple[tuple[int, ...], ...] = ()  # run lengths, largest first
    going_out_hand_sizes: tuple[int, ...] = ()  # Queen City: all 8 cards, or 7 and a discard
    going_out_natural_run: bool = False  # Rami's "Rummy gehen"
    # German Rommé, Kaluki: going out at once still needs the first meld's minimum (reading)
    going_out_needs_opening: bool = False
    # the player on the dealer's left gets one card more and starts by discarding
    first_player_extra_card: bool = False
    # Phỏm: no meld may hold more than one card taken from the discards
    one_discard_per_meld: bool = False
    rearranges_table: bool = False  # Carousel: a turn may rearrange every meld on the table
    # Scoring and game
    target: int | None = None
    rounds_per_player: int | None = None  # default agreed hands = players x this
    start: int = 0
    winner_deals_next: bool = False
    knock_limit: int | None = None  # Carousel: may knock with at most this many points
    rummy_bonus: int = 0  # Knock Rummy: per opponent
    # Rami's surcharges on each loser: not yet melded; the winner went rummy; ... from a table
    # where nobody had melded (instead of the rummy one)
    unopened_surcharge: int = 0
    rummy_surcharge: int = 0
    rummy_unopened_table_surcharge: int = 0
    undercut_bonus: int = 0  # Knock Rummy (paid by the knocker), Carousel (scored)
    out_bonus: int = 0  # Carousel: winner with no cards left
    end_bonus: int = 0  # Carousel: players reaching the target
    end_bonus_per_round_won: int = 0  # Carousel: everyone else, per round won
    # Continental: chips the winner collects from each opponent
    out_chips: int = 0  # for going out
    joker_chips: int = 0  # per joker in the winner's melds
    wild_deuce_chips: int = 0  # per deuce used as a wild card (option deuces_wild)
    quick_chips: tuple[int, ...] = ()  # option quick_bonus: by cards drawn, 0, 1, ...
    no_wild_chips: int = 0  # option special_bonus: no wild card in the melds
    one_suit_chips: int = 0  # option special_bonus: the whole hand in one suit
    # Phỏm: chips paid to the winner by place (by player count), by a player with no meld
    # (móm), for ù (melded with a discard, or all cards), and by a feeder
    place_chips: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    mom_chips: int = 0
    u_chips: int = 0
    u_all_cards_chips: int = 0
    feed_chips: int = 0  # per discard the next player took (option feeding_penalties)
    feeds_for_liability: int = 0  # discards taken that make the feeder pay for a rummy
    hand_won_points: int = 0  # Nowrang: what a hand won scores
    # Gin: the knocker's bonus for no deadwood, or for all cards melded without a discard
    gin_bonus: int = 0
    big_gin_bonus: int = 0
    # The end of a game to a target: the winner's bonus, everyone's bonus per hand won, and
    # the winner's whole total doubled where the opponent scored nothing (option shutout)
    game_bonus: int = 0
    box_bonus: int = 0
    shutout_doubles: bool = False
    # Oklahoma (an option): the knock limit is the up-card's value, an ace up allows gin
    # only (this limit), and a spade up multiplies every score of the hand by the factor
    oklahoma: bool = False
    oklahoma_ace_knock_limit: int = 0
    oklahoma_spade_factor: int = 0
    # Gin: after a knock the defender lays off onto the knocker's melds (never onto gin)
    defender_lays_off: bool = False
    # a round ended with the stock run down is a draw: nobody scores (Gin)
    stock_draw: bool = False
    # a round fact with which the winner holds one card more than the deal (Gin's big gin)
    winner_extra_card_fact: str = ""
    # What a round record holds for this variant (the round form and the scorer read these)
    ends: tuple[RoundEnd, ...] = (RoundEnd.OUT, RoundEnd.RUMMY)  # allowed `end` of a round
    melds_scored: bool = False  # the round lists each player's melds (Continental, ...)
    # hands shown at the end are arranged for the least deadwood (Knock Rummy, Boat House, Phỏm)
    showdown: bool = False
    # Only possible hands. Round ends at which every hand holds exactly the deal, with the
    # moment named for people (Knock Rummy's knock, Phỏm's showdown after four turns each).
    whole_hands_at: Mapping[RoundEnd, str] = field(default_factory=dict)
    # Phỏm: at the showdown loose cards may be laid off onto shown melds (unless the option
    # no_layoff), so a hand may hold fewer than the deal.
    showdown_layoffs: bool = False
    # A hand may grow past the deal and the one drawn (Boat House takes a second card with
    # the discard; a Carousel turn without a meld draws up to three and discards none).
    hands_grow: bool = False
    # Counted hands (a number in place of the cards). No variant here needs a counted hand's
    # jokers told apart: wherever a joker left in hand matters, it matters by its value, which
    # the count holds. What a count cannot hold is named here:
    # facts that stand in for the winner's melds (Queen City's meld_points, Continental's wilds)
    winner_count_facts: tuple[str, ...] = ()
    # a counted hand needs the player's melds beside it (Phỏm: a player with none is móm)
    count_needs_melds: bool = False
    # a winner's hand that only its cards can prove, and which cards (Phỏm's ù, Nowrang's win);
    # slots are filled from the record as in ``readings``
    winner_cards_needed: str = ""
    round_facts: tuple[str, ...] = ()  # extra facts in `round` (Rami's `opened`, ...)
    own_options: Mapping[str, Option] = field(default_factory=dict)
    # Where VARIANTS.md settled an open point. A slot names a number of this record, filled
    # from it (see :meth:`_filled_from_record`); so do slots in the summary.
    readings: tuple[str, ...] = ()
    # Where a reading decides a score, the explain line (or the game's reason) names it:
    # "hands" (how a loser's hand counts), "stock" (a blocked hand), "places" and "mom"
    # (Phỏm's chips), "order" (a tie broken by turn order), "target" (the default target).
    # Slots are filled from the record as in ``readings``.
    reading_notes: Mapping[str, str] = field(default_factory=dict)
    # A worked example on the rules page, scored by the engine when the page is shown:
    # {"players": [...], "round": {...}} as the contract's score question takes them.
    example: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        clash = set(self.own_options) & (set(COMMON_OPTIONS) | {"pay"})
        if clash:
            raise ValueError(f"{self.id} declares the common option(s) {sorted(clash)} again")
        # Filled here, and again by every dataclasses.replace, so that a number changed in
        # the record changes the rules page and the explain lines that say it.
        filled = self._filled_from_record
        object.__setattr__(self, "summary", filled(self.summary))
        object.__setattr__(self, "readings", tuple(filled(text) for text in self.readings))
        notes = {key: filled(text) for key, text in self.reading_notes.items()}
        object.__setattr__(self, "reading_notes", notes)
        object.__setattr__(self, "winner_cards_needed", filled(self.winner_cards_needed))

    def _filled_from_record(self, text: str) -> str:
        """``text`` with each slot filled from this record: ``%(target)s`` names a field (an
        option's default is the field it sets, so this says it too), ``%(values_joker)s`` a
        field of one of its parts, ``%(cards_for_3)s`` the deal (cards, decks or jokers) for
        that many players. A plural text (Nn_) counts by its first slot. A slot naming
        nothing stops the app at import."""
        if not isinstance(text, Message):
            return text
        slots = _SLOT.findall(text.plural or text.id)
        params = {slot: self._number(slot, text) for slot in slots}
        count = params[slots[0]] if text.plural and slots else text.count
        return Message(
            text.id, {k: _number_in_words(v) for k, v in params.items()}, text.plural, count
        )

    def _number(self, slot: str, text: Message) -> Any:
        if slot in _FIELD_NAMES:
            return getattr(self, slot)
        if slot in _PLAYER_BOUNDS:
            return self.players[_PLAYER_BOUNDS[slot]]
        dealt = _DEAL_SLOT.fullmatch(slot)
        if dealt:
            return getattr(self.deal_for(int(dealt["players"])), dealt["what"])
        for name in _FIELD_ORDER:
            part = getattr(self, name)
            inner = slot.removeprefix(f"{name}_")
            if inner != slot and is_dataclass(part) and hasattr(part, inner):
                return getattr(part, inner)
        raise ValueError(f"{self.id}: {text.id!r} names {slot!r}, which is not in the record")

    def scoring_numbers(self) -> list[tuple[str, Any]]:
        """Each scoring number this variant uses (its field name and value), in the order
        of :data:`SCORING_NUMBERS`."""
        return [(name, getattr(self, name)) for name in SCORING_NUMBERS if getattr(self, name)]

    def setting(self, path: str) -> Any:
        """The variant's own value of a Rules field an option sets (``values.joker``), or
        None where the player count decides it."""
        value: Any = self
        for part in path.split("."):
            value = getattr(value, part, None)
        return value.value if isinstance(value, Enum) else value

    @cached_property
    def options(self) -> Mapping[str, Option]:
        """Every option this variant takes; an option that sets a field of the variant's
        data defaults to the variant's value of it."""
        declared = dict(COMMON_OPTIONS)
        if self.goal == Goal.HIGH:
            declared["pay"] = PAY_OPTION
        declared |= self.own_options
        return MappingProxyType(
            {
                name: replace(spec, default=self.setting(spec.sets)) if spec.sets else spec
                for name, spec in declared.items()
            }
        )

    def facts_in_force(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The round facts a table with these house rules enters: the variant's own, less
        those an option turns on while it is off, and the parts of facts an option adds
        while it is on; an option not given is at its default."""
        switched = {
            fact: bool(options.get(name, spec.default))
            for name, spec in self.options.items()
            for fact in spec.facts
        }
        own = [fact for fact in self.round_facts if switched.get(fact, True)]
        added = [fact for fact, on in switched.items() if on and fact not in self.round_facts]
        return tuple(own + added)

    def deal_for(self, players: int, decks: int | None = None) -> Deal:
        """The deal-table row for a player count (and a chosen number of decks)."""
        rows = [row for row in self.deal if row.players[0] <= players <= row.players[1]]
        if not rows:
            low, high = self.players
            raise OptionError(
                N_(
                    "%(variant)s is for %(low)s to %(high)s players, not %(players)s",
                    variant=self.name,
                    low=low,
                    high=high,
                    players=players,
                ),
                "players",
            )
        if decks is not None:
            for row in rows:
                if row.decks == decks:
                    return row
        return rows[0]

    def as_json(self) -> dict[str, Any]:
        low, _ = self.players
        first = self.deal_for(low)
        return {
            "id": self.id,
            "name": self.name,
            "summary": self.summary,
            "players": list(self.players),
            "decks": first.decks,
            "jokers": first.jokers,
            "cards": first.cards,
            "deal": [
                {
                    "players": list(row.players),
                    "decks": row.decks,
                    "jokers": row.jokers,
                    "cards": row.cards,
                }
                for row in self.deal
            ],
            "first_player_extra_card": self.first_player_extra_card,
            "goal": self.goal.value,
            "ends": list(self.ends),
            "melds_scored": self.melds_scored,
            "round_facts": list(self.round_facts),
            "options": {name: option.default for name, option in self.options.items()},
            "option_specs": {name: option.as_json() for name, option in self.options.items()},
            "readings": list(self.readings),
        }


_SLOT = re.compile(r"%\((\w+)\)s")
_DEAL_SLOT = re.compile(r"(?P<what>cards|decks|jokers)_for_(?P<players>\d+)")
_FIELD_ORDER = tuple(
    item.name for item in fields(Variant)
)  # a slot finds its part the same way every run
_FIELD_NAMES = frozenset(_FIELD_ORDER)
_PLAYER_BOUNDS = {"fewest_players": 0, "most_players": 1}  # slots for the ends of ``players``


def _number_in_words(value: Any) -> Any:
    """A number of the record as a sentence says it; chips by player count as a ladder,
    the largest table first ("4 players: 1, 2, 3; 3 players: 1, 2; 2 players: 1"); hand
    patterns as sums ("5+4+3+3 or 4+4+4+3")."""
    if isinstance(value, tuple) and value and all(isinstance(item, tuple) for item in value):
        return Join(("+".join(map(str, pattern)) for pattern in value), OR)
    if isinstance(value, Mapping):
        return Join(
            (
                N_(
                    "%(players)s: %(chips)s",
                    players=Nn_("%(num)s player", "%(num)s players", players),
                    chips=Join(chips, ", "),
                )
                for players, chips in sorted(value.items(), reverse=True)
            ),
            "; ",
        )
    return value
