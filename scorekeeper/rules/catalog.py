"""The sixteen variants as data.

Each variant is one frozen :class:`Variant` record, filled in from
``shared/rules/VARIANTS.md``. A rule that differs between variants is a field
here, never an ``if variant == ...`` elsewhere, and every number the scoring uses
(card values, bonuses, surcharges, chips, limits, default lengths) is a field of the
record, so the rules pages are generated from it. House rules are options: each
variant names the options it takes (:attr:`Variant.options`); an option that changes a
number names the :class:`Rules` field it sets and takes the variant's own value as its
default, declared once. :func:`resolve` applies a session's options and player count
generically to give the :class:`Rules` the rest of the engine reads.

>>> rules = resolve("rami", {}, players=4)
>>> rules.decks, rules.jokers, rules.cards, rules.values.joker
(2, 4, 12, 150)
>>> resolve("rami", {"end": "sideways"})
Traceback (most recent call last):
...
scorekeeper.rules.errors.OptionError: option 'end' of rami must be one of threshold, elimination, rounds, not 'sideways'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any

from .cards import Card, Rank, Suit
from .errors import OptionError
from .messages import N_, Join, Message, Nn_
from .records import VARIANTS
from .variant import (
    DECK_CARDS,
    MOST_CARDS_IN_HAND,
    AceMode,
    GameEnd,
    Goal,
    OpeningValues,
    Values,
    Variant,
)


def get_variant(variant_id: object) -> Variant:
    if not isinstance(variant_id, str) or variant_id not in VARIANTS:
        raise OptionError(
            N_(
                "unknown variant '%(variant)s': choose one of %(known)s",
                variant=variant_id,
                known=", ".join(VARIANTS),
            ),
            "variant",
        )
    return VARIANTS[variant_id]


@dataclass(frozen=True)
class Rules:
    """A variant with a session's options and player count applied: what the engine reads."""

    variant: Variant
    options: Mapping[str, Any]
    players: int | None
    decks: int
    jokers: int
    cards: int
    ace: AceMode
    values: Values
    opening_min: int
    opening_values: OpeningValues
    going_out_min: int
    deuces_wild: bool
    target: int | None
    rounds: int | None
    game_end: GameEnd
    start: int
    # variant fields a house rule set for this table (Gin's knock_limit, ...), read before
    # the variant's own
    chosen: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def card_values(self) -> tuple[int, ...]:
        """Points of each natural card left in hand, indexed suit * 13 + rank - 1 (suits S H D C)."""
        return tuple(self.value(Card(rank, suit)) for suit in Suit for rank in Rank)

    @cached_property
    def derived(self) -> dict[str, Any]:
        """Tables other engine modules work out from these rules (the arranger's melds),
        kept with them so that no question pays for them again."""
        return {}

    @cached_property
    def most_cards_in_hand(self) -> int:
        """The most cards one player can hold at this table: the deal (the largest the variant
        has, or the option ``cards``), the first player's extra card, and two drawn (Boat
        House takes a second card with the discard). A longer hand is a mistake, and refusing
        it bounds the work of arranging one."""
        if getattr(self.variant, "hands_grow", False):
            return MOST_CARDS_IN_HAND
        chosen = self.options.get("cards")
        dealt = chosen if chosen is not None else max(row.cards for row in self.variant.deal)
        return dealt + (1 if self.variant.first_player_extra_card else 0) + 2

    def value(self, card: Card) -> int:
        """Points of a card left in hand, by this table's values."""
        return self.values.of(card, self.ace)

    def __getattr__(self, name: str) -> Any:
        # Rules reads through to the table's chosen fields, then the variant's (sets, ...).
        if name in ("chosen", "variant"):
            raise AttributeError(name)
        if name in self.chosen:
            return self.chosen[name]
        return getattr(self.variant, name)


def _option_refused(variant: Variant, name: str, sentence: Message, **params: Any) -> OptionError:
    """A house rule's value refused on the option's own field, the sentence filled in with
    the option's ``name`` and the ``variant`` besides ``params`` (the sentence comes as a
    bare ``N_``, so its words are extracted for translation where they are written)."""
    return OptionError(
        Message(sentence.id, {"name": name, "variant": variant.id, **params}), f"options.{name}"
    )


