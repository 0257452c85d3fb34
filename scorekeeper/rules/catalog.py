"""The fifteen variants as data.

Each variant is one frozen :class:`Variant` record, filled in from
``shared/rules/VARIANTS.md``. A rule that differs between variants is a field
here, never an ``if variant == ...`` elsewhere. House rules are options: each
variant names the options it takes (:attr:`Variant.options`), and
:func:`resolve` applies a session's options and player count to give the
:class:`Rules` the rest of the engine reads.

>>> rules = resolve("rami", {}, players=4)
>>> rules.decks, rules.jokers, rules.cards, rules.values.joker
(2, 4, 12, 150)
>>> resolve("rami", {"end": "sideways"})
Traceback (most recent call last):
...
scorekeeper.rules.errors.OptionError: option 'end' of rami must be one of threshold, elimination, rounds, not 'sideways'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any

from .cards import Card, Rank, Suit
from .errors import OptionError

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


class GameEnd(StrEnum):
    TARGET = "target"  # first to reach `target` (high) ends the game
    ROUNDS = "rounds"  # an agreed number of hands
    THRESHOLD = "threshold"  # Rami: passing the mark ends it, lowest wins
    ELIMINATION = "elimination"  # Rami: passing the mark eliminates


@dataclass(frozen=True)
class Values:
    """What a card is worth left in hand (penalty or collected points).

    ``ace`` is ``None`` where it follows the ace mode: 1 with aces low, 11 otherwise
    (Basic Rummy: "ace 1 (11 when `ace` is low-or-high or around)").
    """

    ace: int | None = 1
    jack: int = 10
    queen: int = 10
    king: int = 10
    joker: int = 15

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
                return 1 if ace_mode == AceMode.LOW else 11
            return self.ace
        return {Rank.JACK: self.jack, Rank.QUEEN: self.queen, Rank.KING: self.king}.get(
            card.rank, int(card.rank)
        )


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
    """A house rule a variant takes, with its default and the values it allows.

    ``choices`` lists the allowed values of a text option; ``kind`` is the Python
    type of the value; ``minimum`` and ``maximum`` bound a number (the largest a real
    table could use, which also bounds the work a question can ask of the engine).
    A default of ``None`` on ``decks``, ``jokers``, ``cards``, ``target`` and
    ``rounds`` means "from the player count" (see :func:`resolve`); a ``null`` given
    for them means the same.
    """

    default: Any
    kind: type
    text: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "default": self.default,
            "type": self.kind.__name__,
            "text": self.text,
        }
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        return data


def _switch(text: str, default: bool = False) -> Option:
    return Option(default, bool, text)


# Options every variant takes; a variant's own defaults are filled in below.
COMMON_OPTIONS: dict[str, Option] = {
    "decks": Option(
        None, int, "How many 52-card decks are in play.", minimum=1, maximum=4, nullable=True
    ),
    "jokers": Option(
        None, int, "How many jokers are in play, in all.", minimum=0, maximum=8, nullable=True
    ),
    "ace": Option(
        AceMode.LOW.value, str, "Where an ace may stand in a run.", tuple(m.value for m in AceMode)
    ),
    "target": Option(
        None, int, "The score that ends the game.", minimum=1, maximum=100_000, nullable=True
    ),
    "rounds": Option(
        None,
        int,
        "An agreed number of hands that ends the game.",
        minimum=1,
        maximum=1000,
        nullable=True,
    ),
    "cards": Option(None, int, "Cards dealt to each player.", minimum=1, maximum=20, nullable=True),
}

PAY_OPTION = Option(
    False,
    bool,
    "Play for chips: every 'scores from each' becomes a payment by the players it names.",
)

RUMMY_OPTIONS: dict[str, Option] = {
    "call_rummy": _switch(
        "Call Rummy: a discard that could be laid off may be claimed by any other player "
        "calling 'Rummy!' before the next draw."
    ),
    "single_hand": _switch("No running score: each hand is its own game; its winner deals next."),
    "throw_down": _switch(
        "Throw-Down Rummy: any face-up discard may be drawn, not only the top one."
    ),
    "borrow": Option(
        "none",
        str,
        "Borrowing a card from a meld on the table to use at once in a new meld.",
        ("none", "own", "any"),
    ),
    "one_meld_per_turn": _switch("At most one new meld a turn."),
    "layoff_after_first_meld": _switch(
        "No laying off on others' melds before your own first meld."
    ),
    "rummy_doubles": _switch("Rummy verdeckt: going rummy scores double."),
    "must_discard": _switch("A player may go out only by discarding the last card."),
    "count_cards": _switch(
        "Count 1 point per card left in hand (a joker 2) instead of card values."
    ),
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
    joker_in_three_set_declared: bool = False  # Kaluki: a joker in a 3-card set names its card
    deuces_wild: bool = False  # Continental's option
    melds_during_play: bool = True  # False: the whole hand goes down at once
    # First meld
    opening_min: int = 0
    opening_natural_run: bool = False  # Rami
    opening_values: OpeningValues = OpeningValues()
    # Going out with the whole hand at once
    going_out_patterns: tuple[tuple[int, ...], ...] = ()  # run lengths, largest first
    going_out_hand_sizes: tuple[int, ...] = ()  # Queen City: all 8 cards, or 7 and a discard
    going_out_natural_run: bool = False  # Rami's "Rummy gehen"
    going_out_min: int = 0  # German Rommé: going out at once still needs the 40 (reading)
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
    # a winner's hand that only its cards can prove, and which cards (Phỏm's ù, Nowrang's win)
    winner_cards_needed: str = ""
    round_facts: tuple[str, ...] = ()  # extra facts in `round` (Rami's `opened`, ...)
    own_options: Mapping[str, Option] = field(default_factory=dict)
    readings: tuple[str, ...] = ()  # where VARIANTS.md settled an open point
    # Where a reading decides a score, the explain line (or the game's reason) names it:
    # "hands" (how a loser's hand counts), "stock" (a blocked hand), "places" and "mom"
    # (Phỏm's chips), "order" (a tie broken by turn order), "target" (the default target).
    reading_notes: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def options(self) -> Mapping[str, Option]:
        """Every option this variant takes, with this variant's defaults."""
        common = dict(COMMON_OPTIONS)
        common["ace"] = replace(common["ace"], default=self.ace.value)
        common["target"] = replace(common["target"], default=self.target)
        if self.goal == Goal.HIGH:
            common["pay"] = PAY_OPTION
        return MappingProxyType(common | dict(self.own_options))

    def deal_for(self, players: int, decks: int | None = None) -> Deal:
        """The deal-table row for a player count (and a chosen number of decks)."""
        rows = [row for row in self.deal if row.players[0] <= players <= row.players[1]]
        if not rows:
            low, high = self.players
            raise OptionError(
                f"{self.name} is for {low} to {high} players, not {players}", "players"
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


RUMMY = Variant(
    id="rummy",
    name="Basic Rummy",
    summary="Draw, meld sets and runs, lay off; the first out scores the cards left in the other hands.",
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
        "3 players are dealt 7 cards each (10 by choice, option cards).",
        "The game is played to 100 points (the seed's own number was lost in translation).",
    ),
    reading_notes={"target": "the seed's own number was lost in translation"},
)

