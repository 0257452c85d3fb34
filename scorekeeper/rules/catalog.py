"""The sixteen variants as data.

Each variant is one frozen :class:`Variant` record, filled in from
``shared/rules/VARIANTS.md``. A rule that differs between variants is a field
here, never an ``if variant == ...`` elsewhere, and every number the scoring uses
(card values, bonuses, surcharges, chips, limits, default lengths) is a field of the
record, so the rules pages are generated from it. House rules are options: each
variant names the options it takes (:attr:`Variant.options`); an option that changes a
number names the :class:`Rules` field it sets and takes the variant's own value as its
default, declared once. :func:`resolve` applies a session's options and player count
generically to give the :class:`Rules` the rest of the engine reads.

>>> rules = resolve("rami", {}, players=4)
>>> rules.decks, rules.jokers, rules.cards, rules.values.joker
(2, 4, 12, 150)
>>> resolve("rami", {"end": "sideways"})
Traceback (most recent call last):
...
scorekeeper.rules.errors.OptionError: option 'end' of rami must be one of threshold, elimination, rounds, not 'sideways'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from enum import Enum, StrEnum
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any

from .cards import Card, Rank, Suit
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


def _switch(label: str, help: str, numbers: tuple[str, ...] = (), **when_on: Any) -> Option:
    return Option(bool, label, help, default=False, when_on=when_on, numbers=numbers)


def _number(label: str, help: str, sets: str, most: int = 1000) -> Option:
    """A number option whose default is the variant's own field ``sets``."""
    return Option(int, label, help, sets=sets, minimum=0, maximum=most)


# What a card left in hand is worth when the table counts cards instead of points.
_CARDS_COUNTED = Values(ace=1, jack=1, queen=1, king=1, joker=2, pip=1)

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

ACE_VALUE = _number(N_("Ace value"), N_("An ace left in hand is worth this much."), "values.ace")
JOKER_VALUE = _number(
    N_("Joker value"), N_("A joker left in hand is worth this much."), "values.joker"
)
OPENING_MIN = _number(
    N_("First meld"), N_("The first meld must be worth at least this."), "opening_min"
)

RUMMY_OPTIONS: dict[str, Option] = {
    "call_rummy": _switch(
        N_("Call Rummy"),
        N_(
            "Call Rummy: a discard that could be laid off may be claimed by any other player "
            "calling 'Rummy!' before the next draw."
        ),
    ),
    "single_hand": _switch(
        N_("Single hand"),
        N_("No running score: each hand is its own game; its winner deals next."),
    ),
    "throw_down": _switch(
        N_("Throw-Down Rummy"),
        N_("Throw-Down Rummy: any face-up discard may be drawn, not only the top one."),
    ),
    "borrow": Option(
        str,
        N_("Borrowing"),
        N_("Borrowing a card from a meld on the table to use at once in a new meld."),
        default="none",
        choices=("none", "own", "any"),
        choice_help={
            "none": N_("never"),
            "own": N_("from your own melds"),
            "any": N_("from any meld"),
        },
    ),
    "one_meld_per_turn": _switch(N_("One meld a turn"), N_("At most one new meld a turn.")),
    "layoff_after_first_meld": _switch(
        N_("Lay off after your first meld"),
        N_("No laying off on others' melds before your own first meld."),
    ),
    "rummy_doubles": _switch(
        N_("Rummy verdeckt"), N_("Rummy verdeckt: going rummy scores double.")
    ),
    "must_discard": _switch(
        N_("Out by discarding"), N_("A player may go out only by discarding the last card.")
    ),
    "count_cards": _switch(
        N_("Count cards"),
        N_(
            "Each card left in hand counts %(card)s (a joker %(joker)s) instead of its value.",
            card=_CARDS_COUNTED.pip,
            joker=_CARDS_COUNTED.joker,
        ),
        values=_CARDS_COUNTED,
        target=25,
    ),
}


# Every scoring number a variant's record may hold, as a rules page names it.
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
    ends: tuple[str, ...] = ("out", "rummy")  # allowed values of the round's `end`
    melds_scored: bool = False  # the round lists each player's melds (Continental, ...)
    # hands shown at the end are arranged for the least deadwood (Knock Rummy, Boat House, Phỏm)
    showdown: bool = False
    # Only possible hands. Round ends at which every hand holds exactly the deal, with the
    # moment named for people (Knock Rummy's knock, Phỏm's showdown after four turns each).
    whole_hands_at: Mapping[str, str] = field(default_factory=dict)
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
    # from it (see :meth:`_said_from_record`); so do slots in the summary.
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
        said = self._said_from_record
        object.__setattr__(self, "summary", said(self.summary))
        object.__setattr__(self, "readings", tuple(said(text) for text in self.readings))
        notes = {key: said(text) for key, text in self.reading_notes.items()}
        object.__setattr__(self, "reading_notes", notes)
        object.__setattr__(self, "winner_cards_needed", said(self.winner_cards_needed))

    def _said_from_record(self, text: str) -> str:
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
        return Message(text.id, {k: _number_said(v) for k, v in params.items()}, text.plural, count)

    def _number(self, slot: str, text: Message) -> Any:
        if slot in _FIELD_NAMES:
            return getattr(self, slot)
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


def _number_said(value: Any) -> Any:
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


# Where no number of hands is agreed (VARIANTS.md's reading for every such variant); the
# count and the slot are filled from each record that says it.
HANDS_PER_PLAYER = Nn_(
    "Without an agreed number of hands the game lasts %(rounds_per_player)s hand per player.",
    "Without an agreed number of hands the game lasts %(rounds_per_player)s hands per player.",
    1,
    rounds_per_player=None,
)


