"""Laying off: the defender's cards added to the knocker's melds after a knock (Gin).

The defender plays for the least deadwood: some cards go onto the knocker's melds (a set's
missing suit, a run's next cards at either end, one after another), the rest are arranged
into the defender's own melds. Every way of laying off is tried, since a card laid off is
a card that cannot help the defender's own melds, and the best is kept.

>>> from scorekeeper.rules.catalog import resolve
>>> from scorekeeper.rules.cards import parse_cards
>>> rules = resolve("gin")
>>> best = lay_off(rules, [parse_cards("5H 6H 7H")], parse_cards("8H 9H KS 2C 2D 2S"))
>>> [(str(card), onto) for card, onto in best.laid_off], best.deadwood_points
([('8H', 0), ('9H', 0)], 10)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from .arranger import Arrangement, best_arrangement, natural_melds_within
from .cards import Card, Rank, sort_key
from .catalog import Rules
from .melds import RUN, SET, judge_meld
from .variant import AceMode


@dataclass(frozen=True)
class LayOff:
    """The defender's hand after laying off: what went onto which of the knocker's melds
    (by index), the defender's own melds, and the deadwood left."""

    laid_off: tuple[tuple[Card, int], ...]
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int


def _ways_onto(rules: Rules, meld: Sequence[Card], hand: frozenset[Card]) -> list[frozenset[Card]]:
    """Every group of the defender's cards that can go onto one meld (the empty group too)."""
    verdict = judge_meld(rules, meld)
    ways: list[frozenset[Card]] = [frozenset()]
    if not verdict.legal:
        return ways
    cards = [card.plays_as for card in verdict.cards]
    if verdict.kind == SET:
        rank = cards[0].rank
        missing = [c for c in hand if c.rank == rank and all(c.suit != m.suit for m in cards)]
        for size in range(1, len(missing) + 1):
            for group in _groups(missing, size):
                if judge_meld(rules, [*meld, *group]).legal:
                    ways.append(frozenset(group))
        return ways
    if verdict.kind == RUN:
        suit = cards[0].suit
        positions = sorted(_position(rules, card, cards) for card in cards)
        below = _chain(rules, hand, suit, positions[0], -1)
        above = _chain(rules, hand, suit, positions[-1], +1)
        for low in range(len(below) + 1):
            for high in range(len(above) + 1):
                group = below[:low] + above[:high]
                if group and judge_meld(rules, [*meld, *group]).legal:
                    ways.append(frozenset(group))
    return ways


def _groups(cards: Sequence[Card], size: int) -> Iterator[tuple[Card, ...]]:
    return combinations(sorted(cards, key=sort_key), size)


def _position(rules: Rules, card: Card, run: Sequence[Card]) -> int:
    """A run card's place along the suit: an ace above a king is 14."""
    if card.rank == Rank.ACE and rules.ace != AceMode.LOW and any(c.rank == Rank.KING for c in run):
        return 14
    return int(card.rank)


def _chain(rules: Rules, hand: frozenset[Card], suit: object, end: int, step: int) -> list[Card]:
    """The defender's cards that carry a run on from ``end``, one after another."""
    chain = []
    position = end + step
    while 1 <= position <= 14:
        rank = Rank((position - 1) % 13 + 1)
        if position == 14 and rules.ace == AceMode.LOW:
            break
        card = Card(rank, suit)
        if card not in hand:
            break
        chain.append(card)
        position += step
    return chain


def lay_off(
    rules: Rules, onto: Sequence[Sequence[Card]], hand: Sequence[Card], *, arrange: bool = True
) -> LayOff:
    """The defender's least deadwood after laying off onto the melds ``onto``; the cards not
    laid off are arranged into melds (or, with ``arrange`` off, all count)."""
    held = frozenset(card.physical for card in hand)
    options = [_ways_onto(rules, meld, held) for meld in onto]
    best: LayOff | None = None
    seen: set[frozenset[Card]] = set()
    for choice in product(*options):
        used: set[Card] = set()
        if sum(len(group) for group in choice) != len(used.union(*choice)):
            continue  # one card onto two melds
        laid = frozenset(used.union(*choice))
        if laid in seen:
            continue
        seen.add(laid)
        rest = [card for card in hand if card.physical not in laid]
        if arrange:
            arranged = best_arrangement(rules, rest)
        else:
            arranged = Arrangement((), tuple(rest), sum(rules.value(card) for card in rest))
        if best is None or arranged.deadwood_points < best.deadwood_points:
            placed = tuple(
                (card, index)
                for index, group in enumerate(choice)
                for card in sorted(group, key=sort_key)
            )
            best = LayOff(placed, arranged.melds, arranged.deadwood, arranged.deadwood_points)
    assert best is not None  # laying off nothing is always a way
    return best