AROUND_THE_CORNER = replace(
    RUMMY,
    id="around-the-corner",
    name="Around the Corner Rummy",
    summary="Basic Rummy where runs may turn the corner (K-A-2); an ace left in hand counts 11.",
    seeds=("000",),
    ace=AceMode.AROUND,
    readings=RUMMY.readings,
)

RUMMY_COMPLETE = replace(
    RUMMY,
    id="rummy-complete",
    name="Rummy Complete",
    summary="No melds during play: lay down the whole hand at once; collect every card the others hold.",
    seeds=("000",),
    melds_during_play=False,
    target=200,
    reading_notes={
        "hands": "the others' hands count in full, not arranged ('his hands' read as the opponents')"
    },
    readings=(
        "The winner collects the full value of the cards each other player holds, not arranged "
        "('his hands' in the seed read as the opponents').",
    ),
)

BLOCK_RUMMY = replace(
    RUMMY,
    id="block-rummy",
    ends=("out", "rummy", "stock"),
    name="Block Rummy",
    summary="Basic Rummy, but when the stock runs out the hand is blocked and the lowest count wins.",
    seeds=("000",),
    scoring=Scoring.BLOCK,
    reading_notes=dict(
        RUMMY.reading_notes,
        stock="play went on past the end of the stock (the seed's 'discard pile' read as the stock)",
    ),
    readings=(
        RUMMY.readings[1],
        "Play continues past the end of the stock (the seed's 'discard pile' there read as the stock).",
        "Tied lowest counts share the points as evenly as possible; points that cannot be divided "
        "are credited to nobody.",
    ),
)

