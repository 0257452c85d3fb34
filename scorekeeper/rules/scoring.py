"""Round scoring: what a round puts on the score sheet, and who pays whom.

One function per :class:`Scoring` rule, each reading the variant's data. The
words of VARIANTS.md decide the bookkeeping: where a player "scores", "wins" or
"collects", only that player's total moves; where points or chips are "paid",
they are a transfer, and ``delta`` is the net. With the option ``pay`` (any
high-wins variant) every "collects from each" becomes a payment as well.

>>> result = score(variant="rummy", players=["Ana", "Ben", "Cem"],
...                round={"winner": "Ana", "end": "out",
...                       "hands": {"Ben": ["KS", "7D", "AC"], "Cem": ["4C"]}})
>>> result["delta"], result["winners"]
({'Ana': 22, 'Ben': 0, 'Cem': 0}, ['Ana'])
>>> result["explain"][1]
'Ben: KS 10 + 7D 7 + AC 1 = 18 for Ana; scores 0'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .arranger import MOST_CARDS_IN_HAND, Arrangement, best_arrangement
from .cards import JOKER, Card, Suit, deck_limit_problems, sort_key
from .catalog import Rules, resolve
from .errors import RoundError, RulesError
from .knocking import knock_limit, knock_reason, upcard_of
from .layoffs import knockers_showing, lay_off
from .melds import MeldVerdict, going_out_reason, judge_meld
from .messages import N_, OR, Join, Message, Nn_, cards_joined
from .names import look_alike_problem, name_problem, repeated, same_name
from .reading import as_request, cards_at, melds_at
from .variant import GOING_OUT, RoundEnd, Scoring

MOST_COUNTED = 9999  # the largest count a hand may be given as (the contract's bound)


@dataclass
class Hand:
    """One player's cards at the end of a round, and what they count."""

    cards: list[Card]
    melds: list[list[Card]] = field(default_factory=list)  # shown or declared
    deadwood: list[Card] = field(default_factory=list)
    points: int = 0
    given: bool = True  # False when the round left this player's hand out
    counted: int | None = None  # the points counted at the table, given instead of the cards

    @property
    def empty(self) -> bool:
        """No cards left. A count of 0 reads as none: where it matters (Carousel's +25)
        every card counts at least 1."""
        return self.counted == 0 if self.counted is not None else not self.cards


@dataclass
class Round:
    """A parsed, validated round of one table."""

    rules: Rules
    players: list[str]
    dealer: str | None
    winner: str | None
    end: RoundEnd
    hands: dict[str, Hand]
    melds: dict[str, list[list[Card]]]
    facts: dict[str, Any]

    @property
    def pay(self) -> bool:
        return bool(self.rules.options.get("pay"))

    def others(self, player: str) -> list[str]:
        return [p for p in self.players if p != player]

    def turn_order(self) -> list[str]:
        """Clockwise from the dealer's left, the dealer last."""
        start = (self.players.index(self.dealer) + 1) % len(self.players)
        return self.players[start:] + self.players[:start]


class Result:
    """Deltas, payments, winners and explain lines as a round is scored.

    Each part of a player's line may say which number it ends with; a line whose last
    part does not end with the player's delta is closed with "scores <delta>", so every
    line ends with exactly what the sheet shows for that player.
    """

    def __init__(self, round_: Round) -> None:
        self.round = round_
        players = round_.players
        self.delta = {player: 0 for player in players}
        self.transfers: list[dict[str, Any]] = []
        self.winners: list[str] = []
        self.lines: dict[str, list[tuple[Message, int | None]]] = {p: [] for p in players}
        self.notes: list[Message] = []
        # bonuses and surcharges by player, so a score sheet can mark them
        self.bonuses: dict[str, list[Message]] = {}

    def gain(self, player: str, amount: int) -> None:
        self.delta[player] += amount

    def pay(self, payer: str, payee: str, amount: int) -> None:
        if amount <= 0 or payer == payee:
            return
        self.transfers.append({"from": payer, "to": payee, "amount": amount})
        self.delta[payer] -= amount
        self.delta[payee] += amount

    def collect(self, round_: Round, winner: str, payer: str, amount: int) -> None:
        """A winner "collects" from a player: a payment only with the `pay` option."""
        if round_.pay:
            self.pay(payer, winner, amount)
        else:
            self.gain(winner, amount)

    def say(self, player: str, text: Message, ends_with: int | None = None) -> None:
        """Add a part to a player's line; ``ends_with`` is the number it ends with, if any."""
        self.lines[player].append((as_message(text), ends_with))

    def reading(self, key: str) -> None:
        """A part decided by a reading of VARIANTS.md: its note, kept once for the round
        (where this variant has one). The line itself carries no marker: a reading is said
        on the rules page and in the notes, not as jargon in a player's line."""
        note = self.round.rules.reading_notes.get(key)
        if note:
            self.note(N_("Reading: %(note)s.", note=as_message(note)))

    def note(self, note: Message) -> None:
        if note not in self.notes:
            self.notes.append(note)

    def mark(self, player: str, bonus: Message) -> None:
        """Record a bonus or surcharge that touched this player's score."""
        self.bonuses.setdefault(player, []).append(as_message(bonus))

    def explain(self, player: str) -> Message:
        parts = self.lines[player]
        delta = self.delta[player]
        said = [text for text, _ in parts]
        if not parts or parts[-1][1] != delta:
            said.append(N_("scores %(points)s", points=delta))
        return N_("%(player)s: %(parts)s", player=player, parts=Join(said, "; "))

    def as_json(self) -> dict[str, Any]:
        return {
            "delta": self.delta,
            "transfers": self.transfers,
            "winners": self.winners,
            "bonuses": self.bonuses,
            "explain": [self.explain(player) for player in self.lines],
            "notes": self.notes,
        }


def as_message(text: str) -> Message:
    return text if isinstance(text, Message) else Message(text)


def _amounts(items: Sequence[tuple[str, int]]) -> tuple[Message, int]:
    """'Ben 18 + Cem 4 = 22' (a single 'Ben 18' restates nothing), and its total."""
    total = sum(amount for _, amount in items)
    parts = [N_("%(player)s %(amount)s", player=who, amount=amount) for who, amount in items]
    if len(parts) == 1:
        return parts[0], total
    return N_("%(parts)s = %(total)s", parts=Join(parts, " + "), total=total), total


def _payments_by(result: Result, payer: str, start: int = 0) -> list[tuple[str, int]]:
    """What ``payer`` paid each player in the transfers from ``start`` on, in order."""
    paid: dict[str, int] = {}
    for transfer in result.transfers[start:]:
        if transfer["from"] == payer:
            paid[transfer["to"]] = paid.get(transfer["to"], 0) + transfer["amount"]
    return list(paid.items())


def _received_by(result: Result, payee: str, start: int = 0) -> list[tuple[str, int]]:
    got: dict[str, int] = {}
    for transfer in result.transfers[start:]:
        if transfer["to"] == payee:
            got[transfer["from"]] = got.get(transfer["from"], 0) + transfer["amount"]
    return list(got.items())


def _say_payments(result: Result, player: str, start: int = 0) -> None:
    """'pays Ana 18' (or 'pays Ana 1, Ben 1') for what ``player`` paid since ``start``."""
    paid = _payments_by(result, player, start)
    if paid:
        listed = Join((N_("%(to)s %(amount)s", to=p, amount=a) for p, a in paid), ", ")
        result.say(player, N_("pays %(payments)s", payments=listed))


# --- reading and checking the round --------------------------------------------


def _players(request: Mapping[str, Any]) -> list[str]:
    players = request.get("players")
    if (
        not isinstance(players, list)
        or not players
        or not all(isinstance(p, str) and p for p in players)
    ):
        raise RoundError(N_("'players' must be a list of player names, in seat order"), "players")
    for index, player in enumerate(players):
        problem = name_problem(player)
        if problem is not None:
            raise RoundError(problem, f"players[{index}]")
    if repeated(players) is not None:
        raise RoundError(N_("each player must have a different name (ignoring case)"), "players")
    looks_alike = look_alike_problem(players)
    if looks_alike is not None:
        raise RoundError(looks_alike, "players")
    return players


