"""Malformed rounds are refused with the JSON path of the bad value, never scored wrong."""

from __future__ import annotations

import pytest

from scorekeeper.rules import CardError, OptionError, RoundError, RulesError, game, score

P2 = ["Ana", "Ben"]
P3 = ["Ana", "Ben", "Cem"]
P4 = ["Ana", "Ben", "Cem", "Dan"]
OUT = {"winner": "Ana", "end": "out", "hands": {"Ben": ["5C"], "Cem": ["6C"]}}
PHOM_TIE = {
    "winner": None,
    "end": "stock",
    "hands": {
        "Ana": ["AS", "2S", "3S", "4H"],
        "Ben": ["5C", "6C", "7C", "KD"],
        "Cem": ["9H", "9D", "9S", "4D"],
        "Dan": ["8H", "8D", "8S", "QC", "JC"],
    },
}


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SPADES_AND_HEARTS = [f"{rank}{suit}" for suit in "SH" for rank in RANKS]


def m(*melds):
    return [meld.split() for meld in melds]


FIVE_THREES = m("3S 4S 5S", "3H 4H 5H", "3D 4D 5D", "3C 4C 5C", "8S 9S 10S")


def request(variant="rummy", players=P3, round_=OUT, **extra):
    return {"variant": variant, "players": players, "round": round_} | extra


BAD = [
    ("winner-not-a-player", request(round_=OUT | {"winner": "Zed"}), RoundError, "round.winner"),
    ("dealer-not-a-player", request(dealer="Zed"), RoundError, "dealer"),
    (
        "hand-for-unknown-player",
        request(round_=OUT | {"hands": {"Ben": ["5C"], "Zed": ["6C"]}}),
        RoundError,
        "round.hands.Zed",
    ),
    (
        "end-the-variant-does-not-take",
        request(
            "knock-rummy",
            round_={"winner": "Ana", "end": "out", "hands": {p: ["5C"] for p in ["Ana"]}},
        ),
        RoundError,
        "round.end",
    ),
    (
        "stock-end-not-in-basic-rummy",
        request(round_=OUT | {"end": "stock", "winner": None}),
        RoundError,
        "round.end",
    ),
    (
        "card-more-often-than-one-deck",
        request(round_=OUT | {"hands": {"Ben": ["AS"], "Cem": ["AS"]}}),
        CardError,
        "round.hands.Cem[0]",
    ),
    (
        "card-across-hands-and-melds",
        request(
            "boat-house",
            P3,
            {
                "winner": "Ana",
                "end": "out",
                "hands": {"Ben": ["7H"], "Cem": ["2C"]},
                "melds": {"Ben": [["7H", "8H", "9H"]]},
            },
        ),
        CardError,
        "round.melds.Ben[0][0]",
    ),
    (
        "joker-where-none-in-play",
        request(round_=OUT | {"hands": {"Ben": ["JK"], "Cem": []}}),
        CardError,
        "round.hands.Ben[0]",
    ),
    (
        "card-that-does-not-parse",
        request(round_=OUT | {"hands": {"Ben": ["1X"], "Cem": []}}),
        CardError,
        "round.hands.Ben[0]",
    ),
    (
        "rami-needs-opened",
        request("rami", P3, OUT | {"opened": {"Ben": True}}),
        RoundError,
        "round.opened.Cem",
    ),
    ("phom-tie-needs-dealer", request("phom", P4, PHOM_TIE), RoundError, "dealer"),
    (
        "players-outside-the-range",
        request("nowrang", P3, {"winner": "Ana", "end": "out"}),
        OptionError,
        "players",
    ),
    (
        "unknown-option",
        request(options={"shuffle": True}),
        OptionError,
        "options.shuffle",
    ),
    (
        "pay-is-for-high-wins-variants",
        request("rami", P3, OUT | {"opened": {"Ben": True, "Cem": True}}, options={"pay": True}),
        OptionError,
        "options.pay",
    ),
    (
        "illegal-declared-meld-is-named",
        request(
            "knock-rummy",
            P3,
            {
                "winner": "Ana",
                "end": "knock",
                "hands": {"Ana": ["2D"], "Ben": ["KD"], "Cem": ["9S"]},
                "melds": {"Ben": [["5C", "6C", "7C"], ["7H", "8H", "10H"]]},
            },
        ),
        RoundError,
        "round.melds.Ben[1]",
    ),
    (
        "winner-needed-to-go-out",
        request(round_={"winner": None, "end": "out", "hands": {"Ben": ["5C"], "Cem": []}}),
        RoundError,
        "round.winner",
    ),
    (
        "continental-needs-the-winners-melds",
        request("continental", P3, {"winner": "Ana", "end": "out"}),
        RoundError,
        "round.melds.Ana",
    ),
    (
        "knock-needs-every-hand",
        request(
            "knock-rummy",
            P3,
            {
                "winner": "Ana",
                "end": "knock",
                "hands": {
                    "Ana": ["2D", "9H", "9C", "9D", "10S", "JS", "QS"],
                    "Ben": ["KD", "8D", "8C", "8S", "AC", "2C", "3C"],
                },
            },
        ),
        RoundError,
        "round.hands.Cem",
    ),
    ("unknown-variant", request("canasta"), OptionError, "variant"),
    (
        "every-losers-hand-is-needed",
        request(round_={"winner": "Ana", "hands": {"Ben": ["KS"]}}),
        RoundError,
        "round.hands.Cem",
    ),
    (
        "players-twice",
        request(players=["Ana", "Ana"], round_={"winner": "Ana"}),
        RoundError,
        "players",
    ),
    ("round-missing", {"variant": "rummy", "players": P3}, RulesError, "round"),
    (
        "illegal-declared-meld-in-boat-house",
        request(
            "boat-house",
            round_={
                "winner": "Ana",
                "hands": {"Ben": [], "Cem": []},
                "melds": {"Ben": [["7S", "8H", "9S"]]},
            },
        ),
        RoundError,
        "round.melds.Ben[0]",
    ),
    (
        "two-decks-hold-each-card-twice",
        request(
            "double-rum", round_={"winner": "Ana", "hands": {"Ben": ["7S", "7S"], "Cem": ["7S"]}}
        ),
        CardError,
        "round.hands.Cem[0]",
    ),
    (
        "continental-quick-bonus-needs-the-draws",
        request(
            "continental",
            P2,
            {"winner": "Ana", "melds": {"Ana": FIVE_THREES}},
            options={"quick_bonus": True},
        ),
        RoundError,
        "round.draws",
    ),
    (
        "continental-5-5-5-is-no-pattern",
        request(
            "continental",
            P2,
            {
                "winner": "Ana",
                "melds": {"Ana": m("3S 4S 5S 6S 7S", "3H 4H 5H 6H 7H", "3D 4D 5D 6D 7D")},
            },
        ),
        RoundError,
        "round.melds.Ana",
    ),
    (
        "queen-city-whole-hand-only",
        request(
            "queen-city", round_={"winner": "Ana", "melds": {"Ana": m("5D 6D 7D", "9S 9H 9C")}}
        ),
        RoundError,
        "round.melds.Ana",
    ),
    (
        "nowrang-winning-melds-are-checked",
        request(
            "nowrang",
            P2,
            {"winner": "Ana", "melds": {"Ana": m("4C 5C 6C 7C", "9D 10D JD", "9S 9H 9C")}},
        ),
        RoundError,
        "round.melds.Ana[2]",
    ),
    (
        "a-hand-longer-than-any-deal",
        request(
            "knock-rummy",
            P2,
            {
                "winner": "Ana",
                "end": "knock",
                "hands": {
                    "Ana": ["AS"],
                    "Ben": [*SPADES_AND_HEARTS[1:], "AD", "2D", "3D", "4D", "5D", "6D"],
                },
            },
        ),
        RoundError,
        "round.hands.Ben",
    ),
]