BOAT_HOUSE = replace(
    RUMMY,
    id="boat-house",
    showdown=True,
    name="Boat House Rum",
    summary="Take the discard and you take a second card too; lay the whole hand down at once.",
    seeds=("000",),
    ace=AceMode.AROUND,
    values=Values(ace=11, joker=15),
    melds_during_play=False,
    hands_grow=True,
    reading_notes=dict(
        RUMMY.reading_notes,
        hands="arranged for the least unmatched value, no laying off on the winner's melds",
    ),
    readings=(
        RUMMY.readings[1],
        "The losers' hands are arranged for the least unmatched value; nobody lays off on the "
        "winner's melds.",
    ),
)

KALUKI = Variant(
    id="kaluki",
    name="Kaluki (Caloochi, Kalooki)",
    summary="Two decks and four jokers, 15 cards; open with 51; the winner collects the others' hands.",
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
    going_out_min=51,
    opening_values=OpeningValues(ace_high=15, ace_low=1),
    target=250,
    own_options={
        "ace_value": Option(
            15, int, "An ace left in hand is worth this much.", minimum=0, maximum=1000
        ),
        "joker_value": Option(
            25, int, "A joker left in hand is worth this much.", minimum=0, maximum=1000
        ),
        "opening_min": Option(
            51,
            int,
            "The first meld of each hand must be worth at least this.",
            minimum=0,
            maximum=1000,
        ),
    },
    readings=(
        "In the first meld an ace counts 1 below a two and 15 otherwise, courts 10.",
        "The game is played to 250 (after the published US rules; the seed gives none).",
    ),
    reading_notes={"target": "after the published US rules; the seed gives none"},
)

DOUBLE_RUM = Variant(
    id="double-rum",
    name="Double Rum",
    summary="Two decks and four jokers; sets may hold identical cards.",
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
        "2–6 players, 10 cards each (the seed gives neither).",
        "The game is played to 100, as Basic Rummy (the seed gives no number).",
    ),
    reading_notes={"target": "as Basic Rummy; the seed gives no number"},
)

KNOCK_RUMMY = Variant(
    id="knock-rummy",
    showdown=True,
    ends=("knock",),
    whole_hands_at={"knock": "when a player knocks (the knocker's after the discard)"},
    name="Knock Rummy",
    summary="Nobody melds in play; knock, show melds and deadwood; the lowest count wins the differences.",
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
            "A player who ties the knocker also gets the 10-point undercut bonus."
        ),
    },
    readings=(
        "Several players other than the knocker sharing the lowest count each score as a winner.",
    ),
)

