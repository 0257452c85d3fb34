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

The common hand (distinct natural cards, no wild deuce) is a mask over the 52 cards
and gets the same answer without most of the search: the melds the rules allow are
tables kept with the Rules, the hand is cut into groups of cards no meld crosses, and
only groups where melds overlap are searched (see :func:`_least_deadwood`). The public
:func:`arrange` reads such a hand from its tokens straight into the mask.

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

from .cards import (
    _PLAIN_TOKENS,
    JOKER,
    Card,
    Rank,
    Suit,
    check_hand_limits,
    format_cards,
    sort_key,
)
from .catalog import Rules, resolve
from .errors import RulesError
from .melds import rank_at, run_windows
from .messages import N_
from .reading import as_request, cards_at, require
from .variant import MOST_CARDS_IN_HAND, AceMode

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
                    N_(
                        "arranging these cards takes more than the referee's %(seconds)s s: "
                        "ask about fewer or shorter hands, or fewer wild cards",
                        seconds=SEARCH_SECONDS,
                    ),
                    None,
                )


_NATURALS = tuple(Card(Rank(index % 13 + 1), SUITS[index // 13]) for index in range(DECK_SIZE))
_SUIT_ROWS = {suit: row * 13 - 1 for row, suit in enumerate(SUITS)}
_TEXTS = tuple(str(card) for card in _NATURALS)
_DEUCE_MASK = sum(1 << index for index in DEUCES)
# every plain way of writing a natural card, to its bit: the public path reads the usual
# hand straight into the search's mask
_PLAIN_NATURAL_BITS = {
    token: 1 << _SUIT_ROWS[card.suit] + card.rank
    for token, card in _PLAIN_TOKENS.items()
    if not card.is_joker
}


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
        self.jokers_per_meld = rules.jokers_per_meld  # a house rule (Rami)
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
            free = min(free, naturals)
        if self.jokers_per_meld is not None:
            free = min(free, self.jokers_per_meld)
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
def _short_windows(ace: AceMode, run_min: int) -> tuple[tuple[int, ...], ...]:
    """Runs of run_min to 2*run_min-1 cards, longest first, as their ranks: without wild cards
    a longer run splits into two shorter ones, so these are all the search needs."""
    return tuple(
        tuple(int(rank_at(p)) for p in window)
        for length in range(2 * run_min - 1, run_min - 1, -1)
        for window in run_windows(ace, length)
    )


class _NaturalMelds:
    """Every meld a hand of distinct natural cards can hold under one rule set, worked out
    once and kept with the rules: runs of run_min to 2*run_min-1 cards and sets of distinct
    suits, each a mask over the 52 cards (bit suit*13 + rank-1), looked up by lowest card.

    Kept apart so that a hand only looks where a meld can be: ``straight_from`` holds the
    runs laid along consecutive bits (where the hand has run_min cards in a row),
    ``sets_from`` the sets (at ranks the hand holds set_low times), ``corner_from`` the runs
    that turn the corner at the ace. ``order`` sorts melds by lowest card, and a card's melds
    in the order the search tries them, which decides between equally good arrangements.
    """

    __slots__ = (
        "cards",
        "corner_cards",
        "corner_from",
        "in_a_row",
        "order",
        "set_low",
        "sets_from",
        "straight_from",
        "straight_starts",
        "texts",
        "whole",
        "worth",
    )

    def __init__(self, rules: Rules) -> None:
        variant = rules.variant  # read once: Rules reaches variant fields through __getattr__
        low, high = variant.set_sizes
        runs: list[list[int]] = []
        sets: list[list[int]] = []
        if variant.runs:
            for suit in range(4):
                for ranks in _short_windows(rules.ace, variant.run_min):
                    runs.append([suit * 13 + r - 1 for r in ranks])
        if variant.sets:
            for rank in range(13):
                for size in range(low, min(4, high or 4) + 1):
                    for suits in combinations(range(4), size):
                        sets.append([s * 13 + rank for s in suits])
        straight, corner, of_rank = ([[] for _ in range(DECK_SIZE)] for _ in range(3))
        self.cards: dict[int, tuple[Card, ...]] = {}
        self.texts: dict[int, tuple[str, ...]] = {}
        self.worth: dict[int, int] = {}
        self.order: dict[int, int] = {}
        values = rules.card_values
        layouts = runs + sets
        for position, bits in enumerate(layouts):
            mask = sum(1 << b for b in bits)
            lowest = min(bits)
            if position >= len(runs):
                of_rank[lowest].append(mask)
            elif bits == list(range(lowest, lowest + len(bits))):
                straight[lowest].append(mask)
            else:
                corner[lowest].append(mask)
            self.cards[mask] = tuple(_NATURALS[b] for b in bits)
            self.texts[mask] = tuple(_TEXTS[b] for b in bits)
            self.worth[mask] = sum(values[b] for b in bits)
            self.order[mask] = lowest * len(layouts) + position
        # a straight run needs its lowest card and the next run_min - 1 in a row
        self.in_a_row = tuple(range(1, variant.run_min)) if runs else None
        self.straight_from = tuple(tuple(melds) for melds in straight)
        self.straight_starts = sum(1 << index for index, melds in enumerate(straight) if melds)
        self.set_low = low if sets else None
        self.sets_from = tuple(tuple(melds) for melds in of_rank)
        self.corner_from = tuple(tuple(melds) for melds in corner)
        self.corner_cards = sum(1 << index for index, melds in enumerate(corner) if melds)
        # A meld shorter than two of the shortest, of cards all worth something, is what
        # the search lays when all its cards are there: what a shorter meld of its lowest
        # card leaves is too short to meld, and so worth more than nothing.
        shortest = min((len(bits) for bits in runs + sets), default=0)
        self.whole = frozenset(
            mask
            for mask in self.cards
            if mask.bit_count() < 2 * shortest
            and all(values[b] for b in range(DECK_SIZE) if mask >> b & 1)
        )


def _natural_melds(rules: Rules) -> _NaturalMelds:
    table = rules.derived.get("natural_melds")
    if table is None:
        table = rules.derived["natural_melds"] = _NaturalMelds(rules)
    return table


_RANK_ROW = (1 << 13) - 1
_SUIT_ROWS_MASKS = tuple(_RANK_ROW << 13 * suit for suit in range(4))
_EVERY_SUIT = 1 | 1 << 13 | 1 << 26 | 1 << 39  # a rank mask times this: those ranks in every suit


def _ranks_held(times: int, hand: int) -> int:
    """The ranks (a 13-bit mask) of which ``hand`` holds at least ``times`` suits."""
    s, h, d, c = hand & _RANK_ROW, hand >> 13 & _RANK_ROW, hand >> 26 & _RANK_ROW, hand >> 39
    if times == 3:
        return (s & h & (d | c)) | ((s | h) & d & c)
    held = [_RANK_ROW, 0, 0, 0, 0]  # held[k]: ranks held at least k times so far
    for row in (s, h, d, c):
        for k in range(4, 0, -1):
            held[k] |= held[k - 1] & row
    return held[times] if times <= 4 else 0


def _least_deadwood(
    table: _NaturalMelds, values: Sequence[int], hand: int
) -> tuple[int, list[int], int]:
    """The least deadwood of the distinct natural cards in the mask ``hand``: its points,
    the melds laid (in the order of their lowest cards) and the mask of the deadwood.

    It is what a memoised search gives that takes the lowest card first (left as deadwood,
    or laid in the first of its melds that does best), but most hands need no search: the
    cards that can meld fall into groups no meld crosses (cards in a row, a rank held often
    enough, a run around the corner, and those of them that share cards), each group is
    settled on its own (its choice does not change another's), and a group that is one
    meld short enough is simply laid (see ``_NaturalMelds.whole``).
    """
    parts = []
    if table.in_a_row is not None:
        starts = hand & table.straight_starts
        for step in table.in_a_row:
            starts &= hand >> step
        if starts:
            in_runs = starts
            for step in table.in_a_row:
                in_runs |= starts << step
            for row in _SUIT_ROWS_MASKS:  # cards in a row, cut where the suit ends
                cards = in_runs & row
                while cards:
                    stretch = cards & ~(cards + (cards & -cards))
                    parts.append(stretch)
                    cards ^= stretch
    if table.set_low is not None:
        ranks = _ranks_held(table.set_low, hand)
        while ranks:
            rank = ranks & -ranks
            ranks ^= rank
            parts.append(hand & rank * _EVERY_SUIT)
    rest = hand & table.corner_cards
    while rest:
        lowest = rest & -rest
        rest ^= lowest
        for meld in table.corner_from[lowest.bit_length() - 1]:
            if meld & hand == meld:
                parts.append(meld)
    if not parts:
        return _points(hand, values), [], hand
    groups = parts
    covered = 0
    for part in parts:
        if covered & part:
            groups = _joined(parts)
            break
        covered |= part
    laid: list[int] = []
    clock = None
    for group in groups:
        if group in table.whole:
            laid.append(group)
            continue
        melds = _melds_within(table, group)
        if len(melds) > 1:
            clock = clock or _Clock()
            laid += _search_melds(melds, group, values, clock)
        elif table.worth[melds[0]]:  # one meld worth nothing is left: the search leaves ties
            laid.append(melds[0])
    laid.sort(key=table.order.__getitem__)
    dead = hand
    for meld in laid:
        dead ^= meld
    return _points(dead, values), laid, dead


def _joined(parts: list[int]) -> list[int]:
    """Parts that share cards joined into one, until none do."""
    groups: list[int] = []
    for part in parts:
        apart = []
        for group in groups:
            if group & part:
                part |= group
            else:
                apart.append(group)
        apart.append(part)
        groups = apart
    return groups


def _melds_within(table: _NaturalMelds, cards: int) -> list[int]:
    """Every meld of ``cards``, in the order the search tries them."""
    found = []
    for lowest_of, starts in (
        (table.straight_from, cards & table.straight_starts),
        (table.sets_from, cards),
        (table.corner_from, cards & table.corner_cards),
    ):
        while starts:
            lowest = starts & -starts
            starts ^= lowest
            for meld in lowest_of[lowest.bit_length() - 1]:
                if meld & cards == meld:
                    found.append(meld)
    found.sort(key=table.order.__getitem__)
    return found


def _points(cards: int, values: Sequence[int]) -> int:
    points = 0
    while cards:
        lowest = cards & -cards
        cards ^= lowest
        points += values[lowest.bit_length() - 1]
    return points


def _search_melds(melds: list[int], cards: int, values: Sequence[int], clock: _Clock) -> list[int]:
    """The melds to lay from ``melds`` (which overlap) over ``cards``: the least deadwood,
    searched lowest card first (left as deadwood, else the first meld that does best) and
    memoised on the cards left."""
    starting_with: dict[int, list[int]] = {}
    for meld in melds:
        starting_with.setdefault(meld & -meld, []).append(meld)
    # each state keeps its cost and its step: a meld, or the lowest card left as deadwood
    memo: dict[int, tuple[int, int]] = {0: (0, 0)}

    def best(mask: int) -> int:
        known = memo.get(mask)
        if known is not None:
            return known[0]
        clock.tick()
        lowest = mask & -mask
        best_cost, best_step = NO_ANSWER, 0
        for meld in starting_with.get(lowest, ()):
            if meld & mask == meld:
                cost = best(mask ^ meld)
                if cost < best_cost:
                    best_cost, best_step = cost, meld
                    if not cost:
                        break
        # leaving the card costs at least its value, and wins a tie
        value = values[lowest.bit_length() - 1]
        if value <= best_cost:
            cost = value + best(mask ^ lowest)
            if cost <= best_cost:
                best_cost, best_step = cost, lowest
        memo[mask] = (best_cost, best_step)
        return best_cost

    mask = cards
    best(mask)
    laid = []
    while mask:
        step = memo[mask][1]
        if step & (step - 1):  # more than one card: a meld
            laid.append(step)
        mask ^= step
    return laid


def _natural_hand(hand: Sequence[Card], deuces_wild: bool) -> int | None:
    """The hand as a mask over the 52 cards when it is distinct natural cards (and no deuce
    where deuces are wild), else None: the general search takes it."""
    mask = 0
    rows = _SUIT_ROWS
    for card in hand:
        if card.rank is None:
            return None
        mask |= 1 << rows[card.suit] + card.rank
    if mask.bit_count() < len(hand) or (deuces_wild and mask & _DEUCE_MASK):
        return None
    return mask


def natural_melds_within(rules: Rules, hand: Sequence[Card]) -> list[tuple[Card, ...]] | None:
    """Every meld the arranger's search would try in a hand of distinct natural cards (a run
    longer than its table's is two runs there), or None for a hand with wild cards."""
    mask = _natural_hand(hand, rules.deuces_wild)
    if mask is None:
        return None
    table = _natural_melds(rules)
    return [table.cards[meld] for meld in _melds_within(table, mask)]


def _cards_of(mask: int) -> tuple[Card, ...]:
    """The natural cards of a mask, lowest bit first (deck order)."""
    cards = []
    while mask:
        lowest = mask & -mask
        mask ^= lowest
        cards.append(_NATURALS[lowest.bit_length() - 1])
    return tuple(cards)


def best_arrangement(rules: Rules, hand: Sequence[Card]) -> Arrangement:
    """The arrangement of ``hand`` into legal melds that leaves the least deadwood.

    >>> from scorekeeper.rules.catalog import resolve
    >>> from scorekeeper.rules.cards import parse_cards
    >>> r = best_arrangement(resolve("kaluki"), parse_cards("JK 5H 7H KS KD"))
    >>> [[str(c) for c in m] for m in r.melds], r.deadwood_points
    ([['KS', 'KD', 'JK=KH']], 12)
    """
    mask = _natural_hand(hand, rules.deuces_wild)
    if mask is not None:
        table = _natural_melds(rules)
        cost, laid, dead = _least_deadwood(table, rules.card_values, mask)
        return Arrangement(tuple(map(table.cards.__getitem__, laid)), _cards_of(dead), cost)
    return _arrange_with_wild_cards(rules, hand)


def _arrange_with_wild_cards(rules: Rules, hand: Sequence[Card]) -> Arrangement:
    """The general search: jokers, wild deuces, or a card more than once."""
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
    if fields or type(request) is not dict:
        request = as_request(request, fields)
    rules = resolve(request.get("variant"), request.get("options"))
    tokens = require(request, "hand")  # the contract's question always names the hand
    most = rules.most_cards_in_hand
    if type(tokens) is list and len(tokens) <= most:
        # the usual question, distinct natural cards written plainly, goes from the tokens
        # to the search's masks and back to text without making cards: it cannot be refused
        mask = _plain_natural_hand(tokens, rules.deuces_wild)
        if mask is not None:
            table = _natural_melds(rules)
            cost, laid, dead = _least_deadwood(table, rules.card_values, mask)
            return {
                "melds": [list(table.texts[meld]) for meld in laid],
                "deadwood": _texts_of(dead),
                "deadwood_points": cost,
            }
    return best_arrangement(rules, held_hand(rules, tokens, "hand", "hand")).as_json()


def held_hand(rules: Rules, tokens: Any, field: str, where: str) -> list[Card]:
    """The cards of a hand a player can hold in this variant (parsed, no more than the deal
    and two drawn, no card more often than the decks hold), or RulesError at ``field``."""
    hand = cards_at(tokens, field, where)
    most = rules.most_cards_in_hand
    if len(hand) > most:
        raise RulesError(
            N_(
                "a hand in %(variant)s holds at most %(most)s cards (the deal and two drawn), "
                "not %(count)s",
                variant=rules.variant.name,
                most=most,
                count=len(hand),
            ),
            field,
        )
    check_hand_limits(hand, field, rules.decks, rules.jokers)
    return hand


def _plain_natural_hand(tokens: list[Any], deuces_wild: bool) -> int | None:
    """:func:`_natural_hand` for tokens, when each is a natural card written plainly."""
    try:
        mask = sum(map(_PLAIN_NATURAL_BITS.get, tokens))
    except TypeError:  # a token written some other way (None), or a list: the parser reads it
        return None
    # a card twice carries into another bit, and leaves fewer bits than cards
    if mask.bit_count() < len(tokens) or (deuces_wild and mask & _DEUCE_MASK):
        return None
    return mask


def _texts_of(mask: int) -> list[str]:
    texts = []
    while mask:
        lowest = mask & -mask
        mask ^= lowest
        texts.append(_TEXTS[lowest.bit_length() - 1])
    return texts