RUMMY = Variant(
    id="rummy",
    example={
        "players": ["Ana", "Ben", "Cem"],
        "round": {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": ["KS", "7D", "AC"], "Cem": ["4C"]},
        },
    },
    name=N_("Basic Rummy"),
    summary=N_(
        "Draw, meld sets and runs, lay off; the first out scores the cards left in the other hands."
    ),
    seeds=("001", "000"),
    players=(2, 7),
    deal=(
        Deal((2, 2), 1, 0, 10),
        Deal((3, 5), 1, 0, 7),
        Deal((4, 5), 2, 0, 10),
        Deal((6, 7), 2, 0, 10),
    ),
    ace=AceMode.LOW,
    goal=Goal.HIGH,
    scoring=Scoring.WINNER_COLLECTS,
    game_end=GameEnd.TARGET,
    values=Values(ace=None, joker=15),
    target=100,
    own_options=RUMMY_OPTIONS,
    readings=(
        N_("3 players are dealt %(cards_for_3)s cards each (10 by choice, option cards)."),
        N_(
            "The game is played to %(target)s points (the seed's own number was lost in "
            "translation)."
        ),
    ),
    reading_notes={"target": N_("the seed's own number was lost in translation")},
)

AROUND_THE_CORNER = replace(
    RUMMY,
    example={
        "players": ["Ana", "Ben", "Cem"],
        "round": {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": ["AS", "KH", "5D"], "Cem": ["2C", "2D"]},
        },
    },
    id="around-the-corner",
    name=N_("Around the Corner Rummy"),
    summary=N_(
        "Basic Rummy where runs may turn the corner (K-A-2); an ace left in hand counts "
        "%(values_ace_high)s."
    ),
    seeds=("000",),
    ace=AceMode.AROUND,
    readings=RUMMY.readings,
)

RUMMY_COMPLETE = replace(
    RUMMY,
    example={
        "players": ["Ana", "Ben"],
        "round": {"winner": "Ana", "end": "out", "hands": {"Ben": ["QS", "QH", "QD", "5C"]}},
    },
    id="rummy-complete",
    name=N_("Rummy Complete"),
    summary=N_(
        "No melds during play: lay down the whole hand at once; collect every card the others hold."
    ),
    seeds=("000",),
    melds_during_play=False,
    target=200,
    reading_notes={
        "hands": N_(
            "the others' hands count in full, not arranged ('his hands' read as the opponents')"
        )
    },
    readings=(
        N_(
            "The winner collects the full value of the cards each other player holds, not arranged "
            "('his hands' in the seed read as the opponents')."
        ),
    ),
)

BLOCK_RUMMY = replace(
    RUMMY,
    example={
        "players": ["Ana", "Ben", "Cem"],
        "round": {
            "end": "stock",
            "hands": {"Ana": ["3C", "2D"], "Ben": ["9S", "KD"], "Cem": ["7H"]},
        },
    },
    id="block-rummy",
    ends=("out", "rummy", "stock"),
    name=N_("Block Rummy"),
    summary=N_(
        "Basic Rummy, but when the stock runs out the hand is blocked and the lowest count wins."
    ),
    seeds=("000",),
    scoring=Scoring.BLOCK,
    reading_notes=dict(
        RUMMY.reading_notes,
        stock=N_(
            "play went on past the end of the stock (the seed's 'discard pile' read as the stock)"
        ),
    ),
    readings=(
        RUMMY.readings[1],
        N_(
            "Play continues past the end of the stock (the seed's 'discard pile' there read as the stock)."
        ),
        N_(
            "Tied lowest counts share the points as evenly as possible; points that cannot be divided "
            "are credited to nobody."
        ),
    ),
)

BOAT_HOUSE = replace(
    RUMMY,
    example={
        "players": ["Ana", "Ben"],
        "round": {"winner": "Ana", "end": "out", "hands": {"Ben": ["5H", "6H", "7H", "KS", "AD"]}},
    },
    id="boat-house",
    showdown=True,
    name=N_("Boat House Rum"),
    summary=N_("Take the discard and you take a second card too; lay the whole hand down at once."),
    seeds=("000",),
    ace=AceMode.AROUND,
    values=Values(ace=11, joker=15),
    melds_during_play=False,
    hands_grow=True,
    reading_notes=dict(
        RUMMY.reading_notes,
        hands=N_("arranged for the least unmatched value, no laying off on the winner's melds"),
    ),
    readings=(
        RUMMY.readings[1],
        N_(
            "The losers' hands are arranged for the least unmatched value; nobody lays off on the "
            "winner's melds."
        ),
    ),
)

