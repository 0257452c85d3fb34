"""Properties of scoring that hold for any round (Hypothesis).

- payments are zero-sum: where a variant only passes points between players,
  the deltas add up to nothing and each delta is that player's net payment;
- a round's result does not depend on the order the hands were entered in;
- a game's totals are the start plus the sum of its rounds plus the end bonuses.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import game, score
from scorekeeper.rules.cards import full_deck, parse_card
from scorekeeper.rules.catalog import resolve

NAMES = ["Ana", "Ben", "Cem", "Dan", "Eva"]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Variants whose rounds are a winner (or nobody) and the cards left in hands.
HAND_VARIANTS = [
    "rummy",
    "around-the-corner",
    "rummy-complete",
    "block-rummy",
    "boat-house",
    "kaluki",
    "double-rum",
    "knock-rummy",
    "phom",
    "german-rummy",
    "rami",
    "carousel",
]
# Where every point passes between players (``pay`` on, or a variant of payments only).
ZERO_SUM = {
    "rummy": {"pay": True},
    "kaluki": {"pay": True},
    "double-rum": {"pay": True},
    "boat-house": {"pay": True},
    "knock-rummy": {"pay": True},
    "phom": {"feeding_penalties": True},
}


@st.composite
def tables(draw, variants=tuple(HAND_VARIANTS), options_for=None):
    variant = draw(st.sampled_from(variants))
    options = dict((options_for or {}).get(variant, {}))
    low, high = resolve(variant, options).variant.players
    count = draw(st.integers(low, min(high, 4)))
    players = NAMES[:count]
    rules = resolve(variant, options, players=count)
    return variant, options, players, rules


def deck_tokens(rules):
    tokens = []
    for card, copies in sorted(full_deck(rules.decks, rules.jokers).items(), key=str):
        tokens.extend([str(card)] * copies)
    return tokens


# Phỏm's ù: nine cards, every one melded
U_MELDS = [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]]


@st.composite
def rounds(draw, variant, players, rules):
    """A round that can happen: hands no longer than the deal allows, whole hands where the
    variant shows them, a knock within the limit, ù fully melded, feeding to the next player."""
    end = draw(st.sampled_from(rules.ends))
    winner = None if end == "stock" else draw(st.sampled_from(players))
    round_ = {"winner": winner, "end": end, "hands": {}}
    melded = [card for meld in U_MELDS for card in meld] if end == "rummy" else []
    if variant == "phom" and end == "rummy":
        round_["melds"] = {winner: U_MELDS}
    tokens = [token for token in deck_tokens(rules) if variant != "phom" or token not in melded]
    deck = draw(st.permutations(tokens))
    position = 0
    for player in players:
        size = draw(st.integers(0, 6))
        if variant in ("knock-rummy", "carousel", "phom") and end != "rummy":
            size = max(size, 1)
        if end in rules.whole_hands_at and not rules.showdown_layoffs:
            size = rules.cards
        if player == winner and end in ("out", "rummy"):
            size = 0  # went out: no cards left
        round_["hands"][player] = deck[position : position + size]
        position += size
    if end == "knock" and rules.knock_limit is not None:
        limit = rules.knock_limit
        low = next(t for t in deck[position:] if rules.value(parse_card(t)) <= limit)
        round_["hands"][winner] = [low]
    if "opened" in rules.round_facts:
        round_["opened"] = {p: draw(st.booleans()) for p in players if p != winner}
    if variant == "phom":
        feeders = st.sampled_from(range(len(players)))
        round_["fed"] = draw(
            st.lists(feeders, max_size=4).map(
                lambda seats: [[players[i], players[(i + 1) % len(players)]] for i in seats]
            )
        )
    return round_


def net(transfers, player):
    return sum(t["amount"] for t in transfers if t["to"] == player) - sum(
        t["amount"] for t in transfers if t["from"] == player
    )


@SETTINGS
@given(st.data())
def test_payments_are_zero_sum(data):
    variant, options, players, rules = data.draw(tables(tuple(ZERO_SUM), ZERO_SUM))
    round_ = data.draw(rounds(variant, players, rules))
    result = score(
        variant=variant, options=options, players=players, dealer=players[-1], round=round_
    )
    assert sum(result["delta"].values()) == 0
    for player in players:
        assert result["delta"][player] == net(result["transfers"], player)
    for transfer in result["transfers"]:
        assert transfer["amount"] > 0 and transfer["from"] != transfer["to"]


@SETTINGS
@given(st.data())
def test_the_order_of_the_hands_does_not_matter(data):
    variant, options, players, rules = data.draw(tables())
    round_ = data.draw(rounds(variant, players, rules))
    order = data.draw(st.permutations(list(round_["hands"])))
    shuffled = dict(round_, hands={p: round_["hands"][p] for p in order})
    first = score(
        variant=variant, options=options, players=players, dealer=players[-1], round=round_
    )
    second = score(
        variant=variant, options=options, players=players, dealer=players[-1], round=shuffled
    )
    assert first["delta"] == second["delta"]
    assert first["winners"] == second["winners"]
    assert sorted(map(str, first["transfers"])) == sorted(map(str, second["transfers"]))
    assert first["explain"] == second["explain"]


@SETTINGS
@given(st.data())
def test_game_totals_are_the_sum_of_the_rounds(data):
    variant, options, players, rules = data.draw(tables())
    played = [
        data.draw(rounds(variant, players, rules)) for _ in range(data.draw(st.integers(1, 3)))
    ]
    # play round by round: stop where the game ends (later rounds would be refused)
    kept = []
    for round_ in played:
        kept.append(round_)
        partial = game(variant=variant, options=options, players=players, rounds=kept,
                       dealer=players[0])  # fmt: skip
        if partial["finished"]:
            break
    result = partial
    expected = {p: rules.start for p in players}
    for response in result["rounds"]:
        for player, delta in response["delta"].items():
            expected[player] += delta
    for player, bonus in result.get("end_bonuses", {}).items():
        expected[player] += bonus
    assert result["totals"] == expected
    if not result["finished"]:
        assert result["winners"] == []
