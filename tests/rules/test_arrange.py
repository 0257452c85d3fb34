"""The least-deadwood arranger: worked examples, an independent brute force, and properties."""

import dataclasses
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import arrange
from scorekeeper.rules.arranger import best_arrangement
from scorekeeper.rules.cards import JOKER, Card, Rank, Suit, parse_cards
from scorekeeper.rules.catalog import resolve
from scorekeeper.rules.errors import CardError, RulesError
from scorekeeper.rules.melds import judge_meld
from scorekeeper.rules.records import VARIANTS


def deadwood(variant, hand, **options):
    return best_arrangement(resolve(variant, options), parse_cards(hand))


@pytest.mark.parametrize(
    ("variant", "options", "hand", "points"),
    [
        # Knock Rummy: J/Q/K 10, ace 1. A-2-3 of spades melds; 9 + 10 left
        ("knock-rummy", {}, "AS 2S 3S 9D KC", 19),
        # three sevens and 8-9-10 of clubs meld; KH + QD left = 20
        ("knock-rummy", {}, "7S 7H 7D 8C 9C 10C KH QD", 20),
        # 7C belongs in both the set and the run: the set 7S-7H-7D and the run 7C-8C-9C both fit
        ("knock-rummy", {}, "7S 7H 7D 7C 8C 9C", 0),
        # nothing melds: 1 + 2 + 4 + 6 + 8 + 10 + 10 = 41 (A and 2 of different suits)
        ("knock-rummy", {}, "AS 2H 4D 6C 8S 10H KD", 41),
        # Q-K-A is no run with aces low: QS KS AS is deadwood, 10 + 10 + 1
        ("knock-rummy", {}, "QS KS AS", 21),
        # around the corner: K-A-2 melds, nothing left
        ("around-the-corner", {}, "KS AS 2S", 0),
        # Phỏm: J 11, Q 12, K 13 as deadwood; 3-4-5 melds; 11 + 12 + 13 = 36
        ("phom", {}, "3D 4D 5D JS QH KC", 36),
        # Kaluki: the joker completes 5-6-7 or a set of kings; the kings' set leaves 5 + 7 = 12
        ("kaluki", {}, "JK 5H 7H KS KD", 12),
        # Kaluki with two decks: two identical runs 4-5-6 of spades
        ("kaluki", {}, "4S 5S 6S 4S 5S 6S", 0),
        # German Rommé: JK JK 5H may not meld (more jokers than naturals): 30 + 30 + 5
        ("german-rummy", {}, "JK JK 5H", 65),
        # ... but JK 5H 6H does, and the other joker joins it: 4-5-6-7 with two jokers
        ("german-rummy", {}, "JK JK 5H 6H", 0),
        # Double Rum: identical cards in a set
        ("double-rum", {}, "9D 9D 9D KS", 10),
        # Continental, deuces wild: 2C stands for the 5H
        ("continental", {"deuces_wild": True}, "4H 2C 6H", 0),
        # Continental without wild deuces: 4 + 2 + 6 (runs only; deuce 2)
        ("continental", {}, "4H 2C 6H", 12),
        # Continental: a set is no meld there: 7 x 3
        ("continental", {}, "7S 7H 7D", 21),
        # Rami: 9S-JK-KD is no meld (a joker fills one gap, not two); joker 150 + 9 + 10
        ("rami", {}, "JK 9S KD", 169),
        # Knock Rummy, 6S wanted twice: run 4-5-6-7S leaves 6H + 6D = 12; the set 6S-6H-6D
        # leaves 4 + 5 + 7 = 16; the run 4-5-6S leaves 6H + 6D + 7S = 19. Least: 12
        ("knock-rummy", {}, "4S 5S 6S 6H 6D 7S", 12),
        # Phỏm, ace low only: J-Q-K of spades melds; A 1 + 2 + 3 = 6 left
        ("phom", {}, "AS 2D 3C JS QS KS", 6),
        # Phỏm: Q-K-A is no run there, J-Q-K is; the ace (1) is left
        ("phom", {}, "JS QS KS AS", 1),
        # Basic Rummy, ace low-or-high (ace 11): Q-K-A leaves 2 + 3 = 5, A-2-3 leaves 20
        ("rummy", {"ace": "low-or-high"}, "QS KS AS 2S 3S", 5),
        # ... with aces around, Q-K-A-2-3 is one run
        ("around-the-corner", {}, "QS KS AS 2S 3S", 0),
        # Kaluki, two decks and two jokers (5 cards, so one meld at most): 9C-JK-JK leaves
        # 5H + 5H = 10; 5H-JK-JK leaves 5 + 9 = 14; 5H-5H-JK is no set (identical cards)
        ("kaluki", {}, "JK JK 5H 5H 9C", 10),
        # German: two jokers with two naturals is a set (7S 7H JK JK); the third joker
        # would outnumber the naturals, so it stays in hand: 30
        ("german-rummy", {}, "JK JK JK 7S 7H", 30),
        # Double Rum: five nines with identical cards are one set; KS 10 left
        ("double-rum", {}, "9D 9D 9S 9S 9H KS", 10),
        # Basic Rummy with two decks: only 9D-9S-9H is a set; 9D + 9S + KS = 28 left
        ("rummy", {"decks": 2}, "9D 9D 9S 9S 9H KS", 28),
        # Continental, deuces wild: 2H plays as itself, 2C as the 5H: 2-3-4-5H, nothing left
        ("continental", {"deuces_wild": True}, "2H 3H 4H 2C", 0),
        # ... without wild deuces the 2C is deadwood: 2
        ("continental", {}, "2H 3H 4H 2C", 2),
        # Knock Rummy: six spades in a row are two runs of three; the set of kings melds too
        ("knock-rummy", {}, "AS 2S 3S 4S 5S 6S KS KH KD QC", 10),
        # 4-5-6-7S and three sixes want the 6S: the run 4-5-6-7S leaves 6H + 6D = 12, the
        # set leaves 4 + 5 + 7 = 16, 5-6-7S with the set short of the 6S leaves 4+6+6 = 16;
        # the 9-10-J of clubs melds apart from all that
        ("knock-rummy", {}, "4S 5S 6S 6H 6D 7S 9C 10C JC", 12),
        # Basic Rummy, ace low-or-high (ace 11): Q-K-A and A-2-3 want the AS, Q-K-A and
        # the queens want the QS. Q-K-A leaves 2 + 3 + 10 + 10 = 25; the queens and A-2-3
        # leave the KS, 10
        ("rummy", {"ace": "low-or-high"}, "QS KS AS 2S 3S QH QD", 10),
    ],
)
def test_worked_examples(variant, options, hand, points):
    assert deadwood(variant, hand, **options).deadwood_points == points