KALUKI = Variant(
    example={
        "players": ["Ana", "Ben", "Cem"],
        "round": {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": ["AS", "JK", "9D"], "Cem": ["QC", "3H"]},
        },
    },
    id="kaluki",
    name=N_("Kaluki (Caloochi, Kalooki)"),
    summary=N_(
        "%(decks_for_2)s decks and %(jokers_for_2)s jokers, %(cards_for_2)s cards; open with "
        "%(opening_min)s; the winner collects the others' hands."
    ),
    seeds=("000",),
    players=(2, 4),
    deal=(Deal((2, 4), 2, 4, 15),),
    ace=AceMode.LOW_OR_HIGH,
    goal=Goal.HIGH,
    scoring=Scoring.WINNER_COLLECTS,
    game_end=GameEnd.TARGET,
    values=Values(ace=15, joker=25),
    joker_in_three_set_declared=True,
    opening_min=51,
    going_out_needs_opening=True,
    opening_values=OpeningValues(ace_high=15, ace_low=1),
    target=250,
    own_options={
        "ace_value": replace(
            ACE_VALUE,
            help=N_(
                "An ace left in hand, or in a first meld anywhere but below a two, is worth "
                "this much."
            ),
            sets_too=("opening_values.ace_high",),
        ),
        "joker_value": JOKER_VALUE,
        "opening_min": _number(
            N_("First meld"),
            N_("The first meld of each hand must be worth at least this."),
            "opening_min",
        ),
        "scoring": Option(
            str,
            N_("Scoring"),
            N_("Who scores a hand."),
            default="collect",
            choices=("collect", "penalty"),
            choice_help={
                "collect": N_("the winner collects the others' hands; first to the target wins"),
                "penalty": N_(
                    "each loser adds their hand; passing the target puts a player out; the "
                    "last player left wins"
                ),
            },
            when={
                "penalty": {
                    "scoring": Scoring.PENALTY,
                    "goal": Goal.LOW,
                    "game_end": GameEnd.ELIMINATION,
                    "target": 150,
                }
            },
        ),
    },
    readings=(
        N_(
            "In the first meld an ace counts %(opening_values_ace_low)s below a two and "
            "%(opening_values_ace_high)s otherwise, courts %(opening_values_court)s."
        ),
        N_("The game is played to %(target)s (after the published US rules; the seed gives none)."),
    ),
    reading_notes={"target": N_("after the published US rules; the seed gives none")},
)

DOUBLE_RUM = Variant(
    example={
        "players": ["Ana", "Ben"],
        "round": {"winner": "Ana", "end": "out", "hands": {"Ben": ["AH", "JK", "QC"]}},
    },
    id="double-rum",
    name=N_("Double Rum"),
    summary=N_("%(decks_for_2)s decks and %(jokers_for_2)s jokers; sets may hold identical cards."),
    seeds=("000",),
    players=(2, 6),
    deal=(Deal((2, 6), 2, 4, 10),),
    ace=AceMode.LOW_OR_HIGH,
    goal=Goal.HIGH,
    scoring=Scoring.WINNER_COLLECTS,
    game_end=GameEnd.TARGET,
    values=Values(ace=11, joker=15),
    set_sizes=(3, None),
    identical_in_sets=True,
    target=100,
    readings=(
        N_(
            "The number of players and the %(cards_for_2)s cards each are a reading (the seed "
            "gives neither)."
        ),
        N_("The game is played to %(target)s, as Basic Rummy (the seed gives no number)."),
    ),
    reading_notes={"target": N_("as Basic Rummy; the seed gives no number")},
)

KNOCK_RUMMY = Variant(
    example={
        "players": ["Ana", "Ben", "Cem"],
        "round": {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["3S", "4S", "5S", "7H", "7D", "7C", "AD"],
                "Ben": ["KS", "KH", "KD", "2C", "3C", "4C", "6D"],
                "Cem": ["9S", "9H", "QD", "JD", "10C", "8C", "5H"],
            },
        },
    },
    id="knock-rummy",
    showdown=True,
    ends=("knock",),
    whole_hands_at={"knock": N_("when a player knocks (the knocker's after the discard)")},
    name=N_("Knock Rummy"),
    summary=N_(
        "Nobody melds in play; knock, show melds and deadwood; the lowest count wins the differences."
    ),
    seeds=("000",),
    players=(2, 5),
    deal=(Deal((2, 2), 1, 0, 10), Deal((3, 4), 1, 0, 7), Deal((5, 5), 1, 0, 6)),
    ace=AceMode.LOW,
    goal=Goal.HIGH,
    scoring=Scoring.KNOCK,
    game_end=GameEnd.TARGET,
    values=Values(ace=1, joker=15),
    melds_during_play=False,
    target=100,
    rummy_bonus=25,
    undercut_bonus=10,
    own_options={
        "undercut_on_tie": _switch(
            N_("Undercut on a tie"),
            N_("A player who ties the knocker also gets the undercut bonus."),
        ),
    },
    readings=(
        N_(
            "Several players other than the knocker sharing the lowest count each score as a winner."
        ),
    ),
)

CONTINENTAL = Variant(
    example={
        "players": ["Ana", "Ben", "Cem"],
        "round": {
            "winner": "Ana",
            "end": "out",
            "melds": {
                "Ana": [
                    ["3H", "4H", "5H", "6H", "7H"],
                    ["8S", "9S", "10S", "JS"],
                    ["2C", "3C", "4C"],
                    ["JK", "QD", "KD"],
                ]
            },
        },
    },
    id="continental",
    ends=("out",),
    melds_scored=True,
    round_facts=("draws", "wilds", "one_suit"),
    winner_count_facts=("wilds",),
    name=N_("Continental Rummy"),
    summary=N_(
        "Runs only, the whole hand of %(cards_for_2)s at once in %(going_out_patterns)s; chips "
        "from each."
    ),
    seeds=("000",),
    players=(2, 12),
    deal=(Deal((2, 5), 2, 2, 15), Deal((6, 8), 3, 3, 15), Deal((9, 12), 4, 4, 15)),
    ace=AceMode.LOW_OR_HIGH,
    goal=Goal.HIGH,
    scoring=Scoring.CONTINENTAL,
    game_end=GameEnd.ROUNDS,
    sets=False,
    melds_during_play=False,
    going_out_patterns=((5, 4, 3, 3), (4, 4, 4, 3), (3, 3, 3, 3, 3)),
    rounds_per_player=1,
    start=100,
    winner_deals_next=True,
    out_chips=1,
    joker_chips=2,
    wild_deuce_chips=1,
    quick_chips=(10, 7),
    no_wild_chips=10,
    one_suit_chips=10,
    own_options={
        "start": _number(
            N_("Starting points"), N_("Everyone starts with this many points."), "start", 100_000
        ),
        "deuces_wild": Option(
            bool,
            N_("Deuces wild"),
            N_("Deuces are wild; each used as a wild card earns more from each opponent."),
            sets="deuces_wild",
            numbers=("wild_deuce_chips",),
        ),
        "quick_bonus": _switch(
            N_("Quick-meld bonus"),
            N_("Going out after no draw, or after one, earns more from each opponent."),
            numbers=("quick_chips",),
        ),
        "special_bonus": _switch(
            N_("Special bonuses"),
            N_("No wild card in the melds, or the whole hand in one suit, earns more from each."),
            numbers=("no_wild_chips", "one_suit_chips"),
        ),
    },
    readings=(HANDS_PER_PLAYER,),
)