CONTINENTAL = Variant(
    id="continental",
    ends=("out",),
    melds_scored=True,
    round_facts=("draws", "wilds", "one_suit"),
    winner_count_facts=("wilds",),
    name="Continental Rummy",
    summary="Runs only, the whole hand of 15 at once in 5+4+3+3, 4+4+4+3 or 3x5; chips from each.",
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
    own_options={
        "start": Option(
            100, int, "Everyone starts with this many points.", minimum=0, maximum=100_000
        ),
        "deuces_wild": _switch(
            "Deuces are wild; each used as a wild card earns 1 more from each opponent."
        ),
        "quick_bonus": _switch(
            "Going out after 0 draws earns +10 from each opponent, after 1 draw +7."
        ),
        "special_bonus": _switch(
            "No wild card in the melds: +10 from each; all 15 cards one suit: +10."
        ),
    },
    readings=("Without an agreed number of hands the game lasts one hand per player.",),
)

QUEEN_CITY = Variant(
    id="queen-city",
    ends=("out",),
    melds_scored=True,
    round_facts=("meld_points",),
    winner_count_facts=("meld_points",),
    name="Queen City Rum",
    summary="Seven cards; go down with the whole hand at once and score it times the number of opponents.",
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
        "A joker counts as the card it replaces.",
        "The game is played to 500 (the seed gives no number; one hand can score over 200).",
    ),
    reading_notes={"target": "the seed gives no number"},
)

PHOM = Variant(
    id="phom",
    first_player_extra_card=True,
    showdown=True,
    ends=("rummy", "stock"),
    melds_scored=True,
    round_facts=("ten_cards", "fed"),
    whole_hands_at={"stock": "after four turns each"},
    showdown_layoffs=True,
    count_needs_melds=True,
    winner_cards_needed="ù is checked on the cards: every one melded, 9 (10 with ten_cards)",
    name="Phỏm (Tá lả)",
    summary="Vietnamese Rummy: melds stay in hand until the fourth turn; lowest count wins chips by place.",
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
    own_options={
        "no_layoff": _switch("No laying off loose cards onto shown melds on the fourth turn."),
        "feeding_penalties": _switch(
            "The next player taking your discard gets 1 chip from you; if a player who took three "
            "of your discards goes rummy, you pay for every losing player."
        ),
    },
    readings=(
        "The first player is on the dealer's left (the seed names both sides).",
        "The others pay the winner 1, 2 and 3 chips by place (three players 1 and 2; two players 1).",
        "A player with no meld (móm) pays 4, is left out of the order, and cannot win unless every "
        "player is móm.",
    ),
    reading_notes={
        "order": "turn order starts on the dealer's left",
        "places": "places pay 1, 2 and 3 (three players 1 and 2; two players 1)",
        "mom": "móm pays 4, is left out of the order and cannot win unless all are móm",
    },
)

GERMAN_RUMMY = Variant(
    id="german-rummy",
    round_facts=("opened",),
    name="German Rummy (Rommé)",
    summary="Two decks and six jokers, 13 cards; open with 40; each loser adds the hand left.",
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
    going_out_min=40,
    opening_values=OpeningValues(ace_high=11, ace_low=1),
    rounds_per_player=1,
    own_options={
        "joker_value": Option(
            30, int, "A joker left in hand is worth this much.", minimum=0, maximum=1000
        ),
        "opening_min": Option(
            40, int, "The first meld must be worth at least this.", minimum=0, maximum=1000
        ),
    },
    readings=(
        "Going out in one turn without an earlier meld still needs the 40.",
        "Without an agreed number of hands the game lasts one hand per player.",
    ),
)

NOWRANG = Variant(
    id="nowrang",
    first_player_extra_card=True,
    ends=("out",),
    melds_scored=True,
    winner_cards_needed="the win is checked on the cards: the melds, a run of four and two runs of three",
    name="Nowrang",
    summary="Two players, runs only; win with a run of four and two runs of three.",
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
    readings=(
        "The session counts hands won (the seed only declares the winner).",
        "The dealer gets 10 cards, the opponent 11.",
        "Without an agreed number of hands the game lasts ten hands.",
    ),
)

