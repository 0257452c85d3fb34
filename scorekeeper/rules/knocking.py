"""Knocking (Gin, Carousel): the most deadwood a knock may leave, and why a knock is refused.

With Gin's ``oklahoma`` the limit is the first up-card's value, and an ace up allows gin
only. The referee's question "is this a legal knock?" is answered here too.

>>> knock_check(variant="gin", knock=["AS", "2S", "3S", "4H", "4D", "4C", "10C", "JC", "QC",
...                                   "9D"])["deadwood_points"]
9
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .arranger import best_arrangement, held_hand
from .cards import Card, Rank, parse_card
from .catalog import Rules, resolve
from .errors import RoundError, RulesError
from .messages import N_, Message
from .reading import as_request


def upcard_of(rules: Rules, facts: Mapping[str, Any], prefix: str = "round") -> Card | None:
    """The round's first up-card (Oklahoma), or None where it is not given."""
    if facts.get("upcard") is None:
        return None
    field = _path(prefix, "upcard")
    card = parse_card(facts["upcard"], where=N_("the up-card"), field=field)
    if card.is_joker or card.pinned is not None:
        raise RoundError(N_("the up-card is a natural card, not a joker"), field)
    return card


def _path(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


def knock_limit(
    rules: Rules, facts: Mapping[str, Any], prefix: str = "round"
) -> tuple[int, Card | None]:
    """The most deadwood a knock may leave at this table, and the up-card that set it
    (Oklahoma), or None."""
    if not rules.oklahoma:
        return rules.knock_limit, None
    upcard = upcard_of(rules, facts, prefix)
    if upcard is None:
        raise RoundError(
            N_(
                "with Oklahoma the knock limit comes from the first up-card: give it as "
                "%(field)s (like 7H)",
                field=_path(prefix, "upcard"),
            ),
            _path(prefix, "upcard"),
        )
    if upcard.rank == Rank.ACE:
        return rules.oklahoma_ace_knock_limit, upcard
    return rules.value(upcard), upcard


def knock_reason(
    points: int, limit: int, upcard: Card | None, player: str | None = None
) -> Message | None:
    """Why a knock leaving ``points`` of deadwood is not legal, or None; ``player`` names
    the knocker where a round is scored."""
    if points <= limit:
        return None
    if player is None:
        said = N_("a knock with %(points)s points of deadwood", points=points)
    else:
        said = N_("%(player)s knocked with %(points)s points", player=player, points=points)
    if upcard is None:
        return N_("%(knock)s, but a knock needs %(limit)s or fewer", knock=said, limit=limit)
    if upcard.rank == Rank.ACE:
        return N_(
            "%(knock)s, but with an ace up-card (%(card)s) only gin may knock (Oklahoma)",
            knock=said,
            card=upcard,
        )
    return N_(
        "%(knock)s, but with the up-card %(card)s a knock needs %(limit)s or fewer (Oklahoma)",
        knock=said,
        card=upcard,
        limit=limit,
    )


def knock_check(request: Mapping[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """The referee's "is this a legal knock?": the knocking hand after the discard (and the
    up-card with Oklahoma), arranged for the least deadwood."""
    request = as_request(request, fields)
    rules = resolve(request.get("variant"), request.get("options"))
    if rules.knock_limit is None:
        raise RulesError(N_("%(variant)s has no knock", variant=rules.variant.name), "knock")
    hand = held_hand(rules, request.get("knock"), "knock", N_("the knocking hand"))
    if rules.showdown:
        arranged = best_arrangement(rules, hand)
        melds, deadwood = arranged.melds, arranged.deadwood
    else:
        melds, deadwood = (), tuple(hand)
    points = sum(rules.value(card) for card in deadwood)
    limit, upcard = knock_limit(rules, request, "")
    reason = knock_reason(points, limit, upcard)
    # the contract's check answer (no meld was asked about), and the knock's arrangement
    return {
        "legal": reason is None,
        "points": 0,
        "reason": reason,
        "melds": [],
        "gin": reason is None and points == 0,
        "knock_limit": limit,
        "knock_melds": [[str(card) for card in meld] for meld in melds],
        "deadwood": [str(card) for card in deadwood],
        "deadwood_points": points,
    }