def test_output_pins_jokers():
    result = arrange(variant="kaluki", hand=["5H", "JK", "7H"])
    assert result == {"melds": [["5H", "JK=6H", "7H"]], "deadwood": [], "deadwood_points": 0}


def test_wild_deuce_is_pinned_in_the_output():
    result = arrange(variant="continental", options={"deuces_wild": True}, hand=["4H", "2C", "6H"])
    assert result["melds"] == [["4H", "2C=5H", "6H"]]


def test_bad_hand_is_refused_with_its_field():
    with pytest.raises(CardError) as caught:
        arrange(variant="knock-rummy", hand=["AS", "AS", "2S"])
    assert caught.value.field == "hand[1]"


@pytest.mark.parametrize(
    ("hand", "field"),
    [
        (["AS", ["2S"], "3S"], "hand[1]"),  # a list where a card belongs
        (["AS", "2S", 3], "hand[2]"),  # a number
        (["AS", "1S"], "hand[1]"),  # no such rank
    ],
)
def test_a_token_that_is_no_card_is_named(hand, field):
    with pytest.raises(CardError) as caught:
        arrange(variant="knock-rummy", hand=hand)
    assert caught.value.field == field


def test_cards_written_any_way_get_the_same_answer():
    # Knock Rummy: 10-J-Q of hearts melds; 2 + 3 = 5 left, answered in the contract's notation
    expected = {"melds": [["10H", "JH", "QH"]], "deadwood": ["2S", "3C"], "deadwood_points": 5}
    assert arrange(variant="knock-rummy", hand=["QH", "2S", "10H", "JH", "3C"]) == expected
    assert arrange(variant="knock-rummy", hand=["qh", "2♠", "TH", "jh", " 3c"]) == expected


# --- an independent brute force ---------------------------------------------------


def brute_force(rules, hand):
    """Try every partition of the hand into melds the judge accepts, plus deadwood."""
    # A joker may always be declared, so the brute force lets the judge infer it.
    rules = dataclasses.replace(
        rules, variant=dataclasses.replace(rules.variant, joker_in_three_set_declared=False)
    )
    best = [sum(rules.value(c) for c in hand)]

    def search(rest, cost):
        if cost >= best[0]:
            return
        if not rest:
            best[0] = cost
            return
        first, others = rest[0], rest[1:]
        search(others, cost + rules.value(first))
        for size in range(2, len(others) + 1):
            for chosen in combinations(range(len(others)), size):
                if judge_meld(rules, [first, *(others[i] for i in chosen)]).legal:
                    search([c for i, c in enumerate(others) if i not in chosen], cost)

    search(list(hand), 0)
    return best[0]