RAMI = Variant(
    id="rami",
    unopened_surcharge=100,
    rummy_surcharge=100,
    rummy_unopened_table_surcharge=200,
    round_facts=("opened",),
    name="Rami (France)",
    summary="Rommé with jokers: open with 51 and a natural run; each loser adds the hand, plus surcharges.",
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
        "joker_value": Option(
            150, int, "A joker left in hand is worth this much.", minimum=0, maximum=1000
        ),
        "unopened": Option(
            "penalty",
            str,
            "A player who never melded adds the hand and 100 (penalty), or a flat 100 (flat).",
            ("penalty", "flat"),
        ),
        "rummy": Option(
            "surcharge",
            str,
            "When the winner goes rummy, each loser adds 100 more (surcharge) or doubles (double).",
            ("surcharge", "double"),
        ),
        "end": Option(
            "threshold",
            str,
            "Passing the target ends the game (threshold), eliminates (elimination), or an agreed "
            "number of rounds ends it (rounds).",
            ("threshold", "elimination", "rounds"),
        ),
    },
    readings=(
        "With the winner gone rummy from a table with no meld, +200 replaces the rummy 100: a "
        "loser with no meld adds hand + 100 + 200.",
    ),
)

CAROUSEL = Variant(
    id="carousel",
    ends=("knock", "out", "stock"),
    name="Carousel (Manipulation Rummy)",
    summary="Rearrange the whole table each turn; knock with 5 or less; first to 150.",
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
        "When the stock ran out and nobody knocked there is no undercut bonus, and players tied "
        "for lowest each score as winners.",
        "Playing for chips (pay), the knocker pays the undercut bonus; the +25 for no cards left "
        "names no payer and is scored by the winner alone.",
    ),
    reading_notes={
        "pay": "with pay the knocker pays the undercut bonus; the +25 names no payer and is scored"
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
    )
}


def get_variant(variant_id: object) -> Variant:
    if not isinstance(variant_id, str) or variant_id not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise OptionError(f"unknown variant {variant_id!r}: choose one of {known}", "variant")
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
    going_out_min: int
    deuces_wild: bool
    target: int | None
    rounds: int | None
    game_end: GameEnd
    start: int

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
        if self.options.get("count_cards"):
            return 2 if card.physical.is_joker else 1
        return self.values.of(card, self.ace)

    def __getattr__(self, name: str) -> Any:
        # Rules reads through to the variant's fields (sets, run_min, ...).
        return getattr(self.variant, name)