def _candidate_melds(rules: Rules, hand: Sequence[Card]) -> list[tuple[int, ...]]:
    """Every group of the hand's places that is a legal meld on its own. A set shares a rank
    and a run a suit, so only groups within one rank or one suit (with any wild cards) are
    judged; a hand of natural cards takes the arranger's own table of melds."""
    natural = natural_melds_within(rules, hand)
    if natural is not None:
        place = {card: i for i, card in enumerate(hand)}
        return [tuple(sorted(place[card] for card in meld)) for meld in natural]
    wild = [i for i, card in enumerate(hand) if card.is_joker]
    by_kind: dict[object, list[int]] = {}
    for i, card in enumerate(hand):
        if not card.is_joker:
            by_kind.setdefault(("rank", card.rank), []).append(i)
            by_kind.setdefault(("suit", card.suit), []).append(i)
    found: set[tuple[int, ...]] = set()
    for places in by_kind.values():
        pool = sorted(places + wild)
        for size in range(3, len(pool) + 1):
            for group in combinations(pool, size):
                if group not in found and judge_meld(rules, [hand[i] for i in group]).legal:
                    found.add(group)
    return sorted(found)


def least_deadwood_arrangements(
    rules: Rules, hand: Sequence[Card], least: int
) -> list[Arrangement]:
    """Every way of melding ``hand`` (a knocker's, at most eleven cards) that leaves deadwood
    worth ``least``, each meld with its wild cards pinned."""
    candidates = _candidate_melds(rules, hand)
    values = [rules.value(card) for card in hand]
    found: list[tuple[tuple[int, ...], ...]] = []

    def extend(start: int, used: frozenset[int], chosen: tuple[tuple[int, ...], ...]) -> None:
        left = sum(values[i] for i in range(len(hand)) if i not in used)
        if left == least:
            found.append(chosen)
        for index in range(start, len(candidates)):
            group = candidates[index]
            if used.isdisjoint(group):
                extend(index + 1, used | frozenset(group), (*chosen, group))

    extend(0, frozenset(), ())
    arrangements = []
    for chosen in found:
        melded = {i for group in chosen for i in group}
        melds = tuple(judge_meld(rules, [hand[i] for i in group]).cards for group in chosen)
        deadwood = tuple(sorted((c for i, c in enumerate(hand) if i not in melded), key=sort_key))
        arrangements.append(Arrangement(melds, deadwood, least))
    return arrangements


def knockers_showing(
    rules: Rules,
    arranged: Arrangement,
    knocker: Sequence[Card],
    defender: Sequence[Card],
    *,
    arrange: bool = True,
) -> Arrangement:
    """What a knocker shows: among the arrangements with the least deadwood, the one that
    lets the defender lay off least (VARIANTS.md's settled reading: a knocker arranges in
    their own interest); the arranger's own where none does better."""
    others = least_deadwood_arrangements(rules, knocker, arranged.deadwood_points)
    shown = {frozenset(meld) for meld in arranged.melds}
    others = [other for other in others if {frozenset(meld) for meld in other.melds} != shown]
    if not others:  # one way to show the least deadwood: the arranger's
        return arranged
    best = arranged
    first = lay_off(rules, best.melds, defender, arrange=arrange)
    if not first.laid_off:  # nothing goes on: no other arrangement lets less go on
        return best
    most_left = first.deadwood_points
    for other in others:
        left = lay_off(rules, other.melds, defender, arrange=arrange).deadwood_points
        if left > most_left:
            best, most_left = other, left
    return best