CASES = [(variant, {}) for variant in VARIANTS] + [
    ("continental", {"deuces_wild": True}),
    ("rummy", {"jokers": 4, "decks": 2}),
    ("rummy", {"ace": "around", "jokers": 2}),
    ("german-rummy", {"ace": "around"}),
    ("nowrang", {"jokers": 2}),
    ("knock-rummy", {"ace": "high"}),
]

NATURALS = [Card(rank, suit) for rank in Rank for suit in Suit]
# low and high ranks only: hands rich in melds, aces at both ends
DENSE = [c for c in NATURALS if c.rank <= 5 or c.rank >= 11]


@st.composite
def hands(draw, rules, most=8):
    pool = NATURALS * rules.decks + [JOKER] * rules.jokers
    if draw(st.booleans()):
        pool = DENSE * rules.decks + [JOKER] * rules.jokers
    size = draw(st.integers(min_value=0, max_value=most))
    indexes = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True)
    )
    return [pool[i] for i in indexes]


@pytest.mark.parametrize(("variant", "options"), CASES, ids=lambda v: str(v))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_equals_brute_force(variant, options, data):
    rules = resolve(variant, options)
    hand = data.draw(hands(rules))
    result = best_arrangement(rules, hand)
    assert result.deadwood_points == brute_force(rules, hand)
    for meld in result.melds:
        verdict = judge_meld(rules, meld)
        assert verdict.legal, (meld, verdict.reason)


@pytest.mark.parametrize(("variant", "options"), CASES, ids=lambda v: str(v))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_properties(variant, options, data):
    rules = resolve(variant, options)
    hand = data.draw(hands(rules, most=15))
    result = best_arrangement(rules, hand)
    laid = [card.physical for meld in result.melds for card in meld] + list(result.deadwood)
    # the arrangement uses exactly the hand's cards
    assert sorted(map(str, laid)) == sorted(map(str, hand))
    # deadwood never exceeds the hand's value, and is what the deadwood is worth
    assert result.deadwood_points <= sum(rules.value(c) for c in hand)
    assert result.deadwood_points == sum(rules.value(c) for c in result.deadwood)
    # the order of the cards does not matter
    # the order of the cards does not matter, not even to the arrangement chosen
    shuffled = data.draw(st.permutations(hand))
    assert best_arrangement(rules, shuffled) == result
    # every meld is legal by the judge
    for meld in result.melds:
        assert judge_meld(rules, meld).legal, meld


TOKEN_STYLES = [str, str.lower, lambda text: text.replace("10", "T")]


@pytest.mark.parametrize(("variant", "options"), CASES, ids=lambda v: str(v))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_public_answer_equals_the_exhaustive_reference(variant, options, data):
    # The public arrange() takes the question as the API and the CLI pass it (tokens in,
    # JSON out): distinct natural cards take the fast path, jokers, wild deuces and cards
    # twice the general search. Either way the deadwood is the exhaustive reference's, the
    # melds are legal, and the answer is the core's.
    rules = resolve(variant, options)
    hand = data.draw(hands(rules, most=7))
    style = data.draw(st.sampled_from(TOKEN_STYLES))
    answer = arrange(variant=variant, options=options, hand=[style(str(c)) for c in hand])
    assert answer["deadwood_points"] == brute_force(rules, hand)
    melds = [parse_cards(meld) for meld in answer["melds"]]
    for meld in melds:
        assert judge_meld(rules, meld).legal, meld
    laid = [str(card.physical) for meld in melds for card in meld] + answer["deadwood"]
    assert sorted(laid) == sorted(map(str, hand))
    assert answer == best_arrangement(rules, hand).as_json()


def test_a_hand_far_longer_than_any_deal_is_refused():
    # two decks: 31 distinct cards are possible, but no variant deals more than 16
    hand = [
        f"{rank}{suit}"
        for suit in "SHD"
        for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J"]
    ][:31]
    with pytest.raises(RulesError) as caught:
        arrange(variant="kaluki", hand=hand)
    assert caught.value.field == "hand"
    # Kaluki deals 15: with two cards drawn a hand holds 17
    assert caught.value.message == (
        "a hand in Kaluki (Caloochi, Kalooki) holds at most 17 cards (the deal and two drawn), "
        "not 31"
    )