def _check_option(variant: Variant, name: str, value: Any) -> Any:
    options = variant.options
    if name not in options:
        raise _option_refused(
            variant,
            name,
            N_("%(variant)s has no option '%(name)s': its options are %(known)s"),
            known=", ".join(sorted(options)),
        )
    spec = options[name]
    if value is None and spec.nullable:
        return None
    if spec.kind is bool:
        if not isinstance(value, bool):
            raise _option_refused(
                variant, name, N_("option '%(name)s' of %(variant)s is a switch: true or false")
            )
        return value
    if spec.kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _option_refused(
                variant, name, N_("option '%(name)s' of %(variant)s must be a whole number")
            )
        if spec.minimum is not None and value < spec.minimum:
            raise _option_refused(
                variant,
                name,
                N_("option '%(name)s' of %(variant)s must be at least %(least)s, not %(value)s"),
                least=spec.minimum,
                value=value,
            )
        if spec.maximum is not None and value > spec.maximum:
            raise _option_refused(
                variant,
                name,
                N_("option '%(name)s' of %(variant)s must be at most %(most)s, not %(value)s"),
                most=spec.maximum,
                value=value,
            )
        return value
    if not isinstance(value, str) or (spec.choices and value not in spec.choices):
        raise _option_refused(
            variant,
            name,
            N_("option '%(name)s' of %(variant)s must be one of %(choices)s, not '%(value)s'"),
            choices=", ".join(spec.choices),
            value=value,
        )
    return value


def resolve(variant_id: object, options: object = None, players: int | None = None) -> Rules:
    """Apply a table's options and player count to a variant.

    Without a player count (a dispute about one meld), the deck in play is the
    largest the variant deals, so a card is never refused that some table of
    this variant could hold. The same question gives the same (immutable) Rules,
    worked out once.

    >>> resolve("rummy", {}, players=3).cards
    7
    >>> resolve("rummy", {"decks": 2}, players=4).cards
    10
    >>> resolve("continental", {}).decks
    4
    >>> resolve("rami", {"end": "rounds"}, players=3)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.OptionError: Rami (France) with end 'rounds' needs an agreed number of rounds: set the option 'rounds'
    """
    key = _frozen(variant_id, options, players)
    if key is None:  # something unusual: worked out (and refused) without the cache
        return _resolve(variant_id, options, players)
    return _resolve_frozen(*key)


_SCALARS = (str, int, float, bool, type(None))


def _frozen(variant_id: object, options: object, players: object) -> tuple[Any, ...] | None:
    """A hashable key for a question, or None. Each value keeps its type in the key: True
    and 1 are equal in Python, but only one of them is a number of decks."""
    if not isinstance(variant_id, str) or not isinstance(players, int | None):
        return None
    if options is None or (isinstance(options, Mapping) and not options):
        return variant_id, (), type(players).__name__, players  # the variant as it comes
    if not isinstance(options, Mapping):
        return None
    if not all(isinstance(k, str) and type(v) in _SCALARS for k, v in options.items()):
        return None
    typed = tuple(sorted((k, type(v).__name__, v) for k, v in options.items()))
    return variant_id, typed, type(players).__name__, players


@lru_cache(maxsize=4096)
def _resolve_frozen(
    variant_id: str, typed: tuple[tuple[str, str, Any], ...], _players_type: str, players: Any
) -> Rules:
    return _resolve(variant_id, {name: value for name, _, value in typed}, players)


def _resolve(variant_id: object, options: object, players: Any) -> Rules:
    variant = get_variant(variant_id)
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise OptionError(N_("options must be an object of option names and values"), "options")
    chosen = {name: _check_option(variant, name, value) for name, value in options.items()}
    # a null house rule is the variant's own (or the player count's) choice
    chosen = {name: value for name, value in chosen.items() if value is not None}
    merged = {name: spec.default for name, spec in variant.options.items()} | chosen

    if players is not None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(N_("the number of players must be a whole number"), "players")
        low, high = variant.players
        if not low <= players <= high:
            raise OptionError(
                N_(
                    "%(variant)s is for %(low)s to %(high)s players, not %(players)s",
                    variant=variant.name,
                    low=low,
                    high=high,
                    players=players,
                ),
                "players",
            )
        row = variant.deal_for(players, merged.get("decks"))
    else:
        row = max(variant.deal, key=lambda r: (r.decks, r.jokers))
    settings: dict[str, Any] = {
        name: getattr(variant, name)
        for name in (
            "ace",
            "values",
            "opening_min",
            "opening_values",
            "deuces_wild",
            "target",
            "game_end",
            "start",
        )
    }
    settings |= {"decks": row.decks, "jokers": row.jokers, "cards": row.cards, "rounds": None}
    settings["chosen"] = {}
    specs = variant.options
    for name, spec in specs.items():  # a switch that is on changes what it names...
        if spec.kind is bool and merged[name]:
            for path, value in spec.when_on.items():
                _set(settings, path, value)
        if spec.kind is str and merged[name] in spec.when:  # and so does a choice...
            for path, value in spec.when[merged[name]].items():
                _set(settings, path, value)
    for name, value in chosen.items():  # ...unless the table chose that itself
        for path in (specs[name].sets, *specs[name].sets_too):
            if path:
                _set(settings, path, value)
    if merged.get("pay") and settings["chosen"].get("goal", variant.goal) == Goal.LOW:
        _refuse_pay_without_collecting(variant, merged)
    settings["chosen"] = MappingProxyType(settings["chosen"])
    if players is not None:
        _check_deal(
            variant, players, settings["decks"], settings["jokers"], settings["cards"], chosen
        )
    going_out_min = settings["opening_min"] if variant.going_out_needs_opening else 0
    if settings["rounds"] is None and variant.rounds_per_player and players is not None:
        settings["rounds"] = variant.rounds_per_player * players
    game_end, target = settings["game_end"], settings["target"]
    if game_end == GameEnd.ROUNDS and merged["rounds"] is None and not variant.rounds_per_player:
        how = [
            N_("with %(name)s '%(value)s'", name=name, value=merged[name])
            for name, spec in specs.items()
            if spec.sets == "game_end" and merged[name] != variant.setting("game_end")
        ]
        raise OptionError(
            N_(
                "%(variant)s needs an agreed number of rounds: set the option 'rounds'",
                variant=Join([variant.name, *how], " "),
            ),
            "options.rounds",
        )
    if game_end != GameEnd.ROUNDS and target is None:
        raise OptionError(
            N_("%(variant)s ends at a score: set the option 'target'", variant=variant.name),
            "options.target",
        )
    return Rules(
        variant=variant,
        options=MappingProxyType(merged),
        players=players,
        going_out_min=going_out_min,
        **settings,
    )