def _check_option(variant: Variant, name: str, value: Any) -> Any:
    options = variant.options
    if name not in options:
        known = ", ".join(sorted(options))
        raise OptionError(
            f"{variant.id} has no option '{name}': its options are {known}", f"options.{name}"
        )
    spec = options[name]
    if value is None and spec.nullable:
        return None
    if spec.kind is bool:
        if not isinstance(value, bool):
            raise OptionError(
                f"option '{name}' of {variant.id} is a switch: true or false", f"options.{name}"
            )
        return value
    if spec.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(
                f"option '{name}' of {variant.id} must be a whole number", f"options.{name}"
            )
        if spec.minimum is not None and value < spec.minimum:
            raise OptionError(
                f"option '{name}' of {variant.id} must be at least {spec.minimum}, not {value}",
                f"options.{name}",
            )
        if spec.maximum is not None and value > spec.maximum:
            raise OptionError(
                f"option '{name}' of {variant.id} must be at most {spec.maximum}, not {value}",
                f"options.{name}",
            )
        return value
    if not isinstance(value, str) or (spec.choices and value not in spec.choices):
        raise OptionError(
            f"option '{name}' of {variant.id} must be one of {', '.join(spec.choices)}, not {value!r}",
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
    if not options:  # the usual question: the variant as it comes
        return variant_id, (), type(players).__name__, players
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
        raise OptionError("options must be an object of option names and values", "options")
    chosen = {name: _check_option(variant, name, value) for name, value in options.items()}
    # a null house rule is the variant's own (or the player count's) choice
    chosen = {name: value for name, value in chosen.items() if value is not None}
    merged = {name: spec.default for name, spec in variant.options.items()} | chosen

    if players is not None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError("the number of players must be a whole number", "players")
        low, high = variant.players
        if not low <= players <= high:
            raise OptionError(
                f"{variant.name} is for {low} to {high} players, not {players}", "players"
            )
        row = variant.deal_for(players, merged.get("decks"))
    else:
        row = max(variant.deal, key=lambda r: (r.decks, r.jokers))
    decks = merged["decks"] if merged["decks"] is not None else row.decks
    jokers = merged["jokers"] if merged["jokers"] is not None else row.jokers
    cards = merged["cards"] if merged["cards"] is not None else row.cards
    if players is not None:
        _check_deal(variant, players, decks, jokers, cards, chosen)

    values = variant.values
    if "ace_value" in merged:
        values = replace(values, ace=merged["ace_value"])
    if "joker_value" in merged:
        values = replace(values, joker=merged["joker_value"])
    opening_min = merged.get("opening_min", variant.opening_min)
    going_out_min = opening_min if variant.going_out_min else 0

    target = merged["target"]
    if "target" not in chosen and merged.get("count_cards"):
        target = 25  # "count_cards: ... target usually 25"
    rounds = merged["rounds"]
    if rounds is None and variant.rounds_per_player and players is not None:
        rounds = variant.rounds_per_player * players
    game_end = variant.game_end
    if "end" in merged:
        game_end = {
            "threshold": GameEnd.THRESHOLD,
            "elimination": GameEnd.ELIMINATION,
            "rounds": GameEnd.ROUNDS,
        }[merged["end"]]
    if game_end == GameEnd.ROUNDS and merged["rounds"] is None and not variant.rounds_per_player:
        how = f" with end '{merged['end']}'" if "end" in merged else ""
        raise OptionError(
            f"{variant.name}{how} needs an agreed number of rounds: set the option 'rounds'",
            "options.rounds",
        )
    if game_end != GameEnd.ROUNDS and target is None:
        raise OptionError(
            f"{variant.name} ends at a score: set the option 'target'", "options.target"
        )
    return Rules(
        variant=variant,
        options=MappingProxyType(merged),
        players=players,
        decks=decks,
        jokers=jokers,
        cards=cards,
        ace=AceMode(merged["ace"]),
        values=values,
        opening_min=opening_min,
        going_out_min=going_out_min,
        deuces_wild=bool(merged.get("deuces_wild", False)),
        target=target,
        rounds=rounds,
        game_end=game_end,
        start=merged.get("start", variant.start),
    )


def _check_deal(
    variant: Variant, players: int, decks: int, jokers: int, cards: int, chosen: Mapping[str, Any]
) -> None:
    """Refuse a deal the deck in play cannot hold (and leave a card for the stock)."""
    dealt = players * cards + (1 if variant.first_player_extra_card else 0)
    in_play = DECK_CARDS * decks + jokers
    if dealt + 1 > in_play:
        name = "cards" if "cards" in chosen or "decks" not in chosen else "decks"
        raise OptionError(
            f"{players} players of {cards} cards need {dealt + 1} cards with the stock, but "
            f"{decks} deck{'s' if decks > 1 else ''} and {jokers} jokers hold {in_play}: "
            f"lower the option 'cards' or raise 'decks'",
            f"options.{name}",
        )


def variants() -> dict[str, Any]:
    """The ``variants`` question of the contract: every variant with its option defaults.

    >>> [v["id"] for v in variants()["variants"]][:3]
    ['rummy', 'around-the-corner', 'rummy-complete']
    """
    return {"variants": [variant.as_json() for variant in VARIANTS.values()]}
