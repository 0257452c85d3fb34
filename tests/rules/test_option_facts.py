"""The catalog says which round facts a house rule turns on (issue 20, Build 2).

Worked by hand from shared/rules/VARIANTS.md: Continental's quick-meld bonus needs how many
cards the winner drew, its special bonuses whether the hand was all one suit, and with
deuces wild the deuces used as wild cards are counted beside the jokers; Phỏm's feeding
penalties need the discards taken, while its ù with all ten cards is always asked.
"""

from scorekeeper.rules.records import VARIANTS


def test_continental_asks_only_the_wild_cards_until_its_bonuses_are_on():
    assert VARIANTS["continental"].facts_in_force({}) == ("wilds",)


def test_each_continental_bonus_turns_on_its_own_fact():
    every = {"quick_bonus": True, "special_bonus": True, "deuces_wild": True}
    assert set(VARIANTS["continental"].facts_in_force(every)) == {
        "draws",
        "wilds",
        "one_suit",
        "wilds.deuces",
    }
    assert VARIANTS["continental"].facts_in_force({"quick_bonus": True}) == ("draws", "wilds")


def test_phom_asks_the_discards_taken_only_with_feeding_penalties():
    # has_meld: whether a counted hand's player has a meld, asked beside any count
    assert VARIANTS["phom"].facts_in_force({}) == ("ten_cards", "has_meld")
    assert VARIANTS["phom"].facts_in_force({"feeding_penalties": True}) == (
        "ten_cards",
        "fed",
        "has_meld",
    )