@pytest.mark.parametrize(
    ("request_", "error", "field"), [case[1:] for case in BAD], ids=[case[0] for case in BAD]
)
def test_bad_round_names_the_field(request_, error, field):
    with pytest.raises(error) as caught:
        score(request_)
    assert caught.value.field == field
    assert caught.value.as_json()["error"]


def test_a_tie_that_needs_no_order_needs_no_dealer():
    # counts 4, 13, 2, 23 (no tie): no dealer needed; Cem wins
    hands = dict(PHOM_TIE["hands"], Cem=["9H", "9D", "9S", "2D"])
    result = score(request("phom", P4, PHOM_TIE | {"hands": hands}))
    assert result["winners"] == ["Cem"]


def test_game_bad_dealer_and_bad_rounds():
    with pytest.raises(RulesError) as caught:
        game(variant="rummy", players=P3, dealer="Zed", rounds=[])
    assert caught.value.field == "dealer"
    with pytest.raises(RulesError) as caught:
        game(variant="rummy", players=P3, rounds=[OUT | {"winner": "Zed"}])
    assert caught.value.field == "rounds[0].winner"
    with pytest.raises(RulesError) as caught:
        game(variant="rummy", players=P3, rounds="many")
    assert caught.value.field == "rounds"


def test_a_phom_game_without_a_dealer_does_not_guess_one_for_a_tie():
    # the tie between Ana and Cem (4 each) is broken by turn order from the dealer's
    # left; with no dealer given the engine must ask for it, not assume one
    with pytest.raises(RoundError) as caught:
        game(variant="phom", players=P4, rounds=[PHOM_TIE])
    assert caught.value.field == "dealer"


@pytest.mark.parametrize(
    ("variant", "hands"),
    [
        # Phỏm: Ana's 2 beats Ben's K 13
        ("phom", {"Ana": ["4S", "5S", "6S", "2D"], "Ben": ["9H", "9D", "9C", "KC"]}),
        # Block Rummy blocked: Ana 5 is lowest, not Ben 9
        ("block-rummy", {"Ana": ["5C"], "Ben": ["9D"]}),
        # Carousel, stock ran out: Ana 5 is lowest, not Ben 9
        ("carousel", {"Ana": ["5C"], "Ben": ["9D"]}),
    ],
)
def test_a_showdown_winner_the_counts_contradict_is_refused(variant, hands):
    round_ = {"winner": "Ben", "end": "stock", "hands": hands}
    with pytest.raises(RoundError) as caught:
        score(request(variant, P2, round_, dealer="Ben"))
    assert caught.value.field == "round.winner"
    assert "the counts make Ana the winner of this hand, not Ben" in caught.value.message
