"""Benchmark of the least-deadwood arranger against OpenSpiel and RLCard.

Run: .venv/bin/pip install -e '.[bench]' && .venv/bin/python benchmarks/bench_arrange.py
(RLCard alone is enough: without OpenSpiel the agreement check and its column are skipped.)

1. Agreement: our Knock Rummy values (ace 1, courts 10, aces low) are Gin's, so
   our deadwood must equal OpenSpiel's GinRummyUtils.min_deadwood on every hand.
2. Speed on meld-rich 10-card Gin hands (deadwood <= 10): the median time per
   hand of the public ``arrange()`` (the request as the API and the CLI pass it:
   variant, options and card tokens in, JSON answer out), of the core
   ``best_arrangement``, of RLCard's get_best_meld_clusters + get_deadwood_count,
   and of OpenSpiel's C++ min_deadwood, measured side by side in the same run.
   Each hand is timed ``--repeat`` times, all of them interleaved, and its fastest
   time kept, so that a moment another process holds the core counts against nobody
   (the Kaluki hands below too).
3. Speed on 15-card Kaluki hands from two decks with up to 4 jokers: p99 and max.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from rlcard.games.gin_rummy.utils import melding
from rlcard.games.gin_rummy.utils import utils as rl_utils

from scorekeeper.rules import arrange
from scorekeeper.rules.arranger import best_arrangement
from scorekeeper.rules.cards import JOKER, Card, Rank, Suit
from scorekeeper.rules.catalog import resolve

DECK = [Card(rank, suit) for suit in Suit for rank in Rank]
OPEN_SPIEL_SUITS = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3}
RL_RANKS = "A23456789TJQK"


def open_spiel_int(card: Card) -> int:
    return OPEN_SPIEL_SUITS[card.suit] * 13 + int(card.rank) - 1


def rlcard_card(card: Card):
    return rl_utils.card_from_text(RL_RANKS[int(card.rank) - 1] + card.suit.value)


def rlcard_deadwood(hand) -> int:
    clusters = melding.get_best_meld_clusters(hand=hand)
    if not clusters:
        return sum(rl_utils.get_deadwood_value(card) for card in hand)
    return rl_utils.get_deadwood_count(hand=hand, meld_cluster=clusters[0])


def timed(function, argument) -> tuple[float, object]:
    start = time.perf_counter()
    result = function(argument)
    return time.perf_counter() - start, result


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--agreement", type=int, default=5000, help="random Gin hands compared")
    parser.add_argument("--rich", type=int, default=500, help="meld-rich Gin hands timed")
    parser.add_argument("--kaluki", type=int, default=2000, help="Kaluki hands timed")
    parser.add_argument("--repeat", type=int, default=5, help="timings per hand, fastest kept")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    rng = random.Random(args.seed)
    gin = resolve("knock-rummy")
    try:
        import pyspiel
    except ImportError:
        utils = None
        print("OpenSpiel is not installed: no agreement check, no OpenSpiel column")
    else:
        utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 11)

    if utils is not None:
        disagreements = 0
        for _ in range(args.agreement):
            hand = rng.sample(DECK, 10)
            ours = best_arrangement(gin, hand).deadwood_points
            theirs = utils.min_deadwood([open_spiel_int(c) for c in hand])
            disagreements += ours != theirs
        print(
            f"agreement with OpenSpiel on {args.agreement} random 10-card hands: "
            f"{args.agreement - disagreements} equal, {disagreements} different"
        )

    rich = []
    while len(rich) < args.rich:
        hand = rng.sample(DECK, 10)
        if rlcard_deadwood([rlcard_card(c) for c in hand]) <= 10:
            rich.append(hand)
    requests = [{"variant": "knock-rummy", "hand": [str(c) for c in hand]} for hand in rich]
    rl_hands = [[rlcard_card(c) for c in hand] for hand in rich]
    os_hands = [[open_spiel_int(c) for c in hand] for hand in rich]
    never = float("inf")
    public_times, core_times, rl_times, os_times = ([never] * len(rich) for _ in range(4))
    for _ in range(args.repeat):
        for i, hand in enumerate(rich):
            # interleaved, so that all of them see the same machine
            elapsed, public = timed(lambda r: arrange(r)["deadwood_points"], requests[i])
            public_times[i] = min(public_times[i], elapsed)
            elapsed, core = timed(lambda h: best_arrangement(gin, h).deadwood_points, hand)
            core_times[i] = min(core_times[i], elapsed)
            elapsed, theirs = timed(rlcard_deadwood, rl_hands[i])
            rl_times[i] = min(rl_times[i], elapsed)
            assert public == core == theirs, (hand, public, core, theirs)
            if utils is not None:
                elapsed, _ = timed(utils.min_deadwood, os_hands[i])
                os_times[i] = min(os_times[i], elapsed)
    public_median = statistics.median(public_times)
    core_median = statistics.median(core_times)
    rl_median = statistics.median(rl_times)
    print(f"meld-rich Gin hands ({len(rich)}, deadwood <= 10), median per hand:")
    print(
        f"  public arrange()   {public_median * 1e3:.3f} ms  "
        f"(/ RLCard = {public_median / rl_median:.2f}, / core = {public_median / core_median:.2f})"
    )
    print(
        f"  best_arrangement   {core_median * 1e3:.3f} ms  (/ RLCard = {core_median / rl_median:.2f})"
    )
    print(f"  RLCard             {rl_median * 1e3:.3f} ms")
    if utils is not None:
        os_median = statistics.median(os_times)
        print(
            f"  OpenSpiel C++      {os_median * 1e3:.3f} ms  "
            f"(public / OpenSpiel = {public_median / os_median:.1f})"
        )

    kaluki = resolve("kaluki")
    two_decks = DECK * 2
    kaluki_hands = []
    for _ in range(args.kaluki):
        jokers = rng.randint(0, 4)
        kaluki_hands.append(rng.sample(two_decks, 15 - jokers) + [JOKER] * jokers)
    times = [never] * len(kaluki_hands)
    for _ in range(args.repeat):
        for i, hand in enumerate(kaluki_hands):
            elapsed, _ = timed(lambda h: best_arrangement(kaluki, h), hand)
            times[i] = min(times[i], elapsed)
    print(
        f"Kaluki 15-card hands ({args.kaluki}, two decks, 0-4 jokers): "
        f"median {statistics.median(times) * 1e3:.2f} ms, p99 {percentile(times, 0.99) * 1e3:.2f} ms, "
        f"max {max(times) * 1e3:.2f} ms"
    )
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