QUEEN_CITY = Variant(
    example={
        "players": ["Ana", "Ben", "Cem"],
        "round": {
            "winner": "Ana",
            "end": "out",
            "melds": {"Ana": [["7S", "8S", "9S", "10S"], ["KH", "KD", "KC"]]},
        },
    },
    id="queen-city",
    ends=("out",),
    melds_scored=True,
    round_facts=("meld_points",),
    winner_count_facts=("meld_points",),
    name=N_("Queen City Rum"),
    summary=N_(
        "%(cards_for_2)s cards; go down with the whole hand at once and score it times the "
        "number of opponents."
    ),
    seeds=("000",),
    players=(2, 6),
    deal=(Deal((2, 6), 1, 0, 7),),
    ace=AceMode.LOW,
    goal=Goal.HIGH,
    scoring=Scoring.QUEEN_CITY,
    game_end=GameEnd.TARGET,
    values=Values(ace=None, joker=15),
    melds_during_play=False,
    going_out_hand_sizes=(7, 8),
    target=500,
    readings=(
        N_("A joker counts as the card it replaces."),
        N_(
            "The game is played to %(target)s (the seed gives no number; one hand can score "
            "over 200)."
        ),
    ),
    reading_notes={"target": N_("the seed gives no number")},
)

PHOM = Variant(
    example={
        "players": ["Ana", "Ben", "Cem"],
        "dealer": "Cem",
        "round": {
            "end": "stock",
            "hands": {
                "Ana": ["AS", "2S", "3S", "4H"],
                "Ben": ["5C", "6C", "7C", "KD"],
                "Cem": ["9H", "9D", "9S", "2D"],
            },
        },
    },
    id="phom",
    first_player_extra_card=True,
    showdown=True,
    ends=("rummy", "stock"),
    melds_scored=True,
    round_facts=("ten_cards", "fed"),
    whole_hands_at={"stock": N_("after four turns each")},
    showdown_layoffs=True,
    count_needs_melds=True,
    winner_cards_needed=N_(
        "ù is checked on the cards: every one melded, %(cards_for_2)s (one more with ten_cards)"
    ),
    name=N_("Phỏm (Tá lả)"),
    summary=N_(
        "Vietnamese Rummy: melds stay in hand until the fourth turn; lowest count wins chips by place."
    ),
    seeds=("000",),
    players=(2, 4),
    deal=(Deal((2, 4), 1, 0, 9),),
    ace=AceMode.LOW,
    goal=Goal.HIGH,
    scoring=Scoring.PHOM,
    game_end=GameEnd.ROUNDS,
    values=Values(ace=1, jack=11, queen=12, king=13, joker=0),
    one_discard_per_meld=True,
    rounds_per_player=1,
    place_chips={2: (1,), 3: (1, 2), 4: (1, 2, 3)},
    mom_chips=4,
    u_chips=6,
    u_all_cards_chips=12,
    feed_chips=1,
    feeds_for_liability=3,
    own_options={
        "no_layoff": _switch(
            N_("No laying off"),
            N_("No laying off loose cards onto shown melds on the fourth turn."),
        ),
        "feeding_penalties": _switch(
            N_("Feeding penalties"),
            N_(
                "The next player taking your discard gets chips from you; if a player who took "
                "enough of your discards goes rummy, you pay for every losing player."
            ),
            numbers=("feed_chips", "feeds_for_liability"),
        ),
    },
    readings=(
        N_("The first player is on the dealer's left (the seed names both sides)."),
        N_("The others pay the winner chips by place, from second place on (%(place_chips)s)."),
        N_(
            "A player with no meld (móm) pays %(mom_chips)s, is left out of the order, and cannot "
            "win unless every player is móm."
        ),
    ),
    reading_notes={
        "order": N_("turn order starts on the dealer's left"),
        "places": N_("places pay from second place on (%(place_chips)s)"),
        "mom": N_(
            "móm pays %(mom_chips)s, is left out of the order and cannot win unless all are móm"
        ),
    },
)