def _seat(name: object, players: Sequence[str]) -> str | None:
    """The seat's own spelling of a name given in any case ("ben" is Ben), or None."""
    if not isinstance(name, str):
        return None
    wanted = same_name(name)
    return next((p for p in players if same_name(p) == wanted), None)


ROLES = {
    "winner": N_("winner"),
    "dealer": N_("dealer"),
    "feeder": N_("feeder"),
    "taker": N_("taker"),
}


def _player(value: object, players: Sequence[str], field_: str, what: str) -> str | None:
    if value is None:
        return None
    seat = _seat(value, players)
    if seat is None:
        raise RoundError(
            N_(
                "the %(what)s '%(name)s' is not one of the players (%(players)s)",
                what=ROLES[what],
                name=value,
                players=Join(players),
            ),
            field_,
        )
    return seat


def _keyed_by_player(value: object, players: Sequence[str], field_: str) -> dict[str, Any]:
    """A mapping keyed by player names, re-keyed by each seat's own spelling."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise RoundError(
            N_("'%(field)s' must map each player's name to a value", field=field_), field_
        )
    keyed: dict[str, Any] = {}
    for name, item in value.items():
        seat = _seat(name, players)
        if seat is None:
            raise RoundError(
                N_(
                    "'%(name)s' in %(field)s is not one of the players (%(players)s)",
                    name=name,
                    field=field_,
                    players=Join(players),
                ),
                f"{field_}.{name}",
            )
        if seat in keyed:
            raise RoundError(
                N_("%(player)s is named twice in %(field)s", player=seat, field=field_),
                f"{field_}.{name}",
            )
        keyed[seat] = item
    return keyed


def _counted(value: object, player: str, path: str) -> int | None:
    """A hand given as a count: a whole number 0–9999 (true is not a count), else None."""
    if isinstance(value, bool):
        raise RoundError(
            N_(
                "%(player)s's hand must be a list of cards or a count (a whole number), "
                "not %(value)s",
                player=player,
                value=value,
            ),
            path,
        )
    if not isinstance(value, int):
        return None
    if not 0 <= value <= MOST_COUNTED:
        raise RoundError(
            N_(
                "%(player)s's hand counted at the table must be 0 to %(most)s, not %(value)s",
                player=player,
                most=MOST_COUNTED,
                value=value,
            ),
            path,
        )
    return value


def _read_hand(value: object, player: str, path: str) -> Hand:
    """A hand as given: a count, or at most MOST_CARDS_IN_HAND cards."""
    counted = _counted(value, player, path)
    if counted is not None:
        return Hand([], counted=counted)
    cards = cards_at(value, path, N_("%(player)s's hand", player=player))
    if len(cards) > MOST_CARDS_IN_HAND:
        raise RoundError(
            N_(
                "%(player)s's hand holds at most %(most)s cards, not %(count)s",
                player=player,
                most=MOST_CARDS_IN_HAND,
                count=len(cards),
            ),
            path,
        )
    return Hand(cards)


def read_round(
    rules: Rules, players: list[str], dealer: str | None, data: object, prefix: str = "round"
) -> Round:
    """Parse and validate one round against a table's rules."""
    if not isinstance(data, Mapping):
        raise RoundError(
            N_("a round must be an object with the winner, the end and the hands"), prefix
        )
    variant = rules.variant
    winner = _player(data.get("winner"), players, f"{prefix}.winner", "winner")
    end = data.get("end")
    if end is None:
        end = variant.ends[0] if winner is not None else RoundEnd.STOCK
    if end not in variant.ends:
        raise RoundError(
            N_(
                "%(variant)s rounds end by %(ends)s, not '%(end)s'",
                variant=variant.name,
                ends=Join(variant.ends),
                end=end,
            ),
            f"{prefix}.end",
        )
    end = RoundEnd(end)
    if end.by_player and winner is None:
        raise RoundError(
            N_(
                "a round that ends by '%(end)s' needs its winner (who went out or knocked)", end=end
            ),
            f"{prefix}.winner",
        )
    if "dealer" in data:
        dealer = _player(data["dealer"], players, f"{prefix}.dealer", "dealer")

    raw_hands = _keyed_by_player(data.get("hands"), players, f"{prefix}.hands")
    raw_melds = _keyed_by_player(data.get("melds"), players, f"{prefix}.melds")
    # every problem of the hands and melds is found in one pass: the first is raised with
    # the others beside it (RulesError.also)
    problems: list[RulesError] = []
    hands: dict[str, Hand] = {}
    located: list[tuple[Card, str]] = []
    for player in players:
        if player not in raw_hands:
            hands[player] = Hand([], given=False)
            continue
        path = f"{prefix}.hands.{player}"
        try:
            hands[player] = _read_hand(raw_hands[player], player, path)
        except RulesError as error:
            problems.append(error)
            hands[player] = Hand([], given=False)
            continue
        located.extend((card, f"{path}[{i}]") for i, card in enumerate(hands[player].cards))
    melds: dict[str, list[list[Card]]] = {}
    for player, value in raw_melds.items():
        path = f"{prefix}.melds.{player}"
        try:
            melds[player] = melds_at(value, path)
        except RulesError as error:
            problems.append(error)
            continue
        for i, meld in enumerate(melds[player]):
            verdict = judge_meld(rules, meld)
            if not verdict.legal:
                problems.append(
                    RoundError(
                        N_(
                            "%(player)s's meld %(number)s is not legal: %(reason)s",
                            player=player,
                            number=i + 1,
                            reason=verdict.reason,
                        ),
                        f"{path}[{i}]",
                    )
                )
            located.extend((card, f"{path}[{i}][{j}]") for j, card in enumerate(meld))
    problems.extend(deck_limit_problems(located, rules.decks, rules.jokers))
    facts = {name: data[name] for name in variant.round_facts if name in data}
    round_ = Round(rules, players, dealer, winner, end, hands, melds, facts)
    problems.extend(possible_problems(round_, prefix))
    if problems:
        problems[0].also = problems[1:]
        raise problems[0]
    return round_


# --- only hands that can exist ---------------------------------------------------------


def most_points(rules: Rules, cards: int) -> int:
    """The most points ``cards`` cards left in hand can count at this table."""
    naturals = list(rules.card_values) * rules.decks
    jokers = [rules.value(JOKER)] * rules.jokers
    pool = sorted(naturals + jokers, reverse=True)
    return sum(pool[:cards])


def _held(round_: Round, player: str) -> int:
    """The cards a player holds at the end: the hand, and where whole hands are shown, the
    melds given apart from it."""
    held = len(round_.hands[player].cards)
    if round_.rules.showdown:
        held += sum(len(meld) for meld in round_.melds.get(player, []))
    return held


def _fewest_and_most(round_: Round) -> tuple[int, int, Message]:
    """How many cards each loser's hand may hold at this round's end, and why."""
    rules = round_.rules
    dealt = rules.cards
    moment = rules.whole_hands_at.get(round_.end)
    if moment is not None:
        if rules.showdown_layoffs and not rules.options.get("no_layoff"):
            why = N_(
                "%(moment)s a hand holds the %(dealt)s dealt, fewer only after laying off",
                moment=moment,
                dealt=dealt,
            )
            return 0, dealt, why
        why = N_(
            "%(moment)s every hand holds exactly the %(dealt)s dealt", moment=moment, dealt=dealt
        )
        return dealt, dealt, why
    if rules.hands_grow:
        why = N_("a hand holds at most %(most)s cards", most=MOST_CARDS_IN_HAND)
        return 0, MOST_CARDS_IN_HAND, why
    why = N_(
        "%(variant)s deals %(dealt)s and a hand holds at most %(most)s",
        variant=rules.variant.name,
        dealt=dealt,
        most=dealt + 1,
    )
    return 0, dealt + 1, why


