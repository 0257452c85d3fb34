"""Card notation, as the contract's "Cards" section writes it."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    card_faces,
    check_deck_limits,
    format_card,
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


# German (and French) letters: the grammar in cards.py's docstring, case by case.
@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("BS", "JS"),  # Bube of spades
        ("DH", "QH"),  # Dame of hearts
        ("DD", "QD"),  # D before the suit is Dame, in last place diamonds
        ("dd", "QD"),
        ("10D", "10D"),  # a ten of diamonds stays one
        ("KD", "KD"),  # König is K, as in English
        ("AD", "AD"),  # Ass is A, as in English
        ("BP", "JS"),  # P is Pik (spades)
        ("D♣", "QC"),
        ("B♦", "JD"),
        ("VH", "JH"),  # French valet
        ("RC", "KC"),  # French roi
        ("Joker", "JK"),
        ("JOKER", "JK"),
        ("joker=DH", "JK=QH"),
        ("JK", "JK"),  # J is never a rank before K: K is not a suit, so JK stays the joker
    ],
)
def test_german_letters_read_as_the_table_means(token, canonical):
    assert str(parse_card(token)) == canonical


@pytest.mark.parametrize(
    ("token", "why"),
    [
        # Karo or Kreuz? K is never a suit: both are named, and how to write each
        ("KK", "K after the rank is Kreuz (KC) or Karo (KD); write KKr or KKa"),
        ("DK", "K after the rank is Kreuz (QC) or Karo (QD); write DKr or DKa"),
        ("D", "write a rank then a suit, like 7H or 10S"),  # a suit alone, or a Dame alone
        ("BB", "suits are S, H, D, C (or ♠ ♥ ♦ ♣)"),
    ],
)
def test_ambiguous_german_text_is_refused_not_guessed(token, why):
    with pytest.raises(CardError, match=why.replace("(", r"\(").replace(")", r"\)")):
        parse_card(token)


@given(natural_cards)
def test_every_english_card_reads_the_same_with_the_german_letters_added(card):
    # the German letters only give meaning to letters that were no card before
    for text in (str(card), str(card).lower()):
        assert parse_card(text) == card


@pytest.mark.parametrize(
    ("card", "lang", "shown"),
    [
        ("QH", "de", "D♥"),
        ("JS", "de", "B♠"),
        ("KD", "de", "K♦"),
        ("AC", "de", "A♣"),
        ("10H", "de", "10♥"),
        ("JK", "de", "Joker"),
        ("JK=QS", "de", "Joker=D♠"),
        ("JC", "fr", "V♣"),
        ("KC", "fr", "R♣"),
        ("QH", "en", "QH"),
        ("QH", "vi", "QH"),
        ("QH", "de_DE", "D♥"),
    ],
)
def test_a_card_is_shown_in_the_tables_language(card, lang, shown):
    assert format_card(parse_card(card), lang) == shown


@pytest.mark.parametrize("lang", ["en", "de", "fr", "vi"])
@given(card=natural_cards)
def test_a_card_shown_in_any_language_reads_back_as_itself(lang, card):
    assert parse_card(format_card(card, lang)) == card


def test_the_picker_faces_follow_the_language():
    faces = card_faces("de")
    assert (faces["J"], faces["Q"], faces["K"], faces["A"], faces["10"]) == (
        "B",
        "D",
        "K",
        "A",
        "10",
    )
    assert faces["JK"] == "Joker"
    assert card_faces("en")["J"] == "J"
