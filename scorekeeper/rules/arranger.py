"""The least-deadwood arranger.

The hand is cut into legal melds of the variant so that the cards left over
(the deadwood) are worth as little as possible by the variant's values. The
search always deals with the lowest natural card still unplaced: it is either
deadwood or in some meld with higher cards and wild cards, and what is left is
solved once (memoised on the cards left and the wild cards used).

Wild cards are interchangeable inside melds, so the melds always take the
most valuable ones first (a joker before a wild deuce): whatever wild cards are
left are then the cheapest. Where deuces are wild, a deuce reached by the search
either plays as itself (in a meld) or joins the wild cards; a meld of a lower card
may borrow a wild card ahead of that choice, and a state that ends owing wild
cards it never got is no answer. Counting wild cards used and deuces made wild
in the memo's key keeps this one search, not one per way of splitting the deuces.

>>> from scorekeeper.rules.catalog import resolve
>>> from scorekeeper.rules.cards import parse_cards
>>> result = best_arrangement(resolve("knock-rummy"), parse_cards("AS 2S 3S 9D KC"))
>>> [[str(c) for c in meld] for meld in result.melds], [str(c) for c in result.deadwood]
([['AS', '2S', '3S']], ['9D', 'KC'])
>>> result.deadwood_points
19
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from itertools import chain, combinations, product
from typing import Any

from .cards import JOKER, Card, Rank, Suit, check_hand_limits, format_cards, sort_key
from .catalog import MOST_CARDS_IN_HAND, AceMode, Rules, resolve
from .errors import RulesError
from .melds import rank_at, run_windows
from .requests import as_request, cards_at

SUITS = tuple(Suit)
__all__ = ["MOST_CARDS_IN_HAND", "Arrangement", "arrange", "best_arrangement", "search_budget"]
# A question about one table is held to that table's deal (Rules.most_cards_in_hand).
DECK_SIZE = 52
DEUCES = tuple(suit * 13 + 1 for suit in range(4))
NO_ANSWER = 1 << 40  # the cost of a state that used wild cards it never got

# The documented budget: one question (an arrange, or a score or game that arranges shown
# hands) may spend this long arranging. Most hands take well under a millisecond; a long
# hand of near-runs with many wild cards can take far longer, and is refused instead.
SEARCH_SECONDS = 1.5
_CLOCK_EVERY = 256  # steps of the search (states, melds tried or made) between looks at the clock
_deadline: ContextVar[float | None] = ContextVar("arrange_deadline", default=None)


@contextmanager
def search_budget(seconds: float = SEARCH_SECONDS) -> Iterator[None]:
    """Share one budget among every arrangement made inside (one question, one round save)."""
    token = _deadline.set(time.monotonic() + seconds)
    try:
        yield
    finally:
        _deadline.reset(token)


class _Clock:
    """Counts search states; now and then checks that the question is still in budget."""

    def __init__(self) -> None:
        shared = _deadline.get()
        self.deadline = shared if shared is not None else time.monotonic() + SEARCH_SECONDS
        self.left = _CLOCK_EVERY

    def tick(self) -> None:
        self.left -= 1
        if self.left <= 0:
            self.left = _CLOCK_EVERY
            if time.monotonic() > self.deadline:
                raise RulesError(
                    f"arranging these cards takes more than the referee's {SEARCH_SECONDS} s: "
                    "ask about fewer or shorter hands, or fewer wild cards",
                    None,
                )


_NATURALS = tuple(Card(Rank(index % 13 + 1), SUITS[index // 13]) for index in range(DECK_SIZE))
_SUIT_ROWS = {suit: row * 13 - 1 for row, suit in enumerate(SUITS)}


def _index(card: Card) -> int:
    """A natural card's place: suit * 13 + rank - 1 (suits S H D C)."""
    return _SUIT_ROWS[card.suit] + card.rank


def _card(index: int) -> Card:
    return _NATURALS[index]