def possible_problems(round_: Round, prefix: str = "round") -> Iterator[RulesError]:
    """Each hand that cannot exist when this variant's round ends this way, in seat order."""
    rules = round_.rules
    going_out = round_.end in GOING_OUT
    fewest, most, why = _fewest_and_most(round_)
    extra = _winner_extra_card(round_, prefix)
    for player in round_.players:
        hand = round_.hands[player]
        if not hand.given:
            continue
        path = f"{prefix}.hands.{player}"
        try:
            if going_out and player == round_.winner:
                _check_went_out(round_, player, path)
                continue
            if hand.counted is not None:
                _check_count(round_, player, path, most)
                continue
        except RulesError as error:
            yield error
            continue
        held = _held(round_, player)
        if extra and player == round_.winner:
            # the fact is what is wrong with such a hand (a reading): named, not the hand
            fact = f"{prefix}.{rules.winner_extra_card_fact}"
            if held != fewest + 1:
                yield RoundError(
                    N_(
                        "%(player)s's hand holds %(held)s cards, but with %(fact)s the winner "
                        "holds every card melded and no discard: expected %(expected)s (a "
                        "whole hand of %(dealt)s melded is gin: leave %(fact)s off)",
                        player=player,
                        held=held,
                        fact=fact,
                        expected=Nn_("%(num)s card", "%(num)s cards", fewest + 1),
                        dealt=fewest,
                    ),
                    fact,
                )
            continue
        if not fewest <= held <= most:
            if held != len(hand.cards):
                said = N_(
                    "%(player)s's hand holds %(held)s cards with the melds given apart, but "
                    "%(why)s: expected %(expected)s",
                    player=player,
                    held=held,
                    why=why,
                    expected=_expected(fewest, most),
                )
            else:
                said = N_(
                    "%(player)s's hand holds %(held)s cards, but %(why)s: expected %(expected)s",
                    player=player,
                    held=held,
                    why=why,
                    expected=_expected(fewest, most),
                )
            yield RoundError(said, path)
    if round_.end is RoundEnd.KNOCK and rules.knock_limit is not None:
        knocker = round_.winner
        hand = round_.hands[knocker]
        if hand.given:
            refused = knock_refused(round_, knocker, prefix)
            if refused is not None:
                yield RoundError(refused, f"{prefix}.hands.{knocker}")


def _winner_extra_card(round_: Round, prefix: str) -> bool:
    """Whether the round's fact gives its winner a card more than the deal (Gin's big gin)."""
    name = round_.rules.winner_extra_card_fact
    if not name or name not in round_.facts:
        return False
    value = round_.facts[name]
    if not isinstance(value, bool):
        raise RoundError(
            N_("%(field)s must be true or false", field=f"{prefix}.{name}"), f"{prefix}.{name}"
        )
    if value and round_.end is not RoundEnd.KNOCK:
        raise RoundError(
            N_("%(field)s needs a knock (end 'knock')", field=f"{prefix}.{name}"),
            f"{prefix}.{name}",
        )
    return value


def knock_deadwood(round_: Round, player: str) -> int:
    """A knocking hand's deadwood: counted, or its cards as they are, or arranged for the
    least deadwood where hands are shown (its declared melds apart, where given)."""
    rules = round_.rules
    hand = round_.hands[player]
    if hand.counted is not None:
        return hand.counted
    if rules.showdown and player not in round_.melds:
        return best_arrangement(rules, hand.cards).deadwood_points
    return sum(rules.value(card) for card in hand.cards)


def knock_refused(round_: Round, knocker: str, prefix: str = "round") -> Message | None:
    """Why this knock is not legal (the rule named), or None."""
    points = knock_deadwood(round_, knocker)
    limit, upcard = knock_limit(round_.rules, round_.facts, prefix)
    return knock_reason(points, limit, upcard, knocker)


def _expected(fewest: int, most: int) -> Message:
    if fewest == most:
        return Nn_("%(num)s card", "%(num)s cards", most)
    if fewest == 0:
        return Nn_("at most %(num)s card", "at most %(num)s cards", most)
    return N_("%(fewest)s to %(most)s cards", fewest=fewest, most=most)


def _check_count(round_: Round, player: str, path: str, most_cards: int) -> None:
    rules = round_.rules
    hand = round_.hands[player]
    if rules.count_needs_melds and player not in round_.melds:
        prefix = path.rsplit(".hands.", 1)[0]
        if not isinstance(told_melded(round_, prefix).get(player), bool):
            raise RoundError(
                N_(
                    "%(variant)s needs to know whether %(player)s has a meld beside a counted "
                    "hand (round.has_meld, true or false)",
                    variant=rules.variant.name,
                    player=player,
                ),
                f"{prefix}.has_meld.{player}",
            )
    ceiling = most_points(rules, most_cards)
    if hand.counted > ceiling:
        raise RoundError(
            N_(
                "%(player)s's hand cannot count %(count)s: %(cards)s cards count at most "
                "%(ceiling)s in %(variant)s",
                player=player,
                count=hand.counted,
                cards=most_cards,
                ceiling=ceiling,
                variant=rules.variant.name,
            ),
            path,
        )


def told_melded(round_: Round, prefix: str = "round") -> dict[str, bool]:
    """The round's ``has_meld`` fact: whether each player named has a meld, told at the table
    beside a counted hand in place of the melds themselves (all a count's score needs of
    them where a player without a meld pays apart: Phỏm's móm)."""
    told = _keyed_by_player(round_.facts.get("has_meld"), round_.players, f"{prefix}.has_meld")
    for player, value in told.items():
        if not isinstance(value, bool):
            raise RoundError(
                N_(
                    "'%(field)s' must be true or false (whether %(player)s has a meld)",
                    field=f"{prefix}.has_meld.{player}",
                    player=player,
                ),
                f"{prefix}.has_meld.{player}",
            )
    return told


def _has_meld(round_: Round, hand: Hand, player: str) -> bool:
    """Whether a player at the showdown has a meld: the melds given or found in the cards,
    or, for a counted hand without them, what the table told (``has_meld``)."""
    if hand.melds or player in round_.melds or hand.counted is None:
        return bool(hand.melds)
    return bool(told_melded(round_).get(player))


def _check_went_out(round_: Round, player: str, path: str) -> None:
    """A player who went out holds no cards; where whole hands are shown, every card melded."""
    rules = round_.rules
    hand = round_.hands[player]
    if hand.counted is not None:
        if rules.winner_cards_needed:
            raise RoundError(
                N_(
                    "%(player)s's hand cannot be given as a count: %(needed)s",
                    player=player,
                    needed=rules.winner_cards_needed,
                ),
                path,
            )
        if hand.counted:
            raise RoundError(
                N_(
                    "%(player)s went out, so %(player)s's hand counts 0, not %(count)s",
                    player=player,
                    count=hand.counted,
                ),
                path,
            )
        return
    if not hand.cards:
        return
    if rules.showdown:
        left = best_arrangement(rules, hand.cards).deadwood
        if left:
            raise RoundError(
                N_(
                    "%(player)s went out, so every card %(player)s holds is melded; "
                    "%(cards)s would be left over",
                    player=player,
                    cards=cards_joined(sorted(left, key=sort_key)),
                ),
                path,
            )
        return
    raise RoundError(
        N_(
            "%(player)s went out, so %(player)s holds no cards: expected 0 cards, not %(count)s",
            player=player,
            count=len(hand.cards),
        ),
        path,
    )


