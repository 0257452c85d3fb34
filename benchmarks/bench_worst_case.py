"""The worst accepted arrange question per variant, and how long it takes.

Run: .venv/bin/python benchmarks/bench_worst_case.py [--seconds 8]

For each variant the options are set to the most work they allow (4 decks, 8 jokers, wild
deuces where the variant has them) and the hand to the longest it accepts
(``Rules.most_cards_in_hand``). Hands are drawn from generators that make the search work
hardest: near-runs in few suits with copies and many wild cards, all deuces and jokers
(Continental), plain random hands; then the worst one found is mutated card by card while
that makes it slower. Every question goes through the public ``arrange()`` under the same
budget the API and the CLI use (``search_budget``): a question over it is refused with a
400, and counted here as refused. Target: every accepted question under 2 s.
"""

from __future__ import annotations

import argparse
import random
import time

from scorekeeper.rules import RulesError, arrange
from scorekeeper.rules.arranger import search_budget
from scorekeeper.rules.catalog import resolve
from scorekeeper.rules.records import VARIANTS

RANKS = "A23456789TJQK"
SUITS = "SHDC"


def heaviest_options(variant_id: str) -> dict:
    specs = VARIANTS[variant_id].options
    options = {"decks": specs["decks"].maximum, "jokers": specs["jokers"].maximum}
    if "deuces_wild" in specs:
        options["deuces_wild"] = True
    return options


def legal(hand: list[str], decks: int, jokers: int) -> bool:
    return hand.count("JK") <= jokers and all(
        hand.count(card) <= decks for card in set(hand) if card != "JK"
    )


def candidates(rng: random.Random, size: int, decks: int, jokers: int, deuces: bool):
    while True:
        kind = rng.randrange(3)
        wild = rng.randint(jokers // 2, jokers)
        if kind == 0:  # near-runs in few suits, with copies
            suits = rng.sample(SUITS, rng.randint(1, 2))
            ranks = rng.sample(RANKS, rng.randint(5, 13))
            pool = [r + s for s in suits for r in ranks] * decks
        elif kind == 1 and deuces:  # every deuce and joker the decks hold
            pool = ["2" + s for s in SUITS] * decks + [r + s for s in SUITS for r in RANKS]
        else:
            pool = [r + s for s in SUITS for r in RANKS] * decks
        natural = max(0, size - wild)
        if len(pool) < natural:
            continue
        yield rng.sample(pool, natural) + ["JK"] * wild


def ask(variant_id: str, options: dict, hand: list[str]) -> tuple[float, bool]:
    start = time.perf_counter()
    try:
        with search_budget():
            arrange(variant=variant_id, options=options, hand=hand)
        answered = True
    except RulesError:
        answered = False
    return time.perf_counter() - start, answered


def worst_for(variant_id: str, seconds: float, rng: random.Random) -> dict:
    options = heaviest_options(variant_id)
    rules = resolve(variant_id, options)
    size = rules.most_cards_in_hand
    worst_time, worst_hand, tried, refused = 0.0, None, 0, 0
    stop = time.monotonic() + seconds
    hands = candidates(rng, size, rules.decks, rules.jokers, rules.deuces_wild)
    while time.monotonic() < stop:
        hand = next(hands)
        if worst_hand is not None and rng.random() < 0.5:  # climb from the worst so far
            hand = list(worst_hand)
            hand[rng.randrange(len(hand))] = rng.choice(RANKS) + rng.choice(SUITS)
        if not legal(hand, rules.decks, rules.jokers):
            continue
        elapsed, answered = ask(variant_id, options, hand)
        tried += 1
        if not answered:
            refused += 1
        elif elapsed > worst_time:
            worst_time, worst_hand = elapsed, hand
    return {
        "variant": variant_id,
        "options": options,
        "cards": size,
        "tried": tried,
        "refused": refused,
        "worst": worst_time,
        "hand": worst_hand,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=8.0, help="search time per variant")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("| variant | options | cards | questions | refused (over budget) | worst accepted |")
    print("|---|---|---|---|---|---|")
    hands = []
    for variant_id in VARIANTS:
        row = worst_for(variant_id, args.seconds, rng)
        options = ", ".join(f"{k} {v}" for k, v in row["options"].items())
        print(
            f"| {variant_id} | {options} | {row['cards']} | {row['tried']} | {row['refused']} "
            f"| {row['worst'] * 1e3:.0f} ms |",
            flush=True,
        )
        hands.append((variant_id, row["hand"]))
    print()
    for variant_id, hand in hands:
        print(f"{variant_id}: {' '.join(hand or [])}")


if __name__ == "__main__":
    main()
