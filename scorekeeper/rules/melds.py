"""Meld legality, with the rule a meld breaks, and the contract's ``check``.

A meld is judged as a set or a run by the variant's data (:class:`Rules`):
which kinds it allows, how long, how aces may stand, what jokers may do. Never
an ``if variant == ...``: every difference is a field of the variant.

Readings this module makes (the rules leave them open):

- An unpinned wild card is read the way that is legal and worth the most,
  since a player declares a joker in their own favour; a pinned one
  (``JK=5H``) must fit where it is pinned. The order of the cards in a meld
  does not matter (``5H 3H 4H`` is the run 3-4-5).
- Where deuces are wild (Continental's ``deuces_wild``), ``2C=7H`` is a deuce
  used as a wild seven of hearts; an unpinned deuce is a natural two, unless
  the meld is legal only with it wild (then as few deuces as possible are
  wild). A player who wants a deuce counted as wild where it could also be a
  two pins it.
- First-meld points: an ace is worth ``ace_low`` only at the bottom of a run
  below a two (A-2-3, and K-A-2 where runs turn the corner: "1 before a two"),
  otherwise ``ace_high``.
- Carousel's turn: a joker declared as X before the turn must still be declared
  as X after it, unless a natural X took its place: one from hand, or one that
  left the meld it lay in before. A natural X whose meld is still whole has
  replaced nothing. A freed joker must stay on the table (no card leaves it) and
  may take a new identity there. An unpinned joker keeps the identity it is
  read as. The first meld on an empty table must hold a legal set or run of at
  least three from hand.

>>> from scorekeeper.rules.catalog import resolve
>>> from scorekeeper.rules.cards import parse_cards
>>> verdict = judge_meld(resolve("kaluki"), parse_cards("QH KH AH"))
>>> verdict.legal, verdict.kind, verdict.points
(True, 'run', 35)
>>> judge_meld(resolve("rummy"), parse_cards("KH AH 2H")).reason
'a run may not turn the corner K-A-2 in this variant'
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from .cards import Card, Rank, Suit, check_deck_limits, sort_key
from .catalog import Rules, resolve
from .errors import RulesError
from .messages import N_, OR, Join, Message, Nn_, cards_joined
from .reading import as_request, cards_at, melds_at, require
from .variant import AceMode

SET = "set"
RUN = "run"

# Reasons said often (the arranger judges many candidate melds) are made once.
RUN_ONE_SUIT = N_("a run must be all one suit")
RUN_SAME_CARD = N_("a run may not hold the same card twice")
RUN_TOO_LONG = N_("a run holds each rank once, so at most 13 cards (never A-2-…-K-A)")
ACE_LOW_ONLY = N_("an ace is low only in this variant (A-2-3), never above a king")
ACE_HIGH_ONLY = N_("an ace is high only in this variant (Q-K-A), never below a two")
NO_CORNER = N_("a run may not turn the corner K-A-2 in this variant")
NOT_CONSECUTIVE = N_("the cards of a run must be consecutive (jokers may fill the gaps)")
RUNS_ONLY = N_("sets are not allowed in this variant: runs only")
SET_ONE_RANK = N_("a set must be all one rank")
SET_SAME_SUIT = N_("a set may not hold two cards of the same suit in this variant")
DECLARE_JOKER = N_(
    "a joker in a set of three must be declared as a specific card (like JK=7H) in this variant"
)
NO_NATURAL = N_("a meld needs at least one natural card")
TOO_MANY_JOKERS = N_("a meld may not hold more jokers than natural cards in this variant")
NEITHER = N_("a set must be all one rank and a run all one suit")
TOO_SHORT = N_("a meld needs at least 3 cards")


@functools.cache
def _run_too_short(least: int) -> Message:
    return N_("a run needs at least %(least)s cards", least=least)


@functools.cache
def _set_size(least: int | None, most: int | None) -> Message:
    if least is not None:
        return N_("a set needs at least %(least)s cards", least=least)
    return N_("a set holds at most %(most)s cards", most=most)


@dataclass(frozen=True)
class MeldVerdict:
    """Whether one meld is legal, as what, what it is worth in a first meld, and why not.

    ``jokers`` maps the index of each wild card in the meld to the natural card
    it stands for; ``cards`` is the meld with every wild card pinned.
    """

    legal: bool
    kind: str | None
    points: int
    reason: Message | None
    jokers: Mapping[int, Card] = field(default_factory=dict)
    natural: bool = True
    cards: tuple[Card, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "kind": self.kind,
            "points": self.points,
            "reason": self.reason,
            "jokers": {str(index): str(card) for index, card in self.jokers.items()},
        }


def _illegal(reason: Message, kind: str | None = None) -> MeldVerdict:
    return MeldVerdict(False, kind, 0, reason, {}, True, ())


def rank_at(position: int) -> Rank:
    """Positions 1..14 along a suit: 1 and 14 are both the ace."""
    return Rank((position - 1) % 13 + 1)


def opening_value(rules: Rules, card: Card, *, ace_low: bool = False) -> int:
    """What a natural card is worth in a first meld (an ace below a two is low)."""
    values = rules.opening_values
    if card.rank == Rank.ACE:
        return values.ace_low if ace_low else values.ace_high
    if card.rank >= Rank.JACK:
        return values.court
    return int(card.rank)


def _is_wild(rules: Rules, card: Card) -> bool:
    if card.is_joker:
        return True
    return rules.deuces_wild and card.rank == Rank.TWO and card.pinned is not None


def run_windows(ace: AceMode, length: int) -> Iterable[list[int]]:
    """Every stretch of ``length`` positions a run may occupy under an ace mode."""
    if length > 13:
        return
    if ace == AceMode.AROUND:
        for start in range(1, 14):
            yield [(start + i - 1) % 13 + 1 for i in range(length)]
        return
    low, high = {AceMode.LOW: (1, 13), AceMode.HIGH: (2, 14), AceMode.LOW_OR_HIGH: (1, 14)}[ace]
    for start in range(low, high - length + 2):
        yield list(range(start, start + length))


def _judge_run(rules: Rules, cards: Sequence[Card], wild: Sequence[bool]) -> MeldVerdict:
    fixed = [c.plays_as for i, c in enumerate(cards) if not wild[i] or c.pinned]
    suits = {card.suit for card in fixed}
    if len(suits) > 1:
        return _illegal(RUN_ONE_SUIT, RUN)
    if len(cards) < rules.run_min:
        return _illegal(_run_too_short(rules.run_min), RUN)
    if len({card.rank for card in fixed}) < len(fixed):
        return _illegal(RUN_SAME_CARD, RUN)
    if len(cards) > len(Rank):  # a joker would repeat a rank, in every ace mode (a reading)
        return _illegal(RUN_TOO_LONG, RUN)
    fitted = _fit_run(rules, rules.ace, cards, wild)
    if fitted is not None:
        return fitted
    return _illegal(_why_not_a_run(rules, cards, wild), RUN)


def _fit_run(
    rules: Rules, ace: AceMode, cards: Sequence[Card], wild: Sequence[bool]
) -> MeldVerdict | None:
    """The best-scoring way to lay ``cards`` as a run under an ace mode, if any."""
    fixed = [c.plays_as for i, c in enumerate(cards) if not wild[i] or c.pinned]
    free = [i for i, c in enumerate(cards) if wild[i] and not c.pinned]
    ranks = {card.rank for card in fixed}
    suit = fixed[0].suit
    best: MeldVerdict | None = None
    for window in run_windows(ace, len(cards)):
        window_ranks = [rank_at(p) for p in window]
        if not ranks <= set(window_ranks):
            continue
        open_positions = [p for p in window if rank_at(p) not in ranks]
        if len(open_positions) != len(free):
            continue
        jokers = {i: cards[i].pinned for i in range(len(cards)) if wild[i] and cards[i].pinned}
        for index, position in zip(free, open_positions, strict=True):
            jokers[index] = Card(rank_at(position), suit)
        # an ace counts low only below a two at the bottom of a run: one that follows a king
        # (Q-K-A, or K-A-2 where runs turn the corner) counts high
        points = sum(
            opening_value(rules, Card(rank_at(p), suit), ace_low=p == window[0] == 1)
            for p in window
        )
        verdict = MeldVerdict(
            True, RUN, points, None, jokers, not any(wild), _pinned(cards, jokers)
        )
        if best is None or verdict.points > best.points:
            best = verdict
    return best


def _why_not_a_run(rules: Rules, cards: Sequence[Card], wild: Sequence[bool]) -> Message:
    if rules.ace != AceMode.AROUND and _fit_run(rules, AceMode.LOW_OR_HIGH, cards, wild):
        if rules.ace == AceMode.LOW:
            return ACE_LOW_ONLY
        return ACE_HIGH_ONLY
    if rules.ace != AceMode.AROUND and _fit_run(rules, AceMode.AROUND, cards, wild):
        return NO_CORNER
    return NOT_CONSECUTIVE


def _pinned(cards: Sequence[Card], jokers: Mapping[int, Card]) -> tuple[Card, ...]:
    return tuple(
        Card(card.rank, card.suit, jokers[i]) if i in jokers else card
        for i, card in enumerate(cards)
    )


def _judge_set(rules: Rules, cards: Sequence[Card], wild: Sequence[bool]) -> MeldVerdict:
    if not rules.sets:
        return _illegal(RUNS_ONLY, SET)
    fixed = [(i, c.plays_as) for i, c in enumerate(cards) if not wild[i] or c.pinned]
    free = [i for i, c in enumerate(cards) if wild[i] and not c.pinned]
    ranks = {card.rank for _, card in fixed}
    if len(ranks) > 1:
        return _illegal(SET_ONE_RANK, SET)
    low, high = rules.set_sizes
    if len(cards) < low:
        return _illegal(_set_size(low, None), SET)
    if high is not None and len(cards) > high:
        return _illegal(_set_size(None, high), SET)
    rank = ranks.pop()
    suits = [card.suit for _, card in fixed]
    if not rules.identical_in_sets and len(set(suits)) < len(suits):
        return _illegal(SET_SAME_SUIT, SET)
    if free and rules.joker_in_three_set_declared and len(cards) == 3:
        return _illegal(DECLARE_JOKER, SET)
    missing = (
        [suit for suit in Suit if suit not in suits] if not rules.identical_in_sets else list(Suit)
    )
    if len(free) > len(missing) and not rules.identical_in_sets:
        return _illegal(SET_SAME_SUIT, SET)
    jokers = {i: cards[i].pinned for i in range(len(cards)) if wild[i] and cards[i].pinned}
    for n, index in enumerate(free):
        jokers[index] = Card(rank, missing[n % len(missing)])
    points = len(cards) * opening_value(rules, Card(rank, Suit.SPADES))
    return MeldVerdict(True, SET, points, None, jokers, not any(wild), _pinned(cards, jokers))


def _judge_reading(rules: Rules, cards: Sequence[Card], wild: Sequence[bool]) -> MeldVerdict:
    """Judge one reading of which cards are wild."""
    naturals = [c for i, c in enumerate(cards) if not wild[i]]
    if not naturals:
        return _illegal(NO_NATURAL)
    wild_count = sum(wild)
    if rules.jokers_at_most_naturals and wild_count > len(naturals):
        return _illegal(TOO_MANY_JOKERS)
    most = rules.jokers_per_meld
    if most is not None and wild_count > most:
        return _illegal(
            Nn_(
                "a meld may hold at most %(num)s joker at this table (option jokers_per_meld)",
                "a meld may hold at most %(num)s jokers at this table (option jokers_per_meld)",
                most,
            )
        )
    for i, card in enumerate(cards):
        if card.pinned is not None and not wild[i]:
            return _illegal(
                N_(
                    "%(card)s cannot stand for another card: deuces are not wild in this variant",
                    card=card,
                )
            )
    fixed = [c.plays_as for i, c in enumerate(cards) if not wild[i] or c.pinned]
    same_rank = len({c.rank for c in fixed}) == 1
    same_suit = len({c.suit for c in fixed}) == 1
    verdicts = []
    if same_rank:
        verdicts.append(_judge_set(rules, cards, wild))
    if same_suit and rules.runs:
        verdicts.append(_judge_run(rules, cards, wild))
    legal = [v for v in verdicts if v.legal]
    if legal:
        return max(legal, key=lambda v: v.points)
    if verdicts:
        return verdicts[0]
    if not rules.sets:
        return _illegal(RUN_ONE_SUIT)
    return _illegal(NEITHER)


def judge_meld(rules: Rules, cards: Sequence[Card]) -> MeldVerdict:
    """Judge one meld under a table's rules.

    Where deuces are wild, an unpinned deuce is a natural two unless the meld is
    only legal with it wild.

    >>> from scorekeeper.rules.catalog import resolve
    >>> from scorekeeper.rules.cards import parse_cards
    >>> v = judge_meld(resolve("rummy", {"jokers": 2}), parse_cards("3H 4H JK 6H"))
    >>> v.kind, {i: str(c) for i, c in v.jokers.items()}
    ('run', {2: '5H'})
    >>> judge_meld(resolve("german-rummy"), parse_cards("JK JK 5H")).reason
    'a meld may not hold more jokers than natural cards in this variant'
    """
    cards = list(cards)
    if len(cards) < 3:
        return _illegal(TOO_SHORT)
    base = [_is_wild(rules, card) for card in cards]
    loose_deuces = [
        i
        for i, card in enumerate(cards)
        if rules.deuces_wild and card.rank == Rank.TWO and card.pinned is None
    ]
    first = _judge_reading(rules, cards, base)
    if first.legal:
        return first
    for count in range(1, len(loose_deuces) + 1):
        readings = []
        for chosen in combinations(loose_deuces, count):
            wild = [base[i] or i in chosen for i in range(len(cards))]
            verdict = _judge_reading(rules, cards, wild)
            if verdict.legal:
                readings.append(verdict)
        if readings:
            return max(readings, key=lambda v: v.points)
    return _misplaced_pin(rules, cards, base) or first


def _misplaced_pin(rules: Rules, cards: Sequence[Card], wild: Sequence[bool]) -> MeldVerdict | None:
    """An illegal meld that would be legal with its wild cards unpinned: name the bad pin."""
    pinned = [i for i, card in enumerate(cards) if wild[i] and card.pinned is not None]
    if not pinned:
        return None
    loose = [card.physical for card in cards]
    verdict = judge_meld(rules, loose)
    if not verdict.legal:
        return None
    bad = [cards[i] for i in pinned if verdict.jokers.get(i) != cards[i].pinned]
    if not bad:
        return None
    return _illegal(
        Nn_(
            "%(cards)s does not fit this meld, which is legal as %(legal_as)s",
            "%(cards)s do not fit this meld, which is legal as %(legal_as)s",
            len(bad),
            cards=Join(bad),
            legal_as=cards_joined(verdict.cards),
        )
    )


# ---------------------------------------------------------------------------
# Whole questions: an opening, a hand going out, Phỏm's discards, Carousel's turn


def _opening_reason(rules: Rules, verdicts: Sequence[MeldVerdict]) -> Message | None:
    points = sum(v.points for v in verdicts)
    if rules.opening_min and points < rules.opening_min:
        return N_(
            "a first meld must be worth at least %(least)s points; these are worth %(points)s",
            least=rules.opening_min,
            points=points,
        )
    if rules.opening_natural_run and not any(v.kind == RUN and v.natural for v in verdicts):
        return N_("a first meld must include a natural run of three or more (no joker in it)")
    return None


def going_out_reason(rules: Rules, verdicts: Sequence[MeldVerdict]) -> Message | None:
    total = sum(len(v.cards) for v in verdicts)
    if rules.going_out_patterns:
        lengths = sorted((len(v.cards) for v in verdicts), reverse=True)
        patterns = [sorted(p, reverse=True) for p in rules.going_out_patterns]
        if lengths not in patterns:
            shown = Join((Join(p, "+") for p in rules.going_out_patterns), OR)
            if lengths:
                return N_(
                    "the whole hand must go down as runs of %(shown)s, not %(laid)s",
                    shown=shown,
                    laid=Join(lengths, "+"),
                )
            return N_("the whole hand must go down as runs of %(shown)s, not nothing", shown=shown)
    if rules.going_out_hand_sizes and total not in rules.going_out_hand_sizes:
        return N_(
            "the whole hand (%(sizes)s cards) must go down at once, not %(total)s",
            sizes=Join(rules.going_out_hand_sizes, OR),
            total=total,
        )
    if rules.going_out_natural_run and not any(v.kind == RUN and v.natural for v in verdicts):
        return N_("going out at once needs a natural run of three or more (no joker in it)")
    points = sum(v.points for v in verdicts)
    if rules.going_out_min and points < rules.going_out_min:
        return N_(
            "going out without an earlier meld still needs %(least)s points; "
            "these melds are worth %(points)s",
            least=rules.going_out_min,
            points=points,
        )
    return None


def _from_discard_reason(
    melds: Sequence[Sequence[Card]], taken: Sequence[Card]
) -> tuple[Message | None, Message | None]:
    """Phỏm: (the rule a meld breaks, or a marked card that is in no meld)."""
    remaining = Counter(card.physical for card in taken)
    broken = None
    for index, meld in enumerate(melds):
        count = 0
        for card in meld:
            if remaining[card.physical]:
                remaining[card.physical] -= 1
                count += 1
        if count > 1 and broken is None:
            broken = N_(
                "meld %(number)s holds %(count)s cards taken from the discards; a meld may hold "
                "only one",
                number=index + 1,
                count=count,
            )
    leftover = sorted(remaining.elements(), key=sort_key)
    if leftover:
        return broken, N_(
            "%(card)s is marked as taken from the discards but is in no meld", card=leftover[0]
        )
    return broken, None


def _declared(verdicts: Sequence[MeldVerdict]) -> Counter[Card]:
    """What each joker on a table stands for."""
    identities: Counter[Card] = Counter()
    for verdict in verdicts:
        for index, card in verdict.jokers.items():
            if verdict.cards[index].is_joker:
                identities[card] += 1
    return identities


def _replacements(
    before: Sequence[Sequence[Card]], after: Sequence[Sequence[Card]], identity: Card
) -> int:
    """How many natural ``identity`` cards could have taken a joker's place this turn.

    A natural card counts if it came from hand, or if it left the meld it lay
    in before (that meld is no longer whole inside one meld after the turn). A
    natural card whose meld is still whole where it was has replaced nothing:
    with two decks the table may hold the real card and a joker declared as it
    at once, and the joker stays what it was.
    """
    naturals_after = sum(1 for meld in after for card in meld if card == identity)
    after_counts = [Counter(card.physical for card in meld) for meld in after]
    unmoved = 0
    for meld in before:
        if identity not in meld:
            continue
        whole = Counter(card.physical for card in meld)
        if any(not whole - counts for counts in after_counts):
            unmoved += sum(1 for card in meld if card == identity)
    return naturals_after - unmoved


def _turn_reason(
    rules: Rules,
    before: Sequence[Sequence[Card]],
    before_verdicts: Sequence[MeldVerdict],
    after: Sequence[Sequence[Card]],
    after_verdicts: Sequence[MeldVerdict],
    from_hand: Sequence[Card],
) -> Message | None:
    """Carousel: is turning ``before`` into ``after`` with ``from_hand`` a legal turn?"""
    if not from_hand:
        return N_("a turn must add at least one card from hand to the table")
    on_before = Counter(card.physical for meld in before for card in meld)
    on_after = Counter(card.physical for meld in after for card in meld)
    played = Counter(card.physical for card in from_hand)
    for card in sorted(on_before, key=sort_key):
        if on_after[card] < on_before[card]:
            return N_(
                "no card may be taken off the table, but %(card)s is missing after the turn",
                card=card,
            )
    for card in sorted(on_after, key=sort_key):
        if on_after[card] > on_before[card] + played[card]:
            return N_(
                "%(card)s is on the table after the turn but was neither there before nor "
                "played from hand",
                card=card,
            )
    for card in sorted(played, key=sort_key):
        if on_after[card] < on_before[card] + played[card]:
            return N_(
                "%(card)s was played from hand but is not on the table after the turn", card=card
            )
    if not before:
        hand = Counter(played)
        if not any(
            v.legal and len(v.cards) >= 3 and not Counter(c.physical for c in v.cards) - hand
            for v in after_verdicts
        ):
            return N_("the first meld of a round must hold a legal set or run of three from hand")
    kept_before = _declared(before_verdicts)
    kept_after = _declared(after_verdicts)
    freed = 0
    for identity, count in kept_before.items():
        lost = count - kept_after[identity]
        if lost > 0:
            if _replacements(before, after, identity) < lost:
                return N_(
                    "a joker declared as %(card)s keeps that card until the real %(card)s "
                    "replaces it",
                    card=identity,
                )
            freed += lost
    new_identities = sum((kept_after - kept_before).values())
    jokers_from_hand = sum(1 for card in from_hand if card.is_joker)
    if new_identities > freed + jokers_from_hand:
        return N_("a joker keeps the card it was declared as until the real card replaces it")
    return None


def check(request: Mapping[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """The contract's ``check`` question.

    >>> check(variant="kaluki", melds=[["QH", "KH", "AH"]], opening=True)["reason"]
    'a first meld must be worth at least 51 points; these are worth 35'
    >>> check(variant="rami", melds=[["JK", "AS", "AH"]])["melds"][0]["jokers"]
    {'0': 'AD'}

    Carousel's turn: the table before, the table after (``melds``), the cards from hand.

    >>> check(variant="carousel", table_before=[["5H", "JK=6H", "7H"]],
    ...       melds=[["JK=4H", "5H", "6H", "7H"]], from_hand=["6H"])["legal"]
    True
    >>> check(variant="carousel", table_before=[["9C", "9D", "JK=9S"], ["5H", "6H", "7H"]],
    ...       melds=[["9C", "9D", "9H"], ["5H", "6H", "7H", "JK=8H"]], from_hand=["9H"])["reason"]
    'a joker declared as 9S keeps that card until the real 9S replaces it'
    """
    request = as_request(request, fields)
    rules = resolve(request.get("variant"), request.get("options"))
    melds = melds_at(require(request, "melds"), "melds")
    opening, going_out = _flag(request, "opening"), _flag(request, "going_out")
    turn = "table_before" in request or "from_hand" in request
    before: list[list[Card]] = []
    from_hand: list[Card] = []
    if turn:
        if not rules.rearranges_table:
            raise RulesError(
                N_(
                    "%(variant)s does not rearrange the table, so a turn cannot be checked "
                    "against the table before it",
                    variant=rules.variant.name,
                ),
                "table_before",
            )
        before = melds_at(request.get("table_before", []), "table_before")
        from_hand = cards_at(request.get("from_hand", []), "from_hand", "from_hand")
        check_deck_limits(_located(before, "table_before"), rules.decks, rules.jokers)
    check_deck_limits(_located(melds, "melds"), rules.decks, rules.jokers)

    verdicts = [judge_meld(rules, meld) for meld in melds]
    reason = next(
        (
            N_("meld %(number)s: %(reason)s", number=i + 1, reason=v.reason)
            for i, v in enumerate(verdicts)
            if not v.legal
        ),
        None,
    )
    if reason is None and opening:
        reason = _opening_reason(rules, verdicts)
    if reason is None and going_out:
        reason = going_out_reason(rules, verdicts)
    if request.get("from_discard") is not None:
        taken = cards_at(request["from_discard"], "from_discard", "from_discard")
        if taken and not rules.one_discard_per_meld:
            raise RulesError(
                N_(
                    "%(variant)s has no rule about melds built from discards",
                    variant=rules.variant.name,
                ),
                "from_discard",
            )
        broken, unplaced = _from_discard_reason(melds, taken)
        if unplaced:
            raise RulesError(unplaced, "from_discard")
        reason = reason or broken
    if reason is None and turn:
        before_verdicts = [judge_meld(rules, meld) for meld in before]
        illegal_before = next((i for i, v in enumerate(before_verdicts) if not v.legal), None)
        if illegal_before is not None:
            raise RulesError(
                N_(
                    "the table before the turn is not legal: meld %(number)s: %(reason)s",
                    number=illegal_before + 1,
                    reason=before_verdicts[illegal_before].reason,
                ),
                f"table_before[{illegal_before}]",
            )
        reason = _turn_reason(rules, before, before_verdicts, melds, verdicts, from_hand)
    return {
        "legal": reason is None,
        "points": sum(v.points for v in verdicts if v.legal),
        "reason": reason,
        "melds": [v.as_json() for v in verdicts],
    }


def _flag(request: Mapping[str, Any], name: str) -> bool:
    value = request.get(name, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RulesError(N_("'%(name)s' is a switch: true or false", name=name), name)
    return value


def _located(melds: Sequence[Sequence[Card]], name: str) -> Iterable[tuple[Card, str]]:
    for i, meld in enumerate(melds):
        for j, card in enumerate(meld):
            yield card, f"{name}[{i}][{j}]"