def _need_hands(round_: Round, players: Sequence[str], prefix: str = "round") -> None:
    for player in players:
        if not round_.hands[player].given:
            raise RoundError(
                N_(
                    "the cards left in %(player)s's hand are needed ([] when the hand is empty)",
                    player=player,
                ),
                f"{prefix}.hands.{player}",
            )


def _count(round_: Round, player: str, *, showdown: bool) -> Hand:
    """Count a player's hand: as it is, or arranged for the least deadwood where shown."""
    hand = round_.hands[player]
    rules = round_.rules
    if hand.counted is not None:
        hand.melds = round_.melds.get(player, []) if showdown else []
        hand.points = hand.counted
        return hand
    if showdown and player in round_.melds:
        hand.melds = round_.melds[player]
        hand.deadwood = list(hand.cards)
    elif showdown:
        arranged = best_arrangement(rules, hand.cards)
        hand.melds = [list(meld) for meld in arranged.melds]
        hand.deadwood = list(arranged.deadwood)
    else:
        hand.deadwood = list(hand.cards)
    hand.points = sum(rules.value(card) for card in hand.deadwood)
    return hand


def _sum_text(round_: Round, cards: Sequence[Card]) -> Message:
    """'JK 150 + AS 11 + 10H 10 = 171': each card and its value, the way a table adds up."""
    if not cards:
        return N_("no cards")
    values = round_.rules.value
    parts = [N_("%(card)s %(points)s", card=card, points=values(card)) for card in cards]
    if len(parts) == 1:
        return parts[0]
    total = sum(values(card) for card in cards)
    return N_("%(parts)s = %(total)s", parts=Join(parts, " + "), total=total)


def _hand_text(round_: Round, hand: Hand) -> Message:
    """What a hand counts; it ends with ``hand.points``."""
    if hand.counted is not None:
        counted = N_("counted at the table: %(points)s", points=hand.counted)
    else:
        counted = _sum_text(round_, hand.deadwood)
    if not hand.melds:
        return counted
    shown = Join((cards_joined(meld, "-") for meld in hand.melds), ", ")
    if hand.counted is not None:
        return N_("melds %(melds)s; %(count)s", melds=shown, count=counted)
    return N_("melds %(melds)s; deadwood %(count)s", melds=shown, count=counted)


# --- the scoring rules ----------------------------------------------------------------


def _winner_collects(round_: Round, result: Result) -> None:
    """The winner scores the cards left in the other hands (Rummy, Kaluki, Double Rum, ...)."""
    winner = round_.winner
    losers = round_.others(winner)
    _need_hands(round_, losers)
    doubled = round_.end is RoundEnd.RUMMY and round_.rules.options.get("rummy_doubles")
    factor = 2 if doubled else 1
    collected = []
    for loser in losers:
        hand = _count(round_, loser, showdown=round_.rules.showdown)
        amount = hand.points * factor
        collected.append((loser, amount))
        text = _hand_text(round_, hand)
        if doubled:
            text = N_("%(hand)s, doubled = %(points)s", hand=text, points=amount)
        result.reading("hands")
        if round_.pay:
            result.say(loser, text)
        else:
            result.say(loser, N_("%(hand)s for %(winner)s", hand=text, winner=winner))
        result.collect(round_, winner, loser, amount)
        _say_payments(result, loser)
    if doubled:
        how = N_("went rummy (going rummy scores double)")
        result.mark(winner, N_("going rummy scores double"))
    else:
        how = round_.end.words
    listed, total = _amounts(collected)
    if round_.pay:
        result.say(winner, N_("%(how)s, receives %(amounts)s", how=how, amounts=listed), total)
    else:
        result.say(winner, N_("%(how)s, collects %(amounts)s", how=how, amounts=listed), total)
    result.winners.append(winner)


def _lowest_takes_differences(
    round_: Round, result: Result, counts: Mapping[str, int], winners: Sequence[str]
) -> dict[str, tuple[Message, int]]:
    """Each winner earns the differences between their count and every other player's;
    what each winner earned, said as 'Ben 5 + Cem 12 = 17'."""
    earned = {}
    for winner in winners:
        differences = []
        for other in round_.others(winner):
            difference = counts[other] - counts[winner]
            if difference > 0:
                result.collect(round_, winner, other, difference)
                differences.append((other, difference))
                if round_.pay:
                    result.say(
                        other,
                        N_(
                            "pays %(to)s the difference %(amount)s",
                            to=winner,
                            amount=difference,
                        ),
                    )
        earned[winner] = _amounts(differences) if differences else (N_("0"), 0)
    return earned


def _count_everyone(
    round_: Round, result: Result, *, showdown: bool, knocker: str | None = None
) -> tuple[dict[str, int], list[str]]:
    """Every player's count (shown melds arranged where ``showdown``), and who is lowest."""
    _need_hands(round_, round_.players)
    counts = {}
    for player in round_.players:
        hand = _count(round_, player, showdown=showdown)
        counts[player] = hand.points
        text = _hand_text(round_, hand)
        if player == knocker:
            text = N_("knocked: %(hand)s", hand=text)
        result.say(player, text)
    low = min(counts.values())
    return counts, [p for p in round_.players if counts[p] == low]


def _declared_winner_agrees(round_: Round, winners: Sequence[str]) -> None:
    """At a showdown the counts decide; a winner named in the round must be one of them."""
    if round_.end is RoundEnd.STOCK and round_.winner is not None and round_.winner not in winners:
        raise RoundError(
            N_(
                "the counts make %(winners)s the winner of this hand, not %(winner)s; "
                "leave the winner empty when the stock ran out",
                winners=Join(winners, " + "),
                winner=round_.winner,
            ),
            "round.winner",
        )


