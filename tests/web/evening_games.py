"""Hypothesis strategies for whole games of every variant, in the contract's game form."""

from hypothesis import strategies as st

from scorekeeper.rules import RulesError, game
from scorekeeper.rules.records import VARIANTS

NAMES = ["Ana", "Ben", "Cem", "Dan"]
# Phỏm shows whole hands: these are hands the deal and four turns can leave (a meld each)
PHOM_HANDS = [
    ["4S", "5S", "6S", "2D"],
    ["9H", "9D", "9C", "KC"],
    ["JH", "QH", "KH", "3C", "5C"],
    ["7D", "8D", "9D", "AC"],
]


@st.composite
def rounds_of(draw, variant, players):
    """One round the engine accepts: a winner and loser counts, plus the facts it needs."""
    ends = VARIANTS[variant].ends
    winner = draw(st.sampled_from(players))
    if variant == "phom":
        return {"end": "stock", "hands": dict(zip(players, PHOM_HANDS, strict=False))}
    end = draw(st.sampled_from(ends))
    counts = {p: draw(st.integers(0, 60)) for p in players if p != winner}
    facts = {"winner": winner, "end": end, "hands": counts}
    if variant == "carousel" or variant == "knock-rummy":
        facts["hands"] = dict(counts, **{winner: draw(st.integers(0, 5))})
    if variant == "rami" or variant == "german-rummy":
        facts["opened"] = {p: draw(st.booleans()) for p in players}
        facts["hands"] = {p: [] for p in players if p != winner} | {
            p: ["4C"] for p in players if p != winner and draw(st.booleans())
        }
    if variant == "continental":
        facts["wilds"] = {"jokers": draw(st.integers(0, 2)), "deuces": 0}
    if variant == "queen-city":
        facts["meld_points"] = draw(st.integers(9, 80))
    return facts


@st.composite
def games(draw, variant=None):
    """A game request of some variant the engine scores without a complaint."""
    variant = variant or draw(st.sampled_from(sorted(VARIANTS)))
    low, high = VARIANTS[variant].players
    players = NAMES[: draw(st.integers(low, min(high, 4)))]
    request = {
        "variant": variant,
        "options": {},
        "players": players,
        "dealer": players[0],
        "rounds": [],
    }
    for _ in range(draw(st.integers(0, 5))):
        facts = draw(rounds_of(variant, players))
        trial = dict(request, rounds=[*request["rounds"], facts])
        try:
            result = game(trial)
        except RulesError:
            continue  # a round this variant cannot have (or after the game ended): skip it
        request = trial
        if result["finished"]:
            break
    return request
