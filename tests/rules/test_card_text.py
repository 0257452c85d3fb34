"""Cards and melds typed as text, cut one way for every shell, beside the one parser
(issue 20, Build 2). Worked by hand from the grammar in scorekeeper/rules/cards.py."""

import pytest

from scorekeeper.rules.cards import card_tokens, meld_tokens, parse_cards, rewrite_cards
from scorekeeper.rules.errors import CardError


def test_spaces_and_commas_both_separate_cards_in_any_tables_letters():
    # German Dame of hearts, French Valet of clubs, a ten of Pik, an English king
    tokens = card_tokens(" D♥, V♣  10P,KS ")
    assert tokens == ["D♥", "V♣", "10P", "KS"]
    assert [str(card) for card in parse_cards(tokens)] == ["QH", "JC", "10S", "KS"]


def test_melds_are_one_a_line_and_a_blank_line_is_no_meld():
    assert meld_tokens("B♦ D♦ K♦\n   \nAS,AH,AC\n") == [["B♦", "D♦", "K♦"], ["AS", "AH", "AC"]]


def test_a_token_that_is_no_card_is_named_with_its_place_and_field():
    with pytest.raises(CardError) as refused:
        parse_cards(card_tokens("AS 1S"), where="Ben's hand", field="round.hands.Ben")
    assert str(refused.value.message) == (
        "'1S' (Ben's hand, card 2) is not a card: ranks are A, 2–10, J, Q, K"
    )
    assert refused.value.field == "round.hands.Ben[1]"


def test_cards_the_engine_wrote_in_a_sentence_are_rewritten_and_nothing_else():
    line = "Ben: melds 7H-8H-9H; JK=5H; deadwood KS 10 (ASK)"
    written = rewrite_cards(line, lambda card: f"<{card.rank.symbol}{card.suit.value.lower()}>")
    # the pinned card after "=" and the letters inside a word are no cards of their own
    assert written == "Ben: melds <7h>-<8h>-<9h>; JK=5H; deadwood <Ks> 10 (ASK)"