GERMAN_RUMMY = Variant(
    example={
        "players": ["Ana", "Ben", "Cem"],
        "round": {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": ["JK", "AS", "10H"], "Cem": ["5D", "5S"]},
        },
    },
    id="german-rummy",
    round_facts=("opened",),
    name=N_("German Rummy (Rommé)"),
    summary=N_(
        "%(decks_for_2)s decks and %(jokers_for_2)s jokers, %(cards_for_2)s cards; open with "
        "%(opening_min)s; each loser adds the hand left."
    ),
    seeds=("000",),
    players=(2, 6),
    deal=(Deal((2, 6), 2, 6, 13),),
    ace=AceMode.LOW_OR_HIGH,
    goal=Goal.LOW,
    scoring=Scoring.PENALTY,
    game_end=GameEnd.ROUNDS,
    values=Values(ace=11, joker=30),
    jokers_at_most_naturals=True,
    opening_min=40,
    going_out_needs_opening=True,
    opening_values=OpeningValues(ace_high=11, ace_low=1),
    rounds_per_player=1,
    own_options={"joker_value": JOKER_VALUE, "opening_min": OPENING_MIN},
    readings=(
        N_("Going out in one turn without an earlier meld still needs the %(opening_min)s."),
        N_(
            "Where runs may turn the corner (ace: around), an ace after a king counts "
            "%(opening_values_ace_high)s in a first meld, K-A-2 included."
        ),
        HANDS_PER_PLAYER,
    ),
)

NOWRANG = Variant(
    example={
        "players": ["Ana", "Ben"],
        "round": {
            "winner": "Ana",
            "end": "out",
            "melds": {"Ana": [["JH", "QH", "KH", "AH"], ["2C", "3C", "4C"], ["7D", "8D", "9D"]]},
        },
    },
    id="nowrang",
    first_player_extra_card=True,
    ends=("out",),
    melds_scored=True,
    winner_cards_needed=N_(
        "the win is checked on the cards: the melds, runs of %(going_out_patterns)s cards"
    ),
    name=N_("Nowrang"),
    summary=N_("Runs only; win with runs of %(going_out_patterns)s cards."),
    seeds=("000",),
    players=(2, 2),
    deal=(Deal((2, 2), 1, 0, 10),),
    ace=AceMode.HIGH,
    goal=Goal.HIGH,
    scoring=Scoring.HANDS_WON,
    game_end=GameEnd.ROUNDS,
    sets=False,
    melds_during_play=False,
    going_out_patterns=((4, 3, 3),),
    rounds_per_player=5,
    hand_won_points=1,
    readings=(
        N_("The session counts hands won (the seed only declares the winner)."),
        N_("The dealer gets %(cards_for_2)s cards, the opponent one more."),
        HANDS_PER_PLAYER,
    ),
)

RAMI = Variant(
    example={
        "players": ["Ana", "Ben", "Cem"],
        "round": {
            "winner": "Ana",
            "end": "out",
            "hands": {"Ben": ["JK", "AS", "10H"], "Cem": ["5D", "5S"]},
            "opened": {"Ben": False, "Cem": True},
        },
    },
    id="rami",
    unopened_surcharge=100,
    rummy_surcharge=100,
    rummy_unopened_table_surcharge=200,
    round_facts=("opened",),
    name=N_("Rami (France)"),
    summary=N_(
        "Rommé with jokers: open with %(opening_min)s and a natural run; each loser adds the "
        "hand, plus surcharges."
    ),
    seeds=("002",),
    players=(2, 8),
    deal=(
        Deal((2, 3), 2, 4, 14),
        Deal((4, 4), 2, 4, 12),
        Deal((5, 5), 3, 6, 14),
        Deal((6, 8), 3, 6, 12),
    ),
    ace=AceMode.LOW_OR_HIGH,
    goal=Goal.LOW,
    scoring=Scoring.PENALTY,
    game_end=GameEnd.THRESHOLD,
    values=Values(ace=11, joker=150),
    jokers_at_most_naturals=True,
    opening_min=51,
    opening_natural_run=True,
    going_out_natural_run=True,
    opening_values=OpeningValues(ace_high=11, ace_low=1),
    target=1000,
    own_options={
        "joker_value": JOKER_VALUE,
        "jokers_per_meld": Option(
            int,
            N_("Jokers per meld"),
            N_("At most this many jokers in any one meld (empty: as many as natural cards)."),
            sets="jokers_per_meld",
            minimum=1,
            maximum=4,
            nullable=True,
        ),
        "unopened": Option(
            str,
            N_("Never melded"),
            N_("What a player who never melded adds."),
            default="penalty",
            choices=("penalty", "flat"),
            choice_help={
                "penalty": N_("the hand and the surcharge"),
                "flat": N_("the surcharge alone, instead of the hand"),
            },
            numbers=("unopened_surcharge",),
        ),
        "rummy": Option(
            str,
            N_("Going rummy"),
            N_("What each loser adds when the winner goes rummy."),
            default="surcharge",
            choices=("surcharge", "double"),
            choice_help={
                "surcharge": N_("the rummy surcharge"),
                "double": N_("the penalty doubled"),
            },
            numbers=("rummy_surcharge", "rummy_unopened_table_surcharge"),
        ),
        "end": Option(
            str,
            N_("End of the game"),
            N_("What the target does."),
            sets="game_end",
            choices=("threshold", "elimination", "rounds"),
            choice_help={
                "threshold": N_("passing the target ends the game, lowest total wins"),
                "elimination": N_("passing the target eliminates; the last one in wins"),
                "rounds": N_("an agreed number of rounds ends it, lowest total wins"),
            },
        ),
    },
    readings=(
        N_(
            "With the winner gone rummy from a table with no meld, "
            "+%(rummy_unopened_table_surcharge)s replaces the rummy %(rummy_surcharge)s: a "
            "loser with no meld adds hand + %(unopened_surcharge)s + "
            "%(rummy_unopened_table_surcharge)s."
        ),
    ),
)