def _block(round_: Round, result: Result) -> None:
    """Block Rummy: out as Basic Rummy; a blocked hand pays the lowest count the differences."""
    if round_.end in GOING_OUT:
        _winner_collects(round_, result)
        return
    counts, lowest = _count_everyone(round_, result, showdown=False)
    _declared_winner_agrees(round_, lowest)
    low = counts[lowest[0]]
    differences = [(p, counts[p] - low) for p in round_.players if counts[p] > low]
    total = sum(amount for _, amount in differences)
    ways = len(lowest)
    # with pay each player pays their own difference, split among the tied lowest
    split = [amount // ways for _, amount in differences] if round_.pay else [total // ways]
    share = sum(split)
    remainder = total - share * ways
    for winner in lowest:
        if round_.pay:
            for other, amount in differences:
                result.pay(other, winner, amount // ways)
        else:
            result.gain(winner, share)
    for player in round_.players:
        _say_payments(result, player)
    result.reading("stock")
    for winner in lowest:
        text = N_("lowest count")
        listed = _amounts(differences)[0] if differences else N_("0")
        if ways > 1:
            shared = Nn_(
                "%(text)s; the differences %(listed)s shared %(num)s way",
                "%(text)s; the differences %(listed)s shared %(num)s ways",
                ways,
                text=text,
                listed=listed,
            )
            if remainder and winner == lowest[0]:
                shared = Nn_(
                    "%(shared)s (%(num)s point that cannot be divided is credited to nobody)",
                    "%(shared)s (%(num)s points that cannot be divided are credited to nobody)",
                    remainder,
                    shared=shared,
                )
            result.say(winner, shared)
        elif round_.pay:
            result.say(
                winner,
                N_("%(text)s, receives the differences %(listed)s", text=text, listed=listed),
                total,
            )
        else:
            result.say(
                winner,
                N_("%(text)s, earns the differences %(listed)s", text=text, listed=listed),
                total,
            )
    result.winners.extend(lowest)


def _penalty(round_: Round, result: Result) -> None:
    """Each loser adds their hand (German Rommé, Rami), with Rami's surcharges."""
    rules = round_.rules
    winner = round_.winner
    losers = round_.others(winner) if winner else list(round_.players)
    _need_hands(round_, losers)
    opened = _keyed_by_player(round_.facts.get("opened"), round_.players, "round.opened")
    if rules.unopened_surcharge:
        for loser in losers:
            if not isinstance(opened.get(loser), bool):
                raise RoundError(
                    N_(
                        "%(variant)s needs to know whether %(player)s had melded before the "
                        "round ended (round.opened, true or false)",
                        variant=rules.variant.name,
                        player=loser,
                    ),
                    f"round.opened.{loser}",
                )
    went_rummy = round_.end is RoundEnd.RUMMY
    nobody_melded = went_rummy and not any(opened.get(p) for p in losers)
    for loser in losers:
        hand = _count(round_, loser, showdown=False)
        text = _hand_text(round_, hand)
        penalty = hand.points
        unopened = rules.unopened_surcharge
        if unopened and not opened[loser]:
            if rules.options.get("unopened") == "flat":
                penalty = unopened
                text = N_(
                    "%(hand)s, no meld yet: a flat %(points)s instead", hand=text, points=unopened
                )
                result.mark(loser, N_("no meld: flat %(points)s", points=unopened))
            else:
                penalty += unopened
                text = N_("%(hand)s, no meld yet +%(points)s", hand=text, points=unopened)
                result.mark(loser, N_("no meld +%(points)s", points=unopened))
        if went_rummy and rules.rummy_surcharge:
            if rules.options.get("rummy") == "double":
                penalty *= 2
                text = N_("%(hand)s, winner went rummy: doubled", hand=text)
                result.mark(loser, N_("winner went rummy: doubled"))
            elif nobody_melded:
                extra = rules.rummy_unopened_table_surcharge
                penalty += extra
                result.note(
                    N_(
                        "Reading: a rummy from a table where nobody had melded adds %(extra)s, "
                        "which replaces the %(surcharge)s.",
                        extra=extra,
                        surcharge=rules.rummy_surcharge,
                    )
                )
                text = N_(
                    "%(hand)s, winner went rummy with nobody melded +%(points)s",
                    hand=text,
                    points=extra,
                )
                result.mark(loser, N_("rummy from a table with no meld +%(points)s", points=extra))
            else:
                penalty += rules.rummy_surcharge
                text = N_(
                    "%(hand)s, winner went rummy +%(points)s",
                    hand=text,
                    points=rules.rummy_surcharge,
                )
                result.mark(
                    loser, N_("winner went rummy +%(points)s", points=rules.rummy_surcharge)
                )
        if penalty != hand.points:
            text = N_("%(text)s = %(points)s", text=text, points=penalty)
        shown = penalty != hand.points or hand.counted is not None or hand.deadwood
        result.gain(loser, penalty)
        result.say(loser, text, penalty if shown else None)
    if winner:
        result.say(winner, N_("went rummy: 0") if went_rummy else N_("went out: 0"), 0)
        result.winners.append(winner)


def _knock(round_: Round, result: Result) -> None:
    """Knock Rummy's showdown: the lowest count wins the differences."""
    rules = round_.rules
    knocker = round_.winner
    counts, lowest = _count_everyone(round_, result, showdown=True, knocker=knocker)
    if knocker in lowest and (len(lowest) == 1 or counts[knocker] == 0):
        # a lone lowest knocker wins; a knocker gone rummy wins even when tied
        winners = [knocker]
    else:
        winners = [p for p in lowest if p != knocker]
    earned = _lowest_takes_differences(round_, result, counts, winners)
    for winner in winners:
        listed, total = earned[winner]
        result.say(winner, N_("wins the differences %(earned)s", earned=listed), total)
        if counts[winner] == 0:
            opponents = round_.others(winner)
            for other in opponents:
                result.collect(round_, winner, other, rules.rummy_bonus)
            result.say(winner, _from_each(N_("rummy bonus"), rules.rummy_bonus, opponents))
            result.mark(winner, N_("rummy +%(points)s per opponent", points=rules.rummy_bonus))
        if winner != knocker:
            below = counts[winner] < counts[knocker]
            if below or rules.options.get("undercut_on_tie"):
                result.pay(knocker, winner, rules.undercut_bonus)
                result.say(
                    winner,
                    N_(
                        "undercut bonus %(points)s paid by %(knocker)s",
                        points=rules.undercut_bonus,
                        knocker=knocker,
                    ),
                )
                result.say(
                    knocker,
                    N_(
                        "pays %(to)s the undercut bonus %(amount)s",
                        to=winner,
                        amount=rules.undercut_bonus,
                    ),
                )
                result.mark(winner, N_("undercut +%(points)s", points=rules.undercut_bonus))
            else:
                result.say(
                    winner, N_("ties %(knocker)s: a tie pays no undercut bonus", knocker=knocker)
                )
    if len(winners) > 1:
        for winner in winners:
            result.say(winner, N_("shares the lowest count, scores as a winner"))
        result.note(N_("Reading: players who share the lowest count each score as a winner."))
    result.winners.extend(winners)


def _from_each(what: Message, points: int, opponents: Sequence[str]) -> Message:
    """'rummy bonus from Ben: 25' or 'rummy bonus 25 from each of 3 = 75'."""
    if len(opponents) == 1:
        return N_(
            "%(what)s from %(player)s: %(points)s", what=what, points=points, player=opponents[0]
        )
    return N_(
        "%(what)s %(points)s from each of %(count)s = %(total)s",
        what=what,
        points=points,
        count=len(opponents),
        total=points * len(opponents),
    )


def _wild_cards(verdicts: Sequence[MeldVerdict]) -> tuple[int, int]:
    """(jokers, deuces used as wild cards) in a hand's melds."""
    jokers = deuces = 0
    for verdict in verdicts:
        for index in verdict.jokers:
            if verdict.cards[index].is_joker:
                jokers += 1
            else:
                deuces += 1
    return jokers, deuces


def _winner_melds(round_: Round, pattern: bool) -> list[MeldVerdict]:
    winner = round_.winner
    melds = round_.melds.get(winner)
    if not melds:
        facts = [f"round.{name}" for name in round_.rules.winner_count_facts]
        if facts:
            said = N_(
                "%(variant)s needs the melds %(player)s went out with (or %(facts)s)",
                variant=round_.rules.variant.name,
                player=winner,
                facts=Join(facts, OR),
            )
        else:
            said = N_(
                "%(variant)s needs the melds %(player)s went out with",
                variant=round_.rules.variant.name,
                player=winner,
            )
        raise RoundError(said, f"round.melds.{winner}")
    verdicts = [judge_meld(round_.rules, meld) for meld in melds]
    if pattern:
        reason = going_out_reason(round_.rules, verdicts)
        if reason:
            raise RoundError(
                N_(
                    "%(player)s cannot go out with these melds: %(reason)s",
                    player=winner,
                    reason=reason,
                ),
                f"round.melds.{winner}",
            )
    return verdicts


def _continental(round_: Round, result: Result) -> None:
    """The winner collects from each opponent: 1, 2 a joker, and the optional bonuses."""
    rules = round_.rules
    winner = round_.winner
    if winner not in round_.melds and "wilds" in round_.facts:
        jokers, deuces = _wilds_fact(round_)
        cards: list[Card] = []
        one_suit = _flag_fact(round_, "one_suit")
    else:
        verdicts = _winner_melds(round_, pattern=True)
        jokers, deuces = _wild_cards(verdicts)
        cards = [card for verdict in verdicts for card in verdict.cards]
        one_suit = len(cards) == rules.cards and len({card.plays_as.suit for card in cards}) == 1
    parts = [(N_("went out %(points)s", points=rules.out_chips), rules.out_chips)]
    if jokers:
        parts.append(
            (
                Nn_(
                    "%(num)s joker %(points)s",
                    "%(num)s jokers %(points)s (%(each)s each)",
                    jokers,
                    points=rules.joker_chips * jokers,
                    each=rules.joker_chips,
                ),
                rules.joker_chips * jokers,
            )
        )
    if rules.deuces_wild and deuces:
        parts.append(
            (
                Nn_(
                    "%(num)s wild deuce %(points)s",
                    "%(num)s wild deuces %(points)s",
                    deuces,
                    points=rules.wild_deuce_chips * deuces,
                ),
                rules.wild_deuce_chips * deuces,
            )
        )
    if rules.options.get("quick_bonus"):
        draws = round_.facts.get("draws")
        if isinstance(draws, bool) or not isinstance(draws, int) or draws < 0:
            raise RoundError(
                N_("the quick-meld bonus needs round.draws: how many cards the winner drew"),
                "round.draws",
            )
        if draws < len(rules.quick_chips):
            quick = rules.quick_chips[draws]
            parts.append(
                (
                    Nn_(
                        "out after %(num)s draw %(points)s",
                        "out after %(num)s draws %(points)s",
                        draws,
                        points=quick,
                    ),
                    quick,
                )
            )
    if rules.options.get("special_bonus"):
        if jokers == 0 and deuces == 0:
            parts.append(
                (N_("no wild card %(points)s", points=rules.no_wild_chips), rules.no_wild_chips)
            )
        if one_suit:
            chips = rules.one_suit_chips
            parts.append(
                (
                    N_("all %(cards)s cards one suit %(points)s", cards=rules.cards, points=chips),
                    chips,
                )
            )
    each = sum(amount for _, amount in parts)
    losers = round_.others(winner)
    for loser in losers:
        result.pay(loser, winner, each)
        _say_payments(result, loser)
    for text, _ in parts[1:]:
        result.mark(winner, N_("%(bonus)s from each", bonus=text))
    added = [text for text, _ in parts]
    if len(added) > 1:
        each_text = N_("%(parts)s = %(each)s", parts=Join(added, " + "), each=each)
    else:
        each_text = added[0]
    listed, total = _amounts([(loser, each) for loser in losers])
    result.say(winner, N_("%(each)s from each", each=each_text))
    result.say(winner, N_("receives %(listed)s", listed=listed), total)
    result.winners.append(winner)


def _queen_city(round_: Round, result: Result) -> None:
    """The winner scores the value of their own melds times the number of opponents."""
    winner = round_.winner
    rules = round_.rules
    if winner not in round_.melds and "meld_points" in round_.facts:
        value = _meld_points_fact(round_)
        added = N_("counted at the table: %(points)s", points=value)
    else:
        verdicts = _winner_melds(round_, pattern=True)
        played = [card for verdict in verdicts for card in verdict.cards]
        # a joker counts as the card it replaces (reading)
        cards = [card.plays_as for card in played]
        value = sum(rules.value(card) for card in cards)
        values = [N_("%(points)s", points=rules.value(card)) for card in cards]
        added = N_("%(parts)s = %(total)s", parts=Join(values, " + "), total=value)
        if any(verdict.jokers for verdict in verdicts):
            added = N_(
                "%(parts)s (a joker counts as its card) = %(total)s",
                parts=Join(values, " + "),
                total=value,
            )
            result.note(N_("Reading: a joker counts as the card it replaces."))
        elif len(values) == 1:
            added = values[0]
    opponents = round_.others(winner)
    for loser in opponents:
        result.collect(round_, winner, loser, value)
        _say_payments(result, loser)
    if len(opponents) == 1:
        result.say(winner, N_("own melds %(melds)s", melds=added), value)
    else:
        result.say(
            winner,
            N_(
                "own melds %(melds)s, from each of %(count)s opponents = %(total)s",
                melds=added,
                count=len(opponents),
                total=value * len(opponents),
            ),
            value * len(opponents),
        )
    result.winners.append(winner)


def _whole_number(value: object, least: int, most: int, field_: str, what: Message) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise RoundError(
            N_(
                "%(what)s must be a whole number from %(least)s to %(most)s",
                what=what,
                least=least,
                most=most,
            ),
            field_,
        )
    return value


def _flag_fact(round_: Round, name: str) -> bool:
    value = round_.facts.get(name, False)
    if not isinstance(value, bool):
        raise RoundError(
            N_("%(field)s must be true or false", field=f"round.{name}"), f"round.{name}"
        )
    return value


def _meld_points_fact(round_: Round) -> int:
    """Queen City's winner's melded value counted at the table: at most a whole hand of
    the highest cards (a joker counts as the card it replaces)."""
    rules = round_.rules
    cards = max(rules.going_out_hand_sizes)
    most = cards * max(rules.card_values)
    return _whole_number(
        round_.facts["meld_points"],
        1,
        most,
        "round.meld_points",
        N_(
            "round.meld_points (the value of the %(cards)s or fewer cards %(player)s melded)",
            cards=cards,
            player=round_.winner,
        ),
    )


def _wilds_fact(round_: Round) -> tuple[int, int]:
    """Continental's wild cards in the winner's melds: {"jokers": n, "deuces": n}."""
    raw = round_.facts["wilds"]
    unknown = sorted(set(raw) - {"jokers", "deuces"}) if isinstance(raw, Mapping) else [""]
    if unknown:
        raise RoundError(
            N_('round.wilds counts the winner\'s wild cards: {"jokers": n, "deuces": n}'),
            f"round.wilds.{unknown[0]}".rstrip("."),
        )
    rules = round_.rules
    jokers = _whole_number(
        raw.get("jokers", 0), 0, rules.jokers, "round.wilds.jokers", N_("the jokers in the melds")
    )
    most_deuces = 4 * rules.decks if rules.deuces_wild else 0
    deuces = _whole_number(
        raw.get("deuces", 0),
        0,
        most_deuces,
        "round.wilds.deuces",
        N_("the deuces used as wild cards"),
    )
    return jokers, deuces


def _phom(round_: Round, result: Result) -> None:
    """Phỏm's chips: ù from each; otherwise by place, and móm pays its own."""
    rules = round_.rules
    players = round_.players
    fed = _fed_pairs(round_)
    if round_.end is RoundEnd.RUMMY:
        winner = round_.winner
        _check_u(round_)
        chips = rules.u_all_cards_chips if round_.facts.get("ten_cards") else rules.u_chips
        liable = rules.feeds_for_liability
        feeder = next((g for g, takers in fed.items() if takers.get(winner, 0) >= liable), None)
        losers = round_.others(winner)
        for loser in losers:
            result.pay(feeder or loser, winner, chips)
        if feeder:
            covered = [loser for loser in losers if loser != feeder]
            result.say(
                feeder,
                N_(
                    "fed %(to)s %(feeds)s discards: pays %(to)s the ù for everyone, %(chips)s "
                    "for each of %(count)s = %(amount)s",
                    to=winner,
                    feeds=liable,
                    chips=chips,
                    count=len(losers),
                    amount=chips * len(losers),
                ),
            )
            for loser in covered:
                result.say(loser, N_("%(feeder)s pays the ù for them", feeder=feeder))
        else:
            for loser in losers:
                result.say(loser, N_("pays %(to)s %(amount)s for ù", to=winner, amount=chips))
        if round_.facts.get("ten_cards"):
            how = N_("all %(cards)s cards melded", cards=rules.cards + 1)
        else:
            how = N_("%(cards)s cards melded and a discard", cards=rules.cards)
        result.say(
            winner, _from_each(N_("ù (%(how)s)", how=how), chips, losers), chips * len(losers)
        )
        result.winners.append(winner)
    else:
        _need_hands(round_, players)
        told_melded(round_)  # a has_meld that is not true or false is refused beside cards too
        counts, mom = {}, []
        for player in players:
            hand = _count(round_, player, showdown=True)
            counts[player] = hand.points
            text = _hand_text(round_, hand)
            if not _has_meld(round_, hand, player):
                mom.append(player)
                text = N_("%(hand)s (móm: no meld)", hand=text)
            result.say(player, text)
        ranked = [p for p in players if p not in mom] or list(players)
        if len({counts[p] for p in ranked}) < len(ranked) and round_.dealer is None:
            raise RoundError(
                N_(
                    "a tie in %(variant)s goes to the player earlier in turn order: "
                    "the dealer is needed",
                    variant=round_.rules.variant.name,
                ),
                "dealer",
            )
        order = round_.turn_order() if round_.dealer is not None else players
        ranked.sort(key=lambda p: (counts[p], order.index(p)))
        winner = ranked[0]
        _declared_winner_agrees(round_, [winner])
        places = rules.place_chips[len(players)]
        place = 0
        for player in ranked[1:]:
            if player in mom:
                continue
            result.pay(player, winner, places[place])
            text = N_(
                "place %(place)s: pays %(to)s %(amount)s",
                place=place + 2,
                to=winner,
                amount=places[place],
            )
            result.reading("places")
            result.say(player, text)
            place += 1
        for player in mom:
            if player != winner:
                result.pay(player, winner, rules.mom_chips)
                text = N_("móm: pays %(to)s %(amount)s", to=winner, amount=rules.mom_chips)
                result.reading("mom")
                result.say(player, text)
        if len(mom) == len(players):
            result.say(winner, N_("every player is móm: the lowest count wins"))
            result.note(N_("Reading: when every player is móm, the lowest count wins."))
        tied = [p for p in ranked[1:] if counts[p] == counts[winner]]
        if tied:
            text = N_("ties %(players)s and is earlier in turn order", players=Join(tied, ", "))
            result.reading("order")
            result.say(winner, text)
        listed, total = _amounts(_received_by(result, winner))
        if total:
            result.say(
                winner, N_("lowest count wins the hand, receives %(listed)s", listed=listed), total
            )
        else:
            result.say(winner, N_("lowest count wins the hand"))
        result.winners.append(winner)
    for giver, takers in fed.items():
        for taker, count in takers.items():
            chips = count * round_.rules.feed_chips
            result.pay(giver, taker, chips)
            result.say(
                giver,
                Nn_(
                    "fed %(to)s %(num)s discard: pays %(to)s %(amount)s",
                    "fed %(to)s %(num)s discards: pays %(to)s %(amount)s",
                    count,
                    to=taker,
                    amount=chips,
                ),
            )
            result.say(
                taker,
                Nn_(
                    "took %(num)s discard from %(giver)s: receives %(amount)s",
                    "took %(num)s discards from %(giver)s: receives %(amount)s",
                    count,
                    giver=giver,
                    amount=chips,
                ),
            )


def _check_u(round_: Round) -> None:
    """ù: the winner's cards, every one melded (the hand's melding is checked on reading),
    9 with a discard or all 10 (ten_cards)."""
    winner = round_.winner
    hand = round_.hands[winner]
    melds = round_.melds.get(winner, [])
    path = f"round.hands.{winner}" if hand.given else f"round.melds.{winner}"
    if not hand.cards and not melds:
        raise RoundError(
            N_(
                "%(player)s's cards are needed: %(needed)s",
                player=winner,
                needed=round_.rules.winner_cards_needed,
            ),
            path,
        )
    melded = len(hand.cards) + sum(len(meld) for meld in melds)
    dealt = round_.rules.cards  # ù melds the deal and a discard, or one card more
    expected = dealt + 1 if _flag_fact(round_, "ten_cards") else dealt
    if melded != expected:
        raise RoundError(
            N_(
                "%(player)s's ù melds %(melded)s cards, but ù is %(dealt)s cards melded and a "
                "discard, or all %(all)s (ten_cards): expected %(expected)s cards",
                player=winner,
                melded=melded,
                dealt=dealt,
                all=dealt + 1,
                expected=expected,
            ),
            path,
        )


def _fed_pairs(round_: Round) -> dict[str, dict[str, int]]:
    """Phỏm's feeding penalties: how many discards each player fed each other player."""
    if not round_.rules.options.get("feeding_penalties"):
        return {}
    raw = round_.facts.get("fed", [])
    if not isinstance(raw, list):
        raise RoundError(N_("round.fed must be a list of [from, to] pairs"), "round.fed")
    fed: dict[str, dict[str, int]] = {}
    for i, pair in enumerate(raw):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise RoundError(N_("each entry of round.fed is a pair [from, to]"), f"round.fed[{i}]")
        giver = _player(pair[0], round_.players, f"round.fed[{i}][0]", "feeder")
        taker = _player(pair[1], round_.players, f"round.fed[{i}][1]", "taker")
        # turn order runs clockwise, so the next player in turn is the next seat
        seat = round_.players.index(giver)
        after = round_.players[(seat + 1) % len(round_.players)]
        if taker != after:
            raise RoundError(
                N_(
                    "only the next player in turn order takes %(giver)s's discards: "
                    "%(after)s, not %(taker)s",
                    giver=giver,
                    after=after,
                    taker=taker,
                ),
                f"round.fed[{i}]",
            )
        fed.setdefault(giver, {}).setdefault(taker, 0)
        fed[giver][taker] += 1
    return fed


def _hands_won(round_: Round, result: Result) -> None:
    """Nowrang: the round is simply won (reading: the session counts hands won)."""
    winner = round_.winner
    if round_.melds.get(winner):
        _winner_melds(round_, pattern=True)
    losers = round_.others(winner)
    points = round_.rules.hand_won_points
    for loser in losers:
        result.collect(round_, winner, loser, points)
        result.say(loser, N_("lost the hand"))
        _say_payments(result, loser)
    result.note(N_("Reading: the session counts hands won."))
    won = _from_each(N_("won the hand"), points, losers)
    result.say(winner, won, points * len(losers))
    result.winners.append(winner)


def _carousel(round_: Round, result: Result) -> None:
    """Carousel: hands count as they are; the lowest count wins the differences."""
    rules = round_.rules
    counts, lowest = _count_everyone(round_, result, showdown=False)
    knocker = round_.winner if round_.end is RoundEnd.KNOCK else None
    if knocker is not None and knocker in lowest and len(lowest) > 1:
        winners = [p for p in lowest if p != knocker]  # tied by one or two: they win instead
    elif knocker is not None and knocker in lowest:
        winners = [knocker]
    elif round_.end is RoundEnd.OUT:
        winners = [round_.winner] if round_.winner in lowest else lowest
    else:
        winners = lowest
    _declared_winner_agrees(round_, winners)
    earned = _lowest_takes_differences(round_, result, counts, winners)
    for winner in winners:
        listed, total = earned[winner]
        result.say(
            winner, N_("lowest count, gets the differences %(listed)s", listed=listed), total
        )
        if knocker is not None and winner != knocker:
            bonus = rules.undercut_bonus
            if round_.pay:
                result.pay(knocker, winner, bonus)
                text = N_(
                    "undercut bonus %(points)s paid by %(knocker)s", points=bonus, knocker=knocker
                )
                result.reading("pay")
                result.say(winner, text)
                result.say(
                    knocker,
                    N_("pays %(to)s the undercut bonus %(amount)s", to=winner, amount=bonus),
                )
            else:
                result.gain(winner, bonus)
                result.say(winner, N_("undercut bonus +%(points)s", points=bonus))
            result.mark(winner, N_("undercut +%(points)s", points=bonus))
        if round_.hands[winner].empty:
            result.gain(winner, rules.out_bonus)
            text = N_("no cards left +%(points)s", points=rules.out_bonus)
            if round_.pay:
                result.reading("pay")
            result.say(winner, text)
            result.mark(winner, N_("no cards left +%(points)s", points=rules.out_bonus))
    if round_.end is RoundEnd.STOCK and len(winners) > 1:
        for winner in winners:
            result.say(winner, N_("tied lowest with the stock run out: scores as a winner"))
        result.note(
            N_("Reading: players tied lowest when the stock runs out each score as a winner.")
        )
    result.winners.extend(winners)


def _gin(round_: Round, result: Result) -> None:
    """Gin: the knocker shows melds, the defender lays off (never on gin); the lower
    deadwood scores the difference, an undercut (equal or lower) the undercut bonus too."""
    rules = round_.rules
    if round_.end is RoundEnd.STOCK:
        for player in round_.players:
            result.say(player, N_("a draw: the stock ran down, nobody scores"))
        return
    knocker = round_.winner
    defender = round_.others(knocker)[0]
    _need_hands(round_, round_.players)
    knock = _count(round_, knocker, showdown=True)
    _show_knockers_choice(round_, knock, defender)
    knock_text = _hand_text(round_, knock)
    upcard = upcard_of(rules, round_.facts) if rules.oklahoma else None
    spade_up = upcard is not None and upcard.suit == Suit.SPADES
    factor = rules.oklahoma_spade_factor if spade_up and rules.oklahoma_spade_factor else 1
    big_gin = bool(round_.facts.get("big_gin"))
    if big_gin and knock.points:
        raise RoundError(
            N_(
                "big gin is every card melded, but %(player)s's hand leaves deadwood %(points)s",
                player=knocker,
                points=knock.points,
            ),
            "round.big_gin",
        )
    gin = knock.points == 0
    if gin:
        defence = _count(round_, defender, showdown=True)
        defence_text = N_("%(hand)s; no laying off on gin", hand=_hand_text(round_, defence))
    elif not rules.defender_lays_off:
        defence = _count(round_, defender, showdown=True)
        defence_text = _hand_text(round_, defence)
    else:
        defence, defence_text = _defender_lays_off(round_, defender, knock)
    result.say(defender, defence_text)
    if gin:
        bonus = rules.big_gin_bonus if big_gin else rules.gin_bonus
        how = N_("knocked with big gin") if big_gin else N_("knocked with gin")
        base = defence.points + bonus
        said = N_(
            "%(how)s: %(player)s's deadwood %(deadwood)s + %(bonus)s = %(total)s",
            how=how,
            player=defender,
            deadwood=defence.points,
            bonus=bonus,
            total=base,
        )
        result.say(knocker, N_("%(melds)s; %(said)s", melds=knock_text, said=said))
        if big_gin:
            result.mark(knocker, N_("big gin +%(points)s", points=bonus))
        else:
            result.mark(knocker, N_("gin +%(points)s", points=bonus))
        winner, loser = knocker, defender
    elif defence.points > knock.points:
        base = defence.points - knock.points
        result.say(
            knocker,
            N_(
                "knocked: %(hand)s; the difference %(theirs)s - %(ours)s = %(points)s",
                hand=knock_text,
                theirs=defence.points,
                ours=knock.points,
                points=base,
            ),
        )
        winner, loser = knocker, defender
    else:
        bonus = rules.undercut_bonus
        base = knock.points - defence.points + bonus
        result.say(knocker, N_("knocked: %(hand)s", hand=knock_text))
        result.say(
            defender,
            N_(
                "undercut (equal or lower): the difference %(theirs)s - %(ours)s + undercut "
                "bonus %(bonus)s = %(points)s",
                theirs=knock.points,
                ours=defence.points,
                bonus=bonus,
                points=base,
            ),
        )
        result.mark(defender, N_("undercut +%(points)s", points=bonus))
        winner, loser = defender, knocker
    amount = base * factor
    if factor != 1:
        result.say(
            winner,
            N_(
                "the up-card %(card)s is a spade: %(points)s x %(factor)s = %(total)s",
                card=upcard,
                points=base,
                factor=factor,
                total=amount,
            ),
        )
        result.mark(winner, N_("spade up-card x%(factor)s", factor=factor))
    result.collect(round_, winner, loser, amount)
    _say_payments(result, loser)
    result.winners.append(winner)


def _show_knockers_choice(round_: Round, knock: Hand, defender: str) -> None:
    """Among the knocker's arrangements with the least deadwood, show the one the defender
    lays off least onto (a reading); melds the knocker declared stay as declared."""
    rules = round_.rules
    defence = round_.hands[defender]
    if (
        not rules.defender_lays_off
        or knock.points == 0
        or knock.counted is not None
        or defence.counted is not None
        or round_.winner in round_.melds
    ):
        return
    arranged = Arrangement(
        tuple(tuple(meld) for meld in knock.melds), tuple(knock.deadwood), knock.points
    )
    shown = knockers_showing(
        rules, arranged, knock.cards, defence.cards, arrange=defender not in round_.melds
    )
    knock.melds = [list(meld) for meld in shown.melds]
    knock.deadwood = list(shown.deadwood)


def _defender_lays_off(round_: Round, defender: str, knock: Hand) -> tuple[Hand, Message]:
    """The defender's hand after laying off onto the knocker's melds, and how it counts."""
    hand = round_.hands[defender]
    rules = round_.rules
    if hand.counted is not None:
        hand.points = hand.counted
        text = N_("counted at the table after laying off: %(points)s", points=hand.counted)
        return hand, text
    if knock.counted is not None:
        raise RoundError(
            N_(
                "%(player)s lays off onto the knocker's melds, which a count does not show: "
                "give the knocker's cards, or %(player)s's deadwood after laying off as a count",
                player=defender,
            ),
            f"round.hands.{defender}",
        )
    own = round_.melds.get(defender)
    # melds declared apart: the hand is the deadwood, laid off where it can be
    laid = lay_off(rules, knock.melds, hand.cards, arrange=own is None)
    hand.melds = own if own is not None else [list(meld) for meld in laid.melds]
    hand.deadwood = list(laid.deadwood)
    hand.points = sum(rules.value(card) for card in hand.deadwood)
    counted = _hand_text(round_, hand)
    if not laid.laid_off:
        return hand, counted
    onto: dict[int, list[Card]] = {}
    for card, index in laid.laid_off:
        onto.setdefault(index, []).append(card)
    said = Join(
        (
            N_(
                "%(cards)s on %(meld)s",
                cards=cards_joined(cards),
                meld=cards_joined(knock.melds[index], "-"),
            )
            for index, cards in onto.items()
        ),
        ", ",
    )
    return hand, N_("lays off %(layoffs)s; %(hand)s", layoffs=said, hand=counted)


RULES = {
    Scoring.WINNER_COLLECTS: _winner_collects,
    Scoring.BLOCK: _block,
    Scoring.PENALTY: _penalty,
    Scoring.KNOCK: _knock,
    Scoring.CONTINENTAL: _continental,
    Scoring.QUEEN_CITY: _queen_city,
    Scoring.PHOM: _phom,
    Scoring.HANDS_WON: _hands_won,
    Scoring.CAROUSEL: _carousel,
    Scoring.GIN: _gin,
}


def score_round(round_: Round) -> dict[str, Any]:
    result = Result(round_)
    RULES[round_.rules.scoring](round_, result)
    return result.as_json()


def table(request: Mapping[str, Any]) -> tuple[Rules, list[str], str | None]:
    """The rules, the seat order and the dealer of a request."""
    players = _players(request)
    rules = resolve(request.get("variant"), request.get("options"), players=len(players))
    dealer = _player(request.get("dealer"), players, "dealer", "dealer")
    return rules, players, dealer


def score(request: Mapping[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """The contract's ``score`` question: one round's deltas, transfers, winners and explain lines.

    >>> score(variant="rami", players=["Ana", "Ben"],
    ...       round={"winner": "Ana", "end": "out", "hands": {"Ben": ["JK", "AS", "10H"]},
    ...              "opened": {"Ben": False}})["explain"][1]
    'Ben: JK 150 + AS 11 + 10H 10 = 171, no meld yet +100 = 271'
    """
    request = as_request(request, fields)
    rules, players, dealer = table(request)
    if "round" not in request:
        raise RulesError(N_("the request needs 'round'"), "round")
    return score_round(read_round(rules, players, dealer, request["round"]))
