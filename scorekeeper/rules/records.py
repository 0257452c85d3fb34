"""The sixteen variants as data, each one frozen :class:`Variant` record.

Filled in from ``shared/rules/VARIANTS.md``: every number the scoring uses (card values,
bonuses, surcharges, chips, limits, default lengths) is a field of the record, so the rules
pages are generated from it, and the readings the record follows where the sources were
open are listed in it.
"""

from __future__ import annotations

from dataclasses import replace

from .messages import N_, Nn_
from .variant import (
    AceMode,
    Deal,
    GameEnd,
    Goal,
    OpeningValues,
    Option,
    RoundEnd,
    Scoring,
    Values,
    Variant,
    number_option,
    switch_option,
)

# What a card left in hand is worth when the table counts cards instead of points.
_CARDS_COUNTED = Values(ace=1, jack=1, queen=1, king=1, joker=2, pip=1)


ACE_VALUE = number_option(
    N_("Ace value"), N_("An ace left in hand is worth this much."), "values.ace"
)
JOKER_VALUE = number_option(
    N_("Joker value"), N_("A joker left in hand is worth this much."), "values.joker"
)
OPENING_MIN = number_option(
    N_("First meld"), N_("The first meld must be worth at least this."), "opening_min"
)

RUMMY_OPTIONS: dict[str, Option] = {
    "call_rummy": switch_option(
        N_("Call Rummy"),
        N_(
            "Call Rummy: a discard that could be laid off may be claimed by any other player "
            "calling 'Rummy!' before the next draw."
        ),
    ),
    "single_hand": switch_option(
        N_("Single hand"),
        N_("No running score: each hand is its own game; its winner deals next."),
    ),
    "throw_down": switch_option(
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
    "one_meld_per_turn": switch_option(N_("One meld a turn"), N_("At most one new meld a turn.")),
    "layoff_after_first_meld": switch_option(
        N_("Lay off after your first meld"),
        N_("No laying off on others' melds before your own first meld."),
    ),
    "rummy_doubles": switch_option(
        N_("Rummy verdeckt"), N_("Rummy verdeckt: going rummy scores double.")
    ),
    "must_discard": switch_option(
        N_("Out by discarding"), N_("A player may go out only by discarding the last card.")
    ),
    "count_cards": switch_option(
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


# Where no number of hands is agreed (VARIANTS.md's reading for every such variant); the
# count and the slot are filled from each record that says it.
HANDS_PER_PLAYER = Nn_(
    "Without an agreed number of hands the game lasts %(rounds_per_player)s hand per player.",
    "Without an agreed number of hands the game lasts %(rounds_per_player)s hands per player.",
    1,
    rounds_per_player=None,
)


# VARIANTS.md's readings on runs and jokers, said on the page of each variant they touch.
RUNS_HOLD_EACH_RANK_ONCE = N_(
    "A run holds each rank once, in every ace mode: at most 13 cards (never A-2-…-K-A)."
)
UNPINNED_JOKER_AT_A_RUNS_END = N_(
    "A joker not pinned to a card at a run's end stands for the card worth more in a first "
    "meld (JK-9C-10C counts as 9-10-J, 29); pinning it (JK=8C) decides otherwise."
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
        RUNS_HOLD_EACH_RANK_ONCE,
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
        RUNS_HOLD_EACH_RANK_ONCE,
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
    ends=(RoundEnd.OUT, RoundEnd.RUMMY, RoundEnd.STOCK),
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
        RUNS_HOLD_EACH_RANK_ONCE,
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
        RUNS_HOLD_EACH_RANK_ONCE,
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
        "opening_min": number_option(
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
        UNPINNED_JOKER_AT_A_RUNS_END,
        RUNS_HOLD_EACH_RANK_ONCE,
        N_(
            "Playing for chips (pay) with scoring 'penalty' is refused: a penalty game has "
            "nobody to collect."
        ),
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
        RUNS_HOLD_EACH_RANK_ONCE,
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
    ends=(RoundEnd.KNOCK,),
    whole_hands_at={RoundEnd.KNOCK: N_("when a player knocks (the knocker's after the discard)")},
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
        "undercut_on_tie": switch_option(
            N_("Undercut on a tie"),
            N_("A player who ties the knocker also gets the undercut bonus."),
        ),
    },
    readings=(
        N_(
            "Several players other than the knocker sharing the lowest count each score as a winner."
        ),
        RUNS_HOLD_EACH_RANK_ONCE,
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
    ends=(RoundEnd.OUT,),
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
        "start": number_option(
            N_("Starting points"), N_("Everyone starts with this many points."), "start", 100_000
        ),
        "deuces_wild": Option(
            bool,
            N_("Deuces wild"),
            N_("Deuces are wild; each used as a wild card earns more from each opponent."),
            sets="deuces_wild",
            numbers=("wild_deuce_chips",),
            facts=("wilds.deuces",),
        ),
        "quick_bonus": switch_option(
            N_("Quick-meld bonus"),
            N_("Going out after no draw, or after one, earns more from each opponent."),
            numbers=("quick_chips",),
            facts=("draws",),
        ),
        "special_bonus": switch_option(
            N_("Special bonuses"),
            N_("No wild card in the melds, or the whole hand in one suit, earns more from each."),
            numbers=("no_wild_chips", "one_suit_chips"),
            facts=("one_suit",),
        ),
    },
    readings=(HANDS_PER_PLAYER, RUNS_HOLD_EACH_RANK_ONCE),
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
    ends=(RoundEnd.OUT,),
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
        RUNS_HOLD_EACH_RANK_ONCE,
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
    ends=(RoundEnd.RUMMY, RoundEnd.STOCK),
    melds_scored=True,
    round_facts=("ten_cards", "fed", "has_meld"),
    whole_hands_at={RoundEnd.STOCK: N_("after four turns each")},
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
        "no_layoff": switch_option(
            N_("No laying off"),
            N_("No laying off loose cards onto shown melds on the fourth turn."),
        ),
        "feeding_penalties": switch_option(
            N_("Feeding penalties"),
            N_(
                "The next player taking your discard gets chips from you; if a player who took "
                "enough of your discards goes rummy, you pay for every losing player."
            ),
            numbers=("feed_chips", "feeds_for_liability"),
            facts=("fed",),
        ),
    },
    readings=(
        N_("The first player is on the dealer's left (the seed names both sides)."),
        N_("The others pay the winner chips by place, from second place on (%(place_chips)s)."),
        N_(
            "A player with no meld (móm) pays %(mom_chips)s, is left out of the order, and cannot "
            "win unless every player is móm."
        ),
        N_(
            "Feeding penalties: the player who takes a discard is always the next in turn order, "
            "and turn order goes round the table: after the dealer, who plays last, comes the "
            "first player."
        ),
        N_("Players tied for the highest chip total at the end share the win."),
        N_("An agreed number of hands that is not a multiple of the players is played as given."),
        RUNS_HOLD_EACH_RANK_ONCE,
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
        N_(
            "It is played by %(fewest_players)s to %(most_players)s players (the seed gives no "
            "count)."
        ),
        UNPINNED_JOKER_AT_A_RUNS_END,
        RUNS_HOLD_EACH_RANK_ONCE,
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
    ends=(RoundEnd.OUT,),
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
        N_(
            "A hand given at the end holds at most one card more than the %(cards_for_2)s dealt; "
            "the winner's whole hand is %(cards_for_2)s."
        ),
        HANDS_PER_PLAYER,
        RUNS_HOLD_EACH_RANK_ONCE,
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
            maximum=2,
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
        UNPINNED_JOKER_AT_A_RUNS_END,
        RUNS_HOLD_EACH_RANK_ONCE,
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
    ends=(RoundEnd.KNOCK, RoundEnd.OUT, RoundEnd.STOCK),
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
            "Two or more players who are not the knocker, tied for the lowest count below the "
            "knocker's, each score as a winner, with the undercut bonus."
        ),
        RUNS_HOLD_EACH_RANK_ONCE,
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
    ends=(RoundEnd.KNOCK, RoundEnd.STOCK),
    whole_hands_at={RoundEnd.KNOCK: N_("when a player knocks (the knocker's after the discard)")},
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
        "knock_limit": number_option(
            N_("Knock limit"),
            N_("A knock needs at most this much deadwood (0: gin only)."),
            "knock_limit",
            most=10,
        ),
        "undercut_bonus": number_option(
            N_("Undercut bonus"),
            N_("A defender with equal or less deadwood scores this on top of the difference."),
            "undercut_bonus",
        ),
        "gin_bonus": number_option(
            N_("Gin bonus"), N_("Gin (no deadwood) scores this on top."), "gin_bonus"
        ),
        "big_gin_bonus": number_option(
            N_("Big gin bonus"),
            N_("Big gin (all eleven cards melded, no discard) scores this instead."),
            "big_gin_bonus",
        ),
        "game_bonus": number_option(
            N_("Game bonus"), N_("The winner of the game scores this at the end."), "game_bonus"
        ),
        "box_bonus": number_option(
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
            facts=("upcard",),
        ),
    },
    readings=(
        N_(
            "The defender's least deadwood is counted after laying off, the defender's own melds "
            "chosen together with the lay-offs."
        ),
        N_(
            "Where the knocker's hand has several arrangements with the same least deadwood, the "
            "knocker shows the one that lets the defender lay off least."
        ),
        N_(
            "Gin is never undercut: a defender with no deadwood still gives the knocker 0 + "
            "%(gin_bonus)s."
        ),
        N_(
            "Big gin (round fact big_gin) is a whole hand of one card more than the "
            "%(cards_for_2)s dealt, all melded; claimed for any other hand it is refused (a "
            "fully melded hand of %(cards_for_2)s is gin)."
        ),
        N_(
            "Oklahoma's doubling covers a hand's score with its gin or undercut bonus, not the "
            "game's end bonuses; the shutout then doubles the whole total."
        ),
        N_("The knock limit is 0 to 10 (0: gin only)."),
        RUNS_HOLD_EACH_RANK_ONCE,
    ),
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