CAROUSEL = Variant(
    example={
        "players": ["Ana", "Ben", "Cem"],
        "round": {
            "winner": "Ana",
            "end": "knock",
            "hands": {"Ana": ["2S", "3H"], "Ben": ["AC", "AD"], "Cem": ["KS", "QS", "9H"]},
        },
    },
    id="carousel",
    ends=("knock", "out", "stock"),
    name=N_("Carousel (Manipulation Rummy)"),
    summary=N_(
        "Rearrange the whole table each turn; knock with %(knock_limit)s or less; first to "
        "%(target)s."
    ),
    seeds=("003",),
    players=(2, 5),
    deal=(Deal((2, 2), 1, 1, 10), Deal((3, 5), 2, 2, 10)),
    ace=AceMode.LOW_OR_HIGH,
    goal=Goal.HIGH,
    scoring=Scoring.CAROUSEL,
    game_end=GameEnd.TARGET,
    values=Values(ace=1, joker=25),
    target=150,
    knock_limit=5,
    hands_grow=True,
    rearranges_table=True,
    undercut_bonus=10,
    out_bonus=25,
    end_bonus=100,
    end_bonus_per_round_won=25,
    readings=(
        N_(
            "When the stock ran out and nobody knocked there is no undercut bonus, and players tied "
            "for lowest each score as winners."
        ),
        N_(
            "Playing for chips (pay), the knocker pays the undercut bonus; the +%(out_bonus)s for "
            "no cards left names no payer and is scored by the winner alone."
        ),
    ),
    reading_notes={
        "pay": N_(
            "with pay the knocker pays the undercut bonus; the +%(out_bonus)s names no payer "
            "and is scored by the winner alone"
        )
    },
)

GIN = Variant(
    example={
        "players": ["Ana", "Ben"],
        "round": {
            "winner": "Ana",
            "end": "knock",
            "hands": {
                "Ana": ["5H", "6H", "7H", "9S", "9D", "9C", "KC", "KD", "KS", "3D"],
                "Ben": ["8H", "2C", "2D", "2S", "QS", "JD", "4C", "5C", "7D", "AC"],
            },
        },
    },
    id="gin",
    showdown=True,
    ends=("knock", "stock"),
    whole_hands_at={"knock": N_("when a player knocks (the knocker's after the discard)")},
    winner_extra_card_fact="big_gin",
    defender_lays_off=True,
    stock_draw=True,
    round_facts=("big_gin", "upcard"),
    name=N_("Gin Rummy"),
    summary=N_(
        "Two players, %(cards_for_2)s cards; knock with %(knock_limit)s or less, the defender "
        "lays off; gin scores %(gin_bonus)s more; first to %(target)s."
    ),
    seeds=("001", "003"),
    players=(2, 2),
    deal=(Deal((2, 2), 1, 0, 10),),
    ace=AceMode.LOW,
    goal=Goal.HIGH,
    scoring=Scoring.GIN,
    game_end=GameEnd.TARGET,
    values=Values(ace=1),
    melds_during_play=False,
    target=100,
    knock_limit=10,
    undercut_bonus=25,
    gin_bonus=25,
    big_gin_bonus=31,
    game_bonus=100,
    box_bonus=25,
    shutout_doubles=True,
    oklahoma_ace_knock_limit=0,
    oklahoma_spade_factor=2,
    own_options={
        "knock_limit": _number(
            N_("Knock limit"), N_("A knock needs at most this much deadwood."), "knock_limit"
        ),
        "undercut_bonus": _number(
            N_("Undercut bonus"),
            N_("A defender with equal or less deadwood scores this on top of the difference."),
            "undercut_bonus",
        ),
        "gin_bonus": _number(
            N_("Gin bonus"), N_("Gin (no deadwood) scores this on top."), "gin_bonus"
        ),
        "big_gin_bonus": _number(
            N_("Big gin bonus"),
            N_("Big gin (all eleven cards melded, no discard) scores this instead."),
            "big_gin_bonus",
        ),
        "game_bonus": _number(
            N_("Game bonus"), N_("The winner of the game scores this at the end."), "game_bonus"
        ),
        "box_bonus": _number(
            N_("Box bonus"),
            N_("At the end each player scores this for every hand won."),
            "box_bonus",
        ),
        "shutout_doubles": Option(
            bool,
            N_("Shutout doubles"),
            N_("A winner whose opponent scored nothing doubles the whole total, bonuses too."),
            sets="shutout_doubles",
        ),
        "oklahoma": Option(
            bool,
            N_("Oklahoma"),
            N_(
                "The first up-card sets the knock limit (an ace: gin only); a spade up-card "
                "doubles every score of that hand."
            ),
            sets="oklahoma",
            numbers=("oklahoma_ace_knock_limit", "oklahoma_spade_factor"),
        ),
    },
)

VARIANTS: dict[str, Variant] = {
    v.id: v
    for v in (
        RUMMY,
        AROUND_THE_CORNER,
        RUMMY_COMPLETE,
        BLOCK_RUMMY,
        BOAT_HOUSE,
        KALUKI,
        DOUBLE_RUM,
        KNOCK_RUMMY,
        CONTINENTAL,
        QUEEN_CITY,
        PHOM,
        GERMAN_RUMMY,
        NOWRANG,
        RAMI,
        CAROUSEL,
        GIN,
    )
}


def get_variant(variant_id: object) -> Variant:
    if not isinstance(variant_id, str) or variant_id not in VARIANTS:
        raise OptionError(
            N_(
                "unknown variant '%(variant)s': choose one of %(known)s",
                variant=variant_id,
                known=", ".join(VARIANTS),
            ),
            "variant",
        )
    return VARIANTS[variant_id]


