"""Card notation, as the contract's "Cards" section writes it."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    check_deck_limits,
    full_deck,
    parse_card,
    parse_cards,
)
from scorekeeper.rules.errors import CardError


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("10H", "10H"),
        ("TH", "10H"),  # T is accepted for 10
        ("t♣", "10C"),
        ("Q♦", "QD"),
        ("k♥", "KH"),
        ("7♠", "7S"),
        ("JK", "JK"),
        ("jk", "JK"),
        ("*", "JK"),
        ("JK=5H", "JK=5H"),  # a joker pinned to the card it stands for
        ("*=qs", "JK=QS"),
        ("2C=7H", "2C=7H"),  # a wild deuce used as a seven of hearts
        (" 9d ", "9D"),
    ],
)
def test_tokens_print_in_canonical_form(token, canonical):
    assert str(parse_card(token)) == canonical


@pytest.mark.parametrize(
    ("token", "why"),
    [
        ("1S", "ranks are A, 2–10, J, Q, K"),
        ("11H", "ranks are A, 2–10, J, Q, K"),
        ("AX", "suits are S, H, D, C (or ♠ ♥ ♦ ♣)"),
        ("A", "write a rank then a suit, like 7H or 10S"),
        ("", "write a rank then a suit, like 7H or 10S"),
        ("5S=7H", "only a joker or a wild deuce can stand for another card"),
        ("JK=1H", "ranks are A, 2–10, J, Q, K"),
    ],
)
def test_bad_tokens_name_themselves_and_the_rule(token, why):
    with pytest.raises(CardError) as caught:
        parse_card(token, where="meld 2, card 1", field="melds[1][0]")
    assert str(caught.value) == f"'{token}' (meld 2, card 1) is not a card: {why}"
    assert caught.value.field == "melds[1][0]"


def test_error_names_the_card_and_where_it_stood():
    with pytest.raises(CardError) as caught:
        parse_cards(["AS", "2S", "1S"], where="meld 2", field="melds[1]")
    assert str(caught.value) == "'1S' (meld 2, card 3) is not a card: ranks are A, 2–10, J, Q, K"
    assert caught.value.field == "melds[1][2]"


def test_a_number_is_not_a_card():
    with pytest.raises(CardError, match="a card is written as text"):
        parse_card(7)


def test_typing_fallback_splits_on_spaces_and_commas():
    assert [str(c) for c in parse_cards("AS 10H,JK  2c")] == ["AS", "10H", "JK", "2C"]


def test_pinned_card_is_the_same_physical_card():
    pinned = parse_card("JK=5H")
    assert pinned.physical == JOKER
    assert pinned.plays_as == Card(Rank.FIVE, Suit.HEARTS)
    deuce = parse_card("2C=7H")
    assert deuce.physical == Card(Rank.TWO, Suit.CLUBS)


def test_full_deck_sizes():
    # one deck 52; two decks and four jokers 108 (Kaluki); three decks + three jokers 159
    assert sum(full_deck().values()) == 52
    assert sum(full_deck(2, 4).values()) == 108
    assert sum(full_deck(3, 3).values()) == 159


def test_deck_limit_refuses_the_copy_too_many():
    seven = parse_card("7H")
    check_deck_limits([(seven, "a"), (seven, "b")], decks=2, jokers=0)  # two decks: fine
    with pytest.raises(CardError) as caught:
        check_deck_limits([(seven, "a"), (seven, "b"), (seven, "c")], decks=2, jokers=0)
    assert str(caught.value) == "7H is used 3 times, but the deck in play holds it 2 times"
    assert caught.value.field == "c"


def test_deck_limit_counts_pinned_jokers_as_jokers():
    with pytest.raises(CardError) as caught:
        check_deck_limits([(parse_card("JK=5H"), "x"), (parse_card("JK"), "y")], decks=1, jokers=1)
    assert str(caught.value) == "there are only 1 jokers in play, but 2 were entered"
    assert caught.value.field == "y"


natural_cards = st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))


@given(natural_cards)
def test_printing_then_parsing_gives_the_same_card(card):
    assert parse_card(str(card)) == card
    assert parse_card(str(card).lower()) == card