@dataclass(frozen=True)
class Arrangement:
    """Melds (every wild card pinned), the deadwood, and what the deadwood is worth."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int

    def as_json(self) -> dict[str, Any]:
        return {
            "melds": [format_cards(meld) for meld in self.melds],
            "deadwood": format_cards(self.deadwood),
            "deadwood_points": self.deadwood_points,
        }


@cache
def _windows_by_rank(
    ace: AceMode, run_min: int
) -> dict[int, list[tuple[tuple[int, ...], int, int]]]:
    """For each rank, every run window holding it: (ranks along it, that rank's slot, rank mask)."""
    windows: dict[int, list[tuple[tuple[int, ...], int, int]]] = {r: [] for r in range(1, 14)}
    # longest first: a search that melds everything early stops early
    for length in range(13, run_min - 1, -1):
        for window in run_windows(ace, length):
            ranks = tuple(int(rank_at(p)) for p in window)
            mask = sum(1 << r for r in ranks)
            for slot, rank in enumerate(ranks):
                windows[rank].append((ranks, slot, mask))
    return windows


# A candidate meld while searching: (natural card indexes, the meld in order with None for each
# wild slot, the (rank, suit index) each wild slot stands for). Plain tuples: the search makes many.
_Meld = tuple[tuple[int, ...], tuple[int | None, ...], tuple[tuple[int, int], ...]]


class _Search:
    """Least deadwood of the natural cards left (kept as counts) with wild cards still free."""

    def __init__(
        self,
        rules: Rules,
        values: Sequence[int],
        jokers: int,
        joker_value: int,
        deuces_wild: bool,
        copies: int,
    ) -> None:
        self.rules = rules
        self.values = values
        self.jokers = jokers
        self.joker_value = joker_value
        self.deuce_value = values[DEUCES[0]]
        self.deuces_wild = deuces_wild
        self.leftovers: dict[tuple[int, int], int] = {}
        # the counts are also kept as one number in base copies+1, the memo's key
        self.weight = [(copies + 1) ** i for i in range(DECK_SIZE)]
        self.memo: dict[tuple[int, int, int], tuple[int, _Meld | None]] = {}
        self.candidates: dict[tuple[Any, ...], list[_Meld]] = {}
        low, high = rules.set_sizes
        self.set_low = low
        self.set_high = high if high is not None else DECK_SIZE
        self.windows_with = _windows_by_rank(rules.ace, rules.run_min)
        # read once: Rules reaches variant fields through __getattr__, too slow for the search
        variant = rules.variant
        self.sets, self.runs = variant.sets, variant.runs
        self.identical_in_sets = variant.identical_in_sets
        self.jokers_at_most_naturals = variant.jokers_at_most_naturals
        self.clock = _Clock()

    def key(self, counts: Sequence[int]) -> int:
        return sum(n * w for n, w in zip(counts, self.weight, strict=True))

    def leftover(self, used: int, deuces: int) -> int:
        """What the wild cards left over are worth when melds used ``used`` of the jokers and
        ``deuces`` wild deuces, the most valuable first; NO_ANSWER when there were too few."""
        known = self.leftovers.get((used, deuces))
        if known is None:
            if used > self.jokers + deuces:
                known = NO_ANSWER
            else:
                pool = sorted(
                    [self.joker_value] * self.jokers + [self.deuce_value] * deuces, reverse=True
                )
                known = sum(pool[used:])
            self.leftovers[(used, deuces)] = known
        return known

    def best(
        self, counts: list[int], key: int, used: int, wild_deuces: int, start: int, value_left: int
    ) -> int:
        """Least deadwood of the cards in ``counts`` (worth ``value_left``), ``used`` wild cards
        gone into melds and ``wild_deuces`` deuces made wild so far."""
        state = (key, used, wild_deuces)
        known = self.memo.get(state)
        if known is not None:
            return known[0]
        self.clock.tick()
        first = next((i for i in range(start, DECK_SIZE) if counts[i]), None)
        if first is None:
            cost = self.leftover(used, wild_deuces)
            self.memo[state] = (cost, None)
            return cost
        deuces_left = sum(counts[i] for i in DEUCES) if self.deuces_wild else 0
        free = self.jokers + wild_deuces + deuces_left - used
        if free < 0:
            self.memo[state] = (NO_ANSWER, None)
            return NO_ANSWER
        values, weight = self.values, self.weight
        # everything left as deadwood (each deuce left as a wild card worth the same): a bound
        # the melds must beat
        best_cost = (
            value_left
            - self.deuce_value * deuces_left
            + self.leftover(used, wild_deuces + deuces_left)
        )
        best_meld: _Meld | None = None
        tick = self.clock.tick
        for meld in self._melds_with(first, counts, free):
            if best_cost == 0:
                break
            tick()
            naturals = meld[0]
            after, after_value = key, value_left
            for index in naturals:
                counts[index] -= 1
                after -= weight[index]
                after_value -= values[index]
            cost = self.best(counts, after, used + len(meld[2]), wild_deuces, first, after_value)
            for index in naturals:
                counts[index] += 1
            if cost < best_cost:
                best_cost, best_meld = cost, meld
        if self.deuces_wild and first in DEUCES:
            # a deuce in no meld joins the wild cards: left unused it is worth what it was
            counts[first] -= 1
            cost = self.best(
                counts,
                key - weight[first],
                used,
                wild_deuces + 1,
                first,
                value_left - values[first],
            )
            counts[first] += 1
            if best_meld is None or cost < best_cost:
                best_cost, best_meld = cost, None
        # leaving the card as deadwood costs at least its value: only then worth a look
        elif best_meld is None or best_cost > values[first]:
            counts[first] -= 1
            cost = values[first] + self.best(
                counts, key - weight[first], used, wild_deuces, first, value_left - values[first]
            )
            counts[first] += 1
            if best_meld is None or cost < best_cost:
                best_cost, best_meld = cost, None
        self.memo[state] = (best_cost, best_meld)
        return best_cost

    def _wild_limit(self, naturals: int, free: int) -> int:
        if self.jokers_at_most_naturals:
            return min(free, naturals)
        return free

    def _melds_with(self, first: int, counts: Sequence[int], free: int) -> list[_Meld]:
        # the candidates depend only on the first card's rank row and suit row, and the free wilds
        rank, suit = first % 13, first // 13
        row = tuple(counts[s * 13 + rank] for s in range(4))
        line = tuple(counts[suit * 13 : suit * 13 + 13])
        cache_key = (first, row, line, free)
        melds = self.candidates.get(cache_key)
        if melds is None:
            melds = []
            seen = set()
            found = chain(
                self._sets_with(first, counts, free) if self.sets else (),
                self._runs_with(first, counts, free) if self.runs else (),
            )
            tick = self.clock.tick
            for meld in found:
                tick()
                # the same natural cards and as many wild cards leave the same cards behind
                signature = (meld[0], len(meld[2]))
                if signature not in seen:
                    seen.add(signature)
                    melds.append(meld)
            self.candidates[cache_key] = melds
        return melds

    def _sets_with(self, first: int, counts: Sequence[int], free: int) -> Iterator[_Meld]:
        rank = first % 13
        suit_of_first = first // 13
        others = [s for s in range(suit_of_first, 4) if counts[s * 13 + rank]]
        if self.identical_in_sets:
            # any number of each suit, the first card always in
            ranges = []
            for s in others:
                low = 1 if s == suit_of_first else 0
                ranges.append([(s, n) for n in range(low, counts[s * 13 + rank] + 1)])
            for picks in product(*ranges):
                naturals = tuple(s * 13 + rank for s, n in picks for _ in range(n))
                yield from self._set_melds(rank, naturals, free, identical=True)
            return
        rest = [s for s in others if s != suit_of_first]
        for size in range(len(rest) + 1):
            for chosen in combinations(rest, size):
                naturals = tuple(s * 13 + rank for s in (suit_of_first, *chosen))
                yield from self._set_melds(rank, naturals, free, identical=False)

    def _set_melds(
        self, rank: int, naturals: tuple[int, ...], free: int, *, identical: bool
    ) -> Iterator[_Meld]:
        present = {index // 13 for index in naturals}
        missing = [0, 1, 2, 3] if identical else [s for s in range(4) if s not in present]
        high = self.set_high if identical else min(self.set_high, 4)
        for wilds in range(self._wild_limit(len(naturals), free) + 1):
            size = len(naturals) + wilds
            if size > high or (not identical and wilds > len(missing)):
                break
            if size < self.set_low:
                continue
            stands = tuple((rank + 1, missing[n % len(missing)]) for n in range(wilds))
            yield naturals, naturals + (None,) * wilds, stands

    def _runs_with(self, first: int, counts: Sequence[int], free: int) -> Iterator[_Meld]:
        suit = first // 13
        rank = first % 13 + 1
        base = suit * 13 - 1
        present = sum(1 << r for r in range(1, 14) if counts[base + r])
        for ranks, slot, mask in self.windows_with[rank]:
            if (mask & ~present).bit_count() > free:
                continue
            optional = [n for n, r in enumerate(ranks) if n != slot and counts[base + r]]
            absent = len(ranks) - 1 - len(optional)
            # a natural card present may still be left out for a wild card (it may be needed elsewhere)
            for size in range(len(optional), -1, -1):
                wilds = absent + len(optional) - size
                if wilds > free:
                    break
                if wilds > self._wild_limit(size + 1, free):
                    continue
                for kept in combinations(optional, size):
                    natural_slots = {slot, *kept}
                    layout = tuple(
                        base + r if n in natural_slots else None for n, r in enumerate(ranks)
                    )
                    naturals = tuple(i for i in layout if i is not None)
                    stands = tuple((r, suit) for n, r in enumerate(ranks) if n not in natural_slots)
                    yield naturals, layout, stands

    def melds_from(self, counts: list[int]) -> tuple[list[_Meld], list[int]]:
        """Follow the memo from the start to the melds it chose, and the deuces it made wild."""
        chosen, made_wild = [], []
        counts = list(counts)
        used = wild_deuces = 0
        while True:
            first = next((i for i, n in enumerate(counts) if n), None)
            if first is None:
                return chosen, made_wild
            _, meld = self.memo[(self.key(counts), used, wild_deuces)]
            if meld is None:
                counts[first] -= 1
                if self.deuces_wild and first in DEUCES:
                    made_wild.append(first)
                    wild_deuces += 1
            else:
                chosen.append(meld)
                for index in meld[0]:
                    counts[index] -= 1
                used += len(meld[2])


@cache
def _short_windows(ace: AceMode, run_min: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Runs of run_min to 2*run_min-1 cards as (rank mask, ranks): without wild cards a longer
    run splits into two shorter ones, so these are all the search needs."""
    return tuple(
        (sum(1 << r for r in ranks), ranks)
        for length in range(2 * run_min - 1, run_min - 1, -1)
        for window in run_windows(ace, length)
        for ranks in [tuple(int(rank_at(p)) for p in window)]
    )


@cache
def _all_short_melds(
    ace: AceMode, run_min: int, runs: bool, sets: bool, set_low: int, set_high: int
) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """Every run of run_min to 2*run_min-1 cards and every set of distinct suits, as a mask
    over the 52 cards (bit suit*13 + rank-1) with its cards in the order laid. Without wild
    cards a longer run splits into two shorter ones, so these are all the search needs."""
    melds = []
    if runs:
        for suit in range(4):
            for _, ranks in _short_windows(ace, run_min):
                bits = [suit * 13 + r - 1 for r in ranks]
                melds.append((sum(1 << b for b in bits), tuple(_card(b) for b in bits)))
    if sets:
        for rank in range(13):
            for size in range(set_low, min(4, set_high) + 1):
                for suits in combinations(range(4), size):
                    bits = [s * 13 + rank for s in suits]
                    melds.append((sum(1 << b for b in bits), tuple(_card(b) for b in bits)))
    return tuple(melds)


@cache
def _short_melds_by_lowest(
    ace: AceMode, run_min: int, runs: bool, sets: bool, set_low: int, set_high: int
) -> dict[int, tuple[tuple[int, tuple[Card, ...]], ...]]:
    """:func:`_all_short_melds` grouped by the bit of each meld's lowest card."""
    grouped: dict[int, list[tuple[int, tuple[Card, ...]]]] = {}
    for meld in _all_short_melds(ace, run_min, runs, sets, set_low, set_high):
        grouped.setdefault(meld[0] & -meld[0], []).append(meld)
    return {lowest: tuple(melds) for lowest, melds in grouped.items()}


def _arrange_naturals(rules: Rules, hand: Sequence[Card]) -> Arrangement | None:
    """Exact arrangement of distinct natural cards, melds as masks over the 52 cards.

    This is the common case (no wild card, no card twice) and the one that must be
    fast; ``None`` when a card is there twice (the general search handles that).
    """
    full = 0
    for card in hand:
        full |= 1 << _SUIT_ROWS[card.suit] + card.rank
    if full.bit_count() < len(hand):
        return None
    variant = rules.variant  # read once: Rules reaches variant fields through __getattr__
    low, high = variant.set_sizes
    starting_at = _short_melds_by_lowest(
        rules.ace, variant.run_min, variant.runs, variant.sets, low, high or 4
    )
    values = rules.card_values
    meldable = 0
    by_lowest: dict[int, list[int]] = {}
    laid: dict[int, tuple[Card, ...]] = {}
    rest = full
    while rest:
        lowest = rest & -rest
        rest ^= lowest
        for mask, cards in starting_at.get(lowest, ()):
            if mask & full == mask:
                meldable |= mask
                by_lowest.setdefault(lowest, []).append(mask)
                laid[mask] = cards
    # cards in no meld are deadwood whatever else happens
    loose = full & ~meldable
    loose_cost = 0
    rest = loose
    while rest:
        lowest = rest & -rest
        rest ^= lowest
        loose_cost += values[lowest.bit_length() - 1]
    memo: dict[int, tuple[int, int]] = {0: (0, 0)}
    clock = _Clock()

    def best(mask: int) -> int:
        known = memo.get(mask)
        if known is not None:
            return known[0]
        clock.tick()
        lowest = mask & -mask
        best_cost = values[lowest.bit_length() - 1] + best(mask ^ lowest)
        best_meld = lowest
        for meld in by_lowest.get(lowest, ()):
            if meld & mask == meld:
                cost = best(mask ^ meld)
                if cost < best_cost:
                    best_cost, best_meld = cost, meld
        memo[mask] = (best_cost, best_meld)
        return best_cost

    mask = full & meldable
    cost = best(mask) + loose_cost
    melds, dead = [], loose
    while mask:
        chosen = memo[mask][1]
        if chosen in laid:
            melds.append(laid[chosen])
        else:
            dead |= chosen
        mask ^= chosen
    deadwood = []
    while dead:  # lowest bit first: the deadwood in deck order
        lowest = dead & -dead
        dead ^= lowest
        deadwood.append(_card(lowest.bit_length() - 1))
    return Arrangement(tuple(melds), tuple(deadwood), cost)


def best_arrangement(rules: Rules, hand: Sequence[Card]) -> Arrangement:
    """The arrangement of ``hand`` into legal melds that leaves the least deadwood.

    >>> from scorekeeper.rules.catalog import resolve
    >>> from scorekeeper.rules.cards import parse_cards
    >>> r = best_arrangement(resolve("kaluki"), parse_cards("JK 5H 7H KS KD"))
    >>> [[str(c) for c in m] for m in r.melds], r.deadwood_points
    ([['KS', 'KD', 'JK=KH']], 12)
    """
    if all(card.rank is not None for card in hand) and not (
        rules.deuces_wild and any(card.rank == Rank.TWO for card in hand)
    ):
        arranged = _arrange_naturals(rules, hand)
        if arranged is not None:
            return arranged
    physical = [card.physical for card in hand]
    jokers = [card for card in physical if card.is_joker]
    naturals = [card for card in physical if not card.is_joker]
    values = rules.card_values
    counts = [0] * DECK_SIZE
    for card in naturals:
        counts[_index(card)] += 1
    deuces_wild = rules.deuces_wild and any(counts[i] for i in DEUCES)
    search = _Search(
        rules, values, len(jokers), rules.value(JOKER), deuces_wild, max(counts, default=1)
    )
    cost = search.best(
        counts, search.key(counts), 0, 0, 0, sum(n * v for n, v in zip(counts, values, strict=True))
    )
    melds, made_wild = search.melds_from(counts)

    # the melds take the most valuable wild cards first: what is left is the cheapest
    wild_pool = sorted(jokers + [_card(i) for i in made_wild], key=lambda c: -rules.value(c))
    placed: list[tuple[Card, ...]] = []
    left = list(counts)
    for index in made_wild:
        left[index] -= 1
    for _, layout, wilds in melds:
        stands = iter(wilds)
        cards = []
        for slot in layout:
            if slot is None:
                wild = wild_pool.pop(0)
                rank, suit = next(stands)
                cards.append(Card(wild.rank, wild.suit, Card(Rank(rank), SUITS[suit])))
            else:
                cards.append(_card(slot))
                left[slot] -= 1
        placed.append(tuple(cards))
    deadwood = [_card(i) for i, n in enumerate(left) for _ in range(n)] + wild_pool
    deadwood.sort(key=sort_key)
    placed.sort(key=lambda meld: sort_key(next(c.plays_as for c in meld if c.plays_as)))
    return Arrangement(tuple(placed), tuple(deadwood), cost)


def arrange(request: Mapping[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """The contract's ``arrange`` question.

    >>> arrange(variant="knock-rummy", hand=["AS", "2S", "3S", "9D", "KC"])["deadwood_points"]
    19
    """
    request = as_request(request, fields)
    rules = resolve(request.get("variant"), request.get("options"))
    hand = cards_at(request.get("hand", []), "hand", "hand")
    most = rules.most_cards_in_hand
    if len(hand) > most:
        raise RulesError(
            f"a hand in {rules.variant.name} holds at most {most} cards "
            f"(the deal and two drawn), not {len(hand)}",
            "hand",
        )
    check_hand_limits(hand, "hand", rules.decks, rules.jokers)
    return best_arrangement(rules, hand).as_json()