@dataclass(frozen=True)
class Rules:
    """A variant with a session's options and player count applied: what the engine reads."""

    variant: Variant
    options: Mapping[str, Any]
    players: int | None
    decks: int
    jokers: int
    cards: int
    ace: AceMode
    values: Values
    opening_min: int
    opening_values: OpeningValues
    going_out_min: int
    deuces_wild: bool
    target: int | None
    rounds: int | None
    game_end: GameEnd
    start: int
    # variant fields a house rule set for this table (Gin's knock_limit, ...), read before
    # the variant's own
    chosen: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def card_values(self) -> tuple[int, ...]:
        """Points of each natural card left in hand, indexed suit * 13 + rank - 1 (suits S H D C)."""
        return tuple(self.value(Card(rank, suit)) for suit in Suit for rank in Rank)

    @cached_property
    def derived(self) -> dict[str, Any]:
        """Tables other engine modules work out from these rules (the arranger's melds),
        kept with them so that no question pays for them again."""
        return {}

    @cached_property
    def most_cards_in_hand(self) -> int:
        """The most cards one player can hold at this table: the deal (the largest the variant
        has, or the option ``cards``), the first player's extra card, and two drawn (Boat
        House takes a second card with the discard). A longer hand is a mistake, and refusing
        it bounds the work of arranging one."""
        if getattr(self.variant, "hands_grow", False):
            return MOST_CARDS_IN_HAND
        chosen = self.options.get("cards")
        dealt = chosen if chosen is not None else max(row.cards for row in self.variant.deal)
        return dealt + (1 if self.variant.first_player_extra_card else 0) + 2

    def value(self, card: Card) -> int:
        """Points of a card left in hand, by this table's values."""
        return self.values.of(card, self.ace)

    def __getattr__(self, name: str) -> Any:
        # Rules reads through to the table's chosen fields, then the variant's (sets, ...).
        if name in ("chosen", "variant"):
            raise AttributeError(name)
        if name in self.chosen:
            return self.chosen[name]
        return getattr(self.variant, name)


def _check_option(variant: Variant, name: str, value: Any) -> Any:
    options = variant.options
    if name not in options:
        raise OptionError(
            N_(
                "%(variant)s has no option '%(name)s': its options are %(known)s",
                variant=variant.id,
                name=name,
                known=", ".join(sorted(options)),
            ),
            f"options.{name}",
        )
    spec = options[name]
    if value is None and spec.nullable:
        return None
    if spec.kind is bool:
        if not isinstance(value, bool):
            raise OptionError(
                N_(
                    "option '%(name)s' of %(variant)s is a switch: true or false",
                    name=name,
                    variant=variant.id,
                ),
                f"options.{name}",
            )
        return value
    if spec.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(
                N_(
                    "option '%(name)s' of %(variant)s must be a whole number",
                    name=name,
                    variant=variant.id,
                ),
                f"options.{name}",
            )
        if spec.minimum is not None and value < spec.minimum:
            raise OptionError(
                N_(
                    "option '%(name)s' of %(variant)s must be at least %(least)s, not %(value)s",
                    name=name,
                    variant=variant.id,
                    least=spec.minimum,
                    value=value,
                ),
                f"options.{name}",
            )
        if spec.maximum is not None and value > spec.maximum:
            raise OptionError(
                N_(
                    "option '%(name)s' of %(variant)s must be at most %(most)s, not %(value)s",
                    name=name,
                    variant=variant.id,
                    most=spec.maximum,
                    value=value,
                ),
                f"options.{name}",
            )
        return value
    if not isinstance(value, str) or (spec.choices and value not in spec.choices):
        raise OptionError(
            N_(
                "option '%(name)s' of %(variant)s must be one of %(choices)s, not '%(value)s'",
                name=name,
                variant=variant.id,
                choices=", ".join(spec.choices),
                value=value,
            ),
            f"options.{name}",
        )
    return value


def resolve(variant_id: object, options: object = None, players: int | None = None) -> Rules:
    """Apply a table's options and player count to a variant.

    Without a player count (a dispute about one meld), the deck in play is the
    largest the variant deals, so a card is never refused that some table of
    this variant could hold. The same question gives the same (immutable) Rules,
    worked out once.

    >>> resolve("rummy", {}, players=3).cards
    7
    >>> resolve("rummy", {"decks": 2}, players=4).cards
    10
    >>> resolve("continental", {}).decks
    4
    >>> resolve("rami", {"end": "rounds"}, players=3)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.OptionError: Rami (France) with end 'rounds' needs an agreed number of rounds: set the option 'rounds'
    """
    key = _frozen(variant_id, options, players)
    if key is None:  # something unusual: worked out (and refused) without the cache
        return _resolve(variant_id, options, players)
    return _resolve_frozen(*key)


_SCALARS = (str, int, float, bool, type(None))


def _frozen(variant_id: object, options: object, players: object) -> tuple[Any, ...] | None:
    """A hashable key for a question, or None. Each value keeps its type in the key: True
    and 1 are equal in Python, but only one of them is a number of decks."""
    if not isinstance(variant_id, str) or not isinstance(players, int | None):
        return None
    if options is None or (isinstance(options, Mapping) and not options):
        return variant_id, (), type(players).__name__, players  # the variant as it comes
    if not isinstance(options, Mapping):
        return None
    if not all(isinstance(k, str) and type(v) in _SCALARS for k, v in options.items()):
        return None
    typed = tuple(sorted((k, type(v).__name__, v) for k, v in options.items()))
    return variant_id, typed, type(players).__name__, players