def _refuse_pay_without_collecting(variant: Variant, merged: Mapping[str, Any]) -> None:
    """A choice that turns a high-wins variant into a penalty game leaves nobody to collect,
    so nothing to pay (VARIANTS.md: Kaluki's pay with scoring penalty, a reading)."""
    how = [
        N_("%(name)s '%(value)s'", name=name, value=merged[name])
        for name, spec in variant.options.items()
        if spec.kind is str and spec.when.get(merged[name], {}).get("goal") == Goal.LOW
    ]
    raise OptionError(
        N_(
            "%(variant)s with %(choice)s is a penalty game where nobody collects, so it cannot "
            "be played for chips: leave the option 'pay' off",
            variant=variant.name,
            choice=Join(how, ", "),
        ),
        "options.pay",
    )


def _set(settings: dict[str, Any], path: str, value: Any) -> None:
    """Set one Rules field (``values.joker``: a field of one), keeping its type."""
    name, _, part = path.partition(".")
    if name not in settings:  # a variant field the engine reads through Rules
        settings["chosen"][name] = value
        return
    if part:
        settings[name] = replace(settings[name], **{part: value})
        return
    current = settings[name]
    settings[name] = type(current)(value) if isinstance(current, Enum) else value


def _check_deal(
    variant: Variant, players: int, decks: int, jokers: int, cards: int, chosen: Mapping[str, Any]
) -> None:
    """Refuse a deal the deck in play cannot hold (and leave a card for the stock)."""
    dealt = players * cards + (1 if variant.first_player_extra_card else 0)
    in_play = DECK_CARDS * decks + jokers
    if dealt + 1 > in_play:
        name = "cards" if "cards" in chosen or "decks" not in chosen else "decks"
        raise OptionError(
            Nn_(
                "%(players)s players of %(cards)s cards need %(needed)s cards with the stock, "
                "but %(num)s deck and %(jokers)s jokers hold %(in_play)s: lower the option "
                "'cards' or raise 'decks'",
                "%(players)s players of %(cards)s cards need %(needed)s cards with the stock, "
                "but %(num)s decks and %(jokers)s jokers hold %(in_play)s: lower the option "
                "'cards' or raise 'decks'",
                decks,
                players=players,
                cards=cards,
                needed=dealt + 1,
                jokers=jokers,
                in_play=in_play,
            ),
            f"options.{name}",
        )


def goal_of(variant_id: str, options: Mapping[str, Any] | None = None) -> Goal:
    """Whether the lowest or the highest total wins at a table: the variant's own goal, or
    the one a house rule chose (Kaluki's scoring 'penalty')."""
    try:
        return resolve(variant_id, options or {}).goal
    except OptionError:
        return get_variant(variant_id).goal


def default_name(variant_id: str, created: str, say: Callable[[Any], str] = str) -> str:
    """What a game is called when the table named it nothing: its variant and its date."""
    return f"{say(get_variant(variant_id).name)}, {created[:10]}"


def house_rules(variant_id: str, options: dict[str, Any], players: int) -> list[tuple]:
    """Every house rule in force, its value after the player count, and whether it was chosen."""
    rules = resolve(variant_id, options, players)
    specs = get_variant(variant_id).options
    resolved = {
        "decks": rules.decks,
        "jokers": rules.jokers,
        "cards": rules.cards,
        "target": rules.target,
        "rounds": rules.rounds,
    }
    listed = []
    for name in specs:
        value = resolved.get(name, rules.options.get(name))
        listed.append((name, "—" if value is None else value, name in options))
    return listed


def variants() -> dict[str, Any]:
    """The ``variants`` question of the contract: every variant with its option defaults.

    >>> [v["id"] for v in variants()["variants"]][:3]
    ['rummy', 'around-the-corner', 'rummy-complete']
    """
    return {"variants": [variant.as_json() for variant in VARIANTS.values()]}
