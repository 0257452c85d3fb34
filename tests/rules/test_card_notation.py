"""German and French cards as players write them (issue 29, item 3): the one grammar of
scorekeeper/rules/cards.py, read on every page, shown in each table's notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.cards import (
    JOKER_TOKENS,
    RANK_TEXTS,
    SUIT_TEXTS,
    Card,
    Rank,
    Suit,
    format_card,
    parse_card,
    parse_cards,
)
from scorekeeper.rules.errors import CardError
from scorekeeper.rules.messages import say

natural_cards = st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))
NOTATIONS = [(lang, letters) for lang in ("en", "de", "fr", "vi") for letters in (False, True)]


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("BKr", "JC"),  # Bube Kreuz
        ("bkr", "JC"),
        ("BKa", "JD"),  # Bube Karo
        ("KKr", "KC"),  # König Kreuz
        ("DKa", "QD"),  # Dame Karo
        ("AP", "AS"),  # Ass Pik
        ("10H", "10H"),  # Herz
        ("DD", "QD"),  # Dame, then D: diamonds (English letters always read)
        ("B♣", "JC"),
        ("VT", "JC"),  # valet de trèfle
        ("ATr", "AC"),
        ("TT", "10C"),  # T the ten, then T trèfle
        ("RCo", "KH"),  # roi de cœur
        ("DCa", "QD"),  # dame de carreau
        ("VP", "JS"),  # valet de pique
        ("AC", "AC"),  # C is clubs in every language, so cœur is Co
        ("JK", "JK"),  # the joker, never J of a K suit
    ],
)
def test_german_and_french_cards_read_as_the_table_means(token, canonical):
    assert str(parse_card(token)) == canonical
    assert [str(card) for card in parse_cards(f"{token} {token}")] == [canonical] * 2


@pytest.mark.parametrize("rank", ["B", "D", "K", "A", "10", "T", "V", "R", "Q", "2"])
def test_a_k_in_suit_place_is_two_cards_and_is_refused_naming_both(rank):
    card = Card(RANK_TEXTS[rank], Suit.CLUBS)
    with pytest.raises(CardError) as caught:
        parse_card(f"{rank}K", where="Ben's hand, card 2", field="round.hands.Ben[1]")
    assert str(caught.value) == (
        f"'{rank}K' (Ben's hand, card 2) could be two cards: K after the rank is Kreuz "
        f"({card}) or Karo ({Card(card.rank, Suit.DIAMONDS)}); write {rank}Kr or {rank}Ka"
    )
    assert caught.value.field == "round.hands.Ben[1]"
    # said for a German table, the cards are in its letters
    assert "(B♣)" in say(parse_error("BK"), lang="de")


def parse_error(token):
    with pytest.raises(CardError) as caught:
        parse_card(token)
    return caught.value.message


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "suits are S, H, D, C (or ♠ ♥ ♦ ♣)"),
        ("vi", "suits are S, H, D, C (or ♠ ♥ ♦ ♣)"),
        ("de", "suits are Kr (Kreuz ♣), Ka (Karo ♦), P (Pik ♠), H (Herz ♥)"),
        ("de_AT", "suits are Kr (Kreuz ♣), Ka (Karo ♦), P (Pik ♠), H (Herz ♥)"),
        ("fr", "suits are P (pique ♠), Co (cœur ♥), Ca (carreau ♦), T (trèfle ♣)"),
    ],
)
def test_a_wrong_suit_names_the_suits_of_the_readers_table(lang, says):
    assert says in say(parse_error("BX"), lang=lang)


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "ranks are A, 2–10, J, Q, K"),
        ("de", "ranks are A (Ass), 2–10, B (Bube), D (Dame), K (König)"),
        ("fr", "ranks are A (as), 2–10, V (valet), D (dame), R (roi)"),
    ],
)
def test_a_wrong_rank_names_the_ranks_of_the_readers_table(lang, says):
    assert says in say(parse_error("1Kr"), lang=lang)


@pytest.mark.parametrize(("lang", "letters"), NOTATIONS)
@given(card=natural_cards)
def test_a_card_written_in_any_notation_reads_back_as_itself(lang, letters, card):
    written = format_card(card, lang, letters=letters)
    assert parse_card(written) == card
    assert parse_card(written.lower()) == card
    pinned = Card(None, None, card)
    assert parse_card(format_card(pinned, lang, letters=letters)) == pinned


@given(st.sampled_from(sorted(RANK_TEXTS)), st.sampled_from(sorted(SUIT_TEXTS)))
def test_no_text_reads_as_two_cards(rank_text, suit_text):
    # every way a text can be cut into a rank and a suit gives the card it reads as: were
    # a text made by two pairs that mean different cards, one of them would fail here
    text = rank_text + suit_text
    assert text.upper() not in JOKER_TOKENS
    assert parse_card(text) == Card(RANK_TEXTS[rank_text], SUIT_TEXTS[suit_text])


@pytest.mark.parametrize(
    ("card", "lang", "letters", "shown"),
    [
        ("JC", "de", True, "BKr"),
        ("QD", "de", True, "DKa"),
        ("AS", "de", True, "AP"),
        ("10H", "de", True, "10H"),
        ("JK=QD", "de", True, "Joker=DKa"),
        ("KH", "fr", True, "RCo"),
        ("JC", "fr", True, "VT"),
        ("QD", "fr", True, "DCa"),
        ("QD", "en", True, "QD"),
    ],
)
def test_the_letter_form_of_each_table(card, lang, letters, shown):
    assert format_card(parse_card(card), lang, letters=letters) == shown