@lru_cache(maxsize=4096)
def _resolve_frozen(
    variant_id: str, typed: tuple[tuple[str, str, Any], ...], _players_type: str, players: Any
) -> Rules:
    return _resolve(variant_id, {name: value for name, _, value in typed}, players)


def _resolve(variant_id: object, options: object, players: Any) -> Rules:
    variant = get_variant(variant_id)
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise OptionError(N_("options must be an object of option names and values"), "options")
    chosen = {name: _check_option(variant, name, value) for name, value in options.items()}
    # a null house rule is the variant's own (or the player count's) choice
    chosen = {name: value for name, value in chosen.items() if value is not None}
    merged = {name: spec.default for name, spec in variant.options.items()} | chosen

    if players is not None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(N_("the number of players must be a whole number"), "players")
        low, high = variant.players
        if not low <= players <= high:
            raise OptionError(
                N_(
                    "%(variant)s is for %(low)s to %(high)s players, not %(players)s",
                    variant=variant.name,
                    low=low,
                    high=high,
                    players=players,
                ),
                "players",
            )
        row = variant.deal_for(players, merged.get("decks"))
    else:
        row = max(variant.deal, key=lambda r: (r.decks, r.jokers))
    settings: dict[str, Any] = {
        name: getattr(variant, name)
        for name in (
            "ace",
            "values",
            "opening_min",
            "opening_values",
            "deuces_wild",
            "target",
            "game_end",
            "start",
        )
    }
    settings |= {"decks": row.decks, "jokers": row.jokers, "cards": row.cards, "rounds": None}
    settings["chosen"] = {}
    specs = variant.options
    for name, spec in specs.items():  # a switch that is on changes what it names...
        if spec.kind is bool and merged[name]:
            for path, value in spec.when_on.items():
                _set(settings, path, value)
        if spec.kind is str and merged[name] in spec.when:  # and so does a choice...
            for path, value in spec.when[merged[name]].items():
                _set(settings, path, value)
    for name, value in chosen.items():  # ...unless the table chose that itself
        for path in (specs[name].sets, *specs[name].sets_too):
            if path:
                _set(settings, path, value)
    settings["chosen"] = MappingProxyType(settings["chosen"])
    if players is not None:
        _check_deal(
            variant, players, settings["decks"], settings["jokers"], settings["cards"], chosen
        )
    going_out_min = settings["opening_min"] if variant.going_out_needs_opening else 0
    if settings["rounds"] is None and variant.rounds_per_player and players is not None:
        settings["rounds"] = variant.rounds_per_player * players
    game_end, target = settings["game_end"], settings["target"]
    if game_end == GameEnd.ROUNDS and merged["rounds"] is None and not variant.rounds_per_player:
        how = [
            N_("with %(name)s '%(value)s'", name=name, value=merged[name])
            for name, spec in specs.items()
            if spec.sets == "game_end" and merged[name] != variant.setting("game_end")
        ]
        raise OptionError(
            N_(
                "%(variant)s needs an agreed number of rounds: set the option 'rounds'",
                variant=Join([variant.name, *how], " "),
            ),
            "options.rounds",
        )
    if game_end != GameEnd.ROUNDS and target is None:
        raise OptionError(
            N_("%(variant)s ends at a score: set the option 'target'", variant=variant.name),
            "options.target",
        )
    return Rules(
        variant=variant,
        options=MappingProxyType(merged),
        players=players,
        going_out_min=going_out_min,
        **settings,
    )


def _set(settings: dict[str, Any], path: str, value: Any) -> None:
    """Set one Rules field (``values.joker``: a field of one), keeping its type."""
    name, _, part = path.partition(".")
    if name not in settings:  # a variant field the engine reads through Rules
        settings["chosen"][name] = value
        return
    if part:
        settings[name] = replace(settings[name], **{part: value})
        return
    current = settings[name]
    settings[name] = type(current)(value) if isinstance(current, Enum) else value


def _check_deal(
    variant: Variant, players: int, decks: int, jokers: int, cards: int, chosen: Mapping[str, Any]
) -> None:
    """Refuse a deal the deck in play cannot hold (and leave a card for the stock)."""
    dealt = players * cards + (1 if variant.first_player_extra_card else 0)
    in_play = DECK_CARDS * decks + jokers
    if dealt + 1 > in_play:
        name = "cards" if "cards" in chosen or "decks" not in chosen else "decks"
        raise OptionError(
            Nn_(
                "%(players)s players of %(cards)s cards need %(needed)s cards with the stock, "
                "but %(num)s deck and %(jokers)s jokers hold %(in_play)s: lower the option "
                "'cards' or raise 'decks'",
                "%(players)s players of %(cards)s cards need %(needed)s cards with the stock, "
                "but %(num)s decks and %(jokers)s jokers hold %(in_play)s: lower the option "
                "'cards' or raise 'decks'",
                decks,
                players=players,
                cards=cards,
                needed=dealt + 1,
                jokers=jokers,
                in_play=in_play,
            ),
            f"options.{name}",
        )


def goal_of(variant_id: str, options: Mapping[str, Any] | None = None) -> Goal:
    """Whether the lowest or the highest total wins at a table: the variant's own goal, or
    the one a house rule chose (Kaluki's scoring 'penalty')."""
    try:
        return resolve(variant_id, options or {}).goal
    except OptionError:
        return get_variant(variant_id).goal


def variants() -> dict[str, Any]:
    """The ``variants`` question of the contract: every variant with its option defaults.

    >>> [v["id"] for v in variants()["variants"]][:3]
    ['rummy', 'around-the-corner', 'rummy-complete']
    """
    return {"variants": [variant.as_json() for variant in VARIANTS.values()]}
