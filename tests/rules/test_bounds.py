"""Bounds on what the engine is asked: option ranges, games that could not be played or
ended, deals the deck cannot hold, hands longer than any deal, and the rules worked out
once per question (VARIANTS.md for every expected number)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RulesError, arrange, check, variants
from scorekeeper.rules.catalog import resolve


@pytest.mark.parametrize(
    ("variant", "option", "value", "message"),
    [
        ("rummy", "decks", 5, "option 'decks' of rummy must be at most 4, not 5"),
        ("rummy", "decks", 0, "option 'decks' of rummy must be at least 1, not 0"),
        ("kaluki", "jokers", 9, "option 'jokers' of kaluki must be at most 8, not 9"),
        ("rummy", "cards", 21, "option 'cards' of rummy must be at most 20, not 21"),
        ("rummy", "target", 0, "option 'target' of rummy must be at least 1, not 0"),
        ("rummy", "target", 100_001, "option 'target' of rummy must be at most 100000, not 100001"),
        ("rami", "rounds", 1001, "option 'rounds' of rami must be at most 1000, not 1001"),
        ("continental", "start", 100_001, "option 'start' of continental must be at most 100000, not 100001"),
        ("rami", "joker_value", 1001, "option 'joker_value' of rami must be at most 1000, not 1001"),
        ("german-rummy", "opening_min", 1001, "option 'opening_min' of german-rummy must be at most 1000, not 1001"),
        ("kaluki", "ace_value", -1, "option 'ace_value' of kaluki must be at least 0, not -1"),
        ("rummy", "target", "", "option 'target' of rummy must be a whole number"),
        ("rummy", "decks", True, "option 'decks' of rummy must be a whole number"),
    ],
)  # fmt: skip
def test_every_numeric_option_is_bounded_and_named(variant, option, value, message):
    with pytest.raises(RulesError) as caught:
        resolve(variant, {option: value}, players=3)
    assert (caught.value.message, caught.value.field) == (message, f"options.{option}")


def test_the_bounds_are_published_with_each_option():
    rami = next(v for v in variants()["variants"] if v["id"] == "rami")
    specs = rami["option_specs"]
    assert (specs["decks"]["minimum"], specs["decks"]["maximum"]) == (1, 4)
    assert (specs["jokers"]["minimum"], specs["jokers"]["maximum"]) == (0, 8)
    assert specs["joker_value"]["maximum"] == 1000
    assert specs["rounds"]["maximum"] == 1000


def test_a_largest_table_is_still_allowed():
    # Continental: 12 players of 15 from 4 decks and 4 jokers (VARIANTS.md)
    rules = resolve("continental", {"decks": 4, "jokers": 8}, players=12)
    assert (rules.decks, rules.jokers, rules.cards) == (4, 8, 15)


def test_rami_played_for_rounds_needs_the_number_of_rounds():
    with pytest.raises(RulesError) as caught:
        resolve("rami", {"end": "rounds"}, players=3)
    assert caught.value.field == "options.rounds"
    assert "set the option 'rounds'" in caught.value.message
    assert resolve("rami", {"end": "rounds", "rounds": 6}, players=3).rounds == 6


def test_a_null_target_is_the_variants_own():
    # Basic Rummy is played to 100 (VARIANTS.md); null means "not chosen", not "never ends"
    assert resolve("rummy", {"target": None}, players=2).target == 100


def test_a_deal_the_decks_cannot_hold_is_refused():
    # 7 players of Basic Rummy play with 2 decks (104 cards); 7 x 15 + a stock card = 106
    with pytest.raises(RulesError) as caught:
        resolve("rummy", {"cards": 15}, players=7)
    assert caught.value.field == "options.cards"
    assert "7 players of 15 cards need 106 cards" in caught.value.message
    # 7 x 14 + 1 = 99 fits
    assert resolve("rummy", {"cards": 14}, players=7).cards == 14


def test_fewer_decks_than_the_deal_needs_names_the_decks():
    # Continental for 12 deals 15 each: 181 cards; one deck and its joker hold 53
    with pytest.raises(RulesError) as caught:
        resolve("continental", {"decks": 1}, players=12)
    assert caught.value.field == "options.decks"


def test_opening_must_be_a_switch_not_a_word():
    with pytest.raises(RulesError) as caught:
        check(variant="kaluki", melds=[["QH", "KH", "AH"]], opening="yes")
    assert (caught.value.message, caught.value.field) == (
        "'opening' is a switch: true or false",
        "opening",
    )


@pytest.mark.parametrize(
    ("variant", "options", "most"),
    [
        ("continental", {}, 17),  # 15 dealt + 2 drawn
        ("phom", {}, 12),  # 9 dealt + the first player's extra card + 2
        ("kaluki", {}, 17),  # 15 + 2
        ("rami", {}, 16),  # 14 (2-3 and 5 players) + 2
        ("rummy", {"cards": 20}, 22),
    ],
)
def test_a_hand_holds_at_most_the_deal_and_two_drawn(variant, options, most):
    deck = [f"{rank}{suit}" for suit in "SHDC" for rank in "A23456789TJQK"]
    arrange(variant=variant, options=options, hand=deck[:most])
    with pytest.raises(RulesError) as caught:
        arrange(variant=variant, options=options, hand=deck[: most + 1])
    assert caught.value.field == "hand"
    assert f"holds at most {most} cards" in caught.value.message


def test_wild_deuces_a_joker_and_four_kings():
    # Continental, runs only, deuces wild: one king melds with both deuces as wild cards
    # (a run of three; aces may be high, so Q-K-A or J-Q-K); the other three kings cannot
    # meld: 3 x 10 = 30 (courts count 10)
    result = arrange(
        variant="continental",
        options={"deuces_wild": True},
        hand=["KS", "KH", "KD", "KC", "2S", "2H"],
    )
    assert result["deadwood_points"] == 30
    assert len(result["melds"]) == 1


def test_a_long_hand_of_wild_cards_is_answered():
    # 4 decks: 12 deuces and 4 jokers all wild meld as runs of a natural deuce and wild
    # cards (4+3+3+3+3 = 16 needs 5 naturals and 11 wild cards): nothing left
    hand = ["2S", "2H", "2D", "2C"] * 3 + ["JK"] * 4
    result = arrange(variant="continental", options={"deuces_wild": True, "decks": 4}, hand=hand)
    assert result["deadwood_points"] == 0


def test_the_same_question_gives_the_same_rules_and_they_cannot_be_changed():
    first = resolve("rami", {"joker_value": 100}, players=4)
    assert resolve("rami", {"joker_value": 100}, players=4) is first
    with pytest.raises(TypeError):
        first.options["joker_value"] = 5  # type: ignore[index]
    assert first.options["joker_value"] == 100


def test_true_is_not_taken_for_one_even_after_one_was_asked():
    # True == 1 in Python: the rules worked out for decks 1 must not answer decks true
    resolve("rummy", {"decks": 1}, players=2)
    with pytest.raises(RulesError):
        resolve("rummy", {"decks": True}, players=2)


def test_a_search_over_the_budget_is_refused_not_left_running():
    from scorekeeper.rules.arranger import search_budget

    # Boat House hands may grow to 30 cards; near-runs of one suit and 7 jokers take many
    # search steps. With no time left in the budget, it is refused at the first look.
    hand = [rank + "C" for rank in "23344556678899TTJJQKKAA"]
    with pytest.raises(RulesError) as caught, search_budget(0):
        arrange(variant="boat-house", options={"decks": 4, "jokers": 8}, hand=hand + ["JK"] * 7)
    assert caught.value.field is None
    assert "takes more than the referee's 1.5 s" in caught.value.message
